"""A box over a page that asks one thing: a confirmation, or a line of text to type.

A `Dialog` has a title, lines of text, an optional `TextField`, a line saying what is wrong
(`problem`) and its buttons. The page that opened it gives it every event first (`handle`
returns the key of the button chosen, by click or key, or None) and draws it last, over a
shade: while it is open nothing under it can be clicked.
"""

from __future__ import annotations

from typing import Any

import pygame
from pygame import Rect

from doomlings_desktop.lru import LRU
from doomlings_desktop.ui import focus
from doomlings_desktop.ui.app import ACCENT, BG, MUTED, Button
from doomlings_desktop.ui.focus import PRESSED, FocusRing
from doomlings_desktop.ui.textfield import TextField
from doomlings_desktop.ui.theme import SHADE_MODAL, WARN

_SHADE: LRU = LRU(1)       # the window's size: a whole window's surface


class Dialog:
    """A modal box: `buttons` are (label, key, tone); Enter chooses `enter` (the first button
    by default), Esc chooses `escape`. With a field, typing goes to the field."""

    def __init__(self, title: str, lines: list[str], buttons: list[tuple[str, Any, tuple | None]],
                 field: TextField | None = None, enter: Any = None, escape: Any = "cancel",
                 hotkeys: dict[str, Any] | None = None) -> None:
        self.title = title
        self.lines = lines
        self.spec = buttons
        self.field = field
        self.enter = buttons[0][1] if enter is None else enter
        self.escape = escape
        self.hotkeys = hotkeys or {}      # letters that choose a button (not with a field)
        self.problem: str | None = None
        self.buttons: list[Button] = []
        self.focus = FocusRing(self.enter)      # Enter presses it: at first `enter`'s button
        self.field_rect = Rect(0, 0, 0, 0)      # where the field was drawn last

    def handle(self, event: pygame.event.Event) -> Any:
        """The key of the button this event chooses, or None (the event is used up either way)."""
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for b in self.buttons:
                if b.enabled and b.rect.collidepoint(event.pos):
                    return b.key
            if self.field is not None and self.field_rect.collidepoint(event.pos):
                self.field.select_all()         # as a click in any text field does
            return None
        if event.type == pygame.MOUSEMOTION:
            self.focus.follow(event.pos, self.buttons)      # one current button (ui/focus.py)
        if event.type != pygame.KEYDOWN:
            return None
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            now = self.focus.current(self.buttons)
            return self.enter if now is None else now.key
        if event.key == pygame.K_ESCAPE:
            return self.escape
        if self.field is not None and event.key != pygame.K_TAB:
            self.field.key(event)           # the arrows and Space are the field's
            return None
        got = self.focus.key(event, self.buttons)       # Tab, the arrows, Space
        if got is PRESSED:
            return self.focus.current(self.buttons).key
        return None if got else self.hotkeys.get((event.unicode or "").lower())

    def draw(self, surf: pygame.Surface, app: Any, targets: list) -> None:
        """Shade the page, draw the box, and make its buttons the only targets."""
        u = app.unit
        t = app.text
        w, h = surf.get_size()
        key = surf.get_size()
        shade = _SHADE.get(key)
        if shade is None:
            shade = _SHADE[key] = pygame.Surface(key, pygame.SRCALPHA)
            shade.fill(SHADE_MODAL)
        surf.blit(shade, (0, 0))
        bw = min(w - int(40 * u), int(680 * u))
        pad = int(24 * u)
        body = [(line, int(16 * u), MUTED) for text in self.lines
                for line in t.wrap(text, int(16 * u), bw - 2 * pad)]
        if self.problem:
            body += [(line, int(16 * u), WARN) for line in
                     t.wrap(self.problem, int(16 * u), bw - 2 * pad)]
        title = t.wrap(self.title, int(24 * u), bw - 2 * pad, bold=True)[:2]
        bh = (pad + len(title) * int(32 * u) + int(8 * u) + len(body) * int(22 * u)
              + (int(56 * u) if self.field else 0) + int(16 * u) + int(46 * u) + pad)
        box = Rect((w - bw) // 2, max(int(10 * u), (h - bh) // 2), bw, bh)
        pygame.draw.rect(surf, BG, box, border_radius=int(12 * u))
        pygame.draw.rect(surf, ACCENT, box, width=max(1, int(2 * u)), border_radius=int(12 * u))
        y = box.y + pad
        for line in title:
            surf.blit(t.render(line, int(24 * u), ACCENT, bold=True), (box.x + pad, y))
            y += int(32 * u)
        y += int(8 * u)
        if self.field is not None:
            self.field_rect = Rect(box.x + pad, y, bw - 2 * pad, int(44 * u))
            self.field.draw(surf, app, self.field_rect)
            targets.append((self.field_rect, ("field",)))
            y += int(56 * u)
        for line, size, color in body:
            surf.blit(t.render(line, size, color), (box.x + pad, y))
            y += int(22 * u)
        y += int(16 * u)
        self.buttons = []
        letters = {k: ch for ch, k in self.hotkeys.items()}     # shown on their buttons
        x = box.right - pad
        for label, key, tone in reversed(self.spec):
            cap = int(44 * u) if key in letters and not self.field else 0    # its key cap
            lw = max(int(120 * u), t.font(int(17 * u), True).size(label)[0] + int(32 * u) + cap)
            x -= lw
            self.buttons.append(Button(Rect(x, y, lw, int(46 * u)), label, key, True,
                                       "" if self.field else letters.get(key, ""), tone))
            x -= int(12 * u)
        self.buttons.reverse()          # left to right, the order Tab goes
        hot = focus.lit(self.focus, self.buttons, app.mouse)
        for b in self.buttons:
            b.draw(surf, t, b is hot, u)
            targets.append((b.rect, ("button", b.key)))
        focus.draw(surf, t, self.focus, self.buttons, u)
