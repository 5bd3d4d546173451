"""The learned evaluation (bots/valuenet.py): the shipped weights load, a bad weights file of
any kind falls back to the hand-tuned evaluation with one clear log line (never a traceback),
batched inference equals one position at a time and the plain-Python path equals numpy's, and
Hard with the network answers legally (and, with no usable network, exactly as before)."""

import argparse
import logging
import zipfile

import numpy as np
import pytest

from doomlings_desktop.bots import heuristics as H
from doomlings_desktop.bots import make_bot
from doomlings_desktop.bots import valuenet as V
from doomlings_desktop.resources import resource
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.view import view_for
from doomlings_desktop.rules.worlds import WorldSampler
from tests.test_bots import checked_game


def small_net(hidden=5, seed=0):
    rng = np.random.default_rng(seed)
    f = len(V.FEATURES)
    return {"mean": rng.normal(0, 1, f), "scale": rng.uniform(0.5, 2, f),
            "w1": rng.normal(0, 0.3, (f, hidden)), "b1": rng.normal(0, 0.1, hidden),
            "w2": rng.normal(0, 1, hidden),
            "temperature": np.array([[3.0, 1.75], [2.6, 1.9], [3.0, 2.35], [3.0, 2.4], [3.9, 2.0]])}


def write(path, **fields):
    base = {"format": np.int64(V.FORMAT), "features": np.array(V.FEATURES), **small_net()}
    base.update(fields)
    np.savez(path, **{k: v for k, v in base.items() if v is not None})
    return path


def turn_openings(db, n, seed, limit=60):
    """Positions at turn openings of a game of Easy bots, and the finished game."""
    g = Game.new(db, n, seed=seed, log=False)
    bots = [make_bot("easy", seed * 10 + i) for i in range(n)]
    out = []
    while g.pending is not None:
        p = g.pending.player
        if H.at_turn_start(g) and len(out) < limit:
            out.append(g.clone())
        g.apply(bots[p].decide(view_for(g, p, with_log=False), WorldSampler(g, p)))
    return out + [g]


def test_the_shipped_weights_load_and_are_small():
    path = resource(V.WEIGHTS)
    assert path.stat().st_size <= V.MAX_BYTES
    net = V.read_weights(path)
    assert 8 <= net.hidden <= 128


BAD = {
    "missing key": {"w2": None},
    "wrong format": {"format": np.int64(99)},
    "format as text": {"format": np.array("1")},
    "other features": {"features": np.array(V.FEATURES[:-1] + ("something else",))},
    "features as numbers": {"features": np.arange(len(V.FEATURES))},
    "a NaN": {"w1": np.full((len(V.FEATURES), 5), np.nan)},
    "an infinity": {"b1": np.array([1.0, np.inf, 0, 0, 0])},
    "wrong shape": {"w1": np.zeros((3, 5))},
    "hidden mismatch": {"w2": np.zeros(7)},
    "text weights": {"w2": np.array(["a"] * 5)},
    "zero scale": {"scale": np.zeros(len(V.FEATURES))},
    "matrix bias": {"b1": np.zeros((5, 1))},
    "temperature shape": {"temperature": np.ones((4, 2))},
    "negative temperature": {"temperature": -np.ones((5, 2))},
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_bad_weights_file_is_refused_with_a_reason(tmp_path, case):
    path = write(tmp_path / "w.npz", **BAD[case])
    with pytest.raises(V.BadWeights):
        V.read_weights(path)


def test_unreadable_files_are_refused(tmp_path):
    junk = tmp_path / "junk.npz"
    junk.write_bytes(b"\x00garbage" * 100)
    trunc = tmp_path / "trunc.npz"
    trunc.write_bytes(write(tmp_path / "ok.npz").read_bytes()[:300])
    big = tmp_path / "big.npz"
    big.write_bytes(b"0" * (V.MAX_BYTES + 1))
    pickled = tmp_path / "pickled.npz"
    np.savez(pickled, format=np.array([{"a": 1}], dtype=object))
    empty_zip = tmp_path / "empty.npz"
    with zipfile.ZipFile(empty_zip, "w"):
        pass
    for p in (junk, trunc, big, pickled, empty_zip, tmp_path / "absent.npz", tmp_path):
        with pytest.raises(V.BadWeights):
            V.read_weights(p)
    assert V.read_weights(tmp_path / "ok.npz").hidden == 5


def test_load_net_logs_once_and_hard_falls_back(tmp_path, caplog, monkeypatch, db):
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a zip")
    monkeypatch.setattr(V, "_LOADED", {})
    with caplog.at_level(logging.WARNING, logger="doomlings"):
        assert V.load_net(bad) is None
        assert V.load_net(bad) is None
    lines = [r.getMessage() for r in caplog.records if "value network" in r.getMessage()]
    assert len(lines) == 1 and "hand-tuned evaluation" in lines[0] and str(bad) in lines[0]
    # the shipped file missing: the same, for the default path
    monkeypatch.setattr(V, "_LOADED", {})
    monkeypatch.setattr(V, "WEIGHTS", "assets/no-such-weights.npz")
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="doomlings"):
        assert V.load_net() is None
    assert any("no-such-weights" in r.getMessage() for r in caplog.records)
    # Hard without a usable network plays exactly as the hand-tuned Hard
    g = turn_openings(db, 3, 4)[6]
    p = g.pending.player
    answers = []
    for ev in ("net", "classic"):
        bot = make_bot("hard", 3, iterations=60, budget=None, evaluation=ev)
        answers.append((bot.decide(view_for(g, p), WorldSampler(g, p)), bot.last_results))
    assert answers[0] == answers[1]


def test_seat_features_hold_the_hand_tuned_seat_values(db):
    for n in (2, 4, 6):
        for g in turn_openings(db, n, 30 + n)[::5]:
            me = g.pending.player if g.pending is not None else 0
            vals = H.seat_values(g, H.tables(db), (me,))
            rows = V.seat_rows(g, H.tables(db), (me,))
            col = V.SEAT_FEATURES.index("value")
            assert [r[col] for r in rows] == pytest.approx(vals, abs=1e-9)
            assert len(V.inputs(g, H.tables(db), (me,))[0]) == len(V.FEATURES)


def test_batched_inference_equals_one_by_one_and_plain_python(db, monkeypatch):
    net = V.ValueNet(**small_net(hidden=7, seed=3))
    tb = H.tables(db)
    games = []
    for n in (2, 3, 4, 5, 6):
        games += turn_openings(db, n, 70 + n, limit=12)    # finished games included
    games = games[::2] + games[1::2]                         # sizes mixed in one batch
    batched = net.chances_many(games, tb, (0,))
    for g, got in zip(games, batched, strict=True):
        one = net.chances(g, tb, (0,))
        assert got == pytest.approx(one, abs=1e-12)
        assert sum(got) == pytest.approx(1.0)
        if g.outcome is not None:
            assert got == [g.outcome.won(q) for q in range(g.n)]
    # the numpy inputs equal the plain-Python ones, and so do the chances
    for g in games[:20]:
        if g.outcome is None:
            s = np.array([V.seat_rows(g, tb, (0,))])
            t = np.array([V.table_row(g)])
            assert V.combine_batch(s, t)[0] == pytest.approx(np.array(V.inputs(g, tb, (0,))))
    monkeypatch.setattr(V, "np", None)
    monkeypatch.setattr(V, "_NUMPY_TRIED", True)       # as where numpy is not installed
    plain = net.chances_many(games, tb, (0,))
    for a, b in zip(plain, batched, strict=True):
        assert a == pytest.approx(b, abs=1e-9)
    with pytest.raises(V.BadWeights):      # reading needs numpy: a clear refusal without it
        V.read_weights(resource(V.WEIGHTS))


def test_hard_with_the_net_answers_legally(db):
    assert V.load_net() is not None
    for seed in range(4):
        n = (2, 4, 3, 5)[seed]
        levels = ["hard"] + ["medium", "easy", "random", "random"][: n - 1]
        checked_game(db, levels, 900 + seed,
                     options={"hard": {"iterations": 12, "budget": None, "evaluation": "net"}})
    with pytest.raises(ValueError):
        make_bot("hard", 1, evaluation="oracle")


def test_arena_chooses_hards_evaluation(monkeypatch):
    from doomlings_desktop.commands import arena
    seen = []
    monkeypatch.setattr(arena, "run_arena", lambda *a, **kw: seen.append(kw["bot_options"]))
    monkeypatch.setattr(arena, "format_result", lambda r: "")
    args = argparse.Namespace(opponents="medium", hero="hard", games=2, seed=1, json=False,
                              jobs=1, hard_budget=0.0, hard_iterations=None, hard_eval="classic")
    assert arena.cmd(args) == 0
    assert seen == [{"hard": {"budget": None, "evaluation": "classic"}}]


def test_a_network_without_correction_is_the_hand_tuned_reward(db):
    """The utility is the hand-tuned reading (seat value over Hard's temperature) plus the
    network's correction: with no correction the chances are Hard's old rewards."""
    from doomlings_desktop.bots.hard import TEMPERATURE
    fields = small_net()
    fields["w2"] = np.zeros_like(fields["w2"])
    fields["temperature"] = np.array([TEMPERATURE[n] for n in range(2, 7)])
    net = V.ValueNet(**fields)
    tb = H.tables(db)
    for n in (2, 3, 4, 6):
        for g in turn_openings(db, n, 50 + n)[::7]:
            t0, slope = TEMPERATURE[n]
            assert net.chances(g, tb, (1,)) == pytest.approx(
                H.rewards(g, tb, t0, (1,), slope), abs=1e-12)


def test_saved_weights_read_back_in_a_fresh_process(tmp_path, monkeypatch):
    """The training script writes weights before any network is made (numpy not yet
    imported by the module): they read back the same."""
    monkeypatch.setattr(V, "np", None)
    monkeypatch.setattr(V, "_NUMPY_TRIED", False)
    fields = small_net(hidden=6, seed=9)
    V.save_weights(tmp_path / "w.npz", fields)
    net = V.read_weights(tmp_path / "w.npz")
    assert net.hidden == 6 and net.w2 == pytest.approx(list(fields["w2"]))


def training_script():
    import importlib.util

    from tests.conftest import ROOT
    spec = importlib.util.spec_from_file_location("train_valuenet",
                                                  ROOT / "tools" / "train_valuenet.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_training_data_is_cached_by_chunk_and_split_by_game(tmp_path, monkeypatch):
    """Self-play is played once (a second run, or one asking for more games, plays only the
    missing chunks), and every game's positions fall in one part only: validation and test
    positions never share a game with the training ones (positions of a game share its
    winner, so a split by position would leak the answer)."""
    T = training_script()
    monkeypatch.setattr(T, "CHUNK", 2)
    played = []
    real = T.play_chunk
    monkeypatch.setattr(T, "play_chunk", lambda job: played.append(job) or real(job))
    first = T.collect("easy", {2: 2, 3: 2}, tmp_path, 1)
    assert sorted(played) == [("easy", 2, 0, 2), ("easy", 3, 0, 2)]
    played.clear()
    more = T.collect("easy", {2: 12, 3: 2}, tmp_path, 1)
    assert len(played) == 5 and ("easy", 2, 0, 2) not in played
    assert np.array_equal(more["x"][:len(first["x"])], first["x"])
    assert set(more["mask"].sum(axis=1).astype(int)) == {2, 3}
    parts = T.split(more)
    for k in np.unique(more["k"]):
        assert len(set(parts[more["k"] == k])) == 1
    assert set(parts) == {"train", "validation", "test"}


def test_a_network_without_correction_is_judged_equal_to_the_hand_tuned(tmp_path):
    """The held-out judgement compares the network with Hard's own reward on the same
    positions: with no correction the two are the same, to the last digit."""
    T = training_script()
    data = T.collect("easy", {2: 10, 4: 10}, tmp_path, 1)
    p, info = T.train(data, hidden=4, seed=1, epochs=1, l2=1e-3, lr=1e-3)
    p["w2"] = np.zeros_like(p["w2"])
    got = T.judged(p, data, T.split(data) != "train")
    assert set(got) == {2, 4}
    for games, net, classic, d, _ in got.values():
        assert games >= 1 and net == pytest.approx(classic) and d == pytest.approx(0)
    assert info["history"][0][0] == 0.0


def test_td_targets_bootstrap_within_a_game_and_end_on_the_winner(tmp_path):
    """TD(lambda) targets: the last turn opening of a game learns who won; earlier ones mix
    the network's chances a turn later with that target, never across two games; lambda 1 is
    plain "who won"."""
    T = training_script()
    data = T.collect("easy", {2: 10, 3: 10}, tmp_path, 1)
    p, _ = T.train(data, hidden=4, seed=1, epochs=1, l2=1e-3, lr=1e-2)
    x = T.normalised(data["x"], data["mask"], p["mean"], p["scale"])
    prior, game, won = T.prior_of(data), T.game_ids(data), data["share"]
    assert np.allclose(T.td_targets(p, x, data["mask"], prior, won, game, 1.0), won)
    _, prob = T.forward(p, x, data["mask"], prior)
    lam = 0.7
    got = T.td_targets(p, x, data["mask"], prior, won, game, lam)
    last = np.r_[game[1:] != game[:-1], True]
    assert last.sum() == 20                         # twenty games
    assert np.allclose(got[last], won[last])
    for i in np.flatnonzero(~last):
        want = (1 - lam) * prob[i + 1] + lam * got[i + 1]
        assert np.allclose(got[i], want, atol=1e-6)
    assert np.allclose(got.sum(axis=1), 1.0, atol=1e-5)     # still a chance per seat
    q, info = T.train(data, hidden=4, seed=1, epochs=2, l2=1e-3, lr=1e-2, lam=lam)
    assert np.isfinite(info["val_loss"]) and np.all(np.isfinite(q["w1"]))
