"""What the bots know about a card comes from the card: its `bots` hints in the card data,
checked like every other field, and a worth derived from its steps where it gives none — so a
new card is never silently worth 0 to them, and the hints change no save."""

from pathlib import Path

import pytest

from doomlings_desktop.bots.heuristics import Tables
from doomlings_desktop.bots.knowledge import steps_worth, worths
from doomlings_desktop.rules.cards import CardDatabaseError, parse_database

ROOT = Path(__file__).resolve().parent.parent
GOOD = (ROOT / "cards.yaml").read_text()


def test_every_base_card_gives_the_bots_its_worths(db):
    for d in db.defs.values():
        got, guessed = worths(d)
        assert not guessed, f"{d.id}: worth {sorted(guessed)} derived, not given"
        if d.kind == "trait" and (d.action or d.world_end or d.variable or d.reaction):
            assert got, d.id
    t = Tables(db)
    assert t.action[db.by_id["venomous"][0]] == 4.0 and t.hold[db.by_id["sneaky"][0]] == 3.0


def test_a_card_without_hints_gets_a_worth_derived_from_its_steps():
    text = GOOD.replace("    bots: {action: 2}\n", "", 1)       # the first action hint of 2
    db = parse_database(text)
    bare = [d for d in db.defs.values() if worths(d)[1]]
    assert len(bare) == 1
    d = bare[0]
    got, guessed = worths(d)
    assert guessed == {"action"} and got["action"] != 0.0, d.id


def test_a_derived_worth_follows_what_the_steps_do(db):
    """Drawing is worth its cards; discarding from your own hand costs; from the opponents' gains."""
    assert steps_worth(db.defs["iridescent-scales"].action) == pytest.approx(2.1)   # draw 3
    assert steps_worth(db.defs["hot-temper"].action) < 0        # discard 2 of your own
    assert steps_worth(db.defs["bad"].action) > 0               # opponents discard 2
    assert steps_worth(db.defs["selfish"].action) > 0           # take a trait


@pytest.mark.parametrize("bad, words", [
    ("bots: {acton: 1}", "acton"),
    ("bots: {action: many}", "must be a number of points"),
    ("bots: {action: 99}", "must be a number of points"),
    ("bots: {world_end: 1}", "has no world_end"),
])
def test_a_bad_hint_names_the_line_card_and_field(bad, words):
    old = "    bots: {action: 1}\n"
    assert old in GOOD
    with pytest.raises(CardDatabaseError) as e:
        parse_database(GOOD.replace(old, f"    {bad}\n", 1), "cards.yaml")
    msg = str(e.value)
    assert "cards.yaml" in msg and words in msg and "bots" in msg


def test_hints_are_not_rules_so_changing_them_orphans_no_save(db):
    changed = parse_database(GOOD.replace("bots: {action: 4}", "bots: {action: 3}", 1))
    assert changed.behaviour == db.behaviour
