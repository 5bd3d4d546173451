"""The end screen's piles and marks: each player's final pile as compact strips (colour, name,
value; grouped by colour as on the table) in a block beside the score table, and the World's
End marker for the score rows that World's End effects made, with its legend.

Drawn by the End layer (`overlays.py`); like the panels, it reads the scene it is handed and
never imports the scene module.
"""

from __future__ import annotations

import math
from typing import Any, Protocol

import pygame
from pygame import Rect

from doomlings_desktop.rules.view import View
from doomlings_desktop.ui.app import ACCENT, INK, MUTED, PANEL
from doomlings_desktop.ui.layout import PILE_COLORS, STRIP_MIN_H, strip_text_px
from doomlings_desktop.ui.table.attach import draw_tucked, pile_entries
from doomlings_desktop.ui.theme import WE_TINT

WE_LEGEND = "scored by a World's End effect"


OTHER = "Other cards"            # the row that sums the bonus rows a full table has no room for


def score_rows(v: View, most: int) -> tuple[list[str], list[dict[str, int]]]:
    """The score table's rows (labels, in order) and each seat's points per row: face values,
    each card's bonus, then the Meaning of Life cards (E4) as they are scored. A table of
    more than `most` rows (six players' bonuses at 1280x720) keeps the face values, the
    Meaning rows, the World's End rows and the first bonuses, and sums the rest in one row,
    "Other cards", so its text never shrinks under the minimum."""
    from doomlings_desktop.rules.meaning import LABEL

    labels: list[str] = []
    for lines in v.breakdowns:
        for label, _ in lines:
            if label not in labels:
                labels.append(label)
    labels.sort(key=lambda lab: lab.startswith(LABEL))
    points: list[dict[str, int]] = []
    for lines in v.breakdowns:
        got: dict[str, int] = {}
        for label, p in lines:
            got[label] = got.get(label, 0) + p
        points.append(got)
    if len(labels) <= most:
        return labels, [{k: p for k, p in got.items() if p or k.startswith(LABEL)}
                        for got in points]
    keep = [lab for lab in labels if lab == "Face values" or lab.startswith(LABEL)
            or lab in v.we_labels]
    room = max(0, most - len(keep) - 1)
    bonus = [lab for lab in labels if lab not in keep]
    kept = set(keep) | set(bonus[:room])
    folded = set(bonus[room:])
    rows = [lab for lab in labels if lab in kept]
    at = next((i for i, lab in enumerate(rows) if lab.startswith(LABEL)), len(rows))
    rows.insert(at, OTHER)
    out = []
    for got in points:
        row = {k: p for k, p in got.items() if k in kept and (p or k.startswith(LABEL))}
        other = sum(p for k, p in got.items() if k in folded)
        if other:
            row[OTHER] = other
        out.append(row)
    return rows, out


class Piles(Protocol):
    """What the end screen's piles read of the table: the app (its art and text), the seat
    names, and the frame's click targets."""

    app: Any
    targets: list

    def name(self, seat: int) -> str: ...


def draw_piles(sc: Piles, surf: pygame.Surface, v: View, area: Rect, u: float) -> None:
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
        following = [h for _, _, _, h in entries[1:]] + [-1]
        slots = end_slots(pile, tuple(col for _, col, _, _ in entries), u,
                          tuple(f >= 0 and f == c for (c, _, _, _), f in
                                zip(entries, following, strict=True)))
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


def end_slots(area: Rect, colors: tuple[str, ...], u: float,
              hosts: tuple[bool, ...] = ()) -> list[Rect]:
    """One rect per pile card (in pile order): the cards in colour groups in the table's
    order, filling columns top to bottom, every strip the same height (so no pile looks
    smaller than it is). The column count (one to four) is the one that shows the most of
    each name in strips still readable (STRIP_MIN_H or taller), weighed against how near the
    strips stay to a good height, as the table's piles do (`layout._better`). A host
    (`hosts[i]`: an attachment follows it) never ends a column: it starts the next one, so
    its attachment stays tucked right under it."""
    n = len(colors)
    hosts = hosts or (False,) * n
    rank = {c: i for i, c in enumerate(PILE_COLORS)}
    order = sorted(range(n), key=lambda i: (rank.get(colors[i], len(rank)), i))
    is_host = [hosts[i] for i in order]
    best = None
    for ncols in (1, 2, 3, 4):
        gap = max(1, int(3 * u)) if ncols == 1 else max(2, int(4 * u))      # between columns
        cut = max(1, int(3 * u))                                             # between strips
        rows = max(1, -(-n // ncols))
        while _columns(is_host, rows) > ncols:
            rows += 1
        pitch = (area.h + cut) // rows
        while pitch - cut < STRIP_MIN_H and cut > 0:   # tight: thinner cuts (each strip has
            cut -= 1                                   # its own dark rim) before a column
            pitch = (area.h + cut) // rows
        strip_h = min(int(28 * u), pitch - cut)
        col_w = (area.w - gap * (ncols - 1)) // ncols
        key = _worth(col_w, strip_h, u)
        if best is None or key > best[0]:          # a tie keeps fewer, wider columns
            best = (key, rows, max(5, strip_h), col_w, gap, cut)
    _, rows, strip_h, col_w, gap, cut = best
    slots: list[Rect] = [Rect(0, 0, 0, 0)] * n
    col = row = 0
    for k, i in enumerate(order):
        if row == rows or (is_host[k] and row == rows - 1 and row > 0):
            col, row = col + 1, 0
        slots[i] = Rect(area.x + col * (col_w + gap), area.y + row * (strip_h + cut), col_w,
                        strip_h)
        row += 1
    return slots


def _columns(is_host: list[bool], rows: int) -> int:
    """How many columns of `rows` the strips take when no host ends a column."""
    col = row = 0
    for h in is_host:
        if row == rows or (h and row == rows - 1 and row > 0):
            col, row = col + 1, 0
        row += 1
    return col + 1


def _worth(col_w: int, strip_h: int, u: float) -> tuple:
    """How good a column width and strip height are: readable strips first, then the letters
    of a name a strip shows (up to 14: most names whole) weighed by how near the strip is to
    a good height (24 design pixels), then taller strips."""
    ideal = max(STRIP_MIN_H, int(24 * u))
    room = col_w - 2.4 * strip_h                    # the badge and the value take the rest
    letters = max(0.0, room / (0.6 * strip_text_px(strip_h)))
    worth = int(min(letters, 14)) * math.sqrt(min(strip_h, ideal) / ideal)
    return (strip_h >= STRIP_MIN_H, round(worth, 3), strip_h)


def we_icon(sc: Piles, size: int) -> pygame.Surface:
    """The World's End icon the cards carry, as the marker of a row and of the legend."""
    return sc.app.art.icon("world_end", max(8, size))


def we_row(sc: Piles, surf: pygame.Surface, row: Rect, label: str, size: int, u: float) -> int:
    """Tint a World's End row and put the marker at its left; returns the marker's width."""
    pygame.draw.rect(surf, WE_TINT, row, border_radius=int(4 * u))
    icon = we_icon(sc, row.h - int(4 * u))
    surf.blit(icon, icon.get_rect(midleft=(row.x + int(4 * u), row.centery)))
    sc.targets.append((row, ("we_row", label)))
    return icon.get_width() + int(8 * u)


def we_legend(sc: Piles, surf: pygame.Surface, x: int, y: int, u: float) -> None:
    """The marker and what it means, under the table."""
    t = sc.app.text
    size = int(15 * u)
    icon = we_icon(sc, int(20 * u))
    swatch = Rect(x, y, icon.get_width() + int(8 * u), int(24 * u))
    pygame.draw.rect(surf, WE_TINT, swatch, border_radius=int(4 * u))
    surf.blit(icon, icon.get_rect(center=swatch.center))
    surf.blit(t.render(f"World's End: {WE_LEGEND}", size, MUTED),
              (swatch.right + int(8 * u), y + (swatch.h - t.font(size).get_linesize()) // 2))
