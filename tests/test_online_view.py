"""An online table draws the view the host sent last. Found trying two windows by hand: after
End turn (in a room that pauses for it) the joined table said "Your turn" while the turn
mark and the lit name stayed on the player who had ended theirs: End turn takes no step of
its own and, about one time in five, writes no log line, and the table drew a new view only
when the step or the log grew."""

from __future__ import annotations

import random

from test_online_ui import _Loop, home, make_app  # noqa: F401

from doomlings_desktop.net.room import Room
from doomlings_desktop.net.session import LobbySeat, RemoteMatch
from doomlings_desktop.net.wire import update_for
from doomlings_desktop.rules.events import events_for
from doomlings_desktop.rules.view import view_for
from doomlings_desktop.ui import router


def test_the_table_draws_the_turn_moved_on_by_an_end_turn_that_logs_nothing():
    """A table fed the host's updates as a room that pauses for End turn is played: after
    every End turn it draws who plays now, also when the End turn left the step and the log
    as they were (at least one such in the game)."""
    room = Room("QUIET", ["remote", "random", "remote"], seed=5, undo=True)
    room.take_seat("Ann", "")
    room.take_seat("Ben", "")
    room.start()
    app = make_app()
    m = RemoteMatch("ws://127.0.0.1:9", "QUIET")
    m._loop = m._answers = _Loop()
    g = room.game
    m.inbox.put(("welcome", 0, g.db.modules, tuple(LobbySeat("remote", n, True, True)
                                                     for n in g.names)))

    def feed():
        gg = room.game
        m.inbox.put(("update", update_for(gg, 0, 0, 0, (True,) * gg.n),
                     tuple(events_for(gg, 0, 0))))
        app.frame()
    r = random.Random(5)
    quiet = 0
    try:
        feed()
        m.tick()
        table = router.go(app, "online_table", m)
        app.frame()
        while not room.game.over and quiet < 3:
            gg = room.game
            d = gg.pending
            if d.kind == "end_turn":
                before = (len(gg.answers), len(gg.log or ()), table.view.current)
                room.answer(d.player, room.step, d.options[0])
                feed()
                gg = room.game
                now = view_for(gg, 0).current
                assert table.view.current == now, "the table kept the view from before"
                quiet += before[:2] == (len(gg.answers), len(gg.log or ())) \
                    and before[2] != now
                continue
            a = r.choice(d.options)
            if d.player == 1:       # as the server's bots do (their offers answered at once)
                room.play(a)
            else:
                room.answer(d.player, room.step, a)
            feed()
        assert quiet, "no End turn that left the step and the log as they were"
    finally:
        router.go(app, "menu")


def test_while_this_window_reconnects_the_others_state_is_not_claimed():
    """This window's connection is down (the host's program was killed): its own panel says
    reconnecting...; the others' say nothing rather than the last word heard ("online")."""
    from doomlings_desktop.ui.table.online import seat_state

    room = Room("DOWN", ["remote", "random", "remote"], seed=2)
    room.take_seat("Ann", "")
    room.take_seat("Ben", "")
    room.start()
    m = RemoteMatch("ws://127.0.0.1:9", "DOWN")
    m._loop = m._answers = _Loop()
    g = room.game
    m.inbox.put(("welcome", 0, g.db.modules, tuple(LobbySeat(k, n, True, True) for k, n in
                                                     zip(["remote", "random", "remote"],
                                                         g.names, strict=True))))
    m.inbox.put(("update", update_for(g, 0, 0, 0, (True,) * g.n), tuple(events_for(g, 0, 0))))
    m.tick()
    assert seat_state(m, 2)[0] == "online" and seat_state(m, 0)[0] == ""
    m.inbox.put(("link", False))
    m.tick()
    assert seat_state(m, 0)[0] == "reconnecting..."
    assert seat_state(m, 2)[0] == "", seat_state(m, 2)
    assert seat_state(m, 1)[0] == ""        # the bot: as before


def test_the_open_logs_title_is_whole_at_an_online_table():
    """At 1280x720 an online table keeps room for Say in the top bar, and the open log's
    title was cut to 'Game l…': it is said whole, in the short form if need be."""
    from test_online_ui import _fed, _position

    g = _position(lambda g: g.pending.kind == "play")
    app = make_app()
    app.settings.log_open = True
    try:
        _fed(g, app)
        table = app.scene
        table.panels.forget()
        drawn: list[str] = []
        real = app.text.render
        app.text.render = lambda text, *a, **k: (drawn.append(str(text)), real(text, *a, **k))[1]
        try:
            app.frame()
        finally:
            app.text.render = real
        heads = [w for w in drawn if w.rstrip("…") and any(
            full.startswith(w.rstrip("…")) for full in ("Game log ▸", "Log ▸"))]
        assert heads and all(h in ("Game log ▸", "Log ▸") for h in heads), heads
    finally:
        router.go(app, "menu")


def test_a_host_out_of_reach_for_the_minute_says_the_seat_is_kept_and_how_to_take_it_back():
    """The host's program gone for longer than the client tries: the table's box says why in
    a sentence (not in the client's lower-case words) and that the seat is kept, to be taken
    back from Play online; this window's panel no longer says 'reconnecting...'."""
    from test_online_ui import _fed, _position

    from doomlings_desktop.ui.table.online import seat_state

    g = _position(lambda g: g.pending.kind == "play")
    app = make_app()
    try:
        m, _ = _fed(g, app)
        m.seat_kept = True              # a joined seat (its token kept on this computer)
        m.inbox.put(("lost", "cannot reach the server at ws://127.0.0.1:9 (nothing answers "
                             "on that port: connection refused)", 3))
        drawn: list[str] = []
        real = app.text.render
        app.text.render = lambda text, *a, **k: (drawn.append(str(text)), real(text, *a, **k))[1]
        try:
            app.frame()
            app.frame()
        finally:
            app.text.render = real
        assert m.state == "lost"
        words = " ".join(drawn)
        assert "Cannot reach the server" in words, drawn
        assert "Your seat is kept" in words and "Back to room FED" in words, drawn
        assert "reconnecting..." not in drawn
        assert seat_state(m, m.me)[0] == "not connected"
    finally:
        router.go(app, "menu")
