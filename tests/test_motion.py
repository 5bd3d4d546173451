"""Moves are animated from the event stream (ui/table/motion.py), at the player's pace
(play/pace.py): through posted pygame events on the real app loop (dummy driver), a card
drawn, discarded or stolen travels from where it was to where it goes; a card another seat
may not show the viewer travels as a back, over random games; the pace setting loads from
old settings files and governs the travel, the stage and the bots."""

from __future__ import annotations

import json

import pytest
from uidriver import Player, click, drag, find, wait_until

from doomlings_desktop.play.pace import PACES, TIMINGS, bot_wait
from doomlings_desktop.rules.cards import database_for
from doomlings_desktop.rules.events import Laid, Moved
from doomlings_desktop.rules.setup import build
from doomlings_desktop.storage.settings import Settings, config_dir
from doomlings_desktop.ui.app import App
from doomlings_desktop.ui.table import SeatConfig, TableScene
from doomlings_desktop.ui.table.motion import card_shape, zone_rect


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))


def make_app(pace: str = "normal", size=(1280, 720)) -> App:
    s = Settings()
    s.pace = pace
    s.bot_pace = 0.0
    return App(size=size, settings=s)


# ---------------------------------------------------------------------- the pace setting

@pytest.mark.parametrize(("raw", "pace", "warned"), [
    ({"animation": "off"}, "instant", False),          # an old file: its words, as paces
    ({"animation": "fast"}, "fast", False),
    ({"animation": "normal"}, "normal", False),
    ({"pace": "slow"}, "slow", False),
    ({"animation": "fast", "pace": "slow"}, "slow", False),   # the new word wins
    ({"pace": "warp"}, "normal", True),
    ({"pace": ["slow"]}, "normal", True),
    ({"pace": None}, "normal", True),
    ({"pace": "Slow"}, "normal", True),
    ({"animation": "instant"}, "normal", True),         # never an old file's word
    ({"animation": {"a": 1}}, "normal", True),
])
def test_the_pace_loads_from_old_and_new_settings_files_and_a_bad_one_is_the_default(
        raw, pace, warned):
    path = config_dir() / "settings.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(raw))
    s, warning = Settings.load()
    assert s.pace == pace
    assert (warning is not None) == warned
    if warned:
        assert "pace" in warning or "animation" in warning
    s.save()            # written as the pace, read back the same
    saved = json.loads(path.read_text())
    assert saved["pace"] == pace and "animation" not in saved
    assert Settings.load() == (s, None)


def test_every_pace_has_its_seconds_and_normal_travel_is_a_fifth_to_two_fifths_of_a_second():
    assert tuple(TIMINGS) == PACES
    assert 0.2 <= TIMINGS["normal"].travel <= 0.4
    assert TIMINGS["instant"].travel == TIMINGS["instant"].dial == TIMINGS["instant"].count == 0
    for slower, faster in zip(PACES, PACES[1:], strict=False):
        a, b = TIMINGS[slower], TIMINGS[faster]
        for name in ("travel", "stagger", "dial", "count", "rise", "stay_big", "hold",
                     "we_line", "bot_wait"):
            assert getattr(a, name) >= getattr(b, name), (slower, faster, name)


def test_the_pace_governs_the_bots_wait_and_the_stages_time():
    s = Settings()
    s.bot_pace = 1.0
    waits = []
    for p in PACES:
        s.pace = p
        waits.append(bot_wait(s))
    assert waits == [1.5, 1.0, 0.5, 0.5]
    app = make_app("slow")
    sc = TableScene(app, [SeatConfig("Ann"), SeatConfig("Bob", "bot")], seed=3)
    stage = sc.overlays.stage
    from doomlings_desktop.play.story import Moment
    big = Moment("age", "New age")
    assert stage.stay(big) == TIMINGS["slow"].stay_big
    app.settings.pace = "fast"
    assert stage.stay(big) == TIMINGS["fast"].stay_big


def test_the_settings_page_steps_through_the_four_paces():
    from doomlings_desktop.ui.scenes.settings_page import SettingsScene
    app = make_app("normal")
    app.go(SettingsScene(app, app.scene))
    app.frame()
    seen = []
    for _ in range(4):
        click(app, find(app.scene, ("button", "animation")).center)
        seen.append(app.settings.pace)
    assert seen == ["fast", "instant", "slow", "normal"]


# ---------------------------------------------------------------------- moves that travel

DB = None


def db():
    global DB
    DB = DB or database_for([])
    return DB


def cid(g, c):
    return g.db.cards[c].id


def position_table(position: dict, pace: str = "normal"):
    """Ann (a human, at the screen) and Bob (a bot) at a position built by hand."""
    g = build(db(), position, players=2)
    app = make_app(pace)
    sc = TableScene(app, [SeatConfig("Ann"), SeatConfig("Bob", "bot", "random")], 0, game=g)
    sc.autosave = False
    app.go(sc)
    for _ in range(3):
        app.frame(dt=0.05)
    return app, sc, g


def card(g, seat, name, zone="pile"):
    cards = g.players[seat].pile if zone == "pile" else g.players[seat].hand
    return next(c for c in cards if cid(g, c) == name)


def target(sc, action):
    return next(r for r, a in reversed(sc.targets) if a == action)


def flight_of(sc, src, dst, card=None):
    return next((f for f in sc.motion.flights if f.trip.src == src and f.trip.dst == dst
                 and (card is None or f.trip.card == card)), None)


def play(app, sc, c):
    """Ann drags hand card c onto her own panel."""
    drag(app, target(sc, ("hand", c)).center, sc.layout.panel_of(0).pile.center)


def follow(app, sc, f, dt=0.04):
    """Frames until flight f lands: where it was drawn each frame, and whether its card was
    left out of its destination while on its way."""
    rects, hidden = [], []
    while f in sc.motion.flights:
        app.frame(dt=dt)
        if f in sc.motion.drawn:
            rects.append(f.rect)
            hidden.append(sc.motion.hides(f.dst_key) if f.dst_key else True)
    return rects, hidden


def test_a_stolen_trait_travels_from_the_opponents_pile_to_mine():
    app, sc, g = position_table({"players": [
        {"hand": ["selfish", "teeth"], "pile": ["bark"]},
        {"hand": ["spiny"], "pile": ["kidney", "gills"]}]})
    kidney = card(g, 1, "kidney")
    was = target(sc, ("strip", 1, kidney))         # where the last frame drew it
    play(app, sc, card(g, 0, "selfish", "hand"))
    f = wait_until(lambda: flight_of(sc, "pile", "pile", kidney),
                   "the stolen card's trip", pump=lambda: _answer_pile_choice(app, sc, kidney))
    assert (f.trip.p, f.trip.q) == (1, 0) and f.src == was
    app.frame(dt=0.0)
    start, end = sc.motion.ends(sc.layout, f)
    assert start == was and end == target(sc, ("strip", 0, kidney))    # its new place
    rects, hidden = follow(app, sc, f)
    assert len(rects) >= 3 and all(hidden), "it arrived before it travelled"
    first, last = rects[0], rects[-1]
    # from Bob's pile, moving towards its place in Ann's
    goal = card_shape(end, 1).center
    assert _dist(last.center, goal) < _dist(first.center, goal)
    assert not sc.motion.hides(("pile", 0, kidney)) and kidney in g.players[0].pile


def _answer_pile_choice(app, sc, c):
    d = sc.my_decision()
    if d is not None and c in d.options:
        click(app, target(sc, ("strip", 1, c)).center)
        r = find(sc, ("button", "confirm"))
        if r is not None:
            click(app, r.center)
    else:
        app.frame(dt=0.0)


def _dist(a, b):
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5


def test_a_discard_travels_from_my_hand_to_the_discard_pile_which_shows_it_once_landed():
    # Ann plays, ends her turn, and Bob's turn goes on until she is asked to discard
    app, sc, g = position_table({"players": [
        {"hand": ["teeth", "spiny", "fangs", "gills", "kidney", "clever", "sweat"]},
        {"hand": ["bark"]}]})
    play(app, sc, card(g, 0, "teeth", "hand"))
    d = wait_until(lambda: (d := sc.my_decision()) is not None and d.zone == "hand"
                   and d.intent == "discard_hand_card" and d, "Ann asked to discard",
                   pump=lambda: _end_turn(app, sc))
    while sc.motion.busy:
        app.frame(dt=0.05)
    chosen = [c for c in d.options if type(c) is int][:max(1, d.count)]
    was = {c: target(sc, ("hand", c)) for c in chosen}
    for c in chosen:
        click(app, was[c].center)
        if c in g.players[0].hand:      # chosen: it slides up within the hand (slides.py)
            wait_until(lambda: (app.frame(dt=0.05), not sc.slides.busy(sc.time, 1.0))[1],
                       "the chosen card risen")
            was[c] = target(sc, ("hand", c))    # chosen: risen in its place
    r = find(sc, ("button", "confirm"))
    if r is not None:
        click(app, r.center)
    c = chosen[0]
    f = wait_until(lambda: flight_of(sc, "hand", "discard", c), "the discard's trip",
                   pump=lambda: app.frame(dt=0.0))
    assert f.src == was[c] and f.trip.card == c
    app.frame(dt=0.0)
    assert sc.motion.ends(sc.layout, f)[1] == sc.layout.discard
    assert sc.motion.hides(("discard", -1, c))
    shown = (sc.layout.discard, ("card", c))
    assert shown not in sc.targets        # not on the pile before it lands
    rects, _ = follow(app, sc, f)
    assert len(rects) >= 3
    while sc.motion.busy:
        app.frame(dt=0.05)
    app.frame(dt=0.0)
    assert g.discard[-1] != c or shown in sc.targets


def _end_turn(app, sc):
    """Ann ends her turn when asked to; else a frame goes by."""
    d = sc.my_decision()
    r = find(sc, ("button", ("answer", "end")))
    if d is not None and d.kind == "end_turn" and r is not None:
        click(app, r.center)
    else:
        app.frame(dt=0.05)


def test_my_draw_travels_from_the_deck_into_its_place_and_another_seats_draw_is_a_back():
    # two cards and a gene pool of 5: after the play Ann draws 4 (her last card, the rest)
    app, sc, g = position_table({"players": [
        {"hand": ["teeth", "spiny"]}, {"hand": ["bark"]}]})
    play(app, sc, card(g, 0, "teeth", "hand"))
    mine = wait_until(lambda: [f for f in sc.motion.flights
                               if f.trip.src == "deck" and f.trip.q == 0],
                      "Ann's draws", pump=lambda: _end_turn(app, sc))
    assert len(mine) >= 3 and all(f.trip.card is not None for f in mine)
    starts = [f.start for f in mine]
    assert starts == sorted(starts) and len(set(starts)) == len(starts), "not one by one"
    app.frame(dt=0.0)
    for f in mine:
        start, end = sc.motion.ends(sc.layout, f)
        assert start == sc.layout.deck and end == target(sc, ("hand", f.trip.card))
        assert sc.motion.hides(("hand", 0, f.trip.card))
    # then Bob plays and draws (Ann answering whatever she is asked on the way): his cards
    # travel as backs, to his panel
    ann = Player(3)
    theirs = wait_until(lambda: [f for f in sc.motion.flights
                                 if f.trip.src == "deck" and f.trip.q == 1],
                        "Bob's draws", pump=lambda: ann.act(app) or app.frame(dt=0.05))
    app.frame(dt=0.0)
    for f in theirs:
        assert f.trip.card is None and f.dst_key is None
        assert sc.motion.ends(sc.layout, f)[1] == zone_rect(sc.layout, "hand", 1, 0)


def test_my_score_counts_up_once_the_card_has_landed():
    app, sc, g = position_table({"players": [
        {"hand": ["blubber", "spiny"], "pile": ["gills"]}, {"hand": ["bark"]}]})
    before = sc.view.seats[0].score
    shown: list[int] = []
    render = app.text.render

    def spy(text, *a, **k):
        if text.startswith("Score "):
            shown.append(int(text.split()[1]))
        return render(text, *a, **k)
    play(app, sc, card(g, 0, "blubber", "hand"))
    app.text.render = spy
    shown.clear()
    f = flight_of(sc, "limbo", "pile")
    assert f is not None
    mine: list[tuple[float, int]] = []
    while (sc.motion.busy or sc.motion.counting()) and len(mine) < 500:
        shown.clear()
        sc._view_key = ()
        app.frame(dt=0.03)
        mine.append((sc.time, shown[0] if shown else None))    # mine is drawn first
    app.text.render = render
    after = sc.view.seats[0].score
    assert after >= before + 4
    values = [v for _, v in mine]
    landed = [v for t, v in mine if t < f.lands]
    assert landed and set(landed) == {before}, "counted before the card landed"
    assert values[-1] == after and any(before < v < after for v in values), values


def test_the_gene_pool_card_turns_once_the_card_that_changes_it_has_arrived():
    from doomlings_desktop.ui.cardart.genepool import dial_angle
    app, sc, g = position_table({"players": [
        {"hand": ["dreamer", "spiny"]}, {"hand": ["bark"]}]})
    old = sc.view.seats[0].gene_pool
    play(app, sc, card(g, 0, "dreamer", "hand"))
    assert g.players[0].gp == old + 1
    f = flight_of(sc, "hand", "limbo")
    value, _, at = sc.dials.turn[0]
    assert value == old + 1 and f is not None and at >= f.lands
    angles = []
    while sc.moving():
        app.frame(dt=0.03)
        angles.append((sc.time, sc.gp_shown[0]))
    assert all(a == dial_angle(old) for t, a in angles if t < at)
    assert any(dial_angle(old) != a != dial_angle(old + 1) for t, a in angles)
    assert angles[-1][1] == dial_angle(old + 1)


def test_at_the_instant_pace_nothing_travels():
    app, sc, g = position_table({"players": [
        {"hand": ["teeth", "spiny"]}, {"hand": ["bark"]}]}, pace="instant")
    play(app, sc, card(g, 0, "teeth", "hand"))
    for _ in range(20):
        _end_turn(app, sc)
        assert not sc.motion.flights and not sc.motion.busy
    assert len(g.players[0].hand) >= 4


def test_a_hand_swap_travels_from_the_giver_and_a_reshuffle_from_the_discard_pile():
    """Zones laid out whole that are moves: each seat's plan from its own share of them."""
    from doomlings_desktop.ui.table.motion import Trip, plan
    full = (Laid("hand", 0, (5, 6), (0, 2)), Laid("hand", 2, (7,), (0, 2)),
            Laid("deck", -1, (1, 2, 3), ()), Laid("discard", -1, (), None))
    for seat in (0, 1):
        steps = plan(tuple(e.for_seat(seat) for e in full), 10)
        known = seat == 0
        assert steps == [Trip(5 if known else None, "hand", 2, "hand", 0, 10),
                         Trip(6 if known else None, "hand", 2, "hand", 0, 10),
                         Trip(7 if known else None, "hand", 0, "hand", 2, 11),
                         Trip(None, "discard", -1, "deck", -1, 13)], seat


# ---------------------------------------------------------------------- no leaks

def test_over_random_games_another_seats_hidden_card_travels_as_a_back():
    """Every flight drawn is checked against the full event it came from: a card hidden from
    the viewer (another seat's draw, a card into or out of another seat's hand) is drawn as a
    back, and its face is never drawn by the motion layer."""
    totals = {"hidden": 0, "faces": 0}
    for seed, kinds in ((1, ("human", "bot", "bot", "bot", "bot", "bot")),
                        (2, ("human", "human", "bot"))):
        _play_watching(seed, kinds, totals)
    assert totals["hidden"] > 20 and totals["faces"] > 20, totals


def test_the_leak_check_catches_a_motion_layer_that_reads_every_seats_events(monkeypatch):
    """Put the leak back on purpose: a motion layer given the full events (every card named)
    draws another seat's draw face up, and the check above fails at once."""
    from doomlings_desktop.ui.table import motion

    def unfiltered(g, seat, since=0, places=False):
        return tuple(g.moves[since:])
    monkeypatch.setattr(motion, "zone_events_for", unfiltered)
    with pytest.raises(AssertionError):
        _play_watching(1, ("human", "bot", "bot", "bot"), {"hidden": 0, "faces": 0})


def _play_watching(seed: int, kinds: tuple, totals: dict) -> None:
    app = make_app("fast")
    names = ["Ann", "Bob", "Cyd", "Dov", "Eve", "Fay"]
    seats = [SeatConfig(names[i], "human" if k == "human" else "bot", "random")
             for i, k in enumerate(kinds)]
    sc = TableScene(app, seats, seed=seed)
    app.go(sc)
    app.frame()
    art = app.art
    real_face, real_draw = art.face, sc.motion._draw_flight
    drawing: list = []

    def face(c, w, h):
        if drawing:
            drawing[-1].append(c)
        return real_face(c, w, h)

    def draw_flight(surf, lay, f, now):
        drawing.append([])
        real_draw(surf, lay, f, now)
        shown = drawing.pop()
        full = sc.game.moves[f.trip.at]
        if type(full) is Moved:
            assert (full.src, full.dst) == (f.trip.src, f.trip.dst)
            cards = (full.card,)
        else:           # a hand swapped or passed, the discard pile shuffled into the deck
            assert type(full) is Laid and full.zone in ("hand", "discard")
            cards = full.cards
            totals["laid"] = totals.get("laid", 0) + 1
        viewer = sc.motion.seat
        if full.seen is not None and viewer not in full.seen:
            assert f.trip.card is None and not set(cards) & set(shown), (viewer, full)
            totals["hidden"] += 1
        else:
            assert f.trip.card in cards or f.trip.card is None and not full.cards
            totals["faces"] += 1
    art.face = face
    sc.motion._draw_flight = draw_flight
    player = Player(seed)
    frames = 0
    while sc.game.pending is not None and frames < 3000:
        if not player.act(app):
            app.frame(dt=0.05)
        frames += 1
    art.face = real_face


def test_a_replay_step_forward_moves_its_cards_and_a_jump_puts_them_in_place():
    """A replay's step forward plays the next answer on the game shown, so its cards travel
    through the same motion layer as a live game's (issue 26); the game shown is the one a
    fresh replay to that point makes. A step back or a jump is shown at once."""
    from dataclasses import replace

    from doomlings_desktop.commands.simulate import play_random
    from doomlings_desktop.rules.cards import default_database
    from doomlings_desktop.rules.record import replay
    from doomlings_desktop.rules.view import view_for
    from doomlings_desktop.storage import saves
    from doomlings_desktop.ui.table import ReplayScene

    g = play_random(default_database(), 2, 5)
    path = saves.save(g, [{"name": "A", "kind": "human"},
                          {"name": "B", "kind": "bot", "level": "easy"}], "last game")
    rec = saves.read_record(path)
    app = make_app()
    sc = ReplayScene(app, rec, [SeatConfig("A"), SeatConfig("B", "bot")], None)
    app.go(sc)
    app.frame(dt=0.05)
    travelled = 0
    for _ in range(15):
        click(app, find(sc, ("button", "fwd")).center)
        app.frame(dt=0.01)
        travelled += len(sc.motion.flights)
        wait_until(lambda: (app.frame(dt=0.05), not sc.motion.busy)[1], "the cards land")
        fresh = replay(rec, default_database(), upto=sc.pos)
        assert len(sc.game.answers) == sc.pos, (len(sc.game.answers), sc.pos)
        shown, want = view_for(sc.game, sc.viewer), view_for(fresh, sc.viewer)
        assert replace(shown, decision=None) == replace(want, decision=None)
        assert repr(shown.decision) == repr(want.decision)
    assert sc.pos == 15 and travelled >= 10
    for button in ("back", "fwd10", "first"):
        click(app, find(sc, ("button", button)).center)
        app.frame(dt=0.01)
        assert not sc.motion.flights, button


def settle(app, sc):
    wait_until(lambda: (app.frame(dt=0.05), not sc.moving())[1], "the hand settles")


@pytest.mark.parametrize("pace", ["normal", "instant"])
def test_the_hand_closes_up_and_a_chosen_card_rises_by_sliding(pace):
    """A card played leaves a gap the others close by sliding over the pace's travel time,
    and a chosen card rises within the hand the same way (they jumped); at the instant pace
    they are at their places at once."""
    app, sc, g = position_table({"players": [
        {"hand": ["blubber", "spiny", "bark", "fangs"], "pile": []}, {"hand": ["gills"]}]}, pace)
    first, last = card(g, 0, "blubber", "hand"), card(g, 0, "fangs", "hand")
    was = target(sc, ("hand", last))
    sc.selection.chosen = last
    app.frame(dt=0.02)          # the slide starts here
    app.frame(dt=0.1)
    risen = target(sc, ("hand", last))
    settle(app, sc)
    up = target(sc, ("hand", last))
    assert up.y < was.y
    assert (risen.y == up.y) if pace == "instant" else (up.y < risen.y < was.y)
    sc.selection.chosen = None
    settle(app, sc)
    was = target(sc, ("hand", last))
    play(app, sc, first)
    app.frame(dt=0.02)
    app.frame(dt=0.1)
    assert first in g.players[0].pile
    mid = target(sc, ("hand", last))
    settle(app, sc)
    end = target(sc, ("hand", last))
    assert end.x != was.x
    if pace == "instant":
        assert mid == end
    else:
        assert min(was.x, end.x) < mid.x < max(was.x, end.x), (was, mid, end)


def test_a_card_in_flight_draws_no_face_when_one_at_least_as_big_was_drawn(monkeypatch):
    """A card's first frame in flight drew its face at the hand's size (4-7 ms at 1920x1080,
    among the slowest frames with bots playing) although the stage or a bubble had just
    drawn it bigger: a face already drawn at least as big as the flight's larger end is
    scaled instead."""
    from doomlings_desktop.ui import cardface
    from doomlings_desktop.ui.table import motion
    app, sc, g = position_table({"players": [
        {"hand": ["teeth", "spiny"]}, {"hand": ["bark", "gills", "kidney"]}]})
    for c in g.players[1].hand:         # Bob's cards drawn big (as the stage or a bubble does)
        for h in range(40, 400, 20):
            app.art.face(c, int(h * 0.72), h)
    in_flight, drawn = [False], []
    real_face, real_flight = cardface.draw_face, motion.Motion._draw_flight

    def flight(self, *a):
        in_flight[0] = True
        try:
            return real_flight(self, *a)
        finally:
            in_flight[0] = False
    monkeypatch.setattr(motion.Motion, "_draw_flight", flight)
    monkeypatch.setattr(cardface, "draw_face", lambda art, d, w, h: (
        in_flight[0] and drawn.append(d.id)) or real_face(art, d, w, h))
    bobs = set(g.players[1].hand)
    play(app, sc, card(g, 0, "teeth", "hand"))
    f = wait_until(lambda: next((f for f in sc.motion.flights if f.trip.card in bobs
                                 and f.trip.q == 1 and f.trip.dst == "pile"), None),
                   "Bob's card on its way to his pile", pump=lambda: _end_turn(app, sc))
    rects, _ = follow(app, sc, f)
    assert len(rects) >= 3
    assert cid(g, f.trip.card) not in drawn, f"faces drawn for cards in flight: {drawn}"
