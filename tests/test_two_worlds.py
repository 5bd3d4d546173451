"""Two worlds a seat cannot tell apart give that seat the same words.

At positions of random games with every module, a second game is made that differs from the
first only in what the deciding seat cannot see (`test_worlds.hide_differently`: the other
hands, the deck, the age deck's unrevealed cards relabelled and shuffled, the seed and the
answers replaced; and the other seats' Meaning of Life cards passed round among them). Everything the table tells that seat, or that a bot or the coach works out
for it, must come out the same in both: its View (without the log, which the copy does not
keep), the coach's hint (its answer, sentence and '+N now'), the preview of each play, an Easy
and a Medium bot's answer and public reason, and the standing answer's judgement. Any of them
reading the true game instead of the seat's View and sampler would differ."""

from __future__ import annotations

import random
from dataclasses import replace

from test_worlds import hide_differently

from doomlings_desktop.bots import make_bot
from doomlings_desktop.bots.reasons import WORLDS, reason
from doomlings_desktop.play.coach import Coach, play_preview
from doomlings_desktop.rules.cards import available_modules, database_for
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.view import view_for
from doomlings_desktop.rules.worlds import WorldSampler


def _said(g: Game, me: int, db, coach: bool) -> tuple:
    """All the seat is told or judged at g's pending decision (its own)."""
    d = g.pending
    out: list = [replace(view_for(g, me, with_log=False), log=())]
    for level in ("easy", "medium"):
        view = view_for(g, me, with_log=False)
        sampler = WorldSampler(g, me)
        a = make_bot(level, 5, db=db).decide(view, sampler)
        rng = random.Random(len(g.answers))
        out.append((a, reason(view, a, db, [sampler.sample(rng) for _ in range(WORLDS)])))
    if d.kind == "play":
        out += [play_preview(g, me, c) for c in d.options[:3] if c != "pass"]
    if coach:
        out.append(Coach(db, seed=3, budget=None, iterations=40).hint(g, me))
    return tuple(out)


def _meanings_moved(h: Game, me: int) -> Game:
    """The other seats' Meaning of Life cards (dealt and kept, E4) passed round among them:
    hidden from `me` as the hands are."""
    others = [q for q in range(h.n) if q != me and h.meaning_offer[q]]
    if len(others) > 1 and h.pending.zone != "meaning":
        offers = [h.meaning_offer[q] for q in others]
        kept = [h.meaning[q] for q in others]
        for q, o, m in zip(others, offers[1:] + offers[:1], kept[1:] + kept[:1], strict=True):
            h.meaning_offer[q], h.meaning[q] = o, m
    return h


def _positions(db, seeds, check) -> tuple[int, int]:
    """`check(g, h, me, coach)` at every 6th decision with a choice of the first 300 of each
    game, h the game as hidden differently; the positions checked and those with a hint."""
    checked = hints = 0
    for seed in seeds:
        g = Game.new(db, 2 + seed % 5, seed=seed, log=False)
        r = random.Random(seed)
        k = 0
        while g.pending is not None and k < 300:
            d = g.pending
            k += 1
            if k % 6 == 0 and len(d.options) > 1:
                me = d.player
                h = _meanings_moved(hide_differently(g, me, random.Random(seed * 7 + k)), me)
                h.seed = g.seed     # the preview's worlds are drawn from the game's own
                # seed: on this computer a secret of the save, as the hidden cards are
                if replace(view_for(h, me, with_log=False), log=()) == \
                        replace(view_for(g, me, with_log=False), log=()):
                    coach = k % 18 == 0
                    check(g, h, me, coach)
                    checked += 1
                    hints += coach
            g.apply(r.choice(d.options))
    return checked, hints


def test_what_a_seat_is_told_does_not_hang_on_what_it_cannot_see():
    db = database_for(available_modules())

    def same(g, h, me, coach):
        assert _said(g, me, db, coach) == _said(h, me, db, coach), (len(g.answers), me)
    checked, hints = _positions(db, range(8), same)
    assert checked >= 100 and hints >= 25, (checked, hints)


def test_a_preview_planted_to_read_the_true_hands_is_caught():
    """The check sees a difference where something reads the game, not the seat's view."""
    db = database_for(available_modules())
    caught = []

    def leaky(g, me, coach):
        return tuple(g.players[(me + 1) % g.n].hand)

    def differs(g, h, me, coach):
        caught.append(leaky(g, me, coach) != leaky(h, me, coach))
    _positions(db, range(2), differs)
    assert caught and sum(caught) >= 0.8 * len(caught), (sum(caught), len(caught))
