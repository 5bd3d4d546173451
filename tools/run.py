#!/usr/bin/env python3
"""Set up and run Doomlings Desktop from a clone, in one command, on any Python 3.10+.

    python3 tools/run.py play [ARGS]     # the game window (`doomlings ARGS`)
    python3 tools/run.py test [ARGS]     # the whole test suite (`pytest ARGS`)
    python3 tools/run.py build [ARGS]    # the standalone program (`packaging/build.py ARGS`)

Why: Debian 12, Ubuntu 23.04 and later refuse `pip install` into the system Python (PEP 668,
"externally-managed-environment"). So everything goes into a virtual environment `.venv/` in
the clone: made the first time, installed into (again only when pyproject.toml or setup.py
change, or a command needs extras not yet there), then the command runs with its Python.
Afterwards `.venv/bin/doomlings` (Windows: `.venv\\Scripts\\doomlings`) starts the game too.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
STAMP = "doomlings-installed.json"      # in VENV: what was installed, from which project files
# command: (the extras it needs, what it runs after the venv's Python, run in the clone?)
COMMANDS: dict[str, tuple[tuple[str, ...], list[str], bool]] = {
    "play": ((), ["-m", "doomlings_desktop"], False),     # --cards FILE: from where you are
    "test": (("test",), ["-m", "pytest"], True),
    "build": (("package",), [str(ROOT / "packaging" / "build.py")], True),
}


class SetupError(Exception):
    """Set-up cannot go on; the message is the one line the user sees."""


def venv_python(venv: Path) -> Path:
    return venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def no_venv_support() -> str | None:
    """Why this Python cannot make a virtual environment, or None. Debian and Ubuntu split
    `ensurepip` (which puts pip into a new environment) off into the python3-venv package;
    without it `python3 -m venv` leaves a half-made environment and a page of advice."""
    missing = [m for m in ("venv", "ensurepip") if importlib.util.find_spec(m) is None]
    if not missing:
        return None
    v = f"{sys.version_info[0]}.{sys.version_info[1]}"
    return (f"this Python {v} cannot make a virtual environment (no {' or '.join(missing)} "
            f"module); install Debian/Ubuntu's package python3-venv (or python{v}-venv) "
            "and run this again")


def project_digest(root: Path) -> str:
    """The files that decide what `pip install` puts into the environment."""
    h = hashlib.sha256()
    for name in ("pyproject.toml", "setup.py"):
        p = root / name
        h.update(name.encode() + b"\0" + (p.read_bytes() if p.exists() else b"") + b"\0")
    return h.hexdigest()


def read_stamp(venv: Path) -> dict:
    try:
        got = json.loads((venv / STAMP).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return got if isinstance(got, dict) else {}


def extras_to_install(stamp: dict, digest: str, wanted: tuple[str, ...]) -> list[str] | None:
    """The extras to (re)install, or None when what is installed already serves: the same
    project files and every wanted extra there. Extras installed before are kept."""
    had = stamp.get("extras", [])
    had = [e for e in had if isinstance(e, str)] if isinstance(had, list) else []
    if stamp.get("digest") == digest and set(wanted) <= set(had):
        return None
    return sorted(set(had) | set(wanted))


def ensure_venv(venv: Path) -> Path:
    """The environment's Python, made first when there is none (or it no longer runs)."""
    py = venv_python(venv)
    if py.exists() and subprocess.run([str(py), "-c", "import pip"],
                                      capture_output=True).returncode == 0:
        return py
    if venv.exists() and not (venv / "pyvenv.cfg").exists():
        raise SetupError(f"{venv} exists but is not a virtual environment; move it away and "
                         "run this again")
    why = no_venv_support()
    if why:
        raise SetupError(why)
    print(f"making a virtual environment in {venv} (once)", flush=True)
    r = subprocess.run([sys.executable, "-m", "venv", "--clear", str(venv)],
                       capture_output=True, text=True)
    if r.returncode != 0 or not py.exists():
        shutil.rmtree(venv, ignore_errors=True)     # a half-made one would only confuse
        last = (r.stderr.strip() or r.stdout.strip() or "no error message").splitlines()[-1]
        raise SetupError(f"python3 -m venv failed: {last}")
    return py


def install(py: Path, root: Path, venv: Path, wanted: tuple[str, ...]) -> None:
    """`pip install -e .[extras]` into the environment, unless that is already done."""
    digest = project_digest(root)
    extras = extras_to_install(read_stamp(venv), digest, wanted)
    if extras is None:
        return
    target = "." + (f"[{','.join(extras)}]" if extras else "")
    print(f"installing Doomlings Desktop{' with ' + ', '.join(extras) if extras else ''} "
          f"into {venv} (a minute the first time)", flush=True)
    r = subprocess.run([str(py), "-m", "pip", "install", "--quiet", "-e", target], cwd=root)
    if r.returncode != 0:
        raise SetupError(f"pip install -e '{target}' failed (exit {r.returncode}); "
                         "its messages are above")
    (venv / STAMP).write_text(json.dumps({"digest": digest, "extras": extras}), encoding="utf-8")


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in COMMANDS:
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 2
    if sys.version_info < (3, 10):  # noqa: UP036 - runs on any python3, before pip checks
        print(f"error: Doomlings Desktop needs Python 3.10 or newer; this is "
              f"{sys.version_info[0]}.{sys.version_info[1]}", file=sys.stderr)
        return 1
    wanted, run, in_clone = COMMANDS[argv[0]]
    py = venv_python(VENV)
    try:
        if not py.exists() or extras_to_install(read_stamp(VENV), project_digest(ROOT),
                                                wanted) is not None:
            py = ensure_venv(VENV)
            install(py, ROOT, VENV, wanted)
    except SetupError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    # As if activated: what the command starts in turn (ruff, doomlings) is the environment's.
    env = dict(os.environ, VIRTUAL_ENV=str(VENV),
               PATH=os.pathsep.join([str(py.parent), os.environ.get("PATH", "")]))
    try:
        return subprocess.run([str(py), *run, *argv[1:]], cwd=ROOT if in_clone else None,
                              env=env).returncode
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
