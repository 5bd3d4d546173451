"""The end screen: every player's final pile beside the score table, fitting 1280x720 with
six players, and the rows that World's End effects scored marked, with a legend."""

from __future__ import annotations

import random

import pygame
import pytest
from uidriver import find

from doomlings_desktop import saves
from doomlings_desktop.rules.cards import default_database
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.ui.table import SeatConfig, TableScene
from tests.test_ui import make_app, texts_of_a_frame


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))
    saves._cache.clear()


def six_player_end(seed: int = 12):
    db = default_database()
    rng = random.Random(1)
    g = Game.new(db, 6, seed=seed)
    while g.pending is not None:
        g.apply(rng.choice(g.pending.options))
    app = make_app()
    sc = TableScene(app, [SeatConfig("Ann")] + [SeatConfig(f"Player {i}", "bot")
                                                 for i in range(2, 7)], seed, game=g)
    app.go(sc)
    sc.we_step = 1e9
    app.frame()
    return app, sc


def test_the_end_screen_shows_every_pile_beside_the_scores_at_1280x720():
    app, sc = six_player_end()
    g = sc.game
    assert find(sc, ("button", "new_game")) is not None
    strips = [(r, a) for r, a in sc.targets if a[0] == "end_strip"]
    assert sorted((a[1], a[2]) for _, a in strips) == sorted(
        (p, c) for p in range(6) for c in g.players[p].pile)
    screen = pygame.Rect(0, 0, 1280, 720)
    table = next(r for r, a in sc.targets if a == ("score_table",))
    assert screen.contains(table)
    for i, (r, _) in enumerate(strips):
        assert screen.contains(r) and not r.colliderect(table) and r.h >= 12
        assert not any(r.colliderect(o) for o, _ in strips[i + 1:])     # none hides another
    for b in sc.buttons:                         # New game and Main menu stay clear
        assert not any(b.rect.colliderect(r) for r, _ in strips)
    heads = [a[1] for _, a in sc.targets if a[0] == "end_pile"]
    assert sorted(heads) == list(range(6))


def world_end_game():
    """A finished 3-player game whose final catastrophe scored at World's End."""
    db = default_database()
    for seed in range(1, 200):
        g = Game.new(db, 3, seed=seed)
        rng = random.Random(seed)
        while g.pending is not None:
            g.apply(rng.choice(g.pending.options))
        cat = db.cards[g.we_catastrophe()] if g.final_catastrophe >= 0 else None
        if cat is not None and cat.we_score and any(
                lab == cat.name for b in (g.score_breakdown(p) for p in range(3)) for lab, _ in b):
            return g, cat.name
    raise AssertionError("no seed scored a World's End row")


def test_the_world_ends_rows_are_marked_with_a_legend():
    g, label = world_end_game()
    app = make_app()
    sc = TableScene(app, [SeatConfig("Ann"), SeatConfig("Bob", "bot"), SeatConfig("Cy", "bot")],
                    g.seed, game=g)
    app.go(sc)
    sc.we_step = 1e9
    app.frame()
    assert label in sc.view.we_labels
    marked = [a[1] for _, a in sc.targets if a[0] == "we_row"]
    assert marked == [label]
    drawn = texts_of_a_frame(app, sc)
    assert any("World's End" in s and "effect" in s for s in drawn)        # the legend
