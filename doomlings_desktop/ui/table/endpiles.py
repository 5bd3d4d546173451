"""The end screen's piles and marks: each player's final pile as compact strips (colour, name,
value; grouped by colour as on the table) in a block beside the score table, and the World's
End marker for the score rows that World's End effects made, with its legend.

Drawn by the End layer (`overlays.py`); like the panels, it reads the scene it is handed and
never imports the scene module.
"""

from __future__ import annotations

from typing import Any

import pygame
from pygame import Rect

from doomlings_desktop.rules.view import View
from doomlings_desktop.ui.app import ACCENT, INK, MUTED, PANEL
from doomlings_desktop.ui.layout import PILE_COLORS
from doomlings_desktop.ui.table.attach import draw_tucked, pile_entries

WE_TINT = (86, 34, 30)          # the background of a row World's End scored
WE_LEGEND = "scored by a World's End effect"


def piles_width(w: int, n: int, u: float) -> int:
    """How wide the piles' column is beside the score table: two columns of blocks from four
    players on, one below that."""
    return int(w * (0.42 if n > 3 else 0.3))


def draw_piles(sc: Any, surf: pygame.Surface, v: View, area: Rect, u: float) -> None:
    """A block per player in `area`: name (lit for a winner), then the pile as strips."""
    t = sc.app.text
    cols = 2 if v.n > 3 else 1
    rows = -(-v.n // cols)
    gap = int(8 * u)
    bw = (area.w - gap * (cols - 1)) // cols
    bh = (area.h - gap * (rows - 1)) // rows
    head_h = int(22 * u)
    for s in range(v.n):
        r, c = divmod(s, cols)
        block = Rect(area.x + c * (bw + gap), area.y + r * (bh + gap), bw, bh)
        pygame.draw.rect(surf, PANEL, block, border_radius=int(8 * u))
        won = s in v.winners
        name = sc.name(s) + (" — wins" if won and len(v.winners) == 1 else
                             " — shares the win" if won else "") + f"  {v.scores[s]}" \
            if v.scores else sc.name(s)
        size = t.fit(name, int(15 * u), bw - int(16 * u), int(10 * u), bold=True)
        surf.blit(t.render(name, size, ACCENT if won else INK, bold=True),
                  (block.x + int(8 * u), block.y + int(4 * u)))
        sc.targets.append((Rect(block.x, block.y, bw, head_h), ("end_pile", s)))
        pile = Rect(block.x + int(2 * u), block.y + head_h + int(2 * u), bw - int(4 * u),
                    bh - head_h - int(6 * u))
        sv = v.seats[s]
        if not sv.pile:
            empty = t.render("no traits", int(13 * u), MUTED)
            surf.blit(empty, empty.get_rect(center=pile.center))
            continue
        firsts = tuple(cs[0] for cs in sv.colors)     # a multi-colour trait sits with its first
        # a variable trait's final worth; an attachment tucked under its host (E8)
        entries = pile_entries(sv, firsts)
        hosts = {h for _, _, _, h in entries if h >= 0}
        slots = end_slots(pile, tuple(col for _, col, _, _ in entries), u)
        drawn: dict[int, Rect] = {}
        for (card, color, worth, host), slot in zip(entries, slots, strict=True):
            drawn[card] = slot
            if host >= 0:
                slot = draw_tucked(sc, surf, lambda w, h, k, c=card, col=color, wo=worth:
                                   sc.app.art.strip(c, w, h, col, wo, k), slot, drawn.get(host),
                                   u)
            else:
                surf.blit(sc.app.art.strip(card, slot.w, slot.h, color, worth, card in hosts),
                          slot)
            sc.targets.append((slot, ("end_strip", s, card)))


def end_slots(area: Rect, colors: tuple[str, ...], u: float) -> list[Rect]:
    """One rect per pile card (in pile order): the cards in colour groups in the table's
    order, filling columns top to bottom, in as many columns (one to three) as make the
    strips readable: every strip the same height, so no pile looks smaller than it is."""
    n = len(colors)
    gap = max(1, int(3 * u))
    rank = {c: i for i, c in enumerate(PILE_COLORS)}
    order = sorted(range(n), key=lambda i: (rank.get(colors[i], len(rank)), i))
    best = None
    for ncols in (1, 2, 3):
        rows = -(-n // ncols)
        strip_h = min(int(28 * u), (area.h + gap) // max(1, rows) - gap)
        col_w = (area.w - gap * (ncols - 1)) // ncols
        score = min(col_w, int(110 * u)) * min(strip_h, int(24 * u))
        if best is None or score > best[0]:         # a tie keeps fewer, wider columns
            best = (score, rows, max(5, strip_h), col_w)
    _, rows, strip_h, col_w = best
    slots: list[Rect] = [Rect(0, 0, 0, 0)] * n
    for k, i in enumerate(order):
        col, row = divmod(k, rows)
        slots[i] = Rect(area.x + col * (col_w + gap), area.y + row * (strip_h + gap), col_w,
                        strip_h)
    return slots


def we_icon(sc: Any, size: int) -> pygame.Surface:
    """The World's End icon the cards carry, as the marker of a row and of the legend."""
    return sc.app.art.icon("world_end", max(8, size))


def we_row(sc: Any, surf: pygame.Surface, row: Rect, label: str, size: int, u: float) -> int:
    """Tint a World's End row and put the marker at its left; returns the marker's width."""
    pygame.draw.rect(surf, WE_TINT, row, border_radius=int(4 * u))
    icon = we_icon(sc, row.h - int(4 * u))
    surf.blit(icon, icon.get_rect(midleft=(row.x + int(4 * u), row.centery)))
    sc.targets.append((row, ("we_row", label)))
    return icon.get_width() + int(8 * u)


def we_legend(sc: Any, surf: pygame.Surface, x: int, y: int, u: float) -> None:
    """The marker and what it means, under the table."""
    t = sc.app.text
    size = int(15 * u)
    icon = we_icon(sc, int(20 * u))
    swatch = Rect(x, y, icon.get_width() + int(8 * u), int(24 * u))
    pygame.draw.rect(surf, WE_TINT, swatch, border_radius=int(4 * u))
    surf.blit(icon, icon.get_rect(center=swatch.center))
    surf.blit(t.render(f"World's End: {WE_LEGEND}", size, MUTED),
              (swatch.right + int(8 * u), y + (swatch.h - t.font(size).get_linesize()) // 2))
