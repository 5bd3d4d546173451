"""One event stream (issue "Every change is an event", the log's part): the log a seat reads is
rendered from the game's one list of events (`Game.moves`), and a line that restates a typed
fact is rendered from that fact, never said beside it. `Game.log` only says which entries are
lines, so a line's index (a save's `bot_notes`, a remote seat's `log_at`) keeps its meaning."""

import random

import pytest

from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.events import (
    Event,
    Fact,
    FirstPlayer,
    Laid,
    MeaningKept,
    MeaningShown,
    Moved,
    Played,
    Shown,
    Told,
    events_for,
    zone_events_for,
)
from doomlings_desktop.rules.record import make_record, replay

# The kinds of line a typed fact renders (`line`): none of them may be said as an `Event`.
TOLD = {"draw": Moved, "discard": Moved, "take": Moved, "reshuffle": Laid, "play": None,
        "age": None, "world_end": None, "we_trait": None, "we_catastrophe": None,
        "winner": None, "catastrophe": FirstPlayer, "reveal": Shown, "tiebreak": Shown,
        "meaning": None,    # a kept Meaning card (to its keeper: MeaningKept), or shown at the end
        "out_of_turn": Played, "age_skipped": Moved}      # into a pile, or attached (an in-turn attachment's "attach")


def _all_modules():
    from doomlings_desktop.rules.cards import available_modules, database_for

    return database_for(available_modules())


def _games(db, seeds):
    for seed in seeds:
        g = Game.new(db, 2 + seed % 5, seed=seed)
        rand = random.Random(seed)
        while g.pending is not None:
            g.apply(rand.choice(g.pending.options))
        yield g


@pytest.fixture(scope="module")
def games():
    return list(_games(_all_modules(), range(300, 312)))


def test_every_line_is_an_entry_of_the_one_stream(games):
    for g in games:
        at = g.log.at
        assert at == sorted(set(at)) and len(g.log) == len(at) <= len(g.moves)
        for i, j in enumerate(at):
            e = g.moves[j]
            assert isinstance(e, Fact) and g.log[i] == e.line(g, j)
            assert type(g.log[i]) is Event


def test_a_line_that_restates_a_typed_fact_is_rendered_from_it(games):
    kinds = set()
    for g in games:
        for j in g.log.at:
            e = g.moves[j]
            line = e.line(g, j)
            kind = line.kind
            if kind == "meaning":       # kept (to its keeper), or come to light at the count
                assert type(e) is (MeaningKept if line.to else MeaningShown)
            if kind in TOLD:
                kinds.add(kind)
                assert type(e) is not Event, f"{kind} said beside its fact: {e!r}"
                assert TOLD[kind] is None or type(e) is TOLD[kind]
    assert {"draw", "discard", "play", "age", "world_end", "winner", "meaning", "catastrophe",
            "reveal", "tiebreak", "out_of_turn"} <= kinds


def test_a_draw_line_names_exactly_the_cards_drawn_to_the_drawer():
    """Its cards are the draw's moves, reshuffle included, and no earlier draw's."""
    for g in _games(_all_modules(), range(400, 406)):
        for i, j in enumerate(g.log.at):
            e = g.moves[j]
            if type(e) is not Moved or e.src != "deck":
                continue
            line = g.log[i]
            cards = line.secret[1]
            assert cards[-1] == e.card and line.to == (e.q,)
            assert line.parts == (f"{g.pname(e.q)} draws {len(cards)}.",)
            assert events_for(g, e.q, i)[0][1] == f"{g.pname(e.q)} draws " + \
                ", ".join(g.db.name(c) for c in cards) + "."
            other = (e.q + 1) % g.n
            assert events_for(g, other, i)[0][1] == f"{g.pname(e.q)} draws {len(cards)}."


def test_the_cards_of_each_draw_add_up_to_every_card_drawn():
    """Every move from the deck into a hand after the deal is in exactly one draw's line."""
    for g in _games(_all_modules(), range(500, 506)):
        dealt = 5 * g.n
        drawn = [m.card for m in g.moves if type(m) is Moved and m.src == "deck"
                 and m.dst == "hand"][dealt:]
        told = [c for i, j in enumerate(g.log.at) if type(g.moves[j]) is Moved
                and g.moves[j].src == "deck" for c in g.log[i].secret[1]]
        assert told == drawn


def test_no_line_is_said_every_line_is_a_typed_fact_each_seat_gets(games):
    """No rule writes a line as text (`Game.say` is gone): every line of the log is a typed
    fact, which every seat gets as a typed event too (its hidden cards None), so the table
    and a remote seat can tell what happened from facts, never from words."""
    told = 0
    for g in games:
        assert not any(type(e) is Event for e in g.moves)
        for seat in range(g.n):
            placed = zone_events_for(g, seat, places=True)
            assert len(placed) == len(g.moves)
            for j in g.log.at:
                assert placed[j] is not None, g.moves[j]
                told += isinstance(placed[j], Told)
    assert told > 100


def test_a_line_index_reads_from_that_line_on(games):
    for g in games[:4]:
        for seat in (-1, 0):
            whole = events_for(g, seat)
            for k in (0, 1, len(whole) // 2, len(whole) - 1, len(whole)):
                assert events_for(g, seat, k) == whole[k:]


def test_a_replayed_game_has_the_same_stream_and_log(games):
    g = games[0]
    again = replay(make_record(g), g.db)
    assert again.moves == g.moves and again.log == g.log and again.log.at == g.log.at
    assert g.clone().log is None and g.clone().moves is None


def _cards(parts):
    out = set()
    for p in parts:
        if isinstance(p, tuple):
            out.update(c for c in p if c is not None)
        elif isinstance(p, int):
            out.add(p)
    return out


def test_a_line_reaches_a_seat_through_the_same_filter_as_every_event(games):
    """`for_seat` gives a line as the seat may know it: no card the line hides from that seat
    is in it at all, and its text is what `events_for` gives."""
    from doomlings_desktop.rules.events import Secret
    hidden_somewhere = 0
    for g in games:
        for i, e in enumerate(g.log):
            for seat in range(-1, g.n):
                mine = e.for_seat(seat)
                assert type(mine) is Event and not any(type(p) is Secret for p in mine.parts)
                assert events_for(g, seat, i)[0] == (e.kind, mine.text(g.db))
                if e.to and seat not in e.to:
                    hidden_somewhere += 1
                    assert not _cards(mine.parts), (e, seat)
                for p in e.parts:
                    if type(p) is Secret and seat not in p.to and not (e.to and seat in e.to):
                        hidden_somewhere += 1
                        assert not (_cards((p.card,)) & _cards(mine.parts)), (e, seat)
    assert hidden_somewhere
