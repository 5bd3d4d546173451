"""The card art's colors: one frame color per trait color and card kind, the shared palette, and
blends of them (kept apart so every drawing module agrees on them)."""

from __future__ import annotations

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

ICON_NAMES = ("attachment", "action", "out_of_turn", "world_end", "drop_of_life")
"""The trait icons in the order a face draws them, left to right (attachment: Techlings)."""

# --------------------------------------------------------------------------- palette

INK: RGB = (38, 32, 30)
CREAM: RGB = (250, 245, 232)
GOLD: RGB = (236, 190, 64)
GOLD_DARK: RGB = (140, 98, 18)
WHITE: RGB = (255, 255, 255)
SHADOW: RGB = (20, 14, 12)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """a blended toward b by t (0: a, 1: b)."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def darken(c: RGB, t: float = 0.45) -> RGB:
    """c blended toward black by t."""
    return mix(c, (0, 0, 0), t)


def lighten(c: RGB, t: float = 0.45) -> RGB:
    """c blended toward white by t."""
    return mix(c, WHITE, t)
