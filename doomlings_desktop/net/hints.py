"""The coach online: the host thinks for a seat and sends it the hint.

Why the host: the coach (play/coach.py) searches worlds drawn by a `WorldSampler`, a clone of
the whole `Game` with the cards the seat cannot see dealt again, and only the host has the
whole game (a client's View leaves out the engine's work stack and much state: docs/online.md).
So a remote seat's hint is the one a local `Match` gives that seat: `Coach.hint` on the room's
game, which reads only the seat's View and its sampler (tests/test_coach.py: two positions that
differ in hidden cards give the same hint) and names only cards the seat has seen
(play/because.py's `Sight`). Its generator is seeded from the room's own random salt
(`Room.hint_salt`), never from the game's secret seed.

What it may cost the host, per `HintPolicy`: at most `workers` coach runs at once (one by
default: the bots and every other room go on beside it), each within `budget` seconds of
search (the app's 0.9 s); one run per seat and decision (asked again, the same hint is sent
from `done`); at most `per_minute` runs a seat a minute and `queued` waiting in all. The run
is on a worker thread of the desk's own pool, on a clone of the game: if the room's game moved
on before it finishes, its hint is dropped.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from doomlings_desktop.net.protocol import MAX_WHY, AskHint, Hinted
from doomlings_desktop.net.room import Refusal, Room
from doomlings_desktop.play.coach import Coach, Hint
from doomlings_desktop.rules.engine import Game

log = logging.getLogger(__name__)
HintKey = tuple[str, int, int, int]     # room code, its game number, step, seat


@dataclass(frozen=True)
class HintPolicy:
    """What a server lets its players ask of the coach (`doomlings serve --hints`)."""

    allowed: bool = True
    budget: float | None = 0.9      # seconds of search a hint (None: `iterations`, for tests)
    iterations: int | None = None
    workers: int = 1                # coach runs at once, for the whole server
    per_minute: int = 20            # coach runs a seat a minute
    queued: int = 8                 # coach runs asked and not finished, for the whole server


def think(game: Game, seat: int, salt: int, policy: HintPolicy) -> tuple[Hint, float]:
    """The coach's hint for `seat` on `game` (a clone the host's loop no longer touches), and
    the CPU seconds it took this thread. Run on the desk's worker thread."""
    t0 = time.thread_time()
    coach = Coach(game.db, seed=salt, budget=policy.budget, iterations=policy.iterations)
    hint = coach.hint(game, seat)
    return hint, time.thread_time() - t0


def hinted(step: int, game_no: int, hint: Hint) -> Hinted:
    """The message for a hint (its sentence cut to what the schema lets through)."""
    gain = hint.gain
    if gain is not None and not -1000 <= gain <= 1000:
        gain = None
    why = hint.why if len(hint.why) <= MAX_WHY else hint.why[:MAX_WHY - 3] + "..."
    return Hinted(step=step, game=game_no, answer=hint.answer, why=why, gain=gain)


class HintDesk:
    """The server's coach: its worker pool, the hints given for the decisions pending now, the
    runs in progress and each seat's runs of the last minute. Used on the server's loop only
    (the pool's threads see nothing but the clone they are given)."""

    def __init__(self, policy: HintPolicy | None = None) -> None:
        self.policy = policy or HintPolicy()
        self._pool: ThreadPoolExecutor | None = None
        # the hint given for each decision pending now, with that decision (a game taken back
        # and played again may reach the same step with another decision: not its hint)
        self.done: dict[HintKey, tuple[Any, Hinted]] = {}
        self.running: set[HintKey] = set()
        self.futures: set[Any] = set()     # the runs' asyncio futures, cancelled on close
        self._runs: dict[tuple[str, int], deque[float]] = {}
        self.runs = 0                   # coach runs finished (tests, figures)
        self.cpu = 0.0                  # ...and their CPU seconds on the worker threads
        self.dropped = 0                # runs whose game moved on before they finished

    @property
    def pool(self) -> ThreadPoolExecutor:
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max(1, self.policy.workers),
                                            thread_name_prefix="doomlings-coach")
        return self._pool

    def busy(self, code: str, seat: int, now: float) -> tuple[str, float] | None:
        """Why a new coach run for this seat must wait, and for how long; None if it may go."""
        if len(self.running) >= self.policy.queued:
            return "The host's coach is busy with other hints: try again in a moment.", 2.0
        runs = self._runs.setdefault((code, seat), deque())
        while runs and now - runs[0] >= 60.0:
            runs.popleft()
        if len(runs) >= self.policy.per_minute:
            wait = 60.0 - (now - runs[0]) if runs else 60.0
            return (f"At most {self.policy.per_minute} hints a minute: the next in "
                    f"{max(1, round(wait))} s.", round(wait, 1))
        return None

    def started(self, key: HintKey, now: float) -> None:
        self.running.add(key)
        self._runs.setdefault((key[0], key[3]), deque()).append(now)

    def given(self, key: HintKey, decision: Any) -> Hinted | None:
        """The hint already thought for this very decision, if any."""
        got = self.done.get(key)
        return got[1] if got is not None and got[0] is decision else None

    def finished(self, key: HintKey, msg: Hinted | None, cpu: float,
                 decision: Any = None) -> None:
        """A run is over; its hint (None: dropped or failed) answers `decision` from now
        on, and the room's hints for other decisions are forgotten."""
        self.running.discard(key)
        self.runs += 1
        self.cpu += cpu
        if msg is None:
            self.dropped += 1
            return
        for k in [k for k in self.done if k[0] == key[0]]:
            del self.done[k]
        self.done[key] = (decision, msg)

    def forget(self, code: str) -> None:
        """A room closed: its hints and counts go."""
        for k in [k for k in self.done if k[0] == code]:
            del self.done[k]
        for k in [k for k in self._runs if k[0] == code]:
            del self._runs[k]

    def close(self) -> None:
        """The server stops (on its loop): runs not finished are let go."""
        for f in self.futures:
            f.cancel()
        self.futures.clear()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def submit(desk: HintDesk, loop: Any, game: Game, seat: int, salt: int) -> Any:
    """Start a coach run on the desk's pool for a clone of `game`: an asyncio future of
    (Hint, cpu seconds)."""
    return loop.run_in_executor(desk.pool, think, game.clone(), seat, salt, desk.policy)


class Hinting:
    """The server's side of hints (a part of net/server.py's `Server`, kept here with the
    desk it drives): the AskHint gate and the run's end."""

    hints: HintDesk
    rooms: dict[str, Room]
    conns: dict[tuple[str, int], Any]

    def _refuse(self, conn: Any, reason: str, fatal: bool = False, retry_after: float = 0.0,
                about: str = "", counted: bool = True) -> None:
        raise NotImplementedError

    def hints_allowed(self, room: Room) -> bool:
        """The server's option and the room's host both let its players ask the coach."""
        return self.hints.policy.allowed and room.hints

    def _hint(self, conn: Any, msg: AskHint) -> None:
        """A player asks the coach about their own pending decision: refused (a sentence,
        `about` "hint", nothing changes), answered from the hint already thought for it, or
        thought on the desk's pool and sent when ready (`_hinted`)."""
        room = conn.room
        try:
            if room is None:
                raise Refusal("Say hello first: join a room, then ask for a hint.")
            if not self.hints_allowed(room):
                raise Refusal("The host does not allow hints in this game.")
            d = room.hint_question(conn.seat, msg.step, msg.game)
            key: HintKey = (room.code, room.games, msg.step, conn.seat)
            given = self.hints.given(key, d)
            if given is not None:
                conn.send(given)        # asked again: the same hint, no new run
                return
            if key in self.hints.running:
                raise Refusal("The coach is still thinking about this decision: its hint "
                              "comes when it is ready.")
        except Refusal as e:
            self._refuse(conn, str(e), about="hint")
            return
        now = time.monotonic()
        wait = self.hints.busy(room.code, conn.seat, now)
        if wait is not None:
            self._refuse(conn, wait[0], retry_after=wait[1], about="hint", counted=False)
            return
        g = room.game
        self.hints.started(key, now)
        future = submit(self.hints, asyncio.get_running_loop(), g, conn.seat, room.hint_salt)
        self.hints.futures.add(future)
        future.add_done_callback(lambda f: self._hinted(room, g, d, key, f))

    def _hinted(self, room: Room, g: Any, d: Any, key: HintKey, future: Any) -> None:
        """A coach run is over (on the loop): its hint goes to the seat's connection now,
        unless the room's game moved on meanwhile (then it is dropped)."""
        self.hints.futures.discard(future)
        if future.cancelled():
            self.hints.finished(key, None, 0.0)
            return
        error = future.exception()
        if error is not None:
            self.hints.finished(key, None, 0.0)
            log.error("room %s: the coach failed for seat %d", room.code, key[3],
                      exc_info=error)
            conn = self.conns.get((room.code, key[3]))
            if conn is not None:
                self._refuse(conn, "The coach could not work this one out.", about="hint",
                             counted=False)
            return
        hint, cpu = future.result()
        if (self.rooms.get(room.code) is not room or room.game is not g or g.pending is not d
                or room.step != key[2] or room.games != key[1]):
            self.hints.finished(key, None, cpu)     # moved on: the hint answers nothing now
            return
        msg = hinted(key[2], key[1], hint)
        self.hints.finished(key, msg, cpu, d)
        conn = self.conns.get((room.code, key[3]))
        if conn is not None:
            conn.send(msg)

