"""Putting a drawn frame on the screen: the whole window, or only the bands that changed.

Every frame is drawn whole (simple, and cheap: ~3-5 ms at 1920x1080), but sending a whole
window to the display is not always cheap: a full 1920x1080 flip takes ~4 ms through X11's
shared memory under Xvfb, more over VNC or remote X (and took 20-75 ms through SDL's
software OpenGL, which `prefer_native_framebuffer` now avoids). Comparing the frame with the
last one, in bands of rows, costs ~3 ms and usually finds that a hover or a moving card
changed a few bands only. Which way is faster depends on the display, so the Presenter
times both on its first frames and keeps the faster one; it sends the whole window whenever
it cannot trust what the display shows (first frame, a new size, the window exposed).

Before the window is made, `prefer_native_framebuffer` keeps SDL from sending frames through
OpenGL on X11: under software GL every update, however small, cost as much as a full flip.
"""

from __future__ import annotations

import os
import time

import pygame

BAND = 24            # rows per band compared: small enough to skip untouched rows cheaply
COLUMNS = 8          # a changed band is sent only in the columns that changed
TRIAL = 12           # frames that time both ways before one is chosen


# SDL's hint: whether a window's frames go through its 2D renderer (OpenGL) or the display's
# own framebuffer. Drivers that have one of their own: X11 (shared memory) and offscreen.
FRAMEBUFFER_HINT = "SDL_FRAMEBUFFER_ACCELERATION"
NATIVE_FRAMEBUFFER = ("x11", "offscreen")


def prefer_native_framebuffer(driver: str) -> bool:
    """Before the window opens: on X11 (and the offscreen driver) let the window's frames go
    through the display's own framebuffer, not SDL's OpenGL texture. SDL 2 picks OpenGL
    wherever a GL driver loads, and re-sends the whole window for every update however small;
    where that GL is software (Mesa's llvmpipe: a machine or VM without a GPU driver, Xvfb,
    remote X) an update of 100x100 pixels took as long as a full flip, 50-75 ms of wall time
    and ~20 ms of CPU on the rasteriser's threads, which also slowed the next frame's drawing
    on a 2-core machine. Through X11's shared memory a flip of 1920x1080 takes ~4 ms and a
    band of changed rows well under 1 ms, with a GPU or without. Not on Wayland or macOS,
    whose SDL 2 drivers have no framebuffer of their own (the window would fail to open);
    Windows already uses its own (GDI). A value the user set is kept. Returns whether it
    set the hint."""
    if driver not in NATIVE_FRAMEBUFFER or FRAMEBUFFER_HINT in os.environ:
        return False
    os.environ[FRAMEBUFFER_HINT] = "0"
    return True


def _median(xs: list[float]) -> float:
    # not the statistics module: the packaged game leaves it out (packaging/doomlings.spec)
    return sorted(xs)[len(xs) // 2]


class Presenter:
    """`present(surface)` once per drawn frame (the display surface of pygame.display)."""

    def __init__(self, clock=time.perf_counter) -> None:
        self.clock = clock
        self.prev: bytes | None = None
        self.size: tuple[int, int] = (0, 0)
        self.full_ms: list[float] = []    # whole-window flips, timed
        self.diff_ms: list[float] = []    # finding the changed bands, timed
        self.partial: bool | None = None  # None while the trial runs
        self.dirty = True                 # the next frame must go out whole

    def invalidate(self) -> None:
        """What the display shows can no longer be trusted (window exposed or resized)."""
        self.dirty = True

    def present(self, surf: pygame.Surface) -> int:
        """Show the frame; returns the rows sent (for the benchmark)."""
        w, h = surf.get_size()
        if (w, h) != self.size:
            self.size = (w, h)
            self.partial = None
            self.full_ms.clear()
            self.diff_ms.clear()
            self.dirty = True
        if self.partial is False:        # the display is fast: no need to compare frames
            pygame.display.flip()
            return h
        t0 = self.clock()
        raw = surf.get_buffer().raw
        rects = [] if self.dirty or self.prev is None else self._changed(raw, surf)
        t1 = self.clock()
        self.prev = raw
        if self.dirty or self.partial is None:
            pygame.display.flip()
            t2 = self.clock()
            self.dirty = False
            if self.partial is None:
                self.full_ms.append((t2 - t1) * 1000)
                if len(self.full_ms) > 1:           # the first frame compared nothing
                    self.diff_ms.append((t1 - t0) * 1000)
                if len(self.full_ms) >= TRIAL:
                    self._choose()
            return h
        if rects:
            pygame.display.update(rects)
        return sum(r.h for r in rects)

    def _choose(self) -> None:
        """Partial updates when a full flip costs clearly more than comparing the frames."""
        full = _median(self.full_ms)
        diff = _median(self.diff_ms) if self.diff_ms else full
        self.partial = full > 1.5 * diff + 1.0
        if not self.partial:
            self.prev = None            # stop keeping a copy of the window

    def _changed(self, raw: bytes, surf: pygame.Surface) -> list[pygame.Rect]:
        """Rectangles covering what differs from the last frame: bands of rows are compared
        whole, and a band that changed is narrowed to the columns that changed in it (the
        log scrolling must not resend the whole window). A run of bands changed in the same
        columns merges into one rectangle."""
        prev = self.prev
        w, h = surf.get_size()
        pitch, bpp = surf.get_pitch(), surf.get_bytesize()
        edges = [w * i // COLUMNS for i in range(COLUMNS + 1)]
        rects: list[pygame.Rect] = []
        open_: dict[tuple[int, int], pygame.Rect] = {}     # column span -> rect growing down
        for y in range(0, h, BAND):
            y1 = min(h, y + BAND)
            a, b = y * pitch, y1 * pitch
            spans: list[tuple[int, int]] = []
            if raw[a:b] != prev[a:b]:
                dirty = [False] * COLUMNS
                for row in range(a, b, pitch):
                    for c in range(COLUMNS):
                        if not dirty[c]:
                            s0, s1 = row + edges[c] * bpp, row + edges[c + 1] * bpp
                            dirty[c] = raw[s0:s1] != prev[s0:s1]
                    if all(dirty):
                        break
                c = 0
                while c < COLUMNS:
                    if dirty[c]:
                        c0 = c
                        while c < COLUMNS and dirty[c]:
                            c += 1
                        spans.append((edges[c0], edges[c]))
                    c += 1
            grown: dict[tuple[int, int], pygame.Rect] = {}
            for x0, x1 in spans:
                r = open_.get((x0, x1))
                if r is not None and r.bottom == y:
                    r.h += y1 - y
                else:
                    r = pygame.Rect(x0, y, x1 - x0, y1 - y)
                    rects.append(r)
                grown[(x0, x1)] = r
            open_ = grown
        return rects
