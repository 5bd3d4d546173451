"""What one seat can see of the cards hidden from it: the one description of hidden
information that both the view (`view_for`) and the bots' sampled worlds (`WorldSampler`)
are built from, so the two cannot disagree about what a seat knows.

Hidden from a seat: the other hands, the trait deck's order, the age deck below what it has
peeked, the others' Meaning of Life cards (E4), cards others set aside face down. Seen anyway:
every hand in a round of Age of Metadata (E24), cards of a hand shown to it (Nosy) or to
everyone (Clever), the ages it peeked (one, or two with Neural Link), its own two Meaning
cards, and what it set aside itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from doomlings_desktop.rules.verbs import Ctx

if TYPE_CHECKING:
    from doomlings_desktop.rules.engine import Game


class Sight:
    """One seat's sight of the hidden cards at one moment (see the module's docstring).

    `open_hands`: every hand is open this round (E24). `shown`: for each other seat, the cards
    of its hand this seat has seen there (open hands, Nosy, Clever), in hand order.
    `hidden_aside`: cards in limbo another seat set aside face down (The Big One's gift,
    simultaneous discards, E29). `next_ages`: the ages this seat has seen on top of the age
    deck, top first. `meanings_seen`: the Meaning of Life cards it was dealt."""

    __slots__ = ("seat", "open_hands", "next_ages", "meanings_seen", "_g", "_shown", "_aside")

    def __init__(self, g: Game, seat: int) -> None:
        self.seat = seat
        # (written out, not `g.hands_open()`: tests/test_events_picture.py breaks the events'
        # one to show that the view then differs)
        self.open_hands = bool(g.rules.get("reveal_hands")) and not g.over
        self.next_ages = g.next_ages_of(seat)
        self.meanings_seen: tuple[int, ...] = tuple(g.meaning_offer[seat])
        # what only the sampler asks, worked out when asked (a view, made at every decision,
        # never does): the game is read then, so a Sight is used at once, not kept
        self._g = g
        self._shown: dict[int, list[int]] | None = None
        self._aside: frozenset[int] | None = None

    @property
    def shown(self) -> dict[int, list[int]]:
        if self._shown is None:
            self._shown = _shown_hands(self._g, self.seat, self.open_hands)
        return self._shown

    @property
    def hidden_aside(self) -> frozenset[int]:
        if self._aside is None:
            g = self._g
            self._aside = frozenset(c for ctx in contexts(g)
                                    for c, q, _to in ctx.vars.get("aside", ())
                                    if q != self.seat and c in g.limbo)
        return self._aside

    def sees_hand(self, q: int) -> bool:
        """Whether the whole of q's hand is in sight: its own, or every hand open (E24)."""
        return q == self.seat or self.open_hands


def contexts(g: Game) -> list[Ctx]:
    """The effects in progress on the work stack, each once (their variables hold what an
    effect revealed or set aside)."""
    seen: set[int] = set()
    out: list[Ctx] = []
    for t in g.stack:
        if len(t) > 1 and type(t[1]) is Ctx and id(t[1]) not in seen:
            seen.add(id(t[1]))
            out.append(t[1])
    return out


def _shown_hands(g: Game, me: int, open_hands: bool) -> dict[int, list[int]]:
    shown: dict[int, list[int]] = {q: [] for q in range(g.n) if q != me}
    if open_hands:                                  # Age of Metadata: every hand is open
        for q in shown:
            shown[q] = g.players[q].hand[:]
        return shown
    for c in g.revealed.get(me, ()):                # Nosy: cards of a hand shown to me
        q = g.holder_of(c)
        if q in shown and c not in shown[q]:
            shown[q].append(c)
    for ctx in contexts(g):                         # Clever: revealed to everyone
        for q, c in ctx.vars.get("revealed", ()):
            if q in shown and c in g.players[q].hand and c not in shown[q]:
                shown[q].append(c)
    return shown


__all__ = ["Sight", "contexts"]
