"""The bots: always a legal answer, the same seeds give the same games, no peeking at hidden
cards, and Medium beats Random in a small arena."""

import math
import random
from collections import Counter

import pytest

from doomlings_desktop.bots import LEVELS, make_bot
from doomlings_desktop.bots.heuristics import evaluate, option_scores
from doomlings_desktop.commands.arena import play_game, run_arena, wilson
from doomlings_desktop.rules.cards import available_modules, database_for, default_database
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.scoring import all_scores
from doomlings_desktop.rules.view import view_for
from doomlings_desktop.rules.worlds import WorldSampler
from tests.test_worlds import hide_differently, positions

FAST = {"hard": {"iterations": 12, "budget": None}}   # reproducible on a busy machine


def load_benchmark(name: str):
    """A script of benchmarks/ as a module (the folder is not a package)."""
    import importlib.util
    from pathlib import Path

    spec = importlib.util.spec_from_file_location(
        name, Path(__file__).resolve().parent.parent / "benchmarks" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def checked_game(db, levels, seed, kinds=None, options=None):
    """A whole game where every answer is checked against the legal ones before it is applied."""
    g = Game.new(db, len(levels), seed=seed, log=False)
    bots = [make_bot(lv, seed * 10 + i, **(options or FAST).get(lv, {}))
            for i, lv in enumerate(levels)]
    while g.pending is not None:
        d = g.pending
        p = d.player
        a = bots[p].decide(view_for(g, p, with_log=False), WorldSampler(g, p))
        assert a in d.options and type(a) is not bool, (levels[p], d, a)
        if kinds is not None:
            kinds[d.kind] += 1
        g.apply(a)
    assert g.over
    return g


def test_levels():
    assert LEVELS == ("random", "easy", "medium", "hard")
    for lv in LEVELS:
        b = make_bot(lv, 3)
        assert b.name and hasattr(b, "decide")
    with pytest.raises(ValueError):
        make_bot("expert", 1)


@pytest.mark.parametrize("level,games", [("random", 150), ("easy", 150), ("medium", 25)])
def test_never_an_illegal_answer(db, level, games):
    kinds = Counter()
    for seed in range(games):
        n = 2 + seed % 5
        checked_game(db, [level] * n, seed, kinds)
    # every kind of decision was met, out-of-turn offers and World's End choices included
    for kind in ("play", "card", "player", "color", "yesno", "react"):
        assert kinds[kind] > 0, kinds


def test_hard_never_an_illegal_answer(db):
    for seed in range(8):
        n = 2 + seed % 5
        levels = ["hard"] + ["medium", "easy", "random"][: n - 1] + ["random"] * (n - 4)
        checked_game(db, levels[:n], 500 + seed)


def test_mixed_tables(db):
    for seed in range(10):
        n = 2 + seed % 5
        levels = [LEVELS[(seed + i) % 3] for i in range(n)]
        checked_game(db, levels, 900 + seed)


def test_without_a_sampler_the_answer_is_still_legal(db):
    for seed in range(20):
        g = Game.new(db, 3, seed=seed, log=False)
        bots = [make_bot(lv, seed) for lv in ("easy", "medium", "hard")]
        while g.pending is not None:
            p = g.pending.player
            a = bots[p].decide(view_for(g, p, with_log=False))
            assert a in g.pending.options
            g.apply(a)


@pytest.mark.parametrize("level", LEVELS)
def test_same_seeds_same_games(db, level):
    for seed in range(3):
        levels = [level, "easy", "medium"]
        a = play_game(db, levels, seed, [7, 8, 9], FAST)
        b = play_game(db, levels, seed, [7, 8, 9], FAST)
        assert a.answers == b.answers and a.scores == b.scores


def test_bot_seeds_matter(db):
    a = play_game(db, ["easy", "easy"], 4, [1, 2])
    b = play_game(db, ["easy", "easy"], 4, [3, 4])
    assert a.answers != b.answers


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_no_information_leak(db, level):
    """Two positions that differ only in what the bot cannot see: the same answer."""
    checked = 0
    for seed in range(4):
        for g in positions(db, 2 + seed % 3, 300 + seed, every=9):
            me = g.pending.player
            if len(g.pending.options) < 2:
                continue
            h = hide_differently(g, me, random.Random(seed))
            answers = []
            for x in (g, h):
                bot = make_bot(level, 77, **FAST.get(level, {}))
                answers.append(bot.decide(view_for(x, me, with_log=False), WorldSampler(x, me)))
            assert answers[0] == answers[1]
            checked += 1
    assert checked >= 20


def test_fast_scores_agree_with_the_engine(db):
    """all_scores is the bots' quick count; score_breakdown is the rule. Every module's cards
    too (multi-colour traits count in each colour, E5; attachments take the general count)."""
    every = database_for(available_modules(), base=db)
    for seed in range(90):
        g = Game.new(db if seed < 60 else every, 2 + seed % 5, seed=seed, log=False)
        r = random.Random(seed)
        while g.pending is not None:
            assert all_scores(g) == [g.score(q) for q in range(g.n)]
            if len(g.pending.options) > 1 and r.random() < 0.1:
                assert len(option_scores(g)) == len(g.pending.options)
                evaluate(g, g.pending.player)
            g.apply(r.choice(g.pending.options))


def test_wilson():
    lo, hi = wilson(0.5, 100)
    assert 0.40 < lo < 0.41 and 0.59 < hi < 0.60
    assert wilson(0.0, 10)[0] == 0.0


def test_arena_medium_beats_random(db):
    r = run_arena("medium", ["random", "random", "random"], 40, seed=3, db=db)
    assert r["games"] == 40 and r["players"] == 4
    assert r["wilson95"][0] > r["baseline"], r
    assert set(r["latency"]) == {"medium", "random"}


def test_arena_per_game_results_feed_the_paired_comparison(tmp_path, capsys):
    """--per-game writes a line per game; benchmarks/paired.py pairs two runs on their deals
    and reports B - A."""
    import importlib.util
    import json
    from pathlib import Path

    from doomlings_desktop.commands.arena import main
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    assert main(["--hero", "easy", "--opponents", "random", "--games", "6", "--seed", "5",
                 "--per-game", str(a)]) == 0
    assert main(["--hero", "random", "--opponents", "random", "--games", "6", "--seed", "5",
                 "--per-game", str(b)]) == 0
    games = [json.loads(x) for x in a.read_text().splitlines()]
    assert [(g["deal"], g["seat"]) for g in games] == [(d, s) for d in range(3) for s in (0, 1)]
    for g in games:     # a win is never behind the best opponent; a loss never ahead of it
        assert (g["won"] == 1.0 and g["margin"] >= 0) or (g["won"] < 1.0 and g["margin"] <= 0)
    spec = importlib.util.spec_from_file_location(
        "paired", Path(__file__).resolve().parent.parent / "benchmarks" / "paired.py")
    paired = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(paired)
    res = paired.compare(paired.load(str(a)), paired.load(str(b)))
    ga = {(g["deal"], g["seat"]): g for g in games}
    gb = paired.load(str(b))
    want = sum(gb[k]["margin"] - ga[k]["margin"] for k in ga) / len(ga)
    assert res["margin"][2] == pytest.approx(want)
    assert paired.main([str(a), str(a)]) == 0 and "B-A +0.000 ± 0.000" in capsys.readouterr().out


def test_decisions_benchmark_pairs_both_answers_on_the_same_worlds():
    """benchmarks/decisions.py: both answers meet the same worlds and play-out seeds (an answer
    judged against itself differs by exactly nothing), judging is repeatable, and the counts
    per kind add up to the totals."""
    bench = load_benchmark("decisions")
    kept, seen = bench.collect((5000, 2, "random", {}))
    assert kept and len(kept) == sum(1 for _, same in seen if not same)
    g, hero, kind, answer, medium = kept[0]
    assert answer != medium and answer in g.pending.options and medium in g.pending.options
    assert bench.judge((0, (g, hero, kind, answer, answer), 3)) == (kind, 0.0, 0.0)
    once = bench.judge((0, kept[0], 2))
    assert bench.judge((0, kept[0], 2)) == once
    res = bench.run(2, 1, 5000, "random", {}, worlds=1, jobs=1, max_positions=5)
    kinds = [r for k, r in res.items() if k != "all"]
    assert res["all"]["decisions"] == len(seen) == sum(r["decisions"] for r in kinds)
    assert res["all"]["judged"] == 5 == sum(r["judged"] for r in kinds)
    assert 0 <= res["all"]["agree"] < 1


def test_calibration_benchmark_scores_and_fits_the_reward_temperature():
    """benchmarks/calibration.py: a game's rows split each seat value into parts that add up
    to it, the log loss is the softmax's, and the fit finds the temperature that explains
    the winners better than a fixed 4."""
    from doomlings_desktop.bots.heuristics import seat_values, tables

    bench = load_benchmark("calibration")
    rows = bench.collect((2, 31))
    assert rows and all(len(parts) == 2 and sum(share) == 1 for _, parts, share in rows)
    assert any(r > 0 for r, _, _ in rows)
    one = [(0.0, [(6, 1.0, 2.0), (5, 0.0, 0.0)], [1.0, 0.0])]
    assert bench.log_loss(one, 4.0, 0.0) == pytest.approx(math.log1p(math.exp(-4 / 4)))
    assert bench.log_loss(one, 4.0, 0.0, 0.0, 0.0) == pytest.approx(math.log1p(math.exp(-1 / 4)))
    x, v = bench.descend(rows * 3, [4.0, 0.0, 1.0, 1.0], 2)
    assert v < bench.log_loss(rows * 3, 4.0, 0.0) and len(x) == 4
    g = Game.new(default_database(), 2, seed=31, log=False)
    v1 = seat_values(g, tables(g.db), (g.pending.player,))
    assert [sum(p) for p in rows[0][1]] == pytest.approx(v1)


def test_arena_in_processes_gives_the_same_results():
    """--jobs only spreads the deals over processes: every figure but the timings is the same."""
    one = run_arena("easy", ["random"], 8, seed=5)
    two = run_arena("easy", ["random"], 8, seed=5, jobs=2)
    for key in ("games", "win_share", "wilson95", "mean_score", "mean_rank"):
        assert one[key] == two[key], key
    assert {lv: s["decisions"] for lv, s in one["latency"].items()} == \
        {lv: s["decisions"] for lv, s in two["latency"].items()}


def test_hard_searches_its_table_sizes_count_and_no_more(db, monkeypatch):
    """By default Hard runs ITERATIONS[n] simulations (the time budget is only a cap); 0 means
    'until the budget is spent'; the arena's --hard-budget 0 lifts the cap."""
    import argparse

    import doomlings_desktop.commands.arena as arena
    from doomlings_desktop.bots.hard import ITERATIONS

    for n in (2, 4):
        g = Game.new(db, n, seed=11, log=False)
        while len(g.pending.options) < 3:
            g.apply(g.pending.options[0])
        p = g.pending.player
        bot = make_bot("hard", 1, budget=None)
        bot.decide(view_for(g, p, with_log=False), WorldSampler(g, p))
        assert 0 < bot.last_iterations <= ITERATIONS[n]
        assert bot.limit(n) == ITERATIONS[n]
    assert make_bot("hard", 1, iterations=0).limit(3) is None
    from doomlings_desktop.bots.hard import TEMPERATURE
    assert make_bot("hard", 1).temperatures(2) == TEMPERATURE[2]
    assert make_bot("hard", 1, temperature=5.0, temp_slope=0.0).temperatures(2) == (5.0, 0.0)
    hard, t = make_bot("hard", 1), TEMPERATURE[4]
    assert hard.exploration(t, 5.0) == pytest.approx(hard.c * 4 / (t[0] + 5 * t[1]))
    assert hard.exploration(t, 5.0) < hard.c < hard.exploration(t, 0.0)
    assert make_bot("hard", 1, scaled_exploration=False).exploration(t, 5.0) == hard.c
    assert make_bot("hard", 1, iterations=77).limit(3) == 77
    seen = []
    monkeypatch.setattr(arena, "run_arena", lambda *a, **kw: seen.append(kw["bot_options"]))
    monkeypatch.setattr(arena, "format_result", lambda r: "")
    args = argparse.Namespace(opponents="medium", hero="hard", games=2, seed=1, json=False,
                              jobs=1, hard_budget=0.0, hard_iterations=None)
    assert arena.cmd(args) == 0
    args.hard_budget, args.hard_iterations = None, 50
    assert arena.cmd(args) == 0
    assert seen == [{"hard": {"budget": None}}, {"hard": {"iterations": 50, "budget": None}}]


def test_reasons_are_short_public_phrases_for_every_kind(db):
    """The table's 'why' for a bot move: a phrase for every kind of decision, built only from
    what is public (it never names a card still hidden in a hand)."""
    from doomlings_desktop.bots.reasons import reason

    kinds = Counter()
    rng = random.Random(4)
    names = {c.name for c in db.cards}
    for seed in range(30):
        g = Game.new(db, 2 + seed % 5, seed=seed, log=False)
        while g.pending is not None:
            d = g.pending
            if len(d.options) > 1:
                v = view_for(g, d.player, with_log=False)
                for a in d.options:
                    why = reason(v, a, db)
                    if d.kind == "react" and a == "pass":     # offers are secret
                        assert why == ""
                        continue
                    assert why and len(why) <= 45, (d.kind, a, why)
                    public = {db.cards[c].name for c in (a, d.card) if isinstance(c, int)
                              and c >= 0}      # the card answered and the card being played
                    named = max((n for n in names if n in why), key=len, default=None)
                    assert named is None or named in public, why
                kinds[d.kind] += 1
            g.apply(rng.choice(d.options))
    assert {"play", "card", "player", "yesno"} <= set(kinds)
    g = Game.new(db, 4, seed=1, log=False)
    v = view_for(g, g.pending.player, with_log=False)
    plain = [c for c in g.pending.options if c != "pass" and not db.scoring[c]
             and not db.cards[c].action and not db.cards[c].world_end and not db.cards[c].gp_self
             and (db.value[c] or 0) > 1]
    assert plain
    for c in plain:
        assert reason(v, c, db) == f"for its {db.value[c]} points"


def test_seat_value_parts_and_reward_temperature(db):
    """The evaluation's weights split a seat value into points, World's End and hand parts
    (benchmarks/calibration.py relies on it), and a reward's temperature grows with the rounds
    left by `slope`."""
    from doomlings_desktop.bots.heuristics import rewards, rounds_left, seat_values, tables

    g = Game.new(db, 3, seed=4, log=False)
    r = random.Random(4)
    for _ in range(25):
        g.apply(r.choice(g.pending.options))
    assert rounds_left(g) > 0
    none = tables(db, {"we_weight": 0.0, "hand_weight": 0.0})
    assert seat_values(g, none) == [float(s) for s in all_scores(g)]
    whole = seat_values(g, tables(db))
    halves = seat_values(g, tables(db, {"we_weight": 0.5, "hand_weight": 0.5}))
    assert halves == pytest.approx([(a + b) / 2 for a, b in zip(whole, seat_values(g, none),
                                                               strict=True)])
    assert whole != seat_values(g, none)
    t = 3.0 + 2.0 * rounds_left(g)
    assert rewards(g, tables(db), 3.0, slope=2.0) == pytest.approx(rewards(g, tables(db), t))
    assert rewards(g, tables(db), 3.0, slope=2.0) != pytest.approx(rewards(g, tables(db), 3.0))


def test_a_small_card_played_for_more_than_its_points_says_what_more(db):
    """A 1-point card the bot plays for its gene pool or action names that, not only its point
    (the tryout read 'for its 1 point' beside a 3-point card as a wrong hint)."""
    from doomlings_desktop.bots.reasons import _play_reason

    assert _play_reason(db, db.by_id["mitochondrion"][0]) == \
        "for its 1 point and a bigger gene pool"
    assert "its action" in _play_reason(db, db.by_id["painted-shell"][0])
    assert _play_reason(db, db.by_id["flatulence"][0]) == "for its 3 points"
