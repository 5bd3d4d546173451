"""The Random decider: a uniformly random legal answer. For tests, fuzzing and easy company."""

from __future__ import annotations

import random
from typing import Any

from doomlings_desktop.rules.view import View


class RandomBot:
    name = "Random"
    level = "random"

    def __init__(self, seed: int = 0, db=None) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: View, sampler: Any = None) -> Any:
        d = view.decision
        if d is None:
            raise ValueError("the bot was asked to decide, but no decision is its own")
        return self.rng.choice(d.options)
