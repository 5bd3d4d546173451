"""How often the screen changes hands in pass-and-play, and for what (docs/ui.md, "What is
left, by cause").

Six humans with every module, seeds FIRST..LAST-1: the match alone (no window) is driven as
the table drives it (the review closed, the screen taken by whoever is asked, every question
answered by a random option of the seed's generator). Each hand-off is put down to its
cause: a turn's own, a blind set (E29, the Meaning of Life), a question put to another player
in the open (in the rules' order), or the way back to the turn's player for a question of
their own. Counts, not timings: the machine's load does not move them. Usage:

    python3 benchmarks/handoffs.py 0 100
"""

from __future__ import annotations

import random
import sys
from collections import Counter

from doomlings_desktop.play.match import Match, Seat
from doomlings_desktop.rules.cards import available_modules
from doomlings_desktop.rules.decisions import TURN_OPENING


class Prefs:
    bot_pace = 0.0
    pace = "instant"
    ask_out_of_turn = True
    hold_end_turn = "bots"
    hints = "bots"


def cause(m: Match) -> str:
    """What the hand-off about to happen is for."""
    d = m.asked()
    g = m.game
    if m.pass_reason().endswith("'s turn"):
        return "a turn's own" if d.intent in TURN_OPENING else "back to the turn's player"
    if d.blind:
        return "blind set"
    if d.player == g.current:
        return f"back to the turn's player: {d.intent}"
    return f"open question: {d.intent}" + (" (one option)" if len(d.options) == 1 else "")


def play(seed: int, causes: Counter) -> tuple[int, int]:
    """One game: (hand-offs, turns)."""
    m = Match([Seat(f"P{i}") for i in range(6)], seed=seed, prefs=Prefs(),
              modules=tuple(available_modules()))
    m.autosave = False
    rng = random.Random(seed)
    turns, last = 0, None
    for _ in range(20000):
        g = m.game
        if g.over:
            break
        if g.current != last:
            last, turns = g.current, turns + 1
        if m.review is not None:
            m.end_review()
            continue
        d = m.asked()
        if d is None or (d is g.pending and m.delegated(d)):
            m.tick(1.0)
            continue
        if m.pass_needed:
            causes[cause(m)] += 1
            m.take_screen(d.player)
            continue
        assert m.apply(rng.choice(d.options)) is None
    return m.handoffs, turns


def main(argv: list[str]) -> None:
    first, last = (int(argv[0]), int(argv[1])) if len(argv) == 2 else (0, 100)
    causes: Counter = Counter()
    handoffs = turns = 0
    for seed in range(first, last):
        h, t = play(seed, causes)
        handoffs, turns = handoffs + h, turns + t
    print(f"{handoffs} hand-offs in {turns} turns ({handoffs / turns:.3f} a turn)")
    for what, n in causes.most_common():
        print(f"{n:7d} {n / turns:6.3f}  {what}")


if __name__ == "__main__":
    main(sys.argv[1:])
