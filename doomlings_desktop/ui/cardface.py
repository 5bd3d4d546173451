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
from collections.abc import Callable
from typing import Any

import pygame

from doomlings_desktop.ui.cardart.palette import (
    COLOR_RGB,
    COLOR_SYMBOL_NAMES,
    CREAM,
    GOLD,
    GOLD_DARK,
    ICON_NAMES,
    INK,
    KIND_RGB,
    RGB,
    SHADOW,
    WHITE,
    darken,
    lighten,
    mix,
)
from doomlings_desktop.ui.cardart.shapes import (
    SS,
    Canvas,
    centered,
    smooth,
)
from doomlings_desktop.ui.cardart.symbols import (
    draw_badge,
    draw_color_symbol,
    draw_compass,
    draw_icon,
    draw_kind_symbol,
    draw_star,
)
from doomlings_desktop.ui.cardart.text import (
    draw_lines,
    fit_name,
    fit_text,
    num_text,
    shadowed,
    signed_text,
    text_block,
)
from doomlings_desktop.ui.fonts import font

__all__ = ["COLOR_RGB", "COLOR_SYMBOL_NAMES", "ICON_NAMES", "KIND_RGB", "RGB", "CardArt", "preview"]


class CardArt:
    """Draws and caches card faces, backs, strips, color symbols and icons for one database.

    The one object the screens talk to: it keeps the surface cache and the symbols setting,
    and leaves the drawing to ui/cardart/ (faces, backs, strips, symbols), which gets the small
    pictures back through this cache (a face shares its icons and badges with the table)."""

    def __init__(self, db: Any, symbols: bool = True) -> None:
        self.db = db
        self.symbols = symbols      # the colour symbols on title bars and strips (a setting)
        self._cache: dict[tuple, pygame.Surface] = {}
        if not pygame.font.get_init():
            pygame.font.init()

    def clear(self) -> None:
        """Drop every cached surface."""
        self._cache.clear()

    def set_symbols(self, on: bool) -> None:
        """Show or hide the colour symbol badges (the colorblind aid); redraws every card."""
        if on != self.symbols:
            self.symbols = on
            self.clear()

    def _cached(self, key: tuple, make: Callable[[], pygame.Surface]) -> pygame.Surface:
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

    # ------------------------------------------------------------------ cards

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

    # ------------------------------------------------------------------ symbols and icons

    def color_symbol(self, color: str, size: int) -> pygame.Surface:
        """The symbol of a color ('red', 'blue', 'green', 'purple', 'colorless') alone."""
        if color not in COLOR_SYMBOL_NAMES:
            color = "colorless"
        size = max(4, int(size))
        return self._cached(("sym", color, size), lambda: draw_color_symbol(color, size))

    def icon(self, name: str, size: int) -> pygame.Surface:
        """A trait icon ('action', 'out_of_turn', 'world_end', 'drop_of_life') on its badge."""
        size = max(6, int(size))
        return self._cached(("icon", name, size), lambda: draw_icon(name, size))

    def dominant_star(self, size: int) -> pygame.Surface:
        """The gold star marking a dominant trait."""
        size = max(4, int(size))
        return self._cached(("star", size), lambda: draw_star(size))

    def variable_glyph(self, size: int, color: RGB = INK) -> pygame.Surface:
        """The compass star shown instead of a number on variable-value traits."""
        size = max(4, int(size))
        return self._cached(("compass", size, color), lambda: draw_compass(size, color))

    def badge(self, key: str, size: int) -> pygame.Surface:
        """The symbol of a color or kind on its disc, for title bars and strips; a blank (not
        cached) when colour symbols are off, so the frame color alone shows."""
        if not self.symbols and key in COLOR_RGB:
            return pygame.Surface((size, size), pygame.SRCALPHA)
        return self._cached(("badge", key, size), lambda: draw_badge(self, key, size))

    def kind_symbol(self, key: str, size: int) -> pygame.Surface:
        """The symbol of a color or of a kind ('age', 'catastrophe', 'birth') alone."""
        if key in COLOR_SYMBOL_NAMES:
            return self.color_symbol(key, size)
        return self._cached(("ksym", key, size), lambda: draw_kind_symbol(key, size))

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

    def _frame(self, cv: Canvas, w: int, h: int, base: RGB, edge: RGB, m: dict,
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
        cv.gradient_rect(top or lighten(base, 0.22), darken(base, 0.12), inset, inset, w - 2 * inset,
                         h - 2 * inset, r - inset)
        bx, by = b + (gw * 0.5 if gold else 0), hh
        bw, bh = w - 2 * bx, h - by - bx
        cv.rect(darken(base, 0.35), bx - line, by - line, bw + 2 * line, bh + 2 * line, r * 0.55 + line)
        cv.gradient_rect(body, body2 or mix(body, base, 0.10), bx, by, bw, bh, r * 0.55)
        return bx, by, bw, bh

    def _title(self, surf: pygame.Surface, name: str, x0: float, x1: float, y0: float, y1: float,
               color: RGB = WHITE, shadow: RGB = SHADOW) -> None:
        maxw, maxh = max(8, int(x1 - x0)), max(8, int(y1 - y0))
        size, lines = fit_name(name, maxw, maxh)
        f = font(size, True, True)
        cx = (x0 + x1) / 2
        off = 1 if size >= 9 else 0
        if len(lines) == 1:
            shadowed(surf, lines[0], f, color, shadow, (cx, (y0 + y1) / 2 + size * 0.04), maxw, off)
        else:
            lh = size
            cy = (y0 + y1) / 2 - lh / 2 + size * 0.06
            for i, ln in enumerate(lines):
                shadowed(surf, ln, f, color, shadow, (cx, cy + i * lh), maxw, off)

    def _art_window(self, cv: Canvas, key: str, base: RGB, x: float, y: float, w: float,
                    h: float, radius: float) -> None:
        """A decorative panel: gradient, rings and the big symbol (our stand-in for art)."""
        cv.gradient_rect(lighten(base, 0.55), lighten(base, 0.15), x, y, w, h, radius)
        cx, cy = x + w / 2, y + h / 2
        rmax = min(w, h) * 0.5
        ring = lighten(base, 0.62)
        for f in (0.93, 0.72, 0.53):
            cv.circle(ring, cx, cy, rmax * f, max(1.0, w * 0.006))
        sym = max(6, int(min(w * 0.55, h * 0.78)))
        img = self.kind_symbol(key, sym * SS).copy()
        img.fill((255, 255, 255, 95), special_flags=pygame.BLEND_RGBA_MULT)
        cv.blit(img, cx - sym / 2, cy - sym / 2)

    def _trait(self, d: Any, w: int, h: int) -> pygame.Surface:
        color = d.color if d.color in COLOR_RGB else "colorless"
        base = COLOR_RGB[color]
        m = self._metrics(w, h)
        r, hh, pad = m["r"], m["hh"], m["pad"]
        dominant = bool(d.dominant)
        cv = Canvas(w, h, darken(base, 0.5))
        body = mix(CREAM, lighten(base, 0.5), 0.18)
        bx, by, bw, bh = self._frame(cv, w, h, base, darken(base, 0.55), m, gold=dominant, body=body)

        # bottom row geometry
        dv = max(16.0, round(w * 0.25))
        vcx = bx + pad * 0.6 + dv / 2
        vcy = h - bx - pad * 0.6 - dv / 2
        di = max(12, round(w * 0.16))
        icons = [i for i in ICON_NAMES if i in (d.icons or ())]
        # value disc (shapes)
        ring = max(2.0, dv * 0.09)
        cv.circle(darken(base, 0.55), vcx, vcy, dv / 2)
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
            size, lines, th = fit_text(text, maxw, int(area_h - pad), pref, smallest)
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
            cv.rect(mix(CREAM, WHITE, 0.5), tx0, box_y, tx1 - tx0, box_h, r * 0.35)
            cv.rect(lighten(base, 0.45), tx0, box_y, tx1 - tx0, box_h, r * 0.35, max(1.0, w * 0.006))

        surf = cv.finish()

        # title bar: symbol badge, name, dominant star
        top = bx * (0.6 if dominant else 0.7)
        bs = max(10, round(min((hh - top) * 0.8, w * 0.17)))
        bcx = bx + bs / 2 + pad * 0.3
        bcy = top + (hh - top) / 2
        centered(surf, self.badge(color, bs), bcx, bcy)
        right = w - bx - pad * 0.5
        if dominant:
            ss = round(bs * 0.92)
            centered(surf, self.dominant_star(ss), right - ss / 2, bcy)
            right -= ss + pad * 0.2
        else:
            right -= bs * 0.25
        self._title(surf, d.name, bcx + bs / 2 + pad * 0.5, right, top, hh - 1)

        # rules text
        if text:
            box_y = ty0 + (art_h + pad if art_h else 0)
            box_h = ty1 - box_y
            y = box_y + (box_h - th) / 2
            draw_lines(surf, lines, size, (tx0 + tx1) / 2, y, INK, max_y=ty1)

        # value
        if d.variable:
            centered(surf, self.variable_glyph(round(dv * 0.74)), vcx, vcy)
        else:
            txt = num_text(int(d.value or 0))
            fs = round(dv * (0.58 if len(txt) == 1 else 0.48))
            f = font(fs, True, len(txt) > 1)
            while f.size(txt)[0] > dv * 0.72 and fs > 6:
                fs -= 1
                f = font(fs, True, True)
            img = f.render(txt, True, INK)
            centered(surf, img, vcx, vcy + dv * 0.02)

        # icons, right to left
        x = bx + bw - pad * 0.6 - di / 2
        for name in reversed(icons):
            centered(surf, self.icon(name, di), x, vcy)
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
        for label in (f"Gene pool {signed_text(gp)}", f"GP {signed_text(gp)}", signed_text(gp)):
            f = font(fs, True, True)
            tw, th = f.size(label)
            pw, ph = tw + fs * 0.9, max(th + 2, di * 0.7)
            if pw <= avail or label == signed_text(gp):
                break
        pw = min(pw, max(avail, tw + 4))
        cx = x0 + avail / 2 if pw <= avail else x0 + pw / 2
        k = 4
        hi = pygame.Surface((max(1, round(pw * k)), max(1, round(ph * k))), pygame.SRCALPHA)
        fill = (40, 128, 196) if gp > 0 else (150, 70, 60)
        hi.fill((*darken(fill, 0.4), 0))
        pygame.draw.rect(hi, darken(fill, 0.4), hi.get_rect(), border_radius=round(ph * k / 2))
        pygame.draw.rect(hi, fill, hi.get_rect().inflate(-k * 2, -k * 2), border_radius=round(ph * k / 2))
        pill = smooth(hi, (max(1, round(pw)), max(1, round(ph))))
        centered(pill, f.render(label, True, WHITE), pw / 2, ph / 2)
        centered(surf, pill, cx, cy)

    def _age(self, d: Any, w: int, h: int) -> pygame.Surface:
        base = KIND_RGB["age"]
        m = self._metrics(w, h)
        r, hh, pad = m["r"], m["hh"], m["pad"]
        cv = Canvas(w, h, darken(base, 0.5))
        sand = (242, 228, 192)
        bx, by, bw, bh = self._frame(cv, w, h, base, darken(base, 0.55), m, body=sand,
                                     body2=(230, 208, 160))
        text = d.text or ""
        tx0, tx1 = bx + pad, bx + bw - pad
        label_h = max(7.0, round(h * 0.045))
        ty0, ty1 = by + pad, by + bh - pad - label_h
        maxw = int(tx1 - tx0 - pad)
        pref = max(7, round(w * 0.07))
        size, lines, th = fit_text(text, maxw, int(ty1 - ty0 - pad), pref, 6 if w >= 100 else 5)
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
        centered(surf, self.badge("age", bs), bcx, bcy)
        self._title(surf, d.name, bcx + bs / 2 + pad * 0.5, w - bx - pad - bs * 0.25, top, hh - 1)
        if text:
            draw_lines(surf, lines, size, (tx0 + tx1) / 2, box_y + (ty1 - box_y - th) / 2, INK,
                       max_y=ty1)
        lf = font(max(6, int(label_h * 0.9)), True, False)
        centered(surf, lf.render("AGE", True, darken(base, 0.2)), w / 2, h - bx - pad * 0.5 - label_h / 2)
        return surf

    def _catastrophe(self, d: Any, w: int, h: int) -> pygame.Surface:
        m = self._metrics(w, h)
        b, r, hh, pad = m["b"], m["r"], m["hh"], m["pad"]
        cv = Canvas(w, h, (20, 10, 10))
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
            l1, h1 = text_block(text, size, maxw)
            l2, h2 = text_block(we, size, maxw)
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
        centered(surf, self.badge("catastrophe", bs), bcx, bcy)
        self._title(surf, d.name, bcx + bs / 2 + pad * 0.5, w - bx - pad - bs * 0.25, top,
                    hh - pad * 0.5 - 1)
        pf = font(max(6, int(pill_h * 0.68)), True, True)
        label = f"Gene pool {signed_text(gp)}" if gp else "Gene pool unchanged"
        if pf.size(label)[0] > bw * 0.72:
            label = f"GP {signed_text(gp)}"
        centered(surf, pf.render(label, True, (90, 20, 16)), w / 2, pill_y + pill_h / 2)
        draw_lines(surf, l1, size, w / 2, box1_y + (box1_h - h1) / 2, INK)
        if we:
            gs = round(we_label_h * 1.05)
            lf = font(max(6, int(we_label_h * 0.78)), True, False)
            lab = lf.render("World's End", True, (240, 214, 180))
            total = gs + 4 + lab.get_width()
            lx = w / 2 - total / 2
            centered(surf, self.icon("world_end", gs), lx + gs / 2, we_y + we_label_h / 2)
            surf.blit(lab, lab.get_rect(midleft=(round(lx + gs + 4), round(we_y + we_label_h / 2))))
            draw_lines(surf, l2, size, w / 2, box2_y + (box2_h - h2) / 2, (44, 22, 30))
        return surf

    def _birth(self, d: Any, w: int, h: int) -> pygame.Surface:
        base = KIND_RGB["birth"]
        m = self._metrics(w, h)
        r, hh, pad = m["r"], m["hh"], m["pad"]
        cv = Canvas(w, h, (90, 60, 20))
        bx, by, bw, bh = self._frame(cv, w, h, base, (110, 76, 20), m, gold=False,
                                     body=(236, 246, 232), body2=(196, 228, 214),
                                     top=(250, 214, 110))
        text = d.text or ""
        tx0, tx1 = bx + pad, bx + bw - pad
        maxw = int(tx1 - tx0 - pad)
        size, lines, th = fit_text(text, maxw, int(bh * 0.45), max(7, round(w * 0.068)),
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
        cv.blit(self.kind_symbol("birth", ds * SS), cx - ds / 2, cy - ds / 2)
        box_y = ay + art_h + pad
        cv.rect((252, 250, 240), tx0, box_y, aw, by + bh - pad - box_y, r * 0.35)
        surf = cv.finish()
        top = bx * 0.7
        self._title(surf, d.name, bx + pad, w - bx - pad, top, hh - 1, color=(92, 56, 8),
                    shadow=(255, 244, 210))
        draw_lines(surf, lines, size, w / 2, box_y + (by + bh - pad - box_y - th) / 2, INK)
        return surf

    # ------------------------------------------------------------------ backs

    def _back(self, kind: str, w: int, h: int) -> pygame.Surface:
        r = max(4.0, w * 0.075)
        line = max(1.0, w * 0.008)
        if kind == "trait":
            edge, top, bottom, accent = (20, 16, 40), (74, 56, 130), (30, 24, 70), GOLD
        else:
            edge, top, bottom, accent = (14, 50, 52), (52, 150, 148), (20, 80, 84), (240, 214, 150)
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
                sym = self.color_symbol(color, ss * SS)
                cv.blit(sym, cx + dx * er * 0.36 - ss / 2, cy + dy * er * 0.36 - ss / 2)
        else:
            ss = int(er * 1.15)
            cv.blit(self.kind_symbol("age", ss * SS), cx - ss / 2, cy - ss / 2)
        cv.clip_round(r)
        surf = cv.finish()
        label = "TRAIT" if kind == "trait" else "AGE"
        f = font(max(6, round(w * 0.085)), True, False)
        shadowed(surf, label, f, accent, (0, 0, 0), (cx, cy + er + (h / 2 - er - inset) / 2),
                 w - 2 * inset, 1)
        f2 = font(max(6, round(w * 0.07)), True, True)
        shadowed(surf, "DOOMLINGS", f2, lighten(top, 0.55), (0, 0, 0),
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
        cv = Canvas(w, h, darken(base, 0.5))
        cv.rect(GOLD_DARK if dominant else darken(base, 0.55), 0, 0, w, h, r)
        inset = line * (2.2 if dominant else 1)
        if dominant:
            cv.rect(GOLD, line, line, w - 2 * line, h - 2 * line, r - line)
        cv.gradient_rect(lighten(base, 0.22), darken(base, 0.15), inset, inset, w - 2 * inset,
                         h - 2 * inset, r - inset)
        dv = min(h - inset * 2 - max(1.0, h * 0.06), max(14.0, w * 0.13))
        vcx, vcy = w - inset - dv / 2 - h * 0.06, h / 2
        show_value = kind == "trait"
        if show_value:
            cv.circle(darken(base, 0.55), vcx, vcy, dv / 2)
            cv.circle(CREAM, vcx, vcy, dv / 2 - max(1.0, dv * 0.08))
        surf = cv.finish()
        bs = round(min(h - inset * 2 - max(1.0, h * 0.06), max(14.0, w * 0.13)))
        bcx = inset + h * 0.06 + bs / 2
        centered(surf, self.badge(key, bs), bcx, vcy)
        right = (vcx - dv / 2 - h * 0.1) if show_value else w - inset - h * 0.2
        if show_value:
            if d.variable:
                centered(surf, self.variable_glyph(round(dv * 0.78)), vcx, vcy)
            else:
                txt = num_text(int(d.value or 0))
                fs = round(dv * (0.66 if len(txt) == 1 else 0.54))
                f = font(fs, True, True)
                while f.size(txt)[0] > dv * 0.8 and fs > 6:
                    fs -= 1
                    f = font(fs, True, True)
                centered(surf, f.render(txt, True, INK), vcx, vcy + dv * 0.02)
        if dominant:
            ss = round(min(h * (0.7 if h < 30 else 0.58), dv * 0.85))
            centered(surf, self.dominant_star(ss), right - ss / 2, vcy)
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
