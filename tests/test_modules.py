"""Expansion modules as data (ruling E1): the manifest in cards.yaml, module files checked like
the base file, and one database per set of modules."""

import shutil
from pathlib import Path

import pytest

from doomlings_desktop.rules.cards import (
    CardDatabaseError,
    available_modules,
    database_for,
    default_database,
    load_database,
)

ROOT = Path(__file__).resolve().parent.parent
MC = ("acrobatic", "bloom", "bullheaded", "curiosity", "hand-wing", "mitosis", "free-will",
      "tetrachromatic", "wild")


def test_base_database_has_no_module_cards():
    db = default_database()
    assert db.modules == () and "multi-color" in db.manifest
    assert not any(i in db.defs for i in MC)
    assert all(d.module == "" for d in db.defs.values())


def test_multi_color_database_adds_its_cards_and_keeps_base_digests():
    base = default_database()
    db = database_for(["multi-color"])
    assert db.modules == ("multi-color",) and db is database_for(("multi-color",))
    assert all(db.defs[i].module == "multi-color" for i in MC)
    assert {i: db.behaviour[i] for i in base.behaviour} == base.behaviour
    assert db.defs["wild"].colors == ("red", "blue", "green", "purple")
    assert database_for(()) is base


KS = ("beauty", "bones", "fulfilled", "juicy", "pride", "tube-feet", "joy")


def test_kickstarter_database_adds_its_cards_and_keeps_base_digests():
    base = default_database()
    db = database_for(["kickstarter"])
    assert db.modules == ("kickstarter",) and "kickstarter" in base.manifest
    assert not any(i in base.defs for i in KS)
    assert all(db.defs[i].module == "kickstarter" for i in KS)
    assert db.defs["joy"].kind == "age" and db.defs["fulfilled"].fixed
    assert {i: db.behaviour[i] for i in base.behaviour} == base.behaviour


def test_kickstarter_random_games_ask_known_intents_and_replay():
    """Random games with the module: every decision's intent fits its kind (the module's new
    verbs reuse existing intents), and a record replays to the same piles."""
    import json
    import random

    from doomlings_desktop.rules import decisions as D
    from doomlings_desktop.rules.engine import Game
    from doomlings_desktop.rules.record import make_record, replay

    db = database_for(["kickstarter"])
    for seed in range(20):
        r = random.Random(seed)
        g = Game.new(db, 2 + seed % 4, seed=seed, log=False)
        while g.pending is not None:
            assert D.INTENTS.get(g.pending.intent) == g.pending.kind, g.pending
            g.apply(r.choice(g.pending.options))
        rec = json.loads(json.dumps(make_record(g)))
        assert rec["modules"] == ["kickstarter"]
        again = replay(rec, default_database(), log=False)
        assert [p.pile for p in again.players] == [p.pile for p in g.players]


def test_unknown_module_is_a_clear_error():
    with pytest.raises(CardDatabaseError, match="unknown module 'no-such-module'"):
        database_for(["no-such-module"])


def _copy(tmp_path: Path, module_text: str) -> Path:
    shutil.copy(ROOT / "cards.yaml", tmp_path / "cards.yaml")
    (tmp_path / "assets" / "modules").mkdir(parents=True)
    (tmp_path / "assets" / "modules" / "multi-color.yaml").write_text(module_text)
    return tmp_path / "cards.yaml"


def test_module_card_clashing_with_a_base_id_names_the_file_and_line(tmp_path):
    path = _copy(tmp_path, "format: 1\nmodule: multi-color\ntraits:\n"
                           "  - id: bark\n    name: Bark\n    color: green\n    value: 2\n")
    load_database(path)     # the base alone does not read module files
    with pytest.raises(CardDatabaseError, match=r"multi-color.yaml:4: field 'id': card id 'bark' is already a card of the base"):
        load_database(path, ["multi-color"])


def test_module_file_is_checked_like_the_base_file(tmp_path):
    path = _copy(tmp_path, "format: 1\nmodule: multi-color\ntraits:\n"
                           "  - id: odd\n    name: Odd\n    color: pink\n    value: 2\n")
    with pytest.raises(CardDatabaseError, match=r"multi-color.yaml:6: card 'odd': field 'color'"):
        load_database(path, ["multi-color"])


def test_module_file_must_name_its_module(tmp_path):
    path = _copy(tmp_path, "format: 1\nmodule: techlings\ntraits: []\n")
    with pytest.raises(CardDatabaseError, match="lists it as 'multi-color'"):
        load_database(path, ["multi-color"])


# ---------------------------------------------------------------- records name their modules

def _played(db, answers=30):
    import random

    from doomlings_desktop.rules.engine import Game

    g = Game.new(db, 3, seed=5, log=False)
    r = random.Random(5)
    while g.pending is not None and len(g.answers) < answers:
        g.apply(r.choice(g.pending.options))
    return g


def test_a_module_game_record_names_its_modules_and_replays():
    import json

    from doomlings_desktop.rules.record import make_record, replay

    g = _played(database_for(["multi-color"]))
    rec = json.loads(json.dumps(make_record(g)))
    assert rec["modules"] == ["multi-color"]
    again = replay(rec, default_database(), log=False)      # the base database is enough
    assert again.db.modules == ("multi-color",)
    assert [p.pile for p in again.players] == [p.pile for p in g.players]


def test_a_base_game_record_has_no_modules_key():
    from doomlings_desktop.rules.record import make_record

    assert "modules" not in make_record(_played(default_database()))


@pytest.mark.parametrize("mods, words", [(["no-such-module"], "'no-such-module' module"),
                                         ("multi-color", "not a list"), ([3], "not a list")])
def test_a_record_with_an_unknown_module_is_a_record_error(mods, words):
    from doomlings_desktop.rules.record import RecordError, make_record, replay

    rec = make_record(_played(default_database()))
    rec["modules"] = mods
    with pytest.raises(RecordError, match=words):
        replay(rec, default_database(), log=False)


# ---------------------------------------------------------------- scenarios

SCEN = {"players": 2, "modules": ["multi-color"],
        "setup": {"players": [{"pile": ["acrobatic"], "hand": ["fangs"]}, {"hand": ["gills"]}]},
        "expect": {"players": [{"colors": {"green": 1, "purple": 1}}]}}


def _run(data):
    from doomlings_desktop.commands.scenario import Runner

    Runner(default_database(), data).run()


def test_scenario_modules_and_colors_pass():
    _run(SCEN)


@pytest.mark.parametrize("change, words", [
    ({"modules": []}, "acrobatic"),                     # a module card needs its module
    ({"modules": ["nope"]}, "unknown module 'nope'"),
    ({"expect": {"players": [{"colors": {"green": 2}}]}}, "colors"),
    ({"expect": {"players": [{"colors": {"pink": 1}}]}}, "mapping of color"),
])
def test_scenario_modules_and_colors_fail(change, words):
    from doomlings_desktop.commands.scenario import ScenarioError

    with pytest.raises(ScenarioError, match=words):
        _run({**SCEN, **change})


def test_a_bot_picks_juicy_s_first_trait_worth_moving():
    """Juicy's first pick moves nothing yet: the quick policy still prefers a good trait of
    another pile (or a poor one of its own) to the first one offered."""
    from doomlings_desktop.bots.heuristics import fast_answer
    from doomlings_desktop.commands.scenario import Runner

    data = {"players": 2, "modules": ["kickstarter"],
            "setup": {"trait_deck": ["leaves", "migratory", "nocturnal"],
                      "players": [{"hand": ["juicy", "big-ears"], "pile": ["bark"]},
                                  {"hand": ["gills"], "pile": ["fear", "adorable"]}]}}
    r = Runner(default_database(), data)
    g = r.g
    g.apply(g.db.card("juicy"))
    assert g.pending.intent == "swap_for_trait" and g.pending.subject == -1
    assert g.db.ident[fast_answer(g)] == "adorable"


def test_e1_a_module_card_is_of_its_module_wherever_it_lies():
    """E1: the identity is the card's (its icon), in any zone: a Dinoling counts as one in the
    discard pile and in a pile alike."""
    from doomlings_desktop.rules.counters import discard_module, pile_module
    from doomlings_desktop.rules.setup import build
    db = database_for(available_modules())
    for m in ("dinolings", "mythlings", "techlings"):
        ids = [i for i, d in db.defs.items() if d.module == m and d.kind == "trait"]
        assert len(ids) >= 16
    g = build(db, {"discard": ["talons", "bark"], "players": [{"pile": ["tiny-arms", "fangs"]}, {}]},
              players=2)
    assert discard_module(g, 0, "dinolings") == 1 and pile_module(g, 0, "dinolings") == 1
    assert pile_module(g, 0, "mythlings") == 0


def test_e2_every_module_card_is_one_copy_of_the_current_printing():
    """E2: one copy each; Multi-Color is the six dual-colour traits, Free Will, Tetrachromatic
    and Wild (Motley, Wild's older printing, is not used); Fulfilled is colorless."""
    db = database_for(available_modules())
    assert all(d.copies == 1 for d in db.defs.values() if d.module and d.kind == "trait")
    multi = sorted(i for i, d in db.defs.items() if d.module == "multi-color")
    assert len(multi) == 9 and "motley" not in db.defs
    assert {"free-will", "tetrachromatic", "wild"} <= set(multi)
    assert sum(1 for i in multi if len(db.defs[i].colors or ()) == 2) == 6
    assert db.defs["fulfilled"].color == "colorless"


def test_e3_module_ages_and_catastrophes_join_the_pools_the_age_deck_is_drawn_from():
    """E3: still Birth of Life, 9 ages (3 piles of 3) and 3 catastrophes, drawn from the larger
    pools; the long age deck uses every age of the pools."""
    from doomlings_desktop.rules.engine import Game
    db = database_for(available_modules())
    module_ages = {db.card(i) for i, d in db.defs.items() if d.module and d.kind in ("age",
                                                                                  "catastrophe")}
    assert len(module_ages) == 7        # Badlands, Ozmorian Winds, Age of Metadata, Joy; 3 cats
    seen = set()
    for seed in range(60):
        g = Game.new(db, 4, seed=seed, log=False)
        deck = g.age_deck[:-1]          # the top (the list's end) is The Birth of Life
        assert g.age_deck[-1] == db.birth
        kinds = [db.cards[c].kind for c in deck]
        assert kinds.count("age") == 9 and kinds.count("catastrophe") == 3
        seen |= module_ages & set(deck)
    assert seen == module_ages          # each module age and catastrophe can be dealt
    g = Game.new(db, 4, seed=1, variants={"long_age_deck": True}, log=False)
    assert sum(1 for c in g.age_deck if db.cards[c].kind == "age") == len(db.ages)
