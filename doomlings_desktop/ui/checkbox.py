"""A check box: a setting that is on or off, drawn as one (a box, ticked when on) instead of
a button whose label said "[x]" or "[  ]", "on" or "off".

It is a Button, so a page lists it with its buttons and a click anywhere on its row (the box
and its label) toggles it through the page's `on_button`, as before; only the drawing differs.
Drawn with pygame in the theme's colours (pygame_gui's UI would have brought a second look and
a second event loop for two widgets).
"""

from __future__ import annotations

from typing import Any

import pygame

from doomlings_desktop.ui.app import Button
from doomlings_desktop.ui.theme import (
    ACCENT,
    BUTTON_OFF,
    DARK_INK,
    EDGE,
    INK,
    MUTED,
    PANEL,
    PANEL_HI,
)


class CheckBox(Button):
    """A row: its label on the left, the box at the right end (`box_right`) or right after the
    label (`box_left`)."""

    def __init__(self, rect: pygame.Rect, label: str, key: Any, on: bool,
                 enabled: bool = True, box_left: bool = False, size: int = 19) -> None:
        super().__init__(rect, label, key, enabled)
        self.on = on
        self.box_left = box_left
        self.size = size            # the label's text, in design pixels (the page's own)

    def box(self) -> pygame.Rect:
        side = int(self.rect.h * 0.62)
        r = pygame.Rect(0, 0, side, side)
        if self.box_left:
            r.midleft = (self.rect.x + (self.rect.h - side) // 2, self.rect.centery)
        else:
            r.midright = (self.rect.right, self.rect.centery)   # under the buttons' right edge
        return r

    def draw(self, surf: pygame.Surface, text: Any, hover: bool, u: float) -> None:
        lit = hover and self.enabled
        if lit:                 # the row, lit a little beyond its text and box
            pygame.draw.rect(surf, PANEL, self.rect.inflate(int(16 * u), int(4 * u)),
                             border_radius=int(8 * u))
        box = self.box()
        face = (ACCENT if self.on else PANEL_HI) if self.enabled else BUTTON_OFF
        pygame.draw.rect(surf, face, box, border_radius=max(2, int(4 * u)))
        pygame.draw.rect(surf, ACCENT if lit else EDGE, box, width=max(1, int(2 * u)),
                         border_radius=max(2, int(4 * u)))
        if self.on:             # a tick, drawn: no font has to hold the glyph
            w = max(2, int(box.w * 0.14))
            pts = [(box.x + box.w * 0.22, box.y + box.h * 0.52),
                   (box.x + box.w * 0.42, box.y + box.h * 0.72),
                   (box.x + box.w * 0.78, box.y + box.h * 0.28)]
            pygame.draw.lines(surf, DARK_INK if self.enabled else MUTED, False, pts, w)
        label = text.render(self.label, int(self.size * u), INK if self.enabled else MUTED)
        x = box.right + int(12 * u) if self.box_left else self.rect.x
        surf.blit(label, label.get_rect(midleft=(x, self.rect.centery)))
