"""`doomlings serve --undo POLICY`: the window's host lets its players take back their play
(Settings' "Wait for End turn (Undo)"), and a dedicated server has the same choice, with the
same values and default, for every room it opens: its --room rooms, the rooms players open
with `join --create`, and the rooms it reopens from --state (whose files do not keep the
policy). A plain websocket client on 127.0.0.1 plays the remote seat; every wait is on a
condition with a deadline."""

from __future__ import annotations

import json
import random
import signal

import pytest
from netdriver import Plain, hello
from test_online_cli import Lines, _finish, _free_port, _spawn

from doomlings_desktop import __version__
from doomlings_desktop.net.client import client_digests
from doomlings_desktop.net.protocol import PROTOCOL

ANSWERS = 400           # answers of this seat before giving up on a pause (a bound, not a wait)


def _serve(tmp_path, *args: str) -> tuple[object, str]:
    proc = _spawn(["serve", "--host", "127.0.0.1", *args], tmp_path)
    line = Lines(proc).wait_for(r"serving on ws://127\.0\.0\.1:\d+", timeout=60)[0]
    return proc, line.split()[-3]


def _stop(proc) -> None:
    proc.send_signal(signal.SIGTERM)
    rc, out, err = _finish([proc])[0]
    assert rc == 0 and "Traceback" not in err, (rc, out, err)


def _play(c: Plain, r: random.Random, stop_at_pause: bool) -> dict:
    """Answer this seat's decisions at random until its End turn pause (returned), or, without
    `stop_at_pause`, until ANSWERS answers are given with no pause ever (the last update)."""
    given = 0
    while given < ANSWERS:
        m = c.until("update", timeout=30)
        d = m["decision"]
        if d is None or d["player"] != m["view"]["me"]:
            if m["view"].get("over"):
                break
            continue
        if d["kind"] == "end_turn":
            assert stop_at_pause, "a turn waited for End turn where Undo is not allowed"
            return m
        c.send(json.dumps({"t": "answer", "step": m["step"], "answer": r.choice(d["options"]),
                           "game": m["game"]}))
        given += 1
    assert not stop_at_pause, "no End turn pause came"
    return m


def _undo_honoured(c: Plain, pause: dict) -> None:
    """At the pause the update says Undo may be asked; asked, the play is taken back."""
    assert pause["undo"] is True
    c.send(json.dumps({"t": "undo", "step": pause["step"], "game": pause["game"]}))
    m = c.recv(30)
    assert m["t"] == "update", m
    # taken back: to the play itself, or (the room's deal is random) to the last of the
    # play's questions when an answer after it revealed a card (drawn cards are not undone)
    assert m["step"] < pause["step"] and m["decision"]["player"] == m["view"]["me"]
    if m["decision"]["kind"] == "play":
        assert len(m["view"]["hand"]) > len(pause["view"]["hand"])


def _join(c: Plain, code: str, token: str = "") -> dict:
    c.send(hello(code, token))
    return c.until("welcome", timeout=30)


@pytest.mark.parametrize("policy", [[], ["--undo", "bots"], ["--undo", "always"]])
def test_serve_lets_players_undo_by_default_and_when_told(tmp_path, policy):
    """No --undo is the window's default (bots): Undo is allowed, as at a window's host."""
    server, url = _serve(tmp_path, "--port", "0", "--room", "UNDO", "--seats", "remote,random",
                         *policy)
    try:
        c = Plain(url)
        _join(c, "UNDO")
        _undo_honoured(c, _play(c, random.Random(1), stop_at_pause=True))
        c.close()
    finally:
        _stop(server)


def test_serve_undo_never_refuses_it_and_never_pauses(tmp_path):
    server, url = _serve(tmp_path, "--port", "0", "--room", "NOUNDO", "--seats",
                         "remote,random", "--undo", "never")
    try:
        c = Plain(url)
        _join(c, "NOUNDO")
        m = _play(c, random.Random(2), stop_at_pause=False)
        assert m["undo"] is False
        c.send(json.dumps({"t": "undo", "step": m["step"], "game": m["game"]}))
        refused = c.until("refused", timeout=30)
        assert "does not allow Undo" in refused["reason"]
        c.close()
    finally:
        _stop(server)


def test_rooms_players_open_and_rooms_reopened_from_state_follow_the_policy(tmp_path):
    """A room opened by a player (join --create) under --undo always honours Undo; the server
    stopped and started again on its --state folder reopens that room, and the policy of the
    new command line applies to it (the room's file does not keep one)."""
    state, port = str(tmp_path / "rooms"), _free_port()
    args = ["--port", str(port), "--state", state]
    server, url = _serve(tmp_path, *args, "--open-rooms", "1", "--undo", "always")
    try:
        c = Plain(url)
        c.send(json.dumps({"t": "create", "protocol": PROTOCOL, "program": __version__,
                           "rules": client_digests(), "seats": ["remote", "random"],
                           "name": "Ann"}))
        welcome = c.until("welcome", timeout=30)
        code, token = welcome["room"], welcome["token"]
        r = random.Random(3)
        _undo_honoured(c, _play(c, r, stop_at_pause=True))
        c.close()
    finally:
        _stop(server)
    server, url = _serve(tmp_path, *args, "--undo", "always")
    try:
        c = Plain(url)
        assert _join(c, code, token)["seat"] == welcome["seat"]
        _undo_honoured(c, _play(c, r, stop_at_pause=True))
        c.close()
    finally:
        _stop(server)


def _hint_at_first_choice(c: Plain) -> tuple[dict, dict]:
    """The Welcome, and the reply to a hint asked at this seat's first decision."""
    welcome = c.until("welcome", timeout=30)
    while True:
        m = c.until("update", timeout=30)
        d = m["decision"]
        if d is not None and d["player"] == m["view"]["me"] and d["kind"] != "end_turn":
            break
    c.send(json.dumps({"t": "hint", "step": m["step"], "game": m["game"]}))
    while (got := c.recv(30))["t"] not in ("hint", "refused"):
        pass
    return welcome, got


@pytest.mark.parametrize("policy", [[], ["--hints", "forbid"]])
def test_serve_hints_are_allowed_unless_forbidden(tmp_path, policy):
    """`serve --hints forbid` refuses every hint (and its Welcome says so); with no option the
    server's coach answers."""
    server, url = _serve(tmp_path, "--port", "0", "--room", "HINTS", "--seats",
                         "remote,random", "--undo", "never", *policy)
    try:
        c = Plain(url)
        c.send(hello("HINTS"))
        welcome, got = _hint_at_first_choice(c)
        if policy:
            assert welcome["hints"] is False and got["t"] == "refused"
            assert "does not allow hints" in got["reason"] and got["about"] == "hint"
        else:
            assert welcome["hints"] is True and got["t"] == "hint" and got["why"]
        c.close()
    finally:
        _stop(server)
