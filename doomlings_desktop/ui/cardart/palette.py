"""The card art's colors: one frame color per trait color and card kind, the shared palette, and
blends of them (kept apart so every drawing module agrees on them)."""

from __future__ import annotations

from doomlings_desktop.ui import theme

RGB = tuple[int, int, int]

COLOR_RGB: dict[str, RGB] = theme.TRAIT_RGB
"""The frame color of traits of each color (white text is readable on every one)."""

COLOR_SYMBOL_NAMES: dict[str, str] = {
    "red": "flame",
    "blue": "wave",
    "green": "leaf",
    "purple": "diamond",
    "colorless": "hexagon",
}
"""The shape drawn for each color (`color_symbol`), for players who can't tell the colors apart."""

KIND_RGB: dict[str, RGB] = theme.KIND_RGB
"""The frame color of the non-trait cards."""

ICON_NAMES = ("attachment", "action", "out_of_turn", "world_end", "drop_of_life")
"""The trait icons in the order a face draws them, left to right (attachment: Techlings)."""

# --------------------------------------------------------------------------- palette

INK: RGB = theme.CARD_INK
CREAM: RGB = theme.CARD_CREAM
GOLD: RGB = theme.CARD_GOLD
GOLD_DARK: RGB = theme.CARD_GOLD_DARK
WHITE: RGB = theme.CARD_WHITE
SHADOW: RGB = theme.CARD_SHADOW


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """a blended toward b by t (0: a, 1: b)."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def darken(c: RGB, t: float = 0.45) -> RGB:
    """c blended toward black by t."""
    return mix(c, theme.BLACK, t)


def lighten(c: RGB, t: float = 0.45) -> RGB:
    """c blended toward white by t."""
    return mix(c, WHITE, t)
