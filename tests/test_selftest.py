"""`doomlings --selftest` from source: every check passes and is printed; a failure exits 1
naming the check; no audio device is not a failure; nothing lands in the user's folders."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from doomlings_desktop.commands import selftest

ROOT = Path(__file__).resolve().parent.parent


def run_source(tmp_path: Path, **env_extra: str) -> tuple[int, str]:
    home = tmp_path / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("SDL_", "XDG_", "DOOMLINGS_")) and k not in ("DISPLAY", "HOME")}
    env.update(HOME=str(home), PYTHONPATH=str(ROOT), **env_extra)
    r = subprocess.run([sys.executable, "-m", "doomlings_desktop.commands.selftest", "--out",
                        str(tmp_path / "out")], cwd=tmp_path, env=env, capture_output=True,
                       text=True, timeout=120)
    return r.returncode, r.stdout + r.stderr


def test_selftest_from_source_passes_and_prints_each_check(tmp_path):
    rc, out = run_source(tmp_path, SDL_AUDIODRIVER="dummy")
    assert rc == 0, out
    lines = out.splitlines()
    assert lines[0].startswith("Doomlings Desktop ") and "self-test (checkout" in lines[0]
    assert re.search(r"^ok   bundled files: cards\.yaml, 4 fonts, 12 sounds, icon", out, re.M)
    m = re.search(r"^ok   card database: (\d+) cards", out, re.M)
    assert m and int(m.group(1)) > 100, out
    assert re.search(r"^ok   bot game: 4 random bots, \d+ decisions, winner Bot \d", out, re.M)
    png = tmp_path / "out" / "selftest.png"
    assert f"ok   table frame rendered to {png} 1280x720" in out
    assert re.search(r"^ok   sound: available \(audio driver dummy\), 12 effects loaded", out,
                     re.M)
    assert re.search(r"^self-test passed: 6 checks in [\d.]+ s$", out, re.M)
    assert pygame.image.load(str(png)).get_size() == (1280, 720)
    # Settings and saves went to the temp folder, not the user's (HOME) folders.
    assert not any((tmp_path / "home").iterdir())


def test_no_audio_device_is_not_a_failure(tmp_path):
    rc, out = run_source(tmp_path, SDL_AUDIODRIVER="no-such-audio-driver")
    assert rc == 0, out
    assert "ok   sound: no audio device (ok); mixer and 12 effects work with the dummy driver" \
        in out


def test_a_failing_check_exits_1_and_says_which(tmp_path, monkeypatch, capsys):
    def broken(state):
        raise RuntimeError("kaboom")

    monkeypatch.setattr(selftest, "check_bot_game", broken)
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path / "mine"))
    assert selftest.run(tmp_path) == 1
    out = capsys.readouterr().out
    assert "FAIL bot game: RuntimeError: kaboom" in out
    assert "ok   card database:" in out and "ok   table frame rendered" in out
    assert re.search(r"^self-test FAILED \(bot game\) in [\d.]+ s$", out, re.M)
    # run() puts the environment back as it found it.
    assert os.environ["DOOMLINGS_HOME"] == str(tmp_path / "mine")


def test_a_check_that_finds_a_problem_is_reported(tmp_path, monkeypatch, capsys):
    def missing():
        raise selftest.CheckFailed("missing assets/icon.png")

    monkeypatch.setattr(selftest, "check_files", missing)
    monkeypatch.setattr(selftest, "check_frame", lambda state, out: "table frame: skipped")
    assert selftest.run(tmp_path) == 1
    out = capsys.readouterr().out
    assert "FAIL bundled files: missing assets/icon.png" in out
    assert "self-test FAILED (bundled files)" in out


def test_form_of_a_checkout():
    assert selftest.form() in ("checkout", "installed")


def test_doomlings_selftest_flag(tmp_path):
    from doomlings_desktop.commands import cli

    if "--selftest" not in cli.parser().format_help():
        pytest.skip("cli.py has no --selftest flag yet")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "DOOMLINGS_HOME": str(tmp_path)}
    r = subprocess.run([sys.executable, "-m", "doomlings_desktop", "--selftest"], cwd=tmp_path,
                       env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "self-test passed: 6 checks" in r.stdout


def test_a_module_file_that_cannot_be_loaded_fails_the_card_check(tmp_path, capsys):
    """The window plays on without a module whose file is broken, but the copy is damaged:
    the self-test names the module, the file and why, and still runs the other checks."""
    import shutil

    shutil.copy(ROOT / "cards.yaml", tmp_path / "cards.yaml")
    shutil.copytree(ROOT / "assets" / "modules", tmp_path / "assets" / "modules")
    (tmp_path / "assets" / "modules" / "mythlings.yaml").write_text("format: 1\nmodule: x\n")
    assert selftest.run(tmp_path / "out", cards=str(tmp_path / "cards.yaml")) == 1
    out = capsys.readouterr().out
    assert "FAIL card database: the mythlings module cannot be loaded: assets/modules/" \
           "mythlings.yaml:" in out, out
    assert re.search(r"^ok   bot game: ", out, re.M), out
