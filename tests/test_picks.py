"""Decision.count: a sequence of hand picks says how many it takes, so a table can have them
all chosen at once and answer them one after another."""

import random

from doomlings_desktop.rules.engine import Game


def test_a_sequence_of_picks_takes_the_count_it_announces(db):
    seen = {"exact": 0, "up to": 0}
    for seed in range(60):
        g = Game.new(db, 2 + seed % 3, seed=seed, log=False)
        r = random.Random(seed)
        while g.pending is not None:
            d = g.pending
            if d.count == 1:
                g.apply(r.choice(d.options))
                continue
            assert d.count > 1 and d.kind == "card" and d.zone == "hand"
            cards = [c for c in d.options if c != "pass"]
            assert d.count <= len(cards)
            up_to = "pass" in d.options
            seen["up to" if up_to else "exact"] += 1
            chosen = r.sample(cards, d.count if not up_to else r.randrange(d.count + 1))
            for i, c in enumerate(chosen):      # chosen together, answered in turn
                now = g.pending
                assert now.player == d.player and now.kind == "card" and c in now.options
                assert now.count == d.count - i
                g.apply(c)
            if up_to and len(chosen) < d.count:
                assert "pass" in g.pending.options and g.pending.player == d.player
                g.apply("pass")
            elif g.pending is not None:         # the sequence is over: no pick of it is left
                assert g.pending.count == 1 or g.pending.options != d.options
    assert seen["exact"] > 10 and seen["up to"] > 0, seen
