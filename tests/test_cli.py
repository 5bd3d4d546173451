"""The command line as a user runs it."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def doomlings(*args):
    return subprocess.run([sys.executable, "-m", "doomlings_desktop", *args],
                          capture_output=True, text=True, cwd=ROOT)


def test_simulate_json():
    r = doomlings("simulate", "--games", "20", "--players", "3", "--seed", "4", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["games"] == 20 and len(out["mean_score"]) == 3
    assert abs(sum(out["wins"]) - 20) < 1e-6


def test_simulate_text():
    r = doomlings("simulate", "--games", "5", "--players", "6")
    assert r.returncode == 0 and "games/s" in r.stdout


def test_cards_check():
    r = doomlings("cards", "--check")
    assert r.returncode == 0
    assert "module base game: 117 traits, 25 ages, 15 catastrophes" in r.stdout
    assert "module multi-color: 9 traits, 0 ages, 0 catastrophes" in r.stdout
    assert "module kickstarter: 6 traits, 1 ages, 0 catastrophes" in r.stdout
    assert "module dinolings: 16 traits, 1 ages, 1 catastrophes" in r.stdout
    assert "module mythlings: 17 traits, 1 ages, 1 catastrophes" in r.stdout
    assert "module techlings: 16 traits, 1 ages, 1 catastrophes" in r.stdout
    assert "traits: 181 cards, 171 distinct" in r.stdout     # every module is checked


def test_modules_option_and_a_bad_name():
    r = doomlings("simulate", "--games", "2", "--modules", "multi-color")
    assert r.returncode == 0
    r = doomlings("simulate", "--games", "2", "--modules", "multi-color,nope")
    assert r.returncode == 2 and r.stderr.startswith("error: argument --modules: unknown "
                                                     "module 'nope'")
    assert "Traceback" not in r.stderr


def test_scenario_command_counts_and_fails(tmp_path):
    good = ROOT / "tests" / "scenarios" / "traits" / "selfish.yaml"
    bad = tmp_path / "bad.yaml"
    bad.write_text("players: 2\nsetup:\n  trait_deck: [gills]\n  players:\n"
                   "    - hand: [fangs, quick, spiny, bark, antlers]\n"
                   "steps:\n  - play: fangs\nexpect:\n  trait_deck_size: 999\n")
    r = doomlings("scenario", str(good))
    assert r.returncode == 0 and r.stdout.strip().endswith("1 passed, 0 failed")
    r = doomlings("scenario", str(good), str(bad))
    assert r.returncode == 1
    assert "1 passed, 1 failed" in r.stdout and "bad.yaml" in r.stdout
    assert "trait_deck_size: expected 999" in r.stdout


def test_fuzz_command_reports_games_and_failures(capsys):
    from doomlings_desktop.commands import cli

    assert cli.main(["fuzz", "--games", "12", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "12 games" in out and "0 failed" in out and "games/s" in out


def _no_display_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    # The guard: were the window to open after all, it closes after one frame (exit 0, failing
    # the test) instead of running unseen until the timeout.
    return dict(env, DOOMLINGS_HOME=str(tmp_path), SDL_AUDIODRIVER="dummy",
                DOOMLINGS_EXIT_AFTER_FIRST_FRAME="1", **extra)


def test_game_window_without_a_display_says_so_and_exits(tmp_path):
    """No DISPLAY: SDL would fall back to its offscreen driver and the game would run unseen."""
    r = subprocess.run([sys.executable, "-m", "doomlings_desktop"], env=_no_display_env(tmp_path),
                       cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert r.returncode == 1, r.stdout + r.stderr
    assert r.stderr.splitlines() == [
        "error: no display found (DISPLAY is not set and SDL fell back to the 'offscreen' "
        "driver); run it on a desktop, or set SDL_VIDEODRIVER=dummy to run without a window"]
    assert r.stdout == ""


def test_game_window_with_an_explicit_dummy_driver_still_runs(tmp_path):
    """SDL_VIDEODRIVER=dummy set by hand is meant: no window, no refusal (tests rely on it)."""
    r = subprocess.run([sys.executable, "-m", "doomlings_desktop"], cwd=tmp_path, timeout=60,
                       env=_no_display_env(tmp_path, SDL_VIDEODRIVER="dummy"),
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "no display" not in r.stderr


def test_modules_help_names_every_module_of_the_manifest(capsys):
    """`--help` named only "(multi-color)" as an example: it lists the card database's
    modules, for each command that takes --modules."""
    import pytest

    from doomlings_desktop.commands import cli
    from doomlings_desktop.rules.cards import available_modules

    for command in ("simulate", "arena", "bench", "scenario"):
        with pytest.raises(SystemExit):
            cli.main([command, "--help"])
        out = " ".join(capsys.readouterr().out.split())
        listed = out[out.index("--modules LIST expansion"):]
        for name in available_modules():
            assert name in listed.replace("- ", "-"), (command, name)
