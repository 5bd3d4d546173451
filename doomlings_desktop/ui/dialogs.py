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
from doomlings_desktop.names import can_type
from doomlings_desktop.ui.app import ACCENT, BG, INK, MUTED, PANEL, Button
from doomlings_desktop.ui.theme import FIELD_SELECTED, SHADE_MODAL, WARN

_SHADE: LRU = LRU(1)       # the window's size: a whole window's surface


class TextField:
    """One line of text being typed. It opens with its text selected, so the first character
    typed replaces it and Backspace clears it; then Backspace takes the last character back
    (Ctrl+Backspace the last word). At most `limit` characters."""

    def __init__(self, text: str = "", limit: int = 80) -> None:
        self.text = text
        self.limit = limit
        self.selected = bool(text)

    def key(self, event: pygame.event.Event) -> bool:
        """Edit the text with a key; False if the key is not the field's."""
        if event.key == pygame.K_BACKSPACE:
            if self.selected:
                self.text = ""
            elif event.mod & pygame.KMOD_CTRL:
                self.text = self.text.rstrip()
                self.text = self.text[:self.text.rfind(" ") + 1]
            else:
                self.text = self.text[:-1]
        elif can_type(event.unicode or "") \
                and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            if self.selected:
                self.text = ""
            self.text = (self.text + event.unicode)[:self.limit]
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_END, pygame.K_HOME):
            pass        # only ends the selection: the cursor stays at the end
        else:
            return False
        self.selected = False
        return True

    def draw(self, surf: pygame.Surface, app: Any, r: Rect) -> None:
        u = app.unit
        t = app.text
        pygame.draw.rect(surf, PANEL, r, border_radius=int(6 * u))
        pygame.draw.rect(surf, ACCENT, r, width=max(1, int(2 * u)), border_radius=int(6 * u))
        size = int(19 * u)
        room = r.w - int(24 * u)
        shown = self.text
        while shown and t.font(size).size(shown)[0] > room:   # the end of a long text shows
            shown = shown[1:]
        img = t.render(shown, size, INK) if shown else None
        x, y = r.x + int(10 * u), r.centery
        if img is not None:
            box = img.get_rect(midleft=(x, y))
            if self.selected:
                pygame.draw.rect(surf, FIELD_SELECTED, box.inflate(int(4 * u), int(2 * u)))
            surf.blit(img, box)
            x = box.right
        pygame.draw.line(surf, INK, (x + int(2 * u), y - int(11 * u)),
                         (x + int(2 * u), y + int(11 * u)), max(1, int(2 * u)))


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

    def handle(self, event: pygame.event.Event) -> Any:
        """The key of the button this event chooses, or None (the event is used up either way)."""
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for b in self.buttons:
                if b.enabled and b.rect.collidepoint(event.pos):
                    return b.key
            return None
        if event.type != pygame.KEYDOWN:
            return None
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.enter
        if event.key == pygame.K_ESCAPE:
            return self.escape
        if self.field is not None:
            self.field.key(event)
            return None
        return self.hotkeys.get((event.unicode or "").lower())

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
            self.field.draw(surf, app, Rect(box.x + pad, y, bw - 2 * pad, int(44 * u)))
            targets.append((Rect(box.x + pad, y, bw - 2 * pad, int(44 * u)), ("field",)))
            y += int(56 * u)
        for line, size, color in body:
            surf.blit(t.render(line, size, color), (box.x + pad, y))
            y += int(22 * u)
        y += int(16 * u)
        self.buttons = []
        x = box.right - pad
        for label, key, tone in reversed(self.spec):
            lw = max(int(120 * u), t.font(int(17 * u), True).size(label)[0] + int(32 * u))
            x -= lw
            self.buttons.append(Button(Rect(x, y, lw, int(46 * u)), label, key, True, "", tone))
            x -= int(12 * u)
        mouse = app.mouse
        for b in self.buttons:
            b.draw(surf, t, b.rect.collidepoint(mouse), u)
            targets.append((b.rect, ("button", b.key)))
