"""The Mythlings module, its in-turn cards (issue 19, E1): what the scenarios cannot see -
hidden picks stay hidden (E29), Legendary is no action (E26), the bots answer every new
decision, and module games replay."""

from __future__ import annotations

import json
import random

import pytest

from doomlings_desktop.bots import LEVELS, make_bot
from doomlings_desktop.bots.heuristics import option_scores
from doomlings_desktop.rules import decisions as D
from doomlings_desktop.rules.cards import database_for, default_database
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.setup import build
from doomlings_desktop.rules.view import view_for
from doomlings_desktop.rules.worlds import WorldSampler

MINE = ("ancient", "destined", "diaphanous-wings", "dragon-heart", "elven-ears", "icy",
        "legendary", "mighty", "ozmorian-winds", "eyes-open-from-behind-the-stars")
FAST = {"hard": {"iterations": 12, "budget": None}}


@pytest.fixture(scope="module")
def mdb():
    return database_for(["mythlings"])


def _answer(g: Game, *ids: str) -> None:
    for i in ids:
        g.apply(next(o for o in g.pending.options if g.db.ident[o] == i))


def test_module_adds_its_cards_and_keeps_base_digests(mdb):
    base = default_database()
    assert mdb.modules == ("mythlings",) and "mythlings" in base.manifest
    assert not any(i in base.defs for i in MINE)
    assert all(mdb.defs[i].module == "mythlings" for i in MINE)
    assert mdb.defs["ozmorian-winds"].kind == "age"
    assert mdb.defs["eyes-open-from-behind-the-stars"].kind == "catastrophe"
    assert {i: mdb.behaviour[i] for i in base.behaviour} == base.behaviour
    # Legendary's effect is no action (E26): no action icon, nothing for Age of Peace to stop
    c = mdb.card("legendary")
    assert not mdb.has_action[c] and mdb.defs["legendary"].on_play


def test_random_games_ask_known_intents_and_replay(mdb):
    from doomlings_desktop.rules.record import make_record, replay

    for seed in range(30):
        r = random.Random(seed)
        g = Game.new(mdb, 2 + seed % 5, seed=seed, log=seed % 3 == 0)
        while g.pending is not None:
            assert D.INTENTS.get(g.pending.intent) == g.pending.kind, g.pending
            g.apply(r.choice(g.pending.options))
        if seed % 3 == 0:
            rec = json.loads(json.dumps(make_record(g)))
            assert rec["modules"] == ["mythlings"]
            again = replay(rec, default_database())
            assert again.log == g.log and again.scores == g.scores


def test_legendary_is_not_offered_to_automimicry(mdb):
    """E26: no action icon, so an out-of-turn card that cancels actions has nothing to cancel."""
    g = build(mdb, {"players": [{"hand": ["legendary", "fangs"]},
                                {"hand": ["automimicry", "kidney"]}]})
    _answer(g, "legendary")
    d = g.pending
    assert d.kind != "react" and d.player == 1 and d.intent == D.TURN_PLAY
    assert g.players[0].hand == [] and g.db.ident[g.discard[-1]] == "fangs"


def _eyes_open(mdb) -> Game:
    """Seat 2 ends the round; Eyes Open comes; seat 1 (the new first player) picks first."""
    return build(mdb, {
        "age_deck": ["eyes-open-from-behind-the-stars", "glacial-drift"], "first_player": 0,
        "current_player": 2, "trait_deck": [],
        "players": [{"hand": ["fangs", "antlers"], "pile": ["bark", "quick"]},
                    {"hand": ["gills", "adorable"], "pile": ["icy"]},
                    {"hand": ["leaves", "blubber", "nocturnal"]}]}, players=3)


def test_eyes_open_picks_are_hidden_until_all_have_picked(mdb):
    """E29: a pick is set aside face down: no other seat's view or log names it, and a world
    sampled for the next picker deals that card again with the other unknown cards."""
    g = _eyes_open(mdb)
    _answer(g, "leaves")
    assert g.pending.player == 1
    _answer(g, "adorable")
    adorable = g.db.card("adorable")
    assert g.pending.player == 2 and not g.discard
    for seat in (0, 2):
        v = view_for(g, seat)
        assert not any("Adorable" in text for _, text in v.log), seat
        assert adorable not in v.hand and adorable not in v.discard
    assert any("Adorable" in text for _, text in view_for(g, 1).log)   # its own pick
    sampler = WorldSampler(g, 2)
    seen = set()
    for i in range(20):
        w = sampler.sample(random.Random(i))
        aside = [c for c in w.limbo]
        assert len(aside) == 1
        seen.add(aside[0])
        while w.pending is not None and w.pending.intent != D.TURN_PLAY:   # it plays on
            w.apply(w.pending.options[0])
    assert len(seen) > 1         # seat 2 does not know what seat 1 set aside


def test_ozmorian_winds_pass_is_seen_only_by_the_two_players(mdb):
    g = build(mdb, {"age": "ozmorian-winds", "trait_deck": [],
                    "players": [{"hand": ["fangs", "gills"], "gene_pool": 1},
                                {"hand": ["kidney"]}, {"hand": ["swarm"]}]}, players=3)
    _answer(g, "fangs")
    assert [g.db.ident[c] for c in g.players[1].hand] == ["kidney", "gills"]
    for seat, sees in ((0, True), (1, True), (2, False)):
        text = view_for(g, seat).log[-1][1]
        assert ("Gills" in text) == sees, (seat, text)


def test_ancient_draws_are_seen_only_by_its_player(mdb):
    g = build(mdb, {"trait_deck": ["gills", "spiny", "fangs", "leaves", "antlers", "bark",
                                   "big-ears", "quick", "woody-stems", "nocturnal", "adorable"],
                    "players": [{"hand": ["ancient", "fear"]}, {"hand": ["kidney"]}]})
    _answer(g, "ancient")
    g.apply("red")
    d = g.pending
    assert d.intent == D.TAKE_REVEALED_CARD and d.zone == "hand" and len(d.options) == 3
    assert not any("Antlers" in text for _, text in view_for(g, 1).log)
    assert any("Antlers" in text for _, text in view_for(g, 0).log)


def test_the_bots_keep_the_best_card_ancient_offers(mdb):
    g = build(mdb, {"trait_deck": ["fangs", "antlers", "gills", "spiny", "leaves", "bark",
                                   "big-ears", "quick", "woody-stems", "nocturnal"],
                    "players": [{"hand": ["ancient"]}, {"hand": ["kidney"]}]})
    _answer(g, "ancient")
    g.apply("red")
    sc = option_scores(g)
    best = g.pending.options[sc.index(max(sc))]
    assert g.db.ident[best] == "antlers"      # worth 3, of fangs 1, antlers 3, quick 2


def _positions(mdb) -> list[Game]:
    """A position at each new decision: Ancient's colour and keep, Mighty's pick across piles,
    Eyes Open's hidden pick, its lowest player's trait and its World's End pick."""
    from doomlings_desktop.rules.setup import force_world_end

    out = []
    g = build(mdb, {"trait_deck": ["fangs", "antlers", "gills", "spiny", "leaves", "bark",
                                   "big-ears", "quick", "woody-stems", "nocturnal"],
                    "players": [{"hand": ["ancient"]}, {"hand": ["kidney"]}]})
    _answer(g, "ancient")
    out.append(g.clone())
    g.apply("red")
    out.append(g)
    g = build(mdb, {"players": [{"hand": ["mighty"]}, {"hand": ["fear"], "pile": ["quick"]},
                                {"hand": ["kidney"], "pile": ["bark", "stone-skin"]}]}, players=3)
    _answer(g, "mighty")
    out.append(g)
    g = _eyes_open(mdb)
    _answer(g, "leaves")
    out.append(g.clone())
    _answer(g, "gills", "blubber", "fangs")
    assert g.pending.intent == D.LOSE_OWN_TRAIT
    out.append(g)
    g = build(mdb, {"catastrophes_revealed": 2, "trait_deck": [],
                    "players": [{"hand": ["fear"], "pile": ["antlers", "fire-skin"]},
                                {"hand": ["diaphanous-wings"], "pile": ["icy"]}]})
    force_world_end(g, mdb.card("eyes-open-from-behind-the-stars"))
    while g.pending is not None and len(g.pending.options) == 1:
        g.apply(g.pending.options[0])
    out.append(g)
    return out


@pytest.mark.parametrize("level", LEVELS)
def test_every_bot_level_answers_every_new_decision(mdb, level):
    positions = _positions(mdb)
    assert len({g.pending.prompt for g in positions}) == len(positions)
    for g in positions:
        p = g.pending.player
        bot = make_bot(level, 5, db=mdb, **FAST.get(level, {}))
        for sampler in (WorldSampler(g, p), None):
            a = bot.decide(view_for(g, p, with_log=False), sampler)
            assert a in g.pending.options, (level, g.pending, a)


def test_bot_games_with_the_module_are_legal_to_the_end(mdb):
    for seed in range(6):
        n = 2 + seed % 5
        levels = [LEVELS[(seed + i) % 3] for i in range(n)]
        g = Game.new(mdb, n, seed=700 + seed, log=False)
        bots = [make_bot(lv, seed * 10 + i, db=mdb) for i, lv in enumerate(levels)]
        while g.pending is not None:
            p = g.pending.player
            a = bots[p].decide(view_for(g, p, with_log=False), WorldSampler(g, p))
            assert a in g.pending.options, (levels[p], g.pending, a)
            g.apply(a)
        assert g.over
