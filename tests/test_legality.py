"""One legality rule: the fast path that lists a turn's legal plays agrees with the rule that
explains a refusal (`play_problem`), over many random positions of every table size."""

from __future__ import annotations

import random

from doomlings_desktop.rules import decisions as D
from doomlings_desktop.rules.engine import VARIANTS, Game


def test_legal_plays_agree_with_play_problem_everywhere(db):
    checked = blocked = 0
    for seed in range(120):
        r = random.Random(seed)
        g = Game.new(db, 2 + seed % 5, seed=seed, log=False,
                     variants={k: True for k in VARIANTS if r.random() < 0.3})
        while g.pending is not None:
            d = g.pending
            for p in range(g.n):
                slow = [c for c in g.players[p].hand if g.play_problem(p, c) is None]
                assert g.legal_plays(p) == slow, (seed, len(g.answers), p)
                checked += 1
                blocked += len(g.players[p].hand) - len(slow)
            if d.intent == D.TURN_PLAY:
                assert d.options == g.legal_plays(d.player)
            g.apply(r.choice(d.options))
    assert checked > 10_000 and blocked > 1_000     # the positions did test refusals


def test_a_refused_play_is_explained_by_the_same_rule(db):
    """`why_not` of an illegal turn play gives play_problem's reason."""
    for seed in range(200):
        g = Game.new(db, 3, seed=seed, log=False)
        r = random.Random(seed)
        while g.pending is not None:
            d = g.pending
            if d.intent == D.TURN_PLAY:
                bad = [c for c in g.players[d.player].hand if c not in d.options]
                if bad:
                    assert g.why_not(bad[0]) == g.play_problem(d.player, bad[0])
                    return
            g.apply(r.choice(d.options))
    raise AssertionError("no refused play in 200 games")


def test_every_filter_key_the_loader_accepts_has_a_test():
    """`matches` looks a filter key up in FILTERS; the loader refuses any other key. The two
    lists must be one: a key the loader took and FILTERS lacked would fail mid-game."""
    from doomlings_desktop.rules.cards.checker import FILTER_KEYS
    from doomlings_desktop.rules.legality import FILTERS

    assert set(FILTER_KEYS) == set(FILTERS)
