"""The README's set-up commands: `tools/run.py` makes `.venv/` and runs the game or the tests
there (a system Python under PEP 668 refuses `pip install`), and CI runs the README's test
command itself. Making a real environment needs the package index, so that is checked by hand
in a fresh clone (docs in the commit); here: what CI runs, what the script refuses and when it
installs again."""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _load_run():
    spec = importlib.util.spec_from_file_location("tools_run", ROOT / "tools" / "run.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


run = _load_run()


def readme_setup_commands() -> list[str]:
    """The commands of the README's set-up block, comments cut."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"## Set-up.*?```bash\n(.*?)```", text, re.S)[1]
    return [line.split("#")[0].strip() for line in block.splitlines() if line.split("#")[0].strip()]


def test_ci_runs_the_readmes_test_command_as_written():
    cmds = readme_setup_commands()
    assert len(cmds) == 2
    test_cmd = next(c for c in cmds if "test" in c)
    ci_lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert test_cmd in ci_lines


def _script_copy(tmp_path: Path) -> Path:
    """tools/run.py in a clone of its own (tmp_path), so nothing happens to this checkout."""
    (tmp_path / "tools").mkdir()
    shutil.copy(ROOT / "tools" / "run.py", tmp_path / "tools" / "run.py")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path / "tools" / "run.py"


def _run_without(module: str | None, script: Path, *args: str) -> subprocess.CompletedProcess:
    """The script on this Python, with `module` made unimportable (as Debian's python3 without
    the python3-venv package has no ensurepip)."""
    hide = f"sys.modules[{module!r}] = None; " if module else ""
    code = (f"import runpy, sys; {hide}sys.argv = [{str(script)!r}, *{list(args)!r}]; "
            f"runpy.run_path({str(script)!r}, run_name='__main__')")
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)


def test_no_venv_module_is_one_line_naming_the_package(tmp_path):
    script = _script_copy(tmp_path)
    r = _run_without("ensurepip", script, "play")
    v = f"{sys.version_info[0]}.{sys.version_info[1]}"
    assert r.returncode == 1, r.stdout + r.stderr
    assert r.stderr.splitlines() == [
        f"error: this Python {v} cannot make a virtual environment (no ensurepip module); "
        f"install Debian/Ubuntu's package python3-venv (or python{v}-venv) and run this again"]
    assert not (tmp_path / ".venv").exists()        # no half-made environment left behind


def test_a_dot_venv_that_is_not_an_environment_is_left_alone(tmp_path):
    script = _script_copy(tmp_path)
    (tmp_path / ".venv").mkdir()
    (tmp_path / ".venv" / "notes.txt").write_text("mine")
    r = _run_without(None, script, "test")
    assert r.returncode == 1
    assert r.stderr.startswith("error: ") and "is not a virtual environment" in r.stderr
    assert (tmp_path / ".venv" / "notes.txt").read_text() == "mine"


def test_unknown_command_prints_the_usage():
    r = _run_without(None, ROOT / "tools" / "run.py", "install")
    assert r.returncode == 2 and "tools/run.py play" in r.stderr and "tools/run.py test" in r.stderr


def test_installs_again_only_when_the_project_files_change_or_an_extra_is_missing(tmp_path):
    digest = run.project_digest(ROOT)
    had = {"digest": digest, "extras": ["test"]}
    assert run.extras_to_install(had, digest, ()) is None
    assert run.extras_to_install(had, digest, ("test",)) is None
    assert run.extras_to_install(had, digest, ("package",)) == ["package", "test"]
    assert run.extras_to_install(had, "changed", ()) == ["test"]     # keeps what it had
    assert run.extras_to_install({}, digest, ()) == []
    assert run.extras_to_install({"digest": digest, "extras": "x"}, digest, ("test",)) == ["test"]
    copy = tmp_path / "pyproject.toml"
    shutil.copy(ROOT / "pyproject.toml", copy)
    shutil.copy(ROOT / "setup.py", tmp_path / "setup.py")
    assert run.project_digest(tmp_path) == digest
    copy.write_text(copy.read_text() + "\n# a new dependency\n")
    assert run.project_digest(tmp_path) != digest


def test_readme_says_where_the_files_are_on_linux_and_macos(monkeypatch):
    """The "Your files" table against platformdirs itself (its Windows folders need Windows'
    own API, so that column is checked by hand)."""
    from platformdirs.macos import MacOS
    from platformdirs.unix import Unix

    from doomlings_desktop.storage.settings import APP

    for var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
        monkeypatch.delenv(var, raising=False)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = readme[readme.index("## Your files"):readme.index("## Command line")]
    home = str(Path.home())
    for dirs in (Unix(APP, appauthor=False), MacOS(APP, appauthor=False)):
        for got in (dirs.user_data_dir, dirs.user_config_dir, dirs.user_log_dir):
            assert f"`{got.replace(home, '~', 1)}/`" in table, got
    for sub in ("data/", "config/", "log/"):
        assert f"`DIR/{sub}" in table
