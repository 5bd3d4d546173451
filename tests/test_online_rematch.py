"""Rematch at an online table: at the end screen each player clicks Rematch once, the room
deals a new game for the same seats (bots stay bots, players keep their seats and tokens)
once every player has asked, the end screen says who has asked and whom it waits for, and
every window goes to the new game's table. A rematch asked twice, late, or before the end is
refused and changes nothing. On 127.0.0.1; every wait is on a condition with a deadline."""

from __future__ import annotations

import random

import pytest
from netdriver import start_server, stop_server
from test_online_ui import answer_randomly, home, join_by_typing, make_app, press  # noqa: F401
from uidriver import click, find, wait_until

from doomlings_desktop.net import protocol as P
from doomlings_desktop.net.room import Refusal, Room
from doomlings_desktop.net.session import LobbySeat, RemoteMatch
from doomlings_desktop.play.match import Seat
from doomlings_desktop.ui import router


def _finished_room() -> Room:
    room = Room("AGAIN", ["remote", "random", "remote"], seed=5)
    room.take_seat("Ann", "")
    room.take_seat("Ben", "")
    room.start()
    g, r = room.game, random.Random(5)
    while not g.over:
        p = g.pending.player
        if p == 1:      # as the server's bots do: their out-of-turn offers answered at once
            room.play(r.choice(g.pending.options))
        else:
            room.answer(p, room.step, r.choice(g.pending.options))
    return room


def test_a_rematch_asked_twice_late_or_by_no_player_is_refused_and_changes_nothing():
    room = _finished_room()
    tokens = [s.token for s in room.seats]
    assert not room.ask_rematch(0, 0)          # Ann asks: Ben has not yet
    before = (room.fingerprint(), set(room.rematch), room.games, room.seed)
    for seat, game, says in [(0, 0, "asked for a rematch already"),
                             (2, 1, "after game 1 of this room, and this is game 0"),
                             (1, 0, "Only a player's seat"),
                             (7, 0, "Only a player's seat")]:
        with pytest.raises(Refusal, match=says):
            room.ask_rematch(seat, game)
        assert (room.fingerprint(), set(room.rematch), room.games, room.seed) == before
    g = room.game
    assert room.ask_rematch(2, 0)               # Ben too: dealt, same seats, new seed
    assert room.games == 1 and room.game is not g and not room.game.over
    assert [s.token for s in room.seats] == tokens and room.kinds[1] == "random"
    assert 1 in room.bots and room.rematch == set()
    with pytest.raises(Refusal, match="once the game is over"):    # a click that came late
        room.ask_rematch(0, 0)


def test_the_rematch_message_is_checked_like_the_others():
    assert P.decode_client('{"t": "rematch", "game": 3}') == P.Rematch(game=3)
    assert P.decode_client('{"t": "rematch"}') == P.Rematch(game=0)
    for bad in ('{"t": "rematch", "game": -1}', '{"t": "rematch", "game": "x"}',
                '{"t": "rematch", "game": 1, "seat": 0}', '{"t": "rematch", "game": 10000000}'):
        with pytest.raises(P.BadMessage):
            P.decode_client(bad)


def test_the_end_screen_says_who_asked_and_whom_it_waits_for():
    m = RemoteMatch("ws://127.0.0.1:1", "ROOM")     # not started: its fields set by hand
    m.lobby = (LobbySeat("remote", "Ann", True, True), LobbySeat("easy", "Easy bot", True, True),
               LobbySeat("remote", "Ben", True, True), LobbySeat("remote", "Cy", True, False))
    m.seats = [Seat(s.name, "human", "random") for s in m.lobby]
    m.me, m.state, m.link_up, m.connected = 0, "over", True, (True, True, True, False)
    assert m.rematch_words() == ""
    m.rematch_from = (2,)
    assert m.rematch_words() == ("Rematch asked by Ben; waiting for you; Cy has left the "
                                 "table.")
    m.rematch_from = (0, 2)
    assert m.rematch_words() == "Rematch asked by you, Ben; Cy has left the table."
    assert "asked for a rematch" in m.ask_rematch()       # asked already: not again
    m.rematch_from, m.link_up = (2,), False
    assert "Not connected to the host" in m.rematch_words()
    assert "Not connected" in m.ask_rematch()
    m.state = "playing"
    assert m.rematch_words() == "" and "once the game is over" in m.ask_rematch()


def test_rematch_from_the_window_deals_a_new_game_to_the_same_seats():
    """A joined window and another player's program play a game to its end; the window's
    Rematch is clicked (a second click is refused here, nothing sent), the end screen says it
    waits for the other player, who then asks too: both go to the new game, same seats."""
    st, errors = start_server([("AGAIN", ["remote", "remote", "random"], (), 21)])
    app = make_app()
    other = RemoteMatch(st.url, "AGAIN", "Zed").start()
    r = random.Random(4)
    try:
        table = join_by_typing(app, st.url, "again")
        m = table.match

        def both_over():
            answer_randomly(m, r)
            answer_randomly(other, r)
            app.frame()
            return m.state == other.state == "over"
        wait_until(both_over, "the first game's end", deadline_s=240, idle_s=0.001)
        room = st.server.rooms["AGAIN"]
        tokens, names = [s.token for s in room.seats], [s.name for s in m.seats]
        wait_until(lambda: find(app.scene, ("button", "rematch")), "the Rematch button",
                   pump=app.frame)
        click(app, find(app.scene, ("button", "rematch")).center)
        wait_until(lambda: (other.tick(), m.me in other.rematch_from)[1],
                   "the other table told of the rematch asked", pump=app.frame)
        wait_until(lambda: table.end_note() == "Rematch asked by you; waiting for Zed.",
                   "the end screen waiting for Zed", pump=app.frame)
        assert other.rematch_words() == "Rematch asked by Ann; waiting for you."
        refused = st.server.refused
        click(app, find(app.scene, ("button", "rematch")).center)    # twice: not sent again
        assert "asked for a rematch" in table.message.text
        assert app.scene is table and room.games == 0 and st.server.refused == refused
        assert other.ask_rematch() is None
        new = wait_until(lambda: app.scene if app.scene is not table else None,
                         "the new game's table", pump=app.frame)
        assert type(new).__name__ == "OnlineTableScene" and new.match is m
        assert m.game_no == new.game_no == 1 and m.state == "playing" and not m.finished
        assert room.games == 1 and [s.token for s in room.seats] == tokens
        assert [s.name for s in m.seats] == names and m.bots == {2: None}
        wait_until(lambda: (other.tick(), other.game_no == 1)[1], "the other table's new game")
        assert other.me != m.me and other.state == "playing" and m.link_up
        wait_until(lambda: both_over() or m.step >= 12, "the new game played on",
                   idle_s=0.001)
        assert not errors.records
    finally:
        other.stop()
        router.go(app, "menu")
        stop_server(st, errors)


def test_the_hosts_window_deals_the_rematch_of_its_held_room(monkeypatch):
    """Host in the window (its room held until Start, Undo allowed: turns pause for End
    turn), a player joins, the game is played to its end; both ask for the rematch, the
    host's window last, and the host's own table goes to the new game."""
    from test_online_ui import host_by_clicks

    from doomlings_desktop.ui.scenes.online import OnlineScene

    monkeypatch.setattr(OnlineScene, "grace", 0.3)
    app = make_app()
    m = host_by_clicks(app)
    other = RemoteMatch(m.host.seat_url, m.room, "Ben").start()
    r = random.Random(9)
    try:
        wait_until(lambda: app.scene.ready(), "the joined player", pump=app.frame)
        press(app, "start")
        table = wait_until(lambda: app.scene if type(app.scene).__name__ == "OnlineTableScene"
                           else None, "the table", pump=app.frame)
        paused = []

        def both_over():
            m.tick()            # what came since: the pause is seen before it is answered
            d = m.my_decision()
            paused.append(d is not None and d.kind == "end_turn")
            answer_randomly(m, r)
            answer_randomly(other, r)
            app.frame()
            return m.state == other.state == "over"
        wait_until(both_over, "the hosted game's end", deadline_s=240, idle_s=0.001)
        assert any(paused)          # the host allows Undo: its turns waited for End turn
        assert other.ask_rematch() is None
        wait_until(lambda: table.end_note() == "Rematch asked by Ben; waiting for you.",
                   "the host told Ben asked", pump=app.frame)
        press(app, "rematch")
        new = wait_until(lambda: app.scene if app.scene is not table else None,
                         "the host's new table", pump=app.frame)
        assert new.match is m and m.game_no == 1 and m.state == "playing"
        assert m.host.thread is not None        # the server goes on: the old table let go only
        wait_until(lambda: (other.tick(), other.game_no == 1)[1], "Ben's new game")
    finally:
        other.stop()
        router.go(app, "menu")      # leaving the table stops the server
    assert m.host.thread is None


def _games_counted() -> int:
    from doomlings_desktop.storage import statistics

    return len(statistics.load_stats().get("games") or [])


def test_a_player_who_left_the_end_screen_comes_back_for_the_rematch():
    """A joined window plays a game to its end and leaves its end screen for the main menu;
    while the room is open, Play online offers 'Back to room CODE (game over: rematch)',
    which takes it back to that game's end screen with its Rematch (the game not kept or
    counted twice); its click and the other player's deal the rematch for both."""
    st, errors = start_server([("COMEBACK", ["remote", "remote", "random"], (), 23)])
    app = make_app()
    other = RemoteMatch(st.url, "COMEBACK", "Zed").start()
    r = random.Random(8)
    try:
        table = join_by_typing(app, st.url, "comeback")
        m = table.match

        def both_over():
            answer_randomly(m, r)
            answer_randomly(other, r)
            app.frame()
            return m.state == other.state == "over"
        wait_until(both_over, "the game's end", deadline_s=240, idle_s=0.001)
        wait_until(lambda: m.kept, "the game kept here", pump=app.frame)
        counted, me = _games_counted(), m.me
        press(app, "main_menu")                     # the end screen's Main menu
        wait_until(lambda: type(app.scene).__name__ == "MenuScene", "the main menu",
                   pump=app.frame)
        wait_until(lambda: (other.tick(), not other.is_connected(me))[1], "Zed sees Ann go")
        press(app, "new")
        press(app, "online")
        button = wait_until(lambda: next((b for b in app.scene.buttons if b.key == "rejoin"),
                                         None), "Back to room", pump=app.frame)
        assert "COMEBACK" in button.label and "rematch" in button.label
        press(app, "rejoin")
        back = wait_until(lambda: app.scene if type(app.scene).__name__ == "OnlineTableScene"
                          else None, "the finished game's table", pump=app.frame)
        m2 = back.match
        wait_until(lambda: m2.state == "over", "its end", pump=app.frame)
        assert m2.me == me and m2.game_no == 0 and m2.kept
        wait_until(lambda: (other.tick(), other.is_connected(me))[1], "Zed sees Ann back")
        press(app, "rematch")
        wait_until(lambda: (other.tick(), me in other.rematch_from)[1], "Zed told of it",
                   pump=app.frame)
        assert other.ask_rematch() is None
        new = wait_until(lambda: app.scene if app.scene is not back else None,
                         "the rematch's table", pump=app.frame)
        assert new.match is m2 and m2.game_no == 1 and m2.state == "playing"
        assert st.server.rooms["COMEBACK"].games == 1
        assert _games_counted() == counted          # the first game counted once
        assert not errors.records
    finally:
        other.stop()
        router.go(app, "menu")
        stop_server(st, errors)


def test_a_host_who_left_the_end_screen_reopens_the_room_for_the_rematch(monkeypatch):
    """The host's window plays a game to its end with a joined player and leaves its end
    screen (its server stops with it): Play online offers 'Reopen your room CODE (game over:
    rematch)', the same room on the same address at that game's end screen; the player's
    program takes its seat back by itself, both ask, the rematch is dealt. Continue on the
    main menu is not offered for a finished game, and the game is not counted twice."""
    from test_online_ui import host_by_clicks

    from doomlings_desktop.ui.scenes.online import OnlineScene

    monkeypatch.setattr(OnlineScene, "grace", 0.3)
    app = make_app(seats=("human", "human"))
    m = host_by_clicks(app)
    other = RemoteMatch(m.host.seat_url, m.room, "Ben").start()
    r = random.Random(12)
    try:
        wait_until(lambda: app.scene.ready(), "the joined player", pump=app.frame)
        press(app, "start")
        wait_until(lambda: type(app.scene).__name__ == "OnlineTableScene", "the table",
                   pump=app.frame)

        def both_over():
            answer_randomly(m, r)
            answer_randomly(other, r)
            app.frame()
            return m.state == other.state == "over"
        wait_until(both_over, "the hosted game's end", deadline_s=240, idle_s=0.001)
        wait_until(lambda: m.kept, "the game kept here", pump=app.frame)
        counted, code, url = _games_counted(), m.room, m.host.seat_url
        press(app, "main_menu")
        wait_until(lambda: type(app.scene).__name__ == "MenuScene", "the main menu",
                   pump=app.frame)
        assert m.host.thread is None            # the room went with the window's table
        wait_until(lambda: (other.tick(), not other.link_up)[1], "Ben cut off")
        app.frame()
        assert find(app.scene, ("button", "continue")) is None
        press(app, "new")
        press(app, "online")
        button = wait_until(lambda: next((b for b in app.scene.buttons if b.key == "reopen"),
                                         None), "Reopen your room", pump=app.frame)
        assert code in button.label and "rematch" in button.label
        press(app, "reopen")
        back = wait_until(lambda: app.scene if type(app.scene).__name__ == "OnlineTableScene"
                          else None, "the finished game's table", pump=app.frame)
        m2 = back.match
        wait_until(lambda: m2.state == "over", "its end", pump=app.frame)
        assert (m2.room, m2.me, m2.host.seat_url, m2.game_no) == (code, 0, url, 0) and m2.kept
        wait_until(lambda: m2.is_connected(1) and (other.tick(), other.link_up)[1],
                   "Ben back in his seat", pump=app.frame)
        assert other.ask_rematch() is None
        wait_until(lambda: back.end_note() == "Rematch asked by Ben; waiting for you.",
                   "the host told Ben asked", pump=app.frame)
        press(app, "rematch")
        new = wait_until(lambda: app.scene if app.scene is not back else None,
                         "the host's new table", pump=app.frame)
        assert new.match is m2 and m2.game_no == 1 and m2.state == "playing"
        wait_until(lambda: (other.tick(), other.game_no == 1)[1], "Ben's new game")
        assert _games_counted() == counted
    finally:
        other.stop()
        router.go(app, "menu")


@pytest.mark.parametrize("over", ['"0"', "true", "-2", "10000000", "[0]", "1.5", "null"])
def test_a_kept_seats_game_over_mark_that_does_not_fit_means_no_seat(over):
    """online-seat.json is hostile input like the rest: an `over` that is not a game number
    means no seat to take back (never a traceback, never a game kept twice by mistake)."""
    from doomlings_desktop.net.session import last_seat, remember_seat, seat_files

    token, where = seat_files()
    token.parent.mkdir(parents=True, exist_ok=True)
    token.write_text("ab" * 16, encoding="utf-8")
    remember_seat("ws://127.0.0.1:7474", "ROOM", "Ann", over=3)
    assert last_seat() == ("ws://127.0.0.1:7474", "ROOM", "Ann", 3)
    where.write_text('{"url": "ws://127.0.0.1:7474", "room": "ROOM", "name": "Ann", '
                     f'"over": {over}}}', encoding="utf-8")
    assert last_seat() is None
