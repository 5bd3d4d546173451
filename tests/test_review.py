"""The review after a game ("What decided this game?"): a planted bad move is found, good
play is told it matched the coach, and nothing the seat could not see changes the review."""

from __future__ import annotations

import random

import pytest

from doomlings_desktop.play import review
from doomlings_desktop.play.coach import Coach, _gain
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.record import make_record
from doomlings_desktop.rules.worlds import WorldSampler
from tests.uidriver import wait_until

SEATS = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"},
         {"name": "Cy", "kind": "bot", "level": "random"}]


def _gains(g: Game, seat: int) -> dict:
    """Each option's points at once, in the worlds the review measures them in."""
    sampler = WorldSampler(g, seat)
    salt = Coach(g.db, seed=g.seed).salt(g)
    return {o: _gain(sampler, seat, o, random.Random(salt)) for o in g.pending.options}


def planted_game(db, seed: int) -> tuple[Game, int | None]:
    """A 3-player game where the humans (seats 0 and 1) always take the answer with the most
    points at once, but seat 0 once plays its worst card where the best was 4 or more points
    better: no other answer of theirs can be bettered at once, so only that one may show."""
    g = Game.new(db, 3, seed=seed, log=False)
    r = random.Random(seed)
    planted = None
    while g.pending is not None:
        d = g.pending
        if d.player == 2 or len(d.options) == 1:
            g.apply(r.choice(d.options))
            continue
        gains = _gains(g, d.player)
        best = max(gains, key=lambda o: (gains[o], str(o)))
        worst = min(gains, key=lambda o: (gains[o], str(o)))
        if planted is None and d.player == 0 and d.kind == "play" and worst != "pass" \
                and gains[best] - gains[worst] >= 4:
            planted = len(g.answers)
            g.apply(worst)
        else:
            g.apply(best)
    return g, planted


def test_a_planted_bad_move_is_what_decided_the_game(db):
    g, at = planted_game(db, 5)
    assert at is not None and g.over
    got = review.review_record(make_record(g, SEATS), db)
    assert [r.seat for r in got] == [0, 1]          # the humans only
    ann, bob = got
    assert [m.at for m in ann.moments] == [at]
    m = ann.moments[0]
    assert m.points >= 4 and m.coach != m.played
    assert m.text.startswith(f"Round {m.round}: you played {m.played} (")
    assert f"{m.coach} (+" in m.text and "points better." in m.text
    assert not bob.moments and bob.summary == review.MATCHED


def _swap_hidden(g: Game, seat: int) -> Game:
    """The same position with another hand's card swapped for one in the trait deck (none it
    was shown): what `seat` sees is unchanged."""
    h = g.clone()
    shown = set(h.revealed.get(seat, ()))
    for q in range(h.n):
        if q == seat or not h.deck:
            continue
        hand = h.players[q].hand
        i = next((i for i, c in enumerate(hand) if c not in shown), None)
        if i is not None:
            hand[i], h.deck[0] = h.deck[0], hand[i]
            break
    return h


def test_the_review_reads_nothing_the_seat_could_not_see(db, monkeypatch):
    """Every decision is judged on a game whose hidden cards were dealt differently: the
    review is the same, item for item."""
    g = Game.new(db, 3, seed=8, log=False)
    r = random.Random(8)
    while g.pending is not None:
        g.apply(r.choice(g.pending.options))
    rec = make_record(g, SEATS)
    plain = review.review_record(rec, db, iterations=40)
    assert any(s.moments for s in plain)             # something to compare
    swaps = []
    screen, moment = review._screen, review._moment

    def blind_screen(game, seat, answer, salt):
        other = _swap_hidden(game, seat)
        swaps.append([p.hand for p in other.players] != [p.hand for p in game.players])
        return screen(other, seat, answer, salt)

    monkeypatch.setattr(review, "_screen", blind_screen)
    monkeypatch.setattr(review, "_moment", lambda game, seat, *a: moment(
        _swap_hidden(game, seat), seat, *a))
    assert review.review_record(rec, db, iterations=40) == plain
    assert sum(swaps) > 10


def test_a_game_without_humans_has_no_review_and_the_job_remembers(db):
    g = Game.new(db, 2, seed=3, log=False)
    r = random.Random(3)
    while g.pending is not None:
        g.apply(r.choice(g.pending.options))
    bots = [{"name": "A", "kind": "bot"}, {"name": "B", "kind": "bot"}]
    assert review.review_record(make_record(g, bots), db) == []
    job = review.ReviewJob(make_record(g, bots), db)
    wait_until(lambda: job.done, "the review of a game without humans")
    assert job.poll() == [] and not job.failed
    again = review.ReviewJob(make_record(g, bots), db)
    assert again.done and again.poll() == []        # remembered: no second thread


def test_a_review_that_fails_says_so(db, monkeypatch):
    def boom(*a, **k):
        raise RuntimeError("broken")

    monkeypatch.setattr(review, "review_record", boom)
    review._memo.clear()
    job = review.ReviewJob({"seed": 1, "answers": ["x"]}, db)
    wait_until(lambda: job.done, "the failed review's answer")
    assert job.failed and job.poll() is None


@pytest.mark.parametrize("kind,answer,label,words", [
    ("play", "pass", "Pass", "you passed"), ("play", 3, "Kidney", "you played Kidney"),
    ("card", 3, "Kidney", "you chose Kidney"), ("yesno", "no", "No", "you chose 'No'")])
def test_what_the_player_did_in_words(kind, answer, label, words):
    assert review._did(kind, answer, label) == words
