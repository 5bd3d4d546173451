"""Several seats of an online game played at one window, pass-and-play (net/seatshere.py):
New game → Play online → Played here: 2 seats → Host; the two seats each take a seat of the
room with a connection and a token of their own, and the table shows one at a time with the
pass screen between them, as a local hot-seat game does. Real pygame events on the real app
loop (dummy SDL driver), a server on 127.0.0.1 (a free port); every wait is on a condition
with a deadline."""

from __future__ import annotations

import pygame
import pytest
from test_online_privacy import check_wire
from test_online_ui import make_app, press, type_into
from uidriver import Player, find, wait_until

from doomlings_desktop.net.client import RemoteSeat
from doomlings_desktop.net.seatshere import SeatsHere
from doomlings_desktop.net.session import RemoteMatch
from doomlings_desktop.ui import router
from doomlings_desktop.ui.scenes.online import OnlineScene


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))
    monkeypatch.setattr(OnlineScene, "listen", False)   # nothing announced, nothing heard


@pytest.fixture
def wires(monkeypatch):
    """Every raw message each connection of this process receives, by connection."""
    got: list[RemoteSeat] = []
    made = RemoteSeat.__init__

    def init(self, *a, **kw):
        made(self, *a, **kw)
        self.received = []
        self.on_raw = self.received.append
        got.append(self)
    monkeypatch.setattr(RemoteSeat, "__init__", init)
    return got


def host_two_here(app, here: int = 2) -> SeatsHere:
    """New game (two Human seats and a bot) → Play online → Played here: 2 seats → Host
    (this computer only, any free port): the lobby's match once both seats are in it."""
    router.go(app, "new_game")
    app.frame()
    press(app, "online")
    sc = app.scene
    while sc.places[sc.place][0] != "127.0.0.1":
        press(app, ("place", sc.places[sc.place][0]))
    type_into(app, sc, "port", "0")
    assert "a player who joins" in sc.seat_words()
    while sc.here != here:
        press(app, "here")
    assert sc.seat_words() == "you, played here too, easy bot"
    press(app, "host")
    lobby = app.scene
    assert type(lobby).__name__ == "LobbyScene", getattr(sc, "notice", "")
    m = lobby.match
    assert isinstance(m, SeatsHere)
    wait_until(lambda: lobby.ready() and len(m.here) == here, "both seats here",
               pump=app.frame)
    return m


class Frames:
    """What each frame the table drew showed: the seat whose table it was, or None for the
    pass screen; and whether another seat played here was deciding as it was drawn."""

    def __init__(self, table, m: SeatsHere) -> None:
        self.shown: list[int | None] = []
        self.breaches: list[str] = []
        draw = table.draw

        def recording(surf: pygame.Surface) -> None:
            draw(surf)
            if m.view_now is None:
                return
            if table.pass_needed or table.view is None:
                self.shown.append(None)
                return
            v, seat = table.view, table.viewer
            # a connection only ever receives its own seat's views (`me` is its seat)
            if m.of(seat) is None or v.me != seat:
                self.breaches.append(f"seat {seat}'s table drew another seat's view")
            deciding = m.deciding()
            if deciding is not None and deciding.me != seat:
                self.breaches.append(f"seat {seat}'s table drawn while seat "
                                     f"{deciding.me} decides")
            self.shown.append(seat)
        table.draw = recording

    def changes_behind_the_pass_screen(self) -> int:
        """How often the table went from one seat's to another's; each must come after a
        pass screen (a frame of neither)."""
        changes, last, passed = 0, None, False
        for s in self.shown:
            if s is None:
                passed = True
                continue
            if last is not None and s != last:
                assert passed, f"seat {last}'s table, then seat {s}'s with no pass screen"
                changes += 1
            last, passed = s, False
        return changes


def test_two_seats_played_here_pass_the_screen_and_play_to_the_end(wires):
    """Two Human seats played at the host's window, an easy bot in the third: the game is
    played to its end at the table by mouse and keys; the pass screen comes between the two
    seats every time, no frame shows one seat's table while the other decides, each seat's
    table is its own connection's view, every byte each connection received is its own
    seat's to know, and the finished game is kept once with both seats counted here."""
    app = make_app(("human", "human", "easy"))
    # no Undo: the privacy check replays the game without End turn's pause
    app.settings.hold_end_turn = "never"
    m = host_two_here(app)
    try:
        assert [s.name for s in m.lobby] == ["Ann", "Ben", "Easy bot"]
        assert m.here == (0, 1)
        assert find(app.scene, ("button", "start")) is not None
        press(app, "start")
        wait_until(lambda: type(app.scene).__name__ == "OnlineTableScene", "the table",
                   pump=app.frame)
        table = app.scene
        frames = Frames(table, m)
        player = Player(11)

        def step() -> bool:
            if not player.act(app):
                app.frame()
            return app.scene.game.over and all(x.state == "over" for x in m.matches)
        wait_until(step, "the game's end", deadline_s=240, idle_s=0.001)
        assert not frames.breaches, frames.breaches[:3]
        assert frames.changes_behind_the_pass_screen() >= 2
        assert player.clicks + player.drags + player.keys > 0
        # the finished game is kept once, with both seats this window played as "you"
        wait_until(lambda: m.kept, "the record kept", pump=app.frame)
        from doomlings_desktop.storage import statistics

        games = statistics.load_stats()["games"]
        assert len(games) == 1 and all(s.get("here", True) for s in games[0]["seats"][:2])
        g = m.host.server.rooms[m.room].game
        assert g.over
        for conn, mine in zip(wires, m.matches, strict=True):
            conn.seat = mine.me
        assert sorted(c.seat for c in wires) == [0, 1]
        checked, _ = check_wire(wires, g)
        # an update a step for each seat; a room bot's out-of-turn offer is answered inside
        # the move that made it, and no seat is told of it (net/offers.py: the room's step)
        assert checked >= 2 * m.host.server.rooms[m.room].step
        # Rematch: one click asks for both seats here, and the room deals it (the bot's seat
        # asks nothing); the new table holds the same seats, still behind the pass screen
        wait_until(lambda: find(app.scene, ("button", "rematch")), "the Rematch button",
                   pump=app.frame)
        press(app, "rematch")
        new = wait_until(lambda: app.scene if app.scene is not table else None,
                         "the new game's table", pump=app.frame)
        assert new.match is m and all(x.game_no == 1 for x in m.matches)
        frames = Frames(new, m)
        wait_until(lambda: (step(), m.step >= 8 or new.game.over)[1], "the rematch played on",
                   deadline_s=120, idle_s=0.001)
        assert not frames.breaches, frames.breaches[:3]
    finally:
        router.go(app, "menu")      # leaving the table closes both seats and the server
    assert all(x._thread is None or not x._thread.is_alive() for x in m.matches)


class Fake(RemoteMatch):
    """A seat's connection with a decision of our choosing (not started)."""

    def __init__(self, me: int, kind: str = "") -> None:
        super().__init__("ws://127.0.0.1:1", "ROOM")
        self.me, self.kind, self.sent = me, kind, []

    def my_decision(self):
        if not self.kind:
            return None
        return type("D", (), {"player": self.me, "kind": self.kind, "card": -1,
                              "prompt": "pick", "options": (5, 6)})()

    def apply(self, answer):
        self.sent.append(answer)
        self.kind = ""
        return None


def test_the_pass_screen_waits_for_the_seat_here_that_decides():
    """Without a window: a seat here deciding while the other holds the screen needs the pass
    screen; its decision is not offered (nor its table drawn) until its player takes it."""
    a, b = Fake(0), Fake(2, "card")
    m = SeatsHere([a, b])
    m.take_screen(0)
    assert m.pass_needed and m.my_decision() is None and m.asked().player == 2
    assert m.apply(5) is not None and b.sent == []      # nothing answered behind the screen
    m.take_screen(2)
    assert not m.pass_needed and m.my_decision().player == 2 and m.at_screen is b
    m.take_screen(1)            # not a seat played here: nothing changes
    assert m.cleared == 2 and m.viewer == 2


def test_an_out_of_turn_offer_to_a_seat_away_from_the_screen_calls_no_one(monkeypatch):
    """An out-of-turn offer to the seat here that does not hold the screen is answered by its
    standing answer at once, with no pass screen (which would tell the others at this
    computer that it holds such a card); what it played is told to its player alone when
    they take the screen. The seat at the screen is asked its own offers as usual."""
    from doomlings_desktop.net.client import BotDecider

    monkeypatch.setattr(BotDecider, "__call__", lambda self, view: 6)
    monkeypatch.setattr(Fake, "view", lambda self: None)
    a, b = Fake(0), Fake(2, "react")
    m = SeatsHere([a, b])
    m.take_screen(0)
    assert not m.pass_needed and m.deciding() is None
    m.tick()
    assert b.sent == [6] and not m.pass_needed
    assert m.stand_in.confirmations(0) == []
    a.kind = "react"            # the seat at the screen: asked, as at any table
    m.tick()
    assert a.sent == [] and m.my_decision() is not None
    m.take_screen(2)
    told = m.stand_in.confirmations(2)
    assert len(told) == 1 and "out of turn for you" in told[0]
    assert m.stand_in.confirmations(2) == []        # told once


def test_a_host_with_two_seats_here_reopens_with_both_on_continue():
    """The host's program goes mid-game: Continue opens the room again with both seats played
    here taking their own seats back, each by its own token (seat.token, seat-2.token), and
    the game goes on with the pass screen between them. A count of seats here that does not
    fit the kept room is read as one."""
    import json

    from doomlings_desktop.net.host import PLACE_FILE, hosted_folder, kept_room

    app = make_app(("human", "human", "easy"))
    app.settings.hold_end_turn = "never"
    m = host_two_here(app)
    try:
        press(app, "start")
        wait_until(lambda: type(app.scene).__name__ == "OnlineTableScene", "the table",
                   pump=app.frame)
        player = Player(3)

        def until(step: int):
            def go() -> bool:
                if not player.act(app):
                    app.frame()
                return app.scene.match.step >= step or app.scene.game.over
            return go
        wait_until(until(12), "some moves", deadline_s=120, idle_s=0.001)
        code, step = m.room, m.step
        assert not m.game.over and step >= 12 and kept_room().here == 2
        router.go(app, "menu")          # the program goes: its server and seats too
        app2 = make_app(("human", "human", "easy"))
        router.go(app2, "menu")
        app2.frame()
        press(app2, "continue")
        wait_until(lambda: type(app2.scene).__name__ == "OnlineTableScene", "the table again",
                   pump=app2.frame)
        m2 = app2.scene.match
        assert isinstance(m2, SeatsHere) and m2.room == code and m2.here == (0, 1)
        assert m2.step >= step
        frames = Frames(app2.scene, m2)
        app = app2
        wait_until(until(step + 10), "the game going on", deadline_s=120, idle_s=0.001)
        assert not frames.breaches, frames.breaches[:3]
        frames.changes_behind_the_pass_screen()
        assert m2.step >= step + 10 or m2.game.over
    finally:
        router.go(app, "menu")
    place = hosted_folder() / PLACE_FILE
    raw = json.loads(place.read_text())
    for bad in (0, 3, "2", None, 2.0):
        raw["here"] = bad
        place.write_text(json.dumps(raw))
        assert kept_room().here == 1


def test_a_standing_answer_is_always_one_the_host_takes(monkeypatch):
    """Whatever the judging bot says (an answer not offered, "pass" where it is no answer, an
    error), the seat away from the screen sends one of the answers offered, so a refusal can
    never come back to be sent again frame after frame."""
    from doomlings_desktop.net.client import BotDecider

    monkeypatch.setattr(Fake, "view", lambda self: None)
    for says, kind, sent in (("pass", "card", 5), (99, "card", 5), (99, "react", "pass"),
                             (None, "react", "pass")):
        def judge(self, view, says=says):
            if says is None:
                raise ValueError("a view the bot cannot read")
            return says
        monkeypatch.setattr(BotDecider, "__call__", judge)
        a, b = Fake(0), Fake(2, kind)
        m = SeatsHere([a, b])
        m.take_screen(0)
        m.stand_in.card[2] = -1         # a card of its own being played: its questions too
        m.tick()
        assert b.sent == [sent], (says, kind)


def test_a_standing_answer_the_host_refuses_is_not_sent_again_and_again(monkeypatch):
    """A standing answer the host refuses (the decision comes back at the same step) goes
    once more as the safest answer, then the seat's player is called over by the pass
    screen: never the same answer every frame."""
    from doomlings_desktop.net.client import BotDecider

    monkeypatch.setattr(BotDecider, "__call__", lambda self, view: 6)
    monkeypatch.setattr(Fake, "view", lambda self: None)
    a, b = Fake(0), Fake(2, "react")
    m = SeatsHere([a, b])
    m.take_screen(0)
    for _ in range(5):
        m.tick()
        b.kind = "react"        # refused: the offer is back, at the same step
    assert b.sent == [6, "pass"]
    assert m.pass_needed and m.asked().player == 2
