"""The card art's small vector pictures: color symbols, trait icons, the dominant star, the
variable-value compass, the age/catastrophe/birth symbols and the title-bar badge. Each is drawn
at 1-4 x its size and smooth-scaled down (see `supersampling`), with no caching here: CardArt
caches them, and the face, back and strip drawings get them through a `SymbolSource`."""

from __future__ import annotations

import math
from typing import Protocol

import pygame

from doomlings_desktop.ui.cardart.emblems import attachment_glyph
from doomlings_desktop.ui.cardart.palette import (
    COLOR_RGB,
    COLOR_SYMBOL_NAMES,
    CREAM,
    GOLD,
    GOLD_DARK,
    INK,
    KIND_RGB,
    RGB,
    WHITE,
    darken,
    lighten,
    mix,
)
from doomlings_desktop.ui.cardart.shapes import (
    centered,
    inset_polygon,
    int_points,
    ngon,
    outlined_polygon,
    smooth,
    star_points,
    supersampling,
    teardrop,
    thick_line,
    vesica,
)
from doomlings_desktop.ui.fonts import font
from doomlings_desktop.ui.theme import (
    ACTION_RED,
    BURST,
    BURST_CORE,
    BURST_DARK,
    DROP_DARK,
    DROP_LIGHT,
    DROP_SHINE,
    FLAME_CORE,
    HOURGLASS,
    HOURGLASS_GLASS,
    HOURGLASS_SAND,
    STAR_INNER,
    WING,
    WORLD_LAND,
    WORLD_SEA,
)


class SymbolSource(Protocol):
    """The cached small pictures a card drawing is made of (CardArt provides them), so a face
    reuses the very surfaces the table shows on their own."""

    def color_symbol(self, color: str, size: int) -> pygame.Surface: ...
    def icon(self, name: str, size: int) -> pygame.Surface: ...
    def dominant_star(self, size: int) -> pygame.Surface: ...
    def variable_glyph(self, size: int, color: RGB = INK) -> pygame.Surface: ...
    def badge(self, key: str, size: int) -> pygame.Surface: ...
    def kind_symbol(self, key: str, size: int) -> pygame.Surface: ...
    def module_icon(self, module: str, size: int) -> pygame.Surface: ...
    def picture(self, value: str | None, size: int, tint: RGB, alpha: int = 255
                ) -> pygame.Surface | None: ...
    def has_picture(self, value: str | None) -> bool: ...


# the flame's outline in units of its square: a broad flat base (the diamond's is a point),
# three tongues (the middle one tallest)
_FLAME = [(0.50, 0.02), (0.64, 0.44), (0.84, 0.10), (0.88, 0.56), (0.84, 0.82), (0.72, 0.96),
          (0.28, 0.96), (0.16, 0.82), (0.12, 0.56), (0.16, 0.10), (0.36, 0.44)]


def draw_color_symbol(color: str, size: int) -> pygame.Surface:
    """The shape of a color (COLOR_SYMBOL_NAMES), so color is never the only cue."""
    k = supersampling(size)
    n = size * k
    base = COLOR_RGB[color]
    dark = darken(base, 0.55)
    hi = pygame.Surface((n, n), pygame.SRCALPHA)
    hi.fill((*dark, 0))
    st = n * 0.055          # outline width
    shape = COLOR_SYMBOL_NAMES[color]
    if shape == "flame":
        # three tongues over a round base: at strip size (10 px) a crown-topped shape, where a
        # single drop read as the same small blob as the leaf
        main = [(n * x, n * y) for x, y in _FLAME]
        outlined_polygon(hi, base, dark, main, st)
        core = teardrop(n * 0.5, n * 0.72, n * 0.17, n * 0.20, power=1.3)
        pygame.draw.polygon(hi, mix(base, FLAME_CORE, 0.75),
                            [(round(x), round(y)) for x, y in core])
    elif shape == "wave":
        for row, yy in enumerate((0.36, 0.66)):
            pts = []
            for i in range(25):
                t = i / 24
                x = n * (0.08 + 0.84 * t)
                y = n * (yy - 0.11 * math.sin(t * 2 * math.pi * 1.25 + 0.4 + row * 0.9))
                pts.append((x, y))
            thick_line(hi, dark, pts, n * 0.20)
            thick_line(hi, base, pts, n * 0.20 - 2 * st)
    elif shape == "leaf":
        # a broad leaf on a long stem, its midrib cut through it: the one shape on a diagonal
        # with a line of the badge showing across it, so at 10 px it is no drop
        pts = vesica(n * 0.56, n * 0.42, n * 0.80, n * 0.56, -math.pi / 4)
        stem = [(n * 0.06, n * 0.94), (n * 0.36, n * 0.62)]
        thick_line(hi, dark, stem, st * 2.8)
        outlined_polygon(hi, base, dark, pts, st)
        a = (n * 0.28, n * 0.70)
        b = (n * 0.80, n * 0.18)
        pygame.draw.line(hi, (*dark, 0), a, b, max(1, round(n * 0.1)))
    elif shape == "diamond":
        pts = [(n * 0.5, n * 0.06), (n * 0.86, n * 0.5), (n * 0.5, n * 0.94), (n * 0.14, n * 0.5)]
        outlined_polygon(hi, base, dark, pts, st)
        facet = [(n * 0.5, n * 0.06 + st * 2), (n * 0.86 - st * 2, n * 0.5), (n * 0.5, n * 0.5)]
        pygame.draw.polygon(hi, lighten(base, 0.35), [(round(x), round(y)) for x, y in facet])
        facet2 = [(n * 0.5, n * 0.94 - st * 2), (n * 0.14 + st * 2, n * 0.5), (n * 0.5, n * 0.5)]
        pygame.draw.polygon(hi, darken(base, 0.18), [(round(x), round(y)) for x, y in facet2])
    else:  # colorless: hollow hexagon
        pts = ngon(n * 0.5, n * 0.5, n * 0.47, 6, math.pi / 6)
        ring = n * 0.10         # a wide hole: at 10 px the ring must not read as a blob
        pygame.draw.polygon(hi, dark, int_points(pts))
        pygame.draw.polygon(hi, lighten(base, 0.3), int_points(inset_polygon(pts, st)))
        pygame.draw.polygon(hi, dark, int_points(inset_polygon(pts, st + ring)))
        pygame.draw.polygon(hi, (*dark, 0), int_points(inset_polygon(pts, 2 * st + ring)))
    return smooth(hi, (size, size))


def draw_star(size: int) -> pygame.Surface:
    """The gold star of a dominant trait."""
    k = supersampling(size)
    n = size * k
    hi = pygame.Surface((n, n), pygame.SRCALPHA)
    hi.fill((*GOLD_DARK, 0))
    pts = star_points(n / 2, n * 0.53, n * 0.44, n * 0.19)
    outlined_polygon(hi, GOLD, darken(GOLD_DARK, 0.35), pts, n * 0.045)
    inner = star_points(n / 2, n * 0.53, n * 0.25, n * 0.10)
    pygame.draw.polygon(hi, STAR_INNER, [(round(x), round(y)) for x, y in inner])
    return smooth(hi, (size, size))


def draw_compass(size: int, color: RGB) -> pygame.Surface:
    """The compass star printed instead of a number on variable-value traits."""
    k = supersampling(size)
    n = size * k
    hi = pygame.Surface((n, n), pygame.SRCALPHA)
    hi.fill((*color, 0))
    c = n / 2
    light = mix(color, WHITE, 0.55)
    for i in range(8):
        a = -math.pi / 2 + i * math.pi / 4
        long_ = i % 2 == 0
        r = n * (0.48 if long_ else 0.30)
        rin = n * (0.11 if long_ else 0.08)
        tip = (c + r * math.cos(a), c + r * math.sin(a))
        left = (c + rin * math.cos(a - math.pi / 4), c + rin * math.sin(a - math.pi / 4))
        right = (c + rin * math.cos(a + math.pi / 4), c + rin * math.sin(a + math.pi / 4))
        pygame.draw.polygon(hi, color, [(c, c), tip, left])
        pygame.draw.polygon(hi, light if long_ else color, [(c, c), tip, right])
        pygame.draw.lines(hi, color, True, [(c, c), tip, right], max(1, round(n * 0.02)))
    pygame.draw.circle(hi, color, (round(c), round(c)), round(n * 0.07))
    return smooth(hi, (size, size))


def draw_icon(name: str, size: int) -> pygame.Surface:
    """A trait icon on its round cream badge ('?' for an unknown name)."""
    k = supersampling(size)
    n = size * k
    hi = pygame.Surface((n, n), pygame.SRCALPHA)
    hi.fill((*INK, 0))
    c = n / 2
    ring = max(2, n * 0.07)
    pygame.draw.circle(hi, INK, (round(c), round(c)), round(n * 0.49))
    pygame.draw.circle(hi, CREAM, (round(c), round(c)), round(n * 0.49 - ring))
    if name == "action":
        pygame.draw.circle(hi, ACTION_RED, (round(c), round(c)), round(n * 0.33))
        img = font(max(6, int(n * 0.44)), True, False).render("A", True, WHITE)
        hi.blit(img, img.get_rect(center=(round(c), round(c + n * 0.01))))
    elif name == "out_of_turn":
        # A wing: curved leading edge, four feather tips along the trailing edge.
        col = WING

        def at(x: float, y: float) -> tuple[float, float]:
            return (n * (0.1 + 0.8 * x), n * (0.12 + 0.8 * y))

        pts = []
        for i in range(13):      # leading edge: shoulder -> wing tip (quadratic curve)
            t = i / 12
            x = (1 - t) ** 2 * 0.02 + 2 * (1 - t) * t * 0.30 + t * t * 0.98
            y = (1 - t) ** 2 * 0.62 + 2 * (1 - t) * t * 0.02 + t * t * 0.04
            pts.append(at(x, y))
        tips = [(0.98, 0.04), (0.80, 0.48), (0.58, 0.74), (0.36, 0.90), (0.14, 0.92)]
        notches = [(0.70, 0.34), (0.50, 0.54), (0.30, 0.66), (0.10, 0.76)]
        for (tx, ty), (nx_, ny_), (ux, uy) in zip(tips, notches, tips[1:], strict=False):
            for j in range(1, 5):    # rounded feather end toward the next tip
                t = j / 5
                bx_ = tx + (nx_ - tx) * t
                by_ = ty + (ny_ - ty) * t
                pts.append(at(bx_ + 0.05 * math.sin(math.pi * t), by_ + 0.05 * math.sin(math.pi * t)))
            pts.append(at(nx_, ny_))
            pts.append(at(ux, uy))
        pts.append(at(0.02, 0.70))
        outlined_polygon(hi, lighten(col, 0.45), col, pts, n * 0.035)
        lw = max(1, round(n * 0.03))
        for nx_, ny_ in notches[:3]:
            a_, b_ = at(nx_, ny_), at(nx_ - 0.22, ny_ - 0.16)
            pygame.draw.line(hi, col, a_, b_, lw)
    elif name == "world_end":
        r = n * 0.32
        blue, green = WORLD_SEA, WORLD_LAND
        pygame.draw.circle(hi, blue, (round(c), round(c)), round(r))
        for pts in (
            [(c - r * 0.55, c - r * 0.60), (c - r * 0.05, c - r * 0.75), (c + r * 0.1, c - r * 0.25),
             (c - r * 0.25, c + r * 0.15), (c - r * 0.70, c - r * 0.05)],
            [(c + r * 0.25, c + r * 0.10), (c + r * 0.80, c + r * 0.05), (c + r * 0.60, c + r * 0.65),
             (c + r * 0.15, c + r * 0.75)],
        ):
            pygame.draw.polygon(hi, green, pts)
        lw = max(1, round(n * 0.035))
        pygame.draw.ellipse(hi, INK, pygame.Rect(round(c - r * 0.45), round(c - r), round(r * 0.9),
                                                 round(2 * r)), lw)
        pygame.draw.line(hi, INK, (c - r, c), (c + r, c), lw)
        pygame.draw.line(hi, INK, (c, c - r), (c, c + r), lw)
        pygame.draw.circle(hi, INK, (round(c), round(c)), round(r), lw + 1)
    elif name == "drop_of_life":
        pts = teardrop(c, c + n * 0.05, n * 0.25, n * 0.32, power=1.4)
        outlined_polygon(hi, DROP_LIGHT, DROP_DARK, pts, n * 0.03)
        pygame.draw.ellipse(hi, DROP_SHINE,
                            pygame.Rect(round(c - n * 0.13), round(c + n * 0.02), round(n * 0.08),
                                        round(n * 0.16)))
    elif name == "attachment":
        attachment_glyph(hi, n)
    else:
        img = font(max(6, int(n * 0.5)), True, False).render("?", True, INK)
        hi.blit(img, img.get_rect(center=(round(c), round(c))))
    return smooth(hi, (size, size))


def draw_kind_symbol(key: str, size: int) -> pygame.Surface:
    """The symbol of a non-trait kind: an hourglass (age), a burst (catastrophe), a drop
    (The Birth of Life)."""
    k = supersampling(size)
    n = size * k
    hi = pygame.Surface((n, n), pygame.SRCALPHA)
    if key == "age":   # an hourglass
        col, sand = HOURGLASS, HOURGLASS_SAND
        hi.fill((*col, 0))
        top = [(n * 0.22, n * 0.12), (n * 0.78, n * 0.12), (n * 0.53, n * 0.5), (n * 0.78, n * 0.88),
               (n * 0.22, n * 0.88), (n * 0.47, n * 0.5)]
        outlined_polygon(hi, HOURGLASS_GLASS, col, top, n * 0.05)
        pygame.draw.polygon(hi, sand, [(n * 0.36, n * 0.30), (n * 0.64, n * 0.30), (n * 0.5, n * 0.48)])
        pygame.draw.polygon(hi, sand, [(n * 0.5, n * 0.64), (n * 0.72, n * 0.86), (n * 0.28, n * 0.86)])
        pygame.draw.line(hi, col, (n * 0.14, n * 0.10), (n * 0.86, n * 0.10), round(n * 0.09))
        pygame.draw.line(hi, col, (n * 0.14, n * 0.90), (n * 0.86, n * 0.90), round(n * 0.09))
    elif key == "catastrophe":   # a jagged burst
        col = BURST_DARK
        hi.fill((*col, 0))
        pts = []
        for i in range(18):
            a = -math.pi / 2 + i * math.pi / 9
            r = n * (0.47 if i % 2 == 0 else 0.25) * (0.86 if i % 4 == 2 else 1.0)
            pts.append((n / 2 + r * math.cos(a), n / 2 + r * math.sin(a)))
        outlined_polygon(hi, BURST, col, pts, n * 0.04)
        inner = star_points(n / 2, n / 2, n * 0.24, n * 0.12, points=7)
        pygame.draw.polygon(hi, BURST_CORE, [(round(x), round(y)) for x, y in inner])
    else:  # birth: a drop of life
        col = DROP_DARK
        hi.fill((*col, 0))
        pts = teardrop(n / 2, n * 0.56, n * 0.30, n * 0.40, power=1.4)
        outlined_polygon(hi, DROP_LIGHT, col, pts, n * 0.04)
        pygame.draw.ellipse(hi, DROP_SHINE, pygame.Rect(round(n * 0.34), round(n * 0.54),
                                                             round(n * 0.1), round(n * 0.2)))
    return smooth(hi, (size, size))


def draw_badge(art: SymbolSource, key: str, size: int) -> pygame.Surface:
    """A color or kind symbol on a cream disc, as on a title bar and a strip; the symbol
    comes from `art` (cached, shared with the other pictures)."""
    k = supersampling(size)
    n = size * k
    hi = pygame.Surface((n, n), pygame.SRCALPHA)
    edge = darken(COLOR_RGB.get(key, KIND_RGB.get(key, INK)), 0.5)
    hi.fill((*edge, 0))
    pygame.draw.circle(hi, edge, (n // 2, n // 2), n // 2)
    pygame.draw.circle(hi, CREAM, (n // 2, n // 2), round(n / 2 - max(2, n * 0.06)))
    s = smooth(hi, (size, size))
    inner = max(4, round(size * 0.74))
    sym = art.kind_symbol(key, inner)
    centered(s, sym, size / 2, size / 2)
    return s
