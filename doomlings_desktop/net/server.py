"""The online server: websockets (asyncio) in front of rooms, every client message hostile.

Each message goes through the same gates, cheapest first: the connection's rate (a token
bucket), text not binary, the size cap, the version sentence (a first message), the schema
(msgspec), then the room's own checks (the seat's token, the step and seat of the decision
answered, the answer's legality). A message refused at any gate gets a `Refused` with one
sentence and changes nothing; after `max_refusals` the connection is closed. What a seat is sent
is built by net/wire.py from the seat's view and event doors alone.

Each connection has a writer task fed by a bounded queue, so a client that stops reading cannot
hold up its room: when its queue is full the connection is dropped and the client resumes later
from the events it had. Bots think off the event loop (`asyncio.to_thread`) from a View and a
WorldSampler, as at the local table. A player's hint is the coach's, thought by the host on a
pool of its own (net/hints.py) and sent to that seat alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from doomlings_desktop import __version__
from doomlings_desktop.net.address import ws_url
from doomlings_desktop.net.guard import AddressGuard, AddressLimits
from doomlings_desktop.net.hints import HintDesk, Hinting, HintPolicy
from doomlings_desktop.net.protocol import (
    MAX_MESSAGE,
    Answer,
    AskHint,
    BadMessage,
    Create,
    Hello,
    Pong,
    Record,
    Refused,
    Rematch,
    Said,
    Say,
    Undo,
    Waiting,
    Welcome,
    decode_client,
    encode,
    incompatibility,
    rules_digests,
    version_problem,
)
from doomlings_desktop.net.room import REMOTE, Refusal, Room, new_room_code
from doomlings_desktop.net.roomstore import path_of, save_room
from doomlings_desktop.net.wire import update_for
from doomlings_desktop.rules.cards import (
    CardDatabaseError,
    available_modules,
    database_for,
    module_names,
)
from doomlings_desktop.rules.record import RecordError, dumps, make_record
from doomlings_desktop.rules.view import view_for
from doomlings_desktop.rules.worlds import WorldSampler

log = logging.getLogger(__name__)
SAY_EVERY = 2.0     # seconds between a connection's quick messages
QUICK_BOTS = ("Random", "Easy")     # answer in well under a millisecond: no thread needed


@dataclass
class Limits:
    """What one connection may do. The defaults let a bot answer every decision of a real game
    as fast as it is asked, and stop a flood."""

    max_message: int = MAX_MESSAGE      # characters of one client message
    max_frame: int = 65_536             # bytes of a frame: past it websockets closes (1009)
    rate: float = 40.0                  # messages a second, on average...
    burst: float = 80.0                 # ...and at once
    max_refusals: int = 32              # refused messages before the connection is closed
    hello_timeout: float = 10.0         # seconds to say Hello after connecting
    open_timeout: float = 10.0          # seconds for the websocket handshake
    close_timeout: float = 1.0          # seconds a closed client has to answer the close
    max_connections: int = 4096
    send_queue: int = 1024              # messages waiting for a slow reader before it is dropped
    per_address: AddressLimits = field(default_factory=AddressLimits)   # net/guard.py


def _address(ws: ServerConnection) -> str:
    """The client's IP address ("" when the transport does not say)."""
    try:
        peer = ws.remote_address
    except (AttributeError, OSError):
        return ""
    return str(peer[0]) if isinstance(peer, tuple) and peer else ""


class Conn:
    """One client connection: its rate bucket, refusals, seat and what it has been sent."""

    def __init__(self, ws: ServerConnection, limits: Limits, addr: str = "") -> None:
        self.ws = ws
        self.addr = addr
        self.limits = limits
        self.tokens = limits.burst
        self.at = time.monotonic()
        self.refusals = 0
        self.room: Room | None = None
        self.seat = -1
        self.log_sent = 0
        self.zones_sent = 0
        self.ended = False
        self.said_at = -1e9             # when it last sent a quick message
        self.record_sent = -1           # the game whose record it was sent
        self.queue: asyncio.Queue[bytes | None] = asyncio.Queue(limits.send_queue)

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.limits.burst, self.tokens + (now - self.at) * self.limits.rate)
        self.at = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True

    def send(self, msg: Any) -> None:
        if self.ended:
            return
        try:
            self.queue.put_nowait(encode(msg))
        except asyncio.QueueFull:       # it stopped reading: drop it, it may resume later
            self.ended = True
            asyncio.get_running_loop().create_task(self.ws.close(1008, "too slow"))

    def end(self) -> None:
        """Close the connection once what is queued has been written (its reader may be
        waiting for a message that never comes)."""
        self.ended = True
        try:
            self.queue.put_nowait(None)
        except asyncio.QueueFull:
            asyncio.get_running_loop().create_task(self.ws.close(1008))

    async def write_loop(self) -> None:
        while True:
            raw = await self.queue.get()
            if raw is None:
                if self.ended:
                    await self.ws.close(1008)
                return
            await self.ws.send(raw, text=True)


class Server(Hinting):
    """Rooms by code, and the websocket handler that serves them."""

    def __init__(self, limits: Limits | None = None, program: str = __version__,
                 grace: float = 60.0, stand_in: str | None = "medium",
                 state: Path | None = None, open_rooms: int = 0,
                 idle: float = 900.0, undo: bool = False,
                 hints: HintPolicy | None = None) -> None:
        self.limits = limits or Limits()
        self.undo = undo                # the rooms it opens let players take back (serve --undo)
        self.hints = HintDesk(hints)    # the coach's hints for its players (serve --hints)
        self.open_rooms = open_rooms    # rooms players may open (Create) at once; 0: none
        self.idle = idle                # seconds a room players opened may sit unused
        self.opened: set[str] = set()   # the rooms players opened (the others stay for good)
        self.active: dict[str, float] = {}     # room code -> when it last changed
        self.state = state              # the folder each room's file is kept in, if any
        self._unsaved: set[str] = set()
        self.program = program
        self.grace = grace              # seconds a player may be gone before a bot stands in
        self.stand_in = stand_in        # its level; None: the game waits for the player
        self.rooms: dict[str, Room] = {}
        self.conns: dict[tuple[str, int], Conn] = {}
        self.open_connections = 0
        self.guard = AddressGuard(self.limits.per_address)
        self.refused = 0                 # messages refused since start (for tests, benches)
        self._digests: dict[str, str] | None = None
        self._driving: set[str] = set()
        self.changed = asyncio.Event()   # set after every change of any room (tests wait on it)

    def digests(self) -> dict[str, str]:
        if self._digests is None:
            self._digests = rules_digests(database_for(available_modules()))
        return self._digests

    def add_room(self, code: str, kinds: list[str], modules: Iterable[str] = (),
                 seed: int | None = None, variants: dict | None = None,
                 held: bool = False, undo: bool | None = None,
                 hints: bool = True) -> Room:
        """Open a room; `undo` None: as the server's policy (`serve --undo`). `hints`: the
        host lets its players ask the coach (where the server does: `serve --hints`)."""
        code = code.upper()
        if code in self.rooms:
            raise ValueError(f"there is a room {code} already")
        kw: dict[str, Any] = {} if seed is None else {"seed": seed}
        room = Room(code, list(kinds), tuple(modules), variants=variants or {}, held=held,
                    undo=self.undo if undo is None else undo, hints=hints, **kw)
        self.rooms[code] = room
        self._save(room)
        return room

    def _save(self, room: Room) -> None:
        """Keep the room's file up to date (`serve --state`); a failure is logged once a
        room, and the room plays on."""
        if self.state is None:
            return
        try:
            save_room(self.state, room)
            self._unsaved.discard(room.code)
        except OSError as e:
            if room.code not in self._unsaved:
                log.error("room %s cannot be saved in %s: %s", room.code, self.state,
                          e.strerror or e)
                self._unsaved.add(room.code)

    # ------------------------------------------------------------------ connections

    async def handler(self, ws: ServerConnection) -> None:
        if self.open_connections >= self.limits.max_connections:
            await ws.close(1013, "the server is full")
            return
        addr = _address(ws)
        now = time.monotonic()
        if len(self.guard.marked) + len(self.guard.until) > 4096:
            self.guard.forget(now)
        why = self.guard.admit(addr, now)
        if why is not None:
            self.refused += 1
            with contextlib.suppress(ConnectionClosed, OSError):
                await ws.send(encode(Refused(why, True, 0.0)), text=True)
            await ws.close(1008)
            return
        self.open_connections += 1
        self.guard.opened(addr)
        conn = Conn(ws, self.limits, addr)
        writer = asyncio.create_task(conn.write_loop())
        try:
            await self._read(conn)
        except (ConnectionClosed, TimeoutError, asyncio.TimeoutError):
            pass
        finally:
            self.open_connections -= 1
            self.guard.closed(addr)
            self._leave(conn)
            with contextlib.suppress(asyncio.QueueFull):
                conn.queue.put_nowait(None)
            try:        # what was queued (a refusal's sentence) goes out before the close
                await asyncio.wait_for(writer, 2.0)
            except (ConnectionClosed, TimeoutError, asyncio.TimeoutError, OSError):
                writer.cancel()
            await ws.close(1008 if conn.refusals else 1000)

    async def _read(self, conn: Conn) -> None:
        deadline = time.monotonic() + self.limits.hello_timeout
        while not conn.ended:
            if conn.room is None:
                left = deadline - time.monotonic()
                if left <= 0:
                    self._refuse(conn, "No hello in time: the connection is closed.", True)
                    return
                try:
                    raw = await asyncio.wait_for(conn.ws.recv(), left)
                except (TimeoutError, asyncio.TimeoutError):
                    self._refuse(conn, "No hello in time: the connection is closed.", True)
                    return
            else:
                raw = await conn.ws.recv()
            self.message(conn, raw)

    def _leave(self, conn: Conn) -> None:
        room = conn.room
        if room is None or self.conns.get((room.code, conn.seat)) is not conn:
            return
        del self.conns[(room.code, conn.seat)]
        room.seats[conn.seat].connected = False
        room.seats[conn.seat].gone_at = time.monotonic()
        self._broadcast(room)
        if self.stand_in and room.game is not None and not room.game.over:
            asyncio.get_running_loop().call_later(self.grace, self._stand_in, room, conn.seat)

    def reopened(self, room: Room) -> None:
        """A room opened again from its file (on the loop): every player is away until they
        connect, so each remote seat's grace period starts now, as if they had just left."""
        if not self.stand_in or room.game is None or room.game.over:
            return
        now = time.monotonic()
        for i, s in enumerate(room.seats):
            if s.token and not s.connected:
                s.gone_at = now
                asyncio.get_running_loop().call_later(self.grace, self._stand_in, room, i)

    def _stand_in(self, room: Room, seat: int) -> None:
        """The grace period is over: if the seat's player is still gone, a bot plays it."""
        if self.rooms.get(room.code) is not room:
            return          # closed since
        if time.monotonic() - room.seats[seat].gone_at < self.grace * 0.99:
            return          # back and gone again since: the later timer decides
        if self.stand_in and room.stand_in(seat, self.stand_in):
            log.info("room %s: a bot stands in for seat %d", room.code, seat)
            self._broadcast(room)
            self._kick_bots(room)

    def _refuse(self, conn: Conn, reason: str, fatal: bool = False,
                retry_after: float = 0.0, about: str = "", counted: bool = True) -> None:
        """Refuse a message with a sentence; `counted` False for one refused for the host's
        load, not the client's fault (its hint must wait), which never closes a connection."""
        self.refused += 1
        conn.refusals += counted
        if not fatal and counted and conn.refusals >= self.limits.max_refusals:
            reason += " Too many refused messages: the connection is closed."
            fatal = True
            self.guard.mark(conn.addr, time.monotonic())
        conn.send(Refused(reason, fatal, retry_after, about))
        if fatal:
            conn.end()

    # ------------------------------------------------------------------ messages

    def message(self, conn: Conn, raw: str | bytes) -> None:
        """Every gate in turn; the first that refuses the message stops it."""
        if not conn.allow():
            self._refuse(conn, "Too many messages: slow down.",
                         retry_after=round(1.0 / self.limits.rate, 3))
            return
        if not isinstance(raw, str):
            self._refuse(conn, "Messages are JSON text, not binary.")
            return
        if len(raw) > self.limits.max_message:
            self._refuse(conn, f"The message is too long ({len(raw)} characters; at most "
                               f"{self.limits.max_message}).")
            return
        if conn.room is None:
            problem = version_problem(raw, self.program)
            if problem:
                self._refuse(conn, problem, fatal=True)
                return
        try:
            msg = decode_client(raw)
        except BadMessage as e:
            self._refuse(conn, f"Refused: {e}.")
            return
        try:
            if type(msg) is Hello:
                self._hello(conn, msg)
            elif type(msg) is Create:
                self._create(conn, msg)
            elif type(msg) is Answer:
                self._answer(conn, msg)
            elif type(msg) is Rematch:
                self._rematch(conn, msg)
            elif type(msg) is Say:
                self._say(conn, msg)
            elif type(msg) is Undo:
                self._undo(conn, msg)
            elif type(msg) is AskHint:
                self._hint(conn, msg)
            else:
                conn.send(Pong())
        except Refusal as e:
            self._refuse(conn, str(e), e.fatal)
        except Exception:  # noqa: BLE001 - a bug here must not end the server or other rooms
            log.exception("a message from room %s seat %d failed",
                          conn.room.code if conn.room else "-", conn.seat)
            self._refuse(conn, "The server failed on this message (its log says why).",
                         about="hint" if type(msg) is AskHint else "")

    def _hello(self, conn: Conn, msg: Hello) -> None:
        if conn.room is not None:
            raise Refusal("You have joined this room already.")
        room = self.rooms.get(msg.room.upper())
        if room is None:        # a guess: enough of them shut the address out (net/guard.py)
            self.guard.mark(conn.addr, time.monotonic())
            raise Refusal(f"There is no room {msg.room} on this server: check the code.", True)
        problem = incompatibility(self.digests(), msg.rules, room.modules, self.program)
        if problem:
            raise Refusal(problem, fatal=True)
        seat = room.take_seat(msg.name, msg.token)
        old = self.conns.get((room.code, seat))
        if old is not None and old is not conn:
            self._refuse(old, "Your seat was taken back by a newer connection with its token.",
                         True)
        self.conns[(room.code, seat)] = conn
        room.seats[seat].connected = True
        room.stand_ins.pop(seat, None)     # the player is back: their seat is theirs again
        conn.room, conn.seat = room, seat
        if msg.token:       # resuming: what the client already has is not sent again
            conn.log_sent, conn.zones_sent = msg.since, msg.zsince
            if room.game is not None:   # the seat's own place, back to the stream's index
                conn.zones_sent = room.unseen.index(room.game, msg.zsince)
        conn.send(Welcome(room.code, seat, room.seats[seat].token, self.program, room.modules,
                          room.info(), self.hints_allowed(room)))
        self._deal(room)

    def _deal(self, room: Room) -> None:
        """Deal the room's game if it may be dealt now, and tell its seats where it is."""
        dealt = room.start()
        if dealt:
            log.info("room %s: the game is dealt", room.code)
            self._absent(room)
        if room.game is None or dealt:      # dealt: every seat's name, as the game has them
            for c in self._room_conns(room):
                c.send(Waiting(room.info()))
        if room.game is not None:
            self._broadcast(room)
            self._kick_bots(room)

    def _absent(self, room: Room) -> None:
        """A game was just dealt: a seat whose player left before (the lobby, or the end
        screen after asking for the rematch) gets a bot once the grace period is over."""
        for i, s in enumerate(room.seats):
            if s.token and not s.connected and self.stand_in:
                asyncio.get_running_loop().call_later(self.grace, self._stand_in, room, i)

    def release(self, code: str) -> bool:
        """The host of a held room says Start: deal it if every seat is taken (on the
        server's loop: `ServerThread.call`). False if it cannot be dealt yet."""
        room = self.rooms.get(code)
        if room is None or room.game is not None or not room.ready:
            return False
        room.held = False
        self._deal(room)
        return room.game is not None

    def _create(self, conn: Conn, msg: Create) -> None:
        """Open a room of the seats asked for, then join it as its first remote seat."""
        if conn.room is not None:
            raise Refusal("You have joined a room already.")
        if self.open_rooms <= 0:
            raise Refusal("This server does not let players open rooms: ask its host for a "
                          "room code.", True)
        if len(self.opened) >= self.open_rooms:
            raise Refusal(f"This server holds as many rooms as players may open "
                          f"({self.open_rooms}): try again later.", True)
        busy = self.guard.may_open_room(conn.addr)
        if busy is not None:
            raise Refusal(busy, True)
        try:
            modules = module_names(database_for(()), msg.modules)
        except CardDatabaseError as e:
            raise Refusal(f"No such module on this server ({str(e).split(': ', 1)[-1]}).",
                          True) from None
        problem = incompatibility(self.digests(), msg.rules, modules, self.program)
        if problem:
            raise Refusal(problem, fatal=True)
        code = new_room_code()
        while code in self.rooms:
            code = new_room_code()
        try:
            room = self.add_room(code, msg.seats, modules)
        except ValueError as e:
            raise Refusal(f"Cannot open that room: {e}.", True) from None
        self.opened.add(room.code)
        self.guard.room_opened(room.code, conn.addr)
        log.info("room %s opened by a player: %s", room.code, ",".join(room.kinds))
        self._hello(conn, Hello(protocol=msg.protocol, program=msg.program, rules=msg.rules,
                                room=room.code, name=msg.name))

    def sweep(self, now: float) -> list[str]:
        """Close the rooms players opened that nobody is in and that have not changed for
        `idle` seconds (a finished game, a room never filled, a game everyone left); their
        files go too. Returns their codes."""
        gone = [code for code in self.opened
                if now - self.active.get(code, now) >= self.idle
                and not self._room_conns(self.rooms[code])]
        self.guard.forget(now)
        for code in gone:
            del self.rooms[code]
            self.hints.forget(code)
            self.opened.discard(code)
            self.guard.room_closed(code)
            self.active.pop(code, None)
            if self.state is not None:
                with contextlib.suppress(OSError):
                    path_of(self.state, code).unlink()
        return gone

    async def _sweeper(self) -> None:
        while True:
            await asyncio.sleep(min(60.0, max(1.0, self.idle / 4)))
            for code in self.sweep(time.monotonic()):
                log.info("room %s closed: unused for %d s", code, self.idle)

    def _answer(self, conn: Conn, msg: Answer) -> None:
        room = conn.room
        if room is None:
            raise Refusal("Say hello first: join a room, then answer.")
        room.answer(conn.seat, msg.step, msg.answer, msg.game)
        self._broadcast(room)
        self._kick_bots(room)

    def _undo(self, conn: Conn, msg: Undo) -> None:
        """A player takes back their own last answer (where the host allows it): every seat
        is sent the game as it is again (its log and zone events cut back: `update_for`
        sends from where the game now is, and the client cuts there)."""
        room = conn.room
        if room is None:
            raise Refusal("Say hello first: join a room, then play.")
        room.take_back(conn.seat, msg.step, msg.game)
        log.info("room %s: seat %d took back an answer", room.code, conn.seat)
        self._broadcast(room)
        self._kick_bots(room)

    def _say(self, conn: Conn, msg: Say) -> None:
        """A quick message, to every seat of the room; one every SAY_EVERY seconds."""
        room = conn.room
        if room is None:
            raise Refusal("Join a room first.")
        now = time.monotonic()
        if now - conn.said_at < SAY_EVERY:
            raise Refusal(f"One quick message every {SAY_EVERY:g} seconds.")
        conn.said_at = now
        for c in self._room_conns(room):
            c.send(Said(conn.seat, msg.phrase))

    def _rematch(self, conn: Conn, msg: Rematch) -> None:
        room = conn.room
        if room is None:
            raise Refusal("Say hello first: join a room, then ask for a rematch.")
        if room.ask_rematch(conn.seat, msg.game):
            log.info("room %s: rematch, game %d dealt", room.code, room.games)
            for c in self._room_conns(room):    # a new game: its log starts again
                c.log_sent = c.zones_sent = 0
            self._absent(room)
            self._broadcast(room)
            self._kick_bots(room)
            return
        self._broadcast(room)

    def _room_conns(self, room: Room) -> list[Conn]:
        got = (self.conns.get((room.code, i)) for i in range(len(room.seats)))
        return [c for c in got if c is not None]

    def _broadcast(self, room: Room) -> None:
        """Send every connected seat of the room what changed for it."""
        g = room.game
        self.changed.set()
        self.active[room.code] = time.monotonic()
        self._save(room)
        if g is None:       # still filling: who is here (a player left the lobby)
            for c in self._room_conns(room):
                c.send(Waiting(room.info()))
            return
        connected = room.connected()
        standing = tuple(sorted(room.stand_ins))
        n_log, n_zones = len(g.log or ()), len(g.moves or ())
        record = self._record(room)
        for c in self._room_conns(room):
            if record is not None and c.record_sent != room.games:
                c.send(record)      # before the last update: a client may hang up after it
                c.record_sent = room.games
            try:
                c.send(update_for(g, c.seat, c.log_sent, c.zones_sent, connected, standing,
                                  room.games, tuple(sorted(room.rematch)),
                                  room.may_undo(c.seat), room.unseen))
            except Exception:  # noqa: BLE001 - one seat's failure must not stop the others'
                log.exception("room %s: the update for seat %d failed", room.code, c.seat)
                continue
            c.log_sent, c.zones_sent = n_log, n_zones

    def _record(self, room: Room) -> Record | None:
        """A finished game's record for its seats (a finished game hides nothing: every seat
        may replay it), made once per game; None while it is being played."""
        g = room.game
        if g is None or not g.over:
            return None
        if room.record_of != room.games:
            seats = [{"name": g.pname(i), "kind": "human" if s.kind == REMOTE else "bot",
                      "level": s.kind if s.kind != REMOTE else "random", "ask": True}
                     for i, s in enumerate(room.seats)]
            try:
                room.record = Record(room.games, dumps(make_record(g, seats)))
            except RecordError as e:
                log.error("room %s: the finished game has no record: %s", room.code, e)
                room.record = None
            room.record_of = room.games
        return room.record

    # ------------------------------------------------------------------ bots

    def _kick_bots(self, room: Room) -> None:
        if room.code not in self._driving and room.bot_turn() is not None:
            self._driving.add(room.code)
            asyncio.get_running_loop().create_task(self._drive(room))

    async def _drive(self, room: Room) -> None:
        try:
            while (turn := room.bot_turn()) is not None:
                seat, bot = turn
                g = room.game
                d = g.pending
                view = view_for(g, seat, with_log=False)
                sampler = WorldSampler(g, seat)
                try:
                    if d.kind == "end_turn":     # a stand-in at a player's pause for Undo
                        answer = "end"
                    elif getattr(bot, "name", "") in QUICK_BOTS:
                        answer = bot.decide(view, sampler)
                    else:
                        answer = await asyncio.to_thread(bot.decide, view, sampler)
                    if room.game is not g or g.pending is not d:     # undone, or moved on
                        continue
                    room.play(answer)       # a bot's offer it brings is answered too
                except Exception:  # noqa: BLE001 - a bot's bug must not stop the room
                    log.exception("room %s: the bot of seat %d failed", room.code, seat)
                    if room.game is g and g.pending is d:
                        room.play(d.options[0])
                self._broadcast(room)
                await asyncio.sleep(0)      # the other rooms and connections get their turn
        finally:
            self._driving.discard(room.code)

    # ------------------------------------------------------------------ running

    async def run(self, host: str, port: int, started: Any = None,
                  stop: asyncio.Event | None = None) -> None:
        """Serve until `stop` is set; `started(port)` is called once listening."""
        stop = stop or asyncio.Event()
        async with serve(self.handler, host, port, max_size=self.limits.max_frame,
                         open_timeout=self.limits.open_timeout, compression=None,
                         close_timeout=self.limits.close_timeout,
                         max_queue=8, logger=logging.getLogger("doomlings.net.ws")) as srv:
            sweeper = asyncio.get_running_loop().create_task(self._sweeper()) \
                if self.open_rooms else None
            bound = next(iter(srv.sockets)).getsockname()[1]
            if started is not None:
                started(bound)
            await stop.wait()
            for c in list(self.conns.values()):     # the last updates go out first
                with contextlib.suppress(asyncio.QueueFull):
                    c.queue.put_nowait(None)
            if sweeper is not None:
                sweeper.cancel()
            self.hints.close()
            srv.close()
            await srv.wait_closed()

    def finished(self) -> bool:
        """Every room's game is over (for `serve --exit-when-done`)."""
        return bool(self.rooms) and all(r.game is not None and r.game.over
                                        for r in self.rooms.values())


class ServerThread:
    """A server on its own event loop in a thread: for tests and benches in one process."""

    def __init__(self, server: Server, host: str = "127.0.0.1", port: int = 0) -> None:
        self.server = server
        self.host = host
        self.port = port
        self.loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._stop: asyncio.Event | None = None
        self.error: OSError | None = None     # why it could not listen, if it could not
        self.thread = threading.Thread(target=self._main, daemon=True)

    def _main(self) -> None:
        asyncio.set_event_loop(self.loop)

        async def go() -> None:
            self._stop = asyncio.Event()
            self.server.changed = asyncio.Event()

            def started(port: int) -> None:
                self.port = port
                self._ready.set()

            await self.server.run(self.host, self.port, started, self._stop)

        try:
            self.loop.run_until_complete(go())
        except OSError as e:        # the address cannot be listened on: start() says why
            self.error = e
            self._ready.set()
        left = asyncio.all_tasks(self.loop)      # writers of connections still closing
        for t in left:
            t.cancel()
        self.loop.run_until_complete(asyncio.gather(*left, return_exceptions=True))
        self.loop.close()

    def start(self) -> ServerThread:
        self.thread.start()
        if not self._ready.wait(20):
            raise RuntimeError("the server did not start")
        if self.error is not None:
            self.thread.join(20)
            raise self.error
        return self

    @property
    def url(self) -> str:
        return ws_url(self.host, self.port)

    def call(self, fn: Any, *args: Any) -> Any:
        """Run fn(*args) on the server's loop (where its rooms live) and return its value."""
        async def run() -> Any:
            return fn(*args)
        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(20)

    def stop(self) -> None:
        if self._stop is not None and self.thread.is_alive():
            self.loop.call_soon_threadsafe(self._stop.set)
        self.thread.join(20)
