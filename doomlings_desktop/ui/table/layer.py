"""The base of every overlay on the table's modal stack, and the shade under them. A leaf:
overlays.py and news.py build on it without importing each other."""

from __future__ import annotations

from typing import Any, Protocol

import pygame
from pygame import Rect

from doomlings_desktop.lru import LRU
from doomlings_desktop.rules.view import View

SHADES = 4            # a whole window each (8 MB at 1920x1080): sizes and colours in use
_SHADES: LRU = LRU(SHADES)


def shade(surf: pygame.Surface, rgba: tuple) -> None:
    """Darken the whole window under an overlay. Every open overlay does this every frame, so
    the translucent surface is made once per window size and colour."""
    key = (surf.get_size(), rgba)
    s = _SHADES.get(key)
    if s is None:
        s = _SHADES[key] = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        s.fill(rgba)
    surf.blit(s, (0, 0))


class Frame(Protocol):
    """What the frame being drawn holds so far: its click targets (topmost last), its
    buttons, and the table's layout. The helpers below read only this."""

    targets: list[tuple[Rect, Any]]
    buttons: list[Any]
    layout: Any


def cover(sc: Frame, surf: pygame.Surface, rgba: tuple, action: tuple = ("shade",)) -> None:
    """Shade the window under a modal overlay and make the shade a click target over the
    whole window: the table under it can no longer be clicked, hovered or zoomed (`action`
    says what a click on the shade does; ("shade",) does nothing)."""
    shade(surf, rgba)
    sc.targets.append((surf.get_rect(), action))


class Layer:
    """One overlay: open or not, drawn over what is below it, and first to see input."""

    def __init__(self, scene: Any) -> None:
        self.sc = scene

    def open(self, d: Any) -> bool:
        return False

    def shown(self, d: Any) -> bool:
        return self.open(d)

    def update(self) -> None:
        """The step before drawing, once a frame (the scene's update, after the events): a
        layer that follows something over time (what the pointer rests on, since when) changes
        its state here, so that `draw` only draws."""

    def draw(self, surf: pygame.Surface, v: View | None, d: Any, u: float) -> None:
        pass

    def handle(self, event: pygame.event.Event) -> bool:
        return False


def decision_rects(sc: Any, d: Any) -> list[Rect]:
    """What a message must not cover while decision `d` waits: the buttons, and the cards
    that answer it (a click meant for Confirm or that card would land on the message), or
    for a choice of a player, the panels of the players to choose (one is chosen by a click
    on it: the real-window test's click on Bob's panel closed a stage note over it)."""
    options = {o for o in d.options if type(o) is int} if d is not None else set()
    kinds = ("panel",) if d is not None and d.kind == "player" else \
        ("hand", "strip", "overlay_card")
    cards = [r for r, k in sc.targets if k[0] in kinds and k[-1] in options]
    return [b.rect for b in sc.buttons] + cards


def free_spot(sc: Frame, box: Rect, size: tuple[int, int], u: float,
              avoid: list[Rect] | tuple = ()) -> Rect:
    """Where the message covers the least of what can be clicked (cards, piles, buttons):
    the first of a few spots near the middle of the table that covers nothing, else the
    one that covers least. A message must not hide the pile or the button it is about, and
    covers what is in `avoid` (a card being read) only when every spot would."""
    lay = sc.layout
    w, h = size
    if lay is None:
        return box.move(w // 2 - box.centerx, h // 2 - box.centery)
    main = lay.hand.w
    mine = lay.panel_of(lay.panels[0].seat).rect
    spots = [(main // 2, mine.bottom - box.h // 2 - int(6 * u)),
             (lay.prompt.right - box.w // 2, lay.center.centery),
             (main // 2, lay.center.centery),
             (main // 2, mine.y + box.h // 2 + int(40 * u)),
             (main // 2, lay.top_bar.bottom + box.h // 2 + int(4 * u))]
    # and between the buttons of the prompt's row, where one leaves room: with the hand as
    # tall as reading at rest needs (issue 26), a tall message centred on the table can
    # reach the row whatever its height
    x = lay.center.x
    for left, right in sorted((o.left, o.right) for o in avoid if o.colliderect(lay.center)) + \
            [(lay.center.right, lay.center.right)]:
        if left - x >= box.w:
            spots.append(((x + left) // 2, lay.center.centery))
        x = max(x, right)
    # whole areas (a player's panel, the log, a window's backdrop) are not in the way
    taken = [r for r, k in sc.targets if k[0] not in ("panel", "log", "world_end", "shade",
                                                        "pass_screen", "discard_pile")]
    taken += [b.rect for b in sc.buttons]
    best = None
    for cx, cy in spots:
        r = Rect(box)
        r.center = (cx, cy)
        r.clamp_ip(Rect(0, 0, w, h))
        covered = sum(r.clip(o).w * r.clip(o).h for o in taken) + \
            sum(r.clip(o).w * r.clip(o).h * 1000 for o in avoid)
        if best is None or covered < best[0]:
            best = (covered, r)
        if covered == 0:
            break
    return best[1]
