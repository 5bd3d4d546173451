"""The Hint button at an online table: the host's coach, as at a local table.

`ask_hint` sends the seat's question (its own decision, at the step it is at) to the host,
whose coach thinks from this seat's View and sampler alone (net/hints.py); the table shows
"The coach is thinking..." until the answer comes, then the same hint box as a local table
(`hint()` is a play/coach.py `Hint`). Only where the host cannot give it, because it refuses
(hints forbidden, its coach busy, too many hints) or the connection is down, does the window
fall back to what a Medium bot would choose from this seat's View, and its sentence says which.
The answer that comes is hostile input like any other: one not among the decision's options,
or for another step or game, is dropped.
"""

from __future__ import annotations

import logging
import math
from typing import Any

from doomlings_desktop.rules.view import View

log = logging.getLogger(__name__)

DOWN = "the connection to the host is down"


class RemoteHints:
    """RemoteMatch's hints (the fields are RemoteMatch's, set in its __init__)."""

    prefs: Any
    bots: dict[int, Any]
    seats: list
    me: int
    db: Any
    step: int
    game_no: int
    link_up: bool
    view_now: View | None
    notices: list[tuple[str, float]]
    hint_for: Any
    hint_asked: tuple[int, int] | None
    host_hints: bool
    _hint: Any
    _loop: Any
    _answers: Any

    def my_decision(self) -> Any:
        raise NotImplementedError

    def hints_on(self) -> bool:
        """The player's setting, as at a local table ('bots': in a game with a bot)."""
        mode = getattr(self.prefs, "hints", "bots")
        return mode == "always" or (mode == "bots" and bool(self.bots))

    def ask_hint(self) -> bool:
        """Ask the host's coach about this seat's decision (once a decision, counted as a hint
        used, as at a local table); False if there is nothing to ask about."""
        d = self.my_decision()
        if d is None or not self.hints_on() or d.kind == "end_turn" or self.view_now is None:
            return False
        if self.hint_for is not d:
            self.hint_for, self._hint, self.hint_asked = d, None, None
            self.seats[self.me].hints += 1
            loop, q = self._loop, self._answers
            if not self.host_hints:
                self._hint_fallback("the host does not allow the coach's hints")
            elif loop is None or q is None or not loop.is_running() or not self.link_up:
                self._hint_fallback(DOWN)
            else:
                self.hint_asked = (self.game_no, self.step)
                loop.call_soon_threadsafe(q.put_nowait, ("hint", self.step, self.game_no))
        return True

    def _waiting_hint(self) -> bool:
        d = self.my_decision()
        return d is not None and self.hint_for is d and self._hint is None

    def _take_hint(self, kind: str, msg: Any) -> None:
        """The host's answer to the hint asked: its Hint, or (refused) the fallback."""
        if kind == "hint refused":
            if self._waiting_hint():
                self._hint_fallback(f"the host refused the coach's hint: {msg}")
            return
        from doomlings_desktop.play.coach import Hint

        d = self.my_decision()
        if (d is None or self.hint_for is not d or self.hint_asked != (msg.game, msg.step)
                or (msg.game, msg.step) != (self.game_no, self.step)):
            return      # for a decision gone by (or never asked about)
        if not (msg.answer in d.options or (d.kind == "react" and msg.answer == "pass")):
            log.warning("the host's hint is not one of the answers: %r", msg.answer)
            return
        gain = msg.gain if msg.gain is None or math.isfinite(msg.gain) else None
        why = "".join(ch for ch in msg.why if ch.isprintable())
        self._hint = Hint(msg.answer, why, gain)

    def _hint_fallback(self, because: str) -> None:
        """The host cannot give the hint asked for: what a Medium bot would choose from this
        View, saying why it is not the coach's. Nothing if no hint is awaited."""
        if self._waiting_hint() and self.view_now is not None:
            self._hint = self._view_hint(self.view_now, because)

    def _view_hint(self, view: View, because: str) -> Any:
        from doomlings_desktop.bots import make_bot
        from doomlings_desktop.play.coach import Hint

        try:
            answer = make_bot("medium", self.step, db=self.db).decide(view)
        except Exception:  # noqa: BLE001 - a hint is help, never a reason for the game to stop
            log.exception("the view-only hint failed")
            self.notices.append(("No hint for this one.", 3))
            return None
        what = self.db.name(answer) if type(answer) is int and answer >= 0 else str(answer)
        return Hint(answer, f"{what}: what a Medium bot would choose from what you can see "
                            f"({because}).", None)

    def hint(self) -> Any:
        """The Hint for the decision now pending, once the host's coach sent it (or the
        fallback); None until then."""
        return self._hint if self.hint_for is not None and self.hint_for is \
            self.my_decision() else None

    def hint_thinking(self) -> bool:
        """Waiting for the host's coach: the table shows "The coach is thinking..."."""
        return self._waiting_hint()
