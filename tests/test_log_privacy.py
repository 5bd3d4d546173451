"""No log line names a card to a seat that has not seen it.

The property (doomlings_desktop/commands/logscan.py): over random games with every module on, 2-6 seats
and every rule variant, after every answer, every line each seat can read is scanned for card
names, and each name must be one of a card that seat has seen in its Views (its hand, the
piles, the discard pile, the ages, a look or reveal shown to it...). `doomlings fuzz
--log-privacy --modules all` runs it at any size. Then the examples that broke it: Nosy's and
Grey Hat's private looks, and the events that carry their cards."""

from __future__ import annotations

import pytest

from doomlings_desktop.commands import logscan
from doomlings_desktop.rules.cards import available_modules, database_for
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.events import Event, Secret, Transferred, events_for
from doomlings_desktop.rules.setup import build
from doomlings_desktop.rules.view import view_for

GAMES = 240
CHUNKS = 12


@pytest.fixture(scope="module")
def every_module():
    return database_for(available_modules())


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_no_seat_reads_the_name_of_a_card_it_has_not_seen(every_module, chunk):
    per = GAMES // CHUNKS
    res = logscan.scan(every_module, per, seed=200_000 + chunk * per)
    assert res.games == per and not res.leaks, res.leaks[:3]
    assert res.named > res.games * 100     # the scan reads names: it is no empty check


def test_the_scan_catches_a_line_that_names_a_hidden_card(db):
    g = Game.new(db, 3, seed=4)
    sc = logscan.Scanner(g, logscan.name_pattern(db))
    hidden = g.players[1].hand[0]
    g.tell(Event, "test", ("Player 2 holds ", hidden, "."))    # a line planted by hand
    with pytest.raises(logscan.Leak, match=db.name(hidden)):
        sc.step()


def _grey_hat_table(tdb, age: str = "the-birth-of-life") -> Game:
    return build(tdb, {"age": age,
                       "players": [{"hand": ["grey-hat", "bark", "fangs"]},
                                   {"hand": ["antlers", "iridescent-scales"]},
                                   {"hand": ["quick", "spiny"]}]}, players=3)


def _steal_after_a_look(g: Game, victim: int, card: int) -> None:
    g.apply(g.db.card("grey-hat"))
    while g.pending is not None and g.pending.player == 0 and card in g.players[victim].hand:
        d = g.pending
        if d.kind == "player":
            g.apply(victim)
        elif card in d.options:
            g.apply(card)
        else:
            g.apply(d.options[0])


def test_a_card_stolen_after_a_private_look_is_named_to_the_thief_and_the_victim_only(
        every_module):
    """Grey Hat under Eclipse (no red trait may be played): Antlers stays in the thief's hand;
    the third seat reads that a card was stolen and stays, never which."""
    g = _grey_hat_table(every_module, "eclipse")
    c = every_module.card("antlers")
    _steal_after_a_look(g, 1, c)
    assert c in g.players[0].hand
    lines = [[t for k, t in events_for(g, seat)] for seat in range(3)]
    for seat in (0, 1):
        assert "Player 1 steals Antlers from Player 2's hand." in lines[seat]
        assert any(t.startswith("Antlers cannot be played now and stays in hand (")
                   for t in lines[seat])
    assert not any("Antlers" in t for t in lines[2])
    assert "Player 1 steals a card from Player 2's hand." in lines[2]
    assert "A card cannot be played now and stays in hand." in lines[2]


def test_the_stolen_card_is_named_to_everyone_once_it_is_played(every_module):
    g = _grey_hat_table(every_module)
    c = every_module.card("antlers")
    _steal_after_a_look(g, 1, c)
    assert c in g.players[0].pile
    lines = [t for _, t in events_for(g, 2)]
    assert "Player 1 steals a card from Player 2's hand." in lines
    assert "Player 1 plays Antlers." in lines


def test_an_event_names_its_cards_only_to_its_audience(db):
    a, b = db.card("antlers"), db.card("fangs")
    e = Event("x", ("Ann gives ", a, " and ", Secret(b, (2,)), " to Bob."), (0, 1))
    assert e.text_for(db, 0) == "Ann gives Antlers and a card to Bob."
    assert e.text_for(db, 2) == "Ann gives a card and a card to Bob."
    assert Event("x", (a, " stays."), (0,)).text_for(db, 1) == "A card stays."
    both = Event("x", ("Ann looks at 2 cards.",), (0,), ("Ann looks at ", (a, b), "."))
    assert both.text_for(db, 0) == "Ann looks at Antlers, Fangs."
    assert both.text_for(db, 1) == both.text_for(db, -1) == "Ann looks at 2 cards."
    assert Event("x", ("Ann draws ", (a, b), ".")).text_for(db, -1) == "Ann draws Antlers, Fangs."


def test_without_a_log_nothing_is_built(db):
    g = Game.new(db, 2, seed=1, log=False)
    g.tell(Transferred, "give", 0, g.players[0].hand[0], 1, seen=(0, 1))
    assert g.log is None and g.moves is None and events_for(g, 0) == ()


def test_a_hand_card_whose_action_is_played_is_named_only_to_its_holder_and_who_may_stop_it(
        every_module):
    """Elongated Neck plays the action of a card that stays in its player's hand (E28): the
    table reads that an action was played, not whose; the seat offered Chromatophores against
    it sees the card in its offer, and a bot's reason for answering does not name it."""
    from doomlings_desktop.bots.reasons import reason

    db = every_module
    g = build(db, {"players": [{"hand": ["elongated-neck", "doting", "bark"]},
                               {"hand": ["chromatophores", "quick"]},
                               {"hand": ["spiny"]}]}, players=3)
    doting, chroma = db.card("doting"), db.card("chromatophores")
    neck = db.card("elongated-neck")
    g.apply(neck)
    while (d := g.pending) is not None and d.card != doting:
        g.apply("pass" if d.card == neck and d.kind == "react" else doting)
    assert d is not None and d.player == 1 and d.kind == "react" and d.card == doting
    assert "Doting" not in reason(view_for(g, 1), chroma, db)
    g.apply(chroma)
    lines = [[t for _, t in events_for(g, seat)] for seat in range(3)]
    assert "Player 1 plays the action of a card." in lines[2]
    assert not any("Doting" in t for t in lines[2])
    assert "Player 1 plays the action of Doting." in lines[0]
    assert "Player 2 plays Chromatophores: Doting's action is prevented." in lines[1]
