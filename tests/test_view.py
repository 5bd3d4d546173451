"""Hidden information: view_for(p) never shows another player's hand or any deck order."""

import random

import pytest

from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.events import events_for
from doomlings_desktop.rules.view import view_for


def advance(db, seed, steps):
    g = Game.new(db, 4, seed=seed, log=True)
    r = random.Random(seed)
    for _ in range(steps):
        if g.pending is None:
            break
        g.apply(r.choice(g.pending.options))
    return g


def strip(v):
    return v.__class__(**{**v.__dict__, "log": ()})


@pytest.mark.parametrize("seed", range(25))
def test_view_does_not_change_with_hidden_cards(db, seed):
    """Swap an opponent's hand card with a deck card, and shuffle the deck: my view is equal."""
    g = advance(db, seed, 10 + seed * 3)
    me = g.pending.player if g.pending else 0
    before = view_for(g, me)
    h = g.clone()
    h.log = g.log
    other = next(q for q in range(h.n) if q != me and h.players[q].hand)
    if h.deck:
        i = 0
        h.players[other].hand[i], h.deck[0] = h.deck[0], h.players[other].hand[i]
        random.Random(seed).shuffle(h.deck)
    after = view_for(h, me)
    if g.pending and g.pending.player != me:
        pass
    assert strip(before) == strip(after)


def test_view_holds_only_my_hand(db):
    g = advance(db, 4, 25)
    for me in range(g.n):
        v = view_for(g, me)
        assert v.hand == tuple(g.players[me].hand)
        assert [s.hand_size for s in v.seats] == [len(p.hand) for p in g.players]
        assert not hasattr(v, "deck")
        if v.decision is not None:
            assert v.decision.player == me


def test_private_log_lines_only_for_their_owner(db):
    g = advance(db, 11, 60)
    drawn = [e for e in g.log if e.kind == "draw" and e.to]
    assert drawn
    to = drawn[0].to
    owner = to[0]
    private = drawn[0].text_for(db, owner)
    assert private in [text for _, text in view_for(g, owner).log]
    other = (owner + 1) % g.n
    if other not in to:
        assert private not in [text for _, text in view_for(g, other).log]


def test_hidden_out_of_turn_offers_are_not_shown(db):
    for seed in range(200):
        g = Game.new(db, 3, seed=seed, log=False)
        r = random.Random(seed)
        while g.pending and g.pending.kind != "react":
            g.apply(r.choice(g.pending.options))
        if g.pending:
            d = g.pending
            for q in range(g.n):
                v = view_for(g, q, with_log=False)
                assert v.waiting_for == (d.player if q == d.player else None)
            return
    pytest.skip("no out-of-turn offer in 200 games")


@pytest.mark.parametrize("seat, lose", [(0, "Player 2, Player 3 and Player 4 lose their turns"),
                                        (2, "Player 4 loses their turn"),
                                        (3, "no turns are left")])
def test_the_log_says_who_loses_a_turn_to_optimistic_nihilism(db, seat, lose):
    from doomlings_desktop.rules.setup import build
    hands = [{"hand": [c]} for c in ("fangs", "gills", "bark", "antlers")]
    hands[seat] = {"hand": ["optimistic-nihilism"]}
    g = build(db, {"players": hands}, players=4)
    while g.current != seat or g.pending.kind != "play":
        g.apply("pass" if g.pending.kind == "react" else g.pending.options[0])
    g.apply(next(c for c in g.pending.options if db.cards[c].id == "optimistic-nihilism"))
    said = [text for kind, text in events_for(g, -1) if kind == "nihilism"]
    assert said == [f"Optimistic Nihilism: the next catastrophe comes now; {lose} this round, "
                    f"and Player {seat + 1} does not stabilize."]


@pytest.mark.parametrize("seed", range(12))
def test_a_variable_traits_worth_is_its_share_of_the_score(db, seed):
    """The worth a pile's strip shows for a variable-value trait is what that card adds to
    its owner's score as the viewer knows it: the viewer's score lines labelled with it."""
    g = advance(db, seed, 60 + seed * 7)
    me = g.pending.player if g.pending else 0
    v = view_for(g, me)
    checked = 0
    for sv in v.seats:
        assert len(sv.worths) == len(sv.pile)
        names = {}
        for c, w in zip(sv.pile, sv.worths, strict=True):
            d = db.cards[c]
            assert (w is None) == (not d.variable)
            if d.variable:
                names[d.name] = names.get(d.name, 0) + w - (d.value or 0)
        if any(db.cards[c].name in names for o in g.players if o is not g.players[sv.seat]
               for c in o.pile if db.scores_others[c]):
            continue        # a name another pile's card scores under too: not this check
        lines = g.score_breakdown(sv.seat, None if g.over else me)
        for name, extra in names.items():
            assert sum(p for label, p in lines if label == name) == extra, name
            checked += 1
    assert checked or not any(db.variable[c] for o in g.players for c in o.pile)


def test_the_public_view_knows_worths_as_anyone_can(db):
    from doomlings_desktop.rules.view import public_view
    g = advance(db, 3, 120)
    v = public_view(g, 0)
    for sv in v.seats:
        for c, w in zip(sv.pile, sv.worths, strict=True):
            if w is not None:
                assert w == g.worth(sv.seat, c, None if g.over else -1)
