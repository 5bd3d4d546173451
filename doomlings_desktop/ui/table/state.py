"""Small pieces of the table's state, each with its one concern, so the parts that read them
take that piece and not the whole scene: the card being dragged (`DragState`). The chosen
answer and picks are `picks.Selection`."""

from __future__ import annotations

from dataclasses import dataclass

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
