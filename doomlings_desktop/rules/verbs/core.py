"""The verb library's core: the registry (`VERBS`, `@verb`), `Verb`, `Step`, `Ctx`, `t_effect`
and the helpers every family of verbs shares."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from doomlings_desktop.rules.events import Ruling

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


def walk(steps: tuple) -> Iterator[Step]:
    """Every one of these steps and of the steps nested in their arguments (`may`'s...)."""
    for s in steps:
        yield s
        for v in s.args.values():
            if isinstance(v, tuple) and v and isinstance(v[0], Step):
                yield from walk(v)


def reaches_others(steps: tuple) -> bool:
    """Whether these steps can steal, swap, discard, give or look at something of another
    player: Righteous' "an action that affects an opponent" (E17), read from the card data."""
    return any(s.verb.name in _REACHING
               or s.verb.name in ("discard_hand", "discard_trait") and s.args["who"] != "self"
               or s.verb.name == "return_trait" and s.args["whose"] == "opponents"
               for s in walk(steps))


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


def _title(g: Any, ctx: Ctx) -> str:
    return g.db.name(ctx.card) if ctx.card >= 0 else ""


def _seen(g: Any, c: int, also: tuple = ()) -> tuple | None:
    """Who may know card c, named in a line: everyone (None), or while it lies in a hidden
    hand (a hand card's action played by Elongated Neck, E28) its holder and `also`."""
    h = g.holder_of(c)
    return None if h < 0 or g.rules.get("reveal_hands") else (h,) + also


def _try_play_now(g: Any, p: int, c: int, known: tuple | None = None) -> None:
    """'Play it immediately': a play from hand if legal now (R17/R18), else it stays in hand.
    `known`: the seats that may know the card if it stays (None: the table saw it)."""
    if c not in g.players[p].hand:
        return
    why = g.play_problem(p, c)
    if why:
        g.tell(Ruling, "stays", c, p, known, why)   # the reason names the card: others
        return                                      # read that a card stays
    g.play_from_hand(p, c)

