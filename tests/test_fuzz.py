"""Random games with invariants checked after every answer (issue: fuzz test)."""

import random
from collections import Counter

import pytest

from doomlings_desktop.rules.engine import Game

GAMES = 500


def check_invariants(g: Game, before: list) -> None:
    db = g.db
    # Every physical trait is in exactly one place.
    places = list(g.deck) + list(g.discard) + list(g.limbo)
    for pl in g.players:
        places += pl.hand + pl.pile
    assert Counter(places) == Counter(db.traits), "a trait card was lost or duplicated"
    # Age cards: never duplicated.
    ages = list(g.age_deck) + [a for e in g.eras for a in e]
    assert len(ages) == len(set(ages))
    for p, pl in enumerate(g.players):
        # Gene pool stays in 1..8 except through an exact reversal (and until it changes again).
        gp_before, mods_before = before[p]
        if not 1 <= pl.gp <= 8 and pl.gp != gp_before:
            assert set(mods_before) - set(pl.gp_mods), f"gene pool {pl.gp} without a reversal"
        assert 0 <= pl.gp <= 9
        dom = sum(1 for c in pl.pile if db.dominant[c])
        if dom > 2:
            hero = db.card("birth-of-a-hero")
            assert dom == 3 and any(hero in e for e in g.eras) and g.has_in_pile(p, "heroic")


@pytest.mark.parametrize("chunk", range(10))
def test_random_games_keep_invariants(db, chunk):
    for seed in range(chunk * GAMES // 10, (chunk + 1) * GAMES // 10):
        players = 2 + seed % 5
        g = Game.new(db, players, seed=seed, log=False)
        r = random.Random(seed)
        check_invariants(g, [(5, {}) for _ in g.players])
        steps = 0
        while g.pending is not None:
            mods = [(p.gp, dict(p.gp_mods)) for p in g.players]
            g.apply(r.choice(g.pending.options))
            check_invariants(g, mods)
            steps += 1
            assert steps < 3000, f"seed {seed}: the game does not end"
        assert g.over and g.winners
        assert all(type(s) is int for s in g.scores)
        assert g.scores == [g.score(p) for p in range(players)]
