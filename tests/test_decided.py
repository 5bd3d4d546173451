"""The end screen's "What decided this game?", driven with real pygame events: a game played
to its end at the table, the button, the review's moments, and "Replay from here" opening
the replay at that decision, seen by the seat that made it."""

from __future__ import annotations

import random

import pygame
import pytest
from uidriver import Player, click, find, key, wait_until

from doomlings_desktop.play import review
from doomlings_desktop.rules.cards import default_database
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.record import make_record
from doomlings_desktop.storage import saves
from doomlings_desktop.ui.table import ReplayScene, SeatConfig, TableScene
from tests.test_ui import make_app, texts_of_a_frame


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))
    saves._cache.clear()
    review._memo.clear()


def wait_for_review(app, sc) -> None:
    app.frame()
    wait_until(lambda: not sc.overlays.decided.thinking(), "the game's review", pump=app.frame)
    app.frame()


def played_to_the_end(seats, seed: int):
    """A game played at the table to World's End: the humans by mouse and keys (uidriver's
    Player), the bots by themselves."""
    app = make_app()
    sc = TableScene(app, seats, seed)
    app.go(sc)
    player = Player(seed)
    for _ in range(5000):
        if sc.game.over:
            break
        if not player.act(app):
            app.frame()
    assert sc.game.over
    app.frame()
    return app, sc


def moments_shown(sc) -> list[tuple[int, int]]:
    return [(a[1], a[2]) for _, a in sc.targets if a[0] == "decided_moment"]


def test_the_review_lists_moments_and_replays_from_one():
    seats = [SeatConfig("Ann"), SeatConfig("Bob", "bot", "random"),
             SeatConfig("Cy", "bot", "random")]
    app, sc = played_to_the_end(seats, 4)
    button = find(sc, ("button", "decided"))
    assert button is not None
    click(app, button.center)
    # while it works, it says what it does (a bar shows how much is done)
    assert any(t.startswith("Replaying the game") for t in texts_of_a_frame(app, sc)) \
        or not sc.overlays.decided.thinking()
    assert app.busy()                           # the window keeps drawing while it thinks
    wait_for_review(app, sc)
    shown = moments_shown(sc)
    assert shown and len(shown) <= review.KEEP and all(seat == 0 for seat, _ in shown)
    texts = texts_of_a_frame(app, sc)
    assert "What decided this game?" in texts
    assert any(line.startswith("Round ") for line in texts)
    seat, at = shown[0]
    click(app, find(sc, ("button", ("decided_replay", seat, at))).center)
    rp = app.scene
    assert isinstance(rp, ReplayScene)
    assert rp.pos == at and len(rp.game.answers) == at and rp.viewer == seat
    assert rp.game.pending is not None and rp.game.pending.player == seat
    said = next(m.text for r in sc.overlays.decided.job.poll() for m in r.moments
                if (m.seat, m.at) == (seat, at))
    texts = texts_of_a_frame(app, rp)
    assert f"Replay: move {at + 1} of" in " ".join(texts) and f"Ann: {said}" in texts
    key(app, pygame.K_RIGHT)                    # the review's line is about that decision only
    assert f"Ann: {said}" not in texts_of_a_frame(app, rp)
    key(app, pygame.K_ESCAPE)                   # back to the end screen, the review still open
    assert app.scene is sc and sc.overlays.decided.showing
    app.frame()
    assert moments_shown(sc) == shown and not sc.overlays.decided.thinking()
    key(app, pygame.K_ESCAPE)                   # closes the review, not the game
    assert not sc.overlays.decided.showing and not sc.menu_open
    assert find(sc, ("button", "decided")) is not None


def finished(n: int, seed: int) -> Game:
    g = Game.new(default_database(), n, seed=seed)
    r = random.Random(seed)
    while g.pending is not None:
        g.apply(r.choice(g.pending.options))
    return g


def test_pass_and_play_reviews_each_human_in_turn():
    _, app, sc, _ = reviewed([SeatConfig("Ann"), SeatConfig("Bea"), SeatConfig("Cy", "bot")], 2)
    first = moments_shown(sc)
    assert {s for s, _ in first} <= {0}
    click(app, find(sc, ("button", ("decided_seat", 1))).center)
    second = moments_shown(sc)
    assert {s for s, _ in second} <= {1}
    texts = texts_of_a_frame(app, sc)
    assert "Bea" in texts and (second or review.MATCHED in texts)
    click(app, find(sc, ("button", "decided_close")).center)
    assert not sc.overlays.decided.showing


def test_no_review_without_a_human_nor_in_a_replay():
    g = finished(2, 6)
    app = make_app()
    sc = TableScene(app, [SeatConfig("A", "bot"), SeatConfig("B", "bot")], 6, game=g)
    app.go(sc)
    app.frame()
    assert find(sc, ("button", "decided")) is None and find(sc, ("button", "new_game"))
    rec = make_record(g, [{"name": "A", "kind": "human"}, {"name": "B", "kind": "bot"}])
    rp = ReplayScene(app, rec, [SeatConfig("A"), SeatConfig("B", "bot")], sc,
                     start=len(rec["answers"]))
    app.go(rp)
    app.frame()
    assert rp.game.over and find(rp, ("button", "decided")) is None


def test_a_game_that_cannot_be_reviewed_says_so_in_a_line():
    g = finished(2, 9)
    g.seed += 1                     # its answers no longer follow from its seed's deal
    app = make_app()
    sc = TableScene(app, [SeatConfig("Ann"), SeatConfig("B", "bot")], 9, game=g)
    sc.autosave = False
    app.go(sc)
    app.frame()
    click(app, find(sc, ("button", "decided")).center)
    texts = texts_of_a_frame(app, sc)
    assert any(t.startswith("This game cannot be reviewed") for t in texts)
    assert not sc.overlays.decided.thinking() and app.scene is sc


def test_a_replay_can_open_at_any_answer_seen_by_a_seat():
    g = finished(3, 11)
    rec = make_record(g, [{"name": n, "kind": "human"} for n in "ABC"])
    app = make_app()
    back = TableScene(app, [SeatConfig(n) for n in "ABC"], 11, game=g)
    seats = [SeatConfig(n) for n in "ABC"]
    rp = ReplayScene(app, rec, seats, back, start=7, viewer=2)
    assert rp.pos == 7 and rp.game.answers == g.answers[:7] and rp.viewer == 2
    rp.goto(rp.pos + 1)
    assert rp.game.answers == g.answers[:8]
    far = ReplayScene(app, rec, seats, back, start=10**6, viewer=9)   # clamped, seat ignored
    assert far.pos == len(g.answers) and far.game.over and far.viewer == 0


def reviewed(seats, seed: int):
    """A finished game of these seats (seed `seed`) at its end screen with "What decided this
    game?" open and worked out: (game, app, scene, the review's layer)."""
    g = finished(len(seats), seed)
    app = make_app()
    sc = TableScene(app, seats, seed, game=g)
    sc.autosave = False
    app.go(sc)
    app.frame()
    click(app, find(sc, ("button", "decided")).center)
    wait_for_review(app, sc)
    return g, app, sc, sc.overlays.decided


def reviewed_three_seat_game():
    """Ann, an Easy and a Random bot (seed 5), reviewed: (game, app, scene, seats, the
    review's layer, its result)."""
    seats = [SeatConfig("Ann"), SeatConfig("Bob", "bot", "easy"), SeatConfig("Cy", "bot", "random")]
    g, app, sc, layer = reviewed(seats, 5)
    return g, app, sc, seats, layer, layer.job.poll()[0]


def test_the_chart_and_play_on_from_here_start_a_game_at_that_position():
    """The review draws the chance chart above its list, names moments by anyone, and "Play
    on from here" opens a new game at the decision: the player's seat and hand as they were,
    the same opponents, the cards the seat could not see dealt again; the other move can be
    played there."""
    g, app, sc, seats, layer, got = reviewed_three_seat_game()
    assert layer.chart is not None and layer.chart.h > 0
    assert got.course is not None and got.course.swings
    assert len(got.course.chances) == len(g.answers) + 1
    texts = texts_of_a_frame(app, sc)
    assert any("chance to win" in line for line in texts)
    shown = moments_shown(sc)
    assert shown
    rows = [r for r, a in sc.targets if a[0] == "decided_moment"]
    assert all(layer.chart.bottom <= r.top for r in rows)       # the chart sits above the list
    seat, at = shown[0]
    then = Game.new(g.db, 3, seed=5, log=False)
    for a in g.answers[:at]:
        then.apply(a)
    good = layer.record
    layer.record = dict(good, seed=good["seed"] + 1)    # its answers no longer replay
    click(app, find(sc, ("button", ("decided_playon", seat, at))).center)
    assert app.scene is sc and sc.toast and sc.toast[0].startswith("Cannot play on from there")
    layer.record = good
    app.frame()
    click(app, find(sc, ("button", ("decided_playon", seat, at))).center)
    new = app.scene
    assert isinstance(new, TableScene) and new is not sc
    m = new.match
    ng = m.game
    assert ng.pending is not None and ng.pending.player == seat and m.viewer == seat
    assert ng.players[seat].hand == then.players[seat].hand
    assert [p.pile for p in ng.players] == [p.pile for p in then.players]
    assert [(s.kind, s.level) for s in m.seats] == [(s.kind, s.level) for s in seats]
    hidden = [c for q in range(3) if q != seat for c in ng.players[q].hand] + ng.deck
    was = [c for q in range(3) if q != seat for c in then.players[q].hand] + then.deck
    assert sorted(hidden) == sorted(was) and hidden != was     # the same cards, dealt again
    assert not m.autosave and ng.answers == []
    d = ng.pending                                # the other move can be tried
    other = next(o for o in d.options if o != g.answers[at])
    m.apply(other)
    assert m.game.answers[:1] == [other]
    app.frame()


def test_long_names_stay_inside_the_review():
    """Pass-and-play with 20-letter names: each seat's tab shows its name whole or smaller
    (never running past the tab), the chart's legend stays inside the chart, and every line
    of the window stays inside it (the tryout's "Bartholomew the Grea" ran past its tab and
    the legend past the chart, and "No choice of yours cost..." past the window)."""
    names = ["Bartholomew the Grea", "WWWWWWWWWWWWWWWWWWWW", "Cleo"]
    _, app, sc, layer = reviewed([SeatConfig(n) for n in names], 2)
    u = sc.layout.unit if sc.layout else app.unit
    for i in range(3):
        click(app, find(sc, ("button", ("decided_seat", i))).center)
        app.frame()
        tabs = [b for b in layer.buttons if b.key[0] == "decided_seat"]
        assert len(tabs) == 3
        for b in tabs:
            size = getattr(b, "size", 0) or int(17 * u)
            assert app.text.font(size, True).size(b.label)[0] <= b.rect.w - 8, b.label
            assert size >= 11
        if layer.chart is not None and getattr(layer, "legend", None):
            assert all(layer.chart.contains(r) for r in layer.legend), layer.legend
        w, h = app.screen.get_size()
        box = pygame.Rect(int(w * 0.1), int(h * 0.06), int(w * 0.8), int(h * 0.88))
        assert all(box.contains(r) for r in getattr(layer, "summary_rects", [])), layer


def test_a_player_with_no_flagged_choice_can_still_play_on_from_a_moment(monkeypatch):
    """A player who followed every hint has no flagged choice, so no row of their own; each
    moment under the chart (an opponent's move, a catastrophe, the end) offers "Play on from
    here" itself: a new game before that moment, the player's own seat, the same opponents.
    The old review offered it only on flagged choices: in the tryout, after a game played by
    the hints, there was no way to play on at all."""
    monkeypatch.setattr(review, "_moment", lambda *a, **k: None)
    g, app, sc, seats, layer, got = reviewed_three_seat_game()
    assert not got.moments and got.course.swings
    assert moments_shown(sc) == []
    texts = texts_of_a_frame(app, sc)
    assert any("No choice of yours" in line for line in texts)
    shown = sorted(got.course.swings, key=lambda s: -s.size)[:3]
    playons = [b for b in layer.buttons if b.key[0] == "decided_playon"]
    assert len(playons) == len(shown)       # one for each moment listed
    for sw in shown:
        assert 0 <= sw.mine <= sw.at
        b = find(sc, ("button", ("decided_playon", 0, sw.mine)))
        assert layer.chart.bottom <= b.top
    sw = next(s for s in shown if s.who != 0)     # a moment the player did not make
    then = Game.new(g.db, 3, seed=5, log=False)
    for a in g.answers[:sw.mine]:
        then.apply(a)
    assert then.pending.player == 0     # the seat's own decision: its options are its own
    click(app, find(sc, ("button", ("decided_playon", 0, sw.mine))).center)
    new = app.scene
    assert isinstance(new, TableScene) and new is not sc
    m = new.match
    assert m.viewer == 0 and not m.autosave and m.game.answers == []
    assert [(s.kind, s.level) for s in m.seats] == [(s.kind, s.level) for s in seats]
    assert m.game.players[0].hand == then.players[0].hand
    assert [p.pile for p in m.game.players] == [p.pile for p in then.players]
    for _ in range(50):         # and it is played on: the bots move, the table draws
        app.frame()
    assert new.game.pending is not None or new.game.over
