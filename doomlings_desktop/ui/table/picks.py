"""Choosing several hand cards at once. The engine asks "discard 2 cards" one card at a time;
its first ask says how many picks the sequence takes (`Decision.count`). The table lets the
player click the cards (each click chooses or puts back), shows them raised with a counter,
and Confirm (or Enter) answers them one after another through the normal apply path, then
'pass' if the sequence may stop early and fewer were chosen.

The chosen cards belong to one decision: a new decision (an answer, an undo, another viewer)
starts with none, so nothing has to be cleared by hand.
"""

from __future__ import annotations

from typing import Any

import pygame

from doomlings_desktop.ui import keys
from doomlings_desktop.ui.phrases import counted


def several(d: Any) -> bool:
    """Whether decision d is a choice of several hand cards, made at once at this table."""
    return d is not None and d.count > 1 and d.kind == "card" and d.zone == "hand"


def _rest_of(now: Any, first: Any, left: int) -> bool:
    """Whether `now` asks for the last `left` picks of the sequence `first` opened."""
    return (now is not None and now.player == first.player and now.kind == "card"
            and now.zone == "hand" and now.count == left)


class CardPicks:
    """The cards chosen so far for the pending choice of several cards."""

    def __init__(self, scene: Any) -> None:
        self.sc = scene
        self._chosen: list[int] = []
        self._for: Any = None

    def of(self, d: Any) -> list[int]:
        """The cards chosen for decision d, in the order they were chosen."""
        if self._for is not d:
            self._for = d
            self._chosen = []
        return self._chosen

    def ready(self, d: Any) -> bool:
        """Confirm is on: exactly `count` chosen, or any number up to it if it may stop early
        (none chosen then means pass)."""
        n = len(self.of(d))
        return n <= d.count if "pass" in d.options else n == d.count

    def counter(self, d: Any) -> str:
        return counted(len(self.of(d)), d.count, "pass" in d.options)

    def toggle(self, d: Any, card: int) -> None:
        """A click (or a number key) on a hand card: choose it, or put it back."""
        sc = self.sc
        chosen = self.of(d)
        if card in chosen:
            chosen.remove(card)
        elif card not in d.options:
            sc.say("You cannot choose that card now.")
            sc.app.sounds.play("error")
        elif len(chosen) >= d.count:
            sc.say(f"{d.count} cards are chosen: click one of them to put it back.")
            sc.app.sounds.play("error")
        else:
            chosen.append(card)

    def confirm(self, d: Any) -> None:
        """Answer the chosen cards in turn, then 'pass' if fewer were chosen than it may take.
        Each answer must still be legal in the decision it meets (it always is: each asks for
        the rest of the same choice), else the rest is left for the player."""
        sc = self.sc
        if not self.ready(d):
            sc.say(f"Choose {d.count} cards first.")
            sc.app.sounds.play("error")
            return
        chosen = list(self.of(d))
        total = d.count
        for i, c in enumerate(chosen):
            now = sc.my_decision()
            if not _rest_of(now, d, total - i) or c not in now.options or not sc.apply(c):
                return
        left = total - len(chosen)
        now = sc.my_decision()
        if left and _rest_of(now, d, left) and "pass" in now.options:
            sc.apply("pass")

    def key(self, event: pygame.event.Event, d: Any) -> bool:
        """Keys of a choice of several cards: a number chooses (or puts back) the Nth hand
        card; Enter chooses the card under the arrow keys' cursor, or, with no cursor,
        confirms. Returns whether the key was used."""
        sc = self.sc
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if sc.selected in d.options and sc.selected != "pass":
                self.toggle(d, sc.selected)
                sc.selected = None
            else:
                self.confirm(d)
            return True
        if keys.digit(event.unicode) and sc.view:
            i = keys.digit(event.unicode) - 1
            hand = list(sc.view.hand)
            if i < len(hand):
                self.toggle(d, hand[i])
            return True
        return False
