"""Every trait pile read by the keyboard: V walks the piles' cards (an opponent's as well as
your own), the way D walks the discard pile. Z reads only a selected card, and the selection
is the decision's (a hand card, an option): a player without a mouse could not otherwise read
the cards in front of the others, which the table shows to everyone.

While walking, Left / Right go to the card before / after in that pile, Up / Down to the
previous / next pile that has cards (in seat order, round the table), Z reads the card
full size, and V or Esc stops. The card walked to is outlined where the table draws it, with
a line above it that says whose pile and which card. Piles are public: walking shows nothing
that a look at the table does not, so a pass screen needs no care beyond closing the walk
(the next player starts from their own view of the table).

Its state is `Modals.walk` (seat, index in that seat's pile); the keys are ui/keys.py's
`piles` line, and ui/table/input.py hands them here.
"""

from __future__ import annotations

from typing import Any

import pygame
from pygame import Rect

from doomlings_desktop.rules.view import View
from doomlings_desktop.ui import focus, keys
from doomlings_desktop.ui.table.layer import Layer, free_spot
from doomlings_desktop.ui.theme import INK, TIP_BOX


def _piles(v: View | None) -> list[tuple[int, ...]]:
    return [s.pile for s in v.seats] if v is not None else []


def start(v: View | None) -> tuple[int, int] | None:
    """Where a walk begins: the first pile with cards after the viewer's, round the table
    (the others' piles are what the keyboard could not reach), else the viewer's own."""
    piles = _piles(v)
    if v is None or not piles:
        return None
    n = len(piles)
    for k in range(1, n + 1):
        q = (v.me + k) % n
        if piles[q]:
            return (q, 0)
    return None


def clamp(v: View | None, at: tuple[int, int] | None) -> tuple[int, int] | None:
    """`at` kept inside the piles as they are now (a card left a pile since), or the next
    pile with cards if its own is empty; None when no pile has any."""
    piles = _piles(v)
    if at is None or not piles:
        return None
    q, i = at
    if 0 <= q < len(piles) and piles[q]:
        return (q, max(0, min(i, len(piles[q]) - 1)))
    return step_pile(v, (q % len(piles), 0), 1)


def step_card(v: View | None, at: tuple[int, int], by: int) -> tuple[int, int]:
    """The card `by` places along the same pile (stops at its ends)."""
    q, i = at
    pile = _piles(v)[q]
    return (q, max(0, min(len(pile) - 1, i + by)))


def step_pile(v: View | None, at: tuple[int, int], by: int) -> tuple[int, int] | None:
    """The next (by 1) or previous (by -1) pile with cards, round the table; its first card."""
    piles = _piles(v)
    n = len(piles)
    q = at[0]
    for k in range(1, n + 1):
        r = (q + by * k) % n
        if piles[r]:
            return (r, 0) if r != q else (r, min(at[1], len(piles[r]) - 1))
    return None


def card_at(v: View | None, at: tuple[int, int] | None) -> int | None:
    """The card the walk is on, if any."""
    at = clamp(v, at)
    if at is None:
        return None
    return _piles(v)[at[0]][at[1]]


def key(sc: Any, event: pygame.event.Event) -> None:
    """An arrow while walking: along the pile (Left / Right) or to another pile (Up / Down)."""
    v = sc.view
    at = clamp(v, sc.modals.walk)
    if at is None:
        sc.modals.walk = None
        return
    by = 1 if event.key in keys.FORWARD else -1
    if event.key in keys.ACROSS:
        at = step_pile(v, at, by) or at
    else:
        at = step_card(v, at, by)
    sc.modals.walk = at


def toggle(sc: Any) -> None:
    """V: start walking the piles, or stop. No pile with a card yet: say so."""
    m = sc.modals
    if m.walk is not None:
        m.walk = None
        return
    at = start(sc.view)
    if at is None:
        sc.say("No trait is in any pile yet.")
        return
    m.browse = False            # one walk at a time: the discard pile's or the piles'
    m.walk = at


class PileWalk(Layer):
    """The walked card outlined on the table, and a line over it: whose, which, the keys."""

    rect: Rect | None = None        # where the line was drawn (tests read it)

    def open(self, d: Any) -> bool:
        return self.sc.modals.walk is not None and not self.sc.modals.covering()

    def draw(self, surf: pygame.Surface, v: View | None, d: Any, u: float) -> None:
        sc = self.sc
        at = clamp(v, sc.modals.walk)
        sc.modals.walk = at
        if at is None or v is None:
            return
        q, i = at
        pile = v.seats[q].pile
        card = pile[i]
        r = next((r for r, a in reversed(sc.targets) if a == ("strip", q, card)), None)
        if r is not None:
            focus.outline(surf, r, u)
        whose = "Your pile" if q == v.me else f"{sc.name(q)}'s pile"
        text = (f"{whose}: {sc.db.name(card)} ({i + 1} of {len(pile)}) — Left/Right: the "
                "pile, Up/Down: another pile, Z reads, V or Esc stops")
        t = sc.app.text
        size = int(15 * u)
        w = surf.get_width()
        line = t.render(text, t.fit(text, size, w - int(24 * u), int(11 * u)), INK, bold=True)
        # where it covers least of what can be clicked, and never the card it is about
        box = free_spot(sc, line.get_rect().inflate(int(16 * u), int(8 * u)), surf.get_size(),
                        u, avoid=[r] if r is not None else [])
        pygame.draw.rect(surf, TIP_BOX, box, border_radius=int(6 * u))
        surf.blit(line, line.get_rect(center=box.center))
        self.rect = box
