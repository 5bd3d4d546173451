"""Colour is never the only cue (issue 27): seen through simulated protanopia, deuteranopia and
tritanopia (tests/cvd.py: Machado 2009, CIEDE2000),

- in the colour-blind palette every two trait colours stay apart (on the drawn table too);
- in either palette, each colour's symbol has its own silhouette at strip size, where the
  standard palette's red and green (and blue and purple) meet;
- every two highlight states (eligible, selected, new, hint, and a dominant trait's frame) are
  told apart by the shape of their marks alone, in greyscale, in both palettes;
- the Colours setting switches the palette at once and a bad value in the file is the default.
"""

from __future__ import annotations

import copy
import itertools
import random

import numpy as np
import pygame
import pytest
from cvd import KINDS, VISIONS, ciede2000, difference, lab, luminance
from pygame import Rect

from doomlings_desktop.rules.cards import default_database
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.storage.settings import COLOURS, Settings
from doomlings_desktop.ui import highlight, theme
from doomlings_desktop.ui.app import App
from doomlings_desktop.ui.cardart.palette import COLOR_SYMBOL_NAMES
from doomlings_desktop.ui.cardart.strips import draw_strip
from doomlings_desktop.ui.cardart.symbols import draw_color_symbol
from doomlings_desktop.ui.cardface import CardArt
from doomlings_desktop.ui.table import SeatConfig, TableScene

MIN_DE = 15.0           # CIEDE2000 between two trait colours, in every vision (10: clearly apart)
MIN_SHAPE = 0.3         # 1 - overlap of two marks' masks, allowing a pixel of misalignment
SYMBOL_PX = (10, 13, 16)    # a 16 px strip's badge draws its symbol 10 px wide


@pytest.fixture(autouse=True)
def standard_after(tmp_path, monkeypatch):
    """Each test starts and ends in the standard palette (it is module state)."""
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))
    theme.use_palette("standard")
    yield
    theme.use_palette("standard")


def shape_distance(a: np.ndarray, b: np.ndarray) -> float:
    """1 - the overlap (intersection over union) of two boolean masks, at the shift of up to
    a pixel each way that lines them up best: how far apart two marks are as shapes."""
    best = 1.0
    for dy, dx in itertools.product((-1, 0, 1), repeat=2):
        s = np.roll(np.roll(b, dy, 0), dx, 1)
        union = (a | s).sum()
        best = min(best, 1 - (a & s).sum() / union if union else 0.0)
    return best


def pixels(surf: pygame.Surface) -> np.ndarray:
    """A surface's colours as (height, width, 3)."""
    return pygame.surfarray.array3d(surf).transpose(1, 0, 2)


# ---------------------------------------------------------------------- the tools themselves


def test_the_simulation_and_the_colour_difference_are_the_published_ones():
    # CIEDE2000: Sharma, Wu and Dalal's test pairs 1, 7 and 17
    assert ciede2000(np.array([50, 2.6772, -79.7751]), np.array([50, 0, -82.7485])) == \
        pytest.approx(2.0425, abs=1e-4)
    assert ciede2000(np.array([50, 0, 0]), np.array([50, -1, 2])) == \
        pytest.approx(2.3669, abs=1e-4)
    assert ciede2000(np.array([50, 2.5, 0]), np.array([73, 25, -18])) == \
        pytest.approx(27.1492, abs=1e-4)
    for vision in VISIONS:      # greys stay grey, for everyone
        for g in (0, 90, 200, 255):
            assert abs(lab(np.array([g, g, g]), vision)[1:]).max() < 1.5, (vision, g)
    # the confusions the issue names: red ~ green under deuteranopia and protanopia,
    # the standard blue ~ purple; seen apart in normal vision
    red, green = (204, 68, 52), (52, 146, 72)
    assert difference(red, green, "normal") > 40
    assert difference(red, green, "deutan") < 10 and difference(red, green, "protan") < 20
    assert luminance(np.array([255, 255, 255])) == pytest.approx(255)


def test_the_palettes_are_the_settings_choices():
    assert theme.PALETTES == COLOURS
    assert theme.palette_name("nonsense") == "standard" and theme.palette_name(None) == \
        "standard"
    assert theme.use_palette("colour-blind") and not theme.use_palette("colour-blind")
    assert theme.use_palette({"not": "a name"})     # back to standard
    assert theme.TRAIT_RGB == theme._STANDARD["trait"]


# ---------------------------------------------------------------------- trait colours


def pairs_below(colours: dict, least: float) -> list:
    return [(vision, a, b, round(difference(colours[a], colours[b], vision), 1))
            for vision in VISIONS for a, b in itertools.combinations(colours, 2)
            if difference(colours[a], colours[b], vision) < least]


def test_the_colour_blind_palette_keeps_every_trait_colour_apart_in_every_vision():
    theme.use_palette("colour-blind")
    assert not pairs_below(theme.TRAIT_RGB, MIN_DE)
    assert not pairs_below(theme.HIGHLIGHT, 5.0)        # the shapes do the rest (below)


def test_the_standard_palette_needs_the_symbols_and_the_setting():
    """Why the setting exists: the standard colours meet for a dichromat (and the symbols
    below are what tells them apart there)."""
    close = {(v, a, b) for v, a, b, _ in pairs_below(theme.TRAIT_RGB, MIN_DE)}
    assert ("deutan", "blue", "purple") in close and ("deutan", "red", "green") in close
    assert all(v in KINDS for v, _, _ in close)       # normal vision sees them apart


def test_each_colour_symbol_has_its_own_silhouette_at_strip_size():
    """At 10 px (a 16 px strip's badge) the flame, the leaf and the diamond were all small
    drops; now the flame has three tongues on a flat base, the leaf a cut midrib on a long
    stem, the hexagon a wide hole."""
    for px in SYMBOL_PX:
        masks = {c: pygame.surfarray.array_alpha(draw_color_symbol(c, px)).T > 128
                 for c in COLOR_SYMBOL_NAMES}
        close = [(a, b, round(shape_distance(masks[a], masks[b]), 2))
                 for a, b in itertools.combinations(masks, 2)
                 if shape_distance(masks[a], masks[b]) < 0.35]
        assert not close, (px, close)


# ---------------------------------------------------------------------- highlight states


def _marks(db, vision: str) -> dict[str, np.ndarray]:
    """Where each state changes what `vision` sees in greyscale, on a 16 px strip and on a
    card at rest, as one boolean mask per state (the dominant state: its strip against the
    same card's plain strip)."""
    art = CardArt(db)
    d = next(x for x in db.cards if x.kind == "trait" and x.dominant and not x.variable)
    plain = copy.copy(d)
    plain.dominant = False
    out = {}
    for state in (*highlight.STATES, "dominant"):
        masks = []
        for rect in (Rect(20, 20, 220, 16), Rect(300, 20, 60, 84)):
            canvas = pygame.Surface((400, 130))
            canvas.fill(theme.PANEL)
            card = d if state == "dominant" else plain
            canvas.blit(draw_strip(art, plain, rect.w, rect.h), rect)
            before = luminance(pixels(canvas), vision)
            canvas.blit(draw_strip(art, card, rect.w, rect.h), rect)
            if state != "dominant":
                highlight.outline(canvas, state, rect, 1.0, radius=4)
            masks.append(np.abs(luminance(pixels(canvas), vision) - before) > 12)
        out[state] = np.concatenate(masks)
    return out


@pytest.mark.parametrize("palette", COLOURS)
def test_every_highlight_state_is_told_apart_by_its_shape_in_greyscale(db, palette):
    """Eligible was yellow, dominant gold and selected cyan, all solid lines: in greyscale,
    and for a dichromat, one mark. Each now has its own line: dashes, a thick line with a
    keyline, corner marks, dots with a "?", a double frame inside the strip."""
    theme.use_palette(palette)
    for vision in VISIONS:
        marks = _marks(db, vision)
        assert all(m.sum() > 40 for m in marks.values()), vision     # each is seen at all
        close = [(a, b, round(shape_distance(marks[a], marks[b]), 2))
                 for a, b in itertools.combinations(marks, 2)
                 if shape_distance(marks[a], marks[b]) < MIN_SHAPE]
        assert not close, (palette, vision, close)


def test_a_mark_fades_and_an_unknown_state_draws_nothing():
    s = pygame.Surface((100, 60))
    s.fill(theme.BG)
    r = highlight.outline(s, "new", Rect(20, 20, 40, 20), 1.0, strength=0.0)
    assert r == Rect(18, 18, 44, 24)
    assert {tuple(p) for p in pixels(s).reshape(-1, 3)} == {theme.BG}
    highlight.outline(s, "glowing", Rect(20, 20, 40, 20), 1.0)
    highlight.outline(s, "eligible", Rect(20, 20, 1, 1), 1.0, pad=0)   # too small to mark
    assert {tuple(p) for p in pixels(s).reshape(-1, 3)} == {theme.BG}


# ---------------------------------------------------------------------- the drawn table


def _table(palette: str) -> tuple[App, TableScene]:
    """A four-seat game played at random until its piles hold every trait colour, drawn."""
    db = default_database()
    g = Game.new(db, 4, seed=11)
    r = random.Random(11)

    def colours() -> set:
        return {db.cards[c].color for p in g.players for c in p.pile
                if len(db.cards[c].colors or ()) <= 1}
    while g.pending and not (colours() >= set(theme.TRAIT_RGB) - {"colorless"} and
                             g.pending.player == 0 and g.pending.kind == "play"):
        g.apply(r.choice(g.pending.options))
    s = Settings()
    s.animation, s.bot_pace, s.colours = "off", 0.0, palette
    app = App(size=(1280, 720), settings=s)
    sc = TableScene(app, [SeatConfig(f"P{i}", "human" if i == 0 else "bot") for i in range(4)],
                    0, game=g)
    sc.autosave = False
    app.go(sc)
    app.frame([])
    return app, sc


def _strip_colours(app: App, sc: TableScene) -> dict[str, np.ndarray]:
    """The median colour of the drawn pile strips of each single-colour trait, by colour (of
    a pile card lying whole, its band at the top: the face under it is a picture)."""
    shot = pixels(app.screen)
    got: dict[str, list] = {}
    for rect, key in sc.targets:
        if key[0] != "strip":
            continue
        d = sc.db.cards[key[2]]
        if d.kind == "trait" and len(d.colors or ()) <= 1 and not d.dominant:
            bottom = rect.y + max(6, min(16, rect.h // 6)) if rect.h > rect.w else rect.bottom - 2
            body = shot[rect.y + 2:bottom, rect.x + 2:rect.right - 2].reshape(-1, 3)
            got.setdefault(d.color, []).append(np.median(body, 0))
    return {c: np.median(v, 0) for c, v in got.items()}


def test_the_table_through_the_three_simulations_keeps_the_trait_colours_apart():
    """The colour-blind palette on the drawn table: the strips of two colours are apart for
    every vision; with the standard palette (the default) they are not, which is what the
    setting is for."""
    app, sc = _table("colour-blind")
    strips = _strip_colours(app, sc)
    assert len(strips) >= 4, strips.keys()
    close = pairs_below({c: tuple(v) for c, v in strips.items()}, MIN_DE * 0.8)
    assert not close, close
    app, sc = _table("standard")
    strips = _strip_colours(app, sc)
    assert pairs_below({c: tuple(v) for c, v in strips.items()}, MIN_DE * 0.8)


def test_the_colours_setting_switches_the_table_at_once():
    from uidriver import click, find

    app, _ = _table("standard")
    app.go(_settings(app))
    app.frame([])
    click(app, find(app.scene, ("button", "colours")).center)
    app.frame([])
    assert app.settings.colours == "colour-blind"
    assert theme.TRAIT_RGB == theme._COLOUR_BLIND["trait"]
    strip = app.art.strip(next(c for c, d in enumerate(app.art.db.cards)
                               if d.kind == "trait" and d.color == "green" and not d.dominant
                               and len(d.colors or ()) <= 1), 200, 20)
    body = tuple(np.median(pixels(strip)[3:-3, 3:-3].reshape(-1, 3), 0))
    assert difference(body, theme._COLOUR_BLIND["trait"]["green"], "normal") < \
        difference(body, theme._STANDARD["trait"]["green"], "normal") / 2, body
    click(app, find(app.scene, ("button", "colours")).center)
    app.frame([])
    assert app.settings.colours == "standard" and theme.TRAIT_RGB == theme._STANDARD["trait"]


def _settings(app: App):
    from doomlings_desktop.ui import router

    return router.make(app, "settings", app.scene)


def test_a_bad_colours_value_is_the_standard_palette():
    for bad in ("Colour-blind", "", None, 1, ["colour-blind"], {"a": 1}):
        s, warning = Settings.from_dict({"colours": bad})
        assert s.colours == "standard" and warning == \
            "Settings: colours was not valid and was reset.", bad
    s, warning = Settings.from_dict({"colours": "colour-blind"})
    assert s.colours == "colour-blind" and warning is None
    theme.use_palette("colour-blind")
    App(size=(640, 480), settings=Settings())       # a new App: its own settings' palette
    assert theme.TRAIT_RGB == theme._STANDARD["trait"]


def test_the_table_draws_its_options_dashed_and_the_chosen_one_thick(monkeypatch):
    """On the drawn table, the playable hand cards wear the eligible line, and a clicked one
    the selected line (the shapes checked above), through ui/highlight.py."""
    from uidriver import click, find

    from doomlings_desktop.ui.table import panels

    app, sc = _table("colour-blind")
    drawn: list[tuple[str, tuple]] = []

    def spy(surf, state, rect, u, **kw):
        drawn.append((state, tuple(rect)))
        return highlight.outline(surf, state, rect, u, **kw)
    monkeypatch.setattr(panels, "outline", spy)
    sc.panels.forget()      # a frame drawn whole (the panels are cached: regions.py)
    app.frame([])
    d = sc.game.pending
    playable = [c for c in sc.game.players[0].hand if c in d.options]
    assert playable and {s for s, _ in drawn} == {"eligible"}
    assert len(drawn) >= len(playable)
    drawn.clear()
    click(app, find(sc, ("hand", playable[0])).center)
    sc.panels.forget()
    app.frame([])
    assert sc.selection.chosen == playable[0]
    states = [s for s, _ in drawn]
    assert "selected" in states and ("eligible" in states) == (len(playable) > 1)
