"""The table's cached regions (ui/table/regions.py): a panel, the top bar and the hand at rest
are drawn once and blitted while what they show stays the same. A cache must never show a
stale panel, so these tests change what a region shows (a card played, a highlight, the
pointer on the Menu button, a resized window, the palette, the interface size, bots playing
a whole game) and check that the frame drawn from the caches is the frame drawn afresh, pixel
for pixel and target for target, and that the region's pixels did change. Every hit is also
drawn again and compared here (`RegionCache.verify = 1`)."""

from __future__ import annotations

import random

import pygame
import pytest
from pygame import Rect
from uidriver import drag, wait_until

from doomlings_desktop.rules.setup import build
from doomlings_desktop.storage.settings import Settings
from doomlings_desktop.ui.app import App
from doomlings_desktop.ui.table import SeatConfig, TableScene
from doomlings_desktop.ui.table.regions import RegionCache, StaleRegion, outside


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))
    monkeypatch.setattr(RegionCache, "verify", 1)


def make_app(size=(1280, 720), pace="normal") -> App:
    s = Settings()
    s.pace = pace
    s.bot_pace = 0.0
    return App(size=size, settings=s)


def table(size=(1280, 720), seats=6, seed=5, bots=False):
    app = make_app(size)
    kinds = ["human"] + ["bot"] * (seats - 1)
    sc = TableScene(app, [SeatConfig(f"P{i}", k, "random") for i, k in enumerate(kinds)],
                    seed=seed)
    sc.autosave = False
    if not bots:
        sc.bots = {}            # the table stays at the human's decision
    app.go(sc)
    for _ in range(3):
        app.frame(dt=0.05)
    return app, sc


def shot(app, sc):
    """The table drawn now (no time passes), its pixels and its click targets."""
    sc.targets = []
    sc.draw(app.screen)
    return pygame.image.tobytes(app.screen, "RGB"), list(sc.targets)


def assert_fresh(app, sc, what=""):
    """The frame drawn from the caches is the frame drawn with every cache dropped."""
    cached = shot(app, sc)
    hits = sum(part.cache.hits for part in (sc.panels.top, sc.panels.player, sc.panels.hand))
    sc.panels.forget()
    fresh = shot(app, sc)
    assert cached[1] == fresh[1], f"click targets differ from a fresh frame {what}"
    assert cached[0] == fresh[0], f"pixels differ from a fresh frame {what}"
    return hits


def region(app, r: Rect) -> bytes:
    return pygame.image.tobytes(app.screen.subsurface(r.clip(app.screen.get_rect())), "RGB")


def test_outside_is_the_area_less_the_covers_without_overlap():
    rng = random.Random(3)
    for _ in range(200):
        area = Rect(0, 0, 60, 40)
        covers = [Rect(rng.randrange(-10, 60), rng.randrange(-10, 40), rng.randrange(1, 30),
                       rng.randrange(1, 30)) for _ in range(rng.randrange(0, 6))]
        parts = outside(area, covers)
        painted = [[0] * area.w for _ in range(area.h)]
        for p in parts:
            assert area.contains(p) and p.w > 0 and p.h > 0
            for y in range(p.top, p.bottom):
                for x in range(p.left, p.right):
                    painted[y][x] += 1
        for y in range(area.h):
            for x in range(area.w):
                covered = any(c.collidepoint(x, y) for c in covers)
                assert painted[y][x] == (0 if covered else 1), (x, y, covers)


def test_a_region_whose_key_misses_what_it_shows_is_caught():
    app, sc = table(seats=2)
    cache = RegionCache()
    colour = [(200, 0, 0)]
    paint = lambda: pygame.draw.rect(app.screen, colour[0], Rect(10, 10, 30, 30))  # noqa: E731
    sc.targets = []
    cache.draw(sc, app.screen, "x", Rect(0, 0, 50, 50), ("same",), paint, (0, 0, 0))
    colour[0] = (0, 200, 0)         # what it shows changed, its key did not
    with pytest.raises(StaleRegion):
        cache.draw(sc, app.screen, "x", Rect(0, 0, 50, 50), ("same",), paint, (0, 0, 0))


@pytest.mark.parametrize(("size", "frames"), [((1280, 720), 400), ((1920, 1080), 150)])
def test_bots_playing_every_frame_is_the_fresh_one(size, frames):
    app, sc = table(size, bots=True, seed=11)
    for seat in sc.seats:
        seat.kind = "bot"
    from doomlings_desktop.bots.random_bot import RandomBot
    sc.bots = {i: RandomBot(i) for i in range(6)}
    answers = len(sc.game.answers)
    hits = 0
    for i in range(frames):
        app.frame(dt=0.05)
        if i % 5 == 0:
            hits += assert_fresh(app, sc, f"at frame {i}")
    assert len(sc.game.answers) >= answers + 5, "the bots played on"
    assert hits > 0         # the caches were used, and every use was right


def test_a_card_played_changes_its_pile_and_hand_and_matches_a_fresh_frame():
    app, sc = table(seats=2, seed=4)
    d = sc.my_decision()
    assert d is not None and d.kind == "play"
    c = next(o for o in d.options if isinstance(o, int))
    panel = sc.layout.panel_of(0)
    assert_fresh(app, sc)
    pile_before, hand_before = region(app, panel.rect), region(app, sc.layout.hand)
    hand = next(r for r, a in sc.targets if a == ("hand", c))
    drag(app, hand.center, panel.pile.center)
    for _ in range(40):
        app.frame(dt=0.05)
    assert c in sc.game.players[0].pile
    assert_fresh(app, sc, "after the play")
    assert region(app, panel.rect) != pile_before and region(app, sc.layout.hand) != hand_before


def test_the_pointer_on_the_menu_button_lights_it_from_the_cache_too():
    app, sc = table(seats=3)
    menu = next(r for r, a in sc.targets if a == ("open_menu",))
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=(5, sc.layout.hand.centery),
                                  rel=(0, 0), buttons=(0, 0, 0))], dt=0.0)
    assert_fresh(app, sc)
    away = region(app, menu)
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=menu.center, rel=(0, 0),
                                  buttons=(0, 0, 0))], dt=0.0)
    assert_fresh(app, sc, "with the pointer on Menu")
    assert region(app, menu) != away


def test_a_chosen_hand_card_and_a_lit_player_match_a_fresh_frame():
    app, sc = table(seats=4, seed=2)
    d = sc.my_decision()
    c = next(o for o in d.options if isinstance(o, int))
    before = region(app, sc.layout.hand)
    sc.selection.chosen = c          # chosen: it rises in the hand, my pile glows
    app.frame(dt=0.05)
    assert_fresh(app, sc, "with a card chosen")
    assert region(app, sc.layout.hand) != before
    sc.selection.chosen = None
    app.frame(dt=0.05)
    assert_fresh(app, sc, "with the card sliding back")
    wait_until(lambda: (app.frame(dt=0.05), not sc.moving())[1], "the card back in its place")
    assert_fresh(app, sc, "with the choice dropped")
    assert region(app, sc.layout.hand) == before


def test_a_resized_window_the_palette_and_the_interface_size_match_a_fresh_frame():
    app, sc = built(6)
    panel = sc.layout.panel_of(1)
    assert_fresh(app, sc)
    was = region(app, panel.rect)
    app.set_colours("colour-blind")             # strips, badges in the other palette
    app.frame(dt=0.05)
    assert_fresh(app, sc, "after the palette changed")
    assert region(app, panel.rect) != was
    app.set_colours("standard")
    app.frame(dt=0.05)
    assert_fresh(app, sc, "back in the standard palette")
    assert region(app, panel.rect) == was
    app.settings.ui_scale = 1.25
    app.frame(dt=0.05)
    assert_fresh(app, sc, "at 125%")
    app.settings.ui_scale = 1.0
    app.screen = pygame.display.set_mode((1600, 900), pygame.RESIZABLE)
    app.frame([pygame.event.Event(pygame.VIDEORESIZE, size=(1600, 900), w=1600, h=900)],
              dt=0.05)
    assert_fresh(app, sc, "at 1600x900")
    assert sc.layout.size == (1600, 900)


def test_colour_symbols_switched_off_redraw_the_piles():
    app, sc = built(3)
    assert_fresh(app, sc)
    was = region(app, sc.layout.panel_of(0).pile)
    app.art.set_symbols(False)
    app.frame(dt=0.05)
    assert_fresh(app, sc, "without colour symbols")
    assert region(app, sc.layout.panel_of(0).pile) != was


def built(n: int, size=(1280, 720)):
    """Ann (at the screen) and n - 1 bots, each with a pile, at Ann's play."""
    piles = [["antlers", "adorable"], ["appealing", "automimicry"], ["big-ears", "brave"],
             ["branches", "camouflage"], ["clever", "endurance"]]
    position = {"players": [{"hand": ["blubber", "spiny"], "pile": ["gills", "kidney"]}]
                + [{"hand": [], "pile": piles[i]} for i in range(n - 1)]}
    g = build(_db(), position, players=n)
    app = make_app(size)
    sc = TableScene(app, [SeatConfig("Ann")] + [SeatConfig(f"B{i}", "bot", "random")
                                                for i in range(1, n)], 0, game=g)
    sc.autosave = False
    sc.bots = {}
    app.go(sc)
    for _ in range(3):
        app.frame(dt=0.05)
    return app, sc


def test_a_pile_and_a_hand_changing_alone_redraw_their_panel():
    """No turn passes, nothing travels: only the seat's own view changed (its pile, its hand
    size, its gene pool), and its panel is drawn anew."""
    app, sc = built(4)
    g = sc.game
    assert_fresh(app, sc)
    panel = sc.layout.panel_of(2)
    for change in ("pile", "hand", "gene_pool"):
        was = region(app, panel.rect)
        p = g.players[2]
        if change == "gene_pool":
            p.gp += 1
        else:
            getattr(p, change).append(g.deck.pop())
        sc._view_key = ("changed", change)      # a new view, the caches kept
        app.frame(dt=0.0)
        assert_fresh(app, sc, f"after the {change} changed")
        assert region(app, panel.rect) != was, change


def test_a_game_built_by_hand_draws_the_same_from_the_caches_at_every_seat_count():
    for n in range(2, 7):
        app, sc = built(n)
        assert_fresh(app, sc, f"with {n} seats")


def _db():
    from doomlings_desktop.rules.cards import default_database
    return default_database()


def test_a_region_changing_every_frame_is_drawn_straight_and_cached_again_once_it_holds():
    """A region whose key changes frame after frame (the hand closing up, a score counting)
    keeps no copy while it changes (copying pixels the next frame replaces cost time for
    nothing), draws the same pixels and targets as a cached one, and is cached again as soon
    as its key holds."""
    class Sc:
        targets: list = []
        lit: list = []
        open_shown: set = set()
        face_up: set = set()

    sc, cache = Sc(), RegionCache()
    surf = pygame.Surface((40, 30))
    rect = Rect(5, 5, 20, 10)
    copies = []

    def paint(shade):
        def draw():
            surf.fill((shade, 0, 0), rect.inflate(-4, -4))
            sc.targets.append((rect, ("spot", shade)))
            return shade
        return draw
    for shade in range(10, 60, 10):          # a new key each frame
        sc.targets = []
        entry = cache.entries.get("r")
        assert cache.draw(sc, surf, "r", rect, (shade,), paint(shade), (1, 2, 3)) == shade
        assert surf.get_at((15, 10))[:3] == (shade, 0, 0) and surf.get_at((5, 5))[:3] == (1, 2, 3)
        assert sc.targets == [(rect, ("spot", shade))]
        copies.append(cache.entries.get("r") is not entry and "r" in cache.entries)
    assert copies == [True, False, False, False, False]
    for _ in range(2):                      # the key holds: cached again, then hit
        sc.targets = []
        cache.draw(sc, surf, "r", rect, (50,), paint(50), (1, 2, 3))
    assert "r" in cache.entries and cache.hits == 1
    assert sc.targets == [(rect, ("spot", 50))]
