"""Drawing primitives shared by every card picture: polygon geometry, outlined shapes, and a
supersampled canvas (shapes drawn at SS x the size and smooth-scaled down for anti-aliased edges,
since pygame.draw does not anti-alias filled shapes)."""

from __future__ import annotations

import math
from typing import Any

import pygame

from doomlings_desktop.ui.cardart.palette import RGB, WHITE

SS = 2  # supersampling factor for shapes


def teardrop(cx: float, cy: float, rx: float, ry: float, n: int = 36, power: float = 1.5,
             bend: float = 0.0) -> list[tuple[float, float]]:
    """A drop with its tip up, centered on (cx, cy); `bend` curls the tip sideways."""
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = math.sin(t) * math.sin(t / 2) ** power
        y = -math.cos(t)                       # -1 at the tip (top), +1 at the bottom
        up = max(0.0, -y)
        pts.append((cx + rx * (x + bend * up * up), cy + ry * y))
    return pts


def star_points(cx: float, cy: float, r_out: float, r_in: float, points: int = 5,
                rot: float = -math.pi / 2) -> list[tuple[float, float]]:
    pts = []
    for i in range(points * 2):
        r = r_out if i % 2 == 0 else r_in
        a = rot + math.pi * i / points
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def ngon(cx: float, cy: float, r: float, n: int, rot: float = 0.0) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(rot + 2 * math.pi * i / n), cy + r * math.sin(rot + 2 * math.pi * i / n))
            for i in range(n)]


def vesica(cx: float, cy: float, length: float, width: float, angle: float,
           n: int = 16) -> list[tuple[float, float]]:
    """A pointed leaf shape along `angle` (radians), centered on (cx, cy)."""
    half = length / 2
    pts = []
    for i in range(n + 1):
        t = -1 + 2 * i / n
        pts.append((t * half, (1 - t * t) * width / 2))
    for i in range(n - 1, 0, -1):
        t = -1 + 2 * i / n
        pts.append((t * half, -(1 - t * t) * width / 2))
    ca, sa = math.cos(angle), math.sin(angle)
    return [(cx + x * ca - y * sa, cy + x * sa + y * ca) for x, y in pts]


def inset_polygon(pts: list, d: float) -> list[tuple[float, float]]:
    """The polygon moved inward by d (mitred corners, capped on sharp tips)."""
    n = len(pts)
    area = sum(pts[i - 1][0] * pts[i][1] - pts[i][0] * pts[i - 1][1] for i in range(n))
    sign = 1.0 if area > 0 else -1.0

    def normal(a: tuple, b: tuple) -> tuple[float, float]:
        dx, dy = b[0] - a[0], b[1] - a[1]
        ln = math.hypot(dx, dy)
        return (-dy / ln, dx / ln) if ln > 1e-9 else (0.0, 0.0)

    out = []
    for i in range(n):
        p0, p1, p2 = pts[i - 1], pts[i], pts[(i + 1) % n]
        n1, n2 = normal(p0, p1), normal(p1, p2)
        if n1 == (0.0, 0.0):
            n1 = n2
        if n2 == (0.0, 0.0):
            n2 = n1
        nx, ny = n1[0] + n2[0], n1[1] + n2[1]
        ln = math.hypot(nx, ny)
        if ln < 1e-9:
            nx, ny, ln = n1[0], n1[1], 1.0
        nx, ny = nx / ln, ny / ln
        cos_half = nx * n1[0] + ny * n1[1]
        m = d / max(cos_half, 0.4)
        out.append((p1[0] + sign * nx * m, p1[1] + sign * ny * m))
    return out


def int_points(pts: list) -> list[tuple[int, int]]:
    """The points rounded for pygame.draw."""
    return [(round(x), round(y)) for x, y in pts]


def outlined_polygon(s: pygame.Surface, fill: Any, outline: Any, pts: list, stroke: float) -> None:
    """A polygon filled with `fill` inside an outline `stroke` px wide along its edge."""
    if stroke > 0:
        pygame.draw.polygon(s, outline, int_points(pts))
        pts = inset_polygon(pts, stroke)
    pygame.draw.polygon(s, fill, int_points(pts))


def thick_line(s: pygame.Surface, color: Any, pts: list, width: float) -> None:
    ipts = [(round(x), round(y)) for x, y in pts]
    wdt = max(1, round(width))
    pygame.draw.lines(s, color, False, ipts, wdt)
    r = max(1, round(width / 2))
    for p in ipts:
        pygame.draw.circle(s, color, p, r)


def supersampling(size: int) -> int:
    """Supersampling factor for a small picture of `size` px."""
    return 4 if size <= 96 else 2 if size <= 320 else 1


def smooth(hi: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """A supersampled picture scaled down to its final size (the anti-aliasing step)."""
    return pygame.transform.smoothscale(hi, size)


def gradient(size: tuple[int, int], top: RGB, bottom: RGB) -> pygame.Surface:
    """A vertical gradient, made by smooth-scaling a 1x2 surface (fast at any size)."""
    g = pygame.Surface((1, 2), pygame.SRCALPHA)
    g.set_at((0, 0), (*top, 255))
    g.set_at((0, 1), (*bottom, 255))
    return pygame.transform.smoothscale(g, (max(1, size[0]), max(1, size[1])))


class Canvas:
    """A supersampled drawing surface; coordinates are given at the final size."""

    def __init__(self, w: int, h: int, clear: RGB) -> None:
        self.w, self.h = w, h
        self.hi = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
        self.hi.fill((*clear, 0))
        self.placed: list[tuple[pygame.Surface, float, float]] = []

    @staticmethod
    def r(v: float) -> int:
        return round(v * SS)

    def rect(self, color: Any, x: float, y: float, w: float, h: float, radius: float = 0,
             width: float = 0, **corners: float) -> None:
        kw = {k: max(0, self.r(v)) for k, v in corners.items()}
        rect = pygame.Rect(self.r(x), self.r(y), max(1, self.r(w)), max(1, self.r(h)))
        pygame.draw.rect(self.hi, color, rect, self.r(width) if width else 0,
                         border_radius=max(0, self.r(radius)), **kw)

    def gradient_rect(self, top: RGB, bottom: RGB, x: float, y: float, w: float, h: float,
                      radius: float = 0, **corners: float) -> None:
        rw, rh = max(1, self.r(w)), max(1, self.r(h))
        shape = pygame.Surface((rw, rh), pygame.SRCALPHA)
        kw = {k: max(0, self.r(v)) for k, v in corners.items()}
        pygame.draw.rect(shape, WHITE, shape.get_rect(), border_radius=max(0, self.r(radius)), **kw)
        shape.blit(gradient((rw, rh), top, bottom), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
        self.hi.blit(shape, (self.r(x), self.r(y)))

    def circle(self, color: Any, cx: float, cy: float, radius: float, width: float = 0) -> None:
        pygame.draw.circle(self.hi, color, (self.r(cx), self.r(cy)), max(1, self.r(radius)),
                           self.r(width) if width else 0)

    def ellipse(self, color: Any, x: float, y: float, w: float, h: float, width: float = 0) -> None:
        pygame.draw.ellipse(self.hi, color, pygame.Rect(self.r(x), self.r(y), self.r(w), self.r(h)),
                            self.r(width) if width else 0)

    def line(self, color: Any, a: tuple[float, float], b: tuple[float, float], width: float) -> None:
        pygame.draw.line(self.hi, color, (self.r(a[0]), self.r(a[1])), (self.r(b[0]), self.r(b[1])),
                         max(1, self.r(width)))

    def polygon(self, color: Any, pts: list, width: float = 0) -> None:
        pygame.draw.polygon(self.hi, color, [(self.r(x), self.r(y)) for x, y in pts],
                            self.r(width) if width else 0)

    def blit(self, surf: pygame.Surface, x: float, y: float) -> None:
        self.hi.blit(surf, (self.r(x), self.r(y)))

    def clip_round(self, radius: float) -> None:
        """Make everything outside the card's rounded outline transparent."""
        mask = pygame.Surface(self.hi.get_size(), pygame.SRCALPHA)
        pygame.draw.rect(mask, WHITE, mask.get_rect(), border_radius=max(0, self.r(radius)))
        self.hi.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)

    def place(self, img: pygame.Surface, x: float, y: float) -> None:
        """Blit `img` (at the final size) over the shapes once they are scaled down: a picture
        that is anti-aliased already gains nothing from supersampling but its cost."""
        self.placed.append((img, x, y))

    def finish(self) -> pygame.Surface:
        out = smooth(self.hi, (self.w, self.h))
        for img, x, y in self.placed:
            out.blit(img, (round(x), round(y)))
        return out


def centered(surf: pygame.Surface, img: pygame.Surface, cx: float, cy: float) -> None:
    """Blit `img` centered on (cx, cy), rounded to whole pixels."""
    surf.blit(img, img.get_rect(center=(round(cx), round(cy))))
