"""What the menu's pages share: a title, a Back button, Esc to leave, a scrolling body."""

from __future__ import annotations

from typing import Any

import pygame

from doomlings_desktop.ui.app import ACCENT, BG, Button, Scene
from doomlings_desktop.ui.theme import EDGE, PANEL, SCROLL_HINT


class SubScene(Scene):
    """A page reached from a menu: a title, Esc or the Back button returns to `back`."""

    title = ""

    def __init__(self, app: Any, back: Scene) -> None:
        super().__init__(app)
        self.back = back
        self.scroll = 0

    def busy(self) -> bool:
        """Nothing here moves by itself: hover and every change come with an event."""
        return False

    def leave(self) -> None:
        self.app.go(self.back)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y)
        super().handle(event)

    def on_button(self, key: Any) -> None:
        if key == "back":
            self.leave()

    def begin(self, surf: pygame.Surface, x0: int) -> None:
        """Clear the page, draw the title, and start the buttons with Back."""
        surf.fill(BG)
        u = self.unit()
        _, h = surf.get_size()
        surf.blit(self.app.text.render(self.title, int(40 * u), ACCENT, bold=True),
                  (x0, int(40 * u)))
        self.buttons = [Button(pygame.Rect(int(40 * u), h - int(70 * u), int(160 * u),
                                           int(46 * u)), "Back", "back", True, "b")]


HEADING = "## "       # a paragraph of a TextScene's body that starts so is a section's heading


class TextScene(SubScene):
    """A scrollable page of text (a paragraph starting with `HEADING` is drawn as a heading,
    and `jump` scrolls to one). It scrolls a line at a time and shows only whole lines, in a
    frame that starts a gap under the title: a line half under the title or half over the
    Back button (seen at every wheel step when it scrolled 40 px over 26-px lines) is never
    drawn. `self.scroll` is the first line shown."""

    body = ""
    own_keys = [("↑↓ / Page Up / Page Down", "scroll the text")]
    jump: str | None = None     # a heading to scroll to at the next draw (then None)

    def draw(self, surf: pygame.Surface) -> None:
        u = self.unit()
        t = self.app.text
        w, h = surf.get_size()
        x0 = int(w * 0.15)
        self.begin(surf, x0)
        self.frame = frame = pygame.Rect(x0, int(112 * u), int(w * 0.7), h - int(200 * u))
        line_h, gap = int(26 * u), int(12 * u)
        lines: list[tuple[str, int, bool]] = []     # (text, y from the top, a heading?)
        self.headings: dict[str, int] = {}          # a heading -> its line's index
        y = 0
        for para in self.body.split("\n\n")[1:]:
            head = para.startswith(HEADING)
            if head:            # a section's heading: a gap above it, in the title's colour
                para = para[len(HEADING):]
                self.headings.setdefault(para, len(lines))
            for line in t.wrap(para, int(19 * u), frame.w, head):
                lines.append((line, y, head))
                y += line_h
            y += gap
        # the last first line that still fills the frame: scrolling stops there
        last = next((i for i, (_, dy, _h) in enumerate(lines) if y - gap - dy <= frame.h), 0)
        if self.jump is not None:
            self.scroll = self.headings.get(self.jump, self.scroll)
            self.jump = None
        self.scroll = max(0, min(self.scroll, last))
        top = lines[self.scroll][1] if lines else 0
        self.shown = []
        for line, dy, head in lines[self.scroll:]:
            r = pygame.Rect(x0, frame.y + dy - top, frame.w, line_h)
            if r.bottom > frame.bottom:
                break
            surf.blit(t.render(line, int(19 * u), *((ACCENT,) if head else ()), bold=head),
                      r.topleft)
            self.shown.append(r)
        self.last = last
        self.bar = self.thumb = None
        if last:                # more above or below: say so, and show where you are
            hint = t.render("Mouse wheel or arrow keys to scroll", int(14 * u), SCROLL_HINT)
            surf.blit(hint, hint.get_rect(bottomright=(frame.right, h - int(24 * u))))
            self._scroll_bar(surf, frame, len(lines), u)
        self.draw_buttons(surf)

    def _scroll_bar(self, surf: pygame.Surface, frame: pygame.Rect, count: int,
                    u: float) -> None:
        """A bar beside the text: its thumb's length is the share of the page in sight and
        its place the place in the page (the tryout scrolled the rules with no sign of how
        long they are or where it was). A click on the bar, or a drag of the thumb, goes
        there."""
        bar = self.bar = pygame.Rect(frame.right + int(24 * u), frame.y, max(6, int(10 * u)),
                                     frame.h)
        shown = max(1, len(self.shown))
        length = max(int(30 * u), bar.h * shown // max(count, 1))
        at = bar.y + (bar.h - length) * self.scroll // max(self.last, 1)
        self.thumb = pygame.Rect(bar.x, at, bar.w, length)
        pygame.draw.rect(surf, PANEL, bar, border_radius=bar.w // 2)
        pygame.draw.rect(surf, EDGE, self.thumb, border_radius=bar.w // 2)

    def _scroll_to(self, y: int) -> None:
        """The first line for the pointer at height `y` on the bar (the thumb's middle
        there)."""
        bar, thumb = self.bar, self.thumb
        if bar is None or thumb is None or bar.h <= thumb.h:
            return
        share = (y - thumb.h / 2 - bar.y) / (bar.h - thumb.h)
        self.scroll = round(max(0.0, min(1.0, share)) * self.last)

    bar: pygame.Rect | None = None      # the scroll bar, when the text is longer than the page
    thumb: pygame.Rect | None = None
    last = 0                            # the last first line scrolling reaches
    dragging = False                    # the thumb is held

    def handle(self, event: pygame.event.Event) -> None:
        if self._bar_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
            self.scroll += 1 if event.key == pygame.K_DOWN else 8
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_PAGEUP):
            self.scroll = max(0, self.scroll - (1 if event.key == pygame.K_UP else 8))
        elif event.type == pygame.MOUSEWHEEL:       # three lines a notch, as elsewhere
            self.scroll = max(0, self.scroll - 3 * event.y)
            return
        super().handle(event)


    def _bar_event(self, event: pygame.event.Event) -> bool:
        """A press on the scroll bar goes there and holds the thumb; moving with it held
        drags it; the release lets go. Whether the event was the bar's."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.bar is not None:
            if self.bar.inflate(int(12 * self.unit()), 0).collidepoint(event.pos):
                self.dragging = True
                self._scroll_to(event.pos[1])
                return True
        elif event.type == pygame.MOUSEMOTION and self.dragging:
            self._scroll_to(event.pos[1])
            return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        return False


def offered_modules() -> tuple[str, ...]:
    """The expansion modules the playing card database lists (none if it cannot say), for
    New game and Settings."""
    from doomlings_desktop.rules.cards import available_modules

    try:
        return available_modules()
    except Exception:  # noqa: BLE001 - the screen opens whatever the card file holds
        return ()
