"""The hint's words come from the judge that chose its answer (issue 28, one judge): where the
quick one-ply look would have played another answer, the reason says what that answer does
better at once and what the search found played on, never that it does "about as well"; where
the search could not tell two or more answers apart, the hint says they are about the same
and names them, with a reason for its pick."""

from __future__ import annotations

import math
import random
import re

from doomlings_desktop.bots import make_bot
from doomlings_desktop.bots.effects import played, sample_worlds, terms_of, weights
from doomlings_desktop.bots.heuristics import option_scores, tables
from doomlings_desktop.play import explain
from doomlings_desktop.play.coach import Coach
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.view import view_for
from doomlings_desktop.rules.worlds import WorldSampler

ITERATIONS = 120        # a small search: it ties and disagrees with the quick look often


def _positions(db, seeds, every: int = 3):
    """Seat 0's decisions with a choice, every `every`-th, in random 3-player games."""
    for seed in seeds:
        g = Game.new(db, 3, seed=seed, log=False)
        r = random.Random(seed)
        k = 0
        while g.pending is not None:
            d = g.pending
            if d.player == 0 and len(d.options) > 1 and d.count == 1:
                if k % every == 0:
                    yield seed, g
                k += 1
            g.apply(r.choice(d.options))


def _quick_prefers(g: Game, seat: int, answer, salt: int):
    """The quick policy's own answer (its best option score) if the quick look, played out
    in the reason's worlds and weighed as the evaluation weighs players, finds it better
    than the answer at once by explain.CLOSE or more; else None."""
    worlds = sample_worlds(g, seat, explain.WORLDS, salt)
    tb = tables(g.db)
    opts = g.pending.options
    sc = option_scores(worlds[0].clone(), tb)
    quick = max((o for o in opts if o != answer), key=lambda o: sc[opts.index(o)])
    if sc[opts.index(quick)] < sc[opts.index(answer)]:
        return None
    mine = terms_of(played(worlds, seat, answer, tb), seat, tb)
    alt = terms_of(played(worlds, seat, quick, tb), seat, tb)
    w = weights(mine, seat, tb.lead)
    total = sum(w[q] * (getattr(mine, p)[q] - getattr(alt, p)[q])
                for p in explain.PARTS for q in range(len(w)))
    return quick if total <= -explain.CLOSE else None


def test_a_hint_the_quick_look_would_not_give_says_what_the_search_saw(db):
    """Where the search's answer is not the quick look's (the quick look finds its own answer
    better at once), the reason names that rival, what it does better at once, and the
    search's chance to win for both in the same worlds, the answer's never below the rival's.
    The old reason was the quick look's: it called the rival "about as well at once" or
    explained the answer against a weaker one. (`rival`: the quick policy's own answer.)"""
    seen = 0
    for _, g in _positions(db, range(0, 6)):
        coach = Coach(db, seed=g.seed, budget=None, iterations=ITERATIONS)
        hint = coach.hint(g, 0)
        rival = _quick_prefers(g, 0, hint.answer, coach.salt(g))
        if rival is None:
            continue
        seen += 1
        assert "about as well at once" not in hint.why, hint.why
        # a rival the quick look prefers (the quick policy's, or one it finds better still)
        better = re.search(r"at once, (.+?) does better", hint.why)
        assert better, hint.why
        said = re.search(r"your chance to win (\d+)%, (?:(\d+)% |the same )with "
                         + re.escape(better.group(1).removeprefix("choosing ")), hint.why)
        assert said, hint.why
        assert said.group(2) is None or int(said.group(2)) <= int(said.group(1)), hint.why
    assert seen >= 3, seen


def _tied(g: Game, coach: Coach) -> tuple:
    """The coach's own search (the same seed and simulations) and the answers it clearly
    could not tell from its pick: still in its race at the end and the paired difference
    within 1.5 standard errors of zero (a 95% interval needs 1.96 or more: these tie for
    sure; a test oracle, apart from play/ties.py)."""
    view = view_for(g, 0, with_log=False)
    bot = make_bot("hard", coach.salt(g), db=g.db, budget=None, iterations=ITERATIONS)
    answer = bot.decide(view, WorldSampler(g, 0))
    res = bot.last_results
    out = []
    for o, r in res.items():
        if o == answer or len(r) != len(res[answer]) or len(r) < 2:
            continue
        d = [x - y for x, y in zip(res[answer], r, strict=True)]
        m = len(d)
        mean = sum(d) / m
        se = math.sqrt(sum((x - mean) ** 2 for x in d) / (m - 1) / m)
        if abs(mean) <= 1.5 * se or (se == 0 and mean == 0):
            out.append(o)
    return answer, out


def test_a_hint_where_answers_tie_names_them_and_says_why_this_one(db):
    """Where the search could not tell answers apart, the hint says they are about the same
    (with how close, in points of chance to win) and names them, the pick first, then its
    reason for the pick. The old hint named only the search's pick ("Play X")."""
    seen = 0
    for _, g in _positions(db, range(0, 4)):
        coach = Coach(db, seed=g.seed, budget=None, iterations=ITERATIONS)
        answer, ties = _tied(g, coach)
        if not ties:
            continue
        hint = coach.hint(g, 0)
        assert hint.answer == answer
        seen += 1
        head, _, rest = hint.why.partition(". ")
        assert re.search(r": (about the same, within \d+ points? of your chance to win"
                         r"|the same chance to win in every imagined world)$", head), hint.why
        assert head.lower().startswith(explain.label(g, answer).lower()) \
            or head.split(" ", 1)[1].startswith(explain.label(g, answer)), hint.why
        named = [o for o in ties if explain.label(g, o) in head]
        others = re.search(r" or (\d+) others?:", head)
        assert len(named) + (int(others.group(1)) if others else 0) >= min(len(ties), 2), \
            hint.why
        # then the pick's own sentence: its name and a reason
        assert rest.startswith(f"{explain.label(g, answer)}: ") and len(rest) > 30, hint.why
    assert seen >= 3, seen
