"""The bundled DejaVu Sans fonts (assets/fonts/), loaded once per size and style.

`font(size, bold=False, condensed=False)` gives a `pygame.font.Font`; the same arguments give the
same object. If the bundled files cannot be found (a broken install) pygame's default font is
used instead, so drawing never fails for want of a font file.

Every font made here draws any str without raising (`_Font.render` and `_Font.size`): pygame
raises on NUL ("A null character was found"), on lone surrogates (UnicodeEncodeError) and on
text that takes no room, such as a lone U+200B or U+FE0F ("Text has zero width"). Text reaches
the screen from saves, settings and the keyboard, so a renderer that raises is a screen that
never opens. What cannot be drawn is left out, a lone surrogate shows as U+FFFD, a line is cut
at MAX_CHARS (no screen shows more, and a million-character line would take a gigabyte), and
text that is left with no width gives an empty (0-wide) image, as "" always has.
"""

from __future__ import annotations

from typing import Any

import pygame

from doomlings_desktop.lru import LRU
from doomlings_desktop.resources import resource
from doomlings_desktop.ui import probe
from doomlings_desktop.ui.theme import BLACK

# The smallest text a player has to read, in font pixels (the em: DejaVu Sans capitals are
# 0.73 of it, 8 px at 11). `Text` (ui/app.py) never renders smaller, pile strips keep their
# names at least this size, and the UI tests check every string of the table against it
# (tests/test_readability.py; docs/ui.md says which card decorations are exempt).
MIN_TEXT_PX = 11
# The rules text of a card shown to be read (a hovered hand card, a pile card's preview, a
# zoom) is at least this size.
READ_RULES_PX = 12
# The most characters one rendered line keeps: 4K wide at MIN_TEXT_PX holds about 700.
MAX_CHARS = 1000

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


def drawable(text: Any) -> str:
    """`text` as a str pygame's font code accepts: no NUL, lone surrogates as U+FFFD (a pair
    that was split into two surrogates is joined again), at most MAX_CHARS characters."""
    if isinstance(text, bytes):         # pygame takes UTF-8 bytes too
        text = text.decode("utf-8", "replace")
    s = text if isinstance(text, str) else ("" if text is None else str(text))
    s = s[:MAX_CHARS]
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        s = s.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return s.replace("\x00", "") if "\x00" in s else s


# what pygame's font code raises on text it cannot draw (and, at worst, on memory)
_FONT_ERRORS = (pygame.error, ValueError, UnicodeError, OverflowError, MemoryError)


def safe_size(f: pygame.font.Font, text: Any) -> tuple[int, int]:
    """The size `f` draws `text` at, for any text; (0, line height) if it cannot be drawn."""
    try:
        return pygame.font.Font.size(f, drawable(text))
    except _FONT_ERRORS:
        return 0, f.get_height()


def safe_render(f: pygame.font.Font, text: Any, antialias: Any = True, color: Any = BLACK,
                bg: Any = None, wraplength: int = 0) -> pygame.Surface:
    """`f.render` for any text: what can be drawn is drawn, nothing raises. Text with no width
    (only zero-width characters) gives the 0-wide image pygame gives for "". A font of this
    module tells `probe` what it renders."""
    s = drawable(text)
    if probe._sink is not None and isinstance(f, _Font):
        probe.note(s, f.px, f.heavy)
    # the text as it is (all that ordinary text costs), then only what prints, then nothing:
    # pygame raises "Text has zero width" on text of only zero-width characters
    for attempt in (s, "".join(ch for ch in s if ch.isprintable()), ""):
        try:
            return pygame.font.Font.render(f, attempt, antialias, color, bg, wraplength)
        except _FONT_ERRORS:
            continue
    return pygame.Surface((0, f.get_height()), pygame.SRCALPHA)


class _Font(pygame.font.Font):
    """A font that knows its pixel size, tells `probe` what it renders, and never raises on
    the text it is given (`safe_render`, `safe_size`)."""

    px = 0
    heavy = False

    def render(self, text: Any, antialias: Any = True, color: Any = BLACK, bg: Any = None,
               wraplength: int = 0) -> pygame.Surface:
        return safe_render(self, text, antialias, color, bg, wraplength)

    def size(self, text: Any) -> tuple[int, int]:
        return safe_size(self, text)


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
