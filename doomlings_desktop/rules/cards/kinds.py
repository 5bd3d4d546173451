"""What each kind of card may say: the parsers that turn one checked trait, age, catastrophe or
Meaning of Life card (and its parts: cost, reaction, attachment, colours, bot hints, bonus) into a
`CardDef`.
"""

from __future__ import annotations

from typing import Any

from doomlings_desktop.rules import verbs
from doomlings_desktop.rules.cards.checker import _Checker
from doomlings_desktop.rules.cards.model import (
    AGE_RULES,
    COLORS,
    ICONS,
    REACTION_INTO,
    REACTIONS,
    TRIGGERS,
    AttachSpec,
    CardDef,
)
from doomlings_desktop.rules.cards.yamlread import _Map, _show

_TRAIT_KEYS = {
    "id", "name", "color", "value", "dominant", "icons", "copies", "text", "gene_pool",
    "gene_pool_all", "requires", "cost", "action", "world_end", "score", "reaction", "triggers",
    "keeps_in_pile", "never_leaves_pile", "ignores_next_catastrophe", "bots", "on_play",
    "reaction_into", "reaction_if", "discard_if_stolen", "back_to_hand", "attach", "picture",
}
# What the bots are told about a trait beyond its rules, in points (bots/knowledge.py): what
# its action, its World's End effect, a variable value or an out-of-turn card kept in hand is
# worth, what paying its cost costs, and what attaching it does. Each needs the part it is
# about; without one the bots derive a worth from the steps (a cost without a hint counts 0).
BOT_HINTS = {"action": "action", "world_end": "world_end", "variable": "value", "hold": "reaction",
             "cost": "cost", "attach": "attach"}
ATTACH_KEYS = {"pile", "host", "protect", "blank_host", "host_color", "may_move"}
PROTECTIONS = ("steal", "swap", "discard", "all")
_AGE_KEYS = {"id", "name", "text", "setup", "setup_once", "rules", "picture"}
_CAT_KEYS = {"id", "name", "text", "gene_pool", "catastrophic", "catastrophic_once",
             "world_end_text", "world_end", "world_end_once", "world_end_score", "world_end_rule",
             "undeniable", "picture"}


def _uses_handler(steps: tuple) -> bool:
    """Whether a step, nested or not, runs a Python handler (`doomlings cards --check`)."""
    return any(s.verb.name == "handler" for s in verbs.walk(steps))


def _common(ck: _Checker, r: _Map, allowed: set[str], required: tuple) -> None:
    ck.card, ck.line = r["id"], r.line
    ck.keys(r, "", allowed, required)
    for k in ("name", "text"):
        if k in r:
            ck.typed(r, k, "str", "")


def _trait(ck: _Checker, r: _Map) -> CardDef:
    _common(ck, r, _TRAIT_KEYS, ("id", "name", "color", "value"))
    colors = _trait_colors(ck, r)
    v = r["value"] if r["value"] == "variable" else ck.typed(r, "value", "int", "")
    icons = r.get("icons", [])
    if not isinstance(icons, list) or any(not isinstance(i, str) or i not in ICONS for i in icons):
        ck.fail(r, "icons", f"expected a list of {', '.join(ICONS)}, got {_show(icons)}", "icons")
    copies = ck.typed(r, "copies", "int", "") if "copies" in r else 1
    req = None
    if "requires" in r:
        ck.keys(r["requires"], "requires", {"pile_color", "at_least"}, ("pile_color", "at_least"),
                r, "requires")
        req = (ck.typed(r["requires"], "pile_color", "color", "requires"),
               ck.typed(r["requires"], "at_least", "int", "requires"))
    cost = _cost(ck, r) if "cost" in r else None
    triggers = {}
    if "triggers" in r:
        ck.keys(r["triggers"], "triggers", set(TRIGGERS), (), r, "triggers")
        for k in r["triggers"]:
            triggers[k] = ck.steps(r["triggers"][k], f"triggers.{k}", r["triggers"])
    action = ck.steps(r.get("action"), "action", r)
    on_play = ck.steps(r.get("on_play"), "on_play", r)
    if on_play and "action" in icons:
        ck.fail(r, "on_play", "on_play is for a trait without the action icon (Legendary): "
                "with the icon, the steps belong in action", "on_play")
    world_end = ck.steps(r.get("world_end"), "world_end", r)
    score = ck.score_terms(r.get("score"), "score", r)
    if "action" in icons and not action:
        ck.fail(r, "action", "has the action icon but no action steps", "icons")
    if "world_end" in icons and not world_end and r.get("reaction") != "sneaky":
        ck.fail(r, "world_end", "has the World's End icon but no world_end steps", "icons")
    if "drop_of_life" in icons and not score:
        ck.fail(r, "score", "has the drop of life icon but no score terms", "icons")
    reaction = ck.typed(r, "reaction", "enum:" + "|".join(REACTIONS), "") if "reaction" in r else None
    into, react_if = _reaction_parts(ck, r, reaction)
    gp = ck.typed(r, "gene_pool", "int", "") if "gene_pool" in r else 0
    gp_all = ck.typed(r, "gene_pool_all", "int", "") if "gene_pool_all" in r else 0
    keeps = ck.typed(r, "keeps_in_pile", "bool", "") if "keeps_in_pile" in r else False
    fixed = ck.typed(r, "never_leaves_pile", "bool", "") if "never_leaves_pile" in r else False
    denial = ck.typed(r, "ignores_next_catastrophe", "bool", "") if "ignores_next_catastrophe" in r else False
    attach = _attach(ck, r) if "attach" in r else None
    bots = _bot_hints(ck, r, {"action": bool(action or on_play), "world_end": bool(world_end),
                              "variable": v == "variable", "hold": bool(r.get("reaction")),
                              "cost": cost is not None, "attach": attach is not None})
    has_effect = bool(r.get("text"))
    if has_effect and not (action or on_play or world_end or score or req or cost or reaction
                           or triggers or gp or gp_all or keeps or fixed or denial or attach):
        ck.fail(r, "text", "has rules text but no behavior", "text")
    return CardDef(
        id=r["id"], name=r["name"], kind="trait", color=colors[0], colors=colors,
        value=0 if v == "variable" else v, variable=v == "variable",
        dominant=ck.typed(r, "dominant", "bool", "") if "dominant" in r else False,
        # an attachment wears the attachment icon (E8): it follows from `attach`, never written
        icons=frozenset(icons) | ({"attachment"} if attach else frozenset()), copies=copies,
        text=r.get("text", ""), gp_self=gp, gp_all=gp_all,
        requires=req, cost=cost, action=action, world_end=world_end, score=score,
        reaction=reaction, triggers=triggers or None, keeps=keeps, fixed=fixed, denial=denial,
        has_effect=has_effect, uses_handler=_uses_handler(action + world_end + on_play),
        bots=bots, on_play=on_play, reaction_into=into, reaction_if=react_if, attach=attach,
        discard_if_stolen=ck.typed(r, "discard_if_stolen", "bool", "")
        if "discard_if_stolen" in r else False,
        back_to_hand=ck.typed(r, "back_to_hand", "bool", "") if "back_to_hand" in r else False,
        picture=ck.picture(r),
    )


def _cost(ck: _Checker, r: _Map) -> tuple:
    """`cost: {give_trait|discard_trait: FILTER, n: N, from: pile|hand_or_pile}` ->
    (op, filter, n, source): n traits (default 1) given or discarded as the card is played,
    from the pile, or for a discard from the hand or the pile (Terror Beak)."""
    c = r["cost"]
    ck.keys(c, "cost", {"give_trait", "discard_trait", "n", "from"}, (), r, "cost")
    ops = [k for k in ("give_trait", "discard_trait") if k in c]
    if len(ops) != 1:
        ck.fail(r, "cost", "a cost is one of give_trait or discard_trait", "cost")
    k = ops[0]
    n = ck.typed(c, "n", "int", "cost") if "n" in c else 1
    src = ck.typed(c, "from", "enum:pile|hand_or_pile", "cost") if "from" in c else "pile"
    if src != "pile" and k != "discard_trait":
        ck.fail(c, "cost.from", "only a discard_trait cost may come from the hand", "from")
    return (k, ck.filter(c[k], f"cost.{k}", c, k), n, src)


# The windows whose card goes where `reaction_into` says (the base cards' windows each have
# their own place), and those with a player whose play or effect opened them (`actor`).
INTO_WINDOWS = ("any_time", "cancel_harm", "action_played", "dominant_played", "before_steal",
                "trait_discarded", "self_discarded")
ACTOR_WINDOWS = ("cancel_harm", "action_played", "dominant_played", "before_steal")


def _reaction_parts(ck: _Checker, r: _Map, reaction: str | None) -> tuple[str, tuple | None]:
    """`reaction_into` (own, opponent or actor) and `reaction_if` ({count: COUNTER, ...,
    at_least: N}: a condition on its player's position that must hold when it is offered,
    Rainbow Horn's four colours, E16); both only beside a `reaction` that honours them."""
    into = "own"
    if "reaction_into" in r:
        into = ck.typed(r, "reaction_into", "enum:" + "|".join(REACTION_INTO), "")
        if reaction not in INTO_WINDOWS:
            ck.fail(r, "reaction_into", "only a reaction of " + ", ".join(INTO_WINDOWS)
                    + " may say where it goes", "reaction_into")
        if into == "actor" and reaction not in ACTOR_WINDOWS:
            ck.fail(r, "reaction_into", f"the window '{reaction}' has no acting player "
                    "(actor: " + ", ".join(ACTOR_WINDOWS) + ")", "reaction_into")
    cond = None
    if "reaction_if" in r:
        raw = r["reaction_if"]
        if reaction not in INTO_WINDOWS:
            ck.fail(r, "reaction_if", "only a reaction of " + ", ".join(INTO_WINDOWS)
                    + " may have a condition", "reaction_if")
        if not isinstance(raw, dict) or "at_least" not in raw:
            ck.fail(r, "reaction_if", "expected {count: COUNTER, at_least: N}", "reaction_if")
        least = ck.typed(raw, "at_least", "int", "reaction_if")
        spec = _Map({k: v for k, v in raw.items() if k != "at_least"})
        spec.line, spec.key_lines = raw.line, raw.key_lines
        fn, arg = ck.counter(spec, "reaction_if", r, "reaction_if")
        cond = (fn, arg, least)
    return into, cond


def _attach(ck: _Checker, r: _Map) -> AttachSpec:
    """`attach: {pile, host, protect, blank_host, host_color, may_move}`: an attachment
    (E8-E15). A card text is an attachment's whole effect on its host; a dominant attachment
    must attach in its own pile (it counts toward that pile's 2 dominants, E9)."""
    m = r["attach"]
    ck.keys(m, "attach", ATTACH_KEYS, (), r, "attach")
    pile = ck.typed(m, "pile", "enum:own|any", "attach") if "pile" in m else "own"
    host = ck.filter(m["host"], "attach.host", m, "host") if "host" in m else ()
    prot = m.get("protect", [])
    if not isinstance(prot, list) or any(not isinstance(x, str) or x not in PROTECTIONS
                                         for x in prot):
        ck.fail(m, "attach.protect", f"expected a list of {', '.join(PROTECTIONS)}, got "
                f"{_show(prot)}", "protect")
    color = ck.typed(m, "host_color", "color", "attach") if "host_color" in m else None
    if color == "colorless":
        ck.fail(m, "attach.host_color", "a host is recoloured to red, blue, green or purple",
                "host_color")
    if r.get("dominant") is True and pile == "any":
        ck.fail(m, "attach.pile", "a dominant attachment attaches in its own pile", "pile")
    return AttachSpec(
        any_pile=pile == "any", host=host, protects=frozenset(prot),
        blanks=ck.typed(m, "blank_host", "bool", "attach") if "blank_host" in m else False,
        host_color=color,
        may_move=ck.typed(m, "may_move", "bool", "attach") if "may_move" in m else False)


def _trait_colors(ck: _Checker, r: _Map) -> tuple[str, ...]:
    """A trait's colours: one colour, or a list of 2-4 distinct colours (a multi-colour trait,
    which is never colorless)."""
    v = r["color"]
    if not isinstance(v, list):
        return (ck.typed(r, "color", "color", ""),)
    if not (2 <= len(v) <= 4 and all(isinstance(x, str) and x in COLORS for x in v)
            and len(set(v)) == len(v)):
        ck.fail(r, "color", f"a multi-colour trait has 2 to 4 distinct colors of "
                f"{', '.join(COLORS)}, got {_show(v)}", "color")
    return tuple(v)


def _bot_hints(ck: _Checker, r: _Map, has: dict[str, bool]) -> dict[str, float]:
    """The `bots` mapping: numbers of points, each about a part the card has."""
    if "bots" not in r:
        return {}
    m = r["bots"]
    ck.keys(m, "bots", set(BOT_HINTS), (), r, "bots")
    out = {}
    for k, v in m.items():
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not -30 <= v <= 30:
            ck.fail(m, f"bots.{k}", f"{k} must be a number of points in -30..30, got {_show(v)}",
                    k)
        if not has[k]:
            ck.fail(m, f"bots.{k}", f"the card has no {BOT_HINTS[k]} for this to be about", k)
        out[k] = float(v)
    return out


def _age(ck: _Checker, r: _Map) -> CardDef:
    _common(ck, r, _AGE_KEYS, ("id", "name", "text"))
    rules = {}
    if "rules" in r:
        ck.keys(r["rules"], "rules", AGE_RULES, (), r, "rules")
        for k, kind in AGE_RULES.items():
            if k not in r["rules"]:
                continue
            if kind == "bonus":
                b = r["rules"][k]
                ck.keys(b, f"rules.{k}", {"after", "filter"}, ("after", "filter"), r["rules"], k)
                rules[k] = (ck.filter(b["after"], f"rules.{k}.after", b, "after"),
                            ck.filter(b["filter"], f"rules.{k}.filter", b, "filter"))
            else:
                rules[k] = ck.typed(r["rules"], k, kind, "rules")
    setup = ck.steps(r.get("setup"), "setup", r)
    once = ck.steps(r.get("setup_once"), "setup_once", r)
    if not rules and not setup and not once:
        ck.fail(r, "", "an age needs rules or setup steps")
    return CardDef(id=r["id"], name=r["name"], kind="age", text=r["text"], rules=rules,
                   setup=setup, once=once, copies=1, uses_handler=_uses_handler(setup + once),
                   picture=ck.picture(r))


def _catastrophe(ck: _Checker, r: _Map) -> CardDef:
    _common(ck, r, _CAT_KEYS, ("id", "name", "text", "gene_pool", "world_end_text"))
    ck.typed(r, "world_end_text", "str", "")
    each = ck.steps(r.get("catastrophic"), "catastrophic", r)
    once = ck.steps(r.get("catastrophic_once"), "catastrophic_once", r)
    we = ck.steps(r.get("world_end"), "world_end", r)
    we_once = ck.steps(r.get("world_end_once"), "world_end_once", r)
    we_score = ck.score_terms(r.get("world_end_score"), "world_end_score", r)
    we_rule = ck.typed(r, "world_end_rule", "enum:ai_takeover", "") if "world_end_rule" in r else None
    if not (we or we_once or we_score or we_rule):
        ck.fail(r, "world_end", "a catastrophe needs a World's End effect")
    return CardDef(id=r["id"], name=r["name"], kind="catastrophe", text=r["text"],
                   gene_pool=ck.typed(r, "gene_pool", "int", ""), each=each, once=once,
                   we_text=r["world_end_text"], we_steps=we, we_once=we_once, we_score=we_score,
                   we_rule=we_rule, rules={}, setup=(), copies=1,
                   undeniable=ck.typed(r, "undeniable", "bool", "") if "undeniable" in r else False,
                   uses_handler=_uses_handler(each + once + we + we_once),
                   picture=ck.picture(r))


def _bonus(ck: _Checker, raw: Any, owner: _Map) -> tuple:
    """`bonus: {per: COUNTER, tiers|points|lowest}` -> (fn, arg, mode, data): tiers are
    ((min, max, points), ...), points one int, lowest (alone, tied)."""
    ck.keys(raw, "bonus", {"per", "tiers", "points", "lowest"}, ("per",), owner, "bonus")
    modes = [k for k in ("tiers", "points", "lowest") if k in raw]
    if len(modes) != 1:
        ck.fail(raw, "bonus", "a bonus has exactly one of tiers, points or lowest")
    fn, arg = ck.counter(raw["per"], "bonus.per", raw, "per")
    mode = modes[0]
    if mode == "points":
        return (fn, arg, mode, ck.typed(raw, "points", "int", "bonus"))
    if mode == "lowest":
        low = raw["lowest"]
        ck.keys(low, "bonus.lowest", {"alone", "tied"}, ("alone", "tied"), raw, "lowest")
        return (fn, arg, mode, tuple(ck.typed(low, k, "int", "bonus.lowest")
                                     for k in ("alone", "tied")))
    tiers = raw["tiers"]
    if not isinstance(tiers, list) or not tiers:
        ck.fail(raw, "bonus.tiers", "expected a list of tiers like {min: 1, max: 2, points: 3}",
                "tiers")
    out = []
    for i, t in enumerate(tiers):
        f = f"bonus.tiers[{i}]"
        ck.keys(t, f, {"min", "max", "points"}, ("points",), tiers)
        lo = ck.typed(t, "min", "int", f) if "min" in t else 0
        hi = ck.typed(t, "max", "int", f) if "max" in t else 10 ** 6
        if lo > hi:
            ck.fail(t, f, f"min {lo} is above max {hi}", "min")
        out.append((lo, hi, ck.typed(t, "points", "int", f)))
    return (fn, arg, mode, tuple(out))


def _meaning(ck: _Checker, r: _Map) -> CardDef:
    """A Meaning of Life card (E4): a name, its text and its `bonus` (docs/card-dsl.md)."""
    _common(ck, r, {"id", "name", "text", "bonus", "picture"}, ("id", "name", "text", "bonus"))
    return CardDef(id=r["id"], name=r["name"], kind="meaning", text=r["text"], copies=1,
                   bonus=_bonus(ck, r["bonus"], r), picture=ck.picture(r))
