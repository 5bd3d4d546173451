"""The size the window opens at.

A size the player chose (by resizing the window, remembered in the settings) is used again,
no larger than the screen. With none chosen, the window opens at the design size, 1280×720,
unless the desktop is a big screen (1.5 times that or more both ways: 1920×1080, 2560×1440,
4K), where 1280×720 was a quarter of a 2560×1440 screen and only F11 or the window manager
filled it: there it opens at the same shape, 85% of the desktop, leaving room for the task
bar and the title bar. A 1280×720 or 1366×768 desktop, or a wide one of 2600×800, opens it as
before. The dummy and offscreen drivers (the tests) have no screen: the design size."""

from __future__ import annotations

from typing import Any

import pygame

DESIGN = (1280, 720)        # the size the layout is drawn for, and the default window
ROOMY = 1.5                 # a desktop this many times DESIGN both ways opens a larger window
FILL = 0.85                 # of the desktop's width and height: the task bar, the title bar
NO_SCREEN = ("dummy", "offscreen")


def desktop_sizes(driver: str) -> list[tuple[int, int]]:
    """The desktops' sizes as SDL gives them ([] with no screen or when SDL cannot say)."""
    if driver in NO_SCREEN:
        return []
    try:
        return [tuple(d) for d in pygame.display.get_desktop_sizes()]
    except (pygame.error, AttributeError):
        return []


def fit_screen(size: tuple[int, int], driver: str,
               desktop: list[tuple[int, int]] | None = None) -> tuple[int, int]:
    """The saved window size, no larger than the screen (a settings file may say anything up
    to 16384 pixels; a window bigger than the screen cannot be moved or closed by its edges).
    Left as it is when there is no screen (the dummy drivers) or SDL cannot say."""
    if driver in NO_SCREEN:
        return size
    return within(size, desktop_sizes(driver) if desktop is None else desktop)


def within(size: tuple[int, int], desktop: list[tuple[int, int]]) -> tuple[int, int]:
    """`size` no larger than the first desktop (as it is if there is none to say)."""
    if not desktop or min(desktop[0]) <= 0:
        return size
    return min(size[0], desktop[0][0]), min(size[1], desktop[0][1])


def roomy(desktop: tuple[int, int]) -> tuple[int, int]:
    """The window for a desktop when no size was chosen: DESIGN, or on a big screen DESIGN's
    shape at FILL of the desktop (even sizes)."""
    dw, dh = desktop
    if dw < ROOMY * DESIGN[0] or dh < ROOMY * DESIGN[1]:
        return DESIGN
    scale = min(dw * FILL / DESIGN[0], dh * FILL / DESIGN[1])
    h = round(DESIGN[1] * scale) // 2 * 2
    return round(h * DESIGN[0] / DESIGN[1]) // 2 * 2, h


def opening_size(settings: Any, driver: str,
                 desktop: list[tuple[int, int]] | None = None) -> tuple[int, int]:
    """The size to open (or to come back from full screen) at: the player's chosen size fit
    to the screen, else `roomy` for the first desktop."""
    if desktop is None:
        desktop = desktop_sizes(driver)
    if settings.window_chosen:
        return within(tuple(settings.window), desktop)
    if not desktop or min(desktop[0]) <= 0:
        return DESIGN
    return roomy(desktop[0])
