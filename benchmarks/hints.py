"""How long the coach takes to answer the Hint button: wall time of `Coach.hint` (the Hard
bot's search from the seat's view, plus a play's points over 12 worlds) at human decisions
with two or more answers, in 4-player games against bots. Prints p50, p95 and max. Usage:

    python3 benchmarks/hints.py --positions 40 --seed 1
"""

from __future__ import annotations

import argparse
import random
import time

from doomlings_desktop.play.coach import Coach
from doomlings_desktop.rules.cards import default_database
from doomlings_desktop.rules.engine import Game


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    db = default_database()
    r = random.Random(a.seed)
    times: list[float] = []
    kinds: dict[str, int] = {}
    game_no = 0
    while len(times) < a.positions:
        g = Game.new(db, a.players, seed=a.seed * 1000 + game_no)
        game_no += 1
        coach = Coach(db, seed=game_no)
        while g.pending is not None and len(times) < a.positions:
            d = g.pending
            if d.player == 0 and len(d.options) > 1 and r.random() < 0.5:
                t0 = time.perf_counter()
                coach.hint(g, 0)
                times.append(time.perf_counter() - t0)
                kinds[d.kind] = kinds.get(d.kind, 0) + 1
            g.apply(r.choice(d.options))
    times.sort()
    n = len(times)
    print(f"{n} hints ({', '.join(f'{k} {v}' for k, v in sorted(kinds.items()))}), "
          f"{a.players} players: p50 {times[n // 2]:.2f} s, p95 {times[int(n * 0.95)]:.2f} s, "
          f"max {times[-1]:.2f} s")


if __name__ == "__main__":
    main()
