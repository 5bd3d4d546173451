"""The small files around the saves are hostile ground too: the log, the joined online seat's
files, `join --seat-file`, a scenario path. Each used to be opened with a plain open(): a FIFO
there hung the program (the window before its first frame, past SIGTERM, which SDL catches),
a full disk printed logging's traceback once per line, and a scenario path too long for the
system was reported as "cannot write". Real processes where a user would see it; every wait
has a deadline (a hang fails at 60 s and the process is killed)."""

from __future__ import annotations

import errno
import logging
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from doomlings_desktop.commands import cli

ROOT = Path(__file__).resolve().parent.parent
LOOP_S = 60


def _window(home: Path) -> subprocess.CompletedProcess:
    """The game window on the dummy drivers, to its first frame (Continue's path too)."""
    env = dict(os.environ, DOOMLINGS_HOME=str(home), DOOMLINGS_EXIT_AFTER_FIRST_FRAME="1",
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    env.pop("DOOMLINGS_RAISE", None)
    return subprocess.run([sys.executable, "-m", "doomlings_desktop", "play", "--continue"],
                          capture_output=True, text=True, timeout=LOOP_S, cwd=ROOT, env=env)


def _plant(home: Path, rel: str, kind: str) -> None:
    p = home / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    if kind == "fifo":
        os.mkfifo(p)
    elif kind == "zero":
        p.symlink_to("/dev/zero")
    else:
        p.mkdir()


# the files the window reads or opens before its first frame, each as a FIFO, an endless
# device and a folder (the token is read only beside a whole .json: a good one is planted)
PLACES = [(rel, kind) for rel in ("log/doomlings.log", "data/online-seat.json",
                                  "data/online-seat.token")
          for kind in ("fifo", "zero", "dir")]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
@pytest.mark.parametrize(("rel", "kind"), PLACES, ids=[f"{r}-{k}" for r, k in PLACES])
def test_the_window_starts_whatever_lies_in_its_small_files(tmp_path, rel, kind):
    if rel.endswith(".token"):
        (tmp_path / "data").mkdir()
        (tmp_path / "data" / "online-seat.json").write_text(
            '{"url": "ws://127.0.0.1:1", "room": "ABCD", "name": "Ann"}')
    _plant(tmp_path, rel, kind)
    p = _window(tmp_path)
    assert p.returncode == 0, p.stderr[-2000:]
    assert "Traceback" not in p.stderr and "Logging error" not in p.stderr, p.stderr[-2000:]


def test_a_log_that_cannot_be_written_is_one_line(tmp_path, monkeypatch, capsys):
    """A full disk under the log: one line on stderr, once, never logging's traceback, and
    the program's logging goes on returning (the window is not stopped by its log)."""
    from doomlings_desktop.ui.app import setup_logging

    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))
    root = logging.getLogger("doomlings")
    before = root.handlers[:]
    root.handlers.clear()
    try:
        setup_logging()
        (handler,) = root.handlers

        class Full:
            def write(self, _text):
                raise OSError(errno.ENOSPC, "No space left on device")

            def tell(self):
                return 0

            def seek(self, *_a):
                return 0

            def flush(self):
                pass

            def close(self):
                pass

        handler.stream = Full()
        for i in range(5):
            root.warning("line %d", i)
        err = capsys.readouterr().err
        assert "Traceback" not in err and "Logging error" not in err, err
        assert len(err.splitlines()) == 1 and "No space left on device" in err, err
    finally:
        for h in root.handlers:
            h.close()
        root.handlers[:] = before


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
@pytest.mark.parametrize("kind", ["fifo", "zero"])
def test_join_with_a_seat_file_that_never_ends(tmp_path, kind):
    """--seat-file naming a FIFO or /dev/zero: the token is not there, and join goes on (here
    to a port where nothing answers: its one line, exit 3), where it used to wait for ever."""
    _plant(tmp_path, "seat", kind)
    env = dict(os.environ, DOOMLINGS_HOME=str(tmp_path / "home"), PYTHONPATH=str(ROOT))
    p = subprocess.run([sys.executable, "-m", "doomlings_desktop", "join", "127.0.0.1:1",
                        "--room", "ABCD", "--bot", "random", "--give-up", "1",
                        "--seat-file", str(tmp_path / "seat")],
                       capture_output=True, text=True, timeout=LOOP_S, cwd=ROOT, env=env)
    assert p.returncode == 3 and "Traceback" not in p.stderr, p.stderr
    assert p.stderr.startswith("error: cannot reach the server"), p.stderr


def test_a_scenario_path_the_system_refuses_is_read_not_write(tmp_path, capsys):
    """A name too long for the system, a link loop: one line that says it cannot be read,
    exit 2 (it said "cannot write" and exit 1, as if the output had failed); a name of 5,000
    characters is quoted cut short."""
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    for path, words in (("a" * 5000, "File name too long"),
                        (str(loop), "Too many levels of symbolic links")):
        with pytest.raises(SystemExit) as e:
            rc = cli.main(["scenario", path])
            raise SystemExit(rc)
        err = capsys.readouterr().err
        assert e.value.code == 2 and err.startswith("error: cannot read: ") and words in err, err
        assert len(err) < 400 and len(err.splitlines()) == 1


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_scenario_swapped_for_a_fifo_after_its_stat_does_not_block(tmp_path, monkeypatch):
    """The scenario reader checks the file it opened, not a stat taken before: a FIFO that
    takes a file's place between the two is refused at once instead of waiting for a writer."""
    from doomlings_desktop.commands import scenario

    real = tmp_path / "real.yaml"
    real.write_text("players: 2\n")
    fifo = tmp_path / "fifo.yaml"
    os.mkfifo(fifo)
    stat_of = os.stat
    monkeypatch.setattr(scenario.os, "stat",
                        lambda p, *a, **k: stat_of(real if Path(p) == fifo else p, *a, **k))
    got: list = []

    def read() -> None:
        try:
            scenario.read_scenario(fifo)
        except Exception as e:  # noqa: BLE001 - what it raised is the test's to check
            got.append(e)

    t = threading.Thread(target=read, daemon=True)
    t.start()
    t.join(LOOP_S)
    if t.is_alive():        # blocked in open(): a writer lets it go, and the test fails
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        t.join(LOOP_S)
        pytest.fail("reading a scenario swapped for a FIFO blocked")
    assert type(got[0]) is scenario.ScenarioError and "not a regular file" in str(got[0])


@pytest.mark.parametrize("env", [{"SDL_VIDEODRIVER": "bogus"},
                                 {"SDL_VIDEODRIVER": "x11", "DISPLAY": ":97"}])
@pytest.mark.parametrize("argv", [[], ["play", "--demo"]])
def test_a_video_driver_that_cannot_start_is_one_line(tmp_path, env, argv):
    """SDL_VIDEODRIVER misspelt, or naming a display that is not there: one `error:` line that
    says which setting and what to do, exit 1 (it was pygame's traceback from App())."""
    full = dict(os.environ, DOOMLINGS_HOME=str(tmp_path), SDL_AUDIODRIVER="dummy",
                PYTHONPATH=str(ROOT), **env)
    full.pop("DOOMLINGS_RAISE", None)
    p = subprocess.run([sys.executable, "-m", "doomlings_desktop", *argv], capture_output=True,
                       text=True, timeout=LOOP_S, cwd=ROOT, env=full)
    assert p.returncode == 1 and "Traceback" not in p.stderr, p.stderr
    assert len(p.stderr.splitlines()) == 1, p.stderr
    assert p.stderr.startswith(f"error: the video driver asked for (SDL_VIDEODRIVER="
                               f"{env['SDL_VIDEODRIVER']}) cannot be started"), p.stderr
