"""Two arena runs of Hard, A and B, played deal by deal in turn and written as each deal ends.

`doomlings arena ... --per-game FILE` writes its lines when the whole run is over, and two
runs one after the other compare only once both have finished. On a shared machine with an
hour to spare, this plays deal 0 with A, deal 0 with B, deal 1 with A, ... (the same deals,
bot seeds and games as `doomlings arena --hero hard --opponents ... --seed S --hard-budget 0
--hard-eval EVAL --per-game FILE` for each, which the files equal line for line over the
deals played), so a run stopped at any time leaves two paired files of equal deals for
`benchmarks/paired.py`. Decision times of Hard go to FILE.times (one number per line, in
seconds). Usage:

    python3 benchmarks/interleaved.py --opponents medium,medium,medium --seed 11 \\
        --deals 200 --jobs 2 --a classic --b net --out /tmp/h4
    python3 benchmarks/paired.py /tmp/h4-classic.jsonl /tmp/h4-net.jsonl
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from doomlings_desktop.commands.arena import _play_deal  # noqa: E402


def job(args: tuple) -> tuple:
    k, ev, opponents, seed, iterations = args
    hard = {"budget": None, "evaluation": ev}
    if iterations:
        hard["iterations"] = iterations
    results, times = _play_deal((None, "hard", opponents, seed * 1_000_003 + k,
                                 {"hard": hard}, None))
    return k, ev, results, times.get("hard", [])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--opponents", default="medium,medium,medium")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--first", type=int, default=0, help="first deal (to continue a run)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--iterations", type=int, default=0, help="0: Hard's count per table size")
    ap.add_argument("--a", default="classic")
    ap.add_argument("--b", default="net")
    ap.add_argument("--out", required=True, help="prefix of the output files")
    args = ap.parse_args()
    opponents = args.opponents.split(",")
    work = [(k, ev, opponents, args.seed, args.iterations)
            for k in range(args.first, args.first + args.deals) for ev in (args.a, args.b)]
    files = {ev: open(f"{args.out}-{ev}.jsonl", "a", encoding="utf-8") for ev in (args.a, args.b)}
    times = {ev: open(f"{args.out}-{ev}.times", "a", encoding="utf-8") for ev in (args.a, args.b)}
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        for k, ev, results, ts in pool.imap(job, work):
            for h, (score, won, rank, margin) in enumerate(results):
                files[ev].write(json.dumps({"deal": k, "seat": h, "score": score,
                                            "margin": margin, "won": won, "rank": rank}) + "\n")
            times[ev].writelines(f"{t:.5f}\n" for t in ts)
            files[ev].flush()
            times[ev].flush()
            print(f"deal {k} {ev}: won {sum(r[1] for r in results):.2f} of {len(results)}",
                  flush=True)
    for f in (*files.values(), *times.values()):
        f.close()


if __name__ == "__main__":
    main()
