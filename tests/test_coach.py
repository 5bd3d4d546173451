"""The coach hints from the seat's view only: legal, explained, the same for positions that
differ only in what the seat cannot see, and thought about off the caller's thread."""

from __future__ import annotations

import random
import threading

import pytest

from doomlings_desktop.play.coach import Coach
from doomlings_desktop.rules.engine import Game
from tests.uidriver import DEADLINE_S, wait_until


def _reach(db, n: int, seed: int, want) -> Game:
    for s in range(seed, seed + 200):
        g = Game.new(db, n, seed=s)
        r = random.Random(s)
        while g.pending is not None and not want(g):
            g.apply(r.choice(g.pending.options))
        if g.pending is not None:
            return g
    pytest.fail("no position found")


def _hidden_swapped(g: Game, seat: int) -> Game:
    """The same position with a card of another hand swapped for one in the trait deck: what
    `seat` sees is unchanged."""
    h = g.clone()
    q = next(p for p in range(h.n) if p != seat and h.players[p].hand)
    hand, deck = h.players[q].hand, h.deck
    i = next(i for i, c in enumerate(deck) if c not in hand)
    hand[0], deck[i] = deck[i], hand[0]
    return h


@pytest.mark.parametrize("seed", range(10, 16))
def test_a_hint_is_legal_explained_and_blind_to_hidden_cards(db, seed):
    """Across these positions a coach that looked at the true hidden cards (a sampler that
    returns the real game) gives a different hint in 2 of 6: the check can fail."""
    coach = Coach(db, seed=3, budget=None, iterations=60)
    g = _reach(db, 3, seed, lambda g: g.pending.kind == "play" and len(g.players[0].pile) >= 2
               and g.pending.player == 0 and len(g.pending.options) > 2)
    seat = g.pending.player
    hint = coach.hint(g, seat)
    assert hint.answer in g.pending.options
    assert hint.why and hint.why.endswith(".")
    if hint.answer != "pass":
        assert hint.gain is not None and db.name(hint.answer) in hint.why
        assert ("+" in hint.why or "−" in hint.why) and "now" in hint.why
    other = _hidden_swapped(g, seat)
    assert [p.hand for p in other.players] != [p.hand for p in g.players]
    assert coach.hint(other, seat) == hint


def test_hints_on_choices_of_every_kind(db):
    coach = Coach(db, seed=1, budget=None, iterations=30)
    kinds = set()
    for s in range(40):
        g = Game.new(db, 3, seed=s)
        r = random.Random(s)
        while g.pending is not None:
            d = g.pending
            if d.kind not in kinds and len(d.options) > 1:
                kinds.add(d.kind)
                hint = coach.hint(g, d.player)
                assert hint.answer in d.options and hint.why
            g.apply(r.choice(d.options))
        if {"play", "card", "player", "yesno"} <= kinds:
            break
    assert {"play", "card", "player"} <= kinds


def test_the_coach_thinks_off_the_callers_thread(db, monkeypatch):
    """`ask` returns while the thinking is still going on: the thinking waits on a gate the
    test opens only after `ask` has returned (no clock involved)."""
    coach = Coach(db, seed=2, budget=0.5)
    g = _reach(db, 4, 3, lambda g: g.pending.kind == "play" and g.pending.player == 0)
    gate, think = threading.Event(), Coach.hint

    def held(self, game, seat):
        assert gate.wait(DEADLINE_S), "the test never opened the gate"
        return think(self, game, seat)
    monkeypatch.setattr(Coach, "hint", held)
    coach.ask(g, 0)
    assert coach.poll(g) is None and not coach.job["done"]      # back before it has thought
    gate.set()
    hint = wait_until(lambda: coach.poll(g), "the coach's hint")
    assert hint.answer in g.pending.options
    g.apply(g.pending.options[0])
    assert coach.poll(g) is None                 # asked for another decision


def test_a_plays_preview_adds_what_the_play_adds_and_names_its_questions(db):
    """Scores depend on piles, rarely on hidden hands: the preview's points, averaged over
    imagined worlds, are the real change for nearly every play."""
    from doomlings_desktop.bots.effects import score_change
    from doomlings_desktop.play.coach import play_preview

    same = total = asked = 0
    for seed in range(6):
        g = _reach(db, 3, 40 + seed * 7, lambda g: g.pending.kind == "play"
                   and g.pending.player == 0 and len(g.players[0].pile) >= 3)
        for c in g.pending.options:
            if c == "pass":
                continue
            p = play_preview(g, 0, c)
            real = g.clone()
            real.apply(c)
            total += 1
            # the real change once the play's own questions are answered (Nano's host)
            same += abs(p.gain - score_change(g, 0, c)) < 1e-9
            d = real.pending
            if d is not None and d.player == 0 and d.kind not in ("play", "end_turn") \
                    and real.current == 0:
                asked += 1
                assert p.asks, f"{db.name(c)} asks '{d.prompt}' but the preview says nothing"
    # the few that differ draw or reveal hidden cards as they land (Saudade, Brave)
    assert total > 15 and same >= 0.85 * total and asked


def test_a_hint_for_several_cards_names_them_all(db):
    """The table lets the player pick every card of "discard 2 cards" at once, so the hint
    names them all ("Choose Heroic and Mitosis"), lights them all, never compares the answer
    with a card it also names, and its '+N now' is the change once all are discarded. The
    old hint named one card; asked again after picking it, it said the same (the tryout's
    Retrovirus: "Choose Heroic: ... the same with Mitosis", with two cards to discard)."""
    from doomlings_desktop.bots.effects import score_change
    from doomlings_desktop.play.explain import label

    coach = Coach(db, seed=3, budget=None, iterations=12)
    found = named = 0
    for seed in range(40):
        g = Game.new(db, 3, seed=seed, log=False)
        r = random.Random(seed)
        while g.pending is not None and found < 6:
            d = g.pending
            if d.count > 1 and d.kind == "card" and d.zone == "hand" \
                    and len(d.options) > d.count and g.pending.player == 0:
                hint = coach.hint(g, d.player)
                also = getattr(hint, "also", ())
                picks = (hint.answer, *also)
                may_stop = "pass" in d.options      # "you may discard up to 2"
                assert len(also) == d.count - 1 or may_stop and len(also) < d.count
                assert len(set(picks)) == len(picks)
                assert all(p in d.options for p in picks)
                names = [label(g, p) for p in picks]
                head = "Pass" if hint.answer == "pass" else f"Choose {' and '.join(names)}"
                assert hint.why.startswith(head), hint.why
                for n in names[1:]:
                    assert f"keep {n} in hand" not in hint.why and f"with {n}" not in hint.why
                if hint.gain is not None and "to" not in hint.why.split(";")[0]:
                    assert round(hint.gain) == score_change(g, d.player, hint.answer), hint.why
                found += 1
                named += len(also) > 0
            g.apply(r.choice(d.options))
    assert found >= 4 and named >= 2, (found, named)
