"""Verbs on trait piles: stealing, swapping, giving, returning, discarding and recoloring traits."""

from __future__ import annotations

from typing import Any

from doomlings_desktop.rules.decisions import (
    CHOOSE_COLOR,
    CHOOSE_OPPONENT,
    CHOOSE_RECIPIENT,
    DISCARD_OPPONENT_TRAIT,
    GIVE_HAND_CARD,
    LOSE_OWN_TRAIT,
    RETURN_TRAIT,
    SWAP_FOR_TRAIT,
    SWAP_OWN_TRAIT,
    TAKE_OPPONENT_TRAIT,
)
from doomlings_desktop.rules.events import Colored, Transferred
from doomlings_desktop.rules.verbs.core import COLORS, REQUIRED, Ctx, _seats, _title, verb


@verb("steal_trait", filter=("filter", ()), then_action=("bool", False))
def v_steal_trait(g: Any, ctx: Ctx, a: dict) -> None:
    opps = g.opponents(ctx.player)
    opts = g.pile_targets(opps, a["filter"], "steal")
    if not opts:
        return
    if g.db.hear["steal_coming"] is not None:
        # Gelatinous: each player who may be stolen from may play it before the pick (E31)
        owners = {g.owner_of(c) for c in opts}
        n = len(g.stack)
        if g.announce("steal_coming", ctx.player, ctx.card, tuple(q for q in opps if q in owners)):
            g.stack.insert(n, (t_steal_trait_ask, ctx, a))
            return
    t_steal_trait_ask(g, (t_steal_trait_ask, ctx, a))


def t_steal_trait_ask(g: Any, t: tuple) -> None:
    """The steal's pick (after Gelatinous' window, if one opened: Gelatinous may now be one of
    the targets)."""
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
        g.tell(Transferred, "steal_discarded", p, c, q)
        g.discard_from_pile(q, c, by=p)
        return
    x = g.hosts.get(c, -1) if g.hosts else -1
    g.move_trait(q, p, c)
    g.tell(Transferred, "steal_with" if x >= 0 else "steal", p, c, q, x)
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
          f"{_title(g, ctx)}: swap {g.db.name(one)} with which trait of another pile?",
          (t_swap_pair, ctx, one), card=ctx.card, zone="pile", subject=one)


def t_swap_pair(g: Any, t: tuple) -> None:
    _, ctx, one = t
    two = g.answer
    q, r = g.owner_of(one), g.owner_of(two)
    g.swap_traits(q, one, r, two)
    g.tell(Transferred, "swap_between", ctx.player, one, q, two, r)


def t_swap_mine(g: Any, t: tuple) -> None:
    _, ctx, a = t
    mine = g.answer
    g.ask(ctx.player, "card", SWAP_FOR_TRAIT, _partners(g, ctx, a, mine),
          f"{_title(g, ctx)}: swap {g.db.name(mine)} with which trait?",
          (t_swap_with, ctx, mine), card=ctx.card, zone="pile", subject=mine)


def t_swap_with(g: Any, t: tuple) -> None:
    _, ctx, mine = t
    p, theirs = ctx.player, g.answer
    q = g.owner_of(theirs)
    g.swap_traits(p, mine, q, theirs)
    g.tell(Transferred, "swap", p, mine, q, theirs)


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
          f"{_title(g, ctx)}: who gets {g.db.name(c)}?",
          (t_give_trait_to, ctx.player, c) if pile else (t_give_hand_to, ctx, c),
          card=ctx.card, subject=c)


def t_give_hand_to(g: Any, t: tuple) -> None:
    _, ctx, c = t
    p, q = ctx.player, g.answer
    g.move(c, "hand", "hand", p, q)
    g.shown = True
    g.tell(Transferred, "give", p, c, q, seen=(p, q))


def t_give_trait_to(g: Any, t: tuple) -> None:
    """Trait c of p's pile goes to the seat answered (Scutes, moving itself, a cost: R7)."""
    _, p, c = t
    q = g.answer
    if c in g.players[p].pile:
        g.move_trait(p, q, c)
        g.tell(Transferred, "give", p, c, q)


@verb("move_self")
def v_move_self(g: Any, ctx: Ctx, a: dict) -> None:
    p, c = ctx.player, ctx.card
    if c in g.players[p].pile and not g.db.dominant[c] \
            and not (g.hosts and g.keeps_place(c, "move")):
        g.ask(p, "player", CHOOSE_RECIPIENT,
              g.opponents(p), f"{_title(g, ctx)}: move it into whose pile?",
              (t_give_trait_to, p, c), card=c, subject=c)


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
    g.tell(Transferred, "return", t[1].player, c, q)
    g.return_to_hand(q, c)


@verb("return_self")
def v_return_self(g: Any, ctx: Ctx, a: dict) -> None:
    p, c = ctx.player, ctx.card
    if c in g.players[p].pile and not (g.hosts and g.keeps_place(c, "return")):
        g.tell(Transferred, "return_own", p, c, p)
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
    g.stack.append((t_mutual_theirs, ctx, g.answer))
    _mutual_ask(g, ctx, ctx.player, g.answer)


def t_mutual_theirs(g: Any, t: tuple) -> None:
    _mutual_ask(g, t[1], t[2], t[1].player, skip=t[1].card)    # the opponent spares Reckless


def _mutual_ask(g: Any, ctx: Ctx, who: int, q: int, skip: int = -1) -> None:
    """`who` discards a trait of q's pile other than `skip`."""
    opts = [c for c in g.pile_targets([q], (), "discard") if c != skip]
    if opts:
        g.ask(who, "card", DISCARD_OPPONENT_TRAIT,
              opts, f"{_title(g, ctx)}: discard a trait from {g.pname(q)}'s pile",
              (t_discard_trait_ans, q, who), card=ctx.card, zone="pile")


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
    g.noted_recolor(p)
    g.tell(Colored, "traits", p, color=dst, was=src)
