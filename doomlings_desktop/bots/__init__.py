"""Deciders that play seats: each sees only `view_for(its seat)` (and a `WorldSampler` for its
seat, to imagine the cards it cannot see) and has its own seeded generator.

    bot = make_bot("medium", seed=7)
    answer = bot.decide(view_for(game, seat), WorldSampler(game, seat))

Levels: random, easy, medium, hard (docs/bots.md).
"""

from __future__ import annotations

from typing import Any

from doomlings_desktop.bots.easy import EasyBot
from doomlings_desktop.bots.hard import HardBot
from doomlings_desktop.bots.medium import MediumBot
from doomlings_desktop.bots.random_bot import RandomBot

LEVELS = ("random", "easy", "medium", "hard")
_CLASSES = {"random": RandomBot, "easy": EasyBot, "medium": MediumBot, "hard": HardBot}


def make_bot(level: str, seed: int = 0, **options: Any) -> Any:
    """A bot of that level with its own generator seeded by `seed`. Options go to the level's
    class (Hard: `iterations` per decision, `budget` seconds at most; `budget=None` is
    reproducible on any machine)."""
    try:
        cls = _CLASSES[level]
    except KeyError:
        raise ValueError(f"unknown bot level '{level}' (known: {', '.join(LEVELS)})") from None
    return cls(seed, **options)


__all__ = ["LEVELS", "EasyBot", "HardBot", "MediumBot", "RandomBot", "make_bot"]
