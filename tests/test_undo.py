"""Undo never lets a player see something and then take back the move that showed it."""

import random

import pytest

from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.record import make_record, replay


def hidden(g: Game, p: int) -> tuple:
    """Everything player p could learn by being shown it (revealed cards are checked apart:
    they may go away, never arrive)."""
    return (tuple(g.players[p].hand), len(g.deck), len(g.age_deck), g.rng.state,
            tuple(g.known_age.items()))


@pytest.mark.parametrize("seed", range(60))
def test_undoable_answers_revealed_nothing(db, seed):
    g = Game.new(db, 2 + seed % 4, seed=seed, log=False)
    r = random.Random(seed)
    undoable = 0
    while g.pending is not None:
        d = g.pending
        before = g.clone()
        g.apply(r.choice(d.options))
        if g.can_undo():
            undoable += 1
            # the same player decides again and nothing hidden came to light
            assert g.pending.player == d.player
            assert hidden(before, d.player)[1:] == hidden(g, d.player)[1:]
            assert set(g.revealed.items()) <= set(before.revealed.items())
            public = set(before.limbo) | set(before.discard) | {
                c for pl in before.players for c in pl.pile}
            public |= set(before.revealed.get(d.player, ()))       # Nosy: seen a step earlier
            for t in before.stack:                                  # Clever: shown to all
                vars_ = getattr(t[1], "vars", None) if len(t) > 1 else None
                if vars_:
                    public |= {c for _, c in vars_.get("revealed", ())}
            assert set(g.players[d.player].hand) <= set(before.players[d.player].hand) | public
            back = replay(make_record(g), db, upto=len(g.answers) - 1, log=False)
            assert back.pending.player == d.player and back.pending.options == d.options
    assert g.over


def test_undo_is_offered_within_a_turn(db):
    """Some decision chains (e.g. stabilize discards) can be stepped back."""
    offered = 0
    for seed in range(40):
        g = Game.new(db, 3, seed=seed, log=False)
        r = random.Random(seed)
        while g.pending is not None:
            g.apply(r.choice(g.pending.options))
            offered += g.can_undo()
    assert offered > 20
