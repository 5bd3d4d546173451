"""The pace of the table: one setting (slow, normal, fast, instant) for every time on screen.

A card travelling from where it was to where it goes, the gene pool card turning, a score
counting up, a hovered hand card rising, the stage's moments, World's End told line by line,
a bot's played card shown and how long a bot's move stays before the next: each reads its
seconds here, by the player's pace, so one setting governs them all (docs/ui.md, "Pace").

Pure: no pygame. The settings file keeps the pace's name (storage/settings.py's `PACES`, and
the old "animation" values read as paces); the table (ui/table/) and the match's bots (play/match.py) read `timing`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from doomlings_desktop.storage.settings import DEFAULT_PACE as DEFAULT
from doomlings_desktop.storage.settings import PACES

__all__ = ["DEFAULT", "PACES", "TIMINGS", "Timing", "bot_wait", "pace_of", "timing"]


@dataclass(frozen=True)
class Timing:
    """The seconds of one pace. A 0 means at once (no animation)."""

    travel: float        # a card from where it was to where it goes
    stagger: float       # between two moves of one batch, so they are seen in order
    batch: float         # the most a batch's travels take together (later ones close up)
    dial: float          # a gene pool card turning to its new value
    count: float         # a score counting up to its new value
    rise: float          # a hovered hand card rising to be read
    stay_big: float      # a big moment on the stage (an age, a catastrophe, World's End)
    stay_small: float    # a moment of only what hit you
    hold: float          # the bots wait under a fresh big moment
    we_line: float       # World's End revealed line by line
    bot_show: float      # a bot's played card shown large
    bot_say: float       # a bot's reason stays after its move
    bot_wait: float      # times the "Bot move shown for" setting


TIMINGS: dict[str, Timing] = {
    "slow": Timing(travel=0.55, stagger=0.14, batch=2.4, dial=0.6, count=0.7, rise=0.18,
                   stay_big=7.0, stay_small=5.0, hold=2.4, we_line=1.3, bot_show=1.8,
                   bot_say=5.5, bot_wait=1.5),
    "normal": Timing(travel=0.32, stagger=0.09, batch=1.4, dial=0.4, count=0.45, rise=0.12,
                     stay_big=5.0, stay_small=3.5, hold=1.6, we_line=0.9, bot_show=1.2,
                     bot_say=4.0, bot_wait=1.0),
    "fast": Timing(travel=0.16, stagger=0.05, batch=0.7, dial=0.3, count=0.25, rise=0.07,
                   stay_big=3.0, stay_small=2.5, hold=0.8, we_line=0.4, bot_show=0.7,
                   bot_say=2.5, bot_wait=0.5),
    # nothing moves; what is to be read still stays long enough to read, and a bot's move
    # stays half the set time, as at fast
    "instant": Timing(travel=0.0, stagger=0.0, batch=0.0, dial=0.0, count=0.0, rise=0.0,
                      stay_big=3.0, stay_small=2.5, hold=0.0, we_line=0.0, bot_show=0.0,
                      bot_say=2.5, bot_wait=0.5),
}


def pace_of(prefs: Any) -> str:
    """The pace a settings object (or any preferences) asks for: `normal` when it has none
    or an unknown one (the settings loader has checked it; a stand-in may not have it)."""
    p = getattr(prefs, "pace", DEFAULT)
    return p if isinstance(p, str) and p in TIMINGS else DEFAULT


def timing(prefs: Any) -> Timing:
    """The seconds of the pace `prefs` asks for."""
    return TIMINGS[pace_of(prefs)]


def bot_wait(prefs: Any) -> float:
    """How long a bot's move waits on screen: the "Bot move shown for" setting at this pace."""
    return max(0.0, float(getattr(prefs, "bot_pace", 0.0))) * timing(prefs).bot_wait
