"""Overlays leave what they are not about uncovered: an out-of-turn offer is a window with its
own buttons (not laid over the hand or doubled by the prompt's), a message finds a spot that
hides no card or button, and the replay bar hides no card."""

from __future__ import annotations

import random

import pygame
import pytest
from uidriver import Player, click, find, key

from doomlings_desktop.rules.cards import default_database
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.storage.settings import Settings
from doomlings_desktop.ui.app import App
from doomlings_desktop.ui.table import SeatConfig, TableScene


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))


def _app(size=(1280, 720)) -> App:
    s = Settings()
    s.animation = "off"
    s.bot_pace = 0.0
    return App(size=size, settings=s)


def _offer_table(size=(1280, 720)) -> tuple[App, TableScene]:
    """A 3-person hot-seat table on an out-of-turn offer, its player at the screen."""
    db = default_database()
    for seed in range(300):
        g = Game.new(db, 3, seed=seed, names=["Ada", "Bea", "Cyd"])
        r = random.Random(seed)
        while g.pending and g.pending.kind != "react":
            g.apply(r.choice(g.pending.options))
        if g.pending:
            break
    app = _app(size)
    sc = TableScene(app, [SeatConfig(n) for n in ("Ada", "Bea", "Cyd")], seed, game=g)
    sc.autosave = False
    app.go(sc)
    sc.cleared = sc.viewer = g.pending.player
    app.frame()
    app.frame()
    return app, sc


def _card_rects(sc: TableScene) -> list[pygame.Rect]:
    return [r for r, k in sc.targets if k[0] in ("hand", "strip", "card", "overlay_card",
                                                   "deck", "gene_pool")]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_an_offer_has_one_pass_and_its_buttons_under_its_cards(size):
    app, sc = _offer_table(size)
    passes = [b for b in sc.buttons if b.key == ("answer", "pass")]
    assert len(passes) == 1, "the prompt's Pass was drawn besides the offer's own"
    offered = [r for r, k in sc.targets if k[0] == "overlay_card"]
    hand = [r for r, k in sc.targets if k[0] == "hand"]
    assert offered and hand
    for b in sc.buttons:
        assert b.rect.top > max(r.bottom for r in offered)
        assert not any(b.rect.colliderect(r) for r in hand), "an offer's button lies on the hand"
    click(app, passes[0].rect.center)
    assert sc.game.pending is None or sc.game.pending.kind != "react" or \
        sc.game.answers[-1] == "pass"


def test_a_message_covers_no_card_or_button():
    app, sc = _offer_table()
    for text in ("Saved as 'Sunday afternoon'.",
                 "Nothing to undo: a card was drawn or revealed, or another player acted."):
        sc.say(text, 5)
        app.frame()
        box = sc.overlays.toast.rect
        assert box is not None
        assert not any(box.colliderect(r) for r in _card_rects(sc))
        assert not any(box.colliderect(b.rect) for b in sc.buttons)


def test_the_replay_bar_hides_no_card(db):
    from doomlings_desktop.commands.simulate import play_random
    from doomlings_desktop.storage import saves

    g = play_random(db, 4, 7)
    saves.save(g, [{"name": n, "kind": "bot"} for n in "ABCD"], "last game")
    app = _app()
    app.frame()
    click(app, find(app.scene, ("button", "load")).center)
    path = saves.saves_dir() / "last game.json"
    click(app, find(app.scene, ("button", ("replay", path))).center)
    sc = app.scene
    click(app, find(sc, ("button", "last")).center)
    for _ in range(40):                 # back into the game, hands full
        click(app, find(sc, ("button", "back")).center)
    bar_top = min(b.rect.top for b in sc.buttons if b.key in ("first", "last", "close"))
    cards = _card_rects(sc)
    assert cards and max(r.bottom for r in cards) <= bar_top - 4


def test_a_bots_play_is_marked_for_a_moment_then_fades():
    from doomlings_desktop.ui.table.news import MARK_SECONDS

    app = _app()
    sc = TableScene(app, [SeatConfig("Ann"), SeatConfig("Bob", "bot")], seed=5)
    app.go(sc)
    app.frame()
    g = sc.game
    app.settings.bot_pace = 1e6              # the bot waits while Ann's own news fades
    while g.pending.player != 1:             # Ann plays; the bot's turn comes
        if sc.match.review:
            sc.match.end_review()
        d = g.pending
        sc.apply(next(o for o in d.options if o != "pass"))
        app.frame(dt=MARK_SECONDS)           # Ann's own news has faded by the bot's turn
    app.settings.bot_pace = 0.0
    before = list(g.players[1].pile)
    for _ in range(50):
        app.frame(dt=0.05)
        if g.players[1].pile != before:
            break
    app.frame(dt=0.05)
    new = [c for c in g.players[1].pile if c not in before]
    assert new and set(sc.news.gained) == {(1, c) for c in new}
    # drawn: nothing to redraw until the mark steps down (the table stays idle meanwhile)
    assert g.pending.player == 0 and not sc.busy()
    sc.time += MARK_SECONDS * 0.6
    assert sc.busy()
    strips = {k[2]: r for r, k in sc.targets if k[0] == "strip" and k[1] == 1}
    assert new[0] in strips
    for _ in range(int(MARK_SECONDS / 0.5) + 2):          # Ann's turn again: nothing moves
        app.frame(dt=0.5)
    assert g.pending.player == 0 and not sc.news.gained and not sc.busy()


def test_hot_seat_drawn_cards_then_the_news_are_shown_with_events():
    app = _app()
    sc = TableScene(app, [SeatConfig("Ann"), SeatConfig("Ben")], seed=3)
    sc.autosave = False
    app.go(sc)
    app.frame()
    click(app, find(sc, ("pass_screen", 0)).center)
    # the first turn is summed up too: the deal's age
    assert [k for k, _ in sc.news.summary] == ["age"]
    click(app, find(sc, ("button", "summary_done")).center)
    hand = list(sc.game.players[0].hand)
    card = next(c for c in sc.game.pending.options if c != "pass")
    click(app, find(sc, ("hand", card)).center)
    click(app, find(sc, ("panel", 0)).center)
    assert sc.my_decision().kind == "end_turn"       # pass-and-play waits for End turn too
    key(app, pygame.K_RETURN)
    drawn = [c for c in sc.game.players[0].hand if c not in hand]
    assert drawn and sc.match.review == (0, drawn)
    assert find(sc, ("pass_screen", 1)) is None          # not passed before Ann has seen them
    shown = [k[1] for _, k in sc.targets if k[0] == "overlay_card"]
    assert shown == drawn
    click(app, find(sc, ("hand", hand[-1])).center)       # the table behind takes no clicks
    assert sc.match.review is not None
    click(app, find(sc, ("button", "review_done")).center)
    assert find(sc, ("pass_screen", 1)) is not None and not sc.face_up
    click(app, find(sc, ("pass_screen", 1)).center)       # Ben's first turn: Ann's turn told
    assert find(sc, ("button", "summary_done")) is not None
    assert any(text.startswith("Ann plays") for _, text in sc.news.summary)
    click(app, find(sc, ("button", "summary_done")).center)
    before = list(sc.game.players[1].pile)
    ben = Player(1)
    for _ in range(200):                                  # Ben's turn, however it goes
        if find(sc, ("pass_screen", 0)) is not None:
            break
        if not ben.act(app):
            app.frame()
    gained = [c for c in sc.game.players[1].pile if c not in before]
    click(app, find(sc, ("pass_screen", 0)).center)
    assert find(sc, ("button", "summary_done")) is not None
    assert any("Ben" in text for _, text in sc.news.summary)
    assert {(1, c) for c in gained} == {k for k in sc.news.gained if k[0] == 1}
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r",
                                         mod=0, scancode=0))
    app.frame()
    assert sc.news.summary is None and sc.my_decision() is not None


def test_no_card_preview_lies_behind_worlds_end():
    """Resting the pointer on a pile card while World's End is shown draws no preview under
    its shade (a ghost card behind the reveal)."""
    from doomlings_desktop.commands.simulate import play_random

    app = _app()
    app.settings.animation = "normal"
    db = default_database()
    g = play_random(db, 3, 5)
    sc = TableScene(app, [SeatConfig(n) for n in ("Ada", "Bea", "Cyd")], 0, game=g)
    sc.autosave = False
    app.go(sc)
    sc.cleared = sc.viewer = 0
    app.frame()
    strip = next(r for r, k in sc.targets if k[0] == "strip")
    drawn = []
    face = app.art.face
    app.art.face = lambda c, w, h: (drawn.append((w, h)), face(c, w, h))[1]
    for _ in range(40):
        app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=strip.center, rel=(0, 0),
                                      buttons=(0, 0, 0))], dt=0.05)
    app.art.face = face
    assert sc.game.over and sc.we_step < 1e9
    big = max(h for _, h in drawn) if drawn else 0
    assert big <= sc.layout.card_h, "a card preview was drawn behind World's End"


def test_a_log_scrolled_back_says_newer_lines_came_and_follows_again_on_a_click():
    app = _app()
    sc = TableScene(app, [SeatConfig("Ann"), SeatConfig("Bob", "bot")], seed=5)
    app.go(sc)
    app.frame()
    folded = sc.layout.log
    click(app, find(sc, ("log_toggle",)).center)        # the folded log's strip opens it
    app.frame()
    assert sc.log_state.open and sc.layout.log.w > 4 * folded.w
    g = sc.game
    for _ in range(30):                                 # a log longer than its panel
        while g.pending is not None and g.pending.player != 0:
            app.frame(dt=0.5)
        sc.match.end_review()
        if g.pending is None:
            break
        sc.apply(next(o for o in g.pending.options if o != "pass"))
        app.frame()
        if len(sc._log_lines[1]) > 60:
            break
    log = sc.layout.log
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=log.center, rel=(0, 0),
                                  buttons=(0, 0, 0))])
    app.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False)])
    assert sc.log_scroll > 0 and find(sc, ("log_end",)) is not None
    top = sc._log_lines[1][len(sc._log_lines[1]) - sc.log_scroll - 1]
    while g.pending is not None and g.pending.player == 0:      # the bot's moves come in
        sc.match.end_review()
        sc.apply(next(o for o in g.pending.options if o != "pass"))
        app.frame()
    for _ in range(20):
        app.frame(dt=0.5)
    lines = sc._log_lines[1]
    assert lines[len(lines) - sc.log_scroll - 1] == top       # what was read stays put
    click(app, find(sc, ("log_end",)).center)
    assert sc.log_scroll == 0 and find(sc, ("log_end",)) is None


def test_the_news_is_read_before_an_offer_window_opens():
    app, sc = _offer_table()
    seat = sc.viewer
    sc.news.summary = [("play", "Bea plays Kidney.")]
    app.frame()
    assert find(sc, ("button", "summary_done")) is not None
    assert not [k for _, k in sc.targets if k[0] == "overlay_card"], "two windows at once"
    click(app, find(sc, ("button", "summary_done")).center)
    assert [k for _, k in sc.targets if k[0] == "overlay_card"] and sc.viewer == seat


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_pile_cards_preview_never_covers_the_prompt_or_its_buttons(size):
    """Resting on any pile strip, the card shown large stays off the prompt and its buttons."""
    db = default_database()
    r = random.Random(4)
    g = Game.new(db, 4, seed=4, names=["Ada", "Bea", "Cyd", "Dov"])
    while not (g.pending.player == 0 and g.pending.kind == "play"
               and sum(len(p.pile) for p in g.players) > 14):
        g.apply(r.choice(g.pending.options))
    app = _app(size)
    sc = TableScene(app, [SeatConfig(n) for n in ("Ada", "Bea", "Cyd", "Dov")], 4, game=g)
    sc.autosave = False
    app.go(sc)
    sc.cleared = sc.viewer = 0
    app.frame()
    strips = [r for r, k in sc.targets if k[0] == "strip"]
    checked = 0
    for strip in strips[::2]:
        for _ in range(12):
            app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=strip.center, rel=(0, 0),
                                          buttons=(0, 0, 0))], dt=0.05)
        big = sc.overlays.hover.shown_at
        if big is None:
            continue
        checked += 1
        assert not big.colliderect(sc.layout.prompt), (strip, big, sc.layout.prompt)
        assert not any(big.colliderect(b.rect) for b in sc.buttons)
    assert checked > 3


def _pile_table(least=4):
    db = default_database()
    r = random.Random(4)
    g = Game.new(db, 4, seed=4, names=["Ada", "Bea", "Cyd", "Dov"])
    while not (g.pending.player == 0 and g.pending.kind == "play"
               and len(g.players[0].pile) >= least):
        g.apply(r.choice(g.pending.options))
    app = _app()
    sc = TableScene(app, [SeatConfig("Ada")] + [SeatConfig(n, "bot", "easy")
                                                 for n in ("Bea", "Cyd", "Dov")], 4, game=g)
    sc.autosave = False
    app.go(sc)
    sc.cleared = sc.viewer = 0
    app.frame()
    return app, sc


def _rest(app, pos, seconds=1.0):
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    for _ in range(int(seconds / 0.05)):
        app.frame([], dt=0.05)


def test_a_message_moves_off_a_card_shown_to_be_read():
    """The tryout's red banner lay over the card its reader had the pointer on: a message
    now goes where it covers no previewed card (where it would have gone did)."""
    from doomlings_desktop.ui.table.layer import free_spot
    app, sc = _pile_table(2)
    text = "Your play drew or showed a card (or another player answered), so it can't be " \
        "taken back: the turn goes on."
    sc.say(text, 30)
    app.frame()
    first = sc.overlays.toast.rect
    mine = [r for r, k in sc.targets if k[0] == "strip" and k[1] == 0]
    # a strip whose preview lands on the message's usual spot
    for strip in sorted(mine, key=lambda r: abs(r.centerx - first.centerx)):
        _rest(app, strip.center)
        big = sc.overlays.hover.shown_at
        if big is not None and big.colliderect(free_spot(sc, first, app.screen.get_size(),
                                                         sc.unit())):
            break
    else:
        pytest.fail("no preview where the message would go")
    box = sc.overlays.toast.rect
    assert box is not None and not box.colliderect(big), (box, big)
    assert sc.overlays.hover.shown_at == big          # the card is still shown


def _landing_in_the_open(sc, least):
    """(index in the hand, card, rect) of a play whose card lands in the open, over no card of
    the pile before the play (found by the same play on a twin table), or None."""
    d = sc.my_decision()
    for i, card in enumerate(sc.view.hand):
        if card not in d.options:
            continue
        app2, sc2 = _pile_table(least)
        sc2.apply(card)
        app2.frame()
        lands = next((r for r, k in sc2.targets if k == ("strip", 0, card)), None)
        if lands is not None and sc2.hit(lands.center) == ("strip", 0, card) and \
                sc.hit(lands.center)[0] != "strip":
            return i, card, lands
    return None


def test_a_card_that_lands_under_a_still_pointer_is_not_previewed_until_it_moves():
    """After End turn the next question's card landed under the resting pointer and its large
    preview popped over the hand. Here a trait played with the keys lands in the pile right
    under the resting pointer: no preview until the pointer moves (then the usual pause)."""
    from uidriver import key
    found = None
    for least in (4, 3, 5, 6):      # a pile lying as cards moves its cards about as it grows
        app, sc = _pile_table(least)
        found = _landing_in_the_open(sc, least)
        if found:
            break
    else:
        pytest.fail("no play that lands in the open")
    i, card, lands = found
    spot = lands.center
    _rest(app, spot)
    assert sc.hit(spot)[0] != "strip" and sc.overlays.hover.shown_at is None
    key(app, getattr(pygame, f"K_{i + 1}"), str(i + 1))
    key(app, pygame.K_RETURN)
    assert card in sc.game.players[0].pile and sc.hit(spot) == ("strip", 0, card)
    for _ in range(30):
        app.frame([], dt=0.05)
    assert sc.overlays.hover.shown_at is None, "previewed without the pointer moving"
    _rest(app, (spot[0] + 3, spot[1]), 1.0)
    assert sc.overlays.hover.shown_at is not None


def test_an_offer_to_prevent_an_action_shows_the_card_about_to_act():
    """"Bea's X is about to act: prevent it?" showed only the player's own card: the acting
    card stands beside it, labelled, a hover away from its preview."""
    from test_ui import texts_of_a_frame
    db = default_database()
    for seed in range(600):
        g = Game.new(db, 3, seed=seed, names=["Ada", "Bea", "Cyd"])
        r = random.Random(seed)
        while g.pending and not (g.pending.kind == "react" and g.pending.player == 0
                                 and "about to act" in g.pending.prompt):
            g.apply(r.choice(g.pending.options))
        if g.pending:
            break
    app = _app()
    sc = TableScene(app, [SeatConfig("Ada")] + [SeatConfig(n, "bot", "easy")
                                                 for n in ("Bea", "Cyd")], seed, game=g)
    sc.autosave = False
    app.go(sc)
    sc.cleared = sc.viewer = 0
    app.frame()
    acting = g.pending.subject
    assert acting >= 0 and acting not in g.pending.options
    assert "about to act" in [s for s in texts_of_a_frame(app, sc)]
    shown = find(sc, ("card", acting))
    offered = [r for r, k in sc.targets if k[0] == "overlay_card"]
    assert shown is not None and offered
    assert shown.right < min(r.x for r in offered)
    assert not any(shown.colliderect(b.rect) for b in sc.buttons)
    assert pygame.Rect(0, 0, 1280, 720).contains(shown)
    _rest(app, shown.center)
    big = sc.overlays.hover.shown_at
    assert big is not None and not big.collidepoint(shown.center)


def test_the_menu_button_opens_the_in_game_menu_with_a_click():
    """Save, Load, Main menu and Quit were reachable only with Esc: the top bar's Menu opens
    the same menu, and Resume closes it."""
    app, sc = _pile_table()
    r = find(sc, ("open_menu",))
    assert r is not None and sc.layout.top_bar.contains(r)
    # at the bar's right end, over the log's column (or its folded strip)
    assert r.right > sc.layout.log.x and r.right <= sc.layout.top_bar.right
    click(app, r.center)
    assert sc.menu_open
    keys = [b.key for b in sc.buttons]
    assert {"save", "load", "main_menu", "quit", "resume"} <= set(keys)
    click(app, find(sc, ("button", "resume")).center)
    assert not sc.menu_open


def test_drawing_the_hover_changes_nothing_the_update_step_does():
    """Hover.draw used to work out what the pointer rests on, and since when, while drawing:
    drawing twice was not drawing the same thing twice. Now `update` (once a frame, before the
    drawing) keeps that state and `draw` only reads it; the preview still comes after a rest."""
    app, sc = _pile_table()
    strip = next(r for r, k in sc.targets if k[0] == "strip")
    app.mouse = strip.center            # the pointer moved, and no update has seen it yet
    state = (sc.hover_key, sc.hover_since, sc.overlays.hover.last_mouse,
             sc.overlays.hover.arrived)
    surf = app.screen.copy()
    for _ in range(3):
        sc.overlays.hover.draw(surf, sc.view, sc.my_decision(), sc.unit())
    assert (sc.hover_key, sc.hover_since, sc.overlays.hover.last_mouse,
            sc.overlays.hover.arrived) == state
    _rest(app, strip.center)
    assert sc.hover_key == sc.hit(strip.center) and sc.overlays.hover.shown_at is not None
    # the whole table drawn with the pointer newly on a hand card: nothing rises until the
    # update step has seen it
    card_rect, (_, card) = next((r, k) for r, k in sc.targets if k[0] == "hand")
    app.mouse = card_rect.center
    sc.overlays.update(sc.my_decision())       # the hover has seen it; the hand's step not yet
    before = (sc.hover_key, dict(sc.hand_raise.up), sc.hand_raise.card)
    assert sc.hover_key == ("hand", card) and sc.hand_raise.card is None
    for _ in range(2):
        sc.targets = []
        sc.draw(surf)
    assert (sc.hover_key, dict(sc.hand_raise.up), sc.hand_raise.card) == before
    _rest(app, card_rect.center, 0.5)
    assert sc.hand_raise.card == card and sc.hand_raise.up[card] == 1


def test_a_card_gone_from_a_pile_is_named_where_it_covers_no_strip_nor_the_gene_pool():
    """The "− Protofeathers" mark lay over the last strip's name and ran under the gene pool
    card (28 November tryout, 1280x720, four seats): it now goes to the foot of the pile part
    of the panel, at whichever end covers least of the strips."""
    from pygame import Rect

    from doomlings_desktop.ui.table.news import lost_spot
    panel = Rect(838, 45, 414, 190)
    gp = Rect(1183, 50, 66, 92)
    # two full columns of strips on the left, a short one on the right
    strips = [Rect(845, 110 + 20 * i, 110, 18) for i in range(6)] + \
             [Rect(960, 110 + 20 * i, 100, 18) for i in range(6)] + [Rect(1065, 110, 110, 18)]
    targets = [(panel, ("panel", 3)), (gp, ("gene_pool", 3))] + \
              [(r, ("strip", 3, i)) for i, r in enumerate(strips)] + \
              [(Rect(0, 0, 2000, 2000), ("strip", 1, 99))]       # another seat's pile
    box = lost_spot(targets, 3, panel, (100, 16), 0, 1.0)
    assert panel.contains(box) and box.right <= gp.left
    assert not any(box.colliderect(o) for o in strips)
    # the k-th mark goes above the one before it
    assert lost_spot(targets, 3, panel, (100, 16), 1, 1.0).bottom <= box.top


def test_a_message_keeps_off_the_panels_of_the_players_to_choose():
    """A choice of a player is answered by a click on that player's panel: a stage note over
    it took the click (the real-window test stalled on such a choice). The cards of a choice
    of cards are kept clear as before, and other seats' panels are not."""
    from types import SimpleNamespace

    from pygame import Rect

    from doomlings_desktop.ui.table.layer import decision_rects
    panels = [(Rect(0, 40, 400, 150), ("panel", 1)), (Rect(420, 40, 400, 150), ("panel", 2)),
              (Rect(0, 300, 1200, 200), ("panel", 0))]
    hand = [(Rect(100, 520, 140, 180), ("hand", 7)), (Rect(300, 520, 140, 180), ("hand", 9))]
    sc = SimpleNamespace(targets=panels + hand, buttons=[])
    player = SimpleNamespace(kind="player", options=[1, 2])
    assert decision_rects(sc, player) == [Rect(0, 40, 400, 150), Rect(420, 40, 400, 150)]
    card = SimpleNamespace(kind="card", options=[9, "pass"])
    assert decision_rects(sc, card) == [Rect(300, 520, 140, 180)]
