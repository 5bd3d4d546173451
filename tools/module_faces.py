"""Render docs/screenshots/module-faces.png: the expansion modules' card faces on one
1280x720 sheet (dummy video driver) — a card of each module with its icon, attachments, a
module age and catastrophe, and two-, three- and four-colour traits — at reading size, at
the size of a hand at rest and as pile strips.

    python3 tools/module_faces.py

The Dinolings, Mythlings and Techlings card data are not this tool's: the sheet draws small
stand-in definitions (names from the reference list, rules text in our own words), so it
shows the faces whatever module files are loaded. The three-colour trait is a made-up sample
(no printed card has three colours)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from doomlings_desktop.rules.cards import CardDef, Database  # noqa: E402
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


def sample_cards() -> list[CardDef]:
    """The sheet's cards: traits first, then an age and two catastrophes."""
    return [
        _trait("tiny-arms", "Tiny Arms", "red", -1, "dinolings", ("drop_of_life",),
               "Score: +1 for each Dinoling in the discard pile."),
        _trait("elven-ears", "Elven Ears", "green", -1, "mythlings", ("drop_of_life",),
               "Score: +1 for each Mythling in every pile, yours included."),
        _trait("subdermal-plating", "Subdermal Plating", "purple", -1, "techlings",
               ("attachment", "out_of_turn"),
               "At any time, attach this to a trait in any pile: that trait cannot be "
               "discarded."),
        _trait("nano", "Nano", "green", "variable", "techlings",
               ("attachment", "drop_of_life"),
               "Attach to a trait in any pile. Score: worth its host's face value."),
        _trait("ruggedized", "Ruggedized", "colorless", 4, "techlings", ("attachment",),
               "Attach to a trait in your pile: it can never leave your pile.", True),
        _trait("acrobatic", "Acrobatic", ("green", "purple"), 2, "multi-color"),
        _trait("three-colour-sample", "Three-Colour Sample", ("red", "blue", "green"), 1),
        _trait("wild", "Wild", ("red", "blue", "green", "purple"), 4, "multi-color",
               dominant=True),
        CardDef(id="badlands", name="Badlands", kind="age", module="dinolings", copies=1,
                text="Each player puts a trait from the discard pile into their hand."),
        CardDef(id="eyes-open", name="Eyes Open from Behind the Stars", kind="catastrophe",
                module="mythlings", gene_pool=-1, copies=1,
                text="Each player discards two cards from their hand.",
                we_text="Each Mythling in your pile is worth 1 more."),
        CardDef(id="bioengineered-plague", name="Bioengineered Plague", kind="catastrophe",
                module="techlings", gene_pool=1, copies=1,
                text="Each player discards a trait of the colour named by the player on "
                     "the left.", we_text=""),
    ]


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
