"""The table gives its room to what is read (issues 26 and 27).

- At 1280x720 with 8 cards in hand, the smallest text the table draws at rest (`ui/atrest.py`:
  no card hovered, the pointer parked) is MIN_TEXT_PX or more, a hand card's rules text
  included: the hand is as tall as every trait's text needs, the log folds to a strip until
  wanted, and `doomlings bench ui` prints the figure.
- The interface size scales the cards too, not only the text.
- At 960x600, 1280x720, 1366x768, 1920x1080 and 2560x1440 with 2 to 6 seats, log open or
  folded, no region overlaps another or leaves the window, nor does any click target drawn.
- Big windows use their room: the 720p header ("M", Score over Hand, cut names) is not what
  1920x1080 and 2560x1440 show.
"""

from __future__ import annotations

import random
import re

import pygame
import pytest
from pygame import Rect

from doomlings_desktop.rules.cards import available_modules, database_for
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.ui import atrest, bench
from doomlings_desktop.ui.fonts import MIN_TEXT_PX
from doomlings_desktop.ui.layout import (
    HAND_MOST,
    STRIP_MIN_H,
    hand_slots,
    pile_cards,
    pile_slots,
    table_layout,
    table_scale,
    table_unit,
)
from doomlings_desktop.ui.table.handraise import raised_height, resting_height
from tests.test_readability import check, end_screen, midgame, recorded_frame, table
from tests.uidriver import click, find, key

SIZES = [(960, 600), (1280, 720), (1366, 768), (1920, 1080), (2560, 1440)]


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))


def eight_in_hand(n, size=(1280, 720), scale=1.0, modules=()):
    g = midgame(n, pile=8)
    if modules:
        g = Game.new(database_for(modules), n, seed=2)
        r = random.Random(2)
        while g.pending and not (len(g.catastrophes) >= 1 and g.pending.player == 0
                                 and g.pending.kind == "play"):
            g.apply(r.choice(g.pending.options))
    app, sc = table(g, size, scale)
    atrest.fill_hand(sc, 8)
    return app, sc


@pytest.mark.parametrize("n", [2, 4, 6])
@pytest.mark.parametrize("modules", [(), "all"])
def test_at_1280x720_with_8_cards_the_smallest_text_at_rest_is_11px(n, modules):
    app, sc = eight_in_hand(n, modules=available_modules() if modules == "all" else ())
    got = atrest.drawn_at_rest(app)
    assert len(sc.view.hand) == 8
    hand = [d for d in got if d.what == "hand card"]
    rules = {" ".join((sc.db.cards[c].text or "").split()) for c in sc.view.hand}
    read = [d for d in hand if any(d.text in r for r in rules if r)]
    assert len(read) > 8, "the hand's rules text was not drawn"
    low = min(got, key=lambda d: d.px)
    assert low.px >= MIN_TEXT_PX, f"{low} is under {MIN_TEXT_PX} px at rest"
    # the cards lie side by side: each card's text is in sight, none covers another's
    slots = hand_slots(sc.layout.hand, 8, sc.layout.card_w, sc.layout.card_h)
    assert all(not a.colliderect(b) for a, b in zip(slots, slots[1:], strict=False))


def test_the_hover_rise_still_lifts_a_hand_card_to_its_reading_size():
    app, sc = eight_in_hand(4)
    assert sc.layout.card_h < raised_height(sc.db, sc.unit())


def test_the_benchmark_prints_the_smallest_text_at_rest():
    line = bench.rest_text(1)
    m = re.search(r"8 cards in hand: (\d+) px .*the hand's cards: (\d+) px", line)
    assert m, line
    assert int(m.group(1)) >= MIN_TEXT_PX and int(m.group(2)) >= MIN_TEXT_PX


def test_the_interface_size_scales_the_cards():
    heights = []
    for scale in (0.9, 1.1):            # under the cap (HAND_MOST of the window's height)
        app, sc = eight_in_hand(4, (1920, 1080), scale)
        app.frame([])
        heights.append(sc.layout.card_h)
    assert heights[1] > heights[0] * 1.1


@pytest.mark.parametrize("size", SIZES)
def test_regions_fit_and_do_not_overlap(size):
    w, h = size
    screen = Rect(0, 0, w, h)
    db = database_for(available_modules())
    for n in range(2, 7):
        for scale in (1.0, 1.5):
            for log_open in (False, True):
                for opp_pile in (-1, 0, 12, 40):
                    s = table_scale(w, h, n, scale)     # as the table takes it
                    card_h = resting_height(db, table_unit(h, s))
                    lay = table_layout(w, h, n, 0, s, card_h, log_open, opp_pile)
                    what = (n, scale, log_open, opp_pile)
                    regions = [lay.top_bar, lay.log, lay.center, lay.hand] + \
                        [p.rect for p in lay.panels]
                    assert all(screen.contains(r) for r in regions), what
                    for i, a in enumerate(regions):
                        for b in regions[i + 1:]:
                            assert not a.colliderect(b), (what, a, b)
                    assert lay.card_h <= h * HAND_MOST
                    for p in lay.panels:
                        assert p.rect.contains(p.header) and p.rect.contains(p.pile), what
                        assert p.pile.h >= 2 * 16, (what, p)
                    for s in hand_slots(lay.hand, 8, lay.card_w, lay.card_h):
                        assert lay.hand.contains(s), what


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", [2, 6])
def test_no_click_target_overlaps_or_leaves_the_window(size, n):
    app, sc = eight_in_hand(n, size)
    check(app, sc, f"{n} seats at {size}, log folded")
    click(app, find(sc, ("log_toggle",)).center)
    check(app, sc, f"{n} seats at {size}, log open")


def test_the_log_folds_and_opens_and_the_choice_is_kept():
    app, sc = eight_in_hand(3)
    folded_w = sc.layout.log.w
    assert not sc.log_state.open and folded_w < 40
    assert sc.layout.hand.w >= 1280 - 40            # the hand takes the log's width
    click(app, find(sc, ("log_toggle",)).center)
    app.frame([])
    assert sc.log_state.open and sc.layout.log.w == int(1280 * 0.2)
    assert app.settings.log_open
    key(app, pygame.K_l, "l")
    app.frame([])
    assert not sc.log_state.open and sc.layout.log.w == folded_w
    records, _ = recorded_frame(app)
    assert "◂ Game log" in [r.text for r in records]        # nothing new since it folded
    sc.apply(sc.game.pending.options[0])                      # a move: the log grows
    records, _ = recorded_frame(app)
    assert any(re.fullmatch(r"◂ Game log \(\d+ new\)", r.text) for r in records)


def header_strings(size, n=6):
    g = midgame(n, pile=8)
    app, sc = table(g, size)
    for i, seat in enumerate(sc.seats):
        if i:
            seat.kind, seat.level = "bot", "medium"
    records, _ = recorded_frame(app)
    return [r.text for r in records if not r.within], sc


@pytest.mark.parametrize("size", [(1920, 1080), (2560, 1440)])
def test_big_windows_spell_out_the_level_and_keep_score_and_hand_on_one_line(size):
    texts, sc = header_strings(size)
    # (the app's text cache renders a string once a frame: its forms are what count)
    assert "Medium bot" in texts and "Medium" not in texts and "M" not in texts, texts
    scores = [t for t in texts if t.startswith(("Score ", "Hand "))]
    assert scores and all("Score " in t and "Hand " in t for t in scores), scores
    names = [sc.name(s) for s in range(6)]
    assert all(any(t == name for t in texts) for name in names)       # none cut with "…"


# ---------------------------------------------------------------------- piles as piles


def test_a_roomy_pile_lies_as_overlapping_cards_and_a_crowded_one_as_strips():
    colors = ["red"] * 3 + ["blue"] * 2 + ["green"]
    area = Rect(10, 20, 700, 320)
    slots = pile_cards(area, colors, 1.0)
    assert slots is not None and len(slots) == len(colors)
    tops = {i for i, c in enumerate(colors) if c not in colors[i + 1:]}    # last of a colour
    for i, r in enumerate(slots):
        assert area.contains(r)
        if i in tops:
            assert r.h > r.w and abs(r.w / r.h - 0.72) < 0.02         # a card lying whole
        else:
            assert r.w > r.h >= STRIP_MIN_H                              # its band
    assert not any(a.colliderect(b) for i, a in enumerate(slots) for b in slots[i + 1:])
    # a band too narrow for the names, or an area too short: strips
    assert pile_cards(area, colors, 1.0, need=lambda h: 10_000) is None
    short = Rect(10, 20, 700, 90)
    assert pile_cards(short, colors, 1.0) is None
    assert all(r.w > r.h for r in pile_slots(short, colors, 1.0, cards=True))


def test_a_short_pile_of_one_card_a_colour_lies_as_cards_on_the_720p_panel():
    """A colour of one card has no band, only its face (whose title band fits the name), so
    the bands' letter count does not turn such a pile into strips: at 1280x720 your own pile
    of a few colours, one card each, lies as cards (seen as strips in the 28 November tryout).
    A second card of a colour needs its band: then strips, as before, in that area."""
    area = Rect(10, 330, 1170, 160)          # your own pile's area at 1280x720
    slots = pile_cards(area, ["blue", "green", "purple"], 1.0, need=lambda h: 60 + 3 * h)
    assert slots is not None and all(r.h > r.w and area.contains(r) for r in slots)
    assert not any(a.colliderect(b) for i, a in enumerate(slots) for b in slots[i + 1:])
    assert pile_cards(area, ["blue", "blue", "green"], 1.0) is None


def test_on_a_big_window_a_pile_lies_as_cards_whose_names_show_whole():
    g = midgame(3, pile=6)
    app, sc = table(g, (2560, 1440))
    records, targets = recorded_frame(app)
    cards = [r for r, k in targets if k[0] == "strip" and r.h > r.w]
    assert cards, "no pile lay as cards at 2560x1440"
    widths = {r.w for r in cards}           # the bands of a pile of cards are as wide
    bands = [r for r in records if r.within and r.within[0][0] == "strip"
             and r.within[0][2] in widths]
    assert bands and not [r.text for r in bands if r.text.endswith("…")], \
        "a pile card's band cut its name"


def test_every_pile_shows_its_colour_counts_where_there_is_room(monkeypatch):
    from doomlings_desktop.ui.table.panels import PlayerPanel
    shown = []
    real = PlayerPanel._counts

    def spy(self, surf, counts, x, cy, u):
        shown.append(dict(counts))
        return real(self, surf, counts, x, cy, u)
    monkeypatch.setattr(PlayerPanel, "_counts", spy)
    # (a panel with no room after its score nor over its strips leaves them out: six seats'
    # bot badges at 1280x720)
    for size, n in (((1280, 720), 3), ((1920, 1080), 4), ((2560, 1440), 6)):
        g = midgame(n, pile=6)
        app, sc = table(g, size)
        shown.clear()
        sc.panels.forget()      # a frame drawn whole (the panels are cached: regions.py)
        app.frame([])
        want = []
        for s in sc.view.seats:
            if s.pile:
                want.append({c: sum(c in cs for cs in s.colors) for c in
                             ("red", "blue", "green", "purple", "colorless")
                             if any(c in cs for cs in s.colors)})
        assert sorted(map(sorted, (d.items() for d in shown))) == \
            sorted(map(sorted, (d.items() for d in want))), (size, n)


@pytest.mark.parametrize("size", [(1920, 1080), (2560, 1440)])
def test_big_windows_draw_the_end_screens_headers_at_full_size(size):
    """The score table's column headers are the players' names at the table's 17-design-px
    size: at 1920x1080 they were shrunk to about 60% to fit columns measured at 13."""
    app, sc = end_screen(6, size)
    records, _ = recorded_frame(app)
    full = int(17 * sc.unit())
    for s in range(6):
        sizes = {r.px for r in records if r.text == sc.name(s) and not r.within and r.bold}
        assert full in sizes, (sc.name(s), sizes, full)


@pytest.mark.parametrize("size", [(1920, 1080), (2560, 1440)])
def test_a_long_name_heads_its_column_at_the_same_size_as_the_others(size):
    """Tried at 2560x1440 with six seats: the 20-letter "Maximiliana Fortescu" was shrunk
    to fit its column (12 px among 26-px names) and cut, although it has two words. A long
    name goes onto two lines, its column taking room the others do not need: at 2560x1440 at
    the header's size, as big as every other name; at 1920x1080, where the six columns have
    no such room, whole and a little smaller (it was cut at the minimum size)."""
    app, sc = end_screen(6, size)
    sc.match.seats[2].name = "Maximiliana Fortescu"
    records, _ = recorded_frame(app)
    full = int(17 * sc.unit())
    texts = [r.text for r in records]
    # the score table's headers: drawn after the title ("... wins!"), before its first row
    start = next(i for i, t in enumerate(texts) if t.endswith(("win!", "wins!")))
    heads = [r for r in records[start + 1:texts.index("Face values")]
             if r.text.rstrip("…") and r.text.rstrip("…") in "Maximiliana Fortescu"]
    assert heads, "the long name is not drawn"
    assert "".join(r.text for r in heads).replace(" ", "") == "MaximilianaFortescu", \
        [(r.text, r.px) for r in heads]
    sizes = {r.px for r in heads}
    if size == (2560, 1440):
        assert sizes == {full}, [(r.text, r.px) for r in heads]
    else:
        assert min(sizes) >= 0.7 * full, [(r.text, r.px) for r in heads]


def test_a_pile_in_three_columns_gives_the_names_it_would_cut_the_room_others_leave():
    """A tryout at 1280x720: opponents' piles in three columns cut long names ("Costly
    Si...", "Directly R...", "Brute Str...") beside a column of "Clever" and "Late" as wide
    as theirs. A column whose names all fit takes no more than its longest name needs while
    another column of the pile cuts one; the room left goes to the columns that cut."""
    from doomlings_desktop.ui.cardart.strips import name_fits, name_width

    g = midgame(6, pile=14)
    app, sc = table(g, (1280, 720))
    app.frame([])
    piles: dict[int, dict[int, list]] = {}
    for r, k in sc.targets:
        if k[0] == "strip" and k[1] != sc.viewer:
            piles.setdefault(k[1], {}).setdefault(r.x, []).append((r, sc.db.cards[k[2]]))
    checked = whole = 0
    for seat, cols in piles.items():
        if len(cols) < 3:
            continue
        fits = {x: [name_fits(d, r.w, r.h) for r, d in col] for x, col in cols.items()}
        if all(all(f) for f in fits.values()):
            continue
        checked += 1
        for x, col in cols.items():
            if all(fits[x]):
                # a variable trait as if its worth had two digits, as the table reckons it
                need = max(name_width(d, r.h, -10 if d.kind == "trait" and d.variable
                                      else None) for r, d in col)
                assert col[0][0].w <= need + 4, (seat, [d.name for _, d in col],
                                                 col[0][0].w, need)
        whole += sum(sum(f) for f in fits.values())
    assert checked, "no pile in three columns cut a name: choose another game"
    check(app, sc, "three-column piles")
