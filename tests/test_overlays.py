"""Overlays leave what they are not about uncovered: an out-of-turn offer is a window with its
own buttons (not laid over the hand or doubled by the prompt's), a message finds a spot that
hides no card or button, and the replay bar hides no card."""

from __future__ import annotations

import random

import pygame
import pytest
from uidriver import click, find

from doomlings_desktop.rules.cards import default_database
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.settings import Settings
from doomlings_desktop.ui.app import App
from doomlings_desktop.ui.table import SeatConfig, TableScene


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))


def _app(size=(1280, 720)) -> App:
    s = Settings()
    s.animation = "off"
    s.bot_pace = 0.0
    return App(size=size, settings=s)


def _offer_table(size=(1280, 720)) -> tuple[App, TableScene]:
    """A 3-person hot-seat table on an out-of-turn offer, its player at the screen."""
    db = default_database()
    for seed in range(300):
        g = Game.new(db, 3, seed=seed, names=["Ada", "Bea", "Cyd"])
        r = random.Random(seed)
        while g.pending and g.pending.kind != "react":
            g.apply(r.choice(g.pending.options))
        if g.pending:
            break
    app = _app(size)
    sc = TableScene(app, [SeatConfig(n) for n in ("Ada", "Bea", "Cyd")], seed, game=g)
    sc.autosave = False
    app.go(sc)
    sc.cleared = sc.viewer = g.pending.player
    app.frame()
    app.frame()
    return app, sc


def _card_rects(sc: TableScene) -> list[pygame.Rect]:
    return [r for r, k in sc.targets if k[0] in ("hand", "strip", "card", "overlay_card",
                                                   "deck", "gene_pool")]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_an_offer_has_one_pass_and_its_buttons_under_its_cards(size):
    app, sc = _offer_table(size)
    passes = [b for b in sc.buttons if b.key == ("answer", "pass")]
    assert len(passes) == 1, "the prompt's Pass was drawn besides the offer's own"
    offered = [r for r, k in sc.targets if k[0] == "overlay_card"]
    hand = [r for r, k in sc.targets if k[0] == "hand"]
    assert offered and hand
    for b in sc.buttons:
        assert b.rect.top > max(r.bottom for r in offered)
        assert not any(b.rect.colliderect(r) for r in hand), "an offer's button lies on the hand"
    click(app, passes[0].rect.center)
    assert sc.game.pending is None or sc.game.pending.kind != "react" or \
        sc.game.answers[-1] == "pass"


def test_a_message_covers_no_card_or_button():
    app, sc = _offer_table()
    for text in ("Saved as 'Sunday afternoon'.",
                 "Nothing to undo: a card was drawn or revealed, or another player acted."):
        sc.say(text, 5)
        app.frame()
        box = sc.overlays.toast.rect
        assert box is not None
        assert not any(box.colliderect(r) for r in _card_rects(sc))
        assert not any(box.colliderect(b.rect) for b in sc.buttons)


def test_the_replay_bar_hides_no_card(db):
    from doomlings_desktop import saves
    from doomlings_desktop.simulate import play_random

    g = play_random(db, 4, 7)
    saves.save(g, [{"name": n, "kind": "bot"} for n in "ABCD"], "last game")
    app = _app()
    app.frame()
    click(app, find(app.scene, ("button", "load")).center)
    path = saves.saves_dir() / "last game.json"
    click(app, find(app.scene, ("button", ("replay", path))).center)
    sc = app.scene
    click(app, find(sc, ("button", "last")).center)
    for _ in range(40):                 # back into the game, hands full
        click(app, find(sc, ("button", "back")).center)
    bar_top = min(b.rect.top for b in sc.buttons if b.key in ("first", "last", "close"))
    cards = _card_rects(sc)
    assert cards and max(r.bottom for r in cards) <= bar_top - 4
