"""The decision widgets, one class per kind of decision (or family of kinds): each owns its
buttons in the prompt's row (or in its window), their letters (the letter answers it), the
table targets it is answered on (cards in the hand, a pile or a window; a player's area), its
keys (the ui/keys.py actions it takes) and its help line, and turns an event into a typed
answer (widget.py: `Give`, `GiveAll`, `Attach`, `Refuse`, `Select`). The prompt hosts the
widget of the pending decision (`panels.Prompt.widget`); `KINDS` maps each kind to its class.

    NoPlay, YesNo, ColorChoice, EndTurn   answer buttons with letters (EndTurn: Enter)
    Player                                a player: their button or anywhere in their area
    Card, Catastrophe                     a card chosen on the table, then confirmed
    ChooseCards                           several hand cards picked, confirmed at once
    Play                                  a trait from the hand onto your pile (click-then-
                                          click, number keys; an attachment onto a lit host)
    Offer                                 an out-of-turn offer, in its window (Play / Pass)

Drag and drop stays in input.py (it spans frames and the Drag overlay draws it); its drop
ends in the same `Give` and `Attach` answers.
"""

from __future__ import annotations

from typing import Any

import pygame
from pygame import Rect

from doomlings_desktop.rules.decisions import TURN_PLAY
from doomlings_desktop.ui import keys
from doomlings_desktop.ui.app import Button, Text
from doomlings_desktop.ui.phrases import with_counter
from doomlings_desktop.ui.table.attach import host_in
from doomlings_desktop.ui.table.attach import refusal as host_refusal
from doomlings_desktop.ui.table.picks import several
from doomlings_desktop.ui.table.widget import (
    Answer,
    Attach,
    Give,
    GiveAll,
    Option,
    Refuse,
    Select,
    Widget,
)

Decision = Widget       # the name the kinds' base had before it was a widget


class NoPlay(Widget):
    line = "no_play"

    @classmethod
    def answers(cls, names: Any, d: Any) -> list[Option]:
        return [Option("Skip turn", "skip", "s"), Option("Discard hand, draw 3", "redraw", "r")]


class YesNo(Widget):
    line = "yes_no"

    @classmethod
    def answers(cls, names: Any, d: Any) -> list[Option]:
        return [Option("Yes", "yes", "y"), Option("No", "no", "n")]


class ColorChoice(Widget):
    line = "colors"

    @classmethod
    def answers(cls, names: Any, d: Any) -> list[Option]:
        return [Option(c.capitalize(), c, c[0]) for c in d.options if c != "pass"]


class EndTurn(Widget):
    """After the play, before stabilizing: End turn (Enter); Undo is the prompt's."""

    line = "end_turn"

    @classmethod
    def answers(cls, names: Any, d: Any) -> list[Option]:
        return [Option("End turn", "end")]

    def question(self) -> str:
        return "Your play is done. End turn (Enter) to stabilize and pass on" + (
            ", or Undo (Ctrl+Z) to take the play back." if self.host.can_undo() else ".")

    def key_end_turn(self, event: pygame.event.Event) -> Answer | None:
        return Give("end")


class Player(Widget):
    """A player: a button each, or a click anywhere in their area; chosen, then confirmed
    (Confirm, or choosing them again)."""

    confirm = True

    @classmethod
    def answers(cls, names: Any, d: Any) -> list[Option]:
        return [Option(names.name(s), s) for s in d.options]

    @classmethod
    def key(cls, value: Any) -> tuple:
        return ("select_player", value)

    def chosen(self, value: Any) -> bool:
        return self.host.selection.chosen == value       # by click, arrows or number

    def press(self, key: Any) -> Answer | None:
        if isinstance(key, tuple) and key[0] == "select_player":
            return self._choose(key[1])
        return super().press(key)

    def value_of(self, target: Any) -> Any:
        # anywhere in a player's area chooses that player: their pile strips and gene pool
        # lie over the panel, and a strip's card int must never be read as a seat
        return target[1] if target[0] in ("panel", "strip", "gene_pool") else None

    def pick(self, target: Any) -> Answer | None:
        value = self.value_of(target)
        if value is None:
            return None
        return self._choose(value) if value in self.d.options else Select(
            self.host.selection.chosen)

    def _choose(self, seat: int) -> Answer:
        sel = self.host.selection
        if sel.chosen == seat:          # chosen again: confirmed, as with cards
            return Give(seat)
        sel.chosen = seat
        return Select(seat)


class Card(Widget):
    """A card in the hand, a pile or a window: chosen there, then confirmed."""

    confirm = True

    def pass_label(self) -> str:
        label = super().pass_label()
        return "Done" if label == "Pass" else label

    def key_number(self, event: pygame.event.Event) -> Answer | None:
        """N chooses the Nth hand card from the left when the cards are in the hand (saying
        why, if it may not be chosen); else the Nth choice."""
        if self.d.zone != "hand" or self.host.view is None:
            return super().key_number(event)
        i = keys.digit(event.unicode) - 1
        hand = list(self.host.view.hand)
        if i < len(hand):
            if hand[i] in self.options():
                self.host.selection.chosen = hand[i]
            else:
                return self.refusal(hand[i])
        return Select(self.host.selection.chosen)

    def refusal(self, card: int) -> Answer:
        return Refuse("You cannot choose that card now.")


class Catastrophe(Card):
    def pass_label(self) -> str:
        return Widget.pass_label(self)


class ChooseCards(Card):
    """Several hand cards at once ("discard 2 cards"): each click or number key picks a card
    or puts it back; Confirm (or Enter with no cursor) answers them all; with "up to", none
    picked is a pass. The arrows move a cursor, and Enter picks the card under it."""

    line = "several"

    def question(self) -> str:
        return with_counter(self.d.prompt, self.host.selection.counter(self.d)) + \
            ": click cards, then Confirm"

    def confirm_ready(self) -> bool:
        return self.host.selection.ready(self.d)

    def shows_pass(self) -> bool:
        return False            # Confirm with none picked is the pass

    def press(self, key: Any) -> Answer | None:
        return self._confirm() if key == "confirm" else super().press(key)

    def pick(self, target: Any) -> Answer | None:
        if target[0] != "hand":
            return super().pick(target)
        return self._toggle(target[1])

    def cursor(self) -> Any:
        sel = self.host.selection
        picked = sel.of(self.d)
        return sel.chosen if sel.chosen in self.options() else (picked[-1] if picked else None)

    def key_picks(self, event: pygame.event.Event) -> Answer | None:
        """Enter picks the card under the cursor, or with no cursor confirms; a number picks
        (or puts back) the Nth hand card."""
        sel = self.host.selection
        if event.key in keys.ENTER:
            if sel.chosen in self.d.options and sel.chosen != "pass":
                out = self._toggle(sel.chosen)
                sel.chosen = None
                return out
            return self._confirm()
        if keys.digit(event.unicode) and self.host.view is not None:
            i = keys.digit(event.unicode) - 1
            hand = list(self.host.view.hand)
            return self._toggle(hand[i]) if i < len(hand) else Select(sel.chosen)
        return None

    def _toggle(self, card: int) -> Answer:
        why = self.host.selection.toggle(self.d, card)
        return Refuse(why) if why else Select(self.host.selection.chosen)

    def _confirm(self) -> Answer:
        sel = self.host.selection
        if not sel.ready(self.d):
            return Refuse(f"Choose {self.d.count} cards first.")
        return GiveAll(self.d, tuple(sel.of(self.d)))


class Play(Card):
    """The turn's play (or a play from elsewhere): a card chosen, then your pile clicked (or
    Enter, or the card again); an attachment chosen lights its hosts, and a click on one plays
    it there. A card that may not be played says why."""

    def question(self) -> str:
        if self.d.intent == TURN_PLAY:
            return "Your turn: drag a trait onto your pile (or click it, then your pile)."
        return super().question()

    def confirm_label(self) -> str:
        return "Play"

    def pass_label(self) -> str:
        return Widget.pass_label(self)

    def carried(self) -> int | None:
        """The attachment chosen, if the chosen card is one (its hosts are lit)."""
        v = self.host.view
        c = self.host.selection.chosen
        return c if v is not None and v.hosts and c in v.hosts else None

    def value_of(self, target: Any) -> Any:
        if target[0] == "panel" or (target[0] == "strip" and self.carried() is not None):
            return target[1]
        return super().value_of(target)

    def pick(self, target: Any) -> Answer | None:
        carry = self.carried()
        if carry is not None and target[0] in ("strip", "panel"):
            host = host_in(self.host.view, target, carry)
            return Attach(carry, host) if host is not None else Refuse(
                host_refusal(self.host.view, self.host.card_name(carry), carry))
        chosen = self.host.selection.chosen
        if target[0] == "panel":
            # the chosen hand card, onto my pile
            return Give(chosen) if chosen is not None and target[1] == self.host.viewer \
                else Select(chosen)
        return super().pick(target)

    def not_an_option(self, target: Any, value: Any) -> Answer | None:
        return self.refusal(value) if target[0] == "hand" else super().not_an_option(
            target, value)

    def refusal(self, card: int) -> Answer:
        """The engine's reason this card may not be played now."""
        v = self.host.view
        why = v.why_not.get(card) if v is not None else None
        return Refuse(why or "You cannot play that card now.")


class Offer(Widget):
    """An out-of-turn offer (Automimicry, Late, Sneaky...), answered in its window: a Play
    button for each offered card (two at most) and Pass, under the cards. Y or Enter plays a
    single card; with two, the arrows choose and Y plays; N or Space passes."""

    line = "yes_no"

    def window_buttons(self, u: float, text: Text, card_name: Any) -> list[Button]:
        """Its buttons for the window's row (the window places them)."""
        from doomlings_desktop.ui.theme import GO_TONE

        bh = int(46 * u)
        self.buttons = []
        for c in self.options()[:2]:
            label = f"Play {card_name(c)}"
            bw = max(int(150 * u), text.font(int(17 * u), True).size(label)[0] + int(28 * u))
            self.buttons.append(Button(Rect(0, 0, bw, bh), label, ("answer", c), True, "",
                                       tone=GO_TONE))
        self.buttons.append(Button(Rect(0, 0, int(120 * u), bh), "Pass", ("answer", "pass"),
                                   True, ""))
        return list(self.buttons)

    def help_line(self) -> str:
        return ("Y or Enter: play it" if len(self.options()) == 1 else
                "Arrows, then Y: play one") + "    N or Space: pass"

    def key_offer_one(self, event: pygame.event.Event) -> Answer | None:
        """Y or Enter on an offer of one card: yes, play it."""
        opts = self.options()
        return Give(opts[0]) if len(opts) == 1 else None

    def key_offer_selected(self, event: pygame.event.Event) -> Answer | None:
        chosen = self.host.selection.chosen
        return Give(chosen) if chosen in self.options() else None

    def key_decline(self, event: pygame.event.Event) -> Answer | None:
        return Give("pass")


KINDS: dict[str, type[Widget]] = {
    "no_play": NoPlay, "yesno": YesNo, "color": ColorChoice, "player": Player,
    "end_turn": EndTurn, "card": Card, "play": Play, "catastrophe": Catastrophe,
    "react": Offer,
}
"""The widget of each kind of decision (a choice of several hand cards is ChooseCards)."""


def of(d: Any) -> type[Widget]:
    """The widget class for decision `d`."""
    if several(d):
        return ChooseCards
    return KINDS.get(d.kind, Widget)


def widget_for(d: Any, host: Any) -> Widget:
    return of(d)(d, host)


__all__ = ["KINDS", "Decision", "Option", "Widget", "of", "widget_for"]
