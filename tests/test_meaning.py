"""The Meaning of Life module (rulings E4, E33): its cards as data, the deal and the secret
keep at set-up, the bonus scored last, and privacy."""

from pathlib import Path

import pytest

from doomlings_desktop.rules.cards import CardDatabaseError, database_for, load_database
from doomlings_desktop.rules.events import events_for

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


# ---------------------------------------------------------------- the deal and the keep

def _mol(db):
    return database_for(MOL, base=db)


def _play_out(g, seed):
    import random

    r = random.Random(seed)
    while g.pending is not None:
        g.apply(r.choice(g.pending.options))
    return g


def test_each_player_keeps_one_of_two_before_the_first_turn(db):
    from doomlings_desktop.rules import decisions as D
    from doomlings_desktop.rules.engine import Game

    mdb = _mol(db)
    g = Game.new(mdb, 4, seed=3, log=True)
    assert g.age < 0 or mdb.cards[g.age].kind == "birth"
    dealt = [c for offer in g.meaning_offer for c in offer]
    assert len(dealt) == 8 == len(set(dealt)) and set(dealt) <= set(mdb.meanings)
    for p in range(4):      # in turn order, each one's own two cards
        d = g.pending
        assert (d.player, d.intent, d.kind, d.zone) == (p, D.KEEP_MEANING, "card", "meaning")
        assert d.options == list(g.meaning_offer[p])
        g.apply(d.options[1])
        assert g.meaning[p] == g.meaning_offer[p][1]
    assert g.pending.intent in D.TURN_OPENING
    h = g.clone()
    assert h.meaning == g.meaning and h.meaning is not g.meaning
    assert h.meaning_offer == g.meaning_offer


def test_base_game_deals_no_meaning(db):
    from doomlings_desktop.rules.engine import Game

    g = Game.new(db, 3, seed=1)
    assert g.meaning == [-1, -1, -1] and g.pending.intent != "keep_meaning"
    _play_out(g, 1)
    assert not any(label.startswith("Meaning of Life") for p in range(3)
                   for label, _ in g.score_breakdown(p))


def test_bonus_is_the_last_score_line_and_only_once_over(db):
    from doomlings_desktop.rules.engine import Game

    mdb = _mol(db)
    g = Game.new(mdb, 3, seed=7)
    for _ in range(3):
        g.apply(g.pending.options[0])
    before = [g.score(p) for p in range(3)]
    assert before == [g.score(p, with_meaning=False) for p in range(3)]
    _play_out(g, 7)
    for p in range(3):
        label, v = g.score_breakdown(p)[-1]
        assert label == "Meaning of Life: " + mdb.name(g.meaning[p])
        assert g.scores[p] == g.score(p, with_meaning=False) + v
    assert any(kind == "meaning" and "Meaning of Life:" in text for kind, text in events_for(g, -1))


# ---------------------------------------------------------------- privacy (E4)

def _ints(x, out):
    """Every int anywhere in a View (its fields, tuples, decisions, dicts)."""
    import dataclasses

    if isinstance(x, bool):
        return out
    if isinstance(x, int):
        out.add(x)
    elif dataclasses.is_dataclass(x):
        for f in dataclasses.fields(x):
            _ints(getattr(x, f.name), out)
    elif isinstance(x, (tuple, list, set, frozenset)):
        for y in x:
            _ints(y, out)
    elif isinstance(x, dict):
        for k, v in x.items():
            _ints(k, out)
            _ints(v, out)
    elif hasattr(x, "options"):     # a Decision
        _ints(x.options, out)
        _ints((x.card, x.subject), out)
    return out


def test_no_view_shows_another_players_meaning_card_before_the_end(db):
    """Over many random games, no View (its cards, its decision, its log) holds a Meaning card
    the seat was not dealt until the game is over; then every kept card is in every View."""
    import random

    from doomlings_desktop.rules.engine import Game
    from doomlings_desktop.rules.view import public_view, view_for

    mdb = _mol(db)
    names = {c: mdb.name(c) for c in mdb.meanings}
    for seed in range(24):
        r = random.Random(seed)
        n = 2 + seed % 5
        g = Game.new(mdb, n, seed=seed)
        while g.pending is not None:
            for me in range(n):
                forbidden = set(mdb.meanings) - set(g.meaning_offer[me])
                v = view_for(g, me)
                assert not _ints(v, set()) & forbidden, (seed, me)
                text = " ".join(t for _, t in v.log)
                assert not any(names[c] in text for c in forbidden), (seed, me)
                assert v.meaning == g.meaning[me]
                pv = public_view(g, me)
                assert not _ints(pv, set()) & set(mdb.meanings)
            g.apply(r.choice(g.pending.options))
        v = view_for(g, 0)
        assert v.meanings == tuple(g.meaning) and all(c >= 0 for c in v.meanings)


def test_sampled_worlds_redeal_others_meaning_cards_never_mine(db):
    import random

    from doomlings_desktop.rules.engine import Game
    from doomlings_desktop.rules.worlds import WorldSampler

    mdb = _mol(db)
    g = Game.new(mdb, 4, seed=11, log=False)
    g.apply(g.pending.options[0])       # seat 0 keeps; seat 1 decides now
    me = 1
    s = WorldSampler(g, me)
    r = random.Random(2)
    others = set()
    for _ in range(40):
        w = s.sample(r)
        assert w.meaning_offer[me] == g.meaning_offer[me] and w.meaning[me] == g.meaning[me]
        assert w.pending.options == g.pending.options
        dealt = [c for o in w.meaning_offer for c in o]
        assert len(dealt) == len(set(dealt)) == 8
        assert w.meaning[0] in w.meaning_offer[0] and w.meaning[2] == -1
        others.add((w.meaning[0], w.meaning_offer[2], w.meaning_offer[3]))
        _play_out(w, 3)     # a sampled world plays to the end
    assert len(others) > 20
    # the same knowledge gives the same samples, whatever the hidden truth
    h = g.clone()
    h.meaning_offer[2], h.meaning_offer[3] = h.meaning_offer[3], h.meaning_offer[2]
    a, b = WorldSampler(g, me).sample(random.Random(5)), WorldSampler(h, me).sample(
        random.Random(5))
    assert a.meaning_offer == b.meaning_offer and a.meaning == b.meaning


# ---------------------------------------------------------------- positions (scenarios)

def test_position_sets_a_seats_kept_meaning_card(db):
    from doomlings_desktop.rules.setup import PositionError, build

    mdb = _mol(db)
    g = build(mdb, {"players": [{"meaning": "the-weaver"}, {}]})
    assert g.meaning == [mdb.card("the-weaver"), -1]
    with pytest.raises(PositionError, match=r"players\[0\].meaning: bark is a trait, not a meaning"):
        build(mdb, {"players": [{"meaning": "bark"}]})
    with pytest.raises(PositionError, match=r"players\[0\].meaning: unknown card id 'the-weaver'"):
        build(db, {"players": [{"meaning": "the-weaver"}]})


# ---------------------------------------------------------------- bots

def test_every_bot_level_answers_the_keep_decision(db):
    from doomlings_desktop.bots import LEVELS, make_bot
    from doomlings_desktop.rules.engine import Game
    from doomlings_desktop.rules.view import view_for
    from doomlings_desktop.rules.worlds import WorldSampler

    mdb = _mol(db)
    for level in LEVELS:
        bot = make_bot(level, seed=1, db=mdb)
        g = Game.new(mdb, 4, seed=21, log=False)
        while g.pending.intent == "keep_meaning":
            p = g.pending.player
            a = bot.decide(view_for(g, p), WorldSampler(g, p))
            assert a in g.pending.options, level
            g.apply(a)
        assert all(c >= 0 for c in g.meaning)


def test_the_outlook_prefers_the_card_the_hand_points_to(db):
    from doomlings_desktop.bots.heuristics import option_scores
    from doomlings_desktop.rules.setup import build

    mdb = _mol(db)
    g = build(mdb, {"players": [{"hand": ["antlers", "fangs", "fire-skin", "quick", "bad"]}]})
    warrior, cabochon = mdb.card("the-warrior"), mdb.card("the-cabochon")
    g.meaning_offer[0] = (cabochon, warrior)
    from doomlings_desktop.rules.meaning import t_keep

    g.pending = None
    t_keep(g, (t_keep, 0))
    sc = option_scores(g)
    assert sc[1] > sc[0]        # a hand of red traits: many red, not few


def test_a_meaning_game_record_replays_to_the_same_end(db):
    from doomlings_desktop.rules.engine import Game
    from doomlings_desktop.rules.record import make_record, replay

    mdb = _mol(db)
    g = _play_out(Game.new(mdb, 3, seed=9), 9)
    rec = make_record(g)
    assert rec["modules"] == ["meaning-of-life"]
    h = replay(rec, db)
    assert h.meaning == g.meaning and h.scores == g.scores and h.log == g.log
