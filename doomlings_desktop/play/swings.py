"""The course of a finished game as one seat could follow it: each player's estimated chance to
win after every move (the review's chart), and the moments that moved those chances most,
whoever made them: a player's play or out-of-turn card, an age or a catastrophe coming up.

The chance is the bots' own: the softmax of the seat values (`heuristics.rewards`) at the Hard
bot's temperatures, averaged over a few worlds the viewing seat could imagine (its
`WorldSampler`: what the seat could not see is dealt again), so the course tells the seat
nothing it could not know then. A move is measured up to its turn's pause (`Game.hold` with
KEEP_PAUSE); what the turn's end brings (a new age, a catastrophe) is its own moment.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from doomlings_desktop.bots.hard import TEMPERATURE, TUNED_AT
from doomlings_desktop.bots.heuristics import rewards, tables
from doomlings_desktop.bots.reasons import public
from doomlings_desktop.play.explain import label
from doomlings_desktop.play.interval import mean_interval
from doomlings_desktop.rules import decisions as D
from doomlings_desktop.rules.cards import Database
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.record import check_record, replay
from doomlings_desktop.rules.state import KEEP_PAUSE, KEEP_WORLD_END
from doomlings_desktop.rules.view import View, view_for
from doomlings_desktop.rules.worlds import WorldSampler

SECRET = frozenset({D.SECRET_COLOR, D.KEEP_MEANING})    # choices no other seat is told
WORLDS = 8          # worlds every point of the chart is averaged over
MORE = (24, 64)     # a swing that may be listed is measured again in this many worlds, then,
#                     if its interval still holds zero, this many (the first ones kept)
KEEP = 5            # moments listed
LEAST = 0.05        # a smaller swing (5 points of chance) is no moment


@dataclass(frozen=True)
class Swing:
    """One moment that moved the chances: who made it (-1: the game's own, an age or a
    catastrophe), what, and how each player's chance to win changed (-1..1)."""

    at: int                     # answers before it
    round: int
    who: int
    text: str
    change: tuple[float, ...]
    mine: int = -1              # the viewer's last decision at or before it (-1: none), where
    #                             "Play on from here" starts: at another seat's decision the
    #                             options may name cards the viewer cannot see
    low: float = 0.0            # the 95% interval of the named player's change (the one
    high: float = 0.0           # with the largest): a moment is listed only if it excludes 0
    worlds: int = 0             # the imagined worlds it was measured in

    @property
    def size(self) -> float:
        return max(abs(x) for x in self.change)


@dataclass(frozen=True)
class Course:
    """Each player's chance to win after every answer (from `viewer`'s knowledge), and the
    largest swings."""

    viewer: int
    names: tuple[str, ...]
    chances: tuple[tuple[float, ...], ...]
    swings: tuple[Swing, ...]


def chance_in(g: Game, sampler: WorldSampler | None, viewer: int, k: int) -> tuple[float, ...]:
    """Each player's chance to win in the viewer's k-th imagined world of position g. World k
    is dealt from seed k at every position (common random numbers): the same deal of what
    the viewer cannot see before and after a move, and from one moment to the next, so a
    swing is the move's and not the luck of two samples, and the chart does not jitter."""
    if g.outcome is not None:
        return tuple(float(g.outcome.won(q)) for q in range(g.n))
    t0, slope = TEMPERATURE.get(g.n, (TUNED_AT, 0.0))
    return tuple(rewards(sampler.sample(random.Random(k)), tables(g.db), t0, (viewer,), slope))


class Estimate:
    """One position's chances to win world by world, as the viewer could estimate them,
    measured in more worlds only where asked (`upto`)."""

    def __init__(self, g: Game, viewer: int) -> None:
        self.g = g
        self.viewer = viewer
        self.sampler = WorldSampler(g, viewer) if g.outcome is None else None
        self.got: list[tuple[float, ...]] = []

    def upto(self, n: int) -> list[tuple[float, ...]]:
        while len(self.got) < n:
            self.got.append(chance_in(self.g, self.sampler, self.viewer, len(self.got)))
        return self.got[:n]

    def mean(self, n: int = WORLDS) -> tuple[float, ...]:
        got = self.upto(n)
        return tuple(sum(col) / len(col) for col in zip(*got, strict=True))


def chances(g: Game, viewer: int, worlds: int = WORLDS) -> tuple[float, ...]:
    """Each player's chance to win as the viewer could estimate it now."""
    return Estimate(g, viewer).mean(worlds)


def measured(a: Estimate, b: Estimate, worlds: tuple[int, ...] = (WORLDS,)
             ) -> tuple[tuple[float, ...], float, float, int]:
    """The change of every player's chance from a to b (the same worlds, paired), and the
    95% interval of the largest player's change, in `worlds[0]` worlds, then in each next
    number of worlds while that interval still holds zero (a change under LEAST stops it:
    it is no moment anyway)."""
    for k, n in enumerate(worlds):
        pairs = list(zip(a.upto(n), b.upto(n), strict=True))
        diffs = [[y - x for x, y in zip(p, r, strict=True)] for p, r in pairs]
        change = tuple(sum(col) / n for col in zip(*diffs, strict=True))
        q = max(range(len(change)), key=lambda i: abs(change[i]))
        _, low, high = mean_interval([d[q] for d in diffs])
        if low > 0 or high < 0 or abs(change[q]) < LEAST or k == len(worlds) - 1:
            break
    return change, low, high, n


def _what(g: Game, a: Any, seen: View) -> str:
    """The move in words, naming a card only if the viewer saw it (`seen`: the viewer's View
    after the move; a card revealed to another player alone stays unnamed)."""
    d = g.pending
    mine = d.player == seen.me
    who = "you" if mine else g.pname(d.player)
    if a == "pass":
        return f"{who} passed"
    if not mine and d.intent in SECRET:
        return f"{who} made a secret choice"
    name = label(g, a) if not isinstance(a, int) or d.kind == "player" or public(seen, a) \
        else "a card"
    if d.kind == "react":
        return f"{who} played {name} out of turn"
    if d.kind == "play":
        return f"{who} played {name}"
    if mine:        # another's prompt is never quoted: it may name a card in a hand
        return f"{who} chose {name} ({d.prompt.split(': ', 1)[-1]})"
    return f"{who} chose {name}"


def _revealed(before: Game, after: Game) -> str:
    """What the turn's end brought to light: a catastrophe, an age (or several), the end."""
    db = after.db
    if after.outcome is not None and before.outcome is None:
        return "the world ended and the final scores were counted"
    cats = after.catastrophes[len(before.catastrophes):]
    if cats:
        return f"the catastrophe {db.name(cats[-1])} struck"
    new = sum(len(e) for e in after.eras) - sum(len(e) for e in before.eras)
    if new > 1:
        return f"{new} ages passed at once"
    if new == 1 and after.age >= 0:
        return f"the age {db.name(after.age)} began"
    return ""


def _words(change: tuple[float, ...], g: Game, viewer: int) -> str:
    q = max(range(len(change)), key=lambda i: abs(change[i]))
    who = "your" if q == viewer else f"{g.pname(q)}'s"
    pts = round(100 * abs(change[q]))
    words = f"{who} chance to win {'rose' if change[q] > 0 else 'fell'} {pts} points"
    if q != viewer and abs(change[viewer]) >= LEAST:
        mine = round(100 * abs(change[viewer]))
        words += f" (yours {'rose' if change[viewer] > 0 else 'fell'} {mine})"
    return words


def _diff(a: tuple[float, ...], b: tuple[float, ...]) -> tuple[float, ...]:
    return tuple(y - x for x, y in zip(a, b, strict=True))


def _swing(at: int, rnd: int, who: int, text: str, a: Estimate, b: Estimate,
           mine: int) -> tuple[Swing, Estimate, Estimate]:
    """A first look at a moment (WORLDS worlds), with its two positions to look again."""
    change, low, high, n = measured(a, b)
    return Swing(at, rnd, who, text, change, mine, low, high, n), a, b


def _clear(s: Swing) -> bool:
    """A moment worth listing: LEAST or more, and its 95% interval excludes zero."""
    return s.size >= LEAST and (s.low > 0 or s.high < 0)


def _largest(found: list[tuple[Swing, Estimate, Estimate]]) -> list[Swing]:
    """The KEEP largest clear moments. Only the moments the first look found LEAST or more
    are measured again, in MORE worlds (more only while the interval holds zero), largest
    first, and once KEEP are clear no smaller first look is: eight worlds can agree by
    chance (a 35-point swing over 8 was 6 over 64), and four drew and listed 16-point swings
    that were sampling, not the move."""
    kept: list[Swing] = []
    for first, a, b in sorted(found, key=lambda f: (-f[0].size, f[0].at)):
        if first.size < LEAST or (len(kept) >= KEEP
                                  and first.size < min(s.size for s in kept)):
            break
        change, low, high, n = measured(a, b, MORE)
        s = replace(first, change=change, low=low, high=high, worlds=n)
        if _clear(s):
            kept.append(s)
    return sorted(kept, key=lambda s: (-s.size, s.at))[:KEEP]


def course(record: dict, db: Database, viewer: int) -> Course:
    """The course of a finished game's record as `viewer` could follow it (RecordError if
    the record does not replay). Deterministic."""
    _, answers = check_record(record, db)
    g = replay(record, db, upto=0, log=False)
    cur = Estimate(g.clone(), viewer)
    points = [cur.mean()]
    found: list[tuple[Swing, Estimate, Estimate]] = []
    mine = -1
    for i, a in enumerate(answers):
        d = g.pending
        rnd = sum(len(e) for e in g.eras)
        mid = None
        if d.player == viewer:
            mine = i
        if len(d.options) > 1 or d.kind == "react":
            h = g.clone()
            # up to its turn's pause, and never into the end: what World's End brings to
            # light (the Meanings of Life, hidden hands) is the end's moment, not the move's
            h.hold |= KEEP_PAUSE | KEEP_WORLD_END
            if h.current == d.player:
                h.hold |= 1 << d.player
            h.apply(a)
            mid = Estimate(h, viewer)
            seen = view_for(h, viewer, with_log=False)
            what = _what(g, a, seen)
            came = _revealed(g, h)      # ages the move itself made pass, a catastrophe
            found.append(_swing(i, rnd, d.player, f"{what}, and {came}" if came else what,
                                cur, mid, mine))
        before = g.clone()
        g.apply(a)
        nxt = Estimate(g.clone(), viewer)
        came = _revealed(before, g)
        if came:
            # from the position just before (after the move, or the forced answer's own)
            found.append(_swing(i, sum(len(e) for e in g.eras), -1, came, mid or cur, nxt,
                                mine))
        points.append(nxt.mean())
        cur = nxt
    texts = []
    for s in sorted(_largest(found), key=lambda s: s.at):
        what = s.text[0].upper() + s.text[1:]
        texts.append(replace(s, text=f"Round {s.round}: {what}: {_words(s.change, g, viewer)}."))
    return Course(viewer, tuple(g.pname(q) for q in range(g.n)), tuple(points), tuple(texts))
