"""A game being played: the game, who sits in each seat, the bots thinking off the caller's
thread at a pace, autosave, undo, statistics, and the pass-and-play privacy policy.

No pygame here: the table draws a Match and turns clicks into `apply`, and tests drive a whole
game through it without a window. The table calls `tick(dt)` once a frame; everything else is
a plain method call. What the table should tell the player (a save that failed, an undo that
could not be done) comes back as `notices`, which the table shows and clears.
"""

from __future__ import annotations

import logging
import random
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from doomlings_desktop.bots import make_bot
from doomlings_desktop.names import name_of
from doomlings_desktop.play.ahead import Ahead
from doomlings_desktop.play.hinting import MatchHints
from doomlings_desktop.play.pace import bot_wait as paced_wait
from doomlings_desktop.play.previews import Previews
from doomlings_desktop.play.standing import StandIn
from doomlings_desktop.play.story import Storyteller
from doomlings_desktop.play.told import restore as restore_told
from doomlings_desktop.play.told import to_save as told_to_save
from doomlings_desktop.rules.cards import database_for
from doomlings_desktop.rules.engine import Decision, Game, IllegalAnswer
from doomlings_desktop.rules.events import (
    AgeBegun,
    FirstPlayer,
    RoundEnded,
    TurnBegun,
    WorldEndBegun,
    WorldEndEffect,
    events_for,
)
from doomlings_desktop.rules.record import RecordError, make_record, replay
from doomlings_desktop.rules.state import KEEP_PAUSE
from doomlings_desktop.rules.view import View, public_view, seen_by_all, view_for
from doomlings_desktop.storage.jsonfile import signature


@dataclass
class Seat:
    """Who plays a seat. A bot seat has a level; a human seat may ask not to be offered
    out-of-turn plays (so the table never shows who holds such a card), and in pass-and-play
    has a standing answer for the offers that come while another player has the screen."""

    name: str
    kind: str = "human"        # human or bot
    level: str = "random"
    ask_out_of_turn: bool = True
    hints: int = 0             # the coach's hints this seat has asked for in this game
    standing: str = "pays"     # pass-and-play's answer to an offer off-screen (standing.py)

    def as_dict(self) -> dict:
        d = {"name": self.name, "kind": self.kind, "level": self.level,
             "ask": self.ask_out_of_turn}
        if self.hints:
            d["hints"] = self.hints
        if self.standing != "pays":
            d["standing"] = self.standing
        return d


# what the game does next, past a move: a line after one of these is not the move's own
BOUNDARIES = (TurnBegun, RoundEnded, AgeBegun, FirstPlayer, WorldEndBegun, WorldEndEffect)
REPLAY_REFUSED = ("Replays of unfinished pass-and-play games would show hands: "
                  "finish the game first")


def replay_seats(kinds: list[str], over: bool) -> list[int]:
    """The seats a game record may be replayed from; none means no replay at all.

    A replay can step to the last answer, where the hands are the ones still in play. A
    finished game or a game of bots hides nothing from anyone, so every seat may be watched;
    an unfinished game with one human shows only that human's own hands; an unfinished
    pass-and-play game would show each human the others' current hands, so it is refused."""
    humans = [i for i, k in enumerate(kinds) if k == "human"]
    if over or not humans:
        return list(range(len(kinds)))
    return humans if len(humans) == 1 else []


# A notice that is good news, not a refusal: the table draws it as such (the tryout's
# "kept as 'Unfinished game ...'" came in a refusal's red, as if something had gone wrong)
KEPT_NOTICE = "Your other game in progress is kept as"
GOOD_NOTICES = (KEPT_NOTICE,)


@dataclass
class Since:
    """What changed since a human last looked at the table: the log lines as they may read
    them, and the traits that came into or left each pile (public: piles are face up)."""

    lines: list[tuple[str, str]]
    gained: list[tuple[int, int]]       # (seat, card) now in that seat's pile
    lost: list[tuple[int, int]]         # (seat, card) gone from that seat's pile
    gene_pools: list[tuple[int, int, int]] = field(default_factory=list)   # seat, was, is

    def __bool__(self) -> bool:
        return bool(self.lines or self.gained or self.lost or self.gene_pools)


def _seen_state(g: Game, log: bool = True) -> tuple[int, tuple[tuple[int, ...], ...],
                                                      tuple[int, ...]]:
    """What `Match.since` compares: the log's length, each pile, each gene pool (all public:
    piles are face up, and every gene pool card shows its value)."""
    return (len(g.log or ()) if log else 0, tuple(tuple(p.pile) for p in g.players),
            tuple(p.gp for p in g.players))


def rematch_seats(seats: list[Seat]) -> list[Seat]:
    """The same table again for a new deal (the end screen's Rematch): names, humans and bot
    levels, out-of-turn settings and standing answers; the hints start from none."""
    return [Seat(s.name, s.kind, s.level, s.ask_out_of_turn, 0, s.standing) for s in seats]


def seen_walk(m: Match, counts: dict[int, int]) -> None:
    """After Continue or Load: how far each human had seen the table (from the save), so
    "since your last turn" tells them what happened since, as it would have without the
    break. Worked out by dealing the game again and walking its answers once."""
    g = m.game
    want = {q: k for q, k in counts.items() if q in m.humans and 0 <= k <= len(g.answers)}
    if not want:
        return
    walk = Game.new(m.db, g.n, seed=g.seed, variants=g.variants,
                    names=[g.pname(q) for q in range(g.n)])
    for i in range(max(want.values()) + 1):
        for q, k in want.items():
            if k == i:
                m.seen[q] = _seen_state(walk)
                m.seen_at[q] = k
                m.seen_moves[q] = len(walk.moves or ())
        if i < len(g.answers) and i < max(want.values()):
            walk.apply(g.answers[i])


def changed_since(g: Game, last: tuple | None, seat: int, log: tuple | None) -> Since:
    """What changed in `g` since `seat` last looked (`last`, its `_seen_state` then; nothing
    if it never has): log lines as that seat may read them, and the traits that came into or
    left each pile. `log` is that seat's View's log if the caller has one already (the table
    does, every time)."""
    if last is None:
        return Since([], [], [])
    at = last[0]
    if len(g.log or ()) <= at:
        log = ()
    else:
        log = events_for(g, seat, at) if log is None else log[at:]
    return seen_change(last, _seen_state(g, log=False), log)


def seen_change(last: tuple, now: tuple, lines: Any) -> Since:
    """What changed from `last` to `now` (each a `_seen_state`: log length, piles, gene pools)
    with the seat's new log `lines`: also what an online table tells from the seat's own view
    (net/news.py), which has the same three things and nothing of the game's."""
    _, before, pools = last
    _, piles, pools_now = now
    gained = [(q, c) for q, pile in enumerate(piles) for c in pile if c not in before[q]]
    lost = [(q, c) for q, pile in enumerate(before) for c in pile if c not in piles[q]]
    gps = [(q, was, is_) for q, (was, is_) in enumerate(zip(pools, pools_now, strict=True))
           if was != is_]
    return Since(list(lines), gained, lost, gps)


class Preferences(Protocol):
    """What a match reads from the player's settings, live (a change applies at once)."""

    bot_pace: float         # seconds a bot's move stays at the normal pace
    pace: str               # slow, normal, fast, instant: scales bot_pace (play/pace.py)
    ask_out_of_turn: bool
    hold_end_turn: str      # bots (when a bot plays too), always or never: see hold_seats


class _Defaults:
    bot_pace = 0.0
    pace = "normal"
    ask_out_of_turn = True
    hold_end_turn = "bots"
    hints = "bots"
    hold_end_turn = "bots"


class Match(MatchHints):
    """One game at the table. `viewer` is whose eyes the table draws with; `cleared` is the
    human who took the screen at the last pass screen (None: no one has yet)."""

    def __init__(self, seats: list[Seat], seed: int, variants: dict | None = None,
                 game: Game | None = None, prefs: Preferences | None = None,
                 modules: tuple[str, ...] = ()) -> None:
        # A loaded game brings its own database: one saved before cards were added or moved
        # in cards.yaml is dealt from those cards in their old order (rules/record.py), and
        # with the modules it was played with. A new one: the base cards plus `modules` (E1).
        self.db = game.db if game is not None else database_for(modules)
        for i, s in enumerate(seats):   # whoever made the seats, their names can be shown
            s.name = name_of(s.name, i)
        self.seats = seats
        self.seed = seed
        self.game = game or Game.new(self.db, len(seats), seed=seed, variants=variants or {},
                                     names=[s.name for s in seats])
        self.prefs: Preferences = prefs or _Defaults()
        self.humans = [i for i, s in enumerate(seats) if s.kind == "human"]
        self.bots = {i: make_bot(s.level, seed * 31 + i, db=self.db)
                     for i, s in enumerate(seats) if s.kind != "human"}
        self.thinking: dict | None = None   # a bot's answer being worked out off this thread
        self.bot_wait = 0.0                 # seconds the deciding bot's move has been pending
        self.viewer = self.humans[0] if self.humans else 0
        self.cleared: int | None = self.viewer if len(self.humans) <= 1 else None
        # A game without a human (the demo) is no one's: it must not replace the player's
        # autosave, last game or statistics. An explicit save still saves it.
        self.autosave = bool(self.humans)
        # the autosave's signature when this match last wrote it (Continue: when it was read):
        # only that file is this game's to overwrite (saves.save keeps any other first)
        self.autosaved: tuple | None = None
        self.finished = self.game.over
        self.bot_notes: dict[int, str] = {}  # log index of a bot's move -> why, in a phrase
        self.notices: list[tuple[str, float]] = []   # (text, seconds) for the table to show
        self.unsaved: str | None = None   # why the last autosave failed; None: all is saved
        self.saved_elsewhere: Any = None    # the save another copy's autosave pushed us to
        # Pass-and-play: what each human last saw, so that the next time they take the
        # screen they are told what changed; the cards a human drew, shown before the pass
        # screen hides them (review), and their hand when they last answered.
        self.seen: dict[int, tuple[int, tuple[tuple[int, ...], ...], tuple[int, ...]]] = {}
        self.seen_at: dict[int, int] = {}    # the same, as the number of answers: saved
        self.seen_moves: dict[int, int] = {}     # the same, as `game.moves` read (the story)
        # where each human's story goes on from when they take the screen: `seen_moves` then
        # (it moves on while they look; a story begun again must not skip what they missed)
        self.story_from: dict[int, int] = {}
        self.hand_seen: dict[int, frozenset] = {}
        self.review: tuple[int, list[int]] | None = None
        self.coach: Any = None               # play/coach.py's Coach, made on the first hint
        self.hint_for: Decision | None = None    # the decision the last hint was asked for
        self.previews = Previews(self)      # what a play would do, worked out once
        self.lesson: Any = None              # play/tutorial.py's Lesson, in Learn to play
        # A game dealt from a prepared position (the lesson) has no record to replay from its
        # seed: undo rebuilds it from this instead
        self.origin: Callable[[], Game] | None = None
        self._told = Storyteller(self.db)    # the story told to each seat (play/story.py)
        # the last bot move, as the table may show it: (seat, card played or -1, why, answers)
        self.last_bot_move: tuple[int, int, str, int] | None = None
        # pass-and-play's standing answers to out-of-turn offers (play/standing.py)
        self.stand_in = StandIn(self)
        # pass-and-play's blind questions asked in the order of fewest hand-offs (ahead.py)
        self.ahead = Ahead(self)
        self.handoffs = 0       # pass screens cleared: how often the screen changed hands
        # the stage's moments not shown yet, by seat: asked of the table when saving, and
        # those a save kept, for the table to take after a load (play/told.py)
        self.untold: Callable[[], dict[int, list]] | None = None
        self.moments_kept: dict[int, list] = {}
        if game is None and len(self.humans) > 1:
            # "since your last turn" counts from the deal: everyone's first turn is summed up
            for q in self.humans:
                self.seen[q] = _seen_state(self.game, log=False)
                self.seen_at[q] = 0
                self.seen_moves[q] = 0
        self.game.hold = self.hold_seats()
        self.ahead.plan()

    # ------------------------------------------------------------------ who sees what

    def name(self, seat: int) -> str:
        return self.seats[seat].name

    def asks(self, seat: int) -> bool:
        """Whether this seat is offered out-of-turn plays (else they pass unseen)."""
        return self.seats[seat].ask_out_of_turn and self.prefs.ask_out_of_turn

    @property
    def hotseat(self) -> bool:
        """Pass-and-play: several humans share the screen."""
        return len(self.humans) > 1

    def delegated(self, d: Decision) -> bool:
        """Whether the table answers `d` for its human by a standing answer (`StandIn`)."""
        return self.stand_in.delegated(d)

    def ask_nothing_ahead(self) -> None:
        """Serve no question ahead of its turn (a replay's game is replaced at each step)."""
        self.ahead.clear()

    def asked(self) -> Decision | None:
        """The question the screen serves now: the game's pending one, or in pass-and-play a
        blind question asked ahead of its turn (play/ahead.py)."""
        a = self.ahead.asked()
        return a if a is not None else self.game.pending

    @property
    def pass_needed(self) -> bool:
        """A human other than the one at the screen must decide: hide everything first."""
        d = self.asked()
        return (self.review is None and d is not None and d.player not in self.bots
                and d.player != self.cleared and not self.delegated(d))

    @property
    def private(self) -> bool:
        """The viewer's own cards may be shown: the viewer is whoever sits at the screen. In
        pass-and-play that is only known once a human has cleared a pass screen."""
        return len(self.humans) <= 1 or self.cleared == self.viewer

    def pass_reason(self) -> str:
        """Why the screen is passed, for the pass screen: whose turn, or who answers what."""
        d = self.asked()
        if d is None:
            return ""
        who = self.name(d.player)
        if d.kind == "react":       # never the holder's name: that would tell who holds it
            return "A card may be played out of turn"
        if d.player == self.game.current and d.kind in ("play", "no_play", "end_turn"):
            return f"{who}'s turn"
        if d.card < 0:
            return f"{who} decides: {d.prompt}"
        # the whole table reads it: a card in a hand (Elongated Neck's copied action) is not
        # named, nor is the prompt, which names it
        return f"{who} answers {self.db.name(d.card)}" if seen_by_all(self.game, d.card) \
            else f"{who} answers a card's action"

    def take_screen(self, seat: int) -> None:
        """The human at `seat` took the screen (they cleared the pass screen)."""
        if seat != self.cleared and seat in self.seen_moves:
            self.story_from[seat] = self.seen_moves[seat]
        if self.cleared is not None:
            self.look(self.cleared)     # the one who passed saw the table as it is now
        handed = seat != self.cleared
        if handed:
            self.handoffs += 1
        self.cleared = seat
        self.viewer = seat
        if handed and len(self.humans) > 1:
            # what they are now told (the summary, their standing answer's plays) counts as
            # seen in the autosave too: a tryout quit after reading it, and Continue told
            # the same summary again, without the standing answer's line (told once)
            self.persist()

    # ------------------------------------------------------------------ what changed

    def look(self, seat: int) -> None:
        """`seat` has seen the table as it is now."""
        self.seen[seat] = _seen_state(self.game)
        self.seen_at[seat] = len(self.game.answers)
        self.seen_moves[seat] = len(self.game.moves or ())

    def seen_to_save(self) -> dict[int, int]:
        """How far each human has seen the table, for a save (`saves.read_seen`). The human at
        the screen is counted as having seen it as it is: the table shows it at once, and at
        the next pass screen they would be credited with it anyway (`take_screen`)."""
        n = len(self.game.answers)
        out = {q: min(k, n) for q, k in self.seen_at.items()}
        if self.cleared is not None:
            out[self.cleared] = n
        return out

    def restore_seen(self, counts: dict[int, int]) -> None:
        """After Continue or Load: how far each human had seen the table (`seen_walk`)."""
        seen_walk(self, counts)

    def restore_ahead(self, queued: dict[int, list]) -> None:
        """After Continue or Load: the blind answers given ahead that the game had not taken
        yet (`saves.read_ahead`), queued again so no one answers twice (play/ahead.py)."""
        self.ahead.restore(queued)

    def restore_told(self, raw: dict[int, dict]) -> None:
        """After Continue or Load: what each human's standing answer played (and the forced
        answers given) for them, not yet told, told at their next look as before (told.py)."""
        restore_told(self, raw)

    def since(self, seat: int, log: tuple | None = None) -> Since:
        """What changed since `seat` last looked (`changed_since`)."""
        return changed_since(self.game, self.seen.get(seat), seat, log)

    def _check_review(self) -> None:
        """After an answer: if the screen is about to pass from the human at it to another,
        and cards came into that human's hand since they last answered, hold the pass until
        they have seen them (pass_needed is False while a review is open)."""
        holder = self.cleared
        if len(self.humans) < 2 or holder is None or self.review is not None:
            return
        d = self.asked()
        if d is None or d.player == holder or d.player in self.bots or self.delegated(d):
            return
        seen = self.hand_seen.get(holder)
        if seen is not None:
            new = [c for c in self.game.players[holder].hand if c not in seen]
            if new:
                self.review = (holder, new)

    def end_review(self) -> None:
        """The human at the screen has seen the cards they drew: the screen may pass."""
        if self.review is not None:
            seat = self.review[0]
            self.hand_seen[seat] = frozenset(self.game.players[seat].hand)
            self.review = None

    def my_decision(self) -> Decision | None:
        """The pending decision if it is the viewer's to answer here and now (in
        pass-and-play, a blind question may be the viewer's ahead of its turn: `asked`)."""
        d = self.asked()
        if d is None or d.player != self.viewer or self.pass_needed or d.player in self.bots \
                or not self.private:
            return None
        return d

    def view(self) -> View:
        """What the table may draw: the viewer's view, or the public one until a human has
        taken the screen in pass-and-play."""
        return view_for(self.game, self.viewer) if self.private \
            else public_view(self.game, self.viewer)

    def story(self) -> list:
        """The moments new to the viewer since the table last asked (play/story.py); none
        while no one's eyes are at the screen (a pass screen). Pass-and-play: a story begun
        again (Continue, an undo) tells the viewer what came since they last looked."""
        return self._told.new(self.game, self.viewer, self.name,
                              self.story_from.get(self.viewer)) if self.private else []

    def coming(self) -> tuple[int, int, str] | None:
        """A bot's play worked out, waiting for its pace: (seat, card, why), kept in
        `last_bot_move` once applied. Only a play (its card lands face up in a pile; a secret
        choice or offer is not told); the table shows it once landed, not in the hand."""
        d = self.game.pending
        job = self.thinking
        ok = d is not None and d.player in self.bots and d.kind == "play" and job is not None \
            and job["done"] and job["error"] is None and job["decision"] is d
        a = job["answer"] if ok else None
        return (d.player, a, job["why"]) if type(a) is int and a >= 0 else None

    def acting_bot(self) -> int | None:
        """The bot the game waits for, unless on an out-of-turn offer (a secret)."""
        d = self.game.pending
        if d is None or d.player not in self.bots or d.kind == "react":
            return None
        return d.player

    # ------------------------------------------------------------------ the flow

    def line_by(self, at: int, since: int) -> bool:
        """Whether log line `at` is the move's own: no turn, round, age, catastrophe, World's
        End or World's End effect began between the move (from `since` in the event stream) and that line. A move
        that logs nothing itself (a Ruggedized left where it is, a "stabilize now?" declined)
        must not lend its reason to what the game does next: the tryout showed "Player 1
        draws Protofeathers. (leaves it where it is)", Player 4's reason under the next
        turn's draw."""
        g = self.game
        log = g.log
        if log is None or g.moves is None or len(log) <= at:
            return False
        return not any(isinstance(f, BOUNDARIES) for f in g.moves[since:log.at[at]])

    def tick(self, dt: float, may_move: bool = True) -> bool:
        """Advance the clock by dt seconds: start or finish a bot's move (at the pace), pass
        out-of-turn offers for seats that are never asked, and follow the decider with the
        viewer when no pass screen is needed. `may_move` False holds a bot's move back (an
        animation still running). Returns True if an answer was applied."""
        d = self.game.pending
        if d is None or self.review is not None:    # nothing moves while a human reviews
            return False
        if d.player in self.bots and not self.delegated(d):
            self.bot_wait += dt
            self._think(d)
            job = self.thinking
            # (a secret offer never comes here: it is answered at once, `StandIn.delegated`)
            if not (job and job["done"] and may_move
                    and self.bot_wait >= paced_wait(self.prefs)):
                return False
            seen = self.coming()
            self.thinking = None
            self.bot_wait = 0.0
            if job["error"] is not None:
                raise job["error"]
            # the reason is noted before the move is applied, so the autosave that apply makes
            # keeps it (a note beyond the saved log, for a move that logged nothing, is dropped
            # on loading: saves.read_notes)
            at = len(self.game.log or [])
            since = len(self.game.moves or [])
            if job["why"]:
                self.bot_notes[at] = job["why"]
            failed = self._apply(job["answer"]) is not None
            if not failed:
                self.last_bot_move = (d.player, seen[1] if seen else -1, job["why"],
                                      len(self.game.answers))
            if failed or not self.line_by(at, since):
                self.bot_notes.pop(at, None)
            return not failed
        if self.delegated(d):       # a loaded game may stop at one: answered as in apply
            self.stand_in.settle()
            self.ahead.plan()
            self._check_review()
            self.persist()
            return True
        d = self.asked()
        if d is not None and not self.pass_needed and self.viewer != d.player:
            self.viewer = d.player
        return False

    def _think(self, d: Decision) -> None:
        """Start the deciding bot on a worker thread (once per decision): the caller keeps
        drawing while it thinks. The bot gets only its View and a sampler for its seat."""
        if self.thinking is not None and self.thinking["decision"] is d:
            return
        from doomlings_desktop.bots.reasons import WORLDS, reason
        from doomlings_desktop.rules.worlds import WorldSampler

        job: dict = {"decision": d, "done": False, "answer": None, "error": None, "why": ""}
        view = view_for(self.game, d.player, with_log=False)
        sampler = WorldSampler(self.game, d.player)
        salt = len(self.game.answers)
        bot = self.bots[d.player]
        db = self.db

        def work() -> None:
            try:
                job["answer"] = bot.decide(view, sampler)
                if len(d.options) > 1:      # a forced answer needs no reason; a choice's
                    # reason is checked in a world the bot could imagine (never the true one)
                    rng = random.Random(salt)
                    worlds = [sampler.sample(rng) for _ in range(WORLDS)]
                    job["why"] = reason(view, job["answer"], db, worlds)
            except Exception as e:  # noqa: BLE001 - handed to the caller's thread, which reports it
                job["error"] = e
            job["done"] = True

        self.thinking = job
        if getattr(bot, "name", "") in ("Random", "Easy"):
            work()       # instant: no thread needed
        else:
            threading.Thread(target=work, daemon=True).start()

    def hold_seats(self) -> int:
        """The seats whose turn waits for End turn after their play, so that Undo can still
        take it back (the engine's `Game.hold` bits): the human seats, if the player's
        setting asks for it ('bots': with a bot or in pass-and-play). In pass-and-play the
        pause stays even after a play that showed something (KEEP_PAUSE): one that went with
        an offer passed after the play would tell that someone holds such a card."""
        mode = getattr(self.prefs, "hold_end_turn", "bots")
        if mode == "never" or (mode == "bots" and not self.bots and not self.hotseat):
            return 0
        seats = sum(1 << i for i in self.humans)
        return seats | KEEP_PAUSE if self.hotseat else seats

    def apply(self, answer: Any) -> str | None:
        """Answer the question the screen serves (`asked`), and autosave. Returns why not, or
        None if applied. A blind question asked ahead of its turn is answered into its
        queue (play/ahead.py), and the next seat of its set is planned."""
        if self.ahead.asked() is not None:
            why = self.ahead.answer(answer)
            if why is not None:
                return self.ahead.in_engine_order(answer, why)
            self.stand_in.settle()      # the game may be at that question already
            self.ahead.plan()
            self._check_review()
            self.persist()      # the answer given ahead too: Continue must not ask it again
            return None
        return self._apply(answer)

    def _apply(self, answer: Any) -> str | None:
        """Answer the game's pending decision and autosave (a human's, or a bot's)."""
        d = self.game.pending
        hand = frozenset(self.game.players[d.player].hand) if d is not None else frozenset()
        self.game.hold = self.hold_seats()      # the setting is read live
        if self.lesson is not None:
            why = self.lesson.refuse(self.game, answer)
            if why is not None:
                return why
        floor, rng = self.game.undo_floor, self.game.rng.state
        try:
            self.game.apply(answer)
        except IllegalAnswer as e:
            return str(e)
        if self.lesson is not None and d is not None:
            self.lesson.answered(d, answer)
        if d is not None and d.player == self.cleared and d.kind != "react":
            # (an offer's window covers the hand: cards drawn before it are still news)
            self.hand_seen[d.player] = hand
        if d is not None:
            self.stand_in.keep_floor(d, answer, floor, rng)
        self.ahead.plan()
        if d is not None and d.kind == "play" and answer != "pass" \
                and self.game.hold >> d.player & 1 and _turn_ended_unheld(self.game, d.player):
            self.notices.append(("Your play drew or showed a card (or another player "
                                 "answered), so it can't be taken back: the turn goes on.", 4))
        self._check_review()
        self.persist()
        return None

    def seat_dicts(self) -> list[dict]:
        return [s.as_dict() for s in self.seats]

    def persist(self) -> None:
        """Autosave after every answer; a finished game goes to the statistics once."""
        _persist(self)

    def retry_save(self) -> bool:
        """Autosave again now (the player put the folder right); True if every move is saved."""
        self.persist()
        return self.unsaved is None

    def save_as(self, name: str) -> str:
        """Save under a name the player asked for; returns what to tell them."""
        from doomlings_desktop.storage import saves

        if self.origin is not None and self.lesson is not None:
            return "The lesson is not saved: start it again from the menu at any time."
        if self.origin is not None:
            return "A game played on from a review is not saved."
        try:
            path = saves.save(self.game, self.seat_dicts(), name, self.bot_notes,
                              seen=self.seen_to_save(), ahead=self.ahead.to_save(),
                              told=told_to_save(self))
            return f"Saved as '{path.stem}'."   # a name taken gets a number: never replaced
        except OSError as e:
            return f"Could not save: {e.strerror}"
        except RecordError as e:
            return f"Could not save: {e}"

    def can_undo(self) -> bool:
        return self.my_decision() is self.game.pending is not None and self.game.can_undo() \
            and not self.game.over \
            and (self.lesson is None or self.lesson.may_undo())

    def undo(self) -> bool:
        """Take back the viewer's last answer of this turn, if it revealed nothing; at the End
        turn pause, the whole play (its questions' answers too)."""
        if not self.can_undo():
            return False
        self.game = _taken_back(self)
        self.game.hold = self.hold_seats()      # a replay is a new game, held nowhere
        self.ahead.clear()
        self.ahead.plan()
        seen = len(self.game.log or [])
        self.bot_notes = {i: w for i, w in self.bot_notes.items() if i < seen}
        self.persist()
        return True


def _rewind(m: Match, rec: Any, upto: int) -> Game:
    """The game after its first `upto` answers: replayed from its record, or for a game with
    an origin, from that (`rec` is then the list of answers)."""
    if m.origin is not None:
        g = m.origin()
        for a in rec[:upto]:
            g.apply(a)
        return g
    return replay(rec, m.db, upto=upto)


def _taken_back(m: Match) -> Game:
    """Match.undo's game (kept out of the class, which holds the play itself): back to the
    viewer's own last answer, past the out-of-turn offers passed after it (`_keep_floor`),
    and at End turn past the play's questions too, to the play itself (if nothing since was
    revealed)."""
    rec = list(m.game.answers) if m.origin is not None \
        else make_record(m.game, m.seat_dicts())
    n = len(m.game.answers)
    d = m.game.pending
    whole = d is not None and d.kind == "end_turn"
    for k in range(1, n - m.game.undo_floor + 1):
        b = _rewind(m, rec, n - k)
        p = b.pending
        if p is not None and p.player == d.player and (p.kind == "play" or not whole):
            return b
    return _rewind(m, rec, n - 1)


def _persist(self: Match) -> None:
    """Match.persist's work (kept out of the class, which holds the play itself)."""
    from doomlings_desktop.storage import saves, statistics

    if not self.autosave:
        return
    try:
        if self.game.over:
            if not self.finished:
                self.finished = True
                # first: Continue stops
                saves.finish(self.game, self.seat_dicts(), self.bot_notes, self.autosaved)
                statistics.record_result(self.game, self.seat_dicts())
        else:
            path = saves.save(self.game, self.seat_dicts(), notes=self.bot_notes,
                              seen=self.seen_to_save(), mine=self.autosaved,
                              ahead=self.ahead.to_save(), told=told_to_save(self))
            self.unsaved = None
            for kept in saves.take_kept():    # the game this one replaced: where it is
                self.notices.append((f"{KEPT_NOTICE} '{kept.stem}' (Load game).", 6))
            if path == saves.autosave_path():
                self.autosaved = signature(path)
            elif path != self.saved_elsewhere:
                self.saved_elsewhere = path     # said once: another copy took the autosave
                self.notices.append((f"Another copy of Doomlings is saving in this "
                                     f"folder: this game is saved as '{path.stem}'.", 6))
    except OSError as e:        # in the log too: the notice is gone in five seconds
        logging.getLogger(__name__).warning("could not save the game: %s", e)
        self.unsaved = e.strerror or str(e)     # leaving the game asks first (the table)
        self.notices.append((f"Could not save the game: {e.strerror}", 5))
    except RecordError as e:      # a position set up by hand: say so once, not per move
        self.autosave = False
        self.notices.append((f"Could not save the game: {e}", 5))


def _turn_ended_unheld(g: Game, seat: int) -> bool:
    """A held seat's play left no pause to take it back from: the turn went on past it
    because the play revealed something (the engine skips a pause undo could not use)."""
    p = g.pending
    if p is not None and p.player == seat and p.kind != "play":
        return False            # still answering its play's questions, or paused
    if p is not None and p.kind == "react":
        # another player's out-of-turn offer on the play: passed quietly, Undo stays open
        # (StandIn.keep_floor); saying "can't be taken back" now would also tell that
        # someone was offered a card to answer it
        return False
    return g.undo_floor >= len(g.answers) and not (p is not None and p.kind == "end_turn")
