"""Multi-colour traits (ruling E5) on our faces and strips: the card drawn once in each of its
colours and cut into vertical bands, one per colour, so the frame shows every colour; each
colour's symbol is drawn too, since colour is never the only cue."""

from __future__ import annotations

from typing import Any

import pygame

from doomlings_desktop.rules.cards import CardDef


def colors_of(d: Any) -> tuple[str, ...]:
    """A trait's colours, more than one for a multi-colour trait."""
    return tuple(getattr(d, "colors", None) or (d.color,))


def in_color(d: Any, color: str) -> CardDef:
    """The same card as if it had only `color` (to draw one band of it)."""
    one = CardDef(**{k: getattr(d, k) for k in CardDef.__slots__})
    one.color, one.colors = color, (color,)
    return one


def banded(surfs: list[pygame.Surface], x0: float = 0.0, x1: float | None = None
           ) -> pygame.Surface:
    """Vertical bands left to right, the i-th cut from the i-th surface (all one size). The
    cuts share x0..x1 out evenly (the whole width by default; a face passes its inner panel,
    so every colour gets as much of it), the first and last bands running on to the edges."""
    out = surfs[0].copy()
    w, h = out.get_size()
    x1 = w if x1 is None else x1
    n = len(surfs)
    for i, s in enumerate(surfs[1:], 1):
        cut = round(x0 + (x1 - x0) * i / n)
        out.blit(s, (cut, 0), pygame.Rect(cut, 0, w - cut, h))
    return out
