"""The coach's hint on the table: the answer it suggests lit (the card, the player, the
button; the answers it names as about as good, without the "?") and its sentence in a box that covers nothing clickable. The hint itself is the
match's (`Match.ask_hint`, `Match.hint`: play/coach.py thinks from the seat's view only);
this layer only draws it. It holds the scene and never imports its module."""

from __future__ import annotations

from typing import Any, Protocol

import pygame
from pygame import Rect

from doomlings_desktop.play.ties import NAMED
from doomlings_desktop.rules.view import View
from doomlings_desktop.ui.app import INK, MUTED, elide
from doomlings_desktop.ui.fonts import MIN_TEXT_PX
from doomlings_desktop.ui.highlight import outline
from doomlings_desktop.ui.table.layer import Frame, Layer, decision_rects, free_spot
from doomlings_desktop.ui.theme import HINT, HINT_BOX

BOX = HINT_BOX


def lit_rects(sc: Frame, d: Any, answer: Any) -> list[Rect]:
    """Where the suggested answer is on the table: its card wherever it lies (hand, window,
    pile), the chosen player's area and button, or the button that gives it."""
    rects = []
    for r, k in reversed(sc.targets):
        if (k[0] in ("hand", "overlay_card") and k[1] == answer) or (
                k[0] == "strip" and k[2] == answer) or (
                d.kind == "player" and k[0] == "panel" and k[1] == answer):
            rects.append(r)
            break
    rects += [b.rect for b in sc.buttons
              if b.key in (("answer", answer), ("select_player", answer))]
    return rects


class Coached(Frame, Protocol):
    """What the hint layer reads of the table: the frame (targets, buttons, layout), the
    app's text, and the match that holds the hint."""

    app: Any
    match: Any


class HintLayer(Layer):
    """Open from the moment the viewer asks for a hint until the decision is answered."""

    rect: Rect | None = None        # the sentence's box, last drawn (tests check it)
    sc: Coached

    def open(self, d: Any) -> bool:
        return d is not None and self.sc.match.hint_for is d

    def draw(self, surf: pygame.Surface, v: View | None, d: Any, u: float) -> None:
        sc = self.sc
        t = sc.app.text
        hint = sc.match.hint()
        if hint is None:
            words, color = "The coach is thinking...", MUTED
        else:
            words, color = hint.why, INK
            for a in (hint.answer, *hint.also):     # every card of a choice of several
                for r in lit_rects(sc, d, a):
                    outline(surf, "hint", r, u, pad=5)
            # the answers the sentence names as about as good: dots without the "?"
            for a in hint.ties[:NAMED - 1]:
                for r in lit_rects(sc, d, a):
                    outline(surf, "hint", r, u, pad=5, question=False)
        width = int((sc.layout.prompt.w if sc.layout else 600) * 0.9)
        size, lines = hint_lines(t, f"Hint: {words}", int(16 * u), width)
        rendered = [t.render(line, size, color) for line in lines]
        box = Rect(0, 0, max(r.get_width() for r in rendered) + int(24 * u),
                   sum(r.get_height() for r in rendered) + int(14 * u))
        # never over the buttons or the cards that answer the question (it covered Confirm
        # and the question itself in the tryout, on a crowded table at 1280x720)
        box = self.rect = free_spot(sc, box, surf.get_size(), u, avoid=decision_rects(sc, d))
        pygame.draw.rect(surf, BOX, box, border_radius=int(8 * u))
        pygame.draw.rect(surf, HINT, box, width=max(1, int(2 * u)), border_radius=int(8 * u))
        y = box.y + int(7 * u)
        for r in rendered:
            surf.blit(r, (box.x + int(12 * u), y))
            y += r.get_height()


def hint_lines(t: Any, text: str, size: int, width: int, most: int = 4) -> tuple[int, list]:
    """A hint's reason in at most `most` lines: a long one is set smaller (never under the
    smallest readable text) before the last line is cut with an ellipsis, so a reason is
    never cut silently (reasons grew when they began to name their causes)."""
    lines = t.wrap(text, size, width)
    while len(lines) > most and size > MIN_TEXT_PX:
        size -= 1
        lines = t.wrap(text, size, width)
    if len(lines) > most:
        lines = lines[:most - 1] + [elide(t, " ".join(lines[most - 1:]), size, width)]
    return size, lines
