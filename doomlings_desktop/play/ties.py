"""Answers the coach's search could not tell apart (issue 28): a hint that names one of them
as if it were clearly best misleads, so the hint says they are about the same and names them,
with how close (the 95% interval of the difference in chance to win) and its reason for the
pick it lights."""

from __future__ import annotations

from typing import Any

from doomlings_desktop.play.interval import mean_interval

NAMED = 3           # answers named at most ("X, Y or Z"); the rest are counted


def tied(results: dict, answer: Any, skip: tuple = ()) -> list[tuple[Any, float]]:
    """The answers the search could not tell from `answer` (`HardBot.last_results`: each
    answer's chance to win world by world, the k-th the same world for all): still in its race
    at the end (played in every world the answer was) and the 95% interval of the paired
    difference holding zero. Each with the interval's farther end from zero (chance, 0..1),
    closest first; `skip`: answers never compared with it (the rest of a choice of several)."""
    mine = results.get(answer) or []
    out = []
    for o, r in results.items():
        if o == answer or o in skip or len(mine) < 2 or len(r) != len(mine):
            continue
        _, low, high = mean_interval([x - y for x, y in zip(mine, r, strict=True)])
        if low <= 0 <= high:
            out.append((o, max(-low, high)))
    return sorted(out, key=lambda t: (t[1], str(t[0])))


def tie_words(names: list[str], within: float) -> str:
    """'Play Bark or Mighty: about the same, within 3 points of your chance to win' (names:
    the pick first, each already with its verb where it needs one)."""
    shown = names[:NAMED]
    rest = len(names) - len(shown)
    said = ", ".join(shown[:-1]) + f" or {shown[-1]}" if rest == 0 else \
        ", ".join(shown) + f" or {rest} other{'s' if rest != 1 else ''}"
    pts = round(100 * within)
    if pts == 0:
        return f"{said}: the same chance to win in every imagined world"
    return f"{said}: about the same, within {pts} point{'s' if pts != 1 else ''} of your " \
        f"chance to win"
