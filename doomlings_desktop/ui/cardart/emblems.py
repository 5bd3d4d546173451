"""The expansion modules' marks in our own drawing: the module icon in a card's top-right
corner (an egg for Dinolings, a dragon's head for Mythlings, two gears for Techlings: some
cards count them, E1) and the Techlings attachment icon (two linked gear rings). Drawn
supersampled like every symbol and cached by CardArt."""

from __future__ import annotations

import math

import pygame

from doomlings_desktop.ui.cardart.palette import CREAM, INK, RGB, darken, lighten
from doomlings_desktop.ui.cardart.shapes import outlined_polygon, smooth, supersampling
from doomlings_desktop.ui.theme import (
    CLEAR,
    DRAGON_EYE,
    MODULE_BRONZE,
    MODULE_DRAGON,
    MODULE_EGG,
    MODULE_STEEL,
)

MODULE_ICONS: dict[str, str] = {
    "dinolings": "egg",
    "mythlings": "dragon head",
    "techlings": "gears",
}
"""The modules whose cards carry an identity icon, and what it shows (the other modules,
Multi-Color, Kickstarter and Meaning of Life, print none)."""

EGG: RGB = MODULE_EGG
DRAGON: RGB = MODULE_DRAGON
STEEL: RGB = MODULE_STEEL
BRONZE: RGB = MODULE_BRONZE


def module_of(d: object) -> str:
    """The module whose icon card `d` wears, or "" (base cards and modules without one)."""
    m = getattr(d, "module", "") or ""
    return m if m in MODULE_ICONS else ""


def draw_module_icon(module: str, size: int) -> pygame.Surface:
    """A module's icon on a cream tile with a dark rim: a rounded square, so it is never
    taken for a colour's round badge, and readable on every frame colour."""
    k = supersampling(size)
    n = size * k
    hi = pygame.Surface((n, n), pygame.SRCALPHA)
    hi.fill((*INK, 0))
    rim = max(2, round(n * 0.08))
    pygame.draw.rect(hi, INK, hi.get_rect(), border_radius=round(n * 0.26))
    pygame.draw.rect(hi, CREAM, hi.get_rect().inflate(-2 * rim, -2 * rim),
                     border_radius=round(n * 0.26 - rim))
    if module == "dinolings":
        _egg(hi, n)
    elif module == "mythlings":
        _dragon(hi, n)
    else:
        _gears(hi, n)
    return smooth(hi, (size, size))


def _egg(hi: pygame.Surface, n: int) -> None:
    """An upright egg, narrower at the top, with speckles."""
    cx, cy, rx, ry = n * 0.5, n * 0.53, n * 0.27, n * 0.34
    pts = []
    for i in range(40):
        t = 2 * math.pi * i / 40
        c = math.cos(t)
        pts.append((cx + rx * math.sin(t) * (1 - 0.17 * c), cy - ry * c))
    outlined_polygon(hi, EGG, darken(EGG, 0.6), pts, n * 0.055)
    pygame.draw.ellipse(hi, lighten(EGG, 0.55), pygame.Rect(round(cx - rx * 0.55), round(cy - ry * 0.6),
                                                            round(rx * 0.45), round(ry * 0.55)))
    dot = darken(EGG, 0.35)
    for fx, fy, fr in ((0.18, 0.25, 0.045), (-0.1, 0.5, 0.04), (0.3, -0.15, 0.035),
                       (-0.32, 0.05, 0.035)):
        pygame.draw.circle(hi, dot, (round(cx + fx * n * 0.5), round(cy + fy * n * 0.5)),
                           max(1, round(fr * n)))


DRAGON_HEAD = [
    (0.16, 0.96), (0.10, 0.70), (0.17, 0.46), (0.27, 0.34), (0.05, 0.10), (0.38, 0.24),
    (0.34, 0.05), (0.52, 0.24), (0.66, 0.30), (0.90, 0.40), (0.96, 0.50), (0.88, 0.56),
    (0.62, 0.56), (0.86, 0.62), (0.80, 0.72), (0.56, 0.74), (0.46, 0.96),
]
"""A dragon's head in profile, facing right (unit square): neck, two horns swept back,
brow, snout, open jaw."""


def _dragon(hi: pygame.Surface, n: int) -> None:
    """A dragon's head facing right: horns, eye and open jaw."""
    m = n * 0.08
    s = n - 2 * m
    pts = [(m + x * s, m + y * s) for x, y in DRAGON_HEAD]
    outlined_polygon(hi, DRAGON, darken(DRAGON, 0.6), pts, n * 0.045)
    ex, ey = m + 0.55 * s, m + 0.39 * s
    pygame.draw.circle(hi, DRAGON_EYE, (round(ex), round(ey)), round(n * 0.075))
    pygame.draw.circle(hi, INK, (round(ex + n * 0.01), round(ey)), round(n * 0.035))
    pygame.draw.circle(hi, darken(DRAGON, 0.6), (round(m + 0.86 * s), round(m + 0.45 * s)),
                       max(1, round(n * 0.022)))


def gear_points(cx: float, cy: float, r: float, teeth: int, phase: float = 0.0,
                depth: float = 0.24) -> list[tuple[float, float]]:
    """A cog's outline: `teeth` flat-topped teeth around a disc of radius r."""
    pts = []
    step = 2 * math.pi / teeth
    r_in = r * (1 - depth)
    for i in range(teeth):
        a = phase + i * step
        for da, rr in ((-0.5, r_in), (-0.3, r), (0.1, r), (0.3, r_in)):
            b = a + da * step
            pts.append((cx + rr * math.cos(b), cy + rr * math.sin(b)))
    return pts


def _cog(hi: pygame.Surface, cx: float, cy: float, r: float, teeth: int, phase: float,
         fill: RGB, hole: RGB | tuple[int, int, int, int], n: int) -> None:
    """One gear with a round hole (`hole` may be transparent)."""
    edge = darken(fill, 0.55)
    outlined_polygon(hi, fill, edge, gear_points(cx, cy, r, teeth, phase), n * 0.035)
    rh = r * 0.36
    pygame.draw.circle(hi, edge, (round(cx), round(cy)), round(rh + n * 0.035))
    pygame.draw.circle(hi, hole, (round(cx), round(cy)), round(rh))


def _gears(hi: pygame.Surface, n: int) -> None:
    """Two meshing gears, a large one low left and a small one high right."""
    _cog(hi, n * 0.40, n * 0.60, n * 0.30, 8, 0.2, STEEL, CREAM, n)
    _cog(hi, n * 0.72, n * 0.30, n * 0.19, 6, 0.1, lighten(STEEL, 0.2), CREAM, n)


def attachment_glyph(hi: pygame.Surface, n: int) -> None:
    """Two gear rings linked like a chain (over at the top crossing, under at the bottom),
    drawn on an icon badge `n` px wide."""
    rings = []
    for cx in (0.37, 0.63):
        ring = pygame.Surface((n, n), pygame.SRCALPHA)
        fill = BRONZE
        edge = darken(fill, 0.55)
        x, y, r = n * cx, n * 0.5, n * 0.245
        outlined_polygon(ring, fill, edge, gear_points(x, y, r, 9, 0.15, 0.22), n * 0.025)
        hole = r * 0.46
        pygame.draw.circle(ring, edge, (round(x), round(y)), round(hole + n * 0.025))
        pygame.draw.circle(ring, CLEAR, (round(x), round(y)), round(hole))
        rings.append(ring)
    left, right = rings
    hi.blit(left, (0, 0))
    hi.blit(right, (0, 0))
    # the left ring passes over the right one at the bottom crossing: linked, not stacked
    low = pygame.Rect(round(n * 0.40), round(n * 0.5), round(n * 0.2), round(n * 0.3))
    hi.blit(left, low.topleft, low)

