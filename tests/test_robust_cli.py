"""Bad command lines: every option of every subcommand, given a value a user could type by
mistake. Each must end in one `error: ...` line on stderr and exit 2 — never a traceback, a
hang, or a run that goes ahead with a silently changed value.

The cases run in-process through `cli.main`, with the heavy entry points (games, benchmarks,
the window, the self-test) replaced by stubs that fail the test if a bad line reaches them.
A few run as real subprocesses, to check what a user actually sees."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from doomlings_desktop.commands import cli
from doomlings_desktop.rules import cards as cards_module

ROOT = Path(__file__).resolve().parent.parent
HUGE = "9" * 40
BIGGER = "9" * 5000          # past int()'s digit limit: a ValueError of its own

# (command line, text the error line must contain). {dir}, {missing}, {devnull}, {good} are
# filled in per test: a folder, a file that does not exist, /dev/null, a valid scenario file.
CASES: list[tuple[list[str], str]] = []


def case(msg: str, *lines: list[str]) -> None:
    CASES.extend((line, msg) for line in lines)


# --cards, on every command that takes it (and the top level, which opens the window)
for cmd in ([], ["play"], ["play", "--continue"], ["play", "--demo"], ["--selftest"],
            ["simulate"], ["fuzz"], ["cards"], ["bench", "engine"], ["bench", "ui"], ["arena"],
            ["scenario", "{good}"]):
    case("argument --cards: expected a file name", [*cmd, "--cards", ""], [*cmd, "--cards", " "])
    case("argument --cards: expected one argument", [*cmd, "--cards"])
    case("cannot load the card database: {missing}", [*cmd, "--cards", "{missing}"])
    case("cannot load the card database: {dir}", [*cmd, "--cards", "{dir}"])
    case("cannot load the card database: /dev/null: cannot read the file: it is not a regular "
         "file", [*cmd, "--cards", "{devnull}"])

# the top level
case("unrecognized arguments: --bogus", ["--bogus"])
case("invalid choice: 'bogus'", ["bogus"])
case("argument --selftest: ignored explicit argument", ["--selftest=yes"])

# scenario
case("the following arguments are required: FILE_OR_DIR", ["scenario"])
case("argument FILE_OR_DIR: expected a file name", ["scenario", ""], ["scenario", "{good}", ""])
case("no such file or folder: {missing}", ["scenario", "{missing}"],
     ["scenario", "{good}", "{missing}"])
case("argument -v/--verbose: ignored explicit argument", ["scenario", "{good}", "--verbose=1"])

# simulate
for opt, lo, hi in (("--games", 1, 1_000_000_000), ("--players", 2, 6)):
    span = f"a whole number from {lo:,} to {hi:,}"
    case(f"argument {opt}: must be {span}", ["simulate", opt, str(lo - 1)],
         ["simulate", opt, "-1"], ["simulate", opt, str(hi + 1)], ["simulate", opt, HUGE])
    case(f"argument {opt}: expected {span}", ["simulate", opt, "x"], ["simulate", opt, ""],
         ["simulate", opt, "1.5"], ["simulate", opt, "1e3"], ["simulate", opt, BIGGER])
    case(f"argument {opt}: expected one argument", ["simulate", opt])
case("argument --players: must be", ["simulate", "--players", "7"], ["simulate", "--players", "1"])
case("argument --games: must be a whole number from 1 ", ["fuzz", "--games", "0"],
     ["fuzz", "--games", "-3"], ["fuzz", "--games", HUGE])
case("argument --games: expected", ["fuzz", "--games", "many"], ["fuzz", "--games", "2.5"])
case("argument --json: ignored explicit argument", ["fuzz", "--json=1"])
SEED_SPAN = "a whole number from -2^63 to 2^63-1"
for cmd in (["simulate"], ["fuzz"], ["bench", "ui"], ["bench", "engine"], ["arena"], ["play"],
            ["play", "--demo"]):
    case(f"argument --seed: must be {SEED_SPAN}", [*cmd, "--seed", str(2**63)],
         [*cmd, "--seed", str(-(2**63) - 1)], [*cmd, "--seed", HUGE])
    case(f"argument --seed: expected {SEED_SPAN}", [*cmd, "--seed", "x"], [*cmd, "--seed", ""],
         [*cmd, "--seed", "1.5"])
    case("argument --seed: expected one argument", [*cmd, "--seed"])
case("argument --json: ignored explicit argument", ["simulate", "--json=1"])

# cards
case("argument --check: ignored explicit argument", ["cards", "--check=no"])
case("unrecognized arguments: --games", ["cards", "--games", "3"])

# bench
case("the following arguments are required: what", ["bench"])
case("argument what: invalid choice: 'gpu'", ["bench", "gpu"])
case("argument what: invalid choice: ''", ["bench", ""])
for what in ("engine", "ui"):
    for opt, lo, hi in (("--games", 4, 1_000_000_000), ("--repeat", 1, 1000),
                        ("--frames", 1, 1_000_000), ("--idle-seconds", 1, 600)):
        span = f"a whole number from {lo:,} to {hi:,}"
        case(f"argument {opt}: must be {span}", ["bench", what, opt, str(lo - 1)],
             ["bench", what, opt, "-1"], ["bench", what, opt, str(hi + 1)],
             ["bench", what, opt, HUGE])
        case(f"argument {opt}: expected {span}", ["bench", what, opt, "x"],
             ["bench", what, opt, ""], ["bench", what, opt, "2.0"])
        case(f"argument {opt}: expected one argument", ["bench", what, opt])

# arena
case("argument --hero: invalid choice", ["arena", "--hero", "expert"], ["arena", "--hero", ""])
case("argument --hero: expected one argument", ["arena", "--hero"])
case("argument --opponents: unknown level 'expert'", ["arena", "--opponents", "expert"],
     ["arena", "--opponents", "random,expert"])
case("argument --opponents: give 1 to 5 comma-separated levels, got 0",
     ["arena", "--opponents", ""], ["arena", "--opponents", ",, ,"])
case("argument --opponents: give 1 to 5 comma-separated levels, got 6",
     ["arena", "--opponents", ",".join(["random"] * 6)])
for opt, lo, hi in (("--games", 1, 1_000_000_000), ("--hard-iterations", 1, 1_000_000),
                    ("--jobs", 1, 256)):
    span = f"a whole number from {lo:,} to {hi:,}"
    case(f"argument {opt}: must be {span}", ["arena", opt, str(lo - 1)], ["arena", opt, "-1"],
         ["arena", opt, str(hi + 1)], ["arena", opt, HUGE])
    case(f"argument {opt}: expected {span}", ["arena", opt, "x"], ["arena", opt, ""],
         ["arena", opt, "0.5"], ["arena", opt, BIGGER])
    case(f"argument {opt}: expected one argument", ["arena", opt])
case("argument --hard-budget: must be a number from 0 to 3600 seconds",
     # "=": argparse takes a lone "-inf" for an option, and says so in its own error line
     *(["arena", f"--hard-budget={v}"] for v in ("-1", "-0.001", "3601", "1e999", "inf",
                                                "-inf", "nan", HUGE)))
case("argument --hard-budget: expected a number from 0 to 3600 seconds",
     ["arena", "--hard-budget", "x"], ["arena", "--hard-budget", ""],
     ["arena", "--hard-budget", "1s"])
case("argument --hard-budget: expected one argument", ["arena", "--hard-budget"])
case("argument --per-game: expected a file name", ["arena", "--per-game", ""])
case("argument --hard-eval: invalid choice", ["arena", "--hard-eval", "oracle"],
     ["arena", "--hard-eval", ""])
case("argument --hard-eval: expected one argument", ["arena", "--hard-eval"])
case("argument --per-game: cannot write {dir}", ["arena", "--per-game", "{dir}"])
case("argument --per-game: cannot write {missing}/x.jsonl",
     ["arena", "--per-game", "{missing}/x.jsonl"])
case("argument --per-game: expected one argument", ["arena", "--per-game"])
case("argument --progress: ignored explicit argument", ["arena", "--progress=1"])

# play
case("argument --continue: ignored explicit argument", ["play", "--continue=1"])
case("argument --demo: ignored explicit argument", ["play", "--demo=yes"])
case("unrecognized arguments: --games", ["play", "--games", "3"])


def _never(*_a, **_k):
    raise AssertionError("a bad command line reached the work it should have stopped")


@pytest.fixture
def stubbed(monkeypatch, tmp_path):
    """No real work: every entry point a bad line must not reach fails the test."""
    import doomlings_desktop.commands.arena as arena
    import doomlings_desktop.commands.bench as bench
    import doomlings_desktop.commands.fuzz as fuzz
    import doomlings_desktop.commands.scenario as scenario
    import doomlings_desktop.commands.selftest as selftest
    import doomlings_desktop.commands.simulate as simulate
    import doomlings_desktop.ui.app as app
    import doomlings_desktop.ui.bench as ui_bench

    for mod, name in ((arena, "run_arena"), (bench, "main"), (ui_bench, "main"),
                      (app, "main"), (selftest, "run"), (simulate, "simulate"),
                      (fuzz, "main")):
        monkeypatch.setattr(mod, name, _never)
    monkeypatch.setattr(scenario, "run_file", lambda db, f: None)
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path / "home"))
    before = cards_module.set_default_database(None)
    yield
    cards_module.set_default_database(before)


def run_cli(argv: list[str], capsys) -> tuple[int, str, str]:
    try:
        rc = cli.main(argv)
    except SystemExit as e:
        rc = e.code
    got = capsys.readouterr()
    return rc, got.out, got.err


def _fill(text: str, tmp_path: Path) -> str:
    return text.format(dir=tmp_path, missing=tmp_path / "no-such-file", devnull=os.devnull,
                       good=ROOT / "tests" / "scenarios" / "traits" / "selfish.yaml")


@pytest.mark.parametrize(("argv", "message"), CASES, ids=[" ".join(a)[:60] for a, _ in CASES])
def test_bad_command_line_is_one_error_line(argv, message, stubbed, tmp_path, capsys):
    argv = [_fill(a, tmp_path) for a in argv]
    rc, out, err = run_cli(argv, capsys)
    assert rc == 2, (argv, rc, err)
    assert "Traceback" not in err + out
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    assert _fill(message, tmp_path) in lines[0], err


def test_cards_on_a_fifo_goes_to_the_card_loader(stubbed, tmp_path, capsys, monkeypatch):
    """Whether a FIFO blocks is the loader's business (it refuses non-regular files); the
    command line must hand it the path and report what it says."""
    fifo = tmp_path / "cards.fifo"
    os.mkfifo(fifo)
    seen = []

    def loader(path=None):
        seen.append(path)
        raise cards_module.CardDatabaseError(str(path), None, None, None,
                                             "cannot read the file: not a regular file")

    monkeypatch.setattr(cards_module, "load_database", loader)
    for cmd in ([], ["play"], ["--selftest"], ["simulate"], ["cards"], ["bench", "engine"],
                ["bench", "ui"], ["arena"]):
        rc, _, err = run_cli([*cmd, "--cards", str(fifo)], capsys)
        assert rc == 2 and err.startswith("error: cannot load the card database"), (cmd, err)
    assert seen and all(p == str(fifo) for p in seen)


def test_cards_on_a_fifo_does_not_hang(tmp_path):
    fifo = tmp_path / "cards.fifo"
    os.mkfifo(fifo)
    r = subprocess.run([sys.executable, "-m", "doomlings_desktop", "cards", "--cards", str(fifo)],
                       capture_output=True, text=True, cwd=ROOT, timeout=30)
    assert r.returncode == 2 and r.stderr.startswith("error: ") and "not a regular" in r.stderr


def test_subprocess_shows_the_line_not_a_traceback(tmp_path):
    """What a user sees: the two reported tracebacks, and a few option groups end to end."""
    env = dict(os.environ, DOOMLINGS_HOME=str(tmp_path), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    for argv, message in ((["arena", "--cards", "MISSING"], "cannot load the card database"),
                          (["bench", "ui", "--frames", "0"], "argument --frames"),
                          (["arena", "--hard-iterations", "-5"], "argument --hard-iterations"),
                          (["--cards", str(tmp_path)], "cannot load the card database")):
        r = subprocess.run([sys.executable, "-m", "doomlings_desktop", *argv], cwd=tmp_path,
                           capture_output=True, text=True, env=env, timeout=60)
        assert r.returncode == 2 and "Traceback" not in r.stderr, (argv, r.stderr)
        assert r.stderr.count("\n") == 1 and r.stderr.startswith("error: "), r.stderr
        assert message in r.stderr


def test_a_bad_scenario_file_fails_alone(tmp_path, capsys):
    """Whatever one scenario file holds, it is that file's one-line failure; the rest run."""
    good = ROOT / "tests" / "scenarios" / "traits" / "selfish.yaml"
    files = {
        "deep.yaml": ("[" * 100_000, "nested too deeply"),
        "binary.yaml": (b"\xff\xfe\x00players: 2", "not UTF-8 text"),
        "broken.yaml": ("players: [1\n", "not valid YAML: line 2"),
        "list.yaml": ("- 1\n- 2\n", "scenario: expected a mapping"),
        "weird.yaml": ("setup: {players: 5}\n", "setup.players: expected a list of seats"),
        "players.yaml": ("players: {a: 1}\n", "players must be 2..6"),
        "empty.yaml": ("", "scenario: expected a mapping"),
    }
    for name, (text, _) in files.items():
        (tmp_path / name).write_bytes(text if isinstance(text, bytes) else text.encode())
    os.mkfifo(tmp_path / "fifo.yaml")
    rc, out, err = run_cli(["scenario", str(tmp_path), str(good), os.devnull], capsys)
    assert rc == 1 and "Traceback" not in out + err and not err, err
    fails = {line.split(":")[0][5:]: line for line in out.splitlines()
             if line.startswith("FAIL ")}
    for name, (_, reason) in files.items():
        assert reason in fails[str(tmp_path / name)], fails
    assert "not a regular file" in fails[str(tmp_path / "fifo.yaml")]
    assert "not a regular file" in fails[os.devnull]
    assert out.splitlines()[-1] == f"1 passed, {len(files) + 2} failed"


def _cards_copy(tmp_path: Path) -> Path:
    """A whole card database of one's own: the base file and the module files its manifest
    names beside it (a base file alone has its modules missing, which --selftest reports)."""
    copy = tmp_path / "my-cards.yaml"
    shutil.copy(ROOT / "cards.yaml", copy)
    shutil.copytree(ROOT / "assets" / "modules", tmp_path / "assets" / "modules")
    return copy


@pytest.mark.parametrize("argv", [[], ["play"], ["play", "--continue"], ["play", "--demo"]])
def test_the_window_plays_with_the_cards_given(argv, stubbed, tmp_path, capsys, monkeypatch):
    import doomlings_desktop.ui.app as app

    copy = _cards_copy(tmp_path)
    seen = []
    monkeypatch.setattr(app, "main", lambda start, seed: seen.append(
        (start, cards_module.default_database().source)) or 0)
    rc, _, err = run_cli([*argv, "--cards", str(copy)], capsys)
    assert rc == 0, err
    start = {"--continue": "continue", "--demo": "demo"}.get(argv[-1] if argv else "")
    assert seen == [(start, str(copy))]


def test_selftest_uses_the_cards_and_cleans_up(tmp_path, capsys, monkeypatch):
    """--selftest checks the --cards database, and leaves no folder behind, also on failure."""
    import tempfile

    from doomlings_desktop.commands import selftest

    copy = _cards_copy(tmp_path)
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path / "mine"))
    before = cards_module.default_database()
    assert cli.main(["--selftest", "--cards", str(copy)]) == 0
    out = capsys.readouterr().out
    assert "ok   card database:" in out
    assert f"from {copy}" in out
    assert list(scratch.iterdir()) == []
    assert cards_module.default_database() is before      # put back afterwards

    def kaboom(state):
        raise RuntimeError("kaboom")

    monkeypatch.setattr(selftest, "check_bot_game", kaboom)
    assert cli.main(["--selftest"]) == 1
    assert "FAIL bot game: RuntimeError: kaboom" in capsys.readouterr().out
    assert list(scratch.iterdir()) == []
    assert not (tmp_path / "mine").exists()


def test_arena_refuses_zero_games_from_code_too():
    from doomlings_desktop.commands.arena import run_arena

    with pytest.raises(ValueError, match="games must be at least 1"):
        run_arena("random", ["random"], 0, 1)


def test_zz_case_count(record_property):
    record_property("robustness", f"command lines: {len(CASES)} bad ones, each one `error:` "
                                  "line")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_output_that_cannot_be_written_is_one_error_line(tmp_path):
    """A file or a stdout that opens but fails on write (/dev/full, a full disk) is one
    error line, exit 1: `arena --per-game /dev/full` and `simulate > /dev/full` printed
    tracebacks, since the failure shows only when the lines are flushed."""
    env = dict(os.environ, DOOMLINGS_HOME=str(tmp_path), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    cases = ((["arena", "--games", "4", "--per-game", "/dev/full"], None, 2,
              "argument --per-game: cannot write /dev/full"),
             (["simulate", "--games", "3"], "/dev/full", 1, "cannot write the output"),
             (["fuzz", "--games", "3"], "/dev/full", 1, "cannot write the output"),
             (["cards", "--check"], "/dev/full", 1, "cannot write the output"))
    for argv, stdout, rc, message in cases:
        with open(stdout or os.devnull, "w") as out:
            r = subprocess.run([sys.executable, "-m", "doomlings_desktop", *argv], cwd=tmp_path,
                               stdout=out, stderr=subprocess.PIPE, text=True, env=env,
                               timeout=120)
        assert "Traceback" not in r.stderr and "Exception" not in r.stderr, (argv, r.stderr)
        assert r.returncode == rc and r.stderr.count("\n") == 1, (argv, r.stderr)
        assert r.stderr.startswith(f"error: {message}: No space left"), (argv, r.stderr)
