"""The review after a game ("What decided this game?"): a planted bad move is found, good
play is told it matched the coach, and nothing the seat could not see changes the review."""

from __future__ import annotations

import math
import random

import pytest

from doomlings_desktop.play import review
from doomlings_desktop.play.coach import Coach, _gain
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.record import make_record, replay
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
    assert at in [m.at for m in ann.moments]
    m = next(m for m in ann.moments if m.at == at)
    # flagged by the deeper look (the hint's own judge) with a 95% interval above zero
    assert m.coach != m.played and 0 < m.low <= m.chance <= m.high
    assert m.text.startswith(f"Round {m.round}: you played {m.played} (")
    assert f"{m.coach} (" in m.text and "more chance to win (95%:" in m.text
    # Bob took the most points at once every time; the judge is the chance to win, so a
    # choice of his may still show, but only a clearly worse one (a move equal at once that
    # lost the game: the old points-only review could not see it)
    assert all(0 < b.low and b.coach != b.played for b in bob.moments)
    assert bob.moments or bob.summary == review.MATCHED


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


def test_a_move_the_hint_recommended_is_flagged_only_if_a_deeper_look_disagrees(
        db, monkeypatch):
    """Ann plays every quick hint (the review's quick look: the same coach and simulations).
    Each of her decisions the deeper look examines is flagged exactly when it prefers
    another answer with a 95% interval above zero; where it merely disagrees it is not, and
    a flagged one says the quick hint chose it. The old review flagged by the points at once
    alone, with no interval and no word of the hint."""
    looked = []
    real = review.deeper

    def spy(game, seat, answer, salt, iterations):
        got = real(game, seat, answer, salt, iterations)
        if seat == 0:
            looked.append((len(game.answers), answer, got))
        return got

    monkeypatch.setattr(review, "deeper", spy)
    disagreed = 0
    for seed in (21, 22, 23):
        g = Game.new(db, 3, seed=seed, log=False)
        coach = Coach(db, seed=seed, budget=None, iterations=60)
        r = random.Random(seed)
        while g.pending is not None:
            d = g.pending
            if d.player == 0 and len(d.options) > 1:
                g.apply(coach.hint(g, 0).answer)
            else:
                g.apply(r.choice(d.options))
        looked.clear()
        ann = review.review_record(make_record(g, SEATS), db, iterations=60)[0]
        flagged = {m.at: m for m in ann.moments}
        for at, answer, (best, quick, _, low, _) in looked:
            assert quick == answer                  # the deeper look knows the hint was taken
            assert (at in flagged) == (best != answer and low > 0)
        for m in ann.moments:
            assert m.hinted and m.low > 0
            assert f"The quick hint preferred {m.played}; a deeper look prefers" in m.text
        disagreed += sum(best != a for _, a, (best, *_) in looked)
        if disagreed:
            break
    assert disagreed        # the deeper look did disagree with a hint somewhere


def test_the_course_names_the_moments_by_anyone_with_their_swings(db):
    """The review's course: each player's chance to win after every answer (the chart), the
    last the game's result, and the moments that moved it most whoever made them: the
    opponents' plays and choices, ages and catastrophes (the old review looked only at the
    human's own decisions)."""
    from doomlings_desktop.play.swings import course

    by = set()
    for seed in (2, 3, 4, 6):
        g = Game.new(db, 3, seed=seed, log=False)
        r = random.Random(seed)
        while g.pending is not None:
            g.apply(r.choice(g.pending.options))
        c = course(make_record(g, SEATS), db, 0)
        assert len(c.chances) == len(g.answers) + 1
        assert all(abs(sum(p) - 1) < 1e-6 for p in c.chances)
        assert c.chances[-1] == tuple(float(g.outcome.won(q)) for q in range(3))
        assert c.swings and all(s.size >= 0.05 and "chance to win" in s.text
                                and s.text.startswith(f"Round {s.round}: ") for s in c.swings)
        by |= {s.who for s in c.swings}
        assert course(make_record(g, SEATS), db, 0) == c           # deterministic
    assert {-1, 1, 2} <= by, by


def test_the_deeper_look_runs_on_the_quick_hints_own_search(db):
    """One judge: the deeper look is the quick hint's search (same seed, same first worlds)
    run on, so it knows exactly what the quick hint answered: at its checkpoint it stands
    where the quick search stopped."""
    from doomlings_desktop.bots import make_bot
    from doomlings_desktop.rules.view import view_for

    checked = 0
    for seed in range(8):
        g = Game.new(db, 3, seed=seed, log=False)
        r = random.Random(seed)
        while g.pending is not None and checked < 3 * (seed + 1):
            d = g.pending
            if len(d.options) > 2:
                view = view_for(g, d.player, with_log=False)
                quick = make_bot("hard", seed, db=db, budget=None, iterations=60)
                deep = make_bot("hard", seed, db=db, budget=None, iterations=150)
                deep.checkpoint = 60
                deep.decide(view, WorldSampler(g, d.player))
                assert deep.checkpoint_answer == quick.decide(view, WorldSampler(g, d.player))
                tiny = make_bot("hard", seed, db=db, budget=None, iterations=2)   # one world
                deep = make_bot("hard", seed, db=db, budget=None, iterations=40)
                deep.checkpoint = 2
                deep.decide(view, WorldSampler(g, d.player))
                assert deep.checkpoint_answer == tiny.decide(view, WorldSampler(g, d.player))
                checked += 1
            g.apply(r.choice(d.options))
    assert checked >= 20


def test_the_courses_moments_name_no_card_the_seat_never_saw():
    """Random games with every module: every move, whoever made it, put in the words a
    moment uses (`swings._what`), names only cards the reviewed seat saw in its own Views
    (`logscan.seen_in`, gathered answer after answer, the move's result included), so an
    opponent's hidden pick, a card revealed to someone else or a secret colour stays
    unnamed. Naming every card would fail it."""
    from doomlings_desktop.commands.logscan import name_pattern, seen_in
    from doomlings_desktop.play import swings
    from doomlings_desktop.rules.cards import available_modules, database_for
    from doomlings_desktop.rules.view import view_for

    db = database_for(available_modules())
    pattern = name_pattern(db)
    named = hidden = 0
    for seed in range(10):
        g = Game.new(db, 3 + seed % 3, seed=300 + seed, log=False)
        r = random.Random(seed)
        seen = set(seen_in(view_for(g, 0, with_log=False)))
        while g.pending is not None:
            d = g.pending
            a = r.choice(d.options)
            h = g.clone()
            h.apply(a)
            after = view_for(h, 0, with_log=False)
            seen |= seen_in(after)
            if d.player != 0 and len(d.options) > 1:
                words = swings._what(g, a, after)
                names = {db.name(c) for c in seen}
                for m in pattern.finditer(words):
                    named += 1
                    assert m.group(1) in names, words
                hidden += "a card" in words or "secret" in words
            g.apply(a)
        for sw in swings.course(make_record(g, [{"name": f"P{i}", "kind": "human"}
                                                for i in range(g.n)]), db, 0).swings:
            assert sw.text.startswith(f"Round {sw.round}: ")
    assert named >= 100 and hidden >= 5, (named, hidden)


def test_a_move_that_makes_ages_pass_says_so(db):
    """What a move or a turn's end brings to light is named with it: ages skipped at once (a
    game was decided by six skipped ages the old review never named), a new age, a
    catastrophe."""
    from doomlings_desktop.play.swings import _revealed

    g = Game.new(db, 3, seed=4, log=False)
    h = g.clone()
    two = [c for c in h.age_deck if c in db.ages][:2]
    h.eras[-1] = h.eras[-1] + two
    h.age = two[-1]
    assert _revealed(g, h) == "2 ages passed at once"
    h.eras[-1] = h.eras[-1][:-1]
    h.age = two[0]
    assert _revealed(g, h) == f"the age {db.name(two[0])} began"
    cat = next(c for c in h.age_deck if c in db.catastrophes)
    h.catastrophes = list(h.catastrophes) + [cat]
    assert _revealed(g, h) == f"the catastrophe {db.name(cat)} struck"
    assert _revealed(g, g.clone()) == ""


def test_the_deeper_look_also_asks_where_the_chance_to_win_fell():
    """A decision that scores the same at once as its best rival (no gap in points) but after
    which the seat's chance to win fell is among those the deeper look examines; the old
    review looked only where an option scored more at once."""
    from doomlings_desktop.play.swings import Course

    chances = ((0.5, 0.5), (0.5, 0.5), (0.2, 0.8), (0.2, 0.8), (0.2, 0.8))
    seen = Course(0, ("A", "B"), chances, ())
    found = [(3.0, 0, None, 1, 0.0), (0.0, 1, None, 2, 0.0), (1.0, 3, None, 3, 0.0)]
    got = review._candidates(found, seen, 0, 2)
    assert [f[1] for f in got] == [0, 1]        # the largest gap, then the fall at answer 1
    assert [f[1] for f in review._candidates(found, seen, 0, 3)] == [0, 3, 1]


def test_the_review_says_what_it_does_and_how_far_it_is(db):
    """A review takes half a minute or more on a slow computer: it reports each stage, the
    deeper looks one by one, with a share done that never goes back and ends at 1."""
    g, _ = planted_game(db, 5)
    heard: list[tuple[str, float]] = []
    got = review.review_record(make_record(g, SEATS), db, progress=lambda w, d: heard.append((w, d)))
    shares = [d for _, d in heard]
    assert shares == sorted(shares) and shares[0] == 0.0 and heard[-1] == ("Done", 1.0)
    looks = [w for w, _ in heard if w.startswith("A deeper look at ")]
    assert len(looks) >= len(got) and any(w.startswith("A deeper look at Ann's choices: 1 of ")
                                          for w in looks)
    assert any(w == "Following each player's chance to win" for w, _ in heard)


def test_a_swing_is_measured_in_the_same_worlds_before_and_after(db, monkeypatch):
    """A swing is the move's (or the age's) change, not sampling luck: with an estimate that
    moves only with the seed of its worlds, no moment is found. The old course measured an
    age or catastrophe after a forced answer from the previous answer's worlds, so the luck
    of two samples (up to 28 points) could be listed as what decided the game."""
    from doomlings_desktop.play import swings

    def luck(g, sampler, viewer, k):
        x = random.Random(k).random()
        return (x, 1 - x) + (0.0,) * (g.n - 2)

    monkeypatch.setattr(swings, "chance_in", luck)
    forced = 0
    for seed in (2, 3, 4):
        g = Game.new(db, 3, seed=seed, log=False)
        r = random.Random(seed)
        while g.pending is not None:
            d = g.pending
            before = g.clone()
            g.apply(r.choice(d.options))
            forced += len(d.options) == 1 and d.kind != "react" and bool(
                swings._revealed(before, g))
        assert swings.course(make_record(g, SEATS), db, 0).swings == ()
    assert forced       # ages came after a forced answer: the case the old course got wrong


def _random_game(db, seed: int, n: int = 3) -> Game:
    g = Game.new(db, n, seed=seed, log=False)
    r = random.Random(seed)
    while g.pending is not None:
        g.apply(r.choice(g.pending.options))
    return g


def test_a_moment_is_listed_only_when_its_swings_interval_excludes_zero(db, monkeypatch):
    """Issue 28: a swing that is sampling is not a moment. A change that one imagined world
    alone makes (a large mean over few worlds, an interval that holds zero) is not listed,
    however it averages over the first worlds; one that every world agrees on is. The old
    course listed any mean over four worlds of 5 points or more."""
    from doomlings_desktop.play import swings

    g = _random_game(db, 3)
    at = next(i for i in range(len(g.answers) // 2, len(g.answers))
              if len(replay(make_record(g, SEATS), db, upto=i, log=False).pending.options) > 1)
    spike = at + 1          # positions after the answer `at`: one world sees a big change

    def one_world(h, sampler, viewer, k):
        if h.outcome is not None:
            return tuple(float(h.outcome.won(q)) for q in range(h.n))
        if len(h.answers) == spike and k == 0:
            return (1.0,) + (0.0,) * (h.n - 1)
        return (1 / h.n,) * h.n

    monkeypatch.setattr(swings, "chance_in", one_world)
    c = swings.course(make_record(g, SEATS), db, 0)
    assert at not in [s.at for s in c.swings if s.who != -1], [s.text for s in c.swings]
    # its first look (eight worlds) saw 8 points: more than the least moment
    first = swings.measured(_at(g, at), _at(g, spike))
    assert abs(first[0][0]) >= swings.LEAST and first[1] < 0 < first[2]

    def every_world(h, sampler, viewer, k):
        if h.outcome is not None:
            return tuple(float(h.outcome.won(q)) for q in range(h.n))
        if len(h.answers) >= spike:
            return (0.6,) + (0.4 / (h.n - 1),) * (h.n - 1)
        return (1 / h.n,) * h.n

    monkeypatch.setattr(swings, "chance_in", every_world)
    c = swings.course(make_record(g, SEATS), db, 0)
    listed = [s for s in c.swings if s.at == at and s.who != -1]
    assert listed and listed[0].low > 0 and "chance to win rose 27 points" in listed[0].text


def _at(g: Game, upto: int):
    """The viewer's (seat 0) estimate of the position after `upto` answers."""
    from doomlings_desktop.play import swings

    return swings.Estimate(replay(make_record(g, SEATS), g.db, upto=upto, log=False), 0)


def test_every_listed_moment_was_measured_again_and_is_clear(db):
    """The moments under the chart of real games: each was measured in at least MORE[0]
    worlds (paired: the same worlds before and after), its named player's change is LEAST or
    more and that change's 95% interval excludes zero; the chart's points are the first
    WORLDS worlds' means, the same worlds at every position (so a point equals the position's
    own estimate)."""
    from doomlings_desktop.play import swings

    listed = 0
    for seed in (2, 3, 4, 6):
        g = _random_game(db, seed, 4)
        rec = make_record(g, SEATS + [{"name": "Di", "kind": "bot", "level": "random"}])
        c = swings.course(rec, db, 0)
        for s in c.swings:
            listed += 1
            q = max(range(g.n), key=lambda i: abs(s.change[i]))
            assert s.worlds >= swings.MORE[0] and abs(s.change[q]) >= swings.LEAST
            assert s.low > 0 or s.high < 0
            assert s.low <= s.change[q] <= s.high
        mid = len(g.answers) // 2
        here = replay(rec, db, upto=mid, log=False)
        assert c.chances[mid] == pytest.approx(swings.chances(here, 0))
    assert listed >= 8


def test_the_interval_is_a_95_percent_one_for_few_worlds_too():
    """An answer the search's race dropped early has as few as six worlds: its interval uses
    Student's t, so a difference 2.2 standard errors above zero over six worlds is not
    significant (the old normal 1.96 called it so), while the same over many worlds is."""
    import statistics

    def with_t(t: float, m: int) -> tuple[list[float], list[float]]:
        base = [(-1) ** k * (1 + k % 3) for k in range(m)]
        sd = statistics.stdev(base)
        diffs = [b + t * sd / math.sqrt(m) for b in base]
        return diffs, [0.0] * m

    mean, low, high = review._interval(*with_t(2.2, 6))
    assert mean > 0 and low < 0 < high
    mean, low, high = review._interval(*with_t(2.2, 400))
    assert 0 < low < mean < high
    # the t quantile falls towards 1.96 as the worlds grow, never below it
    assert list(review.T975) == sorted(review.T975, reverse=True) and review.T975[-1] > review.Z


def test_what_the_end_brings_to_light_is_the_ends_own_moment(db, monkeypatch):
    """The last answer of a game (a catastrophe's discard, a World's End choice) is measured
    up to the end, not into it: the Meanings of Life and hands that World's End brings to
    light are the end's moment. With an estimate that never moves before the outcome, every
    swing is the end's. The old course measured the last answer into the finished game and
    gave it the whole reveal (the tryout: "Player 3 chose Kidney: Player 4's chance to win
    rose 82 points", a discard that changed nothing for Player 4)."""
    from doomlings_desktop.play import swings

    def flat(g, sampler, viewer, k):
        if g.outcome is not None:
            return tuple(float(g.outcome.won(q)) for q in range(g.n))
        return (1 / g.n,) * g.n

    monkeypatch.setattr(swings, "chance_in", flat)
    chosen = 0
    for seed in range(2, 8):
        g = Game.new(db, 3, seed=seed, log=False)
        r = random.Random(seed)
        last = None
        while g.pending is not None:
            last = g.pending
            g.apply(r.choice(last.options))
        chosen += len(last.options) > 1
        found = swings.course(make_record(g, SEATS), db, 0).swings
        assert found and all(s.who == -1 for s in found), [s.text for s in found]
        assert "The world ended" in found[-1].text
    assert chosen       # games whose last answer was a choice: the case the old course got wrong


def test_an_own_move_whose_chance_fell_says_what_the_deeper_look_found(db, monkeypatch):
    """Tried as a new user: Ann followed the hint, and under the chart read "You played
    Regenerative Tissue: your chance to win fell 23 points", taking it for the coach
    contradicting itself: a swing compares the positions before and after a move, not the
    move with the other answers. Each of the seat's own listed falls is now examined by the
    deeper look and says what it found: no clearly better answer, or one (shown below)."""
    from doomlings_desktop.play.swings import Course, Swing

    g = _random_game(db, 5)
    record = make_record(g, SEATS)
    h = replay(record, db, upto=0, log=False)
    ann = []
    for a in g.answers:
        d = h.pending
        if d.player == 0 and len(d.options) > 1:
            ann.append((len(h.answers), a, [o for o in d.options if o != a][0]))
        h.apply(a)
    (sound, _, _), (worse, given, other) = ann[1], ann[3]

    def fell(at: int) -> Swing:
        return Swing(at, 1, 0, "Round 1: You played X: your chance to win fell 20 points.",
                     (-0.2, 0.1, 0.1), at, -0.3, -0.1, 64)

    flat = tuple((1 / 3,) * 3 for _ in range(len(g.answers) + 1))
    fake = Course(0, ("Ann", "Bob", "Cy"), flat, (fell(sound), fell(worse)))
    monkeypatch.setattr(review, "course", lambda record, db, seat: fake)
    monkeypatch.setattr(review, "_screen", lambda *a: (0.0, 0.0))    # no gap in points

    def deeper(game, seat, answer, salt, iterations):
        if len(game.answers) == worse and answer == given:
            return other, answer, 0.1, 0.05, 0.15
        return answer, answer, 0.0, 0.0, 0.0

    monkeypatch.setattr(review, "deeper", deeper)
    got = review.review_record(record, db, iterations=20)[0]
    words = {s.at: s.text for s in got.course.swings}
    assert words[sound].endswith("fell 20 points; no other answer there did clearly better.")
    assert words[worse].endswith("; a deeper look prefers another answer (below).")
    assert [m.at for m in got.moments] == [worse]


def test_a_flagged_choices_cost_reads_right_however_small():
    """The end screen read "about 1 points of chance to win" and "(95%: 0 to 1)" for a choice
    flagged because its interval is above zero: the cost is one point or N points, never 0,
    and a small interval's ends are given to a tenth."""
    assert review.chance_points(0.004) == "1 point"
    assert review.chance_points(0.013) == "1 point"
    assert review.chance_points(0.05) == "5 points"
    assert review._pct(0.003) == "0.3" and review._pct(0.0149) == "1.5"
    assert review._pct(0.25) == "25"
