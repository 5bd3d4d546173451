"""Play on from here: from a reviewed decision of a finished game, a new game at that position,
to try the other move.

The player keeps their seat and the same opponents. What their seat could not see then (the
other hands, the trait deck, the age deck's order) is dealt again by a `WorldSampler` for the
seat: knowing how the game went must not tell them what comes next. Such a game has no record
that replays from a seed (its hidden cards were dealt by hand), so, like the lesson, it keeps
its starting position as its `origin` (Undo rebuilds from it), is not autosaved and counts in
no statistics.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from doomlings_desktop.play.match import Match, Seat
from doomlings_desktop.rules.cards import Database
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.record import replay
from doomlings_desktop.rules.worlds import WorldSampler


def position(record: dict, db: Database, seat: int, at: int, salt: int = 0) -> Game:
    """The game after the record's first `at` answers, with everything `seat` could not see
    then dealt again (RecordError if the record does not replay)."""
    g = replay(record, db, upto=at, log=False)
    if g.pending is None:
        raise ValueError("the game was over at that point")
    world = WorldSampler(g, seat).sample(random.Random(record["seed"] * 1_000_003 + at + salt))
    world.seed = record["seed"]
    return world


def _fresh(start: Game) -> Game:
    g = start.clone()
    g.keep_log()        # the table's news starts at the position laid out
    g.lay_out_recorded()
    return g


def play_on(record: dict, db: Database, seat: int, at: int, seats: list[Seat],
            prefs: Any = None) -> Match:
    """A Match at decision `at` of the record, seen by `seat` (its own seat), with the same
    seats as the game had."""
    start = position(record, db, seat, at)
    mine = [copy.copy(s) for s in seats]
    m = Match(mine, record["seed"], game=_fresh(start), prefs=prefs)
    m.autosave = False
    m.origin = lambda: _fresh(start)
    m.viewer = seat
    m.cleared = seat
    return m
