"""Finding games on the local network: `serve --announce` and `doomlings find`, run inside a
network namespace of the test's own (`unshare -n`), whose only network is its loopback with
multicast on, so no announcement leaves it. Skipped where a namespace cannot be made."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = r"""
import re, subprocess, sys
for cmd in (["ip", "link", "set", "lo", "up"], ["ip", "link", "set", "lo", "multicast", "on"],
            ["ip", "route", "add", "224.0.0.0/4", "dev", "lo"]):
    subprocess.run(cmd, check=True)
py = [sys.executable, "-m", "doomlings_desktop"]
serve = subprocess.Popen(py + ["serve", "--port", "0", "--room", "LAN-ONE", "--seats",
                               "remote,remote", "--announce"], stdout=subprocess.PIPE, text=True)
line = serve.stdout.readline()                  # it listens and has announced itself
port = re.search(r":(\d+) ", line).group(1)
found = subprocess.run(py + ["find", "--interface", "127.0.0.1", "--seconds", "2"],
                       capture_output=True, text=True, timeout=60)
print("FIND", found.returncode, found.stdout.strip(), found.stderr.strip())
print("PORT", port)
serve.terminate()
print("SERVE", serve.wait(30))
"""


def _namespace_works() -> bool:
    if not (shutil.which("unshare") and shutil.which("ip")) or os.geteuid() != 0:
        return False
    try:
        return subprocess.run(["unshare", "-n", "true"], timeout=20).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


@pytest.mark.skipif(not _namespace_works(), reason="no network namespace can be made here")
def test_a_server_announced_on_the_local_network_is_found(tmp_path):
    env = dict(os.environ, DOOMLINGS_HOME=str(tmp_path))
    got = subprocess.run(["unshare", "-n", sys.executable, "-c", SCRIPT], capture_output=True,
                         text=True, cwd=ROOT, env=env, timeout=120)
    assert got.returncode == 0 and "Traceback" not in got.stderr, got.stderr
    port = next(x.split()[1] for x in got.stdout.splitlines() if x.startswith("PORT"))
    find = next(x for x in got.stdout.splitlines() if x.startswith("FIND"))
    assert find.startswith("FIND 0 ") and f"ws://127.0.0.1:{port}  rooms: LAN-ONE  (" in find
    assert "SERVE 0" in got.stdout


def test_without_zeroconf_find_and_announce_say_so(capsys, monkeypatch):
    from test_robust_cli import run_cli

    monkeypatch.setitem(sys.modules, "zeroconf", None)
    for argv in (["find"], ["serve", "--announce"]):
        rc, out, err = run_cli(argv, capsys)
        assert rc == 1 and err.startswith("error: finding games on the local network needs "
                                          "the zeroconf library"), err
