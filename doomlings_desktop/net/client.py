"""A remote seat: connect to a server's room, follow the seat's events, answer its decisions.

`RemoteSeat` keeps what its seat has been sent (the log lines and zone events, in order, and
the latest View) and the seat's token. When the connection drops it connects again and says
Hello with the token and the counts it has, so the server sends only what it missed; a restarted
program that kept the token (`seat_file`) takes its seat back the same way from nothing.
`decide(view)` answers the seat's decisions: a bot for `doomlings join --bot`, later the table.

A bot here sees the View alone: the WorldSampler needs the whole game, which never leaves the
server, so the searching levels answer with their View-only fallback (bots/base.py).
"""

from __future__ import annotations

import asyncio
import errno
import inspect
import json
import socket
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from doomlings_desktop import __version__
from doomlings_desktop.names import name_of
from doomlings_desktop.net.protocol import (
    PROTOCOL,
    Answer,
    BadMessage,
    Create,
    Hello,
    Record,
    Refused,
    Rematch,
    Update,
    Waiting,
    Welcome,
    decode_server,
    encode,
    plain,
    rules_digests,
)
from doomlings_desktop.net.wire import view_from_wire
from doomlings_desktop.net.wirecheck import Unreadable, check_update
from doomlings_desktop.rules.cards import (
    CardDatabaseError,
    available_modules,
    database_for,
    default_database,
)
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.record import RecordError, replay
from doomlings_desktop.rules.view import View
from doomlings_desktop.storage.jsonfile import write_private

MAX_SERVER_MESSAGE = 4 * 1024 * 1024
# what a hostile server may make this seat keep: a long game has about 330 log lines of at
# most 170 characters and 1,300 moves for a seat, so these bound memory, never a real game
LOG_MAX, LINE_MAX, ZONES_MAX = 20_000, 2_000, 100_000
RETRY_MAX = 5.0     # seconds a refusal's retry_after may hold an answer back (the server's
#                     own is under a second; a bigger one is a hostile server's)


UNREACHABLE = 3     # Lost's code (and `join`'s exit code): the server out of reach too long


class Lost(Exception):
    """The seat cannot go on: refused by the server, or the server is gone for too long."""

    def __init__(self, reason: str, code: int = 1) -> None:
        super().__init__(reason)
        self.code = code


def client_digests() -> dict[str, str]:
    return rules_digests(database_for(available_modules()))


def unreachable(e: BaseException) -> str:
    """Why a connection failed, in words a player can act on, then the system's own."""
    detail = str(e) or type(e).__name__
    if isinstance(e, ConnectionRefusedError):
        return "nothing answers on that port: connection refused"
    if isinstance(e, socket.gaierror):
        return f"no computer has that name: {detail}"
    if isinstance(e, (TimeoutError, asyncio.TimeoutError)):
        return "no answer in time"
    if isinstance(e, OSError) and e.errno in (errno.EHOSTUNREACH, errno.ENETUNREACH):
        return f"that address cannot be reached from here: {detail}"
    return detail


class RemoteSeat:
    """One remote seat's connection and what it knows. `decide(view)` answers its decisions;
    `on_raw(text)` sees every message received (the wire-privacy tests record them)."""

    def __init__(self, url: str, room: str, name: str = "",
                 decide: Callable[[View], Any] | None = None,
                 seat_file: str | None = None, on_raw: Callable[[str], None] | None = None,
                 give_up_after: float = 60.0, say: Callable[[str], None] | None = None,
                 on_answer: Callable[[int, Any], None] | None = None,
                 create: tuple[list[str], list[str]] | None = None, games: int = 1,
                 keep: Callable[[Game, list[dict]], None] | None = None) -> None:
        self.url = url
        self.room = room
        self.name = name
        self.decide = decide
        self.seat_file = Path(seat_file) if seat_file else None
        self.on_raw = on_raw
        self.give_up_after = give_up_after
        self.say = say or (lambda text: print(text, file=sys.stderr))
        self.on_answer = on_answer
        self.create = create        # (seats, modules): open a room first instead of joining
        self.games = games          # games to play in a row: the ones after the first are
        # rematches (0: as many as the caller asks for, the connection kept between them)
        self.game = 0               # the room's game now
        self.rematch_asked = -1     # the game after which a rematch was asked
        self.outcomes: list[Any] = []   # each finished game's Outcome
        self.keep = keep                # given each finished game, replayed from its record
        self.kept: list[Game] = []      # the finished games whose record checked out
        self._record: Record | None = None     # the last game's, until its end is seen
        self.on_update: Callable[[RemoteSeat], None] | None = None
        # every message decoded, before it is handled: the game window's lobby reads the
        # Waiting seats and an Update's connections from it (play/remote.py)
        self.on_message: Callable[[Any], None] | None = None
        self.on_link: Callable[[bool], None] | None = None   # connected (True) or dropped
        # each connection that failed or ended, with why in words, before trying again: the
        # game window's lobby says it while it still tries (a mistyped port, a host not up)
        self.on_retry: Callable[[str], None] | None = None
        self.names: tuple[str, ...] = ()    # each seat's name, from the Welcome
        self.token = self._read_token()
        self.seat = -1
        self.modules: tuple[str, ...] = ()
        self.log: list[tuple[str, str]] = []
        self.zones: list[Any] = []
        self.view: View | None = None
        self.step = -1
        self.answered: Any = -1     # the step (and decision) of the last answer sent: the
        # pause for End turn is answered without a new step, so the step alone is not enough
        self.connections = 0        # how many times it has connected (1 + reconnections)
        self.resumed_from: list[tuple[int, int]] = []   # (log_at, zones_at) of each resume
        self.ws: Any = None
        self._fresh = True
        self._digests = client_digests()

    def _read_token(self) -> str:
        if self.seat_file is None:
            return ""
        from doomlings_desktop.storage.jsonfile import JsonFileError, read_bytes

        try:        # bounded and never blocking: --seat-file may name a FIFO or /dev/zero
            text = read_bytes(self.seat_file, 200).decode("utf-8").strip()
        except (OSError, JsonFileError, UnicodeDecodeError):
            return ""
        return text if len(text) == 32 and all(c in "0123456789abcdef" for c in text) else ""

    def _keep_token(self) -> None:
        if self.seat_file is None:
            return
        try:
            write_private(self.seat_file, self.token)   # the token takes the seat: its owner's
        except OSError as e:
            self.say(f"warning: cannot keep the seat's token in {self.seat_file}: {e.strerror}")

    @property
    def over(self) -> bool:
        return self.view is not None and self.view.over

    @property
    def done(self) -> bool:
        """The last game to play is over (never with `games` 0: the game window's seat stays
        at the table for a rematch until its player leaves)."""
        return self.games > 0 and self.over and self.game + 1 >= self.games

    def hello(self) -> Hello:
        return Hello(protocol=PROTOCOL, program=__version__, rules=self._digests, room=self.room,
                     name=self.name, token=self.token,
                     since=len(self.log) if self.token else 0,
                     zsince=len(self.zones) if self.token else 0)

    async def run(self) -> int:
        """Play the seat to the game's end (0), or until refused or lost (Lost is raised)."""
        lost_since: float | None = None
        loop = asyncio.get_running_loop()
        while True:
            try:
                async with connect(self.url, max_size=MAX_SERVER_MESSAGE, open_timeout=10,
                                   compression=None) as ws:
                    self.ws = ws
                    self.connections += 1
                    self.answered = -1      # an answer lost with the old connection goes again
                    self._fresh = True
                    lost_since = None
                    first = self.hello() if self.token or self.create is None else Create(
                        protocol=PROTOCOL, program=__version__, rules=self._digests,
                        seats=self.create[0], modules=self.create[1], name=self.name)
                    await ws.send(encode(first), text=True)
                    async for raw in ws:
                        if await self._receive(raw):
                            return 0
                if self.done:
                    return 0
            except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError,
                    asyncio.TimeoutError) as e:
                if self.done:
                    return 0
                why = unreachable(e)
            except InvalidURI:
                raise Lost(f"{self.url} is not a server address", 2) from None
            else:
                why = "the server closed the connection"
            finally:
                if self.ws is not None and self.on_link is not None:
                    self.on_link(False)
                self.ws = None
            now = loop.time()
            lost_since = now if lost_since is None else lost_since
            if now - lost_since > self.give_up_after:
                raise Lost(f"cannot reach the server at {self.url} ({why})", UNREACHABLE)
            if self.on_retry is not None:
                self.on_retry(why)
            await asyncio.sleep(min(2.0, 0.2 * (1 + self.connections)))

    async def _receive(self, raw: str | bytes) -> bool:
        """Handle one server message; True when the game is over for this seat."""
        text = raw if isinstance(raw, str) else raw.decode("utf-8", "replace")
        if self.on_raw is not None:
            self.on_raw(text)
        try:
            msg = decode_server(text)
        except BadMessage as e:
            raise Lost(str(e)) from None
        if self.on_message is not None:
            self.on_message(msg)
        if type(msg) is Refused:
            return await self._refused(msg)
        if type(msg) is Welcome:
            if msg.token != self.token:
                self.log, self.zones = [], []
            self.token, self.seat, self.modules = msg.token, msg.seat, msg.modules
            self.room = msg.room
            self.names = tuple(name_of(x.name, i) for i, x in enumerate(msg.seats))
            if self.on_answer is not None:
                self.on_answer(-1, None)
            if hasattr(self.decide, "modules"):
                self.decide.modules = msg.modules   # type: ignore[union-attr]
            self._keep_token()
        elif type(msg) is Update:
            self._update(msg)
            if self.over:
                return await self._game_over()
            await self._maybe_answer()
        elif type(msg) is Record and self.keep is not None:
            self._record = msg          # checked once this seat has seen the game's end
        elif type(msg) is Waiting:
            pass
        return False

    async def _game_over(self) -> bool:
        """True when this was the last game to play; else a rematch is asked (once)."""
        if self.rematch_asked == self.game:
            return False
        if len(self.outcomes) <= self.game:
            self.outcomes.append(self.view.outcome)
            self._keep_record()
        if self.games == 0:         # the window's seat: its player asks for a rematch or not
            return False
        if self.game + 1 >= self.games:
            return True
        self.rematch_asked = self.game
        await self.ws.send(encode(Rematch(game=self.game)), text=True)
        return False

    def _keep_record(self) -> None:
        """Keep the finished game's record if it is this seat's game: a record is hostile input,
        so it is replayed here (rules/record.py checks every field and answer) and kept only
        when it ends as this seat saw the game end, with the room's modules."""
        msg, self._record = self._record, None
        if msg is None or msg.game != self.game:
            return
        try:
            rec = json.loads(msg.record)
            g = replay(rec, default_database())
        except RecordError as e:
            self.say(f"the server's record of the game cannot be replayed here ({e}): "
                     f"it is not kept")
            return
        except Exception as e:  # noqa: BLE001 - a hostile record may break anything: say so
            self.say(f"the server's record of the game is damaged ({type(e).__name__}): "
                     f"it is not kept")
            return
        seen = self.view.outcome if self.view is not None else None
        if (seen is None or g.outcome is None or g.n != len(seen.scores)
                or g.outcome.scores != seen.scores or g.outcome.winners != seen.winners
                or sorted(g.db.modules) != sorted(self.modules)):
            self.say("the server's record of the game does not end as this seat saw it: "
                     "it is not kept")
            return
        self.kept.append(g)
        if self.keep is not None:
            self.keep(g, rec["seats"])

    async def _refused(self, msg: Refused) -> bool:
        if msg.fatal:
            raise Lost(plain(msg.reason))
        if msg.about == "hint":     # the window's hint falls back (net/session.py): no
            return False            # answer of this seat's waits on it
        if msg.retry_after > 0:    # a hostile server's 1e300 is not a wait for ever
            await asyncio.sleep(min(msg.retry_after, RETRY_MAX))
            self.answered = -1
            await self._maybe_answer()
        else:
            self.say(f"the server refused a message: {plain(msg.reason)}")
        return False

    def _update(self, u: Update) -> None:
        if u.log_at > len(self.log) or u.zones_at > len(self.zones):
            raise Lost("the server skipped events this seat never had")
        if u.log_at < 0 or u.zones_at < 0 or u.step < 0 or u.game < 0:
            raise Lost("the server sent events out of order (a place below zero)")
        if u.log_at + len(u.events) > LOG_MAX or u.zones_at + len(u.zones) > ZONES_MAX:
            raise Lost(f"the server sent more than any game holds (over {LOG_MAX:,} log "
                       f"lines or {ZONES_MAX:,} moves)")
        try:
            check_update(u.view, u.decision, len(database_for(self.modules).cards))
        except Unreadable as e:
            raise Lost(f"the server sent a table this program cannot read: {e}") from None
        except CardDatabaseError:
            raise Lost("the server plays with modules this program does not have: "
                       + plain(", ".join(self.modules), 200)) from None
        if u.game != self.game:     # a rematch: a new game, its log from the start
            self.game, self.answered = u.game, -1
            self.log, self.zones = [], []
        if self._fresh:         # the first update of a connection: where it resumed from
            self.resumed_from.append((u.log_at, u.zones_at))
            self._fresh = False
        del self.log[u.log_at:]
        self.log.extend((k[:40], t[:LINE_MAX]) for k, t in u.events)
        del self.zones[u.zones_at:]
        self.zones.extend(u.zones)
        self.step = u.step
        self.view = view_from_wire(u.view, u.decision)
        if self.on_update is not None:
            self.on_update(self)

    def _asked(self) -> tuple:
        d = self.view.decision if self.view is not None else None
        return (self.step, None if d is None else (d.kind, tuple(d.options), d.prompt))

    async def _maybe_answer(self) -> None:
        v = self.view
        asked = self._asked()
        if (v is None or v.decision is None or self.decide is None or self.ws is None
                or self.answered == asked):
            return
        try:
            answer = self.decide(v)
            if inspect.isawaitable(answer):     # a person's answer, typed while the loop runs
                answer = await answer
        except Lost:
            raise
        except Exception as e:  # noqa: BLE001 - a server's decision is input like any other
            raise Lost(f"the server asked a decision this seat cannot answer ({type(e).__name__}"
                       f": {str(e)[:80]})") from None
        self.answered = asked
        if self.on_answer is not None:
            self.on_answer(self.step, answer)
        await self.ws.send(encode(Answer(step=self.step, answer=answer, game=self.game)),
                           text=True)


class BotDecider:
    """A bot of `level` deciding from the View alone. `modules` (set from the Welcome) says
    which card database the room plays with, whose tables the bot's fallback reads."""

    def __init__(self, level: str, seed: int) -> None:
        from doomlings_desktop.bots import make_bot

        make_bot(level)         # an unknown level fails here, before connecting
        self.level = level
        self.seed = seed
        self.modules: tuple[str, ...] = ()
        self._bot: Any = None
        self._for: tuple[str, ...] | None = None

    def __call__(self, view: View) -> Any:
        from doomlings_desktop.bots import make_bot

        if self._bot is None or self._for != self.modules:
            self._bot = make_bot(self.level, self.seed, db=database_for(self.modules))
            self._for = self.modules
        return self._bot.decide(view)
