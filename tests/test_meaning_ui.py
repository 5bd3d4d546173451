"""The table with the Meaning of Life module (E4): the keep decision as a window of the two
cards, the kept card on its owner's panel only, and the end screen's Meaning rows last."""

from __future__ import annotations

import random

import pytest
from uidriver import click, find

from doomlings_desktop.rules.cards import database_for
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.storage import saves
from doomlings_desktop.ui.table import SeatConfig, TableScene
from tests.test_ui import make_app, texts_of_a_frame


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))
    saves._cache.clear()


def _table(g):
    app = make_app()
    sc = TableScene(app, [SeatConfig("Ann"), SeatConfig("Bob", "bot"), SeatConfig("Cy", "bot")],
                    4, game=g)
    app.go(sc)
    sc.we_step = 1e9
    app.frame()
    return app, sc


def test_keep_window_then_the_kept_card_on_my_panel_only():
    db = database_for(["meaning-of-life"])
    g = Game.new(db, 3, seed=4)
    app, sc = _table(g)
    offer = g.meaning_offer[0]
    assert all(find(sc, ("overlay_card", c)) is not None for c in offer)
    r = find(sc, ("overlay_card", offer[1]))
    click(app, r.center)
    click(app, r.center)
    assert g.meaning[0] == offer[1]
    for _ in range(20):     # the bots keep theirs
        app.frame()
    assert all(c >= 0 for c in g.meaning)
    drawn = set()
    face = app.art.face
    app.art.face = lambda c, *a, **k: drawn.add(c) or face(c, *a, **k)
    sc._view_key = ()
    app.frame()
    assert find(sc, ("card", offer[1])) is not None
    assert g.meaning[0] in drawn and not drawn & {g.meaning[1], g.meaning[2]}


def test_end_screen_lists_each_meaning_card_last():
    db = database_for(["meaning-of-life"])
    g = Game.new(db, 3, seed=4)
    rng = random.Random(1)
    while g.pending is not None:
        g.apply(rng.choice(g.pending.options))
    app, sc = _table(g)
    texts = texts_of_a_frame(app, sc)
    table = texts[texts.index("Face values"):texts.index("Total")]
    labels = [s for s in table if not s.lstrip("+-").isdigit()]
    rows = ["Meaning: " + db.name(c) for c in g.meaning]     # "Meaning of Life: ..." shortened
    assert labels[-3:] == rows and len(labels) > 4      # after every other row
