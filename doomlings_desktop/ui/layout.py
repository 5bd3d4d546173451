"""Where everything goes on the table, as pure functions of the window size and seat count.

Kept apart from drawing so tests can check that nothing overlaps or leaves the window at any
size from 1280x720 to 4K with 6 players and 20-card piles.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from pygame import Rect

PILE_COLORS = ("red", "blue", "green", "purple", "colorless")
# The thinnest pile strip (drawn height, pixels) whose name and value are still MIN_TEXT_PX
# (ui/cardart/strips.py's strip_text_px): the pile layout keeps strips at least this high.
STRIP_MIN_H = 16


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


def table_unit(h: int, scale: float = 1.0) -> float:
    """The table's unit (1.0 at 720 px high and 100%): text, bars and headers are drawn at
    multiples of it. It follows the window's height up to 720 and grows at little more than
    half that pace above (1.28 at 1080, 1.55 at 1440, 2.1 at 2160), so a big window shows more
    of every name and card instead of the 720p table blown up (issue 27)."""
    base = h / 720
    return (base if base <= 1 else 1 + (base - 1) * BIG_GROWTH) * scale


# How fast the unit grows with the window above 720 px high (1: in proportion).
BIG_GROWTH = 0.55
# A hand card's height against the window's: at most this share, whatever its text asks.
HAND_MOST = 0.29
# A pile lies as cards only if each card's band shows this many letters of its name.
CARD_LETTERS = 10
# The folded log: a strip this wide (design px) at the right edge, a click away from the log.
LOG_FOLDED_W = 26


def hand_card_height(u: float) -> int:
    """A hand card's height when no card database says better: about where a base-game
    trait's rules text is MIN_TEXT_PX at unit 1 (`handraise.resting_height` measures it)."""
    return int(182 * u)


def table_layout(w: int, h: int, n: int, me: int, scale: float = 1.0, card_h: int = 0,
                 log_open: bool = True, opp_pile: int = -1) -> TableLayout:
    """Regions for a table of n seats seen by seat `me` (drawn at the bottom). `scale` is the
    UI scale setting: text, bars, headers, strips and cards grow with it. `card_h` is the
    height of a hand card at rest (0: `hand_card_height`), at most HAND_MOST of the window;
    the hand is given the room for it, so its rules text is read where it lies (issue 26).
    `log_open`: the log column takes a fifth of the width, else it is folded to a strip at
    the right edge. `opp_pile` (the longest opponent's pile, -1 unknown) lets the opponents'
    areas shrink to what their piles need, the viewer's panel taking the rest."""
    u = table_unit(h, scale)
    top = Rect(0, 0, w, int(44 * u))
    log_w = int(w * 0.2) if log_open else max(12, int(LOG_FOLDED_W * u))
    log = Rect(w - log_w, top.bottom, log_w, h - top.bottom)
    main_w = w - log_w
    card_h = min(card_h or hand_card_height(u), int(h * HAND_MOST))
    card_w = int(card_h * 0.72)
    hand = Rect(0, h - card_h - int(20 * u), main_w, card_h + int(20 * u))
    # the prompt's two lines of question and its row of buttons fit beside the decks
    center_h = max(int(h * 0.2 * 0.62) + int(16 * u), int(104 * u))
    others = [(me + i) % n for i in range(1, n)]
    rows = 1 if len(others) <= 3 else 2
    # two rows of opponents take a little more of the height, so their piles keep room
    free = hand.y - top.bottom - center_h
    opp_h = int(free * (0.56 if rows == 1 else 0.66))
    if opp_pile >= 0:
        opp_h = min(opp_h, rows * _cell_need(opp_pile, main_w // -(-len(others) // rows), u))
        opp_h = max(opp_h, int(free * 0.4))
    mine_h = free - opp_h
    opp_top = top.bottom
    center = Rect(0, opp_top + opp_h, main_w, center_h)
    mine = Rect(0, center.bottom, main_w, mine_h)
    panels = [_panel(me, mine, u)]
    per_row = -(-len(others) // rows)
    cell_h = opp_h // rows
    for i, seat in enumerate(others):
        rr, cc = divmod(i, per_row)
        in_row = min(per_row, len(others) - rr * per_row)   # a shorter last row is wider
        cell_w = main_w // in_row
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


def _cell_need(pile: int, cell_w: int, u: float) -> int:
    """The height an opponent's cell needs for a pile of `pile` traits: its header, and the
    strips at their good height in as many columns as a cell of this width holds, with room
    for three more (so the areas do not change at every card)."""
    pad = max(2, int(4 * u))
    cols = max(1, min(3, cell_w // int(170 * u)))
    strips = -(-(pile + 3) // cols) + 1
    return int(34 * u) + 3 * pad + strips * int(30 * u)


def table_scale(w: int, h: int, n: int, scale: float) -> float:
    """How much of the UI scale setting the table takes at this window size and seat count:
    all of it below 100% (text never goes under MIN_TEXT_PX anyway), and above 100% as much
    as keeps every header 200 design pixels wide and room for four strips 20 high in every
    pile (a 6-seat table at 1280x720 is full at 100%; two seats take 150%)."""
    s = scale
    while s > 1.0:
        lay = table_layout(w, h, n, 0, s)
        u = lay.unit
        if all(p.header.w >= 200 * u and p.pile.h >= 4 * int(20 * u) for p in lay.panels):
            break
        s = max(1.0, round(s - 0.05, 2))
    return s


def pile_cards(area: Rect, colors: list[str], u: float,
               need: Callable[[int], int] | None = None) -> list[Rect] | None:
    """Where room allows, a pile as on the physical table: a column per colour, each card
    over the one before it so that only its band shows (colour, name, value: the strip),
    and the last one whole (a face, as tall as 0.72 of its width allows). None when that
    would thin the bands under the readable strip, make the cards too small to show their
    picture, or leave a band's name fewer than CARD_LETTERS letters: the pile is then drawn as strips
    (`pile_slots`). `need(h)`, when given, is the width a band h high needs to show every
    name of the pile whole, and the cards must be that wide; `need(0)`, asked when every
    colour holds one card, is the width a whole card's title band needs (where a name may
    take two lines). A card slot is taller than wide,
    a band wider than tall."""
    used = [c for c in PILE_COLORS if c in colors]
    if not used:
        return None
    count = {c: colors.count(c) for c in used}
    longest = max(count.values())
    gap = max(1, int(3 * u))
    cut = max(1, gap // 2)
    stride = area.w // len(used)
    ideal = max(STRIP_MIN_H + cut, int(30 * u))
    # bands no thinner than 3/4 of the strips' good height: thinner, strips read better
    for pitch in range(ideal, max(STRIP_MIN_H + cut, int(ideal * 0.75)) - 1, -1):
        fw = min(stride - 4 * gap, int((area.h - (longest - 1) * pitch) * 0.72))
        fh = int(fw / 0.72)
        # the band's badge, value and margins take about 2.6 bands' height; a condensed
        # bold letter is about 0.55 of the text size
        letters = (fw - 2.6 * pitch) / (0.55 * strip_text_px(pitch - cut))
        # a colour of one card has no band, only its face, whose title band `_card` fits to
        # the name: the band's letters matter where a band lies over a card
        banded = longest > 1
        if fh >= max(3 * pitch if banded else 0, int(72 * u)) and (
                letters >= CARD_LETTERS or not banded) and (
                need is None or fw >= need(pitch - cut if banded else 0)):
            break
    else:
        return None
    fw = min(fw, int(150 * u))          # no bigger than a hand card needs to be on a big pile
    fh = int(fw / 0.72)
    col = {c: i for i, c in enumerate(used)}
    seen: dict[str, int] = {}
    slots = []
    for c in colors:
        k = seen.get(c, 0)
        seen[c] = k + 1
        x = area.x + col[c] * (fw + 3 * gap) + gap
        last = k == count[c] - 1
        slots.append(Rect(x, area.y + k * pitch, fw, fh if last else pitch - cut))
    return slots


def mixed_pile(area: Rect, colors: list[str], u: float,
               need_of: Callable[[int, int], int],
               bound: frozenset[int] = frozenset()) -> list[Rect] | None:
    """Where a pile cannot lie all as cards (`pile_cards`), judged per colour: each colour
    of one card whose whole name fits its face's title band lies as that card, and every
    other colour as a column of strips beside them, every name whole. `need_of(h, i)` is the
    width card i needs on a band h high (h = 0: on a whole card's title band). None when
    no colour can lie as a card, a colour's strips do not fit one column at a readable
    height, or a strip would cut its name: the pile is then drawn as strips. A strip of
    `bound` (an attachment, right after its host, of its host's colour) lies under its host
    in the host's strip column, and needs its indent more."""
    used = [c for c in PILE_COLORS if c in colors]
    count = {c: colors.count(c) for c in used}
    gap = max(1, int(3 * u))
    cut = max(1, gap // 2)
    ideal = max(STRIP_MIN_H + cut, int(30 * u))
    fw = min(int(area.h * 0.72), int(150 * u))
    if int(fw / 0.72) < int(72 * u):
        return None
    first = {c: colors.index(c) for c in used}
    faces = [c for c in used if count[c] == 1 and need_of(0, first[c]) <= fw]
    rest = [c for c in used if c not in faces]
    if not faces:
        return None
    fw = min(fw, (area.w - 3 * gap * len(used)) // len(used))
    if int(fw / 0.72) < int(72 * u) or any(need_of(0, first[c]) > fw for c in faces):
        return None
    longest = max((count[c] for c in rest), default=1)
    pitch = min(ideal, area.h // longest)
    sw = min(int(260 * u), (area.w - len(faces) * (fw + 3 * gap)) // max(1, len(rest))
             - 3 * gap)
    h = pitch - cut
    if pitch < STRIP_MIN_H + cut or sw < 2 * pitch or any(
            need_of(h, i) + (attach_indent(h, sw) if i in bound else 0) > sw
            for i, c in enumerate(colors) if c in rest):
        return None
    x = area.x + gap
    left = {}
    for c in used:
        left[c] = x
        x += (fw if c in faces else sw) + 3 * gap
    seen: dict[str, int] = {}
    slots = []
    for c in colors:
        k = seen.get(c, 0)
        seen[c] = k + 1
        slots.append(Rect(left[c], area.y, fw, int(fw / 0.72)) if c in faces else
                     Rect(left[c], area.y + k * pitch, sw, pitch - cut))
    return slots


def pile_slots(area: Rect, colors: list[str], u: float, cards: bool = False,
               need: Callable[[int], int] | None = None,
               bound: frozenset[int] = frozenset(),
               need_of: Callable[[int, int], int] | None = None) -> list[Rect]:
    """`cards`: as overlapping cards where room allows (`pile_cards`, with `need`; not with
    an attachment in the pile, `bound`), else,
    given `need_of`, as cards where a colour has room and strips beside them
    (`mixed_pile`), else as strips (`strip_slots`, keeping each strip of `bound` with the
    one before it, and cutting as few names as it can when `need_of` is given)."""
    # an attachment is tucked under its host's strip: never a band over a card
    got = pile_cards(area, colors, u, need) if cards and not bound else None
    if got is None and cards and need_of is not None:
        got = mixed_pile(area, colors, u, need_of, bound)
    return got if got is not None else strip_slots(area, colors, u, bound, need_of)


def _units(colors: list[str], bound: frozenset[int]) -> dict[str, list[int]]:
    """Each colour's strips as units that no column break may split: a strip of `bound`
    (an attachment, which follows its host in the pile's order) joins the unit before it."""
    units: dict[str, list[int]] = {}
    for i, c in enumerate(colors):
        got = units.setdefault(c, [])
        if i in bound and got and colors[i - 1] == c:
            got[-1] += 1
        else:
            got.append(1)
    return units


def _column_spots(units: list[int], k: int) -> list[tuple[int, int]]:
    """(column, row) of each strip of a group's units, at most k rows a column (more when
    one unit is longer), a unit never split over two columns."""
    spots = []
    col = row = 0
    for n in units:
        if row and row + n > k:
            col, row = col + 1, 0
        spots += [(col, row + j) for j in range(n)]
        row += n
    return spots


def strip_slots(area: Rect, colors: list[str], u: float,
                bound: frozenset[int] = frozenset(),
                need_of: Callable[[int, int], int] | None = None) -> list[Rect]:
    """One rect per pile card (in pile order): a group per color, cards overlapping as strips
    so each shows its color, name and value. Either the groups stand side by side (a long
    one split into columns), or they follow one another down the columns with a small gap
    between groups, a group going on at the top of the next column. Of these, the layout
    whose strips and columns are both nearest their good size wins; strips thinner than
    STRIP_MIN_H (whose text would be under the minimum) only when no layout avoids them.
    Given `need_of(h, i)` (the width strip i needs on a band h high to show its whole name),
    the layouts that cut the fewest names come first. A strip of `bound` (an attachment)
    stays in the column of the one before it (its host), and needs its indent more."""
    def cuts(cand: tuple) -> int:
        if need_of is None:
            return 0
        pitch, ncols, _, _ = cand
        room = area.w // max(1, ncols) - 2 * gap
        h = pitch - cut
        return sum(need_of(h, i) + (attach_indent(h, room) if i in bound else 0) > room
                   for i in range(len(colors)))

    used = [c for c in PILE_COLORS if c in colors] or ["red"]
    count = {c: colors.count(c) for c in used}
    units = _units(colors, bound)
    groups = [(c, units.get(c, [0])) for c in used]
    longest = max(1, max(count.values()))
    gap = max(1, int(3 * u))
    cut = max(1, gap // 2)                       # between two strips of a column
    least = STRIP_MIN_H + cut                    # the thinnest readable strip, with its cut
    ideal = max(least, int(30 * u))
    sep = max(gap, int(6 * u))
    best = None
    for k in range(longest, 0, -1):              # side by side, at most k strips a column
        pitch = min(ideal, area.h // max(k, max(max(us) for _, us in groups)))
        place = {}
        col = 0
        for c, us in groups:
            spots = _column_spots(us, k)
            place[c] = [(col + i, j * pitch) for i, j in spots]
            col += spots[-1][0] + 1 if spots else 1
        cand = (pitch, col, place, 1)
        best = _better(best, cand, area, least, ideal, gap, cuts(cand))
    for pitch in range(ideal, min(least, ideal) - 1, -1):      # flowing down the columns
        if pitch <= area.h:
            col, place = _flow(groups, pitch, sep, area.h)
            cand = (pitch, col, place, 0)
            best = _better(best, cand, area, least, ideal, gap, cuts(cand))
    if best[0][0] == 0:         # no room for readable strips: the tallest that leave each
        pitch, (col, place) = 5, _flow(groups, 5, sep, area.h)      # a badge and a value
        for pitch in range(min(least, area.h), 4, -1):
            col, place = _flow(groups, pitch, sep, area.h)
            if area.w // col >= 2 * pitch:
                break
        best = (None, (pitch, col, place, 0))
    pitch, ncols, place, _ = best[1]
    seen: dict[str, int] = {}
    spots = []
    for c in colors:
        k = seen.get(c, 0)
        seen[c] = k + 1
        spots.append(place[c][k] if c in place else (0, 0))
    need = None
    if need_of is not None and ncols > 1:
        h = pitch - cut
        need = [0] * ncols
        for i, (col, _) in enumerate(spots):
            need[col] = max(need[col], need_of(h, i) + 2 * gap
                            + (attach_indent(h, area.w // ncols) if i in bound else 0))
    widths = fair_widths(area.w, ncols, need)
    xs = [sum(widths[:k]) for k in range(ncols + 1)]
    return [Rect(area.x + xs[col] + gap, area.y + y, widths[col] - 2 * gap, pitch - cut)
            for col, y in spots]


def fair_widths(total: int, ncols: int, need: list[int] | None) -> list[int]:
    """The widths of a pile's `ncols` columns in `total`: equal, unless some columns need
    less than an equal share for their longest name (`need`) while others cut theirs; then
    those get what they need and the rest is shared by the others (a tryout at 1280x720 saw
    "Costly Si..." and "Directly R..." beside a column of "Clever" and "Late" as wide)."""
    ncols = max(1, ncols)
    equal = [total // ncols] * ncols
    if need is None or all(n <= total // ncols for n in need) \
            or all(n >= total // ncols for n in need):
        return equal
    out = [0] * ncols
    open_cols = list(range(ncols))
    left = total
    while open_cols:
        share = left // len(open_cols)
        small = [k for k in open_cols if need[k] <= share]
        if not small:
            for k in open_cols:
                out[k] = share
            break
        for k in small:
            out[k] = need[k]
            left -= need[k]
        open_cols = [k for k in open_cols if k not in small]
    return out


def _flow(groups: list, pitch: int, sep: int, height: int) -> tuple[int, dict]:
    """Groups one after another down columns of `height`: a group starts a new column
    rather than leave one strip at the bottom of the last one, and a unit (a host and its
    attachment, `_units`) starts one rather than be split."""
    place: dict[str, list] = {}
    col = y = 0
    for c, units in groups:
        if y > 0:
            if y + sep + max(min(sum(units), 2), units[0]) * pitch > height:
                col, y = col + 1, 0
            else:
                y += sep
        spots = place[c] = []
        for n in units:
            if y > 0 and y + n * pitch > height:
                col, y = col + 1, 0
            for _ in range(n):
                spots.append((col, y))
                y += pitch
    return col + 1, place


def attach_indent(h: int, w: int) -> int:
    """How far an attachment's band under its host is indented (ui/table/attach.py): a
    little, so its name keeps its room."""
    return max(4, min(int(h * 0.55), w // 10))


def _better(best: tuple | None, cand: tuple, area: Rect, least: int, ideal: int,
            gap: int, cut_names: int = 0) -> tuple:
    """Keep the better of two layouts: readable strips first, then fewer names cut (when
    known), then the more of each name shown (up to 14 letters, most names whole) weighed against how near the strips come to
    their ideal height (so names are not shown whole in strips far thinner than the rest of
    the table's text), then taller strips, then groups side by side."""
    pitch, ncols, _, side = cand
    col_w = area.w // max(1, ncols)
    room = col_w - 2 * gap - 2.4 * pitch          # the badge and the value take the rest
    letters = max(0.0, room / (0.6 * strip_text_px(pitch - max(1, gap // 2))))
    worth = int(min(letters, 14)) * math.sqrt(min(pitch, ideal) / ideal)
    key = (int(pitch >= least and col_w >= 2 * least), -cut_names, round(worth, 3), pitch,
           side)
    return (key, cand) if best is None or key > best[0] else best


def strip_text_px(h: int) -> int:
    """The size of a pile strip's name and value at height h (ui/cardart/strips.py draws
    them so): MIN_TEXT_PX (11) at STRIP_MIN_H, a little more for taller strips (18 at 40)."""
    return max(4, round(min(h * 0.7, 5.5 + h * 0.32)))


def hand_slots(area: Rect, count: int, card_w: int, card_h: int) -> list[Rect]:
    """Cards of the hand side by side across the strip, apart while there is room (up to 0.3
    of a card between two, so a card risen to be read leaves its neighbours in sight), and
    overlapping when there are many (a flat fan, each card over the one on its left)."""
    if count == 0:
        return []
    margin = int(card_w * 0.15)
    avail = area.w - 2 * margin
    step = min(card_w + int(card_w * 0.3), (avail - card_w) / max(1, count - 1)) \
        if count > 1 else 0
    total = card_w + step * (count - 1)
    x0 = area.x + (area.w - total) / 2
    y = area.bottom - card_h - int(card_h * 0.05)
    return [Rect(int(x0 + i * step), y, card_w, card_h) for i in range(count)]
