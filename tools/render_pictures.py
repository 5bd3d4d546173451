"""Render the card pictures: every `picture: game-icons:NAME` named in cards.yaml and the
module files becomes assets/pictures/game-icons/NAME.png, a white silhouette on a transparent
square (the card faces tint it to the card's colour when they draw it).

The drawings are game-icons.net's (CC BY 3.0, credited in assets/LICENSES.md and on the About
page), read from the npm package @iconify-json/game-icons, which holds all of them as SVG
paths in one icons.json. Rendering needs resvg-py and Pillow, used by this script alone:

    npm pack @iconify-json/game-icons            # in a scratch folder; then tar xzf it
    python3 -m venv /tmp/venv-icons
    /tmp/venv-icons/bin/pip install resvg-py pillow
    /tmp/venv-icons/bin/python tools/render_pictures.py path/to/package/icons.json \
        --authors path/to/game-icons-checkout

`--authors` (a checkout of github.com/game-icons/icons, whose folders are its authors) also
writes assets/pictures/CREDITS.md: each picture with its author, as CC BY asks. Pictures no
card names any more are deleted, so the folder holds exactly the ones in use.
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
SIZE = 256          # pixels square: a zoomed card's picture at 4K is about this large
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


AUTHOR_NAMES = {"lorc": "Lorc", "delapouite": "Delapouite", "caro-asercion": "Caro Asercion",
                "skoll": "Skoll", "sbed": "Sbed", "darkzaitzev": "DarkZaitzev",
                "cathelineau": "Cathelineau", "sparker": "Sparker", "carl-olsen": "Carl Olsen"}


def _numbers(svg_path: str) -> list[str]:
    return re.findall(r"-?\d+\.?\d*", svg_path)[:8]


def author_of(checkout: Path, icons: dict, name: str) -> str:
    """The folder (author) of the checkout holding this icon; when several authors drew an
    icon of that name, the one whose drawing is the package's."""
    found = sorted(checkout.glob(f"*/{name}.svg"))
    if len(found) > 1:
        want = _numbers(icons["icons"][name]["body"])
        found = [f for f in found
                 if want == _numbers((re.findall(r' d="([^"]+)"', f.read_text()) or [""])[-1])]
    if len(found) != 1:
        raise SystemExit(f"cannot tell who drew {name!r} in {checkout}")
    folder = found[0].parent.name
    return AUTHOR_NAMES.get(folder, folder.replace("-", " ").title())


def write_credits(checkout: Path, icons: dict, names: list[str], out: Path) -> None:
    """CREDITS.md: every picture in use with its author and the cards that show it."""
    cards: dict[str, list[str]] = {}
    for f in card_files():
        text = f.read_text(encoding="utf-8")
        for ident, pic in re.findall(r"id: ([a-z0-9-]+)\n\s*name: .*\n\s*picture: "
                                     r"game-icons:([a-z0-9-]+)", text):
            cards.setdefault(pic, []).append(ident)
    rows = [(n, author_of(checkout, icons, n)) for n in names]
    who = sorted({a for _, a in rows})
    lines = ["# Card pictures", "",
             "From [game-icons.net](https://game-icons.net) by " + ", ".join(who) + ", under "
             "[CC BY 3.0](https://creativecommons.org/licenses/by/3.0/); rendered to white PNGs "
             "by `tools/render_pictures.py` and tinted to each card's colour when drawn.", "",
             "| Picture | Author | Card |", "| --- | --- | --- |"]
    lines += [f"| {n} | {a} | {', '.join(cards.get(n, []))} |" for n, a in rows]
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("icons_json", help="icons.json of the @iconify-json/game-icons package")
    ap.add_argument("--authors", type=Path, help="a game-icons/icons checkout: write CREDITS.md")
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
    if args.authors:
        write_credits(args.authors, icons, names, OUT.parent / "CREDITS.md")
    total = sum(p.stat().st_size for p in OUT.glob("*.png"))
    print(f"{len(names)} pictures at {args.size} px in {OUT.relative_to(ROOT)} "
          f"({total / 1024:.0f} KB), {len(stale)} unused removed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
