"""How a game ended, as one value (python-chess's `Outcome` is the model).

A finished game's result was five loose fields (`over`, `winners`, `scores`, `tiebreak`, and
breakdowns worked out again by every reader). `t_score` now builds one frozen `Outcome` when the
world ends; the view, the end screen, statistics, the arena and the bots read it, and a clone
shares it (nothing in it changes).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Outcome:
    """The end of a game.

    `scores` and `breakdowns` are per seat: each breakdown is the (label, points) lines that
    add up to the score (face values, bonuses, World's End modifiers, Meaning of Life).
    `tiebreak` is R6's draws in order, (seat, face value drawn); empty without a tie.
    `world_end_labels` names the breakdown lines World's End effects made (the end screen
    marks them); `final_catastrophe` is the catastrophe whose World's End effect applied, -1
    when the age deck ran out first. `meanings` is each seat's kept Meaning of Life card
    (-1 for none), public once the game is over (E4)."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    breakdowns: tuple[tuple[tuple[str, int], ...], ...]
    tiebreak: tuple[tuple[int, int], ...]
    world_end_labels: frozenset[str]
    final_catastrophe: int
    meanings: tuple[int, ...]

    @property
    def best(self) -> int:
        """The winning score."""
        return max(self.scores)

    def won(self, seat: int) -> float:
        """The share of the win `seat` has: 1, 1/k for a k-way tie, or 0."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0
