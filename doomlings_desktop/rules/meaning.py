"""The Meaning of Life module (rulings E4, E33): the deal and the secret keep at set-up, and
the bonus a kept card adds to the final score.

With the module on (the database holds Meaning cards), `deal` gives each player 2 cards from a
shuffled Meaning deck and asks each, in turn order before the first turn, which one to keep
(`KEEP_MEANING`, zone "meaning"); the other leaves the game. `State.meaning[p]` is the kept card
(-1: none, E33) and `State.meaning_offer[p]` the two dealt. The bonus is the last line of the
final score (`Scoring.score_breakdown`): only once the game is over, after World's End.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from doomlings_desktop.rules.decisions import KEEP_MEANING

if TYPE_CHECKING:
    from doomlings_desktop.rules.engine import Game

LABEL = "Meaning of Life: "     # the score line of a kept card: LABEL + its name


def deal(g: Game) -> None:
    """Deal 2 Meaning cards to each player and queue the keep decisions (on top of the stack:
    they come before the first turn)."""
    deck = list(g.db.meanings)
    g.rng.shuffle(deck)
    order = g.order_from(g.first)
    for p in order:
        g.meaning_offer[p] = (deck.pop(), deck.pop())
    for p in reversed(order):
        g.stack.append((t_keep, p))


def t_keep(g: Game, t: tuple) -> None:
    p = t[1]
    g.ask(p, "card", KEEP_MEANING, list(g.meaning_offer[p]),
          "Meaning of Life: keep one card in secret (the other leaves the game)", (t_keep_ans, p),
          zone="meaning", blind=True)


def t_keep_ans(g: Game, t: tuple) -> None:
    p = t[1]
    g.meaning[p] = g.answer
    g.noted_meaning(p)
    g.told()        # MeaningKept.line: named to its keeper alone


def bonus(g: Game, p: int, c: int) -> int:
    """The points Meaning card c gives player p now (E4: compared with every other player)."""
    fn, arg, mode, data = g.db.cards[c].bonus
    if mode == "lowest":
        vals = [fn(g, q, arg) for q in range(g.n)]
        low = min(v for q, v in enumerate(vals) if q != p)
        return data[0] if vals[p] < low else data[1] if vals[p] == low else 0
    v = fn(g, p, arg)
    if mode == "points":
        return v * data
    for lo, hi, pts in data:
        if lo <= v <= hi:
            return pts
    return 0


def reveal(g: Game) -> None:
    """At scoring, the kept cards come to light (logged for everyone)."""
    if g.moves is None:
        return
    for p in range(g.n):
        c = g.meaning[p]
        if c >= 0:
            g.noted_meaning_shown(p, bonus(g, p, c))
