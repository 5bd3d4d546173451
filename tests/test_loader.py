"""A broken cards.yaml gives a message naming file, line, card and field — never a traceback."""

import subprocess
import sys
from pathlib import Path

import pytest

from doomlings_desktop.rules.cards import CardDatabaseError, parse_database

ROOT = Path(__file__).resolve().parent.parent
GOOD = (ROOT / "cards.yaml").read_text()


def test_the_real_database_is_complete(db):
    traits = [db.cards[c] for c in db.traits]
    assert len(traits) == 117
    assert len({d.id for d in traits}) == 107
    assert len(db.by_id["kidney"]) == 7 and len(db.by_id["swarm"]) == 5
    assert len(db.ages) == 25 and len(db.catastrophes) == 15 and db.birth >= 0
    handler = sum(1 for d in db.defs.values() if d.uses_handler)
    assert handler / len(db.defs) <= 0.10


def test_ids_match_the_reference(db):
    import json
    ref = ROOT.parent / "shared" / "reference" / "doomlings-cards.json"
    if not ref.exists():
        pytest.skip("reference data not beside the checkout")
    data = json.loads(ref.read_text())
    for t in data["traits"]:
        d = db.defs[t["id"]]
        assert d.color == t["color"]
        assert d.dominant == t["dominant"]
        assert d.variable == t["variable_value"]
        if not t["variable_value"]:
            assert d.value == t["face_value"], t["id"]
    assert {a["id"] for a in data["ages"]} == {db.cards[c].id for c in db.ages}
    assert {a["id"] for a in data["catastrophes"]} == {db.cards[c].id for c in db.catastrophes}
    for c in data["catastrophes"]:
        assert db.defs[c["id"]].gene_pool == c["gene_pool_effect"]


def line_of(text, needle):
    return text[: text.index(needle)].count("\n") + 1


@pytest.mark.parametrize("old, new, field, card, words", [
    ("action: [{steal_trait: {filter: {color: red}}}]",
     "action: [{steal_trat: {filter: {color: red}}}]", "action[0].steal_trat", "selfish",
     "unknown verb"),
    ("action: [{steal_trait: {filter: {color: red}}}]",
     "action: [{steal_trait: {filter: {colour: red}}}]", "filter.colour", "selfish",
     "unknown key"),
    ("action: [{draw: 4}]", "action: [{draw: four}]", "draw.n", "introspective",
     "expected a number"),
    ("  - id: selfish\n    name: \"Selfish\"\n    picture: game-icons:coins-pile\n    color: purple",
     "  - id: selfish\n    name: \"Selfish\"\n    picture: game-icons:coins-pile\n    color: purpel", "color", "selfish",
     "expected one of"),
    ("play_named: {card: heroic}", "play_named: {card: heroik}", "card", "birth-of-a-hero",
     "expected a known card id"),
    ("    copies: 7", "    copies: 70", "copies", "kidney", "copies must be"),
    ("score: [{per: {count: pile_named, card: kidney}}]",
     "score: [{per: {count: pile_nmaed, card: kidney}}]", "score[0].per", "kidney",
     "unknown counter"),
    ("score: [{per: {count: pile_named, card: kidney}}]",
     "score: [{per: {count: pile_module, module: dinoling}}]", "score[0].per", "kidney",
     "expected dinolings or mythlings or techlings"),
])
def test_broken_database_messages(old, new, field, card, words):
    assert old in GOOD, old
    text = GOOD.replace(old, new, 1)
    with pytest.raises(CardDatabaseError) as e:
        parse_database(text, "cards.yaml")
    msg = str(e.value)
    assert msg.startswith("cards.yaml:"), msg
    assert f"card '{card}'" in msg and field in msg and words in msg, msg
    line = int(msg.split(":")[1])
    want = line_of(text, new.strip().split("\n")[-1])
    assert abs(line - want) <= 3, msg


def test_invalid_yaml_names_the_line():
    text = GOOD.replace("  - id: bad\n", "  - id: bad\n   oops: [\n", 1)
    with pytest.raises(CardDatabaseError, match=r"cards.yaml:\d+: not valid YAML"):
        parse_database(text, "cards.yaml")


def test_duplicate_ids_and_missing_sections():
    with pytest.raises(CardDatabaseError, match="duplicate card id 'bark'"):
        parse_database(GOOD.replace("  - id: leaves\n", "  - id: bark\n", 1))
    with pytest.raises(CardDatabaseError, match="unknown key 'catastrophez'"):
        parse_database(GOOD.replace("catastrophes:\n", "catastrophez:\n", 1))
    with pytest.raises(CardDatabaseError, match="missing key 'catastrophes'"):
        parse_database(GOOD[: GOOD.index("catastrophes:\n")] + GOOD[GOOD.index("birth_of_life:"):])


def test_cli_reports_a_broken_database_without_traceback(tmp_path):
    bad = tmp_path / "cards.yaml"
    bad.write_text(GOOD.replace("draw: 4", "drow: 4", 1))
    r = subprocess.run([sys.executable, "-m", "doomlings_desktop", "--cards", str(bad),
                        "cards", "--check"], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 2
    assert "Traceback" not in r.stderr
    assert "unknown verb 'drow'" in r.stderr and "introspective" in r.stderr
