"""Every cache the window keeps has one bound, from one class (lru.LRU), whichever way its
entries go in (issue: a long session grew from 290 to 424 MB, as Text.wrap and the pile slots
added to the text cache past the 3,000 that only Text.render enforced). Each cache is filled
past its bound here, and a few bot games at a table with small bounds keep every cache within
them while the games play to the end. The soak figures: `doomlings bench soak`."""

from __future__ import annotations

import pygame
import pytest
from pygame import Rect

from doomlings_desktop.lru import LRU
from doomlings_desktop.storage import saves
from doomlings_desktop.ui import app as app_module
from doomlings_desktop.ui import cardface, dialogs, fonts
from doomlings_desktop.ui.cardart import text as cardtext
from doomlings_desktop.ui.dialogs import Dialog
from doomlings_desktop.ui.table import handraise, layer
from tests.test_ui import make_app


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))


# ---------------------------------------------------------------- the class

def test_an_lru_keeps_the_most_recently_used_whichever_way_entries_go_in():
    c = LRU(3)
    for k in range(5):
        c[k] = k
    assert list(c) == [2, 3, 4]
    c.get(2)                        # a use: 3 goes next
    c.setdefault(5, 5)
    c.update({6: 6})
    assert list(c) == [2, 5, 6]
    assert c.pop(5) == 5 and c.pop(99, None) is None
    del c[2]
    assert list(c) == [6]


def test_an_lru_with_a_budget_keeps_the_summed_weight_under_it():
    c = LRU(100, budget=10, weigh=len)
    for k in range(6):
        c[k] = "abc"
    assert len(c) == 3 and c.weight == 9
    c[0] = "x" * 50                 # bigger than the budget alone: kept, the rest dropped
    assert list(c) == [0] and c.weight == 50
    c.clear()
    assert c.weight == 0 and not c


# ---------------------------------------------------------------- each cache of the window

def test_the_text_cache_is_bounded_for_wrapped_text_too():
    t = app_module.Text()
    pygame.font.init()
    for k in range(app_module.TEXT_CACHE + 200):
        t.wrap(f"line {k} of a paragraph", 14, 300)
    assert len(t.cache) == app_module.TEXT_CACHE
    for k in range(app_module.TEXT_CACHE + 200):
        t.render(f"word {k}", 14)
    assert len(t.cache) == app_module.TEXT_CACHE


def test_pile_slots_have_a_bounded_cache_of_their_own():
    app = make_app()
    from doomlings_desktop.ui.table import SeatConfig, TableScene
    sc = TableScene(app, [SeatConfig("Ann", "human"), SeatConfig("Bob", "bot")], seed=1)
    player = sc.panels.player
    before = len(app.text.cache)
    for k in range(app_module.TEXT_CACHE + 100):
        player._slots(Rect(0, 0, 200 + k, 90), ("red", "blue"), 1.0)
    assert len(player.slot_cache) <= 256 == player.slot_cache.limit
    assert len(app.text.cache) <= max(before, app_module.TEXT_CACHE)


def test_fonts_word_widths_and_shades_are_bounded():
    pygame.font.init()
    for size in range(1, fonts.FONTS + 40):
        fonts.font(size)
    assert len(fonts._fonts) == fonts.FONTS
    for k in range(cardtext.WIDTHS + 50):
        cardtext._width(12, False, f"w{k}")
    assert len(cardtext._WIDTHS) == cardtext.WIDTHS
    surf = pygame.Surface((40, 30))
    for k in range(layer.SHADES + 5):
        layer.shade(surf, (0, 0, 0, k))
    assert len(layer._SHADES) == layer.SHADES


def test_the_dialog_shade_and_the_raised_heights_are_bounded(db, monkeypatch):
    app = make_app()
    d = Dialog("Title", ["a line"], [("OK", "ok", None)])
    for w in (500, 600, 700):
        d.draw(pygame.Surface((w, 400)), app, [])
    assert len(dialogs._SHADE) == 1
    monkeypatch.setattr(handraise, "reading_height", lambda cards, px: px * 10)
    handraise._HEIGHTS.clear()
    for k in range(40):
        handraise.raised_height(db, 1 + k / 10)
    assert len(handraise._HEIGHTS) == handraise._HEIGHTS.limit == 16


def test_card_pictures_are_bounded_in_count_and_bytes(db, monkeypatch):
    monkeypatch.setattr(cardface, "CACHE_PICTURES", 30)
    art = cardface.CardArt(db)
    for size in range(8, 60):
        art.dominant_star(size)
    assert len(art._cache) == 30
    assert art._bytes == sum(s.get_width() * s.get_height() * 4 for s in art._cache.values())
    for w in range(60, 140):
        art.spots(0, w, int(w * 1.4))
    assert len(art._spots) == art._spots.limit == 64


def test_the_sizes_known_of_each_cards_faces_are_bounded(db, monkeypatch):
    """`face_near` knows which sizes of a card's face are drawn: at most FACE_SIZE_CARDS
    cards, and of each card no more sizes than the picture cache still holds."""
    monkeypatch.setattr(cardface, "CACHE_PICTURES", 6)
    monkeypatch.setattr(cardface, "FACE_SIZE_CARDS", 3)
    art = cardface.CardArt(db)
    for c in range(5):
        for w in range(20, 30):
            art.face(c, w, int(w * 1.4))
    assert len(art._face_sizes) == 3
    assert all(len(sizes) <= 6 for sizes in art._face_sizes.values())


def test_the_save_lists_deck_verdicts_are_bounded(db):
    saves._verdicts.clear()
    rec = {"format": 2, "seed": 1, "variants": {}, "seats": [{}, {}], "answers": []}
    for k in range(saves._verdicts.limit + 20):      # other fields: other keys
        with pytest.raises(saves.RecordError):
            saves._record_problem({**rec, "modules": [f"module {k}"], "deck": [["x", "y"]]}, db)
    assert len(saves._verdicts) == saves._verdicts.limit
    saves._verdicts.clear()
    for k in range(3 * saves.DECKS_PER_KEY):         # other decks: under one key
        with pytest.raises(saves.RecordError):
            saves._record_problem({**rec, "deck": [[f"no card {k}", "x"]]}, db)
    (decks,) = saves._verdicts.values()
    assert len(decks) == saves.DECKS_PER_KEY


# ---------------------------------------------------------------- a short session

def test_bot_games_back_to_back_keep_every_cache_within_its_bound(monkeypatch):
    """Three games of four bots at one window, with bounds small enough to be reached: the
    games play to the end and no cache ever holds more than its bound."""
    from doomlings_desktop.ui import benchsoak

    app = make_app(animation="normal")
    app.text.cache = LRU(150)
    app.art._cache = LRU(200, cardface.CACHE_BYTES, cardface._surface_bytes)
    frame = app.frame
    seen: dict[str, int] = {}

    def checked(*a, **k):
        drew = frame(*a, **k)
        panels = getattr(app.scene, "panels", None)
        if panels is not None and panels.player.slot_cache.limit != 8:
            panels.player.slot_cache = LRU(8)
        for name, n in benchsoak.cache_sizes(app).items():
            seen[name] = max(seen.get(name, 0), n)
        return drew
    monkeypatch.setattr(app, "frame", checked)
    for seed in range(3):
        assert benchsoak.play_game(app, seed) > 0 and app.scene.game.over
    assert seen["text"] == 150 and seen["card pictures"] == 200 and seen["pile slots"] == 8
    assert seen["fonts"] <= fonts.FONTS and seen["shades"] <= layer.SHADES
