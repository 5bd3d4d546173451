"""The bundled DejaVu Sans fonts (assets/fonts/), loaded once per size and style.

`font(size, bold=False, condensed=False)` gives a `pygame.font.Font`; the same arguments give the
same object. If the bundled files cannot be found (a broken install) pygame's default font is
used instead, so drawing never fails for want of a font file.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from doomlings_desktop.resources import resource

_FILES = {
    (False, False): "DejaVuSans.ttf",
    (True, False): "DejaVuSans-Bold.ttf",
    (False, True): "DejaVuSansCondensed.ttf",
    (True, True): "DejaVuSansCondensed-Bold.ttf",
}


def font_path(bold: bool = False, condensed: bool = False) -> str | None:
    """The file of one bundled style, or None when it cannot be found."""
    try:
        return str(resource("assets/fonts/" + _FILES[(bool(bold), bool(condensed))]))
    except FileNotFoundError:
        return None


@lru_cache(maxsize=512)
def _load(size: int, bold: bool, condensed: bool) -> pygame.font.Font:
    path = font_path(bold, condensed)
    if path is None:
        f = pygame.font.Font(None, size)
        f.bold = bold
        return f
    return pygame.font.Font(path, size)


def font(size: int, bold: bool = False, condensed: bool = False) -> pygame.font.Font:
    """DejaVu Sans at `size` pixels (at least 1), cached per arguments."""
    if not pygame.font.get_init():
        pygame.font.init()
    return _load(max(1, int(size)), bool(bold), bool(condensed))


def clear() -> None:
    """Forget every loaded font (e.g. after pygame.font.quit())."""
    _load.cache_clear()
