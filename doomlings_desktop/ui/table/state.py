"""Small pieces of the table's state, each with its one concern, so the parts that read them
take that piece and not the whole scene: the card being dragged (`DragState`). The chosen
answer and picks are `picks.Selection`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

DRAG_SLOP = 8       # pixels (across plus down) the pointer moves before a press is a drag


@dataclass
class DragState:
    """A hand card held down with the left button: where it was taken (`start`), where the
    pointer is, where on the card it was taken (`offset`), and whether it has moved far
    enough to be a drag (`moved`) rather than a click."""

    card: int
    start: tuple[int, int]
    pos: tuple[int, int]
    offset: tuple[int, int] = (0, 0)
    moved: bool = False

    def move(self, pos: tuple[int, int]) -> None:
        self.pos = pos
        if abs(pos[0] - self.start[0]) + abs(pos[1] - self.start[1]) > DRAG_SLOP:
            self.moved = True


def dragging(drag: DragState | None) -> int | None:
    """The card being dragged, once it has moved (a press that has not moved is a click)."""
    return drag.card if drag is not None and drag.moved else None


@dataclass
class Modals:
    """What is open over the table by the player's asking (not by the game): the Esc menu,
    the help (True, or "icons" for the marks page), a card or a gene pool card zoomed (the
    release of the click that closes a zoom is swallowed), the discard pile browsed, the trait
    piles walked (ui/table/pilewalk.py). Input
    opens and closes them; the overlays and the hand's rise read them."""

    menu_open: bool = False
    help_open: bool | str = False
    zoom: int | None = None
    zoom_gp: int | None = None      # the seat whose gene pool card is shown large
    swallow_up: bool = False
    browse: bool = False
    browse_at: int = 0              # the browsed pile's card the arrows are on (Z reads it)
    walk: tuple[int, int] | None = None     # the trait piles walked by V: (seat, card index)

    def zoomed(self) -> bool:
        return self.zoom is not None or self.zoom_gp is not None

    def covering(self) -> bool:
        """Something the player opened covers the table (a zoom, the menu, the help)."""
        return self.zoomed() or self.menu_open or bool(self.help_open)


@dataclass
class Message:
    """The short message over the table (a refusal's reason, "Saved", "Undone."), for
    `seconds` more; `good` news is drawn green. `on_screen` is what the last frame showed, so
    the table knows a frame is due when a message comes or goes."""

    text: str = ""
    seconds: float = 0.0
    good: bool = False
    on_screen: str | None = None

    def say(self, text: str, seconds: float = 3.0, good: bool = False) -> None:
        self.text, self.seconds, self.good = text, seconds, good

    def clear(self) -> None:
        self.text, self.seconds = "", 0.0

    def tick(self, dt: float) -> None:
        if self.text:
            self.seconds -= dt
            if self.seconds <= 0:
                self.clear()

    def due(self) -> bool:
        """A frame is needed: a message to show, or one to take away."""
        return (self.text or None) != self.on_screen

    @property
    def pair(self) -> tuple[str, float] | None:
        """(text, seconds left), or None: the form the table's `toast` has."""
        return (self.text, self.seconds) if self.text else None


@dataclass
class Pointing:
    """What the pointer rests on (the click target under it, as the frame on screen has
    it) and since when, on the table's clock: the hover layer keeps it up to date before
    each frame is drawn; the hover preview and the hand's rise read it."""

    key: Any = None
    since: float = 0.0


@dataclass
class LogState:
    """The game log column: its wrapped lines (worked out again only when `key` changes:
    the entries shown, the size, the width, the viewer, the bots' notes), how many lines
    back from the newest it is scrolled (0: following), and how many lines it had when
    last drawn, and whether the column is open or folded to a strip at the right edge (the
    strip, the top bar's "Game log" and L toggle it). The wheel and "click to follow" (input)
    and the Log panel share it."""

    key: tuple = ()
    lines: list = field(default_factory=list)
    scroll: int = 0
    seen: int = 0
    open: bool = False      # folded to a strip until wanted: the hand takes its width
    folded_at: int = -1     # the entries shown when it was last open, or first drawn
    #                         folded ("N new" on the strip); -1 not yet

    def wheel(self, notches: int) -> None:
        self.scroll = max(0, self.scroll + notches * 3)

    def settle(self, rows: int) -> None:
        """After new lines: scrolled back, the lines being read stay put (new ones come in
        below); never scrolled past the oldest."""
        if self.scroll and len(self.lines) > self.seen:
            self.scroll += len(self.lines) - self.seen
        self.seen = len(self.lines)
        self.scroll = min(self.scroll, max(0, len(self.lines) - rows))
