"""Out-of-turn windows (R20, E16-E18): the moments another player may play a card from hand.

Parasitic after a trait is played, Automimicry/Chromatophores (and Righteous, against an
action that reaches another player) before an action, Late after stabilizing, Self-Awareness
and the "at any time" cards (Fey, Rainbow Horn) at the end of a turn (Sneaky's moment, and the
"at any time" cards', is World's End's, in `flow.py`). The Mythlings' other moments go
through one window, `t_window`: a trait with an action played from hand (Effigial), a dominant
played from hand (Orcish Tusks), a steal about to happen (Gelatinous), a trait leaving a pile
for the discard pile (Necromantic), a card discarded from its holder's hand (Witchy,
Zombified). Each window asks the eligible seats in turn order and is not even opened when no
hand holds such a card (`State.held`), which is most of the time: the base game never does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from doomlings_desktop.rules.attach import ask_host
from doomlings_desktop.rules.decisions import (
    CHOOSE_RECIPIENT,
    OFFER_OUT_OF_TURN,
    TAKE_REVEALED_CARD,
)
from doomlings_desktop.rules.events import Ruling, Transferred
from doomlings_desktop.rules.verbs import Ctx, t_effect
from doomlings_desktop.rules.verbs.core import _seen

if TYPE_CHECKING:
    from doomlings_desktop.rules.engine import Game


class Windows:
    """Mixed into `Game`: who could play an out-of-turn card now."""

    __slots__ = ()

    def reacting_cards(self, q: int, kind: str) -> list[int]:
        """Cards of that reaction kind in q's hand that q could legally play now."""
        hand = self.players[q].hand
        out = []
        for c in self.db.reactors.get(kind, ()):      # (a loop: no comprehension's call)
            if c in hand and self.play_problem(q, c) is None:
                out.append(c)
        return out

    def holds(self, q: int, kind: str) -> bool:
        hand = self.players[q].hand
        return any(c in hand for c in self.db.reactors.get(kind, ()))

    def offerable(self, q: int, kind: str, actor: int = -1) -> list[int]:
        """The cards of a Mythlings window's kind that q holds and may play now."""
        hand = self.players[q].hand
        return [c for c in self.db.reactors[kind] if c in hand and self.may_react(q, c, actor)]

    def may_react(self, q: int, c: int, actor: int = -1) -> bool:
        """Whether q may play reaction card c now: the round allows it (R17), its condition
        holds (`reaction_if`: Rainbow Horn's four colours, E16), and a dominant has room in
        the pile it would go into. Requirements are ignored (E18)."""
        if self.round_blocks(c) is not None:
            return False
        db = self.db
        d = db.cards[c]
        cond = d.reaction_if
        if cond is not None and cond[0](self, q, cond[1]) < cond[2]:
            return False
        if db.attach[c] is not None:        # Subdermal Plating: only with a host (E8)
            return self.has_host(q, c)
        if db.dominant[c]:
            return any(self.dominants(o) < 2 for o in _destinations(self, q, c, actor))
        return True

    def stolen_from_hand(self, p: int, q: int, c: int) -> bool:
        """p steals card c out of q's hand: into p's hand, or, for a card that is discarded
        if stolen (Gelatinous, E17), onto the discard pile. True if p got it."""
        if self.db.discard_if_stolen[c]:
            self.move(c, "hand", "discard", q)
            self.tell(Ruling, "stolen_discarded", c, q)
            return False
        self.move(c, "hand", "hand", q, p)
        return True


def _destinations(g: Game, q: int, c: int, actor: int) -> list[int]:
    into = g.db.cards[c].reaction_into
    if into == "actor":
        return [actor]
    return g.opponents(q) if into == "opponent" else [q]


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
    g.tell(Transferred, "parasitic", q, c, p, par)
    # The stolen trait's action is cancelled: drop its pending action from the stack.
    g.stack[:] = [x for x in g.stack if not _part_of_action(x, c)]
    take = (t_parasitic_take, p, c, q)
    n = len(g.stack)
    if g.announce("steal_coming", q, par, (p,)):
        g.stack.insert(n, take)     # Gelatinous: the victim may play it first (E17)
    else:
        t_parasitic_take(g, take)


def t_parasitic_take(g: Game, t: tuple) -> None:
    _, p, c, q = t
    if c in g.players[p].pile:
        if g.db.discard_if_stolen[c]:      # Gelatinous stolen goes to the discard pile (E31)
            g.discard_from_pile(p, c, by=q)
        else:
            g.move_trait(p, q, c)


def _part_of_action(x: tuple, c: int) -> bool:
    """Whether task x is card c's action still to come (or a window before it)."""
    f = x[0]
    return ((f is t_cancel_window or f is t_resolve) and x[2] == c) \
        or (f is t_effect and x[1].card == c and x[1].i == 0) \
        or (f is t_window and x[1] == "action_played" and x[3] == c)


def t_resolve(g: Game, t: tuple) -> None:
    """Card t[2]'s action for player t[1], after the windows of its play (Effigial)."""
    g.resolve_action(t[1], t[2])


def t_cancel_window(g: Game, t: tuple) -> None:
    """R20: other players may play Automimicry/Chromatophores to cancel this action, and
    Righteous if the action can reach another player (E17)."""
    _, p, c, i = t
    harm = g.db.reaches[c]
    while i < g.n:
        q = (p + i) % g.n
        i += 1
        cards = g.reacting_cards(q, "cancel_action")
        if harm:
            cards += g.offerable(q, "cancel_harm", p)
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
    g.tell(Ruling, "prevent", c, q, _seen(g, c, (q,)), other=x)
    if g.db.reaction[x] == "cancel_harm":
        place_reaction(g, q, x, p, quiet=True)
    else:
        g.play_out_of_turn(q, x)


def t_late_window(g: Game, t: tuple) -> None:
    p = t[1]
    cards = g.reacting_cards(p, "late")
    if cards:
        g.ask(p, "react", OFFER_OUT_OF_TURN,
              cards + ["pass"], "You may play Late now", (t_late_ans, p),
              zone="hand")


def t_late_ans(g: Game, t: tuple) -> None:
    if g.answer != "pass":
        g.play_from_hand(t[1], g.answer)


def t_turn_over(g: Game, t: tuple) -> None:
    """End of a turn: Self-Awareness holders may play it into an opponent's pile (R20), and
    the holders of an "at any time" card may play it (E16), each seat in turn order."""
    p = t[1]
    db = g.db
    held = g.held
    if not (held["self_awareness"] or held["any_time"]):
        return
    i = t[2] if len(t) > 2 else 1
    any_time = db.reactors["any_time"]
    while i <= g.n:
        q = (p + i) % g.n
        i += 1
        hand = g.players[q].hand
        cards = [c for c in db.reactors["self_awareness"] if c in hand
                 and g.round_blocks(c) is None]
        if any_time:
            cards += g.offerable(q, "any_time")
        if cards:
            g.ask(q, "react", OFFER_OUT_OF_TURN, cards + ["pass"],
                  "You may play a card out of turn now" if any_time else
                  "You may play Self-Awareness into an opponent's pile",
                  (t_self_aware_ans, p, i, q), zone="hand")
            return


def t_self_aware_ans(g: Game, t: tuple) -> None:
    _, p, i, q = t
    if g.answer == "pass":
        g.stack.append((t_turn_over, p, i))
        return
    g.stack.append((t_turn_over, p, i - 1))     # the same seat may play another card
    c = g.answer
    if g.db.reaction[c] != "self_awareness":     # an "at any time" card (E16)
        place_reaction(g, q, c, -1)
        return
    opts = [o for o in g.opponents(q) if not (g.db.dominant[c] and g.dominants(o) >= 2)]
    g.ask(q, "player", CHOOSE_RECIPIENT, opts, f"Into whose pile does {g.db.name(c)} go?",
          (t_self_aware_target, q, c), card=c, subject=c)


def t_self_aware_target(g: Game, t: tuple) -> None:
    _, q, c = t
    o = g.answer
    g.play_out_of_turn(q, c, into=o)
    g.tell(Transferred, "self_awareness", q, c, o)


# ---------------------------------------------------------------------- World's End

def t_we_offer(g: Game, t: tuple) -> None:
    p = t[1]
    cards = g.reacting_cards(p, "sneaky")
    any_time = g.db.reactors["any_time"]
    if any_time:
        cards += g.offerable(p, "any_time")
    if cards:
        g.ask(p, "react", OFFER_OUT_OF_TURN, cards + ["pass"],
              "World's End: you may play a card out of turn now" if any_time
              else "World's End: you may play Sneaky now", (t_we_offer_ans, p), zone="hand")


def t_we_offer_ans(g: Game, t: tuple) -> None:
    p, c = t[1], g.answer
    if c == "pass":
        return
    g.stack.append((t_we_offer, p))     # another card may follow
    if g.db.reaction[c] == "sneaky":
        g.play_from_hand(p, c)
    else:
        place_reaction(g, p, c, -1)


# ---------------------------------------------------------------------- the Mythlings' window

# The generic windows' kinds and what their offer says: a new kind of out-of-turn card whose
# play goes into a pile (`place_reaction`) is a line here and one in rules/moments.py's LISTENS.
PROMPTS: dict[str, str] = {
    "action_played": "{actor} played {card}, whose action is about to resolve: play a card?",
    "dominant_played": "{actor} played the dominant {card}: play a card out of turn?",
    "before_steal": "{actor}'s {card} is about to steal: play a card out of turn first?",
    "trait_discarded": "{card} went to the discard pile: play a card out of turn and take it?",
    "self_discarded": "{card} was discarded from your hand: play it instead?",
}


def _prompt(g: Game, kind: str, p: int, c: int | tuple) -> str:
    name = g.db.name
    card = ", ".join(name(x) for x in c) if isinstance(c, tuple) else name(c)
    return PROMPTS[kind].format(actor=g.pname(p) if p >= 0 else "", card=card)


def t_window(g: Game, t: tuple) -> None:
    """(t_window, kind, p, c, seats, i): seats[i:] in order are offered their cards of this
    reaction kind. p is the player whose play or effect opened it (-1: none); c the card it
    is about: the trait played (action_played, dominant_played), the stealing card
    (before_steal), the traits that went to the discard pile (trait_discarded: a tuple), the
    discarded card itself (self_discarded)."""
    _, kind, p, c, seats, i = t
    if kind == "trait_discarded":
        gone = tuple(x for x in c if x in g.discard)
        if not gone:
            return
        c = gone
    while i < len(seats):
        q = seats[i]
        i += 1
        if kind == "self_discarded":
            cards = [c] if c in g.discard and g.may_react(q, c, p) else []
        else:
            cards = g.offerable(q, kind, p)
        if cards:
            about = c[0] if kind == "trait_discarded" else c
            g.ask(q, "react", OFFER_OUT_OF_TURN, cards + ["pass"], _prompt(g, kind, p, c),
                  (t_window_ans, kind, p, c, seats, i, q), card=about, zone="hand",
                  subject=about)
            return


def t_window_ans(g: Game, t: tuple) -> None:
    _, kind, p, c, seats, i, q = t
    g.stack.append((t_window, kind, p, c, seats, i))    # the next seats are asked after
    x = g.answer
    if x == "pass":
        return
    if kind == "trait_discarded":       # Necromantic: then the trait comes into q's hand
        g.stack.append((t_take_discarded, q, c, x))
    # it leaves the discard pile again when it was the card discarded: played instead
    place_reaction(g, q, x, p, src="discard" if kind == "self_discarded" else "hand")


def place_reaction(g: Game, q: int, c: int, actor: int, quiet: bool = False,
                   src: str = "hand") -> None:
    """q's reaction card c (in q's hand, or the discard pile) goes into the pile its
    `reaction_into` names: q's own, the actor's, or an opponent's that q picks. An
    out-of-turn play: no action (E18), no stabilizing (R20); it is the last trait played
    (Natural Harmony)."""
    g.move(c, "discard" if src == "discard" else "hand", "limbo", q)
    if g.db.attach[c] is not None:      # an attachment goes onto the host q picks (E8, E16)
        ask_host(g, q, c, "", quiet)
        return
    dests = _destinations(g, q, c, actor)
    if g.db.dominant[c]:
        dests = [o for o in dests if g.dominants(o) < 2]
    if len(dests) == 1 or g.db.cards[c].reaction_into != "opponent":
        t_place(g, (t_place, q, c, dests[0], quiet))
        return
    g.ask(q, "player", CHOOSE_RECIPIENT, dests, f"Into whose pile does {g.db.name(c)} go?",
          (t_place, q, c, None, quiet), card=c, subject=c)


def t_place(g: Game, t: tuple) -> None:
    _, q, c, o, quiet = t
    if o is None:
        o = g.answer
    g.move(c, "limbo", "pile", q=o)
    g.last_colors = g.db.colors[c]
    if g.moves is not None:
        g.noted_played(q, c, True, into=o)
        if not quiet:       # Played.line: "Ann plays Fey out of turn into their pile."
            g.told()


def t_take_discarded(g: Game, t: tuple) -> None:
    """Necromantic (E17, E31): the trait that went to the discard pile comes into q's hand;
    of several discarded at once (a host and its attachment), q picks one."""
    _, q, cards, _card = t
    left = [x for x in cards if x in g.discard]
    if len(left) > 1:
        g.ask(q, "card", TAKE_REVEALED_CARD, left, "Take which trait into your hand?",
              (t_take_discarded_ans, q), card=_card, zone="discard")
    elif left:
        _take(g, q, left[0])


def t_take_discarded_ans(g: Game, t: tuple) -> None:
    _take(g, t[1], g.answer)


def _take(g: Game, q: int, c: int) -> None:
    g.move(c, "discard", "hand", q=q)
    g.told()        # Moved.line: "Ann takes Antlers from the discard pile into their hand."
