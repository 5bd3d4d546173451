"""Multi-colour traits (ruling E5): a trait of several colours is each of them at all times.

No card module holds one yet, so these tests add two to the bundled cards: Acrobatic (green
and purple) and Wild (all four colours, dominant), and check each clause of the ruling."""

from __future__ import annotations

from pathlib import Path

import pytest

from doomlings_desktop.rules import counters as C
from doomlings_desktop.rules.cards import CardDatabaseError, parse_database
from doomlings_desktop.rules.setup import build, force_world_end
from doomlings_desktop.rules.view import view_for

BASE = (Path(__file__).resolve().parent.parent / "cards.yaml").read_text(encoding="utf-8")
EXTRA = """\
  - id: acrobatic
    name: "Acrobatic"
    color: [green, purple]
    value: 2
    copies: 2
  - id: wild
    name: "Wild"
    color: [red, blue, green, purple]
    value: 4
    dominant: true
    copies: 2
"""


def with_traits(extra: str) -> str:
    """The bundled cards with `extra` first in the traits list."""
    assert "\ntraits:\n" in BASE
    return BASE.replace("\ntraits:\n", "\ntraits:\n" + extra, 1)


@pytest.fixture(scope="module")
def db():
    return parse_database(with_traits(EXTRA))


def plain(db, color: str, n: int = 1) -> list[str]:
    """n ids of plain single-colour traits of `color` (no requirement, cost or dominance)."""
    ids = [d.id for d in db.defs.values() if d.kind == "trait" and d.colors == (color,)
           and not (d.dominant or d.requires or d.cost or d.text)]
    return ids[:n]


def go_on(g, until=lambda d: False) -> None:
    """Answer every decision (passing where one may) until `until(decision)` or the end."""
    while g.pending is not None and not until(g.pending):
        opts = g.pending.options
        g.apply("pass" if "pass" in opts else opts[0])


# ------------------------------------------------------------------ card data


def test_a_trait_may_list_its_colours(db):
    assert db.defs["acrobatic"].colors == ("green", "purple")
    assert db.defs["acrobatic"].color == "green"          # its first: where a strip sits
    assert db.defs["wild"].colors == ("red", "blue", "green", "purple")
    assert db.defs["adorable"].colors == ("purple",)
    assert db.multi == {*db.by_id["acrobatic"], *db.by_id["wild"]}
    assert not parse_database(BASE).multi


@pytest.mark.parametrize("bad", ["[green]", "[green, green]", "[green, colorless]",
                                 "[red, blue, green, purple, red]", "[green, pink]", "[]",
                                 "{green: 1}"])
def test_a_bad_colour_list_names_its_line(bad):
    text = with_traits(f'  - id: odd\n    name: "Odd"\n    color: {bad}\n    value: 1\n')
    with pytest.raises(CardDatabaseError) as e:
        parse_database(text)
    msg = str(e.value)
    assert msg.startswith("cards.yaml:") and "card 'odd'" in msg and "field 'color'" in msg


def test_base_cards_keep_their_behaviour_digests(db):
    base = parse_database(BASE).behaviour
    assert {k: db.behaviour[k] for k in base} == base


# ------------------------------------------------------------------ counting


def test_it_counts_once_in_each_of_its_colours(db):
    blue = plain(db, "blue")
    g = build(db, {"players": [{"pile": ["acrobatic", "wild", *blue], "hand": ["acrobatic"]},
                               {"pile": ["wild"]}]})
    assert [C.pile_color(g, 0, c) for c in ("red", "blue", "green", "purple")] == [1, 2, 2, 2]
    assert C.pile_color(g, 0, "colorless") == 0
    assert C.pile_distinct_colors(g, 0, None) == 4       # Gratitude
    assert C.missing_colors(g, 0, None) == 0             # The Big One
    assert C.pile_color_pairs(g, 0, None) == 3           # Pack Behavior: blue, green, purple
    assert C.pile_least_color(g, 0, None) == 1           # Symbiosis: red
    assert C.opponents_color_pairs(g, 1, "green") == 1
    assert C.hand_distinct_colors(g, 0, None) == 2       # Saudade
    g1 = build(db, {"players": [{"pile": ["acrobatic"]}, {}]})
    assert C.pile_distinct_colors(g1, 0, None) == 2 and C.missing_colors(g1, 0, None) == 2
    assert C.pile_least_color(g1, 0, None) == 1


def test_a_requirement_counts_it(db):
    green = plain(db, "green")
    need = build(db, {"players": [{"pile": ["acrobatic", *green], "hand": ["heroic"]}, {}]})
    assert need.play_problem(0, db.card("heroic")) is not None       # 2 green of 3
    ok = build(db, {"players": [{"pile": ["acrobatic", "wild", *green], "hand": ["heroic"]}, {}]})
    assert ok.play_problem(0, db.card("heroic")) is None
    assert db.card("heroic") in ok.legal_plays(0)


# ------------------------------------------------------------------ the round's colour rules


@pytest.mark.parametrize("age, blocked", [("tectonic-shift", True), ("lunar-retreat", True),
                                          ("arid-lands", False), ("eclipse", False)])
def test_a_forbidden_colour_blocks_it_if_any_of_its_colours_is(db, age, blocked):
    g = build(db, {"age": age, "players": [{"hand": ["acrobatic"]}, {}]})
    acro = db.card("acrobatic")
    assert (acro not in g.legal_plays(0)) == blocked
    assert (g.play_problem(0, acro) is not None) == blocked


def test_natural_harmony_blocks_each_of_its_colours_after_it_is_played(db):
    green, purple, red = plain(db, "green"), plain(db, "purple"), plain(db, "red")
    g = build(db, {"age": "natural-harmony",
                   "players": [{"hand": ["acrobatic"]}, {"hand": green + purple + red}]})
    g.apply(db.card("acrobatic"))
    assert g.last_colors == ("green", "purple")
    assert g.legal_plays(1) == [db.card(red[0])]
    assert "green" in g.play_problem(1, db.card(green[0]))
    g.last_colors = db.colors[db.card(red[0])]      # after a red trait
    g.players[1].hand.append(db.card("wild"))
    assert db.card("wild") not in g.legal_plays(1)    # Wild is red too
    assert db.card(green[0]) in g.legal_plays(1)


# ------------------------------------------------------------------ effects naming a colour


def test_a_filter_naming_a_colour_takes_it(db):
    g = build(db, {"players": [{"pile": ["acrobatic", *plain(db, "red")]}, {}]})
    acro = db.card("acrobatic")
    for col, takes in (("green", True), ("purple", True), ("red", False), ("blue", False)):
        assert (acro in g.pile_targets([0], (("color", col),), "discard")) == takes


def test_persuasive_discards_it_for_either_colour(db):
    for named in ("green", "purple"):
        g = build(db, {"players": [{"hand": ["persuasive"]},
                                   {"hand": ["acrobatic", *plain(db, "red")]}]})
        g.apply(db.card("persuasive"))
        go_on(g, lambda d: d.kind == "color")
        g.apply(named)
        assert db.card("acrobatic") in g.discard
        assert db.card(plain(db, "red")[0]) in g.players[1].hand


def test_retrovirus_counts_it_as_green(db):
    g = build(db, {"age": "mass-extinction", "catastrophes_revealed": 2,
                   "players": [{"pile": ["acrobatic", "wild"]}, {"pile": plain(db, "blue")}]})
    before = g.score(0)
    force_world_end(g, db.card("retrovirus"))
    go_on(g)
    assert g.scores[0] == before - 2          # -1 per green trait: Acrobatic and Wild


# ------------------------------------------------------------------ Faith and the view


def test_faith_gives_it_the_one_new_colour(db):
    g = build(db, {"age": "mass-extinction", "catastrophes_revealed": 2,
                   "players": [{"pile": ["faith", "acrobatic"]}, {"pile": plain(db, "blue")}]})
    acro = db.card("acrobatic")
    assert view_for(g, 0).seats[0].colors == (("colorless",), ("green", "purple"))
    force_world_end(g, db.card("glacial-meltdown"))
    go_on(g, lambda d: d.player == 0 and d.kind == "color")
    assert {"green", "purple"} <= set(g.pending.options)
    g.apply("purple")
    g.apply("red")
    assert g.colors_of(0, acro) == ("red",)
    assert C.pile_color(g, 0, "green") == 0 and C.pile_color(g, 0, "red") == 1
    assert view_for(g, 1).seats[0].colors[1] == ("red",)
