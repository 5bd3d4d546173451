"""The hand's cards sliding to their places (issue 26: moves tween, never snap): when a card
leaves the hand the others close up, and a card chosen rises within the hand's strip, each
eased from where it was drawn to its new place over the pace's travel time. A card new in the
hand is simply there (its arrival is the motion layer's flight, motion.py); a table that
puts every card in place at once (another seat's eyes, undo, a resize: `Motion.reset`) drops
the slides with it."""

from __future__ import annotations

from pygame import Rect

from doomlings_desktop.ui.table.motion import ease


class Slides:
    """Each hand card's slide: `at[card]` is (from, to, start) on the table's clock."""

    def __init__(self) -> None:
        self.at: dict[int, tuple[Rect, Rect, float]] = {}

    def reset(self) -> None:
        """Every card at its place from the next frame on."""
        self.at.clear()

    def place(self, card: int, target: Rect, now: float, seconds: float) -> Rect:
        """Where to draw `card` now, its place being `target`: a new target starts a slide
        from where the card is drawn now; an unknown card is at its place at once."""
        got = self.at.get(card)
        if got is None or seconds <= 0:
            self.at[card] = (Rect(target), Rect(target), -1e9)
            return Rect(target)
        src, dst, start = got
        if dst != target:
            src, dst, start = _between(src, dst, (now - start) / seconds), Rect(target), now
            self.at[card] = (src, dst, start)
        return _between(src, dst, (now - start) / seconds)

    def keep(self, cards: set[int]) -> None:
        """Forget the cards no longer in the hand (one coming back starts at its place)."""
        for c in [c for c in self.at if c not in cards]:
            del self.at[c]

    def busy(self, now: float, seconds: float) -> bool:
        """A card is still sliding."""
        return any(src != dst and now - start < seconds for src, dst, start in self.at.values())


def _between(a: Rect, b: Rect, k: float) -> Rect:
    e = ease(k)
    return Rect(round(a.x + (b.x - a.x) * e), round(a.y + (b.y - a.y) * e),
                round(a.w + (b.w - a.w) * e), round(a.h + (b.h - a.h) * e))
