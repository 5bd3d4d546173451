"""A hovered hand card rises to a size where its rules text can be read (READ_RULES_PX, and
more on bigger windows and UI scales), animated on the scene's clock.

The raised card is only a preview: the hand's click targets stay where the cards rest, so a
click goes where it always went. The card is raised only while the pointer rests on its place
in the hand, which lies inside the raised card, so what the pointer is over is always the card
it would pick; move the pointer off it (to a button, say) and the card goes back down.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame
from pygame import Rect

from doomlings_desktop.lru import LRU
from doomlings_desktop.play.pace import timing
from doomlings_desktop.ui.cardart.faces import reading_height
from doomlings_desktop.ui.fonts import MIN_TEXT_PX, READ_RULES_PX
from doomlings_desktop.ui.table.state import DragState, Modals, dragging
from doomlings_desktop.ui.theme import RAISE_SHADOW

_HEIGHTS: LRU = LRU(16)    # by card database and text size


def rules_px(u: float) -> int:
    """The rules text size a raised card shows: READ_RULES_PX at 720 px high and 100%,
    growing with the window and the UI scale."""
    return max(READ_RULES_PX, round(READ_RULES_PX * u))


def raised_height(db: Any, u: float) -> int:
    """The face height at which every trait's rules text is at least rules_px(u)."""
    px = rules_px(u)
    key = (db.hash, db.modules, px)      # not id(db): a new database may reuse a freed id
    h = _HEIGHTS.get(key)
    if h is None:
        h = _HEIGHTS[key] = reading_height([db.cards[c] for c in db.traits], px)
    return h


def resting_height(db: Any, u: float) -> int:
    """The height of a hand card at rest: where every trait's rules text is MIN_TEXT_PX at
    unit 1, more with the window and the interface size (`layout.table_unit`), so the hand is
    read where it lies (issue 26); the layout caps it to its share of the window."""
    px = max(MIN_TEXT_PX, round(MIN_TEXT_PX * u))
    key = ("rest", db.hash, db.modules, px)
    h = _HEIGHTS.get(key)
    if h is None:
        h = _HEIGHTS[key] = reading_height([db.cards[c] for c in db.traits], px, 100)
    return h


class HandRaise:
    """How far each hand card has risen (0 at rest, 1 raised), moved toward the hovered card
    being up and every other down."""

    def __init__(self) -> None:
        self.up: dict[int, float] = {}
        self.card: int | None = None        # the card the pointer rests on, if any
        self.rect: Rect | None = None       # where that card is drawn now
        self._at: float | None = None

    def step(self, card: int | None, now: float, seconds: float) -> None:
        dt = 0.0 if self._at is None else max(0.0, now - self._at)
        self._at = now
        self.card = card
        if card is not None:
            self.up.setdefault(card, 0.0)
        for c, p in list(self.up.items()):
            goal = 1.0 if c == card else 0.0
            if seconds <= 0:
                p = goal
            elif p < goal:
                p = min(goal, p + dt / seconds)
            elif p > goal:
                p = max(goal, p - dt / seconds)
            if p <= 0 and c != card:
                del self.up[c]
            else:
                self.up[c] = p

    def busy(self) -> bool:
        """Still moving: a frame later it looks different."""
        return any(0 < p < 1 or (c == self.card and p < 1) for c, p in self.up.items())

    def reset(self) -> None:
        self.up.clear()
        self.card = self.rect = None


class Rising(Protocol):
    """What the hand's rise reads of the table: the app (art, settings), the cards, the game
    (over?), the clock, the pointer, the drag, the modals, whether a window of cards is
    open, and its own `HandRaise`."""

    app: Any
    db: Any
    game: Any
    time: float
    pointing: Any
    drag: DragState | None
    modals: Modals
    hand_raise: HandRaise

    def _card_window(self, d: Any) -> str | None: ...


def track(sc: Rising, d: Any) -> None:
    """The update step (before drawing): the hovered hand card rises, the others sink, on the
    scene's clock."""
    shut = sc._card_window(d) is not None or sc.game.over
    card = hovered(sc.pointing.key, sc.drag, sc.modals, shut)
    sc.hand_raise.step(card, sc.time, timing(sc.app.settings).rise)


def hovered(key: Any, drag: DragState | None, modals: Modals, shut: bool) -> int | None:
    """The hand card the pointer rests on (`key`, the hover target), unless something else is
    in the way: a drag, a zoom, the menu or the help (`modals`), or a window of cards or the
    game's end (`shut`)."""
    if not key or key[0] != "hand" or dragging(drag) is not None:
        return None
    if modals.covering() or shut:
        return None
    return key[1]


def raised_rect(sc: Rising, lay: Any, rest: Rect, u: float) -> Rect:
    """Where a raised card stands: standing on its resting place's bottom, centred on it, in
    the table's main area and under the top bar."""
    h = min(raised_height(sc.db, u), rest.bottom - lay.top_bar.bottom)
    r = Rect(0, 0, int(h * 0.72), h)
    r.midbottom = (rest.centerx, rest.bottom)
    r.x = max(lay.hand.x, min(r.x, lay.hand.right - r.w))
    return r


def draw(sc: Rising, surf: pygame.Surface, lay: Any, rests: dict, d: Any, u: float,
         glow: Any) -> None:
    """The risen (and rising, and sinking) hand cards over the hand, the hovered one on top.
    `rests` holds where each card lies in the hand; `glow(c, r)` outlines a card that is an
    answer, as the hand does."""
    raise_ = sc.hand_raise
    raise_.rect = None
    for c, p in sorted(raise_.up.items(), key=lambda cp: (cp[0] == raise_.card, cp[1])):
        rest = rests.get(c)
        if rest is None or p <= 0:
            continue
        top = raised_rect(sc, lay, rest, u)
        e = 1 - (1 - p) ** 3
        r = Rect(round(rest.x + (top.x - rest.x) * e), round(rest.y + (top.y - rest.y) * e),
                 round(rest.w + (top.w - rest.w) * e), round(rest.h + (top.h - rest.h) * e))
        img = sc.app.art.face(c, top.w, top.h)
        if r.size != top.size:
            img = pygame.transform.smoothscale(img, r.size)
        shadow = r.inflate(int(8 * u), int(8 * u)).move(0, int(2 * u))
        pygame.draw.rect(surf, RAISE_SHADOW, shadow, border_radius=int(12 * u))
        surf.blit(img, r)
        glow(c, r)
        if c == raise_.card:
            raise_.rect = r
