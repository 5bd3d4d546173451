"""What every bot shares: its own generator, the one-legal-answer shortcut, and a fallback.

A bot's `decide(view, sampler=None)` sees the View of its seat and, to imagine the hidden
cards, a `WorldSampler` for that seat (`rules/worlds.py`). Without a sampler (a caller that has
only the View) the bots fall back to a static choice from what the View shows.
"""

from __future__ import annotations

import random
from typing import Any

from doomlings_desktop.bots.heuristics import fast_answer, tables
from doomlings_desktop.rules.cards import default_database
from doomlings_desktop.rules.decisions import KEEP_MEANING, TAKE_REVEALED_CARD
from doomlings_desktop.rules.view import View
from doomlings_desktop.rules.worlds import WorldSampler


def _db():
    # Asked each time (default_database caches): the command line may choose another database.
    return default_database()


class Bot:
    name = "Bot"
    level = ""

    def __init__(self, seed: int = 0, db=None, params: dict | None = None) -> None:
        self.params = params    # overrides of the evaluation's weights (heuristics.PARAMS)
        self.seed = seed
        self.rng = random.Random(seed)
        self.db = db

    def decide(self, view: View, sampler: WorldSampler | None = None) -> Any:
        d = view.decision
        if d is None:
            raise ValueError("the bot was asked to decide, but no decision is its own")
        if len(d.options) == 1:
            return d.options[0]
        if sampler is None:
            return self.fallback(view)
        if sampler.seat != view.me:
            raise ValueError("the sampler is for another seat")
        if d.intent == KEEP_MEANING:    # no search sees the end from set-up: the outlook
            w = sampler.sample(self.rng)
            return fast_answer(w, tables(w.db, self.params))
        return self.choose(view, sampler)

    def choose(self, view: View, sampler: WorldSampler) -> Any:
        raise NotImplementedError

    def fallback(self, view: View) -> Any:
        """A plausible answer from the View alone: best card to play, worst to lose."""
        d = view.decision
        tb = tables(self.db or _db())
        opts = d.options
        if d.kind == "play":
            return max(opts, key=lambda a: -0.5 if a == "pass" else tb.hold[a] - 0.5 * tb.gp[a])
        if d.kind == "card" and (d.zone == "revealed" or d.intent == TAKE_REVEALED_CARD):
            return max(opts, key=lambda a: tb.hold[a])      # a card to take or keep
        if d.kind == "card" and d.zone == "hand":
            return max(opts, key=lambda a: -0.3 if a == "pass" else -tb.hold[a])
        return self.rng.choice(opts)
