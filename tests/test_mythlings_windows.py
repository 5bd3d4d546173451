"""The Mythlings' out-of-turn windows (E16-E18, E31) beyond what the scenarios pin down: the
card keys' checks, the window's several-traits case, the hot-seat path the offers take, the
bots' answers, and random games with the module."""

from __future__ import annotations

import json
import random
import re

import pytest

from doomlings_desktop.bots import make_bot
from doomlings_desktop.play.match import Match, Seat
from doomlings_desktop.rules import decisions as D
from doomlings_desktop.rules.cards import (
    CardDatabaseError,
    available_modules,
    database_for,
    default_database,
)
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.flow import t_turn_main
from doomlings_desktop.rules.record import make_record, replay
from doomlings_desktop.rules.setup import build
from doomlings_desktop.rules.view import view_for
from doomlings_desktop.rules.windows import t_window
from doomlings_desktop.rules.worlds import WorldSampler

MYTH = ("mythlings",)
NINE = ("effigial", "fey", "gelatinous", "necromantic", "orcish-tusks", "rainbow-horn",
        "righteous", "witchy", "zombified")


@pytest.fixture(scope="module")
def mdb():
    return database_for(MYTH)


def _pos(mdb, hands, piles=(), deck=("gills", "leaves", "migratory", "woody-stems"), n=2, **kw):
    players = [{"hand": list(h), "pile": list(piles[i]) if i < len(piles) else []}
               for i, h in enumerate(hands)]
    if deck is not None:        # else every trait placed nowhere, shuffled: a real deck
        kw["trait_deck"] = list(deck)
    return build(mdb, {"players": players, **kw}, players=n)


def _ident(g, c):
    return g.db.ident[c] if isinstance(c, int) else c


def _offers(g):
    d = g.pending
    return sorted(_ident(g, o) for o in d.options if o != "pass")


# ---------------------------------------------------------------- the module and its data

def test_the_module_is_in_the_manifest_with_its_nine_cards(mdb):
    assert "mythlings" in available_modules()
    mine = {i for i, d in mdb.defs.items() if d.module == "mythlings" and d.reaction}
    assert mine == set(NINE)        # the module's out-of-turn cards are these nine
    assert all(mdb.defs[i].reaction for i in NINE)
    base = default_database()
    assert all(mdb.behaviour[i] == base.behaviour[i] for i in base.behaviour)


@pytest.mark.parametrize("extra, words", [
    ("reaction: late\n    reaction_into: opponent", "only a reaction of any_time"),
    ("reaction: any_time\n    reaction_into: actor", "has no acting player"),
    ("reaction: any_time\n    reaction_into: nowhere", "expected own or opponent or actor"),
    ("reaction: any_time\n    reaction_if: {count: pile_size}", "expected {count: COUNTER"),
    ("reaction: any_time\n    reaction_if: {count: nothing, at_least: 1}", "unknown counter"),
    ("reaction: sneaky\n    reaction_if: {count: pile_size, at_least: 1}", "may have a condition"),
    ("reaction: any_time\n    back_to_hand: 1", "expected bool"),
])
def test_reaction_keys_are_checked(tmp_path, extra, words):
    from doomlings_desktop.rules.cards import load_database

    base = (default_database().path).read_text()
    (tmp_path / "cards.yaml").write_text(re.sub(r"modules:\n(  .*\n)+",
                                                "modules:\n  mythlings: m.yaml\n", base))
    (tmp_path / "m.yaml").write_text(
        "format: 1\nmodule: mythlings\ntraits:\n  - id: odd\n    name: Odd\n    color: red\n"
        f"    value: 1\n    text: x\n    {extra}\n")
    with pytest.raises(CardDatabaseError, match=re.escape(words)):
        load_database(tmp_path / "cards.yaml", ["mythlings"])


def test_righteous_reads_which_actions_reach_another_player(mdb):
    reach = {i for i in mdb.defs if mdb.reaches[mdb.card(i)]}
    for i in ("selfish", "bad", "flight", "scutes", "reckless", "territorial", "clever",
              "poisonous", "costly-signaling", "doting", "venomous", "persuasive"):
        assert i in reach, i
    for i in ("introspective", "hot-temper", "sweat", "memory", "propagation", "the-third-eye",
              "painted-shell", "fangs"):
        assert i not in reach, i


# ---------------------------------------------------------------- the windows

def test_necromantic_picks_one_of_several_traits_discarded_at_once(mdb):
    """E31: a host and its attachment go together; the window takes a tuple of traits."""
    g = _pos(mdb, [["quick", "antlers"], ["adorable"], ["necromantic", "nocturnal"]], n=3)
    a, b = mdb.card("fangs"), mdb.card("bark")
    g.discard += [a, b]
    g.stack.pop()           # put the turn's play back behind the window
    g.pending = None
    g.stack.append((t_turn_main, 0))
    g.stack.append((t_window, "trait_discarded", -1, (a, b), (2, 0), 0))
    g._run()
    d = g.pending
    assert d.kind == "react" and d.player == 2 and d.intent == D.OFFER_OUT_OF_TURN
    g.apply(mdb.card("necromantic"))
    d = g.pending
    assert d.intent == D.TAKE_REVEALED_CARD and d.zone == "discard" and set(d.options) == {a, b}
    g.apply(b)
    assert b in g.players[2].hand and a in g.discard and g.pending.intent == D.TURN_PLAY


def test_every_window_offers_in_turn_order_from_the_next_seat(mdb):
    """Two holders of a window's card: the seat after the actor is asked first (E17)."""
    # one copy of each card: Righteous and Automimicry share the cancel window
    g = _pos(mdb, [["selfish", "quick"], ["adorable"], ["righteous"], ["automimicry"]],
             piles=[[], ["fangs"]], n=4)
    g.apply(mdb.card("selfish"))
    assert g.pending.player == 2 and _offers(g) == ["righteous"]
    g.apply("pass")
    assert g.pending.player == 3 and _offers(g) == ["automimicry"]


def test_fey_and_rainbow_horn_are_offered_together_and_one_after_the_other(mdb):
    g = _pos(mdb, [["quick", "antlers"], ["fey", "rainbow-horn", "adorable"]],
             piles=[[], ["fangs", "spiny", "bark", "big-ears"]])
    g.apply(mdb.card("quick"))
    assert g.pending.player == 1 and _offers(g) == ["fey", "rainbow-horn"]
    g.apply(mdb.card("rainbow-horn"))
    assert g.pending.player == 1 and _offers(g) == ["fey"]
    g.apply(mdb.card("fey"))
    assert g.pending.intent == D.TURN_PLAY and g.pending.player == 1
    assert [p.gp for p in g.players] == [6, 6]


def test_no_window_opens_in_a_base_game(db):
    """The module off: no new kind of decision, the same decisions as before (the base game
    replays identically: test_determinism)."""
    assert not any(db.reactors[k] for k in ("any_time", "cancel_harm", "action_played",
                                           "dominant_played", "before_steal",
                                           "trait_discarded", "self_discarded"))
    assert db.listeners["turn_ended"] == ("turn_over",)      # Self-Awareness alone
    assert db.listeners["action_resolving"] == ("cancel",)   # Automimicry, Chromatophores
    assert not any(db.listeners[m] for m in ("action_coming", "steal_coming", "hand_discarded"))


# ---------------------------------------------------------------- hot seat

class Prefs:
    bot_pace = 0.0
    ask_out_of_turn = True
    hold_end_turn = "never"
    hints = "bots"


def _witchy_table(mdb, **ben):
    g = _pos(mdb, [["bad", "quick", "antlers"], ["witchy", "adorable"]],
             deck=("gills", "leaves", "migratory", "nocturnal", "woody-stems", "stone-skin"))
    m = Match([Seat("Ann"), Seat("Ben", **ben)], seed=0, game=g, prefs=Prefs())
    m.take_screen(0)
    assert m.my_decision() is g.pending
    return g, m


@pytest.mark.parametrize("standing", ["pays", "never"])
def test_a_new_window_in_hot_seat_is_answered_by_the_standing_answer(mdb, tmp_path,
                                                                     monkeypatch, standing):
    """Witchy, discarded from Ben's hand in Ann's turn, is answered at once by the standing
    answer Ben chose on his own turn: no pass screen calls Ben over (it would tell Ann that
    Ben holds an out-of-turn card), the screen stays Ann's, and Ben is told later, alone."""
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))
    g, m = _witchy_table(mdb, standing=standing)
    seen = []
    real = m.stand_in.answer
    m.stand_in.answer = lambda d: (seen.append(d), real(d))[1]
    m.apply(mdb.card("bad"))
    offers = [d for d in seen if d.kind == "react"]
    assert [d.player for d in offers] == [1] and offers[0].options[0] == mdb.card("witchy")
    assert g.pending.player == 0 and not m.pass_needed and m.cleared == 0
    played = mdb.card("witchy") in g.players[1].pile
    assert played == (standing == "pays")
    told = m.stand_in.confirmations(1)
    assert told == (["Your standing answer played Witchy out of turn for you."] if played
                    else [])
    assert m.stand_in.confirmations(1) == []                  # told once


def test_a_seat_not_asked_out_of_turn_passes_the_new_windows_unseen(mdb, tmp_path,
                                                                    monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))
    g, m = _witchy_table(mdb, ask_out_of_turn=False)
    m.apply(mdb.card("bad"))
    assert g.pending.player == 0 and not m.pass_needed     # passed for Ben, never asked
    assert mdb.card("witchy") not in g.players[1].pile


# ---------------------------------------------------------------- bots

def _bot_answer(g, level, seed=1):
    p = g.pending.player
    bot = make_bot(level, seed, db=g.db, **({"iterations": 60, "budget": None}
                                            if level == "hard" else {}))
    return bot.decide(view_for(g, p, with_log=False), WorldSampler(g, p))


WINDOWS = {     # a position whose first offer is the card's window, for seat 1
    "gelatinous": ([["selfish", "quick"], ["gelatinous", "adorable"]],
                   [[], ["fangs", "antlers"]]),
    "righteous": ([["selfish", "quick"], ["righteous", "adorable"]],
                  [[], ["fire-skin", "bark"]]),
    "effigial": ([["introspective", "quick"], ["effigial", "adorable"]], [["antlers"], []]),
    "orcish-tusks": ([["apex-predator", "quick"], ["orcish-tusks", "adorable"]], [[], []]),
    "fey": ([["quick", "antlers"], ["fey", "adorable"]], [[], []]),
    "witchy": ([["bad", "quick"], ["witchy", "adorable"]], [[], []]),
    "zombified": ([["bad", "quick"], ["zombified", "adorable"]], [[], []]),
    # Territorial: seat 1 discards Fire Skin; seat 2 (its opponent) holds Necromantic
    "necromantic": ([["territorial", "quick"], ["adorable"], ["necromantic", "gills"]],
                    [[], ["fire-skin"]]),
}


def _first_offer(mdb, card):
    """The position of WINDOWS[card] after seat 0's first card: the card's offer pending."""
    hands, piles = WINDOWS[card]
    g = _pos(mdb, hands, piles=piles, n=len(hands), deck=None)
    g.apply(mdb.card(hands[0][0]))
    while g.pending is not None and not (g.pending.kind == "react"
                                         and mdb.card(card) in g.pending.options):
        g.apply("pass" if "pass" in g.pending.options else g.pending.options[0])
    assert g.pending is not None, card
    return g


@pytest.mark.parametrize("card", sorted(WINDOWS))
@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard"])
def test_every_level_answers_every_new_window(mdb, card, level):
    g = _first_offer(mdb, card)
    a = _bot_answer(g, level)
    assert a in g.pending.options


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_medium_and_hard_play_gelatinous_when_a_steal_comes(mdb, level):
    g = _first_offer(mdb, "gelatinous")
    assert _bot_answer(g, level) == mdb.card("gelatinous")


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_medium_and_hard_stop_a_steal_of_their_best_trait_with_righteous(mdb, level):
    g = _pos(mdb, [["vampirism", "quick"], ["righteous", "adorable"]],
             piles=[[], ["retractable-claws"]], deck=None)
    g.apply(mdb.card("vampirism"))     # no action icon: Righteous cannot stop it
    assert g.pending.kind != "react"
    g = _pos(mdb, [["selfish", "quick"], ["righteous", "adorable"]],
             piles=[[], ["retractable-claws"]], deck=None)
    g.apply(mdb.card("selfish"))
    assert g.pending.kind == "react" and _offers(g) == ["righteous"]
    assert _bot_answer(g, level) == mdb.card("righteous")


# ---------------------------------------------------------------- random games

def test_random_games_offer_every_card_ask_known_intents_and_replay(mdb):
    offered: set[str] = set()
    for seed in range(60):
        r = random.Random(seed)
        g = Game.new(mdb, 2 + seed % 5, seed=seed, log=False)
        while g.pending is not None:
            d = g.pending
            assert D.INTENTS.get(d.intent) == d.kind, d
            if d.kind == "react":
                assert d.intent == D.OFFER_OUT_OF_TURN
                offered.update(mdb.ident[o] for o in d.options if o != "pass")
            g.apply(r.choice(d.options))
        rec = json.loads(json.dumps(make_record(g)))
        assert rec["modules"] == ["mythlings"]
        again = replay(rec, default_database(), log=False)
        assert [p.pile for p in again.players] == [p.pile for p in g.players]
        assert again.scores == g.scores
    assert set(NINE) <= offered


# ---------------------------------------------------------------- the table, unchanged

def test_the_table_offers_a_card_from_the_discard_pile_like_any_offer(mdb, tmp_path,
                                                                      monkeypatch):
    """Witchy is offered from the discard pile: the table's offer window shows it with its
    Play button (no new UI), and a click plays it."""
    import pygame
    from uidriver import click

    from doomlings_desktop.storage.settings import Settings
    from doomlings_desktop.ui.app import App
    from doomlings_desktop.ui.table import SeatConfig, TableScene

    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))
    pygame.font.init()
    g = _pos(mdb, [["bad", "quick", "antlers"], ["witchy", "adorable"]],
             deck=("gills", "leaves", "migratory", "nocturnal", "woody-stems", "stone-skin"))
    g.apply(mdb.card("bad"))
    witchy = mdb.card("witchy")
    assert g.pending.kind == "react" and witchy in g.discard
    s = Settings()
    s.animation = "off"
    app = App(size=(1280, 720), settings=s)
    sc = TableScene(app, [SeatConfig("Ann"), SeatConfig("Ben")], 0, game=g)
    sc.autosave = False
    app.go(sc)
    sc.cleared = sc.viewer = 1
    app.frame()
    app.frame()
    assert [k[1] for _, k in sc.targets if k[0] == "overlay_card"] == [witchy]
    play = [b for b in sc.buttons if b.key == ("answer", witchy)]
    assert len(play) == 1
    click(app, play[0].rect.center)
    assert witchy in g.players[1].pile
