"""What a save is as a list shows it, and the checks both the saves and their index make: a
leaf of storage/, so that saves.py (reading and writing saves) and saveindex.py (the listing
kept on disk) share it without importing each other."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from doomlings_desktop.names import name_of

MAX_ROUND = 200                   # more rounds than any game has
BOT_LEVELS = ("random", "easy", "medium", "hard")


class SaveError(Exception):
    """A save that could not be loaded; the message is for the player. `kept` says the file
    stayed where it was (its card rules changed, or with `unreadable`, the system would not
    give its bytes) rather than being set aside as damaged."""

    def __init__(self, message: str, kept: bool = False, unreadable: bool = False) -> None:
        super().__init__(message)
        self.kept = kept or unreadable
        self.unreadable = unreadable


@dataclass
class SaveInfo:
    """One save as a list shows it, read without replaying it."""

    name: str
    path: Path
    saved_at: str = "?"
    over: bool = False
    seats: list[dict] = field(default_factory=list)
    answers: int = 0
    seed: int | None = None         # which game it is: a new game has a new seed
    problem: str | None = None      # why it cannot be opened, if it cannot
    kept: bool = False              # the problem is changed card rules: the file stays listed
    round: int | None = None        # rounds begun (age and catastrophe cards revealed)
    catastrophes: int | None = None     # of the three
    winners: tuple[int, ...] = ()   # seats, once the game is over
    modules: tuple[str, ...] = ()   # the expansion modules it is played with (E1)
    unreadable: bool = False        # kept because it cannot be read (permission...), not damaged


def check_seats(raw: Any, n: int) -> list[dict]:
    """The seats of a record, every field checked (a bad one makes the save damaged). A seat's
    name only labels it, so a bad one is not damage: `names.clean_name` makes any value one
    that can be shown ("Player N" when nothing is left), as the replay of the record does."""
    if not isinstance(raw, list) or len(raw) != n:
        raise SaveError("its seats do not match the game")
    seats = []
    for i, s in enumerate(raw):
        if not isinstance(s, dict):
            raise SaveError(f"seat {i + 1} is not a seat")
        kind, level = s.get("kind"), s.get("level", "random")
        name, ask = name_of(s.get("name"), i), s.get("ask", True)
        if kind not in ("human", "bot"):
            raise SaveError(f"seat {i + 1} is neither a human nor a bot")
        if not isinstance(level, str) or (kind == "bot" and level not in BOT_LEVELS):
            raise SaveError(f"seat {i + 1} has an unknown bot level {str(level)[:20]!r}")
        if not isinstance(ask, bool):
            raise SaveError(f"seat {i + 1}'s out-of-turn setting is not yes or no")
        hints = s.get("hints", 0)         # a count for the statistics: a bad one is 0
        hints = hints if type(hints) is int and 0 <= hints <= 100_000 else 0
        # a standing answer for out-of-turn offers (pass-and-play): a bad one is the default
        standing = s.get("standing", "pays")
        standing = standing if standing in ("pays", "never") else "pays"
        seats.append({"name": name, "kind": kind,
                      "level": level if level in BOT_LEVELS else "random", "ask": ask,
                      "hints": hints, "standing": standing})
    return seats
