"""The card pictures: each card's own drawing (its `picture:`, a game-icons.net icon rendered
once to a white PNG by tools/render_pictures.py), tinted to the card's colour for its face and
strip, so a card is known by its picture while its colour stays readable. A picture that cannot
be read (a damaged install) draws nothing: the face keeps the stand-in symbol it drew before.

Decoded pictures are kept small and few: the halvings from 128 px down of the last CHAINS
pictures used (about 85 KB each); a picture drawn larger than 128 px (a zoomed card, a big
hand) is read from its file again, once per face size, since CardArt keeps the face drawn."""

from __future__ import annotations

import pygame

from doomlings_desktop.lru import LRU
from doomlings_desktop.rules.cards.pictures import picture_file, split
from doomlings_desktop.ui.cardart.palette import RGB

CHAINS = 64             # pictures kept decoded (a 6-seat table shows fewer distinct cards)
KEEP = 128              # the largest halving kept in memory (px)


def _chain_bytes(chain: list[pygame.Surface]) -> int:
    return sum(s.get_width() * s.get_height() * 4 for s in chain)


_chains: LRU = LRU(CHAINS, CHAINS * 90_000, _chain_bytes)
_broken: set[str] = set()       # files that could not be read: not tried again


def _read(value: str | None) -> pygame.Surface | None:
    """The picture's white silhouette as shipped, read from its file; None when the card has
    none or its file cannot be read."""
    if not value or value in _broken or split(value) is None:
        return None
    from doomlings_desktop.resources import resource

    try:
        img = pygame.image.load(str(resource(picture_file(value))))
    except (FileNotFoundError, OSError, pygame.error, ValueError):
        img = None
    if img is None or img.get_bitsize() != 32 or img.get_width() < 2:
        _broken.add(value)
        return None
    return img


def _chain(value: str | None) -> list[pygame.Surface] | None:
    """The picture's halvings from at most KEEP px down to 16 px (cached), or None."""
    chain = _chains.get(value) if value else None
    if chain is None:
        img = _read(value)
        if img is None:
            return None
        while img.get_width() > KEEP:
            w = img.get_width() // 2
            img = pygame.transform.smoothscale(img, (w, w))
        chain = [img]
        while chain[-1].get_width() >= 32:
            w = chain[-1].get_width() // 2
            chain.append(pygame.transform.smoothscale(chain[-1], (w, w)))
        _chains[value] = chain
    return chain


def available(value: str | None) -> bool:
    """Whether the picture can be drawn (the card names one and its file reads)."""
    return _chain(value) is not None


def draw_picture(value: str | None, size: int, tint: RGB, alpha: int = 255
                 ) -> pygame.Surface | None:
    """The picture `size` px square in `tint` (its coverage times `alpha` as transparency),
    or None (see `_read`). It is scaled from the smallest halving at least that large, which
    costs a fraction of scaling the full picture (a strip's picture is about 20 px)."""
    chain = _chain(value)
    if chain is None:
        return None
    size = max(2, int(size))
    src = next((c for c in reversed(chain) if c.get_width() >= size), None)
    if src is None:             # larger than kept: the file's full size
        src = _read(value) or chain[0]
    out = pygame.transform.smoothscale(src, (size, size))
    out.fill((*tint, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    return out
