#!/bin/sh
# Install the Doomlings Desktop one-folder bundle for the current user, no root needed:
# the program under ~/.local/lib/doomlings-desktop, the `doomlings` command in ~/.local/bin,
# the menu entry and its icon. Run it from the unpacked bundle:
#
#   ./install.sh               install (or update)
#   ./install.sh --uninstall   remove all of it (your settings and saves stay)
#
# PREFIX=/some/where ./install.sh installs under that prefix instead of ~/.local.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
prefix=${PREFIX:-$HOME/.local}
dest="$prefix/lib/doomlings-desktop"
apps="$prefix/share/applications"
icons="$prefix/share/icons/hicolor"
sizes="16 24 32 48 64 128 256 512"

refresh() {
    command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$apps" || true
    command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q -t "$icons" || true
}

if [ "${1:-}" = "--uninstall" ]; then
    rm -rf "$dest"
    [ -L "$prefix/bin/doomlings" ] && rm -f "$prefix/bin/doomlings"
    rm -f "$apps/doomlings-desktop.desktop"
    for n in $sizes; do rm -f "$icons/${n}x${n}/apps/doomlings-desktop.png"; done
    refresh
    echo "Doomlings Desktop removed from $prefix"
    exit 0
fi

[ -x "$here/doomlings" ] || { echo "run this from the unpacked doomlings folder" >&2; exit 1; }
if [ "$here" != "$dest" ]; then
    rm -rf "$dest.new"
    mkdir -p "$prefix/lib"
    cp -R "$here" "$dest.new"
    rm -rf "$dest"
    mv "$dest.new" "$dest"
fi
mkdir -p "$prefix/bin" "$apps"
ln -sf "$dest/doomlings" "$prefix/bin/doomlings"
for n in $sizes; do
    if [ -f "$dest/icons/doomlings-$n.png" ]; then
        mkdir -p "$icons/${n}x${n}/apps"
        cp "$dest/icons/doomlings-$n.png" "$icons/${n}x${n}/apps/doomlings-desktop.png"
    fi
done
sed -e "s|^Exec=.*|Exec=$dest/doomlings|" -e "s|^TryExec=.*|TryExec=$dest/doomlings|" \
    "$dest/doomlings-desktop.desktop" > "$apps/doomlings-desktop.desktop"
refresh
echo "Doomlings Desktop installed: $dest"
echo "Start it from the applications menu, or run: $prefix/bin/doomlings"
