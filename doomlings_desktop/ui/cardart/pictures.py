"""The card pictures: each card's own drawing (its `picture:`, a game-icons.net icon rendered
once to a white PNG by tools/render_pictures.py), tinted to the card's colour for its face and
strip, so a card is known by its picture while its colour stays readable. A picture that cannot
be read (a damaged install) is None: the face keeps the stand-in symbol it drew before."""

from __future__ import annotations

import pygame

from doomlings_desktop.rules.cards.pictures import picture_file, split
from doomlings_desktop.ui.cardart.palette import RGB

_loaded: dict[str, pygame.Surface | None] = {}


def source(value: str | None) -> pygame.Surface | None:
    """The picture's white silhouette as shipped (read once per run), or None when the card
    has none or its file cannot be read."""
    if not value or split(value) is None:
        return None
    if value not in _loaded:
        from doomlings_desktop.resources import resource

        try:
            img = pygame.image.load(str(resource(picture_file(value))))
            _loaded[value] = img if img.get_bitsize() == 32 else None
        except (FileNotFoundError, OSError, pygame.error, ValueError):
            _loaded[value] = None
    return _loaded[value]


_halves: dict[str, list[pygame.Surface]] = {}


def _nearest(value: str, img: pygame.Surface, size: int) -> pygame.Surface:
    """The smallest of the picture's halvings (256, 128, 64... px) still at least `size`:
    scaling from it costs a fraction of scaling the full picture, and a strip's 20-px picture
    is drawn for every card in the piles."""
    chain = _halves.get(value)
    if chain is None:
        chain = [img]
        while chain[-1].get_width() >= 32:
            w = chain[-1].get_width() // 2
            chain.append(pygame.transform.smoothscale(chain[-1], (w, w)))
        _halves[value] = chain
    return next((c for c in reversed(chain) if c.get_width() >= size), img)


def draw_picture(value: str | None, size: int, tint: RGB, alpha: int = 255
                 ) -> pygame.Surface | None:
    """The picture `size` px square in `tint` (its coverage times `alpha` as transparency),
    or None (see `source`)."""
    img = source(value)
    if img is None:
        return None
    size = max(2, int(size))
    out = pygame.transform.smoothscale(_nearest(value, img, size), (size, size))
    out.fill((*tint, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    return out
