"""What one address may do on the server, so that a flood or a scan from one machine stops at
that machine: a connection's own limits (rate, size, refusals: net/server.py's `Limits`) end
with the connection, and a client that reconnects after each close would start afresh.

Per address (the client's IP): at most `connections` open at once; at most `rooms` rooms
opened (Create) still open; each guess of a room code that does not exist and each connection
closed for abuse is a mark, and `marks` marks within `window` seconds shut the address out for
`shut_out` seconds (a room-code scan makes a mark a guess, so codes cannot be tried faster
than that). Loopback addresses are left alone unless `loopback` is set: on this machine the
benchmarks open hundreds of connections from 127.0.0.1, and behind a reverse proxy every
player arrives from the proxy's own address (limit there: docs/online.md).
"""

from __future__ import annotations

import ipaddress
import math
from collections import Counter, deque
from dataclasses import dataclass


@dataclass
class AddressLimits:
    connections: int = 32       # open at once from one address (a LAN party behind one router fits)
    rooms: int = 4              # rooms opened by one address still open
    marks: int = 20             # wrong room codes and abusive connections within `window`...
    window: float = 60.0
    shut_out: float = 300.0     # ...shut the address out for this many seconds
    loopback: bool = False      # also limit 127.0.0.1 and ::1


def _loopback(addr: str) -> bool:
    try:
        return ipaddress.ip_address(addr.split("%", 1)[0]).is_loopback
    except ValueError:
        return False


class AddressGuard:
    """The server's count of each address's connections, rooms and marks. All times are the
    caller's (`time.monotonic()`), so tests need no clock."""

    def __init__(self, limits: AddressLimits | None = None) -> None:
        self.limits = limits or AddressLimits()
        self.open: Counter[str] = Counter()
        self.rooms: dict[str, str] = {}             # room code -> the address that opened it
        self.marked: dict[str, deque[float]] = {}
        self.until: dict[str, float] = {}           # address -> end of its shut-out

    def exempt(self, addr: str) -> bool:
        return not addr or not self.limits.loopback and _loopback(addr)

    def admit(self, addr: str, now: float) -> str | None:
        """Why a new connection from `addr` is turned away now, or None to let it in."""
        if self.exempt(addr):
            return None
        end = self.until.get(addr)
        if end is not None:
            if now < end:
                return (f"Too many refused attempts from your address: try again in "
                        f"{math.ceil(end - now)} s.")
            del self.until[addr]
        if self.open[addr] >= self.limits.connections:
            return (f"Too many connections from your address (at most "
                    f"{self.limits.connections}).")
        return None

    def opened(self, addr: str) -> None:
        self.open[addr] += 1

    def closed(self, addr: str) -> None:
        self.open[addr] -= 1
        if self.open[addr] <= 0:
            del self.open[addr]

    def may_open_room(self, addr: str) -> str | None:
        """Why `addr` may not open another room now, or None."""
        if self.exempt(addr):
            return None
        if sum(1 for a in self.rooms.values() if a == addr) >= self.limits.rooms:
            return (f"Your address has {self.limits.rooms} rooms open already: finish or "
                    f"leave one first.")
        return None

    def room_opened(self, code: str, addr: str) -> None:
        self.rooms[code] = addr

    def room_closed(self, code: str) -> None:
        self.rooms.pop(code, None)

    def mark(self, addr: str, now: float) -> bool:
        """A wrong room code or an abusive connection from `addr`; True when it shuts the
        address out."""
        if self.exempt(addr):
            return False
        marks = self.marked.setdefault(addr, deque())
        marks.append(now)
        while marks and marks[0] <= now - self.limits.window:
            marks.popleft()
        if len(marks) < self.limits.marks:
            return False
        del self.marked[addr]
        self.until[addr] = now + self.limits.shut_out
        return True

    def forget(self, now: float) -> None:
        """Drop marks and shut-outs that have run out (the server calls it now and then, so
        a scan from many addresses cannot grow these tables for good)."""
        for addr in [a for a, m in self.marked.items() if not m or m[-1] <= now - self.limits.window]:
            del self.marked[addr]
        for addr in [a for a, end in self.until.items() if end <= now]:
            del self.until[addr]
