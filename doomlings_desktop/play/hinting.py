"""The coach at a local table: the Hint button's question and answer, and the previews of a
play, for the Match (play/match.py). A mixin, as RemoteHints is for an online table: the
fields are the Match's, set in its __init__; the coach thinks from the seat's view only
(play/coach.py).
"""

from __future__ import annotations

import logging
from typing import Any

from doomlings_desktop.rules.engine import Decision, Game


class MatchHints:
    """The Match's hints and previews (the fields are the Match's)."""

    prefs: Any
    bots: dict[int, Any]
    hotseat: bool
    coach: Any
    db: Any
    seed: int
    hint_for: Decision | None
    seats: list
    lesson: Any
    game: Game
    ahead: Any
    notices: list
    previews: Any

    def my_decision(self) -> Decision | None:
        raise NotImplementedError

    def asked(self) -> Decision | None:
        raise NotImplementedError

    def hints_on(self) -> bool:
        """Whether the Hint button is offered: the player's setting ('bots': in a game with
        a bot, where asking for help spoils no one else's game)."""
        mode = getattr(self.prefs, "hints", "bots")
        return mode == "always" or (mode == "bots" and (bool(self.bots) or self.hotseat))

    def ask_hint(self) -> bool:
        """The viewer asks the coach about their own pending decision; the first ask for a
        decision counts as a hint used. False if there is nothing to ask about."""
        d = self.my_decision()
        if d is None or not self.hints_on() or d.kind == "end_turn":
            return False
        if self.coach is None:
            from doomlings_desktop.play.coach import Coach

            self.coach = Coach(self.db, seed=self.seed)
        if self.hint_for is not d:
            self.hint_for = d
            self.seats[d.player].hints += 1
            if self.lesson is None or self.lesson.hint(self.game) is None:
                self.coach.ask(self._asking(), d.player)
        return True

    def _asking(self) -> Game:
        """The game whose pending decision is the one asked (`asked`): a blind question
        asked ahead stands in a copy of the game (play/ahead.py)."""
        return self.ahead.copy if self.ahead.asked() is not None else self.game

    def hint(self) -> Any:
        """The coach's Hint for the pending decision once it is ready, else None. While the
        lesson waits for a move of its own, that move is the hint: the lesson would refuse
        any other."""
        if self.hint_for is None or self.hint_for is not self.asked():
            return None
        lesson_move = self.lesson.hint(self.game) if self.lesson is not None else None
        if lesson_move is not None:
            return lesson_move
        if self.coach is None:
            return None
        try:
            return self.coach.poll(self._asking())
        except Exception:  # noqa: BLE001 - a hint is help, never a reason for the game to stop
            logging.getLogger(__name__).exception("the coach failed")
            self.hint_for = None
            self.coach.job = None
            self.notices.append(("The coach could not work this one out (see the log).", 4))
            return None

    def hint_thinking(self) -> bool:
        return (self.hint_for is not None and self.hint_for is self.asked()
                and self.hint() is None)

    def preview(self, card: int) -> Any:
        """What playing `card` now would do for the viewer (play/previews.py), if it is a
        legal play of theirs; worked out once per decision and card."""
        return self.previews.play(card)

    def attach_preview(self, card: int, host: int) -> Any:
        """What attaching `card` to `host` now would do to every score, as the viewer can
        know it (play/previews.py); once per decision, card and host."""
        return self.previews.attach(card, host)
