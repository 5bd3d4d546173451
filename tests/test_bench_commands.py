"""`doomlings bench ui|load|soak`: --modules is checked like every command's and the table is
played with those modules (it was accepted and ignored); the Load screen and soak benchmarks
run end to end on a small scale."""

from __future__ import annotations

import pytest

from doomlings_desktop.ui import bench, benchload, benchsoak
from tests.test_robust_cli import run_cli as run


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))


@pytest.mark.parametrize("what", ["ui", "load", "soak"])
def test_an_unknown_module_is_refused_in_one_line(what, capsys, monkeypatch):
    for mod in (bench, benchload, benchsoak):
        monkeypatch.setattr(mod, "main", lambda args: pytest.fail("ran with a bad module"))
    rc, out, err = run(["bench", what, "--modules", "dinolings,nosuch"], capsys)
    assert rc == 2 and err.startswith("error: argument --modules:") and "nosuch" in err
    assert len(err.strip().splitlines()) == 1 and out == ""


@pytest.mark.parametrize("given, expected", [
    ("dinolings", ("dinolings",)), ("techlings, mythlings", None), ("all", None), (None, ())])
def test_the_modules_asked_for_reach_the_benchmark(given, expected, capsys, monkeypatch):
    from doomlings_desktop.rules.cards import available_modules

    got = []
    monkeypatch.setattr(bench, "main", lambda args: got.append(args.modules) or 0)
    rc, _, _ = run(["bench", "ui", *(["--modules", given] if given else [])], capsys)
    assert rc == 0
    if given == "all":
        assert set(got[0]) == set(available_modules())
    elif expected is None:
        assert set(got[0]) == {"techlings", "mythlings"}
    else:
        assert got[0] == expected


def test_the_ui_benchmark_plays_its_table_with_the_modules():
    from tests.test_ui import make_app

    app = make_app()
    sc = bench._late_game_scene(app, 4, 1, ("dinolings",))
    assert sc.game.db.modules == ("dinolings",)
    assert any(d.module == "dinolings" for d in sc.game.db.cards)


@pytest.mark.parametrize("argv, says", [
    (["bench", "load", "--saves", "0"], "argument --saves: must be"),
    (["bench", "soak", "--soak-games", "0"], "argument --soak-games: must be"),
    (["bench", "load", "--saves", "many"], "argument --saves: expected")])
def test_bad_counts_are_refused(argv, says, capsys):
    rc, _, err = run(argv, capsys)
    assert rc == 2 and err.startswith(f"error: {says}")


def test_the_load_benchmark_runs(capsys):
    rc, out, _ = run(["bench", "load", "--saves", "40", "--frames", "6"], capsys)
    assert rc == 0
    assert "40 saves" in out and "the Load screen listed 40" in out
    assert "open, saves never seen before: first frame" in out
    assert "open, a later run (the save index): first frame" in out and "every save listed" in out
    assert "scrolling, 6 frames" in out


def test_the_soak_benchmark_runs(capsys, monkeypatch):
    monkeypatch.setattr(benchsoak, "SEATS", 2)
    rc, out, _ = run(["bench", "soak", "--soak-games", "1"], capsys)
    assert rc == 0 and "1 games of 2 random bots" in out and "RSS after game 1" in out
    assert "text " in out and "card pictures " in out and "pile slots " in out
