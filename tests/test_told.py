"""Every line of the log is a typed fact (issue "Every change is an event", the log's part): a
steal, a swap, a gift, a turn passed, a colour named, Denial... are facts (`rules/events.Told`:
`TurnPassed`, `Transferred`, `Colored`, `Ruling`) that render the line, not words the rules
write. Each fact says who may see its card (`seen`), and a seat that did not see it never gets
it: not in its line, not in its typed event."""

from typing import get_args, get_type_hints

import pytest

from doomlings_desktop.rules import events
from doomlings_desktop.rules.cards import available_modules, database_for, default_database
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.events import (
    Colored,
    Ruling,
    Told,
    Transferred,
    TurnPassed,
    events_for,
    zone_events_for,
)
from tests.test_events_log import _games

KINDS = (TurnPassed, Transferred, Colored, Ruling)


@pytest.fixture(scope="module")
def games():
    return list(_games(database_for(available_modules()), range(700, 740)))


def test_every_way_a_fact_is_told_is_typed_and_has_its_words():
    assert set(KINDS) == {c for c in Told.__subclasses__()}
    for cls in KINDS:
        hows = get_args(get_type_hints(cls)["how"])
        assert set(hows) == set(cls._SAY), cls
        for kind, *words in cls._SAY.values():
            assert kind in get_args(events.LogKind) and 1 <= len(words) <= 2


def _texts(g, fact):
    """Fact recorded as the next line of g's log; the line as each seat (and no one) reads it."""
    g.tell(lambda: fact)        # (`tell` builds its fact from a class and its fields)
    return {s: events_for(g, s, len(g.log) - 1)[0][1] for s in range(-1, g.n)}


def test_a_told_line_reads_as_the_rules_wrote_it():
    """The words of the lines random games rarely or never reach, as the rules said them
    before they were facts, to each seat (Player 1 and 2 saw the card; 3 and no one did)."""
    db = default_database()
    g = Game.new(db, 3, seed=1)
    antlers, fangs, denial = 2, 31, 22
    public = [
        (Ruling("no_ages"),
         "The age deck is empty: the world ends without a final catastrophe."),
        (Ruling("no_host", antlers),
         "Antlers has no trait to attach to and stays where it was."),
        (Ruling("third_dominant", antlers, 0),
         "Antlers would be a third dominant trait and is discarded."),
        (Ruling("denial", fangs, 1),
         "Player 2 ignores Fangs (Denial)."),
        (Ruling("endurance", antlers, 2),
         "Antlers stays in Player 3's pile."),
        (Ruling("nihilism", denial, 0, seats=(1, 2)),
         "Denial: the next catastrophe comes now; "
         "Player 2 and Player 3 lose their turns this round, and Player 1 does not stabilize."),
        (Ruling("nihilism", denial, 2),
         "Denial: the next catastrophe comes now; no turns are "
         "left this round, and Player 3 does not stabilize."),
        (TurnPassed(1, "empty_hand"),
         "Player 2 has no cards: draws 5 and skips the turn."),
        (TurnPassed(1, "cannot_play"),
         "Player 2 cannot play and skips the turn."),
        (Transferred("steal_discarded", 0, antlers, 1),
         "Player 1 steals Antlers from Player 2: it is discarded."),
        (Transferred("steal_with", 0, antlers, 1, fangs),
         "Player 1 steals Antlers from Player 2, with Fangs attached."),
        (Colored("named", 0, denial, picks=("red", None, "blue")),
         "Denial: the colors named: Player 1 red, Player 3 blue."),
    ]
    for fact, text in public:
        assert set(_texts(g, fact).values()) == {text}, fact
    seen = (0, 1)
    private = [     # (what Player 1 and 2 read, what the others read)
        (Colored("become", 0, antlers, "red", seen=seen),
         ("Player 1's Antlers becomes red.", "Player 1's a card becomes red.")),
        (Colored("named", 0, antlers, picks=("red",), seen=seen),
         ("Antlers: the colors named: Player 1 red.", "A card: the colors named: Player 1 red.")),
        (Ruling("prevent", antlers, 1, seen, other=fangs),
         ("Player 2 plays Fangs: Antlers's action is prevented.",
          "Player 2 plays Fangs: a card's action is prevented.")),
        (Ruling("stays", antlers, 0, seen, "too late"),
         ("Antlers cannot be played now and stays in hand (too late).",
          "A card cannot be played now and stays in hand.")),
        (Ruling("keep_none", -1, 0, seen, "2"),
         ("Player 1 keeps no card and puts 2 at the bottom of the trait deck.",) * 2),
        (Transferred("steal_hands", 0, (antlers,), 1, seen=seen),
         ("Player 1 steals Antlers from Player 2.", "Player 1 steals 1 card from Player 2's hand.")),
        (Transferred("look", 0, (antlers,), 1, seen=seen),
         ("Player 1 looks at Antlers from Player 2's hand.",
          "Player 1 looks at 1 cards of Player 2's hand.")),
    ]
    for fact, (mine, others) in private:
        texts = _texts(g, fact)
        assert (texts[0], texts[1], texts[2], texts[-1]) == (mine, mine, others, others), fact


def _cards(x):
    return {c for c in (x if isinstance(x, tuple) else (x,)) if isinstance(c, int) and c >= 0}


def test_a_seat_that_did_not_see_a_card_never_gets_it_through_a_told_fact(games):
    hidden = shown = 0
    for g in games:
        lines = set(g.log.at)
        for seat in range(-1, g.n):
            mine = zone_events_for(g, seat, places=True) if seat >= 0 else None
            for j, e in enumerate(g.moves):
                if not isinstance(e, Told):
                    continue
                assert j in lines               # a told fact is always a line of the log
                if getattr(e, "seen", None) is None or seat in e.seen:
                    shown += 1
                    assert e.for_seat(seat) is e
                    continue
                hidden += 1
                got = e.for_seat(seat)
                assert not _cards(got.card) and not got.tells(seat), (e, seat)
                assert e.tells(seat) == bool(_cards(e.card))
                if mine is not None:
                    assert mine[j] == got
                line = e.line(g, j).for_seat(seat)
                assert not any(_cards(p) & _cards(e.card) for p in line.parts
                               if not isinstance(p, str)), (e, seat, line)
    assert hidden > 100 and shown > 1000


def test_a_fact_that_hides_its_card_is_caught_if_it_gives_it_away(games, monkeypatch):
    """The check above is no empty check: a `Told` that gives every seat its card fails it."""
    monkeypatch.setattr(Told, "for_seat", lambda self, seat: self)
    with pytest.raises(AssertionError):
        test_a_seat_that_did_not_see_a_card_never_gets_it_through_a_told_fact(games)
