"""What the viewer has chosen for the pending decision, before answering it: the one answer
selected (a card, a player, a button's value; with several cards, the arrow keys' cursor) and,
for a choice of several hand cards, the cards picked so far.

The engine asks "discard 2 cards" one card at a time; its first ask says how many picks the
sequence takes (`Decision.count`). The table lets the player click the cards (each click
chooses or puts back), shows them raised with a counter, and Confirm (or Enter) answers them
one after another (`answers.ChooseCards` gives the typed `GiveAll`; the table applies it).

`Selection` is state only: the decision widgets (answers.py) change it, the panels read it to
light what is chosen. The picks belong to one decision: a new decision (an answer, an undo,
another viewer) starts with none, so nothing has to be cleared by hand.
"""

from __future__ import annotations

from typing import Any

from doomlings_desktop.ui.phrases import counted


def several(d: Any) -> bool:
    """Whether decision d is a choice of several hand cards, made at once at this table."""
    return d is not None and d.count > 1 and d.kind == "card" and d.zone == "hand"


def rest_of(now: Any, first: Any, left: int) -> bool:
    """Whether `now` asks for the last `left` picks of the sequence `first` opened."""
    return (now is not None and now.player == first.player and now.kind == "card"
            and now.zone == "hand" and now.count == left)


class Selection:
    """The chosen answer (`chosen`: None until something is chosen) and the cards picked for
    the pending choice of several cards."""

    def __init__(self) -> None:
        self.chosen: Any = None
        self._picked: list[int] = []
        self._for: Any = None

    def clear(self) -> None:
        """Nothing chosen (an answer was given, the viewer changed, a move was undone)."""
        self.chosen = None

    def of(self, d: Any) -> list[int]:
        """The cards picked for decision d, in the order they were picked."""
        if self._for is not d:
            self._for = d
            self._picked = []
        return self._picked

    def seen(self, d: Any) -> list[int]:
        """The cards picked for decision d, without starting a new choice (a reader that is
        not the table: the automation's state file)."""
        return list(self._picked) if self._for is d else []

    def ready(self, d: Any) -> bool:
        """Confirm is on: exactly `count` picked, or any number up to it if it may stop early
        (none picked then means pass)."""
        n = len(self.of(d))
        return n <= d.count if "pass" in d.options else n == d.count

    def counter(self, d: Any) -> str:
        return counted(len(self.of(d)), d.count, "pass" in d.options)

    def toggle(self, d: Any, card: int) -> str | None:
        """A click (or a number key) on a hand card: pick it, or put it back. Returns why not,
        if it may not be picked."""
        picked = self.of(d)
        if card in picked:
            picked.remove(card)
        elif card not in d.options:
            return "You cannot choose that card now."
        elif len(picked) >= d.count:
            return f"{d.count} cards are chosen: click one of them to put it back."
        else:
            picked.append(card)
        return None
