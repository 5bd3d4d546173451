"""A room bot's out-of-turn offer, kept from the other seats as at a local table.

A bot answers an out-of-turn offer (Parasitic, Self-Awareness...) at once, so the wire told
the other players that some bot held such a card: their share of the stream held the offer's
`Asked(-1)` and an entry not sent for the pass, `Update.step` counted the answer, and a quiet
pass made the engine end the remote player's play (no End turn pause, no Undo). Now the room
answers a bot's offer inside the move that made it, with the local table's `StandIn` (a Hard
bot borrows the Medium judgement, milliseconds; a quiet pass keeps the pause and Undo), and
each remote seat is sent its step and its stream places without those entries (`Unseen`): the
same messages, byte for byte, as when no bot holds such a card. A remote player's own offer
still shows as `Asked(-1)` to the others: the host waits for their click, and everyone sees
the game wait, so that tells no more than the wait does.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING, Any

from doomlings_desktop.play.standing import StandIn
from doomlings_desktop.rules.events import Asked, Passed

if TYPE_CHECKING:
    from doomlings_desktop.net.room import Room


class _NoneAhead:
    """No question is asked ahead of its turn online (each player has a screen of their own)."""

    @staticmethod
    def holds(d: Any) -> bool:
        return False


class RoomTable:
    """A room as `StandIn` reads a table: its game, bots and players; no one shares a screen,
    no lesson, no questions ahead, and a bot's reasons are not kept (no one reads them)."""

    hotseat = False
    cleared = None
    lesson = None
    bot_notes = None
    ahead = _NoneAhead()

    def __init__(self, room: Room) -> None:
        self.room = room
        self.seed = room.seed
        self.db = room.db
        self.bots = room.bots           # the room's own bots: not the stand-ins of players
        self.humans = [i for i in range(len(room.seats)) if i not in room.bots]

    @property
    def game(self) -> Any:
        return self.room.game

    @staticmethod
    def asks(seat: int) -> bool:
        return True             # a remote player is asked: the host waits for their click

    @staticmethod
    def line_by(at: int, since: int) -> bool:
        return False


def stand_in_for(room: Room) -> StandIn:
    """The room's stand-in for its bots' offers (one a game: its Hard bots' proxies are
    seeded from the game's seed)."""
    return StandIn(RoomTable(room))   # type: ignore[arg-type]


def unseen(e: Any, bots: Any) -> bool:
    """Whether entry `e` of the stream is kept from every remote seat: a room bot's
    out-of-turn offer (`Asked` of kind react) or its pass."""
    t = type(e)
    if t is Asked:
        d = e.decision
        return d is not None and d.kind == "react" and e.seat in bots
    return t is Passed and e.seat in bots


class Unseen:
    """The places of the stream's entries kept from the remote seats (`unseen`), scanned once
    per entry, and the step and places each remote seat is told by them: every remote seat
    counts the same (no remote seat is a room bot)."""

    def __init__(self, bots: Any) -> None:
        self.bots = bots
        self.game: Any = None
        self.scanned = 0
        self.marks: list[int] = []      # indices into Game.moves, ascending
        self.asks = 0                   # of them, the offers (each has one answer)

    def refresh(self, g: Any) -> None:
        moves = g.moves or ()
        if g is not self.game or len(moves) < self.scanned:
            self.game, self.scanned, self.marks, self.asks = g, 0, [], 0
        for i in range(self.scanned, len(moves)):
            e = moves[i]
            if unseen(e, self.bots):
                self.marks.append(i)
                self.asks += type(e) is Asked
        self.scanned = len(moves)

    def step(self, g: Any) -> int:
        """The answers a remote seat is told of: all but those to a room bot's offers (one
        pending, which the room never leaves, has no answer yet)."""
        self.refresh(g)
        d = g.pending
        waiting = d is not None and d.kind == "react" and d.player in self.bots
        return len(g.answers) - (self.asks - waiting)

    def place(self, g: Any, i: int) -> int:
        """Entry `i` of `Game.moves` as a remote seat's place: the entries before it, but the
        unseen ones."""
        self.refresh(g)
        return i - bisect_left(self.marks, i)

    def index(self, g: Any, place: int) -> int:
        """A remote seat's place back to `Game.moves`' index (the first such: a resuming seat
        is sent again from there, the unseen entries left out as before)."""
        self.refresh(g)
        i = place
        for m in self.marks:
            if m >= i:
                break
            i += 1
        return min(i, len(g.moves or ()))

    def kept(self, g: Any, start: int, entries: tuple) -> tuple:
        """`entries` (the seat's share of `Game.moves` from `start`, places kept) without the
        unseen ones."""
        self.refresh(g)
        marks = set(self.marks[bisect_left(self.marks, start):])
        if not marks:
            return entries
        return tuple(e for k, e in enumerate(entries) if start + k not in marks)
