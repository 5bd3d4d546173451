"""Sampled worlds: they keep everything the seat knows, deal the rest again, and never leak."""

import random
from collections import Counter

import pytest

from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.verbs import Ctx
from doomlings_desktop.rules.worlds import WorldSampler, age_piles


def positions(db, n, seed, every=7, limit=400):
    """Mid-game positions (clones) of a random game, at decisions of various seats."""
    g = Game.new(db, n, seed=seed, log=False)
    r = random.Random(seed)
    out = []
    k = 0
    while g.pending is not None and k < limit:
        if k % every == 0:
            out.append(g.clone())
        g.apply(r.choice(g.pending.options))
        k += 1
    return out


def state(g: Game) -> tuple:
    """Everything a sample could differ in (ctx variables included)."""
    ctx = []
    for t in g.stack:
        if len(t) > 1 and type(t[1]) is Ctx:
            ctx.append(tuple(sorted((k, repr(v)) for k, v in t[1].vars.items())))
    return (tuple((tuple(p.hand), tuple(p.pile), p.gp) for p in g.players), tuple(g.deck),
            tuple(g.discard), tuple(g.age_deck), tuple(g.limbo), g.rng.state,
            tuple(sorted(g.known_age.items())), tuple(sorted(g.revealed.items())), tuple(ctx),
            g.seed, tuple(g.answers))


def hide_differently(g: Game, me: int, rng: random.Random) -> Game:
    """The same game as `me` knows it, with the hidden cards elsewhere."""
    h = g.clone()
    db = h.db
    known = set(h.revealed.get(me, ()))
    for t in h.stack:
        if len(t) > 1 and type(t[1]) is Ctx:
            known.update(c for _, c in t[1].vars.get("revealed", ()))
    # relabel the hidden cards (hands and deck) by a random permutation, everywhere they are
    # referred to, then shuffle the deck
    aside = set()
    for t in h.stack:
        if len(t) > 1 and type(t[1]) is Ctx:
            aside.update(c for c, q, _ in t[1].vars.get("aside", ()) if q != me)
    hidden = [c for q in range(h.n) if q != me for c in h.players[q].hand if c not in known]
    hidden += h.deck + [c for c in h.limbo if c in aside]
    perm = hidden[:]
    rng.shuffle(perm)
    pi = dict(zip(hidden, perm, strict=False))
    for q in range(h.n):
        if q != me:
            h.players[q].hand = [pi.get(c, c) if c not in known else c
                                 for c in h.players[q].hand]
    h.deck = [pi[c] for c in h.deck]
    h.limbo = [pi.get(c, c) if c in aside else c for c in h.limbo]
    done = set()
    for t in h.stack:
        if len(t) > 1 and type(t[1]) is Ctx and id(t[1]) not in done:
            done.add(id(t[1]))
            v = t[1].vars
            for key, val in list(v.items()):
                if key == "aside":
                    v[key] = tuple((pi.get(c, c) if q != me else c, q, to) for c, q, to in val)
                elif key not in ("revealed", "affected", "color") and type(val) is tuple:
                    v[key] = tuple(pi.get(c, c) for c in val)
    for q in list(h.revealed):
        if q != me:
            h.revealed[q] = tuple(pi.get(c, c) for c in h.revealed[q])
    rng.shuffle(h.deck)
    # the age deck: change unrevealed ages, move each pile's catastrophe
    sizes = age_piles(h)
    left = len(h.age_deck)
    top_first = h.age_deck[::-1]
    start = sum(sizes) + 1 - left
    known_top = h.known_age.get(me)
    out_ages = [c for c in db.ages if c not in h.age_deck and not any(c in e for e in h.eras)]
    rng.shuffle(out_ages)
    by_pile: dict[int, list[int]] = {}
    for j in range(left):
        gi = start + j - 1
        if gi < 0:
            continue
        pile = 0 if gi < sizes[0] else (1 if gi < sizes[0] + sizes[1] else 2)
        by_pile.setdefault(pile, []).append(j)
    for js in by_pile.values():
        free = [j for j in js if not (j == 0 and known_top is not None)]
        for j in free:
            if db.cards[top_first[j]].kind == "age" and out_ages and rng.random() < 0.5:
                top_first[j], out_ages[-1] = out_ages[-1], top_first[j]
                out_ages.pop()
        vals = [top_first[j] for j in free]
        rng.shuffle(vals)
        for j, v in zip(free, vals, strict=False):
            top_first[j] = v
    h.age_deck = top_first[::-1]
    for q in list(h.known_age):
        if q != me:
            h.known_age[q] = h.age_deck[-1]
    h.rng.state = rng.getrandbits(64)
    h.seed = rng.getrandbits(32)
    h.answers = [rng.random() for _ in h.answers]
    return h


@pytest.mark.parametrize("n", [2, 3, 4, 6])
def test_identical_knowledge_gives_identical_samples(db, n):
    checked = 0
    for seed in range(6):
        for g in positions(db, n, seed):
            me = g.pending.player
            h = hide_differently(g, me, random.Random(seed))
            a = WorldSampler(g, me).sample(random.Random(99))
            b = WorldSampler(h, me).sample(random.Random(99))
            assert state(a) == state(b)
            checked += 1
    assert checked > 30


@pytest.mark.parametrize("n", [2, 4, 5])
def test_samples_keep_what_the_seat_knows(db, n):
    for seed in range(4):
        for g in positions(db, n, 100 + seed):
            me = g.pending.player
            s = WorldSampler(g, me)
            for k in range(3):
                w = s.sample(random.Random(k))
                assert w.players[me].hand == g.players[me].hand
                for q in range(g.n):
                    assert w.players[q].pile == g.players[q].pile
                    assert len(w.players[q].hand) == len(g.players[q].hand)
                    assert w.players[q].gp == g.players[q].gp
                assert w.discard == g.discard
                assert len(w.deck) == len(g.deck)
                assert w.pending is g.pending
                hidden = Counter(g.deck + g.limbo) + Counter(c for q in range(g.n) if q != me
                                                   for c in g.players[q].hand)
                again = Counter(w.deck + w.limbo) + Counter(c for q in range(w.n) if q != me
                                                  for c in w.players[q].hand)
                assert hidden == again
                for c in g.revealed.get(me, ()):
                    q = g.holder_of(c)
                    assert c in w.players[q].hand
                if me in g.known_age:
                    assert w.age_deck[-1] == g.known_age[me]
                check_age_deck(w)


def check_age_deck(g: Game) -> None:
    db = g.db
    sizes = age_piles(g)
    top_first = g.age_deck[::-1]
    assert len(top_first) == len(g.age_deck)
    total = sum(sizes) + 1
    start = total - len(top_first)
    seen = set()
    for c in top_first:
        assert c not in seen
        seen.add(c)
        assert not any(c in e for e in g.eras)
    piles: dict[int, list[int]] = {}
    for j, c in enumerate(top_first):
        gi = start + j
        if gi == 0:
            assert c == db.birth
            continue
        k = gi - 1
        pile = 0 if k < sizes[0] else (1 if k < sizes[0] + sizes[1] else 2)
        piles.setdefault(pile, []).append(c)
    for pile, cards in piles.items():
        cats = sum(1 for c in cards if db.cards[c].kind == "catastrophe")
        assert cats == (0 if len(g.catastrophes) > pile else 1)


def test_samples_differ_from_the_truth_and_from_each_other(db):
    g = positions(db, 4, 7)[3]
    me = g.pending.player
    s = WorldSampler(g, me)
    hands = set()
    for k in range(20):
        w = s.sample(random.Random(k))
        hands.add(tuple(tuple(sorted(w.players[q].hand)) for q in range(4) if q != me))
        assert w.rng.state != g.rng.state
        assert w.answers == []
    assert len(hands) > 15


def test_sampled_worlds_play_to_the_end(db):
    for n in (2, 3, 4, 5, 6):
        for g in positions(db, n, 40 + n, every=23):
            me = g.pending.player
            w = WorldSampler(g, me).sample(random.Random(1))
            r = random.Random(2)
            while w.pending is not None:
                w.apply(r.choice(w.pending.options))
            assert w.over


def test_long_age_deck_structure(db):
    g = Game.new(db, 3, seed=5, variants={"long_age_deck": True}, log=False)
    r = random.Random(5)
    k = 0
    while g.pending is not None:
        if k % 11 == 0:
            me = g.pending.player
            check_age_deck(WorldSampler(g, me).sample(random.Random(k)))
        g.apply(r.choice(g.pending.options))
        k += 1
