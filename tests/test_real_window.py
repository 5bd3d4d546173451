"""The real program in a real X window (Xvfb), driven with xdotool drags and clicks.

CI installs xvfb, xdotool and imagemagick and sets DOOMLINGS_REQUIRE_XVFB=1, so there this
test cannot be skipped. Screenshots go to $DOOMLINGS_SHOTS (default: the test's tmp folder).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from uidriver import wait_until

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ("Xvfb", "xdotool", "import")

if not all(shutil.which(t) for t in TOOLS):
    if os.environ.get("DOOMLINGS_REQUIRE_XVFB"):
        raise RuntimeError("the real-window test needs: apt-get install -y xvfb xdotool imagemagick")
    pytest.skip("xvfb, xdotool or imagemagick is not installed", allow_module_level=True)


class Session:
    def __init__(self, tmp: Path, display: str) -> None:
        self.tmp = tmp
        self.display = display
        self.state_file = tmp / "state.json"
        self.shots = Path(os.environ.get("DOOMLINGS_SHOTS", tmp))
        self.shots.mkdir(parents=True, exist_ok=True)
        self.last_click = 0.0

    def env(self) -> dict:
        env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER",)}
        env.update(DISPLAY=self.display, SDL_AUDIODRIVER="dummy", DOOMLINGS_HOME=str(self.tmp),
                   DOOMLINGS_TEST_STATE=str(self.state_file))
        return env

    def xdo(self, *args: str) -> str:
        return subprocess.run(["xdotool", *args], env=self.env(), capture_output=True, text=True,
                              timeout=20).stdout.strip()

    def state(self, want=lambda s: True) -> dict:
        seen: dict = {}

        def read() -> dict | None:
            try:
                seen["last"] = json.loads(self.state_file.read_text())
            except (OSError, ValueError):
                return None
            return seen["last"] if want(seen["last"]) else None
        try:
            return wait_until(read, "the window's state", idle_s=0.02)
        except AssertionError as e:
            last = seen.get("last")
            raise AssertionError(f"{e}; last state: "
                                 f"{last and {k: last[k] for k in ('scene', 'answers', 'pending')}}"
                                 ) from None

    def later(self, st: dict) -> dict:
        """The state once the window has drawn two more frames than `st`: an input sent before
        has been taken in (it is read at the start of a frame)."""
        return self.state(lambda now: now["frame"] >= st["frame"] + 2)

    def target(self, st: dict, action) -> tuple[int, int]:
        """Where `action` is on screen once it has settled.

        A card still flying (a fresh draw, a hand closing up) is a target at its passing place;
        a click there lands on the table, so wait until two frames put it in the same place.
        """
        def find(state):
            for rect, a in reversed(state["targets"]):
                if a == action:
                    return rect[0] + rect[2] // 2, rect[1] + rect[3] // 2
            return None
        seen: dict = {"frame": st["frame"], "pos": find(st)}

        def settled(state):
            pos = find(state)
            if state["frame"] == seen["frame"]:
                return False
            still = pos is not None and pos == seen["pos"]
            seen.update(frame=state["frame"], pos=pos)
            return still
        self.state(settled)
        return seen["pos"]

    def click(self, x: int, y: int) -> None:
        # A click soon after one that answered, at the same spot, is the second half of a
        # double-click and answers nothing (input.DOUBLE_CLICK): End turn, then the next
        # turn's Skip button where End turn was, a bot's quick move between them. This pause
        # paces the input like a person; it waits for nothing and asserts nothing.
        pace = threading.Event()
        pace.wait(max(0.0, self.last_click + 0.5 - time.monotonic()))
        self.xdo("mousemove", "--window", self.wid, str(x), str(y))
        self.later(self.state())         # the pointer is over the spot before the press
        self.xdo("click", "1")
        self.last_click = time.monotonic()

    def drag(self, a: tuple[int, int], b: tuple[int, int]) -> None:
        self.xdo("mousemove", "--window", self.wid, str(a[0]), str(a[1]))
        self.xdo("mousedown", "1")
        for k in range(1, 6):
            x = a[0] + (b[0] - a[0]) * k // 5
            y = a[1] + (b[1] - a[1]) * k // 5
            self.xdo("mousemove", "--window", self.wid, str(x), str(y))
            self.later(self.state())     # each step of the drag seen by a frame
        self.xdo("mouseup", "1")

    def shot(self, name: str) -> Path:
        p = self.shots / f"{name}.png"
        subprocess.run(["import", "-window", "root", "-display", self.display, str(p)],
                       check=True, timeout=20)
        return p


@pytest.fixture
def xsession(tmp_path):
    display = f":{90 + os.getpid() % 9}"
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    socket = Path("/tmp/.X11-unix") / f"X{display[1:]}"
    wait_until(lambda: socket.exists() or xvfb.poll() is not None, "the X server's start")
    s = Session(tmp_path, display)
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.json").write_text(json.dumps(
        {"window": [1280, 720], "bot_pace": 0.2, "animation": "fast"}))
    app = subprocess.Popen([sys.executable, "-m", "doomlings_desktop"], env=s.env(), cwd=tmp_path,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    s.app = app
    try:
        yield s
    finally:
        app.terminate()
        try:
            out, _ = app.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            app.kill()
            out = ""
        xvfb.terminate()
        xvfb.wait(timeout=10)
        assert "Traceback" not in (out or ""), out


def test_play_moves_in_a_real_window(xsession):
    s = xsession
    st = s.state(lambda st: st["scene"] == "MenuScene")
    assert st["driver"] == "x11", st["driver"]
    found = s.xdo("search", "--sync", "--pid", str(s.app.pid)).split()
    assert found, "no X window for the program"
    s.wid = found[-1]
    s.shot("real-menu")
    s.click(*s.target(st, ["button", "new"]))
    st = s.state(lambda st: st["scene"] == "NewGameScene")
    s.click(*s.target(st, ["button", "fewer"]))
    s.click(*s.target(s.later(s.state()), ["button", "fewer"]))
    s.click(*s.target(s.later(s.state()), ["button", ["kind", 1]]))
    s.click(*s.target(s.later(s.state()), ["button", "start"]))
    st = s.state(lambda st: st["scene"] == "TableScene" and st["pending"]
                 and st["pending"]["player"] == 0 and st["pending"]["kind"] == "play")
    s.shot("real-table")
    moves = 0
    for _ in range(30):                  # questions answered on the way to three moves
        if moves >= 3:
            break
        st = s.state(lambda st: st["over"] or (st["pending"] and st["pending"]["player"] == 0))
        if st["over"]:
            break
        p = st["pending"]
        before = st["answers"]
        if p["kind"] == "play" and p["zone"] == "hand":
            card = next(o for o in p["options"] if o != "pass")
            pile = s.target(st, ["panel", 0])
            s.drag(s.target(st, ["hand", card]), pile)
            moves += 1
        elif p["count"] > 1:     # several cards at once: click them, then confirm
            for c in [o for o in p["options"] if o != "pass"][:p["count"]]:
                s.click(*s.target(s.state(), ["hand", c]))
            s.click(*s.target(s.state(), ["button", "confirm"]))
        else:     # another decision: a direct answer button (End turn too), or pick and confirm
            answers = [a for _, a in st["targets"] if a[0] == "button" and a[1][0] == "answer"]
            if answers:
                s.click(*s.target(st, answers[0]))
            else:
                opt = p["options"][0]
                hit = next(a for _, a in reversed(st["targets"])
                           if (a[0] == "panel" and p["kind"] == "player" and a[1] == opt)
                           or (a[0] in ("hand", "overlay_card") and a[1] == opt)
                           or (a[0] == "strip" and a[2] == opt))
                s.click(*s.target(st, hit))
                s.click(*s.target(s.state(), ["button", "confirm"]))   # enabled once picked
        # answered: a move more, or (End turn is no move) another question
        s.state(lambda st, b=before, p=p: st["answers"] > b or st["pending"] != p)
    s.shot("real-after-moves")
    assert moves >= 1
    st = s.state()
    assert st["answers"] >= moves
