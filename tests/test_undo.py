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


# ---------------------------------------------------------------------- the end-of-turn hold

def state(g: Game) -> tuple:
    """The whole position as the players and the record know it."""
    return (tuple((tuple(pl.hand), tuple(pl.pile), pl.gp) for pl in g.players), tuple(g.deck),
            tuple(g.discard), g.rng.state, g.pending.player, g.pending.kind,
            tuple(g.pending.options), tuple(g.answers))


def opens_turn(g: Game) -> bool:
    return g.stack[-1][0].__name__ in ("t_turn_play", "t_no_play")


@pytest.mark.parametrize("seed", range(24))
def test_a_held_seat_pauses_once_after_its_last_play_and_the_record_ignores_it(db, seed):
    n = 2 + seed % 3
    held = {0, n - 1} if seed % 2 else {1}
    g = Game.new(db, n, seed=seed)
    g.hold = sum(1 << p for p in held)
    plain = Game.new(db, n, seed=seed)
    r = random.Random(seed)
    turn: list = []         # (kind, player) of the decisions of the turn under way
    pauses = played = 0
    while g.pending is not None:
        d = g.pending
        if opens_turn(g):
            turn = []
        turn.append((d.kind, d.player))
        if d.kind == "end_turn":
            pauses += 1
            assert d.player in held and d.player == g.current and d.options == ["end"]
            assert g.can_undo()             # else the pause would have been skipped
            assert turn.count(("end_turn", d.player)) == 1
            at = len(g.answers)
            back = replay(make_record(g), db, upto=at - 1, log=False)
            assert back.pending.player == d.player and back.pending.kind != "end_turn"
            g.apply("end")
            assert len(g.answers) == at     # the pause is no move
            continue
        if g.stack[-1][0].__name__ in ("t_turn_play", "t_bonus_play"):   # the turn's plays
            assert ("end_turn", d.player) not in turn     # none after the pause
            played += d.player in held
        a = r.choice(d.options)
        g.apply(a)
        plain.apply(a)
    assert plain.over and g.over
    assert g.answers == plain.answers and g.log == plain.log and g.scores == plain.scores
    assert make_record(g) == make_record(plain)
    assert 0 < pauses <= played


def test_undo_at_the_pause_goes_back_to_before_the_play(db):
    checked = 0
    for seed in range(30):
        g = Game.new(db, 3, seed=seed, log=False)
        g.hold = 1
        r = random.Random(seed)
        before = None
        while g.pending is not None and checked < 40:
            d = g.pending
            if d.kind == "end_turn" and before is not None:
                back = replay(make_record(g), db, upto=len(g.answers) - 1, log=False)
                assert state(back) == state(before)
                checked += 1
            before = g.clone() if d.kind == "play" and d.player == 0 and opens_turn(g) else None
            g.apply("end" if d.kind == "end_turn" else r.choice(d.options))
    assert checked == 40


def test_no_pause_for_seats_not_held_turns_without_a_play_or_a_play_that_drew(db):
    skipped = nothing = 0
    for seed in range(40):
        g = Game.new(db, 2, seed=seed, log=False)
        g.hold = 0b01
        r = random.Random(seed)
        while g.pending is not None:
            d = g.pending
            assert d.kind != "end_turn" or d.player == 0
            start = opens_turn(g) and d.player == 0
            g.apply("end" if d.kind == "end_turn" else r.choice(d.options))
            if start and d.kind == "no_play":
                nothing += 1
                assert g.pending is None or g.pending.kind != "end_turn"
            elif start and g.pending is not None and g.pending.player != 0:
                skipped += 1        # the play showed something, or the turn ended at once
    assert skipped and nothing


def test_the_hold_is_copied_by_clone_and_absent_from_a_bots_imagined_worlds(db):
    from doomlings_desktop.rules.worlds import WorldSampler

    g = Game.new(db, 3, seed=4)
    g.hold = 0b110
    assert g.clone().hold == 0b110
    assert WorldSampler(g, 1).sample(random.Random(0)).hold == 0


@pytest.mark.parametrize("answer", ["play", "pass"])
def test_an_ages_bonus_play_comes_before_the_pause(db, answer):
    """Galactic Drift, High Tides: the turn pauses once, after the bonus play (or its pass)."""
    for seed in range(200):
        g = Game.new(db, 2, seed=seed, log=False)
        g.hold = 0b11
        r = random.Random(seed)
        while g.pending is not None and g.stack[-1][0].__name__ != "t_bonus_play":
            d = g.pending
            assert d.kind != "end_turn" or g.stack[-2][0].__name__ != "t_bonus_play"
            g.apply("end" if d.kind == "end_turn" else r.choice(d.options))
        if g.pending is None:
            continue
        p = g.pending.player
        g.apply("pass" if answer == "pass" else g.pending.options[0])
        while g.pending is not None and g.pending.kind != "end_turn":
            assert g.pending.player == p            # the bonus play's own choices
            g.apply(r.choice(g.pending.options))
        if g.pending is None or not g.can_undo():
            continue
        assert g.pending.player == p
        back = replay(make_record(g), db, upto=len(g.answers) - 1, log=False)
        if answer == "pass":
            assert back.stack[-1][0].__name__ == "t_bonus_play"
        return
    pytest.fail("no bonus play in 200 games")
