"""Easy: scores each legal answer with the quick heuristic in one imagined world, then picks by
a softmax with noise. Its mistakes are second-best answers, never absurd ones: answers scored
far below the best are never picked."""

from __future__ import annotations

import math
from typing import Any

from doomlings_desktop.bots.base import Bot
from doomlings_desktop.bots.heuristics import option_scores, tables
from doomlings_desktop.rules.view import View
from doomlings_desktop.rules.worlds import WorldSampler


class EasyBot(Bot):
    name = "Easy"
    level = "easy"

    def __init__(self, seed: int = 0, db=None, temperature: float = 1.2,
                 window: float = 3.0, params: dict | None = None) -> None:
        super().__init__(seed, db, params)
        self.temperature = temperature
        self.window = window

    def choose(self, view: View, sampler: WorldSampler) -> Any:
        g = sampler.sample(self.rng)
        opts = view.decision.options
        sc = option_scores(g, tables(g.db, self.params))
        top = max(sc)
        weights = [math.exp((s - top) / self.temperature) if s >= top - self.window else 0.0
                   for s in sc]
        r = self.rng.random() * sum(weights)
        for a, w in zip(opts, weights, strict=False):
            r -= w
            if r <= 0 and w > 0:
                return a
        return opts[sc.index(top)]
