"""What a frame draws, for the readability tests: every text rendered (its string, font size in
pixels and where it was drawn from) while `recording()` is on. Off, it costs one `is None` test
per rendered string.

Every string on screen goes through `ui/fonts.py`'s fonts, which report here. Card pictures
(faces, strips, backs, gene pool cards) are drawn once and cached: `CardArt` marks what it
draws with `within(kind, ...)`, so a record says whether its text belongs to a card picture
and which one. A test clears the caches before the frame it records (`fresh`), so that every
picture on screen is drawn, and recorded, in that frame.

The hit areas need no hook: a scene's `targets` (rect, action), rebuilt by every draw, are
the areas clicks are tested against, topmost last (`ui/app.py`'s `Scene`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class TextRecord:
    text: str
    px: int                  # the font's size in pixels (its em; capitals are ~0.73 of it)
    bold: bool
    within: tuple            # the card pictures it is drawn into, outermost first; () for UI


_sink: list[TextRecord] | None = None
_within: list[tuple] = []


def note(text: str, px: int, bold: bool) -> None:
    """A font rendered `text` (called by ui/fonts.py)."""
    if _sink is not None and text.strip():
        _sink.append(TextRecord(text, px, bold, tuple(_within)))


@contextmanager
def within(*what: Any) -> Iterator[None]:
    """Text rendered inside belongs to this card picture (e.g. ("face", card id, w, h))."""
    _within.append(what)
    try:
        yield
    finally:
        _within.pop()


@contextmanager
def recording() -> Iterator[list[TextRecord]]:
    """Collect every text rendered until the block ends."""
    global _sink
    got: list[TextRecord] = []
    before, _sink = _sink, got
    try:
        yield got
    finally:
        _sink = before


def fresh(app: Any) -> None:
    """Forget the app's cached text and card pictures, so the next frame renders (and
    records) everything it shows."""
    app.text.cache.clear()
    app.art.clear()
