"""After the game, "What decided this game?": for each human seat, the two or three decisions
where the coach's judge, looking deeper, finds the answer given clearly worse.

One judge: the hint and the review use the same evaluation, the Hard bot's search
(bots/hard.py) scored by the bots' evaluation. The review's look is deeper (DEEP times the
simulations, other worlds) and it flags a decision only when the better answer's extra chance
to win has a 95% interval above zero (paired worlds: `HardBot.last_results`). A move the quick
hint recommended is flagged only then, and the text says so ('the quick hint preferred X; a
deeper look prefers Y by about N points'). Everything is read through `view_for` and a
`WorldSampler` for the seat, as the coach reads it during play: the review tells nothing the
player could not see then (tests/test_review.py swaps the hidden cards at every decision and
gets the same review).

It stays cheap: every decision of the seat with a choice is screened by the points of its
options at once (a few milliseconds: `coach._gain`), and the judge is asked only where some
option beat the answer given by half a point or more, most promising first, and where the
seat's chance to win fell most across its answer (`swings.course`), at most `ASKED` times a
seat (fewer with many humans), with a fixed number of simulations (the same review on
any machine), on a worker thread (`ReviewJob`), so the window keeps drawing.
"""

from __future__ import annotations

import hashlib
import json
import logging
import random
import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from doomlings_desktop.bots import make_bot
from doomlings_desktop.bots.hard import ITERATIONS as HARD_ITERATIONS
from doomlings_desktop.names import name_of
from doomlings_desktop.play.coach import Coach, _gain, _label, measure, points_words
from doomlings_desktop.play.interval import T975, Z, mean_interval  # noqa: F401 (tests)
from doomlings_desktop.play.swings import LEAST, Course, course
from doomlings_desktop.rules.cards import Database
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.record import check_record, replay
from doomlings_desktop.rules.view import view_for
from doomlings_desktop.rules.worlds import WorldSampler

NOISE = 0.5          # points: a smaller difference is no lesson
KEEP = 3             # decisions shown per seat
ASKED = 3            # decisions per seat the deeper look is asked about (the most promising)
ASKED_GAME = 12      # and in the whole game: six humans get two each
SCREENED = 120       # decisions per seat screened at most (a long game's first ones)
ITERATIONS = None    # the quick look: the live hint's own simulations (by table size, budget
#                      None: the hint the player saw, unless a slow machine cut it short)
DEEP = 1.5           # the deeper look runs on to this many times the quick hint's simulations
MATCHED = ("No choice of yours cost a clear chance to win: a deeper look found none it "
           "preferred with 95% confidence.")


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
    chance: float = 0.0     # the deeper look: how much more chance to win the better answer
    low: float = 0.0        # gave, and the 95% interval of that (low > 0: significant)
    high: float = 0.0
    hinted: bool = False    # the answer given was the quick hint's

    @property
    def points(self) -> float:
        return self.coach_gain - self.played_gain


@dataclass(frozen=True)
class SeatReview:
    """A human seat's review: its moments, largest first (none: `MATCHED` says so)."""

    seat: int
    name: str
    moments: tuple[Moment, ...]
    course: Course | None = None    # the chances over the game and the moments by anyone

    @property
    def summary(self) -> str:
        return MATCHED if not self.moments else ""


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


def _interval(best: list[float], played: list[float]) -> tuple[float, float, float]:
    """The mean paired difference of two answers' rewards (the same worlds) and its 95%
    interval (Student's t: an answer the race dropped early has only a few worlds)."""
    m = min(len(best), len(played))
    return mean_interval([x - y for x, y in zip(best[:m], played[:m], strict=True)])


def deeper(game: Game, seat: int, answer: Any, salt: int,
           iterations: int) -> tuple[Any, Any, float, float, float]:
    """The deeper look: the quick hint's own search (the same seed and worlds) run on to DEEP
    times its simulations. Its answer, the quick hint's (where the search stood after
    `iterations`), and how much more chance to win its answer gives than `answer`, with the
    95% interval of that difference (paired worlds)."""
    view = view_for(game, seat, with_log=False)
    bot = make_bot("hard", salt, db=game.db, budget=None, iterations=int(DEEP * iterations))
    bot.checkpoint = iterations
    best = bot.decide(view, WorldSampler(game, seat))
    res = bot.last_results
    quick = bot.checkpoint_answer if bot.checkpoint_answer is not None else best
    if best == answer or answer not in res or best not in res:
        return best, quick, 0.0, 0.0, 0.0
    return (best, quick, *_interval(res[best], res[answer]))


def _moment(game: Game, seat: int, answer: Any, coach: Coach, given: float) -> Moment | None:
    """The decision as the deeper look judges it: a moment only if its answer beats the one
    given and the 95% interval of the difference in chance to win excludes zero (None
    otherwise). An answer the quick hint gave is flagged only then, and the text says so."""
    d = game.pending
    best, quick, gap, low, high = deeper(game, seat, answer, coach.salt(game),
                                         coach.iterations or HARD_ITERATIONS.get(game.n, 600))
    if best == answer or low <= 0:
        return None
    hinted = quick == answer
    salt = coach.salt(game)
    better_picks: list[tuple[int, int]] = []
    better_got, better_sure = measure(WorldSampler(game, seat), seat, best, random.Random(salt),
                                      picks=better_picks)
    better = sum(better_got) / len(better_got)
    # the points in the hint's own words and worlds: hedged where they hang on hidden cards
    # or on the player's own next pick
    given_picks: list[tuple[int, int]] = []
    given_got, given_sure = measure(WorldSampler(game, seat), seat, answer, random.Random(salt),
                                    picks=given_picks)
    given_words = "" if answer == "pass" \
        else f" ({points_words(given_got, given_sure, given_picks)})"
    better_words = "" if best == "pass" \
        else f" ({points_words(better_got, better_sure, better_picks)})"
    view = view_for(game, seat, with_log=False)
    rnd = sum(len(e) for e in view.eras)
    db = game.db
    played, alt = _label(db, game, answer), _label(db, game, best)
    where = f"Round {rnd}" if d.kind == "play" else f"Round {rnd} ({d.prompt})"
    alt_words = "passing" if best == "pass" else alt
    pts = chance_points(gap)
    text = (f"{where}: {_did(d.kind, answer, played)}{given_words}; {alt_words}"
            f"{better_words} gave about {pts} more chance to win "
            f"(95%: {_pct(low)} to {_pct(high)}).")
    if hinted:
        text += (f" The quick hint preferred {played}; a deeper look prefers {alt_words} "
                 f"by about {pts}.")
    return Moment(seat, len(game.answers), rnd, played, alt, given, better, text,
                  gap, low, high, hinted)


def chance_points(gap: float) -> str:
    """A flagged choice's cost in points of chance to win, never "0" (it was flagged because
    its interval is above zero) and never "1 points"."""
    n = max(1, round(100 * gap))
    return f"{n} point{'s' if n != 1 else ''}"


def _pct(x: float) -> str:
    """An interval's end in points of chance: a tenth where it is small, so a flagged
    choice's lower end above zero does not read "0"."""
    return f"{100 * x:.1f}" if abs(100 * x) < 10 else f"{100 * x:.0f}"


def _asks(seats: list, seat: int, kind: str) -> bool:
    """Whether the answer was the player's own: an out-of-turn offer to a seat that asked
    not to be offered was passed by the table."""
    s = seats[seat] if seat < len(seats) else {}
    return kind != "react" or not isinstance(s, dict) or s.get("ask", True) is not False


Progress = Callable[[str, float], None]     # what is being done, and how much of it is done


def _quiet(what: str, done: float) -> None:
    pass


def review_record(record: dict, db: Database, iterations: int | None = ITERATIONS,
                  progress: Progress = _quiet) -> list[SeatReview]:
    """Each human seat's review of a finished game's record (RecordError if it does not
    replay). Deterministic: the same record gives the same review. `progress(what, done)`
    hears what it is doing and the share done (0 to 1): a review takes half a minute or more
    on a slow computer, and a player should see it move. The shares follow the work's cost
    as measured (the deeper looks take about 80% of it)."""
    use, answers = check_record(record, db)
    seats = record["seats"]
    humans = [i for i, s in enumerate(seats) if isinstance(s, dict) and s.get("kind") == "human"]
    g = replay(record, db, upto=0, log=False)
    coach = Coach(use, seed=record["seed"], budget=None, iterations=iterations)
    found: dict[int, list[tuple[float, int, Game, Any, float]]] = {s: [] for s in humans}
    screened = dict.fromkeys(humans, 0)
    for i, a in enumerate(answers):
        progress("Replaying the game", 0.15 * i / len(answers))
        d = g.pending
        if d is not None and d.player in found and len(d.options) > 1 \
                and screened[d.player] < SCREENED and _asks(seats, d.player, d.kind):
            screened[d.player] += 1
            given, best = _screen(g, d.player, a, coach.salt(g))
            found[d.player].append((best - given, len(g.answers), g.clone(), a, given))
        g.apply(a)
    out = []
    asked = max(1, min(ASKED, ASKED_GAME // max(1, len(humans))))
    share = 0.85 / max(1, len(humans))
    for k, s in enumerate(humans):
        at = 0.15 + k * share
        progress("Following each player's chance to win", at)
        seen = course(record, db, s)
        moments: list[Moment] = []
        chosen = _candidates(found[s], seen, s, asked)
        for j, (_, _, pos, a, given) in enumerate(chosen):
            progress(f"A deeper look at {name_of(seats[s].get('name'), s)}'s choices: "
                     f"{j + 1} of {len(chosen)}", at + share * (0.1 + 0.9 * j / len(chosen)))
            m = _moment(pos, s, a, coach, given)
            if m is not None:
                moments.append(m)
                moments.sort(key=lambda m: (-m.chance, m.at))
        examined = {c[1] for c in chosen}
        out.append(SeatReview(s, name_of(seats[s].get("name"), s), tuple(moments[:KEEP]),
                              told(seen, s, examined, {m.at for m in moments})))
    progress("Done", 1.0)
    return out


def _candidates(found: list, seen: Course, seat: int, asked: int) -> list:
    """The decisions the deeper look is asked about: the most promising by points at once
    (an option beat the answer given by NOISE or more), and one whose cost shows only later:
    the largest fall of the seat's own chance to win across its answer (the course), so a
    move that scores the same at once but loses the game is looked at too. Of those falls,
    the ones listed under the chart come first: each then says what the deeper look found."""
    by_gap = [f for f in sorted(found, key=lambda f: (-f[0], f[1])) if f[0] >= NOISE]

    def fall(f: tuple) -> float:
        return seen.chances[f[1]][seat] - seen.chances[f[1] + 1][seat]

    listed = _own_falls(seen, seat)
    by_fall = [f for f in sorted(found, key=lambda f: (f[1] not in listed, -fall(f), f[1]))
               if fall(f) >= LEAST or f[1] in listed]
    chosen = by_gap[:max(1, asked - 1)]
    for f in by_fall + by_gap:
        if len(chosen) >= asked:
            break
        if all(f[1] != c[1] for c in chosen):
            chosen.append(f)
    return chosen


def _own_falls(seen: Course, seat: int) -> set[int]:
    """The seat's own moves listed under the chart after which its chance to win fell."""
    return {s.at for s in seen.swings if s.who == seat and s.change[seat] < 0}


def told(seen: Course, seat: int, examined: set[int], flagged: set[int]) -> Course:
    """The course, each of the seat's own listed moves that lowered its chance to win saying
    what the deeper look made of that choice. A swing compares the positions before and
    after a move, not the move with the other answers: a player who followed the hint and
    read "You played X: your chance to win fell 23 points" took it for the coach
    contradicting itself, when no answer there did better."""
    out = []
    for s in seen.swings:
        if s.at in examined and s.at in _own_falls(seen, seat):
            tail = ("a deeper look prefers another answer (below)" if s.at in flagged
                    else "no other answer there did clearly better")
            s = replace(s, text=f"{s.text.rstrip('.')}; {tail}.")
        out.append(s)
    return replace(seen, swings=tuple(out))


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
        self.stage = ("Replaying the game", 0.0)    # what the worker does, and the share done
        key = _key(record)
        if _memo and _memo[0] == key:
            self.result = _memo[1]
            return

        def work() -> None:
            try:
                got = review_record(record, db, progress=self._heard)
                _memo[:] = [key, got]
                self.result = got
            except Exception:  # noqa: BLE001 - a review is help: it says it failed, no more
                logging.getLogger(__name__).exception("the game review failed")
                self.failed = True

        threading.Thread(target=work, daemon=True).start()

    def _heard(self, what: str, done: float) -> None:
        self.stage = (what, done)       # one tuple, replaced whole: the UI reads it unlocked

    @property
    def done(self) -> bool:
        return self.result is not None or self.failed

    def poll(self) -> list[SeatReview] | None:
        return self.result
