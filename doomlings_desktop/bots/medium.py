"""Medium: a one-ply search. Each legal answer is tried in the same few imagined worlds (paired,
so answers are compared on the same luck); the quick policy plays on to the end of the turn (or
through World's End); the hand-tuned evaluation (points now, expected World's End bonuses,
what hand and gene pool promise for the turns left, against the leader) scores the result; the
answer with the best mean wins.

Its work is counted in trials (answer x world), not seconds, so the same seed gives the same
answer on any machine."""

from __future__ import annotations

from typing import Any

from doomlings_desktop.bots.base import Bot
from doomlings_desktop.bots.heuristics import evaluate, run_chain, tables
from doomlings_desktop.rules.view import View
from doomlings_desktop.rules.worlds import WorldSampler


class MediumBot(Bot):
    name = "Medium"
    level = "medium"

    def __init__(self, seed: int = 0, db=None, worlds: int = 4, budget: int = 48,
                 params: dict | None = None) -> None:
        super().__init__(seed, db, params)
        self.worlds = worlds      # imagined worlds at most
        self.budget = budget      # (answer, world) trials at most

    def choose(self, view: View, sampler: WorldSampler) -> Any:
        opts = view.decision.options
        k = max(1, min(self.worlds, self.budget // len(opts)))
        worlds = [sampler.sample(self.rng) for _ in range(k)]
        tb = tables(worlds[0].db, self.params)
        me = view.me
        best, best_v = opts[0], None
        for a in opts:
            total = 0.0
            for w in worlds:
                h = w.clone()
                h.apply(a)
                run_chain(h, tb)
                total += evaluate(h, me, tb)
            if best_v is None or total > best_v:
                best, best_v = a, total
        return best
