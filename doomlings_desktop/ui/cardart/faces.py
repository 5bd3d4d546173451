"""Card faces in our own design: the trait layout (color frame, symbol badge and name, art
panel, rules text, value disc, icons, gene-pool badge) and its age, catastrophe and Birth of Life
variants. Shapes go on a supersampled Canvas; text is drawn afterwards at the final size."""

from __future__ import annotations

import math
from typing import Any

import pygame

from doomlings_desktop.ui.cardart.emblems import module_of
from doomlings_desktop.ui.cardart.multi import banded, colors_of
from doomlings_desktop.ui.cardart.palette import (
    COLOR_RGB,
    CREAM,
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
from doomlings_desktop.ui.cardart.shapes import SS, Canvas, centered, smooth
from doomlings_desktop.ui.cardart.symbols import SymbolSource
from doomlings_desktop.ui.cardart.text import (
    draw_lines,
    fit_name,
    fit_text,
    num_text,
    shadowed,
    signed_text,
    text_block,
)
from doomlings_desktop.ui.fonts import MIN_TEXT_PX, font
from doomlings_desktop.ui.theme import (
    AGE_ART,
    AGE_BODY_LOW,
    AGE_SAND,
    AGE_TEXT_BOX,
    AGE_TEXT_EDGE,
    ART_FADE,
    BIRTH_ART_LOW,
    BIRTH_ART_TOP,
    BIRTH_BODY,
    BIRTH_BODY_LOW,
    BIRTH_EDGE,
    BIRTH_FRAME,
    BIRTH_RAYS,
    BIRTH_TEXT_BOX,
    BIRTH_TITLE,
    BIRTH_TITLE_SHADOW,
    BIRTH_TOP,
    CATA_BODY_LOW,
    CATA_BODY_TOP,
    CATA_EDGE,
    CATA_GP_PILL,
    CATA_GP_PILL_DOWN,
    CATA_PILL_INK,
    CATA_TEXT_BOX,
    CATA_TITLE_LOW,
    CATA_TITLE_TOP,
    CATA_WE_BOX,
    CATA_WE_INK,
    CATA_WE_LABEL,
    DOMINANT_GOLD_LIGHT,
    GP_MINUS,
    GP_PLUS,
    MEANING_FRAME,
    PICTURE_WATERMARK,
)

MINI_FACE_W = 48
"""Under this width a face has no room for words (its title bar alone would take a third of
it and the rules ran over the picture: the kept Meaning card beside a short panel's gene
pool, the asking card beside a prompt): it is drawn as its frame and picture (`_mini`), and
read whole by hovering, as any card on the table."""


def draw_face(art: SymbolSource, d: Any, w: int, h: int) -> pygame.Surface:
    """The full face of card `d` at w x h: frame, title bar, art panel, rules text and, on
    traits, value, icons and gene-pool badge."""
    kind = d.kind
    if w < MINI_FACE_W:
        return _mini(art, d, w, h)
    if kind == "trait":
        colors = colors_of(d)
        if len(colors) > 1:
            return _multi(art, d, colors, w, h)
        return _trait(art, d, w, h)
    if kind == "catastrophe":
        return _catastrophe(art, d, w, h)
    if kind == "birth":
        return _birth(art, d, w, h)
    if kind == "meaning":       # a Meaning of Life card (E4): an age's layout, its own colours
        return _age(art, d, w, h, MEANING_RGB, "MEANING OF LIFE")
    return _age(art, d, w, h)


def _mini(art: SymbolSource, d: Any, w: int, h: int) -> pygame.Surface:
    """A face too small for words: the frame in the card's colour (a trait's colour, a
    Meaning card's, an age's, a catastrophe's), a dominant's gold edge, and its picture as
    large as the body allows."""
    if d.kind == "trait":
        color = colors_of(d)[0] if d.color not in COLOR_RGB else d.color
        base = COLOR_RGB.get(color, COLOR_RGB["colorless"])
        body = mix(CREAM, lighten(base, 0.5), 0.18)
    elif d.kind == "meaning":
        base, body = MEANING_FRAME, AGE_SAND
    elif d.kind == "catastrophe":
        base, body = CATA_EDGE, CATA_BODY_TOP
    else:
        base, body = KIND_RGB.get(d.kind, KIND_RGB["age"]), AGE_SAND
    r = max(3.0, w * 0.12)
    b = max(2.0, round(w * 0.08))
    cv = Canvas(w, h, darken(base, 0.5))
    cv.rect(GOLD_DARK if d.dominant else darken(base, 0.55), 0, 0, w, h, r)
    line = max(1.0, w * 0.025)
    cv.gradient_rect(lighten(base, 0.22), darken(base, 0.12), line, line, w - 2 * line,
                     h - 2 * line, r - line)
    cv.rect(body, b, b, w - 2 * b, h - 2 * b, r * 0.6)
    ink = darken(base if d.kind != "catastrophe" else CATA_TITLE_TOP, 0.3)
    bw, bh = w - 2 * b, h - 2 * b
    size = max(6, int(min(bw * 0.94, bh * 0.8)))
    img = art.picture(d.picture, size, ink, 255) if d.picture else None
    if img is not None:
        cv.place(img, b + (bw - size) / 2, b + (bh - size) / 2)
    return cv.finish()


def _metrics(w: int, h: int) -> dict[str, float]:
    """Border, corner radius, title-bar height and padding, shared by every kind."""
    b = max(3.0, round(w * 0.045))
    return {
        "b": b,
        "r": max(4.0, w * 0.075),
        "hh": float(max(16, round(h * 0.15), min(26, round(h * 0.2)))),
        "pad": max(2.0, round(w * 0.025)),
    }


def title_height(w: int, h: int) -> int:
    """The height of a face's title bar at w x h (a pile's top card covers it with its
    strip, ui/table/panels.py)."""
    return int(_metrics(w, h)["hh"])


def _frame(cv: Canvas, w: int, h: int, base: RGB, edge: RGB, m: dict,
           gold: bool = False, body: RGB = CREAM, body2: RGB | None = None,
           top: RGB | None = None) -> tuple[float, float, float, float]:
    """Frame, title bar and body panel; returns the body panel rect (x, y, w, h)."""
    b, r = m["b"], m["r"]
    line = max(1.0, w * 0.008)
    cv.rect(edge, 0, 0, w, h, r)
    if gold:
        gw = max(2.0, b * 0.55)
        cv.rect(GOLD_DARK, line, line, w - 2 * line, h - 2 * line, r - line)
        cv.gradient_rect(DOMINANT_GOLD_LIGHT, GOLD_DARK, line * 1.6, line * 1.6, w - 3.2 * line,
                         h - 3.2 * line, r - line)
        inset = line + gw
    else:
        inset = line
    cv.gradient_rect(top or lighten(base, 0.22), darken(base, 0.12), inset, inset, w - 2 * inset,
                     h - 2 * inset, r - inset)
    bx, by, bw, bh = _body(w, h, m, gold)
    cv.rect(darken(base, 0.35), bx - line, by - line, bw + 2 * line, bh + 2 * line, r * 0.55 + line)
    cv.gradient_rect(body, body2 or mix(body, base, 0.10), bx, by, bw, bh, r * 0.55)
    return bx, by, bw, bh


def _body(w: int, h: int, m: dict, gold: bool) -> tuple[float, float, float, float]:
    """Where `_frame` puts the body panel (x, y, w, h)."""
    b = m["b"]
    bx, by = b + (max(2.0, b * 0.55) * 0.5 if gold else 0), m["hh"]
    return bx, by, w - 2 * bx, h - by - bx


def _trait_text_box(d: Any, w: int, h: int) -> tuple[float, float, float, float, float]:
    """The rules text box of a trait face, before any art: (x0, x1, y0, y1) and the disc's
    size (the value and icons sit in the row under it)."""
    m = _metrics(w, h)
    pad = m["pad"]
    bx, by, bw, bh = _body(w, h, m, bool(d.dominant))
    dv = max(16.0, round(w * 0.25))
    vcy = h - bx - pad * 0.6 - dv / 2
    y0 = by + pad
    if d.text and len(colors_of(d)) > 1:       # the row of its colours' symbols (_multi)
        y0 += _band_symbol_size(w, h) + pad
    return bx + pad, bx + bw - pad, y0, vcy - dv / 2 - pad * 0.5, dv


def _value_disc(d: Any, w: int, h: int) -> tuple[float, float, float]:
    """A trait face's value disc: centre and diameter, in the bottom-left corner."""
    m = _metrics(w, h)
    bx = _body(w, h, m, bool(d.dominant))[0]
    dv = max(16.0, round(w * 0.25))
    return bx + m["pad"] * 0.6 + dv / 2, h - bx - m["pad"] * 0.6 - dv / 2, dv


def _band_symbol_size(w: int, h: int) -> int:
    """The colour badges' size in the row over a multi-colour trait's rules text."""
    m = _metrics(w, h)
    return max(10, round(min(m["hh"] * 0.7, w * 0.17)))


def _art_height(d: Any, w: int, h: int) -> float:
    """The height of a trait face's art panel at the top of its text box (0: none, the rules
    text needs the room)."""
    tx0, tx1, ty0, ty1, _ = _trait_text_box(d, w, h)
    if not d.text:
        return ty1 - ty0
    room = ty1 - ty0 - _trait_text(d, w, h)[2] - _metrics(w, h)["pad"] * 3
    return room if room >= h * 0.12 else 0.0


def _trait_text(d: Any, w: int, h: int) -> tuple[int, list, int]:
    """The rules text of a trait face at w x h: font size, lines and their height."""
    tx0, tx1, ty0, ty1, _ = _trait_text_box(d, w, h)
    pad = _metrics(w, h)["pad"]
    return fit_text(d.text or "", int(tx1 - tx0 - pad), int(ty1 - ty0 - pad),
                    rules_start_px(w), 6 if w >= 100 else 5)


def rules_start_px(w: int) -> int:
    """The size a trait face's rules text starts from (fit_text shrinks it to fit): 0.068 of
    the width, but a face of hand size (about 120-160 wide) starts from MIN_TEXT_PX, so a hand
    card can be read where it lies (issue 26) while larger faces keep their picture's room."""
    return max(7, round(w * 0.068), min(MIN_TEXT_PX, round(w * 0.09)))


def trait_rules_px(d: Any, w: int, h: int) -> int:
    """The font size (pixels) of a trait's rules text on its face at w x h."""
    return _trait_text(d, w, h)[0]


def reading_height(traits: list, px: int, start: int = 40) -> int:
    """The smallest face height (width 0.72 of it) at which every one of these traits' rules
    text is at least `px`: the size a card is shown at to be read."""
    texts = {d.id: d for d in traits if d.text}.values()
    h = start
    while rules_start_px(int(h * 0.72)) < px and h < 20000:      # no smaller face can
        h += 1
    while h < 20000 and any(trait_rules_px(d, int(h * 0.72), h) < px for d in texts):
        h += 1
    return h


def _title(surf: pygame.Surface, name: str, x0: float, x1: float, y0: float, y1: float,
           color: RGB = WHITE, shadow: RGB = SHADOW, least: int = 6) -> None:
    maxw, maxh = max(8, int(x1 - x0)), max(8, int(y1 - y0))
    size, lines = fit_name(name, maxw, maxh, least=least)
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


def _module_mark(art: SymbolSource, surf: pygame.Surface, d: Any, right: float, cy: float,
                 size: float, pad: float, spots: list | None) -> float:
    """The module icon (egg, dragon's head, gears) at the right end of the title bar, the
    card's top-right corner; returns where the title bar's room now ends."""
    module = module_of(d)
    if not module:
        return right
    s = round(size)
    centered(surf, art.module_icon(module, s), right - s / 2, cy)
    _spot(spots, module, right - s / 2, cy, s, s)
    return right - s - pad * 0.3


def _art_window(art: SymbolSource, cv: Canvas, key: str, base: RGB, x: float, y: float, w: float,
                h: float, radius: float, symbol: bool = True, picture: str | None = None,
                tint: RGB | None = None, skip: float = 0.0) -> None:
    """The picture panel: gradient, rings and the card's own picture in `tint` (its colour,
    darkened, so the colour still reads), or without one the big symbol of its colour or
    kind (our stand-in for art); `skip`: room kept free at the panel's top (a multi-colour
    trait's badges)."""
    cv.gradient_rect(lighten(base, 0.55), lighten(base, 0.15), x, y, w, h, radius)
    cx, cy = x + w / 2, y + h / 2
    rmax = min(w, h) * 0.5
    ring = lighten(base, 0.62)
    for f in (0.93, 0.72, 0.53):
        cv.circle(ring, cx, cy, rmax * f, max(1.0, w * 0.006))
    if not symbol:
        return
    if _picture(art, cv, picture, tint or darken(base, 0.45), x, y + skip, w, h - skip):
        return
    sym = max(6, int(min(w * 0.55, h * 0.78)))
    img = art.kind_symbol(key, sym * SS).copy()
    img.fill(ART_FADE, special_flags=pygame.BLEND_RGBA_MULT)
    cv.blit(img, cx - sym / 2, cy - sym / 2)


def _picture(art: SymbolSource, cv: Canvas, picture: str | None, tint: RGB, x: float, y: float,
             w: float, h: float, alpha: int = 255) -> bool:
    """The card's picture as large as fits in the box, centred; False if it has none."""
    size = max(6, int(min(w * 0.7, h * 0.86)))
    img = art.picture(picture, size, tint, alpha) if picture else None
    if img is None:
        return False
    cv.place(img, x + (w - size) / 2, y + (h - size) / 2)
    return True


def face_spots(art: SymbolSource, d: Any, w: int, h: int) -> list[tuple[str, pygame.Rect]]:
    """Where a face at w x h shows each thing the icon legend explains (a trait's colour
    symbols, dominant star, value or variable glyph, icons, gene pool badge; any card's
    module icon), measured by drawing it: a zoomed card's tooltips are found from these."""
    spots: list[tuple[str, pygame.Rect]] = []
    if d.kind == "trait":
        colors = colors_of(d)
        if len(colors) > 1:
            _multi(art, d, colors, w, h, spots)
        else:
            _trait(art, d, w, h, spots)
    elif d.kind == "catastrophe":
        _catastrophe(art, d, w, h, spots)
    elif d.kind == "age":
        _age(art, d, w, h, spots=spots)
    return spots


def _multi(art: SymbolSource, d: Any, colors: tuple[str, ...], w: int, h: int,
           spots: list | None = None) -> pygame.Surface:
    """A multi-colour trait: the card drawn in each colour and cut into bands, one per colour
    (2 to 4), with each colour's symbol whole in the middle of its own band (in the art panel,
    or in a row over the rules text when it has some), so no band is known by its colour
    alone; the title bar keeps the first colour's symbol, as on every trait."""
    m = _metrics(w, h)
    tx0, tx1, ty0, _, _ = _trait_text_box(d, w, h)
    bands = [_trait(art, d, w, h, spots if i == 0 else None, band=c) for i, c in enumerate(colors)]
    surf = banded(bands, tx0, tx1)
    vcx, vcy, dv = _value_disc(d, w, h)         # the value disc whole, in the first colour
    disc = pygame.Rect(0, 0, math.ceil(dv) + 2, math.ceil(dv) + 2)
    disc.center = (round(vcx), round(vcy))
    surf.blit(bands[0], disc, disc)
    n = len(colors)
    room = (tx1 - tx0) / n
    spans = [(tx0 + room * i, tx0 + room * (i + 1)) for i in range(n)]
    if d.text:                                  # the row kept over the text
        size = min(_band_symbol_size(w, h), room * 0.9)
        cy = ty0 - m["pad"] * 0.5 - size / 2
    elif art.has_picture(d.picture):     # a row over the picture
        size = _picture_badge_size(d, w, h, n)
        cy = ty0 + m["pad"] * 0.6 + size / 2
    else:                                       # the art panel is the whole body
        art_h = _art_height(d, w, h)
        size = min(room * 0.82, art_h * 0.5, w * 0.3)
        cy = ty0 + art_h / 2
    size = max(6, round(size))
    for c, (a, b) in zip(colors, spans, strict=True):
        centered(surf, art.badge(c, size), (a + b) / 2, cy)
        _spot(spots, c, (a + b) / 2, cy, size, size)
    return surf


def _picture_badge_size(d: Any, w: int, h: int, n: int) -> float:
    """The colour badges' size in the row over a multi-colour trait's picture (n colours)."""
    tx0, tx1 = _trait_text_box(d, w, h)[:2]
    return max(6, round(min((tx1 - tx0) / n * 0.62, _art_height(d, w, h) * 0.25, w * 0.15)))


def _spot(spots: list | None, key: str, cx: float, cy: float, w: float, h: float) -> None:
    if spots is not None:
        spots.append((key, pygame.Rect(round(cx - w / 2), round(cy - h / 2), round(w), round(h))))


def _trait(art: SymbolSource, d: Any, w: int, h: int,
           spots: list | None = None, band: str = "") -> pygame.Surface:
    """A trait's face; `band`: the colour to draw a multi-colour trait in (one band of it,
    _multi), whose art panel then leaves the symbols to _multi."""
    color = band or d.color
    color = color if color in COLOR_RGB else "colorless"
    base = COLOR_RGB[color]
    m = _metrics(w, h)
    r, hh, pad = m["r"], m["hh"], m["pad"]
    dominant = bool(d.dominant)
    cv = Canvas(w, h, darken(base, 0.5))
    body = mix(CREAM, lighten(base, 0.5), 0.18)
    bx, by, bw, bh = _frame(cv, w, h, base, darken(base, 0.55), m, gold=dominant, body=body)

    # bottom row geometry
    tx0, tx1, ty0, ty1, _ = _trait_text_box(d, w, h)
    vcx, vcy, dv = _value_disc(d, w, h)
    di = max(12, round(w * 0.16))
    icons = [i for i in ICON_NAMES if i in (d.icons or ())]
    # value disc (shapes)
    ring = max(2.0, dv * 0.09)
    cv.circle(darken(base, 0.55), vcx, vcy, dv / 2)
    cv.circle(base, vcx, vcy, dv / 2 - max(1.0, w * 0.008))
    cv.circle(CREAM, vcx, vcy, dv / 2 - ring)

    # text and art area
    text = d.text or ""
    lines: list = []
    th = 0
    if text:
        size, lines, th = _trait_text(d, w, h)
    art_h = _art_height(d, w, h)
    if art_h > 0:
        n = len(colors_of(d))
        skip = _picture_badge_size(d, w, h, n) + pad * 0.6 if band and not text else 0.0
        _art_window(art, cv, color, base, tx0, ty0, tx1 - tx0, art_h, r * 0.4,
                    symbol=not band or art.has_picture(d.picture),
                    picture=d.picture, skip=skip)
    if text:
        box_y = ty0 + (art_h + pad if art_h else 0)
        box_h = ty1 - box_y
        cv.rect(mix(CREAM, WHITE, 0.5), tx0, box_y, tx1 - tx0, box_h, r * 0.35)
        cv.rect(lighten(base, 0.45), tx0, box_y, tx1 - tx0, box_h, r * 0.35, max(1.0, w * 0.006))
        if not art_h:       # too small for a picture panel: the picture faintly behind the text
            _picture(art, cv, d.picture, darken(base, 0.3), tx0, box_y, tx1 - tx0, box_h,
                     PICTURE_WATERMARK)

    surf = cv.finish()

    # title bar: symbol badge, name, dominant star
    top = bx * (0.6 if dominant else 0.7)
    bs = max(10, round(min((hh - top) * 0.8, w * 0.17)))
    bcx = bx + bs / 2 + pad * 0.3
    bcy = top + (hh - top) / 2
    centered(surf, art.badge(color, bs), bcx, bcy)
    _spot(spots, color, bcx, bcy, bs, bs)
    right = _module_mark(art, surf, d, w - bx - pad * 0.5, bcy, bs, pad, spots)
    if dominant:
        ss = round(bs * 0.92)
        centered(surf, art.dominant_star(ss), right - ss / 2, bcy)
        _spot(spots, "dominant", right - ss / 2, bcy, ss, ss)
        right -= ss + pad * 0.2
    else:
        right -= bs * 0.25
    # a face of hand size keeps its name at MIN_TEXT_PX, as its rules text (issue 26)
    least = MIN_TEXT_PX if rules_start_px(w) >= MIN_TEXT_PX else 6
    _title(surf, d.name, bcx + bs / 2 + pad * 0.5, right, top, hh - 1, least=least)

    # rules text
    if text:
        box_y = ty0 + (art_h + pad if art_h else 0)
        box_h = ty1 - box_y
        y = box_y + (box_h - th) / 2
        draw_lines(surf, lines, size, (tx0 + tx1) / 2, y, INK, max_y=ty1)

    # value
    _spot(spots, "variable" if d.variable else "value", vcx, vcy, dv, dv)
    if d.variable:
        centered(surf, art.variable_glyph(round(dv * 0.74)), vcx, vcy)
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
        centered(surf, art.icon(name, di), x, vcy)
        _spot(spots, name, x, vcy, di, di)
        x -= di + pad * 0.4
    icons_left = x + di / 2

    # gene pool badge
    gp = int(d.gp_self or 0)
    if gp:
        x0 = vcx + dv / 2 + pad * 0.5
        _gp_badge(surf, gp, x0, icons_left, vcy, di, base)
        _spot(spots, "gene_pool", (x0 + icons_left) / 2, vcy, max(di, icons_left - x0), di)
    return surf


def _gp_badge(surf: pygame.Surface, gp: int, x0: float, x1: float, cy: float,
              di: float, base: RGB) -> None:
    avail = x1 - x0
    # MIN_TEXT_PX from the hand's size on (its cards are read where they lie, issue 26)
    fs = max(6, round(di * 0.5), min(MIN_TEXT_PX, round(di * 0.56)))
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
    fill = GP_PLUS if gp > 0 else GP_MINUS
    hi.fill((*darken(fill, 0.4), 0))
    pygame.draw.rect(hi, darken(fill, 0.4), hi.get_rect(), border_radius=round(ph * k / 2))
    pygame.draw.rect(hi, fill, hi.get_rect().inflate(-k * 2, -k * 2), border_radius=round(ph * k / 2))
    pill = smooth(hi, (max(1, round(pw)), max(1, round(ph))))
    centered(pill, f.render(label, True, WHITE), pw / 2, ph / 2)
    centered(surf, pill, cx, cy)


MEANING_RGB = MEANING_FRAME


def _age(art: SymbolSource, d: Any, w: int, h: int, base: tuple = KIND_RGB["age"],
         label: str = "AGE", spots: list | None = None) -> pygame.Surface:
    m = _metrics(w, h)
    r, hh, pad = m["r"], m["hh"], m["pad"]
    cv = Canvas(w, h, darken(base, 0.5))
    sand = AGE_SAND
    bx, by, bw, bh = _frame(cv, w, h, base, darken(base, 0.55), m, body=sand,
                            body2=AGE_BODY_LOW)
    text = d.text or ""
    tx0, tx1 = bx + pad, bx + bw - pad
    label_h = max(7.0, round(h * 0.045))
    ty0, ty1 = by + pad, by + bh - pad - label_h
    maxw = int(tx1 - tx0 - pad)
    pref = max(7, round(w * 0.07))
    size, lines, th = fit_text(text, maxw, int(ty1 - ty0 - pad), pref, 6 if w >= 100 else 5)
    room = ty1 - ty0 - th - pad * 3
    art_h = room if room >= h * 0.12 else 0
    if art_h:       # a Meaning of Life card's picture in its frame colour, an age's in sand
        _art_window(art, cv, "age", AGE_ART, tx0, ty0, tx1 - tx0, art_h, r * 0.4,
                    picture=d.picture, tint=darken(base if d.kind == "meaning" else AGE_ART, 0.45))
    box_y = ty0 + (art_h + pad if art_h else 0)
    if text:
        cv.rect(AGE_TEXT_BOX, tx0, box_y, tx1 - tx0, ty1 - box_y, r * 0.35)
        cv.rect(AGE_TEXT_EDGE, tx0, box_y, tx1 - tx0, ty1 - box_y, r * 0.35, max(1.0, w * 0.006))
        if not art_h:
            _picture(art, cv, d.picture, darken(base if d.kind == "meaning" else AGE_ART, 0.3),
                     tx0, box_y, tx1 - tx0, ty1 - box_y, PICTURE_WATERMARK)
    surf = cv.finish()
    top = bx * 0.7
    bs = max(10, round(min((hh - top) * 0.8, w * 0.17)))
    bcx, bcy = bx + bs / 2 + pad * 0.3, top + (hh - top) / 2
    centered(surf, art.badge("age", bs), bcx, bcy)
    right = _module_mark(art, surf, d, w - bx - pad * 0.5, bcy, bs, pad, spots)
    _title(surf, d.name, bcx + bs / 2 + pad * 0.5, min(right, w - bx - pad - bs * 0.25), top,
           hh - 1)
    if text:
        draw_lines(surf, lines, size, (tx0 + tx1) / 2, box_y + (ty1 - box_y - th) / 2, INK,
                   max_y=ty1)
    centered(surf, _fitted_label(label, max(6, int(label_h * 0.9)), w - 2 * bx - pad,
                                 darken(base, 0.2)), w / 2, h - bx - pad * 0.5 - label_h / 2)
    return surf


def _fitted_label(label: str, size: int, room: float, color: tuple) -> pygame.Surface:
    """A card's kind label within its width: smaller first, then its first word alone
    ("MEANING OF LIFE" on a Meaning card drawn 50 px wide beside the gene pool ran over
    both edges; "MEANING" says it there)."""
    while True:
        img = font(size, True, False).render(label, True, color)
        if img.get_width() <= room:
            return img
        if size > 5:
            size -= 1
        elif " " in label:
            label = label.split(" ")[0]
        else:
            return img


def _catastrophe(art: SymbolSource, d: Any, w: int, h: int,
                 spots: list | None = None) -> pygame.Surface:
    m = _metrics(w, h)
    b, r, hh, pad = m["b"], m["r"], m["hh"], m["pad"]
    cv = Canvas(w, h, CATA_EDGE)
    edge = CATA_EDGE
    # Dark frame: draw with a near-black base, red title bar.
    line = max(1.0, w * 0.008)
    cv.rect(edge, 0, 0, w, h, r)
    cv.gradient_rect(CATA_BODY_TOP, CATA_BODY_LOW, line, line, w - 2 * line, h - 2 * line, r - line)
    cv.gradient_rect(CATA_TITLE_TOP, CATA_TITLE_LOW, b, b * 0.7, w - 2 * b, hh - b * 0.7 - pad * 0.5,
                     r * 0.5)
    bx, by = b, hh
    bw, bh = w - 2 * b, h - hh - b
    gp = int(d.gene_pool or 0)
    pill_h = max(10.0, round(h * 0.075))
    pill_y = by + pad * 0.5
    cv.rect(CATA_GP_PILL if gp >= 0 else CATA_GP_PILL_DOWN, bx + bw * 0.12, pill_y, bw * 0.76,
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
    art_h = 0.0             # the picture takes the room the text leaves, if enough of it,
    pictured = bool(d.picture) and art.has_picture(d.picture)
    if pictured and extra - pad >= h * 0.16:
        art_h = min(extra - pad, h * 0.34)
        extra -= art_h + pad
        cv.gradient_rect(darken(CATA_TITLE_LOW, 0.45), CATA_BODY_LOW, tx0, body_y, tx1 - tx0,
                         art_h, r * 0.35)
        _picture(art, cv, d.picture, lighten(CATA_TITLE_TOP, 0.15), tx0, body_y, tx1 - tx0,
                 art_h)
    box1_h = h1 + pad + extra * (0.5 if we else 1.0)
    box2_h = h2 + pad + (extra * 0.5 if we else 0)
    box1_y = body_y + (art_h + pad if art_h else 0)
    we_y = box1_y + box1_h + pad * 0.5
    box2_y = we_y + we_label_h + pad * 0.5
    cv.rect(CATA_TEXT_BOX, tx0, box1_y, tx1 - tx0, box1_h, r * 0.35)
    if pictured and not art_h:      # else faintly behind the text of its catastrophic effect
        _picture(art, cv, d.picture, CATA_TITLE_LOW, tx0, box1_y, tx1 - tx0, box1_h,
                 PICTURE_WATERMARK)
    if we:
        cv.rect(CATA_WE_BOX, tx0, box2_y, tx1 - tx0, box2_h, r * 0.35)
    surf = cv.finish()

    top = b * 0.7
    bs = max(10, round(min((hh - top - pad * 0.5) * 0.82, w * 0.17)))
    bcx, bcy = bx + bs / 2 + pad * 0.3, top + (hh - top - pad * 0.5) / 2
    centered(surf, art.badge("catastrophe", bs), bcx, bcy)
    right = _module_mark(art, surf, d, w - bx - pad * 0.5, bcy, bs, pad, spots)
    _title(surf, d.name, bcx + bs / 2 + pad * 0.5, min(right, w - bx - pad - bs * 0.25), top,
           hh - pad * 0.5 - 1)
    pf = font(max(6, int(pill_h * 0.68)), True, True)
    label = f"Gene pool {signed_text(gp)}" if gp else "Gene pool unchanged"
    if pf.size(label)[0] > bw * 0.72:
        label = f"GP {signed_text(gp)}"
    centered(surf, pf.render(label, True, CATA_PILL_INK), w / 2, pill_y + pill_h / 2)
    draw_lines(surf, l1, size, w / 2, box1_y + (box1_h - h1) / 2, INK)
    if we:
        gs = round(we_label_h * 1.05)
        lf = font(max(6, int(we_label_h * 0.78)), True, False)
        lab = lf.render("World's End", True, CATA_WE_LABEL)
        total = gs + 4 + lab.get_width()
        lx = w / 2 - total / 2
        centered(surf, art.icon("world_end", gs), lx + gs / 2, we_y + we_label_h / 2)
        surf.blit(lab, lab.get_rect(midleft=(round(lx + gs + 4), round(we_y + we_label_h / 2))))
        draw_lines(surf, l2, size, w / 2, box2_y + (box2_h - h2) / 2, CATA_WE_INK)
    return surf


def _birth(art: SymbolSource, d: Any, w: int, h: int) -> pygame.Surface:
    base = KIND_RGB["birth"]
    m = _metrics(w, h)
    r, hh, pad = m["r"], m["hh"], m["pad"]
    cv = Canvas(w, h, BIRTH_EDGE)
    bx, by, bw, bh = _frame(cv, w, h, base, BIRTH_FRAME, m, gold=False,
                            body=BIRTH_BODY, body2=BIRTH_BODY_LOW,
                            top=BIRTH_TOP)
    text = d.text or ""
    tx0, tx1 = bx + pad, bx + bw - pad
    maxw = int(tx1 - tx0 - pad)
    size, lines, th = fit_text(text, maxw, int(bh * 0.45), max(7, round(w * 0.068)),
                               6 if w >= 100 else 5)
    art_h = bh - th - pad * 4
    ax, ay, aw = tx0, by + pad, tx1 - tx0
    cv.gradient_rect(BIRTH_ART_TOP, BIRTH_ART_LOW, ax, ay, aw, art_h, r * 0.4)
    cx, cy = ax + aw / 2, ay + art_h / 2
    rays = 16
    rr = min(aw, art_h) * 0.48
    for i in range(rays):
        a = i * 2 * math.pi / rays
        a2 = a + math.pi / rays * 0.5
        cv.polygon(BIRTH_RAYS, [(cx, cy), (cx + rr * math.cos(a), cy + rr * math.sin(a)),
                                     (cx + rr * math.cos(a2), cy + rr * math.sin(a2))])
    ds = max(8, int(min(aw, art_h) * 0.7))
    if not _picture(art, cv, d.picture, darken(base, 0.35), cx - ds / 2, cy - ds / 2, ds, ds):
        cv.blit(art.kind_symbol("birth", ds * SS), cx - ds / 2, cy - ds / 2)
    box_y = ay + art_h + pad
    cv.rect(BIRTH_TEXT_BOX, tx0, box_y, aw, by + bh - pad - box_y, r * 0.35)
    surf = cv.finish()
    top = bx * 0.7
    _title(surf, d.name, bx + pad, w - bx - pad, top, hh - 1, color=BIRTH_TITLE,
           shadow=BIRTH_TITLE_SHADOW)
    draw_lines(surf, lines, size, w / 2, box_y + (by + bh - pad - box_y - th) / 2, INK)
    return surf
