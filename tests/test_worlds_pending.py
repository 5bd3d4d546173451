"""Sampled worlds rename the hidden cards that pending work names, not only the zones.

A world (`WorldSampler(game, seat).sample`) deals again every card `seat` cannot see (other
hands, the trait deck, cards set aside face down). The engine's work stack, the pending
decision and `State.revealed` may name such a card too: the card another seat chose to give
("give it to whom?"), the out-of-turn card Self-Awareness is about to play, another seat's
decision over its own hand (what it may discard, give, reveal, play). A world that kept the
real card there would compute with the truth (a bot's or the coach's search for a seat that
is not deciding, the review's chances after every answer, playing on from a record) and would
not even be one game: the card named would lie elsewhere.

At positions of random games with every module (2 to 6 seats), for the deciding seat and for
another, each reference to a hidden card outside the zones must, in every world, name the
card that world dealt into the same place (the sampler's renaming is by place: the card now
in that hand slot, that deck position). A turn's play of another seat is asked again in the
world (which of the dealt cards may be played is that world's). The references looked at:
every argument of every task on the work stack (effect contexts: their card and variables),
the pending decision's options, card and subject, and the cards shown to one seat (Nosy).
Plain task arguments are untyped (a seat, a count and a card are all ints): they are held to
this only for card ids of 10 and up, which every task meets in some game.

Not checked, and why: the card whose action Elongated Neck plays from its holder's hand (E28)
stays that effect's card with its steps (`Ctx.card`): the effect in progress is that action,
and other seats are asked by it by name; docs/bots.md says more.
"""

from __future__ import annotations

import random
from collections import Counter

from doomlings_desktop.rules.cards import available_modules, database_for
from doomlings_desktop.rules.decisions import CANNOT_PLAY, TURN_PLAY
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.sight import Sight
from doomlings_desktop.rules.verbs import Ctx
from doomlings_desktop.rules.worlds import WorldSampler

SMALL = 10      # a plain task argument below this may be a seat or a count: not a card for sure


def _refs(g: Game) -> list[tuple[tuple, int, bool]]:
    """(place, card, typed) of every card reference outside the zones; `typed`: the place
    holds a card for sure (not a plain task argument)."""
    out: list[tuple[tuple, int, bool]] = []
    neck = set()        # E28: see the module's docstring
    for i, t in enumerate(g.stack):
        name = getattr(t[0], "__name__", repr(t[0]))
        for j, a in enumerate(t[1:], 1):
            if type(a) is Ctx:
                if g.holder_of(a.card) == a.player:
                    neck.add(a.card)
                else:
                    out.append(((i, name, j, "card"), a.card, True))
                for k, v in a.vars.items():
                    for m, x in enumerate(v if type(v) is tuple else ()):
                        if type(x) is int:
                            out.append(((i, name, j, k, m), x, k != "affected"))
                        elif type(x) is tuple:
                            out += [((i, name, j, k, m, r), y, False)
                                    for r, y in enumerate(x) if type(y) is int]
            elif type(a) is int:
                out.append(((i, name, j), a, False))
            elif type(a) in (tuple, list):
                out += [((i, name, j, m), x, False) for m, x in enumerate(a) if type(x) is int]
    d = g.pending
    if d is not None:
        if d.intent != TURN_PLAY:                       # asked again: `_check_turn_play`
            out += [(("pending", d.intent, m), x, d.kind != "player")
                    for m, x in enumerate(d.options) if type(x) is int]
        out += [(("pending", d.intent, what), c, True)
                for what, c in (("card", d.card), ("subject", d.subject)) if c not in neck]
    out += [(("revealed", q, m), x, True) for q, cs in g.revealed.items()
            for m, x in enumerate(cs)]
    return out


def _hidden_slots(g: Game, me: int) -> dict[tuple, int]:
    """Each place of a card `me` cannot see (as the view's Sight describes it): its card."""
    s = Sight(g, me)
    slots: dict[tuple, int] = {}
    for q, pin in s.shown.items():
        slots.update({("hand", q, i): c for i, c in enumerate(g.players[q].hand)
                      if c not in pin})
    slots.update({("deck", i): c for i, c in enumerate(g.deck)})
    slots.update({("limbo", i): c for i, c in enumerate(g.limbo) if c in s.hidden_aside})
    return slots


def _at(w: Game, slot: tuple) -> int:
    if slot[0] == "hand":
        return w.players[slot[1]].hand[slot[2]]
    return w.deck[slot[1]] if slot[0] == "deck" else w.limbo[slot[1]]


def _check_turn_play(g: Game, w: Game, me: int) -> bool:
    """Another seat's turn play in a world is asked from that world's hand."""
    d = g.pending
    if d is None or d.intent != TURN_PLAY or d.player == me:
        return False
    p = d.player
    legal = w.legal_plays(p)
    e = w.pending
    assert e.player == p and e.intent == (TURN_PLAY if legal else CANNOT_PLAY)
    if legal:
        assert e.options == legal and set(e.options) <= set(w.players[p].hand)
    return True


def _check(g: Game, me: int, tally: Counter, worlds: int = 3) -> list:
    """The references to hidden cards that a world of `me` did not rename as it dealt."""
    slots = _hidden_slots(g, me)
    hidden = set(slots.values())
    real = [(place, c) for place, c, typed in _refs(g)
            if c in hidden and (typed or c >= SMALL)]
    tally["positions"] += 1
    wrong = []
    sampler = WorldSampler(g, me)
    for k in range(worlds):
        w = sampler.sample(random.Random(k))
        tally["turn plays asked again"] += _check_turn_play(g, w, me)
        if not real:
            continue
        dealt = {c: _at(w, slot) for slot, c in slots.items()}
        now = {place: c for place, c, _ in _refs(w)}
        for place, c in real:
            tally["references"] += 1
            if now.get(place) != dealt[c]:
                wrong.append((len(g.answers), me, place, c, now.get(place), dealt[c]))
    return wrong


def _games(seeds, every: int = 3, limit: int = 400):
    """(game, deciding seat, another seat) at every `every`-th decision of random games with
    every module, 2 to 6 seats."""
    db = database_for(available_modules())
    for seed in seeds:
        n = 2 + seed % 5
        g = Game.new(db, n, seed=seed, log=False)
        r = random.Random(seed)
        k = 0
        while g.pending is not None and k < limit:
            d = g.pending
            k += 1
            if k % every == 0:
                yield g, d.player, (d.player + 1 + r.randrange(n - 1)) % n
            g.apply(r.choice(d.options))


def test_worlds_rename_the_hidden_cards_pending_work_names(record_property):
    tally: Counter = Counter()
    wrong: list = []
    for g, me, other in _games(range(60)):
        wrong += _check(g, me, tally)
        wrong += _check(g, other, tally)
    assert not wrong, (len(wrong), wrong[:5])
    assert tally["positions"] > 3000 and tally["references"] > 5000, tally
    assert tally["turn plays asked again"] > 1000, tally
    record_property("robustness", f"worlds and pending work: {dict(tally)}")


def test_a_world_of_a_seat_that_is_not_deciding_plays_to_the_end():
    """Another seat's pending decision names only cards of that world: answering it (and
    everything after) works, as it does in a world of the deciding seat."""
    played = Counter()
    for i, (g, _me, other) in enumerate(_games(range(30), every=5)):
        if i % 4:
            continue
        w = WorldSampler(g, other).sample(random.Random(i))
        r = random.Random(i)
        while w.pending is not None:
            w.apply(r.choice(w.pending.options))
        assert w.over
        played[g.pending.intent] += 1
    assert sum(played.values()) > 150 and played[TURN_PLAY] > 50, played
