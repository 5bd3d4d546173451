"""`doomlings serve` and `doomlings join` as separate processes on loopback: four bots join and
play a game to its end; a joined client killed with SIGKILL mid-game takes its seat back and
the game goes on; and hostile command lines get one error line, never a traceback."""

from __future__ import annotations

import os
import re
import selectors
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_robust_cli import run_cli

ROOT = Path(__file__).resolve().parent.parent
DEADLINE = 120.0


def _spawn(args: list[str], tmp_path: Path) -> subprocess.Popen:
    env = dict(os.environ, DOOMLINGS_HOME=str(tmp_path / "home"), PYTHONUNBUFFERED="1")
    return subprocess.Popen([sys.executable, "-m", "doomlings_desktop", *args], cwd=ROOT,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


class Lines:
    """A process's stdout read line by line, waiting with a deadline."""

    def __init__(self, proc: subprocess.Popen) -> None:
        self.proc = proc
        self.lines: list[str] = []
        self.sel = selectors.DefaultSelector()
        self.sel.register(proc.stdout, selectors.EVENT_READ)

    def wait_for(self, pattern: str, count: int = 1, timeout: float = DEADLINE) -> list[str]:
        rx = re.compile(pattern)
        deadline = time.monotonic() + timeout
        while sum(bool(rx.search(x)) for x in self.lines) < count:
            left = deadline - time.monotonic()
            assert left > 0, f"no {pattern!r} in time: {self.lines[-5:]}"
            if self.sel.select(left):
                line = self.proc.stdout.readline()
                assert line, f"the process ended before {pattern!r}: {self.lines[-5:]} " \
                             f"{self.proc.stderr.read()}"
                self.lines.append(line)
        return [x for x in self.lines if rx.search(x)]


def _serve(tmp_path: Path, room: str, seats: str,
           when_done: bool = True) -> tuple[subprocess.Popen, int]:
    proc = _spawn(["serve", "--port", "0", "--room", room, "--seats", seats]
                  + (["--exit-when-done"] if when_done else []), tmp_path)
    line = Lines(proc).wait_for(r"serving on ws://127\.0\.0\.1:\d+", timeout=60)[0]
    return proc, int(re.search(r":(\d+) ", line).group(1))


def _finish(procs: list[subprocess.Popen]) -> list[tuple[int, str, str]]:
    out = []
    for p in procs:
        try:
            o, e = p.communicate(timeout=DEADLINE)
        except subprocess.TimeoutExpired:
            p.kill()
            o, e = p.communicate()
        out.append((p.returncode, o, e))
    return out


def test_serve_and_four_joined_bots_play_a_game_to_its_end(tmp_path):
    server, port = _serve(tmp_path, "GAME-4", "remote,remote,remote,remote")
    joins = [_spawn(["join", f"127.0.0.1:{port}", "--room", "game-4", "--bot", level,
                     "--name", f"Bot {i}"], tmp_path)
             for i, level in enumerate(["random", "easy", "medium", "random"])]
    results = _finish(joins + [server])
    for rc, out, err in results:
        assert rc == 0 and "Traceback" not in err, (rc, out, err)
    scores = {re.search(r"scores (\[.*\])", out).group(1) for _, out, _ in results[:4]}
    assert len(scores) == 1, scores         # every seat saw the same end


def test_a_client_killed_mid_game_rejoins_and_the_game_goes_on(tmp_path):
    server, port = _serve(tmp_path, "KILL", "remote,remote,remote")
    seat_file = tmp_path / "seat0.token"
    args = ["join", f"127.0.0.1:{port}", "--room", "KILL", "--bot", "random", "-v",
            "--seat-file", str(seat_file)]
    first = _spawn(args, tmp_path)
    lines = Lines(first)
    lines.wait_for(r"joined room KILL as seat 0")
    others = [_spawn(["join", f"127.0.0.1:{port}", "--room", "KILL", "--bot", "random"],
                     tmp_path) for _ in range(2)]
    lines.wait_for(r"^step \d+: answered", count=3)       # mid-game
    first.send_signal(signal.SIGKILL)
    first.wait(30)
    assert first.returncode == -signal.SIGKILL
    again = _spawn(args, tmp_path)
    results = _finish([again] + others + [server])
    for rc, out, err in results:
        assert rc == 0 and "Traceback" not in err, (rc, out, err)
    assert "joined room KILL as seat 0" in results[0][1]      # its own seat, by its token
    assert "game over" in results[0][1]


@pytest.mark.parametrize(("argv", "message"), [
    (["join", "http://x:1", "--room", "ABCD", "--bot", "random"], "not a server address"),
    (["join", "host:99999", "--room", "ABCD", "--bot", "random"], "not a server address"),
    (["join", "a b", "--room", "ABCD", "--bot", "random"], "not a server address"),
    (["join", "ws://h:1/path?x", "--room", "ABCD", "--bot", "random"], "not a server address"),
    (["join", "h:1", "--room", "a/b", "--bot", "random"], "a room code is 4 to 32"),
    (["join", "h:1", "--room", "ABCD", "--bot", "genius"], "invalid choice"),
    (["join", "h:1", "--room", "ABCD", "--bot", "random", "--give-up", "nan"], "--give-up"),
    (["join", "h:1", "--bot", "random"], "--room"),
    (["join", "h:1", "--room", "ABCD", "--create", "remote,remote", "--bot", "random"],
     "or --create SEATS"),
    (["join", "h:1", "--room", "ABCD", "--modules", "dinolings", "--bot", "random"],
     "--modules goes with --create"),
    (["join", "h:1", "--create", "remote,elf", "--bot", "random"], "unknown seat 'elf'"),
    (["serve", "--open-rooms", "-1"], "--open-rooms"),
    (["find", "--seconds", "0"], "--seconds"),
    (["find", "--interface", "a b"], "not a host name"),
    (["serve", "--seats", "remote,wizard"], "unknown seat 'wizard'"),
    (["serve", "--seats", "medium,easy"], "at least one seat must be remote"),
    (["serve", "--seats", "remote"], "2 to 6 seats"),
    (["serve", "--seats", ",".join(["remote"] * 7)], "2 to 6 seats"),
    (["serve", "--port", "70000"], "--port"),
    (["serve", "--host", "a b"], "not a host name"),
    (["serve", "--rooms", "0"], "--rooms"),
    (["serve", "--modules", "nope"], "unknown module"),
])
def test_a_bad_online_command_line_is_one_error_line(argv, message, capsys):
    rc, out, err = run_cli(argv, capsys)
    assert rc == 2 and "Traceback" not in out + err, (rc, err)
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0], err


def test_a_port_in_use_and_a_server_gone_are_one_line_each(capsys):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        rc, out, err = run_cli(["serve", "--port", str(port)], capsys)
        assert rc == 1 and err.startswith(f"error: cannot listen on 127.0.0.1:{port}"), err
    # nothing listens there now: the client says so and gives up when told
    rc, out, err = run_cli(["join", f"127.0.0.1:{port}", "--room", "ABCD", "--bot", "random",
                            "--give-up", "1"], capsys)
    assert rc == 3 and len(err.splitlines()) == 1, err
    assert err.startswith(f"error: cannot reach the server at ws://127.0.0.1:{port}"), err


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_server_killed_mid_game_restarts_and_its_room_goes_on(tmp_path):
    """serve --state keeps the room after every move; killed with SIGKILL and started again
    on the same port, it reopens the room where it was, and the joined clients, which keep
    trying, take their seats back by token and play the game to its end."""
    port = _free_port()
    args = ["serve", "--port", str(port), "--room", "SAFE", "--seats", "remote,remote,remote",
            "--state", str(tmp_path / "rooms"), "--exit-when-done"]
    first = _spawn(args, tmp_path)
    Lines(first).wait_for("serving on")
    joins = [_spawn(["join", f"127.0.0.1:{port}", "--room", "SAFE", "--bot", "random", "-v"],
                    tmp_path) for _ in range(3)]
    Lines(joins[0]).wait_for(r"^step \d+: answered", count=3)        # mid-game
    first.send_signal(signal.SIGKILL)
    first.wait(30)
    again = _spawn(args, tmp_path)
    said = Lines(again).wait_for(r"room SAFE: .*reopened at step (\d+)")[0]
    assert int(re.search(r"step (\d+)", said).group(1)) > 0
    results = _finish(joins + [again])
    for rc, out, err in results:
        assert rc == 0 and "Traceback" not in err, (rc, out, err)
    assert len({re.search(r"scores (\[.*\])", out).group(1) for _, out, _ in results[:3]}) == 1


def test_serve_stops_on_sigterm_and_bench_net_runs(tmp_path):
    server, _ = _serve(tmp_path, "TERM", "remote,remote")
    server.send_signal(signal.SIGTERM)
    rc, out, err = _finish([server])[0]
    assert rc == 0 and not err, (rc, err)
    bench = _spawn(["bench", "net", "--rooms", "2", "--players", "2", "--think", "0"], tmp_path)
    rc, out, err = _finish([bench])[0]
    assert rc == 0 and "Traceback" not in err, (rc, out, err)
    assert re.search(r"2 rooms of 2 remote seats.*\n.*p95 [\d.]+ ms", out), out
    assert re.search(r"about -?\d+ KiB a room", out), out


@pytest.mark.parametrize("argv", [["serve"], ["join", "h:1", "--room", "ABCD", "--bot", "random"],
                                  ["bench", "net"]])
def test_without_the_online_libraries_it_says_so_in_one_line(argv, capsys, monkeypatch):
    """A standalone build leaves asyncio out (packaging/doomlings.spec): the online commands
    say so instead of a traceback."""
    monkeypatch.setitem(sys.modules, "websockets", None)      # import websockets fails
    rc, out, err = run_cli(argv, capsys)
    assert rc == 1 and "Traceback" not in err, err
    assert err.startswith("error: online play is not in this build (websockets is missing)"), err


def test_a_player_opens_a_room_from_the_command_line(tmp_path):
    proc = _spawn(["serve", "--port", "0", "--open-rooms", "1"], tmp_path)
    line = Lines(proc).wait_for(r"serving on ws://127\.0\.0\.1:\d+", timeout=60)[0]
    port = int(re.search(r":(\d+) ", line).group(1))
    host = _spawn(["join", f"127.0.0.1:{port}", "--create", "remote,random", "--modules",
                   "techlings", "--bot", "random"], tmp_path)
    rc, out, err = _finish([host])[0]
    assert rc == 0 and "Traceback" not in err, (rc, out, err)
    assert re.search(r"^joined room [A-Z2-9]{10} as seat 0$", out, re.M), out
    assert "game over" in out
    proc.send_signal(signal.SIGTERM)
    assert _finish([proc])[0][0] == 0


def test_a_person_plays_a_seat_in_the_terminal(tmp_path):
    """Without --bot the seat is played by typing numbers: nonsense is asked again, and the
    game is played to its end."""
    server, port = _serve(tmp_path, "TYPE", "remote,random")
    env = dict(os.environ, DOOMLINGS_HOME=str(tmp_path / "home"))
    person = subprocess.run(
        [sys.executable, "-m", "doomlings_desktop", "join", f"127.0.0.1:{port}", "--room",
         "TYPE"], input="x\n0\n999\n" + "1\n" * 3000, capture_output=True, text=True,
        cwd=ROOT, env=env, timeout=DEADLINE)
    assert person.returncode == 0 and "Traceback" not in person.stderr, person.stderr
    out = person.stdout
    assert "Your hand: " in out and "Your choice (a number): " in out
    assert out.count("Type a number from 1 to") == 3
    assert "game over" in out
    assert _finish([server])[0][0] == 0


def test_two_joins_play_a_game_and_its_rematch(tmp_path):
    server, port = _serve(tmp_path, "AGAIN", "remote,random,remote", when_done=False)
    joins = [_spawn(["join", f"127.0.0.1:{port}", "--room", "AGAIN", "--bot", "random",
                     "--games", "2"], tmp_path) for _ in range(2)]
    results = _finish(joins)
    server.send_signal(signal.SIGTERM)
    assert _finish([server])[0][0] == 0
    for rc, out, err in results:
        assert rc == 0 and "Traceback" not in err, (rc, out, err)
        assert out.count("game over") == 2, out
        # each game is kept on the player's computer (both joins share a home here)
        assert out.count("the game is kept on this computer: Load game's last game") == 2, out
    assert [x.split("scores")[1] for x in results[0][1].splitlines() if "scores" in x] == \
        [x.split("scores")[1] for x in results[1][1].splitlines() if "scores" in x]


@pytest.mark.parametrize("host", ["::1", "fe80::1", "127.0.0.1", "example.org"])
def test_a_servers_address_reads_back_as_the_address_it_names(host):
    """`serve --host ::1` printed "serving on ws://::1:7474": typed into `join` (or Join) that
    is host "" and port ":1:7474". Every address a player is shown (the serve line, the LAN
    list's, a server's and the host's own) goes through one function that puts an IPv6
    address in brackets, and what it prints is read back as that host and port."""
    from urllib.parse import urlsplit

    from doomlings_desktop.commands.online import address_arg
    from doomlings_desktop.net.discovery import Found
    from doomlings_desktop.net.server import Server, ServerThread

    shown = [Found("x", host, 7474, "1", ()).url,
             ServerThread(Server(), host, 7474).url]
    for url in shown:
        parts = urlsplit(address_arg(url))
        assert (parts.hostname, parts.port) == (host, 7474), url
