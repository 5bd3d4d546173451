"""Undo at an online table, within the host's policy: a player's turn waits for End turn after
its play (as at a local table), and an Undo is honoured only where the host allows it, only
for the seat whose own last answer it takes back, only at the step it names, and only while
nothing was revealed and no other seat has acted since. Every seat is then sent the game as
it is again. On 127.0.0.1; every wait is on a condition with a deadline."""

from __future__ import annotations

import random

import pytest
from netdriver import start_server, stop_server
from test_online_ui import answer_randomly, home, join_by_typing, make_app  # noqa: F401
from uidriver import click, find, wait_until

from doomlings_desktop.net import protocol as P
from doomlings_desktop.net.room import Refusal, Room
from doomlings_desktop.net.session import RemoteMatch
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.ui import router


def _room(undo: bool = True, seed: int = 4) -> Room:
    room = Room("UNDO", ["remote", "random", "remote"], seed=seed, undo=undo)
    room.take_seat("Ann", "")
    room.take_seat("Ben", "")
    room.start()
    return room


def _to_a_pause(room: Room, r: random.Random) -> int:
    """Play (players at random, bots too) until a player's End turn pause: its seat."""
    g = room.game
    while True:
        g = room.game
        d = g.pending
        if d.kind == "end_turn":
            return d.player
        a = r.choice(d.options)
        if d.player == 1:       # as the server's bots do (their offers answered at once)
            room.play(a)
        else:
            room.answer(d.player, room.step, a)


def test_the_host_takes_back_a_players_play_and_nothing_else():
    r = random.Random(2)
    room = _room()
    seat = _to_a_pause(room, r)
    g = room.game
    n, other = room.step, 2 - seat
    assert room.may_undo(seat) and not room.may_undo(other) and not room.may_undo(1)
    before = room.fingerprint()
    for who, step, game, says in [(other, n, 0, "It is not your decision"),
                                  (seat, n - 1, 0, "was for step"),
                                  (seat, n, 1, "was for step"),
                                  (1, n, 0, "not your decision")]:
        with pytest.raises(Refusal, match=says):
            room.take_back(who, step, game)
        assert room.fingerprint() == before
    room.take_back(seat, n, 0)
    back = room.game
    assert back.pending.player == seat and back.pending.kind == "play"
    assert room.step < n and list(back.answers) == list(g.answers[:len(back.answers)])
    # the game taken back is the game dealt again to that step: nothing else moved
    again = Game.new(room.db, 3, seed=room.seed, names=["Ann", "Random bot", "Ben"])
    for a in back.answers:
        again.apply(a)
    assert again.log == back.log and again.rng.state == back.rng.state
    # once the turn has gone on (another seat decides), there is nothing to take back
    d = back.pending
    room.answer(seat, room.step, d.options[0])
    while room.game.pending.player == seat:
        gg = room.game
        room.answer(seat, room.step, gg.pending.options[0])
    with pytest.raises(Refusal):
        room.take_back(seat, room.step, 0)


def test_a_room_without_undo_refuses_it_and_never_pauses():
    r = random.Random(3)
    room = _room(undo=False)
    g = room.game
    while len(g.answers) < 40:
        d = g.pending
        assert d.kind != "end_turn"
        if d.player == 1:
            room.play(r.choice(d.options))
        else:
            room.answer(d.player, room.step, r.choice(d.options))
    with pytest.raises(Refusal, match="does not allow Undo"):
        room.take_back(g.pending.player, room.step, 0)


def test_the_undo_message_is_checked_like_the_others():
    assert P.decode_client('{"t": "undo", "step": 3, "game": 1}') == P.Undo(step=3, game=1)
    for bad in ('{"t": "undo"}', '{"t": "undo", "step": -1}', '{"t": "undo", "step": "x"}',
                '{"t": "undo", "step": 1, "seat": 0}'):
        with pytest.raises(P.BadMessage):
            P.decode_client(bad)


def test_undo_at_an_online_table_takes_the_play_back_at_every_table():
    """A joined window in a room where the host allows Undo: after its play the turn waits
    for End turn; Undo (the button) takes the play back, the card is in the hand again at
    this table and the other player's shows the pile as before; then the game plays on."""
    st, errors = start_server([])
    st.call(lambda: st.server.add_room("UNDOME", ["remote", "remote", "random"], seed=6,
                                       undo=True))
    app = make_app()
    other = RemoteMatch(st.url, "UNDOME", "Zed").start()
    r = random.Random(6)
    try:
        table = join_by_typing(app, st.url, "undome")
        m = table.match

        def to_the_pause():
            m.tick()            # what came, looked at before anything is answered: a pause
            d = m.my_decision()     # that came in a tick is never answered unseen
            if d is not None and d.kind == "end_turn":
                app.frame()
                return find(table, ("button", "undo"))
            if d is not None:
                assert m.apply(r.choice(d.options)) is None
            answer_randomly(other, r)
            app.frame()
            return None
        button = wait_until(to_the_pause, "this seat's End turn pause", deadline_s=120,
                            idle_s=0.001)
        played = m.view_now.seats[m.me].pile
        step, hand = m.step, m.view_now.hand
        click(app, button.center)
        wait_until(lambda: m.step < step, "the play taken back", pump=app.frame)
        d = m.my_decision()
        assert d is not None and d.kind == "play"
        assert len(m.view_now.hand) == len(hand) + 1 and len(m.view_now.seats[m.me].pile) \
            == len(played) - 1
        wait_until(lambda: (other.tick(), other.step == m.step)[1], "the other table taken back")
        assert other.view_now.seats[m.me].pile == m.view_now.seats[m.me].pile
        assert len(other.log_lines) == len(m.log_lines)
        assert not m.can_undo()             # nothing of this turn left to take back
        wait_until(lambda: (answer_randomly(m, r), answer_randomly(other, r), app.frame())
                   and m.step >= step + 5, "the game played on", idle_s=0.001)
        assert not errors.records
    finally:
        other.stop()
        router.go(app, "menu")
        stop_server(st, errors)
