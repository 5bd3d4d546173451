"""The `doomlings` command: the game window by default, and tools for the rules engine."""

from __future__ import annotations

import argparse
import os
import sys

from doomlings_desktop.commands.cliargs import (
    GAMES_MAX,
    SEED,
    Parser,
    add_modules,
    card_database,
    error_line,
    float_range,
    int_range,
    path_arg,
)


def use_cards(path: str | None) -> None:
    """--cards for the game window: load it (or stop with one error line) and make it the
    database `default_database()` gives the window, its menus and the bots."""
    if path:
        from doomlings_desktop.rules.cards import set_default_database

        set_default_database(card_database(path))


def cmd_scenario(args: argparse.Namespace) -> int:
    from doomlings_desktop.commands.scenario import collect, run_file

    missing, unusable = [], []
    for p in args.paths:
        try:
            os.stat(p)
        except (FileNotFoundError, NotADirectoryError):
            missing.append(p)
        except (OSError, ValueError) as e:  # a name too long, a link loop: not "cannot write"
            unusable.append(f"{_shown_path(p)} ({getattr(e, 'strerror', None) or e})")
    if missing:
        return error_line(f"no such file or folder: {', '.join(map(_shown_path, missing))}")
    if unusable:
        return error_line(f"cannot read: {', '.join(unusable)}")
    db = card_database(args.cards, args.modules)    # for scenarios that name no modules of their own
    files = collect(args.paths)
    if not files:
        return error_line("no scenario files (*.yaml) found in: " + " ".join(args.paths))
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


def _shown_path(p: str) -> str:
    """A file name as an error line quotes it: a 5,000-character one is cut short."""
    return p if len(p) <= 200 else p[:100] + "..." + p[-40:]


def cmd_simulate(args: argparse.Namespace) -> int:
    from doomlings_desktop.commands.simulate import simulate

    return simulate(card_database(args.cards, args.modules), args.games, args.players, args.seed, args.json)


def cmd_fuzz(args: argparse.Namespace) -> int:
    if args.log_privacy:
        from doomlings_desktop.commands.logscan import main as scan

        return scan(card_database(args.cards, args.modules), args.games, args.seed, args.json)
    if args.events:
        from doomlings_desktop.commands.eventcheck import main as events

        return events(card_database(args.cards, args.modules), args.games, args.seed, args.json)
    from doomlings_desktop.commands.fuzz import main as fuzz

    return fuzz(card_database(args.cards, args.modules), args.games, args.seed, args.json)


def cmd_bench(args: argparse.Namespace) -> int:
    if args.what == "net":
        from doomlings_desktop.commands.online import need_online

        need_online()
        from doomlings_desktop.commands.netbench import main as bench_net

        return bench_net(args)
    if args.what in ("ui", "load", "soak"):
        use_cards(args.cards)
        # a module name is checked like every other command's (one error line, exit 2), and
        # the table is played with the modules asked for
        args.modules = card_database(args.cards, args.modules).modules if args.modules else ()
        from doomlings_desktop.ui import bench, benchload, benchsoak

        return {"ui": bench.main, "load": benchload.main, "soak": benchsoak.main}[args.what](args)
    from doomlings_desktop.commands.bench import main as bench

    args.modules = card_database(args.cards, args.modules).modules
    return bench(args)


def cmd_cards(args: argparse.Namespace) -> int:
    from collections import Counter

    db = card_database(args.cards, "all")      # the base cards and every module its manifest lists
    traits = [db.cards[c] for c in db.traits]
    by_color = Counter(x for d in traits for x in d.colors)   # multi-colour: in each
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
    for m in ("",) + db.modules:
        mine = [d for d in db.defs.values() if d.module == m]
        kinds = Counter(d.kind for d in mine)
        print(f"module {m or 'base game'}: {sum(d.copies for d in mine if d.kind == 'trait')} "
              f"traits, {kinds['age']} ages, {kinds['catastrophe']} catastrophes"
              + (f", {kinds['meaning']} Meaning of Life cards" if kinds['meaning'] else "")
              + (f" ({db.manifest[m]})" if m else ""))
    print(f"behavior: {len(db.defs) - handler} cards pure data, {handler} with a Python handler")
    from doomlings_desktop.bots.knowledge import worths

    told = [d.id for d in db.defs.values() if worths(d)[0]]
    derived = sorted(d.id for d in db.defs.values() if worths(d)[1])
    print(f"bots: worths given by the card data for {len(told) - len(derived)} cards, derived "
          f"from their steps for {len(derived)}{': ' + ', '.join(derived) if derived else ''}")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    use_cards(args.cards)      # before pygame starts: a bad file is only the error line
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")   # only our own lines in the terminal
    from doomlings_desktop.ui.app import main as play

    start = "continue" if getattr(args, "resume", False) else (
        "demo" if getattr(args, "demo", False) else (
            "tutorial" if getattr(args, "tutorial", False) else None))
    return play(start, getattr(args, "seed", None))


def parser() -> argparse.ArgumentParser:
    from doomlings_desktop import __version__

    common = Parser(add_help=False)
    common.add_argument("--cards", metavar="FILE", default=argparse.SUPPRESS, type=path_arg,
                        help="use this card database instead of the bundled cards.yaml")
    p = Parser(prog="doomlings", parents=[common],
                                description="Doomlings Desktop. With no command: the game window.")
    p.add_argument("--version", action="version", version=f"Doomlings Desktop {__version__}")
    p.add_argument("--selftest", action="store_true",
                   help="check that this copy works (cards, a bot game, one frame, sound); "
                        "exit 0, or 1 saying what failed")
    sub = p.add_subparsers(dest="command")
    s = sub.add_parser("scenario", parents=[common], help="run scenario files")
    s.add_argument("paths", nargs="+", metavar="FILE_OR_DIR", type=path_arg,
                   help="scenario files or folders")
    s.add_argument("-v", "--verbose", action="store_true", help="list passing files too")
    add_modules(s)
    s.set_defaults(fn=cmd_scenario)
    s = sub.add_parser("simulate", parents=[common], help="play games with random legal answers")
    s.add_argument("--games", type=int_range(1, GAMES_MAX), default=100,
                   help="how many games (default 100)")
    s.add_argument("--players", type=int_range(2, 6), default=4,
                   help="seats per game, 2-6 (default 4)")
    s.add_argument("--seed", type=SEED, default=0, help="seed of the first game (default 0)")
    s.add_argument("--json", action="store_true", help="print the results as JSON")
    add_modules(s)
    s.set_defaults(fn=cmd_simulate)
    s = sub.add_parser("fuzz", parents=[common],
                       help="random games over 2-6 players and every variant, invariants "
                            "checked after every answer")
    s.add_argument("--games", type=int_range(1, GAMES_MAX), default=2000,
                   help="how many games (default 2000)")
    s.add_argument("--seed", type=SEED, default=0, help="seed of the first game (default 0)")
    s.add_argument("--json", action="store_true", help="print the results as JSON")
    s.add_argument("--log-privacy", action="store_true",
                   help="instead, scan every log line each seat reads, after every answer, for "
                        "the name of a card that seat has not seen")
    s.add_argument("--events", action="store_true",
                   help="instead, rebuild each seat's picture of the game from its events "
                        "alone and compare its facts with its view, after every answer")
    add_modules(s)
    s.set_defaults(fn=cmd_fuzz)
    s = sub.add_parser("cards", parents=[common],
                       help="validate the card database and print its counts")
    s.add_argument("--check", action="store_true", help="validate (the default action)")
    s.set_defaults(fn=cmd_cards)
    s = sub.add_parser("bench", parents=[common],
                       help="measure the engine's or the table's speed, the Load screen with "
                            "many saves, memory over a long session, or online play")
    s.add_argument("what", choices=["engine", "ui", "load", "soak", "net"])
    s.add_argument("--games", type=int_range(4, GAMES_MAX), default=1000,
                   help="engine: 4-player games per run (default 1000; a quarter for 2 and 6)")
    s.add_argument("--soak-games", type=int_range(1, 100_000), default=100,
                   help="soak: bot games played one after another at the table (default 100)")
    s.add_argument("--repeat", type=int_range(1, 1000), default=5,
                   help="engine: timed runs per player count (default 5; best, median, worst)")
    s.add_argument("--frames", type=int_range(1, 1_000_000), default=600,
                   help="ui, load: frames to time (default 600)")
    s.add_argument("--saves", type=int_range(1, 1_000_000), default=10_000,
                   help="load: saves in the folder (default 10000)")
    s.add_argument("--idle-seconds", type=int_range(1, 600), default=8,
                   help="ui: seconds the idle loop runs on the menu and on a table (default 8)")
    s.add_argument("--seed", type=SEED, default=1, help="ui: the game shown (default 1)")
    s.add_argument("--rooms", type=int_range(1, 2000), default=20,
                   help="net: rooms played at once on one server (default 20)")
    s.add_argument("--players", type=int_range(2, 6), default=4,
                   help="net: remote seats per room (default 4)")
    s.add_argument("--think", type=float_range(0, 60, " seconds"), default=0.5,
                   help="net: each seat's time before answering, on average (default 0.5 s)")
    s.add_argument("--timeout", type=float_range(1, 86400, " seconds"), default=900,
                   help="net: give up after this long (default 900 s)")
    add_modules(s)
    s.set_defaults(fn=cmd_bench)
    from doomlings_desktop.commands import arena

    s = sub.add_parser("arena", parents=[common],
                       help="bots against bots in duplicate games: win share and latency")
    add_modules(s)
    arena.add_arguments(s)
    s.set_defaults(fn=arena.cmd)
    from doomlings_desktop.commands import online

    online.add_serve(sub, common)
    online.add_join(sub, common)
    online.add_find(sub, common)
    s = sub.add_parser("play", parents=[common], help="open the game window (the default)")
    s.add_argument("--continue", dest="resume", action="store_true",
                   help="open the game saved when the program last stopped")
    s.add_argument("--demo", action="store_true", help="watch four bots play")
    s.add_argument("--tutorial", action="store_true",
                   help="Learn to play: a guided first game against an Easy bot")
    s.add_argument("--seed", type=SEED, help="the demo game's seed")
    s.set_defaults(fn=cmd_play)
    return p


def main(argv: list[str] | None = None) -> int:
    import multiprocessing

    multiprocessing.freeze_support()   # `arena --jobs` in a frozen build: run the worker
    args = parser().parse_args(argv)
    args.cards = getattr(args, "cards", None)
    try:
        rc = _run(args)
        sys.stdout.flush()      # now, not at exit, where a failure is only "Exception ignored"
        return rc
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:     # `doomlings simulate | head`: the reader has what it wanted
        _drop_stdout()
        return 0
    except OSError as e:        # `> /dev/full`, a full disk: one line, never a traceback
        _drop_stdout()
        where = f" {e.filename}" if e.filename else " the output"
        print(f"error: cannot write{where}: {e.strerror or e}", file=sys.stderr)
        return 1


def _run(args: argparse.Namespace) -> int:
    if args.selftest:
        from doomlings_desktop.commands.selftest import run as selftest

        if args.cards:
            card_database(args.cards)     # a bad --cards is a command-line error, before the checks
        return selftest(cards=args.cards)
    if args.command is None:
        return cmd_play(args)
    return args.fn(args)


def _drop_stdout() -> None:
    """Point stdout at the null device: what is still buffered for a pipe or a full disk
    would fail again when Python flushes it at exit, printing a traceback-like warning."""
    try:
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - lives to exit
    except OSError:
        pass


if __name__ == "__main__":
    raise SystemExit(main())
