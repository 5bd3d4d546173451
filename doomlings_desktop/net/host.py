"""A game window hosting a game: a server on its own thread (`ServerThread`), one held room,
its announcement on the local network, and the addresses to tell the friends who join.

The host's own seat is a remote seat like the others: the window joins its own server over
the loopback (play/remote.py), so what it may see is decided by the same wire code as for
everyone else. The room is held (`Room.held`): it is dealt when the host says Start, once
every remote seat is taken, not as soon as the last player arrives.

The hosted room is kept on disk (`HOSTED`, in the data folder): the room's file, rewritten
after every move as `doomlings serve --state` keeps its rooms, where it listens, and the host's
own seat token. A host whose program was closed or killed finds *Continue* (or *Reopen room*
on Play online) and opens the same room again on the same address, with the game where it
was; the players who joined, whose programs keep trying, take their seats back. Everything in
the folder is read as hostile input: a file that does not fit is ignored or set aside.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import shutil
import socket
from pathlib import Path
from typing import Any, NamedTuple

from doomlings_desktop.net.address import ws_url
from doomlings_desktop.net.room import new_room_code
from doomlings_desktop.net.server import Server, ServerThread

log = logging.getLogger(__name__)
PORT = 7474
EVERY = "0.0.0.0"
LOOPBACK = "127.0.0.1"
HOSTED = "hosted-room"          # the data folder's sub-folder for the room this window hosts
PLACE_FILE = "host.json"        # where it listens, and the host's name
SEAT_TOKEN = "seat.token"       # the host's own seat's token


def hosted_folder() -> Path:
    from doomlings_desktop.storage.settings import data_dir

    return data_dir() / HOSTED


class KeptRoom(NamedTuple):
    """A hosted room on disk that may be opened again: its code, where it listened, the
    host's name, its seats' kinds, whether its game was dealt, when it last changed, the
    host's Undo policy, and whether its game is over (opened again for a rematch)."""
    code: str
    host: str
    port: int
    name: str
    kinds: tuple[str, ...]
    dealt: bool
    changed: float
    undo: bool = False
    over: bool = False
    hints: bool = True
    here: int = 1       # the seats played at the host's window, pass-and-play


def kept_room(folder: Path | None = None) -> KeptRoom | None:
    """The hosted room kept in `folder` (the data folder's by default), if its files are whole;
    None otherwise (a file that does not fit is ignored). A room whose game is over is kept
    too (`over`): its host may open it again for the rematch after leaving its end screen."""
    from doomlings_desktop.net.roomstore import load_room, path_of
    from doomlings_desktop.storage.jsonfile import JsonFileError, read_json

    folder = hosted_folder() if folder is None else folder
    try:
        place = read_json(folder / PLACE_FILE, 4096)
        code, host, port = place["code"], place["host"], place["port"]
        name = place.get("name", "")
        if not (isinstance(code, str) and isinstance(host, str) and type(port) is int
                and isinstance(name, str) and 0 <= port < 65536 and len(host) <= 64
                and re.fullmatch(r"[A-Za-z0-9-]{4,32}", code)):     # never a path
            return None
        room_file = path_of(folder, code.upper())
        room = load_room(room_file)
        changed = room_file.stat().st_mtime
    except (JsonFileError, OSError, KeyError, TypeError, AttributeError, ValueError,
            RecursionError, MemoryError):
        return None
    here = place.get("here", 1)
    remote = sum(s.kind == "remote" for s in room.seats)
    return KeptRoom(room.code, host, port, name[:40], tuple(s.kind for s in room.seats),
                    room.game is not None, changed, place.get("undo") is True,
                    room.game is not None and room.game.over, place.get("hints") is not False,
                    here if type(here) is int and 1 <= here <= remote else 1)


def forget_hosted(folder: Path | None = None) -> None:
    """A new hosted game replaces the kept one (as a new local game replaces the autosave)."""
    shutil.rmtree(hosted_folder() if folder is None else folder, ignore_errors=True)


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
                 keep: Path | None = None, name: str = "", undo: bool = True,
                 hints: bool = True, here: int = 1, names: tuple[str, ...] = ()) -> None:
        self.host, self.port = host, port
        self.code = code or new_room_code(6)
        self.modules, self.variants = tuple(modules), dict(variants or {})
        self.keep = keep            # the folder the room is kept in (None: not kept)
        self._reopened: Any = None  # the room read from its file, when reopened
        self.name = name
        self.undo = undo
        self.hints = hints          # the host's policy: its players may ask the coach
        # the seats played at this window (pass-and-play), at most its remote seats, and
        # the names the ones after the first join with
        self.here = max(1, min(here, sum(k == "remote" for k in kinds)))
        self.names = tuple(names)
        self.kept_game = -1         # the room's game over and kept here already (reopen)
        if keep is not None:
            forget_hosted(keep)
            _make_folder(keep)
        self.server = Server(grace=grace, state=keep)
        # the host's policy: Undo as its own table has it (Settings' "Wait for End turn")
        self.server.add_room(self.code, kinds, modules, variants=variants, held=True,
                             undo=undo, hints=hints)
        self.announce = announce
        self.thread: ServerThread | None = None
        self._announcing: Any = None

    @classmethod
    def reopen(cls, folder: Path | None = None, announce: bool = True,
               grace: float = 60.0) -> Hosting:
        """The kept room, opened again where it listened, its game where it was (not yet
        bound: `start()` as for a new one). ValueError says why it cannot be."""
        from doomlings_desktop.net.roomstore import load_room, path_of

        folder = hosted_folder() if folder is None else folder
        kept = kept_room(folder)
        if kept is None:
            raise ValueError("there is no hosted game to reopen")
        room = load_room(path_of(folder, kept.code))
        self = cls.__new__(cls)
        self.host, self.port, self.code = kept.host, kept.port, room.code
        self.modules, self.variants = tuple(room.modules), dict(room.variants)
        self.keep, self.name = folder, kept.name
        self.here, self.names = kept.here, ()     # the others take their seats by token
        room.held = room.game is None       # a lobby reopened waits for Start again
        # a finished game (its end screen left): kept here when it ended, not again
        self.kept_game = room.games if room.game is not None and room.game.over else -1
        room.allow_undo(kept.undo)          # the host's policy, as it was
        self.undo = kept.undo
        room.hints = self.hints = kept.hints
        self._reopened = room
        self.server = Server(grace=grace, state=folder)
        self.server.rooms[room.code] = room
        self.announce = announce
        self.thread = None
        self._announcing = None
        return self

    @property
    def seat_file(self) -> str | None:
        """Where the host's own seat keeps its token (None when the room is not kept)."""
        return self.seat_file_of(0)

    def seat_file_of(self, k: int) -> str | None:
        """Where the k-th seat played at the host's window keeps its token (the first's is
        `seat.token`, the others' `seat-2.token`...)."""
        if self.keep is None:
            return None
        return str(self.keep / (SEAT_TOKEN if k == 0 else f"seat-{k + 1}.token"))

    def start(self) -> Hosting:
        st = ServerThread(self.server, self.host, self.port)
        st.start()          # an OSError when the address cannot be listened on
        self.thread, self.port = st, st.port
        if self.keep is not None:
            self._keep_place()
        if self._reopened is not None:
            st.call(self.server.reopened, self._reopened)
        if self.announce:
            from doomlings_desktop.net.discovery import keep_announced

            self._announcing = asyncio.run_coroutine_threadsafe(
                self._announce(keep_announced), st.loop)
        return self

    def _keep_place(self) -> None:
        """Where the room listens (the port chosen when it was 0), for a reopening."""
        from doomlings_desktop.storage.settings import write_atomic

        assert self.keep is not None
        try:
            write_atomic(self.keep / PLACE_FILE, json.dumps(
                {"code": self.code, "host": self.host, "port": self.port, "name": self.name,
                 "undo": self.undo, "hints": self.hints, "here": self.here}))
        except OSError as e:
            log.warning("the hosted room cannot be kept: %s", e.strerror or e)

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
        return ws_url(where, self.port)

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


def _make_folder(folder: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:        # the game is hosted all the same, only not kept
        log.warning("the hosted room cannot be kept in %s: %s", folder, e.strerror or e)
