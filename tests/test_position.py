"""rules.setup.build: a position described by a mapping becomes a game ready to play."""

from __future__ import annotations

import pytest

from doomlings_desktop.rules.setup import PositionError, build, force_world_end


def ids(db, cards):
    return [db.ident[c] for c in cards]


def test_a_position_is_set_up_as_described(db):
    g = build(db, {
        "age": "eclipse", "catastrophes_revealed": 1, "age_deck": ["ice-age", "glacial-meltdown"],
        "trait_deck": ["gills", "leaves"], "discard": ["adorable", "bark"],
        "first_player": 1, "current_player": 2,
        "players": [{"hand": ["fangs"], "pile": ["quick"], "gene_pool": 6},
                    {"hand": ["spiny"]}, {"hand": ["kidney", "kidney"]}]},
        players=3, seed=4, names=["Ann", "Bob", "Cy"])
    assert ids(db, g.deck[::-1]) == ["gills", "leaves"]        # top first, as written
    assert ids(db, g.discard[::-1]) == ["adorable", "bark"]
    assert ids(db, g.age_deck[::-1]) == ["ice-age", "glacial-meltdown"]
    assert db.ident[g.age] == "eclipse" and len(g.catastrophes) == 1
    assert g.first == 1 and g.current == 2 and g.pending.player == 2
    assert g.pending.kind in ("play", "no_play")     # the start of seat 2's turn
    assert ids(db, g.players[0].pile) == ["quick"] and g.players[0].gp == 6
    h = g.players[2].hand
    assert ids(db, h) == ["kidney", "kidney"] and h[0] != h[1]   # two physical copies
    assert g.names == ["Ann", "Bob", "Cy"]


def test_unnamed_cards_are_shuffled_with_the_seed(db):
    a, b, c = (build(db, {"players": [{"hand": ["fangs"]}]}, seed=s) for s in (1, 1, 2))
    assert a.deck == b.deck and a.age_deck == b.age_deck
    assert a.deck != c.deck
    assert db.card("fangs") not in a.deck and len(a.deck) == len(db.traits) - 1


def test_gene_pool_modifiers_of_the_pile_apply(db):
    g = build(db, {"players": [{"pile": ["gills"]}, {}]})
    plain = build(db, {})
    assert g.players[0].gp == plain.players[0].gp + db.cards[db.card("gills")].gp_self


@pytest.mark.parametrize("position, kwargs, message", [
    ({"agee": "eclipse"}, {}, "position: unknown key(s) ['agee']"),
    ({"age": "fangs"}, {}, "age: fangs is a trait"),
    ({"trait_deck": ["eclipse"]}, {}, "trait_deck: eclipse is an age, not a trait"),
    ({"players": [{"hand": ["fangz"]}]}, {}, "players[0].hand: unknown card id 'fangz'"),
    ({"players": [{"hand": ["fangs"]}, {"pile": ["fangs"]}]}, {},
     "players[1].pile: no copy of 'fangs' left"),
    ({"players": [{}, {}, {}]}, {}, "players: 3 entries for 2 players"),
    ({"players": [{"gene_pool": 9}]}, {}, "players[0].gene_pool: must be 0..8"),
    ({"current_player": 2}, {}, "current_player: must be a seat 0..1"),
    ({"catastrophes_revealed": 3}, {}, "catastrophes_revealed: must be 0..2"),
    ({}, {"players": 7}, "players must be 2..6"),
    ({}, {"variants": {"fast": True}}, "unknown rule variant 'fast'"),
])
def test_a_bad_position_is_refused_naming_the_key(db, position, kwargs, message):
    with pytest.raises(PositionError) as e:
        build(db, position, **kwargs)
    assert message in str(e.value)


def test_world_end_can_be_forced(db):
    g = build(db, {"players": [{"pile": ["fangs"]}, {"pile": ["gills"]}]})
    force_world_end(g, db.card("ice-age"))
    assert g.final_catastrophe == db.card("ice-age") and len(g.catastrophes) == 3
    while g.pending is not None:        # its effects, then World's End: no more turns
        assert g.pending.kind != "play"
        g.apply(g.pending.options[0])
    assert g.over and g.world_end
    with pytest.raises(PositionError):
        force_world_end(g, db.card("fangs"))
