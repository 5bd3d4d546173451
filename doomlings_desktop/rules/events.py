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


# -- zone events: every move of a card, kept beside the log (`Game.moves`) while the game keeps
# a log. The log is text for people; these are the changes of the zones themselves, from which a
# seat's picture of the table is rebuilt (commands/eventcheck.py). They are a list of their own so
# that the log's indices (a save's `bot_notes` are keyed by them) and `View.log` stay as they are.

PUBLIC_ZONES = frozenset(("pile", "discard", "era"))


class Moved:
    """Card `card` left zone `src` (of seat p for a hand or a pile, else -1) for the top of
    `dst` (of seat q; its bottom with `bottom`). `seen` is who may know which card it is:
    None for everyone (either end is a pile, the discard pile or an era), else the seats whose
    hand is an end (a draw: the drawer; a card given: both; the deck to the age deck: nobody)."""

    __slots__ = ("card", "src", "p", "dst", "q", "bottom", "seen")

    def __init__(self, card: int | None, src: str, p: int, dst: str, q: int, bottom: bool,
                 seen: tuple | None) -> None:
        self.card = card
        self.src = src
        self.p = p
        self.dst = dst
        self.q = q
        self.bottom = bottom
        self.seen = seen

    def _key(self) -> tuple:
        return self.card, self.src, self.p, self.dst, self.q, self.bottom, self.seen

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Moved) and self._key() == other._key()

    __hash__ = None   # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Moved{self._key()!r}"

    def for_seat(self, seat: int) -> Moved:
        """This move as `seat` may know it: the card None when it is hidden from it."""
        if self.seen is None or seat in self.seen:
            return self
        return Moved(None, self.src, self.p, self.dst, self.q, self.bottom, self.seen)


class Laid:
    """Zone `zone` (of seat `seat`, -1 for a shared one) is now `cards`, top last, whatever it
    held: the public set-up, a reshuffle (the discard pile becomes the deck), hands swapped or
    passed, the decks put back after a tiebreak. `seen` as in `Moved`: None for everyone, else those seats only;
    every other seat learns how many cards the zone holds."""

    __slots__ = ("zone", "seat", "cards", "seen")

    def __init__(self, zone: str, seat: int, cards: tuple, seen: tuple | None) -> None:
        self.zone = zone
        self.seat = seat
        self.cards = cards
        self.seen = seen

    def _key(self) -> tuple:
        return self.zone, self.seat, self.cards, self.seen

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Laid) and self._key() == other._key()

    __hash__ = None   # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Laid{self._key()!r}"

    def for_seat(self, seat: int) -> Laid:
        if self.seen is None or seat in self.seen:
            return self
        return Laid(self.zone, self.seat, (None,) * len(self.cards), self.seen)


class EraClosed:
    """Catastrophe `card` (just revealed into the current era) closes it: it joins the
    catastrophes and a new, empty era begins. Public."""

    __slots__ = ("card",)

    def __init__(self, card: int) -> None:
        self.card = card

    def __eq__(self, other: object) -> bool:
        return isinstance(other, EraClosed) and self.card == other.card

    __hash__ = None   # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"EraClosed({self.card!r})"

    def for_seat(self, seat: int) -> EraClosed:
        return self


def zone_events_for(g: Any, seat: int, since: int = 0) -> tuple:
    """The zone events from entry `since` on as `seat` may know them (hidden cards None); ()
    while the game keeps no log. The zone events' one door, as `events_for` is the log's."""
    moves = g.moves
    if not moves:
        return ()
    return tuple(e.for_seat(seat) for e in moves[since:])
