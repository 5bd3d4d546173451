"""The Dinolings' decisions on the table, through posted pygame events."""

from __future__ import annotations

import pytest
from uidriver import click, drag, find

from doomlings_desktop.rules.cards import database_for
from doomlings_desktop.rules.setup import build
from doomlings_desktop.ui.table import SeatConfig, TableScene
from tests.test_ui import make_app, texts_of_a_frame


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))


def test_an_optional_loss_is_declined_with_skip():
    """Dermal Armor's "you may discard a trait of your pile" offers Skip (not Done, which read
    as if something had been picked); Skip keeps the pile as it was."""
    dino = database_for(["dinolings"])
    g = build(dino, {"players": [{"hand": ["dermal-armor", "leaves"], "pile": ["bark", "gills"]},
                                 {"hand": ["fangs"], "pile": ["sweat"]}]}, players=2)
    app = make_app(size=(1280, 720))
    sc = TableScene(app, [SeatConfig("Ann", "human"), SeatConfig("Bob", "bot")], 0, game=g)
    sc.autosave = False
    app.go(sc)
    app.frame()
    drag(app, find(sc, ("hand", next(c for c in g.players[0].hand
                                     if dino.ident[c] == "dermal-armor"))).center,
         sc.layout.panel_of(0).rect.center)
    app.frame()
    assert g.pending.player == 0 and "pass" in g.pending.options
    words = texts_of_a_frame(app, sc)
    assert "Skip" in words and "Done" not in words
    click(app, find(sc, ("button", ("answer", "pass"))).center)
    assert sorted(dino.ident[c] for c in g.players[0].pile) == ["bark", "dermal-armor", "gills"]
