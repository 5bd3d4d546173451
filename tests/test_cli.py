"""The command line as a user runs it."""

import json
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
    assert "traits: 117 cards, 107 distinct" in r.stdout
    assert "ages: 25" in r.stdout and "catastrophes: 15" in r.stdout


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
    from doomlings_desktop import cli

    assert cli.main(["fuzz", "--games", "12", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "12 games" in out and "0 failed" in out and "games/s" in out
