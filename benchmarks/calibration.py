"""How well the evaluation foretells the winner, and the reward temperature that fits it.

Hard scores each simulation with `heuristics.rewards`: a softmax of the seat values at a
temperature, meant as each player's chance to win. This checks that reading against real
results: Medium plays Medium at each table size; at every turn opening the seat values are
split into points now, World's End traits' expected bonuses and what hand and gene pool promise
(the deciding seat's hand valued exactly, as Hard does); at the end the winners are known.
Printed per table size, as the mean log loss of the winners (lower is better; a coin at 2
players is 0.693): the softmax at the fixed temperature 4 Hard used, the best fixed temperature,
the best temperature growing with the rounds left (t0 + slope x rounds), and that temperature
with the two parts weighted freely. Usage:

    python3 benchmarks/calibration.py --players 2,3,4,5,6 --games 600,400,300,250,200 --jobs 2
"""

from __future__ import annotations

import argparse
import math
from multiprocessing import Pool

from doomlings_desktop.bots import heuristics as H
from doomlings_desktop.bots import make_bot
from doomlings_desktop.rules.cards import default_database
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.scoring import all_scores
from doomlings_desktop.rules.view import view_for
from doomlings_desktop.rules.worlds import WorldSampler

Row = tuple  # (rounds left, [(points, World's End part, hand part) per seat], winners' shares)


def collect(job: tuple[int, int]) -> list[Row]:
    """One Medium game: a row per turn opening."""
    n, seed = job
    db = default_database()
    full = H.tables(db)
    no_hand = H.tables(db, {"hand_weight": 0.0})
    g = Game.new(db, n, seed=seed, log=False)
    bots = [make_bot("medium", seed * 10 + i, db=db) for i in range(n)]
    seen = []
    while g.pending is not None:
        p = g.pending.player
        if H.at_turn_start(g):
            now = all_scores(g)
            v1 = H.seat_values(g, full, (p,))
            v0 = H.seat_values(g, no_hand, (p,))
            seen.append((H.rounds_left(g),
                         [(now[q], v0[q] - now[q], v1[q] - v0[q]) for q in range(n)]))
        g.apply(bots[p].decide(view_for(g, p, with_log=False), WorldSampler(g, p)))
    share = [1.0 / len(g.winners) if q in g.winners else 0.0 for q in range(n)]
    return [(r, parts, share) for r, parts in seen]


def log_loss(rows: list[Row], t0: float, slope: float, we: float = 1.0, hand: float = 1.0) -> float:
    """Mean -log(softmax share of the winners) with seat value points + we x WE + hand x hand."""
    total = 0.0
    for r, parts, share in rows:
        t = max(0.3, t0 + slope * r)
        z = [(s + we * w + hand * h) / t for s, w, h in parts]
        top = max(z)
        log_sum = top + math.log(sum(math.exp(x - top) for x in z))
        total -= sum(sh * (x - log_sum) for sh, x in zip(share, z, strict=True) if sh)
    return total / len(rows)


def descend(rows: list[Row], start: list[float], free: int) -> tuple[list[float], float]:
    """Coordinate descent with halving steps on the first `free` of (t0, slope, we, hand)."""
    x = start[:]
    best = log_loss(rows, *x)
    step = [1.0, 0.5, 0.5, 0.25]
    while max(step[:free]) > 0.01:
        for i in range(free):
            moved = False
            for sign in (1, -1):
                y = x[:]
                y[i] += sign * step[i]
                if i < 2 and y[i] < 0:
                    continue
                v = log_loss(rows, *y)
                if v < best:
                    x, best, moved = y, v, True
                    break
            if not moved:
                step[i] /= 2
    return x, best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", default="2,4", help="table sizes")
    ap.add_argument("--games", default="600,300", help="Medium games at each table size")
    ap.add_argument("--seed", type=int, default=500000)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    sizes = [int(x) for x in args.players.split(",")]
    counts = [int(x) for x in args.games.split(",")]
    if len(sizes) != len(counts):
        ap.error("give one --games count per table size")
    jobs = [(n, args.seed + 100000 * (n - 2) + i) for n, k in zip(sizes, counts, strict=True)
            for i in range(k)]
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            games = pool.map(collect, jobs, chunksize=4)
    else:
        games = [collect(j) for j in jobs]
    for n in sizes:
        rows = [row for (m, _), rows in zip(jobs, games, strict=True) if m == n for row in rows]
        if not rows:
            continue
        print(f"{n} players: {len(rows)} turn openings from "
              f"{sum(1 for m, _ in jobs if m == n)} games")
        print(f"  temperature 4 (fixed):        log loss {log_loss(rows, 4.0, 0.0):.4f}")
        x, v = descend(rows, [4.0, 0.0, 1.0, 1.0], 1)
        print(f"  best fixed temperature {x[0]:5.2f}: log loss {v:.4f}")
        x, v = descend(rows, [4.0, 1.0, 1.0, 1.0], 2)
        print(f"  {x[0]:.2f} + {x[1]:.2f} x rounds left:  log loss {v:.4f}")
        x, v = descend(rows, x, 4)
        print(f"  {x[0]:.2f} + {x[1]:.2f} x rounds, World's End x {x[2]:.2f}, hand x {x[3]:.2f}: "
              f"log loss {v:.4f}")


if __name__ == "__main__":
    main()
