"""A finished online game kept on this computer as a finished local game is: Load game's last
game (replayable from every seat) and a line in Statistics. The window (net/session.py) and
`doomlings join` (commands/online.py) both keep it here.

The record comes from the server and is checked by replaying it (net/client.py,
net/session.py); its seats are checked here again as a save's are, so a hostile server can at
worst make a save that says less, never one that breaks the Load screen or the statistics.
"""

from __future__ import annotations

import logging
from collections.abc import Collection
from typing import Any

from doomlings_desktop.storage import saves, statistics
from doomlings_desktop.storage.saveinfo import SaveError, check_seats

log = logging.getLogger(__name__)


def keep_finished(game: Any, seats: Any, here: Collection[int] = ()) -> bool:
    """Keep the finished game as the last game and count it in the statistics; False (a
    warning logged) when its seats are not a game's seats. `here`: the seats played by a
    person at this computer — the statistics' "you"; the other people played at theirs.
    Never raises: keeping a game is never a reason for its end not to be shown."""
    try:
        checked = check_seats(seats, game.n)
    except SaveError as e:
        log.warning("the online game's seats are not a game's seats (%s): not kept", e)
        return False
    saves.finish(game, checked)          # logs a warning itself if the folder is unwritable
    statistics.record_result(game, [dict(s, here=i in here) for i, s in enumerate(checked)])
    return True
