"""Two real program windows under Xvfb, each a process with its own DOOMLINGS_HOME, driven
with xdotool: one hosts (New game → Play online → Host, this computer only), the other joins
by typing the address and room code, the host starts from the lobby, and the two play a game
with an Easy bot to its end by mouse; then each has kept the game (Load game, Statistics).

CI installs xvfb, xdotool and imagemagick and sets DOOMLINGS_REQUIRE_XVFB=1, so there this
test cannot be skipped. It listens on 127.0.0.1 only and announces nothing (DOOMLINGS_FIND=0).
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
        raise RuntimeError("the two-window test needs: apt-get install -y xvfb xdotool imagemagick")
    pytest.skip("xvfb, xdotool or imagemagick is not installed", allow_module_level=True)

GAME_DEADLINE_S = 600.0     # a hang guard, not a speed bound: the game ends far sooner


class Window:
    """One program: its process, its X window, its state file; clicks and keys by xdotool
    (its window raised first: the two windows lie on top of each other)."""

    def __init__(self, tmp: Path, display: str, name: str) -> None:
        self.home = tmp / name
        (self.home / "config").mkdir(parents=True)
        (self.home / "config" / "settings.json").write_text(json.dumps(
            {"window": [1280, 720], "bot_pace": 0.0, "animation": "off", "seat_count": 3,
             "seats": ["human", "human", "easy", "easy", "easy", "easy"],
             "player_names": [name.capitalize(), "B", "C", "D", "E", "F"],
             "hold_end_turn": "never"}))
        self.display = display
        self.state_file = self.home / "state.json"
        self.last_click = 0.0
        env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
        env.update(DISPLAY=display, SDL_AUDIODRIVER="dummy", DOOMLINGS_HOME=str(self.home),
                   DOOMLINGS_TEST_STATE=str(self.state_file), DOOMLINGS_FIND="0",
                   PYTHONPATH=os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")]))
        self.env = env
        self.proc = subprocess.Popen([sys.executable, "-m", "doomlings_desktop"], env=env,
                                     cwd=self.home, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True)
        self.state(lambda st: st["scene"] == "MenuScene")
        self.wid = wait_until(lambda: self.xdo("search", "--pid", str(self.proc.pid)).split(),
                              "the window")[-1]

    def xdo(self, *args: str) -> str:
        return subprocess.run(["xdotool", *args], env=self.env, capture_output=True,
                              text=True, timeout=20).stdout.strip()

    def state(self, want=lambda s: True, deadline_s: float | None = None) -> dict:
        seen: dict = {}

        def read():
            try:
                st = seen["last"] = json.loads(self.state_file.read_text())
            except (OSError, ValueError):
                return None
            return st if want(st) else None
        try:
            more = {} if deadline_s is None else {"deadline_s": deadline_s}
            return wait_until(read, f"{self.home.name}'s window state", idle_s=0.02, **more)
        except AssertionError as e:
            last = seen.get("last") or {}
            keys = ("scene", "answers", "pending", "online")
            raise AssertionError(f"{e}; last state: {[last.get(k) for k in keys]}") from None

    def target(self, action, want=lambda s: True) -> tuple[int, int] | None:
        """Where `action` is, once shown; None if `want` stops holding first (the decision
        it was for was answered)."""
        def find(st):
            for rect, a in reversed(st["targets"]):
                if a == action:
                    return rect[0] + rect[2] // 2, rect[1] + rect[3] // 2
            return None
        st = self.state(lambda s: not want(s) or find(s) is not None)
        return find(st) if want(st) else None

    def click(self, action, want=lambda s: True) -> bool:
        """Click `action` once it is shown (False: `want` stopped holding first)."""
        at = self.target(action, want)
        if at is None:
            return False
        # a click soon after one that answered, at the same spot, is a double-click's second
        # half (input.DOUBLE_CLICK): this pause paces the input like a person; it waits for
        # nothing and asserts nothing
        threading.Event().wait(max(0.0, self.last_click + 0.45 - time.monotonic()))
        self.front()
        before = self.state()["frame"]
        for dx in (1, 0):       # a move for certain (the pointer may rest there already)
            self.xdo("mousemove", "--window", self.wid, str(at[0] + dx), str(at[1]))
        self.state(lambda st: st["frame"] > before)      # the pointer is there before the press
        before = self.state()["frame"]
        self.xdo("click", "1")
        self.last_click = time.monotonic()
        self.state(lambda st: st["frame"] > before)      # the click taken in
        return True

    def go(self, action, scene: str) -> None:
        """Click `action` until the window shows `scene`. The two windows lie on top of each
        other: a click made while this one is still being raised can land on the other (once
        the guest's New game click did, and every step after it was skipped)."""
        for _ in range(4):
            self.click(action, lambda s: s["scene"] != scene)
            try:
                self.state(lambda s: s["scene"] == scene, deadline_s=10)
                return
            except AssertionError:
                continue
        self.state(lambda s: s["scene"] == scene)       # says where the window is instead

    def front(self) -> None:
        """The window on top, with the keyboard: the two windows lie on top of each other."""
        self.xdo("windowraise", self.wid)
        self.xdo("windowfocus", self.wid)

    def type(self, text: str) -> None:
        self.front()
        self.xdo("type", "--delay", "30", text)

    def close(self) -> str:
        self.proc.terminate()
        try:
            out, _ = self.proc.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            out, _ = self.proc.communicate()
        return out or ""


@pytest.fixture
def display():
    name = f":{70 + os.getpid() % 19}"
    xvfb = subprocess.Popen(["Xvfb", name, "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    socket = Path("/tmp/.X11-unix") / f"X{name[1:]}"
    wait_until(lambda: socket.exists() or xvfb.poll() is not None, "the X server's start")
    try:
        yield name
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)


def answer(w: Window, st: dict) -> None:
    """Answer this window's pending decision by mouse: a hand card onto its own panel, the
    cards of a choice of several, an answer button, or a card or player and Confirm."""
    p = st["pending"]
    me = st["online"]["me"]
    opts = [o for o in p["options"] if o != "pass"]

    def now(s: dict) -> bool:       # still this decision (not answered yet)
        return s["pending"] == p
    answers = [a for _, a in st["targets"] if a[0] == "button" and a[1][0] == "answer"]
    if p["kind"] == "play" and p["zone"] == "hand" and opts:
        if w.click(["hand", opts[0]], now):
            w.click(["panel", me], now)
    elif p["count"] > 1 and opts:
        # each card clicked until the window says it is picked (a click that did not take,
        # under a card still rising from the last one, is made again), then Confirm
        for c in opts[:p["count"]]:
            for _ in range(3):
                if not now(w.state()) or c in w.state()["picked"]:
                    break
                w.click(["hand", c], now)       # waits for the frame that took it in
        if now(w.state()) and len(w.state()["picked"]) >= p["count"]:
            w.click(["button", "confirm"], now)
    elif answers:
        w.click(answers[0], now)
    elif p["kind"] == "player":         # the player's button, then Confirm
        if w.click(["button", ["select_player", p["options"][0]]], now):
            w.click(["button", "confirm"], now)
    else:
        opt = p["options"][0]
        hit = next((a for _, a in reversed(st["targets"])
                    if (a[0] == "panel" and p["kind"] == "player" and a[1] == opt)
                    or (a[0] in ("hand", "overlay_card") and a[1] == opt)
                    or (a[0] == "strip" and a[2] == opt)), None)
        if hit is None:
            return          # not on screen yet: the next look finds it
        if w.click(hit, now):
            w.click(["button", "confirm"], now)


def test_two_windows_host_join_and_play_a_game(tmp_path, display):
    host = Window(tmp_path, display, "ann")
    guest = Window(tmp_path, display, "ben")
    outs = []
    try:
        host.go(["button", "new"], "NewGameScene")
        host.go(["button", "online"], "OnlineScene")
        # "This computer only" (127.0.0.1) is the last place offered
        for _ in range(10):
            st = host.state(lambda s: s["scene"] == "OnlineScene" and any(
                a[0] == "button" and a[1][0] == "place"
                for _, a in s["targets"]))
            here = next(a for _, a in st["targets"] if a[0] == "button" and a[1][0] == "place")
            if here[1][1] == "127.0.0.1":
                break
            host.click(here)
            host.state(lambda s, h=here: not any(a == h for _, a in s["targets"]))
        host.click(["field", "port"])
        host.type("0")          # over the port shown (a field opens selected): any free one
        host.click(["button", "host"])
        st = host.state(lambda s: s["scene"] == "LobbyScene" and s["online"]["state"] == "lobby")
        room, port = st["online"]["room"], st["online"]["port"]
        guest.go(["button", "new"], "NewGameScene")
        guest.go(["button", "online"], "OnlineScene")
        guest.click(["field", "address"], lambda s: s["scene"] == "OnlineScene")
        guest.type(f"127.0.0.1:{port}")
        guest.click(["field", "code"])
        guest.type(room)
        guest.click(["button", "join"])
        guest.state(lambda s: s["scene"] == "LobbyScene" and s["online"]["state"] == "lobby")
        host.click(["button", "start"], lambda s: s["scene"] == "LobbyScene")
        for w in (host, guest):
            w.state(lambda s: s["scene"] == "OnlineTableScene")
        subprocess.run(["import", "-window", "root", "-display", display,
                        str(tmp_path / "online-table.png")], check=True, timeout=20)
        end = time.monotonic() + GAME_DEADLINE_S
        while True:
            assert time.monotonic() < end, "the two windows' game did not end"
            mine = None
            for w in (host, guest):
                st = w.state()
                if st["over"]:
                    continue
                p = st["pending"]
                if p and p["player"] == st["online"]["me"] and p["kind"] != "wait":
                    mine = (w, st)
                    break
            if all(w.state()["over"] for w in (host, guest)):
                break
            if mine is None:
                # neither decides: wait until one of them does, or the game ends
                wait_until(lambda: any(
                    (s := w.state())["over"] or (s["pending"] and s["pending"]["kind"] != "wait"
                                                 and s["pending"]["player"] == s["online"]["me"])
                    for w in (host, guest)), "a decision for a window")
                continue
            answer(*mine)
        for w in (host, guest):
            w.state(lambda s: s["online"]["kept"])     # the game kept in each home
            assert any(w.home.rglob("last game.json"))
    except BaseException:
        subprocess.run(["import", "-window", "root", "-display", display,
                        str(tmp_path / "online-failed.png")], timeout=20)
        raise
    finally:
        outs = [w.close() for w in (host, guest)]
        for w, out in zip((host, guest), outs, strict=True):
            (w.home / "output.txt").write_text(out)
    for out in outs:
        assert "Traceback" not in out, out
