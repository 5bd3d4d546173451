"""Where a bot's choices differ from Medium's, and which choice turns out better, by decision kind.

Win shares say *whether* a bot is stronger, not *where*. This plays the hero against Medium bots
in every seat of each deal; at every hero decision with two or more answers a second Medium bot
(its own seed) answers the same View, and where the two differ the position is kept. Each kept
position is then judged from the hero's own knowledge: `--worlds` worlds are sampled for the
hero's seat, both answers are played in each (paired), and every seat, the hero's included, plays
on to the end as Medium. Printed per kind: the hero's decisions, how often Medium chose the same,
and the hero's answer minus Medium's in win share and in score margin over the best opponent,
with 95% intervals over the positions. The play-outs are Medium's, which favors answers that suit
Medium's later play, so a kind where the hero trails here is a lead, not a verdict. Usage:

    python3 benchmarks/decisions.py --players 2 --deals 24 --worlds 24 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections import Counter, defaultdict
from multiprocessing import Pool

from doomlings_desktop.bots import make_bot
from doomlings_desktop.rules.cards import default_database
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.view import view_for
from doomlings_desktop.rules.worlds import WorldSampler


def kind_of(d) -> str:
    return f"{d.kind}/{d.zone}" if d.kind in ("card", "play") else d.kind


def collect(job: tuple) -> tuple[list, list]:
    """Play one deal with the hero in every seat; (kept positions, (kind, agreed) per decision)."""
    deal, players, hero_level, hero_opts = job
    db = default_database()
    kept, seen = [], []
    for hero in range(players):
        g = Game.new(db, players, seed=deal, log=False)
        bots = [make_bot(hero_level if q == hero else "medium", deal * 10 + q, db=db,
                         **(hero_opts if q == hero else {})) for q in range(players)]
        shadow = make_bot("medium", deal * 10 + 9, db=db)
        while g.pending is not None:
            d = g.pending
            p = d.player
            sampler = WorldSampler(g, p) if bots[p].level != "random" else None
            answer = bots[p].decide(view_for(g, p, with_log=False), sampler)
            if p == hero and len(d.options) > 1:
                medium = shadow.decide(view_for(g, p, with_log=False), WorldSampler(g, p))
                seen.append((kind_of(d), answer == medium))
                if answer != medium:
                    kept.append((g.clone(), hero, kind_of(d), answer, medium))
            g.apply(answer)
    return kept, seen


def play_out(g: Game, seeds: list[int]) -> Game:
    bots: dict = {}
    while g.pending is not None:
        d = g.pending
        if len(d.options) == 1:
            g.apply(d.options[0])
            continue
        p = d.player
        if p not in bots:
            bots[p] = make_bot("medium", seeds[p], db=g.db)
        g.apply(bots[p].decide(view_for(g, p, with_log=False), WorldSampler(g, p)))
    return g


def judge(job: tuple) -> tuple[str, float, float]:
    """(kind, hero's answer minus Medium's in win share, the same in score margin)."""
    index, (g, hero, kind, answer, medium), worlds = job
    rng = random.Random(index)
    sampler = WorldSampler(g, hero)
    dw = dm = 0.0
    for _ in range(worlds):
        w = sampler.sample(rng)
        seeds = [rng.randrange(1 << 30) for _ in w.players]
        res = []
        for a in (answer, medium):
            h = w.clone()
            h.apply(a)
            play_out(h, seeds)
            best_other = max(s for q, s in enumerate(h.scores) if q != hero)
            won = 1 / len(h.winners) if hero in h.winners else 0.0
            res.append((won, h.scores[hero] - best_other))
        dw += res[0][0] - res[1][0]
        dm += res[0][1] - res[1][1]
    return kind, dw / worlds, dm / worlds


def mean_ci(xs: list[float]) -> tuple[float, float | None]:
    """Mean and the half-width of its 95% interval (None from a single position)."""
    m = sum(xs) / len(xs)
    if len(xs) < 2:
        return m, None
    var = sum((x - m) ** 2 for x in xs) / (len(xs) - 1)
    return m, 1.96 * math.sqrt(var / len(xs))


def _map(fn, items: list, jobs: int) -> list:
    if jobs <= 1:
        return [fn(x) for x in items]
    with Pool(jobs) as pool:
        return pool.map(fn, items, chunksize=1)


def run(players: int, deals: int, seed: int, hero: str, hero_opts: dict, worlds: int,
        jobs: int, max_positions: int | None = None) -> dict[str, dict]:
    found = _map(collect, [(seed + i, players, hero, hero_opts) for i in range(deals)], jobs)
    kept = [k for ks, _ in found for k in ks][:max_positions]
    judged = _map(judge, [(i, k, worlds) for i, k in enumerate(kept)], jobs)
    decisions, agreed = Counter(), Counter()
    for _, seen in found:
        for kind, same in seen:
            for k in (kind, "all"):
                decisions[k] += 1
                agreed[k] += same
    diffs = defaultdict(list)
    for kind, w, m in judged:
        diffs[kind].append((w, m))
        diffs["all"].append((w, m))
    out = {}
    for k in sorted(decisions, key=lambda k: (k == "all", k)):
        row = {"decisions": decisions[k], "agree": agreed[k] / decisions[k],
               "judged": len(diffs[k])}
        if diffs[k]:
            row["win"], row["win_ci"] = mean_ci([w for w, _ in diffs[k]])
            row["margin"], row["margin_ci"] = mean_ci([m for _, m in diffs[k]])
        out[k] = row
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--deals", type=int, default=24)
    ap.add_argument("--seed", type=int, default=5000, help="first deal's game seed")
    ap.add_argument("--hero", default="hard")
    ap.add_argument("--hard-iterations", type=int, default=600)
    ap.add_argument("--worlds", type=int, default=24, help="play-outs per kept position")
    ap.add_argument("--max-positions", type=int, default=None)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    opts = {"budget": None, "iterations": a.hard_iterations} if a.hero == "hard" else {}
    res = run(a.players, a.deals, a.seed, a.hero, opts, a.worlds, a.jobs, a.max_positions)
    if a.json:
        print(json.dumps(res))
        return 0
    print(f"{'kind':14} {'decisions':>9} {'agree':>6} {'judged':>6}   "
          f"{a.hero} minus medium: win share, score margin (95%)")
    for k, r in res.items():
        line = f"{k:14} {r['decisions']:9d} {r['agree']:6.2f} {r['judged']:6d}"
        if r["judged"]:
            wc, mc = r["win_ci"], r["margin_ci"]
            line += (f"   {r['win']:+.3f} ± {'?' if wc is None else f'{wc:.3f}'}   "
                     f"{r['margin']:+.2f} ± {'?' if mc is None else f'{mc:.2f}'}")
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
