"""The gene pool cards' dials turning to a new value, on the table's clock: one small piece
of state (where each seat's dial was drawn last, and the turn under way), kept out of the
scene so the panel that draws the dial and the scene's `moving` read only this. A turn is
started by a `GenePool` event (motion.py calls `aim`), never by noticing a new value."""

from __future__ import annotations

from doomlings_desktop.ui.cardart.genepool import dial_angle


class Dials:
    """Each seat's gene pool dial: `turn[seat]` is (value, from angle, start time) of the
    turn under way or last made, `shown[seat]` the angle drawn last."""

    def __init__(self) -> None:
        self.turn: dict[int, tuple[int, float, float]] = {}
        self.shown: dict[int, float] = {}

    def aim(self, seat: int, value: int, at: float) -> None:
        """A `GenePool` event: `seat`'s dial turns to `value` from time `at` (when the card
        that changed it lands), from wherever it is drawn then (the table's motion layer,
        motion.py, calls this; nothing else starts a turn)."""
        old = self.turn.get(seat)
        start = self.shown.get(seat, dial_angle(old[0]) if old else dial_angle(value))
        self.turn[seat] = (value, start, at)

    def angle(self, seat: int, value: int, now: float, seconds: float) -> float:
        """The angle to draw `seat`'s dial at `now`: part way through the turn an event
        started (eased over `seconds`), else at rest at `value` (a value no event announced,
        e.g. another seat's eyes at the screen, is simply there)."""
        rest = dial_angle(value)
        turn = self.turn.get(seat)
        if turn is None or turn[0] != value:
            turn = self.turn[seat] = (value, rest, -1e9)
        _, start, at = turn
        p = 1.0 if seconds <= 0 else max(0.0, min(1.0, (now - at) / seconds))
        p = 1 - (1 - p) ** 3
        angle = self.shown[seat] = start + (rest - start) * p
        return angle

    def reset(self) -> None:
        """Every dial at rest where it is drawn next."""
        self.turn.clear()

    def turning(self, now: float, seconds: float) -> bool:
        """A dial is still on its way."""
        return any(now - at < seconds for _, _, at in self.turn.values())
