"""Card pictures: a card's optional `picture:` names the drawing on its face, one icon of a
picture set shipped with the program (`game-icons:bird-claw` is
assets/pictures/game-icons/bird-claw.png, rendered once by tools/render_pictures.py). The
load checks the name against the pictures installed, so a typo is a load error naming the
card and line rather than a face that silently keeps the stand-in symbol."""

from __future__ import annotations

import re
from functools import lru_cache

PICTURE_SETS = ("game-icons",)      # game-icons.net, CC BY 3.0 (assets/LICENSES.md)
PICTURE_DIR = "assets/pictures"
_NAME = re.compile(r"([a-z][a-z-]*):([a-z0-9][a-z0-9-]{0,79})")


def split(value: str) -> tuple[str, str] | None:
    """('game-icons', 'bird-claw') for 'game-icons:bird-claw'; None if not of that shape."""
    m = _NAME.fullmatch(value) if isinstance(value, str) else None
    return (m.group(1), m.group(2)) if m and m.group(1) in PICTURE_SETS else None


def picture_file(value: str) -> str:
    """The picture's file, relative to the data root (for `resources.resource`)."""
    got = split(value)
    if got is None:
        raise ValueError(f"not a picture name: {value!r}")
    return f"{PICTURE_DIR}/{got[0]}/{got[1]}.png"


@lru_cache(maxsize=1)
def shipped() -> frozenset[str]:
    """Every picture installed, as 'set:name' (empty when the folder is missing: then every
    `picture:` is refused, which says the installation lost its pictures)."""
    from doomlings_desktop.resources import resource

    found: set[str] = set()
    for kit in PICTURE_SETS:
        try:
            folder = resource(f"{PICTURE_DIR}/{kit}")
            found |= {f"{kit}:{p.stem}" for p in folder.glob("*.png") if _NAME.fullmatch(
                f"{kit}:{p.stem}")}
        except (FileNotFoundError, OSError):
            continue
    return frozenset(found)
