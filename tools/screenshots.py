"""Render the screenshots in docs/screenshots (menu, table, a decision, World's End, scores).

    python3 tools/screenshots.py            # headless; the same pixels as a real window
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["DOOMLINGS_HOME"] = tempfile.mkdtemp()
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from doomlings_desktop.settings import Settings  # noqa: E402
from doomlings_desktop.ui.app import App  # noqa: E402
from doomlings_desktop.ui.table import SeatConfig, TableScene  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
NAMES = ["Ada", "Bea", "Cyd", "Dov"]


def save(app: App, name: str) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(OUT / f"{name}.png"))
    print("wrote", OUT / f"{name}.png")


def advance(sc: TableScene, r: random.Random, until) -> None:
    g = sc.game
    while g.pending and not until(g):
        g.apply(r.choice(g.pending.options))
    sc._sound_log()


def main() -> None:
    s = Settings()
    s.animation = "off"
    app = App(size=(1600, 900), settings=s)
    app.frame([])
    save(app, "menu")
    seats = [SeatConfig(n, "human" if i < 2 else "bot") for i, n in enumerate(NAMES)]
    sc = TableScene(app, seats, seed=21)
    sc.cleared = 0
    app.go(sc)
    r = random.Random(5)
    advance(sc, r, lambda g: len(g.catastrophes) >= 1 and g.pending.player == 0
            and g.pending.kind == "play" and len(g.players[0].pile) >= 4)
    sc.cleared = sc.viewer = 0
    app.frame([])
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=(0, 0), rel=(0, 0), buttons=(0, 0, 0))])
    save(app, "table")
    advance(sc, r, lambda g: g.pending.player in (0, 1) and g.pending.kind in ("card", "player",
                                                                              "color", "yesno")
            and g.pending.prompt[:9] != "Stabilize")
    sc.cleared = sc.viewer = sc.game.pending.player
    app.frame([])
    save(app, "decision")
    advance(sc, r, lambda g: False)
    sc.cleared = sc.viewer = 0
    app.settings.animation = "normal"
    for _ in range(200):
        app.frame([], dt=1 / 60)
    save(app, "world-end")
    sc.we_step = 1e9
    app.frame([])
    save(app, "scores")


if __name__ == "__main__":
    main()
