"""Online play on loopback, in one process: the wire form of a view, the version and card-rules
refusals, seats and tokens, and a dropped connection resumed from the events it had."""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
from dataclasses import fields, replace

import pytest
from netdriver import Plain, hello, play_seats, random_decider, start_server, stop_server

from doomlings_desktop import __version__
from doomlings_desktop.net import protocol as P
from doomlings_desktop.net.client import RemoteSeat
from doomlings_desktop.net.wire import VIEW_FIELDS_APART, update_for, view_from_wire
from doomlings_desktop.rules.cards import available_modules, database_for
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.events import events_for
from doomlings_desktop.rules.view import View, view_for


def test_the_wire_view_has_every_field_of_the_view():
    """A field added to View must be added to the wire form (or said to travel apart)."""
    assert set(P.WireView.__struct_fields__) == {f.name for f in fields(View)} - set(
        VIEW_FIELDS_APART)


@pytest.mark.parametrize("seed", range(4))
def test_a_view_comes_back_from_the_wire_as_it_was(seed):
    """Every seat after every answer of a random game (every module in play): the View the
    client rebuilds from the JSON it is sent equals view_for, log included."""
    db = database_for(available_modules())
    g = Game.new(db, 2 + seed % 5, seed=seed)
    r = random.Random(seed)
    while True:
        for s in range(g.n):
            u = P.decode_server(P.encode(update_for(g, s, 0, 0)))
            v = view_from_wire(u.view, u.decision, u.events)
            want = view_for(g, s)
            assert replace(v, decision=None) == replace(want, decision=None)
            if want.decision is None:
                assert v.decision is None
            else:
                assert (v.decision.kind, v.decision.options, v.decision.prompt) == (
                    want.decision.kind, want.decision.options, want.decision.prompt)
        if g.pending is None:
            break
        g.apply(r.choice(g.pending.options))


@pytest.fixture
def two_rooms():
    st, errors = start_server([("ROOM-A", ["remote", "remote"], (), 11),
                               ("ROOM-B", ["remote", "random", "remote"], ("dinolings",), 12)])
    yield st
    stop_server(st, errors)
    assert not errors.records, errors.records


@pytest.mark.parametrize(("over", "says"), [
    ({"program": "0.0.1"}, "both must run the same version"),
    ({"protocol": 99}, f"version {P.PROTOCOL} of the online protocol"),
    ({"rules": {"": "00"}}, "card rules for the base game differ"),
    ({"room": "NO-SUCH-ROOM"}, "There is no room NO-SUCH-ROOM"),
    ({"token": "ab" * 16}, "No seat of this room has that token"),
])
def test_a_client_that_differs_is_refused_with_one_sentence(two_rooms, over, says):
    c = Plain(two_rooms.url)
    c.send(hello("ROOM-A", **over))
    m = c.recv()
    assert m["t"] == "refused" and m["fatal"] and says in m["reason"], m
    assert m["reason"].count(". ") == 0 and m["reason"].endswith("."), m["reason"]
    c.close()


def test_a_room_with_a_module_refuses_a_client_without_it(two_rooms):
    rules = dict(P.rules_digests(database_for(available_modules())))
    del rules["dinolings"]
    c = Plain(two_rooms.url)
    c.send(hello("ROOM-B", rules=rules))
    m = c.recv()
    assert m["fatal"] and "dinolings module, which your program does not have" in m["reason"]


def test_seats_fill_in_order_and_a_full_room_is_refused(two_rooms):
    a, b, c = Plain(two_rooms.url), Plain(two_rooms.url), Plain(two_rooms.url)
    a.send(hello("room-a"))         # codes are read in capitals
    wa = a.until("welcome")
    assert wa["seat"] == 0 and len(wa["token"]) == 32 and a.until("waiting")
    b.send(hello("ROOM-A"))
    assert b.until("welcome")["seat"] == 1
    assert b.until("update")["view"]["me"] == 1       # the game is dealt: both get a view
    assert a.until("update")["view"]["me"] == 0
    c.send(hello("ROOM-A"))
    m = c.recv()
    assert m["t"] == "refused" and "Every seat of this room is taken" in m["reason"]
    for x in (a, b, c):
        x.close()


def test_a_token_takes_the_seat_back_from_an_older_connection(two_rooms):
    a, b = Plain(two_rooms.url), Plain(two_rooms.url)
    a.send(hello("ROOM-A"))
    token = a.until("welcome")["token"]
    b.send(hello("ROOM-A"))
    b.until("update")
    a2 = Plain(two_rooms.url)
    a2.send(hello("ROOM-A", token=token))
    assert a2.until("welcome")["seat"] == 0
    assert a2.until("update")["view"]["me"] == 0
    m = a.until("refused")
    assert m["fatal"] and "taken back by a newer connection" in m["reason"]
    for x in (a, a2, b):
        x.close()


def test_a_whole_game_with_a_bot_seat_and_a_module(two_rooms):
    seats = play_seats(two_rooms.url, "ROOM-B", 2, seed=3)
    room = two_rooms.server.rooms["ROOM-B"]
    g = room.game
    assert g.over and g.db.modules == ("dinolings",)
    for s in seats:
        assert s.over and s.view.outcome.scores == g.outcome.scores
        assert tuple(s.log) == events_for(g, s.seat)       # every line, once, in order


def test_a_dropped_connection_resumes_from_the_last_event_it_had(two_rooms):
    """The server drops seat 0's connection mid-game (as a network would); the client connects
    again with its token and the counts it has, and is sent only what it missed."""
    st = two_rooms
    drops = []

    def drop_now() -> None:
        conn = st.server.conns[("ROOM-A", 0)]
        drops.append(len(st.server.rooms["ROOM-A"].game.log))
        asyncio.get_running_loop().create_task(conn.ws.close(1001))

    seats = [RemoteSeat(st.url, "ROOM-A", f"P{i}", random_decider(i), give_up_after=10)
             for i in range(2)]
    base = seats[0].decide
    count = [0]

    def decide(view):
        count[0] += 1
        if count[0] in (5, 12):         # twice, mid-game
            st.loop.call_soon_threadsafe(drop_now)
        return base(view)

    seats[0].decide = decide

    async def main():
        return await asyncio.wait_for(asyncio.gather(*(s.run() for s in seats)), 60)

    assert asyncio.run(main()) == [0, 0]
    g = st.server.rooms["ROOM-A"].game
    assert g.over and len(drops) == 2
    s0 = seats[0]
    assert s0.connections == 3
    resumed = s0.resumed_from[1:]       # the first is the fresh join, from 0
    assert len(resumed) == 2 and all(at > 0 for at, _ in resumed), s0.resumed_from
    assert tuple(s0.log) == events_for(g, 0)
    assert len(s0.zones) == len(g.moves)


@pytest.fixture
def short_grace():
    st, errors = start_server([("GRACE", ["remote", "remote"], (), 21)], grace=0.2,
                              stand_in="random")
    yield st
    stop_server(st, errors)
    assert not errors.records, errors.records


def test_a_bot_stands_in_for_a_player_gone_past_the_grace_period(short_grace):
    """Seat 0 joins and goes before the deal; once the game is dealt and the grace period has
    passed a bot plays it and the game ends, with the other table told which seat a bot plays."""
    st = short_grace
    gone = Plain(st.url)
    gone.send(hello("GRACE"))
    gone.until("welcome")
    stays = RemoteSeat(st.url, "GRACE", "Stays", random_decider(1), give_up_after=10)
    told: list[tuple] = []
    stays.on_raw = lambda raw: told.append(P.decode_server(raw))

    gone.close()            # before the deal, even: the grace period starts with the game
    assert asyncio.run(asyncio.wait_for(stays.run(), 60)) == 0
    room = st.server.rooms["GRACE"]
    assert room.game.over and 0 in room.stand_ins
    assert any(type(m) is P.Update and m.stand_ins == (0,) for m in told)


def test_a_player_back_takes_the_seat_from_the_stand_in(short_grace):
    st = short_grace
    gone = Plain(st.url)
    gone.send(hello("GRACE"))
    token = gone.until("welcome")["token"]
    room = st.server.rooms["GRACE"]
    back = RemoteSeat(st.url, "GRACE", "Back", random_decider(2), give_up_after=10)
    back.token = token
    answered: list[int] = []

    async def main():
        returned, welcomed = asyncio.Event(), asyncio.Event()
        back.on_answer = lambda step, _: welcomed.set() if step < 0 else answered.append(step)

        class Stays(RemoteSeat):
            async def _maybe_answer(self) -> None:
                if 0 in room.stand_ins:
                    returned.set()      # the bot has the seat: time for its player to return
                if returned.is_set():
                    await welcomed.wait()   # the game waits here until the player is back
                await super()._maybe_answer()

        stays = Stays(st.url, "GRACE", "Stays", random_decider(3), give_up_after=10)
        first = asyncio.create_task(stays.run())
        await asyncio.wait_for(returned.wait(), 30)
        second = asyncio.create_task(back.run())
        return await asyncio.wait_for(asyncio.gather(first, second), 60)

    gone.close()
    assert asyncio.run(main()) == [0, 0]
    assert room.game.over and not room.stand_ins      # the seat went back to its player
    assert answered                                   # who answered for it again


class _Evil:
    """A server that answers every Hello with one message of its choosing."""

    def __init__(self, reply: str) -> None:
        import threading

        from websockets.asyncio.server import serve

        self.reply = reply
        self.loop = asyncio.new_event_loop()
        ready = threading.Event()

        async def handler(ws):
            await ws.recv()
            await ws.send(self.reply)
            await ws.wait_closed()

        async def main():
            self.stop = asyncio.Event()
            async with serve(handler, "127.0.0.1", 0, compression=None) as srv:
                self.port = next(iter(srv.sockets)).getsockname()[1]
                ready.set()
                await self.stop.wait()

        self.thread = threading.Thread(target=lambda: self.loop.run_until_complete(main()))
        self.thread.start()
        assert ready.wait(20)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.stop.set)
        self.thread.join(20)


def _update_json(log_at: int) -> str:
    g = Game.new(database_for(()), 2, seed=1)
    return P.encode(update_for(g, 0, 0, 0)).decode().replace('"log_at":0', f'"log_at":{log_at}')


@pytest.mark.parametrize(("reply", "says"), [
    ("not json", "does not fit the protocol"),
    ('{"t": "update", "step": "x"}', "does not fit the protocol"),
    ('{"t": "welcome", "room": "A", "seat": 0, "token": "t", "program": "p", "modules": [], '
     '"seats": [], "extra": 1}', "does not fit the protocol"),
    ("UPDATE-GAP", "skipped events"),
    ('{"t": "refused", "reason": "Go away.", "fatal": true}', "Go away."),
    ("NO-OPTIONS", "cannot answer"),
])
def test_a_hostile_server_ends_the_client_with_one_line(reply, says, capsys):
    from doomlings_desktop.commands import cli

    if reply == "UPDATE-GAP":
        reply = _update_json(5)
    elif reply == "NO-OPTIONS":
        reply = re.sub(r'"options":\[[^]]*\]', '"options":[]', _update_json(0))
        assert '"options":[]' in reply
    evil = _Evil(reply)
    try:
        rc = cli.main(["join", f"127.0.0.1:{evil.port}", "--room", "ABCD", "--bot", "random",
                       "--give-up", "2"])
    finally:
        evil.close()
    err = capsys.readouterr().err
    assert rc == 1 and "Traceback" not in err, err
    assert len(err.splitlines()) == 1 and err.startswith("error: ") and says in err, err


def test_a_room_file_comes_back_as_it_was(tmp_path):
    from doomlings_desktop.net.room import Room
    from doomlings_desktop.net.roomstore import load_room, load_rooms, path_of, save_room

    room = Room("KEEP", ["remote", "medium", "remote"], ("dinolings",), seed=5)
    room.take_seat("Ann", "")
    room.take_seat("Bob", "")
    room.start()
    r = random.Random(5)
    for _ in range(30):
        room.game.apply(r.choice(room.game.pending.options))
    save_room(tmp_path, room)
    again = load_room(path_of(tmp_path, "KEEP"))
    assert again.fingerprint() == room.fingerprint()
    assert [s.name for s in again.seats] == [s.name for s in room.seats]
    # damaged files are set aside, each with one line, and the good one still opens
    good = path_of(tmp_path, "KEEP").read_text()
    (tmp_path / "A.json").write_text("{not json")
    (tmp_path / "B.json").write_text(good.replace('"seed":5', '"seed":"5"'))
    (tmp_path / "C.json").write_text(re.sub(r'"answers":\[', '"answers":[99999,', good))
    (tmp_path / "D.json").write_text(good.replace('"dinolings"', '"nosuch"'))
    (tmp_path / "E.json").write_text("[" * 100_000)
    rooms, problems = load_rooms(tmp_path)
    assert [x.code for x in rooms] == ["KEEP"] and len(problems) == 5, problems
    assert sorted(p.name for p in tmp_path.glob("*.broken")) == [
        f"{c}.json.broken" for c in "ABCDE"]


@pytest.fixture
def open_server():
    st, errors = start_server([], open_rooms=2, idle=600)
    yield st
    stop_server(st, errors)
    assert not errors.records, errors.records


def _create(seats, modules=(), **over):
    msg = {"t": "create", "protocol": P.PROTOCOL, "program": __version__,
           "rules": P.rules_digests(database_for(available_modules())), "seats": list(seats),
           "modules": list(modules), "name": "Host"}
    msg.update(over)
    return json.dumps(msg)


def test_a_player_opens_a_room_and_another_joins_it(open_server):
    st = open_server
    host = Plain(st.url)
    host.send(_create(["remote", "random", "remote"], ["dinolings"]))
    w = host.until("welcome")
    code = w["room"]
    assert w["seat"] == 0 and w["modules"] == ["dinolings"] and len(code) == 10
    guest = Plain(st.url)
    guest.send(hello(code))
    assert guest.until("welcome")["seat"] == 2
    assert host.until("update")["view"]["n"] == 3          # dealt: every remote seat taken
    assert code in st.server.opened
    # a room nobody is in, unchanged for the idle time, is closed; one in use is not
    assert st.call(st.server.sweep, time.monotonic() + 3600) == []
    host.close()
    guest.close()
    deadline = time.monotonic() + 10
    while st.call(lambda: st.server._room_conns(st.server.rooms[code])):
        assert time.monotonic() < deadline          # the server has seen both leave
        st.call(lambda: None)
    assert st.call(st.server.sweep, time.monotonic() + 3600) == [code]
    assert code not in st.server.rooms


@pytest.mark.parametrize(("seats", "modules", "says"), [
    (["remote", "wizard"], [], "unknown seat"),
    (["medium", "easy"], [], "at least one remote seat"),
    (["remote", "remote"], ["nosuch"], "No such module on this server"),
])
def test_a_room_that_cannot_be_opened_is_refused(open_server, seats, modules, says):
    c = Plain(open_server.url)
    c.send(_create(seats, modules))
    m = c.until("refused")
    assert m["fatal"] and says in m["reason"], m
    assert not open_server.server.rooms


def test_rooms_players_open_are_capped_and_off_by_default(open_server, two_rooms):
    for _ in range(2):
        Plain(open_server.url).send(_create(["remote", "remote"]))
    c = Plain(open_server.url)
    c.send(_create(["remote", "remote"]))
    assert "as many rooms as players may open (2)" in c.until("refused")["reason"]
    d = Plain(two_rooms.url)
    d.send(_create(["remote", "remote"]))
    assert "does not let players open rooms" in d.until("refused")["reason"]


def test_rematches_deal_new_games_for_the_same_seats(two_rooms):
    st = two_rooms
    seats = [RemoteSeat(st.url, "ROOM-B", f"P{i}", random_decider(40 + i), give_up_after=10,
                        games=3) for i in range(2)]

    async def main():
        return await asyncio.wait_for(asyncio.gather(*(s.run() for s in seats)), 90)

    assert asyncio.run(main()) == [0, 0]
    room = st.server.rooms["ROOM-B"]
    assert room.games == 2 and room.game.over
    assert [len(s.outcomes) for s in seats] == [3, 3]
    assert seats[0].outcomes == seats[1].outcomes
    assert seats[0].outcomes[-1] == room.game.outcome
    for s in seats:       # the last game's log alone, every line once
        assert tuple(s.log) == events_for(room.game, s.seat)


def test_an_answer_from_another_game_and_an_early_rematch_are_refused():
    from doomlings_desktop.net.room import Refusal, Room

    room = Room("OLD", ["remote", "random"], seed=3)
    room.take_seat("Ann", "")
    room.start()
    with pytest.raises(Refusal, match="once the game is over"):
        room.ask_rematch(0)
    g = room.game
    r = random.Random(3)
    while not g.over:
        if g.pending.player == 0:
            room.answer(0, room.step, r.choice(g.pending.options))
        else:       # as the server's bots do: their out-of-turn offers answered at once
            room.play(r.choice(g.pending.options))
    assert room.ask_rematch(0) and room.games == 1 and room.game is not g
    before = room.fingerprint()
    with pytest.raises(Refusal, match="for game 0 of this room"):
        room.answer(0, room.step, room.game.pending.options[0], game=0)
    assert room.fingerprint() == before


def test_each_player_keeps_the_finished_game(two_rooms, tmp_path, monkeypatch):
    """The finished game's record reaches every remote seat once the game is over; each seat
    replays it (hostile input), keeps it only when it ends as that seat saw it, and a kept
    game is a save the Load screen lists and a line of Statistics on that player's computer."""
    from doomlings_desktop.net.keeping import keep_finished
    from doomlings_desktop.storage import saves, statistics

    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))
    saves._cache.clear()
    seats = play_seats(two_rooms.url, "ROOM-B", 2, seed=5, keep=lambda game, seats: None)
    g = two_rooms.server.rooms["ROOM-B"].game
    for s in seats:
        assert [k.answers for k in s.kept] == [g.answers]
        assert s.kept[0].outcome == s.outcomes[0] == g.outcome
    sent = json.loads(two_rooms.server.rooms["ROOM-B"].record.record)    # the Record message
    assert keep_finished(seats[1].kept[0], sent["seats"])
    path = saves._path(saves.LAST_GAME)         # as a finished local game is kept
    info = saves.save_info(path)
    assert info.over and info.answers == len(g.answers)
    assert saves.load(path, g.db).game.answers == g.answers     # replayable here
    assert statistics.load_stats()["games"][-1]["scores"] == list(g.outcome.scores)


@pytest.mark.parametrize("forge", ["not json", "wrong end", "bad answer", "bad seats"])
def test_a_forged_record_is_not_kept(forge):
    """A record is kept only when it replays to the end this seat saw: anything else is said
    in one line and dropped, never raised."""
    from doomlings_desktop.net.client import RemoteSeat
    from doomlings_desktop.net.keeping import keep_finished
    from doomlings_desktop.net.protocol import Record
    from doomlings_desktop.rules.cards import default_database
    from doomlings_desktop.rules.record import dumps, make_record

    db = default_database()
    g = Game.new(db, 2, seed=9, log=False)
    r = random.Random(9)
    while g.pending is not None:
        g.apply(r.choice(g.pending.options))
    rec = make_record(g)
    said = []
    s = RemoteSeat("ws://127.0.0.1:1", "X", say=said.append, keep=lambda *a: said.append(a))
    s.view = view_for(g, 0)
    if forge == "not json":
        text = "{"
    elif forge == "wrong end":
        other = Game.new(db, 2, seed=10, log=False)
        while other.pending is not None:
            other.apply(r.choice(other.pending.options))
        text = dumps(make_record(other))
    elif forge == "bad answer":
        rec["answers"] = rec["answers"][:3] + ["nonsense"] + rec["answers"][4:]
        text = dumps(rec)
    else:
        text = dumps(rec)
    s._record = Record(0, text)
    s._keep_record()
    if forge == "bad seats":
        assert len(s.kept) == 1
        assert not keep_finished(g, [{"kind": "wizard"}, 7])
    else:
        assert s.kept == [] and len(said) == 1 and "not kept" in said[0], said
