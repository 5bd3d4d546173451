"""Where everything goes on the table, as pure functions of the window size and seat count.

Kept apart from drawing so tests can check that nothing overlaps or leaves the window at any
size from 1280x720 to 4K with 6 players and 20-card piles.
"""

from __future__ import annotations

from dataclasses import dataclass

from pygame import Rect

PILE_COLORS = ("red", "blue", "green", "purple", "colorless")


@dataclass
class PanelLayout:
    seat: int
    rect: Rect
    header: Rect
    gene_pool: Rect
    pile: Rect


@dataclass
class TableLayout:
    size: tuple[int, int]
    unit: float                  # 1.0 at 720 px high
    top_bar: Rect
    log: Rect
    panels: list[PanelLayout]    # panels[0] is the viewer's
    center: Rect
    deck: Rect
    discard: Rect
    age: Rect
    prompt: Rect
    hand: Rect
    card_w: int
    card_h: int

    def panel_of(self, seat: int) -> PanelLayout:
        return next(p for p in self.panels if p.seat == seat)


def _panel(seat: int, r: Rect, u: float) -> PanelLayout:
    pad = max(2, int(4 * u))
    header_h = int(34 * u)
    # the gene pool card stands in the panel's top right corner, beside the header and pile
    gp_h = min(r.h - 2 * pad, int(96 * u))
    gp_w = int(gp_h * 0.72)
    gp = Rect(r.right - pad - gp_w, r.y + pad, gp_w, gp_h)
    header = Rect(r.x + pad, r.y + pad, gp.x - pad - (r.x + pad), header_h)
    pile = Rect(r.x + pad, header.bottom + pad, header.w, r.bottom - header.bottom - 2 * pad)
    return PanelLayout(seat, r, header, gp, pile)


def table_layout(w: int, h: int, n: int, me: int) -> TableLayout:
    """Regions for a table of n seats seen by seat `me` (drawn at the bottom)."""
    u = h / 720
    top = Rect(0, 0, w, int(44 * u))
    log_w = int(w * 0.2)
    log = Rect(w - log_w, top.bottom, log_w, h - top.bottom)
    main_w = w - log_w
    card_h = int(h * 0.2)
    card_w = int(card_h * 0.72)
    hand = Rect(0, h - card_h - int(20 * u), main_w, card_h + int(20 * u))
    center_h = int(card_h * 0.62) + int(16 * u)
    opp_h = int((hand.y - top.bottom - center_h) * 0.56)
    mine_h = hand.y - top.bottom - center_h - opp_h
    opp_top = top.bottom
    center = Rect(0, opp_top + opp_h, main_w, center_h)
    mine = Rect(0, center.bottom, main_w, mine_h)
    others = [(me + i) % n for i in range(1, n)]
    panels = [_panel(me, mine, u)]
    cols = len(others)
    rows = 1 if cols <= 3 else 2
    per_row = -(-cols // rows)
    cell_w = main_w // per_row
    cell_h = opp_h // rows
    for i, seat in enumerate(others):
        rr, cc = divmod(i, per_row)
        panels.append(_panel(seat, Rect(cc * cell_w, opp_top + rr * cell_h, cell_w, cell_h), u))
    small_h = center.h - int(12 * u)
    small_w = int(small_h * 0.72)
    gap = int(10 * u)
    deck = Rect(center.x + gap, center.y + int(6 * u), small_w, small_h)
    discard = Rect(deck.right + gap, deck.y, small_w, small_h)
    age = Rect(discard.right + gap, deck.y, small_w, small_h)
    prompt = Rect(age.right + 2 * gap, deck.y, center.right - age.right - 3 * gap, small_h)
    return TableLayout((w, h), u, top, log, panels, center, deck, discard, age, prompt, hand,
                       card_w, card_h)


def pile_slots(area: Rect, colors: list[str], u: float) -> list[Rect]:
    """One rect per pile card (in pile order): a group per color, cards overlapping as strips
    so each shows its color, name and value. Groups sit side by side, or wrap into rows when
    that makes names readable without making strips too thin; a long group splits into
    columns side by side rather than thinning its strips while the panel has room."""
    used = [c for c in PILE_COLORS if c in colors] or ["red"]
    count = {c: colors.count(c) for c in used}
    longest = max(1, max(count.values()))
    gap = max(1, int(3 * u))
    min_w, good_h, ideal = int(150 * u), int(18 * u), int(30 * u)
    best = None
    for per_col in range(longest, 0, -1):     # at most per_col strips in a column
        ncols = sum(max(1, -(-count[c] // per_col)) for c in used)
        # a split group keeps its columns side by side: split layouts use a single row
        for per_row in (range(ncols, 0, -1) if per_col == longest else (ncols,)):
            rows = -(-ncols // per_row)
            cell_h = area.h // rows
            strip_h = min(ideal, (cell_h - gap) // per_col)
            col_w = area.w // per_row
            score = min(col_w, min_w) * min(strip_h, good_h)
            if best is None or score > best[0]:
                best = (score, per_col, per_row, cell_h, strip_h, col_w)
    stacked = _stacked(area, used, count, u, gap, min_w, good_h, ideal)
    if stacked is not None and stacked[:2] > (best[0], best[4]):   # ties: taller strips
        return _stacked_slots(area, colors, stacked, gap)
    _, per_col, per_row, cell_h, strip_h, col_w = best
    strip_h = max(5, strip_h)
    first = {}        # a color's first column
    n = 0
    for c in used:
        first[c] = n
        n += max(1, -(-count[c] // per_col))
    seen: dict[str, int] = {}
    slots = []
    for col in colors:
        k = seen.get(col, 0)
        seen[col] = k + 1
        sub, k = divmod(k, per_col)
        row, cell = divmod(first.get(col, 0) + sub, per_row)
        slots.append(Rect(area.x + cell * col_w + gap, area.y + row * cell_h + k * strip_h,
                          col_w - 2 * gap, strip_h - max(1, gap // 2)))
    return slots


def _stacked(area: Rect, used: list[str], count: dict, u: float, gap: int, min_w: int,
             good_h: int, ideal: int) -> tuple | None:
    """The best layout with whole groups stacked in columns (in color order), scored as
    `pile_slots` scores a grid: a short group no longer takes a whole cell from a long one."""
    best = None
    sep = max(gap * 2, int(6 * u))          # between two groups of one column
    g = len(used)
    for cuts in range(1 << (g - 1)):        # a column ends after group i when bit i is set
        cols: list[list[str]] = [[]]
        for i, c in enumerate(used):
            cols[-1].append(c)
            if i < g - 1 and cuts >> i & 1:
                cols.append([])
        if len(cols) == g:
            continue                        # one group per column: the grid's own layout
        strip_h = min(min(ideal, (area.h - sep * (len(col) - 1)) // sum(count[c] for c in col))
                      for col in cols)
        col_w = area.w // len(cols)
        score = min(col_w, min_w) * min(strip_h, good_h)
        if best is None or (score, strip_h) > best[:2]:
            best = (score, strip_h, cols, col_w, sep)
    return best


def _stacked_slots(area: Rect, colors: list[str], layout: tuple, gap: int) -> list[Rect]:
    _, strip_h, cols, col_w, sep = layout
    strip_h = max(5, strip_h)
    top: dict[str, tuple[int, int]] = {}     # a color's column and first strip's y
    for i, col in enumerate(cols):
        y = area.y
        for c in col:
            top[c] = (i, y)
            y += colors.count(c) * strip_h + sep
    seen: dict[str, int] = {}
    slots = []
    for c in colors:
        k = seen.get(c, 0)
        seen[c] = k + 1
        i, y = top[c]
        slots.append(Rect(area.x + i * col_w + gap, y + k * strip_h, col_w - 2 * gap,
                          strip_h - max(1, gap // 2)))
    return slots


def hand_slots(area: Rect, count: int, card_w: int, card_h: int) -> list[Rect]:
    """Cards of the hand side by side, overlapping when there are many (a flat fan)."""
    if count == 0:
        return []
    margin = int(card_w * 0.15)
    avail = area.w - 2 * margin
    step = min(card_w + margin // 2, (avail - card_w) / max(1, count - 1)) if count > 1 else 0
    total = card_w + step * (count - 1)
    x0 = area.x + (area.w - total) / 2
    y = area.bottom - card_h - int(card_h * 0.05)
    return [Rect(int(x0 + i * step), y, card_w, card_h) for i in range(count)]
