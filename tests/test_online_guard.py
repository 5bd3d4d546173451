"""What one address may do on the server (net/guard.py): a flood or a room-code scan from one
machine is stopped at that machine, across reconnections, and every other address plays on.
On loopback only: the live tests switch the limits on for 127.0.0.1 and come from 127.0.0.2
for "another machine"."""

from __future__ import annotations

import contextlib
import json
import socket

import pytest
from netdriver import Plain, hello, start_server, stop_server

from doomlings_desktop import __version__
from doomlings_desktop.net import protocol as P
from doomlings_desktop.net.guard import AddressGuard, AddressLimits
from doomlings_desktop.net.server import Limits
from doomlings_desktop.rules.cards import available_modules, database_for

# ---------------------------------------------------------------- the guard alone (no clock)


def test_connections_from_one_address_are_capped_and_given_back():
    g = AddressGuard(AddressLimits(connections=2))
    for _ in range(2):
        assert g.admit("10.0.0.1", 0.0) is None
        g.opened("10.0.0.1")
    assert "Too many connections" in g.admit("10.0.0.1", 0.0)
    assert g.admit("10.0.0.2", 0.0) is None            # another machine is not counted
    g.closed("10.0.0.1")
    assert g.admit("10.0.0.1", 0.0) is None
    g.closed("10.0.0.1")
    assert not g.open                                   # nothing kept for a gone address


def test_marks_within_the_window_shut_an_address_out_for_a_while():
    g = AddressGuard(AddressLimits(marks=3, window=10.0, shut_out=60.0))
    assert not g.mark("10.0.0.1", 0.0)
    assert not g.mark("10.0.0.1", 11.0)       # the first mark has run out
    assert not g.mark("10.0.0.1", 12.0)
    assert g.mark("10.0.0.1", 13.0)
    assert "try again in 60 s" in g.admit("10.0.0.1", 13.0)
    assert g.admit("10.0.0.9", 13.0) is None
    assert g.admit("10.0.0.1", 73.5) is None            # served its time
    g.forget(1000.0)
    assert not g.marked and not g.until


def test_loopback_is_left_alone_unless_asked():
    g = AddressGuard(AddressLimits(connections=1, marks=1))
    for addr in ("127.0.0.1", "::1", ""):
        g.opened(addr)
        assert g.admit(addr, 0.0) is None and not g.mark(addr, 0.0)
    strict = AddressGuard(AddressLimits(connections=1, loopback=True))
    strict.opened("127.0.0.1")
    assert strict.admit("127.0.0.1", 0.0) is not None


def test_rooms_opened_by_one_address_are_capped():
    g = AddressGuard(AddressLimits(rooms=2))
    g.room_opened("A", "10.0.0.1")
    g.room_opened("B", "10.0.0.1")
    assert "2 rooms open already" in g.may_open_room("10.0.0.1")
    assert g.may_open_room("10.0.0.2") is None
    g.room_closed("A")
    assert g.may_open_room("10.0.0.1") is None


# ---------------------------------------------------------------- a live server on loopback

STRICT = AddressLimits(connections=3, rooms=1, marks=4, window=60.0, shut_out=120.0,
                       loopback=True)


@pytest.fixture
def guarded():
    st, errors = start_server([("ROOM-A", ["remote", "remote"], (), 1)],
                              limits=Limits(per_address=STRICT), open_rooms=8, idle=600)
    yield st
    stop_server(st, errors)
    assert not errors.records, errors.records


class From(Plain):
    """A plain client whose connection comes from another loopback address."""

    def __init__(self, url: str, source: str) -> None:
        from websockets.sync.client import connect
        host, port = url.removeprefix("ws://").rsplit(":", 1)
        sock = socket.create_connection((host, int(port)), timeout=10,
                                        source_address=(source, 0))
        self._stack = contextlib.ExitStack()
        self.ws = self._stack.enter_context(
            connect(url, sock=sock, open_timeout=10, close_timeout=2, compression=None))


def _create(seats):
    return json.dumps({"t": "create", "protocol": P.PROTOCOL, "program": __version__,
                       "rules": P.rules_digests(database_for(available_modules())),
                       "seats": seats, "modules": [], "name": "Host"})


def test_a_flood_of_connections_from_one_address_is_turned_away(guarded):
    st = guarded
    held = [Plain(st.url) for _ in range(STRICT.connections)]
    extra = Plain(st.url)
    m = extra.until("refused")
    assert m["fatal"] and "Too many connections from your address" in m["reason"]
    other = From(st.url, "127.0.0.2")       # another machine still gets in and plays
    other.send(hello("ROOM-A"))
    assert other.until("welcome")["seat"] == 0
    for c in held + [extra, other]:
        c.close()


def test_a_room_code_scan_shuts_the_address_out_across_reconnections(guarded):
    st = guarded
    for i in range(STRICT.marks):
        c = Plain(st.url)       # a scanner reconnects after every wrong guess
        c.send(hello(f"GUESS-{i}"))
        assert "no room" in c.until("refused")["reason"]
        c.close()
    late = Plain(st.url)        # even the right code is refused while shut out
    m = late.until("refused")
    assert m["fatal"] and "try again in" in m["reason"]
    late.close()
    friend = From(st.url, "127.0.0.3")
    friend.send(hello("ROOM-A"))
    assert friend.until("welcome")["room"] == "ROOM-A"
    friend.close()
    assert "ROOM-A" in st.server.rooms and st.server.rooms["ROOM-A"].game is None


def test_one_address_opens_only_so_many_rooms(guarded):
    st = guarded
    first = Plain(st.url)
    first.send(_create(["remote", "remote"]))
    first.until("welcome")
    second = Plain(st.url)
    second.send(_create(["remote", "remote"]))
    assert "rooms open already" in second.until("refused")["reason"]
    elsewhere = From(st.url, "127.0.0.4")
    elsewhere.send(_create(["remote", "remote"]))
    assert elsewhere.until("welcome")["seat"] == 0
    assert len(st.server.opened) == 2
    for c in (first, second, elsewhere):
        c.close()
