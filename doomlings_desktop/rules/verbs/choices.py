"""Verbs that ask for a choice: a colour (openly or in secret), `may`, a World's End; `handler`."""

from __future__ import annotations

from typing import Any

from doomlings_desktop.rules.decisions import CHOOSE_COLOR, CHOOSE_WORLD_END, CONFIRM, SECRET_COLOR
from doomlings_desktop.rules.events import Colored, Ruling
from doomlings_desktop.rules.verbs.core import COLORS, REQUIRED, Ctx, _seen, _title, t_effect, verb


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
    g.tell(Colored, "choose", ctx.player, ctx.card, g.answer, seen=_seen(g, ctx.card))


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
          card=ctx.card, blind=True)


def t_secret_ans(g: Any, t: tuple) -> None:
    _, ctx, a, q = t
    picks = list(ctx.vars[a["save"]])
    picks[q] = g.answer
    ctx.vars[a["save"]] = tuple(picks)


def t_secret_told(g: Any, t: tuple) -> None:
    _, ctx, a = t
    ctx.vars.pop(SECRET, None)
    picks = ctx.vars[a["save"]]
    if any(picks):
        g.tell(Colored, "named", ctx.player, ctx.card, picks=picks, seen=_seen(g, ctx.card))


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
    g.noted_recolor(ctx.player)
    g.tell(Colored, "become", ctx.player, ctx.card, g.answer, seen=_seen(g, ctx.card))


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
    g.tell(Ruling, "prepper", g.answer, t[1].player)


@verb("handler", short="name", name=("str", REQUIRED))
def v_handler(g: Any, ctx: Ctx, a: dict) -> None:
    from doomlings_desktop.rules.handlers import HANDLERS

    HANDLERS[a["name"]](g, ctx)
