"""Card backs: one design for traits, one shared by ages, catastrophes and The Birth of Life
(as in the physical game)."""

from __future__ import annotations

import pygame

from doomlings_desktop.ui.cardart.palette import (
    GOLD,
    darken,
    lighten,
    mix,
)
from doomlings_desktop.ui.cardart.shapes import SS, Canvas
from doomlings_desktop.ui.cardart.symbols import SymbolSource
from doomlings_desktop.ui.cardart.text import shadowed
from doomlings_desktop.ui.fonts import font
from doomlings_desktop.ui.theme import AGE_BACK, AGE_BACK_ACCENT, BLACK, TRAIT_BACK


def draw_back(art: SymbolSource, kind: str, w: int, h: int) -> pygame.Surface:
    """The back of a 'trait' card (the four color symbols) or an 'age' card (the hourglass),
    the same for every card of the kind so a hidden hand gives nothing away."""
    r = max(4.0, w * 0.075)
    line = max(1.0, w * 0.008)
    if kind == "trait":
        (edge, top, bottom), accent = TRAIT_BACK, GOLD
    else:
        (edge, top, bottom), accent = AGE_BACK, AGE_BACK_ACCENT
    cv = Canvas(w, h, edge)
    cv.rect(edge, 0, 0, w, h, r)
    cv.gradient_rect(top, bottom, line, line, w - 2 * line, h - 2 * line, r - line)
    # diagonal lattice
    step = max(6.0, w * 0.09)
    lat = mix(top, bottom, 0.5)
    lat = lighten(lat, 0.12)
    i = -h
    while i < w + h:
        cv.line(lat, (i, 0), (i + h, h), max(1.0, w * 0.006))
        cv.line(lat, (i + h, 0), (i, h), max(1.0, w * 0.006))
        i += step
    inset = max(4.0, w * 0.06)
    cv.rect(accent, inset, inset, w - 2 * inset, h - 2 * inset, r * 0.6, max(1.0, w * 0.012))
    cx, cy = w / 2, h / 2
    er = w * 0.30
    cv.circle(darken(bottom, 0.2), cx, cy, er)
    cv.circle(accent, cx, cy, er, max(1.0, w * 0.014))
    cv.circle(accent, cx, cy, er * 0.86, max(1.0, w * 0.006))
    if kind == "trait":
        ss = int(er * 0.62)
        for color, (dx, dy) in zip(("red", "blue", "green", "purple"),
                                   ((-1, -1), (1, -1), (-1, 1), (1, 1)), strict=True):
            sym = art.color_symbol(color, ss * SS)
            cv.blit(sym, cx + dx * er * 0.36 - ss / 2, cy + dy * er * 0.36 - ss / 2)
    else:
        ss = int(er * 1.15)
        cv.blit(art.kind_symbol("age", ss * SS), cx - ss / 2, cy - ss / 2)
    cv.clip_round(r)
    surf = cv.finish()
    label = "TRAIT" if kind == "trait" else "AGE"
    f = font(max(6, round(w * 0.085)), True, False)
    shadowed(surf, label, f, accent, BLACK, (cx, cy + er + (h / 2 - er - inset) / 2),
             w - 2 * inset, 1)
    f2 = font(max(6, round(w * 0.07)), True, True)
    shadowed(surf, "DOOMLINGS", f2, lighten(top, 0.55), BLACK,
             (cx, cy - er - (h / 2 - er - inset) / 2), w - 2 * inset, 1)
    return surf
