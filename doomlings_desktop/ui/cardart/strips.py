"""Pile strips: the compact bar (16-40 px high) that stands for a card overlapped in a trait
pile, readable at a glance without the full face."""

from __future__ import annotations

from typing import Any

import pygame

from doomlings_desktop.ui.cardart.emblems import module_of
from doomlings_desktop.ui.cardart.multi import banded, colors_of, in_color
from doomlings_desktop.ui.cardart.palette import (
    COLOR_RGB,
    CREAM,
    GOLD,
    GOLD_DARK,
    INK,
    KIND_RGB,
    SHADOW,
    WHITE,
    darken,
    lighten,
)
from doomlings_desktop.ui.cardart.shapes import Canvas, centered
from doomlings_desktop.ui.cardart.symbols import SymbolSource
from doomlings_desktop.ui.cardart.text import num_text
from doomlings_desktop.ui.fonts import MIN_TEXT_PX, font
from doomlings_desktop.ui.layout import strip_text_px
from doomlings_desktop.ui.theme import CATA_STRIP, LINK_DISC


def _paint(d: Any, recolor: str | None) -> tuple[tuple[int, int, int], str]:
    """A strip's colour and the badge it wears: a trait's colour (or `recolor`), else its
    kind's (a catastrophe's a deeper red than its card frame, to read on the dark table)."""
    if d.kind == "trait":
        color = recolor or d.color
        color = color if color in COLOR_RGB else "colorless"
        return COLOR_RGB[color], color
    if d.kind == "catastrophe":
        return CATA_STRIP, "catastrophe"
    return KIND_RGB.get(d.kind, KIND_RGB["age"]), d.kind if d.kind in ("age", "birth") else "age"


def draw_strip(art: SymbolSource, d: Any, w: int, h: int,
               recolor: str | None = None, worth: int | None = None,
               badges: tuple[str, ...] = (), linked: bool = False) -> pygame.Surface:
    """A bar for a card overlapped in a trait pile: badge, name (cut with an ellipsis when
    the bar is short: the hover preview shows the card), module icon, dominant star and value;
    `recolor` draws a trait in another color, `worth` is a variable trait's current worth
    (written in a gold ring; without it the compass star stands for "variable"). A
    multi-colour trait is a band per colour with every colour's symbol (`badges`: the
    symbols drawn after the first). `linked`: a link mark after the badges, for a trait
    that has an attachment tucked under it (E8)."""
    kind = d.kind
    colors = colors_of(d) if kind == "trait" and recolor is None else ()
    if len(colors) > 1:
        return banded([draw_strip(art, in_color(d, c), w, h, None, worth, colors[1:], linked)
                       for c in colors])
    base, key = _paint(d, recolor)
    dominant = kind == "trait" and bool(d.dominant)
    r = h * 0.28
    line = max(1.0, h * 0.045)
    fs = strip_text_px(h)
    show_value = kind == "trait"
    txt = ""
    if show_value and not (d.variable and worth is None):
        txt = num_text(int(worth if d.variable else (d.value or 0)))
    cv = Canvas(w, h, darken(base, 0.5))
    cv.rect(GOLD_DARK if dominant else darken(base, 0.55), 0, 0, w, h, r)
    inset = line * (2.2 if dominant else 1)
    if dominant:
        cv.rect(GOLD, line, line, w - 2 * line, h - 2 * line, r - line)
    cv.gradient_rect(lighten(base, 0.22), darken(base, 0.15), inset, inset, w - 2 * inset,
                     h - 2 * inset, r - inset)
    dv = min(h - inset * 2 - max(1.0, h * 0.06), max(14.0, w * 0.13))
    vf = font(max(fs, round(dv * (0.66 if len(txt) == 1 else 0.54))), True, True)
    vw = max(dv, vf.size(txt)[0] + dv * 0.7) if txt else dv     # a pill for "−2" or "10"
    vcx, vcy = w - inset - vw / 2 - h * 0.06, h / 2
    if show_value:
        ring = GOLD if d.variable and worth is not None else darken(base, 0.55)
        cv.rect(ring, vcx - vw / 2, vcy - dv / 2, vw, dv, dv / 2)
        edge = max(1.0, dv * (0.13 if ring is GOLD else 0.08))
        cv.rect(CREAM, vcx - vw / 2 + edge, vcy - dv / 2 + edge, vw - 2 * edge, dv - 2 * edge,
                dv / 2 - edge)
    surf = cv.finish()
    bs = round(min(h - inset * 2 - max(1.0, h * 0.06), max(14.0, w * 0.13)))
    bcx = inset + h * 0.06 + bs / 2
    centered(surf, art.badge(key, bs), bcx, vcy)
    # On a chip too short for all of them, the colour's badge and the value come first; the
    # other marks go where they fit and are left out rather than drawn over those two (the
    # bands still show a multi-colour trait's colours, and the hover shows the card).
    right = (vcx - vw / 2 - h * 0.1) if show_value else w - inset - h * 0.2
    for other in badges:            # a multi-colour trait's other colours, beside the first
        if bcx + bs * 1.5 + h * 0.06 > right:
            break
        bcx += bs + h * 0.06
        centered(surf, art.badge(other, bs), bcx, vcy)
    if linked and bcx + bs * 1.5 + h * 0.06 <= right:   # the host of an attachment: a link
        bcx += bs + h * 0.06
        centered(surf, link_mark(bs), bcx, vcy)
    left = bcx + bs / 2 + h * 0.06
    if show_value:
        if txt:
            centered(surf, vf.render(txt, True, INK), vcx, vcy + dv * 0.02)
        else:
            centered(surf, art.variable_glyph(round(dv * 0.78)), vcx, vcy)
    module = module_of(d)
    ms = round(min(bs, h * 0.8))
    if module and right - ms >= left:   # some cards count a module's cards in a pile (E1)
        centered(surf, art.module_icon(module, ms), right - ms / 2, vcy)
        right -= ms + h * 0.08
    ss = round(min(h * (0.7 if h < 30 else 0.58), dv * 0.85))
    if dominant and right - ss >= left:     # else the gold frame alone says dominant
        centered(surf, art.dominant_star(ss), right - ss / 2, vcy)
        right -= ss + h * 0.08
    x0 = bcx + bs / 2 + h * 0.15
    f = font(fs, True, True)
    x0 = _picture(art, surf, d, base, x0, right, vcy, bs, f.size(d.name)[0])
    _draw_name(surf, d.name, fs, h - 2 * inset, x0, max(4, int(right - x0)), vcy)
    return surf


def _draw_name(surf: pygame.Surface, name: str, fs: int, inner: float, x0: float, maxw: int,
               cy: float) -> None:
    """A strip's name from x0 in `maxw`, centred on cy: whole on one line (`_name_font`),
    else whole on two lines where the band's inner height holds them (`_two_lines`), else
    cut with an ellipsis, else (not even a letter fits) left out: badge and value say
    enough."""
    f = _name_font(name, fs, maxw)
    two = _two_lines(name, fs, inner, maxw) if f.size(name)[0] > maxw else None
    if two:
        _draw_lines(surf, two[1], two[0], x0, cy)
        return
    if f.size(name)[0] > maxw:
        while len(name) > 1 and f.size(name + "\u2026")[0] > maxw:
            name = name[:-1]
        name = name.rstrip() + "\u2026"
    if f.size(name)[0] <= maxw:
        _draw_lines(surf, (name,), f, x0, cy)


def _name_font(name: str, fs: int, room: int) -> Any:
    """The font a strip's name is drawn in: the strip's own size, or a little smaller (down
    to 80% of it, never under MIN_TEXT_PX) where that keeps the whole name. On a big window
    the strips' text is well above the minimum, and a name a few letters too long for its
    strip (one beside its module icon or link mark, an attachment under its host) was cut
    there ("Elongated Ne…" at 2560x1440); at the minimum (720p) nothing changes: cut."""
    f = font(fs, True, True)
    if f.size(name)[0] <= room:
        return f
    for px in range(fs - 1, max(MIN_TEXT_PX, round(fs * 0.8)) - 1, -1):
        g = font(px, True, True)
        if g.size(name)[0] <= room:
            return g
    return f


def two_line_height(px: int = MIN_TEXT_PX) -> int:
    """The height of a band whose name may take two lines of `px` text."""
    return 2 * (font(px, True, True).get_linesize() - 1) + 6


def split_name(name: str, f: Any, room: int) -> tuple[str, str] | None:
    """`name` on two lines in font `f`, broken after a space or a hyphen, each line at most
    `room` wide (the break whose longer line is shortest); None when no break fits."""
    best = None
    for i, ch in enumerate(name):
        if ch not in " -":
            continue
        a, b = name[:i + 1].rstrip(), name[i + 1:].lstrip()
        wide = max(f.size(a)[0], f.size(b)[0]) if a and b else room + 1
        if wide <= room and (best is None or wide < best[0]):
            best = (wide, (a, b))
    return best[1] if best else None


def name_room(d: Any, w: int, h: int, worth: int | None = None) -> float:
    """How wide the name's room is on card d's strip w x h: `draw_strip`'s geometry (badge,
    other colours' badges, value, module icon, dominant star), kept in step with it (tests/
    test_strip_names.py draws strips at the widths this promises and finds no name cut)."""
    kind = d.kind
    colors = colors_of(d) if kind == "trait" else ()
    dominant = kind == "trait" and bool(d.dominant)
    line = max(1.0, h * 0.045)
    inset = line * (2.2 if dominant else 1)
    fs = strip_text_px(h)
    show_value = kind == "trait"
    txt = ""
    if show_value and not (d.variable and worth is None):
        txt = num_text(int(worth if d.variable else (d.value or 0)))
    dv = min(h - inset * 2 - max(1.0, h * 0.06), max(14.0, w * 0.13))
    vf = font(max(fs, round(dv * (0.66 if len(txt) == 1 else 0.54))), True, True)
    vw = max(dv, vf.size(txt)[0] + dv * 0.7) if txt else dv
    vcx = w - inset - vw / 2 - h * 0.06
    bs = round(min(h - inset * 2 - max(1.0, h * 0.06), max(14.0, w * 0.13)))
    bcx = inset + h * 0.06 + bs / 2
    right = (vcx - vw / 2 - h * 0.1) if show_value else w - inset - h * 0.2
    for _ in colors[1:]:
        if bcx + bs * 1.5 + h * 0.06 > right:
            break
        bcx += bs + h * 0.06
    left = bcx + bs / 2 + h * 0.06
    ms = round(min(bs, h * 0.8))
    if module_of(d) and right - ms >= left:
        right -= ms + h * 0.08
    ss = round(min(h * (0.7 if h < 30 else 0.58), dv * 0.85))
    if dominant and right - ss >= left:
        right -= ss + h * 0.08
    return max(4, int(right - (bcx + bs / 2 + h * 0.15)))


def title_fits(d: Any, w: int, h: int, worth: int | None = None) -> bool:
    """Whether card d's whole name fits on one line of its strip w x h (at the strip's text
    size, or down to 80% of it as `_name_font` allows)."""
    room = name_room(d, w, h, worth)
    return _name_font(d.name, strip_text_px(h), room).size(d.name)[0] <= room


def name_fits(d: Any, w: int, h: int, worth: int | None = None) -> bool:
    """Whether `draw_strip` draws card d's whole name on its strip w x h: on one line
    (`title_fits`) or, on a band tall enough, on two."""
    if title_fits(d, w, h, worth):
        return True
    line = max(1.0, h * 0.045) * (2.2 if d.kind == "trait" and d.dominant else 1)
    return _two_lines(d.name, strip_text_px(h), h - 2 * line,
                      name_room(d, w, h, worth)) is not None


def name_width(d: Any, h: int, worth: int | None = None) -> int:
    """The narrowest strip h high that shows card d's whole name (`name_fits`; 801 when
    none up to 800 does)."""
    lo, hi = 16, 801
    while lo < hi:
        mid = (lo + hi) // 2
        if name_fits(d, mid, h, worth):
            hi = mid
        else:
            lo = mid + 1
    return lo


def split_width(name: str, f: Any) -> int | None:
    """The width of the longer line of `name` broken on two lines in font `f` at its best
    break (`split_name`); None when it has no break."""
    widths = [max(f.size(name[:i + 1].rstrip())[0], f.size(name[i + 1:].lstrip())[0])
              for i, ch in enumerate(name) if ch in " -" and name[:i].strip()
              and name[i + 1:].strip()]
    return min(widths, default=None)


def _two_lines(name: str, fs: int, inner: float, room: int) -> tuple[Any, tuple] | None:
    """(font, lines) for a name that does not fit on one line but fits on two, in the
    largest size from the strip's own down to MIN_TEXT_PX whose two lines fit the band's
    inner height `inner`; None when the band is too short or no break fits."""
    for px in range(fs, MIN_TEXT_PX - 1, -1):
        f = font(px, True, True)
        if 2 * (f.get_linesize() - 1) > inner:
            continue
        lines = split_name(name, f, room)
        if lines:
            return f, lines
    return None


def _draw_lines(surf: pygame.Surface, lines: tuple, f: Any, x0: float, cy: float) -> None:
    """A name's lines, left-aligned at x0, centred as a block on cy, shadowed as one line."""
    step = f.get_linesize() - 1 if len(lines) > 1 else f.get_height()
    y = round(cy - step * len(lines) / 2)
    for line in lines:
        img = f.render(line, True, WHITE)
        sh = f.render(line, True, SHADOW)
        sh.set_alpha(150)
        surf.blit(sh, (round(x0) + 1, y + 1))
        surf.blit(img, (round(x0), y))
        y += step


def _picture(art: SymbolSource, surf: pygame.Surface, d: Any, base: tuple[int, int, int],
             x0: float, right: float, cy: float, size: int, name_w: int) -> float:
    """The card's own picture, light on its colour, before the name when the whole name
    still fits beside it (the name comes first); returns where the name starts."""
    gap = size * 0.25
    if not getattr(d, "picture", None) or x0 + size + gap + name_w > right:
        return x0
    img = art.picture(d.picture, size, lighten(base, 0.78))
    if img is None:
        return x0
    centered(surf, img, x0 + size / 2, cy)
    return x0 + size + gap


def link_mark(s: int) -> pygame.Surface:
    """Two links of a chain on a dark disc (our own drawing): a trait with an attachment."""
    s = max(8, int(s))
    img = pygame.Surface((s, s), pygame.SRCALPHA)
    pygame.draw.circle(img, LINK_DISC, (s // 2, s // 2), s // 2)
    lw = max(1, s // 9)
    a = pygame.Rect(0, 0, int(s * 0.46), int(s * 0.3))
    b = a.copy()
    a.center = (int(s * 0.38), int(s * 0.58))
    b.center = (int(s * 0.62), int(s * 0.42))
    r = max(1, a.h // 2)
    pygame.draw.rect(img, GOLD, a, width=lw, border_radius=r)
    pygame.draw.rect(img, WHITE, b, width=lw, border_radius=r)
    return img
