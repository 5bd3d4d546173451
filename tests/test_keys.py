"""One table of key bindings (ui/keys.py) drives the table's keys and makes the help: what F1
says and what the keys do cannot part. Pinned here: every binding's keys are named in its
help line, every help line but the mouse's has a binding, the table's input names no key of
its own, and taking a binding out of the table takes the key away."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pygame
from uidriver import key

from doomlings_desktop.ui import keys
from doomlings_desktop.ui.app import INK
from doomlings_desktop.ui.table import SeatConfig, TableScene
from doomlings_desktop.ui.theme import ACCENT
from tests.test_ui import make_app, texts_of_a_frame

INPUT = Path(__file__).resolve().parent.parent / "doomlings_desktop" / "ui" / "table" / "input.py"
NAMES = {pygame.K_RETURN: ("Enter",), pygame.K_KP_ENTER: ("Enter",),
         pygame.K_ESCAPE: ("Esc",), pygame.K_F1: ("F1",), pygame.K_SPACE: ("Space",),
         pygame.K_z: ("Ctrl+Z",), **{k: ("Arrow",) for k in keys.ARROWS},
         pygame.K_PAGEUP: ("Page Up",), pygame.K_PAGEDOWN: ("Page Down",),
         pygame.K_END: ("End",), pygame.K_TAB: ("Tab",)}


def names(b: keys.Binding) -> list[tuple[str, ...]]:
    """Each key of a binding as the help may name it (any one of the words will do)."""
    out = [NAMES[k] for k in b.keys]
    for c in b.chars:
        out.append(("1 – 9", "number keys") if c in keys.DIGITS else (c.upper(),))
    return out


def said(line: keys.Line, word: str) -> bool:
    text = f"{line.label} {line.does}"
    if len(word) == 1 and word.isalpha():
        return re.search(rf"\b{word}\b", text) is not None
    return word.lower() in text.lower()


def test_every_binding_is_named_in_its_help_line():
    for b in keys.TABLE + keys.OVERLAYS:
        line = keys.LINES[b.line]
        assert not line.mouse, b
        for words in names(b):
            assert any(said(line, w) for w in words), (b, words, line)


def test_every_page_binding_is_named_in_its_line_and_every_line_is_bound():
    """The pages' focus ring (ui/focus.py) dispatches through keys.PAGE, and their F1 list
    and foot line are made from keys.PAGE_LINES: the same check as the table's."""
    for b in keys.PAGE:
        line = keys.PAGE_LINES[b.line]
        for words in names(b):
            assert any(said(line, w) for w in words), (b, words, line)
    assert {b.line for b in keys.PAGE} == set(keys.PAGE_LINES)


def test_every_help_line_is_a_binding_or_the_mouse_and_the_help_is_the_lines():
    bound = {b.line for b in keys.TABLE + keys.OVERLAYS}
    assert all(line.mouse or name in bound for name, line in keys.LINES.items())
    assert keys.KEYS == [(line.label, line.does) for line in keys.LINES.values()]
    assert all(callable(getattr(__import__("doomlings_desktop.ui.table.input", fromlist=["x"])
                                .TableInput, "key_" + b.action, None)) for b in keys.TABLE)


def test_the_tables_input_names_no_key_of_its_own():
    """input.py looks keys up only through ui/keys.py: no pygame key code, no typed letter."""
    tree = ast.parse(INPUT.read_text())
    codes = [n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)
             and n.attr.startswith("K_")]
    typed = [ast.unparse(n) for n in ast.walk(tree) if isinstance(n, ast.Compare)
             and "unicode" in ast.unparse(n.left)]
    assert not codes and not typed, (codes, typed)


def test_the_help_shows_every_line_and_a_binding_taken_out_takes_the_key(monkeypatch):
    app = make_app()
    sc = TableScene(app, [SeatConfig("Ann"), SeatConfig("Bob", "bot", "easy")], seed=5)
    app.go(sc)
    app.frame()
    key(app, pygame.K_F1)
    assert sc.help_open
    shown = " ".join(texts_of_a_frame(app, sc))
    assert all(label in shown for label, _ in keys.KEYS[:6])     # the first page at least
    key(app, pygame.K_ESCAPE)
    assert not sc.help_open
    monkeypatch.setattr(keys, "TABLE", tuple(b for b in keys.TABLE if b.line != "help"))
    key(app, pygame.K_F1)
    assert not sc.help_open


def test_the_letters_on_answer_buttons_are_the_keys_that_answer_them():
    """A decision kind's buttons (ui/table/answers.py) carry the letters the table's hotkey
    bindings take for that kind, and the kind names the help line of those keys."""
    from types import SimpleNamespace

    from doomlings_desktop.ui.table.answers import KINDS

    sc = SimpleNamespace(name=lambda s: f"P{s}", selected=None)
    for kind, widget in KINDS.items():
        d = SimpleNamespace(kind=kind, options=["red", "blue", "green", "purple", "pass"],
                            intent=None)
        letters = {a.hotkey for a in widget.answers(sc, d) if a.hotkey}
        bound = {c for b in keys.TABLE if b.action == "hotkey" and kind in b.kinds
                 for c in b.chars}
        assert letters == bound, (kind, letters, bound)
        if letters:
            assert all(b.line == widget.line for b in keys.TABLE
                       if b.action == "hotkey" and kind in b.kinds), kind
        if widget.line:
            assert any(widget.line == b.line and (not b.kinds or kind in b.kinds)
                       for b in keys.TABLE), kind


def _at(kind: str):
    """A table of three humans at the first decision of `kind` (random answers up to it), the
    decider's screen taken."""
    import random

    from doomlings_desktop.rules.cards import default_database
    from doomlings_desktop.rules.engine import Game

    db = default_database()
    for seed in range(300):
        g = Game.new(db, 3, seed=seed, names=["Ann", "Bea", "Cyd"])
        r = random.Random(seed)
        while g.pending is not None and g.pending.kind != kind:
            g.apply(r.choice(g.pending.options))
        if g.pending is not None:
            break
    app = make_app()
    sc = TableScene(app, [SeatConfig(n) for n in ("Ann", "Bea", "Cyd")], seed, game=g)
    sc.autosave = False
    app.go(sc)
    sc.cleared = sc.viewer = g.pending.player
    app.frame()
    return app, sc


def test_each_letter_on_an_answer_button_answers_it():
    """Y / N, S / R and a colour's initial, pressed at the table: the answer on that button."""
    from doomlings_desktop.ui.table.answers import KINDS

    for kind in ("yesno", "no_play", "color"):
        app, sc = _at(kind)
        d = sc.my_decision()
        assert d is not None and d.kind == kind
        answers = KINDS[kind].answers(sc, d)
        a = answers[-1]
        n = len(sc.game.answers)
        key(app, getattr(pygame, f"K_{a.hotkey}"), a.hotkey)
        assert len(sc.game.answers) == n + 1 and sc.game.answers[-1] == a.value, (kind, a)


def test_the_help_keeps_every_line_inside_its_box():
    """At 1280x720 (and the smallest window) a key's words too long for the box go on to a
    second line: the tryout of 28 November saw the out-of-turn line run past the box's edge."""
    for size in ((1280, 720), (960, 600)):
        app = make_app(size)
        sc = TableScene(app, [SeatConfig("Ann"), SeatConfig("Bob", "bot", "easy")], seed=5)
        app.go(sc)
        app.frame()
        key(app, pygame.K_F1)
        app.frame()
        w, h = app.screen.get_size()
        row = h // 2
        accent = pygame.Color(*ACCENT)
        edge = max(x for x in range(w) if app.screen.get_at((x, row))[:3] == accent[:3])
        # right of the box's border: the shade over the table only, no letters
        outside = {tuple(app.screen.get_at((x, y))[:3]) for x in range(edge + 2, w)
                   for y in range(int(80 * h / 720), h - 40, 3)}
        ink = pygame.Color(*INK)[:3]
        assert ink not in outside, size
