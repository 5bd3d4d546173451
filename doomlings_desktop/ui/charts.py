"""The Statistics page's charts, drawn with pygame in the theme's colours: a line chart of
values game by game (with a dot per game that can carry its own colour, e.g. won or lost),
and a bar of a share ("3 of 7 won").

Each takes the rectangle it may use and draws nothing outside it; a chart of one game or of
games all scoring the same still has a scale (the range is never empty).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from doomlings_desktop.ui.theme import BG, CHART_GRID, CHART_TRACK, INK, MUTED


def nice_top(hi: float) -> int:
    """The scale's top: the smallest of 10, 20, 25, 50, 100... times a power of ten that is
    at least hi (and at least 10), so the grid lines fall on round numbers."""
    top = 10
    while top < hi:
        for f in (2, 2.5, 5, 10):
            if top * f >= hi or f == 10:
                top = int(top * f)
                break
    return top


def grid(surf: pygame.Surface, text: Any, plot: pygame.Rect, lo: float, hi: float,
         u: float, fmt: str = "{:g}", lines: int = 5) -> None:
    """Horizontal grid lines from lo to hi with their values at the left of the plot."""
    size = max(11, int(13 * u))
    for k in range(lines + 1):
        v = lo + (hi - lo) * k / lines
        y = plot.bottom - round(plot.h * k / lines)
        pygame.draw.line(surf, CHART_GRID, (plot.x, y), (plot.right, y), 1)
        label = text.render(fmt.format(v), size, MUTED)
        surf.blit(label, label.get_rect(midright=(plot.x - int(6 * u), y)))


def points(plot: pygame.Rect, values: Sequence[float | None], lo: float,
           hi: float) -> list[tuple[int, int] | None]:
    """Where each value lies in the plot, evenly spaced left to right (None: no point)."""
    n = len(values)
    span = (hi - lo) or 1
    out: list[tuple[int, int] | None] = []
    for i, v in enumerate(values):
        if v is None:
            out.append(None)
            continue
        x = plot.x + (plot.w * (i + 0.5) / n if n else 0)
        y = plot.bottom - plot.h * (min(hi, max(lo, v)) - lo) / span
        out.append((round(x), round(y)))
    return out


def line(surf: pygame.Surface, pts: Sequence[tuple[int, int] | None], color: tuple,
         width: int, dots: Sequence[tuple] | None = None, radius: int = 0,
         rings: Sequence[bool] = ()) -> None:
    """The line through the points (broken where a point is None), and a dot on each point in
    its own colour if `dots` gives them; a point whose `rings` entry is true gets a ring
    instead of a dot (a second cue beside the colour: won dots, lost rings)."""
    run: list[tuple[int, int]] = []
    for p in list(pts) + [None]:
        if p is None:
            if len(run) > 1:
                pygame.draw.lines(surf, color, False, run, width)
            elif run:           # a point alone (one game so far): a dash, not nothing
                x, y = run[0]
                pygame.draw.line(surf, color, (x - 3 * width, y), (x + 3 * width, y), width)
            run = []
        else:
            run.append(p)
    if dots is not None and radius > 0:
        for i, (p, c) in enumerate(zip(pts, dots, strict=False)):
            if p is not None:
                ring = i < len(rings) and rings[i]
                if ring:            # the line shows through the hole: the ring reads as one
                    pygame.draw.circle(surf, BG, p, radius)
                pygame.draw.circle(surf, c, p, radius, max(1, radius // 2) if ring else 0)


def share_bar(surf: pygame.Surface, text: Any, r: pygame.Rect, part: int, whole: int,
              color: tuple, u: float, words: str) -> None:
    """A bar filled part/whole of its width, with `words` after it (never over the fill,
    whose edge would cut them)."""
    label = text.render(words, max(11, int(15 * u)), INK)
    r = pygame.Rect(r.x, r.y, max(r.h, r.w - label.get_width() - int(12 * u)), r.h)
    radius = max(2, r.h // 3)
    pygame.draw.rect(surf, CHART_TRACK, r, border_radius=radius)
    if whole > 0 and part > 0:
        fill = pygame.Rect(r.x, r.y, max(r.h, round(r.w * min(1.0, part / whole))), r.h)
        pygame.draw.rect(surf, color, fill, border_radius=radius)
    surf.blit(label, label.get_rect(midleft=(r.right + int(12 * u), r.centery)))
