"""The one dispatch (issue "Every change is an event"): the moments of a game reach the cards
that listen to them through one index built when the card database loads.

- every trigger and out-of-turn kind the card data may name answers a moment (rules/moments.py);
- a moment no card of the game listens to has no listener (one dictionary lookup);
- a new out-of-turn kind is a line of LISTENS and one of PROMPTS: no flow.py;
- the count of out-of-turn cards in hands that the windows ask (`State.held`) is always the
  hands' own, in played games and in the worlds a bot samples.
"""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from doomlings_desktop.rules import listeners, moments, windows
from doomlings_desktop.rules.cards import (
    REACTIONS,
    TRIGGERS,
    available_modules,
    database_for,
    default_database,
)
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.worlds import WorldSampler


def test_every_kind_the_data_may_name_answers_a_moment():
    assert set(moments.LISTENS) == set(REACTIONS) | set(TRIGGERS) | {"may_move"}
    for kind, pairs in moments.LISTENS.items():
        for moment, listener in pairs:
            assert moment in moments.MOMENTS, kind
            assert listener in listeners.HEARS or listener in windows.PROMPTS, kind


def test_a_base_game_listens_only_where_its_cards_do():
    db = default_database()
    assert db.listeners["trait_played"] == ("parasitic", "own_green_played")
    assert db.hear["steal_coming"] is None and db.hear["hand_discarded"] is None
    every = database_for(available_modules())
    assert every.listeners["trait_played"] == ("dominant_played", "parasitic", "own_green_played")
    assert every.listeners["turn_ended"] == ("turn_over", "move")


def test_a_new_out_of_turn_kind_needs_no_flow(monkeypatch):
    """A fan card answering an existing moment with a kind of its own: Orcish Tusks' moment
    (a dominant played) offered as "fang_rush" with its own prompt, by two table lines."""
    monkeypatch.setitem(moments.LISTENS, "fang_rush", (("trait_played", "fang_rush"),))
    monkeypatch.setitem(windows.PROMPTS, "fang_rush", "{actor} played {card}: rush in?")
    names = moments.listeners_of({"fang_rush", "parasitic"})
    assert names["trait_played"] == ("parasitic", "fang_rush")
    hear = listeners.compose(names["trait_played"])
    g = Game.new(default_database(), 2, seed=3, log=False)
    g.held["fang_rush"] = 1                 # someone holds one (its cards are data)
    g.db.reactors = {**g.db.reactors, "fang_rush": ()}
    g.stack.clear()
    c = g.players[0].hand[0]
    assert hear(g, 0, c)
    assert g.stack[-1][:2] == (windows.t_window, "fang_rush")
    assert windows._prompt(g, "fang_rush", 0, c).endswith(f"played {g.db.name(c)}: rush in?")


def _held(g: Game) -> Counter:
    r = g.db.reaction
    return Counter(r[c] for pl in g.players for c in pl.hand if r[c])


@pytest.mark.parametrize("modules", [(), "all"])
def test_held_is_the_hands_own_in_games_and_sampled_worlds(modules):
    db = database_for(available_modules()) if modules == "all" else default_database()
    seen = 0
    for seed in range(12):
        rng = random.Random(seed)
        g = Game.new(db, 2 + seed % 5, seed=seed, log=False)
        step = 0
        while g.pending is not None:
            g.apply(rng.choice(g.pending.options))
            step += 1
            assert all(g.held[k] == n for k, n in _held(g).items()), (seed, step)
            assert sum(g.held.values()) == sum(_held(g).values()), (seed, step)
            if step % 25 == 0 and g.pending is not None:
                w = WorldSampler(g, g.pending.player).sample(rng)
                assert dict(_held(w)) == {k: n for k, n in w.held.items() if n}
                seen += 1
    assert seen > 10


FAN_MODULE = """\
format: 1
module: fanmade
title: "Fan-made"
description: "Two cards written as data only."
traits:
  - id: scavenger
    name: "Scavenger"
    color: purple
    value: 2
    icons: [out_of_turn]
    text: "When an opponent's trait is discarded from their pile, you may play this at once; then take that trait into your hand."
    reaction: trait_discarded
    bots: {hold: 2}
  - id: sunbather
    name: "Sunbather"
    color: green
    value: 1
    text: "Whenever you play another green trait from your hand, draw 1 card."
    triggers: {own_green_played: [{draw: 1}]}
"""

FAN_SCENARIOS = {
    "scavenger": """\
name: Scavenger is offered when a trait leaves an opponent's pile for the discard pile
modules: [fanmade]
players: 2
setup:
  trait_deck: [gills, leaves, migratory]
  players:
    - pile: [stone-skin]
      hand: [voracious, quick, antlers, bark, spiny]
    - hand: [scavenger, adorable]
steps:
  - play: voracious
  - choose: quick
  - choose: stone-skin
  - react: {player: 1, card: scavenger}
expect:
  discard_size: 0
  players:
    - {pile: [voracious, quick]}
    - {pile: [scavenger], hand: [adorable, stone-skin]}
""",
    "sunbather": """\
name: Sunbather draws 1 when its player plays another green trait from hand
modules: [fanmade]
players: 2
setup:
  trait_deck: [fangs, migratory]
  players:
    - pile: [sunbather]
      hand: [leaves, bark, quick, spiny, antlers, gills]
    - hand: [adorable]
steps:
  - play: leaves              # Sunbather draws fangs: 6 cards, so stabilizing discards 1
  - choose: bark
expect:
  players:
    - {pile: [sunbather, leaves], hand: [quick, spiny, antlers, gills, fangs]}
""",
}


def test_a_newcomers_cards_are_data_only(tmp_path):
    """The docs' worked examples (docs/card-dsl.md): an out-of-turn card and a trigger added
    by a module file and a line of the manifest, no Python: the first is offered at its
    moment and played, the second fires, and their lines reach the log."""
    from doomlings_desktop.commands.scenario import run_file
    from doomlings_desktop.resources import cards_path
    from doomlings_desktop.rules.cards import load_database

    base, n = re.subn(r"\nmodules:\n(  .*\n)+", "\nmodules:\n  fanmade: fanmade.yaml\n",
                      cards_path().read_text(encoding="utf-8"), count=1)    # its one module
    assert n == 1
    (tmp_path / "cards.yaml").write_text(base, encoding="utf-8")
    (tmp_path / "fanmade.yaml").write_text(FAN_MODULE, encoding="utf-8")
    db = load_database(tmp_path / "cards.yaml")
    for name, text in FAN_SCENARIOS.items():
        path = tmp_path / f"{name}.yaml"
        path.write_text(text, encoding="utf-8")
        assert run_file(db, path) is None, name
    fan = database_for(["fanmade"], db)
    scavenger = fan.card("scavenger")
    offered = told = 0
    for seed in range(40):
        g = Game.new(fan, 4, seed=seed)
        rand = random.Random(seed)
        while g.pending is not None:
            d = g.pending
            take = d.kind == "react" and scavenger in d.options
            offered += take
            g.apply(scavenger if take else rand.choice(d.options))
        told += sum("plays Scavenger out of turn" in line.text_for(fan, -1) for line in g.log)
    assert offered == told > 0
