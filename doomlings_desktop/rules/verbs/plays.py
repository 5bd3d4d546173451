"""Verbs that play a card: an extra play from hand or discard pile, a named card, an action."""

from __future__ import annotations

from typing import Any

from doomlings_desktop.rules.decisions import EXTRA_PLAY, USE_TRAIT_ACTION
from doomlings_desktop.rules.events import Ruling
from doomlings_desktop.rules.verbs.core import REQUIRED, Ctx, _seen, _title, verb


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
    pay = a["pay"] == "discard_self"
    if pay and (ctx.card not in g.pile_targets([p], (), "discard") or g.db.cards[ctx.card].keeps):
        return
    zone = "hand" if pay or src in ("hand", "saved") else "discard"
    if zone == "discard":
        pool = g.discard[-1:] if src == "discard_top" else list(dict.fromkeys(g.discard[::-1]))
        # the rule of a play not from hand: the round's, two dominants, a host (E8)
        opts = [c for c in pool if g.db.cards[c].kind == "trait"
                and g.play_problem(p, c, from_hand=False) is None]
    elif pay:
        with g.without_in_pile(p, ctx.card):    # legal as if it were already discarded
            opts = g.legal_plays(p)
    else:
        opts = g.legal_plays(p)
    if src == "saved":
        saved = ctx.vars.get(a["saved"], ())
        opts = [c for c in opts if c in saved]
    if a["filter"]:
        opts = [c for c in opts if g.matches(p, c, a["filter"])]
    if not opts:
        return
    if pay:
        what = "discard it from your pile to play one of these? (optional)"
    else:
        what = "play a trait (optional)" if a["optional"] else "play a trait"
    g.ask(p, "play", EXTRA_PLAY, opts + ["pass"] if pay or a["optional"] else opts,
          f"{_title(g, ctx)}: {what}", (t_play_another, ctx, a), card=ctx.card, zone=zone,
          subject=ctx.card if pay else -1)


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
            g.tell(Ruling, "copy", host, p)
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
    g.tell(Ruling, "copy", g.answer, ctx.player, _seen(g, g.answer))
    g.resolve_action(ctx.player, g.answer)
