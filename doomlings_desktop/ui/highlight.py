"""The outlines that say what a card, strip or panel is now, each state with its own line so
that the colour is never the only cue (a colour-blind player, a greyscale screenshot):

- eligible (an option now): a dashed outline;
- selected (the chosen option): a thick solid outline with a dark keyline inside it;
- new (just came into a pile): an L-shaped mark at each corner, fading;
- hint (the coach's answer): a dotted outline and a "?" disc on its top-right corner; an
  answer the coach found about as good (a tie it names) has the dots without the disc.

A dominant trait wears its own double gold frame and star in the card art (ui/cardart/), so it
is told from an eligible one by the dashes. The colours are the palette's (theme.HIGHLIGHT,
read at draw time, so the Colours setting applies at once).

Every mark is built from pieces along the outline's perimeter (intervals of its length), drawn
as axis-aligned bars or dots, so a dash turns a corner cleanly at any size, from a 16 px strip
to a card at reading size."""

from __future__ import annotations

import math

import pygame
from pygame import Rect

from doomlings_desktop.ui import theme
from doomlings_desktop.ui.fonts import MIN_TEXT_PX, font

STATES = ("eligible", "selected", "new", "hint")


def _blend(color: tuple, strength: float) -> tuple[int, int, int]:
    """`color` faded toward the table's background by 1 - strength (a mark fading out)."""
    a = max(0.0, min(1.0, strength))
    return tuple(int(theme.BG[i] + (color[i] - theme.BG[i]) * a) for i in range(3))


def _bars(r: Rect, w: int, a: float, b: float) -> list[Rect]:
    """The bars of width `w` just inside `r` that cover the perimeter from `a` to `b` (px
    clockwise from the top-left corner; may run past the end)."""
    out = []
    per = 2 * (r.w + r.h)
    edges = ((0, r.w), (r.w, r.h), (2 * r.w + r.h, r.w), (per, r.h))    # start, length
    for lap in (0, per):
        for i, (start, length) in enumerate(edges):
            lo, hi = (start - length, start) if i >= 2 else (start, start + length)
            s, e = max(a - lap, lo), min(b - lap, hi)
            if e <= s:
                continue
            if i == 0:
                out.append(Rect(r.x + int(s), r.y, max(1, int(e - s)), w))
            elif i == 1:
                out.append(Rect(r.right - w, r.y + int(s - r.w), w, max(1, int(e - s))))
            elif i == 2:        # the bottom, right to left
                out.append(Rect(r.x + int(start - e), r.bottom - w, max(1, int(e - s)), w))
            else:               # the left side, bottom to top
                out.append(Rect(r.x, r.y + int(start - e), w, max(1, int(e - s))))
    return out


def _point(r: Rect, d: float) -> tuple[float, float]:
    """The point `d` px clockwise along `r`'s perimeter from its top-left corner."""
    d %= 2 * (r.w + r.h)
    if d < r.w:
        return r.x + d, r.y
    d -= r.w
    if d < r.h:
        return r.right, r.y + d
    d -= r.h
    if d < r.w:
        return r.right - d, r.bottom
    return r.x, r.bottom - (d - r.w)


def _dashes(surf: pygame.Surface, color: tuple, r: Rect, w: int, dash: float,
            gap: float) -> None:
    per = 2 * (r.w + r.h)
    n = max(4, round(per / (dash + gap)))       # a whole number of dashes: no seam
    step = per / n
    for i in range(n):
        a = i * step - dash / 2                 # centred on the corners and between
        for bar in _bars(r, w, a % per, a % per + dash * step / (dash + gap)):
            pygame.draw.rect(surf, color, bar)


def _corners(surf: pygame.Surface, color: tuple, r: Rect, w: int, arm: float) -> None:
    corners = (0, r.w, r.w + r.h, 2 * r.w + r.h)
    per = 2 * (r.w + r.h)
    for c in corners:
        for bar in _bars(r, w, (c - arm) % per, (c - arm) % per + 2 * arm):
            pygame.draw.rect(surf, color, bar)


def _dots(surf: pygame.Surface, color: tuple, r: Rect, radius: int) -> None:
    inner = r.inflate(-2 * radius, -2 * radius)
    per = 2 * (inner.w + inner.h)
    n = max(4, round(per / (radius * 3.4)))
    for i in range(n):
        x, y = _point(inner, i * per / n)
        pygame.draw.circle(surf, color, (round(x), round(y)), radius)


def _question(surf: pygame.Surface, color: tuple, r: Rect, u: float) -> None:
    """A disc with a "?" on the outline's top-right corner: the coach's mark."""
    px = max(MIN_TEXT_PX, int(theme.HIGHLIGHT_MARK_TEXT * u))
    img = font(px, True).render("?", True, theme.HIGHLIGHT_MARK_INK)
    rad = max(img.get_width(), img.get_height()) // 2 + 1
    c = (r.right - rad // 2, r.y + rad // 2)
    pygame.draw.circle(surf, theme.HIGHLIGHT_KEYLINE, c, rad + 1)
    pygame.draw.circle(surf, color, c, rad)
    surf.blit(img, img.get_rect(center=c))


def outline(surf: pygame.Surface, state: str, rect: Rect, u: float, *, pad: int = 2,
            radius: int = 0, strength: float = 1.0, pulse: int = 0,
            question: bool = True) -> Rect:
    """Draw `state`'s mark around `rect` (grown by `pad` px on each side) and return the
    outline's rectangle. `strength` fades it toward the background (a "new" mark going);
    `pulse` adds px to its width (an option breathing). `radius` is kept for the solid
    outline's corners. `question=False`: a hint's dots without its "?" disc (an answer the
    coach found as good as its pick). An unknown state draws nothing."""
    r = Rect(rect).inflate(2 * pad, 2 * pad)
    if state not in theme.HIGHLIGHT or r.w < 4 or r.h < 4:
        return r
    color = _blend(theme.HIGHLIGHT[state], strength)
    w = max(2, int(theme.HIGHLIGHT_LINE * u)) + max(0, int(pulse))
    if state == "eligible":
        dash, gap = theme.HIGHLIGHT_DASH
        _dashes(surf, color, r, w, dash=max(6.0, dash * u), gap=max(4.0, gap * u))
    elif state == "selected":
        thick = max(4, int(theme.HIGHLIGHT_SELECTED_LINE * u)) + max(0, int(pulse))
        pygame.draw.rect(surf, color, r, width=thick, border_radius=radius)
        pygame.draw.rect(surf, theme.HIGHLIGHT_KEYLINE, r.inflate(-2 * thick, -2 * thick),
                         width=max(1, int(u)), border_radius=max(0, radius - thick))
    elif state == "new":
        arm = min(max(5.0, theme.HIGHLIGHT_CORNER * u, min(r.w, r.h) * 0.22), r.w / 2 - 2,
                  r.h / 2 - 2)
        _corners(surf, color, r, w + 1, arm)
    else:                   # hint
        _dots(surf, color, r, max(2, math.ceil(w * 0.75)))
        if question:
            _question(surf, color, r, u)
    return r


def sample(state: str, size: int) -> pygame.Surface:
    """A small card wearing `state`'s mark, `size` px square: the legend's picture of it."""
    img = pygame.Surface((size, size), pygame.SRCALPHA)
    card = Rect(0, 0, max(4, int(size * 0.5)), max(4, int(size * 0.7)))
    card.center = (size // 2, size // 2)
    pygame.draw.rect(img, theme.PANEL_HI, card, border_radius=max(1, size // 12))
    outline(img, state, card, max(0.5, size / 40), pad=max(1, size // 14))
    return img
