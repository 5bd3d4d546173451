"""One move primitive (issue "Every change is an event"): outside rules/state.py, no module of
the rules changes a zone's list by hand. A card changes zone through `State.move` (or one of
its specialised forms in state.py: draw, discard_from_hand, add_to_pile, remove_from_pile,
move_trait, return_to_hand, discard_from_pile, attach, swap_hands, pass_hands), so that what
every move must do — carry an attachment, undo a gene pool change, (next) say what happened
and to whom — is done in one place.

Set-up is not a move: a position built by rules/setup.py, a fresh game's decks (`Game.new`)
and a copy (`clone`), and the worlds a bot samples (rules/worlds.py) lay zones out whole."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parent.parent / "doomlings_desktop" / "rules"
ZONES = {"hand", "pile", "deck", "discard", "limbo", "age_deck", "eras"}
MUTATE = {"append", "extend", "insert", "remove", "pop", "clear", "sort", "reverse"}
SET_UP_FILES = {"state.py", "setup.py", "worlds.py"}
SET_UP_FUNCTIONS = {"new", "clone", "__init__"}


def _zone_expr(node: ast.AST, aliases: set[str]) -> bool:
    """Whether `node` is a zone's list: `x.hand`, `g.eras[-1]`, or a local bound to one."""
    if isinstance(node, ast.Subscript):     # g.eras[-1]: the current era's list
        return isinstance(node.value, ast.Attribute) and node.value.attr in ZONES \
            or isinstance(node.value, ast.Name) and node.value.id in aliases
    if isinstance(node, ast.Attribute):     # (g.eras itself is the list of eras)
        return node.attr in ZONES - {"eras"}
    return isinstance(node, ast.Name) and node.id in aliases


def raw_moves(source: str) -> list[tuple[int, str]]:
    """(line, what) for each hand-made change of a zone's list in `source`."""
    found = []
    for fn in ast.walk(ast.parse(source)):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if fn.name in SET_UP_FUNCTIONS:
            continue
        aliases = {t.id for node in ast.walk(fn) if isinstance(node, ast.Assign)
                   and _zone_expr(node.value, set()) for t in node.targets
                   if isinstance(t, ast.Name)}
        for node in ast.walk(fn):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr in MUTATE and _zone_expr(node.func.value, aliases):
                found.append((node.lineno, f".{node.func.attr}() on a zone"))
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr == "shuffle" and any(_zone_expr(x, aliases)
                                                            for x in node.args):
                found.append((node.lineno, "a zone shuffled in place"))
            elif isinstance(node, (ast.Assign, ast.AugAssign, ast.Delete)):
                targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) \
                    else [node.target]
                for t in targets:
                    for x in (t.elts if isinstance(t, ast.Tuple) else [t]):
                        if isinstance(x, ast.Attribute) and x.attr in ZONES or \
                                isinstance(x, ast.Subscript) and _zone_expr(x, aliases):
                            found.append((node.lineno, "a zone assigned or deleted"))
    return found


@pytest.mark.parametrize("path", sorted(p for p in RULES.rglob("*.py")
                                        if p.name not in SET_UP_FILES),
                         ids=lambda p: str(p.relative_to(RULES)))
def test_no_rule_moves_a_card_by_hand(path):
    bad = raw_moves(path.read_text())
    assert not bad, f"{path.relative_to(RULES)}: " + "; ".join(
        f"line {n}: {what}" for n, what in bad) + " (use State.move)"


def test_the_check_sees_each_kind_of_raw_move():
    src = '''
def f(g, p, c):
    g.players[p].hand.remove(c)
    g.discard.append(c)
    hand = g.players[p].hand
    hand.pop()
    g.eras[-1].append(c)
    del g.players[p].pile[0]
    a.hand, b.hand = b.hand, a.hand
    g.limbo[0] = c
    g.rng.shuffle(g.discard)
    rest = [c]
    g.rng.shuffle(rest)
def new(g):
    g.deck.append(1)
'''
    assert sorted({n for n, _ in raw_moves(src)}) == [3, 4, 6, 7, 8, 9, 10, 11]
