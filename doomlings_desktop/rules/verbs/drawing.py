"""Verbs that draw: from the deck, from or out of the discard pile, the next ages; stabilizing."""

from __future__ import annotations

from typing import Any

from doomlings_desktop.rules.decisions import TAKE_REVEALED_CARD
from doomlings_desktop.rules.events import Ruling, Transferred
from doomlings_desktop.rules.verbs.core import REQUIRED, Ctx, _count, _title, verb


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
    g.move(c, "discard", "hand", q=p)
    g.told()        # Moved.line: "... takes Antlers from the discard pile into their hand."
    g.stack.append((t_take_discard, ctx, left - 1))


@verb("deal_discard", short="n", n=("count", 1))
def v_deal_discard(g: Any, ctx: Ctx, a: dict) -> None:
    """Badlands (E22): the discard pile is shuffled and `n` cards are dealt face down to each
    affected player in turn order from the first player (only the receiver sees a card);
    the rest stay in the discard pile. Fewer if it runs out."""
    n = _count(g, ctx, a["n"])
    seats = ctx.vars.get("affected", g.order_from(g.first))
    dealt = g.deal_from_discard(seats, n)
    g.shown = True
    for q, got in zip(seats, dealt, strict=True):
        if got:
            g.tell(Transferred, "deal", q, tuple(got), q, seen=(q,))


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
    rest = [c for c in drawn if c != kept]
    g.rng.shuffle(rest)
    for c in reversed(rest):    # to the bottom of the deck, in the shuffled order
        g.move(c, "hand", "deck", p, bottom=True)
    g.tell(Ruling, "keep" if kept >= 0 else "keep_none", kept, p, (p,), str(len(rest)))


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
        g.noted_peeks()
        g.tell(Ruling, "peek", tuple(seen), p, (p,))


@verb("draw_for_score", cap=("int", REQUIRED))
def v_draw_for_score(g: Any, ctx: Ctx, a: dict) -> None:
    """Deus Ex Machina: draw, score the face value (at most cap), discard it."""
    p = ctx.player
    got = g.draw(p, 1)
    if got:
        c = got[0]
        v = min(g.db.value[c], a["cap"])
        g.move(c, "hand", "discard", p)
        g.players[p].we_points.append((_title(g, ctx), v))
        g.tell(Ruling, "deus", c, p, word=f"{v:+d} point{'' if abs(v) == 1 else 's'}")
        if g.db.on_hand_discard[c]:     # discarded from the hand it was drawn into (E17)
            g.announce("hand_discarded", p, c)
