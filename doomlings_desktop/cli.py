"""The `doomlings` command: the game window by default, and tools for the rules engine."""

from __future__ import annotations

import argparse
import sys


def _db(path: str | None):
    from doomlings_desktop.rules.cards import CardDatabaseError, load_database

    try:
        return load_database(path)
    except CardDatabaseError as e:
        print(f"error: the card database is broken: {e}", file=sys.stderr)
        raise SystemExit(2) from None


def cmd_scenario(args: argparse.Namespace) -> int:
    from doomlings_desktop.scenario import collect, run_file

    db = _db(args.cards)
    files = collect(args.paths)
    if not files:
        print("no scenario files found in: " + " ".join(args.paths), file=sys.stderr)
        return 1
    failed = 0
    for f in files:
        err = run_file(db, f)
        if err:
            failed += 1
            print(f"FAIL {f}: {err}")
        elif args.verbose:
            print(f"ok   {f}")
    print(f"{len(files) - failed} passed, {failed} failed")
    return 1 if failed else 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from doomlings_desktop.simulate import simulate

    db = _db(args.cards)
    return simulate(db, args.games, args.players, args.seed, args.json)


def cmd_cards(args: argparse.Namespace) -> int:
    from collections import Counter

    db = _db(args.cards)
    traits = [db.cards[c] for c in db.traits]
    by_color = Counter(d.color for d in traits)
    distinct = {d.id: d for d in traits}
    handler = sum(1 for d in db.defs.values() if d.uses_handler)
    print(f"card database {db.source} ({db.hash}) is valid")
    print(f"traits: {len(traits)} cards, {len(distinct)} distinct, "
          f"{sum(1 for d in distinct.values() if d.dominant)} dominant")
    for color in ("red", "blue", "green", "purple", "colorless"):
        print(f"  {color:<9} {by_color[color]:>3}")
    print(f"ages: {len(db.ages)}")
    print(f"catastrophes: {len(db.catastrophes)}")
    print(f"birth of life: {1 if db.birth >= 0 else 0}")
    print(f"behavior: {len(db.defs) - handler} cards pure data, {handler} with a Python handler")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="doomlings", description="Doomlings Desktop")
    parser.add_argument("--cards", help="use this card database instead of the bundled cards.yaml")
    sub = parser.add_subparsers(dest="command")
    p = sub.add_parser("scenario", help="run scenario files (prints 'N passed, M failed')")
    p.add_argument("paths", nargs="+", metavar="FILE_OR_DIR")
    p.add_argument("-v", "--verbose", action="store_true", help="list passing files too")
    p.set_defaults(fn=cmd_scenario)
    p = sub.add_parser("simulate", help="play games with random legal answers")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.set_defaults(fn=cmd_simulate)
    p = sub.add_parser("cards", help="validate the card database and print its counts")
    p.add_argument("--check", action="store_true", help="validate (the default action)")
    p.set_defaults(fn=cmd_cards)
    p = sub.add_parser("bench", help="measure the engine's speed")
    p.add_argument("what", choices=["engine"])
    p.add_argument("--games", type=int, default=2000)
    p.set_defaults(fn=lambda a: __import__("doomlings_desktop.bench", fromlist=["main"]).main(a))
    args = parser.parse_args(argv)
    if args.command is None:
        print("The game window is not built yet: see `doomlings --help` for the engine tools.")
        return 0
    return args.fn(args)


if __name__ == "__main__":
    raise SystemExit(main())
