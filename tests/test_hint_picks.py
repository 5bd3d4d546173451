"""A hint's '+N now' for a play that asks its player a question of their own (issue 28 §1: a
play then 'return one of your traits', 'discard a card') does not claim the one number the
quick policy's answer gives: the next hint may recommend another answer, and following both
gave other points (Fecundity under Voracious said +3, the hints together gave +2). Where the
player's own next pick changes the points, the hint says the least and the most, 'by what
you pick next' (play/coach.py `points_words`)."""

from __future__ import annotations

import pytest

from doomlings_desktop.bots import make_bot
from doomlings_desktop.bots.effects import settle
from doomlings_desktop.commands.hintscan import now_claim
from doomlings_desktop.play.coach import Coach, points_words
from doomlings_desktop.rules.cards import available_modules, database_for
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.state import KEEP_PAUSE
from doomlings_desktop.rules.view import view_for
from doomlings_desktop.rules.worlds import WorldSampler


@pytest.fixture(scope="module")
def every_module():
    return database_for(available_modules())


def real_picks(g: Game, seat: int, card: int) -> list[int]:
    """The seat's true score change from playing `card` then answering its own next question
    each way it can (the rest settled as the coach does), measured here without the code
    under test: [] if the play asks the seat no question with several answers."""
    h = g.clone()
    before = h.score(seat)
    h.hold |= (1 << seat) | KEEP_PAUSE
    h.apply(card)
    d = h.pending
    if d is None or d.player != seat or d.kind in ("react", "play", "end_turn") \
            or len(d.options) < 2:
        return []
    out = []
    for o in d.options:
        k = h.clone()
        k.apply(o)
        settle(k, seat, cause=card, own=True)
        out.append(k.score(seat) - before)
    return out


def positions(db, seeds, most):
    """Plays the coach recommends, in games of Easy bots, whose own next question changes
    the points by its answer: (hint, the true changes of each answer)."""
    coach = Coach(db, seed=0, budget=None, iterations=40)
    for seed in seeds:
        n = 2 + seed % 3
        g = Game.new(db, n, seed=seed)
        bots = [make_bot("easy", seed + p, db=db) for p in range(n)]
        while g.pending is not None and most:
            d = g.pending
            if d.kind == "play" and any(len(set(real_picks(g, d.player, o))) > 1
                                        for o in d.options if o != "pass"):
                hint = coach.hint(g, d.player)
                picks = real_picks(g, d.player, hint.answer) if hint.answer != "pass" else []
                if len(set(picks)) > 1:
                    most -= 1
                    yield hint, picks
            g.apply(bots[d.player].decide(view_for(g, d.player, with_log=False),
                                          WorldSampler(g, d.player)))


def test_a_play_whose_own_next_pick_changes_the_points_says_the_range(every_module):
    seen = 0
    for hint, picks in positions(every_module, range(3), 3):
        seen += 1
        said = now_claim(hint.why)
        assert said is not None, hint.why
        low, high, hedged = said
        # every answer the player may give next is within what the hint says, and it is
        # said as hanging on that pick, not as one sure number
        assert low <= min(picks) and max(picks) <= high, (hint.why, picks)
        assert hedged and "by what you pick next" in hint.why, hint.why
    assert seen >= 2


def test_the_words_name_the_cause_of_the_range():
    assert points_words([3, 3]) == "+3 now"
    assert points_words([3, 3], picks=[(3, 3)]) == "+3 now"     # the pick changes nothing
    assert points_words([3, 3], picks=[(1, 3), (1, 3)]) == "+1 to +3 now, by what you pick next"
    assert points_words([3, 3], False, [(1, 3)]) == "likely +1 to +3 now, by what you pick next"
    assert points_words([2, 3], picks=[(1, 3)]) \
        == "+1 to +3 now, by what you pick next and cards you cannot see"
    assert points_words([3, 3], picks=[(1, 3), (0, 3)]) \
        == "+0 to +3 now, by what you pick next and cards you cannot see"
    assert points_words([1, 3]) == "+1 to +3 now, by cards you cannot see"
    for words in ("+1 to +3 now, by what you pick next",
                  "likely +1 to +3 now, by what you pick next",
                  "+1 to +3 now, by what you pick next and cards you cannot see"):
        assert now_claim(f"Play X: {words}; y.") == (1, 3, True)
