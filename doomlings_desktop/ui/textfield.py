"""One line of text being typed (a player's name, a save's name), as text fields behave
everywhere else: a click selects the whole text, so typing replaces it; Ctrl+A selects it
all; Home, End and the arrows move the cursor; Ctrl+C, Ctrl+X and Ctrl+V (and Shift+Insert)
copy, cut and paste through the system's clipboard.

The clipboard is SDL's, through pygame.scrap's text functions. A system without one (the
dummy video driver, a display server that refuses) does not make a key fail: the field then
keeps a clipboard of its own for this run, so cut and paste still work inside the program.
What is pasted goes through the same filter as what is typed (`can_type`), one line of it, up
to the field's limit: a clipboard holding a novel, newlines or control characters is hostile
input like any other.
"""

from __future__ import annotations

from typing import Any

import pygame
from pygame import Rect

from doomlings_desktop.names import can_type
from doomlings_desktop.ui.theme import ACCENT, EDGE, FIELD_SELECTED, INK, PANEL

PASTE_READ = 4096       # characters of the clipboard looked at: a field holds far fewer


class Clipboard:
    """The system's clipboard if there is one, else one kept for this run."""

    def __init__(self) -> None:
        self.own = ""
        self.own_newer = False      # the last copy did not reach the system's clipboard

    def get(self) -> str:
        if self.own_newer:
            return self.own
        try:
            if pygame.scrap.has_text():
                got = pygame.scrap.get_text()
                return got if isinstance(got, str) else self.own
        except (pygame.error, AttributeError, SystemError, ValueError, TypeError):
            pass
        return self.own

    def put(self, text: str) -> None:
        self.own = text
        self.own_newer = True
        try:
            pygame.scrap.put_text(text)
            self.own_newer = False
        except (pygame.error, AttributeError, SystemError, ValueError, TypeError):
            pass


CLIPBOARD = Clipboard()


def pasteable(raw: str, room: int) -> str:
    """The part of a clipboard's text a field may take: its first line, characters that can
    be typed, at most `room` of them."""
    line = raw[:PASTE_READ].replace("\r", "\n").split("\n", 1)[0].replace("\t", " ")
    return "".join(ch for ch in line if can_type(ch))[:max(0, room)]


class TextField:
    """The text, the cursor (an index into it) and whether the whole text is selected. It
    opens with its text selected, so the first character typed replaces it; then Backspace
    takes back the character before the cursor (Ctrl+Backspace the word), Delete the one
    after. At most `limit` characters."""

    def __init__(self, text: str = "", limit: int = 80) -> None:
        self.text = text
        self.limit = limit
        self.cursor = len(text)
        self.selected = bool(text)

    def select_all(self) -> None:
        """A click on the field, or Ctrl+A."""
        self.selected = bool(self.text)
        self.cursor = len(self.text)

    def _put(self, s: str) -> None:
        """Type or paste s at the cursor (over the selection)."""
        if self.selected:
            self.text, self.cursor, self.selected = "", 0, False
        s = pasteable(s, self.limit - len(self.text))
        self.text = self.text[:self.cursor] + s + self.text[self.cursor:]
        self.cursor += len(s)

    def _erase(self, back: bool, word: bool) -> None:
        if self.selected:
            self.text, self.cursor = "", 0
            return
        c = self.cursor
        if back and c:
            start = len(self.text[:c].rstrip())
            start = self.text.rfind(" ", 0, start) + 1 if word else c - 1
            self.text, self.cursor = self.text[:start] + self.text[c:], start
        elif not back:
            self.text = self.text[:c] + self.text[c + 1:]

    def _clip(self, k: int, ctrl: bool, shift: bool) -> bool:
        """The clipboard's keys; False if k is not one."""
        if ctrl and k in (pygame.K_c, pygame.K_INSERT):     # the whole text: a name is
            CLIPBOARD.put(self.text)                         # copied whole (the selection stays)
            return True
        if ctrl and k == pygame.K_x:
            CLIPBOARD.put(self.text)
            self.text, self.cursor = "", 0
        elif (ctrl and k == pygame.K_v) or (shift and k == pygame.K_INSERT):
            self._put(CLIPBOARD.get())
        elif ctrl and k == pygame.K_a:
            self.select_all()
            return True
        else:
            return False
        self.selected = False
        return True

    def key(self, event: pygame.event.Event) -> bool:
        """Edit the text with a key; False if the key is not the field's."""
        k, mod = event.key, getattr(event, "mod", 0)
        ctrl = bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if self._clip(k, ctrl, bool(mod & pygame.KMOD_SHIFT)):
            return True
        moves = {pygame.K_HOME: 0, pygame.K_END: len(self.text),
                 pygame.K_LEFT: max(0, self.cursor - 1) if not self.selected else 0,
                 pygame.K_RIGHT: min(len(self.text), self.cursor + 1)}
        if k in moves:
            self.cursor = moves[k]
        elif k in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self._erase(k == pygame.K_BACKSPACE, ctrl)
        elif can_type(event.unicode or "") and not mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self._put(event.unicode)
        else:
            return False
        self.selected = False
        return True

    def draw(self, surf: pygame.Surface, app: Any, r: Rect, focused: bool = True,
             u: float | None = None, size: int | None = None) -> None:
        """The field's box, its text (the part around the cursor, if long), the selection's
        backing and the cursor (while focused)."""
        u = app.unit if u is None else u
        t = app.text
        pygame.draw.rect(surf, PANEL, r, border_radius=int(6 * u))
        pygame.draw.rect(surf, ACCENT if focused else EDGE, r, width=max(1, int(2 * u)),
                         border_radius=int(6 * u))
        size = size or int(19 * u)
        room = r.w - int(24 * u)
        font = t.font(size)
        start = 0
        while start < self.cursor and font.size(self.text[start:self.cursor])[0] > room:
            start += 1              # the cursor stays in sight: the text's start scrolls away
        shown = self.text[start:]
        while shown and font.size(shown)[0] > room:
            shown = shown[:-1]
        x, y = r.x + int(10 * u), r.centery
        if shown:
            img = t.render(shown, size, INK)
            box = img.get_rect(midleft=(x, y))
            if self.selected and focused:
                pygame.draw.rect(surf, FIELD_SELECTED, box.inflate(int(4 * u), int(2 * u)))
            surf.blit(img, box)
        if focused:
            cx = x + font.size(self.text[start:self.cursor])[0] + int(1 * u)
            half = max(4, size * 11 // 19)
            pygame.draw.line(surf, INK, (cx, y - half), (cx, y + half), max(1, int(2 * u)))
