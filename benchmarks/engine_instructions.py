"""Machine instructions per random 4-player game, counted by valgrind: a steady figure.

Wall-clock speed on a shared machine moves by 5-10% from run to run, which hides the effect of
a small change; the instruction count moves by about 0.3%. Usage (needs valgrind):

    python3 benchmarks/engine_instructions.py [--games 200] [--modules all]

It plays the same seeded random games as `doomlings bench engine` twice under valgrind
(10 games, then 10 + N) and prints the difference divided by N, so start-up cancels out.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys

PLAY = """
import random, sys
from doomlings_desktop.rules.cards import available_modules, database_for
from doomlings_desktop.rules.engine import Game
mods = sys.argv[2]
db = database_for(available_modules() if mods == "all" else [m for m in mods.split(",") if m])
for seed in range(int(sys.argv[1])):
    g = Game.new(db, 4, seed=seed, log=False)
    rand = random.Random(seed).random
    while g.pending is not None:
        opts = g.pending.options
        g.apply(opts[int(rand() * len(opts))])
"""


def instructions(games: int, modules: str = "") -> int:
    out = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         os.path.realpath(sys.executable), "-c", PLAY, str(games), modules],
        capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"}, check=True)
    m = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    if not m:
        raise SystemExit(f"no instruction count in valgrind's output:\n{out.stderr[-2000:]}")
    return int(m.group(1).replace(",", ""))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--modules", default="", help="expansion modules in play: a "
                    "comma-separated list, or all (default: the base game)")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install -y valgrind)", file=sys.stderr)
        return 2
    base = instructions(10, args.modules)
    total = instructions(10 + args.games, args.modules)
    mods = f", modules: {args.modules}" if args.modules else ""
    print(f"{(total - base) / args.games / 1e6:.2f} M instructions per 4-player random game "
          f"({args.games} games{mods}, CPython {sys.version.split()[0]})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
