"""Out-of-turn windows (R20): the moments another player may play a card from hand.

Parasitic after a trait is played, Automimicry/Chromatophores before an action, Late after
stabilizing, Self-Awareness at the end of a turn (Sneaky's moment is World's End's, in
`flow.py`). Each window asks the seats in turn order and is skipped at once when no hand holds
such a card (`anyone_holds`), which is most of the time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from doomlings_desktop.rules.decisions import (
    CHOOSE_RECIPIENT,
    OFFER_OUT_OF_TURN,
)
from doomlings_desktop.rules.verbs import Ctx, t_effect

if TYPE_CHECKING:
    from doomlings_desktop.rules.engine import Game


class Windows:
    """Mixed into `Game`: who could play an out-of-turn card now."""

    __slots__ = ()

    def reacting_cards(self, q: int, kind: str) -> list[int]:
        """Cards of that reaction kind in q's hand that q could legally play now."""
        hand = self.players[q].hand
        out = []
        for c in self.db.reactors.get(kind, ()):
            if c in hand and self.play_problem(q, c) is None:
                out.append(c)
        return out

    def holds(self, q: int, kind: str) -> bool:
        hand = self.players[q].hand
        return any(c in hand for c in self.db.reactors.get(kind, ()))

    def anyone_holds(self, kind: str) -> bool:
        """Whether any hand holds an out-of-turn card of that kind (a window's fast exit)."""
        for c in self.db.reactors[kind]:
            for pl in self.players:
                if c in pl.hand:
                    return True
        return False


def t_parasitic_window(g: Game, t: tuple) -> None:
    """R20: opponents may play Parasitic to steal the trait just played from hand."""
    _, p, c, i = t
    while i < g.n:
        q = (p + i) % g.n
        i += 1
        cards = g.reacting_cards(q, "parasitic")
        if cards and c in g.players[p].pile:
            g.ask(q, "react", OFFER_OUT_OF_TURN, cards + ["pass"],
                  f"{g.pname(p)} played {g.db.name(c)}: play Parasitic to steal it?",
                  (t_parasitic_ans, p, c, i, q), card=c, zone="hand", subject=c)
            return


def t_parasitic_ans(g: Game, t: tuple) -> None:
    _, p, c, i, q = t
    if g.answer == "pass":
        g.stack.append((t_parasitic_window, p, c, i))
        return
    par = g.answer
    g.play_out_of_turn(q, par)
    if g.log is not None:
        g.say("parasitic", f"{g.pname(q)} plays {g.db.name(par)} and steals {g.db.name(c)}!")
    if c in g.players[p].pile:
        g.move_trait(p, q, c)
    # The stolen trait's action is cancelled: drop its pending action from the stack.
    g.stack[:] = [x for x in g.stack if not (x[0] is t_cancel_window and x[2] == c)
                  and not (x[0] is t_effect and x[1].card == c and x[1].i == 0)]


def t_cancel_window(g: Game, t: tuple) -> None:
    """R20: other players may play Automimicry/Chromatophores to cancel this action."""
    _, p, c, i = t
    while i < g.n:
        q = (p + i) % g.n
        i += 1
        cards = g.reacting_cards(q, "cancel_action")
        if cards:
            g.ask(q, "react", OFFER_OUT_OF_TURN, cards + ["pass"],
                  f"{g.pname(p)}'s {g.db.name(c)} is about to act: prevent it?",
                  (t_cancel_ans, p, c, i, q), card=c, zone="hand", subject=c)
            return
    g.stack.append((t_effect, Ctx(p, c, g.db.cards[c].action)))


def t_cancel_ans(g: Game, t: tuple) -> None:
    _, p, c, i, q = t
    if g.answer == "pass":
        g.stack.append((t_cancel_window, p, c, i))
        return
    x = g.answer
    g.play_out_of_turn(q, x)
    if g.log is not None:
        g.say("prevent", f"{g.pname(q)} plays {g.db.name(x)}: {g.db.name(c)}'s action is prevented.")


def t_late_window(g: Game, t: tuple) -> None:
    p = t[1]
    if not g.holds(p, "late"):
        return
    cards = g.reacting_cards(p, "late")
    if cards:
        g.ask(p, "react", OFFER_OUT_OF_TURN,
              cards + ["pass"], "You may play Late now", (t_late_ans, p),
              zone="hand")


def t_late_ans(g: Game, t: tuple) -> None:
    if g.answer != "pass":
        g.play_from_hand(t[1], g.answer)


def t_turn_over(g: Game, t: tuple) -> None:
    """End of a turn: Self-Awareness holders may play it into an opponent's pile (R20)."""
    p = t[1]
    if not g.anyone_holds("self_awareness"):
        return
    i = t[2] if len(t) > 2 else 1
    while i <= g.n:
        q = (p + i) % g.n
        i += 1
        hand = g.players[q].hand
        cards = [c for c in g.db.reactors["self_awareness"] if c in hand
                 and g.round_blocks(c) is None]
        if cards:
            g.ask(q, "react", OFFER_OUT_OF_TURN, cards + ["pass"],
                  "You may play Self-Awareness into an opponent's pile",
                  (t_self_aware_ans, p, i, q), zone="hand")
            return


def t_self_aware_ans(g: Game, t: tuple) -> None:
    _, p, i, q = t
    g.stack.append((t_turn_over, p, i))
    if g.answer == "pass":
        return
    c = g.answer
    opts = [o for o in g.opponents(q) if not (g.db.dominant[c] and g.dominants(o) >= 2)]
    g.ask(q, "player", CHOOSE_RECIPIENT, opts, f"Into whose pile does {g.db.name(c)} go?",
          (t_self_aware_target, q, c), card=c, subject=c)


def t_self_aware_target(g: Game, t: tuple) -> None:
    _, q, c = t
    o = g.answer
    g.play_out_of_turn(q, c, into=o)
    if g.log is not None:
        g.say("self_awareness", f"{g.pname(q)} plays {g.db.name(c)} into {g.pname(o)}'s pile.")
