"""Random games with invariants checked after every answer: 2,000 games a run over every
player count and rule variant (`doomlings fuzz --games N` runs the same check at any size)."""

import pytest

from doomlings_desktop.commands import fuzz
from doomlings_desktop.rules.engine import Game

GAMES = 2000
CHUNKS = 20


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_invariants(db, chunk):
    per = GAMES // CHUNKS
    res = fuzz.fuzz(db, per, seed=chunk * per)
    assert res.games == per and not res.failures, res.failures[:3]


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_with_every_module_keep_invariants(chunk):
    """The same 2,000 games' tables with every expansion module on: the invariants above, plus
    no view showing another player's Meaning of Life card before the end (E4)."""
    from doomlings_desktop.rules.cards import available_modules, database_for

    db = database_for(available_modules())
    per = GAMES // CHUNKS
    res = fuzz.fuzz(db, per, seed=100_000 + chunk * per)
    assert res.games == per and not res.failures, res.failures[:3]


def test_every_table_size_and_variant_set_is_fuzzed(record_property):
    tables = {(n, tuple(sorted(v))) for n, v in map(fuzz.table_of, range(GAMES))}
    assert len(tables) == 5 * len(fuzz.VARIANT_SETS) == 40
    record_property("robustness", f"fuzz: {GAMES} random games over {len(tables)} tables "
                                  "(2-6 players x 8 variant sets), invariants after every answer; "
                                  f"{GAMES} more with every module on")


@pytest.mark.parametrize("damage", ["lose", "duplicate", "gene pool", "dominants"])
def test_the_invariant_checks_catch_a_broken_game(db, damage):
    g = Game.new(db, 3, seed=1)
    fuzz.check_invariants(g, [(5, {})] * 3)
    p = g.players[0]
    if damage == "lose":
        p.hand.pop()
    elif damage == "duplicate":
        p.hand.append(p.hand[0])
    elif damage == "gene pool":
        p.gp = 11
    else:
        doms = [c for c in db.traits if db.dominant[c]][:3]
        for c in doms:
            g.deck.remove(c)
        p.pile += doms
    with pytest.raises(fuzz.InvariantBroken):
        fuzz.check_invariants(g, [(5, {})] * 3)


def test_a_failing_game_is_reported_with_its_seed(db, monkeypatch):
    def broken(g, before):
        raise fuzz.InvariantBroken("planted")
    monkeypatch.setattr(fuzz, "check_invariants", broken)
    res = fuzz.fuzz(db, 3, seed=10)
    assert len(res.failures) == 3 and res.failures[0].startswith("seed 10 (2 players")


def test_a_view_leaking_another_meaning_card_is_caught(monkeypatch):
    """The Meaning of Life check can fail: a view that shows every kept card mid-game."""
    from dataclasses import replace

    from doomlings_desktop.rules.cards import database_for

    db = database_for(["meaning-of-life"])
    real = fuzz.view_for

    def leaky(g, me, **kw):
        return replace(real(g, me, **kw), meanings=tuple(g.meaning))

    monkeypatch.setattr(fuzz, "view_for", leaky)
    with pytest.raises(fuzz.InvariantBroken, match="Meaning of Life"):
        fuzz.fuzz_game(db, 7)


@pytest.mark.parametrize("damage", ["elsewhere", "two on one host", "host is one", "no host"])
def test_the_attachment_checks_catch_a_broken_pairing(damage):
    """E8-E10 in the fuzz invariants: an attachment lies in its host's pile, a host has one,
    an attachment is no host, and an attachment card in a pile has a host."""
    from doomlings_desktop.rules.cards import database_for
    from doomlings_desktop.rules.setup import build

    db = database_for(["techlings"])
    g = build(db, {"players": [{"pile": ["bark", {"card": "nano", "host": "bark"}, "fangs"]},
                               {"pile": ["adorable"]}]}, log=False)
    fuzz.check_invariants(g, [(5, {})] * 2)
    nano, bark, fangs, gmo = (db.card(i) for i in ("nano", "bark", "fangs", "gmo"))
    if damage == "elsewhere":
        g.players[0].pile.remove(nano)
        g.players[1].pile.append(nano)
    elif damage == "two on one host":
        g.deck.remove(gmo)
        g.players[0].pile.append(gmo)
        g.attached[gmo] = bark
    elif damage == "host is one":
        g.deck.remove(gmo)
        g.players[0].pile.append(gmo)
        g.attached[gmo] = nano
        g.hosts[nano] = gmo
    else:
        g.deck.remove(gmo)
        g.players[0].pile.append(gmo)
    with pytest.raises(fuzz.InvariantBroken):
        fuzz.check_invariants(g, [(5, {})] * 2)
    assert fangs in g.players[0].pile


def test_a_view_showing_another_hand_outside_age_of_metadata_is_caught(db, monkeypatch):
    """E24's check can fail: a view that opens every hand whatever the age."""
    from dataclasses import replace

    real = fuzz.view_for

    def leaky(g, me, **kw):
        v = real(g, me, **kw)
        return replace(v, seats=tuple(replace(sv, hand=tuple(g.players[sv.seat].hand))
                                      for sv in v.seats))

    monkeypatch.setattr(fuzz, "view_for", leaky)
    with pytest.raises(fuzz.InvariantBroken, match="Age of Metadata"):
        fuzz.fuzz_game(db, 7)
