"""One window per data folder: a second copy is refused with a message (on screen and on
stderr) and touches nothing; a killed copy never leaves the folder locked; headless commands
need no lock. The real program runs in subprocesses with SDL's dummy drivers."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from doomlings_desktop.storage import instance
from doomlings_desktop.storage.settings import Settings, data_dir
from doomlings_desktop.ui.app import App
from tests.uidriver import click, find, key, wait_until

ROOT = Path(__file__).resolve().parent.parent
CLAIM = "from doomlings_desktop.storage import instance; print(instance.claim())"


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))
    yield tmp_path
    instance.release()


def _env(home: Path, **more: str) -> dict:
    env = dict(os.environ, DOOMLINGS_HOME=str(home), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT), **more)
    env.pop("DOOMLINGS_RAISE", None)
    return env


def _run(home: Path, *argv: str, **more: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *argv], env=_env(home, **more), cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def _wait_for(path: Path, proc: subprocess.Popen) -> dict:
    """The state file of a running window, once it is there (the lock is taken before)."""
    def state() -> dict | None:
        assert proc.poll() is None, "the first window ended"
        try:
            return json.loads(path.read_text())
        except (OSError, ValueError):
            return None
    return wait_until(state, "the first window's start")


def test_the_lock_is_one_process_s_at_a_time(home):
    assert instance.claim() is None
    assert instance.claim() is None                 # asked again by its holder: still ours
    other = _run(home, "-c", CLAIM)
    assert other.returncode == 0 and "already running" in other.stdout
    assert str(data_dir()) in other.stdout
    instance.release()
    assert _run(home, "-c", CLAIM).stdout.strip() == "None"


def test_headless_commands_need_no_lock(home):
    assert instance.claim() is None
    r = _run(home, "-m", "doomlings_desktop", "simulate", "--games", "1", "--players", "2")
    assert r.returncode == 0 and "already running" not in r.stderr, r.stderr


def test_a_folder_that_cannot_hold_a_lock_still_plays(home, monkeypatch):
    def fail(fd):
        raise OSError(37, "No locks available")
    monkeypatch.setattr(instance, "_try_lock", fail)
    assert instance.claim() is None


def _files(home: Path, state: Path) -> list[Path]:
    """What is in the home folder, less the state file and the temp files of atomic writes:
    the first window, still running, may be half-way through writing one (its settings, the
    save index) whenever the folder is looked at."""
    return sorted(p.relative_to(home) for p in home.rglob("*")
                  if p != state and not p.name.endswith(".tmp"))


def test_two_windows_on_one_folder_and_a_killed_holder(home):
    """The second window says why and quits (status 1, one line, no traceback), writing
    nothing; after the first is SIGKILLed a new window starts at once."""
    state = home / "state.json"
    first = subprocess.Popen([sys.executable, "-m", "doomlings_desktop"], cwd=ROOT,
                             env=_env(home, DOOMLINGS_TEST_STATE=str(state)),
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        assert _wait_for(state, first)["scene"] == "MenuScene"
        before = _files(home, state)
        second = _run(home, "-m", "doomlings_desktop", "play",
                      DOOMLINGS_EXIT_AFTER_FIRST_FRAME="1")
        assert second.returncode == 1, second.stderr
        assert "Traceback" not in second.stderr
        assert "error: Doomlings is already running with this data folder" in second.stderr
        after = _files(home, state)
        assert after == before           # no settings, no save, no folder of its own
        os.kill(first.pid, signal.SIGKILL)
        first.wait(timeout=30)
    finally:
        if first.poll() is None:
            first.kill()
            first.wait(timeout=30)
    third = _run(home, "-m", "doomlings_desktop", DOOMLINGS_EXIT_AFTER_FIRST_FRAME="1")
    assert third.returncode == 0 and "already running" not in third.stderr, third.stderr


def test_the_refusal_is_shown_in_the_window(home, monkeypatch, capsys):
    """The second copy's window: the message and a Quit button; it reads and writes no
    settings (the running copy's are the ones that count)."""
    from doomlings_desktop.ui import app as app_module

    monkeypatch.setattr(instance, "claim", lambda: instance.busy_message(data_dir()))
    monkeypatch.setenv("DOOMLINGS_EXIT_AFTER_FIRST_FRAME", "1")
    monkeypatch.setattr(pygame, "quit", lambda: None)    # the fonts other tests cached
    assert app_module.main() == 1
    assert "already running" in capsys.readouterr().err
    assert not (home / "config").exists() and not (home / "data" / "saves").exists()
    from doomlings_desktop.ui import router

    app = App(size=(1280, 720), settings=Settings(),
              start=lambda a: router.make(a, "busy", "Busy here."), persist=False)
    app.frame()
    assert type(app.scene).__name__ == "BusyScene"
    click(app, find(app.scene, ("button", "quit")).center)
    assert not app.running
    app.running = True
    key(app, pygame.K_ESCAPE)
    assert not app.running
