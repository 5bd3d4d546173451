"""The Techlings module in the engine (rulings E8-E15, E21, E24): what scenario files cannot
see - the views, a bot's sampled worlds, positions, clones, records - and the bots' hosts."""

from __future__ import annotations

import json
import random

import pytest

from doomlings_desktop.bots import make_bot
from doomlings_desktop.rules import decisions as D
from doomlings_desktop.rules.cards import database_for
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.record import make_record, replay
from doomlings_desktop.rules.setup import PositionError, build
from doomlings_desktop.rules.view import public_view, view_for
from doomlings_desktop.rules.worlds import WorldSampler

TECH = ("techlings",)


@pytest.fixture(scope="module")
def tdb():
    return database_for(TECH)


def _pos(db, seats, **kw):
    return build(db, {"players": seats, **kw}, players=len(seats), log=False)


def test_the_module_holds_its_cards(tdb):
    ids = ("binary", "bionic-arm", "bone-reinforcement", "cybernetic", "electromagnetic", "gmo",
           "grey-hat", "hyper-myelination", "lyonization", "mecha", "nano", "neural-link",
           "phreakish-eyes", "ruggedized", "subdermal-plating", "transgenic-modification",
           "age-of-metadata", "bioengineered-plague")
    assert all(tdb.defs[i].module == "techlings" for i in ids)
    attachments = {i for i in ids if tdb.defs[i].attach is not None}
    assert attachments == {"bone-reinforcement", "cybernetic", "electromagnetic", "gmo",
                           "lyonization", "mecha", "nano", "ruggedized", "subdermal-plating",
                           "transgenic-modification"}
    assert tdb.defs["ruggedized"].dominant and tdb.defs["ruggedized"].attach.may_move


def test_views_show_every_attachment_to_everyone(tdb):
    g = _pos(tdb, [{"pile": ["bark", {"card": "nano", "host": "bark"}, "fangs"]},
                   {"pile": ["adorable", {"card": "gmo", "host": "adorable"}]}])
    bark, nano, gmo, adorable = (tdb.card(i) for i in ("bark", "nano", "gmo", "adorable"))
    for v in (view_for(g, 0), view_for(g, 1), public_view(g, 0)):
        assert v.seats[0].attached == ((nano, bark),)
        assert v.seats[1].attached == ((gmo, adorable),)
        assert nano in v.seats[0].pile


def test_the_host_decision_follows_the_card(tdb):
    g = _pos(tdb, [{"hand": ["cybernetic"], "pile": ["fangs", "gills", "leaves"]}, {}])
    cyb, fangs, leaves = tdb.card("cybernetic"), tdb.card("fangs"), tdb.card("leaves")
    g.apply(cyb)
    d = g.pending
    assert (d.kind, d.intent, d.zone, d.card, d.subject) == ("card", D.ATTACH_TO_HOST, "pile",
                                                              cyb, cyb)
    assert sorted(d.options) == sorted([fangs, leaves])
    g.apply(fangs)
    assert g.attached == {cyb: fangs} and g.hosts == {fangs: cyb}
    assert g.colors_of(0, fangs) == ("blue",)


def test_why_not_names_the_missing_host(tdb):
    g = _pos(tdb, [{"hand": ["mecha", "fangs"], "pile": ["saliva"]}, {}])
    mecha = tdb.card("mecha")
    assert mecha not in g.pending.options
    assert g.why_not(mecha) == "Mecha: no trait in your pile it can attach to"
    assert view_for(g, 0).why_not[mecha] == "Mecha: no trait in your pile it can attach to"


def test_clone_copies_the_attachments_apart(tdb):
    g = _pos(tdb, [{"pile": ["bark", {"card": "nano", "host": "bark"}]}, {}])
    h = g.clone()
    assert h.attached == g.attached and h.attached is not g.attached
    h.attached.clear()
    h.hosts.clear()
    assert g.attached and g.hosts


@pytest.mark.parametrize("pile, where, words", [
    (["fangs", {"card": "nano", "host": "bark"}], "players[0].pile[1].host", "no 'bark'"),
    ([{"card": "nano", "host": "fangs"}, "fangs"], "players[0].pile[0].host", "no 'fangs'"),
    (["fangs", {"card": "bark", "host": "fangs"}], "players[0].pile[1].card", "not an attach"),
    (["denial", {"card": "nano", "host": "denial"}], "players[0].pile[1].host", "dominant"),
    (["gills", {"card": "cybernetic", "host": "gills"}], "players[0].pile[1].host",
     "condition"),
    (["fangs", {"card": "nano", "host": "fangs"}, {"card": "gmo", "host": "fangs"}],
     "players[0].pile[2].host", "already has"),
    (["fangs", {"card": "nano", "host": 3}], "players[0].pile[1].host", "expected the id"),
    (["fangs", {"card": "nano"}], "players[0].pile[1]", "{card: ID, host: ID}"),
    (["fangs", {"card": "nano", "on": "fangs"}], "players[0].pile[1]", "unknown key"),
])
def test_a_malformed_host_is_a_position_error_naming_the_key(tdb, pile, where, words):
    with pytest.raises(PositionError) as e:
        _pos(tdb, [{"pile": pile}, {}])
    assert e.value.where == where and words in e.value.problem


def test_age_of_metadata_opens_every_hand_in_views_and_samples(tdb):
    g = _pos(tdb, [{"hand": ["adorable", "fangs"]}, {"hand": ["gills", "bark"]},
                   {"hand": ["quick"]}], age="age-of-metadata")
    v = view_for(g, 0)
    assert v.hands_open and v.seats[1].hand == tuple(g.players[1].hand)
    assert public_view(g, 2).seats[0].hand == tuple(g.players[0].hand)
    s = WorldSampler(g, 0)
    for seed in range(5):
        w = s.sample(random.Random(seed))
        assert [p.hand for p in w.players] == [p.hand for p in g.players]
    plain = _pos(tdb, [{"hand": ["adorable", "fangs"]}, {"hand": ["gills", "bark"]}])
    v = view_for(plain, 0)
    assert not v.hands_open and v.seats[1].hand is None and v.seats[0].hand is not None


def test_neural_link_shows_two_ages_and_samples_keep_them(tdb):
    g = _pos(tdb, [{"hand": ["neural-link"]}, {"hand": ["adorable"]}],
             age_deck=["tectonic-shift", "arid-lands", "eclipse"])
    g.apply(tdb.card("neural-link"))
    ts, al = tdb.card("tectonic-shift"), tdb.card("arid-lands")
    assert view_for(g, 0).next_ages == (ts, al) and view_for(g, 0).next_age == ts
    assert view_for(g, 1).next_ages == ()
    s = WorldSampler(g, 0)
    for seed in range(5):
        w = s.sample(random.Random(seed))
        assert w.age_deck[-1] == ts and w.age_deck[-2] == al


def test_secret_colors_are_forgotten_in_the_others_samples(tdb):
    """E29: a later chooser's sampled world does not hold the colours named before it."""
    g = _pos(tdb, [{"hand": ["gills"]}, {"hand": ["leaves"]}, {"hand": ["quick", "fangs"]}],
             age_deck=["bioengineered-plague", "tectonic-shift"], current_player=2)
    g.apply(tdb.card("quick"))
    assert g.pending.intent == D.SECRET_COLOR and g.pending.player == 1
    g.apply("red")
    assert g.pending.player == 2
    seen = set()
    s = WorldSampler(g, 2)
    for seed in range(40):
        w = s.sample(random.Random(seed))
        ctx = next(t[1] for t in w.stack if len(t) > 1 and "plague" in getattr(t[1], "vars", {}))
        seen.add(ctx.vars["plague"][1])
    assert len(seen) > 1        # seat 1's "red" is not known to seat 2


def test_a_techlings_record_replays_to_the_same_end(tdb):
    for seed in range(12):
        g = Game.new(tdb, 2 + seed % 4, seed=seed)
        r = random.Random(seed)
        while g.pending is not None:
            g.apply(r.choice(g.pending.options))
        rec = json.loads(json.dumps(make_record(g)))
        assert rec["modules"] == ["techlings"]
        again = replay(rec, tdb)
        assert again.scores == g.scores and again.attached == g.attached


def _bot_answer(g, level="medium"):
    me = g.pending.player
    return make_bot(level, seed=1).decide(view_for(g, me), WorldSampler(g, me))


def test_bots_put_bone_reinforcement_on_their_best_trait(tdb):
    g = _pos(tdb, [{"hand": ["bone-reinforcement"], "pile": ["fangs", "adorable", "gills"]},
                   {"hand": ["selfish"]}])
    g.apply(tdb.card("bone-reinforcement"))
    assert _bot_answer(g) == tdb.card("adorable")


def test_bots_put_lyonization_on_an_opponents_strongest_effect(tdb):
    g = _pos(tdb, [{"hand": ["lyonization"], "pile": ["fangs"]},
                   {"pile": ["pollination", "leaves", "woody-stems", "gills", "adorable"]}])
    g.apply(tdb.card("lyonization"))
    assert _bot_answer(g) == tdb.card("pollination")


def test_bots_move_ruggedized_to_a_better_trait(tdb):
    g = _pos(tdb, [{"hand": ["adorable"], "pile": ["fangs", {"card": "ruggedized",
                                                             "host": "fangs"}]},
                   {"hand": ["gills"]}], trait_deck=["leaves", "migratory", "nocturnal",
                                                     "spiny", "bark"])
    g.apply(tdb.card("adorable"))
    assert g.pending.intent == D.MOVE_ATTACHMENT
    assert _bot_answer(g) == tdb.card("ruggedized")
    g.apply(tdb.card("ruggedized"))
    assert _bot_answer(g) == tdb.card("adorable")


def test_every_attachment_wears_the_attachment_icon_and_no_other_card_does():
    """The face's attachment icon comes from the card's `attach:` (E8), so the ten printed
    attachments show it without a second place in the data to keep in step."""
    db = database_for(["techlings"])
    marked = {i for i, d in db.defs.items() if "attachment" in (d.icons or ())}
    assert marked == {i for i, d in db.defs.items() if d.attach is not None}
    assert len(marked) == 10 and {"nano", "ruggedized", "subdermal-plating"} <= marked
