"""The bundled DejaVu Sans fonts (assets/fonts/), loaded once per size and style.

`font(size, bold=False, condensed=False)` gives a `pygame.font.Font`; the same arguments give the
same object. If the bundled files cannot be found (a broken install) pygame's default font is
used instead, so drawing never fails for want of a font file.
"""

from __future__ import annotations

from typing import Any

import pygame

from doomlings_desktop.lru import LRU
from doomlings_desktop.resources import resource
from doomlings_desktop.ui import probe

# The smallest text a player has to read, in font pixels (the em: DejaVu Sans capitals are
# 0.73 of it, 8 px at 11). `Text` (ui/app.py) never renders smaller, pile strips keep their
# names at least this size, and the UI tests check every string of the table against it
# (tests/test_readability.py; docs/ui.md says which card decorations are exempt).
MIN_TEXT_PX = 11
# The rules text of a card shown to be read (a hovered hand card, a pile card's preview, a
# zoom) is at least this size.
READ_RULES_PX = 12

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


class _Font(pygame.font.Font):
    """A font that knows its pixel size and tells `probe` what it renders."""

    px = 0
    heavy = False

    def render(self, text: Any, *args: Any, **kwargs: Any) -> pygame.Surface:
        if probe._sink is not None:
            probe.note(str(text), self.px, self.heavy)
        return super().render(text, *args, **kwargs)


FONTS = 512           # sizes and styles kept loaded (every interface scale and zoom)
_fonts: LRU = LRU(FONTS)


def _load(size: int, bold: bool, condensed: bool) -> pygame.font.Font:
    key = (size, bold, condensed)
    f = _fonts.get(key)
    if f is None:
        path = font_path(bold, condensed)
        f = _Font(path, size)
        if path is None:
            f.bold = bold
        f.px, f.heavy = size, bold
        _fonts[key] = f
    return f


def font(size: int, bold: bool = False, condensed: bool = False) -> pygame.font.Font:
    """DejaVu Sans at `size` pixels (at least 1), cached per arguments."""
    if not pygame.font.get_init():
        pygame.font.init()
    return _load(max(1, int(size)), bool(bold), bool(condensed))


def clear() -> None:
    """Forget every loaded font (e.g. after pygame.font.quit())."""
    _fonts.clear()
