"""Checked command-line values and the one-line errors the `doomlings` commands share. A leaf:
`cli` and `arena` both use it without importing each other."""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable
from typing import NoReturn

GAMES_MAX = 1_000_000_000        # more than any run finishes; bigger is surely a typo
SEED_MIN, SEED_MAX = -(2**63), 2**63 - 1


def error_line(msg: str, code: int = 2) -> int:
    """Say what is wrong in one `error:` line on stderr; the exit code to return (2: a bad
    command line, as argparse's)."""
    print(f"error: {msg}", file=sys.stderr)
    return code


class Parser(argparse.ArgumentParser):
    """argparse, but a bad command line is one `error: ...` line on stderr and exit 2 (the
    usage block would bury the line that says what is wrong)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {message} (see: {self.prog} --help)\n")


def _shown(text: str) -> str:
    """A value as quoted back in a message: a 5,000-digit number is cut short."""
    return repr(text if len(text) <= 24 else text[:20] + "...")


def int_range(lo: int, hi: int, what: str = "") -> Callable[[str], int]:
    """An argparse `type=` for a whole number in lo..hi; argparse names the option."""
    span = what or f"a whole number from {lo:,} to {hi:,}"

    def parse(text: str) -> int:
        try:
            v = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected {span}, got {_shown(text)}") from None
        if not lo <= v <= hi:
            raise argparse.ArgumentTypeError(f"must be {span}, got {_shown(text)}")
        return v

    return parse


def float_range(lo: float, hi: float, unit: str = "") -> Callable[[str], float]:
    """An argparse `type=` for a finite number in lo..hi (not inf or nan, which float() takes)."""
    span = f"a number from {lo:g} to {hi:g}{unit}"

    def parse(text: str) -> float:
        try:
            v = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected {span}, got {_shown(text)}") from None
        if not math.isfinite(v) or not lo <= v <= hi:
            raise argparse.ArgumentTypeError(f"must be {span}, got {_shown(text)}")
        return v

    return parse


def path_arg(text: str) -> str:
    """A file or folder name: an empty one is a mistake, not "the default" or "here"."""
    if not text.strip():
        raise argparse.ArgumentTypeError("expected a file name, got an empty string")
    return text


SEED = int_range(SEED_MIN, SEED_MAX, "a whole number from -2^63 to 2^63-1")


def modules_arg(text: str) -> list[str] | str:
    """--modules: comma-separated module names, or `all`; the names are checked against the
    card database once it is loaded (`card_database`)."""
    if text.strip() == "all":
        return "all"
    names = [x.strip() for x in text.split(",") if x.strip()]
    if not names:
        raise argparse.ArgumentTypeError("expected module names separated by commas, or all")
    return names


class _ModulesHelp(str):
    """--modules' help, naming every module of the bundled card database's manifest. Built
    only when help is shown (argparse expands it with %), so no command pays for loading the
    cards to build its parser."""

    def __mod__(self, params: object) -> str:
        try:
            from doomlings_desktop.rules.cards import available_modules
            names = ", ".join(available_modules()) or "none"
        except Exception:           # a broken --cards file is reported when it is loaded
            names = "see the card database"
        return (f"expansion modules in play: comma-separated names ({names}) or all; "
                "default none")


def add_modules(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--modules", metavar="LIST", type=modules_arg, default=(),
                        help=_ModulesHelp("expansion modules in play"))


def card_database(path: str | None, modules: list[str] | str | tuple = ()):
    """The card database of --cards (or the bundled one) with the --modules cards, or exit 2
    with one `error:` line."""
    from doomlings_desktop.rules.cards import (
        CardDatabaseError,
        load_database,
        module_names,
        with_modules,
    )

    try:
        db = load_database(path)
    except CardDatabaseError as e:
        what = "cannot load the card database" if "cannot read" in str(e) else \
            "the card database is broken"
        raise SystemExit(error_line(f"{what}: {e}")) from None
    except FileNotFoundError as e:
        raise SystemExit(error_line(f"{e}. Reinstall the program, or give --cards FILE.")) from None
    except (RecursionError, MemoryError, ValueError, TypeError, OSError) as e:
        # whatever slips past the loader's own checks is still that file's fault, said once
        raise SystemExit(error_line(f"cannot load the card database {path or 'cards.yaml'}: "
                                f"{type(e).__name__}: {e}")) from None
    if not modules:
        return db
    try:
        names = module_names(db, db.manifest if modules == "all" else modules)
    except CardDatabaseError as e:
        raise SystemExit(error_line(f"argument --modules: {str(e).split(': ', 1)[-1]}")) from None
    try:
        return with_modules(db, names)
    except CardDatabaseError as e:
        raise SystemExit(error_line(f"a module of the card database is broken: {e}")) from None
