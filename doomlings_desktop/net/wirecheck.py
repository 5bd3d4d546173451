"""What a received view and decision may hold, checked before any table or bot reads them.

The schema (net/protocol.py) says each field's type; it cannot say that a card number is one
of this game's cards, that a seat is one of the table's, or that two lists that go together
are as long as each other. A host is hostile input like a save: a view naming card 1,000,000
in a hand used to reach the table's drawing code, which indexed the card list with it and
stopped the window at its error screen (a negative number drew some other card instead). So
every card, seat and count of an Update is checked here, at the edge, and an update that does
not fit is refused in one sentence by its caller ("The host sent a table this program cannot
read: ..."), like an update that does not fit the schema.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, get_args

from doomlings_desktop.rules.cards import ALL_COLORS
from doomlings_desktop.rules.decisions import Kind

SEATS_MAX = 6
COUNT_MAX = 10_000          # a hand, a deck, a pile: far more than any database has
POINTS_MAX = 1_000_000      # a score or a gene pool, either sign
CARD_KINDS = ("play", "card", "catastrophe", "react")    # decisions whose int options are cards
KINDS = get_args(Kind)      # the engine's own list: a kind added there is read here too


class Unreadable(ValueError):
    """An update whose fields do not fit one another or the game: the text says which."""


def _cards(values: Iterable[Any], cards: int, what: str, none: bool = False) -> None:
    for c in values:
        if none and c == -1:
            continue
        if type(c) is not int or not 0 <= c < cards:
            raise Unreadable(f"{what} is not one of this game's cards ({_short(c)})")


def _seat(q: Any, n: int, what: str, none: bool = False) -> None:
    if none and q in (None, -1):
        return
    if type(q) is not int or not 0 <= q < n:
        raise Unreadable(f"{what} is not one of this table's seats ({_short(q)})")


def _count(x: Any, what: str, lo: int = 0, hi: int = COUNT_MAX) -> None:
    if type(x) is not int or not lo <= x <= hi:
        raise Unreadable(f"{what} is out of range ({_short(x)})")


def _short(x: Any) -> str:
    text = repr(x)
    return text if len(text) <= 24 else text[:20] + "..."


def check_update(view: Any, decision: Any, cards: int) -> None:
    """Raise Unreadable unless `view` (a WireView) and `decision` (a WireDecision or None)
    name only cards below `cards` and seats of the table, with counts in range."""
    n = view.n
    _count(n, "the number of players", 2, SEATS_MAX)
    _seat(view.me, n, "your seat")
    if len(view.seats) != n:
        raise Unreadable(f"it has {len(view.seats)} seats for {n} players")
    for i, s in enumerate(view.seats):
        _check_seat(s, i, n, cards)
    _cards(view.hand, cards, "a card in your hand")
    _cards(view.discard, cards, "a card in the discard pile")
    _cards((c for era in view.eras for c in era), cards, "an age played")
    _cards(view.catastrophes, cards, "a catastrophe")
    _cards(view.revealed, cards, "a revealed card")
    _cards(view.shown, cards, "a shown card")
    _cards(view.next_ages, cards, "a next age")
    _cards((view.age, view.meaning, *view.meanings), cards, "the age or a Meaning card", none=True)
    _cards(() if view.next_age is None else (view.next_age,), cards, "the next age")
    _cards(view.why_not, cards, "a reason a card cannot be played")
    for c, hosts in view.hosts.items():
        _cards((c, *hosts), cards, "an attachment or its host")
    for x, what in ((view.deck_size, "the deck"), (view.age_deck_size, "the age deck")):
        _count(x, what)
    for what in ("first", "current"):
        _seat(getattr(view, what), n, f"the {what} player")
    _seat(view.waiting_for, n, "the player waited for", none=True)
    for q in view.winners:
        _seat(q, n, "a winner")
    if view.scores and len(view.scores) != n:
        raise Unreadable("its scores are not one a seat")
    if not set(view.last_colors) <= set(ALL_COLORS):
        raise Unreadable("it names a colour the game does not have")
    if view.outcome is not None:
        _check_outcome(view.outcome, n, cards)
    if decision is not None:
        _check_decision(decision, view.me, n, cards)


def _check_seat(s: Any, i: int, n: int, cards: int) -> None:
    where = f"seat {i + 1}"
    if s.seat != i:
        raise Unreadable(f"{where} says it is seat {_short(s.seat)}")
    _cards(s.pile, cards, f"a card in {where}'s pile")
    _cards(s.hand or (), cards, f"a card in {where}'s hand")
    _count(s.hand_size, f"{where}'s hand size")
    _count(s.gene_pool, f"{where}'s gene pool", -POINTS_MAX, POINTS_MAX)
    _count(s.score, f"{where}'s score", -POINTS_MAX, POINTS_MAX)
    if len(s.colors) != len(s.pile) or (s.worths and len(s.worths) != len(s.pile)):
        raise Unreadable(f"{where}'s pile and its colours or worths do not match")
    if not {c for cs in s.colors for c in cs} <= set(ALL_COLORS):
        raise Unreadable(f"{where}'s pile has a colour the game does not have")
    for w in s.worths:
        if w is not None:
            _count(w, f"{where}'s card worth", -POINTS_MAX, POINTS_MAX)
    pile = set(s.pile)
    for a, h in s.attached:
        if a not in pile or h not in pile:
            raise Unreadable(f"{where} has an attachment that is not in its pile")


def _check_outcome(o: Any, n: int, cards: int) -> None:
    if len(o.scores) != n or (o.breakdowns and len(o.breakdowns) != n) or (
            o.meanings and len(o.meanings) != n):
        raise Unreadable("its final scores are not one a seat")
    for q in o.winners:
        _seat(q, n, "a winner")
    for q, _ in o.tiebreak:
        _seat(q, n, "a tiebreak draw")
    _cards((o.final_catastrophe, *o.meanings), cards, "the end of the game", none=True)


def _check_decision(d: Any, me: int, n: int, cards: int) -> None:
    if d.player != me:
        raise Unreadable("it asks another seat's decision of this one")
    if d.kind not in KINDS:
        raise Unreadable(f"it asks a kind of decision this program does not know "
                         f"({_short(d.kind)})")
    if not d.options:
        raise Unreadable("it asks a decision this seat cannot answer: it offers no answer")
    ints = [o for o in d.options if type(o) is int]
    if d.kind in CARD_KINDS:
        _cards(ints, cards, "an answer")
    elif d.kind == "player":
        for q in ints:
            _seat(q, n, "an answer")
    elif ints:
        raise Unreadable(f"a {d.kind} decision offers a number")
    _cards((d.card, d.subject), cards, "the decision", none=True)
    if d.sources is not None:
        if len(d.sources) != len(d.options):
            raise Unreadable("its answers and their seats do not match")
        for q in d.sources:
            _seat(q, n, "an answer's seat", none=True)
    _count(d.count, "the number of cards asked", 1, max(1, len(d.options)))
