"""The top bar with every expansion module on: at 1280x720 the modules shrink to "+ N
modules" (a hover names them) so the age, its rule and the counts never overlap."""

from __future__ import annotations

import pygame
import pytest
from uidriver import find, post

from doomlings_desktop.rules.cards import available_modules, module_title
from doomlings_desktop.ui.table import SeatConfig, TableScene
from tests.test_ui import make_app, texts_of_a_frame


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))


def _table(modules):
    app = make_app(size=(1280, 720))
    sc = TableScene(app, [SeatConfig("Ann", "human"), SeatConfig("Bob", "bot"),
                          SeatConfig("Cy", "bot"), SeatConfig("Di", "bot")], 7,
                    modules=tuple(modules))
    sc.autosave = False
    app.go(sc)
    app.frame()
    return app, sc


def test_every_module_is_one_hoverable_count_beside_a_whole_age_label():
    mods = available_modules()
    app, sc = _table(mods)
    g = sc.game
    for _ in range(200):        # keep a Meaning of Life card; the bots keep theirs
        if g.pending.player == 0 and g.pending.kind == "play":
            break
        if g.pending.player == 0:
            sc.match.apply(g.pending.options[0])
        app.frame(dt=1 / 60)
    words = texts_of_a_frame(app, sc)
    bar = next(w for w in words if "Ages left" in w)
    assert f"+ {len(mods)} modules" in bar
    assert not any(f"+ {module_title(m)}" in bar for m in mods)
    label = next(w for w in words if w.startswith("Age: "))
    assert "…" not in label
    u = app.unit
    label_right = int(12 * u) + app.text.font(int(19 * u), True).size(label)[0]
    target = find(sc, ("modules",))
    assert target.left > label_right          # the counts begin right of the age's name
    post(pygame.MOUSEMOTION, pos=target.center, rel=(0, 0), buttons=(0, 0, 0))
    for _ in range(30):
        app.frame(dt=1 / 60)
    tips = texts_of_a_frame(app, sc)
    tip = next(w for w in tips if w.startswith("Expansion modules in play: "))
    assert all(module_title(m) in tip for m in mods)


def test_one_module_is_named_in_full():
    app, sc = _table(["multi-color"])
    bar = next(w for w in texts_of_a_frame(app, sc) if "Ages left" in w)
    assert "+ Multi-Color" in bar
