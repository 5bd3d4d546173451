"""Finding games on the local network: a server announces itself over multicast DNS
(zeroconf) and `doomlings find` lists what it hears. Typing an address always works too.

A server announces only when asked (`serve --announce`), on the address it listens on, with
its program version and the codes of its rooms that still have a free remote seat: the local
network is where friends sit, and a code heard there is one they may join. Nothing else is in
the announcement. What `find` hears is hostile input like any other: every field is checked
and cut to size before it is shown.
"""

from __future__ import annotations

import asyncio
import re
import socket
import time
from dataclasses import dataclass
from typing import Any

from doomlings_desktop.net.address import ws_url

SERVICE = "_doomlings._tcp.local."
CODE_RE = re.compile(r"^[A-Za-z0-9-]{4,32}$")


@dataclass(frozen=True)
class Found:
    name: str
    address: str
    port: int
    program: str
    rooms: tuple[str, ...]

    @property
    def url(self) -> str:
        return ws_url(self.address, self.port)


def _interfaces(host: str) -> Any:
    from zeroconf import InterfaceChoice

    return InterfaceChoice.All if host in ("", "0.0.0.0") else [host]


class Announcer:
    """A server's announcement, kept up to date with its rooms that have a free seat."""

    def __init__(self, host: str, port: int, program: str) -> None:
        from zeroconf import IPVersion
        from zeroconf.asyncio import AsyncZeroconf

        self.host, self.port, self.program = host, port, program
        self.azc = AsyncZeroconf(interfaces=_interfaces(host), ip_version=IPVersion.V4Only)
        self.info: Any = None
        self.rooms: tuple[str, ...] | None = None

    def _info(self, rooms: tuple[str, ...]) -> Any:
        from zeroconf import ServiceInfo

        here = socket.gethostname()[:30] or "server"
        addresses = None if self.host in ("", "0.0.0.0") else [socket.inet_aton(self.host)]
        kw = {"addresses": addresses} if addresses else {}
        return ServiceInfo(SERVICE, f"Doomlings Desktop on {here} port {self.port}.{SERVICE}",
                           port=self.port, server=f"{here}.local.",
                           properties={"v": self.program, "rooms": ",".join(rooms)[:200]}, **kw)

    async def show(self, rooms: tuple[str, ...]) -> None:
        """Announce (or re-announce) with these room codes."""
        if rooms == self.rooms:
            return
        self.rooms = rooms
        info = self._info(rooms)
        # each call gives back the task that sends the announcement: awaited too, so none is
        # left pending when the server stops
        if self.info is None:
            await (await self.azc.async_register_service(info))
        else:
            await (await self.azc.async_update_service(info))
        self.info = info

    async def close(self) -> None:
        if self.info is not None:
            await (await self.azc.async_unregister_service(self.info))
        await self.azc.async_close()


def _clean(info: Any) -> Found | None:
    """A heard announcement as shown, or None if any field is not what a server sends."""
    try:
        props = {k.decode("utf-8", "replace"): (v or b"").decode("utf-8", "replace")
                 for k, v in (info.properties or {}).items()}
        addresses = info.parsed_addresses()
        port = int(info.port)
    except (AttributeError, TypeError, ValueError, UnicodeError):
        return None
    if not addresses or not 0 < port < 65536:
        return None
    rooms = tuple(c for c in props.get("rooms", "").split(",") if CODE_RE.match(c))[:20]
    program = "".join(ch for ch in props.get("v", "")[:20] if ch.isprintable())
    name = "".join(ch for ch in str(info.name)[:80] if ch.isprintable())
    return Found(name.removesuffix("." + SERVICE), addresses[0], port, program or "?", rooms)


def find(seconds: float, interface: str = "") -> list[Found]:
    """Listen for `seconds` and return the servers heard, each once."""
    from zeroconf import IPVersion, ServiceBrowser, ServiceListener, Zeroconf

    zc = Zeroconf(interfaces=_interfaces(interface), ip_version=IPVersion.V4Only)
    heard: dict[str, Found] = {}

    class Listener(ServiceListener):
        def add_service(self, z: Zeroconf, kind: str, name: str) -> None:
            self._look(z, kind, name)

        def update_service(self, z: Zeroconf, kind: str, name: str) -> None:
            self._look(z, kind, name)

        def remove_service(self, z: Zeroconf, kind: str, name: str) -> None:
            heard.pop(name, None)

        def _look(self, z: Zeroconf, kind: str, name: str) -> None:
            info = z.get_service_info(kind, name, 1500)
            found = _clean(info) if info is not None else None
            if found is not None:
                heard[name] = found

    browser = ServiceBrowser(zc, SERVICE, Listener())
    try:
        time.sleep(seconds)     # the listening window: answers come in on zeroconf's thread
    finally:
        browser.cancel()
        zc.close()
    return sorted(heard.values(), key=lambda f: (f.address, f.port))


async def keep_announced(server: Any, host: str, port: int) -> None:
    """Announce the server and follow its rooms' free seats until cancelled."""
    ann = Announcer(host, port, server.program)
    try:
        while True:
            free = tuple(sorted(code for code, room in server.rooms.items()
                                if room.game is None and not room.ready))
            await ann.show(free)
            server.changed.clear()
            await server.changed.wait()
            await asyncio.sleep(1.0)        # at most one re-announcement a second
    finally:
        await ann.close()
