"""The marks on our card faces are explained: the help overlay's second page draws each with
its meaning, the Rules page lists them, and pointing at one on a zoomed card explains it."""

from __future__ import annotations

import pygame
import pytest
from uidriver import key

from doomlings_desktop.storage.settings import Settings
from doomlings_desktop.ui.app import App
from doomlings_desktop.ui.cardart.palette import COLOR_SYMBOL_NAMES, ICON_NAMES
from doomlings_desktop.ui.legend import LEGEND, MEANING
from doomlings_desktop.ui.table import SeatConfig, TableScene


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))


def _table(size=(1280, 720)) -> tuple[App, TableScene]:
    s = Settings()
    s.animation = "off"
    app = App(size=size, settings=s)
    sc = TableScene(app, [SeatConfig("Ada"), SeatConfig("Bob", "bot")], seed=12)
    app.go(sc)
    app.frame()
    return app, sc


def test_every_mark_a_face_can_show_has_a_meaning(db):
    app, _ = _table()
    marks = set()
    for c, d in enumerate(db.cards):
        if d.kind == "trait":
            marks |= {k for k, _ in app.art.spots(c, 200, 278)}
    assert marks <= set(MEANING), marks - set(MEANING)
    # the attachment icon is the Techlings' (tests/test_module_faces.py draws one)
    assert set(ICON_NAMES) - {"attachment"} | set(COLOR_SYMBOL_NAMES) | {
        "dominant", "variable", "value", "gene_pool"} <= marks


def test_tab_in_the_help_turns_to_the_marks_and_back():
    app, sc = _table()
    key(app, pygame.K_F1)
    assert sc.help_open is True
    drawn = []
    render = app.text.render
    app.text.render = lambda s, *a, **k: (drawn.append(s), render(s, *a, **k))[1]
    key(app, pygame.K_TAB, "\t")
    app.text.render = render
    assert sc.help_open == "icons"
    assert all(name in drawn for _, name, _ in LEGEND)
    key(app, pygame.K_TAB, "\t")
    assert sc.help_open is True
    key(app, pygame.K_a, "a")
    assert not sc.help_open


def _zoomed(app, sc, db) -> tuple[int, pygame.Rect]:
    """A dominant trait with marks, read at zoom: the card and where its face lies."""
    c = next(c for c, d in enumerate(db.cards) if d.kind == "trait" and d.dominant and d.icons)
    sc.zoom = c
    app.frame()
    w, h = app.screen.get_size()
    ch = int(h * 0.8)
    cw = int(ch * 0.72)
    return c, pygame.Rect((w - cw) // 2, (h - ch) // 2, cw, ch)


def test_pointing_at_a_mark_on_a_zoomed_card_explains_it(db):
    app, sc = _table()
    c, card = _zoomed(app, sc, db)
    cw, ch = card.size
    for mark, spot in app.art.spots(c, cw, ch):
        app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=spot.move(card.topleft).center,
                                      rel=(0, 0), buttons=(0, 0, 0))])
        assert sc.overlays.zoom.tip == mark
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=card.center, rel=(0, 0),
                                  buttons=(0, 0, 0))])
    assert sc.overlays.zoom.tip is None


@pytest.mark.parametrize("size", [(1280, 720), (960, 600)])
def test_a_marks_explanation_never_hides_the_mark(db, size):
    """The tryout right-clicked Branches and pointed at its face value: "Face value, the
    points the trait scores..." was drawn over the number it explained. Each mark's
    explanation lies beside the mark, inside the window."""
    app, sc = _table(size)
    c, card = _zoomed(app, sc, db)
    cw, ch = card.size
    checked = 0
    for mark, spot in app.art.spots(c, cw, ch):
        at = spot.move(card.topleft)
        for pos in (at.center, at.midtop, (at.centerx, at.bottom - 1)):
            app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                          buttons=(0, 0, 0))])
            box = sc.overlays.zoom.tip_at
            if sc.overlays.zoom.tip != mark:
                continue
            assert not box.colliderect(at), (mark, box, at)
            assert app.screen.get_rect().contains(box)
            if mark == "value" and size == (1280, 720):     # room beside the card: the
                assert not box.colliderect(card), box       # card's text stays readable
            checked += 1
    assert checked >= 3


def test_the_rules_page_lists_the_marks():
    from doomlings_desktop.ui.scenes.rules_page import RulesScene

    assert all(f"{name}: {words}." in RulesScene.body for _, name, words in LEGEND)
