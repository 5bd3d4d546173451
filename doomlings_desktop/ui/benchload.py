"""`doomlings bench load --saves N`: the Load screen with N saves (10,000 by default) in a
temporary DOOMLINGS_HOME: how long it takes to open (the first time those files are seen, and
in a later run, when the save index on disk says what they hold) and the frame times while
scrolling through them with the mouse wheel and the arrow keys.

The saves are copies of one real save, each with its own date, so the list has something to
sort. Times are wall-clock and CPU (this process's own): on a shared machine the CPU figure is
the steadier one.
"""

from __future__ import annotations

import os
import random
import tempfile
import time
from typing import Any

import pygame

from doomlings_desktop.ui import fonts
from doomlings_desktop.ui.bench import _percentile

SEATS = [{"name": "Ann", "kind": "human", "level": "random", "ask": True},
         {"name": "Bob", "kind": "bot", "level": "hard", "ask": True},
         {"name": "Cy", "kind": "bot", "level": "easy", "ask": True}]


def make_saves(count: int, seed: int = 3) -> int:
    """`count` saves in the current DOOMLINGS_HOME: one game played to its second catastrophe,
    written once by `saves.save`, then copied with a date of its own each. Returns the size of
    one save in bytes."""
    from doomlings_desktop.rules.cards import default_database
    from doomlings_desktop.rules.engine import Game
    from doomlings_desktop.storage import saves

    g = Game.new(default_database(), len(SEATS), seed=seed, names=[s["name"] for s in SEATS])
    r = random.Random(seed)
    while g.pending is not None and len(g.catastrophes) < 2:
        g.apply(r.choice(g.pending.options))
    path = saves.save(g, SEATS, "game 0")
    text = path.read_text(encoding="utf-8")
    at = text.index('"saved_at":"') + len('"saved_at":"')
    for k in range(1, count):
        day, minute = divmod(k, 24 * 60)
        date = f"20{20 + day // 365 % 80:02d}-{1 + day // 28 % 12:02d}-{1 + day % 28:02d} " \
               f"{minute // 60:02d}:{minute % 60:02d}:00"
        (path.parent / f"game {k}.json").write_text(text[:at] + date + text[at + 19:],
                                                    encoding="utf-8")
    return len(text.encode())


def _timed(app: Any, events: list) -> tuple[float, float]:
    """One frame: wall and CPU milliseconds."""
    w0, c0 = time.perf_counter(), time.process_time()
    app.frame(events)
    return (time.perf_counter() - w0) * 1000, (time.process_time() - c0) * 1000


def _open(app: Any) -> tuple[tuple[float, float], tuple[float, float], int]:
    """From the main menu, press L (Load game): the frame that opens the screen and draws it,
    then the frames until every save is listed (new saves are read over several frames).
    Returns (wall, CPU) ms of the first frame, of all of them, and how many there were."""
    from doomlings_desktop.ui.router import make

    app.go(make(app, "menu"))
    app.frame([])
    press = [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, unicode="l", mod=0, scancode=0)]
    first = _timed(app, press)
    if type(app.scene).__name__ != "LoadScene":
        raise RuntimeError("the L key did not open the Load screen")
    wall, cpu, frames = first[0], first[1], 1
    while app.scene.busy():
        w, c = _timed(app, [])
        wall, cpu, frames = wall + w, cpu + c, frames + 1
    return first, (wall, cpu), frames


def _scroll(app: Any, frames: int) -> tuple[list[float], list[float]]:
    """Frames of scrolling: the wheel down a notch, then arrow keys, then Page Down."""
    wall: list[float] = []
    cpu: list[float] = []
    for i in range(frames):
        if i % 3 == 0:
            ev = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)
        else:
            k = pygame.K_DOWN if i % 3 == 1 else pygame.K_PAGEDOWN
            ev = pygame.event.Event(pygame.KEYDOWN, key=k, unicode="", mod=0, scancode=0)
        w, c = _timed(app, [ev])
        wall.append(w)
        cpu.append(c)
    return wall, cpu


def _report(xs: list[float]) -> str:
    return (f"p50 {_percentile(xs, 0.5):.1f} ms, p95 {_percentile(xs, 0.95):.1f} ms, "
            f"max {max(xs, default=0):.1f} ms")


def main(args: Any) -> int:
    from doomlings_desktop.storage import saves
    from doomlings_desktop.storage.settings import Settings
    from doomlings_desktop.ui.app import App

    count = args.saves
    with tempfile.TemporaryDirectory() as home:
        os.environ["DOOMLINGS_HOME"] = home
        saves._cache.clear()
        t0 = time.perf_counter()
        size = make_saves(count)
        made = time.perf_counter() - t0
        saves._cache.clear()                 # as a new run finds them: nothing read yet
        app = App(size=(1920, 1080), settings=Settings())
        first = _open(app)                   # every file read (and the index written)
        shown = len(app.scene.items)
        saves._cache.clear()                 # a later run: the index says what each holds
        again = _open(app)
        wall, cpu = _scroll(app, args.frames)
        reached = app.scene.scroll
        pygame.quit()
        fonts.clear()                        # those fonts died with pygame.font
    print(f"{count:,} saves of {size:,} bytes (made in {made:.1f} s); the Load screen listed "
          f"{shown:,}; 1920x1080, display driver {app.driver}")
    for what, (one, every, frames) in (("saves never seen before", first),
                                       ("a later run (the save index)", again)):
        print(f"open, {what}: first frame {one[0] / 1000:.2f} s ({one[1] / 1000:.2f} s CPU), "
              f"every save listed after {every[0] / 1000:.2f} s ({every[1] / 1000:.2f} s CPU, "
              f"{frames} frame{'s' if frames != 1 else ''})")
    print(f"scrolling, {len(wall)} frames down to row {reached + 1:,}: {_report(wall)} "
          f"(CPU {_report(cpu)})")
    return 0
