"""The stage and "since your last turn" at an online table: told from the events and facts
the seat was sent (net/wire.py), by the local table's own Storyteller, so an online player is
told the same moments, in the same words, as a local player in that seat would be. On
127.0.0.1; every wait is on a condition with a deadline."""

from __future__ import annotations

import random

from netdriver import start_server, stop_server
from test_online_ui import answer_randomly, home, join_by_typing, make_app  # noqa: F401
from uidriver import wait_until

from doomlings_desktop.net import protocol as P
from doomlings_desktop.net.session import RemoteMatch
from doomlings_desktop.net.wire import UNSENT, zone_from_wire
from doomlings_desktop.play.story import Narrator
from doomlings_desktop.rules.events import AgeBegun, Played, zone_events_for
from doomlings_desktop.ui import router


def test_an_online_seat_is_told_what_a_local_seat_would_be():
    """Two remote seats and a bot play a game; each seat's moments, asked for as a table
    asks (after each update), equal a local narrator's fed that seat's share of the server's
    own game in the same batches."""
    st, errors = start_server([("STAGE", ["remote", "remote", "random"], (), 8)])
    seats = [RemoteMatch(st.url, "STAGE", n).start() for n in ("Ann", "Ben")]
    told: dict[int, list] = {0: [], 1: []}
    cuts: dict[int, list[int]] = {0: [], 1: []}
    r = random.Random(8)
    try:
        def step():
            for k, m in enumerate(seats):
                answer_randomly(m, r)
                if m.view_now is not None:
                    told[k] += m.story()
                    cuts[k].append(len(m.moves))
            return all(m.state == "over" for m in seats)
        wait_until(step, "the online game's end", deadline_s=240, idle_s=0.001)
        for k, m in enumerate(seats):
            m.tick()
            told[k] += m.story()
            cuts[k].append(len(m.moves))
        g = st.server.rooms["STAGE"].game
        for k, m in enumerate(seats):
            share = zone_events_for(g, m.me, 0, places=True)
            local = Narrator(g.db, m.me, m.name)
            local.feed([e for e in share[:cuts[k][0]] if e is not None], quiet=True)
            want = []
            for a, b in zip(cuts[k], cuts[k][1:], strict=False):
                want += local.feed([e for e in share[a:b] if e is not None])
            assert [vars(x) for x in told[k]] == [vars(x) for x in want]
            kinds = [x.kind for x in told[k]]
            assert kinds.count("catastrophe") == 3 and "world_end" in kinds, kinds
        assert not errors.records
    finally:
        for m in seats:
            m.stop()
        stop_server(st, errors)


def test_facts_that_name_no_card_or_seat_of_the_game_are_not_taken():
    """A hostile server's facts: a card past the database, a seat past the table, are
    dropped in their place (UNSENT), never read by the story."""
    assert zone_from_wire(P.ZPlayed(0, 10**6, False), 150, 3) is UNSENT
    assert zone_from_wire(P.ZAge(-7, False), 150, 3) is UNSENT
    assert zone_from_wire(P.ZTurn(5), 150, 3) is UNSENT
    assert zone_from_wire(P.ZLaid("hand", 0, (1, 900)), 150, 3) is UNSENT
    assert type(zone_from_wire(P.ZPlayed(2, 149, True), 150, 3)) is Played
    assert type(zone_from_wire(P.ZAge(-1, False), 150, 3)) is AgeBegun


def test_the_online_table_shows_the_stage_and_what_changed_since():
    """A joined window: a catastrophe takes the stage, and the traits another player laid
    since this seat last looked are marked on the table."""
    st, errors = start_server([("SHOW", ["remote", "remote", "random"], (), 3)])
    app = make_app(animation="normal")
    other = RemoteMatch(st.url, "SHOW", "Zed").start()
    r = random.Random(3)
    try:
        table = join_by_typing(app, st.url, "show")
        stage = table.overlays.stage
        marked = []

        def step():
            answer_randomly(table.match, r)
            answer_randomly(other, r)
            app.frame(dt=0.05)
            marked.extend(q for q, _ in table.news.gained if q != table.match.me)
            m = stage.current
            return m is not None and m.kind == "catastrophe" and stage.drawn is m and marked
        wait_until(step, "a catastrophe on the stage, another's traits marked",
                   deadline_s=240, idle_s=0.001)
        assert stage.current.title.startswith("Catastrophe 1 of 3: ")
        assert not errors.records
    finally:
        other.stop()
        router.go(app, "menu")
        stop_server(st, errors)
