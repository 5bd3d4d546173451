"""A game window hosting a game: a server on its own thread (`ServerThread`), one held room,
its announcement on the local network, and the addresses to tell the friends who join.

The host's own seat is a remote seat like the others: the window joins its own server over
the loopback (play/remote.py), so what it may see is decided by the same wire code as for
everyone else. The room is held (`Room.held`): it is dealt when the host says Start, once
every remote seat is taken, not as soon as the last player arrives.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
from typing import Any

from doomlings_desktop.net.room import new_room_code
from doomlings_desktop.net.server import Server, ServerThread

log = logging.getLogger(__name__)
PORT = 7474
EVERY = "0.0.0.0"
LOOPBACK = "127.0.0.1"


def local_addresses() -> list[str]:
    """This computer's IPv4 addresses on its networks (not the loopback), best first: the
    one the default route leaves by, then the others the host name resolves to. Finding the
    route sends nothing (a UDP socket only picks its source address)."""
    found: list[str] = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("192.0.2.1", 9))         # TEST-NET-1: never reached, only routed
        found.append(s.getsockname()[0])
    with contextlib.suppress(OSError, UnicodeError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    out: list[str] = []
    for a in found:
        if a not in out and not a.startswith("127.") and a != EVERY:
            out.append(a)
    return out[:8]


class Hosting:
    """The server a hosting window runs: `start()` binds it (an OSError says why not),
    `seat_url` is where the host's own seat connects, `addresses` what to tell the others,
    `release()` deals the game (the lobby's Start), `stop()` ends it all."""

    def __init__(self, kinds: list[str], modules: tuple[str, ...] = (),
                 variants: dict | None = None, host: str = LOOPBACK, port: int = PORT,
                 announce: bool = True, grace: float = 60.0, code: str = "",
                 undo: bool = True) -> None:
        self.host, self.port = host, port
        self.code = code or new_room_code(6)
        self.modules, self.variants = tuple(modules), dict(variants or {})
        self.server = Server(grace=grace)
        # the host's policy: Undo as its own table has it (Settings' "Wait for End turn")
        self.server.add_room(self.code, kinds, modules, variants=variants, held=True,
                             undo=undo)
        self.announce = announce
        self.thread: ServerThread | None = None
        self._announcing: Any = None

    def start(self) -> Hosting:
        st = ServerThread(self.server, self.host, self.port)
        st.start()          # an OSError when the address cannot be listened on
        self.thread, self.port = st, st.port
        if self.announce:
            from doomlings_desktop.net.discovery import keep_announced

            self._announcing = asyncio.run_coroutine_threadsafe(
                self._announce(keep_announced), st.loop)
        return self

    async def _announce(self, keep: Any) -> None:
        try:
            await keep(self.server, self.host, self.port)
        except asyncio.CancelledError:
            raise
        except Exception as e:  # noqa: BLE001 - no announcement: typing the address still works
            log.warning("the game is not announced on the local network: %s", e)

    @property
    def seat_url(self) -> str:
        """Where the host's own seat connects: its server, on the loopback when it listens on
        every network."""
        where = LOOPBACK if self.host in (EVERY, "") else self.host
        return f"ws://{where}:{self.port}"

    @property
    def addresses(self) -> list[str]:
        """HOST:PORT lines the others may type."""
        hosts = local_addresses() if self.host in (EVERY, "") else [self.host]
        return [f"{h}:{self.port}" for h in hosts] or [f"{LOOPBACK}:{self.port}"]

    def release(self) -> bool:
        """Start: deal the game now if every seat is taken."""
        if self.thread is None:
            return False
        return bool(self.thread.call(self.server.release, self.code))

    def stop(self) -> None:
        st, self.thread = self.thread, None
        if st is None:
            return
        if self._announcing is not None:
            self._announcing.cancel()
        st.stop()
