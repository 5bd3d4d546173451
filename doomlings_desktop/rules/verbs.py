"""The verb library: every card behavior in `cards.yaml` is a list of these steps.

A verb is a function `(game, ctx, args)` plus a parameter schema that the loader checks.
Verbs that need a decision push a continuation task and call `game.ask`; the continuation
reads `game.answer`. `ctx` carries who acts, which card acts, and named values between steps.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from doomlings_desktop.rules.decisions import (
    CHOOSE_COLOR,
    CHOOSE_OPPONENT,
    CHOOSE_RECIPIENT,
    CHOOSE_WORLD_END,
    CONFIRM,
    DISCARD_HAND_CARD,
    DISCARD_OPPONENT_TRAIT,
    EXTRA_PLAY,
    GIVE_HAND_CARD,
    LOSE_OWN_TRAIT,
    RETURN_TRAIT,
    REVEAL_HAND_CARD,
    SECRET_COLOR,
    SWAP_FOR_TRAIT,
    SWAP_OWN_TRAIT,
    TAKE_OPPONENT_TRAIT,
    TAKE_REVEALED_CARD,
    USE_TRAIT_ACTION,
)

REQUIRED = object()
COLORS = ("red", "blue", "green", "purple")


class Verb:
    __slots__ = ("name", "fn", "params", "short")

    def __init__(self, name: str, fn: Callable, params: dict, short: str | None) -> None:
        self.name, self.fn, self.params, self.short = name, fn, params, short


class Step:
    """One compiled step: the verb, its checked arguments, and an optional condition."""

    __slots__ = ("verb", "args", "cond")

    def __init__(self, verb: Verb, args: dict, cond: tuple | None) -> None:
        self.verb, self.args, self.cond = verb, args, cond

    def __repr__(self) -> str:
        return f"<Step {self.verb.name} {self.args}>"


class Ctx:
    """An effect in progress: the acting seat, the card, its steps, where it is, and values."""

    __slots__ = ("player", "card", "steps", "i", "vars")

    def __init__(self, player: int, card: int, steps: tuple, vars: dict | None = None) -> None:
        self.player = player
        self.card = card
        self.steps = steps
        self.i = 0
        self.vars = vars if vars is not None else {}

    def clone(self) -> Ctx:
        c = Ctx(self.player, self.card, self.steps, dict(self.vars) if self.vars else {})
        c.i = self.i
        return c


VERBS: dict[str, Verb] = {}


def verb(verb_name: str, short: str | None = None, **params: tuple) -> Callable:
    def register(fn: Callable) -> Callable:
        VERBS[verb_name] = Verb(verb_name, fn, params, short)
        return fn
    return register


# Verbs whose effect always reaches another player's hand, pile or cards; `discard_hand`,
# `discard_trait` and `return_trait` do when their options name others.
_REACHING = frozenset({"steal_trait", "steal_hand", "swap_traits", "swap_hands", "give",
                       "give_neighbours", "pass_hands", "mutual_discard", "move_self"})


def reaches_others(steps: tuple) -> bool:
    """Whether these steps can steal, swap, discard, give or look at something of another
    player: Righteous' "an action that affects an opponent" (E17), read from the card data."""
    for s in steps:
        name, a = s.verb.name, s.args
        if name in _REACHING or (name in ("discard_hand", "discard_trait")
                                 and a["who"] != "self") \
                or (name == "return_trait" and a["whose"] == "opponents"):
            return True
        for v in a.values():
            if isinstance(v, tuple) and v and isinstance(v[0], Step) and reaches_others(v):
                return True
    return False


def t_effect(g: Any, t: tuple) -> None:
    """Run the next step of an effect; the effect stays on the stack until its steps are done."""
    ctx = t[1]
    steps = ctx.steps
    if ctx.i >= len(steps):
        return
    s = steps[ctx.i]
    ctx.i += 1
    if ctx.i < len(steps):
        g.stack.append(t)
    if s.cond is not None and not _holds(g, ctx, s.cond):
        return
    s.verb.fn(g, ctx, s.args)


def _holds(g: Any, ctx: Ctx, cond: tuple) -> bool:
    k, v = cond
    if k == "pile_has":
        return g.has_in_pile(ctx.player, v)
    return bool(ctx.vars.get(v))


def _count(g: Any, ctx: Ctx, spec: Any) -> int:
    if isinstance(spec, int):
        return spec
    fn, arg = spec
    return fn(g, ctx.player, arg)


def _seats(g: Any, p: int, who: str, ctx: Ctx | None = None) -> list[int]:
    if who == "self":
        return [p]
    if who == "opponents":
        return g.opponents(p)
    if who == "affected" and ctx is not None and "affected" in ctx.vars:
        return list(ctx.vars["affected"])   # a catastrophe's: all but those Denial spares
    return g.order_from(p)


def _name(g: Any, c: int) -> str:
    return g.db.name(c)


def _title(g: Any, ctx: Ctx) -> str:
    return _name(g, ctx.card) if ctx.card >= 0 else ""


def _try_play_now(g: Any, p: int, c: int) -> None:
    """'Play it immediately': a play from hand if legal now (R17/R18), else it stays in hand."""
    if c not in g.players[p].hand:
        return
    why = g.play_problem(p, c)
    if why:
        if g.log is not None:
            g.say("stays", f"{_name(g, c)} cannot be played now and stays in hand ({why}).")
        return
    g.play_from_hand(p, c)


# ---------------------------------------------------------------------- drawing

@verb("draw", short="n", n=("count", 1), save=("str", None), who=("enum:self|opponents", "self"))
def v_draw(g: Any, ctx: Ctx, a: dict) -> None:
    """The acting player draws (`who: opponents`: each opponent in turn order, Phreakish
    Eyes, E28)."""
    if a["who"] == "opponents":
        n = _count(g, ctx, a["n"])
        for q in g.opponents(ctx.player):
            g.draw(q, n)
        return
    got = g.draw(ctx.player, _count(g, ctx, a["n"]))
    if a["save"]:
        ctx.vars[a["save"]] = tuple(got)


@verb("stabilize")
def v_stabilize(g: Any, ctx: Ctx, a: dict) -> None:
    g.stabilize(ctx.player)


@verb("no_stabilize")
def v_no_stabilize(g: Any, ctx: Ctx, a: dict) -> None:
    """Pride: the acting player does not stabilize at the end of this turn (their own turn
    only: an effect resolved in another's turn leaves stabilizing alone)."""
    if ctx.player == g.current:
        g.no_stabilize = ctx.player


@verb("take_discard", short="n", n=("count", 1))
def v_take_discard(g: Any, ctx: Ctx, a: dict) -> None:
    """Bones: the acting player picks `n` traits from the (public) discard pile, one at a
    time, into their hand."""
    g.stack.append((t_take_discard, ctx, _count(g, ctx, a["n"])))


def t_take_discard(g: Any, t: tuple) -> None:
    _, ctx, left = t
    cards = g.db.cards
    opts = [c for c in dict.fromkeys(g.discard[::-1]) if cards[c].kind == "trait"]
    if left <= 0 or not opts:
        return
    g.ask_picks(min(left, len(opts)), ctx.player, "card", TAKE_REVEALED_CARD, opts,
                f"{_title(g, ctx)}: take a card from the discard pile ({left} left)",
                (t_take_discard_ans, ctx, left), card=ctx.card, zone="discard")


def t_take_discard_ans(g: Any, t: tuple) -> None:
    _, ctx, left = t
    p, c = ctx.player, g.answer
    g.discard.remove(c)
    g.players[p].hand.append(c)
    if g.log is not None:
        g.say("take", f"{g.pname(p)} takes {_name(g, c)} from the discard pile into their hand.")
    g.stack.append((t_take_discard, ctx, left - 1))


@verb("deal_discard", short="n", n=("count", 1))
def v_deal_discard(g: Any, ctx: Ctx, a: dict) -> None:
    """Badlands (E22): the discard pile is shuffled and `n` cards are dealt face down to each
    affected player in turn order from the first player (only the receiver sees a card);
    the rest stay in the discard pile. Fewer if it runs out."""
    n = _count(g, ctx, a["n"])
    seats = ctx.vars.get("affected", g.order_from(g.first))
    pile = g.discard
    g.rng.shuffle(pile)
    g.shown = True
    for q in seats:
        got = []
        for _ in range(n):
            if not pile:
                break
            c = pile.pop()
            g.players[q].hand.append(c)
            got.append(c)
        if got and g.log is not None:
            g.say("deal", f"{g.pname(q)} is dealt {len(got)} from the discard pile.", (q,),
                  f"{g.pname(q)} is dealt {', '.join(_name(g, c) for c in got)} from the "
                  "discard pile.")


@verb("keep_one", among=("str", REQUIRED), color_var=("str", None))
def v_keep_one(g: Any, ctx: Ctx, a: dict) -> None:
    """Ancient (E25): of the cards saved under `among` (just drawn), the acting player keeps
    one (of the colour saved in `color_var`, if given: any of its colours, E5); the others go
    to the bottom of the trait deck in a random order."""
    p = ctx.player
    drawn = _drawn(g, ctx, a)
    col = ctx.vars.get(a["color_var"]) if a["color_var"] else None
    opts = [c for c in drawn if col is None or col in g.db.colors[c]]
    if len(opts) > 1:
        g.ask(p, "card", TAKE_REVEALED_CARD, opts,
              f"{_title(g, ctx)}: keep which card you drew" + (f" ({col})?" if col else "?"),
              (t_keep_one, ctx, a), card=ctx.card, zone="hand")
        return
    _keep(g, ctx, drawn, opts[0] if opts else -1)


def _drawn(g: Any, ctx: Ctx, a: dict) -> list[int]:
    hand = g.players[ctx.player].hand
    return [c for c in ctx.vars.get(a["among"], ()) if c in hand]


def t_keep_one(g: Any, t: tuple) -> None:
    _, ctx, a = t
    _keep(g, ctx, _drawn(g, ctx, a), g.answer)


def _keep(g: Any, ctx: Ctx, drawn: list[int], kept: int) -> None:
    p = ctx.player
    hand = g.players[p].hand
    rest = [c for c in drawn if c != kept]
    for c in rest:
        hand.remove(c)
    g.rng.shuffle(rest)
    g.deck[:0] = rest          # the deck's top is the end of the list
    if g.log is not None:
        what = _name(g, kept) if kept >= 0 else "no card"
        g.say("keep", f"{g.pname(p)} keeps {'a card' if kept >= 0 else 'no card'} and puts "
              f"{len(rest)} at the bottom of the trait deck.", (p,),
              f"{g.pname(p)} keeps {what} and puts {len(rest)} at the bottom of the trait deck.")


@verb("peek_age", n=("int", 1))
def v_peek_age(g: Any, ctx: Ctx, a: dict) -> None:
    """The acting player sees the next age card (`n: 2`: the next two, Neural Link)."""
    if g.age_deck:
        p = ctx.player
        top = g.age_deck[-1]
        g.known_age[p] = top
        g.shown = True
        seen = [top]
        if a["n"] >= 2 and len(g.age_deck) > 1:    # at most two: the state keeps two
            g.known_below[p] = g.age_deck[-2]
            seen.append(g.age_deck[-2])
        if g.log is not None:
            what = "the next age" if len(seen) == 1 else "the next 2 ages"
            g.say("peek", f"{g.pname(p)} looks at {what}.", (p,),
                  f"{g.pname(p)} sees {what}: {', '.join(_name(g, c) for c in seen)}.")


@verb("draw_for_score", cap=("int", REQUIRED))
def v_draw_for_score(g: Any, ctx: Ctx, a: dict) -> None:
    """Deus Ex Machina: draw, score the face value (at most cap), discard it."""
    p = ctx.player
    got = g.draw(p, 1)
    if got:
        c = got[0]
        v = min(g.db.value[c], a["cap"])
        g.players[p].hand.remove(c)
        g.discard.append(c)
        g.players[p].we_points.append((_title(g, ctx), v))
        if g.log is not None:
            g.say("deus", f"{g.pname(p)} draws {_name(g, c)}: {v:+d} points.")
        if g.db.on_hand_discard[c]:     # discarded from the hand it was drawn into (E17)
            g.hand_discarded(p, c)


# ---------------------------------------------------------------------- hands

@verb("discard_hand", short="n", n=("count", 1), all=("bool", False), keep=("int", -1),
      half_up=("bool", False), random=("bool", False),
      who=("enum:self|opponents|all|affected", "self"), color_var=("str", None),
      among=("str", None), up_to=("bool", False), filter=("filter", ()),
      then_stabilize=("bool", False), simultaneous=("bool", False),
      chosen_by=("enum:self|right", "self"))
def v_discard_hand(g: Any, ctx: Ctx, a: dict) -> None:
    """Discard cards from hands: a number, all, all but k, half, of a color; owner picks.
    `who: affected`: the players a catastrophe affects (all but those Denial spares).
    `simultaneous` (E29: Thagomizer, Badlands): each player picks in turn order from the first
    player, their picks set aside unseen; then all are discarded at once."""
    seats = _seats(g, ctx.player, a["who"], ctx)
    if a["simultaneous"]:
        ctx.vars["aside"] = ()
        g.stack.append((t_aside_discarded, ctx))
        seats = [q for q in g.order_from(g.first) if q in seats]
    for q in reversed(seats):
        g.stack.append((t_discard_hand_for, ctx, q, a))


def _lose_hand_card(g: Any, ctx: Ctx, q: int, c: int, a: dict) -> None:
    """q discards c from hand, or with `simultaneous` sets it aside until everyone has picked
    (no one else sees it: the log tells them only that a card was set aside)."""
    if not a["simultaneous"]:
        g.discard_from_hand(q, c)
        return
    g.players[q].hand.remove(c)
    g.limbo.append(c)
    ctx.vars["aside"] = ctx.vars["aside"] + ((c, q, -1),)
    if g.log is not None:
        g.say("aside", f"{g.pname(q)} sets a card aside.", (q,),
              f"{g.pname(q)} sets {_name(g, c)} aside to discard.")


def t_aside_discarded(g: Any, t: tuple) -> None:
    """Every card set aside by a simultaneous discard goes to the discard pile, in turn order."""
    ctx = t[1]
    for c, q, _to in ctx.vars.get("aside", ()):
        g.limbo.remove(c)
        g.players[q].hand.append(c)     # discarded from the hand it was picked from
        g.discard_from_hand(q, c)
    ctx.vars["aside"] = ()
    g.shown = True


def _hand_candidates(g: Any, ctx: Ctx, q: int, a: dict) -> list[int]:
    hand = g.players[q].hand
    cands = hand
    if a["among"]:
        saved = ctx.vars.get(a["among"], ())
        cands = [c for c in hand if c in saved]
    if a["color_var"]:
        col = ctx.vars.get(a["color_var"])
        if a["chosen_by"] == "right":   # the colour the seat on q's right named (E21)
            col = col[(q - 1) % g.n] if col else None
        cands = [c for c in cands if col in g.db.colors[c]]   # any of its colours (E5)
    if a["filter"]:
        cands = [c for c in cands if g.matches(q, c, a["filter"])]
    return cands[:] if cands is hand else cands


def t_discard_hand_for(g: Any, t: tuple) -> None:
    _, ctx, q, a = t
    cands = _hand_candidates(g, ctx, q, a)
    if not cands:
        return
    hand = g.players[q].hand
    if a["all"] or a["color_var"]:
        k = len(cands)
    elif a["keep"] >= 0:
        k = len(hand) - a["keep"]
    elif a["half_up"]:
        k = (len(hand) + 1) // 2
    else:
        k = _count(g, ctx, a["n"])
    k = min(k, len(cands))
    if k <= 0:
        return
    if a["then_stabilize"]:
        g.stack.append((t_stabilize_if, ctx, q, len(hand)))
    if a["random"]:
        for _ in range(k):
            c = cands.pop(g.rng.below(len(cands)))
            _lose_hand_card(g, ctx, q, c, a)
        return
    if k >= len(cands) and not a["up_to"]:
        for c in cands:
            _lose_hand_card(g, ctx, q, c, a)
        return
    g.stack.append((t_discard_pick, ctx, q, a, k))


def t_discard_pick(g: Any, t: tuple) -> None:
    _, ctx, q, a, left = t
    cands = _hand_candidates(g, ctx, q, a)
    if left <= 0 or not cands:
        return
    opts = cands + ["pass"] if a["up_to"] else cands
    what = f"up to {left}" if a["up_to"] else f"{left}"
    g.ask_picks(min(left, len(cands)), q, "card", DISCARD_HAND_CARD, opts,
                f"{_title(g, ctx)}: discard {what} card{'s' if left > 1 else ''}",
                (t_discard_pick_ans, ctx, q, a, left), card=ctx.card, zone="hand")


def t_discard_pick_ans(g: Any, t: tuple) -> None:
    _, ctx, q, a, left = t
    if g.answer == "pass":
        return
    _lose_hand_card(g, ctx, q, g.answer, a)
    g.stack.append((t_discard_pick, ctx, q, a, left - 1))


def t_stabilize_if(g: Any, t: tuple) -> None:
    _, ctx, q, before = t
    if len(g.players[q].hand) < before:
        g.stabilize(q)


@verb("secret_discard", lowest=("steps", ()))
def v_secret_discard(g: Any, ctx: Ctx, a: dict) -> None:
    """Eyes Open from Behind the Stars (E20, E29): each affected player, in turn order, picks
    a card of their hand face down, none seeing the others' picks; then all are discarded at
    once, and each player whose card has the lowest face value runs the `lowest` steps."""
    ctx.vars["aside"] = ()
    g.stack.append((t_secret_reveal, ctx, a))
    for q in reversed(ctx.vars.get("affected", tuple(g.order_from(ctx.player)))):
        g.stack.append((t_secret_pick, ctx, q))


def t_secret_pick(g: Any, t: tuple) -> None:
    _, ctx, q = t
    hand = g.players[q].hand
    if hand:
        g.ask(q, "card", DISCARD_HAND_CARD, hand[:],
              f"{_title(g, ctx)}: choose a card to discard (no one sees it until all have chosen)",
              (t_secret_pick_ans, ctx, q), card=ctx.card, zone="hand")


def t_secret_pick_ans(g: Any, t: tuple) -> None:
    """The pick is set aside face down (as The Big One's) until everyone has chosen."""
    _, ctx, q = t
    c = g.answer
    g.players[q].hand.remove(c)
    g.limbo.append(c)
    ctx.vars["aside"] = ctx.vars["aside"] + ((c, q, q),)
    if g.log is not None:
        g.say("aside", f"{g.pname(q)} chooses a card face down.", (q,),
              f"{g.pname(q)} chooses {_name(g, c)} face down.")


def t_secret_reveal(g: Any, t: tuple) -> None:
    _, ctx, a = t
    picks = ctx.vars.get("aside", ())
    ctx.vars["aside"] = ()
    if not picks:
        return
    g.shown = True
    val = g.db.value
    for c, q, _ in picks:
        # back to the hand it came from and discarded from there, so that a card answering
        # a discard from hand sees this one like any other
        g.limbo.remove(c)
        g.players[q].hand.append(c)
        g.discard_from_hand(q, c)
    low = min(val[c] for c, _, _ in picks)
    losers = [q for c, q, _ in picks if val[c] == low]
    if g.log is not None:
        g.say("lowest", f"Lowest face value discarded ({low}): "
              f"{', '.join(g.pname(q) for q in losers)}.")
    if a["lowest"]:
        for q in reversed(losers):
            g.stack.append((t_effect, Ctx(q, ctx.card, a["lowest"])))


@verb("steal_hand", n=("count", 1), random=("bool", True), look=("int", 0),
      reveal=("bool", False), play=("bool", False), look_all=("bool", False))
def v_steal_hand(g: Any, ctx: Ctx, a: dict) -> None:
    """Take cards from an opponent's hand: at random, after a look (at `look` random cards,
    or `look_all`: the whole hand, Grey Hat), or among revealed cards."""
    p = ctx.player
    if a["reveal"]:
        ctx.vars["revealed"] = ()
        g.stack.append((t_reveal_pick, ctx, a))
        for q in reversed(g.opponents(p)):
            g.stack.append((t_reveal_one, ctx, q))
        if g.anyone_holds("before_steal"):      # Gelatinous, before the reveals (E31)
            g.open_window("before_steal", p, ctx.card,
                          tuple(q for q in g.opponents(p) if g.players[q].hand))
        return
    opps = [q for q in g.opponents(p) if g.players[q].hand]
    if not opps:
        return
    g.ask(p, "player", CHOOSE_OPPONENT, opps, f"{_title(g, ctx)}: steal from whose hand?",
          (t_steal_hand_from, ctx, a), card=ctx.card)


def t_steal_hand_from(g: Any, t: tuple) -> None:
    _, ctx, a = t
    q = g.answer
    take = (t_steal_hand_take, ctx, a, q)
    if g.anyone_holds("before_steal") and g.holds(q, "before_steal"):
        g.stack.append(take)        # Gelatinous: its holder may play it first (E31)
        g.open_window("before_steal", ctx.player, ctx.card, (q,))
    else:
        t_steal_hand_take(g, take)


def t_steal_hand_take(g: Any, t: tuple) -> None:
    _, ctx, a, q = t
    p = ctx.player
    hand = g.players[q].hand
    if not hand:
        return
    if a["look"] or a["look_all"]:
        if a["look_all"]:
            k = len(hand)
            seen = hand[:]
        else:
            k = min(a["look"], len(hand))
            idx = list(range(len(hand)))
            seen = []
            for _ in range(k):
                seen.append(hand[idx.pop(g.rng.below(len(idx)))])
        g.revealed[p] = tuple(seen)
        g.shown = True
        if g.log is not None:
            g.say("look", f"{g.pname(p)} looks at {k} cards of {g.pname(q)}'s hand.", (p, q),
                  f"{g.pname(p)} looks at {', '.join(_name(g, c) for c in seen)} "
                  f"from {g.pname(q)}'s hand.")
        g.ask(p, "card", TAKE_REVEALED_CARD,
              seen, f"{_title(g, ctx)}: steal one", (t_steal_seen, ctx, a, q),
              card=ctx.card, zone="revealed", sources=(q,) * len(seen))
        return
    k = min(_count(g, ctx, a["n"]), len(hand))
    taken = []
    for _ in range(k):
        c = hand.pop(g.rng.below(len(hand)))
        if g.stolen_from_hand(p, q, c):
            taken.append(c)
    if g.log is not None and taken:
        k = len(taken)      # fewer when a stolen card was discarded (Gelatinous, E17)
        g.say("steal_hand", f"{g.pname(p)} steals {k} card{'s' if k != 1 else ''} from "
              f"{g.pname(q)}'s hand.", (p, q),
              f"{g.pname(p)} steals {', '.join(_name(g, c) for c in taken)} from {g.pname(q)}.")


def t_steal_seen(g: Any, t: tuple) -> None:
    _, ctx, a, q = t
    p, c = ctx.player, g.answer
    g.revealed.pop(p, None)
    g.players[q].hand.remove(c)
    if not g.stolen_from_hand(p, q, c):
        return
    if g.log is not None:
        g.say("steal_hand", f"{g.pname(p)} steals {_name(g, c)} from {g.pname(q)}'s hand.")
    if a["play"]:
        _try_play_now(g, p, c)


def t_reveal_one(g: Any, t: tuple) -> None:
    _, ctx, q = t
    hand = g.players[q].hand
    if hand:
        g.ask(q, "card", REVEAL_HAND_CARD,
              hand[:], f"{_title(g, ctx)}: reveal a card from your hand",
              (t_reveal_one_ans, ctx, q), card=ctx.card, zone="hand")


def t_reveal_one_ans(g: Any, t: tuple) -> None:
    _, ctx, q = t
    ctx.vars["revealed"] = ctx.vars["revealed"] + ((q, g.answer),)
    g.shown = True
    if g.log is not None:
        g.say("reveal", f"{g.pname(q)} reveals {_name(g, g.answer)}.")


def t_reveal_pick(g: Any, t: tuple) -> None:
    _, ctx, a = t
    shown = [(q, c) for q, c in ctx.vars.get("revealed", ()) if c in g.players[q].hand]
    if shown:
        g.ask(ctx.player, "card", TAKE_REVEALED_CARD, [c for _, c in shown],
              f"{_title(g, ctx)}: steal one revealed card", (t_reveal_pick_ans, ctx, a),
              card=ctx.card, zone="revealed", sources=tuple(q for q, _ in shown))


def t_reveal_pick_ans(g: Any, t: tuple) -> None:
    _, ctx, a = t
    p, c = ctx.player, g.answer
    q = g.holder_of(c)
    g.players[q].hand.remove(c)
    if not g.stolen_from_hand(p, q, c):
        return
    if g.log is not None:
        g.say("steal_hand", f"{g.pname(p)} steals {_name(g, c)} from {g.pname(q)}'s hand.")
    if a["play"]:
        _try_play_now(g, p, c)


@verb("swap_hands")
def v_swap_hands(g: Any, ctx: Ctx, a: dict) -> None:
    g.ask(ctx.player, "player", CHOOSE_OPPONENT, g.opponents(ctx.player),
          f"{_title(g, ctx)}: swap hands with whom?", (t_swap_hands, ctx), card=ctx.card)


def t_swap_hands(g: Any, t: tuple) -> None:
    p, q = t[1].player, g.answer
    a, b = g.players[p], g.players[q]
    a.hand, b.hand = b.hand, a.hand
    g.shown = True
    if g.log is not None:
        g.say("swap_hands", f"{g.pname(p)} and {g.pname(q)} swap hands.")


@verb("pass_hands", direction=("enum:left|right", "right"))
def v_pass_hands(g: Any, ctx: Ctx, a: dict) -> None:
    """Every affected player's hand goes to the previous (right) or next (left) affected seat."""
    seats = sorted(ctx.vars.get("affected", range(g.n)))
    if len(seats) < 2:
        return
    hands = [g.players[q].hand for q in seats]
    shift = -1 if a["direction"] == "right" else 1
    for i in range(len(seats)):
        g.players[seats[(i + shift) % len(seats)]].hand = hands[i]
    g.shown = True
    if g.log is not None:
        g.say("pass_hands", f"Every hand passes to the {a['direction']}.")


@verb("give_neighbours")
def v_give_neighbours(g: Any, ctx: Ctx, a: dict) -> None:
    """The Big One: each affected player picks a card for each neighbour; then all change hands."""
    ctx.vars["aside"] = ()
    g.stack.append((t_neighbours_deliver, ctx))
    for q in reversed(ctx.vars.get("affected", tuple(range(g.n)))):
        targets = [(q + 1) % g.n] if g.n == 2 else [(q + 1) % g.n, (q - 1) % g.n]
        for to in reversed(targets):
            g.stack.append((t_neighbour_pick, ctx, q, to))


def t_neighbour_pick(g: Any, t: tuple) -> None:
    _, ctx, q, to = t
    hand = g.players[q].hand
    if hand:
        g.ask(q, "card", GIVE_HAND_CARD,
              hand[:], f"{_title(g, ctx)}: choose a card for {g.pname(to)}",
              (t_neighbour_ans, ctx, q, to), card=ctx.card, zone="hand")


def t_neighbour_ans(g: Any, t: tuple) -> None:
    _, ctx, q, to = t
    g.players[q].hand.remove(g.answer)
    g.limbo.append(g.answer)
    ctx.vars["aside"] = ctx.vars["aside"] + ((g.answer, q, to),)


def t_neighbours_deliver(g: Any, t: tuple) -> None:
    ctx = t[1]
    g.shown = True
    for c, q, to in ctx.vars.get("aside", ()):
        g.limbo.remove(c)
        g.players[to].hand.append(c)
        if g.log is not None:
            g.say("give", f"{g.pname(q)} gives a card to {g.pname(to)}.", (q, to),
                  f"{g.pname(q)} gives {_name(g, c)} to {g.pname(to)}.")


# ---------------------------------------------------------------------- piles

@verb("steal_trait", filter=("filter", ()), then_action=("bool", False))
def v_steal_trait(g: Any, ctx: Ctx, a: dict) -> None:
    opps = g.opponents(ctx.player)
    opts = g.pile_targets(opps, a["filter"], "steal")
    if opts and g.anyone_holds("before_steal"):
        # Gelatinous: each player who may be stolen from may play it before the pick (E31)
        owners = {g.owner_of(c) for c in opts}
        g.stack.append((t_steal_trait_ask, ctx, a))
        g.open_window("before_steal", ctx.player, ctx.card, tuple(q for q in opps if q in owners))
    elif opts:
        g.ask(ctx.player, "card", TAKE_OPPONENT_TRAIT, opts, f"{_title(g, ctx)}: steal a trait",
              (t_steal_trait, ctx, a), card=ctx.card, zone="pile")


def t_steal_trait_ask(g: Any, t: tuple) -> None:
    """The steal's pick, after Gelatinous' window: Gelatinous may now be one of the targets."""
    _, ctx, a = t
    opts = g.pile_targets(g.opponents(ctx.player), a["filter"], "steal")
    if opts:
        g.ask(ctx.player, "card", TAKE_OPPONENT_TRAIT, opts, f"{_title(g, ctx)}: steal a trait",
              (t_steal_trait, ctx, a), card=ctx.card, zone="pile")


def t_steal_trait(g: Any, t: tuple) -> None:
    _, ctx, a = t
    p, c = ctx.player, g.answer
    q = g.owner_of(c)
    if g.db.discard_if_stolen[c]:       # Gelatinous stolen goes to the discard pile (E31)
        if g.log is not None:
            g.say("steal", f"{g.pname(p)} steals {_name(g, c)} from {g.pname(q)}: it is discarded.")
        g.discard_from_pile(q, c, by=p)
        return
    x = g.hosts.get(c, -1) if g.hosts else -1
    g.move_trait(q, p, c)
    if g.log is not None:
        g.say("steal", f"{g.pname(p)} steals {_name(g, c)} from {g.pname(q)}" +
              (f", with {_name(g, x)} attached." if x >= 0 else "."))
    if a["then_action"] and g.db.has_action[c]:
        g.resolve_action(p, c)


@verb("swap_traits", mode=("enum:same_color|different_color|self|any", REQUIRED))
def v_swap_traits(g: Any, ctx: Ctx, a: dict) -> None:
    p = ctx.player
    if g.protected("swap"):
        return
    if a["mode"] == "any":
        _swap_any(g, ctx)
        return
    if a["mode"] == "self":
        if ctx.card not in g.players[p].pile or g.hosts and g.keeps_place(ctx.card, "swap"):
            return
        opts = g.pile_targets(g.opponents(p), (), "swap")
        if opts:
            g.ask(p, "card", SWAP_FOR_TRAIT, opts, f"{_title(g, ctx)}: swap it with which trait?",
                  (t_swap_with, ctx, ctx.card), card=ctx.card, zone="pile", subject=ctx.card)
        return
    # Which of my traits have a partner depends only on its colours: find the opponents' once.
    theirs = set()
    for q in g.opponents(p):
        theirs.update(g.colors_of(q, c) for c in g.pile_targets([q], (), "swap"))
    theirs.discard(_COLORLESS)
    same = a["mode"] == "same_color"
    mine = []
    for c in g.pile_targets([p], (), "swap"):
        cols = g.colors_of(p, c)
        if cols != _COLORLESS and any(_shares(cols, t) == same for t in theirs):
            mine.append(c)
    if mine:
        g.ask(p, "card", SWAP_OWN_TRAIT,
              mine, f"{_title(g, ctx)}: choose one of your traits to swap",
              (t_swap_mine, ctx, a), card=ctx.card, zone="pile")


def _partners(g: Any, ctx: Ctx, a: dict, mine: int) -> list[int]:
    p = ctx.player
    cols = g.colors_of(p, mine)
    if cols == _COLORLESS:
        return []
    same = a["mode"] == "same_color"
    out = []
    for q in g.opponents(p):
        for c in g.pile_targets([q], (), "swap"):
            oc = g.colors_of(q, c)
            if oc != _COLORLESS and _shares(oc, cols) == same:
                out.append(c)
    return out


_COLORLESS = ("colorless",)


def _shares(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Two traits are the same colour if they share one: a multi-colour trait is each of its
    colours (E5), so it is a different colour only from a trait with none of them."""
    return any(x in b for x in a)


def _swap_any(g: Any, ctx: Ctx) -> None:
    """Juicy: a trait of any pile, then one of any other pile; the two change piles."""
    seats = g.order_from(ctx.player)
    first = g.pile_targets(seats, (), "swap")
    owners = {g.owner_of(c) for c in first}
    if len(owners) < 2:
        return
    g.ask(ctx.player, "card", SWAP_FOR_TRAIT, first,
          f"{_title(g, ctx)}: choose the first trait to swap", (t_swap_any, ctx),
          card=ctx.card, zone="pile")


def t_swap_any(g: Any, t: tuple) -> None:
    ctx = t[1]
    one = g.answer
    q = g.owner_of(one)
    others = g.pile_targets([s for s in g.order_from(ctx.player) if s != q], (), "swap")
    g.ask(ctx.player, "card", SWAP_FOR_TRAIT, others,
          f"{_title(g, ctx)}: swap {_name(g, one)} with which trait of another pile?",
          (t_swap_pair, ctx, one), card=ctx.card, zone="pile", subject=one)


def t_swap_pair(g: Any, t: tuple) -> None:
    _, ctx, one = t
    two = g.answer
    q, r = g.owner_of(one), g.owner_of(two)
    g.swap_traits(q, one, r, two)
    if g.log is not None:
        g.say("swap", f"{g.pname(ctx.player)} swaps {g.pname(q)}'s {_name(g, one)} with "
              f"{g.pname(r)}'s {_name(g, two)}.")


def t_swap_mine(g: Any, t: tuple) -> None:
    _, ctx, a = t
    mine = g.answer
    g.ask(ctx.player, "card", SWAP_FOR_TRAIT, _partners(g, ctx, a, mine),
          f"{_title(g, ctx)}: swap {_name(g, mine)} with which trait?",
          (t_swap_with, ctx, mine), card=ctx.card, zone="pile", subject=mine)


def t_swap_with(g: Any, t: tuple) -> None:
    _, ctx, mine = t
    p, theirs = ctx.player, g.answer
    q = g.owner_of(theirs)
    g.swap_traits(p, mine, q, theirs)
    if g.log is not None:
        g.say("swap", f"{g.pname(p)} swaps {_name(g, mine)} for {g.pname(q)}'s {_name(g, theirs)}.")


@verb("give", source=("enum:hand|pile", REQUIRED))
def v_give(g: Any, ctx: Ctx, a: dict) -> None:
    """Doting (a hand card) / Scutes (a non-dominant trait): pick the card, then who gets it."""
    p = ctx.player
    pile = a["source"] == "pile"
    opts = g.pile_targets([p]) if pile else g.players[p].hand[:]
    if opts:
        what = "a trait to give away" if pile else "a card to give"
        g.ask(p, "card", LOSE_OWN_TRAIT if pile else GIVE_HAND_CARD,
              opts, f"{_title(g, ctx)}: choose {what}", (t_give_card, ctx, pile),
              card=ctx.card, zone=a["source"])


def t_give_card(g: Any, t: tuple) -> None:
    _, ctx, pile = t
    c = g.answer
    g.ask(ctx.player, "player", CHOOSE_RECIPIENT, g.opponents(ctx.player),
          f"{_title(g, ctx)}: who gets {_name(g, c)}?",
          (t_give_trait_to if pile else t_give_hand_to, ctx, c), card=ctx.card, subject=c)


def t_give_hand_to(g: Any, t: tuple) -> None:
    _, ctx, c = t
    p, q = ctx.player, g.answer
    g.players[p].hand.remove(c)
    g.players[q].hand.append(c)
    g.shown = True
    if g.log is not None:
        g.say("give", f"{g.pname(p)} gives a card to {g.pname(q)}.", (p, q),
              f"{g.pname(p)} gives {_name(g, c)} to {g.pname(q)}.")


def t_give_trait_to(g: Any, t: tuple) -> None:
    _, ctx, c = t
    p, q = ctx.player, g.answer
    if c in g.players[p].pile:
        g.move_trait(p, q, c)
        if g.log is not None:
            g.say("give", f"{g.pname(p)} gives {_name(g, c)} to {g.pname(q)}.")


@verb("move_self")
def v_move_self(g: Any, ctx: Ctx, a: dict) -> None:
    p, c = ctx.player, ctx.card
    if c in g.players[p].pile and not g.db.dominant[c] \
            and not (g.hosts and g.keeps_place(c, "move")):
        g.ask(p, "player", CHOOSE_RECIPIENT,
              g.opponents(p), f"{_title(g, ctx)}: move it into whose pile?",
              (t_give_trait_to, ctx, c), card=c, subject=c)


@verb("return_trait", whose=("enum:opponents|own", "opponents"))
def v_return_trait(g: Any, ctx: Ctx, a: dict) -> None:
    """Costly Signaling (an opponent's trait) / Beauty (`whose: own`, one of yours, this card
    allowed): a non-dominant trait goes back to its owner's hand."""
    own = a["whose"] == "own"
    opts = g.pile_targets([ctx.player] if own else g.opponents(ctx.player))
    if opts:
        g.ask(ctx.player, "card", RETURN_TRAIT, opts,
              f"{_title(g, ctx)}: return " + ("one of your traits to your hand" if own
                                              else "a trait to its owner's hand"),
              (t_return_trait, ctx), card=ctx.card, zone="pile")


def _trait_words(flt: tuple) -> str:
    """'a purple trait', 'a trait worth 4 or more': the prompt says what the filter allows (the
    player otherwise learns it only from which cards are lit)."""
    words = dict(flt)
    color = words.get("color")
    least = words.get("value_at_least")
    if color and color != "colorless":
        return f"a {color} trait"
    if color:
        return "a colorless trait"
    return f"a trait worth {least} or more" if least is not None else "a trait"


def t_return_trait(g: Any, t: tuple) -> None:
    c = g.answer
    q = g.owner_of(c)
    if g.log is not None:
        g.say("return", f"{_name(g, c)} returns to {g.pname(q)}'s hand.")
    g.return_to_hand(q, c)


@verb("return_self")
def v_return_self(g: Any, ctx: Ctx, a: dict) -> None:
    p, c = ctx.player, ctx.card
    if c in g.players[p].pile and not (g.hosts and g.keeps_place(c, "return")):
        if g.log is not None:
            g.say("return", f"{g.pname(p)} returns {_name(g, c)} to their hand.")
        g.return_to_hand(p, c)


@verb("discard_trait", who=("enum:self|opponents|all|opponent", "self"), filter=("filter", ()),
      color_var=("str", None), random=("bool", False), chooser=("enum:owner|actor", "owner"),
      optional=("bool", False), highest=("bool", False))
def v_discard_trait(g: Any, ctx: Ctx, a: dict) -> None:
    """Each affected player loses a non-dominant trait (owner's pick, or at random); with
    `optional` the chooser may pass (Dermal Armor); with `who: opponent` the acting player
    picks one trait in any opponent's pile (Mighty)."""
    if a["who"] == "opponent":
        opts = g.pile_targets(g.opponents(ctx.player), a["filter"], "discard", source=ctx.card)
        if opts:
            g.ask(ctx.player, "card", DISCARD_OPPONENT_TRAIT, opts,
                  f"{_title(g, ctx)}: discard {_trait_words(a['filter'])} from an opponent's pile",
                  (t_discard_any_ans, ctx.player), card=ctx.card, zone="pile")
        return
    for q in reversed(_seats(g, ctx.player, a["who"])):
        g.stack.append((t_discard_trait_for, ctx, q, a))


def t_discard_any_ans(g: Any, t: tuple) -> None:
    """The trait the actor t[1] picked in whichever opponent's pile it lies."""
    g.discard_from_pile(g.owner_of(g.answer), g.answer, by=t[1])


def _highest(g: Any, opts: list[int]) -> list[int]:
    """Those of the traits with the highest face value (a variable value counts 0, R6)."""
    val = g.db.value
    top = max(val[c] for c in opts)
    return [c for c in opts if val[c] == top]


def t_discard_trait_for(g: Any, t: tuple) -> None:
    _, ctx, q, a = t
    flt = a["filter"]
    if a["color_var"]:
        col = ctx.vars.get(a["color_var"])
        if col is None:
            return
        flt = flt + (("color", col),)
    opts = g.pile_targets([q], flt, "discard", source=ctx.card)
    if not opts:
        return
    if a["highest"]:
        opts = _highest(g, opts)
    if a["random"]:
        g.discard_from_pile(q, opts[g.rng.below(len(opts))], at_random=True)
        return
    who = ctx.player if a["chooser"] == "actor" else q
    what = "a trait of the highest face value" if a["highest"] else _trait_words(flt)
    may = "you may " if a["optional"] else ""
    g.ask(who, "card", LOSE_OWN_TRAIT if who == q else DISCARD_OPPONENT_TRAIT,
          opts + ["pass"] if a["optional"] else opts,
          f"{_title(g, ctx)}: {may}discard {what} from {g.pname(q)}'s pile"
          if who != q else f"{_title(g, ctx)}: {may}discard {what} from your pile",
          (t_discard_trait_ans, q, who), card=ctx.card, zone="pile")


def t_discard_trait_ans(g: Any, t: tuple) -> None:
    """The trait picked from t[1]'s pile, by t[2] (who answered: the owner, or Reckless'
    player choosing from another pile); 'pass' where the discard was optional."""
    if g.answer != "pass":
        g.discard_from_pile(t[1], g.answer, by=t[2])


@verb("mutual_discard")
def v_mutual_discard(g: Any, ctx: Ctx, a: dict) -> None:
    """Reckless: you discard one of an opponent's traits, they discard one of yours (R19)."""
    if g.protected("discard"):
        return
    g.ask(ctx.player, "player", CHOOSE_OPPONENT, g.opponents(ctx.player),
          f"{_title(g, ctx)}: choose an opponent", (t_mutual_opp, ctx), card=ctx.card)


def t_mutual_opp(g: Any, t: tuple) -> None:
    ctx = t[1]
    p, q = ctx.player, g.answer
    g.stack.append((t_mutual_theirs, ctx, q))
    opts = g.pile_targets([q], (), "discard")
    if opts:
        g.ask(p, "card", DISCARD_OPPONENT_TRAIT,
              opts, f"{_title(g, ctx)}: discard a trait from {g.pname(q)}'s pile",
              (t_discard_trait_ans, q, p), card=ctx.card, zone="pile")


def t_mutual_theirs(g: Any, t: tuple) -> None:
    _, ctx, q = t
    p = ctx.player
    opts = [c for c in g.pile_targets([p], (), "discard") if c != ctx.card]
    if opts:
        g.ask(q, "card", DISCARD_OPPONENT_TRAIT,
              opts, f"{_title(g, ctx)}: discard a trait from {g.pname(p)}'s pile",
              (t_discard_trait_ans, p, q), card=ctx.card, zone="pile")


@verb("recolor")
def v_recolor(g: Any, ctx: Ctx, a: dict) -> None:
    """Faith: all of your traits of one color may become another color."""
    p = ctx.player
    have = g.pile_colors(p)
    present = [c for c in COLORS if c in have]
    if present:
        g.ask(p, "color", CHOOSE_COLOR,
              present + ["pass"], f"{_title(g, ctx)}: recolor which color?",
              (t_recolor_from, ctx), card=ctx.card)


def t_recolor_from(g: Any, t: tuple) -> None:
    ctx = t[1]
    if g.answer == "pass":
        return
    src = g.answer
    g.ask(ctx.player, "color", CHOOSE_COLOR, [c for c in COLORS if c != src],
          f"{_title(g, ctx)}: your {src} traits become which color?", (t_recolor_to, ctx, src),
          card=ctx.card)


def t_recolor_to(g: Any, t: tuple) -> None:
    _, ctx, src = t
    p, dst = ctx.player, g.answer
    pl = g.players[p]
    if pl.recolor is None:
        pl.recolor = {}
    for x in pl.pile:
        if src in g.colors_of(p, x):    # a multi-colour trait takes the one new colour
            pl.recolor[x] = dst
    if g.log is not None:
        g.say("recolor", f"{g.pname(p)}'s {src} traits become {dst}.")


# ---------------------------------------------------------------------- plays

@verb("play_another", source=("enum:hand|saved|discard|discard_top", "hand"),
      saved=("str", None), filter=("filter", ()), optional=("bool", False),
      action=("enum:resolve|ignore", "resolve"), pay=("enum:none|discard_self", "none"))
def v_play_another(g: Any, ctx: Ctx, a: dict) -> None:
    """An extra play: from hand (or the cards just drawn), or from the discard pile (R17, R18).
    `pay: discard_self` (Bony Plates, E27): the play is optional and costs this card, which
    leaves its player's pile first; it is offered only while that discard can happen, and
    what is legal is judged as if it were gone."""
    p = ctx.player
    src = a["source"]
    flt = a["filter"]
    db = g.db
    pay = a["pay"] == "discard_self"
    if pay:
        pile = g.players[p].pile
        if ctx.card not in g.pile_targets([p], (), "discard") or db.cards[ctx.card].keeps:
            return
        i = pile.index(ctx.card)
        del pile[i]         # legal as if it were already discarded (its colour, its count)
        try:
            opts = g.legal_plays(p)
        finally:
            pile.insert(i, ctx.card)
        if src == "saved":
            saved = ctx.vars.get(a["saved"], ())
            opts = [c for c in opts if c in saved]
        zone = "hand"
    elif src in ("hand", "saved"):
        opts = g.legal_plays(p)
        if src == "saved":
            saved = ctx.vars.get(a["saved"], ())
            opts = [c for c in opts if c in saved]
        zone = "hand"
    else:
        pool = g.discard[-1:] if src == "discard_top" else list(dict.fromkeys(g.discard[::-1]))
        full = g.dominants(p) >= 2
        opts = [c for c in pool if db.cards[c].kind == "trait" and g.round_blocks(c) is None
                and not (full and db.dominant[c])]
        if db.has_attachments:      # an attachment needs a host to go on (E8)
            opts = [c for c in opts if db.attach[c] is None or g.hosts_for(p, c)]
        zone = "discard"
    if flt:
        opts = [c for c in opts if g.matches(p, c, flt)]
    if not opts:
        return
    if pay:
        g.ask(p, "play", EXTRA_PLAY, opts + ["pass"],
              f"{_title(g, ctx)}: discard it from your pile to play one of these? (optional)",
              (t_play_another, ctx, a), card=ctx.card, zone=zone, subject=ctx.card)
        return
    if a["optional"]:
        opts = opts + ["pass"]
    g.ask(p, "play", EXTRA_PLAY, opts, f"{_title(g, ctx)}: play a trait" +
          (" (optional)" if a["optional"] else ""), (t_play_another, ctx, a), card=ctx.card,
          zone=zone)


def t_play_another(g: Any, t: tuple) -> None:
    _, ctx, a = t
    c = g.answer
    if c == "pass":
        return
    if a["pay"] == "discard_self" and not g.discard_from_pile(ctx.player, ctx.card):
        return
    resolve = a["action"] == "resolve"
    if a["source"] in ("hand", "saved"):
        g.play_from_hand(ctx.player, c, resolve_action=resolve)
    else:
        g.play_from_discard(ctx.player, c, resolve)


@verb("play_named", card=("card", REQUIRED))
def v_play_named(g: Any, ctx: Ctx, a: dict) -> None:
    """Birth of a Hero: a held copy is played now, ignoring requirement and dominant limit."""
    p = ctx.player
    for c in g.players[p].hand:
        if g.db.ident[c] == a["card"]:
            g.play_from_hand(p, c, ignore_requirement=True, allow_third=True)
            return


@verb("play_action_of", source=("enum:own|opponents|hand|host", REQUIRED))
def v_play_action_of(g: Any, ctx: Ctx, a: dict) -> None:
    """Painted Shell / Inventive: resolve the action of a trait in a pile as your own;
    Elongated Neck (`hand`): of a card in your hand, which stays there (E28); `host`: the
    action of the trait this card is attached to, at once (Electromagnetic, E13)."""
    p = ctx.player
    src = a["source"]
    ha = g.db.has_action
    cards = g.db.cards
    if src == "host":
        host = g.attached.get(ctx.card, -1)
        if host >= 0 and ha[host] and not g.blanked(host):
            if g.log is not None:
                g.say("copy", f"{g.pname(p)} plays the action of {_name(g, host)}.")
            g.resolve_action(p, host)
        return
    if src == "hand":
        pool = g.players[p].hand
    else:
        seats = [p] if src == "own" else g.opponents(p)
        pool = [c for q in seats for c in g.players[q].pile]
    # Copying a copier (Painted Shell <-> Inventive) could loop forever: those are not offered.
    # Nor is a trait whose text Lyonization blanks (E11).
    opts = [c for c in pool if ha[c] and c != ctx.card
            and not any(s.verb.fn is v_play_action_of for s in cards[c].action)
            and not (g.hosts and g.blanked(c))]
    if opts:
        where = "card in your hand" if src == "hand" else "trait"
        g.ask(p, "card", USE_TRAIT_ACTION,
              opts, f"{_title(g, ctx)}: which {where}'s action do you play?",
              (t_play_action_of, ctx), card=ctx.card, zone="hand" if src == "hand" else "pile")


def t_play_action_of(g: Any, t: tuple) -> None:
    ctx = t[1]
    if g.log is not None:
        g.say("copy", f"{g.pname(ctx.player)} plays the action of {_name(g, g.answer)}.")
    g.resolve_action(ctx.player, g.answer)


# ---------------------------------------------------------------------- choices

@verb("choose_color", save=("str", "color"), remember=("bool", False),
      among=("enum:all|most_in_pile", "all"))
def v_choose_color(g: Any, ctx: Ctx, a: dict) -> None:
    """The acting player names a colour; `among: most_in_pile` only one of the colours their
    pile counts most of (Bioengineered Plague's World's End: named at once if only one, none
    if the pile has no coloured trait)."""
    opts = list(COLORS)
    if a["among"] == "most_in_pile":
        cols = g.pile_colors(ctx.player)
        counts = [cols.count(c) for c in COLORS]
        top = max(counts)
        opts = [c for c, k in zip(COLORS, counts, strict=True) if k == top and top > 0]
        if len(opts) <= 1:
            ctx.vars[a["save"]] = opts[0] if opts else None
            return
    g.ask(ctx.player, "color", CHOOSE_COLOR, opts, f"{_title(g, ctx)}: choose a color",
          (t_choose_color, ctx, a), card=ctx.card)


def t_choose_color(g: Any, t: tuple) -> None:
    _, ctx, a = t
    ctx.vars[a["save"]] = g.answer
    if a["remember"]:
        g.marks[g.db.ident[ctx.card]] = (ctx.player, g.answer)
    if g.log is not None:
        g.say("color", f"{g.pname(ctx.player)} chooses {g.answer} for {_title(g, ctx)}.")


@verb("secret_colors", save=("str", "colors"))
def v_secret_colors(g: Any, ctx: Ctx, a: dict) -> None:
    """Every affected player (a catastrophe's, else every player) names a colour, in turn
    order from the acting player, none seeing the others' (E29); then all are told at once.
    Saved as one colour per seat (None: did not name one) under `save`."""
    seats = ctx.vars.get("affected", tuple(g.order_from(ctx.player)))
    ctx.vars[a["save"]] = (None,) * g.n
    ctx.vars[SECRET] = a["save"]     # a bot's sampled world forgets the others' picks
    g.stack.append((t_secret_told, ctx, a))
    for q in reversed(seats):
        g.stack.append((t_secret_color_pick, ctx, a, q))


SECRET = "secret"   # the ctx variable naming the variable that holds secret picks


def t_secret_color_pick(g: Any, t: tuple) -> None:
    _, ctx, a, q = t
    g.ask(q, "color", SECRET_COLOR, list(COLORS),
          f"{_title(g, ctx)}: choose a color (in secret)", (t_secret_ans, ctx, a, q),
          card=ctx.card)


def t_secret_ans(g: Any, t: tuple) -> None:
    _, ctx, a, q = t
    picks = list(ctx.vars[a["save"]])
    picks[q] = g.answer
    ctx.vars[a["save"]] = tuple(picks)


def t_secret_told(g: Any, t: tuple) -> None:
    _, ctx, a = t
    ctx.vars.pop(SECRET, None)
    if g.log is not None:
        named = [f"{g.pname(q)} {c}" for q, c in enumerate(ctx.vars[a["save"]]) if c]
        if named:
            g.say("color", f"{_title(g, ctx)}: the colors named: {', '.join(named)}.")


@verb("become_color")
def v_become_color(g: Any, ctx: Ctx, a: dict) -> None:
    """Free Will (E6): its owner names one of the four colours and the card is that colour
    from then on (never colorless). A World's End that starts with this verb resolves before
    the pile's other World's End effects (flow.t_we_next)."""
    if ctx.card in g.players[ctx.player].pile:
        g.ask(ctx.player, "color", CHOOSE_COLOR, list(COLORS),
              f"{_title(g, ctx)}: it becomes which color?", (t_become_color, ctx), card=ctx.card)


def t_become_color(g: Any, t: tuple) -> None:
    ctx = t[1]
    pl = g.players[ctx.player]
    if pl.recolor is None:
        pl.recolor = {}
    pl.recolor[ctx.card] = g.answer
    if g.log is not None:
        g.say("recolor", f"{g.pname(ctx.player)}'s {_title(g, ctx)} becomes {g.answer}.")


@verb("may", steps=("steps", REQUIRED), prompt=("str", "Do it?"), otherwise=("steps", ()))
def v_may(g: Any, ctx: Ctx, a: dict) -> None:
    g.ask(ctx.player, "yesno", CONFIRM, ["yes", "no"], f"{_title(g, ctx)}: {a['prompt']}",
          (t_may, ctx, a), card=ctx.card)


def t_may(g: Any, t: tuple) -> None:
    _, ctx, a = t
    steps = a["steps"] if g.answer == "yes" else a["otherwise"]
    if steps:
        g.stack.append((t_effect, Ctx(ctx.player, ctx.card, steps, ctx.vars)))


@verb("choose_world_end")
def v_choose_world_end(g: Any, ctx: Ctx, a: dict) -> None:
    """Prepper: pick which revealed catastrophe's World's End effect applies."""
    opts = list(dict.fromkeys(g.catastrophes))
    if len(opts) > 1:
        g.ask(ctx.player, "catastrophe", CHOOSE_WORLD_END,
              opts, f"{_title(g, ctx)}: choose the World's End effect",
              (t_choose_world_end, ctx), card=ctx.card)


def t_choose_world_end(g: Any, t: tuple) -> None:
    g.prepper = g.answer
    if g.log is not None:
        g.say("prepper", f"{g.pname(t[1].player)} chooses the World's End of {_name(g, g.answer)}.")


@verb("handler", short="name", name=("str", REQUIRED))
def v_handler(g: Any, ctx: Ctx, a: dict) -> None:
    from doomlings_desktop.rules.handlers import HANDLERS

    HANDLERS[a["name"]](g, ctx)
