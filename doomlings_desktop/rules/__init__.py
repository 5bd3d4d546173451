"""The rules of Doomlings, with no user interface: a pure, seeded, non-blocking engine.

`Game.new(db, players, seed)` starts a game; `game.pending` is the decision it waits for
(who, what kind, the legal answers); `game.apply(answer)` answers it. `view_for(game, seat)`
is what one player may know. A game record (seed, variants, seats, answers) replays exactly.
"""

from doomlings_desktop.rules.cards import (
    CardDatabaseError,
    Database,
    default_database,
    load_database,
)
from doomlings_desktop.rules.engine import VARIANTS, Decision, Game, IllegalAnswer
from doomlings_desktop.rules.record import RecordError, make_record, replay
from doomlings_desktop.rules.view import View, view_for

__all__ = [
    "VARIANTS", "CardDatabaseError", "Database", "Decision", "Game", "IllegalAnswer",
    "RecordError", "View", "default_database", "load_database", "make_record", "replay",
    "view_for",
]
