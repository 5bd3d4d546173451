"""The prompt's words at the table, as a player reads them: a question says what it asks
and why, in words a new player can follow (the new-user tryout's findings)."""

from __future__ import annotations

import random

import pygame
import pytest
from uidriver import drawn_text, letter

from doomlings_desktop.rules.cards import default_database
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.storage.settings import Settings
from doomlings_desktop.ui.app import App
from doomlings_desktop.ui.table import SeatConfig, TableScene


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))


def _stabilizing(seed: int) -> Game:
    """A three-player game at seat 0's stabilize discard (random legal moves before it)."""
    g = Game.new(default_database(), 3, seed=seed, names=["Ada", "Bea", "Cyd"])
    r = random.Random(seed)
    for _ in range(2000):
        d = g.pending
        if d.player == 0 and d.prompt.startswith("Stabilize: discard"):
            return g
        g.apply(r.choice(d.options))
    raise AssertionError(f"seed {seed}: no stabilize discard for seat 0")


def _table(g: Game) -> tuple[App, TableScene, list[str]]:
    s = Settings()
    s.animation = "off"
    s.bot_pace = 0.0
    app = App(size=(1280, 720), settings=s)
    sc = TableScene(app, [SeatConfig("Ada")] + [SeatConfig(n, "bot", "easy")
                                                 for n in ("Bea", "Cyd")], 3, game=g)
    sc.autosave = False
    app.go(sc)
    seen = drawn_text(app)
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 10), rel=(0, 0),
                                  buttons=(0, 0, 0))])
    return app, sc, seen


@pytest.mark.parametrize("seed", [21, 7])    # one card to discard; two
def test_a_stabilize_discard_says_why_not_discard_n_more(seed):
    """The tryout met "Stabilize: discard 1 more" as the first and only discard of a turn:
    "more" than what? The prompt now says how many, and why: the hand is over the gene
    pool, both counted."""
    g = _stabilizing(seed)
    n = g.pending.count
    app, sc, seen = _table(g)
    v = sc.view
    hand, pool = len(v.hand), v.seats[v.me].gene_pool
    assert hand - pool == n
    prompt = [s for s in seen if s.startswith("Stabilize")]
    assert prompt, seen
    words = " ".join(prompt)
    assert " more" not in words, words
    assert f"discard {n} card{'s' if n > 1 else ''}" in words, words
    assert f"gene pool of {pool}" in words and f"you hold {hand}" in words, words
    # a card chosen by its number key: the same words, and the count chosen after them
    seen.clear()
    letter(app, "1")
    app.frame()
    words = " ".join(s for s in seen if s.startswith("Stabilize"))
    assert f"gene pool of {pool}" in words and " more" not in words, words


def _at(seed: int, moves: int) -> Game:
    g = Game.new(default_database(), 3, seed=seed, names=["Ada", "Bea", "Cyd"])
    r = random.Random(seed)
    for _ in range(moves):
        g.apply(r.choice(g.pending.options))
    return g


@pytest.mark.parametrize("moves, kind", [(64, "yesno"), (73, "color")])
def test_answer_buttons_show_the_key_that_answers_them(moves, kind):
    """The tryout's Yes / No and Red / Blue / Green / Purple buttons answered to Y / N and
    R / B / G / P with nothing on them to say so (every page's buttons show theirs): each
    carries its letter on a key cap at its right end, clear of its label, and the letter
    answers it."""
    from doomlings_desktop.ui.theme import KEYCAP
    g = _at(0, moves)
    d = g.pending
    assert d.player == 0 and d.kind == kind
    app, sc, _ = _table(g)
    w = sc.panels.prompt.widget(d)
    answers = [b for b in w.shown() if b.hotkey]
    assert len(answers) >= 2 and w.capped == answers
    font = app.text.font(int(17 * sc.unit()), True)
    for b in answers:
        cap_x = b.rect.right - int(8 * sc.unit()) - 4
        assert tuple(app.screen.get_at((cap_x, b.rect.centery - 4)))[:3] == KEYCAP, b.label
        label_right = b.rect.centerx + font.size(b.label)[0] // 2
        side = int(min(22 * sc.unit(), b.rect.h * 0.5))
        assert label_right < b.rect.right - int(8 * sc.unit()) - side, b.label
    last = answers[-1]
    answers_before = len(sc.game.answers)
    letter(app, last.hotkey)
    app.frame()
    assert sc.game.answers[answers_before] == last.key[1]
