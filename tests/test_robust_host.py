"""A hostile host: the messages a joined seat receives are input like a save. The schema
(msgspec) already refuses a message of the wrong shape (tests/test_online.py); these are
messages that fit it and still lie: a card number past the card list or below zero, a seat
past the table, lists that should match and do not, a wait of 1e300 seconds, escape
sequences and newlines for a terminal, names with nothing to show.

Before: the window's table indexed the card list with the host's number and stopped at its
error screen (a negative one drew some other card), `join` waited for ever on a refusal's
retry_after, and the host's words reached the terminal raw. Now each is one sentence, and
the window goes back to its lobby with it."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from uidriver import click, find, key, wait_until
from websockets.sync.server import serve as sync_serve

from doomlings_desktop.names import name_of
from doomlings_desktop.net import protocol as P
from doomlings_desktop.net.wire import update_for
from doomlings_desktop.net.wirecheck import Unreadable, check_update
from doomlings_desktop.rules.cards import available_modules, database_for
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.storage.settings import Settings
from doomlings_desktop.ui import router
from doomlings_desktop.ui.app import App
from doomlings_desktop.ui.scenes.lobby import seat_line
from doomlings_desktop.ui.scenes.online import OnlineScene

ROOT = Path(__file__).resolve().parent.parent
BIG = 10**6
SEATS = 3


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))
    monkeypatch.setattr(OnlineScene, "listen", False)   # nothing announced, nothing heard


def _game() -> tuple[Game, int]:
    """A 3-seat base game a few answers in, and the seat whose decision is pending."""
    g = Game.new(database_for(()), SEATS, seed=3)
    r = random.Random(1)
    for _ in range(6):
        g.apply(r.choice(g.pending.options))
    return g, g.pending.player


def _messages(spoil: Callable[[dict, dict], None]) -> list[str]:
    """A true Welcome and Update for the pending seat, then spoiled by `spoil`."""
    g, seat = _game()
    u = json.loads(P.encode(update_for(g, seat, 0, 0)))
    w = {"t": "welcome", "room": "ABCDEF", "seat": seat, "token": "ab" * 16, "program": "p",
         "modules": [], "seats": [{"kind": "remote", "name": f"P{i}", "taken": True,
                                   "connected": True} for i in range(SEATS)]}
    spoil(w, u)
    return [json.dumps(w), json.dumps(u)]


def _seat0(key_: str, value: object) -> Callable[[dict, dict], None]:
    return lambda w, u: u["view"]["seats"][0].__setitem__(key_, value)


def _view(key_: str, value: object) -> Callable[[dict, dict], None]:
    return lambda w, u: u["view"].__setitem__(key_, value)


def _decision(key_: str, value: object) -> Callable[[dict, dict], None]:
    return lambda w, u: u["decision"].__setitem__(key_, value)


# (what is spoiled, how, words the sentence must hold)
SPOILED: list[tuple[str, Callable[[dict, dict], None], str]] = [
    ("hand", _view("hand", [BIG]), "a card in your hand is not one of this game's cards"),
    ("hand below zero", _view("hand", [-3]), "your hand"),
    ("discard", _view("discard", [10**9]), "discard pile"),
    ("age", _view("age", BIG), "the age"),
    ("meaning", _view("meaning", BIG), "Meaning card"),
    ("eras", _view("eras", [[BIG]]), "an age played"),
    ("catastrophes", _view("catastrophes", [-2]), "a catastrophe"),
    ("revealed", _view("revealed", [BIG]), "a revealed card"),
    ("shown", _view("shown", [BIG]), "a shown card"),
    ("next age", _view("next_age", BIG), "the next age"),
    ("hosts", _view("hosts", {str(BIG): [5]}), "attachment"),
    ("why not", _view("why_not", {str(BIG): "no"}), "cannot be played"),
    ("current", _view("current", 99), "the current player is not one of this table's seats"),
    ("first", _view("first", -1), "the first player"),
    ("waited for", _view("waiting_for", 77), "waited for"),
    ("me", _view("me", 5), "your seat"),
    ("n", _view("n", 7), "number of players"),
    ("deck size", _view("deck_size", -1), "the deck is out of range"),
    ("last colours", _view("last_colors", ["ultraviolet"]), "colour"),
    ("pile", _seat0("pile", [-7]), "seat 1's pile"),
    ("pile past", _seat0("pile", [BIG]), "seat 1's pile"),
    ("open hand", _seat0("hand", [BIG]), "seat 1's hand"),
    ("seat number", _seat0("seat", 40), "seat 1 says it is seat 40"),
    ("hand size", _seat0("hand_size", 10**9), "hand size is out of range"),
    ("gene pool", _seat0("gene_pool", -10**12), "gene pool is out of range"),
    ("colours", _seat0("colors", [["ultraviolet"]]), "a colour the game does not have"),
    ("colours missing", _seat0("colors", []), "do not match"),
    ("worths", _seat0("worths", [None] * 11), "do not match"),
    ("attached", _seat0("attached", [[BIG, BIG]]), "attachment that is not in its pile"),
    ("seats missing", lambda w, u: u["view"]["seats"].pop(), "2 seats for 3 players"),
    ("options", _decision("options", [BIG, -1]), "an answer"),
    ("no options", _decision("options", []), "no answer"),
    ("decision player", _decision("player", 55), "another seat's decision"),
    ("decision kind", _decision("kind", "weird"), "kind of decision"),
    ("decision card", _decision("card", BIG), "the decision"),
    ("sources", _decision("sources", [0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2]), "do not match"),
    ("count", _decision("count", 0), "the number of cards asked"),
]


def test_every_spoil_is_caught_by_the_check():
    """Each spoiled update is refused by the check with its own words (the window and join
    below show them), and the true one passes."""
    g, seat = _game()
    good = update_for(g, seat, 0, 0)
    check_update(good.view, good.decision, len(g.db.cards))
    for what, spoil, words in SPOILED:
        u = P.decode_server(_messages(spoil)[1])
        with pytest.raises(Unreadable) as e:
            check_update(u.view, u.decision, len(g.db.cards))
        assert words in str(e.value), (what, str(e.value))


def test_no_true_update_is_refused():
    """Every update a true server sends passes: every seat after every answer of 24 random
    games, 2-6 seats, half with every module (the check must never stop an honest game)."""
    checked = 0
    for seed in range(24):
        db = database_for(tuple(available_modules()) if seed % 2 else ())
        r = random.Random(seed)
        g = Game.new(db, 2 + seed % 5, seed=seed)
        while True:
            for s in range(g.n):
                u = P.decode_server(P.encode(update_for(g, s, 0, 0)))
                check_update(u.view, u.decision, len(db.cards))
                checked += 1
            if g.pending is None:
                break
            g.apply(r.choice(g.pending.options))
    assert checked > 5000


class _Host:
    """A host on 127.0.0.1 that answers the first message with `messages`, then listens."""

    def __init__(self, messages: list[str]) -> None:
        def handler(ws):
            ws.recv()
            for m in messages:
                ws.send(m)
            try:
                while True:
                    ws.recv(60)
            except Exception:  # noqa: BLE001 - the client hung up (or a minute passed)
                pass

        self.srv = sync_serve(handler, "127.0.0.1", 0)
        self.port = self.srv.socket.getsockname()[1]
        threading.Thread(target=self.srv.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.srv.shutdown()


def _app() -> App:
    s = Settings()
    s.animation = "off"
    app = App(size=(1280, 720), settings=s)
    assert app.driver == "dummy"
    return app


def _type(app: App, field: str, text: str) -> None:
    click(app, find(app.scene, ("field", field)).center)
    key(app, pygame.K_BACKSPACE)       # the field opens selected: this clears it
    for ch in text:
        key(app, ord(ch.lower()) if ch.isalpha() else ord(ch), ch)


def _press(app: App, action: str) -> None:
    r = wait_until(lambda: find(app.scene, ("button", action)), f"the {action} button",
                   pump=app.frame)
    click(app, r.center)


def _join(app: App, port: int):
    """Play online → address and room code typed → Join: the lobby's match."""
    router.go(app, "online")
    app.frame()
    _type(app, "address", f"127.0.0.1:{port}")
    _type(app, "code", "ABCDEF")
    _press(app, "join")
    return app.scene.match


@pytest.mark.parametrize(("what", "spoil", "words"), SPOILED[::3], ids=[x[0] for x in SPOILED[::3]])
def test_the_window_says_a_hostile_table_in_words(what, spoil, words):
    """A spoiled update: the window says in one sentence that the host's table cannot be read
    and goes on; Leave takes it back to Play online (DOOMLINGS_RAISE is set: an exception
    anywhere would fail the test, where a player saw the error screen)."""
    host = _Host(_messages(spoil))
    try:
        app = _app()
        m = _join(app, host.port)
        wait_until(lambda: m.state == "lost", "the refusal", pump=app.frame)
        for _ in range(5):
            app.frame()
        assert "cannot read" in m.problem and words in m.problem and "\n" not in m.problem, \
            m.problem
        assert type(app.scene).__name__ == "LobbyScene"
        _press(app, "leave")
        assert type(app.scene).__name__ == "OnlineScene"
    finally:
        host.close()


NAMES = ["\u200b" * 5000, "\n\x1b[2J" + "x" * 300, "\U000e0041\u2060"]


def test_the_hosts_names_follow_the_name_rule():
    """The host's seat names are cleaned as every name is (names.clean_name): on the lobby's
    rows, at the table and in `join`'s seat; a name with nothing to show is "Player N"."""
    names = NAMES[:SEATS]

    def spoil(w, u):
        for i, s in enumerate(w["seats"]):
            s["name"] = names[i]

    host = _Host(_messages(spoil))
    try:
        app = _app()
        m = _join(app, host.port)
        wait_until(lambda: m.state == "playing", "the table", pump=app.frame)
        for _ in range(5):
            app.frame()
        want = [name_of(n, i) for i, n in enumerate(names)]
        assert want[0] == "Player 1" and want[2] == "Player 3"
        assert want[1] == "[2J" + "x" * 17 and all(n.isprintable() for n in want)
        assert [s.name for s in m.seats] == want
        assert [seat_line(i, s, ())[0] for i, s in enumerate(m.lobby)] == want
    finally:
        host.close()


def _join_cli(port: int, *extra: str, stdin: str = "") -> subprocess.CompletedProcess:
    """`doomlings join` in a real process (a hang is a failure at 60 s, not a stuck run)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "doomlings_desktop", "join",
                           f"127.0.0.1:{port}", "--room", "ABCD", "--give-up", "2", *extra],
                          input=stdin, capture_output=True, text=True, timeout=60, cwd=ROOT,
                          env=env)


@pytest.mark.parametrize("what", ["hand", "options", "seats missing", "worths"])
def test_join_says_a_hostile_table_in_one_line(what):
    spoil = next(s for w, s, _ in SPOILED if w == what)
    host = _Host(_messages(spoil))
    try:
        p = _join_cli(host.port, "--bot", "random")
    finally:
        host.close()
    assert p.returncode == 1 and "Traceback" not in p.stderr, p.stderr
    assert p.stderr.startswith("error: the server sent a table this program cannot read: ")
    assert len(p.stderr.splitlines()) == 1, p.stderr


def test_a_huge_retry_after_is_not_a_wait_for_ever():
    """retry_after 1e300 (a number the schema takes) used to put `join` to sleep for ever: the
    fatal refusal right behind it was never read. Now the wait is at most RETRY_MAX."""
    host = _Host([json.dumps({"t": "refused", "reason": "slow down", "retry_after": 1e300}),
                  json.dumps({"t": "refused", "reason": "Go away.", "fatal": True})])
    try:
        p = _join_cli(host.port, "--bot", "random")
    finally:
        host.close()
    assert p.returncode == 1 and p.stderr == "error: Go away.\n", p.stderr


def test_the_hosts_words_reach_the_terminal_plain():
    """Escape sequences, a bell, newlines and 100,000 characters in the host's words (a
    refusal, a log line, a prompt, an answer, a room code) reach the terminal as plain text,
    each on its one line and cut short: a host cannot clear the screen, retitle the terminal,
    or print a line that looks like the program's own."""
    evil = "\x1b[2J\x1b]0;pwned\x07\nerror: forged line\r" + "A" * 100_000

    def spoil(w, u):
        w["room"] = "ROOM\x1b[31m"
        u["events"] = [["x", evil]]
        u["decision"]["prompt"] = evil
        u["decision"]["kind"] = "color"
        u["decision"]["options"] = [evil[:40], "red"]

    host = _Host(_messages(spoil))
    try:
        p = _join_cli(host.port, "--verbose", stdin="")     # a person's seat: no more input
    finally:
        host.close()
    assert p.returncode == 1 and "Traceback" not in p.stderr, p.stderr
    for text in (p.stdout, p.stderr):
        assert not any(ch != "\n" and not ch.isprintable() for ch in text), repr(text[:300])
        assert "\nerror: forged" not in "\n" + text
        assert max(map(len, text.splitlines() or [""])) <= 1100
    host = _Host([json.dumps({"t": "refused", "reason": evil, "fatal": True})])
    try:
        p = _join_cli(host.port, "--bot", "random")
    finally:
        host.close()
    assert p.returncode == 1 and len(p.stderr.splitlines()) == 1, p.stderr[:300]
    assert "\x1b" not in p.stderr and len(p.stderr) < 700


@pytest.mark.parametrize("spoil", ["flood", "log below zero", "moves below zero"])
def test_a_seat_keeps_no_more_than_a_game_holds(spoil):
    """Updates that each fit the schema but together never end (8,000 log lines a message,
    each following on from the last) stop at what no game holds, as a refusal; a place below
    zero (which cut the log from its end) is refused the same way. Memory stays bounded."""
    from doomlings_desktop.net.client import LOG_MAX, Lost, RemoteSeat

    g, seat_no = _game()
    base = update_for(g, seat_no, 0, 0)
    seat = RemoteSeat("ws://127.0.0.1:1", "ABCD")
    lines = tuple(("x", "y" * 30) for _ in range(8000))
    with pytest.raises(Lost) as e:
        for k in range(LOG_MAX // 8000 + 2):
            if spoil == "flood":
                u = P.Update(0, 0, k * 8000, lines, len(seat.zones), (), base.view,
                             base.decision)
            elif spoil == "log below zero":
                u = P.Update(0, 0, -3, (), 0, (), base.view, base.decision)
            else:
                u = P.Update(0, 0, 0, (), -3, (), base.view, base.decision)
            seat._update(u)
    assert len(seat.log) <= LOG_MAX
    assert ("more than any game holds" if spoil == "flood" else "out of order") in str(e.value)
