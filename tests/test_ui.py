"""The table through real pygame events on the real app loop (dummy SDL driver)."""

from __future__ import annotations

import random

import pygame
import pytest
from pygame import Rect
from uidriver import Player, click, find, key, wait_until

from doomlings_desktop.rules.cards import default_database
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.events import events_for
from doomlings_desktop.storage.settings import Settings
from doomlings_desktop.ui.app import App
from doomlings_desktop.ui.fonts import MIN_TEXT_PX
from doomlings_desktop.ui.layout import STRIP_MIN_H, hand_slots, pile_slots, table_layout
from doomlings_desktop.ui.table import SeatConfig, TableScene


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))


def make_app(size=(1280, 720), animation="off"):
    s = Settings()
    s.animation = animation
    s.bot_pace = 0.0
    app = App(size=size, settings=s)
    assert app.driver == "dummy"
    return app


def watch_privacy(app):
    """After every frame: no hand but the cleared human's is drawn face up."""
    frame = app.frame
    seen = {"frames": 0, "pass_screens": 0}

    def checked(*a, **k):
        frame(*a, **k)
        sc = app.scene
        if isinstance(sc, TableScene):
            seen["frames"] += 1
            if sc.pass_needed:
                seen["pass_screens"] += 1
                assert not sc.face_up
            else:
                assert sc.face_up <= set(sc.game.players[sc.viewer].hand)
                if len(sc.humans) > 1 and sc.face_up:
                    assert sc.viewer == sc.cleared
    app.frame = checked
    return seen


def play_out(app, player, limit=4000):
    for _ in range(limit):
        if app.scene.game.over:
            return
        if not player.act(app):
            app.frame()
    raise AssertionError("the game did not end")


def ann_against_a_bot():
    """A 2-seat table (Ann, then a bot) on its first frame, Ann to play."""
    app = make_app()
    sc = TableScene(app, [SeatConfig("Ann"), SeatConfig("Bob", "bot")], seed=5)
    app.go(sc)
    app.frame()
    return app, sc


def texts_of_a_frame(app, sc, with_colors=False):
    """Every string the table renders in one full redraw, in drawing order (with its color:
    (text, color) pairs)."""
    drawn = []
    render = app.text.render

    def spy(s, size, color=None, *a, **k):
        drawn.append((s, color))
        return render(s, size, *(() if color is None else (color,)), *a, **k)
    app.text.render = spy
    sc._view_key = ()
    app.frame()
    app.text.render = render
    return drawn if with_colors else [s for s, _ in drawn]


def table_at(g, seats, size=(1280, 720)):
    """A table on a game reached by play (not a new deal), drawn once; not autosaved, since a
    position reached by hand-set moves has no record to save."""
    app = make_app(size=size)
    sc = TableScene(app, seats, 0, game=g)
    sc.autosave = False
    app.go(sc)
    app.frame()
    return app, sc


def a_game_reaching(n, want, seeds, rng_seed, names=None):
    """(seed, game) of the first seed whose random play reaches a decision `want(d, g)`."""
    db = default_database()
    rng = random.Random(rng_seed)
    for seed in range(seeds):
        g = Game.new(db, n, seed=seed, names=names)
        while g.pending is not None and not want(g.pending, g):
            g.apply(rng.choice(g.pending.options))
        if g.pending is not None:
            return seed, g
    pytest.fail("no game reached the decision wanted")


def test_menu_leads_to_a_game():
    app = make_app()
    app.frame()
    click(app, find(app.scene, ("button", "new")).center)
    assert type(app.scene).__name__ == "NewGameScene"
    click(app, find(app.scene, ("button", "fewer")).center)
    click(app, find(app.scene, ("button", "fewer")).center)
    click(app, find(app.scene, ("button", "start")).center)
    assert isinstance(app.scene, TableScene)
    assert app.scene.game.n == 2


def test_hot_seat_game_played_only_with_events():
    app = make_app()
    app.go(TableScene(app, [SeatConfig("Ann"), SeatConfig("Bob")], seed=3))
    seen = watch_privacy(app)
    app.frame()
    player = Player(7)
    play_out(app, player)
    app.frame()
    g = app.scene.game
    assert g.over and g.winners
    assert g.scores == tuple(g.score(p) for p in range(2))
    assert find(app.scene, ("button", "new_game")) is not None     # the end screen is up
    assert player.drags and player.clicks and player.keys
    assert seen["pass_screens"] > 0
    assert player.reviews and player.summaries     # drawn cards shown, then the news


def test_game_against_bots_with_animation():
    app = make_app(animation="fast")
    app.settings.log_open = True       # the log column open (folded, it draws no lines)
    app.go(TableScene(app, [SeatConfig("Me"), SeatConfig("Bot", "bot"), SeatConfig("Bot 2", "bot")],
                      seed=11))
    watch_privacy(app)
    play_out(app, Player(3), limit=20000)
    sc = app.scene
    assert sc.game.over
    # every bot move with a choice says why, under the first log line the move wrote (the
    # bot's play, or what its choice did to another player)
    log = events_for(sc.game, -1)
    assert len(sc.bot_notes) > 20 and all(sc.bot_notes.values())
    assert sum(log[i][1].startswith("Bot") for i in sc.bot_notes) > len(sc.bot_notes) / 2
    assert any(w.startswith("for its ") for w in sc.bot_notes.values())
    sc.log_scroll = 0
    # World's End is told line by line, the log's lines with it: a bot's World's End choice
    # is the last note in some games
    wait_until(lambda: not sc.busy(), "World's End told", pump=lambda: app.frame(dt=0.1))
    app.frame()
    last = max(sc.bot_notes)          # the log's lines hold its last 150 entries
    assert last >= len(log) - 150
    assert any(f"({sc.bot_notes[last]}"[:20] in line for line, _ in sc._log_lines[1])


def test_number_keys_pick_hand_cards_by_position_and_zoom_stays_open():
    app, sc = ann_against_a_bot()
    g = sc.game
    hand = list(g.players[0].hand)
    bad = hand[2]
    g.pending.options = [c for c in g.pending.options if c != bad]    # the 3rd card is dimmed
    sc.view = None
    sc._view_key = ()
    app.frame()
    key(app, pygame.K_3, "3")
    assert sc.selected is None and sc.toast          # refused, with a reason
    key(app, pygame.K_4, "4")
    assert sc.selected == hand[3]                    # the 4th card, not the 4th legal one
    # right-click zoom: stays after the button is released; the click that closes it does
    # nothing else
    r = find(sc, ("hand", hand[0]))
    post = pygame.event.post
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=r.center, button=3))
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=r.center, button=3))
    app.frame()
    assert sc.zoom == hand[0]
    answers = len(g.answers)
    click(app, find(sc, ("hand", hand[3])).center)
    assert sc.zoom is None and len(g.answers) == answers and sc.selected == hand[3]


def test_every_header_shows_the_hand_count():
    """Narrow panels shrink the header's words, never drop the hand count (the first player's
    badge and two-digit scores used to push it out)."""
    import re
    g = Game.new(default_database(), 4, seed=2)
    while not (g.pending.player == 0 and g.pending.kind == "play"
               and min(g.score(p) for p in range(4)) >= 10):
        g.apply(g.pending.options[-1])
    app = make_app(size=(1280, 720))
    seats = [SeatConfig("Player 1")] + [SeatConfig(f"Player {i}", "bot") for i in (2, 3, 4)]
    sc = TableScene(app, seats, 2, game=g)
    app.go(sc)
    app.frame()
    drawn = texts_of_a_frame(app, sc)
    hands = [s for s in drawn if re.fullmatch(r"(Score \d+   )?Hand \d+", s)]
    scores = [s for s in drawn if re.match(r"Score \d+", s)]
    assert len(hands) == 4 and len(scores) == 4, drawn      # the same words in every header
    assert not any("·" in s for s in drawn)


def test_illegal_drop_snaps_back_with_a_reason():
    app, sc = ann_against_a_bot()
    d = sc.game.pending
    card = d.options[0]
    before = len(sc.game.answers)
    r = find(sc, ("hand", card))
    from uidriver import drag
    drag(app, r.center, sc.layout.log.center)     # not a pile
    assert len(sc.game.answers) == before
    assert sc.toast and "pile" in sc.toast[0]
    assert find(sc, ("hand", card)) is not None


def test_illegal_card_is_explained():
    app, sc = ann_against_a_bot()
    g = sc.game
    # Make a card illegal: give Ann Heroic (needs 3 green traits) and redraw the table.
    heroic = g.db.card("heroic")
    where, owner = g.locate(heroic)
    if where == "deck":
        g.deck.remove(heroic)
    elif where == "hand":
        g.players[owner].hand.remove(heroic)
    else:
        pytest.skip("heroic is elsewhere in this deal")
    g.players[0].hand.append(heroic)
    g.pending.options = g.legal_plays(0)
    sc._view_key = ()      # the test changed the game behind the table's back
    app.frame()
    click(app, find(sc, ("hand", heroic)).center)
    assert sc.toast and "green" in sc.toast[0]


def test_escape_opens_the_menu_and_rules():
    app = make_app()
    app.go(TableScene(app, [SeatConfig("Ann"), SeatConfig("Bob", "bot")], seed=5))
    app.frame()
    key(app, pygame.K_ESCAPE)
    assert app.scene.menu_open
    click(app, find(app.scene, ("button", "rules")).center)
    assert type(app.scene).__name__ == "RulesScene"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, TableScene)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("n", [2, 4, 6])
def test_layout_fits_and_does_not_overlap(size, n):
    w, h = size
    lay = table_layout(w, h, n, 0)
    screen = Rect(0, 0, w, h)
    regions = [lay.top_bar, lay.log, lay.center, lay.hand] + [p.rect for p in lay.panels]
    for r in regions:
        assert screen.contains(r), r
    for i, a in enumerate(regions):
        for b in regions[i + 1:]:
            assert not a.colliderect(b), (a, b)
    for small in (lay.deck, lay.discard, lay.age, lay.prompt):
        assert lay.center.contains(small)
    for a, b in [(lay.deck, lay.discard), (lay.discard, lay.age), (lay.age, lay.prompt)]:
        assert not a.colliderect(b)
    colors = ["red"] * 8 + ["blue"] * 4 + ["green"] * 4 + ["purple"] * 2 + ["colorless"] * 2
    for p in lay.panels:
        assert p.rect.contains(p.header) and p.rect.contains(p.pile)
        assert not p.header.colliderect(p.pile)
        slots = pile_slots(p.pile, colors, lay.unit)
        assert len(slots) == 20
        for s in slots:
            assert p.pile.contains(s), (s, p.pile)
            assert s.h >= 4
    # a long one-color group splits into columns instead of thinning to unreadable strips
    for p in lay.panels:
        slots = pile_slots(p.pile, ["green"] * 16 + ["red"], lay.unit)
        assert all(p.pile.contains(s) and s.h >= STRIP_MIN_H for s in slots)
        assert not any(a.colliderect(b) for i, a in enumerate(slots) for b in slots[i + 1:])
    # short groups share a column with others rather than each taking a whole cell (a
    # tryout's 4-player opponent: blue 3, green 1, purple 2, colorless 6 went 13 px thin)
    for p in lay.panels:
        slots = pile_slots(p.pile, ["blue"] * 3 + ["green"] + ["purple"] * 2 + ["colorless"] * 6,
                           lay.unit)
        assert all(p.pile.contains(s) for s in slots)
        assert not any(a.colliderect(b) for i, a in enumerate(slots) for b in slots[i + 1:])
        assert min(s.h for s in slots) >= STRIP_MIN_H
    hs = hand_slots(lay.hand, 8, lay.card_w, lay.card_h)
    for s in hs:
        assert lay.hand.contains(s)


def test_six_players_late_game_draws_at_4k():
    app = make_app(size=(3840, 2160))
    seats = [SeatConfig(f"P{i}", "human" if i == 0 else "bot") for i in range(6)]
    sc = TableScene(app, seats, seed=2)
    app.go(sc)
    import random
    r = random.Random(1)
    while sc.game.pending and len(sc.game.catastrophes) < 2:
        sc.game.apply(r.choice(sc.game.pending.options))
    app.frame()
    assert app.screen.get_size() == (3840, 2160)
    assert any(a[0] == "strip" for _, a in sc.targets)


def test_world_end_is_shown_step_by_step_then_the_scores():
    app = make_app(animation="normal")
    sc = TableScene(app, [SeatConfig("Ann"), SeatConfig("Bob", "bot")], seed=8)
    app.go(sc)
    import random
    r = random.Random(8)
    while sc.game.pending:
        sc.game.apply(r.choice(sc.game.pending.options))
    app.frame()
    assert find(sc, ("world_end",)) is not None
    assert find(sc, ("button", "new_game")) is None
    for _ in range(30):                     # half a second: the first lines appear
        app.frame()
    assert 0 < sc.we_step < len(sc._we_lines())
    click(app, (10, 10))                    # a click skips to the scores
    assert find(sc, ("button", "new_game")) is not None
    click(app, find(sc, ("button", "main_menu")).center)
    assert type(app.scene).__name__ == "MenuScene"


def test_ctrl_z_takes_back_an_answer_that_revealed_nothing():
    app = make_app()
    sc = TableScene(app, [SeatConfig("Ann"), SeatConfig("Bob", "bot")], seed=4)
    app.go(sc)
    import random
    r = random.Random(4)
    for _ in range(3000):
        g = sc.game
        if g.pending is None:
            pytest.skip("no undoable moment in this game")
        if g.can_undo() and g.pending.player == 0:
            break
        sc.apply(r.choice(g.pending.options))
    app.frame()
    n = len(sc.game.answers)
    assert find(sc, ("button", "undo")) is not None
    from uidriver import post
    post(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="\x1a", scancode=0)
    app.frame()
    assert len(sc.game.answers) == n - 1
    assert sc.game.pending.player == 0


def test_continue_from_the_menu_and_a_broken_autosave(db):
    from doomlings_desktop.storage import saves
    g = Game.new(db, 2, seed=6, names=["Ann", "Bob"])
    for _ in range(15):
        g.apply(g.pending.options[0])
    saves.save(g, [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "bot"}])
    app = make_app()
    app.frame()
    click(app, find(app.scene, ("button", "continue")).center)
    assert isinstance(app.scene, TableScene)
    assert app.scene.game.answers == g.answers
    assert app.scene.seats[1].kind == "bot"
    # now break the autosave by hand: Continue explains and the menu stays
    saves.autosave_path().write_text('{"format": 1, "answers": [')
    from doomlings_desktop.ui.scenes.main_menu import MenuScene
    app.go(MenuScene(app))
    app.frame()
    click(app, find(app.scene, ("button", "continue")).center)
    assert type(app.scene).__name__ == "MenuScene"
    assert "could not be loaded" in app.scene.notice
    assert not saves.autosave_path().exists()


def test_unexpected_error_shows_a_screen_and_keeps_the_autosave(monkeypatch):
    from doomlings_desktop.storage import saves
    app = make_app()
    app.raise_errors = False
    sc = TableScene(app, [SeatConfig("Ann"), SeatConfig("Bob", "bot")], seed=4)
    app.go(sc)
    app.frame()
    sc.apply(sc.game.pending.options[0])
    kept = saves.autosave_path().read_text()

    def boom(*a):
        raise ValueError("a bug")
    monkeypatch.setattr(sc.panels.player, "draw", boom)
    app.frame()
    assert type(app.scene).__name__ == "ErrorScene"
    assert "a bug" in app.scene.error and "doomlings.log" in app.scene.log_path
    assert saves.autosave_path().read_text() == kept
    app.frame()
    assert find(app.scene, ("button", "menu")) is not None


def test_replay_steps_forward_and_back(db):
    from doomlings_desktop.commands.simulate import play_random
    from doomlings_desktop.storage import saves
    g = play_random(db, 3, 5)
    saves.save(g, [{"name": n, "kind": "bot"} for n in "ABC"], "last game")
    app = make_app()
    app.frame()
    click(app, find(app.scene, ("button", "load")).center)
    path = saves.saves_dir() / "last game.json"
    click(app, find(app.scene, ("button", ("replay", path))).center)
    sc = app.scene
    assert type(sc).__name__ == "ReplayScene" and sc.pos == 0
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert sc.pos == 2 and len(sc.game.answers) == 2
    click(app, find(sc, ("button", "last")).center)
    assert sc.game.over and sc.game.scores == g.scores
    key(app, pygame.K_LEFT)
    assert not sc.game.over
    click(app, find(sc, ("button", "seat")).center)
    assert sc.viewer == 1
    key(app, pygame.K_ESCAPE)
    assert type(app.scene).__name__ == "LoadScene"


def test_never_ask_seat_passes_out_of_turn_offers_without_a_pass_screen():
    """A human who chose 'never ask' is never shown a pass screen for an out-of-turn offer, so
    the table cannot tell whether that player holds such a card."""
    import random
    app = make_app()
    offers = 0
    for seed in range(40):
        seats = [SeatConfig("Ann"), SeatConfig("Bob", ask_out_of_turn=False)]
        sc = TableScene(app, seats, seed=seed)
        sc.autosave = False
        r = random.Random(seed)
        answered = []
        standing = sc.match.stand_in.answer
        def noted(d, answered=answered, standing=standing):
            answered.append((d, standing(d)))
            return answered[-1][1]
        sc.match.stand_in.answer = noted
        while sc.game.pending is not None:
            d = sc.match.asked()            # the question the table serves (play/ahead.py)
            assert d.kind != "react" or d.player != 1      # never left pending, never shown
            if sc.pass_needed:
                sc.take_screen(d.player)
            sc.apply(r.choice(d.options))
        assert all(a == "pass" for d, a in answered if d.kind == "react")  # the table declined
        offers += sum(d.player == 1 and d.kind == "react" for d, _ in answered)
        if offers >= 3:
            break
    assert offers >= 3


def test_game_against_medium_and_hard_bots_keeps_the_window_drawing():
    """Bots think on a worker thread: frames keep being drawn while a Hard bot's search is
    unfinished (checked by state, not by timing)."""
    app = make_app()
    seats = [SeatConfig("Me"), SeatConfig("Med", "bot", "medium"), SeatConfig("Hard", "bot", "hard")]
    sc = TableScene(app, seats, seed=3)
    from doomlings_desktop.bots import make_bot
    sc.bots[2] = make_bot("hard", 1, budget=0.2)
    app.go(sc)
    watch_privacy(app)
    player = Player(5)
    drawn_while_thinking = 0

    def step() -> None:
        nonlocal drawn_while_thinking
        if not player.act(app):
            before = app.frames
            app.frame()
            job = sc.thinking
            if job is not None and not job["done"] and app.frames > before:
                drawn_while_thinking += 1
    wait_until(lambda: sc.game.over, "the end of the game", pump=step, deadline_s=600,
               idle_s=0.001)
    assert drawn_while_thinking > 0


def test_a_long_age_rule_is_shortened_visibly_in_the_top_bar():
    """The top bar shows the age's rule on up to two lines; what does not fit ends in '…'
    instead of stopping mid-sentence."""
    app, sc = ann_against_a_bot()
    db = sc.db
    ages = [c for c in db.ages if db.cards[c].text]
    longest = max(ages, key=lambda c: len(db.cards[c].text))
    sc.game.age = longest
    drawn = texts_of_a_frame(app, sc)
    text = db.cards[longest].text
    start = drawn.index(f"Age: {db.cards[longest].name}") + 1
    shown = drawn[start:next(i for i, s in enumerate(drawn) if s.startswith("Catastrophes "))]
    assert 1 <= len(shown) <= 2 and text.startswith(shown[0])
    assert shown[-1].endswith("…") or text.rstrip().endswith(shown[-1].rstrip())


def test_the_name_of_whoever_decides_lights_up_not_only_the_turns_player():
    seed, g = a_game_reaching(3, lambda d, g: d.player != g.current and d.kind != "react",
                              seeds=40, rng_seed=3)
    app = make_app()
    seats = [SeatConfig("Ann"), SeatConfig("Bob"), SeatConfig("Cy")]
    sc = TableScene(app, seats, seed, game=g)
    app.go(sc)
    sc.cleared = sc.viewer = g.pending.player          # past the pass screen
    drawn = texts_of_a_frame(app, sc, with_colors=True)
    from doomlings_desktop.ui.table import ACCENT
    turn, decider = seats[g.current].name, seats[g.pending.player].name
    lit = {s for s, c in drawn if c == ACCENT}       # the header's name is a string alone
    assert any(x.startswith(decider) for x in lit) and not any(x.startswith(turn) for x in lit)


def test_cards_revealed_to_a_clever_player_say_whose_they_are():
    """Clever: each opponent reveals a card; the window that offers them names the revealer."""
    from doomlings_desktop.rules.setup import build
    db = default_database()
    g = build(db, {"players": [
        {"hand": ["clever", "nocturnal"]}, {"hand": ["fangs", "bark"]}, {"hand": ["gills"]}]},
        players=3)
    name = {c: db.cards[c].id for c in range(len(db.cards))}
    for want in ("clever", "bark", "gills"):        # Ann plays Clever, Bob and Cy reveal
        while g.pending.kind == "react":
            g.apply("pass")
        g.apply(next(c for c in g.pending.options if name[c] == want))
    assert g.pending.player == 0 and g.pending.zone == "revealed"
    app = make_app()
    sc = TableScene(app, [SeatConfig("Ann"), SeatConfig("Bob"), SeatConfig("Cy")], 0, game=g)
    app.go(sc)
    sc.cleared = sc.viewer = 0
    drawn = texts_of_a_frame(app, sc)
    assert "from Bob" in drawn and "from Cy" in drawn
    bark = next(c for c in g.pending.options if name[c] == "bark")
    assert g.pending.sources[g.pending.options.index(bark)] == 1
    # the card asking (Clever) is drawn beside the question, and zooms like any card
    thumb = next(r for r, k in sc.targets if k == ("card", g.pending.card))
    assert name[g.pending.card] == "clever" and sc.layout.prompt.contains(thumb)


def faith_at_world_end():
    """Ann (seat 0) holds Faith at World's End: two color questions in a row, where the
    second's first button sits where the first's 'Red' was."""
    from doomlings_desktop.rules.setup import build, force_world_end
    db = default_database()
    g = build(db, {
        "age": "mass-extinction", "catastrophes_revealed": 2, "trait_deck": ["mindful", "branches"],
        "players": [{"pile": ["faith", "gills", "fangs", "antlers"], "hand": ["adorable"]},
                    {"pile": ["big-ears"], "hand": ["fear"]}]})
    force_world_end(g, db.card("glacial-meltdown"))   # then: discard a blue trait from your pile
    while g.pending.player != 0 or g.pending.kind != "color":
        g.apply(g.pending.options[0])
    assert "red" in g.pending.options
    app = make_app()
    sc = TableScene(app, [SeatConfig("Ann"), SeatConfig("Bob", "bot")], 0, game=g)
    sc.autosave = False         # a position set up by hand has no record to save
    app.go(sc)
    app.frame()
    return app, sc


def test_a_double_click_on_a_color_answers_one_question_only():
    from uidriver import post
    app, sc = faith_at_world_end()
    red = find(sc, ("button", ("answer", "red"))).center
    for _ in range(2):          # a double-click: both clicks land in the same frame's events
        post(pygame.MOUSEBUTTONDOWN, pos=red, button=1)
        post(pygame.MOUSEBUTTONUP, pos=red, button=1)
    app.frame()
    d = sc.game.pending
    assert d is not None and d.player == 0 and d.kind == "color" and "red" not in d.options
    first = find(sc, ("button", ("answer", d.options[0]))).center
    assert abs(first[0] - red[0]) < 5          # the next question's button is under the mouse
    click(app, first)
    assert sc.game.pending is d                # still within the double-click: ignored
    for _ in range(30):                        # half a second later, a click answers
        app.frame()
    click(app, first)
    assert sc.game.pending is not d
    assert any("red traits become" in text for _, text in events_for(sc.game, -1))


def test_traits_recolored_by_faith_are_drawn_in_their_new_color():
    app, sc = faith_at_world_end()
    fangs = sc.db.ident.index("fangs")

    def tint():
        app.frame()
        r = next(r for r, k in sc.targets if k == ("strip", 0, fangs))
        return app.screen.get_at((r.x + int(r.w * 0.6), r.y + max(1, r.h // 4)))[:3]
    before = tint()
    assert before[0] > before[2]                       # printed red
    sc.apply("red")
    sc.apply("blue")
    assert sc.game.colors_of(0, fangs) == ("blue",) and not sc.game.over
    after = tint()
    assert after[2] > after[0]                         # drawn blue, as it now counts


def test_a_bots_secret_out_of_turn_offer_names_no_one_and_a_decline_takes_no_time():
    """Only a player who holds an out-of-turn card is offered one: the table must not say who
    is deciding, nor pause the pace for a declined offer."""
    seed, g = a_game_reaching(2, lambda d, g: d.kind == "react" and d.player == 1, seeds=60,
                              rng_seed=5, names=["Ann", "Bob"])
    app = make_app()
    app.settings.bot_pace = 5.0
    sc = TableScene(app, [SeatConfig("Ann"), SeatConfig("Bob", "bot")], seed, game=g)
    app.go(sc)

    class Decliner:
        name = "Easy"

        def decide(self, view, sampler=None):
            return "pass"
    sc.bots[1] = Decliner()
    d = g.pending
    drawn = texts_of_a_frame(app, sc)
    assert not any("Bob" in s and "thinking" in s for s in drawn)
    for _ in range(3):
        app.frame()
    assert g.pending is not d                   # declined at once, not after 5 s of pace


class _Recording(pygame.Surface):
    """A surface that remembers where things were drawn on it."""

    def __init__(self, size):
        super().__init__(size)
        self.blits = []

    def blit(self, source, dest, *a, **k):
        r = Rect(dest if len(dest) == 4 else (*dest, *source.get_size()))
        self.blits.append(r)
        return super().blit(source, dest, *a, **k)


def test_the_end_screen_of_six_players_fits_its_panel_at_1280x720(monkeypatch):
    db = default_database()
    rng = random.Random(1)
    g = Game.new(db, 6, seed=12)
    while g.pending is not None:
        g.apply(rng.choice(g.pending.options))
    app = make_app()
    sc = TableScene(app, [SeatConfig("Ann")] + [SeatConfig(f"Player {i}", "bot") for i in range(2, 7)],
                    12, game=g)
    app.go(sc)
    app.frame()
    v = sc.view
    assert sum(len(b) for b in v.breakdowns) > 6 * 2         # some bonus rows to lay out
    from doomlings_desktop.ui.table import ACCENT
    panels = []
    draw_rect = pygame.draw.rect

    def spy(surf, color, rect, *a, **k):
        if tuple(color)[:3] == ACCENT and k.get("width"):
            panels.append(Rect(rect))
        return draw_rect(surf, color, rect, *a, **k)
    monkeypatch.setattr(pygame.draw, "rect", spy)
    surf = _Recording((1280, 720))
    sc.overlays.end.scores(surf, v, app.unit)
    panel = panels[0]
    texts = surf.blits[1:]                                     # after the shade
    assert texts and all(panel.contains(r) for r in texts), [r for r in texts if not panel.contains(r)]


def test_new_game_seats_cycle_both_ways_and_the_table_is_offered_again():
    from uidriver import post

    from doomlings_desktop.ui.scenes.new_game import NewGameScene
    app = make_app()
    app.settings.seats = ["human"] * 6  # a hot-seat table to start from
    app.go(NewGameScene(app))
    app.frame()
    for seat in (1, 2, 3):              # right-click: Human -> Random -> Hard
        for _ in range(2):
            r = find(app.scene, ("button", ("kind", seat)))
            post(pygame.MOUSEBUTTONDOWN, pos=r.center, button=3)
            post(pygame.MOUSEBUTTONUP, pos=r.center, button=3)
            app.frame()
    click(app, find(app.scene, ("button", ("kind", 3))).center)     # left: Hard -> Random
    click(app, find(app.scene, ("button", "start")).center)
    sc = app.scene
    assert isinstance(sc, TableScene)
    assert [s.kind for s in sc.seats] == ["human", "bot", "bot", "bot"]
    assert [s.level for s in sc.seats[1:]] == ["hard", "hard", "random"]
    from doomlings_desktop.storage.settings import Settings
    saved, problem = Settings.load()
    assert problem is None and saved.seat_count == 4 and saved.seats[:4] == [
        "human", "hard", "hard", "random"]
    app.go(NewGameScene(app))           # the next New game starts from the same table
    app.frame()
    assert [b.label for b in app.scene.buttons if isinstance(b.key, tuple)
            and b.key[0] == "kind"] == ["Human", "Bot: Hard", "Bot: Hard", "Bot: Random"]


def test_clicking_a_chosen_player_again_confirms_it():
    seed, g = a_game_reaching(3, lambda d, g: d.player == 0 and d.kind == "player", seeds=80,
                              rng_seed=7)
    app = make_app()
    sc = TableScene(app, [SeatConfig("Ann"), SeatConfig("Bob", "bot"), SeatConfig("Cy", "bot")],
                    seed, game=g)
    app.go(sc)
    app.frame()
    d = g.pending
    who = d.options[0]
    r = find(sc, ("button", ("select_player", who)))
    click(app, r.center)
    assert g.pending is d and sc.selected == who
    for _ in range(30):
        app.frame()
    click(app, r.center)
    assert g.pending is not d


def test_a_pile_cards_preview_never_covers_a_window_of_cards():
    seed, g = a_game_reaching(2, lambda d, g: d.player == 0 and d.kind == "play"
                              and len(g.players[1].pile) >= 2, seeds=20, rng_seed=2)
    app = make_app()
    sc = TableScene(app, [SeatConfig("Ann"), SeatConfig("Bob", "bot")], seed, game=g)
    app.go(sc)
    app.frame()
    strip = next(r for r, k in sc.targets if k[0] == "strip")
    from uidriver import post
    big = []
    face = app.art.face

    def spy(c, w, h):
        if h >= int(250 * app.unit):
            big.append(c)
        return face(c, w, h)
    app.art.face = spy

    def previews_after_a_second_on_the_strip():
        big.clear()
        post(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))
        app.frame()
        post(pygame.MOUSEMOTION, pos=strip.center, rel=(0, 0), buttons=(0, 0, 0))
        for _ in range(60):
            app.frame()
        return bool(big)
    assert previews_after_a_second_on_the_strip()           # the table alone: it shows
    sc.browse = True                                         # the discard pile's window
    app.frame()
    cards = [r for r, k in sc.targets if k[0] == "overlay_card"]
    strip = next(r for r, k in sc.targets if k[0] == "strip"
                 and not any(c.collidepoint(r.center) for c in cards))   # beside its cards
    assert not previews_after_a_second_on_the_strip()


def test_a_seat_added_beside_bots_is_a_bot_of_the_same_level():
    from doomlings_desktop.ui.scenes.new_game import NewGameScene
    app = make_app()
    app.settings.seats = ["human"] * 6  # from a hot-seat table
    app.go(NewGameScene(app))
    app.frame()
    click(app, find(app.scene, ("button", "fewer")).center)          # 3 seats
    for _ in range(3):                                                # seat 3: Hard
        click(app, find(app.scene, ("button", ("kind", 2))).center)
    click(app, find(app.scene, ("button", "more")).center)
    assert app.scene.kinds[3] == "bot" and app.scene.levels[3] == "hard"


def test_no_turn_marker_while_a_rounds_opening_effects_are_decided():
    """Between rounds (an age's or a catastrophe's effects) it is no one's turn: no ▶."""
    seed, g = a_game_reaching(3, lambda d, g: d.kind != "react" and g.turn_end < 0
                              and len(g.eras) > 1, seeds=60, rng_seed=4)
    app = make_app()
    seats = [SeatConfig("Ann"), SeatConfig("Bob"), SeatConfig("Cy")]
    sc = TableScene(app, seats, seed, game=g)
    app.go(sc)
    sc.cleared = sc.viewer = g.pending.player
    assert not any(s.startswith("▶") for s in texts_of_a_frame(app, sc))
    while g.pending.kind == "react" or g.turn_end < 0:         # on to the next turn
        g.apply(g.pending.options[0])
    sc.cleared = sc.viewer = g.pending.player
    drawn = texts_of_a_frame(app, sc)
    assert drawn.count("▶") == 1          # drawn just before the name of its header
    assert drawn[drawn.index("▶") + 1].startswith(seats[g.current].name)


def test_text_fit_gives_the_largest_size_that_fits():
    t = make_app().text
    size = t.fit("Discard 123", 20, 90, 6, bold=True)
    assert size < 20 and t.font(size, True).size("Discard 123")[0] <= 90
    assert t.font(size + 1, True).size("Discard 123")[0] > 90
    assert t.fit("Discard 123", 20, 1, 6) == MIN_TEXT_PX    # nothing fits: the smallest
    assert t.fit("Hi", 20, 500, 6) == 20


def saved_midgame(kinds, seed=8, answers=25):
    """The app on the Load screen, reached from the table's Esc menu right after 'Save game',
    of an unfinished game whose seats are `kinds` ('human' or 'bot'); and the save's path."""
    from doomlings_desktop.storage import saves
    db = default_database()
    names = [f"P{i}" for i in range(len(kinds))]
    g = Game.new(db, len(kinds), seed=seed, names=names)
    rng = random.Random(seed)
    for _ in range(answers):
        g.apply(rng.choice(g.pending.options))
    assert not g.over
    app = make_app()
    app.go(TableScene(app, [SeatConfig(n, k, "random") for n, k in zip(names, kinds, strict=True)],
                      seed, game=g))
    app.frame()
    key(app, pygame.K_ESCAPE)
    click(app, find(app.scene, ("button", "save")).center)
    key(app, pygame.K_ESCAPE)
    click(app, find(app.scene, ("button", "load")).center)
    assert type(app.scene).__name__ == "LoadScene"
    [(_, path, _)] = saves.named_saves()
    return app, path


def test_an_unfinished_hot_seat_game_cannot_be_replayed():
    """Its replay could step to the last answer and show every current hand from any seat."""
    from doomlings_desktop.play.match import REPLAY_REFUSED
    from doomlings_desktop.ui.router import open_replay
    from doomlings_desktop.ui.table import ReplayScene
    app, path = saved_midgame(["human", "bot", "human"])
    load = app.scene
    assert find(load, ("button", ("open", path))) is not None
    assert find(load, ("button", ("replay", path))) is None        # off, and says why
    drawn = texts_of_a_frame(app, load)
    assert any(s in REPLAY_REFUSED for s in drawn if len(s) > 20)
    assert not open_replay(app, path, load)                         # asked for anyway
    assert app.scene is load and load.notice == REPLAY_REFUSED
    import json
    rec = json.loads(path.read_text())
    with pytest.raises(ValueError):
        ReplayScene(app, rec, [SeatConfig(s["name"], s["kind"]) for s in rec["seats"]], load)


def test_an_unfinished_game_against_bots_replays_from_its_human_only():
    from doomlings_desktop.ui.table import ReplayScene
    app, path = saved_midgame(["bot", "human", "bot"])
    click(app, find(app.scene, ("button", ("replay", path))).center)
    sc = app.scene
    assert isinstance(sc, ReplayScene) and sc.viewer == 1     # not seat 0, a bot
    assert find(sc, ("button", "seat")) is None
    click(app, find(sc, ("button", "last")).center)
    key(app, pygame.K_TAB)
    sc.on_button("seat")
    app.frame()
    assert sc.viewer == 1 and sc.face_up and sc.face_up <= set(sc.game.players[1].hand)


def test_a_finished_hot_seat_game_replays_from_every_seat(db):
    from doomlings_desktop.commands.simulate import play_random
    from doomlings_desktop.storage import saves
    g = play_random(db, 3, 5)
    saves.save(g, [{"name": n, "kind": k} for n, k in zip("ABC", ("bot", "human", "human"),
                                                           strict=True)], "last game")
    app = make_app()
    app.frame()
    click(app, find(app.scene, ("button", "load")).center)
    click(app, find(app.scene, ("button", ("replay", saves.saves_dir() / "last game.json"))).center)
    sc = app.scene
    assert type(sc).__name__ == "ReplayScene" and sc.viewer == 1      # the first human
    seen = []
    for _ in range(3):
        seen.append(sc.viewer)
        click(app, find(sc, ("button", "seat")).center)
    assert seen == [1, 2, 0] and sc.viewer == 1


def test_a_hot_seat_game_continued_with_a_bot_to_move_shows_no_ones_hand(db):
    """Whoever sits at the screen after Continue is unknown until a pass screen is cleared:
    the table shows only what everyone may see until then, not the first human's hand."""
    from doomlings_desktop.storage import saves
    g = Game.new(db, 3, seed=1, names=["Bot", "Ann", "Bob"])
    assert g.pending.player == 0 and g.pending.kind == "play"
    saves.save(g, [{"name": "Bot", "kind": "bot", "level": "random"},
                   {"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}])
    app = make_app()
    app.settings.bot_pace = 0.5
    app.frame()
    click(app, find(app.scene, ("button", "continue")).center)
    sc = app.scene
    drawn = texts_of_a_frame(app, sc)
    assert sc.game.pending.player == 0 and not sc.pass_needed
    assert not sc.face_up and sc.view.hand == () and sc.view.next_age is None
    assert "Hands stay hidden until the next player takes the seat" in drawn
    assert sc.view.log == events_for(sc.game, -1)    # no private line
    app.settings.bot_pace = 0.0
    for _ in range(200):
        app.frame()
        assert not sc.face_up
        if sc.pass_needed:
            break
    assert sc.pass_needed
    click(app, find(sc, ("pass_screen", sc.game.pending.player)).center)
    app.frame()
    assert sc.face_up and sc.face_up <= set(sc.game.players[sc.cleared].hand)


def test_a_demo_never_touches_the_players_saves_or_statistics(db):
    """`doomlings play --demo` played to its end leaves the autosave, the last game and the
    statistics byte for byte as they were, and Continue still opens the player's game."""
    from doomlings_desktop.commands.simulate import play_random
    from doomlings_desktop.storage import saves, statistics
    from doomlings_desktop.ui.app import demo_table
    mine = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "bot", "level": "easy"}]
    done = play_random(db, 2, 3)
    statistics.record_result(done, mine)
    saves.finish(done, mine)
    g = Game.new(db, 2, seed=6, names=["Ann", "Bob"])
    for _ in range(15):
        g.apply(g.pending.options[0])
    saves.save(g, mine)
    files = [saves.autosave_path(), saves.saves_dir() / "last game.json",
             statistics.stats_path()]
    before = [f.read_bytes() for f in files]
    app = make_app()
    app.go(demo_table(app, 11))
    sc = app.scene
    # the demo's bots think on a worker thread: wait for the game's end, not a frame count
    # (20,000 frames ran out once on a loaded machine before the game did)
    wait_until(lambda: sc.game.over, "the demo game's end", deadline_s=600,
               pump=lambda: app.frame(dt=0.25))
    app.frame(dt=0.25)
    assert [f.read_bytes() for f in files] == before
    assert sorted(p.name for p in saves.saves_dir().iterdir()) == ["autosave.json",
                                                                   "last game.json"]
    from doomlings_desktop.ui.scenes.main_menu import MenuScene
    app.go(MenuScene(app))
    app.frame()
    click(app, find(app.scene, ("button", "continue")).center)
    assert isinstance(app.scene, TableScene) and app.scene.game.answers == g.answers


def test_the_pass_screen_says_why_the_screen_is_passed():
    """'Pass to Ben' alone left the table guessing: whose turn, or who answers which card."""
    app = make_app()
    sc = TableScene(app, [SeatConfig("Ann"), SeatConfig("Ben")], seed=5)
    app.go(sc)
    assert sc.pass_needed
    drawn = texts_of_a_frame(app, sc)
    first = sc.name(sc.game.pending.player)
    assert f"Pass to {first}" in drawn and f"{first}'s turn" in drawn
    _, g = a_game_reaching(2, lambda d, g: d.player != g.current and d.kind == "card"
                           and d.card >= 0, 200, 3, names=["Ann", "Ben"])
    sc = TableScene(app, [SeatConfig("Ann"), SeatConfig("Ben")], 0, game=g)
    sc.autosave = False
    app.go(sc)
    who, card = sc.name(g.pending.player), sc.db.name(g.pending.card)
    assert f"{who} answers {card}" in texts_of_a_frame(app, sc)


def test_clicking_anywhere_in_a_players_area_chooses_them():
    """A 'choose a player' question: a click on an opponent's pile strip chooses that player
    (the strips cover most of the panel; a test player once clicked one for ever), and the
    strip's card number is never read as a seat."""
    _, g = a_game_reaching(3, lambda d, g: d.kind == "player" and d.player == 0 and any(
        g.players[q].pile for q in d.options), 300, 4, names=["Ann", "Bo", "Cy"])
    app, sc = table_at(g, [SeatConfig("Ann"), SeatConfig("Bo", "bot"), SeatConfig("Cy", "bot")])
    seat = next(q for q in g.pending.options if g.players[q].pile)
    strip = next(r for r, k in sc.targets if k[0] == "strip" and k[1] == seat)
    click(app, strip.center)
    assert sc.selected == seat


def test_bots_are_marked_with_their_level_in_their_headers():
    app = make_app()
    sc = TableScene(app, [SeatConfig("Ann"), SeatConfig("Bob", "bot", "medium"),
                          SeatConfig("Cy", "bot", "hard")], seed=5)
    app.go(sc)
    drawn = texts_of_a_frame(app, sc)
    assert "Medium bot" in drawn and "Hard bot" in drawn
    assert not any(s.endswith(" bot") and s.startswith(("Ann", "Human")) for s in drawn)


@pytest.mark.parametrize("press, plays", [("y", True), ("return", True), ("n", False),
                                          ("space", False)])
def test_an_out_of_turn_offer_is_answered_from_the_keyboard(press, plays):
    """Y or Enter plays the offered card, N or Space passes."""
    from uidriver import key
    _, g = a_game_reaching(2, lambda d, g: d.kind == "react" and d.player == 0
                           and len(d.options) == 2, 400, 6, names=["Ann", "Bob"])
    app, sc = table_at(g, [SeatConfig("Ann"), SeatConfig("Bob", "bot")])
    card = next(o for o in g.pending.options if o != "pass")
    assert sc.my_decision() is g.pending
    code = {"y": pygame.K_y, "n": pygame.K_n, "return": pygame.K_RETURN,
            "space": pygame.K_SPACE}[press]
    at = len(g.answers)
    key(app, code, unicode=press if len(press) == 1 else ("\r" if press == "return" else " "))
    assert g.answers[at] == (card if plays else "pass")       # (the bot may move on after)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_no_button_lies_over_an_open_window_of_cards(size):
    """The prompt's Confirm / Done / Undo move under a window of cards (the tryout clicked a
    card under Undo and took back the play that opened the window)."""
    _, g = a_game_reaching(2, lambda d, g: d.player == 0 and d.zone == "discard", 600, 8,
                           names=["Ann", "Bob"])
    while len(set(g.discard)) < 16:     # a long discard pile: the window takes two full rows
        g.discard.insert(0, g.deck.pop())
    app, sc = table_at(g, [SeatConfig("Ann"), SeatConfig("Bob", "bot")], size=size)
    cards = [r for r, k in sc.targets if k[0] == "overlay_card"]
    buttons = [(r, k) for r, k in sc.targets if k[0] == "button"]
    assert cards and buttons
    assert not [(k, r) for r, k in buttons if r.collidelist(cards) >= 0]
    card = next(k[1] for r, k in sc.targets if k[0] == "overlay_card" and k[1] in g.pending.options)
    at = len(g.answers)
    click(app, next(r for r, k in sc.targets if k == ("overlay_card", card)).center)
    click(app, find(sc, ("button", "confirm")).center)
    assert g.answers[at] == card


@pytest.mark.parametrize("how", ["f1", "?"])
def test_f1_or_question_mark_lists_every_key_and_the_rules_page_too(how):
    from uidriver import key

    from doomlings_desktop.ui.keys import KEYS
    from doomlings_desktop.ui.scenes.rules_page import RulesScene
    app, sc = ann_against_a_bot()
    key(app, pygame.K_F1 if how == "f1" else pygame.K_SLASH, unicode="" if how == "f1" else "?")
    drawn = texts_of_a_frame(app, sc)
    assert "Keys and mouse" in drawn and all(k in drawn for k, _ in KEYS)
    answers = len(sc.game.answers)
    key(app, pygame.K_1, unicode="1")           # closes the list; does not pick a card
    assert not sc.help_open and sc.selected is None and len(sc.game.answers) == answers
    assert "Keys and mouse" not in texts_of_a_frame(app, sc)
    assert all(k in RulesScene.body for k, _ in KEYS)


def test_a_player_chosen_with_the_keyboard_lights_its_button():
    from uidriver import key

    from doomlings_desktop.ui.table.panels import CHOSEN
    _, g = a_game_reaching(3, lambda d, g: d.kind == "player" and d.player == 0, 300, 4,
                           names=["Ann", "Bo", "Cy"])
    app, sc = table_at(g, [SeatConfig("Ann"), SeatConfig("Bo", "bot"), SeatConfig("Cy", "bot")])
    key(app, pygame.K_RIGHT)
    chosen = sc.selected
    assert chosen in g.pending.options
    lit = [b for b in sc.buttons if b.tone == CHOSEN]
    assert [b.key for b in lit] == [("select_player", chosen)]


def test_f11_and_alt_enter_switch_full_screen_and_it_is_remembered():
    from uidriver import post
    app, sc = ann_against_a_bot()
    size = app.screen.get_size()
    post(pygame.KEYDOWN, key=pygame.K_F11, unicode="", mod=0, scancode=0)
    app.frame()
    assert app.settings.fullscreen and app.screen.get_flags() & pygame.FULLSCREEN
    post(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r", mod=pygame.KMOD_LALT, scancode=0)
    app.frame()
    assert not app.settings.fullscreen and not app.screen.get_flags() & pygame.FULLSCREEN
    assert app.screen.get_size() == size and app.settings.window == size
    assert sc.selected is None and sc.game.answers == []    # Alt+Enter did not confirm


def test_the_rules_page_scrolls_inside_its_frame_and_stops_at_the_end():
    from uidriver import post

    from doomlings_desktop.ui.scenes.main_menu import MenuScene
    from doomlings_desktop.ui.scenes.rules_page import RulesScene
    app = make_app()
    page = RulesScene(app, back=MenuScene(app))
    app.go(page)
    app.frame()
    for _ in range(200):                        # far past the end
        post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)
    app.frame()
    end = page.scroll
    post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)
    app.frame()
    assert page.scroll == end and 0 < end < 200       # it stops at the end
    texts = texts_of_a_frame(app, page)
    assert "F1 or ?: this list." in texts              # the last line is shown at the end
    from doomlings_desktop.ui.app import BG
    w, _ = app.screen.get_size()
    u = app.unit
    gap = [app.screen.get_at((x, y))[:3] for y in range(int(88 * u), int(100 * u))
           for x in range(int(w * 0.15), int(w * 0.85), 3)]
    assert set(gap) == {BG}            # nothing scrolled up out of the frame, over the title


# ---------------------------------------------------------------- the pause before stabilizing

def a_quiet_play(g):
    """A card Ann may play whose play reveals nothing, so the turn waits for End turn."""
    for c in g.pending.options:
        h = g.clone()
        h.apply(c)
        if h.pending is not None and h.pending.kind == "end_turn":
            return c
    pytest.skip("no quiet play in this deal")


def test_against_a_bot_a_play_waits_for_end_turn_and_undo_puts_the_card_back():
    app, sc = ann_against_a_bot()
    g = sc.game
    card = a_quiet_play(g)
    hand = list(g.players[0].hand)
    from uidriver import drag
    drag(app, find(sc, ("hand", card)).center, sc.layout.panel_of(0).rect.center)
    assert sc.game.pending.kind == "end_turn" and card in sc.game.players[0].pile
    assert find(sc, ("button", ("answer", "end"))) is not None
    assert any("Undo" in s for s in texts_of_a_frame(app, sc))     # the prompt says so
    click(app, find(sc, ("button", "undo")).center)
    g = sc.game
    assert g.pending.kind == "play" and g.players[0].hand == hand and card not in \
        g.players[0].pile


def test_enter_at_the_pause_ends_the_turn():
    app, sc = ann_against_a_bot()
    card = a_quiet_play(sc.game)
    click(app, find(sc, ("hand", card)).center)
    click(app, find(sc, ("panel", 0)).center)          # click the card, then the pile
    assert sc.game.pending.kind == "end_turn"
    answers = list(sc.game.answers)
    at = len(sc.game.log)
    key(app, pygame.K_RETURN)
    g = sc.game
    assert g.answers[:len(answers)] == answers and "end" not in g.answers   # no move
    assert any(k == "draw" and t.startswith("Ann draws") for k, t in events_for(g, -1, at))


def test_never_hold_plays_on_at_once():
    app = make_app()
    app.settings.hold_end_turn = "never"
    sc = TableScene(app, [SeatConfig("Ann"), SeatConfig("Bob", "bot")], seed=5)
    app.go(sc)
    app.frame()
    card = sc.game.pending.options[0]
    sc.apply(card)
    assert sc.game.pending is None or sc.game.pending.kind != "end_turn"


# ---------------------------------------------------------------- several cards at once

def at_a_choice_of_several(up_to):
    def want(d, g):
        return d.player == 0 and d.count >= 2 and ("pass" in d.options) == up_to and (
            up_to or g.stack[-1][0].__name__ == "t_discard_pick_ans")
    _, g = a_game_reaching(2, want, 60, 1)
    return table_at(g, [SeatConfig("Ann"), SeatConfig("Bob", "bot")])


def confirm_button(sc):
    return next(b for b in sc.buttons if b.key == "confirm")


def test_discard_two_cards_chosen_with_clicks_then_confirm():
    app, sc = at_a_choice_of_several(up_to=False)
    g = sc.game
    d = g.pending
    assert d.count == 2 and "discard 2" in d.prompt
    a, b = d.options[:2]
    y = find(sc, ("hand", a)).y
    click(app, find(sc, ("hand", a)).center)
    assert find(sc, ("hand", a)).y < y                  # raised
    assert not confirm_button(sc).enabled and find(sc, ("button", "confirm")) is None
    assert any("1 of 2 chosen" in s for s in texts_of_a_frame(app, sc))
    click(app, find(sc, ("hand", a)).center)            # put back
    assert sc.picks.of(d) == [] and find(sc, ("hand", a)).y == y
    click(app, find(sc, ("hand", a)).center)
    click(app, find(sc, ("hand", b)).center)
    assert confirm_button(sc).enabled and g.pending is d    # nothing answered yet
    click(app, find(sc, ("button", "confirm")).center)
    hand = sc.game.players[0].hand
    assert a not in hand and b not in hand and {a, b} <= set(sc.game.discard)
    assert sc.game.pending is None or sc.game.pending.count == 1 or sc.game.pending is not d


def test_up_to_a_number_confirms_fewer_and_passes():
    app, sc = at_a_choice_of_several(up_to=True)
    d = sc.game.pending
    assert confirm_button(sc).enabled                    # none chosen: Confirm is the pass
    assert not any(b.key == ("answer", "pass") for b in sc.buttons)
    a = d.options[0]
    n = len(sc.game.answers)
    click(app, find(sc, ("hand", a)).center)
    click(app, find(sc, ("button", "confirm")).center)
    g = sc.game
    assert a in g.discard and a not in g.players[0].hand
    assert g.answers[n:] == [a, "pass"]


def test_several_cards_chosen_with_the_keyboard():
    app, sc = at_a_choice_of_several(up_to=False)
    d = sc.game.pending
    hand = list(sc.view.hand)
    picks = [i for i, c in enumerate(hand) if c in d.options][:2]
    key(app, pygame.K_1 + picks[0], str(picks[0] + 1))
    assert sc.picks.of(d) == [hand[picks[0]]]
    key(app, pygame.K_RETURN)                           # one of two: not yet
    assert sc.game.pending is d and sc.toast
    key(app, pygame.K_RIGHT)                            # the cursor, then Enter chooses it
    cursor = sc.selected
    key(app, pygame.K_RETURN)
    assert cursor in sc.picks.of(d) and sc.selected is None
    first = hand[picks[0]]
    assert cursor != first
    key(app, pygame.K_RETURN)                           # no cursor: confirm
    assert first not in sc.game.players[0].hand and cursor not in sc.game.players[0].hand


def test_the_settings_page_cycles_the_end_turn_wait_and_the_table_reads_it_live():
    from doomlings_desktop.ui.scenes.settings_page import SettingsScene

    app, sc = ann_against_a_bot()
    assert sc.game.hold == 0b01
    app.go(SettingsScene(app, back=sc))
    app.frame()
    seen = []
    for _ in range(3):
        click(app, find(app.scene, ("button", "hold_end_turn")).center)
        seen.append(app.settings.hold_end_turn)
    assert seen == ["always", "never", "bots"]
    click(app, find(app.scene, ("button", "hold_end_turn")).center)
    click(app, find(app.scene, ("button", "hold_end_turn")).center)     # never
    click(app, find(app.scene, ("button", "back")).center)
    assert app.scene is sc
    sc.apply(sc.game.pending.options[0])
    assert sc.game.hold == 0 and sc.game.pending.kind != "end_turn"


@pytest.mark.parametrize("typed", ["²", "٣", "³", "½", "0", "Ⅳ"])
def test_keys_that_are_digits_only_to_unicode_do_nothing(typed):
    """'²' is a key of its own on French keyboards; `str.isdigit` calls it a digit and
    `int('²')` raised inside the table (a crash on a key press). Only 1-9 pick a card, in
    the turn's play and in a choice of several."""
    app, sc = ann_against_a_bot()
    n = len(sc.game.answers)
    key(app, pygame.K_UNKNOWN, typed)
    assert sc.selected is None and len(sc.game.answers) == n
    app, sc = at_a_choice_of_several(up_to=False)
    key(app, pygame.K_UNKNOWN, typed)
    assert sc.picks.of(sc.game.pending) == []
