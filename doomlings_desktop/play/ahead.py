"""Pass-and-play: the questions every player answers unseen, asked in the order that needs the
fewest hand-offs.

Some questions go to every player in turn, none seeing what the others answer until all have
(E29's simultaneous choices: The Big One, Thagomizer, Badlands, Eyes Open's picks,
Bioengineered Plague's colours; the Meaning of Life card kept at set-up, E4): the engine
marks them `Decision.blind`. The engine asks them in turn order from the first player, which
at a six-seat table means a hand-off to each player and one more back to whoever acts next.
Since no answer is seen before all are given, the order they are asked in changes nothing of
the game: so the table asks the player who has the screen first (no hand-off), then the
others in turn order, and the player who acts next after them (the next turn's, or the turn
under way) last, so that one hand-off serves both.

How, with the engine's order kept (a record is the engine's answers in its order, and a save
replays them): a seat asked before its place is shown its question from a copy of the game
(`Game.clone`) where the seats before it answered with stand-in answers that the copy keeps
to itself; the answers it gives are queued, and the match gives them for it, unseen, when
the real game reaches its question (`StandIn.delegated`, like a standing answer). A queued
answer is given only to the very question it was given to (same seat, card, options): if
the real question differs, the queue is dropped and the seat is asked as usual.

A save keeps the answers given ahead beside the record (`to_save`), written after each one:
after Continue or Load they are queued again (`restore`), each checked as hostile input
against the question it answers in a copy of the loaded game (a field that is spoiled, names
another question or an illegal answer is dropped, and that seat is asked as usual), so no
seat answers twice or is called to the screen again for a question it answered before the
break. A seat that had answered only some of its questions (two picks, one given) is served
the rest first.

No pygame here: the match holds one `Ahead` and asks it which question the screen serves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from doomlings_desktop.play.standing import pause_for_nothing, publicly_forced
from doomlings_desktop.rules.decisions import TURN_OPENING
from doomlings_desktop.rules.engine import Game, IllegalAnswer
from doomlings_desktop.rules.record import RecordError, decode_answer, encode_answer

if TYPE_CHECKING:
    from doomlings_desktop.play.match import Match
    from doomlings_desktop.rules.engine import Decision

LOOK_AHEAD = 400        # decisions walked in a copy to find a set's players and who acts next


def signature(d: Decision) -> tuple:
    """What makes a question the same question: whose, what for, and its options."""
    return (d.player, d.kind, d.intent, d.card, d.zone, tuple(d.options), d.count)


class Ahead:
    """The order the screen serves a set of blind questions in, and the answers given ahead."""

    def __init__(self, match: Match) -> None:
        self.m = match
        self.copy: Game | None = None       # the asked seat's question stands in it
        self.queued: dict[int, list[tuple[tuple, Any]]] = {}    # seat -> (signature, answer)

    def asked(self) -> Decision | None:
        """The question the screen serves ahead of its turn, if any."""
        return self.copy.pending if self.copy is not None else None

    def holds(self, d: Decision) -> bool:
        """Whether `d`, reached by the real game, was answered ahead. Any other question (the
        one the screen serves from the copy, which the table asks about too) is not, and
        drops nothing: a seat between two picks of its own keeps its first."""
        q = self.queued.get(d.player)
        if not q or d is not self.m.game.pending:
            return False
        if q[0][0] != signature(d):
            del self.queued[d.player]       # not the question answered: asked as usual
            return False
        return True

    def take(self, d: Decision) -> Any:
        """The answer given ahead to `d` (`holds` said there is one)."""
        q = self.queued[d.player]
        answer = q.pop(0)[1]
        if not q:
            del self.queued[d.player]
        return answer

    def answer(self, answer: Any) -> str | None:
        """The asked seat answers its question ahead: why not, or None once queued."""
        c = self.copy
        assert c is not None and c.pending is not None
        d = c.pending
        try:
            c.apply(answer)
        except IllegalAnswer as e:
            return str(e)
        self.queued.setdefault(d.player, []).append((signature(d), answer))
        nxt = c.pending
        if nxt is None or not nxt.blind or nxt.player != d.player:
            self.copy = None        # that seat is done: the next one is planned
        return None

    def clear(self) -> None:
        self.copy = None
        self.queued.clear()

    def in_engine_order(self, answer: Any, why: str) -> str | None:
        """An answer that does not fit the question served ahead but fits the game's own
        pending one (a driver that follows the engine's order: a script, a test, a replayed
        line) is taken there, and the order is planned again from the game as it is then;
        an answer that fits neither is refused with the served question's reason. Without
        this, such a driver was refused the same answer for ever."""
        if self.m.game.pending is None:
            return why
        copy, self.copy = self.copy, None   # the game moves on: the served copy goes stale
        if self.m._apply(answer) is not None:
            self.copy = copy                # refused there too: the screen's question stands
            return why
        return None

    # ------------------------------------------------------------------ saved and read back

    def to_save(self) -> dict[str, list]:
        """The answers given ahead and not yet taken, as a save keeps them (seat -> answers,
        cards by their record names)."""
        db = self.m.db
        return {str(q): [encode_answer(db, sig[1], a) for sig, a in got]
                for q, got in sorted(self.queued.items()) if got}

    def restore(self, raw: dict[int, list]) -> None:
        """After Continue or Load: queue again the answers a save kept (`to_save`; `raw` is
        already checked for shape by `saves.read_ahead`). Each must answer, in the engine's
        order, its seat's next question of the blind set the loaded game is in, in a copy
        where every other seat answers as `plan` walks it; a seat with any answer that does
        not is dropped whole (asked as usual: nothing of it was taken)."""
        m = self.m
        g = m.game
        want: dict[int, list] = {}
        for q, answers in raw.items():
            try:
                want[q] = [decode_answer(a, g.db) for a in answers]
            except RecordError:
                continue            # a spoiled answer: that seat is asked again
        ok = g.pending is not None and g.pending.blind and m.hotseat and m.lesson is None
        want = {q: a for q, a in want.items() if ok and q in m.humans and a}
        sigs: dict[int, list] = {}
        while want:
            bad, sigs = self._fit(g, want)
            if bad is None:
                break
            del want[bad]
        self.clear()
        for q, answers in want.items():
            self.queued[q] = list(zip(sigs[q], answers, strict=True))
        self.plan()

    def _fit(self, g: Game, want: dict[int, list]) -> tuple[int | None, dict[int, list]]:
        """Walk a copy of `g` in the engine's order, each seat of `want` giving its restored
        answers to its next questions of the set and every other seat its first option: the
        first seat whose answers do not fit (an illegal answer, or more answers than the set
        asks it), else None; and for each seat, the signatures of the questions answered."""
        c = g.clone()
        sigs: dict[int, list] = {q: [] for q in want}
        for _ in range(LOOK_AHEAD):
            p = c.pending
            if p is None or not p.blind:
                break
            got = sigs.get(p.player)
            if got is None or len(got) >= len(want[p.player]):
                c.apply(p.options[0])
                continue
            a = want[p.player][len(got)]
            if a not in p.options:
                return p.player, sigs
            try:
                c.apply(a)
            except IllegalAnswer:
                return p.player, sigs
            got.append(signature(p))
        return next((q for q, got in sigs.items() if len(got) < len(want[q])), None), sigs

    # ------------------------------------------------------------------ the order

    def plan(self) -> None:
        """After the real game moved: which seat the screen serves next in a blind set (a
        copy for it if that is not the seat the game asks now), or none."""
        m = self.m
        g = m.game
        d = g.pending
        if d is None or not d.blind or not m.hotseat or m.lesson is not None:
            self.clear()
            return
        c = self.copy
        if c is not None and c.pending is not None and c.pending.blind \
                and c.pending.player in self.queued:
            return                  # that seat is between two picks of its own: it goes on
        seats, forced, short, nxt = self._walk(g)
        # a seat whose question has one answer in plain sight is not called over at all; one
        # that answered only some of its questions ahead (a save read back) is served the rest
        todo = [q for q in seats if q in m.humans and q not in forced
                and (q not in self.queued or q in short)]
        h = m.cleared
        order = ([h] if h in todo else []) + [q for q in todo if q not in (h, nxt)] + \
            ([nxt] if nxt in todo and nxt != h else [])
        target = order[0] if order else None
        if target is None or target == d.player:
            self.copy = None
            return
        if self.copy is not None and self.copy.pending is not None \
                and self.copy.pending.player == target:
            return                  # still serving that seat (a bot answered meanwhile)
        self.copy = self._copy_to(g, target)

    def _walk(self, g: Game) -> tuple[list[int], set[int], set[int], int | None]:
        """The seats the set asks, in the engine's order; those whose first question has one
        answer in plain sight (given without calling them); those with more questions than
        answers queued; and who acts next after the set as everyone can tell: the turn under
        way's player, else (or if only a pause for nothing is left of that turn) the next
        turn's."""
        c = g.clone()
        seats: list[int] = []
        forced: set[int] = set()
        used: dict[int, int] = {}
        for _ in range(LOOK_AHEAD):
            p = c.pending
            if p is None or not p.blind:
                break
            if p.player not in seats:
                seats.append(p.player)
                if publicly_forced(c, p):
                    forced.add(p.player)
            c.apply(self._stand_in_answer(p, used))
        short = {q for q, k in used.items() if k > len(self.queued.get(q, ()))}
        p = c.pending
        if g.turn_end >= 0 and not (p is not None and p.player == g.current
                                    and pause_for_nothing(c, p)):
            return seats, forced, short, g.current  # the turn under way's player goes on
        # else (no turn under way, or all that is left of it is its End-turn pause with
        # nothing to take back, which the table ends unasked) the next turn's player
        for _ in range(LOOK_AHEAD):     # turn order is public
            p = c.pending
            if p is None:
                break
            if p.intent in TURN_OPENING:
                return seats, forced, short, p.player
            c.apply("pass" if "pass" in p.options else p.options[0])
        return seats, forced, short, None

    def _stand_in_answer(self, p: Decision, used: dict[int, int]) -> Any:
        """In a copy: the answer queued for that seat's next question, else its first option
        (no one sees either: the copy is the match's own)."""
        q = self.queued.get(p.player, [])
        k = used.get(p.player, 0)
        used[p.player] = k + 1
        if k < len(q) and q[k][1] in p.options:
            return q[k][1]
        return p.options[0]

    def _copy_to(self, g: Game, target: int) -> Game | None:
        """A copy of `g` advanced to `target`'s first question of the set not answered
        already (its queued answers, if any, given on the way)."""
        c = g.clone()
        used: dict[int, int] = {}
        for _ in range(LOOK_AHEAD):
            p = c.pending
            if p is None or not p.blind:
                return None
            if p.player == target and used.get(target, 0) >= len(self.queued.get(target, ())):
                return c
            c.apply(self._stand_in_answer(p, used))
        return None
