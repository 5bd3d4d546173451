"""The game's events: what happened, as each seat may read it.

A log entry is an `Event`: a kind, its parts, and its audience. A part is text with no card
name in it, a card (its id) or a tuple of cards. A card's name is written only when the line is
rendered for a seat allowed to know it, so no caller can leak a hidden card by the way it builds
a sentence: a secret card is named to the seats in `to` and read as "a card" by every other one.
`events_for(game, seat, since)` is the one door through which a seat reads the log, as
`view_for` is for the state (rules/view.py builds `View.log` from it).

Who may know a card is the caller's call, made where it knows: a line with an empty `to` is
public (the cards it names lie in public zones or are shown to the table); a line with `to`
names its cards to those seats only and, when `secret` is given, those seats read `secret`
instead of `parts` (e.g. "Ann looks at Antlers, Fangs from Bob's hand." for Ann and Bob, "Ann
looks at 2 cards of Bob's hand." for the others). tests/test_log_privacy.py (and, at any size,
`doomlings fuzz --log-privacy`) plays random games and checks every rendered line of every seat
against what that seat has seen (doomlings_desktop/commands/logscan.py).
"""

from __future__ import annotations

from typing import Any

Part = Any   # str | int (a card) | tuple[int, ...] (cards) | Secret


class Secret:
    """A card (or a tuple of cards) inside a line that only the seats in `to` may know: the
    others read "a card" (e.g. a card that stays in the hand it was stolen into after a private
    look)."""

    __slots__ = ("card", "to")

    def __init__(self, card: int | tuple, to: tuple) -> None:
        self.card = card
        self.to = to

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Secret) and (self.card, self.to) == (other.card, other.to)

    __hash__ = None   # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Secret({self.card!r}, {self.to!r})"


class Event:
    """One log entry. Cheap to build and only built while the game keeps a log (`Game.say`)."""

    __slots__ = ("kind", "parts", "to", "secret")

    def __init__(self, kind: str, parts: tuple, to: tuple = (), secret: tuple = ()) -> None:
        self.kind = kind
        self.parts = parts
        self.to = to          # () for public; else the seats that may read its cards' names
        self.secret = secret  # what the seats in `to` read instead of `parts` (() for parts)

    def _key(self) -> tuple:
        return self.kind, self.parts, self.to, self.secret

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and self._key() == other._key()

    __hash__ = None   # type: ignore[assignment]   # mutable slots: no hashing by value

    def __repr__(self) -> str:
        return f"Event{self._key()!r}"

    def text_for(self, db: Any, seat: int) -> str:
        """The line as `seat` reads it (-1: a seat no one sits in, e.g. a public screen)."""
        to = self.to
        if not to:
            return _join(db, self.parts, True, seat)
        if seat in to:
            return _join(db, self.secret or self.parts, True, seat)
        return _join(db, self.parts, False, seat)


def _join(db: Any, parts: tuple, named: bool, seat: int = -1) -> str:
    out = []
    for part in parts:
        if type(part) is Secret:
            named_here = named and seat in part.to
            part = part.card
        else:
            named_here = named
        if isinstance(part, str):
            out.append(part)
        elif isinstance(part, int):
            out.append(db.name(part) if named_here else "a card" if out else "A card")
        elif named_here:
            out.append(", ".join(db.name(c) for c in part))
        else:
            out.append("a card" if len(part) == 1 else f"{len(part)} cards")
    return "".join(out)


def events_for(g: Any, seat: int, since: int = 0) -> tuple[tuple[str, str], ...]:
    """The log from entry `since` on, as (kind, text) pairs that `seat` may read; () while the
    game keeps no log."""
    log = g.log
    if not log:
        return ()
    db = g.db
    return tuple((e.kind, e.text_for(db, seat)) for e in log[since:])
