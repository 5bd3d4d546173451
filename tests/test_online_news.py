""""Since your last turn" at an online table tells what the others did, as at a local table:
never the player's own play (a local table looks right after the player's answer; online the
answer's effects arrive later, with the host's reply), and never a play taken back by Undo,
this player's or another's (the log is cut back and the play made again). Found trying two
windows by hand: the host's table told "Ann plays Kidney. Ben plays Egg Clusters. Ben plays
Egg Clusters. Ben plays Egg Clusters." after Ben took his play back twice. On 127.0.0.1;
every wait is on a condition with a deadline."""

from __future__ import annotations

import random
from collections import Counter

from netdriver import start_server, stop_server
from test_online_ui import home, join_by_typing, make_app  # noqa: F401
from uidriver import Player, click, find, wait_until

from doomlings_desktop.net.session import RemoteMatch
from doomlings_desktop.ui import router
from doomlings_desktop.ui.table.news import News


def test_since_your_last_turn_online_never_tells_your_own_play_nor_one_taken_back():
    """A joined window (Ann) and another player's program (Zed) in a room that allows Undo:
    each takes back its play once a turn and plays again. Every "since your last turn"
    the window tells holds only lines its log has at that moment (a play taken back is not
    told, nor told twice), and none of Ann's own."""
    st, errors = start_server([])
    st.call(lambda: st.server.add_room("NEWS", ["remote", "remote", "random"], seed=11,
                                       undo=True))
    app = make_app()
    other = RemoteMatch(st.url, "NEWS", "Zed").start()
    r = random.Random(11)
    player = Player(11)
    try:
        table = join_by_typing(app, st.url, "news")
        m = table.match
        me = m.name(m.me)
        stage = table.overlays.stage
        told: list[tuple[list[str], list[str]]] = []    # (lines told, the log's texts then)
        real = stage.tell
        stage.tell = lambda mo: (told.append((list(mo.lines), [t for _, t in m.log_lines]))
                                 if mo.kind == "since" else None, real(mo))[1]
        undone = {"me": set(), "other": set()}      # the turns whose play was taken back

        def other_acts() -> None:
            other.tick()
            d = other.my_decision()
            if d is None:
                return
            turn = (other.game_no, sum(1 for k, _ in other.log_lines if k == "turn"))
            if d.kind == "end_turn" and turn not in undone["other"] and other.can_undo():
                undone["other"].add(turn)
                assert other.undo()
                return
            assert other.apply(r.choice(d.options)) is None

        def step() -> bool:
            other_acts()
            d = table.my_decision()
            undo = find(table, ("button", "undo"))
            if d is not None and d.kind == "end_turn" and undo is not None \
                    and len(undone["me"]) < 6 and m.step not in undone["me"]:
                undone["me"].add(m.step)
                click(app, undo.center)
            elif not player.act(app):
                app.frame()
            return len(told) >= 5 or table.game.over
        wait_until(step, "five catch-ups told at the window", deadline_s=240, idle_s=0.001)
        assert undone["me"] and undone["other"], "no play was taken back"
        assert told, "nothing was told"
        for lines, log_then in told:
            have = Counter(log_then)
            for line in lines:
                assert not line.startswith(f"{me} "), (line, lines)   # my own doing
                if line.startswith("... "):
                    continue
                assert have[line] > 0, (line, lines)    # a line the log no longer has
                have[line] -= 1
        assert not errors.records
    finally:
        other.stop()
        router.go(app, "menu")
        stop_server(st, errors)


def test_a_catch_up_keeps_only_the_lines_still_in_the_log():
    """The table's memory of "since your last turn": a line cut from the log (Undo) and
    made again is told once; one cut and not made again is not told."""
    news = News()
    log = [("turn", "Ann's turn."), ("play", "Ann plays Kidney.")]
    news.catch_up([], True, log[:1])        # the first turn: nothing is told
    news.catch_up(log[1:], False, log)
    log = log[:1]                           # taken back
    news.catch_up([], False, log)
    log = log + [("play", "Ann plays Brave."), ("turn", "Zed's turn."),
                 ("play", "Zed plays Tiny.")]
    news.catch_up(log[1:2], False, log[:2])
    news.catch_up(log[2:], False, log)
    log = log[:3] + [("play", "Zed plays Tiny.")]   # cut and made again: still one line
    assert news.catch_up([], True, log) == ["Ann plays Brave.", "Zed's turn.",
                                            "Zed plays Tiny."]
