"""Two arena runs on the same deals, compared game by game.

Win shares over 400 games carry ±0.045 of noise, more than the gains a bot change is after.
Played on the same deals (same `--seed`, same opponents), the two heroes meet the same cards,
and the per-game differences vary much less than either run: this prints each figure's mean
difference (B - A) with its paired 95% interval. Usage:

    doomlings arena --hero hard --opponents medium,medium,medium --games 100 --seed 1 \\
        --hard-iterations 600 --per-game a.jsonl
    (change the bot, then the same command with --per-game b.jsonl)
    python3 benchmarks/paired.py a.jsonl b.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import sys

FIGURES = ("won", "rank", "margin", "score")


def load(path: str) -> dict[tuple[int, int], dict]:
    with open(path, encoding="utf-8") as f:
        return {(g["deal"], g["seat"]): g for g in map(json.loads, filter(str.strip, f))}


def compare(a: dict, b: dict) -> dict[str, tuple[float, float, float, float]]:
    """Per figure: (mean of A, mean of B, mean difference, half-width of its 95% interval)."""
    keys = sorted(a.keys() & b.keys())
    if len(keys) < 2:
        raise ValueError("the runs share fewer than 2 games (same --seed and opponents?)")
    out = {}
    for f in FIGURES:
        d = [b[k][f] - a[k][f] for k in keys]
        m = sum(d) / len(d)
        var = sum((x - m) ** 2 for x in d) / (len(d) - 1)
        out[f] = (sum(a[k][f] for k in keys) / len(keys), sum(b[k][f] for k in keys) / len(keys),
                  m, 1.96 * math.sqrt(var / len(d)))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("a")
    ap.add_argument("b")
    args = ap.parse_args(argv)
    try:
        a, b = load(args.a), load(args.b)
        res = compare(a, b)
    except (OSError, ValueError, KeyError) as e:
        print(f"paired: {e}", file=sys.stderr)
        return 2
    print(f"{len(a.keys() & b.keys())} games in both runs (rank: lower is better)")
    for f, (ma, mb, d, hw) in res.items():
        print(f"  {f:<7} A {ma:7.3f}  B {mb:7.3f}  B-A {d:+.3f} ± {hw:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
