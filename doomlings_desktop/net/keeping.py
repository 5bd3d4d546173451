"""A finished online game kept on this computer, as a finished local game is: a save the Load
screen lists (replayable from every seat) and a line in Statistics.

The record comes from the server (net/client.py checks it by replaying it); its seats are
checked here again as a save's are, so a hostile server can at worst make a save that says
less, never one that breaks the Load screen or the statistics.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from doomlings_desktop.storage import saves, statistics
from doomlings_desktop.storage.saveinfo import SaveError, check_seats

log = logging.getLogger(__name__)


def keep_finished(game: Any, seats: Any, room: str) -> Path | None:
    """Save the finished game as "Online ROOM" (a number added when taken) and count it in the
    statistics; where it went, or None (a warning logged) when it could not be kept."""
    try:
        checked = check_seats(seats, game.n)
    except SaveError as e:
        log.warning("the online game's seats are not a game's seats (%s): not kept", e)
        return None
    try:
        path = saves.save(game, checked, f"Online {room}")
    except (OSError, saves.RecordError) as e:
        log.warning("the online game could not be kept: %s", e)
        return None
    statistics.record_result(game, checked)
    return path
