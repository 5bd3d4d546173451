"""The Dinolings module (issue 19): its cards as the reference has them, costs that make a card
unplayable and say why, simultaneous picks nobody else sees, and random and bot games with it
(alone and with every other module) that ask known intents and replay."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from doomlings_desktop.rules import decisions as D
from doomlings_desktop.rules.cards import available_modules, database_for, default_database
from doomlings_desktop.rules.engine import VARIANTS, Game
from doomlings_desktop.rules.record import make_record, replay
from doomlings_desktop.rules.setup import build
from doomlings_desktop.rules.view import view_for
from doomlings_desktop.rules.worlds import WorldSampler

ROOT = Path(__file__).resolve().parent.parent
REF = ROOT.parent / "shared" / "reference" / "doomlings-expansions.json"
DINO = ("bony-plates", "carnosaur-jaw", "ceratopsian-horns", "cranial-crest", "dermal-armor",
        "egg-predation", "elongated-neck", "fronds", "protofeathers", "pterosaur-wings",
        "pycnofibers", "serrated-teeth", "talons", "terror-beak", "thagomizer", "tiny-arms",
        "badlands", "impact-event")
COSTLY = ("carnosaur-jaw", "fronds", "terror-beak")


@pytest.fixture(scope="module")
def dino():
    return database_for(["dinolings"])


def test_the_module_adds_its_cards_and_keeps_base_digests(dino):
    base = default_database()
    assert dino.modules == ("dinolings",) and "dinolings" in base.manifest
    assert not any(i in base.defs for i in DINO)
    assert all(dino.defs[i].module == "dinolings" for i in DINO)
    assert sum(1 for c in dino.traits if dino.module[c] == "dinolings") == 16
    assert dino.defs["badlands"].kind == "age" and dino.defs["badlands"].once
    assert dino.defs["impact-event"].kind == "catastrophe"
    assert {i: dino.behaviour[i] for i in base.behaviour} == base.behaviour


def test_the_cards_are_the_reference_cards(dino):
    if not REF.exists():
        pytest.skip("reference data not beside the checkout")
    data = json.loads(REF.read_text())
    mine = [t for t in data["traits"] if t["expansion"] == "Dinolings"]
    assert {t["id"] for t in mine} | {"badlands", "impact-event"} == set(DINO)
    for t in mine:
        d = dino.defs[t["id"]]
        assert (d.color, d.value, d.dominant) == (t["color"], t["face_value"], t["dominant"])
        assert ("action" in d.icons) == ("action" in t["printed_icons"]), t["id"]
        assert bool(d.text) == bool(t["effect_text"]), t["id"]
        assert d.gp_self == (t["gene_pool_delta"] or 0), t["id"]
    cat = next(c for c in data["catastrophes"] if c["id"] == "impact-event")
    assert dino.defs["impact-event"].gene_pool == cat["gene_pool_effect"]


def test_every_card_has_a_scenario_named_for_it():
    names = [p.stem for p in (ROOT / "tests" / "scenarios" / "dinolings").glob("*.yaml")]
    assert not [i for i in DINO if not any(i in n for n in names)]


# ---------------------------------------------------------------- costs and the hand's why

def _position(db, pile, hand, age=None, deck=("gills", "leaves", "spiny", "woody-stems")):
    pos = {"trait_deck": list(deck),
           "players": [{"hand": list(hand), "pile": list(pile)}, {"hand": ["nocturnal"]}]}
    if age:
        pos["age"] = age
    return build(db, pos)


@pytest.mark.parametrize("card, pile, hand, words", [
    ("carnosaur-jaw", ["fangs", "apex-predator"], [],
     "Carnosaur Jaw: its cost needs 2 non-dominant red traits from your pile"),
    ("fronds", ["denial"], [], "Fronds: you have no trait to discard for its cost"),
    ("terror-beak", ["pack-behavior"], ["fangs"],
     "Terror Beak: its cost needs 1 green trait from your hand or pile"),
])
def test_an_unpayable_cost_keeps_the_card_in_hand_and_says_why(dino, card, pile, hand, words):
    g = _position(dino, pile, [card, *hand, "quick"])
    c = dino.by_id[card][0]
    assert g.pending.intent == D.TURN_PLAY and c not in g.pending.options
    assert c not in g.legal_plays(0) and g.play_problem(0, c) == words
    assert g.why_not(c) == words


def test_reforestation_blocks_a_pile_cost_but_not_a_hand_one(dino):
    g = _position(dino, ["fangs", "quick"], ["carnosaur-jaw", "terror-beak", "bark"],
                  age="reforestation")
    jaw, beak = dino.by_id["carnosaur-jaw"][0], dino.by_id["terror-beak"][0]
    assert g.why_not(jaw) == "Carnosaur Jaw: traits cannot be discarded this round"
    assert beak in g.pending.options


def test_legal_plays_agree_with_play_problem_with_every_module():
    """The fast path and the rule agree with the module's costs in play (and every other
    module's cards beside them), and the costs did refuse plays."""
    db = database_for(available_modules())
    costly = {db.by_id[i][0] for i in COSTLY}
    refused = Counter()
    for seed in range(40):
        r = random.Random(seed)
        g = Game.new(db, 2 + seed % 5, seed=seed, log=False,
                     variants={k: True for k in VARIANTS if r.random() < 0.3})
        while g.pending is not None:
            for p in range(g.n):
                slow = [c for c in g.players[p].hand if g.play_problem(p, c) is None]
                assert g.legal_plays(p) == slow, (seed, len(g.answers), p)
                refused.update(db.ident[c] for c in g.players[p].hand
                               if c in costly and c not in slow)
            g.apply(r.choice(g.pending.options))
    assert all(refused[i] > 0 for i in COSTLY), refused


# ---------------------------------------------------------------- simultaneous picks (E29)

def test_thagomizer_picks_are_unseen_until_all_are_made(dino):
    g = build(dino, {"trait_deck": ["gills", "leaves", "spiny", "woody-stems", "migratory"],
                     "players": [{"hand": ["thagomizer", "quick", "fear", "big-ears"]},
                                 {"hand": ["fangs", "antlers", "nocturnal"]},
                                 {"hand": ["bark", "adorable", "stone-skin"]}]}, players=3)
    g.apply(dino.by_id["thagomizer"][0])
    quick, fear = dino.by_id["quick"][0], dino.by_id["fear"][0]
    d = g.pending
    assert d.player == 0 and d.intent == D.DISCARD_HAND_CARD and d.count == 2
    g.apply(quick)
    g.apply(fear)
    assert g.pending.player == 1 and not g.discard and {quick, fear} <= set(g.limbo)
    for me in (1, 2):
        v = view_for(g, me)
        assert "Quick" not in " ".join(text for _, text in v.log)
        assert quick not in v.discard and fear not in v.discard
    assert "Quick" in " ".join(text for _, text in view_for(g, 0).log)
    # a bot of seat 1 imagines seat 0's picks among the cards it cannot see
    sampler = WorldSampler(g, 1)
    seen = {tuple(sorted(sampler.sample(random.Random(i)).limbo)) for i in range(20)}
    assert len(seen) > 1
    own = WorldSampler(g, 0).sample(random.Random(1))
    assert {quick, fear} <= set(own.limbo)
    while g.pending is not None and g.pending.intent == D.DISCARD_HAND_CARD:
        g.apply(g.pending.options[0])
    assert len(g.discard) == 6 and not g.limbo


# ---------------------------------------------------------------- whole games

@pytest.mark.parametrize("mods", [["dinolings"], "all"])
def test_random_games_ask_known_intents_and_replay(mods):
    db = database_for(available_modules() if mods == "all" else mods)
    assert "dinolings" in db.modules
    met = Counter()
    for seed in range(24):
        r = random.Random(seed)
        g = Game.new(db, 2 + seed % 5, seed=seed, log=False)
        while g.pending is not None:
            d = g.pending
            assert D.INTENTS.get(d.intent) == d.kind, d
            if d.card >= 0 and db.module[d.card] == "dinolings":
                met[db.ident[d.card]] += 1
            g.apply(r.choice(d.options))
        if seed % 4 == 0:
            rec = json.loads(json.dumps(make_record(g)))
            again = replay(rec, default_database(), log=False)
            assert [p.pile for p in again.players] == [p.pile for p in g.players]
            assert again.scores == g.scores
    assert len(met) >= 8, met       # the module's cards did ask their questions


@pytest.mark.parametrize("level, games", [("random", 12), ("easy", 12), ("medium", 3),
                                          ("hard", 1)])
def test_bots_answer_every_dinolings_decision(dino, level, games):
    from tests.test_bots import checked_game

    for seed in range(games):
        g = checked_game(dino, [level] * (2 + seed % 3), seed)
        assert g.over


def test_bots_value_the_module_decisions_sensibly(dino):
    """An optional pile discard may pass; Elongated Neck's hand card is valued by its action
    (not as a card lost); a Bony Plates play is priced by Bony Plates leaving the pile."""
    from doomlings_desktop.bots.heuristics import fast_answer, option_scores

    g = _position(dino, ["adorable"], ["dermal-armor", "fear", "quick"])
    g.apply(dino.by_id["dermal-armor"][0])
    assert "pass" in g.pending.options and fast_answer(g) == "pass"
    g = _position(dino, ["confusion", "adorable"], ["dermal-armor", "fear", "quick"])
    g.apply(dino.by_id["dermal-armor"][0])
    assert fast_answer(g) == dino.by_id["confusion"][0]
    g = _position(dino, [], ["elongated-neck", "iridescent-scales", "hot-temper", "quick"])
    g.apply(dino.by_id["elongated-neck"][0])
    assert g.pending.intent == D.USE_TRAIT_ACTION and g.pending.zone == "hand"
    assert fast_answer(g) == dino.by_id["iridescent-scales"][0]
    g = _position(dino, [], ["bony-plates", "quick", "fear"],
                  deck=("big-ears", "fangs", "adorable", "gills", "leaves"))
    g.apply(dino.by_id["bony-plates"][0])
    d = g.pending
    assert d.intent == D.EXTRA_PLAY and d.subject == dino.by_id["bony-plates"][0]
    sc = dict(zip(d.options, option_scores(g), strict=True))
    assert fast_answer(g) == dino.by_id["adorable"][0]      # 4 points for a 2-point trait
    assert sc[dino.by_id["fangs"][0]] < sc["pass"]          # 1 point is not worth it
