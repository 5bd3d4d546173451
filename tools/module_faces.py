"""Render docs/screenshots/module-faces.png: the expansion modules' card faces on one
1280x720 sheet (dummy video driver) — a card of each module with its icon, attachments, a
module age and catastrophe, and two-, three- and four-colour traits — at reading size, at
the size of a hand at rest and as pile strips.

    python3 tools/module_faces.py

The cards come from the module files (cards.yaml's manifest); the three-colour trait is a
made-up sample (no printed card has three colours)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from doomlings_desktop.rules.cards import (  # noqa: E402
    CardDef,
    Database,
    available_modules,
    database_for,
)
from doomlings_desktop.ui.cardface import CardArt  # noqa: E402
from doomlings_desktop.ui.fonts import font  # noqa: E402
from doomlings_desktop.ui.legend import MEANING  # noqa: E402

OUT = Path(os.environ.get("SCREENSHOTS_OUT") or
           Path(__file__).resolve().parent.parent / "docs" / "screenshots")


def _trait(ident: str, name: str, color: str | tuple, value: int | str, module: str = "",
           icons: tuple = (), text: str = "", dominant: bool = False) -> CardDef:
    colors = (color,) if isinstance(color, str) else color
    return CardDef(id=ident, name=name, kind="trait", color=colors[0], colors=colors,
                   value=0 if value == "variable" else value, variable=value == "variable",
                   dominant=dominant, icons=frozenset(icons), text=text, module=module,
                   gp_self=0, copies=1)


# The sheet's cards, from the card data: traits first, then an age and two catastrophes;
# None is the made-up three-colour sample.
SHEET = ("tiny-arms", "elven-ears", "subdermal-plating", "nano", "ruggedized", "acrobatic", None,
         "wild", "badlands", "eyes-open-from-behind-the-stars", "bioengineered-plague")


def sample_cards() -> list[CardDef]:
    """The sheet's cards as every module's data defines them (the three-colour trait is a
    stand-in: no printed card has three colours)."""
    full = database_for(available_modules())
    return [full.defs[i] if i else
            _trait("three-colour-sample", "Three-Colour Sample", ("red", "blue", "green"), 1)
            for i in SHEET]


def render(path: Path) -> pygame.Surface:
    """Draw the sheet into a 1280x720 window and save it to `path`."""
    pygame.init()
    screen = pygame.display.set_mode((1280, 720))
    screen.fill((30, 36, 44))
    db = Database(sample_cards(), "module-faces", "")
    art = CardArt(db)
    cards = list(range(len(db.cards)))
    traits = [c for c in cards if db.cards[c].kind == "trait"]
    others = [c for c in cards if c not in traits]

    def label(text: str, x: int, y: int) -> None:
        screen.blit(font(14, True).render(text, True, (226, 220, 204)), (x, y))

    label("Reading size (a risen hand card, a preview): 150 x 208", 8, 6)
    for i, c in enumerate(traits):
        screen.blit(art.face(c, 150, 208), (8 + i * 158, 26))
    label("A hand at rest: 104 x 144", 8, 242)
    for i, c in enumerate(traits + others):
        screen.blit(art.face(c, 104, 144), (8 + i * 115, 262))
    label("Pile strips: 24 and 16 px", 8, 414)
    w = 300
    for i, c in enumerate(traits + others):
        x, y = 8 + (i % 4) * (w + 12), 434 + (i // 4) * 30
        screen.blit(art.strip(c, w, 24), (x, y))
        screen.blit(art.strip(c, w, 16), (x, 532 + (i // 4) * 22))
    label("In the marks legend (F1, then Tab) and a zoomed card's tooltips", 8, 606)
    for i, key in enumerate(("attachment", "dinolings", "mythlings", "techlings")):
        name, words = MEANING[key]
        x, y = 8 + (i % 2) * 636, 628 + (i // 2) * 42
        mark = art.icon(key, 30) if key == "attachment" else art.module_icon(key, 30)
        screen.blit(mark, (x, y))
        screen.blit(font(14, True).render(name, True, (236, 190, 64)), (x + 38, y))
        screen.blit(font(12).render(words, True, (226, 220, 204)), (x + 38, y + 17))
    OUT.mkdir(parents=True, exist_ok=True)
    pygame.image.save(screen, str(path))
    print("wrote", path)
    return screen


if __name__ == "__main__":
    render(OUT / "module-faces.png")
