"""A remote seat played at the game window's table: `RemoteMatch`, the same surface the table
reads of a local `Match` (play/match.py), fed by a `RemoteSeat` (net/client.py) that runs on a
thread of its own with its own asyncio loop.

The two threads share nothing but two queues: the network thread puts what it heard into
`inbox` (a snapshot of the seat after each update, the lobby's seats, a refusal, the end), the
window's thread takes it in `tick()`, once a frame, and sends its answers back through an
asyncio queue on the network loop (`call_soon_threadsafe`). The table never waits for the
network: while an answer travels, the decision is simply not offered again.

No pygame here. `wake`, if given, is called from the network thread whenever something was
put in the inbox (the window posts itself an event, so an idle window draws it at once).
"""

from __future__ import annotations

import asyncio
import json
import logging
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from doomlings_desktop.names import name_of
from doomlings_desktop.net.client import UNREACHABLE, Lost, RemoteSeat
from doomlings_desktop.net.coached import DOWN, RemoteHints
from doomlings_desktop.net.news import SeatNews
from doomlings_desktop.net.protocol import (
    PHRASES,
    Answer,
    AskHint,
    Hinted,
    Record,
    Refused,
    Rematch,
    Said,
    Say,
    Undo,
    Update,
    Waiting,
    Welcome,
    encode,
)
from doomlings_desktop.net.rematch import Rematching
from doomlings_desktop.play.match import Seat
from doomlings_desktop.rules.cards import database_for
from doomlings_desktop.rules.view import View

log = logging.getLogger(__name__)

SAVED_BY_HOST = "An online game is kept by its host: it cannot be saved here."
SEAT_FILE = "online-seat"       # the joined seat's token (.token) and where it is (.json)


def seat_files() -> tuple[Path, Path]:
    from doomlings_desktop.storage.settings import data_dir

    d = data_dir()
    return d / f"{SEAT_FILE}.token", d / f"{SEAT_FILE}.json"


def remember_seat(url: str, room: str, name: str, over: int = -1) -> None:
    """Where the seat this program joined is, so a program closed or killed mid-game can take
    it back (`last_seat`); its token is RemoteSeat's seat file beside it. `over`: the room's
    game that ended at this seat's table (kept here already), so that a player who left its
    end screen may come back to ask for a rematch without the game being kept twice."""
    from doomlings_desktop.storage.settings import write_atomic

    where = {"url": url, "room": room, "name": name}
    if over >= 0:
        where["over"] = over
    try:
        write_atomic(seat_files()[1], json.dumps(where))
    except OSError as e:
        log.warning("the online seat cannot be kept: %s", e)


def forget_seat() -> None:
    for p in seat_files():
        try:
            p.unlink()
        except OSError:
            pass


class KeptSeat(NamedTuple):
    """A joined seat this program may take back: where, its room, the name it joined with,
    and the room's game that is over at its table (-1 while it is being played)."""

    url: str
    room: str
    name: str
    over: int = -1


def last_seat() -> KeptSeat | None:
    """The seat this program joined last and may take back, if its files are whole: a file
    that does not fit is ignored (hostile input like any other)."""
    from doomlings_desktop.storage.jsonfile import JsonFileError, read_bytes, read_json

    token, where = seat_files()
    try:        # bounded and never blocking: either may be a FIFO or /dev/zero
        raw = read_json(where, 2000)
        ok = len(read_bytes(token, 200).decode("utf-8").strip()) == 32
    except (OSError, JsonFileError, UnicodeError):
        return None
    if not ok or not isinstance(raw, dict):
        return None
    url, room, name = raw.get("url"), raw.get("room"), raw.get("name", "")
    over = raw.get("over", -1)
    if not (isinstance(url, str) and url.startswith(("ws://", "wss://")) and len(url) < 200
            and isinstance(room, str) and 4 <= len(room) <= 32 and room.isalnum()
            and isinstance(name, str) and len(name) <= 40
            and type(over) is int and -1 <= over <= 1_000_000):
        return None
    return KeptSeat(url, room, "".join(ch for ch in name if ch.isprintable()), over)


def _message(item: tuple) -> Any:
    """The message for an item the window put on the network loop's queue."""
    kind = item[0]
    if kind == "answer":
        return Answer(step=item[1], answer=item[3], game=item[2])
    if kind == "rematch":
        return Rematch(game=item[1])
    if kind == "undo":
        return Undo(step=item[1], game=item[2])
    if kind == "hint":
        return AskHint(step=item[1], game=item[2])
    return Say(phrase=item[1])


class LogLine(NamedTuple):
    """One line of the seat's log, as the table's sounds read a game's log (`.kind`)."""

    kind: str
    text: str


@dataclass(frozen=True)
class Waits:
    """Whose decision the game waits for, when it is not this seat's own: enough for the
    table to say "Waiting for Ann..." (the decision itself is that seat's secret)."""

    player: int
    kind: str = "wait"
    options: tuple = ()
    zone: str = ""
    count: int = 1
    card: int = -1
    prompt: str = ""


@dataclass(frozen=True)
class LobbySeat:
    """A seat as the lobby shows it."""

    kind: str           # remote, or a bot level
    name: str
    taken: bool
    connected: bool


class RemoteGame:
    """What the table reads of a game (`over`, `pending`, `log`, `n`, `answers`, `db`,
    `seed`), from the seat's last update: never more than the seat was sent."""

    def __init__(self, match: RemoteMatch) -> None:
        self._m = match

    @property
    def over(self) -> bool:
        return self._m.view_now is not None and self._m.view_now.over

    @property
    def pending(self) -> Any:
        return self._m.pending_now

    @property
    def log(self) -> list[LogLine]:
        return self._m.log_lines

    @property
    def n(self) -> int:
        return len(self._m.seats)

    @property
    def answers(self) -> range:
        """As many as the server's game has had (`len` is what the table reads)."""
        return range(max(0, self._m.step))

    @property
    def db(self) -> Any:
        return self._m.db

    @property
    def seed(self) -> int:
        return 0        # the server keeps it to itself

    @property
    def moves(self) -> list:
        """The zone events this seat was sent, as the table's motion layer reads a local
        game's (`zone_events_for`): the cards travel online too."""
        return self._m.moves


class _NoStandIn:
    """Pass-and-play's standing answers (play/standing.py): one player sits at an online
    window, so nothing is answered for another seat here."""

    def confirmations(self, seat: int) -> list:
        return []

    def holds(self, seat: int) -> bool:
        return False

    def choose(self, seat: int, standing: str) -> None:
        pass


class LocalOnly:
    """What the table asks of a local Match that a remote seat has nothing for: the pass
    screen, the story, the bots' pace, the review, Undo, saving, pass-and-play's standing
    answers and the attachment preview. Kept apart from RemoteMatch so that class holds only
    what online play does."""

    hotseat = False
    stand_in = _NoStandIn()
    origin = "online"       # not a game dealt here: no rematch or review from this window
    autosave = False
    autosaved = None
    unsaved = None
    lesson = None
    review = None
    coach = None
    thinking = None
    last_bot_move = None
    untold = None           # the stage's moments kept by a local save (play/told.py)
    pass_needed = False
    private = True
    seats: list[Seat]

    def coming(self) -> None:
        return None

    def acting_bot(self) -> None:
        return None

    def asks(self, seat: int) -> bool:
        return True

    def pass_reason(self) -> str:
        return ""

    def take_screen(self, seat: int) -> None:
        pass

    def end_review(self) -> None:
        pass

    def restore_seen(self, counts: dict) -> None:
        pass

    def restore_ahead(self, queued: dict) -> None:
        pass

    def restore_told(self, raw: dict) -> None:
        pass

    def preview(self, card: int) -> None:
        return None

    def attach_preview(self, card: int, host: int) -> None:
        return None

    def delegated(self, d: Any) -> bool:
        return False

    def asked(self) -> Any:
        """The question the table serves: the game's pending one (no pass-and-play here)."""
        return self.game.pending

    def ask_nothing_ahead(self) -> None:
        pass

    def seat_dicts(self) -> list[dict]:
        return [s.as_dict() for s in self.seats]

    def save_as(self, name: str) -> str:
        return SAVED_BY_HOST

    def retry_save(self) -> bool:
        return True

    def persist(self) -> None:
        pass


def leaving_words(self: RemoteMatch) -> list[str] | None:
    """What leaving the table does to the others, when it stops their game: this window
    hosts it (its server goes with the table), the game is on, and another player is
    connected. None when leaving harms no one (a joined seat is kept and a bot plays it
    after the grace period; a finished game is kept)."""
    if self.host is None or self.state != "playing":
        return None
    here = set(self.here) | set(self.here_too)      # the seats played at this window
    others = [self.name(i) for i, up in enumerate(self.connected)
              if up and i not in here and i != self.me and self.bots.get(i, 0) is not None]
    if not others:
        return None
    who = others[0] if len(others) == 1 else ", ".join(others[:-1]) + " and " + others[-1]
    return [f"This computer hosts the game: leaving stops it for {who} until you open it "
            "again.",
            "Nothing is lost: Continue on the main menu reopens the room with the game "
            "where it is, and they take their seats back by themselves."]


def replayed(text: str) -> tuple[Any, str]:
    """The finished game a Record names, replayed here (on the network thread: it takes
    a few milliseconds), or None and why not. Hostile input: any failure is a sentence."""
    import json

    from doomlings_desktop.rules.cards import default_database
    from doomlings_desktop.rules.record import replay

    try:
        record = json.loads(text)
        if not isinstance(record, dict):
            raise ValueError("not a record")
        return replay(record, default_database()), ""
    except RecursionError:
        return None, "it is nested too deep"
    except Exception as e:  # noqa: BLE001 - whatever the bytes, a sentence
        return None, str(e)[:120] or type(e).__name__

def lobby_seats(seats: Any) -> tuple[LobbySeat, ...]:
    """The lobby's seats as received, each field cut to what a row shows."""
    return tuple(LobbySeat(str(x.kind)[:10], str(x.name)[:40], bool(x.taken),
                           bool(x.connected)) for x in seats)


class RemoteMatch(SeatNews, Rematching, RemoteHints, LocalOnly):
    """One remote seat at the table: `start()` connects on a thread of its own; `tick()`
    takes in what it heard; `apply(answer)` sends an answer. `state` is connecting, lobby,
    playing, over or lost (`problem` says why, in a sentence)."""

    online = True
    leaving_words = leaving_words     # the table's Leave asks it (ui/table/leaving.py)
    # several seats played at this window (net/seatshere.py): the first keeps the finished
    # game once, with every seat played here counted as "you" (`here_too`); the others not
    keeps_record = True
    here_too: tuple[int, ...] = ()

    def __init__(self, url: str, room: str, name: str = "", seat_file: str | None = None,
                 give_up_after: float = 60.0, wake: Callable[[], None] | None = None,
                 host: Any = None, prefs: Any = None, kept_game: int = -1,
                 fresh: bool = False) -> None:
        self.url, self.room, self.name_asked = url, room, name
        # the room's game already kept on this computer (its end screen was left, and this
        # seat comes back to it for a rematch): it is not kept or counted again
        self.kept_game = kept_game
        self.prefs = prefs          # the player's settings (hints), read live
        # a joined seat, kept to be taken back from Play online (the host's own seat keeps
        # its token with the hosted room instead: net/host.py)
        self.seat_kept = seat_file is not None and host is None
        if seat_file is not None:
            try:
                Path(seat_file).parent.mkdir(parents=True, exist_ok=True)
            except OSError:
                pass            # the client says so when it cannot keep the token
        self.host = host            # net/host.py's Hosting, when this window runs the server
        self.wake = wake
        self.inbox: queue.Queue[tuple] = queue.Queue()
        self._seat = RemoteSeat(url, room, name, decide=None, seat_file=seat_file,
                                give_up_after=give_up_after, say=self._said, games=0)
        self._seat._maybe_answer = self._no_answer      # the table answers, not a callback
        if fresh:
            # a new seat: the kept token (another room's seat, perhaps a game in progress)
            # is not offered, and its files stay until this seat is taken (its Welcome
            # writes them): a mistyped code or port loses nothing
            self._seat.token = ""
        self._seat.on_message = self._heard
        self._seat.on_link = lambda up: self._put("link", up)
        self._seat.on_retry = lambda why: self._put("trying", why[:200])
        self.trying = ""        # why the last try to connect failed, while it tries again
        self.unreachable = False    # lost because the host could not be reached (Lost 3)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._answers: asyncio.Queue | None = None
        self._thread: threading.Thread | None = None
        self._stopping = False
        # what the window's thread knows, taken in by tick()
        self.state = "connecting"
        self.problem = ""
        self.me = -1
        self.modules: tuple[str, ...] = ()
        self.db = database_for(())
        self.lobby: tuple[LobbySeat, ...] = ()
        self.seats: list[Seat] = []
        self.humans: list[int] = []
        self.bots: dict[int, Any] = {}
        self.view_now: View | None = None
        self.pending_now: Any = None
        self.log_lines: list[LogLine] = []
        self.moves: list = []       # the zone events sent (net/wire.py zone_from_wire), in place
        self.step = -1
        self.game_no = 0
        self.sent_at = -1           # the step whose answer (or Undo) is on its way
        self.decision_wire: Any = None      # the last update's decision, as sent
        self.undo_ok = False        # the host lets this seat take back its last answer now
        self.connected: tuple[bool, ...] = ()
        self.stand_ins: tuple[int, ...] = ()
        self.link_up = False        # this window's own connection
        self.notices: list[tuple[str, float]] = []
        self.said: list[tuple[str, float]] = []      # quick messages heard, to show
        self.bot_notes: dict[int, str] = {}
        self.finished = False
        self._finished: tuple | None = None    # (game, replayed Game or None, why not)
        self.kept = False           # the finished game's record is kept on this computer
        self.rematch_from: tuple[int, ...] = ()     # the seats that asked for another game
        self.rematch_asked = -1     # the game after which this seat asked for one
        self.viewer = self.cleared = 0
        self.hint_for: Any = None   # the decision the last hint was asked for
        self._hint: Any = None      # its Hint, once the host's coach sent it (or the fallback)
        self.hint_asked: tuple[int, int] | None = None   # (game, step) asked of the host
        self.host_hints = True      # the host lets its players ask the coach (Welcome)
        self.game = RemoteGame(self)

    # ------------------------------------------------------------------ the network thread

    def start(self) -> RemoteMatch:
        self._thread = threading.Thread(target=self._main, name="doomlings-online",
                                        daemon=True)
        self._thread.start()
        return self

    def _main(self) -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        self._loop = loop
        try:
            loop.run_until_complete(self._run())
        finally:
            loop.close()

    async def _run(self) -> None:
        self._answers = asyncio.Queue()
        sender = asyncio.get_running_loop().create_task(self._send_answers())
        try:
            await self._seat.run()
            self._put("done")
        except Lost as e:
            self._put("lost", str(e), e.code)
        except asyncio.CancelledError:
            pass
        except Exception as e:  # noqa: BLE001 - a server's bytes must never end the window
            log.exception("the online seat failed")
            self._put("lost", f"The connection failed ({type(e).__name__}): the game "
                              "cannot go on here.")
        finally:
            sender.cancel()

    async def _send_answers(self) -> None:
        """Answers and quick messages from the table, sent as they come; an answer the
        connection lost is offered again by the table (`sent_at` is reset when the link
        drops), a quick message is not."""
        assert self._answers is not None
        while True:
            item = await self._answers.get()
            ws = self._seat.ws
            msg = _message(item)
            try:
                if ws is None:
                    raise ConnectionError
                await ws.send(encode(msg), text=True)
            except Exception:  # noqa: BLE001 - the connection went: the answer goes again
                if item[0] in ("answer", "rematch", "undo", "hint"):
                    self._put("unsent", item[1], item[0])

    async def _no_answer(self) -> None:
        return None

    def _put(self, *item: Any) -> None:
        self.inbox.put(item)
        if self.wake is not None:
            try:
                self.wake()
            except Exception:  # noqa: BLE001 - a wake that fails costs half a second at most
                pass

    def _said(self, text: str) -> None:
        self._put("notice", text[:200])

    def _heard(self, msg: Any) -> None:
        """Every decoded message, on the network thread: a snapshot for the window's."""
        s = self._seat
        t = type(msg)
        if t is Welcome:
            self._put("welcome", msg.seat, tuple(msg.modules), lobby_seats(msg.seats),
                      bool(msg.hints))
        elif t is Waiting:
            self._put("waiting", lobby_seats(msg.seats))
        elif t is Refused and msg.about == "hint" and not msg.fatal:
            self._put("hint refused", msg.reason[:300])
        elif t is Refused:
            self._put("refused", msg.reason[:300], msg.fatal)
        elif t is Hinted:
            self._put("hint", msg)
        elif t is Said:
            self._put("said", msg.seat, msg.phrase)
        elif t is Record:
            self._put("record", msg.game, *replayed(msg.record))
        elif t is Update:
            # the client applies it after this call: hand over what it will hold then
            log_ = s.log[:msg.log_at] + list(msg.events) if msg.game == s.game else \
                list(msg.events)
            self._put("update", msg, tuple(log_))

    def stop(self) -> None:
        """Leave: close the connection and end the thread (and the hosted server, if any)."""
        self._stopping = True
        loop = self._loop
        if loop is not None:
            def cancel_all() -> None:      # on the network loop: its tasks end, so does it
                for t in asyncio.all_tasks(loop):
                    t.cancel()
            try:
                loop.call_soon_threadsafe(cancel_all)
            except RuntimeError:
                pass        # its loop has ended already (the game was over)
        if self._thread is not None:
            self._thread.join(10)
        if self.host is not None:
            self.host.stop()

    # ------------------------------------------------------------------ the window's thread

    def tick(self, dt: float = 0.0, may_move: bool = True) -> bool:
        """Take in what the network thread heard; True if the game moved on (a new step)."""
        moved = False
        while True:
            try:
                item = self.inbox.get_nowait()
            except queue.Empty:
                return moved
            moved = self._take(item) or moved

    def _take(self, item: tuple) -> bool:
        kind = item[0]
        if kind == "update":
            return self._take_update(item[1], item[2])
        if kind in ("hint", "hint refused"):
            self._take_hint(kind, item[1])
        elif kind == "trying":
            self.trying = item[1]
        elif kind == "welcome":
            self.trying = ""
            self.me, self.modules, self.lobby = item[1], item[2], item[3]
            self.host_hints = len(item) < 5 or bool(item[4])
            if self.seat_kept:
                remember_seat(self.url, self.room, self.name_asked, over=self.kept_game)
            self.viewer = self.cleared = self.me
            self._make_seats()
            self.link_up = True
            self.sent_at = -1           # an answer lost with the old connection goes again
            self._repend()
            if self.state == "connecting":
                self.state = "lobby"
        elif kind == "waiting":
            self.lobby = item[1]
            self._make_seats()
        elif kind == "refused":
            self.sent_at = -1           # the decision may be answered again
            self._repend()
            if item[2]:
                self._lose(item[1])
                if self.seat_kept and self._seat.token:     # the kept seat refused for
                    forget_seat()       # good (no such room or seat any more); a new one's
                    # refusal (a wrong code) leaves the seat kept before alone
            else:
                self.notices.append((f"The host refused that: {item[1]}", 5))
        elif kind == "unsent":
            if item[2] == "rematch":    # the click may be made again
                self.rematch_asked = -1
            if item[2] == "hint":
                self._hint_fallback(DOWN)
                return False
            self.sent_at = -1 if self.sent_at == item[1] else self.sent_at
            self.link_up = False
            self._repend()
        elif kind == "link":
            self.link_up = bool(item[1])    # dropped: the client connects again by itself
            if not self.link_up:
                self.sent_at = -1
                self._repend()
                self._hint_fallback(DOWN)
        elif kind == "said":
            if 0 <= item[1] < len(self.seats) and 0 <= item[2] < len(PHRASES):
                self.said.append((f"{self.name(item[1])}: {PHRASES[item[2]]}", 4.0))
        elif kind == "record":
            self._finished = item[1:]
        elif kind == "notice":
            self.notices.append((item[1], 5))
        elif kind == "lost":
            self._lose(item[1])
            # the host out of reach for the whole minute (not a refusal): the seat's files
            # are kept, and Play online's Back to room takes it back once the host is there
            self.unreachable = len(item) > 2 and item[2] == UNREACHABLE
        elif kind == "done":
            self.link_up = False
        return False

    def _lose(self, why: str) -> None:
        self.link_up = False
        self._hint_fallback(DOWN)
        if self.state != "over" and not self._stopping:
            self.state, self.problem = "lost", why

    def _make_seats(self) -> None:
        """The table's seats from the lobby's: this window's seat is the human here."""
        if not self.lobby:
            return
        self.seats = [Seat(name_of(s.name, i),     # the host's names are hostile input too
                           "human" if s.kind == "remote" else "bot",
                           "random" if s.kind == "remote" else s.kind)
                      for i, s in enumerate(self.lobby)]
        self.humans = [self.me] if 0 <= self.me < len(self.seats) else []
        self.bots = {i: None for i, s in enumerate(self.lobby) if s.kind != "remote"}
        if self.modules != self.db.modules:
            try:
                self.db = database_for(self.modules)
            except Exception:  # noqa: BLE001 - the Welcome was checked: keep the base cards
                log.warning("unknown modules from the server: %s", self.modules)

    def _take_zones(self, u: Update) -> None:
        """Keep the zone events in the stream's places (a new list for a new game, or when
        the update does not follow on from what is here: the table then reads it quietly)."""
        from doomlings_desktop.net.wire import UNSENT, zone_from_wire

        if u.game != self.game_no or u.zones_at > len(self.moves):
            self.moves = [UNSENT] * u.zones_at
        del self.moves[u.zones_at:]
        self.moves.extend(zone_from_wire(z, len(self.db.cards), len(self.seats))
                          for z in u.zones)

    def _take_update(self, u: Update, lines: tuple) -> bool:
        from doomlings_desktop.net.wire import view_from_wire
        from doomlings_desktop.net.wirecheck import Unreadable, check_update

        try:
            check_update(u.view, u.decision, len(self.db.cards))
            view = view_from_wire(u.view, u.decision, tuple(tuple(x) for x in lines))
        except Unreadable as e:     # a card or seat the game does not have: said in words
            self._lose(f"The host sent a table this program cannot read: {e}.")
            return False
        except Exception as e:  # noqa: BLE001 - a hostile update: said, never a traceback
            self._lose(f"The host sent a table this program cannot read ({type(e).__name__}).")
            return False
        if view.n != len(self.seats) or not 0 <= view.me < view.n:
            self._lose("The host sent a table for another number of players.")
            return False
        # a new step, a new game, or at the same step another decision (the pause for End
        # turn is answered without a step of its own)
        moved = (u.step, u.game, u.decision) != (self.step, self.game_no, self.decision_wire)
        if u.game != self.game_no:
            self._new_game()
        elif u.step < self.step:
            self._seen = None       # taken back: what comes back is no news
        self._take_zones(u)
        self.step, self.game_no = u.step, u.game
        self.view_now = view
        self.log_lines = [LogLine(str(k), str(t)) for k, t in lines]
        self.connected = tuple(u.connected)
        self.stand_ins = tuple(u.stand_ins)
        self.rematch_from = tuple(x for x in u.rematch if 0 <= x < view.n)
        self.decision_wire, self.undo_ok = u.decision, bool(u.undo)
        self.link_up = True
        if moved:
            if self.sent_at >= 0:
                # the reply to this seat's own answer (or Undo): what it did is no news to
                # its player, as a local table looks right after the player's answer
                # (TableScene.apply); here the answer's effects come only now
                self._seen = self._state()
            self.sent_at = -1
        before = self.pending_now
        self._repend()
        if not moved and before is not None and self.hint_for is before:
            self.hint_for = self.pending_now    # the same decision, sent again (a seat came
            # or went): the hint asked for it, or on its way, is still its hint
        self.state = "over" if view.over else "playing"
        if view.over and not self.finished:
            if u.game == self.kept_game:
                self.kept = True        # back at its end screen: kept when it ended
            else:
                self._keep(view)
            if self.seat_kept:          # its end screen may be come back to, for a rematch
                remember_seat(self.url, self.room, self.name_asked, over=u.game)
        self.finished = view.over
        return moved

    def _new_game(self) -> None:
        """A rematch was dealt: this game's own state starts again (the seats' hints, the
        record, the rematch asked), and a joined seat is kept again to be taken back."""
        self.finished = self.kept = False
        self.rematch_from, self.rematch_asked = (), -1
        self.hint_for = self._hint = None
        self.news_again()
        self._make_seats()
        if self.seat_kept:
            remember_seat(self.url, self.room, self.name_asked)
            self._seat._keep_token()

    def _keep(self, view: View) -> None:
        """The game is over: keep its record here (Load game's last game, replayable from
        every seat) and count it in Statistics, if the host's record ends as this seat saw
        the game end."""
        from doomlings_desktop.net.keeping import keep_finished

        got = self._finished
        if got is None or got[0] != self.game_no:
            self.notices.append(("The host sent no record of this game: it is not kept "
                                 "here.", 6))
            return
        game, why = got[1], got[2]
        if game is not None and not (game.over and list(game.winners) == list(view.winners)
                                     and list(game.scores) == list(view.scores)):
            game, why = None, "it does not end as this game did"
        if game is None:
            self.notices.append((f"The host's record of this game cannot be kept ({why}).", 6))
            return
        if not self.keeps_record:
            return              # kept by the first seat played here (net/seatshere.py)
        self.kept = keep_finished(game, self.seat_dicts(), here=(self.me, *self.here_too))

    def _repend(self) -> None:
        """The decision the table shows: this seat's own until its answer is sent, else
        whose the game waits for."""
        v = self.view_now
        if v is None or v.over:
            self.pending_now = None
        elif v.decision is not None and self.sent_at != self.step:
            self.pending_now = v.decision
        elif v.waiting_for is not None:
            self.pending_now = Waits(v.waiting_for)
        else:
            self.pending_now = None

    # ------------------------------------------------------------------ what the table asks

    @property
    def here(self) -> tuple[int, ...]:
        """The seats played at this window (net/seatshere.py holds several)."""
        return (self.me,) if self.me >= 0 else ()

    def name(self, seat: int) -> str:
        return self.seats[seat].name if 0 <= seat < len(self.seats) else f"Player {seat + 1}"

    def my_decision(self) -> Any:
        d = self.pending_now
        return d if d is not None and not isinstance(d, Waits) else None

    def view(self) -> View:
        assert self.view_now is not None
        return self.view_now

    def apply(self, answer: Any) -> str | None:
        """Send the answer to the pending decision; returns why not, or None if sent. The
        host checks it again: a refusal comes back as a notice and the decision returns."""
        d = self.my_decision()
        if d is None:
            return "It is not your decision."
        if self.state == "lost":
            return self.problem
        ok = answer in d.options or (d.kind == "react" and answer == "pass")
        if not ok or not (type(answer) is str or type(answer) is int):
            return "That is not one of the answers."
        loop, q = self._loop, self._answers
        if loop is None or q is None or not loop.is_running():
            return "Not connected: the answer cannot be sent."
        self.sent_at = self.step
        loop.call_soon_threadsafe(q.put_nowait, ("answer", self.step, self.game_no, answer))
        self._repend()
        return None

    def can_undo(self) -> bool:
        """Undo is offered as at a local table, where the host allows it: for this seat's own
        last answer, while nothing was revealed and no other seat has acted (the host says
        so in each update, and checks it again when the Undo comes)."""
        return self.undo_ok and self.state == "playing" and self.my_decision() is not None

    def undo(self) -> bool:
        """Ask the host to take back this seat's last answer; True if it was sent (the table
        shows the game as it comes back; a refusal comes back as a notice)."""
        loop, q = self._loop, self._answers
        if not self.can_undo() or loop is None or q is None or not loop.is_running():
            return False
        self.sent_at = self.step        # the decision is not offered while the Undo travels
        loop.call_soon_threadsafe(q.put_nowait, ("undo", self.step, self.game_no))
        self._repend()
        return True

    def say(self, phrase: int) -> bool:
        """Send a quick message (`PHRASES[phrase]`) to the table; False if it cannot go."""
        loop, q = self._loop, self._answers
        if not 0 <= phrase < len(PHRASES) or loop is None or q is None or not self.link_up:
            return False
        loop.call_soon_threadsafe(q.put_nowait, ("say", phrase))
        return True

    def is_connected(self, seat: int) -> bool:
        """Whether that seat's player is at the table now (bots always are)."""
        if seat == self.me:
            return self.link_up
        if 0 <= seat < len(self.connected):
            return self.connected[seat]
        return 0 <= seat < len(self.lobby) and self.lobby[seat].connected

    def stood_in(self, seat: int) -> bool:
        """A bot plays this seat until its player is back."""
        return seat in self.stand_ins

