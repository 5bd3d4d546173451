"""What an answer does, measured: the one judge the coach's hint, its reason and a bot's public
reason all read.

A move is applied on a clone of a world (a sampled one for a bot or the coach: never the true
game's hidden cards) and `settle` answers the rest of what the move sets off (Nano's host, a
card's target, the opponent's pick an action asks for) with the quick policy, out-of-turn
offers passed, until the turn moves on. Only then are the scores read (`rules.scoring` through
`all_scores`): Nano's '+N now' is the points of the host it goes on, not the 0 of a card that
has no host yet. `terms` splits the evaluation (`heuristics.seat_values`) of the position after
each answer into the parts a sentence can name: each player's score now, their World's End
bonuses, and what their hand and gene pool promise for the turns left.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from doomlings_desktop.bots.heuristics import Tables, fast_answer, seat_values, tables
from doomlings_desktop.rules import decisions as D
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.scoring import all_scores
from doomlings_desktop.rules.state import KEEP_PAUSE
from doomlings_desktop.rules.worlds import WorldSampler

SETTLE = 12     # follow-up decisions answered at most (a chain of effects is short)
STOP = frozenset({D.TURN_PLAY, D.CANNOT_PLAY, D.EXTRA_PLAY, D.END_TURN, D.STABILIZE,
                  D.REDRAW_INSTEAD})


def settle(g: Game, seat: int, tb: Tables | None = None, asks: list[str] | None = None,
           cause: int = -1, own: bool = False, fork: int = -1) -> bool:
    """Answer what the move just applied sets off, up to the next play or the turn's end: the
    quick policy for the seat's own follow-ups and for other players' answers to the card
    `cause`'s effect (an opponent picking the trait to lose), 'pass' for out-of-turn offers
    (the move's own effect is measured, not an opponent's answer to it). With `asks`, the
    prompts of the seat's own follow-ups are gathered (a play's preview names its questions).
    Returns whether nothing hidden came to light on the way (a draw, a look at a hand, a
    random pick) and nobody chose among several answers (another player's choice may hang on
    their hidden hand; the seat's own is still to be made, unless `own`: the coach's player
    is guided through their own follow-ups as the quick policy answers them). With `fork` at
    0 or more, it stops before the seat's own follow-up with several answers that comes after
    `fork` such ones (`own_picks` tries each answer there)."""
    tb = tb or tables(g.db)
    sure = True
    for _ in range(SETTLE):
        d = g.pending
        if d is None or d.intent in STOP:
            break
        if d.kind == "react":
            g.apply("pass" if "pass" in d.options else d.options[0])
            sure = sure and not g.shown
            continue
        if d.player != seat and (cause < 0 or d.card != cause):
            break
        if fork >= 0 and d.player == seat and len(d.options) > 1:
            if fork == 0:
                break
            fork -= 1
        if asks is not None and d.player == seat and g.current == seat:
            ask = d.prompt.split(": ", 1)[-1]
            if ask not in asks:
                asks.append(ask)
        # another player's pick may hang on their hidden hand, and the seat's own pick among
        # several is the quick policy's guess in this world, not yet the seat's answer (the
        # worlds may agree on it and the true game differ: Vampirism's steal)
        sure = sure and d.player == seat and (own or len(d.options) == 1)
        g.apply(fast_answer(g, tb))
        sure = sure and not g.shown
    return sure


def _cause(d: Any, answer: Any) -> int:
    """The card whose effect the move sets off: the card played, else the asking card."""
    return answer if d.kind in ("play", "react") and isinstance(answer, int) else d.card


def play_out(g: Game, seat: int, answer: Any, tb: Tables | None = None,
             asks: list[str] | None = None, own: bool = False, fork: int = -1) -> bool:
    """Make the move in g (a clone or a sampled world) and settle it, pausing before the
    turn's stabilize phase: what it does is measured before the turn moves on (a draw, the
    next round's catastrophe are no part of the move). Returns whether its outcome is sure:
    nothing hidden came to light on the way and nobody chose among several answers
    (`settle`), so any world the seat imagines gives the same. `fork`: as `settle`'s."""
    cause = _cause(g.pending, answer)
    if g.current == seat:
        g.hold |= (1 << seat) | KEEP_PAUSE
    rng = g.rng.state
    g.apply(answer)
    lit = g.shown
    sure = settle(g, seat, tb, asks, cause, own, fork)
    return sure and not lit and g.rng.state == rng


def own_picks(g: Game, seat: int, answer: Any, tb: Tables | None = None,
              skip: int = 0) -> list[int]:
    """The seat's score change from the answer for each answer of its own first follow-up
    with several answers (after `skip` such ones, the rest of a pick the hint names), the
    rest settled as `play_out` does; [] if the move asks the seat no such question. The quick
    policy's pick is only a guess at the player's: Fecundity under Voracious makes a player
    discard a card, and which one changes the points (issue 28), so a '+N now' that assumed
    one was false for the other. g is played on clones."""
    tb = tb or tables(g.db)
    h = g.clone()
    before = h.score(seat)
    cause = _cause(h.pending, answer)
    play_out(h, seat, answer, tb, own=True, fork=skip)
    d = h.pending
    if d is None or d.player != seat or d.kind == "react" or d.intent in STOP \
            or len(d.options) < 2:
        return []
    out = []
    for o in d.options:
        k = h.clone()
        k.apply(o)
        settle(k, seat, tb, cause=cause, own=True)
        out.append(k.score(seat) - before)
    return out


def score_change(g: Game, seat: int, answer: Any, tb: Tables | None = None) -> int:
    """The seat's real score change from the answer in game g (a clone is played on)."""
    h = g.clone()
    before = h.score(seat)
    play_out(h, seat, answer, tb)
    return h.score(seat) - before


RIVALS = 6      # other answers a move's effect is measured against at most


def relative_effect(g: Game, seat: int, answer: Any, tb: Tables | None = None) -> list[float]:
    """What the answer itself does to each player's score: its change, played out in a clone
    of g, minus the mean change of the other answers (at most RIVALS), so what happens
    whatever is answered (the rest of a catastrophe) is no part of it."""
    def change(a: Any) -> list[int]:
        h = g.clone()
        before = all_scores(h)
        play_out(h, seat, a, tb)
        return [x - y for x, y in zip(all_scores(h), before, strict=True)]

    mine = change(answer)
    others = [change(o) for o in g.pending.options if o != answer][:RIVALS]
    if not others:
        return [0.0] * g.n
    return [mine[q] - sum(o[q] for o in others) / len(others) for q in range(g.n)]


@dataclass(frozen=True)
class Terms:
    """The parts of the evaluation after an answer, per seat, averaged over worlds: score now,
    World's End bonuses expected, and the rest (hand and gene pool for the turns left)."""

    now: tuple[float, ...]
    world_end: tuple[float, ...]
    hand: tuple[float, ...]

    def value(self, q: int) -> float:
        return self.now[q] + self.world_end[q] + self.hand[q]


def _parts(g: Game, tb: Tables, me: int) -> tuple[list[float], list[float], list[float]]:
    now = [float(x) for x in all_scores(g)]
    vals = seat_values(g, tb, (me,))
    we = [0.0] * g.n
    if not g.over:
        for q, pl in enumerate(g.players):
            we[q] = tb.we_weight * sum(tb.we[c] for c in pl.pile
                                      if tb.we[c] and not (g.hosts and g.blanked(c)))
    hand = [vals[q] - now[q] - we[q] for q in range(g.n)]
    return now, we, hand


def played(worlds: list[Game], seat: int, answer: Any, tb: Tables | None = None) -> list[Game]:
    """Each world after the answer, settled (`play_out` on a clone): what `terms` reads, and
    what a reason reads its causes from (the cards that moved, the score lines that changed)."""
    tb = tb or tables(worlds[0].db)
    out = []
    for w in worlds:
        h = w.clone()
        play_out(h, seat, answer, tb)
        out.append(h)
    return out


def terms(worlds: list[Game], seat: int, answer: Any, tb: Tables | None = None) -> Terms:
    """The evaluation's parts after the answer (settled), averaged over the worlds given."""
    tb = tb or tables(worlds[0].db)
    return terms_of(played(worlds, seat, answer, tb), seat, tb)


def terms_of(games: list[Game], seat: int, tb: Tables) -> Terms:
    """The evaluation's parts of games already played out (`played`), averaged."""
    return _mean(games, seat, tb)


def before(worlds: list[Game], seat: int, tb: Tables | None = None) -> Terms:
    """The evaluation's parts of the worlds as they are, before any answer."""
    return _mean(worlds, seat, tb or tables(worlds[0].db))


def _mean(games: list[Game], seat: int, tb: Tables) -> Terms:
    n = games[0].n
    acc = [[0.0] * n for _ in range(3)]
    for g in games:
        for part, got in zip(acc, _parts(g, tb, seat), strict=True):
            for q in range(n):
                part[q] += got[q]
    k = len(games)
    return Terms(*(tuple(x / k for x in part) for part in acc))


def sample_worlds(game: Game, seat: int, count: int, seed: int) -> list[Game]:
    """Worlds the seat could imagine (its own hand and everything public as they are)."""
    sampler = WorldSampler(game, seat)
    rng = random.Random(seed)
    return [sampler.sample(rng) for _ in range(count)]


def weights(t: Terms, me: int, lead: float) -> list[float]:
    """How much each seat's value counts in `evaluate` for `me`: 1 for me, minus the leading
    opponent's `lead` share and the mean's, as the evaluation weighs them."""
    n = len(t.now)
    others = [q for q in range(n) if q != me]
    top = max(others, key=t.value) if others else None
    out = [0.0] * n
    out[me] = 1.0
    for q in others:
        out[q] = -((1 - lead) / len(others) + (lead if q == top else 0.0))
    return out
