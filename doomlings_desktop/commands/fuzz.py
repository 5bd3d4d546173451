"""`doomlings fuzz`: random legal games over every table size and rule variant, with the
engine's invariants checked after every answer. The test suite runs the same check.

Checked: every trait card is in exactly one place; no age card twice; gene pools stay in
range; at most two dominants a pile (three only with Birth of a Hero and Heroic); an attachment
lies in its host's pile, at most one on a host, never a host itself, and every attachment card
in a pile has a host (E8-E10); each seat's view builds and shows a decision to its decider
alone, and another seat's hand only in a round of Age of Metadata (E24); the game ends; scores are whole numbers
that the scoring rules agree with; the game's record replays to the same end. Two games in
three hold a seat's turn for End turn (`Game.hold`), which a replay, held nowhere, ignores.
"""

from __future__ import annotations

import itertools
import json
import random
import time
from collections import Counter
from dataclasses import dataclass, field

from doomlings_desktop.rules.cards import Database
from doomlings_desktop.rules.engine import VARIANTS, Game
from doomlings_desktop.rules.record import make_record, replay
from doomlings_desktop.rules.view import view_for

VARIANT_SETS = [dict(zip(VARIANTS, bits, strict=True))
                for bits in itertools.product((False, True), repeat=len(VARIANTS))]
MAX_STEPS = 3000


class InvariantBroken(AssertionError):
    """An invariant failed: says which game (seed, players, variants) and what."""


@dataclass
class FuzzResult:
    games: int = 0
    decisions: int = 0
    seconds: float = 0.0
    failures: list[str] = field(default_factory=list)


def table_of(seed: int) -> tuple[int, dict]:
    """Players and variants of the fuzz game with this seed: every combination in turn."""
    return 2 + seed % 5, {k: v for k, v in VARIANT_SETS[(seed // 5) % len(VARIANT_SETS)].items()
                          if v}


def check_invariants(g: Game, before: list) -> None:
    db = g.db
    places = list(g.deck) + list(g.discard) + list(g.limbo)
    for pl in g.players:
        places += pl.hand + pl.pile
    if Counter(places) != Counter(db.traits):
        raise InvariantBroken("a trait card was lost or duplicated")
    if g.attached or g.hosts:
        _check_attachments(g)
    held = Counter(db.reaction[c] for pl in g.players for c in pl.hand if db.reaction[c])
    if any(g.held[k] != held[k] for k in g.held):
        raise InvariantBroken(f"the out-of-turn cards counted in hands {g.held} are not those "
                              f"the hands hold {dict(held)}")
    ages = list(g.age_deck) + [a for e in g.eras for a in e]
    if len(ages) != len(set(ages)):
        raise InvariantBroken("an age card is in two places")
    for p, pl in enumerate(g.players):
        # Gene pool stays in 1..8 except through an exact reversal (until it changes again).
        gp_before, mods_before = before[p]
        if not 1 <= pl.gp <= 8 and pl.gp != gp_before and not set(mods_before) - set(pl.gp_mods):
            raise InvariantBroken(f"seat {p}: gene pool {pl.gp} without a reversal")
        if not 0 <= pl.gp <= 9:
            raise InvariantBroken(f"seat {p}: gene pool {pl.gp}")
        for c in pl.pile:
            if db.attach[c] is not None and c not in g.attached:
                raise InvariantBroken(f"seat {p}: {db.name(c)} lies in a pile without a host")
        dom = sum(1 for c in pl.pile if db.dominant[c])
        if dom > 2 and not (dom == 3 and g.has_in_pile(p, "heroic") and any(
                db.card("birth-of-a-hero") in e for e in g.eras)):
            raise InvariantBroken(f"seat {p}: {dom} dominant traits")


def _check_attachments(g: Game) -> None:
    """E8-E10: each attachment lies in the pile of its host; a host has one attachment and is
    no attachment itself; the two maps agree."""
    db = g.db
    if len(g.hosts) != len(g.attached):
        raise InvariantBroken("a host has two attachments")
    for a, h in g.attached.items():
        if g.hosts.get(h) != a:
            raise InvariantBroken(f"{db.name(a)} and its host {db.name(h)} disagree")
        if h in g.attached or db.attach[h] is not None:
            raise InvariantBroken(f"{db.name(a)} is attached to an attachment")
        q = g.owner_of(a)
        if q < 0 or h not in g.players[q].pile:
            raise InvariantBroken(f"{db.name(a)} is not in the pile of its host {db.name(h)}")
        if db.dominant[h]:
            raise InvariantBroken(f"{db.name(a)} is attached to a dominant trait")


def _check_views(g: Game) -> None:
    d = g.pending
    for me in range(g.n):
        v = view_for(g, me, with_log=False)
        if (v.decision is not None) != (d is not None and d.player == me):
            raise InvariantBroken(f"seat {me} sees a decision that is not its own")
        if v.hand != tuple(g.players[me].hand):
            raise InvariantBroken(f"seat {me}'s view shows another hand")
        open_ = bool(g.rules.get("reveal_hands")) and not g.over
        for sv in v.seats:
            if sv.seat != me and (sv.hand is not None) != open_:
                raise InvariantBroken(f"seat {me}'s view shows seat {sv.seat}'s hand "
                                      "outside Age of Metadata")
            if sv.attached != tuple((c, g.attached[c]) for c in g.players[sv.seat].pile
                                    if c in g.attached):
                raise InvariantBroken(f"seat {me}'s view misdraws seat {sv.seat}'s attachments")
        # Meaning of Life (E4): only my own kept card until the game is over
        if v.meaning != g.meaning[me] or (v.meanings and not g.over):
            raise InvariantBroken(f"seat {me}'s view shows another Meaning of Life card")


def fuzz_game(db: Database, seed: int, check_record: bool = True) -> int:
    """Play one random game with every check; returns its number of decisions."""
    players, variants = table_of(seed)
    g = Game.new(db, players, seed=seed, variants=variants, log=check_record)
    g.hold = seed % 3       # none, seat 0 or seat 1 pauses before stabilizing
    r = random.Random(seed)
    check_invariants(g, [(5, {}) for _ in g.players])
    steps = 0
    while g.pending is not None:
        mods = [(p.gp, dict(p.gp_mods)) for p in g.players]
        g.apply(r.choice(g.pending.options))
        check_invariants(g, mods)
        steps += 1
        if steps % 16 == 0:
            _check_views(g)
        if steps >= MAX_STEPS:
            raise InvariantBroken("the game does not end")
    if not (g.over and g.winners):
        raise InvariantBroken("the game stopped without a winner")
    o = g.outcome
    if not all(type(s) is int for s in o.scores) or o.scores != tuple(
            g.score(p) for p in range(players)):
        raise InvariantBroken(f"scores {o.scores} disagree with the scoring rules")
    if tuple(sum(v for _, v in b) for b in o.breakdowns) != o.scores:
        raise InvariantBroken(f"scores {o.scores} are not the sums of their breakdowns")
    if check_record:
        again = replay(json.loads(json.dumps(make_record(g))), db)
        if again.scores != g.scores or again.log != g.log:
            raise InvariantBroken("the game's record does not replay to the same end")
    return steps


def fuzz(db: Database, games: int, seed: int = 0, record_every: int = 4) -> FuzzResult:
    """Run `games` fuzz games from `seed`; failures are collected, not raised."""
    res = FuzzResult()
    t0 = time.perf_counter()
    for s in range(seed, seed + games):
        try:
            res.decisions += fuzz_game(db, s, check_record=(s - seed) % record_every == 0)
        except Exception as e:  # noqa: BLE001 - any engine error is a finding, with its seed
            res.failures.append(failure_line(s, e))
        res.games += 1
    res.seconds = time.perf_counter() - t0
    return res


def failure_line(seed: int, e: Exception) -> str:
    """A failed game as the fuzz commands report it: its seed, its table and the error, so
    `--seed N --games 1` plays it again."""
    players, variants = table_of(seed)
    return (f"seed {seed} ({players} players, variants {sorted(variants) or 'none'}): "
            f"{type(e).__name__}: {e}")


def main(db: Database, games: int, seed: int, as_json: bool) -> int:
    res = fuzz(db, games, seed)
    rate = res.games / res.seconds if res.seconds else 0.0
    if as_json:
        print(json.dumps({"games": res.games, "decisions": res.decisions,
                          "seconds": round(res.seconds, 3), "games_per_second": round(rate, 1),
                          "failures": res.failures}))
    else:
        for f in res.failures[:20]:
            print(f"FAIL {f}")
        print(f"{res.games} games ({res.decisions} decisions) over 2-6 players and "
              f"{len(VARIANT_SETS)} variant sets in {res.seconds:.1f} s ({rate:.0f} games/s): "
              f"{len(res.failures)} failed")
    return 1 if res.failures else 0
