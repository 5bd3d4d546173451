"""The standalone build.

Always (fast): the packaging files are sound — icon sizes, the .desktop file, the version the
spec bakes in, the CI workflow for Windows and macOS.

With DOOMLINGS_TEST_FROZEN=1 (CI sets it): build the one-folder bundle with packaging/build.py
into a temp folder (or use DOOMLINGS_FROZEN_DIST=<dist folder> already built), then run its
--selftest from a temp folder outside the checkout with a clean environment (only PATH and HOME:
no PYTHONPATH, no DISPLAY): exit 0 within 5 s, files found inside the bundle, --version from
pyproject.toml, size within target. DOOMLINGS_TEST_FROZEN=all also builds and checks the
one-file program.
"""

from __future__ import annotations

import ast
import configparser
import importlib.util
import os
import re
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
FROZEN = os.environ.get("DOOMLINGS_TEST_FROZEN", "")
LINUX = sys.platform.startswith("linux")


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


build = _load("doomlings_packaging_build", PACKAGING / "build.py")


def pyproject_version() -> str:
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        return re.search(r'^version = "(.+)"', (ROOT / "pyproject.toml").read_text(), re.M)[1]
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


# ---------------------------------------------------------------------------- always

def test_build_script_reads_the_version_of_pyproject():
    assert build.project_version() == pyproject_version()


def test_spec_bakes_the_version_into_the_bundle():
    spec = (PACKAGING / "doomlings.spec").read_text()
    assert '"pyproject.toml"' in spec and "dist-info" in spec and "Version: {VERSION}" in spec
    assert '(str(ROOT / "cards.yaml"), ".")' in spec and '(str(ROOT / "assets"), "assets")' in spec


def test_bundle_keeps_every_module_the_game_imports():
    """A module left out of the bundle breaks only the frozen program, long after the change."""
    tree = ast.parse((PACKAGING / "doomlings.spec").read_text())
    excludes = next(ast.literal_eval(n.value) for n in tree.body if isinstance(n, ast.Assign)
                    and getattr(n.targets[0], "id", "") == "EXCLUDES")
    imported: dict[str, str] = {}
    for path in (ROOT / "doomlings_desktop").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        # an import the module does without (`try: import numpy / except ImportError:`, the
        # value network's: the bundle leaves numpy out) does not break the frozen program
        optional = {id(n) for t in ast.walk(tree) if isinstance(t, ast.Try)
                    and any(getattr(h.type, "id", "") in ("ImportError", "ModuleNotFoundError")
                            for h in t.handlers)
                    for stmt in t.body for n in ast.walk(stmt)}
        for node in ast.walk(tree):
            if id(node) in optional:
                continue
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module] if isinstance(node, ast.ImportFrom) and node.module
                     and not node.level else [])
            for name in names:
                imported[name] = path.name
    cut = {name: where for name, where in imported.items()
           if any(name == ex or name.startswith(ex + ".") for ex in excludes)}
    assert not cut, f"imported but excluded from the bundle: {cut}"


def test_app_icon_is_our_drawing_at_every_size(tmp_path):
    icon = pygame.image.load(str(ROOT / "assets" / "icon.png"))
    assert icon.get_size() == (256, 256)
    assert icon.get_at((0, 0)).a == 0 and icon.get_at((128, 128)).a == 255   # rounded tile
    for n in (16, 24, 32, 48, 64, 128, 256, 512):
        assert pygame.image.load(str(PACKAGING / "icons" / f"doomlings-{n}.png")).get_size() \
            == (n, n)
    # The files in the tree are what packaging/make_icon.py draws.
    subprocess.run([sys.executable, str(PACKAGING / "make_icon.py"), "--out", str(tmp_path)],
                   check=True, capture_output=True)
    fresh = pygame.image.load(str(tmp_path / "assets" / "icon.png"))
    diff = max(abs(a - b) for x in range(0, 256, 4) for y in range(0, 256, 4)
               for a, b in zip(fresh.get_at((x, y)), icon.get_at((x, y)), strict=True))
    assert diff <= 8


def test_windows_ico_and_macos_icns():
    ico = (PACKAGING / "icons" / "doomlings.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    assert (reserved, kind) == (0, 1) and count == 7
    sizes = []
    for i in range(count):
        w, h, _, _, planes, bits, length, offset = struct.unpack(
            "<BBBBHHII", ico[6 + 16 * i: 22 + 16 * i])
        assert ico[offset:offset + 8] == b"\x89PNG\r\n\x1a\n" and offset + length <= len(ico)
        sizes.append(w or 256)
    assert sorted(sizes) == [16, 24, 32, 48, 64, 128, 256]
    icns = (PACKAGING / "icons" / "doomlings.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    kinds, at = [], 8
    while at < len(icns):
        kinds.append(icns[at:at + 4])
        at += struct.unpack(">I", icns[at + 4:at + 8])[0]
    assert at == len(icns) and {b"ic07", b"ic08", b"ic09", b"ic10"} <= set(kinds)


def test_linux_desktop_file():
    path = PACKAGING / "doomlings-desktop.desktop"
    cp = configparser.ConfigParser(interpolation=None)
    cp.optionxform = str
    cp.read(path, encoding="utf-8")
    e = cp["Desktop Entry"]
    assert e["Type"] == "Application" and e["Name"] == "Doomlings Desktop"
    assert e["Exec"] == "doomlings" and e["Icon"] == "doomlings-desktop"
    assert e["Terminal"] == "false" and "Game;" in e["Categories"]
    if shutil.which("desktop-file-validate"):
        r = subprocess.run(["desktop-file-validate", str(path)], capture_output=True, text=True)
        assert r.returncode == 0, r.stdout + r.stderr


def test_ci_workflow_builds_on_windows_and_macos_too():
    wf = yaml.safe_load((ROOT / ".github" / "workflows" / "build.yml").read_text())
    oses = [m["os"] for m in wf["jobs"]["bundle"]["strategy"]["matrix"]["include"]]
    assert any(o.startswith("ubuntu") for o in oses)
    assert any(o.startswith("windows") for o in oses)
    assert any(o.startswith("macos") for o in oses)
    runs = " ".join(s.get("run", "") for s in wf["jobs"]["bundle"]["steps"])
    assert "packaging/build.py --check" in runs and "pip install" in runs


@pytest.mark.skipif(not LINUX, reason="glibc is Linux's")
def test_glibc_requirement_is_read_from_elf_files():
    libpython = Path(sys.executable).resolve()
    got = build.glibc_required(libpython)
    assert got is not None and re.fullmatch(r"2\.\d+(\.\d+)?", got[0])


# ---------------------------------------------------------------------------- frozen

frozen = pytest.mark.skipif(not FROZEN or FROZEN == "0",
                            reason="set DOOMLINGS_TEST_FROZEN=1 to build and test the bundle")


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> Path:
    given = os.environ.get("DOOMLINGS_FROZEN_DIST")
    if given:
        return Path(given).resolve()
    pytest.importorskip("PyInstaller", reason="pip install -e '.[package]'")
    out = tmp_path_factory.mktemp("dist")
    work = tmp_path_factory.mktemp("work")
    kinds = ["--onedir"] if FROZEN != "all" else []
    r = subprocess.run([sys.executable, str(PACKAGING / "build.py"), *kinds, "--dist", str(out),
                        "--work", str(work)], capture_output=True, text=True, timeout=1800)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    print(r.stdout)
    return out


def check_selftest(exe: Path, form: str, inside: Path | None) -> None:
    rc, out, secs = build.run_selftest(exe)
    print(out, f"--selftest took {secs:.2f} s")
    assert rc == 0, out
    assert f"self-test ({form};" in out
    from doomlings_desktop.commands.selftest import _runner

    checks = len(_runner(Path(".")))            # every check the self-test has, passed
    assert len(re.findall(r"^ok   ", out, re.M)) == checks and "self-test passed" in out
    # The data came from inside the bundle (one-file: its unpacked _MEI folder), not the checkout.
    where = Path(re.search(r"^ok   bundled files: .* in (.+) \[", out, re.M)[1]).resolve()
    if inside is not None:
        assert where.is_relative_to(inside.resolve()), where
    else:
        assert where.name.startswith("_MEI") and not where.is_relative_to(ROOT.resolve()), where
    if LINUX:
        assert secs <= build.MAX_SELFTEST_S


@frozen
def test_frozen_bundle_selftest_outside_the_checkout_clean_env(dist):
    check_selftest(build.onedir_exe(dist), "frozen one-folder", inside=build.onedir_path(dist))


@frozen
def test_frozen_bundle_version_is_pyprojects(dist):
    assert build.run_version(build.onedir_exe(dist)) == f"Doomlings Desktop {pyproject_version()}"


@frozen
def test_frozen_bundle_runs_the_command_line_tools(dist, tmp_path):
    """simulate and a two-process arena (worker processes are the frozen program itself)."""
    exe, env = str(build.onedir_exe(dist)), build.clean_env(tmp_path)
    for args, expect in ((["simulate", "--games", "20", "--players", "3"], "games/s"),
                         (["arena", "--hero", "medium", "--opponents", "random", "--games", "4",
                           "--jobs", "2", "--json"], '"win_share"')):
        r = subprocess.run([exe, *args], cwd=tmp_path, env=env, capture_output=True, text=True,
                           timeout=300)
        assert r.returncode == 0 and expect in r.stdout, r.stdout[-2000:] + r.stderr[-2000:]


@frozen
def test_frozen_bundle_size_and_glibc(dist):
    size = build.size_bytes(build.onedir_path(dist))
    print(f"one-folder bundle: {size / 1e6:.1f} MB")
    if LINUX:
        assert size <= build.MAX_ONEDIR_MB * 1e6
        need = build.glibc_required(build.onedir_path(dist))
        have = os.confstr("CS_GNU_LIBC_VERSION").split()[-1]
        print(f"needs glibc >= {need[0]} ({need[1]}); this machine has {have}")
        as_tuple = lambda v: tuple(int(x) for x in v.split("."))   # noqa: E731
        assert as_tuple(need[0]) <= as_tuple(have)


@frozen
@pytest.mark.skipif(not LINUX, reason="the .desktop installer is for Linux")
def test_frozen_bundle_installs_for_one_user(dist, tmp_path):
    bundle = build.onedir_path(dist)
    assert (bundle / "doomlings-desktop.desktop").exists() and (bundle / "install.sh").exists()
    prefix = tmp_path / "prefix"
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "PREFIX": str(prefix)}
    subprocess.run(["sh", str(bundle / "install.sh")], env=env, check=True, capture_output=True)
    entry = (prefix / "share" / "applications" / "doomlings-desktop.desktop").read_text()
    exe = prefix / "lib" / "doomlings-desktop" / "doomlings"
    assert f"Exec={exe}\n" in entry
    assert (prefix / "share/icons/hicolor/256x256/apps/doomlings-desktop.png").exists()
    r = subprocess.run([str(prefix / "bin" / "doomlings"), "--version"], env=env,
                       capture_output=True, text=True)
    assert r.stdout.strip() == f"Doomlings Desktop {pyproject_version()}"
    subprocess.run(["sh", str(prefix / "lib/doomlings-desktop/install.sh"), "--uninstall"],
                   env=env, check=True, capture_output=True)
    assert not exe.exists() and not (prefix / "bin" / "doomlings").exists()


@frozen
@pytest.mark.skipif(FROZEN != "all", reason="DOOMLINGS_TEST_FROZEN=all also checks one-file")
def test_frozen_onefile_selftest_and_size(dist):
    exe = build.onefile_exe(dist)
    check_selftest(exe, "frozen one-file", inside=None)
    if LINUX:
        assert exe.stat().st_size <= build.MAX_ONEFILE_MB * 1e6
