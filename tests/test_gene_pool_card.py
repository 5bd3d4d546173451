"""The gene pool card in each player's area: readable, turning, explained on hover, zoomable."""

from __future__ import annotations

import pygame
import pytest
from test_ui import make_app, texts_of_a_frame

from doomlings_desktop.rules.events import GenePool
from doomlings_desktop.ui.cardart.genepool import dial_angle
from doomlings_desktop.ui.layout import table_layout
from doomlings_desktop.ui.table import SeatConfig, TableScene

NAMES = ["Ann", "Bob", "Cyd", "Dov", "Eve", "Fay"]


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))


def table(n=4, animation="off"):
    app = make_app(animation=animation)
    seats = [SeatConfig("Ann")] + [SeatConfig(x, "bot") for x in NAMES[1:n]]
    sc = TableScene(app, seats, seed=3)
    app.go(sc)
    app.frame()
    return app, sc


def move(app, pos):
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])


@pytest.mark.parametrize("n", [2, 4, 6])
def test_the_value_is_upright_and_at_least_16_px_tall_at_720p(n):
    app = make_app()
    lay = table_layout(1280, 720, n, 0)
    for p in lay.panels:
        assert p.rect.contains(p.gene_pool)
        assert not p.gene_pool.colliderect(p.header) and not p.gene_pool.colliderect(p.pile)
        for value in (1, 5, 8):
            glyph = app.art.gene_pool_digit(value, p.gene_pool.w, p.gene_pool.h)
            ink = pygame.mask.from_surface(glyph).get_bounding_rects()
            assert ink and max(r.h for r in ink) >= 16, (n, p.gene_pool, ink)


def test_the_panel_draws_the_card_at_its_layout_rect():
    app, sc = table(6)
    drawn = []
    real = app.art.gene_pool
    app.art.gene_pool = lambda v, w, h, a=None: drawn.append((v, w, h)) or real(v, w, h, a)
    sc._view_key = ()
    app.frame()
    app.art.gene_pool = real
    want = sorted((sc.view.seats[p.seat].gene_pool, p.gene_pool.w, p.gene_pool.h)
                  for p in sc.layout.panels)
    assert sorted(drawn) == want


def test_a_change_of_gene_pool_turns_the_card_within_half_a_second():
    app, sc = table(2, animation="normal")
    for _ in range(3):
        app.frame(dt=0.05)
    assert not sc.moving()
    old = sc.view.seats[0].gene_pool
    new = old + 2 if old <= 6 else old - 2
    # the turn comes from the event (play/pace.py's dial seconds), not from a changed value
    sc.game.players[0].gp = new
    sc.game.moves.append(GenePool(0, new, sc.view.seats[0].pile[0] if sc.view.seats[0].pile
                                  else sc.game.deck[0]))
    sc._view_key = ()
    app.frame(dt=0.02)      # the frame after the event starts the turn
    start, end = dial_angle(old), dial_angle(new)
    angles, elapsed = [], 0.0
    while sc.moving():
        assert elapsed < 0.5, "the card was still turning after half a second"
        app.frame(dt=0.05)
        elapsed += 0.05
        angles.append(sc.gp_shown[0])
    assert elapsed >= 0.25, "a turn too quick to see"
    assert any(min(start, end) < a < max(start, end) for a in angles), angles
    assert sc.gp_shown[0] == end
    assert not sc.busy() or sc.game.pending.player != 0


def test_hovering_a_gene_pool_card_explains_it():
    app, sc = table(4)
    me, other = sc.layout.panel_of(0), sc.layout.panel_of(1)
    mine, theirs = sc.view.seats[0].gene_pool, sc.view.seats[1].gene_pool
    move(app, other.gene_pool.center)
    for _ in range(20):
        app.frame(dt=0.05)
    assert f"Bob's gene pool {theirs}: Bob stabilizes to {theirs} cards" in texts_of_a_frame(app, sc)
    move(app, me.gene_pool.center)
    for _ in range(20):
        app.frame(dt=0.05)
    texts = texts_of_a_frame(app, sc)
    assert f"Gene pool {mine}: you stabilize to {mine} cards" in texts
    tip = sc.overlays.hover.tip_at        # beside the card, not over the value it explains
    assert tip is not None and not tip.colliderect(me.gene_pool)
    move(app, me.pile.center)
    for _ in range(20):
        app.frame(dt=0.05)
    left = [s for s in texts_of_a_frame(app, sc) if s.endswith(" cards") and "gene pool" in s.lower()]
    assert not left, (left, sc.hover_key)


def test_right_click_zooms_the_gene_pool_card_and_a_click_closes_it():
    app, sc = table(4)
    r = sc.layout.panel_of(2).gene_pool
    value = sc.view.seats[2].gene_pool
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=r.center, button=3)])
    assert sc.zoom_gp == 2 and sc.zoom is None
    drawn = []
    real = app.art.gene_pool
    app.art.gene_pool = lambda v, w, h, a=None: drawn.append((v, w, h)) or real(v, w, h, a)
    texts = texts_of_a_frame(app, sc)
    app.art.gene_pool = real
    assert (value, int(720 * 0.6 * 0.72), int(720 * 0.6)) in drawn
    assert f"Cyd's gene pool {value}: Cyd stabilizes to {value} cards" in texts
    answers = len(sc.game.answers)
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 700), button=1)])
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 700), button=1)])
    assert sc.zoom_gp is None and len(sc.game.answers) == answers
