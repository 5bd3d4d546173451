"""The coach's hint at an online table: the host thinks for the seat (net/hints.py) and sends
the hint a local Match would give that seat; every hint message is hostile input (wrong seat,
step or game, repeated, a flood: a sentence back, the room unchanged); the window's Hint
button waits for it as a local table waits for its coach, and falls back to a view-only choice
only where the host refuses or the connection is down. On 127.0.0.1; every wait is on a
condition with a deadline."""

from __future__ import annotations

import json
import random
import threading

import pytest
from netdriver import Plain, hello, start_server, stop_server
from uidriver import wait_until

from doomlings_desktop.commands import hintscan
from doomlings_desktop.net import hints as H
from doomlings_desktop.net import protocol as P
from doomlings_desktop.net.hints import HintPolicy
from doomlings_desktop.net.room import Refusal, Room
from doomlings_desktop.net.session import RemoteMatch
from doomlings_desktop.play.coach import Coach
from doomlings_desktop.play.match import Match, Seat

ITER = 24       # the coach's search in simulations, not seconds: the same hint on any machine
POLICY = HintPolicy(budget=None, iterations=ITER)


def _pending(st, code: str) -> tuple[int, int, list]:
    def look():
        room = st.server.rooms[code]
        g = room.game
        return g.pending.player, room.step, list(g.pending.options)
    return st.call(look)


def _seats(st, code: str, count: int) -> tuple[list[Plain], list[str]]:
    conns, tokens = [], []
    for _ in range(count):
        c = Plain(st.url)
        c.send(hello(code))
        tokens.append(c.until("welcome")["token"])
        conns.append(c)
    for c in conns:
        c.until("update")
    return conns, tokens


def _to_choice(st, conns: list[Plain], code: str, after: int = 0,
               seat: int | None = None) -> tuple[int, int]:
    """Answer (first option) until a player's decision with a real choice is pending (of
    `seat`, if given), from step `after` on: (its seat, its step)."""
    while True:
        p, step, options = _pending(st, code)
        if len(options) > 1 and step >= after and seat in (None, p):
            return p, step
        conns[p].send(json.dumps({"t": "answer", "step": step, "answer": options[0]}))
        wait_until(lambda s=step: _pending(st, code)[1] != s, "the answer applied")


def _ask(c: Plain, step: int, game: int = 0) -> dict:
    """Ask for a hint; the reply (a hint or a refusal)."""
    c.send(json.dumps({"t": "hint", "step": step, "game": game}))
    while True:
        m = c.recv(30)
        if m["t"] in ("hint", "refused"):
            return m


@pytest.fixture
def served():
    st, errors = start_server([("HINT", ["remote", "remote", "random"], (), 5)],
                              stand_in=None, hints=POLICY)
    yield st
    assert not errors.records, errors.records[:3]
    stop_server(st, errors)


def test_the_online_hint_is_the_local_coachs_for_that_seat(served):
    """The hint sent is, word for word, the one a local Match's coach gives the same seat at
    the same position (with the room's salt in place of the local game's seed); asked again,
    the same hint comes without a second run of the coach."""
    st = served
    conns, _ = _seats(st, "HINT", 2)
    for _ in range(2):          # two positions, the second further on in the game
        seat, step = _to_choice(st, conns, "HINT")
        room = st.server.rooms["HINT"]
        got = _ask(conns[seat], step)
        assert got["t"] == "hint" and (got["step"], got["game"]) == (step, 0), got
        game, salt = st.call(room.game.clone), room.hint_salt
        assert salt != room.seed
        # that seat at a local table (the others' seats are not its to see)
        seats = [Seat(f"P{i}") if i == seat else Seat(f"P{i}", "bot", "random")
                 for i in range(3)]
        local = Match(seats, room.seed, game=game)
        local.coach = Coach(local.db, seed=salt, budget=None, iterations=ITER)
        d = local.my_decision()
        want = local.coach.hint(local._asking(), d.player)   # what Match.ask_hint's worker runs
        assert (got["answer"], got["why"]) == (want.answer, want.why)
        assert got["gain"] == (None if want.gain is None else pytest.approx(want.gain))
        assert want.answer in d.options
        runs = st.call(lambda: st.server.hints.runs)
        assert _ask(conns[seat], step) == got         # a repeat: the same hint...
        assert st.call(lambda: st.server.hints.runs) == runs      # ...and no second run
        conns[seat].send(json.dumps({"t": "answer", "step": step, "answer": got["answer"]}))
        wait_until(lambda s=step: _pending(st, "HINT")[1] != s, "the hinted answer applied")
    for c in conns:
        c.close()


def test_hostile_hint_messages_are_refused_and_change_nothing(served, monkeypatch):
    """Another seat's decision, a step gone or to come, another game, a repeat while the coach
    thinks, a flood past the seat's hints a minute: each a sentence about the hint, the room's
    game exactly as it was."""
    st = served
    conns, _ = _seats(st, "HINT", 2)
    seat, step = _to_choice(st, conns, "HINT", after=2)
    room = st.server.rooms["HINT"]
    before = st.call(room.fingerprint)
    other = conns[1 - seat]
    for c, msg, says in [
            (other, {"t": "hint", "step": step}, "not your decision"),
            (conns[seat], {"t": "hint", "step": step - 1}, "asked for step"),
            (conns[seat], {"t": "hint", "step": step + 3}, "asked for step"),
            (conns[seat], {"t": "hint", "step": step, "game": 1}, "of game 1"),
            (conns[seat], {"t": "hint", "step": -1}, "does not fit the protocol"),
            (conns[seat], {"t": "hint", "step": step, "x": 1}, "does not fit the protocol")]:
        c.send(json.dumps(msg))
        m = c.until("refused")
        assert says in m["reason"] and not m["fatal"], (msg, m)
        assert m["about"] == ("hint" if "protocol" not in says else "")
    assert st.call(room.fingerprint) == before
    # a repeat while the coach still thinks is refused; the hint comes once
    go = threading.Event()
    real = H.think

    def slow(*args):
        assert go.wait(30)
        return real(*args)

    monkeypatch.setattr(H, "think", slow)
    conns[seat].send(json.dumps({"t": "hint", "step": step}))
    m = _ask(conns[seat], step)
    assert m["t"] == "refused" and "still thinking" in m["reason"] and m["about"] == "hint"
    go.set()
    assert conns[seat].until("hint", 30)["step"] == step
    assert st.call(room.fingerprint) == before


def test_a_flood_of_hints_is_capped_per_seat_and_minute():
    """Two hints a minute here: the seat's third decision's hint is refused (and says when
    the next may come), nothing changes, and the connection stays (it is the host's limit)."""
    st, errors = start_server([("CAPS", ["remote", "remote"], (), 8)], stand_in=None,
                              hints=HintPolicy(budget=None, iterations=2, per_minute=2))
    try:
        conns, _ = _seats(st, "CAPS", 2)
        for _ in range(2):
            _, step = _to_choice(st, conns, "CAPS", seat=0)
            m = _ask(conns[0], step)
            assert m["t"] == "hint", m
            conns[0].send(json.dumps({"t": "answer", "step": step, "answer": m["answer"]}))
            wait_until(lambda s=step: _pending(st, "CAPS")[1] != s, "the answer applied")
        _, step = _to_choice(st, conns, "CAPS", seat=0)
        before = st.call(st.server.rooms["CAPS"].fingerprint)
        m = _ask(conns[0], step)
        assert m["t"] == "refused" and "At most 2 hints a minute" in m["reason"], m
        assert m["about"] == "hint" and m["retry_after"] > 0 and not m["fatal"]
        assert st.call(st.server.rooms["CAPS"].fingerprint) == before
        for c in conns:
            c.close()
    finally:
        stop_server(st, errors)
    assert not errors.records


def test_a_hint_for_a_decision_gone_by_is_dropped(served, monkeypatch):
    """The seat answers while the coach thinks: when the run ends its hint answers nothing
    and is not sent."""
    st = served
    conns, _ = _seats(st, "HINT", 2)
    seat, step = _to_choice(st, conns, "HINT")
    go, ended = threading.Event(), threading.Event()
    real_think, desk = H.think, st.server.hints
    real_finished = desk.finished

    def slow(*args):
        assert go.wait(30)
        return real_think(*args)

    def finished(*args):
        real_finished(*args)
        ended.set()

    monkeypatch.setattr(H, "think", slow)
    monkeypatch.setattr(desk, "finished", finished)
    conns[seat].send(json.dumps({"t": "hint", "step": step}))
    _, _, options = _pending(st, "HINT")
    conns[seat].send(json.dumps({"t": "answer", "step": step, "answer": options[0]}))
    wait_until(lambda: _pending(st, "HINT")[1] != step, "the answer applied")
    go.set()
    assert ended.wait(30)
    conns[seat].send(json.dumps({"t": "ping"}))
    while (m := conns[seat].recv())["t"] != "pong":     # a hint would have come before it
        assert m["t"] != "hint", m
    assert desk.dropped == 1 and not desk.done


def test_hints_forbidden_by_the_server_or_the_host_are_refused():
    st, errors = start_server([("NOPE", ["remote", "random"], (), 3)], stand_in=None,
                              hints=HintPolicy(allowed=False))
    try:
        c = Plain(st.url)
        c.send(hello("NOPE"))
        assert c.until("welcome")["hints"] is False
        c.until("update")
        _, step, _ = _pending(st, "NOPE")
        m = _ask(c, step)
        assert m["t"] == "refused" and "does not allow hints" in m["reason"]
        c.close()
        # a room whose host forbids them, on a server that allows them
        room = st.call(lambda: st.server.add_room("HOSTS", ["remote", "random"], hints=False))
        st.server.hints.policy = HintPolicy()
        c = Plain(st.url)
        c.send(hello("HOSTS"))
        assert c.until("welcome")["hints"] is False
        c.until("update")
        before = st.call(room.fingerprint)
        m = _ask(c, st.call(lambda: room.step))
        assert m["t"] == "refused" and "does not allow hints" in m["reason"]
        assert st.call(room.fingerprint) == before
        c.close()
    finally:
        stop_server(st, errors)


def test_the_room_refuses_a_hint_for_anything_but_the_seats_own_choice():
    room = Room("ROOM", ["remote", "remote"], seed=4)
    with pytest.raises(Refusal, match="has not started"):
        room.hint_question(0, 0)
    room.take_seat("A", "")
    room.take_seat("B", "")
    room.start()
    d = room.game.pending
    assert room.hint_question(d.player, 0) is d
    with pytest.raises(Refusal, match="not your decision"):
        room.hint_question(1 - d.player, 0)


def test_the_hosts_hint_names_only_cards_the_seat_has_seen_and_not_the_seed(monkeypatch):
    """Over a whole game, the host's hints for a seat (net/hints.py `think`, as the server runs
    it) name no card that seat has not seen (hintscan's reader, the log scanner's check); the
    coach is seeded from the room's salt, never its secret seed."""
    seeds = []
    real = H.Coach

    def spy(db, seed=0, **kw):
        seeds.append(seed)
        return real(db, seed=seed, **kw)

    monkeypatch.setattr(H, "Coach", spy)
    room = Room("SEEN", ["remote", "random", "random", "random"], seed=11)
    room.take_seat("A", "")
    room.start()
    g = room.game
    reader = hintscan._Reader(g)
    r, hinted, named = random.Random(1), 0, 0
    while g.pending is not None:
        d = g.pending
        if d.player == 0 and len(d.options) > 1 and d.kind != "end_turn" and r.random() < 0.5:
            hint, cpu = H.think(g.clone(), 0, room.hint_salt, HintPolicy(budget=None,
                                                                        iterations=4))
            hinted += 1
            named += bool(reader.scanner.pattern.findall(hint.why))
            assert reader.leaks(0, hint.why) == [], hint.why
            assert cpu >= 0
        g.apply(r.choice(d.options))
        reader.step()
    assert hinted >= 10 and named >= 5
    assert set(seeds) == {room.hint_salt} and room.hint_salt != room.seed


# ---------------------------------------------------------------------- the window's Hint

class _Prefs:
    hints = "always"


def _window(st, code: str) -> tuple[RemoteMatch, threading.Event]:
    woke = threading.Event()
    m = RemoteMatch(st.url, code, "Ann", give_up_after=5, wake=woke.set, prefs=_Prefs())
    m.start()
    return m, woke


def _until(m: RemoteMatch, woke: threading.Event, cond, what: str, deadline: float = 30):
    """Take in what the window heard until `cond()`: it waits on the wake-up, never polls."""
    import time

    end = time.monotonic() + deadline
    while True:
        m.tick()
        if cond():
            return
        assert woke.wait(max(0.0, end - time.monotonic())), what
        woke.clear()


def test_the_windows_hint_button_shows_the_hosts_coach():
    """RemoteMatch.ask_hint sends the question, thinks until the hint comes (the table's
    "The coach is thinking..."), then gives the coach's hint; counted once."""
    st, errors = start_server([("WINS", ["remote", "random"], (), 6)], stand_in=None,
                              hints=POLICY)
    m, woke = _window(st, "WINS")
    try:
        _until(m, woke, lambda: m.my_decision() is not None
               and len(m.my_decision().options) > 1, "this seat's choice")
        assert m.ask_hint() and m.hint_thinking() and m.hint() is None
        assert m.ask_hint() and m.seats[m.me].hints == 1      # asked twice: counted once
        _until(m, woke, lambda: m.hint() is not None, "the host's hint")
        assert not m.hint_thinking()
        room = st.server.rooms["WINS"]
        want = Coach(room.db, seed=room.hint_salt, budget=None, iterations=ITER).hint(
            st.call(lambda: room.game.clone()), m.me)
        assert (m.hint().answer, m.hint().why) == (want.answer, want.why)
        assert st.call(lambda: st.server.hints.runs) == 1
    finally:
        m.stop()
        stop_server(st, errors)
    assert not errors.records


@pytest.mark.parametrize("how", ["forbidden", "refused", "down"])
def test_the_windows_hint_falls_back_and_says_why(how):
    """Only where the host cannot give the coach's hint: the view-only choice, saying why."""
    policy = {"forbidden": HintPolicy(allowed=False), "refused": HintPolicy(per_minute=0),
              "down": POLICY}[how]
    st, errors = start_server([("FALL", ["remote", "random"], (), 6)], stand_in=None,
                              hints=policy)
    m, woke = _window(st, "FALL")
    try:
        _until(m, woke, lambda: m.my_decision() is not None, "this seat's decision")
        if how == "down":
            st.stop()
            _until(m, woke, lambda: not m.link_up, "the connection dropped")
        assert m.ask_hint()
        _until(m, woke, lambda: m.hint() is not None, "the fallback hint")
        why = m.hint().why
        assert "what a Medium bot would choose from what you can see" in why
        assert {"forbidden": "the host does not allow the coach's hints",
                "refused": "the host refused the coach's hint: At most 0 hints a minute",
                "down": "the connection to the host is down"}[how] in why, why
        assert m.hint().answer in m.my_decision().options or m.hint().answer == "pass"
    finally:
        m.stop()
        stop_server(st, errors)


def test_a_hint_from_the_host_that_is_not_an_answer_is_dropped():
    """Hostile input: a Hinted for another step, or naming no option, is not shown."""
    m = RemoteMatch("ws://127.0.0.1:1", "ROOM", prefs=_Prefs())

    class D:
        kind, options = "play", [3, 4]

    d = D()
    m.my_decision = lambda: d       # type: ignore[method-assign]
    m.hint_for, m.hint_asked, m.step, m.game_no = d, (0, 7), 7, 0
    m._take_hint("hint", P.Hinted(step=7, game=0, answer=99, why="Play X.", gain=None))
    m._take_hint("hint", P.Hinted(step=6, game=0, answer=3, why="Play X.", gain=None))
    assert m.hint() is None and m.hint_thinking()
    m._take_hint("hint", P.Hinted(step=7, game=0, answer=3, why="Play X.\x07", gain=1.0))
    assert m.hint().answer == 3 and m.hint().why == "Play X."


def test_the_hint_messages_schema():
    assert P.PROTOCOL == 3
    assert P.decode_client('{"t": "hint", "step": 3, "game": 1}') == P.AskHint(3, 1)
    for bad in ('{"t": "hint"}', '{"t": "hint", "step": "3"}', '{"t": "hint", "step": 1e9}',
                '{"t": "hint", "step": 1, "why": "x"}'):
        with pytest.raises(P.BadMessage):
            P.decode_client(bad)
    with pytest.raises(P.BadMessage):
        P.decode_server(json.dumps({"t": "hint", "step": 1, "game": 0, "answer": 1,
                                    "why": "x" * (P.MAX_WHY + 1)}))
    long = H.hinted(1, 0, H.Hint(2, "y" * 5000, float("inf")))
    assert len(long.why) == P.MAX_WHY and long.gain is None
    assert P.decode_server(P.encode(long)) == long


def test_a_hint_is_given_again_only_for_the_very_decision_it_was_thought_for():
    """A game taken back and played again may reach the same step with another decision: the
    hint kept for that step is not given for it."""
    desk = H.HintDesk(POLICY)
    first, other = object(), object()
    msg = P.Hinted(step=4, game=0, answer=1, why="Play X.")
    desk.finished(("ROOM", 0, 4, 1), msg, 0.1, first)
    assert desk.given(("ROOM", 0, 4, 1), first) is msg
    assert desk.given(("ROOM", 0, 4, 1), other) is None


def test_after_an_undo_the_hint_is_thought_again():
    """Taken back, the game is dealt again: its decision is a new one, so its hint is thought
    anew (a kept hint is given only for the very decision it was thought for)."""
    st, errors = start_server([("BACK", ["remote", "random"], (), 9)], stand_in=None,
                              hints=POLICY, undo=True)
    try:
        c = Plain(st.url)
        c.send(hello("BACK"))
        c.until("welcome")
        while True:         # this seat's play with a choice
            m = c.until("update")
            d = m["decision"]
            if d is not None and d["kind"] == "play" and len(d["options"]) > 1:
                break
            if d is not None:
                c.send(json.dumps({"t": "answer", "step": m["step"], "answer": d["options"][0]}))
        step = m["step"]
        hint = _ask(c, step)
        assert hint["t"] == "hint"
        c.send(json.dumps({"t": "answer", "step": step, "answer": hint["answer"]}))
        while True:         # its own follow-ups, then the pause for End turn
            m = c.until("update")
            d = m["decision"]
            if d is not None and d["kind"] == "end_turn":
                break
            if d is not None:
                c.send(json.dumps({"t": "answer", "step": m["step"], "answer": d["options"][0]}))
        c.send(json.dumps({"t": "undo", "step": m["step"], "game": 0}))
        back = c.until("update")
        assert back["step"] == step and back["decision"]["kind"] == "play"
        again = _ask(c, step)
        assert again["t"] == "hint" and again["answer"] in back["decision"]["options"]
        assert st.call(lambda: st.server.hints.runs) == 2      # thought again, not kept
        c.close()
    finally:
        stop_server(st, errors)
    assert not errors.records


@pytest.mark.parametrize("allowed", [True, False])
def test_a_hosting_windows_policy_is_its_rooms_and_is_kept_with_it(tmp_path, allowed):
    """The hosting window's Hint setting at never forbids its players' hints; the policy is
    kept with the hosted room and reopened with it (a file without it: allowed)."""
    from doomlings_desktop.net.host import PLACE_FILE, Hosting, kept_room

    hosting = Hosting(["remote", "random"], port=0, announce=False, keep=tmp_path,
                      hints=allowed).start()
    try:
        room = hosting.server.rooms[hosting.code]
        assert hosting.server.hints_allowed(room) is allowed
    finally:
        hosting.stop()
    assert kept_room(tmp_path).hints is allowed
    again = Hosting.reopen(tmp_path, announce=False)
    assert again.server.hints_allowed(again.server.rooms[hosting.code]) is allowed
    place = json.loads((tmp_path / PLACE_FILE).read_text())
    del place["hints"]
    (tmp_path / PLACE_FILE).write_text(json.dumps(place))
    assert kept_room(tmp_path).hints is True


def test_a_hint_on_its_way_survives_the_same_decision_sent_again(monkeypatch):
    """While the coach thinks, another player leaves: the seat is sent its decision again (a
    new update at the same step). The hint that comes is still shown for it."""
    go = threading.Event()
    real = H.think

    def slow(*args):
        assert go.wait(30)
        return real(*args)

    monkeypatch.setattr(H, "think", slow)
    st, errors = start_server([("AGAIN", ["remote", "remote", "random"], (), 6)],
                              stand_in=None, hints=POLICY)
    m, woke = _window(st, "AGAIN")
    other = Plain(st.url)
    try:
        other.send(hello("AGAIN"))
        other.until("welcome")
        while True:         # the other seat answers until this window has a choice
            # (the seats are taken in the order the two arrive: when the other seat is the
            # first player, the room may wait on its End turn, which this seat's view does
            # not name; the server is asked whose the decision is)
            _until(m, woke, lambda: m.my_decision() is not None or (
                m.state == "playing" and (m.pending_now is None
                                          or m.pending_now.player != m.me)), "a decision")
            d = m.my_decision()
            if d is not None and len(d.options) > 1:
                break
            if d is not None:
                assert m.apply(d.options[0]) is None
            else:
                p, step, options = _pending(st, "AGAIN")
                if p == m.me:       # this seat's own, on its way in an update
                    _until(m, woke, lambda: m.my_decision() is not None, "its decision")
                    continue
                other.send(json.dumps({"t": "answer", "step": step, "answer": options[0]}))
            _until(m, woke, lambda s=m.step: m.step != s, "the game on")
        assert m.ask_hint() and m.hint_thinking()
        asked = m.my_decision()
        other.close()           # the room tells every seat again: the same decision, resent
        _until(m, woke, lambda: m.my_decision() is not asked, "the decision sent again")
        assert m.hint_thinking()
        go.set()
        _until(m, woke, lambda: m.hint() is not None, "the hint")
        assert m.hint().answer in m.my_decision().options
    finally:
        go.set()
        m.stop()
        stop_server(st, errors)
