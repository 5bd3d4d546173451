"""Card faces drawn by code: our own design, no official art.

`CardArt(db)` draws any card of the database at any size and caches the result per arguments:

- `face(c, w, h)`: the full card (trait, age, catastrophe, The Birth of Life);
- `back(kind, w, h)`: the back of a trait or age card ('catastrophe' and 'birth' share the age
  back, as in the physical game);
- `strip(c, w, h)`: a compact bar for cards overlapped in a trait pile (height 22-40 px);
- `color_symbol(color, size)`: the per-color symbol, so color is never the only cue;
- `icon(name, size)`: one of the trait icons on its round badge.

Every method returns a `pygame.Surface` with per-pixel alpha. The same arguments return the
same (shared, cached) surface, so callers must not draw on it (copy it first); copies of one card
share one cached face. `clear()` drops the cache (e.g. on a window resize). When a display mode is
set, surfaces are converted with `convert_alpha()` for fast blitting.

Shapes are drawn at twice the size and smooth-scaled down (anti-aliased edges); text is drawn at
the final size with the bundled DejaVu fonts. pygame.font is initialized when needed; no display
is required.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from doomlings_desktop.ui.fonts import font

RGB = tuple[int, int, int]

COLOR_RGB: dict[str, RGB] = {
    "red": (204, 68, 52),
    "blue": (40, 112, 196),
    "green": (52, 146, 72),
    "purple": (134, 78, 184),
    "colorless": (128, 128, 120),
}
"""The frame color of traits of each color (white text is readable on every one)."""

COLOR_SYMBOL_NAMES: dict[str, str] = {
    "red": "flame",
    "blue": "wave",
    "green": "leaf",
    "purple": "diamond",
    "colorless": "hexagon",
}
"""The shape drawn for each color (`color_symbol`), for players who can't tell the colors apart."""

KIND_RGB: dict[str, RGB] = {
    "age": (34, 124, 126),
    "catastrophe": (46, 24, 26),
    "birth": (196, 150, 52),
}
"""The frame color of the non-trait cards."""

ICON_NAMES = ("action", "out_of_turn", "world_end", "drop_of_life")

# --------------------------------------------------------------------------- palette

INK: RGB = (38, 32, 30)
CREAM: RGB = (250, 245, 232)
GOLD: RGB = (236, 190, 64)
GOLD_DARK: RGB = (140, 98, 18)
WHITE: RGB = (255, 255, 255)
SHADOW: RGB = (20, 14, 12)


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    """a blended toward b by t (0: a, 1: b)."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def _dark(c: RGB, t: float = 0.45) -> RGB:
    return _mix(c, (0, 0, 0), t)


def _light(c: RGB, t: float = 0.45) -> RGB:
    return _mix(c, WHITE, t)


SS = 2  # supersampling factor for shapes

_KEYWORDS = ("Out of turn:", "World's End:", "Score:", "Requirement:", "Cost:", "Action:",
             "Catastrophe:")
_KEYWORD_WORDS = [k.split() for k in _KEYWORDS]
_MINUS = "\u2212"


def _num(v: int) -> str:
    return f"{_MINUS}{-v}" if v < 0 else str(v)


def _signed(v: int) -> str:
    return f"{_MINUS}{-v}" if v < 0 else f"+{v}"


# --------------------------------------------------------------------------- geometry helpers

def _teardrop(cx: float, cy: float, rx: float, ry: float, n: int = 36, power: float = 1.5,
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


def _star(cx: float, cy: float, r_out: float, r_in: float, points: int = 5,
          rot: float = -math.pi / 2) -> list[tuple[float, float]]:
    pts = []
    for i in range(points * 2):
        r = r_out if i % 2 == 0 else r_in
        a = rot + math.pi * i / points
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def _ngon(cx: float, cy: float, r: float, n: int, rot: float = 0.0) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(rot + 2 * math.pi * i / n), cy + r * math.sin(rot + 2 * math.pi * i / n))
            for i in range(n)]


def _vesica(cx: float, cy: float, length: float, width: float, angle: float,
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


def _inset(pts: list, d: float) -> list[tuple[float, float]]:
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


def _ipts(pts: list) -> list[tuple[int, int]]:
    return [(round(x), round(y)) for x, y in pts]


def _outlined_polygon(s: pygame.Surface, fill: Any, outline: Any, pts: list, stroke: float) -> None:
    """A polygon filled with `fill` inside an outline `stroke` px wide along its edge."""
    if stroke > 0:
        pygame.draw.polygon(s, outline, _ipts(pts))
        pts = _inset(pts, stroke)
    pygame.draw.polygon(s, fill, _ipts(pts))


def _thick_line(s: pygame.Surface, color: Any, pts: list, width: float) -> None:
    ipts = [(round(x), round(y)) for x, y in pts]
    wdt = max(1, round(width))
    pygame.draw.lines(s, color, False, ipts, wdt)
    r = max(1, round(width / 2))
    for p in ipts:
        pygame.draw.circle(s, color, p, r)


def _k(size: int) -> int:
    """Supersampling factor for a small picture of `size` px."""
    return 4 if size <= 96 else 2 if size <= 320 else 1


def _smooth(hi: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    return pygame.transform.smoothscale(hi, size)


def _gradient(size: tuple[int, int], top: RGB, bottom: RGB) -> pygame.Surface:
    g = pygame.Surface((1, 2), pygame.SRCALPHA)
    g.set_at((0, 0), (*top, 255))
    g.set_at((0, 1), (*bottom, 255))
    return pygame.transform.smoothscale(g, (max(1, size[0]), max(1, size[1])))


class _Canvas:
    """A supersampled drawing surface; coordinates are given at the final size."""

    def __init__(self, w: int, h: int, clear: RGB) -> None:
        self.w, self.h = w, h
        self.hi = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
        self.hi.fill((*clear, 0))

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
        shape.blit(_gradient((rw, rh), top, bottom), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
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

    def finish(self) -> pygame.Surface:
        return _smooth(self.hi, (self.w, self.h))


# --------------------------------------------------------------------------- text

def _tokens(text: str) -> list[tuple[str, bool]]:
    """The words of a rules text, each with whether it is part of a bold keyword."""
    words = text.split()
    out: list[tuple[str, bool]] = []
    i = 0
    while i < len(words):
        for kw in _KEYWORD_WORDS:
            if words[i:i + len(kw)] == kw:
                out.extend((w, True) for w in kw)
                i += len(kw)
                break
        else:
            out.append((words[i], False))
            i += 1
    return out


_WIDTHS: dict[tuple[int, bool, str], int] = {}


def _width(size: int, bold: bool, s: str) -> int:
    key = (size, bold, s)
    v = _WIDTHS.get(key)
    if v is None:
        v = font(size, bold, True).size(s)[0]
        if len(_WIDTHS) > 50000:
            _WIDTHS.clear()
        _WIDTHS[key] = v
    return v


def _wrap(tokens: list[tuple[str, bool]], size: int, maxw: int) -> list[list[tuple[str, bool]]]:
    space = _width(size, False, " ")
    lines: list[list[tuple[str, bool]]] = []
    cur: list[tuple[str, bool]] = []
    cw = 0
    for word, bold in tokens:
        ww = _width(size, bold, word)
        if cur and cw + space + ww > maxw:
            lines.append(cur)
            cur, cw = [], 0
        cw = ww if not cur else cw + space + ww
        cur.append((word, bold))
    if cur:
        lines.append(cur)
    return lines


def _line_height(size: int) -> int:
    return max(size + 1, round(size * 1.17))


def _text_block(text: str, size: int, maxw: int) -> tuple[list, int]:
    lines = _wrap(_tokens(text), size, maxw) if text else []
    return lines, len(lines) * _line_height(size)


def _fit_text(text: str, maxw: int, maxh: int, start: int, smallest: int = 6) -> tuple[int, list, int]:
    """The largest font size <= start at which `text` fits the box (or the smallest size)."""
    size = max(smallest, start)
    while True:
        lines, th = _text_block(text, size, maxw)
        if th <= maxh or size <= smallest:
            return size, lines, th
        size -= 1


def _draw_lines(surf: pygame.Surface, lines: list, size: int, cx: float, y: float,
                color: RGB, max_y: float | None = None) -> float:
    """Centered lines of (word, bold) runs starting at y; returns the y below the last line."""
    lh = _line_height(size)
    regular, bold_font = font(size, False, True), font(size, True, True)
    space = _width(size, False, " ")
    for line in lines:
        if max_y is not None and y + lh > max_y + lh * 0.35:
            break
        runs: list[tuple[str, bool]] = []
        for word, bold in line:
            if runs and runs[-1][1] == bold:
                runs[-1] = (runs[-1][0] + " " + word, bold)
            else:
                runs.append((word, bold))
        rendered = [(bold_font if b else regular).render(t, True, color) for t, b in runs]
        total = sum(r.get_width() for r in rendered) + space * (len(rendered) - 1)
        x = cx - total / 2
        for r in rendered:
            surf.blit(r, (round(x), round(y + (lh - r.get_height()) / 2)))
            x += r.get_width() + space
        y += lh
    return y


def _name_splits(name: str) -> list[tuple[str, str]]:
    """Ways to break a name over two lines: at spaces, or after a hyphen."""
    out = []
    for i, ch in enumerate(name):
        if ch == " ":
            out.append((name[:i], name[i + 1:]))
        elif ch == "-" and 0 < i < len(name) - 1:
            out.append((name[:i + 1], name[i + 1:]))
    return out


def _fit_name(name: str, maxw: int, maxh: int, bold: bool = True) -> tuple[int, list[str]]:
    """A font size and 1-2 lines for a card name so it fits maxw x maxh."""
    start = max(6, int(maxh * 0.62))
    one = next((s for s in range(start, 5, -1) if font(s, bold, True).size(name)[0] <= maxw), 6)
    if one >= start * 0.7:
        return one, [name]
    splits = _name_splits(name)
    for size in range(min(start, int(maxh * 0.46)), one, -1):
        f = font(size, bold, True)
        best = None
        for a, b in splits:
            wmax = max(f.size(a)[0], f.size(b)[0])
            if wmax <= maxw and (best is None or wmax < best[0]):
                best = (wmax, [a, b])
        if best and size >= one * 1.2:
            return size, best[1]
    return one, [name]


def _shadowed(surf: pygame.Surface, text: str, f: pygame.font.Font, color: RGB, shadow: RGB,
              center: tuple[float, float], max_w: float | None = None, offset: int = 1) -> None:
    img = f.render(text, True, color)
    if max_w is not None and img.get_width() > max_w:
        # Last resort: squeeze horizontally rather than overflow.
        img = pygame.transform.smoothscale(img, (max(1, int(max_w)), img.get_height()))
    rect = img.get_rect(center=(round(center[0]), round(center[1])))
    if offset:
        sh = f.render(text, True, shadow)
        if sh.get_width() != img.get_width():
            sh = pygame.transform.smoothscale(sh, img.get_size())
        sh.set_alpha(150)
        surf.blit(sh, rect.move(offset, offset))
    surf.blit(img, rect)


def _centered(surf: pygame.Surface, img: pygame.Surface, cx: float, cy: float) -> None:
    surf.blit(img, img.get_rect(center=(round(cx), round(cy))))


# --------------------------------------------------------------------------- the art

class CardArt:
    """Draws and caches card faces, backs, strips, color symbols and icons for one database."""

    def __init__(self, db: Any, symbols: bool = True) -> None:
        self.db = db
        self.symbols = symbols      # the colour symbols on title bars and strips (a setting)
        self._cache: dict[tuple, pygame.Surface] = {}
        if not pygame.font.get_init():
            pygame.font.init()

    def clear(self) -> None:
        """Drop every cached surface."""
        self._cache.clear()

    def _cached(self, key: tuple, make: Any) -> pygame.Surface:
        s = self._cache.get(key)
        if s is None:
            s = make()
            if pygame.display.get_init() and pygame.display.get_surface() is not None:
                try:
                    s = s.convert_alpha()
                except pygame.error:
                    pass
            self._cache[key] = s
        return s

    # ------------------------------------------------------------------ public API

    def face(self, c: int, w: int, h: int) -> pygame.Surface:
        """The full face of physical card `c` at w x h."""
        d = self.db.cards[c]
        w, h = max(8, int(w)), max(8, int(h))
        return self._cached(("face", d.id, w, h), lambda: self._face(d, w, h))

    def back(self, kind: str, w: int, h: int) -> pygame.Surface:
        """The back of a 'trait' or 'age' card ('catastrophe' and 'birth' use the age back)."""
        if kind in ("age", "catastrophe", "birth"):
            kind = "age"
        elif kind != "trait":
            raise ValueError(f"no card back for kind {kind!r} (use 'trait' or 'age')")
        w, h = max(8, int(w)), max(8, int(h))
        return self._cached(("back", kind, w, h), lambda: self._back(kind, w, h))

    def strip(self, c: int, w: int, h: int, color: str | None = None) -> pygame.Surface:
        """A compact bar for card `c`: color, symbol, name, value, dominant star. `color`
        overrides a trait's printed color (Faith recolors traits at World's End)."""
        d = self.db.cards[c]
        w, h = max(16, int(w)), max(8, int(h))
        color = color if d.kind == "trait" and color != d.color else None
        return self._cached(("strip", d.id, w, h, color), lambda: self._strip(d, w, h, color))

    def color_symbol(self, color: str, size: int) -> pygame.Surface:
        """The symbol of a color ('red', 'blue', 'green', 'purple', 'colorless') alone."""
        if color not in COLOR_SYMBOL_NAMES:
            color = "colorless"
        size = max(4, int(size))
        return self._cached(("sym", color, size), lambda: self._symbol(color, size))

    def icon(self, name: str, size: int) -> pygame.Surface:
        """A trait icon ('action', 'out_of_turn', 'world_end', 'drop_of_life') on its badge."""
        size = max(6, int(size))
        return self._cached(("icon", name, size), lambda: self._icon(name, size))

    def dominant_star(self, size: int) -> pygame.Surface:
        """The gold star marking a dominant trait."""
        size = max(4, int(size))
        return self._cached(("star", size), lambda: self._star_img(size))

    def variable_glyph(self, size: int, color: RGB = INK) -> pygame.Surface:
        """The compass star shown instead of a number on variable-value traits."""
        size = max(4, int(size))
        return self._cached(("compass", size, color), lambda: self._compass(size, color))

    # ------------------------------------------------------------------ symbols and icons

    def _symbol(self, color: str, size: int) -> pygame.Surface:
        k = _k(size)
        n = size * k
        base = COLOR_RGB[color]
        dark = _dark(base, 0.55)
        hi = pygame.Surface((n, n), pygame.SRCALPHA)
        hi.fill((*dark, 0))
        st = n * 0.055          # outline width
        shape = COLOR_SYMBOL_NAMES[color]
        if shape == "flame":
            main = _teardrop(n * 0.53, n * 0.53, n * 0.36, n * 0.45, power=1.2, bend=-0.5)
            _outlined_polygon(hi, base, dark, main, st)
            core = _teardrop(n * 0.54, n * 0.72, n * 0.17, n * 0.24, power=1.3, bend=0.3)
            pygame.draw.polygon(hi, _mix(base, (255, 214, 96), 0.75),
                                [(round(x), round(y)) for x, y in core])
        elif shape == "wave":
            for row, yy in enumerate((0.36, 0.66)):
                pts = []
                for i in range(25):
                    t = i / 24
                    x = n * (0.08 + 0.84 * t)
                    y = n * (yy - 0.11 * math.sin(t * 2 * math.pi * 1.25 + 0.4 + row * 0.9))
                    pts.append((x, y))
                _thick_line(hi, dark, pts, n * 0.20)
                _thick_line(hi, base, pts, n * 0.20 - 2 * st)
        elif shape == "leaf":
            pts = _vesica(n * 0.5, n * 0.47, n * 0.84, n * 0.50, -math.pi / 4)
            stem = [(n * 0.14, n * 0.86), (n * 0.34, n * 0.64)]
            _thick_line(hi, dark, stem, st * 2.6)
            _outlined_polygon(hi, base, dark, pts, st)
            a = (n * 0.24, n * 0.74)
            b = (n * 0.76, n * 0.21)
            pygame.draw.line(hi, dark, a, b, max(1, round(st * 0.9)))
            for f in (0.33, 0.55):
                px, py = a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f
                pygame.draw.line(hi, dark, (px, py), (px + n * 0.06, py - n * 0.15), max(1, round(st * 0.6)))
                pygame.draw.line(hi, dark, (px, py), (px + n * 0.15, py - n * 0.06), max(1, round(st * 0.6)))
        elif shape == "diamond":
            pts = [(n * 0.5, n * 0.06), (n * 0.86, n * 0.5), (n * 0.5, n * 0.94), (n * 0.14, n * 0.5)]
            _outlined_polygon(hi, base, dark, pts, st)
            facet = [(n * 0.5, n * 0.06 + st * 2), (n * 0.86 - st * 2, n * 0.5), (n * 0.5, n * 0.5)]
            pygame.draw.polygon(hi, _light(base, 0.35), [(round(x), round(y)) for x, y in facet])
            facet2 = [(n * 0.5, n * 0.94 - st * 2), (n * 0.14 + st * 2, n * 0.5), (n * 0.5, n * 0.5)]
            pygame.draw.polygon(hi, _dark(base, 0.18), [(round(x), round(y)) for x, y in facet2])
        else:  # colorless: hollow hexagon
            pts = _ngon(n * 0.5, n * 0.5, n * 0.47, 6, math.pi / 6)
            ring = n * 0.17
            pygame.draw.polygon(hi, dark, _ipts(pts))
            pygame.draw.polygon(hi, _light(base, 0.3), _ipts(_inset(pts, st)))
            pygame.draw.polygon(hi, dark, _ipts(_inset(pts, st + ring)))
            pygame.draw.polygon(hi, (*dark, 0), _ipts(_inset(pts, 2 * st + ring)))
        return _smooth(hi, (size, size))

    def _star_img(self, size: int) -> pygame.Surface:
        k = _k(size)
        n = size * k
        hi = pygame.Surface((n, n), pygame.SRCALPHA)
        hi.fill((*GOLD_DARK, 0))
        pts = _star(n / 2, n * 0.53, n * 0.44, n * 0.19)
        _outlined_polygon(hi, GOLD, _dark(GOLD_DARK, 0.35), pts, n * 0.045)
        inner = _star(n / 2, n * 0.53, n * 0.25, n * 0.10)
        pygame.draw.polygon(hi, (255, 232, 150), [(round(x), round(y)) for x, y in inner])
        return _smooth(hi, (size, size))

    def _compass(self, size: int, color: RGB) -> pygame.Surface:
        k = _k(size)
        n = size * k
        hi = pygame.Surface((n, n), pygame.SRCALPHA)
        hi.fill((*color, 0))
        c = n / 2
        light = _mix(color, WHITE, 0.55)
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
        return _smooth(hi, (size, size))

    def _icon(self, name: str, size: int) -> pygame.Surface:
        k = _k(size)
        n = size * k
        hi = pygame.Surface((n, n), pygame.SRCALPHA)
        hi.fill((*INK, 0))
        c = n / 2
        ring = max(2, n * 0.07)
        pygame.draw.circle(hi, INK, (round(c), round(c)), round(n * 0.49))
        pygame.draw.circle(hi, CREAM, (round(c), round(c)), round(n * 0.49 - ring))
        if name == "action":
            pygame.draw.circle(hi, (196, 56, 40), (round(c), round(c)), round(n * 0.33))
            img = font(max(6, int(n * 0.44)), True, False).render("A", True, WHITE)
            hi.blit(img, img.get_rect(center=(round(c), round(c + n * 0.01))))
        elif name == "out_of_turn":
            # A wing: curved leading edge, four feather tips along the trailing edge.
            col = (62, 88, 150)

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
            _outlined_polygon(hi, _light(col, 0.45), col, pts, n * 0.035)
            lw = max(1, round(n * 0.03))
            for nx_, ny_ in notches[:3]:
                a_, b_ = at(nx_, ny_), at(nx_ - 0.22, ny_ - 0.16)
                pygame.draw.line(hi, col, a_, b_, lw)
        elif name == "world_end":
            r = n * 0.32
            blue, green = (60, 120, 190), (70, 150, 80)
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
            pts = _teardrop(c, c + n * 0.05, n * 0.25, n * 0.32, power=1.4)
            _outlined_polygon(hi, (64, 156, 224), (24, 80, 140), pts, n * 0.03)
            pygame.draw.ellipse(hi, (200, 232, 252),
                                pygame.Rect(round(c - n * 0.13), round(c + n * 0.02), round(n * 0.08),
                                            round(n * 0.16)))
        else:
            img = font(max(6, int(n * 0.5)), True, False).render("?", True, INK)
            hi.blit(img, img.get_rect(center=(round(c), round(c))))
        return _smooth(hi, (size, size))

    def set_symbols(self, on: bool) -> None:
        """Show or hide the colour symbol badges (the colorblind aid); redraws every card."""
        if on != self.symbols:
            self.symbols = on
            self.clear()

    def _badge(self, color: str, size: int) -> pygame.Surface:
        if not self.symbols and color in COLOR_RGB:
            return pygame.Surface((size, size), pygame.SRCALPHA)
        return self._symbol_badge(color, size)

    def _symbol_badge(self, color: str, size: int) -> pygame.Surface:
        """The color symbol on a cream disc, as on the card's title bar."""
        def make() -> pygame.Surface:
            k = _k(size)
            n = size * k
            hi = pygame.Surface((n, n), pygame.SRCALPHA)
            edge = _dark(COLOR_RGB.get(color, KIND_RGB.get(color, INK)), 0.5)
            hi.fill((*edge, 0))
            pygame.draw.circle(hi, edge, (n // 2, n // 2), n // 2)
            pygame.draw.circle(hi, CREAM, (n // 2, n // 2), round(n / 2 - max(2, n * 0.06)))
            s = _smooth(hi, (size, size))
            inner = max(4, round(size * 0.74))
            sym = self._kind_symbol(color, inner)
            _centered(s, sym, size / 2, size / 2)
            return s
        return self._cached(("badge", color, size), make)

    def _kind_symbol(self, key: str, size: int) -> pygame.Surface:
        if key in COLOR_SYMBOL_NAMES:
            return self.color_symbol(key, size)
        return self._cached(("ksym", key, size), lambda: self._draw_kind_symbol(key, size))

    def _draw_kind_symbol(self, key: str, size: int) -> pygame.Surface:
        k = _k(size)
        n = size * k
        hi = pygame.Surface((n, n), pygame.SRCALPHA)
        if key == "age":   # an hourglass
            col, sand = (30, 96, 98), (222, 178, 92)
            hi.fill((*col, 0))
            top = [(n * 0.22, n * 0.12), (n * 0.78, n * 0.12), (n * 0.53, n * 0.5), (n * 0.78, n * 0.88),
                   (n * 0.22, n * 0.88), (n * 0.47, n * 0.5)]
            _outlined_polygon(hi, (236, 244, 240), col, top, n * 0.05)
            pygame.draw.polygon(hi, sand, [(n * 0.36, n * 0.30), (n * 0.64, n * 0.30), (n * 0.5, n * 0.48)])
            pygame.draw.polygon(hi, sand, [(n * 0.5, n * 0.64), (n * 0.72, n * 0.86), (n * 0.28, n * 0.86)])
            pygame.draw.line(hi, col, (n * 0.14, n * 0.10), (n * 0.86, n * 0.10), round(n * 0.09))
            pygame.draw.line(hi, col, (n * 0.14, n * 0.90), (n * 0.86, n * 0.90), round(n * 0.09))
        elif key == "catastrophe":   # a jagged burst
            col = (120, 20, 16)
            hi.fill((*col, 0))
            pts = []
            for i in range(18):
                a = -math.pi / 2 + i * math.pi / 9
                r = n * (0.47 if i % 2 == 0 else 0.25) * (0.86 if i % 4 == 2 else 1.0)
                pts.append((n / 2 + r * math.cos(a), n / 2 + r * math.sin(a)))
            _outlined_polygon(hi, (236, 96, 36), col, pts, n * 0.04)
            inner = _star(n / 2, n / 2, n * 0.24, n * 0.12, points=7)
            pygame.draw.polygon(hi, (255, 206, 84), [(round(x), round(y)) for x, y in inner])
        else:  # birth: a drop of life
            col = (24, 80, 140)
            hi.fill((*col, 0))
            pts = _teardrop(n / 2, n * 0.56, n * 0.30, n * 0.40, power=1.4)
            _outlined_polygon(hi, (64, 156, 224), col, pts, n * 0.04)
            pygame.draw.ellipse(hi, (200, 232, 252), pygame.Rect(round(n * 0.34), round(n * 0.54),
                                                                 round(n * 0.1), round(n * 0.2)))
        return _smooth(hi, (size, size))

    # ------------------------------------------------------------------ faces

    def _face(self, d: Any, w: int, h: int) -> pygame.Surface:
        kind = d.kind
        if kind == "trait":
            return self._trait(d, w, h)
        if kind == "catastrophe":
            return self._catastrophe(d, w, h)
        if kind == "birth":
            return self._birth(d, w, h)
        return self._age(d, w, h)

    @staticmethod
    def _metrics(w: int, h: int) -> dict[str, float]:
        b = max(3.0, round(w * 0.045))
        return {
            "b": b,
            "r": max(4.0, w * 0.075),
            "hh": float(max(16, round(h * 0.15), min(26, round(h * 0.2)))),
            "pad": max(2.0, round(w * 0.025)),
        }

    def _frame(self, cv: _Canvas, w: int, h: int, base: RGB, edge: RGB, m: dict,
               gold: bool = False, body: RGB = CREAM, body2: RGB | None = None,
               top: RGB | None = None) -> tuple[float, float, float, float]:
        """Frame, title bar and body panel; returns the body panel rect (x, y, w, h)."""
        b, r, hh = m["b"], m["r"], m["hh"]
        line = max(1.0, w * 0.008)
        cv.rect(edge, 0, 0, w, h, r)
        if gold:
            gw = max(2.0, b * 0.55)
            cv.rect(GOLD_DARK, line, line, w - 2 * line, h - 2 * line, r - line)
            cv.gradient_rect((255, 226, 120), GOLD_DARK, line * 1.6, line * 1.6, w - 3.2 * line,
                             h - 3.2 * line, r - line)
            inset = line + gw
        else:
            inset = line
        cv.gradient_rect(top or _light(base, 0.22), _dark(base, 0.12), inset, inset, w - 2 * inset,
                         h - 2 * inset, r - inset)
        bx, by = b + (gw * 0.5 if gold else 0), hh
        bw, bh = w - 2 * bx, h - by - bx
        cv.rect(_dark(base, 0.35), bx - line, by - line, bw + 2 * line, bh + 2 * line, r * 0.55 + line)
        cv.gradient_rect(body, body2 or _mix(body, base, 0.10), bx, by, bw, bh, r * 0.55)
        return bx, by, bw, bh

    def _title(self, surf: pygame.Surface, name: str, x0: float, x1: float, y0: float, y1: float,
               color: RGB = WHITE, shadow: RGB = SHADOW) -> None:
        maxw, maxh = max(8, int(x1 - x0)), max(8, int(y1 - y0))
        size, lines = _fit_name(name, maxw, maxh)
        f = font(size, True, True)
        cx = (x0 + x1) / 2
        off = 1 if size >= 9 else 0
        if len(lines) == 1:
            _shadowed(surf, lines[0], f, color, shadow, (cx, (y0 + y1) / 2 + size * 0.04), maxw, off)
        else:
            lh = size
            cy = (y0 + y1) / 2 - lh / 2 + size * 0.06
            for i, ln in enumerate(lines):
                _shadowed(surf, ln, f, color, shadow, (cx, cy + i * lh), maxw, off)

    def _art_window(self, cv: _Canvas, key: str, base: RGB, x: float, y: float, w: float,
                    h: float, radius: float) -> None:
        """A decorative panel: gradient, rings and the big symbol (our stand-in for art)."""
        cv.gradient_rect(_light(base, 0.55), _light(base, 0.15), x, y, w, h, radius)
        cx, cy = x + w / 2, y + h / 2
        rmax = min(w, h) * 0.5
        ring = _light(base, 0.62)
        for f in (0.93, 0.72, 0.53):
            cv.circle(ring, cx, cy, rmax * f, max(1.0, w * 0.006))
        sym = max(6, int(min(w * 0.55, h * 0.78)))
        img = self._kind_symbol(key, sym * SS).copy()
        img.fill((255, 255, 255, 95), special_flags=pygame.BLEND_RGBA_MULT)
        cv.blit(img, cx - sym / 2, cy - sym / 2)

    def _trait(self, d: Any, w: int, h: int) -> pygame.Surface:
        color = d.color if d.color in COLOR_RGB else "colorless"
        base = COLOR_RGB[color]
        m = self._metrics(w, h)
        r, hh, pad = m["r"], m["hh"], m["pad"]
        dominant = bool(d.dominant)
        cv = _Canvas(w, h, _dark(base, 0.5))
        body = _mix(CREAM, _light(base, 0.5), 0.18)
        bx, by, bw, bh = self._frame(cv, w, h, base, _dark(base, 0.55), m, gold=dominant, body=body)

        # bottom row geometry
        dv = max(16.0, round(w * 0.25))
        vcx = bx + pad * 0.6 + dv / 2
        vcy = h - bx - pad * 0.6 - dv / 2
        di = max(12, round(w * 0.16))
        icons = [i for i in ICON_NAMES if i in (d.icons or ())]
        # value disc (shapes)
        ring = max(2.0, dv * 0.09)
        cv.circle(_dark(base, 0.55), vcx, vcy, dv / 2)
        cv.circle(base, vcx, vcy, dv / 2 - max(1.0, w * 0.008))
        cv.circle(CREAM, vcx, vcy, dv / 2 - ring)

        # text and art area
        text = d.text or ""
        tx0, tx1 = bx + pad, bx + bw - pad
        ty0 = by + pad
        ty1 = vcy - dv / 2 - pad * 0.5
        area_h = ty1 - ty0
        maxw = int(tx1 - tx0 - pad)
        pref = max(7, round(w * 0.068))
        smallest = 6 if w >= 100 else 5
        art_h = 0.0
        lines: list = []
        size = pref
        th = 0
        if text:
            size, lines, th = _fit_text(text, maxw, int(area_h - pad), pref, smallest)
            room = area_h - th - pad * 3
            if room >= h * 0.12:
                art_h = room
        else:
            art_h = area_h
        if art_h > 0:
            self._art_window(cv, color, base, tx0, ty0, tx1 - tx0, art_h, r * 0.4)
        if text:
            box_y = ty0 + (art_h + pad if art_h else 0)
            box_h = ty1 - box_y
            cv.rect(_mix(CREAM, WHITE, 0.5), tx0, box_y, tx1 - tx0, box_h, r * 0.35)
            cv.rect(_light(base, 0.45), tx0, box_y, tx1 - tx0, box_h, r * 0.35, max(1.0, w * 0.006))

        surf = cv.finish()

        # title bar: symbol badge, name, dominant star
        top = bx * (0.6 if dominant else 0.7)
        bs = max(10, round(min((hh - top) * 0.8, w * 0.17)))
        bcx = bx + bs / 2 + pad * 0.3
        bcy = top + (hh - top) / 2
        _centered(surf, self._badge(color, bs), bcx, bcy)
        right = w - bx - pad * 0.5
        if dominant:
            ss = round(bs * 0.92)
            _centered(surf, self.dominant_star(ss), right - ss / 2, bcy)
            right -= ss + pad * 0.2
        else:
            right -= bs * 0.25
        self._title(surf, d.name, bcx + bs / 2 + pad * 0.5, right, top, hh - 1)

        # rules text
        if text:
            box_y = ty0 + (art_h + pad if art_h else 0)
            box_h = ty1 - box_y
            y = box_y + (box_h - th) / 2
            _draw_lines(surf, lines, size, (tx0 + tx1) / 2, y, INK, max_y=ty1)

        # value
        if d.variable:
            _centered(surf, self.variable_glyph(round(dv * 0.74)), vcx, vcy)
        else:
            txt = _num(int(d.value or 0))
            fs = round(dv * (0.58 if len(txt) == 1 else 0.48))
            f = font(fs, True, len(txt) > 1)
            while f.size(txt)[0] > dv * 0.72 and fs > 6:
                fs -= 1
                f = font(fs, True, True)
            img = f.render(txt, True, INK)
            _centered(surf, img, vcx, vcy + dv * 0.02)

        # icons, right to left
        x = bx + bw - pad * 0.6 - di / 2
        for name in reversed(icons):
            _centered(surf, self.icon(name, di), x, vcy)
            x -= di + pad * 0.4
        icons_left = x + di / 2

        # gene pool badge
        gp = int(d.gp_self or 0)
        if gp:
            self._gp_badge(surf, gp, vcx + dv / 2 + pad * 0.5, icons_left, vcy, di, base)
        return surf

    def _gp_badge(self, surf: pygame.Surface, gp: int, x0: float, x1: float, cy: float,
                  di: float, base: RGB) -> None:
        avail = x1 - x0
        fs = max(6, round(di * 0.5))
        for label in (f"Gene pool {_signed(gp)}", f"GP {_signed(gp)}", _signed(gp)):
            f = font(fs, True, True)
            tw, th = f.size(label)
            pw, ph = tw + fs * 0.9, max(th + 2, di * 0.7)
            if pw <= avail or label == _signed(gp):
                break
        pw = min(pw, max(avail, tw + 4))
        cx = x0 + avail / 2 if pw <= avail else x0 + pw / 2
        k = 4
        hi = pygame.Surface((max(1, round(pw * k)), max(1, round(ph * k))), pygame.SRCALPHA)
        fill = (40, 128, 196) if gp > 0 else (150, 70, 60)
        hi.fill((*_dark(fill, 0.4), 0))
        pygame.draw.rect(hi, _dark(fill, 0.4), hi.get_rect(), border_radius=round(ph * k / 2))
        pygame.draw.rect(hi, fill, hi.get_rect().inflate(-k * 2, -k * 2), border_radius=round(ph * k / 2))
        pill = _smooth(hi, (max(1, round(pw)), max(1, round(ph))))
        _centered(pill, f.render(label, True, WHITE), pw / 2, ph / 2)
        _centered(surf, pill, cx, cy)

    def _age(self, d: Any, w: int, h: int) -> pygame.Surface:
        base = KIND_RGB["age"]
        m = self._metrics(w, h)
        r, hh, pad = m["r"], m["hh"], m["pad"]
        cv = _Canvas(w, h, _dark(base, 0.5))
        sand = (242, 228, 192)
        bx, by, bw, bh = self._frame(cv, w, h, base, _dark(base, 0.55), m, body=sand,
                                     body2=(230, 208, 160))
        text = d.text or ""
        tx0, tx1 = bx + pad, bx + bw - pad
        label_h = max(7.0, round(h * 0.045))
        ty0, ty1 = by + pad, by + bh - pad - label_h
        maxw = int(tx1 - tx0 - pad)
        pref = max(7, round(w * 0.07))
        size, lines, th = _fit_text(text, maxw, int(ty1 - ty0 - pad), pref, 6 if w >= 100 else 5)
        room = ty1 - ty0 - th - pad * 3
        art_h = room if room >= h * 0.12 else 0
        if art_h:
            self._art_window(cv, "age", (214, 170, 90), tx0, ty0, tx1 - tx0, art_h, r * 0.4)
        box_y = ty0 + (art_h + pad if art_h else 0)
        if text:
            cv.rect((252, 246, 230), tx0, box_y, tx1 - tx0, ty1 - box_y, r * 0.35)
            cv.rect((200, 170, 110), tx0, box_y, tx1 - tx0, ty1 - box_y, r * 0.35, max(1.0, w * 0.006))
        surf = cv.finish()
        top = bx * 0.7
        bs = max(10, round(min((hh - top) * 0.8, w * 0.17)))
        bcx, bcy = bx + bs / 2 + pad * 0.3, top + (hh - top) / 2
        _centered(surf, self._badge("age", bs), bcx, bcy)
        self._title(surf, d.name, bcx + bs / 2 + pad * 0.5, w - bx - pad - bs * 0.25, top, hh - 1)
        if text:
            _draw_lines(surf, lines, size, (tx0 + tx1) / 2, box_y + (ty1 - box_y - th) / 2, INK,
                        max_y=ty1)
        lf = font(max(6, int(label_h * 0.9)), True, False)
        _centered(surf, lf.render("AGE", True, _dark(base, 0.2)), w / 2, h - bx - pad * 0.5 - label_h / 2)
        return surf

    def _catastrophe(self, d: Any, w: int, h: int) -> pygame.Surface:
        m = self._metrics(w, h)
        b, r, hh, pad = m["b"], m["r"], m["hh"], m["pad"]
        cv = _Canvas(w, h, (20, 10, 10))
        edge = (20, 10, 10)
        # Dark frame: draw with a near-black base, red title bar.
        line = max(1.0, w * 0.008)
        cv.rect(edge, 0, 0, w, h, r)
        cv.gradient_rect((70, 40, 40), (26, 14, 16), line, line, w - 2 * line, h - 2 * line, r - line)
        cv.gradient_rect((196, 60, 44), (120, 24, 22), b, b * 0.7, w - 2 * b, hh - b * 0.7 - pad * 0.5,
                         r * 0.5)
        bx, by = b, hh
        bw, bh = w - 2 * b, h - hh - b
        gp = int(d.gene_pool or 0)
        pill_h = max(10.0, round(h * 0.075))
        pill_y = by + pad * 0.5
        cv.rect((240, 200, 120) if gp >= 0 else (236, 222, 206), bx + bw * 0.12, pill_y, bw * 0.76,
                pill_h, pill_h / 2)
        body_y = pill_y + pill_h + pad * 0.7
        we_label_h = max(9.0, round(h * 0.06))
        avail = by + bh - body_y - we_label_h - pad * 2
        text, we = d.text or "", d.we_text or ""
        tx0, tx1 = bx + pad * 0.5, bx + bw - pad * 0.5
        maxw = int(tx1 - tx0 - pad * 1.5)
        size = max(7, round(w * 0.066))
        smallest = 6 if w >= 100 else 5
        while True:
            l1, h1 = _text_block(text, size, maxw)
            l2, h2 = _text_block(we, size, maxw)
            if h1 + h2 + pad * 2 <= avail or size <= smallest:
                break
            size -= 1
        extra = max(0.0, avail - h1 - h2 - pad * 2)
        box1_h = h1 + pad + extra * (0.5 if we else 1.0)
        box2_h = h2 + pad + (extra * 0.5 if we else 0)
        box1_y = body_y
        we_y = box1_y + box1_h + pad * 0.5
        box2_y = we_y + we_label_h + pad * 0.5
        cv.rect((238, 228, 214), tx0, box1_y, tx1 - tx0, box1_h, r * 0.35)
        if we:
            cv.rect((214, 200, 206), tx0, box2_y, tx1 - tx0, box2_h, r * 0.35)
        surf = cv.finish()

        top = b * 0.7
        bs = max(10, round(min((hh - top - pad * 0.5) * 0.82, w * 0.17)))
        bcx, bcy = bx + bs / 2 + pad * 0.3, top + (hh - top - pad * 0.5) / 2
        _centered(surf, self._badge("catastrophe", bs), bcx, bcy)
        self._title(surf, d.name, bcx + bs / 2 + pad * 0.5, w - bx - pad - bs * 0.25, top,
                    hh - pad * 0.5 - 1)
        pf = font(max(6, int(pill_h * 0.68)), True, True)
        label = f"Gene pool {_signed(gp)}" if gp else "Gene pool unchanged"
        if pf.size(label)[0] > bw * 0.72:
            label = f"GP {_signed(gp)}"
        _centered(surf, pf.render(label, True, (90, 20, 16)), w / 2, pill_y + pill_h / 2)
        _draw_lines(surf, l1, size, w / 2, box1_y + (box1_h - h1) / 2, INK)
        if we:
            gs = round(we_label_h * 1.05)
            lf = font(max(6, int(we_label_h * 0.78)), True, False)
            lab = lf.render("World's End", True, (240, 214, 180))
            total = gs + 4 + lab.get_width()
            lx = w / 2 - total / 2
            _centered(surf, self.icon("world_end", gs), lx + gs / 2, we_y + we_label_h / 2)
            surf.blit(lab, lab.get_rect(midleft=(round(lx + gs + 4), round(we_y + we_label_h / 2))))
            _draw_lines(surf, l2, size, w / 2, box2_y + (box2_h - h2) / 2, (44, 22, 30))
        return surf

    def _birth(self, d: Any, w: int, h: int) -> pygame.Surface:
        base = KIND_RGB["birth"]
        m = self._metrics(w, h)
        r, hh, pad = m["r"], m["hh"], m["pad"]
        cv = _Canvas(w, h, (90, 60, 20))
        bx, by, bw, bh = self._frame(cv, w, h, base, (110, 76, 20), m, gold=False,
                                     body=(236, 246, 232), body2=(196, 228, 214),
                                     top=(250, 214, 110))
        text = d.text or ""
        tx0, tx1 = bx + pad, bx + bw - pad
        maxw = int(tx1 - tx0 - pad)
        size, lines, th = _fit_text(text, maxw, int(bh * 0.45), max(7, round(w * 0.068)),
                                    6 if w >= 100 else 5)
        art_h = bh - th - pad * 4
        ax, ay, aw = tx0, by + pad, tx1 - tx0
        cv.gradient_rect((255, 240, 190), (90, 180, 170), ax, ay, aw, art_h, r * 0.4)
        cx, cy = ax + aw / 2, ay + art_h / 2
        rays = 16
        rr = min(aw, art_h) * 0.48
        for i in range(rays):
            a = i * 2 * math.pi / rays
            a2 = a + math.pi / rays * 0.5
            cv.polygon((255, 250, 220), [(cx, cy), (cx + rr * math.cos(a), cy + rr * math.sin(a)),
                                         (cx + rr * math.cos(a2), cy + rr * math.sin(a2))])
        ds = max(8, int(min(aw, art_h) * 0.7))
        cv.blit(self._kind_symbol("birth", ds * SS), cx - ds / 2, cy - ds / 2)
        box_y = ay + art_h + pad
        cv.rect((252, 250, 240), tx0, box_y, aw, by + bh - pad - box_y, r * 0.35)
        surf = cv.finish()
        top = bx * 0.7
        self._title(surf, d.name, bx + pad, w - bx - pad, top, hh - 1, color=(92, 56, 8),
                    shadow=(255, 244, 210))
        _draw_lines(surf, lines, size, w / 2, box_y + (by + bh - pad - box_y - th) / 2, INK)
        return surf

    # ------------------------------------------------------------------ backs

    def _back(self, kind: str, w: int, h: int) -> pygame.Surface:
        r = max(4.0, w * 0.075)
        line = max(1.0, w * 0.008)
        if kind == "trait":
            edge, top, bottom, accent = (20, 16, 40), (74, 56, 130), (30, 24, 70), GOLD
        else:
            edge, top, bottom, accent = (14, 50, 52), (52, 150, 148), (20, 80, 84), (240, 214, 150)
        cv = _Canvas(w, h, edge)
        cv.rect(edge, 0, 0, w, h, r)
        cv.gradient_rect(top, bottom, line, line, w - 2 * line, h - 2 * line, r - line)
        # diagonal lattice
        step = max(6.0, w * 0.09)
        lat = _mix(top, bottom, 0.5)
        lat = _light(lat, 0.12)
        i = -h
        while i < w + h:
            cv.line(lat, (i, 0), (i + h, h), max(1.0, w * 0.006))
            cv.line(lat, (i + h, 0), (i, h), max(1.0, w * 0.006))
            i += step
        inset = max(4.0, w * 0.06)
        cv.rect(accent, inset, inset, w - 2 * inset, h - 2 * inset, r * 0.6, max(1.0, w * 0.012))
        cx, cy = w / 2, h / 2
        er = w * 0.30
        cv.circle(_dark(bottom, 0.2), cx, cy, er)
        cv.circle(accent, cx, cy, er, max(1.0, w * 0.014))
        cv.circle(accent, cx, cy, er * 0.86, max(1.0, w * 0.006))
        if kind == "trait":
            ss = int(er * 0.62)
            for color, (dx, dy) in zip(("red", "blue", "green", "purple"),
                                       ((-1, -1), (1, -1), (-1, 1), (1, 1)), strict=True):
                sym = self.color_symbol(color, ss * SS)
                cv.blit(sym, cx + dx * er * 0.36 - ss / 2, cy + dy * er * 0.36 - ss / 2)
        else:
            ss = int(er * 1.15)
            cv.blit(self._kind_symbol("age", ss * SS), cx - ss / 2, cy - ss / 2)
        cv.clip_round(r)
        surf = cv.finish()
        label = "TRAIT" if kind == "trait" else "AGE"
        f = font(max(6, round(w * 0.085)), True, False)
        _shadowed(surf, label, f, accent, (0, 0, 0), (cx, cy + er + (h / 2 - er - inset) / 2),
                  w - 2 * inset, 1)
        f2 = font(max(6, round(w * 0.07)), True, True)
        _shadowed(surf, "DOOMLINGS", f2, _light(top, 0.55), (0, 0, 0),
                  (cx, cy - er - (h / 2 - er - inset) / 2), w - 2 * inset, 1)
        return surf

    # ------------------------------------------------------------------ strips

    def _strip(self, d: Any, w: int, h: int, recolor: str | None = None) -> pygame.Surface:
        kind = d.kind
        if kind == "trait":
            color = recolor or d.color
            color = color if color in COLOR_RGB else "colorless"
            base = COLOR_RGB[color]
            key = color
        else:
            base = KIND_RGB.get(kind, KIND_RGB["age"])
            if kind == "catastrophe":
                base = (150, 34, 30)
            key = kind if kind in ("age", "catastrophe", "birth") else "age"
        dominant = kind == "trait" and bool(d.dominant)
        r = h * 0.28
        line = max(1.0, h * 0.045)
        cv = _Canvas(w, h, _dark(base, 0.5))
        cv.rect(GOLD_DARK if dominant else _dark(base, 0.55), 0, 0, w, h, r)
        inset = line * (2.2 if dominant else 1)
        if dominant:
            cv.rect(GOLD, line, line, w - 2 * line, h - 2 * line, r - line)
        cv.gradient_rect(_light(base, 0.22), _dark(base, 0.15), inset, inset, w - 2 * inset,
                         h - 2 * inset, r - inset)
        dv = min(h - inset * 2 - max(1.0, h * 0.06), max(14.0, w * 0.13))
        vcx, vcy = w - inset - dv / 2 - h * 0.06, h / 2
        show_value = kind == "trait"
        if show_value:
            cv.circle(_dark(base, 0.55), vcx, vcy, dv / 2)
            cv.circle(CREAM, vcx, vcy, dv / 2 - max(1.0, dv * 0.08))
        surf = cv.finish()
        bs = round(min(h - inset * 2 - max(1.0, h * 0.06), max(14.0, w * 0.13)))
        bcx = inset + h * 0.06 + bs / 2
        _centered(surf, self._badge(key, bs), bcx, vcy)
        right = (vcx - dv / 2 - h * 0.1) if show_value else w - inset - h * 0.2
        if show_value:
            if d.variable:
                _centered(surf, self.variable_glyph(round(dv * 0.78)), vcx, vcy)
            else:
                txt = _num(int(d.value or 0))
                fs = round(dv * (0.66 if len(txt) == 1 else 0.54))
                f = font(fs, True, True)
                while f.size(txt)[0] > dv * 0.8 and fs > 6:
                    fs -= 1
                    f = font(fs, True, True)
                _centered(surf, f.render(txt, True, INK), vcx, vcy + dv * 0.02)
        if dominant:
            ss = round(min(h * (0.7 if h < 30 else 0.58), dv * 0.85))
            _centered(surf, self.dominant_star(ss), right - ss / 2, vcy)
            right -= ss + h * 0.08
        x0 = bcx + bs / 2 + h * 0.15
        maxw = max(4, int(right - x0))
        fs = max(6, round(min(h * 0.5, 8 + h * 0.2)))
        smallest = max(7, round(h * 0.26))
        f = font(fs, True, True)
        name = d.name
        while f.size(name)[0] > maxw and fs > smallest:
            fs -= 1
            f = font(fs, True, True)
        if f.size(name)[0] > maxw:
            while len(name) > 1 and f.size(name + "\u2026")[0] > maxw:
                name = name[:-1]
            name = name.rstrip() + "\u2026"
        img = f.render(name, True, WHITE)
        sh = f.render(name, True, SHADOW)
        sh.set_alpha(150)
        y = round(vcy - img.get_height() / 2)
        surf.blit(sh, (round(x0) + 1, y + 1))
        surf.blit(img, (round(x0), y))
        return surf


def preview(db: Any, path: str, w: int = 150, h: int = 210) -> pygame.Surface:
    """A sheet of varied cards, backs and strips (a development aid)."""
    art = CardArt(db)
    picks: list[int] = []

    def first(pred: Any) -> None:
        for c in db.traits:
            d = db.cards[c]
            if pred(d) and all(db.cards[p].id != d.id for p in picks):
                picks.append(c)
                return

    first(lambda d: d.dominant)
    first(lambda d: d.dominant and d.variable)
    first(lambda d: d.variable)
    first(lambda d: "action" in d.icons and d.color == "red")
    first(lambda d: "world_end" in d.icons)
    first(lambda d: "out_of_turn" in d.icons)
    first(lambda d: d.color == "colorless" and not d.text)
    first(lambda d: d.color == "blue" and not d.text)
    first(lambda d: d.color == "green" and d.gp_self)
    first(lambda d: d.color == "purple" and "action" in d.icons)
    first(lambda d: d.value < 0)
    first(lambda d: d.value >= 10)
    first(lambda d: len(d.name) > 17)
    first(lambda d: d.gp_self and d.gp_self < 0)
    first(lambda d: len(d.icons) >= 2)
    first(lambda d: d.color == "purple" and not d.text)
    picks.append(db.ages[3])
    picks.append(max(db.ages, key=lambda c: len(db.cards[c].text or "")))
    picks.append(db.catastrophes[0])
    picks.append(max(db.catastrophes, key=lambda c: len((db.cards[c].text or "") + (db.cards[c].we_text or ""))))
    picks.append(db.birth)
    cols = 8
    items: list[pygame.Surface] = [art.face(c, w, h) for c in picks]
    items += [art.back("trait", w, h), art.back("age", w, h)]
    rows = (len(items) + cols - 1) // cols
    strip_h = 30
    strips = picks[:12]
    sheet_h = rows * (h + 10) + 10 + ((len(strips) + 3) // 4) * (strip_h + 6) + 10
    sheet = pygame.Surface((cols * (w + 10) + 10, sheet_h))
    sheet.fill((44, 52, 60))
    for i, s in enumerate(items):
        sheet.blit(s, (10 + (i % cols) * (w + 10), 10 + (i // cols) * (h + 10)))
    y0 = rows * (h + 10) + 10
    sw = (cols * (w + 10) - 10) // 4 - 6
    for i, c in enumerate(strips):
        sheet.blit(art.strip(c, sw, strip_h), (10 + (i % 4) * (sw + 8), y0 + (i // 4) * (strip_h + 6)))
    pygame.image.save(sheet, path)
    return sheet
