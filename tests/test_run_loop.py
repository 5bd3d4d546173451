"""The run loop: quiet when idle, full rate while busy, real seconds as dt.

`App.loop` runs on a fake LoopIO whose clock only moves when the loop waits or sleeps (and,
to stand for a slow machine, when it flips), so many simulated seconds take no real time and
the counts below are exact behaviour, not timings.
"""

from __future__ import annotations

import pygame
import pytest

from doomlings_desktop.play.pace import bot_wait
from doomlings_desktop.storage.settings import Settings
from doomlings_desktop.ui.app import FPS, IDLE_REDRAW, IDLE_WAIT, App, LoopIO, Scene
from doomlings_desktop.ui.scenes.main_menu import MenuScene
from doomlings_desktop.ui.table import SeatConfig, TableScene


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))


def make_app(animation: str = "off", pace: float = 0.0) -> App:
    s = Settings()
    s.animation = animation
    s.bot_pace = pace
    return App(size=(1280, 720), settings=s)


class FakeIO:
    """Simulated time for `App.loop`: `events(timeout)` jumps to the next scheduled event or
    to the timeout; a QUIT ends the run at `seconds`. `flip_cost` is how long a drawn frame
    takes (a slow machine)."""

    def __init__(self, seconds: float, scheduled: list[tuple[float, pygame.event.Event]] = (),
                 flip_cost: float = 0.0) -> None:
        self.t = 0.0
        self.end = seconds
        self.scheduled = sorted(scheduled, key=lambda x: x[0])
        self.flip_cost = flip_cost
        self.flips: list[float] = []

    def now(self) -> float:
        return self.t

    def sleep(self, seconds: float) -> None:
        self.t += max(0.0, seconds)

    def events(self, timeout: float) -> list[pygame.event.Event]:
        if self.t >= self.end:
            return [pygame.event.Event(pygame.QUIT)]
        due = min(self.end, self.t + timeout)
        if self.scheduled and self.scheduled[0][0] <= due:
            at, e = self.scheduled.pop(0)
            self.t = max(self.t, at)
            return [e]
        self.t = due
        return []

    def flip(self) -> None:
        self.flips.append(self.t)
        self.t += self.flip_cost


class Probe(Scene):
    """Records what the loop does to a scene; busy as told."""

    def __init__(self, app: App, io: FakeIO, busy: bool) -> None:
        super().__init__(app)
        self.io = io
        self.is_busy = busy
        self.draws: list[float] = []
        self.dts: list[float] = []
        self.handled: list[tuple[float, int]] = []

    def busy(self) -> bool:
        return self.is_busy

    def handle(self, event: pygame.event.Event) -> None:
        self.handled.append((self.io.t, event.type))

    def update(self, dt: float) -> None:
        self.dts.append(dt)

    def draw(self, surf: pygame.Surface) -> None:
        self.draws.append(self.io.t)


def motion(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def test_an_idle_scene_is_drawn_rarely_but_keeps_real_time():
    app = make_app()
    io = FakeIO(60.0)
    sc = Probe(app, io, busy=False)
    app.go(sc)
    app.loop(io)
    # at 60 fps a minute is 3600 frames; idle, a redraw every IDLE_REDRAW seconds
    assert len(sc.draws) <= 60 / IDLE_REDRAW + 2
    assert len(io.flips) == len(sc.draws)
    # update() still runs every IDLE_WAIT (timers) and the dts add up to the minute
    assert len(sc.dts) >= 60 / IDLE_WAIT
    assert sum(sc.dts) == pytest.approx(60.0, abs=0.05)


def test_an_event_wakes_an_idle_scene_and_is_drawn_at_once():
    app = make_app()
    io = FakeIO(20.0, [(10.3, motion((50, 60)))])
    sc = Probe(app, io, busy=False)
    app.go(sc)
    app.loop(io)
    assert (10.3, pygame.MOUSEMOTION) in sc.handled
    assert 10.3 in sc.draws                    # drawn when it came, not at the next redraw
    assert app.mouse == (50, 60)


def test_a_busy_scene_is_drawn_at_full_rate_with_real_seconds():
    app = make_app()
    io = FakeIO(2.0)
    sc = Probe(app, io, busy=True)
    app.go(sc)
    app.loop(io)
    assert abs(len(sc.draws) - 2 * FPS) <= 2
    assert sum(sc.dts) == pytest.approx(2.0, abs=0.05)


def test_on_a_slow_machine_dt_is_the_real_time_a_frame_took():
    """Each frame takes 0.1 s: scenes must be told 0.1 s, not an assumed 1/60."""
    app = make_app()
    io = FakeIO(3.0, flip_cost=0.1)
    sc = Probe(app, io, busy=True)
    app.go(sc)
    app.loop(io)
    assert len(sc.draws) <= 31
    assert sum(sc.dts) == pytest.approx(3.0, abs=0.15)
    assert all(dt == pytest.approx(0.1) for dt in sc.dts[2:])


def test_the_frame_after_busy_ones_is_drawn_then_the_loop_rests():
    app = make_app()
    io = FakeIO(10.0)
    sc = Probe(app, io, busy=True)
    app.go(sc)
    real_update = sc.update

    def update(dt: float) -> None:
        real_update(dt)
        sc.is_busy = io.t < 1.0          # something moves for the first second
    sc.update = update
    app.loop(io)
    assert any(1.0 <= t < 1.0 + 2 / FPS for t in sc.draws)   # where it came to rest
    assert len([t for t in sc.draws if t > 1.1]) <= 9 / IDLE_REDRAW + 1


def test_a_menu_is_idle_and_a_hover_redraws_it():
    app = make_app()
    app.frame()
    new = next(r for r, a in app.scene.targets if a == ("button", "new"))
    io = FakeIO(30.0, [(12.0, motion(new.center))])
    frames = []
    draw = MenuScene.draw

    def counted(self, surf):
        frames.append(io.t)
        draw(self, surf)
    MenuScene.draw = counted
    try:
        app.loop(io)
    finally:
        MenuScene.draw = draw
    assert not app.scene.busy()
    assert len(frames) <= 30 / IDLE_REDRAW + 3
    assert 12.0 in frames and app.mouse == new.center


def ann_against_a_bot(pace: float = 0.0, animation: str = "off") -> tuple[App, TableScene]:
    app = make_app(animation, pace)
    sc = TableScene(app, [SeatConfig("Ann"), SeatConfig("Bob", "bot")], seed=5)
    app.go(sc)
    app.frame()
    return app, sc


def test_a_table_waiting_for_its_human_is_idle_and_busy_while_the_bot_moves():
    app, sc = ann_against_a_bot(pace=1.5)
    app.mouse = (0, 0)
    assert sc.my_decision() is not None and not sc.busy()
    sc.say("Saved")
    assert sc.busy()                 # a toast counts down
    sc.toast = None
    sc.apply(sc.game.pending.options[0])
    # the End turn pause the setting asks for ("bots"): Bob holds Chromatophores, and his
    # quiet pass used to end Ann's play, which told her he held such a card
    assert sc.game.pending.kind == "end_turn"
    sc.apply("end")
    assert sc.game.pending.player == 1 and sc.busy()     # the bot decides and is paced
    answers = len(sc.game.answers)
    moved: list[float] = []
    # the match applies a bot's answer through _apply (play/match.py: `apply` is the
    # screen's question, which may be a blind one asked ahead of its turn)
    apply = sc.match._apply

    def timed(answer):
        if answer != "pass":            # a declined secret offer takes no time on screen
            moved.append(io.t)
        return apply(answer)
    sc.match._apply = timed
    io = FakeIO(10.0)
    app.loop(io)
    # the bot moved after its pace in (simulated) seconds, drawn at full rate meanwhile; then
    # Ann was asked and the table rested
    # (the "Bot move shown for" setting at the pace: play/pace.py)
    wait = bot_wait(app.settings)
    assert len(sc.game.answers) > answers and moved and wait > 0
    assert moved[0] == pytest.approx(wait, abs=2 / FPS)
    assert sc.game.pending.player == 0 and not sc.busy()
    assert len([t for t in io.flips if t < moved[0]]) >= wait * FPS - 2
    # resting: the safety redraws, one frame for each step of the bot's move's mark fading
    # (three: 60%, 30%, gone), and one as "since your last turn" comes on the stage and one
    # as it goes; never a frame stream
    assert len([t for t in io.flips if t > moved[-1] + 1]) <= (10 - moved[-1]) / IDLE_REDRAW + 6


def test_a_pass_screen_is_idle_and_a_hover_busy_until_its_preview_shows():
    app = make_app()
    sc = TableScene(app, [SeatConfig("Ann"), SeatConfig("Bob")], seed=3)
    app.go(sc)
    app.frame()
    d = sc.game.pending
    sc.cleared = 1 - d.player            # the other human sits at the screen
    app.frame()
    assert sc.pass_needed and not sc.busy()
    sc.cleared = d.player
    sc._switch_viewer(d.player)
    app.frame()
    hand = next(r for r, a in sc.targets if a[0] == "hand")
    pygame.event.post(motion(hand.center))
    app.frame()
    assert sc.busy()                    # the card's preview or reason is yet to show
    for _ in range(40):
        app.frame()
    assert not sc.busy()


def test_world_end_is_busy_while_revealed_then_idle():
    import random
    app = make_app(animation="normal")
    sc = TableScene(app, [SeatConfig("Ann"), SeatConfig("Bob")], seed=4)
    sc.autosave = False
    r = random.Random(1)
    while sc.game.pending is not None:
        sc.apply(r.choice(sc.game.pending.options))
    app.go(sc)
    app.frame()
    assert sc.game.over and sc.busy()
    sc.we_step = 1e9                     # a click skips to the scores
    app.frame()
    assert not sc.busy()


def test_the_real_loop_io_returns_a_posted_event_and_nothing_on_timeout():
    make_app()
    io = LoopIO()
    pygame.event.clear()
    assert io.events(0.05) == []
    pygame.event.post(motion((5, 5)))
    got = io.events(5.0)
    assert [e.type for e in got] == [pygame.MOUSEMOTION]


def test_frame_called_directly_still_draws_every_time():
    """The tests' entry point is unchanged: app.frame() always draws."""
    app = make_app()
    io = FakeIO(1.0)
    sc = Probe(app, io, busy=False)
    app.go(sc)
    for _ in range(5):
        assert app.frame([])
    assert len(sc.draws) == 5 and sc.dts == [1 / 60] * 5


def test_a_table_of_bots_only_is_busy_on_every_move():
    """No human (the demo): the viewer is a bot's seat, and its moves are busy too."""
    app = make_app()
    sc = TableScene(app, [SeatConfig("A", "bot"), SeatConfig("B", "bot")], seed=2)
    app.go(sc)
    seen = set()
    for _ in range(200):
        if sc.game.pending is None:
            break
        seen.add(sc.game.pending.player == sc.viewer)
        assert sc.busy()
        app.frame()
    assert seen == {True, False}
