"""Piles look like piles (issue 26), tried at 1280x720 against three bots and in a three-seat
hot-seat game: a pile fell back to strips as soon as one name was too long for a card's band,
so most piles were strips in mostly empty panels; an attachment could land in another column
than its host, and attachments' names were cut. Here:

- over random mid-game positions at 1280x720 (2, 3 and 4 seats, with and without every
  module) a good share of piles lie as cards (a colour of one card as its card beside its
  neighbours' strips), and no name is cut on any strip or card band;
- the strips' promise (`strips.name_width`) holds: a strip that wide shows the whole name;
- an attachment's strip lies in its host's column, however the columns break.
"""

from __future__ import annotations

import random

import pytest
from pygame import Rect

from doomlings_desktop.rules.cards import database_for, default_database
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.storage.settings import Settings
from doomlings_desktop.ui import probe
from doomlings_desktop.ui.app import App
from doomlings_desktop.ui.cardface import CardArt
from doomlings_desktop.ui.fonts import MIN_TEXT_PX
from doomlings_desktop.ui.layout import PILE_COLORS, STRIP_MIN_H, strip_slots
from doomlings_desktop.ui.table import SeatConfig, TableScene

MODULES = ("techlings", "dinolings", "mythlings", "kickstarter", "multi-color",
           "meaning-of-life")


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))


def position(db, n, seed):
    """A game played at random until a pile holds 3 to 9 traits, seat 0 to play."""
    g = Game.new(db, n, seed=seed)
    r = random.Random(seed)
    pile = r.choice([3, 5, 7, 9])
    while g.pending and not ((len(g.catastrophes) >= 2 or max(len(p.pile) for p in g.players)
                              >= pile) and g.pending.player == 0 and g.pending.kind == "play"):
        g.apply(r.choice(g.pending.options))
    return g


def drawn(app, g):
    """The table of `g` drawn at rest with every string recorded: (scene, records)."""
    sc = TableScene(app, [SeatConfig(f"P{i + 1}", "human" if i == 0 else "bot", "hard")
                          for i in range(g.n)], 0, game=g)
    sc.autosave = False
    sc.cleared = sc.viewer = 0
    app.go(sc)
    app.frame([])
    probe.fresh(app)
    with probe.recording() as got:
        app.frame([])
    return sc, got


def test_at_1280x720_piles_lie_as_cards_where_a_colour_has_room_and_no_name_is_cut():
    """Before: 3 of 101 piles of two or more traits lay as cards over these positions (every
    one with a long name in it was strips); now about four in ten. Every card lies whole
    in its panel, and no strip or band cuts a name."""
    s = Settings()
    s.animation = "off"
    s.bot_pace = 0.0
    app = App(size=(1280, 720), settings=s)
    base = default_database()
    dbs = (base, database_for(MODULES))
    piles = cards = 0
    cut = []
    for n in (2, 3, 4):
        for seed in range(6):
            for db in dbs:
                sc, records = drawn(app, position(db, n, seed))
                for sv in sc.view.seats:
                    rects = [r for r, a in sc.targets if a[:2] == ("strip", sv.seat)]
                    panel = sc.layout.panel_of(sv.seat).rect
                    assert all(panel.contains(r) for r in rects), (n, seed, sv.seat)
                    if len(sv.pile) >= 2:
                        piles += 1
                        cards += any(r.h > r.w for r in rects)
                cut += [(n, seed, r.text) for r in records
                        if r.within and r.within[0][0] == "strip" and r.text.endswith("\u2026")]
                assert all(r.px >= MIN_TEXT_PX for r in records
                           if r.within and r.within[0][0] == "strip")
    assert not cut, cut
    assert cards >= 0.3 * piles, (cards, piles)


@pytest.mark.parametrize("h", [STRIP_MIN_H, 21, 29, 40])
def test_a_strip_as_wide_as_name_width_shows_the_whole_name(h):
    """What the layout asks for a strip (`name_width`, in the strip's own geometry: badges,
    value, module icon, star, one line or two) is what the strip needs: drawn that wide,
    no card's name is cut, and no text is under the minimum."""
    from doomlings_desktop.ui.cardart.strips import name_width
    db = database_for(MODULES)
    art = CardArt(db)
    for c, d in enumerate(db.cards):
        if d.kind != "trait":
            continue
        worth = -10 if d.variable else None
        w = name_width(d, h, worth)
        if w > 800:
            continue
        with probe.recording() as got:
            art.strip(c, w, h, None, worth)
        texts = [r.text for r in got]
        assert not any(t.endswith("\u2026") for t in texts), (d.name, h, w, texts)
        assert all(r.px >= MIN_TEXT_PX for r in got), (d.name, h, w)


def test_an_attachment_lies_in_its_hosts_column_however_the_columns_break():
    """A host at the foot of a column had its attachment at the head of the next one. Over
    many pile shapes and panel sizes, each attached strip (`bound`: it follows its host in
    the pile's order) lies in the column of the strip before it, right under it."""
    r = random.Random(7)
    checked = 0
    for _ in range(400):
        n = r.randint(2, 16)
        colors = sorted((r.choice(PILE_COLORS) for _ in range(n)), key=PILE_COLORS.index)
        hosts = [i for i in range(n - 1) if colors[i] == colors[i + 1] and r.random() < 0.3]
        bound = frozenset(i + 1 for i in hosts if i not in {h + 1 for h in hosts})
        bound = frozenset(b for b in bound if b - 1 not in bound)
        area = Rect(0, 0, r.randint(200, 1200), r.randint(60, 240))
        slots = strip_slots(area, colors, 1.0, bound)
        for b in bound:
            host, att = slots[b - 1], slots[b]
            assert host.x == att.x and att.y > host.y, (colors, sorted(bound), area, b)
            checked += 1
    assert checked > 100


def test_the_tryouts_pile_of_three_colours_lies_as_three_cards_at_1280x720():
    """The tryout's pile: Flight, Sneaky and Self-Awareness lay as three thin strips across
    a mostly empty panel; now as three cards, Self-Awareness's name on two lines."""
    from doomlings_desktop.rules.setup import build

    db = default_database()
    seats = [{"hand": ["quick", "spiny"], "pile": ["flight", "sneaky", "self-awareness"]},
             {"pile": ["fangs", "bark"]}, {"pile": ["teeth", "antlers", "clever"]}]
    g = build(db, {"age": "the-birth-of-life", "players": seats}, players=3,
              names=["Ada", "Bea", "Cyd"])
    s = Settings()
    s.animation = "off"
    app = App(size=(1280, 720), settings=s)
    sc = TableScene(app, [SeatConfig("Ada"), SeatConfig("Bea", "bot", "hard"),
                          SeatConfig("Cyd", "bot", "hard")], 0, game=g)
    sc.autosave = False
    app.go(sc)
    app.frame([])
    probe.fresh(app)
    with probe.recording() as got:
        app.frame([])
    mine = [r for r, a in sc.targets if a[:2] == ("strip", 0)]
    assert len(mine) == 3 and all(r.h > r.w for r in mine), mine
    names = [r.text for r in got if r.within and r.within[0][:2] == ("strip", "self-awareness")]
    assert "Self-" in names and "Awareness" in names and not any(
        t.endswith("\u2026") for t in names), names          # (each drawn with its shadow)


def test_a_mixed_pile_lies_in_its_area_cards_beside_strips_nothing_overlapping():
    """`mixed_pile`: each colour of one card whose name fits lies as a card, the others as a
    column of strips; all inside the area, none over another; None when a strip would cut
    its name or no colour can lie as a card."""
    from doomlings_desktop.ui.layout import mixed_pile

    colors = ["blue", "green", "green", "purple", "colorless"]
    area = Rect(4, 397, 943, 117)
    slots = mixed_pile(area, colors, 1.0, lambda h, i: 70)
    assert slots is not None and len(slots) == len(colors)
    assert [r.h > r.w for r in slots] == [True, False, False, True, True]
    assert slots[1].x == slots[2].x and slots[2].y > slots[1].y
    assert all(area.contains(r) for r in slots)
    assert not any(a.colliderect(b) for i, a in enumerate(slots) for b in slots[i + 1:])
    assert mixed_pile(area, colors, 1.0, lambda h, i: 70 if h == 0 else 900) is None
    assert mixed_pile(area, colors, 1.0, lambda h, i: 900 if h == 0 else 70) is None
