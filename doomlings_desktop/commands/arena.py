"""`doomlings arena`: a bot level against others, in seeded duplicate games.

    doomlings arena --hero hard --opponents medium,medium,medium --games 400 --seed 1

Each deal (a game seed) is played once with the hero in every seat, the opponents filling the
other seats in the given order, so every seat's luck is shared out evenly. Printed: the hero's
win share (a tie shares the win) with a Wilson 95% interval, its mean score and rank, and the
decision latency (p50/p95/max) of every level, each decision timed from the View to the answer
(the View and the world sampler included). `--json` prints the same as one JSON object.

Bots see only `view_for(their seat)` and a `WorldSampler` for their seat.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from typing import Any

from doomlings_desktop.bots import LEVELS, make_bot
from doomlings_desktop.rules.cards import Database, default_database
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.view import view_for
from doomlings_desktop.rules.worlds import WorldSampler


def wilson(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a proportion (share = successes / n, ties counted as halves)."""
    if n <= 0:
        return (0.0, 1.0)
    p = share
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, mid - half), min(1.0, mid + half))


def percentile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    s = sorted(xs)
    i = min(len(s) - 1, max(0, math.ceil(q * len(s)) - 1))
    return s[i]


def play_game(db: Database, levels: list[str], seed: int, bot_seeds: list[int],
              bot_options: dict | None = None, variants: dict | None = None,
              times: dict[str, list[float]] | None = None) -> Game:
    """One game: seat i is played by a bot of levels[i]. Returns the finished game."""
    g = Game.new(db, len(levels), seed=seed, variants=variants, log=False)
    bots = [make_bot(lv, s, db=db, **(bot_options or {}).get(lv, {}))
            for lv, s in zip(levels, bot_seeds, strict=False)]
    clock = time.perf_counter
    while g.pending is not None:
        p = g.pending.player
        choice = len(g.pending.options) > 1
        t0 = clock()
        view = view_for(g, p, with_log=False)
        sampler = WorldSampler(g, p) if levels[p] != "random" else None
        answer = bots[p].decide(view, sampler)
        dt = clock() - t0
        if times is not None and choice:
            times.setdefault(levels[p], []).append(dt)
        g.apply(answer)
    return g


def _rank(scores: list[int], winners: list[int], seat: int) -> float:
    """1 is first. Ties share ranks; the tiebreak's winner ranks above the rest of its tie."""
    key = [(s, q in winners) for q, s in enumerate(scores)]
    mine = key[seat]
    return 1 + sum(1 for k in key if k > mine) + (sum(1 for k in key if k == mine) - 1) / 2


def run_arena(hero: str, opponents: list[str], games: int, seed: int, as_json: bool = False,
              bot_options: dict | None = None, variants: dict | None = None,
              db: Database | None = None, progress: bool = False, jobs: int = 1,
              per_game: list | None = None) -> dict:
    """Play duplicate games and return the results (see the module's doc). `games` is rounded
    up to whole deals (one game per hero seat). `jobs` > 1 plays deals in that many processes
    (the default card database only). `per_game`, if given, receives one dict per game (deal,
    hero seat, score, margin over the best opponent, won, rank), so two bots can be compared
    on the same deals game by game (`benchmarks/paired.py`)."""
    db = db or default_database()
    n = len(opponents) + 1
    for lv in [hero, *opponents]:
        if lv not in LEVELS:
            raise ValueError(f"unknown bot level '{lv}' (known: {', '.join(LEVELS)})")
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    deals = math.ceil(games / n)
    times: dict[str, list[float]] = {}
    share = 0.0
    scores: list[int] = []
    ranks: list[float] = []
    played = 0
    t_start = time.perf_counter()
    work = ((db if jobs <= 1 else None, hero, opponents, seed * 1_000_003 + k, bot_options,
             variants) for k in range(deals))    # lazily: a billion games is not a list first
    if jobs <= 1:
        results = map(_play_deal, work)
    else:   # deals are independent and seeded: the same results, in the same order
        import multiprocessing
        pool = multiprocessing.get_context("spawn").Pool(jobs)
        results = pool.imap(_play_deal, work)
    for k, (deal_results, deal_times) in enumerate(results):
        for h, (s_hero, won, rank, margin) in enumerate(deal_results):
            if per_game is not None:
                per_game.append({"deal": k, "seat": h, "score": s_hero, "margin": margin,
                                 "won": won, "rank": rank})
            share += won
            scores.append(s_hero)
            ranks.append(rank)
            played += 1
        for lv, ts in deal_times.items():
            times.setdefault(lv, []).extend(ts)
        if progress:
            print(f"  {played} games, hero share {share / played:.3f} "
                  f"({time.perf_counter() - t_start:.0f} s)", file=sys.stderr, flush=True)
    if jobs > 1:
        pool.close()
        pool.join()
    p = share / played
    lo, hi = wilson(p, played)
    latency = {
        lv: {"decisions": len(ts), "p50_ms": round(1000 * percentile(ts, 0.50), 2),
             "p95_ms": round(1000 * percentile(ts, 0.95), 2),
             "max_ms": round(1000 * max(ts), 2) if ts else 0.0}
        for lv, ts in sorted(times.items())
    }
    return {
        "hero": hero, "opponents": opponents, "players": n, "games": played, "deals": deals,
        "seed": seed, "baseline": round(1 / n, 4), "win_share": round(p, 4),
        "wilson95": [round(lo, 4), round(hi, 4)],
        "mean_score": round(sum(scores) / played, 2), "mean_rank": round(sum(ranks) / played, 3),
        "latency": latency, "seconds": round(time.perf_counter() - t_start, 1),
    }


def _play_deal(job: tuple) -> tuple[list[tuple[int, float, float, int]],
                                   dict[str, list[float]]]:
    """One deal, the hero in every seat: (hero score, win share, rank, margin over the best
    opponent) per game, and timings."""
    db, hero, opponents, deal, bot_options, variants = job
    db = db or default_database()
    n = len(opponents) + 1
    times: dict[str, list[float]] = {}
    out = []
    for h in range(n):
        levels = opponents[:]
        levels.insert(h, hero)
        # Opponents keep their generator seed whatever the hero's seat (a fair duplicate).
        bot_seeds = [(deal * 7919 + (0 if q == h else 1 + (q - h) % n)) for q in range(n)]
        g = play_game(db, levels, deal, bot_seeds, bot_options, variants, times)
        o = g.outcome
        best = max(s for q, s in enumerate(o.scores) if q != h)
        out.append((o.scores[h], o.won(h), _rank(o.scores, o.winners, h), o.scores[h] - best))
    return out, times


def format_result(r: dict) -> str:
    lines = [
        f"{r['hero']} vs {', '.join(r['opponents'])}: {r['games']} games "
        f"({r['deals']} deals x {r['players']} seats), seed {r['seed']}, {r['seconds']} s",
        f"hero win share {r['win_share']:.3f}  (Wilson 95% {r['wilson95'][0]:.3f}-"
        f"{r['wilson95'][1]:.3f}; baseline 1/{r['players']} = {r['baseline']:.3f})",
        f"hero mean score {r['mean_score']:.2f}, mean rank {r['mean_rank']:.2f} "
        f"of {r['players']}",
        "decision latency (decisions with 2+ legal answers, View and sampler included):",
    ]
    for lv, s in r["latency"].items():
        lines.append(f"  {lv:<7} p50 {s['p50_ms']:>8.2f} ms  p95 {s['p95_ms']:>8.2f} ms  "
                     f"max {s['max_ms']:>8.2f} ms  ({s['decisions']} decisions)")
    return "\n".join(lines)


def opponents_arg(text: str) -> list[str]:
    """`--opponents`: 1 to 5 known levels, comma-separated (an argparse `type=`)."""
    names = [x.strip() for x in text.split(",") if x.strip()]
    if not 1 <= len(names) <= 5:
        raise argparse.ArgumentTypeError(f"give 1 to 5 comma-separated levels, got {len(names)}")
    bad = [x for x in names if x not in LEVELS]
    if bad:
        raise argparse.ArgumentTypeError(f"unknown level {bad[0][:20]!r} "
                                         f"(known: {', '.join(LEVELS)})")
    return names


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from doomlings_desktop.commands.cliargs import GAMES_MAX, SEED, float_range, int_range, path_arg

    parser.add_argument("--hero", default="medium", choices=LEVELS, help="the level measured")
    parser.add_argument("--opponents", default=["random"] * 3, type=opponents_arg,
                        help="comma-separated levels of the other seats (1 to 5 of them)")
    parser.add_argument("--games", type=int_range(1, GAMES_MAX), default=400,
                        help="games to play, rounded up to whole deals (one per hero seat)")
    parser.add_argument("--seed", type=SEED, default=1)
    parser.add_argument("--hard-budget", type=float_range(0, 3600, " seconds"), default=None,
                        help="Hard's longest thinking time per decision, in seconds (default "
                             "0.9; 0: no time limit, the same games on any machine)")
    parser.add_argument("--hard-iterations", type=int_range(1, 1_000_000), default=None,
                        help="Hard's search iterations per decision (default 600 with 2-4 "
                             "players, 400 with 6); alone, without a time limit")
    parser.add_argument("--hard-eval", choices=("net", "classic"), default=None,
                        help="what scores Hard's simulations at their cut-off: the learned "
                             "value network or the hand-tuned evaluation (default)")
    parser.add_argument("--jobs", type=int_range(1, 256), default=1,
                        help="play deals in this many processes (same results, less time; "
                             "1 with --cards)")
    parser.add_argument("--progress", action="store_true", help="report progress on stderr")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--per-game", metavar="FILE", type=path_arg,
                        help="also write one JSON line per game (for benchmarks/paired.py)")


def cmd(args: argparse.Namespace) -> int:
    from doomlings_desktop.commands.cliargs import card_database, error_line

    opponents = args.opponents
    if isinstance(opponents, str):      # a caller that built its Namespace by hand
        try:
            opponents = opponents_arg(opponents)
        except argparse.ArgumentTypeError as e:
            return error_line(f"argument --opponents: {e}")
    hard: dict[str, Any] = {}
    if getattr(args, "hard_budget", None) is not None:
        hard["budget"] = args.hard_budget if args.hard_budget > 0 else None
    if getattr(args, "hard_iterations", None) is not None:
        hard["iterations"] = args.hard_iterations
        hard.setdefault("budget", None)    # a count alone: the same games on any machine
    if getattr(args, "hard_eval", None) is not None:
        hard["evaluation"] = args.hard_eval
    db = None
    jobs = max(1, getattr(args, "jobs", 1) or 1)
    if getattr(args, "cards", None) or getattr(args, "modules", None):
        db = card_database(getattr(args, "cards", None), getattr(args, "modules", ()))
        jobs = 1      # worker processes load the default database
    out = None
    if getattr(args, "per_game", None):
        try:        # opened first: an unwritable path fails now, not after an hour of games
            out = open(args.per_game, "w", encoding="utf-8")
        except OSError as e:
            return error_line(f"argument --per-game: cannot write {args.per_game}: "
                          f"{e.strerror or e}")
    games: list[dict] = []
    try:
        r = run_arena(args.hero, opponents, args.games, args.seed,
                      bot_options={"hard": hard} if hard else None, db=db,
                      progress=getattr(args, "progress", False), jobs=jobs, per_game=games)
        print(json.dumps(r) if args.json else format_result(r))
        if out is not None:
            out.writelines(json.dumps(x) + "\n" for x in games)
            out.flush()
    except OSError as e:     # a full disk or /dev/full shows only when the lines are written
        return error_line(f"argument --per-game: cannot write {args.per_game}: {e.strerror or e}")
    finally:
        if out is not None:
            try:
                out.close()
            except OSError:      # already reported above: close only flushes the same error
                pass
    return 0


def main(argv: list[str] | None = None) -> int:
    from doomlings_desktop.commands.cliargs import Parser

    parser = Parser(prog="doomlings arena", description=__doc__.split("\n")[0])
    add_arguments(parser)
    return cmd(parser.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
