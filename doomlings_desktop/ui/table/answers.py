"""The answer buttons of each kind of decision, in one place per kind (issue 26's decision
widgets, first part): which buttons a decision of that kind shows in the prompt and the letter
on each (the letter answers it: `TableInput.key_hotkey`), the key each button sends
(`TableInput.on_button` reads it), whether it takes a Confirm, what its pass button says, and
its keys' line of the help. The prompt (panels.Prompt) lays the row out; it no longer knows the kinds.

A kind not listed has no answer buttons of its own (a card or a play is chosen on the table,
then confirmed; an out-of-turn offer is answered in its window)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from doomlings_desktop.rules.decisions import LOSE_OWN_TRAIT, MOVE_ATTACHMENT


@dataclass(frozen=True)
class Answer:
    """One answer button: its label, the answer, and the key that answers it (shown on it)."""

    label: str
    value: Any
    hotkey: str = ""


class Decision:
    """What the prompt shows for a decision of one kind. The base: no answer buttons, no
    Confirm."""

    confirm = False         # choose on the table, then Confirm (or click the chosen one again)
    line = ""               # its keys' line of the help (ui/keys.py LINES), if it has keys

    def answers(self, sc: Any, d: Any) -> list[Answer]:
        return []

    def key(self, value: Any) -> tuple:
        """What the button for `value` sends to `TableInput.on_button`."""
        return ("answer", value)

    def chosen(self, sc: Any, value: Any) -> bool:
        """Whether the button for `value` is the selection (drawn lit)."""
        return False

    def confirm_label(self) -> str:
        return "Confirm"

    def pass_label(self, d: Any) -> str:
        # an optional loss (Dermal Armor) is declined, not finished: "Done" read as if
        # something had been chosen
        return "Keep it" if d.intent == MOVE_ATTACHMENT else \
            "Skip" if d.intent == LOSE_OWN_TRAIT else "Pass"


class NoPlay(Decision):
    line = "no_play"

    def answers(self, sc: Any, d: Any) -> list[Answer]:
        return [Answer("Skip turn", "skip", "s"), Answer("Discard hand, draw 3", "redraw", "r")]


class YesNo(Decision):
    line = "yes_no"

    def answers(self, sc: Any, d: Any) -> list[Answer]:
        return [Answer("Yes", "yes", "y"), Answer("No", "no", "n")]


class ColorChoice(Decision):
    line = "colors"

    def answers(self, sc: Any, d: Any) -> list[Answer]:
        return [Answer(c.capitalize(), c, c[0]) for c in d.options if c != "pass"]


class Player(Decision):
    """A player: a button each (a click anywhere in their area does the same), confirmed."""

    confirm = True

    def answers(self, sc: Any, d: Any) -> list[Answer]:
        return [Answer(sc.name(s), s) for s in d.options]

    def key(self, value: Any) -> tuple:
        return ("select_player", value)

    def chosen(self, sc: Any, value: Any) -> bool:
        return sc.selected == value          # by click, arrows or number


class EndTurn(Decision):
    line = "end_turn"

    def answers(self, sc: Any, d: Any) -> list[Answer]:
        return [Answer("End turn", "end")]


class Card(Decision):
    """A card in the hand, a pile or a window: chosen there, then confirmed."""

    confirm = True

    def pass_label(self, d: Any) -> str:
        label = super().pass_label(d)
        return "Done" if label == "Pass" else label


class Play(Card):
    def confirm_label(self) -> str:
        return "Play"

    def pass_label(self, d: Any) -> str:
        return Decision.pass_label(self, d)


class Catastrophe(Card):
    def pass_label(self, d: Any) -> str:
        return Decision.pass_label(self, d)


KINDS: dict[str, Decision] = {
    "no_play": NoPlay(), "yesno": YesNo(), "color": ColorChoice(), "player": Player(),
    "end_turn": EndTurn(), "card": Card(), "play": Play(), "catastrophe": Catastrophe(),
}
"""The prompt's part of each kind of decision; any other kind (react) is the base."""


def of(d: Any) -> Decision:
    return KINDS.get(d.kind, Decision())
