"""`doomlings bench soak --soak-games N`: N bot games one after another in one window (100 by
default), as a long session of watching bots plays them: the table drawn every frame, its
animations run. After each game it notes the process's resident memory and the size of every
cache the window keeps, so a cache that grows without end shows as memory that keeps climbing
(docs/promises.md gives the figures: flat after the first games).
"""

from __future__ import annotations

import gc
import os
import tempfile
import time
from typing import Any

import pygame

from doomlings_desktop.ui import fonts

SEATS = 4
LEVEL = "random"          # the table draws the same with any level; random answers fastest
FRAME_LIMIT = 20_000      # frames one game may take before it counts as stuck


def rss_mb() -> float:
    """The resident memory now (not the peak), in MB; 0 where /proc is not there."""
    try:
        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        return 0.0


def cache_sizes(app: Any) -> dict[str, int]:
    """The entries every cache of the window holds now (each has its bound, lru.LRU)."""
    from doomlings_desktop.storage import saves
    from doomlings_desktop.ui.cardart import pictures
    from doomlings_desktop.ui.cardart import text as cardtext
    from doomlings_desktop.ui.table import handraise, layer

    sizes = {"text": len(app.text.cache), "card pictures": len(app.art._cache),
             "face spots": len(app.art._spots), "fonts": len(fonts._fonts),
             "word widths": len(cardtext._WIDTHS), "shades": len(layer._SHADES),
             "raised heights": len(handraise._HEIGHTS), "save verdicts": len(saves._verdicts),
             "decoded card pictures": len(pictures._chains)}
    panels = getattr(app.scene, "panels", None)
    if panels is not None:
        sizes["pile slots"] = len(panels.player.slot_cache)
    return sizes


def play_game(app: Any, seed: int, modules: tuple[str, ...] = ()) -> int:
    """One game of bots at a new table, frame by frame until it is over. Returns the frames."""
    from doomlings_desktop.play.match import Seat
    from doomlings_desktop.ui import router

    seats = [Seat(f"Bot {i + 1}", "bot", LEVEL) for i in range(SEATS)]
    sc = router.make(app, "table", seats, seed, modules=modules)
    app.go(sc)
    for frames in range(1, FRAME_LIMIT + 1):
        app.frame([], dt=0.05)
        if sc.game.over and not sc.moving():
            return frames
    raise RuntimeError(f"game {seed} did not end in {FRAME_LIMIT} frames")


def main(args: Any) -> int:
    from doomlings_desktop.storage.settings import Settings
    from doomlings_desktop.ui.app import App

    games = args.soak_games
    modules = tuple(getattr(args, "modules", ()) or ())
    with tempfile.TemporaryDirectory() as home:
        os.environ["DOOMLINGS_HOME"] = home
        s = Settings()
        s.bot_pace = 0.0
        app = App(size=(1920, 1080), settings=s)
        print(f"{games} games of {SEATS} {LEVEL} bots, one window (1920x1080, display driver "
              f"{app.driver}); modules: {', '.join(modules) or 'none'}")
        print("game  frames  seconds  RSS MB  caches (entries)")
        rss = []
        t0 = time.perf_counter()
        for k in range(games):
            t = time.perf_counter()
            frames = play_game(app, args.seed + k, modules)
            gc.collect()
            rss.append(rss_mb())
            sizes = cache_sizes(app)
            print(f"{k + 1:4d}  {frames:6d}  {time.perf_counter() - t:7.1f}  {rss[-1]:6.0f}  "
                  + ", ".join(f"{name} {n}" for name, n in sizes.items()), flush=True)
        took = time.perf_counter() - t0
        pygame.quit()
        fonts.clear()                        # those fonts died with pygame.font
    warm = rss[min(len(rss) - 1, 9):]        # after the first ten games
    print(f"{games} games in {took / 60:.1f} min; RSS after game 1 {rss[0]:.0f} MB, after game "
          f"{min(len(rss), 10)} {warm[0]:.0f} MB, last {rss[-1]:.0f} MB, highest after warm-up "
          f"{max(warm):.0f} MB")
    return 0
