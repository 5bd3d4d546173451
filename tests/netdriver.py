"""Helpers for the online tests: a server on loopback in a thread, remote seats played by seeded
random bots in one event loop, and a plain websocket client for hostile messages. Everything
waits on conditions with deadlines; nothing sleeps to poll."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
from collections.abc import Callable
from typing import Any

from websockets.sync.client import connect as sync_connect

from doomlings_desktop import __version__
from doomlings_desktop.net.client import RemoteSeat, client_digests
from doomlings_desktop.net.protocol import PROTOCOL
from doomlings_desktop.net.server import Limits, Server, ServerThread

HOST = "127.0.0.1"


class Errors(logging.Handler):
    """Records every ERROR the server's loggers (and asyncio's) write: an exception that
    escaped a handler or a task shows up here."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(self.format(record))


def start_server(rooms: list[tuple[str, list[str], tuple[str, ...], int]],
                 limits: Limits | None = None, **options: Any) -> tuple[ServerThread, Errors]:
    """A server on 127.0.0.1 (a free port) with these rooms (code, seats, modules, seed)."""
    errors = Errors()
    for name in ("doomlings_desktop.net", "doomlings.net.ws", "asyncio", "websockets"):
        logging.getLogger(name).addHandler(errors)
    srv = Server(limits, **options)
    for code, kinds, modules, seed in rooms:
        srv.add_room(code, kinds, modules, seed=seed)
    st = ServerThread(srv, HOST, 0).start()
    st.loop.call_soon_threadsafe(
        st.loop.set_exception_handler,
        lambda loop, ctx: errors.records.append(str(ctx.get("exception") or ctx["message"])))
    return st, errors


def stop_server(st: ServerThread, errors: Errors) -> None:
    st.stop()
    for name in ("doomlings_desktop.net", "doomlings.net.ws", "asyncio", "websockets"):
        logging.getLogger(name).removeHandler(errors)


def random_decider(seed: int) -> Callable[[Any], Any]:
    r = random.Random(seed)
    return lambda view: r.choice(view.decision.options)


def play_seats(url: str, room: str, count: int, seed: int = 0, timeout: float = 120.0,
               record: bool = False, **options: Any) -> list[RemoteSeat]:
    """`count` remote seats of `room`, each answering at random, played to the game's end.
    With `record`, each seat's `received` is every message it got, as sent."""
    seats = []
    for i in range(count):
        got: list[str] = []
        s = RemoteSeat(url, room, f"Remote {i}", random_decider(seed * 7 + i),
                       on_raw=got.append if record else None, give_up_after=10, **options)
        s.received = got        # type: ignore[attr-defined]
        seats.append(s)

    async def main() -> list[int]:
        return await asyncio.wait_for(asyncio.gather(*(s.run() for s in seats)), timeout)

    assert asyncio.run(main()) == [0] * count
    return seats


def hello(code: str, token: str = "", **over: Any) -> str:
    msg = {"t": "hello", "protocol": PROTOCOL, "program": __version__,
           "rules": client_digests(), "room": code, "name": "Tester", "token": token}
    msg.update(over)
    return json.dumps(msg)


class Plain:
    """A synchronous websocket client that says exactly what it is told to."""

    def __init__(self, url: str) -> None:
        self._stack = contextlib.ExitStack()
        self.ws = self._stack.enter_context(sync_connect(
            url, open_timeout=10, close_timeout=2, compression=None, max_size=2**24))

    def send(self, text: str | bytes) -> None:
        self.ws.send(text)

    def recv(self, timeout: float = 10.0) -> dict:
        return json.loads(self.ws.recv(timeout))

    def until(self, kind: str, timeout: float = 10.0) -> dict:
        """The next message of this kind (others before it are skipped)."""
        while True:
            m = self.recv(timeout)
            if m["t"] == kind:
                return m

    def close(self) -> None:
        self._stack.close()
