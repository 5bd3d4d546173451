"""Rematch at an online table: the end screen's Rematch, one click each, and what it says of
who has asked and whom it waits for. The room (net/room.py `ask_rematch`) deals the new game
once every player has asked: the same seats (bots stay bots, each player keeps seat and
token), a new secret seed; the window's seat stays connected after a game for it
(`RemoteSeat` with games=0) and its table goes to the new game's (ui/table/online.py).
"""

from __future__ import annotations

from typing import Any


class Rematching:
    """RemoteMatch's rematch (the fields are RemoteMatch's, set in its __init__)."""

    state: str
    me: int
    game_no: int
    link_up: bool
    lobby: tuple
    rematch_from: tuple[int, ...]
    rematch_asked: int
    _loop: Any
    _answers: Any

    def ask_rematch(self) -> str | None:
        """Ask the room for another game with the same seats (the end screen's Rematch: one
        click each); it is dealt once every player has asked. Returns why not, or None."""
        if self.state != "over":
            return "A rematch is asked for once the game is over."
        if self.rematch_asked == self.game_no or self.me in self.rematch_from:
            return "You have asked for a rematch: it is dealt once every player has."
        loop, q = self._loop, self._answers
        if loop is None or q is None or not loop.is_running() or not self.link_up:
            return "Not connected to the host: no rematch."
        self.rematch_asked = self.game_no
        loop.call_soon_threadsafe(q.put_nowait, ("rematch", self.game_no))
        return None

    def rematch_words(self) -> str:
        """Who has asked for the rematch and whom it waits for, as the end screen says it."""
        if self.state != "over":
            return ""
        if not self.link_up:
            return "Not connected to the host: no rematch for now."
        players = [i for i, s in enumerate(self.lobby) if s.kind == "remote"]
        asked = set(self.rematch_from) | ({self.me} if self.rematch_asked == self.game_no
                                          else set())
        if not asked:
            return ""

        def who(i: int) -> str:
            return "you" if i == self.me else self.name(i)

        words = "Rematch asked by " + ", ".join(who(i) for i in players if i in asked)
        wait = [who(i) for i in players if i not in asked and self.is_connected(i)]
        gone = [who(i) for i in players if i not in asked and not self.is_connected(i)]
        if wait:
            words += "; waiting for " + ", ".join(wait)
        if gone:
            words += "; " + ", ".join(gone) + (" has" if len(gone) == 1 else " have") + \
                " left the table"
        return words + "."
