"""Zone events (issue "Every change is an event"): every move of a card is a typed event with its
audience, and a seat's picture in `view_for` (its zones, and with the facts of
`test_events_picture.py` every other fact) can be rebuilt from its share of them alone
(`doomlings fuzz --events` runs the same check at any size)."""

import pytest

from doomlings_desktop.commands import eventcheck
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.events import Event, Laid, Moved, TableSet, zone_events_for
from doomlings_desktop.rules.record import make_record, replay
from doomlings_desktop.rules.state import State

GAMES = 60      # every table size and variant set (`fuzz.table_of` cycles through them in 40)


def _all_modules():
    from doomlings_desktop.rules.cards import available_modules, database_for

    return database_for(available_modules())


def test_every_seat_rebuilds_its_zones_from_its_events(db):
    res = eventcheck.check(db, GAMES)
    assert res.games == GAMES and not res.failures, res.failures[:3]


def test_every_seat_rebuilds_its_zones_with_every_module():
    res = eventcheck.check(_all_modules(), GAMES, seed=100_000)
    assert res.games == GAMES and not res.failures, res.failures[:3]


def _failures(db, games=10):
    return eventcheck.check(db, games).failures


def test_a_move_that_is_not_recorded_is_caught(db, monkeypatch):
    real = State.moved

    def forgetful(self, c, src, p, dst, q, bottom=False):
        if dst != "discard":
            real(self, c, src, p, dst, q, bottom)

    monkeypatch.setattr(State, "moved", forgetful)
    bad = _failures(db)
    assert bad and "PictureBroken" in bad[0] and "discard" in bad[0]


def test_hands_swapped_without_an_event_are_caught(monkeypatch):
    def silent(self, p, q):
        a, b = self.players[p], self.players[q]
        a.hand, b.hand = b.hand, a.hand

    monkeypatch.setattr(State, "swap_hands", silent)
    bad = _failures(_all_modules(), 60)
    assert any("hand" in f for f in bad), bad[:3]


@pytest.mark.parametrize("kind", [Moved, Laid])
def test_a_hidden_card_told_to_a_seat_is_caught(db, monkeypatch, kind):
    monkeypatch.setattr(kind, "for_seat", lambda self, seat: self)
    bad = _failures(db, 3)
    assert bad and "hidden card" in bad[0]


def test_a_seat_is_never_told_a_card_drawn_by_another(db):
    g = Game.new(db, 3, seed=5)
    drawn_by_0 = {e.card for e in g.moves if type(e) is Moved and e.dst == "hand" and e.q == 0}
    assert len(drawn_by_0) == 5
    for seat in (1, 2):
        mine = zone_events_for(g, seat)
        told = {e.card for e in mine if type(e) is Moved} | {
            c for e in mine if type(e) is Laid for c in e.cards}
        assert not told & drawn_by_0
    assert {e.card for e in zone_events_for(g, 0) if type(e) is Moved} >= drawn_by_0


def test_zone_events_are_beside_the_log_and_replay_alike(db):
    """The log (its indices key a save's bot notes) holds only its own events; a replay records
    the same zone events; a clone and a game without a log keep none."""
    g = Game.new(db, 4, seed=11)
    import random
    r = random.Random(11)
    while g.pending is not None:
        g.apply(r.choice(g.pending.options))
    assert g.moves and all(type(e) is Event for e in g.log)
    assert replay(make_record(g), db).moves == g.moves
    assert g.clone().moves is None
    assert Game.new(db, 4, seed=11, log=False).moves is None
    assert zone_events_for(g.clone(), 0) == ()


@pytest.mark.parametrize("extra", [[], ["--modules", "all"]])
def test_fuzz_events_command_ends_with_its_count(capsys, extra):
    from doomlings_desktop.commands import cli

    assert cli.main(["fuzz", "--events", "--games", "6", *extra]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[-1].endswith("6 passed, 0 failed")


def test_play_on_from_a_position_records_from_its_set_up(db):
    """Play on from here starts a logged game from a copy: its zone events start with the
    position laid out, and every seat's zones rebuild from there."""
    import random

    from doomlings_desktop.play.playon import _fresh
    g = Game.new(db, 3, seed=4, log=False)
    r = random.Random(4)
    for _ in range(30):
        g.apply(r.choice(g.pending.options))
    fresh = _fresh(g)
    assert type(fresh.moves[0]) is TableSet and type(fresh.moves[1]) is Laid
    assert eventcheck.follow(fresh, r) > 0

