"""The end screen: every player's final pile beside the score table, fitting 1280x720 with
six players, and the rows that World's End effects scored marked, with a legend."""

from __future__ import annotations

import random

import pygame
import pytest
from uidriver import find

from doomlings_desktop.rules.cards import default_database
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.storage import saves
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


# ------------------------------------------------------ every module on: long piles, read


def all_modules_end(n: int, seed: int):
    """A finished game of n seats with every expansion module on, at 1280x720."""
    from doomlings_desktop.rules.cards import available_modules, database_for
    db = database_for(available_modules())
    g = Game.new(db, n, seed=seed)
    rng = random.Random(seed)
    while g.pending is not None:
        g.apply(rng.choice(g.pending.options))
    app = make_app()
    sc = TableScene(app, [SeatConfig("Ann")] + [SeatConfig(f"Player {i}", "bot", "medium")
                                                 for i in range(2, n + 1)], seed, game=g,
                    modules=tuple(db.modules))
    sc.autosave = False
    app.go(sc)
    sc.we_step = 1e9
    app.frame()
    return app, sc


@pytest.mark.parametrize("n,seed", [(4, 19), (6, 24)])
def test_long_final_piles_keep_their_names_readable(n, seed):
    """With every module on, piles of 10 to 17 cards: readable strips (16 px or more), in
    columns wide enough for a name (6 seats: about 8 letters; it was 2 or 3 in three
    columns), and a plain strip (no icons beside its name) shows 6 letters or its whole name.
    The score table's text never goes under the minimum either."""
    from doomlings_desktop.ui import probe
    from doomlings_desktop.ui.fonts import MIN_TEXT_PX
    from doomlings_desktop.ui.layout import STRIP_MIN_H
    app, sc = all_modules_end(n, seed)
    assert max(len(p.pile) for p in sc.game.players) >= 18
    probe.fresh(app)
    with probe.recording() as got:
        sc._view_key = ()
        app.frame()
    strips = [(r, a) for r, a in sc.targets if a[0] == "end_strip"]
    assert len(strips) == sum(len(p.pile) for p in sc.game.players)
    db = sc.db
    on = set(sc.game.attached or {})               # attachments
    linked = set((sc.game.attached or {}).values())    # their hosts wear the link mark
    for r, (_, _, c) in strips:
        assert r.h >= STRIP_MIN_H, (db.name(c), r)
        if c not in on:                     # an attachment's band is indented under its host
            assert r.w >= (120 if n == 6 else 150), (db.name(c), r)
    names = {}
    for rec in got:
        if rec.within and rec.within[0][0] == "strip" and rec.px >= MIN_TEXT_PX:
            names.setdefault(rec.within[0][1], []).append(rec.text)
    plain = [c for _, (_, _, c) in strips if db.cards[c].kind == "trait"
             and not db.cards[c].dominant and not db.cards[c].variable
             and not db.module[c] and len(db.colors[c]) <= 1 and c not in on | linked]
    assert len(plain) >= 10
    for c in plain:
        shown = names.get(db.cards[c].id, [])
        full = db.name(c)
        assert any(s == full or (s.endswith("…") and len(s) >= 7) for s in shown), (full, shown)
    table = [rec for rec in got if not rec.within]
    assert min(rec.px for rec in table) >= MIN_TEXT_PX


def test_hovering_a_final_pile_shows_the_card_and_a_right_click_zooms_it():
    """docs/ui.md: the card a hover away. The preview is drawn over the scores, beside the
    pointer, never under it; right-click (or click) shows the card large, and the next click
    puts it away without pressing what lies under it."""
    app, sc = all_modules_end(4, 3)
    strips = [(r, a) for r, a in sc.targets if a[0] == "end_strip"]
    r, (_, _, card) = strips[len(strips) // 2]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=r.center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.frame()
    for _ in range(20):
        app.frame([], dt=0.05)
    shown = sc.overlays.end_hover.shown_at
    assert shown is not None and not shown.collidepoint(r.center)
    face = app.art.face(card, shown.w, shown.h)
    assert app.screen.get_at(shown.center) == face.get_at((shown.w // 2, shown.h // 2))
    # off the strips, nothing
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.frame()
    for _ in range(20):
        app.frame([], dt=0.05)
    assert sc.overlays.end_hover.shown_at is None
    for button in (3, 1):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=r.center,
                                             button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=r.center, button=button))
        app.frame()
        assert sc.zoom == card and sc.overlays.zoom.shown(None)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1))
        app.frame()
        assert sc.zoom is None and sc.game.over and app.scene is sc


def test_an_attachment_stays_under_its_host_across_columns():
    """A host that would end a column starts the next one, so the attachment after it is
    tucked right under it rather than at the top of another column."""
    from pygame import Rect

    from doomlings_desktop.ui.table.endpiles import end_slots
    area = Rect(0, 0, 300, 3 * 30)
    colors = ("red",) * 6
    for at in range(5):
        hosts = tuple(i == at for i in range(6))
        slots = end_slots(area, colors, 1.0, hosts)
        host, band = slots[at], slots[at + 1]
        assert band.x == host.x and band.y > host.y, (at, host, band)
        assert len(set(slots[i].topleft for i in range(6))) == 6


def test_a_click_just_after_the_scores_arrive_by_themselves_zooms_nothing():
    """World's End moves on to the scores by itself; a click meant for "Click to see the
    scores now" that lands just after must not open the card under the pointer (the
    re-check tryout zoomed The Third Eye that way). A moment later a click zooms as ever."""
    app, sc = all_modules_end(4, 3)
    r, (_, _, card) = next((r, a) for r, a in sc.targets if a[0] == "end_strip")

    def press():
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=r.center, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=r.center, button=1))
        app.frame()
    press()
    assert sc.zoom is None
    for _ in range(20):
        app.frame([], dt=0.05)
    press()
    assert sc.zoom == card
