"""After the game, "What decided this game?": for each human seat, the two or three decisions
where the coach's answer would have gained the most over the answer the player gave.

A decision is measured as the coach measures a play (`coach._gain`): the seat's score change
right after the answer, averaged over worlds the seat could imagine then. Both answers are
played out in the same worlds (the coach's generator for that decision), so the difference
is the answers' and not the luck of two samples. Everything is read through `view_for` and a
`WorldSampler` for the seat, as the coach reads it during play: the review tells nothing the
player could not see then (tests/test_review.py swaps the hidden cards at every decision and
gets the same review).

It stays cheap: every decision of the seat with a choice is screened by the points of its
options (a few milliseconds), and the Hard bot is asked only where some option beat the
answer given by half a point or more, most promising first, until no decision left could
change the seat's top three, and at most `ASKED` times a seat (fewer with many humans), with
a fixed number of simulations (the same review on any machine). On this 2-core machine a
4-player game reviews in 1-4 s, six humans of a long game in about 7 s, on a worker thread
(`ReviewJob`), so the window keeps drawing.
"""

from __future__ import annotations

import hashlib
import json
import logging
import random
import threading
from dataclasses import dataclass
from typing import Any

from doomlings_desktop.names import name_of
from doomlings_desktop.play.coach import Coach, _gain, _label
from doomlings_desktop.rules.cards import Database
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.record import check_record, replay
from doomlings_desktop.rules.view import view_for
from doomlings_desktop.rules.worlds import WorldSampler

NOISE = 0.5          # points: a smaller difference is no lesson
KEEP = 3             # decisions shown per seat
ASKED = 5            # decisions per seat the Hard bot is asked about (the most promising)
ASKED_GAME = 18      # and in the whole game: six humans get three each
SCREENED = 120       # decisions per seat screened at most (a long game's first ones)
ITERATIONS = 120     # the Hard bot's simulations per decision asked (budget None: reproducible)
MATCHED = "Your choices matched the coach's: none would have gained half a point more."


@dataclass(frozen=True)
class Moment:
    """One decision that mattered: where it is in the record and what it cost."""

    seat: int
    at: int                 # answers before it: `replay(record, db, upto=at)` has it pending
    round: int              # the round it came in (ages and catastrophes revealed so far)
    played: str             # the answer given, in words
    coach: str              # the coach's answer, in words
    played_gain: float      # points the answer given added at once (average over worlds)
    coach_gain: float
    text: str               # one sentence for the player

    @property
    def points(self) -> float:
        return self.coach_gain - self.played_gain


@dataclass(frozen=True)
class SeatReview:
    """A human seat's review: its moments, largest first (none: `MATCHED` says so)."""

    seat: int
    name: str
    moments: tuple[Moment, ...]

    @property
    def summary(self) -> str:
        return MATCHED if not self.moments else ""


def _pts(x: float) -> str:
    n = round(x)
    return f"{'+' if n >= 0 else '−'}{abs(n)} now"


def _did(kind: str, answer: Any, label: str) -> str:
    if answer == "pass":
        return "you passed"
    if kind in ("play", "react"):
        return f"you played {label}"
    return f"you chose '{label}'" if isinstance(answer, str) else f"you chose {label}"


def _screen(game: Game, seat: int, answer: Any, salt: int) -> tuple[float, float]:
    """The points the answer given added at once and the most any legal answer would have,
    in the same imagined worlds: the coach's answer can gain no more than that most."""
    sampler = WorldSampler(game, seat)
    given = _gain(sampler, seat, answer, random.Random(salt))
    best = max(_gain(sampler, seat, o, random.Random(salt))
               for o in game.pending.options if o != answer)
    return given, max(given, best)


def _moment(game: Game, seat: int, answer: Any, coach: Coach, given: float) -> Moment | None:
    """The coach's answer to the seat's decision, and what it would have gained over the
    answer given (None if no more than noise)."""
    d = game.pending
    hint = coach.hint(game, seat)
    if hint.answer == answer:
        return None
    better = _gain(WorldSampler(game, seat), seat, hint.answer, random.Random(coach.salt(game)))
    if better - given < NOISE:
        return None
    view = view_for(game, seat, with_log=False)
    rnd = sum(len(e) for e in view.eras)
    db = game.db
    played, alt = _label(db, game, answer), _label(db, game, hint.answer)
    where = f"Round {rnd}" if d.kind == "play" else f"Round {rnd} ({d.prompt})"
    alt_words = "passing" if hint.answer == "pass" else alt
    diff = round(better - given)
    text = (f"{where}: {_did(d.kind, answer, played)} ({_pts(given)}); {alt_words} "
            f"({_pts(better)}) would have been {diff} point{'s' if diff != 1 else ''} better.")
    return Moment(seat, len(game.answers), rnd, played, alt, given, better, text)


def _asks(seats: list, seat: int, kind: str) -> bool:
    """Whether the answer was the player's own: an out-of-turn offer to a seat that asked
    not to be offered was passed by the table."""
    s = seats[seat] if seat < len(seats) else {}
    return kind != "react" or not isinstance(s, dict) or s.get("ask", True) is not False


def review_record(record: dict, db: Database, iterations: int = ITERATIONS) -> list[SeatReview]:
    """Each human seat's review of a finished game's record (RecordError if it does not
    replay). Deterministic: the same record gives the same review."""
    use, answers = check_record(record, db)
    seats = record["seats"]
    humans = [i for i, s in enumerate(seats) if isinstance(s, dict) and s.get("kind") == "human"]
    g = replay(record, db, upto=0, log=False)
    coach = Coach(use, seed=record["seed"], budget=None, iterations=iterations)
    found: dict[int, list[tuple[float, int, Game, Any, float]]] = {s: [] for s in humans}
    screened = dict.fromkeys(humans, 0)
    for a in answers:
        d = g.pending
        if d is not None and d.player in found and len(d.options) > 1 \
                and screened[d.player] < SCREENED and _asks(seats, d.player, d.kind):
            screened[d.player] += 1
            given, best = _screen(g, d.player, a, coach.salt(g))
            if best - given >= NOISE:
                found[d.player].append((best - given, len(g.answers), g.clone(), a, given))
        g.apply(a)
    out = []
    asked = min(ASKED, max(KEEP, ASKED_GAME // max(1, len(humans))))
    for s in humans:
        moments: list[Moment] = []
        for gap, _, pos, a, given in sorted(found[s], key=lambda f: (-f[0], f[1]))[:asked]:
            # a decision can cost no more than its gap: once KEEP moments cost at least the
            # next gap, no decision left can displace them (the Hard bot is the slow part)
            if len(moments) >= KEEP and moments[KEEP - 1].points >= gap:
                break
            m = _moment(pos, s, a, coach, given)
            if m is not None:
                moments.append(m)
                moments.sort(key=lambda m: (-m.points, m.at))
        out.append(SeatReview(s, name_of(seats[s].get("name"), s), tuple(moments[:KEEP])))
    return out


_memo: list = []        # [key, review]: the last game's review, so reopening costs nothing


def _key(record: dict) -> str:
    return hashlib.sha1(json.dumps(record, sort_keys=True).encode()).hexdigest()


class ReviewJob:
    """A review worked out on a worker thread; `poll` gives it when ready. The last game's
    review is remembered, so asking again for the same record is instant."""

    def __init__(self, record: dict, db: Database) -> None:
        self.record = record
        self.result: list[SeatReview] | None = None
        self.failed = False
        key = _key(record)
        if _memo and _memo[0] == key:
            self.result = _memo[1]
            return

        def work() -> None:
            try:
                got = review_record(record, db)
                _memo[:] = [key, got]
                self.result = got
            except Exception:  # noqa: BLE001 - a review is help: it says it failed, no more
                logging.getLogger(__name__).exception("the game review failed")
                self.failed = True

        threading.Thread(target=work, daemon=True).start()

    @property
    def done(self) -> bool:
        return self.result is not None or self.failed

    def poll(self) -> list[SeatReview] | None:
        return self.result
