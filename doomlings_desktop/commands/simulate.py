"""`doomlings simulate`: many games with random legal answers, as a smoke test and a census."""

from __future__ import annotations

import json
import random
import time

from doomlings_desktop.rules.cards import Database
from doomlings_desktop.rules.engine import Game


def play_random(db: Database, players: int, seed: int, log: bool = False) -> Game:
    """One complete game; the answers come from a generator seeded apart from the game's."""
    g = Game.new(db, players, seed=seed, log=log)
    rand = random.Random(seed ^ 0x5EED).random
    while g.pending is not None:
        opts = g.pending.options
        g.apply(opts[int(rand() * len(opts))])
    return g


def simulate(db: Database, games: int, players: int, seed: int, as_json: bool) -> int:
    totals = [0] * players
    wins = [0.0] * players
    decisions = 0
    t0 = time.perf_counter()
    for i in range(games):
        g = play_random(db, players, seed + i)
        decisions += len(g.answers)
        o = g.outcome
        for p in range(players):
            totals[p] += o.scores[p]
            wins[p] += o.won(p)
    dt = time.perf_counter() - t0
    result = {
        "games": games, "players": players, "seed": seed, "seconds": round(dt, 3),
        "games_per_second": round(games / dt, 1),
        "decisions_per_game": round(decisions / games, 1),
        "mean_score": [round(t / games, 2) for t in totals],
        "wins": [round(w, 2) for w in wins],
    }
    if as_json:
        print(json.dumps(result))
        return 0
    print(f"{games} games, {players} players, seeds {seed}..{seed + games - 1}: "
          f"{dt:.2f} s, {games / dt:.0f} games/s, {decisions / games:.0f} decisions/game")
    print("seat  mean score  wins (ties split)")
    for p in range(players):
        print(f"{p:>4}  {totals[p] / games:>10.2f}  {wins[p]:>8.1f} ({100 * wins[p] / games:.1f}%)")
    return 0
