"""The facts' half of the event stream: one small method per fact, called at the one place
that fact changes, which records it in `Game.moves` while the game keeps a log.

A mixin of `State` (rules/state.py) with no slots of its own, as `ZoneRecord` is for the zone
events: the rules' modules call `g.noted_turn(p)` and the like where a turn begins, an age
is revealed, a decision is asked. Each records nothing when there is no log (the benchmark's
games, the bots' clones); where it is called often (every turn, every play) the call itself
is guarded by `if g.moves is not None:`, so a game without a log pays no call. A fact that is
also a line of the log is marked so by `Game.told()` (rules/events.py renders it).
"""

from __future__ import annotations

from typing import Any, Literal

from doomlings_desktop.rules.events import (
    AgeBegun,
    Asked,
    Attached,
    Detached,
    FirstPlayer,
    GameOver,
    GenePool,
    MeaningKept,
    MeaningShown,
    Passed,
    Peeked,
    Played,
    Recolored,
    RevealedTo,
    RoundEnded,
    Shown,
    Stabilized,
    TurnBegun,
    TurnEnded,
    TurnSkipped,
    WorldEndBegun,
    WorldEndEffect,
)


class FactRecord:
    """Record each fact of the table as it changes (only while `moves` is kept). The fields
    it reads are `State`'s slots."""

    __slots__ = ()
    moves: list | None
    told: Any
    n: int
    rules: dict
    over: bool
    world_end: bool

    def note(self, e: Any) -> None:
        """Record event `e` in the stream (if a log is kept; the frequent callers check first,
        and so build nothing without one)."""
        if self.moves is not None:
            self.moves.append(e)

    def hands_open(self) -> bool:
        """Whether every hand is open to the table now (Age of Metadata, E24)."""
        return bool(self.rules.get("reveal_hands")) and not self.over

    def tell(self, fact: type, *args: Any, **kw: Any) -> None:
        """Record the told fact `fact(*args, **kw)` (a `Told`: its class renders its line), a
        line of the log, if a log is kept; without one nothing is built (as cheap as a call)."""
        m = self.moves
        if m is not None:
            self.log.at.append(len(m))  # type: ignore[attr-defined]
            m.append(fact(*args, **kw))

    def noted_age(self, said: bool = False) -> None:
        """The age just revealed and set (`age`, `rules`) is in force (`said`: and that is a
        line of the log); an open-hands rule lays every hand out face up; the next ages each
        seat has seen have moved on."""
        m = self.moves
        if m is None:
            return
        opens = self.hands_open()
        m.append(AgeBegun(self.age, opens))
        if said:
            self.told()
        if opens:
            for q in range(self.n):
                self.laid("hand", q, None)
        self.noted_peeks()

    def noted_first(self, cause: int = -1) -> None:
        """The first player now; passed on by catastrophe `cause`, it is a line of the log."""
        self.note(FirstPlayer(self.first, cause))
        if cause >= 0:
            self.told()

    def noted_turn(self, p: int) -> None:
        self.note(TurnBegun(p))

    def noted_turn_over(self, p: int) -> None:
        self.note(TurnEnded(p))

    def noted_skip(self, p: int) -> None:
        if self.moves is not None and not self.over:
            self.moves.append(TurnSkipped(p))

    def noted_round_end(self) -> None:
        self.note(RoundEnded())

    def noted_stabilize(self, p: int) -> None:
        self.note(Stabilized(p))

    def noted_played(self, p: int, c: int, out_of_turn: bool = False, src: str = "",
                     into: int = -1, host: int = -1) -> None:
        """Trait c, just played into a pile (`into`'s; on `host`) by p, is the last trait
        played. A play at World's End (Sneaky, R5) is out of turn too: no turn is being
        played then. A play from `src` is a line of the log too (`Played.line`); an out-of-
        turn play is one when its caller says so (`told`)."""
        self.note(Played(p, c, out_of_turn or self.world_end, src, into, host))
        if src:
            self.told()

    def noted_recolor(self, p: int) -> None:
        """p's pile cards were given new colours: all of p's given colours, as they are now."""
        if self.moves is not None:
            rc = self.players[p].recolor or {}
            self.moves.append(Recolored(p, tuple(rc.items())))

    def noted_peeks(self) -> None:
        """The next ages seen changed (a peek, an age revealed): each seat's, to it alone."""
        m = self.moves
        if m is None:
            return
        for q in range(self.n):
            m.append(Peeked(q, self.next_ages_of(q)))

    def next_ages_of(self, q: int) -> tuple[int, ...]:
        """The next ages q has seen on top of the age deck, top first (Neural Link: two)."""
        top = self.known_age.get(q)
        if top is None:
            return ()
        below = self.known_below.get(q)
        return (top,) if below is None else (top, below)

    def noted_revealed(self, p: int) -> None:
        self.note(RevealedTo(p, tuple(self.revealed.get(p, ()))))

    def noted_shown(self, c: int, seat: int, why: Literal["reveal", "tiebreak"]) -> None:
        """Card c shown to all by `seat`: a line of the log (`Shown.line`)."""
        self.note(Shown(c, seat, why))
        self.told()

    def noted_meaning(self, p: int) -> None:
        self.note(MeaningKept(p, self.meaning[p]))

    def noted_meaning_shown(self, p: int, points: int) -> None:
        """p's kept Meaning card comes to light at the count: a line of the log."""
        self.note(MeaningShown(p, self.meaning[p], points))
        self.told()

    def noted_asked(self) -> None:
        """A decision was just asked (`pending`)."""
        d = self.pending
        if self.moves is not None and d is not None:
            self.moves.append(Asked(d.player, d))

    def noted_answer(self, d: Any, answer: object) -> None:
        """`answer` was given to `d`: a pass on an out-of-turn offer is told to its holder."""
        if d.kind == "react" and answer == "pass" and self.moves is not None:
            self.moves.append(Passed(d.player))

    def noted_hook(self, a: int, host: int, on: bool) -> None:
        """Attachment a was put on (`on`) or taken off `host`."""
        self.note(Attached(a, host) if on else Detached(a, host))

    # World's End, each of its effects and the end are lines of the log too (their `line`).
    def noted_world_end(self) -> None:
        self.note(WorldEndBegun())
        self.told()

    def noted_we_effect(self, p: int, c: int) -> None:
        self.note(WorldEndEffect(p, c))
        self.told()

    def noted_over(self) -> None:
        """The game is over: its outcome for all (and every hand closed again)."""
        self.note(GameOver(self.outcome))
        self.told()

    def noted_table(self) -> None:
        """Every fact of the table as it lies now, after its zones (`lay_out_recorded`): a
        game's set-up, or a position a game goes on from."""
        m = self.moves
        if m is None:
            return
        for q, pl in enumerate(self.players):
            m.append(GenePool(q, pl.gp, -1))
            if pl.recolor:
                self.noted_recolor(q)
        for a, host in self.attached.items():
            m.append(Attached(a, host))
        self.noted_age()
        self.noted_first()
        m.append(TurnBegun(self.current))
        if self.turn_end < 0:
            m.append(TurnEnded(self.current))
        for q in range(self.n):
            if q in self.revealed:
                self.noted_revealed(q)
            if self.meaning[q] >= 0:
                self.noted_meaning(q)
        for c in self.shown_all:
            m.append(Shown(c))
        if self.world_end:
            m.append(WorldEndBegun())
        if self.outcome is not None:
            m.append(GameOver(self.outcome))
        self.noted_asked()
