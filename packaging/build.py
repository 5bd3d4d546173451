"""Build the standalone Doomlings Desktop: the one-folder bundle and the one-file program.

    python3 tools/run.py build [OPTIONS]       # PyInstaller into .venv/, then this script
    python3 packaging/build.py                 # both, into dist/; prints sizes and glibc
    python3 packaging/build.py --check         # ... then runs each one's --selftest, clean env
    python3 packaging/build.py --measure       # ... and times start-up to the first frame (Xvfb)
    python3 packaging/build.py --onedir        # only the one-folder bundle (what CI builds)

Artifacts (Windows adds .exe; macOS also makes dist/Doomlings.app):
    dist/doomlings/            the one-folder bundle: run dist/doomlings/doomlings
    dist/doomlings-onefile     the one-file program (unpacks itself to a temp folder each start)

Exit status: 0 when everything asked for worked; 1 when a build, a self-test or (with --check)
a size or time target failed. Figures are printed in MB of 1,000,000 bytes.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "packaging" / "doomlings.spec"
NAME = "doomlings"
WINDOWS = sys.platform == "win32"
MACOS = sys.platform == "darwin"
EXE = ".exe" if WINDOWS else ""

# The targets (checked on Linux; on Windows and macOS the figures are only printed).
MAX_ONEDIR_MB = 60
MAX_ONEFILE_MB = 35
MAX_STARTUP_S = 1.0
MAX_SELFTEST_S = 5.0


def project_version() -> str:
    """`version` of [project] in pyproject.toml (what the bundle reports with --version)."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    project = text.split("[project]", 1)[1].split("\n[", 1)[0]
    m = re.search(r'^version\s*=\s*"([^"]+)"', project, re.M)
    if not m:
        raise SystemExit("no version in pyproject.toml [project]")
    return m.group(1)


def onedir_path(dist: Path) -> Path:
    return dist / NAME


def onedir_exe(dist: Path) -> Path:
    """The bundle's program that prints to the console (on Windows the -cli twin)."""
    return dist / NAME / (f"{NAME}-cli.exe" if WINDOWS else NAME)


def onefile_exe(dist: Path) -> Path:
    """The one-file program that prints to the console (on Windows the -cli twin)."""
    return dist / (f"{NAME}-onefile-cli.exe" if WINDOWS else f"{NAME}-onefile")


def size_bytes(path: Path) -> int:
    """A file's size, or the sum over a folder's files (symlinks not followed)."""
    if path.is_file():
        return path.stat().st_size
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def mb(n: int) -> str:
    return f"{n / 1e6:.1f} MB"


# ---------------------------------------------------------------------------- glibc

def _elf_files(path: Path) -> list[Path]:
    files = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
    out = []
    for p in files:
        try:
            with open(p, "rb") as f:
                if f.read(4) == b"\x7fELF":
                    out.append(p)
        except OSError:
            pass
    return out


def _glibc_versions(path: Path) -> set[tuple[int, ...]]:
    """The GLIBC_x.y symbol versions one ELF file needs (objdump -p, else its strings)."""
    text = None
    if shutil.which("objdump"):
        r = subprocess.run(["objdump", "-p", str(path)], capture_output=True, text=True)
        if r.returncode == 0:
            # Only the "Version References" part: what this file needs from others.
            text = r.stdout.split("Version References:", 1)[-1] if \
                "Version References:" in r.stdout else ""
    if text is None:
        text = path.read_bytes().decode("latin-1")
    return {tuple(int(x) for x in v.split(".")) for v in
            re.findall(r"GLIBC_(\d+\.\d+(?:\.\d+)?)(?![\d.])", text)}


def glibc_required(path: Path) -> tuple[str, str] | None:
    """The newest glibc symbol version any ELF file under `path` needs, and that file
    (the oldest glibc the build runs on). None when nothing needs glibc (not Linux)."""
    best: tuple[tuple[int, ...], Path] | None = None
    for f in _elf_files(path):
        vs = _glibc_versions(f)
        if vs and (best is None or max(vs) > best[0]):
            best = (max(vs), f)
    if best is None:
        return None
    return ".".join(map(str, best[0])), str(best[1].relative_to(path) if path.is_dir()
                                            else best[1].name)


# ---------------------------------------------------------------------------- building

def build(kind: str, dist: Path, work: Path, clean: bool = True) -> float:
    """Run PyInstaller on the spec for 'onedir' or 'onefile'; returns the seconds it took."""
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
           "--distpath", str(dist), "--workpath", str(work / kind)]
    if clean:
        cmd.append("--clean")
    cmd.append(str(SPEC))
    if kind == "onefile":
        cmd += ["--", "--onefile"]
    print(f"building the {'one-folder bundle' if kind == 'onedir' else 'one-file program'} "
          f"({' '.join(cmd[1:])})", flush=True)
    t0 = time.perf_counter()
    r = subprocess.run(cmd, cwd=ROOT, env={**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"})
    if r.returncode:
        raise SystemExit(f"PyInstaller failed ({kind}), exit status {r.returncode}")
    return time.perf_counter() - t0


# ---------------------------------------------------------------------------- checking

def clean_env(home: Path, **extra: str) -> dict[str, str]:
    """An environment like `env -i`: no PYTHONPATH, no virtualenv, no DISPLAY, no SDL_*."""
    if WINDOWS:
        keep = ("SYSTEMROOT", "SYSTEMDRIVE", "WINDIR", "COMSPEC", "PATHEXT")
        env = {k: os.environ[k] for k in keep if k in os.environ}
        env["PATH"] = os.path.join(os.environ.get("SYSTEMROOT", r"C:\Windows"), "System32")
        env.update(USERPROFILE=str(home), APPDATA=str(home), LOCALAPPDATA=str(home),
                   TEMP=tempfile.gettempdir(), TMP=tempfile.gettempdir())
    else:
        env = {"PATH": "/usr/bin:/bin", "HOME": str(home)}
    env.update(extra)
    return env


def run_selftest(exe: Path, timeout: float = 120) -> tuple[int, str, float]:
    """Run `exe --selftest` from a fresh folder outside the checkout with a clean environment;
    (exit status, output, seconds)."""
    with tempfile.TemporaryDirectory(prefix="doomlings-check-") as tmp:
        t0 = time.perf_counter()
        r = subprocess.run([str(exe), "--selftest", "--out", tmp], cwd=tmp,
                           env=clean_env(Path(tmp)), capture_output=True, text=True,
                           timeout=timeout)
        dt = time.perf_counter() - t0
    return r.returncode, r.stdout + r.stderr, dt


def run_version(exe: Path) -> str:
    with tempfile.TemporaryDirectory(prefix="doomlings-check-") as tmp:
        r = subprocess.run([str(exe), "--version"], cwd=tmp, env=clean_env(Path(tmp)),
                           capture_output=True, text=True, timeout=60)
    return r.stdout.strip()


class Xvfb:
    """A private X server for timing the real window: `with Xvfb() as display: ...`."""

    def __init__(self) -> None:
        self.proc: subprocess.Popen | None = None
        self.display = ""

    def __enter__(self) -> str:
        for n in range(140, 180):
            if Path(f"/tmp/.X11-unix/X{n}").exists() or Path(f"/tmp/.X{n}-lock").exists():
                continue
            self.proc = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", "1280x720x24",
                                          "-nolisten", "tcp"], stdout=subprocess.DEVNULL,
                                         stderr=subprocess.DEVNULL)
            for _ in range(100):
                if Path(f"/tmp/.X11-unix/X{n}").exists():
                    self.display = f":{n}"
                    time.sleep(0.2)
                    return self.display
                if self.proc.poll() is not None:
                    break
                time.sleep(0.05)
            self.__exit__()
        raise RuntimeError("could not start Xvfb")

    def __exit__(self, *exc: object) -> None:
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
            self.proc = None


def time_first_frame(cmd: list[str], display: str, runs: int = 5) -> list[float]:
    """Seconds from starting the program to its exit right after the first frame
    (DOOMLINGS_EXIT_AFTER_FIRST_FRAME=1) on a real X display; one value per run."""
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory(prefix="doomlings-start-") as tmp:
            env = clean_env(Path(tmp), DISPLAY=display, DOOMLINGS_EXIT_AFTER_FIRST_FRAME="1",
                            DOOMLINGS_HOME=str(Path(tmp) / "home"))
            t0 = time.perf_counter()
            r = subprocess.run(cmd, cwd=tmp, env=env, capture_output=True, text=True,
                               timeout=60)
            times.append(time.perf_counter() - t0)
            if r.returncode:
                raise RuntimeError(f"{cmd[0]} exited {r.returncode}: {r.stderr[-500:]}")
    return times


# ---------------------------------------------------------------------------- main

def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="Build the standalone Doomlings Desktop.")
    only = p.add_mutually_exclusive_group()
    only.add_argument("--onedir", action="store_true", help="only the one-folder bundle")
    only.add_argument("--onefile", action="store_true", help="only the one-file program")
    p.add_argument("--check", action="store_true",
                   help="run each artifact's --selftest from a temp folder with a clean "
                        "environment and check the size and time targets")
    p.add_argument("--measure", action="store_true",
                   help="--check, plus start-up to the first frame under Xvfb (Linux)")
    p.add_argument("--no-build", action="store_true", help="check what is already in --dist")
    p.add_argument("--no-clean", action="store_true", help="reuse PyInstaller's cache")
    p.add_argument("--dist", type=Path, default=ROOT / "dist", help="output (default dist/)")
    p.add_argument("--work", type=Path, default=ROOT / "build" / "pyinstaller",
                   help="PyInstaller's work folder (default build/pyinstaller/)")
    args = p.parse_args(argv)
    args.check = args.check or args.measure
    kinds = ["onedir"] if args.onedir else ["onefile"] if args.onefile else ["onedir", "onefile"]
    dist, work = args.dist.resolve(), args.work.resolve()
    version = project_version()

    if not args.no_build:
        try:
            import PyInstaller  # noqa: F401
        except ImportError:
            print("PyInstaller is not installed: run python3 tools/run.py build (or pip install -e "
                  "'.[package]' in your own Python environment)",
                  file=sys.stderr)
            return 2
        icons = ROOT / "packaging" / "icons"
        if not (icons / "doomlings.ico").exists() or not (ROOT / "assets" / "icon.png").exists():
            subprocess.run([sys.executable, str(ROOT / "packaging" / "make_icon.py")], check=True)
        for kind in kinds:
            secs = build(kind, dist, work, clean=not args.no_clean)
            print(f"  built in {secs:.0f} s", flush=True)

    failures: list[str] = []
    print(f"\nDoomlings Desktop {version}, {sys.platform}, Python {sys.version.split()[0]}")
    artifacts = {"onedir": (onedir_path(dist), onedir_exe(dist), MAX_ONEDIR_MB),
                 "onefile": (onefile_exe(dist), onefile_exe(dist), MAX_ONEFILE_MB)}
    for kind in kinds:
        path, exe, limit = artifacts[kind]
        if not exe.exists():
            print(f"{kind}: {exe} is missing")
            failures.append(f"{kind} missing")
            continue
        size = size_bytes(path)
        label = "one-folder bundle" if kind == "onedir" else "one-file program "
        print(f"{label} {path}: {mb(size)} (target <= {limit} MB)")
        if args.check and not (WINDOWS or MACOS) and size > limit * 1e6:
            failures.append(f"{kind} size {mb(size)} > {limit} MB")
        if kind == "onedir" and sys.platform.startswith("linux"):
            g = glibc_required(path)
            if g:
                print(f"  needs glibc >= {g[0]} (newest GLIBC_ symbol version, in {g[1]})")
        if not args.check:
            continue
        got = run_version(exe)
        print(f"  --version: {got}")
        if version not in got:
            failures.append(f"{kind} --version says {got!r}, pyproject.toml {version}")
        rc, out, secs = run_selftest(exe)
        print("  " + "\n  ".join(out.strip().splitlines()))
        print(f"  --selftest: exit {rc} in {secs:.2f} s, clean environment "
              f"(target <= {MAX_SELFTEST_S:.0f} s)")
        if rc:
            failures.append(f"{kind} --selftest exit {rc}")
        elif secs > MAX_SELFTEST_S and not (WINDOWS or MACOS):
            failures.append(f"{kind} --selftest took {secs:.2f} s")

    if args.measure:
        if not shutil.which("Xvfb"):
            print("start-up: Xvfb not found, not measured")
        else:
            with Xvfb() as display:
                rows = [("from source (python -m doomlings_desktop, for comparison)",
                         [sys.executable, "-m", "doomlings_desktop"], None)]
                for kind in kinds:
                    exe = artifacts[kind][1]
                    if exe.exists():
                        rows.append((kind, [str(exe)],
                                     MAX_STARTUP_S if kind == "onedir" else None))
                for label, cmd, limit in rows:
                    times = time_first_frame(cmd, display)
                    med = statistics.median(times)
                    print(f"start-up to the first frame, {label}: median {med:.2f} s, "
                          f"max {max(times):.2f} s over {len(times)} runs"
                          + (f" (target <= {limit:.0f} s)" if limit else ""))
                    if limit and med > limit:
                        failures.append(f"{label} start-up {med:.2f} s")
    if failures:
        print("\nFAILED: " + "; ".join(failures))
        return 1
    print("\nok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
