"""A program update never orphans a save: records name cards by id and judge compatibility by
what the cards do, so rewording, comments, moved or added cards leave old saves playable; a
real change of a card's rules is explained and the save kept."""

from __future__ import annotations

import json
import random

import pytest

from doomlings_desktop.rules.cards import parse_database
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.record import make_record, replay
from doomlings_desktop.storage import saves
from tests.test_saves import ROOT, SEATS, midgame

TEXT = (ROOT / "cards.yaml").read_text(encoding="utf-8")


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))
    return tmp_path


def played(db, seed=11, steps=60) -> Game:
    return midgame(db, seed, steps)


def by_id(g: Game) -> tuple:
    """The game's state in card ids, comparable across databases (the log by its events:
    a reworded card's name shows in the new wording)."""
    ids = g.db.ident
    return (tuple((tuple(ids[c] for c in p.hand), tuple(ids[c] for c in p.pile), p.gp)
                  for p in g.players), tuple(ids[c] for c in g.deck),
            [e.kind for e in g.log or ()])


def _move_first_trait_to_the_end(text: str) -> str:
    start = text.index("\n  - id: ", text.index("traits:"))
    end = text.index("\n  - id: ", start + 1)
    block = text[start:end]
    ages = text.index("\nages:")
    return text[:start] + text[end:ages] + block + text[ages:]


NEW_TRAIT = """
  - id: test-newcomer
    name: "Newcomer"
    color: blue
    value: 2
"""

EDITS = {
    "a comment": lambda t: "# edited by an update\n" + t.replace("\ntraits:", "\n# x\ntraits:"),
    "rules text and names reworded": lambda t: t.replace(
        'name: "Kidney"', 'name: "Kidneys"').replace("text: \"", "text: \"Now: ", 5),
    "a trait moved within the file": _move_first_trait_to_the_end,
    "a new trait added": lambda t: t.replace("\nages:", NEW_TRAIT + "\nages:", 1),
}


@pytest.mark.parametrize("edit", sorted(EDITS))
def test_yesterdays_save_continues_after_an_edit_that_keeps_the_rules(db, edit):
    g = played(db)
    path = saves.save(g, SEATS)
    new_db = parse_database(EDITS[edit](TEXT))
    assert new_db.hash != db.hash
    got = saves.load(path, new_db)
    assert by_id(got.game) == by_id(g)
    r1, r2 = random.Random(5), random.Random(5)       # and it plays on alike
    while g.pending and got.game.pending:
        g.apply(r1.choice(g.pending.options))
        got.game.apply(r2.choice(got.game.pending.options))
    assert by_id(got.game) == by_id(g) and got.game.scores == g.scores
    assert saves.load(saves.save(got.game, SEATS), new_db).game.scores == g.scores


def test_a_changed_card_rule_is_explained_kept_and_listed(db):
    g = played(db)
    path = saves.save(g, SEATS, "before the update")
    text = path.read_text()
    old = 'id: kidney\n    name: "Kidney"\n    picture: game-icons:kidneys\n    color: red\n'
    assert old in TEXT
    new_db = parse_database(TEXT.replace(old, old.replace("red", "green")))
    assert new_db.behaviour["kidney"] != db.behaviour["kidney"]
    with pytest.raises(saves.SaveError, match="rules of Kidney have changed") as e:
        saves.load(path, new_db)
    assert e.value.kept and path.read_text() == text
    assert not list(path.parent.glob("*.corrupt"))


def _format1(g: Game) -> dict:
    """What the first release wrote: card positions and the hash of its file's text (that
    release's cards.yaml: today's file has another hash, and format 1 is written no more)."""
    return {"format": 1, "cards": "62ba8ad9e93983f9", "seed": g.seed, "variants": dict(g.variants),
            "seats": SEATS, "answers": list(g.answers), "saved_at": "2026-11-24 10:00:00",
            "over": g.over}


def test_format_1_saves_still_load_and_are_written_as_format_2(db, home):
    g = played(db, seed=3, steps=80)
    path = saves.autosave_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(_format1(g)))
    assert saves.has_autosave()
    got = saves.load(path, db)
    assert by_id(got.game) == by_id(g)
    again = json.loads(saves.save(got.game, SEATS).read_text())
    assert again["format"] == 2 and any(isinstance(a, str) and "#" in a
                                        for a in again["answers"])
    # ... and the format-1 file still loads after the card file's wording changes.
    path.write_text(json.dumps(_format1(g)))
    assert by_id(saves.load(path, parse_database(EDITS["a comment"](TEXT))).game) == by_id(g)


def test_format_1_from_an_older_file_version_loads(db):
    g = played(db, seed=4)
    rec = {**_format1(g), "cards": "4a314f0d1577f542"}   # before The Four Horsemen's flag
    assert by_id(replay(rec, db)) == by_id(g)


def test_format_1_from_an_unknown_database_is_kept_not_damaged(db):
    rec = {**_format1(played(db)), "cards": "0123456789abcdef"}
    path = saves.saves_dir() / "mystery.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(rec))
    with pytest.raises(saves.SaveError, match="does not know") as e:
        saves.load(path, db)
    assert e.value.kept and path.exists()


def test_records_name_cards_by_id(db):
    rec = make_record(played(db))
    cards = [a for a in rec["answers"] if isinstance(a, str) and "#" in a]
    assert cards and all(a.split("#")[0] in db.defs for a in cards)
    assert all(a < 6 for a in rec["answers"] if isinstance(a, int))   # seats, not cards


def test_autosave_encoding_walks_on_from_the_last_answer_and_matches_a_fresh_walk(db):
    """`_encode` keeps the last game's walk so that autosave costs one answer, not a replay;
    what it writes must be what a walk from the deal writes, and an answer taken back (a new
    game object) or another game must not reuse the walk."""
    import random

    from doomlings_desktop.rules import record
    from doomlings_desktop.rules.engine import Game

    g = Game.new(db, 3, seed=11)
    other = Game.new(db, 3, seed=12)
    r = random.Random(11)
    for i in range(400):
        if g.pending is None:
            break
        g.apply(r.choice(g.pending.options))
        inc = record._encode(g)
        if i % 37 == 0:
            record._last_encoded.clear()
            assert record._encode(g) == inc
            other.apply(other.pending.options[0])
            assert record._encode(other)[-1] is not None     # another game in between
    assert len(inc) == len(g.answers) > 50
    back = record.replay(record.make_record(g), db, upto=len(g.answers) - 5)
    assert record._encode(back) == inc[:-5]
