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
from dataclasses import dataclass
from typing import Any

from doomlings_desktop.bots.hard import TEMPERATURE, TUNED_AT
from doomlings_desktop.bots.heuristics import rewards, tables
from doomlings_desktop.bots.reasons import public
from doomlings_desktop.play.explain import label
from doomlings_desktop.rules import decisions as D
from doomlings_desktop.rules.cards import Database
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.record import check_record, replay
from doomlings_desktop.rules.state import KEEP_PAUSE, KEEP_WORLD_END
from doomlings_desktop.rules.view import View, view_for
from doomlings_desktop.rules.worlds import WorldSampler

SECRET = frozenset({D.SECRET_COLOR, D.KEEP_MEANING})    # choices no other seat is told
WORLDS = 4          # worlds a chance is averaged over (2 gave other top moments than 6)
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


def chances(g: Game, viewer: int, salt: int) -> tuple[float, ...]:
    """Each player's chance to win as the viewer could estimate it now."""
    if g.outcome is not None:
        return tuple(float(g.outcome.won(q)) for q in range(g.n))
    t0, slope = TEMPERATURE.get(g.n, (TUNED_AT, 0.0))
    tb = tables(g.db)
    sampler = WorldSampler(g, viewer)
    rng = random.Random(salt)
    acc = [0.0] * g.n
    for _ in range(WORLDS):
        r = rewards(sampler.sample(rng), tb, t0, (viewer,), slope)
        for q in range(g.n):
            acc[q] += r[q] / WORLDS
    return tuple(acc)


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


def course(record: dict, db: Database, viewer: int) -> Course:
    """The course of a finished game's record as `viewer` could follow it (RecordError if
    the record does not replay). Deterministic."""
    _, answers = check_record(record, db)
    g = replay(record, db, upto=0, log=False)
    now = chances(g, viewer, 0)
    points = [now]
    found: list[Swing] = []
    mine = -1
    for i, a in enumerate(answers):
        d = g.pending
        rnd = sum(len(e) for e in g.eras)
        mid = None
        if d.player == viewer:
            mine = i
        if len(d.options) > 1 or d.kind == "react":
            # the same worlds' seed before and after: the difference is the move's, not
            # the luck of two samples
            now = chances(g, viewer, i)
            h = g.clone()
            # up to its turn's pause, and never into the end: what World's End brings to
            # light (the Meanings of Life, hidden hands) is the end's moment, not the move's
            h.hold |= KEEP_PAUSE | KEEP_WORLD_END
            if h.current == d.player:
                h.hold |= 1 << d.player
            h.apply(a)
            mid = chances(h, viewer, i)
            seen = view_for(h, viewer, with_log=False)
            what = _what(g, a, seen)
            came = _revealed(g, h)      # ages the move itself made pass, a catastrophe
            found.append(Swing(i, rnd, d.player, f"{what}, and {came}" if came else what,
                               _diff(now, mid), mine))
        before = g.clone()
        g.apply(a)
        after = chances(g, viewer, i)
        came = _revealed(before, g)
        if came:
            # measured from the same worlds' seed as `after`: a forced answer has no `mid`,
            # and `now` was drawn with the previous answer's seed, whose luck alone moved a
            # chance by up to 28 points (seeds 2-4)
            found.append(Swing(i, sum(len(e) for e in g.eras), -1, came,
                               _diff(mid or chances(before, viewer, i), after), mine))
        points.append(after)
        now = after
    top = sorted((s for s in found if s.size >= LEAST), key=lambda s: (-s.size, s.at))[:KEEP]
    texts = []
    for s in sorted(top, key=lambda s: s.at):
        what = s.text[0].upper() + s.text[1:]
        texts.append(Swing(s.at, s.round, s.who,
                           f"Round {s.round}: {what}: {_words(s.change, g, viewer)}.",
                           s.change, s.mine))
    return Course(viewer, tuple(g.pname(q) for q in range(g.n)), tuple(points), tuple(texts))
