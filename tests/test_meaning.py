"""The Meaning of Life module (rulings E4, E33): its cards as data, the deal and the secret
keep at set-up, the bonus scored last, and privacy."""

from pathlib import Path

import pytest

from doomlings_desktop.rules.cards import CardDatabaseError, database_for, load_database

ROOT = Path(__file__).resolve().parent.parent
MOL = ("meaning-of-life",)


def test_module_has_the_18_meaning_cards_and_keeps_base_digests(db):
    mdb = database_for(MOL, base=db)
    assert len(mdb.meanings) == 18
    assert all(mdb.cards[c].kind == "meaning" and mdb.cards[c].bonus for c in mdb.meanings)
    assert {i: mdb.behaviour[i] for i in db.behaviour} == db.behaviour
    assert db.meanings == [] and mdb.traits == db.traits and mdb.ages == db.ages
    weaver = mdb.cards[mdb.card("the-weaver")].bonus
    assert weaver[2:] == ("points", 3)
    assert mdb.cards[mdb.card("the-vagrant")].bonus[2:] == ("lowest", (8, 6))


@pytest.mark.parametrize("bonus, message", [
    ("{per: {count: pile_size}}", r"meaning-of-life.yaml:7: card 'odd': field 'bonus': a bonus has exactly one"),
    ("{per: {count: pile_size}, tiers: [{min: 4, max: 2, points: 3}]}",
     r"meaning-of-life.yaml:7: card 'odd': field 'bonus.tiers\[0\]': min 4 is above max 2"),
    ("{per: {count: nothing}, points: 1}", r"meaning-of-life.yaml:7: card 'odd'.*unknown counter"),
    ("{per: {count: pile_size}, lowest: {alone: 8}}", r"missing key 'tied'"),
])
def test_a_bad_bonus_names_the_file_and_line(tmp_path, bonus, message):
    import shutil

    shutil.copy(ROOT / "cards.yaml", tmp_path / "cards.yaml")
    (tmp_path / "assets" / "modules").mkdir(parents=True)
    (tmp_path / "assets" / "modules" / "meaning-of-life.yaml").write_text(
        "format: 1\nmodule: meaning-of-life\nmeanings:\n  - id: odd\n    name: Odd\n"
        f"    text: odd\n    bonus: {bonus}\n")
    with pytest.raises(CardDatabaseError, match=message):
        load_database(tmp_path / "cards.yaml", MOL)
