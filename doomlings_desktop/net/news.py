"""What an online table tells its player as the game goes: the stage's big moments (an age, a
catastrophe, a turn skipped, World's End, and what hit this seat: play/story.py) and "since
your last turn" (play/match.py's `seen_change`), from what this seat was sent and nothing else.

A local table tells both from the game's events; an online one has only its seat's share of
them (net/wire.py's zone events and facts, exactly what `zone_events_for` gives the seat) and
its own view. The same Storyteller reads that share here, as it reads a local seat's, so an
online player sees the same moments in the same words, and no more than the seat may know.
"""

from __future__ import annotations

import logging
from typing import Any

from doomlings_desktop.play.match import Since, seen_change
from doomlings_desktop.play.story import Storyteller

log = logging.getLogger(__name__)


class SeatNews:
    """RemoteMatch's `story`, `since` and `look` (the table reads them of every match)."""

    _teller: Any = None
    _teller_broken = False
    _seen: tuple | None = None      # (log length, piles, gene pools) when this seat last looked
    # from RemoteMatch
    view_now: Any
    log_lines: list
    db: Any
    game: Any
    me: int

    def story(self) -> list:
        """The moments new to this seat since the table last asked: the local table's
        Storyteller, reading the events this seat was sent. A server's facts that trip it
        (hostile input) end the story for this game, never the window."""
        if self.view_now is None or self._teller_broken:
            return []
        if self._teller is None or self._teller.db is not self.db:
            self._teller = Storyteller(self.db)
        try:
            return self._teller.new(self.game, self.me, self.name)  # type: ignore[attr-defined]
        except Exception:  # noqa: BLE001 - the host's events are input: a line in the log
            log.exception("the online story cannot follow the host's events")
            self._teller_broken = True
            return []

    def _state(self) -> tuple | None:
        v = self.view_now
        if v is None:
            return None
        return (len(self.log_lines), tuple(tuple(s.pile) for s in v.seats),
                tuple(s.gene_pool for s in v.seats))

    def look(self, seat: int) -> None:
        """This seat has seen the table as its last update has it."""
        if seat == self.me:
            self._seen = self._state()

    def since(self, seat: int, log_: tuple | None = None) -> Since:
        """What changed since this seat last looked: its new log lines, and the traits that
        came into or left each pile and the gene pools that changed (all public)."""
        last, now = self._seen, self._state()
        if seat != self.me or last is None or now is None or len(last[1]) != len(now[1]):
            return Since([], [], [])
        lines = tuple(self.log_lines) if log_ is None else log_
        at = last[0]
        return seen_change(last, now, [tuple(x) for x in lines[at:]] if len(lines) > at
                           else [])

    def news_again(self) -> None:
        """A new game (a rematch): its story and what was seen start again."""
        self._teller, self._teller_broken, self._seen = None, False, None
