"""The keyboard's way round a page: one focus ring over the page's buttons, the same on every
page (the main menu, New game, Settings, Load game, Statistics, Rules, About, a dialog, and at
the table the Esc menu and the end screen). Tab and Shift+Tab go round the buttons in their
order, the arrows go to the nearest button that way, Enter or Space presses the focused one,
Esc backs out, F1 lists the keys. Which key does what is ui/keys.py's `PAGE` table, the same
table the line of keys at the foot of a page and the F1 list are made from.

The ring knows buttons by their `key`, not by their place in the list: a page builds its
buttons afresh at every draw, so a button is the same button from frame to frame only by its
key. A focused button that goes away or is disabled hands the focus to the one now at its
place in the ring.

The focus is drawn by the theme: an outline round the button (outside it, so the button's
own look, lit under the pointer or not, is unchanged), and each button's letter on a key cap
at its right end.

One current button, whichever hand moved last: the pointer moving onto a button moves the
focus there (`follow`), and a button is drawn lit under the pointer only while it has the
focus (`lit`): once the keys move the focus away, the button under a resting pointer is
drawn as any other. The lit button and the outline were on two buttons at once (the pointer
on Save game, the keys' focus on Load game, in the Esc menu)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import pygame
from pygame import Rect

from doomlings_desktop.ui import keys
from doomlings_desktop.ui.theme import ACCENT, BG, FOCUS, INK, KEYCAP, KEYCAP_INK, MUTED, SHADE_FULL

PRESSED = object()      # FocusRing.key: the focused button is to be pressed


class Pressable(Protocol):
    """What the ring needs of a button (ui/app.py Button)."""

    rect: Rect
    key: Any
    enabled: bool
    hotkey: str
    label: str


class FocusRing:
    """Which of a page's buttons has the focus (by its key), and the keys that move it."""

    def __init__(self, first: Any = None) -> None:
        self.at: Any = first        # the focused button's key (None: the page's first)
        self.index = 0              # its place in the ring, for when it goes away

    def reset(self, first: Any = None) -> None:
        """A new set of buttons (a menu opened or closed): the focus starts over."""
        self.at, self.index = first, 0

    def ring(self, buttons: Sequence[Pressable]) -> list[Pressable]:
        """The buttons that can take the focus: the enabled ones, in the page's order."""
        return [b for b in buttons if b.enabled and b.key is not None]

    def current(self, buttons: Sequence[Pressable]) -> Pressable | None:
        """The focused button: the one with the remembered key, else the one at its place."""
        ring = self.ring(buttons)
        if not ring:
            return None
        for i, b in enumerate(ring):
            if b.key == self.at:
                self.index = i
                return b
        return ring[min(self.index, len(ring) - 1)]

    def focus(self, b: Pressable | None, buttons: Sequence[Pressable]) -> None:
        """Put the focus on b (a click on it, or the keys)."""
        if b is None:
            return
        self.at = b.key
        ring = self.ring(buttons)
        self.index = next((i for i, x in enumerate(ring) if x.key == b.key), self.index)

    def follow(self, pos: tuple[int, int], buttons: Sequence[Pressable]) -> bool:
        """The pointer moved to `pos`: the topmost button of the ring under it takes the
        focus. Whether one was there (none: the focus stays where it was)."""
        for b in reversed(self.ring(buttons)):
            if b.rect.collidepoint(pos):
                self.focus(b, buttons)
                return True
        return False

    def step(self, buttons: Sequence[Pressable], by: int) -> None:
        ring = self.ring(buttons)
        now = self.current(buttons)
        if now is None:
            return
        i = next(i for i, b in enumerate(ring) if b is now)
        self.focus(ring[(i + by) % len(ring)], buttons)

    def toward(self, buttons: Sequence[Pressable], dx: int, dy: int) -> None:
        """To the nearest button that way (an arrow), if there is one. A button in line
        (overlapping this one across the arrow: beside it for Left and Right, above or
        below it for Up and Down) comes before any off to the side, however near: on New
        game, Left on "+" went to the wide name field under it rather than "-" beside it,
        whose centre was a pixel farther. Among those, the distance along the arrow plus
        twice the distance across it."""
        now = self.current(buttons)
        if now is None:
            return
        r = now.rect
        cx, cy = r.center
        best: tuple[tuple[int, float], Any] | None = None
        for b in self.ring(buttons):
            ox, oy = b.rect.centerx - cx, b.rect.centery - cy
            along, across = ox * dx + oy * dy, abs(ox * dy) + abs(oy * dx)
            if b is now or along <= 0:
                continue
            in_line = (b.rect.top < r.bottom and b.rect.bottom > r.top) if dx else \
                (b.rect.left < r.right and b.rect.right > r.left)
            score = (0 if in_line else 1, along + 2 * across)
            if best is None or score < best[0]:
                best = (score, b)
        if best is not None:
            self.focus(best[1], buttons)

    def key(self, event: pygame.event.Event, buttons: Sequence[Pressable]) -> Any:
        """A key through `keys.PAGE`: None if no binding took it; PRESSED (Enter or Space:
        the caller presses `current`); else the action's name ('next', 'back', 'keys'...)
        once the focus has moved."""
        for b in keys.PAGE:
            if not b.matches(event):
                continue
            if b.action == "next":
                self.step(buttons, 1)
            elif b.action == "back_tab":
                self.step(buttons, -1)
            elif b.action == "toward":
                dx = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}.get(event.key, 0)
                dy = {pygame.K_UP: -1, pygame.K_DOWN: 1}.get(event.key, 0)
                self.toward(buttons, dx, dy)
            elif b.action == "press":
                return PRESSED if self.current(buttons) is not None else None
            return b.action
        return None


# ---------------------------------------------------------------- drawing (the theme's)


def lit(ring: FocusRing, buttons: Sequence[Pressable], mouse: tuple[int, int]) -> Any:
    """The button to draw lit: the focused one, if the pointer is on it (else None)."""
    now = ring.current(buttons)
    return now if now is not None and now.rect.collidepoint(mouse) else None


def outline(surf: pygame.Surface, rect: Rect, u: float) -> None:
    """The focus: a ring round the button, a little outside it."""
    pad = max(3, int(5 * u))
    pygame.draw.rect(surf, FOCUS, rect.inflate(2 * pad, 2 * pad), width=max(2, int(3 * u)),
                     border_radius=int(11 * u))


def keycap(surf: pygame.Surface, text: Any, b: Pressable, u: float) -> None:
    """The button's letter on a small key cap at its right end: the key is shown where the
    button is, not only in a list elsewhere."""
    if not b.hotkey:
        return
    side = max(12, int(min(22 * u, b.rect.h * 0.5)))
    cap = Rect(0, 0, side, side)
    cap.midright = (b.rect.right - int(8 * u), b.rect.centery)
    pygame.draw.rect(surf, KEYCAP, cap, border_radius=max(2, int(4 * u)))
    letter = text.render(b.hotkey.upper(), max(11, int(side * 0.7)),
                         KEYCAP_INK if b.enabled else MUTED, bold=True)
    surf.blit(letter, letter.get_rect(center=cap.center))


def draw(surf: pygame.Surface, text: Any, ring: FocusRing, buttons: Sequence[Pressable],
         u: float) -> None:
    """The key caps of the buttons, and the focus round the focused one."""
    for b in buttons:
        keycap(surf, text, b, u)
    now = ring.current(buttons)
    if now is not None:
        outline(surf, now.rect, u)


def foot(surf: pygame.Surface, text: Any, line: str, u: float, bottom: int | None = None,
         size: int = 14) -> Rect:
    """A line of keys centred at the foot of the window (or ending at `bottom`), `size`
    design pixels high (less if the window is narrow)."""
    w, h = surf.get_size()
    size = text.fit(line, int(size * u), int(w * 0.96), 11)
    img = text.render(line, size, MUTED)
    r = img.get_rect(midbottom=(w // 2, h - int(4 * u) if bottom is None else bottom))
    if bottom is not None:      # over the table: on a backing of its own, to be read
        pygame.draw.rect(surf, BG, r.inflate(int(16 * u), int(6 * u)), border_radius=int(6 * u))
    surf.blit(img, r)
    return r


def rows(buttons: Sequence[Pressable], back: str = "back") -> list[tuple[str, str]]:
    """The F1 list of a page: the ring's keys (keys.PAGE_LINES), then each button's letter."""
    out = [(line.label, line.does) for name, line in keys.PAGE_LINES.items()
           if name != "back" or back]
    if back:
        out[2] = (out[2][0], back)
    seen = set()
    for b in buttons:
        if b.hotkey and b.hotkey not in seen:
            seen.add(b.hotkey)
            out.append((b.hotkey.upper(), b.label))
    return out


def key_list(surf: pygame.Surface, text: Any, title: str, lines: list[tuple[str, str]],
             u: float) -> None:
    """The F1 list: each key and what it does, in a box over the shaded page."""
    w, h = surf.get_size()
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    shade.fill(SHADE_FULL)
    surf.blit(shade, (0, 0))
    size, step = int(17 * u), int(28 * u)
    while step * len(lines) > h - int(150 * u) and size > 12:
        size, step = size - 1, max(14, step - 2)
    left = max(text.font(size, True).size(k)[0] for k, _ in lines)
    right = min(int(w * 0.9) - left, max(text.font(size).size(d)[0] for _, d in lines))
    box = Rect(0, 0, left + right + int(80 * u), int(120 * u) + step * len(lines))
    box.center = (w // 2, h // 2)
    pygame.draw.rect(surf, BG, box, border_radius=int(12 * u))
    pygame.draw.rect(surf, ACCENT, box, width=max(1, int(2 * u)), border_radius=int(12 * u))
    head = text.render(title, int(28 * u), ACCENT, bold=True)
    surf.blit(head, head.get_rect(midtop=(box.centerx, box.y + int(16 * u))))
    y = box.y + int(70 * u)
    x = box.x + int(30 * u)
    for k, does in lines:
        surf.blit(text.render(k, size, ACCENT, bold=True), (x, y))
        surf.blit(text.render(text.wrap(does, size, right)[0], size, INK),
                  (x + left + int(20 * u), y))
        y += step
    close = text.render("Any key or a click puts this away", int(14 * u), MUTED)
    surf.blit(close, close.get_rect(midbottom=(box.centerx, box.bottom - int(10 * u))))
