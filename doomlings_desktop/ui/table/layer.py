"""The base of every overlay on the table's modal stack, and the shade under them. A leaf:
overlays.py and news.py build on it without importing each other."""

from __future__ import annotations

from typing import Any

import pygame

from doomlings_desktop.rules.view import View

_SHADES: dict[tuple, pygame.Surface] = {}


def shade(surf: pygame.Surface, rgba: tuple) -> None:
    """Darken the whole window under an overlay. Every open overlay does this every frame, so
    the translucent surface is made once per window size and colour."""
    key = (surf.get_size(), rgba)
    s = _SHADES.get(key)
    if s is None:
        if len(_SHADES) > 32:          # window resized many times: start again
            _SHADES.clear()
        s = _SHADES[key] = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        s.fill(rgba)
    surf.blit(s, (0, 0))


def cover(sc: Any, surf: pygame.Surface, rgba: tuple, action: tuple = ("shade",)) -> None:
    """Shade the window under a modal overlay and make the shade a click target over the
    whole window: the table under it can no longer be clicked, hovered or zoomed (`action`
    says what a click on the shade does; ("shade",) does nothing)."""
    shade(surf, rgba)
    sc.targets.append((surf.get_rect(), action))


class Layer:
    """One overlay: open or not, drawn over what is below it, and first to see input."""

    def __init__(self, scene: Any) -> None:
        self.sc = scene

    def open(self, d: Any) -> bool:
        return False

    def shown(self, d: Any) -> bool:
        return self.open(d)

    def draw(self, surf: pygame.Surface, v: View | None, d: Any, u: float) -> None:
        pass

    def handle(self, event: pygame.event.Event) -> bool:
        return False
