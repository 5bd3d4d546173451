"""Hard: single-observer information-set Monte Carlo tree search (SO-ISMCTS).

Every iteration imagines a new world (`WorldSampler.sample`: hidden hands, the trait deck and
the age deck dealt again, respecting what this seat knows and the age deck's piles) and walks
one tree, shared by all worlds, whose edges are (player, answer) pairs. Each player in the tree
picks the answer best for them (UCB1 with availability counts: an answer's exploration term
counts the times it was *available*, since hidden cards make answers come and go between
worlds). A new edge is added; then the quick policy plays on for `rollout_turns` more turn
openings (about one round) and the evaluation scores the position for every player (a softmax
of the seat values: roughly each one's chance to win). Forced answers (one legal option) are
played without a tree node.

Anytime: it searches until its time `budget` (seconds) is spent, or for exactly `iterations`
iterations when given (reproducible: then the same seed gives the same answer).
"""

from __future__ import annotations

import math
import time
from typing import Any

from doomlings_desktop.bots.base import Bot
from doomlings_desktop.bots.heuristics import option_scores, rewards, run_rounds, tables
from doomlings_desktop.rules.view import View
from doomlings_desktop.rules.worlds import WorldSampler


class Edge:
    __slots__ = ("player", "visits", "total", "avail", "child")

    def __init__(self, player: int) -> None:
        self.player = player
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.child: dict | None = None


class HardBot(Bot):
    name = "Hard"
    level = "hard"

    def __init__(self, seed: int = 0, db=None, budget: float = 0.6,
                 iterations: int | None = None, rollout_turns: int | None = None,
                 exploration: float = 0.7, max_depth: int = 12, temperature: float = 4.0,
                 exact: str = "me", final: str = "mean", widen: float = 0.5,
                 params: dict | None = None) -> None:
        super().__init__(seed, db, params)
        self.budget = budget
        self.iterations = iterations
        self.rollout_turns = rollout_turns
        self.c = exploration
        self.max_depth = max_depth
        self.temperature = temperature
        self.final = final
        self.widen = widen        # progressive widening: 1 + widen * sqrt(visits) answers
        self.exact = exact        # whose hands the evaluation values exactly: me, all, none
        self.last_iterations = 0

    def choose(self, view: View, sampler: WorldSampler) -> Any:
        opts = view.decision.options
        me = view.me
        rng = self.rng
        clock = time.perf_counter
        start = clock()
        deadline = start + self.budget
        self._start = start
        limit = self.iterations
        turns = self.rollout_turns if self.rollout_turns is not None else view.n
        root: dict = {}
        exact = {"me": (me,), "all": tuple(range(view.n)), "none": ()}[self.exact]
        tb = None
        c = self.c
        widen = self.widen
        it = 0
        while True:
            if limit is not None:
                if it >= limit:
                    break
            elif it > 0 and clock() >= deadline:
                break
            it += 1
            if it % 16 == 0 and self._settled(root, me, opts, it, limit, clock(), deadline):
                break
            g = sampler.sample(rng)
            if tb is None:
                tb = tables(g.db, self.params)
            node = root
            path: list[Edge] = []
            depth = 0
            while g.pending is not None and depth < self.max_depth:
                d = g.pending
                o = d.options
                if len(o) == 1:
                    g.apply(o[0])
                    continue
                p = d.player
                nv = node.get(None, 0)
                node[None] = nv + 1
                if depth and len(o) > 1 + widen * math.sqrt(nv):
                    # progressive widening: the quick policy's best answers first, more of
                    # them as the node is visited more
                    k = 1 + int(widen * math.sqrt(nv))
                    sc = option_scores(g, tb)
                    order = sorted(range(len(o)), key=lambda i: -sc[i])
                    cand = [o[i] for i in order[:k]]
                    scored = True
                else:
                    cand = o
                    scored = False
                untried = []
                best, best_u = None, -1e9
                for a in cand:
                    e = node.get((p, a))
                    if e is None:
                        untried.append(a)
                        continue
                    e.avail += 1
                    u = e.total / e.visits + c * math.sqrt(math.log(e.avail) / e.visits)
                    if u > best_u:
                        best, best_u = a, u
                if untried:
                    if len(untried) > 1 and not scored:
                        sc = option_scores(g, tb)
                        idx = {a: s for a, s in zip(o, sc, strict=False)}
                        a = max(untried, key=lambda x: idx[x])
                    else:
                        a = untried[0]
                    e = Edge(p)
                    e.avail = 1
                    node[(p, a)] = e
                    g.apply(a)
                    path.append(e)
                    break
                e = node[(p, best)]
                g.apply(best)
                path.append(e)
                if e.child is None:
                    e.child = {}
                node = e.child
                depth += 1
            if g.pending is not None:
                run_rounds(g, turns, tb)
            r = rewards(g, tb, self.temperature, exact)
            for e in path:
                e.visits += 1
                e.total += r[e.player]
        self.last_iterations = it
        self.last_root = root
        best = opts[0]
        # the best mean reward among the well-visited answers (the most visited, on a tie)
        ranked = []
        for a in opts:
            e = root.get((me, a))
            if e is not None and e.visits:
                ranked.append((e.visits, e.total / e.visits, a))
        if ranked:
            top = max(v for v, _, _ in ranked)
            if self.final == "mean":
                ranked = [x for x in ranked if x[0] >= 0.5 * top]
                ranked.sort(key=lambda x: (x[1], x[0]))
            else:
                ranked.sort(key=lambda x: (x[0], x[1]))
            best = ranked[-1][2]
        return best

    def _settled(self, root: dict, me: int, opts: list, it: int, limit: int | None,
                 now: float, deadline: float) -> bool:
        """Whether the most visited answer can no longer be overtaken in the time left."""
        if limit is not None:
            left = limit - it
        else:
            spent = max(now - self._start, 1e-6)
            left = (deadline - now) * it / spent
        visits = sorted((e.visits for a in opts if (e := root.get((me, a))) is not None),
                        reverse=True)
        if len(visits) < len(opts):
            return False
        return visits[0] - visits[1] > left
