"""A remote game is drawn by the same table as a local one: whatever the table reads of its
match (`sc.match.X`, `self.match.X` in ui/) must exist on net/session.py's RemoteMatch too,
or an online table fails the first time a branch teaches the table something new (the
pass-and-play branch's `delegated` and `stand_in` did exactly that)."""

from __future__ import annotations

import re
from pathlib import Path

import doomlings_desktop.ui as ui
from doomlings_desktop.net.session import RemoteMatch
from doomlings_desktop.play.match import Match

# read off a match that is a local one by construction (the lesson's, hosting, the lobby)
ONLINE_ONLY = {"host", "inbox", "is_connected", "lobby", "problem", "said", "state", "stop",
               "stood_in", "tick", "view_now", "notices", "say", "game_no", "ask_rematch",
               "rematch_words", "link_up"}


def _read_by_the_table() -> set[str]:
    names = set()
    for path in Path(ui.__file__).parent.rglob("*.py"):
        names |= set(re.findall(r"\bmatch\.([a-z_]+)", path.read_text(encoding="utf-8")))
    return names - {"py"}


def test_everything_the_table_reads_of_a_match_a_remote_match_has():
    remote = RemoteMatch("ws://127.0.0.1:1", "ROOM")      # not started: no connection
    missing = sorted(n for n in _read_by_the_table() if not hasattr(remote, n))
    assert not missing, f"RemoteMatch lacks what the table reads: {missing}"


def test_and_a_local_match_has_what_the_table_reads_of_every_match():
    local = {n for n in dir(Match)} | {"seats", "bots", "lesson", "origin", "story", "me",
                                       "hints_on", "autosaved", "unsaved", "review",
                                       "last_bot_move", "cleared", "bot_notes", "hint_for",
                                       "untold"}
    missing = sorted(n for n in _read_by_the_table() - ONLINE_ONLY if n not in local)
    assert not missing, f"Match lacks what the table reads: {missing}"


def test_several_seats_played_here_have_what_the_table_reads_too():
    """Several seats of a room played at one window (net/seatshere.py) stand in for one
    RemoteMatch at the same table: they read the same."""
    from doomlings_desktop.net.seatshere import SeatsHere

    here = SeatsHere([RemoteMatch("ws://127.0.0.1:1", "ROOM"),
                      RemoteMatch("ws://127.0.0.1:1", "ROOM")])      # not started
    missing = sorted(n for n in _read_by_the_table() | ONLINE_ONLY if not hasattr(here, n))
    assert not missing, f"SeatsHere lacks what the table reads: {missing}"
