"""Hard: single-observer information-set Monte Carlo tree search (SO-ISMCTS), with paired
worlds at the root.

Every round of the search imagines a new world (`WorldSampler.sample`: hidden hands, the trait
deck and the age deck dealt again, respecting what this seat knows and the age deck's piles)
and plays each answer still in the race in that same world, so answers are compared on the
same luck (paired samples: the luck of the draw is most of a result's variance). Below each
answer grows a tree shared by all worlds, whose edges are (player, answer) pairs: each player
picks the answer best for them by UCB1 with availability counts (an answer's exploration term
counts the times it was *available*, since hidden cards make answers come and go between
worlds), and with progressive widening (the quick policy's best answers first, more of them as
a node is visited more). After the tree, the quick policy (the one Medium finishes its turns
with) plays on; every simulation stops at the same horizon, `rollout_turns` turn openings after
the root (one round by default), and is scored by the evaluation (a softmax of the seat values:
roughly each player's chance to win, at a temperature that grows with the rounds left, since a
lead says less the further the end). An answer whose paired results trail the best one's by
more than `race` standard errors leaves the race. Forced answers are played without a node.

Anytime: it searches until it has run `iterations` simulations (by default a count per table
size, `ITERATIONS`) or its time `budget` (seconds) is spent, whichever comes first. The budget
is a cap for slow machines and long decisions; with `budget=None` the same seed gives the same
answer on any machine. `iterations=0` searches for the whole budget."""

from __future__ import annotations

import math
import time
from typing import Any

from doomlings_desktop.bots.base import Bot
from doomlings_desktop.bots.heuristics import (
    at_turn_start,
    fast_answer,
    option_scores,
    rewards,
    rounds_left,
    tables,
)
from doomlings_desktop.bots.valuenet import ValueNet, load_net
from doomlings_desktop.rules.view import View
from doomlings_desktop.rules.worlds import WorldSampler

# Simulations per decision by number of players. On this project's 2-core machine a median
# 4-player decision takes about 0.4 s; the time budget cuts the longest ones short. 1,000 with
# 2 players was tried and played no better (docs/bots.md has the measurements).
ITERATIONS = {2: 600, 3: 600, 4: 600, 5: 500, 6: 400}
# The reward's softmax temperature, t0 + slope x rounds left, by number of players, as
# `benchmarks/calibration.py` fits it to who won Medium's games (a lead says more about the
# winner as the end nears). It replaced a fixed TUNED_AT (docs/bots.md has both measured), the
# temperature for which the exploration constant was tuned.
TUNED_AT = 4.0
TEMPERATURE = {2: (3.0, 1.75), 3: (2.6, 1.9), 4: (3.0, 2.35), 5: (3.0, 2.4), 6: (3.9, 2.0)}
# What scores a simulation at its cut-off: the learned value network (`bots/valuenet.py`,
# assets/valuenet.npz; the hand-tuned softmax when the file is unusable) or the hand-tuned
# softmax of the seat values ("classic"), kept for comparison (docs/bots.md).
EVALUATIONS = ("net", "classic")
EVALUATION = "classic"   # the network did not show a gain yet (docs/bots.md)


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

    def __init__(self, seed: int = 0, db=None, budget: float | None = 0.9,
                 iterations: int | None = None, rollout_turns: int | None = None,
                 exploration: float = 0.25, widen: float = 0.5, max_depth: int = 12,
                 temperature: float | None = None, temp_slope: float | None = None,
                 race: float = 2.5, min_worlds: int = 6, params: dict | None = None,
                 scaled_exploration: bool = True, evaluation: str = EVALUATION,
                 net: ValueNet | None = None) -> None:
        super().__init__(seed, db, params)
        if evaluation not in EVALUATIONS:
            raise ValueError(f"unknown evaluation '{evaluation}' (known: "
                             f"{', '.join(EVALUATIONS)})")
        self.evaluation = evaluation    # the cut-off's: "net" (learned) or "classic"
        self.net = net                  # a network to use instead of the shipped one
        self.budget = budget
        self.iterations = iterations
        self.rollout_turns = rollout_turns
        self.c = exploration      # UCB's constant for rewards at temperature TUNED_AT
        self.scaled_exploration = scaled_exploration
        self.widen = widen        # progressive widening: 1 + widen * sqrt(visits) answers
        self.max_depth = max_depth
        self.temperature = temperature    # None: by table size, TEMPERATURE
        self.temp_slope = temp_slope
        self.race = race
        self.min_worlds = min_worlds
        self.last_iterations = 0
        self.last_worlds = 0
        self.last_results: dict = {}
        # With a checkpoint of k simulations, `checkpoint_answer` is what a search of k
        # would have answered (the same worlds: the first k are this search's): the review's
        # deeper look tells from one search what the quick hint said and what more finds.
        self.checkpoint = 0
        self.checkpoint_answer: Any = None

    def choose(self, view: View, sampler: WorldSampler) -> Any:
        opts = list(view.decision.options)
        me = view.me
        rng = self.rng
        clock = time.perf_counter
        limit = self.limit(view.n)
        deadline = clock() + self.budget if self.budget is not None else None
        turns = self.rollout_turns
        if turns is None:       # two rounds of turns with 2 players, one round otherwise
            turns = 2 * view.n if view.n == 2 else view.n
        temp = self.temperatures(view.n)
        net = self.value_net()
        trees: dict = {i: {} for i in range(len(opts))}
        results: dict[int, list[float]] = {i: [] for i in range(len(opts))}
        active = list(range(len(opts)))
        tb = None
        it = 0
        worlds = 0
        check = self.checkpoint
        while len(active) > 1:
            if check and worlds and it + len(active) > check:   # where a search of `check` stops
                self.checkpoint_answer = self._best(opts, active, results)
                check = 0
            if worlds and ((limit is not None and it + len(active) > limit)
                           or (deadline is not None and clock() >= deadline)):
                break
            w = sampler.sample(rng)
            worlds += 1
            if tb is None:
                tb = tables(w.db, self.params)
                c = self.exploration(temp, rounds_left(w))
            cut = []
            for i in active:
                g = w.clone()
                g.apply(opts[i])
                cut.append((i, g, self._descend(g, trees[i], turns, tb, c)))
                it += 1
            # every answer's simulation in this world scored at once (one batch for the net)
            if net is None:
                scored = [rewards(g, tb, temp[0], (me,), temp[1]) for _, g, _ in cut]
            else:
                scored = net.chances_many([g for _, g, _ in cut], tb, (me,))
            for (i, _, path), r in zip(cut, scored, strict=True):
                for e in path:
                    e.visits += 1
                    e.total += r[e.player]
                results[i].append(r[me])
            if worlds >= self.min_worlds:
                active = self._race(active, results, worlds)
        self.last_iterations = it
        self.last_worlds = worlds
        # each answer's rewards, world by world (paired: the k-th of every list is the same
        # world): the review reads its confidence in a difference from them
        self.last_results = {opts[i]: results[i] for i in range(len(opts))}
        if not worlds:
            return opts[0]
        best = self._best(opts, active, results)
        if check:       # the race ended before the checkpoint: that search answers the same
            self.checkpoint_answer = best
        return best

    @staticmethod
    def _best(opts: list, active: list[int], results: dict) -> Any:
        return opts[max(active, key=lambda i: sum(results[i]) / len(results[i]))]

    def limit(self, n: int) -> int | None:
        """Simulations per decision at a table of n players (None: as many as the budget allows)."""
        if self.iterations is None:
            return ITERATIONS.get(n, 600)
        return self.iterations if self.iterations > 0 else None

    def _race(self, active: list[int], results: dict, worlds: int) -> list[int]:
        """Drop the answers that trail the best by more than `race` standard errors."""
        means = {i: sum(results[i]) / worlds for i in active}
        best = max(active, key=lambda i: means[i])
        rb = results[best]
        keep = []
        for i in active:
            if i == best:
                keep.append(i)
                continue
            diffs = [x - y for x, y in zip(results[i], rb, strict=True)]
            m = sum(diffs) / worlds
            var = sum((d - m) ** 2 for d in diffs) / (worlds - 1)
            if m + self.race * math.sqrt(var / worlds) >= 0 or var == 0 and m == 0:
                keep.append(i)
        return keep

    def temperatures(self, n: int) -> tuple[float, float]:
        """The reward's temperature at a table of n players: (t0, slope per round left)."""
        t0, slope = TEMPERATURE.get(n, (TUNED_AT, 0.0))
        return (t0 if self.temperature is None else self.temperature,
                slope if self.temp_slope is None else self.temp_slope)

    def exploration(self, temp: tuple[float, float], rounds: float) -> float:
        """UCB's constant for a decision with `rounds` left: a higher temperature shrinks the
        differences between rewards, so exploration shrinks with it (measured at 2 and 4
        players: docs/bots.md)."""
        if not self.scaled_exploration:
            return self.c
        return self.c * TUNED_AT / (temp[0] + temp[1] * rounds)

    def value_net(self) -> ValueNet | None:
        """The learned evaluation for the cut-off, or None for the hand-tuned one (asked for,
        or the weights file unusable: `load_net` logs why)."""
        if self.evaluation == "classic":
            return None
        return self.net if self.net is not None else load_net()

    def _descend(self, g, node: dict, turns: int, tb, c: float) -> list[Edge]:
        """One descent through the tree below a root answer and a rollout to the horizon
        (g is left there, to be scored); returns the edges to back the reward up along."""
        widen = self.widen
        path: list[Edge] = []
        depth = 0
        seen = 0      # turn openings passed since the root: every simulation is scored at
        #               the same horizon, however deep the tree has grown
        expanded = False
        while g.pending is not None and depth < self.max_depth:
            if at_turn_start(g):
                seen += 1
                if seen > turns:
                    break
            d = g.pending
            o = d.options
            if len(o) == 1:
                g.apply(o[0])
                continue
            p = d.player
            nv = node.get(None, 0)
            node[None] = nv + 1
            if len(o) > 1 + widen * math.sqrt(nv):
                k = 1 + int(widen * math.sqrt(nv))
                sc = option_scores(g, tb)
                order = sorted(range(len(o)), key=lambda j: -sc[j])
                cand = [o[j] for j in order[:k]]
            else:
                cand = o
            untried = None
            best, best_u = None, -1e9
            for a in cand:
                e = node.get((p, a))
                if e is None:
                    if untried is None:
                        untried = a
                    continue
                e.avail += 1
                u = e.total / e.visits + c * math.sqrt(math.log(e.avail) / e.visits)
                if u > best_u:
                    best, best_u = a, u
            if untried is not None:
                if len(cand) == len(o) and len(o) > 1:
                    sc = option_scores(g, tb)
                    fresh = [j for j, a in enumerate(o) if (p, a) not in node]
                    untried = o[max(fresh, key=lambda j: sc[j])]
                e = Edge(p)
                e.avail = 1
                node[(p, untried)] = e
                g.apply(untried)
                path.append(e)
                expanded = True
                break
            e = node[(p, best)]
            g.apply(best)
            path.append(e)
            if e.child is None:
                e.child = {}
            node = e.child
            depth += 1
        if expanded or depth >= self.max_depth:
            k = 0
            while g.pending is not None and k < 400:
                if at_turn_start(g):
                    seen += 1
                    if seen > turns:
                        break
                g.apply(fast_answer(g, tb))
                k += 1
        return path
