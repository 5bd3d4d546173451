"""Decisions say what they mean: every decision the engine raises carries an intent (and the
kind of answer that intent takes), so deciders never read the engine's work stack."""

from __future__ import annotations

import ast
import random
import re
import typing
from pathlib import Path

from doomlings_desktop.rules import decisions as D
from doomlings_desktop.rules.cards import database_for
from doomlings_desktop.rules.engine import VARIANTS, Game

PKG = Path(__file__).resolve().parent.parent / "doomlings_desktop"


def test_every_decision_of_many_random_games_has_its_intent(db):
    """300 random games over every table size, variant set and hold: each decision's intent
    is known and fits its kind; every intent is met (a dead one would fail here)."""
    seen = set()
    mol = database_for(["meaning-of-life"], base=db)     # its keep decision (E4)
    tech = database_for(["techlings"], base=db)         # attachments' hosts (E8, E14)
    for seed in range(300):
        r = random.Random(seed)
        deck = mol if seed % 10 == 0 else tech if seed % 10 == 5 else db
        g = Game.new(deck, 2 + seed % 5, seed=seed, log=False,
                     variants={k: True for k in VARIANTS if r.random() < 0.3})
        g.hold = r.getrandbits(6)
        while g.pending is not None:
            d = g.pending
            assert D.INTENTS.get(d.intent) == d.kind, d
            assert d.zone in typing.get_args(D.Zone), d
            assert d.owner == d.player
            assert d.subject == -1 or 0 <= d.subject < len(g.db.cards), d
            seen.add(d.intent)
            g.apply(r.choice(d.options))
    assert seen == set(D.INTENTS), set(D.INTENTS) - seen


def test_every_ask_in_the_rules_names_an_intent():
    """Each call of `ask`/`ask_picks` passes intent constants (a decision a random game never
    reaches is covered here)."""
    names = {k for k, v in vars(D).items() if k.isupper() and isinstance(v, str)}
    calls = 0
    for path in (PKG / "rules").rglob("*.py"):       # rules/verbs/ too
        for node in ast.walk(ast.parse(path.read_text())):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in ("ask", "ask_picks")):
                continue
            calls += 1
            arg = node.args[3 if node.func.attr == "ask_picks" else 2]
            used = {n.id for n in ast.walk(arg) if isinstance(n, ast.Name)}
            consts = {n for n in used if n.isupper()}
            assert consts and consts <= names, f"{path.name}:{node.lineno} asks without an intent"
    assert calls >= 40


def test_deciders_never_read_engine_tasks():
    """Bots, the table and the scenario runner tell decisions apart by intent, never by the
    engine's task names or its work stack, which rules/ is free to change."""
    files = [*(PKG / "bots").rglob("*.py"), *(PKG / "ui").rglob("*.py"),
             *(PKG / "play").rglob("*.py"), PKG / "commands" / "scenario.py"]
    for path in files:
        text = path.read_text()
        assert not re.search(r"[\"']t_[a-z_]+[\"']|\bE\.t_|import[^\n]*\bt_[a-z]", text), path
        assert ".stack[-1]" not in text and "in g.stack" not in text, path


def test_a_filtered_discard_says_what_it_allows(db):
    """Pulse Event's World's End: the prompt names purple (the tryout found only the log did)."""
    from doomlings_desktop.rules.setup import build, force_world_end

    g = build(db, {"players": [{"pile": ["big-ears", "nosy", "fangs"]}, {}]})
    force_world_end(g, db.by_id["pulse-event"][0])
    while g.pending is not None and not (g.pending.player == 0 and g.pending.zone == "pile"):
        g.apply(g.pending.options[0])       # its hand discards first, then World's End
    d = g.pending
    assert d is not None and "discard a purple trait from your pile" in d.prompt, d


def test_the_typed_literals_are_the_constants():
    """`Intent`, `Kind` and `Zone` type every `ask`; they must name exactly the constants and
    kinds the engine uses (a new intent added to one and not the other fails here)."""
    from typing import get_args

    assert set(get_args(D.Intent)) == set(D.INTENTS)
    assert set(get_args(D.Kind)) == set(D.INTENTS.values())
    consts = {v for k, v in vars(D).items() if k.isupper() and isinstance(v, str)}
    assert consts == set(D.INTENTS)
