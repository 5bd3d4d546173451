"""The prompt's words at the table, as a player reads them: a question says what it asks
and why, in words a new player can follow (the new-user tryout's findings)."""

from __future__ import annotations

import random

import pygame
import pytest
from uidriver import letter

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
    seen: list[str] = []
    render = app.text.render

    def spy(text, *a, **k):
        seen.append(text)
        return render(text, *a, **k)
    app.text.render = spy
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
