"""Verbs on hands: discarding, stealing and revealing hand cards; swapping, passing, giving."""

from __future__ import annotations

from typing import Any

from doomlings_desktop.rules.decisions import (
    CHOOSE_OPPONENT,
    DISCARD_HAND_CARD,
    GIVE_HAND_CARD,
    REVEAL_HAND_CARD,
    TAKE_REVEALED_CARD,
)
from doomlings_desktop.rules.events import Ruling, Transferred
from doomlings_desktop.rules.verbs.core import (
    Ctx,
    _count,
    _seats,
    _title,
    _try_play_now,
    t_effect,
    verb,
)


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
    g.move(c, "hand", "limbo", q)
    ctx.vars["aside"] = ctx.vars["aside"] + ((c, q, -1),)
    g.tell(Ruling, "aside", c, q, (q,))


def t_aside_discarded(g: Any, t: tuple) -> None:
    """Every card set aside by a simultaneous discard goes to the discard pile, in turn order:
    back to the hand it was picked from and discarded from there, so that a card answering a
    discard from hand sees it like any other."""
    ctx = t[1]
    for c, q, _to in ctx.vars.get("aside", ()):
        g.move(c, "limbo", "hand", q=q)
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
                (t_discard_pick_ans, ctx, q, a, left), card=ctx.card, zone="hand",
                blind=a["simultaneous"])


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
              (t_secret_pick_ans, ctx, q), card=ctx.card, zone="hand", blind=True)


def t_secret_pick_ans(g: Any, t: tuple) -> None:
    """The pick is set aside face down (as The Big One's) until everyone has chosen."""
    _, ctx, q = t
    c = g.answer
    g.move(c, "hand", "limbo", q)
    ctx.vars["aside"] = ctx.vars["aside"] + ((c, q, q),)
    g.tell(Ruling, "chosen", c, q, (q,))


def t_secret_reveal(g: Any, t: tuple) -> None:
    _, ctx, a = t
    picks = ctx.vars.get("aside", ())
    if not picks:
        return
    t_aside_discarded(g, t)
    val = g.db.value
    low = min(val[c] for c, _, _ in picks)
    losers = [q for c, q, _ in picks if val[c] == low]
    g.tell(Ruling, "lowest", word=str(low), seats=tuple(losers))
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
        if g.db.hear["steal_coming"] is not None:   # Gelatinous, before the reveals (E31)
            g.announce("steal_coming", p, ctx.card,
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
    n = len(g.stack)
    if g.db.hear["steal_coming"] is not None and g.holds(q, "before_steal") \
            and g.announce("steal_coming", ctx.player, ctx.card, (q,)):
        g.stack.insert(n, take)     # Gelatinous: its holder may play it first (E31)
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
            seen = hand[:]
        else:       # `look` cards of the hand at random, in the order picked
            idx = list(range(len(hand)))
            seen = [hand[idx.pop(g.rng.below(len(idx)))] for _ in range(min(a["look"], len(hand)))]
        g.revealed[p] = tuple(seen)
        g.noted_revealed(p)
        g.shown = True
        g.tell(Transferred, "look", p, tuple(seen), q, seen=(p, q))
        g.ask(p, "card", TAKE_REVEALED_CARD,
              seen, f"{_title(g, ctx)}: steal one", (t_steal_seen, ctx, a, q),
              card=ctx.card, zone="revealed", sources=(q,) * len(seen))
        return
    k = min(_count(g, ctx, a["n"]), len(hand))
    taken = []
    for _ in range(k):
        c = hand[g.rng.below(len(hand))]
        if g.stolen_from_hand(p, q, c):
            taken.append(c)
    if taken:       # (fewer than k when a stolen card was discarded: Gelatinous, E17)
        g.tell(Transferred, "steal_hands", p, tuple(taken), q, seen=(p, q))


def t_steal_seen(g: Any, t: tuple) -> None:
    _, ctx, a, q = t
    p, c = ctx.player, g.answer
    g.revealed.pop(p, None)
    g.noted_revealed(p)
    _steal_from_hand(g, p, q, c, a["play"], (p, q))


def _steal_from_hand(g: Any, p: int, q: int, c: int, play: bool, known: tuple | None) -> None:
    """p takes card c out of q's hand (Gelatinous goes to the discard pile instead, E31),
    and plays it at once when the verb says so. `known`: the seats that saw the card (the
    thief and the victim after a private look, Nosy), or None when the table saw it revealed;
    the others read that a card was stolen, and which only once it is played."""
    if not g.stolen_from_hand(p, q, c):
        return
    g.tell(Transferred, "steal_hand", p, c, q, seen=known)
    if play:
        _try_play_now(g, p, c, known)


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
    g.shown_all += (g.answer,)
    g.noted_shown(g.answer, q, "reveal")


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
    _steal_from_hand(g, p, g.holder_of(c), c, a["play"], None)


@verb("swap_hands")
def v_swap_hands(g: Any, ctx: Ctx, a: dict) -> None:
    g.ask(ctx.player, "player", CHOOSE_OPPONENT, g.opponents(ctx.player),
          f"{_title(g, ctx)}: swap hands with whom?", (t_swap_hands, ctx), card=ctx.card)


def t_swap_hands(g: Any, t: tuple) -> None:
    p, q = t[1].player, g.answer
    g.swap_hands(p, q)
    g.shown = True
    g.tell(Transferred, "swap_hands", p, -1, q)


@verb("pass_hands", direction=("enum:left|right", "right"))
def v_pass_hands(g: Any, ctx: Ctx, a: dict) -> None:
    """Every affected player's hand goes to the previous (right) or next (left) affected seat."""
    seats = sorted(ctx.vars.get("affected", range(g.n)))
    if len(seats) < 2:
        return
    g.pass_hands(seats, -1 if a["direction"] == "right" else 1)
    g.shown = True
    g.tell(Ruling, "pass_hands", word=a["direction"])


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
              (t_neighbour_ans, ctx, q, to), card=ctx.card, zone="hand", blind=True)


def t_neighbour_ans(g: Any, t: tuple) -> None:
    _, ctx, q, to = t
    g.move(g.answer, "hand", "limbo", q)
    ctx.vars["aside"] = ctx.vars["aside"] + ((g.answer, q, to),)


def t_neighbours_deliver(g: Any, t: tuple) -> None:
    ctx = t[1]
    g.shown = True
    for c, q, to in ctx.vars.get("aside", ()):
        g.move(c, "limbo", "hand", q=to)
        g.tell(Transferred, "give", q, c, to, seen=(q, to))
