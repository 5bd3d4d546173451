"""What a player must read is readable, and what a player clicks is where it looks to be.

Every frame here is drawn with `ui/probe.py` recording every string rendered (its font size in
pixels, and the card picture it belongs to), after the text and card caches are cleared so
that everything on screen is rendered in that frame. The rules (docs/ui.md, "Text sizes"):

- any text of the interface (headers, log, prompt, buttons, counts, bars, tooltips, windows):
  at least MIN_TEXT_PX (11 px);
- pile strips: name and value at least MIN_TEXT_PX, the strips at least STRIP_MIN_H high;
- a gene pool card: its value at least MIN_TEXT_PX;
- a card face shown to be read (a risen hand card, a pile card's preview, a zoom): its rules
  text at least rules_px(u) (12 px at 720 high), its name at least MIN_TEXT_PX;
- exempt, because the same is readable elsewhere: the text of card faces drawn smaller than
  that (the hand at rest rises when hovered; the deck, discard, age card, the prompt's card
  and a window's cards preview when hovered and zoom on right-click), the words on card backs
  (the deck's count says it), the "GENE POOL" label and dial numbers of a gene pool card (its
  value is in the hub, its tooltip says it in words), and the letters on icons (the rules text
  says "Action:").

The click targets (`scene.targets`, topmost last) under the last full-window cover (a modal
overlay's shade) are the live ones; two live targets may overlap only when the later one lies
inside the earlier (a strip on its panel) or both are hand cards (the fan, each card over the
one on its left); all lie inside the window.
"""

from __future__ import annotations

import random

import pygame
import pytest
from pygame import Rect

from doomlings_desktop.rules.cards import default_database
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.storage.settings import Settings
from doomlings_desktop.ui import probe
from doomlings_desktop.ui.app import App
from doomlings_desktop.ui.fonts import MIN_TEXT_PX
from doomlings_desktop.ui.layout import STRIP_MIN_H
from doomlings_desktop.ui.table import SeatConfig, TableScene
from doomlings_desktop.ui.table.handraise import raised_height, rules_px

SIZES = [(1280, 720), (1920, 1080), (3840, 2160)]
EXEMPT = ("back", "gp_body", "gp_dial", "icon", "badge", "sym", "ksym", "star", "compass")


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))


def make_app(size, scale=1.0):
    s = Settings()
    s.animation = "off"
    s.bot_pace = 0.0
    s.ui_scale = scale
    return App(size=size, settings=s)


def recorded_frame(app):
    """One full frame with every string recorded: (records, live targets)."""
    probe.fresh(app)
    with probe.recording() as got:
        app.frame([])
    return got, app.scene.targets


# ---------------------------------------------------------------------- the checks


def too_small(records, db, u):
    """The records that break the rules above, as (why, record) pairs."""
    bad = []
    need = rules_px(u)
    reading = raised_height(db, u)
    for r in records:
        kinds = [w[0] for w in r.within]
        if not kinds:
            if r.px < MIN_TEXT_PX:
                bad.append(("interface text", r))
        elif any(k in EXEMPT for k in kinds):
            continue
        elif kinds[0] in ("strip", "gp_digit", "gp_card") or "gp_digit" in kinds:
            if r.px < MIN_TEXT_PX:
                bad.append((kinds[0], r))
        elif kinds[0] == "face":
            ident, w, h = r.within[0][1:4]
            if h < reading:
                continue                    # a small face: read it risen, previewed or zoomed
            d = db.cards[db.by_id[ident][0]]
            rules = " ".join((d.text or "").split())
            if r.text == d.name or r.text in d.name.split():
                if r.px < MIN_TEXT_PX:
                    bad.append(("card name", r))
            elif rules and r.text in rules and r.px < need:
                bad.append(("rules text", r))
        elif r.px < MIN_TEXT_PX:
            bad.append((kinds[0], r))
    return bad


def live(targets, size, buttons=()):
    """The targets a click can reach: those after the last one covering the whole window,
    and the scene's buttons, which clicks try first (a disabled one too: it is drawn, and
    will take clicks once enabled)."""
    full = Rect((0, 0), size)
    start = max((i for i, (r, _) in enumerate(targets) if r == full), default=0)
    got = targets[start:]
    return got + [(b.rect, ("button", b.key)) for b in buttons
                  if (b.rect, ("button", b.key)) not in got]


def clashes(targets, size, buttons=()):
    """Live targets that overlap other than by nesting or in the hand's fan, or stick out of
    the window."""
    full = Rect((0, 0), size)
    got = live(targets, size, buttons)
    bad = [("outside", r, k) for r, k in got if not full.contains(r)]
    for i, (a, ka) in enumerate(got):
        for b, kb in got[i + 1:]:
            if not a.colliderect(b) or a.contains(b):
                continue
            if ka[0] == "hand" and kb[0] == "hand":
                continue
            bad.append((ka, a, kb, b))
    return bad


def test_the_checks_catch_what_they_are_for(db):
    """The checks themselves: a 9 px label, a 10 px strip name, small rules text on a risen
    card, and two buttons over each other are all caught; nesting and the fan are not."""
    R = probe.TextRecord
    reading = raised_height(db, 1.0)
    swarm = db.cards[db.by_id["swarm"][0]]
    words = swarm.text.split()[0]
    records = [R("Score 3", 9, False, ()),
               R("Swarm", 10, True, (("strip", "swarm", 120, 14, None, None),)),
               R(words, 9, False, (("face", "swarm", int(reading * 0.72), reading),)),
               R(words, 7, False, (("face", "swarm", 103, 144),)),                # small: exempt
               R("A", 6, True, (("face", "swarm", 103, 144), ("icon", "action", 12))),
               R("Deck 3", 11, True, ())]
    found = too_small(records, db, 1.0)
    assert [why for why, _ in found] == ["interface text", "strip", "rules text"]
    size = (1280, 720)
    ok = [(Rect(0, 0, 300, 200), ("panel", 1)), (Rect(10, 50, 100, 20), ("strip", 1, 4)),
          (Rect(400, 500, 100, 140), ("hand", 1)), (Rect(430, 500, 100, 140), ("hand", 2))]
    assert clashes(ok, size) == []
    both = ok + [(Rect(600, 300, 100, 40), ("button", "confirm")),
                 (Rect(650, 310, 100, 40), ("button", "undo"))]
    assert len(clashes(both, size)) == 1
    covered = both + [(Rect((0, 0), size), ("shade",)), (Rect(5, 5, 50, 50), ("overlay_card", 3))]
    assert clashes(covered, size) == []         # what a modal shade covers is out of reach
    assert clashes([(Rect(1250, 0, 100, 20), ("button", "x"))], size)   # out of the window


# ---------------------------------------------------------------------- positions


def midgame(n, seed=2, pile=10):
    """A game played at random until a pile holds `pile` traits (or two catastrophes came),
    with seat 0 to play."""
    db = default_database()
    g = Game.new(db, n, seed=seed)
    r = random.Random(seed)
    while g.pending and not ((len(g.catastrophes) >= 2 or max(len(p.pile) for p in g.players)
                              >= pile) and g.pending.player == 0 and g.pending.kind == "play"):
        g.apply(r.choice(g.pending.options))
    assert g.pending is not None
    return g


def a_decision(n, seed=3):
    """A game at a decision of seat 0 other than a play (a card, a player, a color...)."""
    db = default_database()
    for s in range(seed, seed + 80):
        g = Game.new(db, n, seed=s)
        r = random.Random(s)
        while g.pending and not (g.pending.player == 0 and g.pending.kind in (
                "card", "player", "color", "yesno") and g.pending.zone not in ("discard",
                                                                               "revealed")
                and len(g.catastrophes) >= 1):
            g.apply(r.choice(g.pending.options))
        if g.pending is not None:
            return g
    pytest.fail("no decision reached")


def table(g, size, scale=1.0, humans=1):
    app = make_app(size, scale)
    seats = [SeatConfig(f"Player {i + 1}", "human" if i < humans else "bot", "hard")
             for i in range(g.n)]
    sc = TableScene(app, seats, 0, game=g)
    sc.autosave = False
    sc.cleared = sc.viewer = 0
    app.go(sc)
    app.frame([])
    return app, sc


def check(app, sc, what):
    records, targets = recorded_frame(app)
    size = app.screen.get_size()
    u = sc.unit()
    small = too_small(records, sc.db, u)
    assert not small, f"{what}: text under the minimum: {small[:6]}"
    thin = [(r, k) for r, k in live(targets, size) if k[0] == "strip" and r.h < STRIP_MIN_H]
    assert not thin, f"{what}: strips thinner than {STRIP_MIN_H} px: {thin[:4]}"
    bad = clashes(targets, size, sc.buttons)
    assert not bad, f"{what}: click targets over each other: {bad[:4]}"
    return records


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_midgame_big_piles_are_readable_and_nothing_overlaps(size, n):
    g = midgame(n, pile=12 if n <= 4 else 10)
    app, sc = table(g, size)
    records = check(app, sc, f"{n} seats at {size}")
    assert any(r.within and r.within[0][0] == "strip" for r in records)
    # the discard pile's window over the same table
    sc.browse = True
    check(app, sc, f"{n} seats at {size}, discard pile open")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", [2, 4, 6])
def test_an_open_decision_is_readable_and_nothing_overlaps(size, n):
    g = a_decision(n)
    app, sc = table(g, size)
    assert sc.my_decision() is not None
    check(app, sc, f"{g.pending.kind} decision, {n} seats at {size}")


@pytest.mark.parametrize("size", SIZES)
def test_a_window_of_cards_to_choose_from_is_readable_and_nothing_overlaps(size):
    db = default_database()
    for seed in range(600):
        g = Game.new(db, 2, seed=seed)
        r = random.Random(8)
        while g.pending and not (g.pending.player == 0 and g.pending.zone == "discard"):
            g.apply(r.choice(g.pending.options))
        if g.pending is not None:
            break
    while len(set(g.discard)) < 16:         # two full rows of cards
        g.discard.insert(0, g.deck.pop())
    app, sc = table(g, size)
    assert sc._card_window(sc.my_decision()) == "choice"
    check(app, sc, f"a window of the discard pile at {size}")


def hover(app, pos, seconds=1.0):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.frame(None, dt=1 / 60)
    for _ in range(int(seconds * 30)):
        app.frame([], dt=1 / 30)


@pytest.mark.parametrize("size", SIZES)
def test_a_hovered_hand_card_rises_until_its_rules_text_is_readable(size):
    g = midgame(4)
    app, sc = table(g, size)
    app.settings.animation = "normal"
    hand = [(r, k) for r, k in sc.targets if k[0] == "hand"]
    r, (_, card) = hand[len(hand) // 2]
    rest = Rect(r)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(r.x + 6, r.bottom - 8),
                                         rel=(0, 0), buttons=(0, 0, 0)))
    app.frame(None, dt=1 / 60)
    app.frame([], dt=0.05)
    assert sc.busy() and 0 < sc.hand_raise.up[card] < 1       # rising, on the scene's clock
    app.frame([], dt=0.2)
    assert sc.hand_raise.up[card] == 1 and not sc.hand_raise.busy()
    records, targets = recorded_frame(app)
    u = sc.unit()
    risen = sc.hand_raise.rect
    assert risen.h >= raised_height(sc.db, u) and risen.contains(rest)
    d = sc.db.cards[card]
    faces = [rec for rec in records if rec.within and rec.within[0][0] == "face"
             and rec.within[0][1] == d.id and rec.within[0][3] == risen.h]
    rules = " ".join(d.text.split())
    runs = [rec for rec in faces if rec.text in rules and rec.text != d.name]
    assert runs and min(rec.px for rec in runs) >= rules_px(u) >= 12
    # a preview only: the targets stay where the cards lie, and the pointer is over the one
    # it would pick
    assert [(t, k) for t, k in targets if k[0] == "hand"] == hand
    assert sc.hit((r.x + 6, r.bottom - 8)) == ("hand", card)
    # off the card (to a button, say) it goes back down
    hover(app, sc.layout.prompt.center, 0.5)
    assert card not in sc.hand_raise.up and sc.hand_raise.rect is None


def test_the_fan_hits_the_card_drawn_on_top(db):
    """In an overlapping hand each card lies over the one on its left, and a click in the
    overlap picks that card: what is seen there is what is hit."""
    g = midgame(2)
    hand = g.players[0].hand
    while len(hand) < 14:
        hand.append(g.deck.pop())
    app, sc = table(g, (1280, 720))
    app.frame([])
    cards = [(r, k[1]) for r, k in sc.targets if k[0] == "hand"]
    assert len(cards) == 14
    (a, _), (b, cb) = cards[5], cards[6]
    assert a.colliderect(b) and b.x > a.x
    spot = (b.x + 2, b.centery)             # in both: b lies over a there
    assert a.collidepoint(spot)
    assert sc.hit(spot) == ("hand", cb)
    seen = app.art.face(cb, b.w, b.h).copy()
    if cb not in sc.my_decision().options:       # dimmed, as the hand dims a card it refuses
        dim = pygame.Surface(seen.get_size(), pygame.SRCALPHA)
        dim.fill((10, 12, 16, 150))
        seen.blit(dim, (0, 0))
    assert app.screen.get_at(spot) == seen.get_at((spot[0] - b.x, spot[1] - b.y))


def test_headers_do_not_re_wrap_when_the_turn_moves_on(monkeypatch):
    """The ▶ of the player whose turn it is keeps its room in every header: the score and
    hand stand in the same place and take the same lines whoever's turn it is."""
    from doomlings_desktop.ui.table.panels import PlayerPanel
    g = midgame(6)
    app, sc = table(g, (1280, 720))
    seen = {}
    real = PlayerPanel._score_and_hand

    def spy(self, surf, sv, x, cy, room, u):
        seen[sv.seat] = (x, room)
        return real(self, surf, sv, x, cy, room, u)
    monkeypatch.setattr(PlayerPanel, "_score_and_hand", spy)
    sc._view_key = ()
    app.frame([])
    before = dict(seen)
    while g.pending.player == 0 or g.pending.kind != "play":
        g.apply(g.pending.options[0])
    assert g.current != 0
    sc._view_key = ()
    app.frame([])
    assert seen == before


def test_a_variable_trait_shows_its_worth_in_its_strip():
    g = midgame(4, pile=12)
    db = g.db
    spots = [(q, c) for q, p in enumerate(g.players) for c in p.pile if db.cards[c].variable]
    assert spots
    app, sc = table(g, (1280, 720))
    records, _ = recorded_frame(app)
    for q, c in spots:
        worth = g.worth(q, c, 0)
        from doomlings_desktop.ui.cardart.text import num_text
        assert any(r.within and r.within[0][:2] == ("strip", db.cards[c].id)
                   and r.within[0][5] == worth and r.text == num_text(worth) for r in records)


# ---------------------------------------------------------------------- the UI scale


def test_the_ui_scale_changes_sizes():
    g = midgame(2)
    sizes = {}
    for scale in (0.8, 1.0, 1.5):
        app, sc = table(g.clone(), (1280, 720), scale)
        records, targets = recorded_frame(app)
        name = next(r for r in records if r.text.startswith("Player 2") and not r.within)
        sizes[scale] = (sc.unit(), name.px, sc.buttons[0].rect.h)
        assert app.unit == pytest.approx(scale)
    assert sizes[0.8] < sizes[1.0] < sizes[1.5]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("scale", [0.8, 1.5])
def test_at_80_and_150_percent_on_1280x720_text_holds_and_nothing_overlaps(n, scale):
    g = midgame(n, pile=12 if n <= 4 else 10)
    app, sc = table(g, (1280, 720), scale)
    check(app, sc, f"{n} seats at {scale:.0%}")
    sc.browse = True
    check(app, sc, f"{n} seats at {scale:.0%}, discard pile open")
    sc.browse = False
    sc.menu_open = True
    check(app, sc, f"{n} seats at {scale:.0%}, Esc menu")


@pytest.mark.parametrize("scale", [0.8, 1.5])
@pytest.mark.parametrize("page", ["menu", "new_game", "settings", "load", "stats", "rules"])
def test_menu_pages_fit_at_any_scale(page, scale):
    from doomlings_desktop.ui import router
    app = make_app((1280, 720), scale)
    menu = app.scene
    if page == "new_game":
        app.go(router.make(app, page))
        app.scene.count = 6
    elif page != "menu":
        app.go(router.make(app, page, back=menu))
    records, targets = recorded_frame(app)
    assert not too_small(records, app.art.db, app.unit)
    assert not clashes(targets, app.screen.get_size(), app.scene.buttons)


def test_the_settings_page_steps_the_interface_size_and_saves_it():
    from doomlings_desktop.storage.settings import UI_SCALES
    from doomlings_desktop.ui import router
    app = make_app((1280, 720))
    app.go(router.make(app, "settings", back=app.scene))
    app.frame([])
    seen = []
    for _ in range(len(UI_SCALES)):
        r = next(r for r, k in app.scene.targets if k == ("button", "ui_scale"))
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=r.center, button=1))
        app.frame()
        seen.append(app.settings.ui_scale)
    assert seen == [*UI_SCALES[3:], *UI_SCALES[:3]]        # from 100%: up, then round
    app.scene.leave()
    assert Settings.load()[0].ui_scale == 1.0


@pytest.mark.parametrize("size,scale", [(s, 1.0) for s in SIZES] + [((1280, 720), 1.5)])
def test_choosing_among_five_long_named_players_fits_the_prompt(size, scale):
    """Five player buttons (names up to 20 letters, as the New game page allows), Confirm and
    Undo share the prompt's row: none over another, all in the window."""
    db = default_database()
    g = Game.new(db, 6, seed=0)
    r = random.Random(0)
    while g.pending and not (g.pending.kind == "player" and len(g.pending.options) >= 5):
        g.apply(r.choice(g.pending.options))
    assert g.pending.player == 0
    app = make_app(size, scale)
    names = ["Bartholomew Quincy", "Wilhelmina Fairweat", "Maximilian Oakheart",
             "Anastasia Whitfield", "Christopher Rowland", "Evangeline Marlowe"]
    seats = [SeatConfig(nm, "human" if i == 0 else "bot", "hard") for i, nm in enumerate(names)]
    sc = TableScene(app, seats, 0, game=g)
    sc.autosave = False
    sc.cleared = sc.viewer = 0
    app.go(sc)
    app.frame([])
    check(app, sc, f"five players to choose at {size}, {scale:.0%}")
    row = [b for b in sc.buttons if isinstance(b.key, tuple) and b.key[0] == "select_player"]
    assert len(row) == 5 and all(sc.layout.prompt.contains(b.rect) for b in sc.buttons)


def test_a_risen_card_is_still_clicked_and_dragged_where_it_lies():
    g = midgame(2)
    app, sc = table(g, (1280, 720))
    app.settings.animation = "normal"
    d = sc.my_decision()
    spot, card = next((r, k[1]) for r, k in sc.targets if k[0] == "hand" and k[1] in d.options)
    at = (spot.x + 8, spot.bottom - 10)
    hover(app, at, 0.5)
    assert sc.hand_raise.up.get(card) == 1
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):      # a click selects it
        pygame.event.post(pygame.event.Event(kind, pos=at, button=1))
    app.frame(None, dt=1 / 60)
    assert sc.selected == card
    pile = sc.layout.panel_of(0).pile.center                        # and a drag plays it
    answers = len(g.answers)
    # chosen, it stands a little higher in the hand at once (it used to slide there, so a
    # press at the old spot still caught it for a few frames): pressed where it lies now
    lies = next(r for r, k in sc.targets if k == ("hand", card))
    at = (lies.x + 8, lies.bottom - 10)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
    app.frame(None, dt=1 / 60)
    for p in ((at[0], at[1] - 60), pile):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0),
                                             buttons=(1, 0, 0)))
        app.frame(None, dt=1 / 60)
        assert sc.hand_raise.card is None                           # no preview while dragging
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pile, button=1))
    app.frame(None, dt=1 / 60)
    assert len(g.answers) == answers + 1 and g.answers[answers] == card


def end_screen(n: int, size: tuple[int, int]):
    """A table of n seats whose game was played on to its end, its scores shown (World's End
    told)."""
    g = midgame(n, pile=10)
    r = random.Random(1)
    while g.pending:
        g.apply(r.choice(g.pending.options))
    app, sc = table(g, size)
    sc.we_step = 1e9
    app.frame([])
    return app, sc


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", [2, 6])
def test_the_end_screen_is_readable(size, n):
    """The scores with every player's final pile: text at the minimum or more, the buttons
    apart and in the window (the score table's rows are marks for tests, not for clicks:
    the end screen takes every click itself)."""
    app, sc = end_screen(n, size)
    records, targets = recorded_frame(app)
    assert not too_small(records, sc.db, sc.unit())
    buttons = [(r, k) for r, k in live(targets, size, sc.buttons) if k[0] == "button"]
    assert len(buttons) >= 2 and not clashes(buttons, size)


# ---------------------------------------------------------------------- Meaning of Life


def meaning_midgame(n, over=False, seed=2):
    """A game with the Meaning of Life module (E4) played at random until piles hold 8
    traits, or to its end."""
    from doomlings_desktop.rules.cards import database_for
    db = database_for(["meaning-of-life"])
    g = Game.new(db, n, seed=seed)
    r = random.Random(seed)
    while g.pending and (over or not (max(len(p.pile) for p in g.players) >= 8
                                      and g.pending.player == 0 and g.pending.kind == "play")):
        g.apply(r.choice(g.pending.options))
    return g


@pytest.mark.parametrize("size", SIZES[:2])
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_the_meaning_card_fits_its_panel_at_every_table_size(size, n):
    """The kept Meaning of Life card lies inside its owner's panel, over neither the gene
    pool card (at six seats it covered the dial) nor the header nor a pile strip; at the
    end every seat's does. The readability checks hold too."""
    for over in (False, True):
        g = meaning_midgame(n, over)
        app, sc = table(g, size)
        if over:
            sc.we_step = 1e9
        app.frame([])
        v = sc.view
        kept = {q: (v.meanings[q] if over else v.meaning if q == 0 else -1) for q in range(n)}
        assert sum(c >= 0 for c in kept.values()) == (n if over else 1)
        for q, c in kept.items():
            if c < 0:
                continue
            panel = sc.layout.panel_of(q)
            r = next(t for t, k in sc.targets if k == ("card", c))
            assert panel.rect.contains(r), (q, r, panel.rect)
            assert not r.colliderect(panel.gene_pool), (q, r, panel.gene_pool)
            assert not r.colliderect(panel.header), (q, r, panel.header)
            strips = [t for t, k in sc.targets if k[0] == "strip" and k[1] == q]
            assert strips and not any(r.colliderect(t) for t in strips), q
            assert r.h >= 24 * sc.unit()
        if not over:
            check(app, sc, f"Meaning of Life, {n} seats at {size}")
