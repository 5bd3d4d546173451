"""A bot's out-of-turn offer tells the human nothing (the first promise, against bots too).

Only a player who holds an out-of-turn card (Parasitic...) is offered one. In a game against
bots the human's End turn pause, their Undo, the notice "it can't be taken back" and the time
the table takes must come out the same whether or not a bot was offered a card and passed:
before, a bot's quiet pass made the engine skip the human's pause and close Undo (the play
was final "because another player acted"), and a play that drew lost its notice, so the human
learnt that a bot held such a card. Each test plays one position twice, the bot holding
Parasitic or not, and compares all the human can see."""

from __future__ import annotations

import json
import os

import pytest

from doomlings_desktop.play.match import Match, Seat
from doomlings_desktop.rules.cards import default_database
from doomlings_desktop.rules.setup import build


class Prefs:
    bot_pace = 5.0          # a bot's own move waits; a secret offer must not
    pace = "normal"
    ask_out_of_turn = True
    hold_end_turn = "bots"
    hints = "bots"


class Decliner:
    """A bot that passes every offer (and plays its first option otherwise)."""

    name = "Easy"
    level = "easy"

    def decide(self, view, sampler=None):
        d = view.decision
        return "pass" if d.kind == "react" else d.options[0]


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))


def _match(db, ben: list[str], ann: list[str], level: str = "easy") -> Match:
    def spec():
        return build(db, {"players": [{"hand": ann, "pile": []}, {"hand": ben, "pile": []}],
                          "trait_deck": ["gills", "leaves", "migratory", "woody-stems",
                                         "kidney", "memory"]}, players=2)
    m = Match([Seat("Ann"), Seat("Ben", "bot", level)], seed=0, game=spec(), prefs=Prefs())
    m.autosave = False
    m.origin = spec
    return m


def _seen_by_ann(m: Match, card: int) -> tuple:
    """Ann plays `card`; what she can tell once the bot has answered: who decides and what,
    Undo, the notices; then Undo's result."""
    assert m.apply(card) is None
    for _ in range(5):      # (the code before answered a bot's offer on a later tick)
        if m.game.pending.kind == "react" and m.game.pending.player in m.bots:
            m.tick(10.0)
    d = m.game.pending
    seen = (d.player, d.kind, m.can_undo(), tuple(n for n, _ in m.notices),
            m.my_decision() is not None)
    m.notices.clear()
    undone = m.undo()
    back = m.game.pending
    return seen + (undone, back.player, back.kind, card in m.game.players[0].hand)


@pytest.mark.parametrize("play", ["quick", "introspective"])
def test_a_bots_passed_offer_changes_nothing_ann_can_see(play):
    """Quick shows nothing: the pause comes and Undo takes it back, as when no one holds
    Parasitic. Introspective draws: the turn goes on and says so, as when no one holds it."""
    db = default_database()
    worlds = []
    for ben in (["parasitic", "antlers"], ["heroic", "antlers"]):
        m = _match(db, ben, [play, "bark"])
        m.bots[1] = Decliner()
        worlds.append(_seen_by_ann(m, db.card(play)))
    assert worlds[0] == worlds[1], worlds
    if play == "quick":
        assert worlds[0][:3] == (0, "end_turn", True) and worlds[0][5]


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_bots_offer_is_answered_at_once_by_every_level(level):
    """A bot of any level answers its secret offer inside the human's own move: no tick of
    the clock, no thinking shown, no pace waited for (a Hard bot's search would stop the
    table for up to a second only when it holds such a card)."""
    db = default_database()
    m = _match(db, ["parasitic", "antlers"], ["quick", "bark"], level)
    assert m.apply(db.card("quick")) is None
    assert m.game.pending.kind != "react" and m.thinking is None


@pytest.mark.skipif(not hasattr(os, "fchmod"), reason="file modes are POSIX")
def test_a_rooms_file_and_a_seats_token_are_their_owners_alone(tmp_path):
    """A hosted room's file holds the secret seed (every hand follows from it) and every
    seat's token (which takes that seat, hand and all); a joined seat's token file takes its
    seat. Another account on the computer must not read them: they were written 0644 (the
    umask's default), while the saves were private. A temporary file an older version left
    behind readable is made private too."""
    from doomlings_desktop.net.client import RemoteSeat
    from doomlings_desktop.net.room import Room
    from doomlings_desktop.net.roomstore import path_of, save_room

    room = Room("KEEP", ["remote", "medium"], (), seed=5)
    room.take_seat("Ann", "")
    room.start()
    old = os.umask(0o022)
    try:
        stale = path_of(tmp_path, "KEEP").with_name("KEEP.json.tmp")
        stale.write_text("left by an older version")
        save_room(tmp_path, room)
        seat = RemoteSeat("ws://127.0.0.1:1", "KEEP", "Ann", seat_file=str(tmp_path / "seat"))
        seat.token = "0" * 32
        seat._keep_token()
    finally:
        os.umask(old)
    for f in (path_of(tmp_path, "KEEP"), tmp_path / "seat"):
        assert f.stat().st_mode & 0o077 == 0, (f, oct(f.stat().st_mode))
    assert json.loads(path_of(tmp_path, "KEEP").read_text())["seed"] == 5
    assert (tmp_path / "seat").read_text() == "0" * 32


def test_a_pass_screen_names_no_card_hidden_in_a_hand():
    """Ann's Elongated Neck plays the action of Thagomizer, which stays in her hand, hidden
    (the log tells the others "a card"); Thagomizer makes Ben discard too. The pass screen
    the whole table reads before Ben takes the screen said "Ben answers Thagomizer"."""
    from doomlings_desktop.rules.cards import database_for

    db = database_for(("dinolings",))
    g = build(db, {"players": [{"hand": ["elongated-neck", "thagomizer", "antlers", "fangs"],
                                "pile": []},
                               {"hand": ["bark", "kidney", "gills", "leaves"], "pile": []}],
                   "trait_deck": ["migratory", "woody-stems", "memory", "heroic"]}, players=2)
    m = Match([Seat("Ann"), Seat("Ben")], seed=0, game=g, prefs=Prefs())
    m.autosave = False
    m.take_screen(0)
    assert m.apply(db.card("elongated-neck")) is None
    assert m.apply(db.card("thagomizer")) is None
    reasons = []
    while m.asked().player == 0:        # Ann's own two picks, not Thagomizer itself
        reasons.append(m.pass_reason())
        d = m.asked()
        assert m.apply(next(c for c in d.options if c != db.card("thagomizer"))) is None
    assert m.pass_needed and m.asked().player == 1
    said = m.pass_reason()
    assert said.startswith("Ben answers") and "Thagomizer" not in said, said
    assert db.card("thagomizer") in m.game.players[0].hand


def test_a_pass_screen_still_names_a_card_in_plain_sight():
    db = default_database()
    g = build(db, {"players": [{"hand": ["quick", "antlers"], "pile": []},
                               {"hand": ["kidney", "bark"], "pile": ["fangs"]}],
                   "trait_deck": ["gills", "leaves", "migratory", "woody-stems"]}, players=2)
    m = Match([Seat("Ann"), Seat("Ben")], seed=0, game=g, prefs=Prefs())
    m.autosave = False
    m.take_screen(1)        # Ann's turn comes to a pass screen: her turn, no card named
    assert m.pass_needed and m.pass_reason() == "Ann's turn"
    from doomlings_desktop.rules.view import seen_by_all

    assert seen_by_all(m.game, db.card("fangs")) and not seen_by_all(m.game, db.card("bark"))
    assert not seen_by_all(m.game, m.game.deck[0])
