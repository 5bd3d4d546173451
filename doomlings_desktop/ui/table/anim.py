"""Cards move instead of jumping."""

from __future__ import annotations

from typing import Any

from pygame import Rect


class Animator:
    """Cards move instead of jumping: each card remembers where it was drawn last frame."""

    def __init__(self) -> None:
        self.prev: dict[Any, Rect] = {}
        self.seen: set = set()
        self.tweens: dict[Any, list] = {}
        self.quiet = True

    def reset(self) -> None:
        self.prev.clear()
        self.tweens.clear()
        self.quiet = True

    def begin(self) -> None:
        self.seen = set()

    def end(self) -> None:
        for k in list(self.prev):
            if k not in self.seen:
                del self.prev[k]
                self.tweens.pop(k, None)
        self.quiet = False

    def at(self, key: Any, target: Rect, origin: Rect | None, duration: float) -> tuple[Rect, bool]:
        """Where to draw `key` now, and whether it is still moving."""
        self.seen.add(key)
        last = self.prev.get(key)
        self.prev[key] = Rect(target)
        if duration <= 0 or self.quiet:
            self.tweens.pop(key, None)
            return target, False
        tw = self.tweens.get(key)
        if tw is not None and tw[1] == target:
            pass
        elif last is not None and (abs(last.x - target.x) > 3 or abs(last.y - target.y) > 3
                                   or abs(last.w - target.w) > 3):
            start = self._current(tw) if tw else last
            tw = self.tweens[key] = [start, Rect(target), 0.0, duration]
        elif last is None and origin is not None:
            tw = self.tweens[key] = [Rect(origin), Rect(target), 0.0, duration]
        else:
            return target, False
        if tw[2] >= tw[3]:
            self.tweens.pop(key, None)
            return target, False
        return self._current(tw), True

    @staticmethod
    def _current(tw: list) -> Rect:
        a, b, t, d = tw
        k = min(1.0, t / d) if d else 1.0
        k = 1 - (1 - k) ** 3
        return Rect(a.x + (b.x - a.x) * k, a.y + (b.y - a.y) * k,
                    a.w + (b.w - a.w) * k, a.h + (b.h - a.h) * k)

    def tick(self, dt: float) -> None:
        for tw in self.tweens.values():
            tw[2] += dt

    @property
    def busy(self) -> bool:
        return any(tw[2] < tw[3] for tw in self.tweens.values())
