"""Regions of the table drawn once and shown again while what they show stays the same.

A frame of a six-seat table at 1920x1080 spent most of its time redrawing the opponents'
panels (rounded rectangles, ~100 blits of strips, badges and text) that had not changed since
the frame before (issue 26's drawing p95 <= 8 ms with bots playing). A `RegionCache` keeps
the pixels of each region with the key of what it showed, and blits them back while the key
is the same.

Correctness comes first, so the rules are strict:

- The key is everything the region's drawing reads: the caller builds it from the view's
  parts it shows, the rectangles (a resize, the interface size), the unit, the palette and
  the card art's generation (`theme_key`); a key of None means "not cacheable now" (an
  outline that pulses with time, a test recording the text drawn) and the region is drawn
  as before.
- A region's drawing stays inside its rectangle, which holds nothing drawn before it: on a
  miss the rectangle is filled with the table's background, drawn, and copied.
- What drawing does besides pixels (the click targets, the pile cards lit, the open hands'
  cards shown) is recorded with the pixels and replayed on a hit, so clicks, hover and the
  motion layer's card places are the same either way.
- A region whose key changed on two draws running (a hand closing up, a score counting up)
  is drawn straight, as with a key of None, until it keeps a key: copying pixels that the
  next frame replaces cost ~0.3 ms a frame for nothing.
- `RegionCache.verify` (the tests turn it on: every 8th hit in every test, every hit in
  tests/test_regions.py) draws a hit again and fails loudly if the pixels or the targets
  differ from the cached ones: a key missing a part of what the region shows is found by a
  test that changes that part (a stale region stays stale for frames, so a sample finds it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
from pygame import Rect

from doomlings_desktop.ui import probe, theme


class StaleRegion(AssertionError):
    """A cached region differs from the same region drawn afresh (`RegionCache.verify`)."""


def theme_key(app: Any) -> tuple:
    """What every region's pixels hang on besides its own content: the palette, the card
    art (a new one, or its pictures dropped: `CardArt.generation`) and its colour symbols."""
    art = app.art
    return (theme.palette_name(app.settings.colours), tuple(theme.TRAIT_RGB.values()),
            tuple(theme.HIGHLIGHT.values()), id(art), getattr(art, "generation", 0),
            art.symbols)


class _Entry:
    __slots__ = ("key", "image", "targets", "lit", "shown", "face_up", "value", "hits")

    def __init__(self, key: tuple, image: pygame.Surface, targets: list, lit: list,
                 shown: set, face_up: set, value: Any) -> None:
        self.key = key
        self.image = image
        self.targets = targets
        self.lit = lit
        self.shown = shown
        self.face_up = face_up
        self.value = value
        self.hits = 0           # times shown from the cache (verify samples them)

    def same(self, other: _Entry) -> bool:
        """The same pixels, targets, lit cards, shown cards and value (`verify`)."""
        return self.image.get_size() == other.image.get_size() \
            and self.image.get_view("2").raw == other.image.get_view("2").raw \
            and (self.targets, self.lit, self.shown, self.face_up, self.value) == \
            (other.targets, other.lit, other.shown, other.face_up, other.value)


class RegionCache:
    """The pixels of named regions (a seat's panel...), each with the key it was drawn for."""

    # the tests: every verify-th hit of a region is drawn again and compared (StaleRegion);
    # 0 never (the game), 1 every hit
    verify = 0

    def __init__(self) -> None:
        self.entries: dict[Any, _Entry] = {}
        self.missed: dict[Any, tuple] = {}  # region -> the key of its last drawing, a miss
        self.hits = 0
        self.misses = 0

    def forget(self) -> None:
        """Drop every region: the next frame draws them all (a test that watches what a
        full redraw draws calls this)."""
        self.entries.clear()
        self.missed.clear()

    def draw(self, sc: Any, surf: pygame.Surface, name: Any, rect: Rect, key: tuple | None,
             paint: Callable[[], Any], background: tuple) -> Any:
        """Region `name` at `rect` as `paint` draws it, from the cache while `key` is the
        one it was drawn for; returns what `paint` returned. `paint` draws inside `rect` and
        may add click targets (`sc.targets`), lit cards (`sc.lit`), cards shown from open
        hands (`sc.open_shown`) and hand cards drawn face up (`sc.face_up`)."""
        rect = rect.clip(surf.get_rect())
        if key is None or probe._sink is not None or rect.w <= 0 or rect.h <= 0:
            self.entries.pop(name, None)
            self.missed.pop(name, None)
            surf.fill(background, rect)
            return paint()
        key = (tuple(rect), background, *key)
        got = self.entries.get(name)
        if got is not None and got.key == key:
            self.missed.pop(name, None)
            self.hits += 1
            surf.blit(got.image, rect)
            sc.targets.extend(got.targets)
            sc.lit.extend(got.lit)
            sc.open_shown.update(got.shown)
            sc.face_up.update(got.face_up)
            got.hits += 1
            if self.verify and got.hits % self.verify == 0:
                self._check(sc, surf, name, rect, got, paint, background)
            return got.value
        self.misses += 1
        last, self.missed[name] = self.missed.get(name), key
        if last is not None and last != key:    # changing frame after frame (a hand closing
            # up, a score counting up): drawn straight, not copied, until it keeps its key
            self.entries.pop(name, None)
            surf.fill(background, rect)
            return paint()
        got = self.entries[name] = self._paint(sc, surf, key, rect, paint, background)
        return got.value

    @staticmethod
    def _paint(sc: Any, surf: pygame.Surface, key: tuple, rect: Rect,
               paint: Callable[[], Any], background: tuple, keep: bool = True) -> _Entry:
        """Draw the region afresh and take what it drew: its pixels, and the targets, lit
        cards and shown cards it added (gathered apart, then added to the frame's if
        `keep`)."""
        saved = (sc.targets, sc.lit, sc.open_shown, sc.face_up)
        sc.targets, sc.lit, sc.open_shown, sc.face_up = [], [], set(), set()
        try:
            surf.fill(background, rect)
            value = paint()
            got = _Entry(key, surf.subsurface(rect).copy(), sc.targets, sc.lit,
                         sc.open_shown, sc.face_up, value)
        finally:
            sc.targets, sc.lit, sc.open_shown, sc.face_up = saved
        if keep:
            sc.targets.extend(got.targets)
            sc.lit.extend(got.lit)
            sc.open_shown.update(got.shown)
            sc.face_up.update(got.face_up)
        return got

    def _check(self, sc: Any, surf: pygame.Surface, name: Any, rect: Rect, got: _Entry,
               paint: Callable[[], Any], background: tuple) -> None:
        """Draw the region afresh over the cached one and compare (the tests' guard)."""
        fresh = self._paint(sc, surf, got.key, rect, paint, background, keep=False)
        if not fresh.same(got):
            raise StaleRegion(f"region {name!r} drawn from the cache differs from a fresh "
                              f"drawing: its key misses something it shows ({got.key!r})")


def outside(area: Rect, covers: list[Rect]) -> list[Rect]:
    """`area` less the rectangles in `covers`, as rectangles (bands between the covers' top
    and bottom edges, each cut where a cover crosses it): where a frame must still lay the
    background, the covers drawing every pixel of their own (the panels, the top bar, the
    log). Filling only these spared a whole-window fill a frame."""
    covers = [c.clip(area) for c in covers]
    covers = [c for c in covers if c.w > 0 and c.h > 0]
    ys = sorted({area.top, area.bottom, *(c.top for c in covers), *(c.bottom for c in covers)})
    out: list[Rect] = []
    for top, bottom in zip(ys, ys[1:], strict=False):
        spans = sorted((c.left, c.right) for c in covers if c.top <= top and c.bottom >= bottom)
        x = area.left
        for left, right in spans:
            if left > x:
                out.append(Rect(x, top, left - x, bottom - top))
            x = max(x, right)
        if x < area.right:
            out.append(Rect(x, top, area.right - x, bottom - top))
    return out
