"""The gene pool card, our own design: a small card with a dial of the values 1-8 that turns
so the current value sits under the pointer at the top, and the value itself large and upright
in the dial's hub (the part that must stay readable in a six-player panel).

Three parts, each cached by CardArt: the card's body (frame, title, pointer), the dial (the
ring of numbers, turned to any whole degree) and the hub's digit. A card at rest is one cached
surface; a card turning is composed from the parts each frame.
"""

from __future__ import annotations

import pygame

from doomlings_desktop.ui.cardart.palette import CREAM, GOLD, INK, RGB, darken, lighten
from doomlings_desktop.ui.cardart.shapes import SS, Canvas
from doomlings_desktop.ui.cardart.text import num_text, shadowed
from doomlings_desktop.ui.fonts import font
from doomlings_desktop.ui.theme import (
    BLACK,
    GENE_POOL_FRAME,
    GENE_POOL_OUT_OF_RANGE,
    GENE_POOL_RING,
)

FRAME: RGB = GENE_POOL_FRAME          # a deep sea green: the pool
RING: RGB = GENE_POOL_RING
OUT_OF_RANGE: RGB = GENE_POOL_OUT_OF_RANGE
LOW, HIGH = 1, 8                    # the values on the dial


def dial_angle(value: int) -> float:
    """How far the dial is turned (degrees, counter-clockwise) to show `value` at the top."""
    return (max(LOW, min(HIGH, value)) - LOW) * 45.0


def dial_geometry(w: int, h: int) -> tuple[float, float, float]:
    """(centre x, centre y, radius) of the dial on a w x h gene pool card."""
    r = min(w * 0.42, h * 0.34)
    return w / 2, h - r - max(3.0, w * 0.1), r


def digit_size(w: int, h: int, value: int) -> int:
    """The font size of the hub's digit: as large as the hub allows (one or two characters)."""
    r = dial_geometry(w, h)[2]
    size = max(6, round(r * 0.86))
    text = num_text(value)
    while size > 6 and font(size, True, True).size(text)[0] > r * 1.05:
        size -= 1
    return size


def draw_body(w: int, h: int) -> pygame.Surface:
    """The card without its dial: frame, title and the pointer over the dial's top."""
    rad = max(3.0, w * 0.09)
    cx, cy, r = dial_geometry(w, h)
    cv = Canvas(w, h, FRAME)
    cv.rect(darken(FRAME, 0.4), 0, 0, w, h, rad)
    cv.gradient_rect(lighten(FRAME, 0.15), darken(FRAME, 0.2), 1, 1, w - 2, h - 2, rad - 1)
    inset = max(2.0, w * 0.05)
    cv.rect(GOLD, inset, inset, w - 2 * inset, h - 2 * inset, rad * 0.6, max(1.0, w * 0.015))
    cv.circle(darken(FRAME, 0.45), cx, cy, r * 1.04)          # the dial's socket
    cv.clip_round(rad)
    surf = cv.finish()
    title_h = cy - r - inset
    if title_h >= 6:
        f = font(max(6, min(round(w * 0.14), round(title_h * 0.55))), True, True)
        shadowed(surf, "GENE POOL", f, CREAM, BLACK, (w / 2, inset + title_h * 0.42),
                 w - 2.5 * inset, 1)
    return surf


def draw_pointer(w: int, h: int) -> pygame.Surface:
    """The gold pointer that marks the dial's top (drawn over the turning dial)."""
    cx, cy, r = dial_geometry(w, h)
    cv = Canvas(w, h, GOLD)
    s = r * 0.2
    top = cy - r * 0.93 - s * 1.2        # the tip rests on the rim, above the top number
    cv.polygon(darken(GOLD, 0.5), [(cx - s - 0.6, top - 0.6), (cx + s + 0.6, top - 0.6),
                                   (cx, top + s * 1.2 + 0.8)])
    cv.polygon(GOLD, [(cx - s, top), (cx + s, top), (cx, top + s * 1.2)])
    return cv.finish()


def draw_dial(r: float) -> pygame.Surface:
    """The dial at rest (1 at the top), supersampled: SS times its final size."""
    d = max(4, round(2 * r))
    big = d * SS
    c = big / 2
    s = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.circle(s, CREAM, (c, c), c * 0.98)
    pygame.draw.circle(s, RING, (c, c), c * 0.98, max(2, big // 26))
    for k in range(HIGH - LOW + 1):
        ang = k * 45.0
        num = font(max(4, round(big * 0.16)), True, True).render(str(LOW + k), True, INK)
        num = pygame.transform.rotate(num, -ang)
        v = pygame.math.Vector2(0, -c * 0.77).rotate(ang)
        s.blit(num, num.get_rect(center=(round(c + v.x), round(c + v.y))))
    return s


def draw_hub(r: float) -> pygame.Surface:
    """The dial's still centre the value is written on, at its final size."""
    d = max(4, round(2 * r * 0.56))
    cv = Canvas(d, d, CREAM)
    cv.circle(darken(FRAME, 0.45), d / 2, d / 2, d / 2)
    cv.circle(lighten(CREAM, 0.3), d / 2, d / 2, d / 2 - max(1.0, d * 0.06))
    return cv.finish()


def draw_digit(value: int, size: int) -> pygame.Surface:
    """The current value, upright: red outside the dial's 1-8."""
    color = INK if LOW <= value <= HIGH else OUT_OF_RANGE
    return font(size, True, True).render(num_text(value), True, color)


def compose(body: pygame.Surface, dial: pygame.Surface, hub: pygame.Surface,
            pointer: pygame.Surface, digit: pygame.Surface) -> pygame.Surface:
    """The whole card from its parts (the dial already turned and scaled)."""
    w, h = body.get_size()
    cx, cy, _ = dial_geometry(w, h)
    surf = body.copy()
    centre = (round(cx), round(cy))
    for part in (dial, hub):
        surf.blit(part, part.get_rect(center=centre))
    ink = digit.get_bounding_rect()        # centre the glyph's ink, not its line box
    surf.blit(digit, (centre[0] - ink.centerx, centre[1] - ink.centery))
    surf.blit(pointer, (0, 0))
    return surf
