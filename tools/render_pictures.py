"""Render the card pictures: every `picture: game-icons:NAME` named in cards.yaml and the
module files becomes assets/pictures/game-icons/NAME.png, a white silhouette on a transparent
square (the card faces tint it to the card's colour when they draw it).

The drawings are game-icons.net's (CC BY 3.0, credited in assets/LICENSES.md and on the About
page), read from the npm package @iconify-json/game-icons, which holds all of them as SVG
paths in one icons.json. Rendering needs resvg-py and Pillow, used by this script alone:

    npm pack @iconify-json/game-icons            # in a scratch folder; then tar xzf it
    python3 -m venv /tmp/venv-icons
    /tmp/venv-icons/bin/pip install resvg-py pillow
    /tmp/venv-icons/bin/python tools/render_pictures.py path/to/package/icons.json

Pictures no card names any more are deleted, so the folder holds exactly the ones in use.
The same icons.json gives the same bytes (Pillow's PNG writer is deterministic)."""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "pictures" / "game-icons"
SIZE = 160          # pixels square: a zoomed card's picture panel is about this tall
FIELD = re.compile(r"^\s*picture:\s*game-icons:([a-z0-9-]+)\s*$", re.MULTILINE)
MANIFEST = re.compile(r"^modules:\s*\n((?:[ \t]+\S.*\n?)+)", re.MULTILINE)


def card_files() -> list[Path]:
    """cards.yaml and the module files its `modules:` manifest lists."""
    base = ROOT / "cards.yaml"
    text = base.read_text(encoding="utf-8")
    files = [base]
    m = MANIFEST.search(text)
    for line in (m.group(1).splitlines() if m else ()):
        if ":" in line and not line.strip().startswith("#"):
            files.append(ROOT / line.split(":", 1)[1].strip())
    return files


def wanted() -> list[str]:
    """Every picture name the card files use, sorted, once each."""
    names: set[str] = set()
    for f in card_files():
        names |= set(FIELD.findall(f.read_text(encoding="utf-8")))
    return sorted(names)


def svg_of(icons: dict, name: str) -> str:
    """One icon of the iconify set as a white SVG document."""
    icon = icons["icons"].get(name)
    if icon is None:
        raise SystemExit(f"game-icons has no icon {name!r} (a card file names it)")
    w = icon.get("width", icons.get("width", 512))
    h = icon.get("height", icons.get("height", 512))
    body = icon["body"].replace("currentColor", "#ffffff")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
            f'viewBox="0 0 {w} {h}">{body}</svg>')


def render(svg: str, size: int) -> bytes:
    """The SVG at size x size as a compact PNG: white, with the coverage in the alpha."""
    import resvg_py
    from PIL import Image

    png = resvg_py.svg_to_bytes(svg_string=svg, width=size, height=size)
    if isinstance(png, list):           # some resvg-py versions return a list of ints
        png = bytes(png)
    img = Image.open(io.BytesIO(png)).convert("RGBA")
    alpha = img.getchannel("A")
    out = Image.merge("LA", (Image.new("L", img.size, 255), alpha))
    buf = io.BytesIO()
    out.save(buf, "PNG", optimize=True)
    return buf.getvalue()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("icons_json", help="icons.json of the @iconify-json/game-icons package")
    ap.add_argument("--size", type=int, default=SIZE, help=f"pixels square (default {SIZE})")
    args = ap.parse_args(argv)
    icons = json.loads(Path(args.icons_json).read_text(encoding="utf-8"))
    names = wanted()
    OUT.mkdir(parents=True, exist_ok=True)
    for name in names:
        (OUT / f"{name}.png").write_bytes(render(svg_of(icons, name), args.size))
    stale = [p for p in OUT.glob("*.png") if p.stem not in set(names)]
    for p in stale:
        p.unlink()
    total = sum(p.stat().st_size for p in OUT.glob("*.png"))
    print(f"{len(names)} pictures at {args.size} px in {OUT.relative_to(ROOT)} "
          f"({total / 1024:.0f} KB), {len(stale)} unused removed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
