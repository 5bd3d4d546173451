"""`doomlings bench engine`: the engine's speed figures (games per second, clone time, load time).

Figures, not tests: the numbers go in docs/engine.md with the command that produced them.
"""

from __future__ import annotations

import random
import time
from typing import Any

from doomlings_desktop.rules.cards import load_database
from doomlings_desktop.rules.engine import Game


def _games(db: Any, n: int, players: int) -> tuple[float, int]:
    decisions = 0
    t0 = time.perf_counter()
    for seed in range(n):
        g = Game.new(db, players, seed=seed, log=False)
        rand = random.Random(seed).random
        while g.pending is not None:
            opts = g.pending.options
            g.apply(opts[int(rand() * len(opts))])
        decisions += len(g.answers)
    return time.perf_counter() - t0, decisions


def _mid_games(db: Any, count: int) -> list[Game]:
    out = []
    for seed in range(count):
        g = Game.new(db, 4, seed=seed, log=False)
        r = random.Random(seed)
        target = 45 + seed % 10
        while g.pending is not None and len(g.answers) < target:
            g.apply(r.choice(g.pending.options))
        if g.pending is not None:
            out.append(g)
    return out


def main(args: Any) -> int:
    t0 = time.perf_counter()
    modules = getattr(args, "modules", ())
    db = load_database(args.cards, modules)
    load_ms = (time.perf_counter() - t0) * 1000
    t0 = time.perf_counter()
    for _ in range(20):
        load_database(args.cards, modules)
    reload_ms = (time.perf_counter() - t0) * 1000 / 20
    print(f"cards.yaml load: {load_ms:.1f} ms first (with imports), {reload_ms:.1f} ms after")
    repeat = max(1, getattr(args, "repeat", 5))
    for players in (2, 4, 6):
        n = args.games if players == 4 else max(1, args.games // 4)
        _games(db, min(n, 50), players)   # warm up
        runs = [_games(db, n, players) for _ in range(repeat)]
        rates = sorted(n / dt for dt, _ in runs)
        dt, dec = runs[0]
        # The best run is the figure least disturbed by other work on the machine (as timeit
        # reports its minimum); the median says how much the runs vary.
        print(f"{players} players: {repeat} runs of {n} random games: best {rates[-1]:,.0f} "
              f"games/s, median {rates[len(rates) // 2]:,.0f}, worst {rates[0]:,.0f} "
              f"({dec / n:.0f} decisions/game)")
    states = _mid_games(db, 50)
    rounds = 40
    t0 = time.perf_counter()
    for _ in range(rounds):
        for g in states:
            g.clone()
    total = rounds * len(states)
    us = (time.perf_counter() - t0) * 1e6 / total
    print(f"clone() of a mid-game 4-player state: {us:.1f} µs (mean of {total} clones "
          f"of {len(states)} states)")
    return 0
