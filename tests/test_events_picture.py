"""The facts of the event stream (issue "Every change is an event", part 2): each kind of event
is what a seat's picture needs for one of its View's facts (take its recording away and the
rebuilt picture disagrees with `view_for` on that fact), each private one reaches only its
seat, and the narration events (a turn skipped, stabilizing, a pass, a World's End effect)
come where they happen. `test_events.py` holds the zone events and the whole check."""

import random

import pytest

from doomlings_desktop.commands import eventcheck
from doomlings_desktop.rules import events, recorder, state
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.events import (
    AgeBegun,
    Asked,
    Fact,
    MeaningKept,
    Passed,
    Peeked,
    RevealedTo,
    Stabilized,
    TurnSkipped,
    WorldEndEffect,
    zone_events_for,
)

SEED = 100_000      # every kind of event comes in the all-module games from here within 5


@pytest.fixture(scope="module")
def all_db():
    from doomlings_desktop.rules.cards import available_modules, database_for

    return database_for(available_modules())


def _first_failure(db, games=6):
    """The first failure of the event check over the all-module games from SEED, or None."""
    for s in range(SEED, SEED + games):
        res = eventcheck.check(db, 1, seed=s)
        if res.failures:
            return res.failures[0]
    return None


def _says(bad, fact):
    """Whether a failure line names `fact` as a fact that differs (not a word inside another)."""
    return bad is not None and "PictureBroken" in bad and any(
        f"{sep}{fact} " in bad for sep in (": ", "; ", "'s "))


def _finished(db, seed=SEED):
    from doomlings_desktop.commands.fuzz import table_of
    players, variants = table_of(seed)
    g = Game.new(db, players, seed=seed, variants=variants)
    r = random.Random(seed)
    while g.pending is not None:
        g.apply(r.choice(g.pending.options))
    return g


def test_the_whole_picture_is_rebuilt_with_every_module(all_db):
    assert _first_failure(all_db) is None


# (the recorder's method, the View fact a picture gets wrong without it)
FACTS = [
    ("noted_age", "age"),
    ("noted_first", "first"),
    ("noted_turn", "in_turn"),
    ("noted_turn_over", "in_turn"),
    ("noted_round_end", "last_colors"),
    ("noted_played", "last_colors"),
    ("noted_recolor", "colours"),
    ("noted_peeks", "next_ages"),
    ("noted_revealed", "revealed"),
    ("noted_shown", "shown"),
    ("noted_meaning", "meaning"),
    ("noted_asked", "decision"),
    ("noted_hook", "attached"),
    ("noted_world_end", "world_end"),
    ("noted_over", "outcome"),
]


@pytest.mark.parametrize("method, fact", FACTS)
def test_each_fact_event_is_what_the_picture_needs(all_db, monkeypatch, method, fact):
    monkeypatch.setattr(recorder.FactRecord, method, lambda self, *a, **k: None)
    bad = _first_failure(all_db)
    assert _says(bad, fact), bad


def test_gene_pool_events_are_what_the_picture_needs(all_db, monkeypatch):
    """A gene pool changed without its event (here: told as a narration the picture keeps no
    trace of) leaves every seat's picture with the old value."""
    monkeypatch.setattr(state, "GenePool", lambda seat, gp, cause: Stabilized(seat))
    bad = _first_failure(all_db)
    assert _says(bad, "gene pool"), bad


def test_open_hands_are_laid_out_for_all(all_db, monkeypatch):
    """Age of Metadata (E24): without the hands laid out face up, a seat's picture of the
    other hands is not the View's."""
    monkeypatch.setattr(recorder.FactRecord, "hands_open", lambda self: False)
    bad = _first_failure(all_db)
    assert _says(bad, "hand"), bad


def test_variants_come_with_the_table(db, monkeypatch):
    monkeypatch.setattr(events.TableSet, "__init__",
                        lambda self, n, variants, last_colors=(): (
                            setattr(self, "n", n), setattr(self, "variants", {}),
                            setattr(self, "last_colors", last_colors)) and None)
    bad = eventcheck.check(db, 12).failures     # table_of gives variants from seed 8 on
    assert bad and _says(bad[0], "variants"), bad[:1]


@pytest.mark.parametrize("kind", [Peeked, RevealedTo, MeaningKept, Asked, Passed])
def test_a_private_event_told_to_another_seat_is_caught(all_db, monkeypatch, kind):
    monkeypatch.setattr(kind, "for_seat", lambda self, seat: self)
    bad = _first_failure(all_db, 3)
    assert bad is not None and "hidden" in bad, bad


def test_private_parts_reach_only_their_seat(all_db):
    g = _finished(all_db, SEED + 1)
    for seat in range(g.n):
        for e in zone_events_for(g, seat):
            assert not (isinstance(e, Fact) and e.tells(seat)), e
            if type(e) in (Peeked, RevealedTo, MeaningKept) and e.seat != seat:
                assert e._key()[1] is None
            if type(e) is Passed:
                assert e.seat == seat
    mine = [e for e in g.moves if type(e) is Peeked and e.ages]
    assert mine and all(e.ages is None for e in zone_events_for(g, (mine[0].seat + 1) % g.n)
                        if type(e) is Peeked and e.seat == mine[0].seat)


def test_a_hidden_offer_is_told_to_no_one_else(all_db):
    """An out-of-turn offer (a "react" decision) reaches its holder; every other seat learns
    only that the game waits on no one it can see, as `view_for` says."""
    g = _finished(all_db)
    offers = [e for e in g.moves if type(e) is Asked and e.decision.kind == "react"]
    assert offers
    holder = offers[0].seat
    other = (holder + 1) % g.n
    assert offers[0].for_seat(holder) is offers[0]
    told = offers[0].for_seat(other)
    assert told.seat == -1 and told.decision is None
    plain = next(e for e in g.moves if type(e) is Asked and e.decision.kind != "react")
    assert plain.for_seat((plain.seat + 1) % g.n) == Asked(plain.seat, None)


def test_narration_events_come_where_they_happen(all_db):
    """Turns skipped (Optimistic Nihilism), stabilizing, passes and World's End effects: the
    picture keeps no trace of them (what follows says it), but they are in the stream."""
    kinds = {}
    for s in range(SEED, SEED + 5):
        g = _finished(all_db, s)
        for e in g.moves:
            kinds.setdefault(type(e), []).append((g, e))
    assert {TurnSkipped, Stabilized, Passed, WorldEndEffect} <= set(kinds)
    for g, e in kinds[WorldEndEffect]:
        assert e.seat == -1 and g.db.cards[e.card].kind == "catastrophe" \
            or g.db.cards[e.card].world_end
    for g, e in kinds[Stabilized]:
        assert 0 <= e.seat < g.n


def test_an_open_hands_age_says_so(all_db):
    opened = [e for s in range(SEED, SEED + 5) for e in _finished(all_db, s).moves
              if type(e) is AgeBegun and e.hands_open]
    assert opened and all(all_db.cards[e.age].rules.get("reveal_hands") for e in opened)


def test_no_fact_is_recorded_without_a_log(db):
    g = Game.new(db, 4, seed=2, log=False)
    r = random.Random(2)
    while g.pending is not None:
        g.apply(r.choice(g.pending.options))
    assert g.moves is None


def _said_kinds():
    """Every literal kind a typed event's `line` gives its `Event` (read from the syntax), or
    a told fact's table gives its lines; no rule says a line as text (`say` is gone)."""
    import ast
    from pathlib import Path

    import doomlings_desktop
    root = Path(doomlings_desktop.__file__).parent / "rules"
    kinds = set()
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Event" \
                    and node.args and isinstance(node.args[0], ast.Constant):
                kinds.add(node.args[0].value)       # a line rendered from a typed event
            assert not (isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "say")
    return kinds | {said[0] for cls in _subclasses(events.Told) for said in cls._SAY.values()}


def test_the_log_kinds_and_the_event_kinds_are_typed_names():
    from typing import get_args

    assert _said_kinds() == set(get_args(events.LogKind))
    # a line's kind is its own; a class whose kind is per instance (the wire's OtherFact,
    # a fact sent by its kind alone) declares none
    made = {cls.kind for cls in _subclasses(events.Fact)
            if isinstance(cls.__dict__.get("kind"), str) and cls is not events.Event}
    made |= {events.Moved.kind, events.Laid.kind, events.EraClosed.kind}
    assert made == set(get_args(events.FactKind))


def _subclasses(cls):
    out = set()
    for sub in cls.__subclasses__():
        out |= {sub} | _subclasses(sub)
    return out


@pytest.mark.parametrize("at", [7, 40, 90])
def test_a_game_played_on_from_any_point_rebuilds_from_its_table(all_db, at):
    """Play on from here lays the position out (`lay_out_recorded`): with the facts of the
    table as they lie then (a turn under way, the last colours, attachments, colours given,
    peeks, a Meaning card kept, a pending decision), every seat's picture starts right."""
    from doomlings_desktop.commands.fuzz import table_of
    from doomlings_desktop.play.playon import _fresh
    for s in range(SEED, SEED + 5):
        players, variants = table_of(s)
        g = Game.new(all_db, players, seed=s, variants=variants, log=False)
        r = random.Random(s)
        for _ in range(at):
            if g.pending is None:
                break
            g.apply(r.choice(g.pending.options))
        if g.pending is not None:
            assert eventcheck.follow(_fresh(g), r) >= 0


@pytest.mark.parametrize("from_deck", [True, False])
def test_forced_world_end_is_told(all_db, from_deck):
    """A scenario's jump to World's End (`force_world_end`) is told like any change: the
    catastrophe laid into the era and the spares that stand for the unrevealed ones reach
    every seat's picture, which still matches its view to the end of the game."""
    from doomlings_desktop.rules.setup import force_world_end

    g = Game.new(all_db, 3, seed=SEED)
    r = random.Random(SEED)
    pics = [eventcheck.Picture(g.n, me, g.db) for me in range(g.n)]
    seen = eventcheck._catch_up(g, pics, 0)
    for _ in range(6):
        g.apply(r.choice(g.pending.options))
    seen = eventcheck._catch_up(g, pics, seen)
    pool = [c for c in all_db.catastrophes if c not in g.catastrophes]
    inside = [c for c in pool if c in g.age_deck]
    outside = [c for c in pool if c not in g.age_deck]
    force_world_end(g, (inside if from_deck else outside)[0])
    seen = eventcheck._catch_up(g, pics, seen)
    while g.pending is not None:
        g.apply(r.choice(g.pending.options))
        seen = eventcheck._catch_up(g, pics, seen)
    assert g.over


def test_sneaky_at_world_end_is_an_out_of_turn_play():
    """Sneaky played at World's End (R5) is told as what it is: a play out of turn, after the
    last turn, in the stream and in the log."""
    from pathlib import Path

    import yaml

    from doomlings_desktop.commands.scenario import Runner
    from doomlings_desktop.rules.cards import default_database
    from doomlings_desktop.rules.events import Played, events_for

    path = Path(__file__).parent / "scenarios" / "rulings" / "r20-sneaky.yaml"
    r = Runner(default_database(), yaml.safe_load(path.read_text()))
    r.run()
    g = r.g
    sneaky = g.db.by_id["sneaky"][0]
    played = [e for e in zone_events_for(g, 1) if type(e) is Played and e.card == sneaky]
    assert [(e.seat, e.out_of_turn) for e in played] == [(0, True)]
    lines = [text for kind, text in events_for(g, 1) if kind == "play"]
    assert "Player 1 plays Sneaky at World's End." in lines
