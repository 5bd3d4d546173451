"""A hostile-client fuzz of the server: about 10,000 malformed, oversized, out-of-turn,
wrong-seat, replayed and version-mismatched messages, plus half-open connections and a flood.

Each message must be refused with a sentence (or, for a frame past the frame limit, the
connection closed), no exception may escape anywhere in the server (its loggers and the event
loop's exception handler are watched), the fuzzed room's game and another room's must be
exactly as they were, and afterwards the server must still take a legal answer.
"""

from __future__ import annotations

import json
import random
import socket
import time

import pytest
from netdriver import HOST, Plain, hello, start_server, stop_server
from websockets.exceptions import ConnectionClosed

from doomlings_desktop.net.protocol import PROTOCOL
from doomlings_desktop.net.server import Limits

MESSAGES = 10_000


def _junk(r: random.Random, room: str) -> str | bytes:
    """A message no server should accept, from a stranger or a seat alike."""
    base = json.loads(hello(room))
    pick = r.randrange(17)
    if pick == 0:
        return bytes(r.randrange(256) for _ in range(r.randrange(1, 200)))     # binary
    if pick == 1:
        return "".join(chr(r.randrange(32, 0x2FF)) for _ in range(r.randrange(1, 300)))
    if pick == 2:
        return hello(room)[: r.randrange(1, 60)]                               # cut short
    if pick == 3:
        return r.choice(["[]", "1", '"x"', "null", "{}", '{"t": 5}', '{"t": "nope"}',
                         '{"t": "hello"}', "[" * 5000 + "]" * 5000, "{" * 3000])
    if pick == 4:
        return "x" * r.randrange(4097, 60_000)                                 # too long
    if pick == 5:
        return hello(room, name="n" * r.randrange(41, 300))
    if pick == 6:
        return hello(room, since=r.choice([-1, 10**12, "3", 1.5, None]))
    if pick == 7:
        return hello(room, token=r.choice(["XYZ", "0" * 65, 12, None, "g" * 32]))
    if pick == 8:
        return hello(room, room=r.choice(["", "a", "ROOM WITH SPACE", "x" * 33, "../etc", 7]))
    if pick == 9:
        return hello(room, extra=1)
    if pick == 10:
        return hello(room, rules={str(i): "ab" for i in range(r.randrange(33, 60))})
    if pick == 11:
        return json.dumps({"t": "answer", "step": r.choice([-1, 10**9, "0", None]),
                           "answer": 0})
    if pick == 12:
        return json.dumps({"t": "answer", "step": 0, "answer": r.choice(
            [1.5, True, None, [1], {"a": 1}, 10**9, -2, "s" * 41])})
    if pick == 13:
        return json.dumps({"t": "answer", "step": 0})
    if pick == 14:
        return json.dumps({"t": "ping", "x": 1})
    if pick == 15:          # a hint asked for out of the schema
        return json.dumps(r.choice([{"t": "hint"}, {"t": "hint", "step": -1},
                                    {"t": "hint", "step": "0"}, {"t": "hint", "step": 10**9},
                                    {"t": "hint", "step": 0, "game": None},
                                    {"t": "hint", "step": 0, "why": "x"}]))
    return json.dumps(base)[:-1] + ', "t": "answer"}'      # a key twice


def _fatal_first(r: random.Random, room: str) -> str:
    """A first message that ends the connection: another version, rules, room or token."""
    create = {**json.loads(hello(room)), "t": "create", "seats": ["remote", "remote"]}
    del create["room"], create["token"]
    return r.choice([hello(room, program="9.9.9"), hello(room, protocol=PROTOCOL + 1),
                     hello(room, rules={"": "ff"}), hello("NOROOM"),
                     hello(room, token=f"{r.getrandbits(128):032x}"),
                     json.dumps(create)])      # this server lets no player open a room


class Fuzz:
    def __init__(self, st, r: random.Random) -> None:
        self.st = st
        self.r = r
        self.sent = 0
        self.refused = 0
        self.closed = 0
        self.step = -1          # the fuzzed game's step, which must not move

    def exchange(self, c: Plain, msg: str | bytes) -> dict | None:
        """Send one hostile message; its refusal (None if the connection was closed)."""
        self.sent += 1
        try:
            c.send(msg)
            m = c.recv()
            while m["t"] != "refused":
                assert m["t"] in ("waiting", "pong") or m.get("step") == self.step, (
                    f"the game moved on after {msg[:200]!r}")
                m = c.recv()
        except ConnectionClosed:
            self.closed += 1
            return None
        assert m["reason"] and m["reason"][-1] in ".)", m
        self.refused += 1
        return m

    def stranger(self, room: str) -> None:
        c = Plain(self.st.url)
        try:
            for _ in range(self.r.randrange(1, 25)):
                msg = _fatal_first(self.r, room) if self.r.random() < 0.04 else \
                    _junk(self.r, room)
                m = self.exchange(c, msg)
                if m is None or m["fatal"]:
                    return
        finally:
            c.close()

    def seat(self, room: str, tokens: list[str], pending: int, step: int, options: list,
             stale: list[str]) -> None:
        """A seat takes itself back with its token and then misbehaves."""
        seat = self.r.randrange(len(tokens))
        c = Plain(self.st.url)
        try:
            c.send(hello(room, token=tokens[seat]))
            c.until("update")
            for _ in range(self.r.randrange(1, 25)):
                m = self.exchange(c, self._seat_msg(room, seat, pending, step, options, stale))
                assert m is not None and not m["fatal"], m
        finally:
            c.close()

    def _seat_msg(self, room: str, seat: int, pending: int, step: int, options: list,
                  stale: list[str]) -> str | bytes:
        r = self.r
        pick = r.randrange(7)
        if pick == 0:
            return r.choice(stale)                                  # replayed
        if pick == 1:                                               # from the future
            return json.dumps({"t": "answer", "step": step + r.randrange(1, 50), "answer": 0})
        if pick == 2 and seat != pending:                           # not its decision
            return json.dumps({"t": "answer", "step": step, "answer": r.choice(options)})
        if pick == 3:                                               # not a legal answer
            bad = [a for a in (99_999, -1, "nope", "pass", "yes", "red", 0, 1, 2, 40)
                   if a not in options]
            return json.dumps({"t": "answer", "step": step, "answer": r.choice(bad)})
        if pick == 4:
            return r.choice([hello(room, token=""),                # hello twice
                             '{"t": "rematch"}',                   # while the game goes on
                             json.dumps({"t": "rematch", "game": r.randrange(3)}),
                             # an Undo where the host allows none, at any step
                             json.dumps({"t": "undo", "step": step - r.randrange(3)})])
        if pick == 5:       # a hint for another seat's decision, a step gone or to come, or
            # another game; the seat's own now would be answered, not refused
            return json.dumps(r.choice(
                [{"t": "hint", "step": step + r.choice([-3, -1, 1, 40])},
                 {"t": "hint", "step": step, "game": r.randrange(1, 4)}]
                + ([{"t": "hint", "step": step}] if seat != pending else [])))
        return _junk(r, room)


def _take_seats(st, room: str, count: int) -> tuple[list[Plain], list[str]]:
    conns, tokens = [], []
    for _ in range(count):
        c = Plain(st.url)
        c.send(hello(room))
        tokens.append(c.until("welcome")["token"])
        conns.append(c)
    for c in conns:
        c.until("update")
    return conns, tokens


def _pending(st, room: str) -> tuple[int, int, list]:
    def look():
        r = st.server.rooms[room]
        g = r.game
        return g.pending.player, r.step, list(g.pending.options)
    return st.call(look)


def _play_some(st, conns: list[Plain], room: str, answers: int) -> list[str]:
    """Legal answers from the right seats; their exact text, to replay later."""
    sent = []
    for _ in range(answers):
        seat, step, options = _pending(st, room)
        text = json.dumps({"t": "answer", "step": step, "answer": options[0]})
        conns[seat].send(text)
        sent.append(text)
        deadline = time.monotonic() + 10
        while _pending(st, room)[1] == step:      # applied before the next one is asked
            assert time.monotonic() < deadline
            conns[seat].until("update")
    return sent


def _half_open(count: int) -> list[socket.socket]:
    """TCP connections that stop halfway: nothing at all, or part of a handshake."""
    out = []
    for i in range(count):
        s = socket.create_connection((HOST, PORT[0]), timeout=10)
        if i % 2:
            s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n")
        out.append(s)
    return out


PORT = [0]


@pytest.fixture
def fuzzed():
    limits = Limits(hello_timeout=0.5, open_timeout=1.0)
    # no stand-in bot: seats come and go all through the fuzz, and the games must stay still
    st, errors = start_server([("FUZZ", ["remote", "remote"], (), 1),
                               ("OTHER", ["remote", "random"], (), 2)], limits, stand_in=None)
    PORT[0] = st.port
    yield st, errors
    stop_server(st, errors)


def test_hostile_clients_change_nothing(fuzzed, record_property):
    st, errors = fuzzed
    conns, tokens = _take_seats(st, "FUZZ", 2)
    others, _ = _take_seats(st, "OTHER", 1)
    stale = _play_some(st, conns, "FUZZ", 8)
    room, other = st.server.rooms["FUZZ"], st.server.rooms["OTHER"]
    before = st.call(room.fingerprint), st.call(other.fingerprint)
    pending, step, options = _pending(st, "FUZZ")
    r = random.Random(29)
    fz = Fuzz(st, r)
    fz.step = step
    t0 = time.perf_counter()
    half = _half_open(40)
    while fz.sent < MESSAGES:
        if r.random() < 0.5:
            fz.stranger("FUZZ")
        else:
            fz.seat("FUZZ", tokens, pending, step, options, stale)
    for _ in range(10):         # frames past the frame limit: the connection is closed
        c = Plain(st.url)
        with pytest.raises(ConnectionClosed):
            c.send("y" * 70_000)
            c.recv()
        fz.sent += 1
        fz.closed += 1
    # every half-open connection is closed by the server, none lingers
    for s in half:
        s.settimeout(10)
        while s.recv(4096):
            pass
        s.close()
    seconds = time.perf_counter() - t0
    assert (st.call(room.fingerprint), st.call(other.fingerprint)) == before
    assert not errors.records, errors.records[:3]
    assert fz.refused + fz.closed >= MESSAGES
    # the server still serves: the seat whose decision it is answers, and the game goes on
    c = Plain(st.url)
    c.send(hello("FUZZ", token=tokens[pending]))
    c.until("update")
    c.send(json.dumps({"t": "answer", "step": step, "answer": options[0]}))
    deadline = time.monotonic() + 10
    while _pending(st, "FUZZ")[1] == step:
        assert time.monotonic() < deadline
        c.until("update")
    c.close()
    assert st.call(lambda: st.server.open_connections) <= 4
    record_property("robustness", f"online fuzz: {fz.sent} hostile messages ({fz.refused} "
                                  f"refused, {fz.closed} closed) and 40 half-open connections "
                                  f"in {seconds:.1f} s; both rooms unchanged")


def test_a_flood_is_slowed_then_closed(fuzzed):
    st, _ = fuzzed
    c = Plain(st.url)
    for _ in range(200):
        c.send('{"t": "ping"}')
    got = []
    with pytest.raises(ConnectionClosed):
        while True:
            got.append(c.recv())
    slow = [m for m in got if m["t"] == "refused"]
    assert sum(m["t"] == "pong" for m in got) >= 80     # the burst goes through
    assert "Too many messages" in slow[0]["reason"] and slow[0]["retry_after"] > 0
    assert slow[-1]["fatal"] and "connection is closed" in slow[-1]["reason"]
    assert len(slow) == 32


def test_a_client_that_never_says_hello_is_closed(fuzzed):
    st, _ = fuzzed
    c = Plain(st.url)
    m = c.recv(timeout=10)
    assert m["t"] == "refused" and m["fatal"] and "No hello in time" in m["reason"]
    with pytest.raises(ConnectionClosed):
        c.recv(timeout=10)
