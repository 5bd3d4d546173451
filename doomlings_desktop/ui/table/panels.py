"""The table's panels, each with its rectangle from the layout: the top bar, a player's panel,
the centre (decks, age), the hand, the log and the prompt. Each draws itself from the View and
adds its click targets (rect, action) to the scene's `targets`, which is how clicks find it.

A panel holds the scene it draws for and reads what it needs there (the app, the match's names,
the selection); it never imports the scene module.
"""

from __future__ import annotations

import math
from typing import Any

import pygame
from pygame import Rect

from doomlings_desktop.lru import LRU
from doomlings_desktop.play.pace import timing
from doomlings_desktop.rules.cards import module_title
from doomlings_desktop.rules.view import View
from doomlings_desktop.ui.app import ACCENT, BG, INK, MUTED, PANEL, PANEL_HI, Button, elide
from doomlings_desktop.ui.cardart.faces import title_height
from doomlings_desktop.ui.cardart.strips import (
    name_room,
    name_width,
    split_width,
    title_fits,
    two_line_height,
)
from doomlings_desktop.ui.fonts import MIN_TEXT_PX, font
from doomlings_desktop.ui.highlight import outline
from doomlings_desktop.ui.layout import (
    PILE_COLORS,
    STRIP_MIN_H,
    TableLayout,
    hand_slots,
    pile_slots,
)
from doomlings_desktop.ui.table.answers import widget_for
from doomlings_desktop.ui.table.attach import (
    carried,
    draw_tucked,
    host_under,
    lit_hosts,
    open_hand,
    pile_entries,
    score_words,
)
from doomlings_desktop.ui.table.handraise import draw as draw_raised
from doomlings_desktop.ui.table.picks import several
from doomlings_desktop.ui.table.regions import RegionCache, outside, theme_key
from doomlings_desktop.ui.table.state import dragging
from doomlings_desktop.ui.table.widget import Widget
from doomlings_desktop.ui.theme import (
    ANSWER_TONES,
    BLACK,
    BOT_BADGE,
    CARD_DIM,
    CHOSEN,  # noqa: F401 - the chosen answer's tone (answers.py draws it; tests import it here)
    DARK_INK,
    EDGE,
    HINT_TONE,
    LOG_BG,
    LOG_MORE_BAR,
    PANEL_HOVER,
    UNDO_TONE,
)


class _Panel:
    def __init__(self, scene: Any) -> None:
        self.sc = scene


class TopBar(_Panel):
    """The bar along the top: the age or catastrophe and its rule, the counts, the log's title."""

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.cache = RegionCache()      # the bar as last drawn (regions.py)

    def draw(self, surf: pygame.Surface, v: View, lay: TableLayout, u: float,
             theme: tuple = ()) -> None:
        """From the region cache while the age, the counts, the modules, the log's state and
        the pointer over the bar (the Menu button lights) are the same."""
        sc = self.sc
        mouse = sc.app.mouse
        key = (u, theme, v.age, len(v.catastrophes), v.age_deck_size, v.hands_open,
               tuple(sc.db.modules), id(sc.db), sc.menu_button, sc.log_state.open, tuple(lay.log),
               tuple(mouse) if lay.top_bar.collidepoint(mouse) else None, sc.bar_tools)
        self.cache.draw(sc, surf, "top", lay.top_bar, key, lambda: self._paint(surf, v, lay, u),
                        BG)

    def _paint(self, surf: pygame.Surface, v: View, lay: TableLayout, u: float) -> None:
        sc = self.sc
        t = sc.app.text
        r = lay.top_bar
        pygame.draw.rect(surf, PANEL, r)
        age = sc.db.cards[v.age] if v.age >= 0 else None
        x = r.x + int(12 * u)
        menu = self._menu_button(surf, lay, u) if sc.menu_button else None
        right = min(lay.log.x, (menu.x if menu else r.right) - int(sc.bar_tools * u)) \
            - int(12 * u)
        size = int(16 * u)
        tail = f"Catastrophes {len(v.catastrophes)}/3   Ages left {v.age_deck_size}"
        # every hand face up (Age of Metadata, E24): said first, the hands are on the panels
        head = "Hands open   " if v.hands_open else ""
        # the modules in play (E1) lead the counts: a game with more cards says so at a glance;
        # with several, "+ N modules" (a hover names them) leaves the age and its rule room
        mods = sc.db.modules
        full = "".join(f"+ {module_title(m)}   " for m in mods)
        label = None
        if age is not None:
            kind = "Catastrophe" if age.kind == "catastrophe" else "Age"
            label = f"{kind}: {age.name}"
        # the same form all game (not only once an age with a long name arrives): full names
        # while they take under a quarter of the bar
        short = len(mods) > 1 and t.font(size).size(full)[0] > (right - r.x) // 4
        mods_text = f"+ {len(mods)} modules   " if short else full
        counts = head + mods_text + tail
        counts_w = t.font(size).size(counts)[0]
        left_end = right - counts_w - int(14 * u)      # where the counts begin
        if label is not None:
            label = elide(t, label, int(19 * u), max(int(60 * u), left_end - x), True)
            img = t.render(label, int(19 * u), ACCENT, bold=True)
            surf.blit(img, (x, r.centery - img.get_height() // 2))
            x += img.get_width() + int(14 * u)
            rule = age.text if age.kind != "catastrophe" else "No age rules this round."
            room = left_end - x
            if room >= int(60 * u):     # else the rule is on the age card and in the log
                self._rule(surf, rule, x, room, r, u)
        cats = t.render(counts, size, INK)
        box = cats.get_rect(midright=(right, r.centery))
        surf.blit(cats, box)
        if mods:        # a hover on the modules names every one (in full or as "+ N modules")
            lead = t.font(size).size(head)[0]
            mods_w = t.font(size).size(mods_text)[0]
            sc.targets.append((Rect(box.x + lead, box.y, mods_w, box.h), ("modules",)))
        if not sc.log_state.open:       # folded: the strip at the right edge opens it
            return
        x = lay.log.x + int(10 * u)         # "Game log" ends before Menu (960x600 at 150%)
        room = (menu.x if menu else r.right) - int(sc.bar_tools * u) - x - int(8 * u)
        # an online table keeps room for Say: there "Game log" was cut to "Game l…" at
        # 1280x720, so the short word comes before any cutting
        words = next((w for w in ("Game log ▸", "Log ▸")
                      if t.font(int(16 * u), True).size(w)[0] <= room), "Log ▸")
        ln = t.render(elide(t, words, int(16 * u), room, True), int(16 * u), MUTED,
                      bold=True)
        box = surf.blit(ln, ln.get_rect(midleft=(x, r.centery)))
        sc.targets.append((box, ("log_toggle",)))      # a click folds it again

    def _menu_button(self, surf: pygame.Surface, lay: TableLayout, u: float) -> Rect:
        """'Menu' at the bar's right end, over the log: the Esc menu (Save, Load, Main
        menu, Quit...) by mouse too (the tryout found it only through Esc)."""
        sc = self.sc
        t = sc.app.text
        label = t.render("☰ Menu", int(15 * u), INK, bold=True)
        r = label.get_rect().inflate(int(18 * u), int(10 * u))
        r.midright = (lay.top_bar.right - int(8 * u), lay.top_bar.centery)
        hover = r.collidepoint(sc.app.mouse)
        pygame.draw.rect(surf, PANEL_HI if not hover else PANEL_HOVER, r,
                         border_radius=int(6 * u))
        pygame.draw.rect(surf, ACCENT if hover else EDGE, r, width=max(1, int(u)),
                         border_radius=int(6 * u))
        surf.blit(label, label.get_rect(center=r.center))
        sc.targets.append((r, ("open_menu",)))
        return r

    def _rule(self, surf: pygame.Surface, rule: str, x: int, room: int, bar: Rect,
                   u: float) -> None:
        """The age's rule in the top bar: one line, else two smaller ones, and an ellipsis if
        even that is short (the full text is on the age card and in the log)."""
        sc = self.sc
        t = sc.app.text
        size = int(15 * u)
        lines = t.wrap(rule, size, room)
        if len(lines) > 1:
            size = int(13 * u)
            lines = t.wrap(rule, size, room)
        rows = max(1, min(2, bar.h // max(1, t.font(size).get_linesize())))
        shown = lines[:rows]
        if len(lines) > rows:
            words = shown[-1].split(" ")
            while len(words) > 1 and t.font(size).size(" ".join(words) + "…")[0] > room:
                words.pop()
            shown[-1] = " ".join(words).rstrip(",;:.") + "…"
        h = t.font(size).get_linesize()
        y = bar.centery - h * len(shown) // 2
        for line in shown:
            surf.blit(t.render(line, size, INK), (x, y))
            y += h


SLOT_SHAPES = 256      # pile shapes remembered: six seats' piles as they grow, many times over


class PlayerPanel(_Panel):
    """One player's panel: name and badges, score and hand size, gene pool card, trait pile."""

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.cut: tuple[int, int | None] = (0, None)     # header_cut's, for this frame
        self.cut_for: tuple = ()        # what the cut was worked out for
        self.slot_cache: LRU = LRU(SLOT_SHAPES)     # pile shape -> where its cards go
        self.title_needs: dict[int, int] = {}       # card -> `_title_need`
        self.strip_needs: dict[tuple, int] = {}     # (card, height) -> `_band_need`
        self.cache = RegionCache()      # each seat's panel as last drawn (regions.py)

    def draw(self, surf: pygame.Surface, v: View, lay: TableLayout, panel: Any, d: Any,
             u: float, theme: tuple = ()) -> None:
        """The panel from the region cache while what it shows is the same (`_shows`), else
        drawn afresh (`_paint`): most frames with bots playing change one panel or none."""
        seat = panel.seat
        lit = lit_hosts(self.sc, d)
        glowing = self._glowing(v, seat, d)
        self.cache.draw(self.sc, surf, seat, panel.rect,
                        self._shows(v, panel, lit, glowing, u, theme),
                        lambda: self._paint(surf, v, panel, d, lit, glowing, u), BG)

    def _glowing(self, v: View, seat: int, d: Any) -> bool:
        """The whole panel wears the pulsing outline: a player to choose, or the pile a card
        in hand is dropped on (or an attachment's host is in)."""
        sc = self.sc
        if d is None:
            return False
        if d.kind == "player" and seat in d.options:
            return True
        carry = carried(sc, d)       # an attachment goes on a lit host, in whichever pile
        if carry is not None:
            return any(h in v.seats[seat].pile for h in v.hosts[carry])
        return d.kind == "play" and d.zone == "hand" and seat == sc.viewer and (
            dragging(sc.drag) is not None or sc.selection.chosen is not None)

    def _shows(self, v: View, panel: Any, lit: set, glowing: bool, u: float,
               theme: tuple) -> tuple | None:
        """Everything `_paint` reads for this panel, as a key (regions.py); None while an
        outline pulses with time (the panel's, or a lit card's in its pile)."""
        sc = self.sc
        seat = panel.seat
        sv = v.seats[seat]
        if glowing or (lit and not lit.isdisjoint(sv.pile)):
            return None
        meaning = (v.meanings[seat] if v.meanings else -1) if v.over else \
            (v.meaning if seat == v.me else -1)
        on_way = tuple(c for c in sv.pile if sc.motion.hides(("pile", seat, c)))
        deciding = v.current if v.waiting_for is None else v.waiting_for
        # the turn's marks as this panel shows them (not whose turn it is: a turn passing
        # from one seat to the next redraws those two panels only)
        return (tuple(panel.header), tuple(panel.gene_pool), tuple(panel.pile), u, theme,
                sv, seat == sc.viewer, seat == v.current and v.in_turn,
                seat == deciding and not v.over, seat == v.first, v.me == seat, v.over,
                v.hands_open, meaning, self.cut, self._header_words(seat),
                sc.motion.score(seat, sv.score), sc.gp_dial(seat, sv.gene_pool), on_way,
                id(sc.db))

    def _paint(self, surf: pygame.Surface, v: View, panel: Any, d: Any, lit: set,
               glowing: bool, u: float) -> None:
        sc = self.sc
        t = sc.app.text
        seat = panel.seat
        sv = v.seats[seat]
        mine = seat == sc.viewer
        turn = seat == v.current and v.in_turn      # between rounds, no one's turn
        bg = PANEL_HI if turn else PANEL
        pygame.draw.rect(surf, bg, panel.rect.inflate(-int(4 * u), -int(4 * u)),
                         border_radius=int(10 * u))
        if glowing:
            state = "selected" if sc.selection.chosen == seat else "eligible"
            pulse = int(2 * (1 + math.sin(sc.time * 6)) * u)
            outline(surf, state, panel.rect.inflate(-int(4 * u), -int(4 * u)), u, pad=0,
                    radius=int(10 * u), pulse=pulse)
        sc.targets.append((panel.rect, ("panel", seat)))
        hx = panel.header.x + int(6 * u)
        cy = panel.header.centery
        # the gene pool card beside the header shows the value (its tooltip and zoom say it in
        # words), so the header keeps its room for the score, the hand and the badges
        limit = panel.gene_pool.x - int(8 * u)
        # the name lights up for whoever decides now: the turn's player, or another player
        # answering during it (The Big One, a pile choice); secret offers show no one
        deciding = v.current if v.waiting_for is None else v.waiting_for
        color = ACCENT if seat == deciding and not v.over else INK
        size = int(18 * u)
        # ▶ marks whose turn it is; every header keeps its room, so none re-wraps when the
        # turn moves on
        if turn:
            mark = t.render("▶", size, color, bold=True)
            surf.blit(mark, (hx, cy - mark.get_height() // 2))
        hx += t.font(size, True).size("▶ ")[0]
        label, level = self._header_words(seat)
        first, bot, size, _ = self._header_fit(label, level, seat == v.first, sv, limit - hx, u,
                                               *self.cut)
        room = limit - hx - self._badges_w(first, bot, u) - self._score_w(sv, u) - int(10 * u)
        name = t.render(elide(t, label, size, max(int(40 * u), room), True), size, color,
                        bold=True)
        surf.blit(name, (hx, cy - name.get_height() // 2))
        hx += name.get_width() + int(10 * u)
        if first == "1st":
            hx = self._badge(surf, "1st", ACCENT, hx, cy, u)
        elif first:                 # the small mark: the same word, at the smallest text size
            hx = self._badge(surf, "1st", ACCENT, hx, cy, u, small=True)
        if bot is not None:         # so a bot's moves are never taken for a person's
            hx = self._badge(surf, bot, BOT_BADGE, hx, cy, u, icon=True)
        self._gene_pool(surf, seat, sv.gene_pool, panel.gene_pool, u)
        area = self._meaning(surf, v, seat, panel, u)
        if v.hands_open and sv.hand is not None and not mine:     # Age of Metadata (E24)
            area = open_hand(sc, surf, seat, sv.hand, area, u)
        area = self._score_and_counts(surf, sv, hx, limit, cy, area, u)
        self._pile(surf, sv, seat, area, lit, u)
        if not sv.pile:
            empty = t.render("no traits yet", int(14 * u), MUTED)
            surf.blit(empty, empty.get_rect(center=area.center))

    def _pile(self, surf: pygame.Surface, sv: Any, seat: int, area: Rect, eligible: set,
              u: float) -> None:
        """The pile's strips, grouped by colour; an attachment tucked under its host, whose
        strip wears the link mark (E8). `eligible` cards glow: the answers of a choice among
        pile cards, or the hosts of the attachment being dragged or chosen."""
        sc = self.sc
        art = sc.app.art
        firsts = tuple(cs[0] for cs in sv.colors)     # a multi-colour trait sits with its first
        entries = pile_entries(sv, firsts)
        hosts = {h for _, _, _, h in entries if h >= 0}
        # as cards where room allows; an attachment is tucked under its host's strip (E8),
        # so its colour keeps the strips
        bound = frozenset(i for i, e in enumerate(entries) if e[3] >= 0)
        slots = self._slots(area, tuple(col for _, col, _, _ in entries), u,
                            tuple(c for c, _, _, _ in entries), bound)
        drawn: dict[int, Rect] = {}
        for (c, col, worth, host), slot in zip(entries, slots, strict=True):
            linked = c in hosts
            drawn[c] = slot
            if sc.motion.hides(("pile", seat, c)):      # on its way here (motion.py)
                sc.targets.append((slot, ("strip", seat, c)))
                continue
            if slot.h > slot.w:         # the last card of its colour, lying whole
                self._card(surf, c, col, worth, slot, u)
            elif host >= 0:
                slot = draw_tucked(sc, surf, lambda w, h, k, c=c, col=col, worth=worth:
                                   art.strip(c, w, h, col, worth, k), slot, drawn.get(host), u)
            else:
                surf.blit(art.strip(c, slot.w, slot.h, col, worth, linked), slot)
            if c in eligible:
                pulse = int(1 + math.sin(sc.time * 6))
                outline(surf, "selected" if sc.selection.chosen == c else "eligible", slot, u,
                        pad=1, radius=int(4 * u), pulse=pulse)
                sc.lit.append((slot, c))
            sc.targets.append((slot, ("strip", seat, c)))

    def _score_and_counts(self, surf: pygame.Surface, sv: Any, x: int, limit: int, cy: int,
                          area: Rect, u: float) -> Rect:
        """The score and hand, and how many traits of each colour the pile holds (a
        multi-colour trait counts for each of its colours, as scoring counts it: each
        colour's badge and its count). The counts go after a one-line score where the
        header has room; else in a row at the top of the pile area if its strips keep their
        columns and stay readable; else after the score on two lines; else they are left out
        (the strips show the colours). Returns the pile area left for the strips."""
        counts = [(c, n) for c in PILE_COLORS if (n := sum(c in cs for cs in sv.colors))]
        t = self.sc.app.text
        gap = int(12 * u)
        w = self._counts_w(counts, u)
        one = t.font(int(15 * u)).size(f"Score {sv.score}   Hand {sv.hand_size}")[0]
        if not counts or x + one + gap + w <= limit:
            x += self._score_and_hand(surf, sv, x, cy, limit - x, u) + gap
            if counts:
                self._counts(surf, counts, x, cy, u)
            return area
        bs = max(MIN_TEXT_PX + 2, int(16 * u))
        row = Rect(area.x, area.y + bs + int(4 * u), area.w, area.h - bs - int(4 * u))
        colors = tuple(cs[0] for cs in sv.colors)
        under = self._slots(row, colors, u) if row.h > 0 else []
        cols = len({r.x for r in self._slots(area, colors, u)})
        # only where the row costs the strips nothing that shows: none thinner than
        # readable, and as many columns as without it or every name still whole
        low = min((r.h for r in under), default=0)
        if low >= STRIP_MIN_H and (len({r.x for r in under}) <= cols or min(
                r.w for r in under) >= self._band_need(tuple(sv.pile), low)):
            self._score_and_hand(surf, sv, x, cy, limit - x, u)
            self._counts(surf, counts, area.x + int(4 * u), area.y + bs // 2, u)
            return row
        room = limit - x - gap - w
        drawn = self._score_and_hand(surf, sv, x, cy, max(room, limit - x), u)
        if drawn <= room:
            self._counts(surf, counts, x + drawn + gap, cy, u)
        return area

    def _counts_w(self, counts: list, u: float) -> int:
        t = self.sc.app.text
        size = max(MIN_TEXT_PX, int(13 * u))
        bs = max(MIN_TEXT_PX + 2, int(16 * u))
        return sum(bs + int(3 * u) + t.font(size, True).size(str(n))[0] for _, n in counts) \
            + int(8 * u) * max(0, len(counts) - 1)

    def _counts(self, surf: pygame.Surface, counts: list, x: int, cy: int, u: float) -> None:
        """Each colour's badge and count, from x, centred on cy (`_score_and_counts`)."""
        t = self.sc.app.text
        size = max(MIN_TEXT_PX, int(13 * u))
        bs = max(MIN_TEXT_PX + 2, int(16 * u))
        gap = int(8 * u)
        art = self.sc.app.art
        for c, n in counts:
            surf.blit(art.badge(c, bs), (x, cy - bs // 2))
            x += bs + int(3 * u)
            img = t.render(str(n), size, INK, bold=True)
            surf.blit(img, (x, cy - img.get_height() // 2))
            x += img.get_width() + gap

    def _card(self, surf: pygame.Surface, c: int, col: str, worth: Any, r: Rect,
              u: float) -> None:
        """A pile's top card of its colour, whole: its face, with its strip (colour, name at
        a readable size, value or current worth) over the face's title bar."""
        art = self.sc.app.art
        w, h = max(1, r.w), max(1, r.h)
        img = art.face(c, w, h)
        # the tallest band up to the face's title bar that still shows the name whole on
        # one line; else a band of two lines (`strips.draw_strip` breaks the name)
        d = self.sc.db.cards[c]
        bh = max(STRIP_MIN_H, min(int(30 * u), int(h * 0.2)))
        while bh > STRIP_MIN_H and not title_fits(d, w, bh, worth):
            bh -= 1
        if not title_fits(d, w, bh, worth):
            bh = max(bh, min(two_line_height(), int(h * 0.3)))
        band = art.strip(c, w, bh, col, worth)
        # the strip stands in for the face's title bar: the face from under its title on
        top = min(title_height(w, h), h - 1)
        surf.blit(img, (r.x, r.y + bh), Rect(0, top, w, min(h - top, h - bh)))
        surf.blit(band, r)

    def _meaning(self, surf: pygame.Surface, v: View, seat: int, panel: Any, u: float) -> Rect:
        """The seat's kept Meaning of Life card (E4): the viewer's own all game, everyone's
        once it is over; hovering shows it whole, like any card on the table. It stands under
        the gene pool card when the panel leaves it room there (36 design px high or more);
        else at the foot of the pile area's right end, beside the gene pool card, and the
        pile keeps clear of it (at six seats it lay over the gene pool's dial, cut off).
        Returns the pile area left for the strips."""
        c = (v.meanings[seat] if v.meanings else -1) if v.over else \
            (v.meaning if seat == v.me else -1)
        area = panel.pile
        if c < 0:
            return area
        gp = panel.gene_pool
        pad = max(2, int(4 * u))
        bottom = panel.rect.bottom - int(6 * u)
        ch = min(gp.h, bottom - gp.bottom - pad)
        if ch >= int(36 * u):
            r = Rect(0, 0, int(ch * 0.72), ch)
            r.midtop = (gp.centerx, gp.bottom + pad)
        else:
            ch = max(int(24 * u), min(gp.h, int(area.h * 0.9)))
            r = Rect(0, 0, int(ch * 0.72), ch)
            r.bottomright = (gp.right, bottom)
            r.right = min(r.right, area.right)
            area = Rect(area.x, area.y, max(0, r.x - pad - area.x), area.h)
        surf.blit(self.sc.app.art.face(c, r.w, r.h), r)
        self.sc.targets.append((r, ("card", c)))
        return area

    def _badge(self, surf: pygame.Surface, label: str, color: tuple, x: int, cy: int,
               u: float, icon: bool = False, small: bool = False) -> int:
        """A small pill after the name (with the bot icon first if `icon`; `small`: the
        narrowest form, its word at the smallest text size); returns where the next thing
        starts (`_badge_w` measures it)."""
        size, pad, gap = self._badge_sizes(small, u)
        img = self.sc.app.text.render(label, size, DARK_INK, bold=True) if label else None
        iw = int(14 * u) if icon else 0
        w = iw + (img.get_width() + (int(4 * u) if icon else 0) if img else 0)
        r = Rect(0, 0, w + 2 * pad, int((16 if small else 20) * u))
        r.midleft = (x, cy)
        pygame.draw.rect(surf, color, r, border_radius=int(6 * u))
        if icon:
            _bot_icon(surf, Rect(r.x + pad, cy - iw // 2, iw, iw))
        if img:
            surf.blit(img, img.get_rect(midright=(r.right - pad, cy)))
        return r.right + gap

    @staticmethod
    def _badge_sizes(small: bool, u: float) -> tuple[int, int, int]:
        """A badge's text size, padding and the gap after it."""
        from doomlings_desktop.ui.fonts import MIN_TEXT_PX
        return (MIN_TEXT_PX, max(2, int(3 * u)), int(6 * u)) if small else \
            (int(13 * u), int(5 * u), int(10 * u))

    def _badge_w(self, label: str, u: float, icon: bool = False, small: bool = False) -> int:
        size, pad, gap = self._badge_sizes(small, u)
        w = self.sc.app.text.font(size, True).size(label)[0] if label else 0
        if icon:
            w += int(14 * u) + (int(4 * u) if label else 0)
        return w + 2 * pad + gap

    def _badges_w(self, first: str, bot: str | None, u: float) -> int:
        w = self._badge_w("1st", u, small=first == "mark") if first else 0
        return w + (self._badge_w(bot, u, icon=True) if bot is not None else 0)

    def _score_w(self, sv: Any, u: float) -> int:
        """The least room the score and hand take (two lines at 12 px-design)."""
        f = self.sc.app.text.font(int(12 * u))
        return max(f.size(f"Score {sv.score}")[0], f.size(f"Hand {sv.hand_size}")[0])

    def _header_words(self, seat: int) -> tuple[str, str]:
        """A header's name ("Ann (you)" when several humans play) and bot level ("" for a
        human)."""
        sc = self.sc
        mine = seat == sc.viewer
        label = sc.name(seat) + (" (you)" if mine and len(sc.humans) > 1 else "")
        level = sc.seats[seat].level.capitalize() if sc.seats[seat].kind == "bot" else ""
        return label, level

    def header_cut(self, v: View, lay: TableLayout, u: float) -> None:
        """One cut for every header of the frame (`self.cut`): the shortest bot badge any
        header needs and the smallest name size any needs, so the level pills all take the
        same form ("Hard bot" / "Hard" / "H") and the names one size, never "Bob [Hard]"
        beside "Maximilian [M]" in a smaller hand. A name too long even so is still cut, alone.
        Worked out again only when a header's words or room change (`cut_for`)."""
        key = (u, v.first, tuple((tuple(p.header), tuple(p.gene_pool), self._header_words(p.seat),
                                  v.seats[p.seat].score, v.seats[p.seat].hand_size)
                                 for p in lay.panels))
        if key != self.cut_for:
            self.cut_for = key
            self.cut = self._cut(v, lay, u)

    def _cut(self, v: View, lay: TableLayout, u: float) -> tuple[int, int]:
        most, least = 0, int(18 * u)
        mark = self.sc.app.text.font(int(18 * u), True).size("▶ ")[0]
        for panel in lay.panels:
            label, level = self._header_words(panel.seat)
            room = panel.gene_pool.x - int(8 * u) - (panel.header.x + int(6 * u) + mark)
            _, _, size, form = self._header_fit(label, level, panel.seat == v.first,
                                                v.seats[panel.seat], room, u)
            most = max(most, form) if level else most
            least = min(least, size)
        return most, least

    def _header_fit(self, label: str, level: str, first: bool, sv: Any, room: int,
                    u: float, form: int = 0, most: int | None = None
                    ) -> tuple[str, str | None, int, int]:
        """What a header shows: ("1st", "mark" or "" for the first player's badge; the bot
        badge's words or None; the name's size; the badge's form, 0 to 2). The name keeps its
        whole length and size while the badges can give way: the bot's "Hard bot", "Hard",
        "H", each with "1st" and then its small mark; only then does the name shrink (18 to
        14) and, last, get cut (the tryout's "Pla…" beside "1st" and "M"). `form` and `most`
        start it at the table's cut (`header_cut`): that badge form at least, that size at
        most."""
        t = self.sc.app.text
        big = min(int(18 * u), most or int(18 * u))
        bots = [f"{level} bot", level, level[:1]] if level else [None]
        form = min(form, len(bots) - 1)
        firsts = ["1st", "mark"] if first else [""]
        rest = self._score_w(sv, u) + int(10 * u)
        name_w = t.font(big, True).size(label)[0]
        for i, bot in enumerate(bots[form:], form):
            for f in firsts:
                if name_w + self._badges_w(f, bot, u) + rest <= room:
                    return f, bot, big, i
        f, bot = firsts[-1], bots[-1]
        left = room - self._badges_w(f, bot, u) - rest
        return f, bot, t.fit(label, big, left, min(big, int(14 * u)), bold=True), len(bots) - 1

    def _score_and_hand(self, surf: pygame.Surface, sv: Any, x: int, cy: int, room: int,
                             u: float) -> int:
        """'Score 30   Hand 6' on one line, or the same words on two smaller lines when the
        badges leave too little room: the words stay the same whatever the header holds.
        Returns the width drawn."""
        sc = self.sc
        t = sc.app.text
        score = sc.motion.score(sv.seat, sv.score)      # counting up to a new score
        one = f"Score {score}   Hand {sv.hand_size}"
        lines = [one]
        size = int(15 * u)
        if t.font(size).size(one)[0] > room:
            lines = [f"Score {score}", f"Hand {sv.hand_size}"]
            for size in (int(13 * u), int(12 * u), int(11 * u)):
                if max(t.font(size).size(s)[0] for s in lines) <= room:
                    break
            else:       # a last resort, narrower than any window size makes a header
                lines = [f"{score}p · {sv.hand_size}c"]
        step = t.font(size).get_linesize() - int(2 * u)
        y = cy - (step * len(lines) + int(2 * u)) // 2
        for line in lines:
            surf.blit(t.render(line, size, INK), (x, y))
            y += step
        return max(t.font(size).size(line)[0] for line in lines)

    def _slots(self, area: Rect, colors: tuple, u: float, ids: tuple = (),
               bound: frozenset[int] = frozenset()) -> list[Rect]:
        """Where a pile's cards go (given `ids`, the pile's card ids in drawing order: as
        overlapping cards where room allows their whole names; as strips, each strip of
        `bound`, an attachment, in the column of the one before it, its host, cutting as few
        names as the room allows), worked out once per pile shape (a bounded cache: every
        pile that grows by a card is a new shape)."""
        key = (tuple(area), colors, u, ids, bound)
        got = self.slot_cache.get(key)
        if got is None:
            need = (lambda h: self._band_need(ids, h)) if ids else None
            need_of = (lambda h, i: self._band_need((ids[i],), h)) if ids else None
            got = self.slot_cache[key] = pile_slots(area, list(colors), u, bool(ids),
                                                    need, bound, need_of)
        return got

    def _band_need(self, cards: tuple, h: int) -> int:
        """The width a band (a strip) h high needs to show each of these cards' names whole,
        in the strips' own geometry (`strips.name_width`; a variable trait as if its worth
        had two digits); remembered per card and height. h = 0: a face's title band, where
        a name may take two lines (`_title_need`)."""
        if h <= 0:
            return max((self._title_need(c) for c in cards), default=0)
        got = 0
        for c in cards:
            w = self.strip_needs.get((c, h))
            if w is None:
                d = self.sc.db.cards[c]
                w = self.strip_needs[(c, h)] = name_width(
                    d, h, -10 if d.kind == "trait" and d.variable else None)
            got = max(got, w)
        return got

    def _title_need(self, c: int) -> int:
        """The width a whole card's title band needs for card c's whole name: on one line
        in a STRIP_MIN_H band, or on two lines of MIN_TEXT_PX in a band of
        `two_line_height` (the narrowest width where either fits, in `strips.name_room`'s
        geometry; a variable trait as if its worth had two digits). Remembered per card."""
        got = self.title_needs.get(c)
        if got is None:
            d = self.sc.db.cards[c]
            worth = -10 if d.kind == "trait" and d.variable else None
            two = split_width(d.name, font(MIN_TEXT_PX, True, True))
            h2 = two_line_height()
            lo, hi = 32, 601            # the room grows with the width: halve the range
            while lo < hi:
                mid = (lo + hi) // 2
                if title_fits(d, mid, STRIP_MIN_H, worth) or (
                        two is not None and two <= name_room(d, mid, h2, worth)):
                    hi = mid
                else:
                    lo = mid + 1
            got = lo
            self.title_needs[c] = got
        return got

    def _gene_pool(self, surf: pygame.Surface, seat: int, value: int, r: Rect,
                        u: float) -> None:
        """The gene pool card, its dial turning to a new value over `sc.gp_seconds()`."""
        sc = self.sc
        img = sc.app.art.gene_pool(value, r.w, r.h, sc.gp_dial(seat, value))
        surf.blit(img, r)
        sc.targets.append((r, ("gene_pool", seat)))


class Centre(_Panel):
    """The centre of the table: the deck, the discard pile and the age card, with their counts."""

    def draw(self, surf: pygame.Surface, v: View, lay: TableLayout, d: Any,
                     u: float) -> None:
        sc = self.sc
        t = sc.app.text
        art = sc.app.art
        surf.blit(art.back("trait", lay.deck.w, lay.deck.h), lay.deck)
        self._count(surf, lay.deck, f"Deck {v.deck_size}", u)
        sc.targets.append((lay.deck, ("deck",)))
        # a card on its way to the discard pile is not on it yet (motion.py)
        top = next((c for c in reversed(v.discard)
                    if not sc.motion.hides(("discard", -1, c))), None)
        if top is not None:
            surf.blit(art.face(top, lay.discard.w, lay.discard.h), lay.discard)
            sc.targets.append((lay.discard, ("card", top)))
        else:
            pygame.draw.rect(surf, PANEL, lay.discard, border_radius=int(8 * u))
        sc.targets.append((lay.discard, ("discard_pile",)))
        self._count(surf, lay.discard, f"Discard {len(v.discard)}", u)
        if v.age >= 0:
            surf.blit(art.face(v.age, lay.age.w, lay.age.h), lay.age)
            sc.targets.append((lay.age, ("card", v.age)))
        if v.next_age is not None:       # below the age card, in the row of the counts
            # Neural Link saw two: the next and the one after it, top first
            seen = v.next_ages or (v.next_age,)
            label = "Next: " + ", then ".join(sc.db.cards[a].name for a in seen)
            room = lay.prompt.right - lay.age.x - int(8 * u)
            size = t.fit(label, int(13 * u), room, int(11 * u), bold=True)
            s = t.render(elide(t, label, size, room, True), size, ACCENT, bold=True)
            box = s.get_rect(topleft=(lay.age.x, lay.age.bottom - int(2 * u)))
            box = box.inflate(int(8 * u), 0).move(int(4 * u), 0)
            pygame.draw.rect(surf, BLACK, box, border_radius=int(4 * u))
            surf.blit(s, s.get_rect(center=box.center))

    def _count(self, surf: pygame.Surface, r: Rect, label: str, u: float) -> None:
        sc = self.sc
        # no wider than its card, so neighbouring labels never touch
        size = sc.app.text.fit(label, int(13 * u), r.w, int(9 * u), bold=True)
        s = sc.app.text.render(label, size, INK, bold=True)
        box = s.get_rect(midtop=(r.centerx, r.bottom - int(2 * u))).inflate(int(8 * u), 0)
        box.bottom = min(box.bottom, r.bottom + s.get_height())
        pygame.draw.rect(surf, BLACK, box, border_radius=int(4 * u))
        surf.blit(s, s.get_rect(center=box.center))


class Hand(_Panel):
    """The viewer's hand along the bottom, face up only when it may be shown."""

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.cache = RegionCache()      # the cards at rest as last drawn (regions.py)

    def draw(self, surf: pygame.Surface, v: View, lay: TableLayout, d: Any,
             u: float, theme: tuple = ()) -> None:
        """The cards at rest, from the region cache while the hand, the question, the
        choice, the drag and the cards on their way are the same; then the risen card over
        them (never cached: it moves with time and the pointer)."""
        sc = self.sc
        active = d is not None and (d.kind == "play" and d.zone == "hand" or
                                    d.kind == "card" and d.zone == "hand")
        multi = several(d)
        picked = tuple(sc.selection.of(d)) if multi else ()    # chosen among several: raised
        places = self._places(v, lay, u, multi, picked)
        key = (u, theme, tuple((c, tuple(r), how) for c, r, how in places), tuple(lay.hand),
               lay.card_w, lay.card_h, active, tuple(d.options) if active else None, multi,
               picked, sc.selection.chosen, sc.private, id(sc.db))
        rests = self.cache.draw(sc, surf, "hand", lay.hand, key,
                                lambda: self._rest(surf, v, lay, d, u, active, places), BG)
        # the card the pointer rests on rises, readable, over the others (a preview only:
        # the targets stay where the cards lie)
        draw_raised(sc, surf, lay, rests, d, u,
                    lambda c, r: self._glow(surf, c, r, active, d, u))

    def _places(self, v: View, lay: TableLayout, u: float, multi: bool,
                picked: tuple) -> list[tuple[int, Rect, str]]:
        """Each hand card, where it is drawn now and how ("held": dragged, its slot kept;
        "away": on its way here, motion.py; "shown"). A card whose place changed (the hand
        closing up, a card chosen rising within the hand's strip) slides there over the
        pace's travel time (`sc.slides`) instead of jumping."""
        sc = self.sc
        hand = list(v.hand)
        slots = hand_slots(lay.hand, len(hand), lay.card_w, lay.card_h)
        held = dragging(sc.drag)
        seconds = timing(sc.app.settings).travel
        out: list[tuple[int, Rect, str]] = []
        for c, slot in zip(hand, slots, strict=True):
            if held == c:
                sc.slides.place(c, slot, sc.time, 0.0)      # back at its slot when let go
                out.append((c, slot, "held"))
                continue
            # a chosen card rises within the hand's own strip, never over the pile above it
            chosen = c in picked if multi else sc.selection.chosen == c
            lift = min(int(18 * u), slot.y - lay.hand.y) if chosen else 0
            r = slot.move(0, -lift)
            if sc.motion.hides(("hand", sc.motion.seat, c)):    # on its way here (motion.py)
                sc.slides.place(c, r, sc.time, 0.0)     # it lands at its place
                out.append((c, r, "away"))
                continue
            out.append((c, sc.slides.place(c, r, sc.time, seconds), "shown"))
        sc.slides.keep(set(hand))
        return out

    def _rest(self, surf: pygame.Surface, v: View, lay: TableLayout, d: Any, u: float,
              active: bool, places: list[tuple[int, Rect, str]]) -> dict[int, Rect]:
        """The hand's cards where they lie (`_places`); returns where each card is drawn."""
        sc = self.sc
        art = sc.app.art
        rests: dict[int, Rect] = {}
        for c, r, how in places:
            sc.targets.append((r, ("hand", c)))
            if how != "shown":
                continue
            img = art.face(c, lay.card_w, lay.card_h)
            sc.face_up.add(c)
            surf.blit(img, r)
            if active and c not in d.options:
                shade = pygame.Surface(r.size, pygame.SRCALPHA)
                shade.fill(CARD_DIM)
                surf.blit(shade, r)
            else:
                self._glow(surf, c, r, active, d, u)
            rests[c] = r
        if not v.hand:
            s = sc.app.text.render("Your hand is empty" if sc.private else
                                     "Hands stay hidden until the next player takes the seat",
                                     int(16 * u), MUTED)
            surf.blit(s, s.get_rect(center=lay.hand.center))
        return rests

    def _glow(self, surf: pygame.Surface, c: int, r: Rect, active: bool, d: Any,
              u: float) -> None:
        """The outline of a hand card that answers the question (blue when chosen)."""
        if active and c in d.options:
            sc = self.sc
            chosen = sc.selection.chosen == c or (several(d) and c in sc.selection.of(d))
            outline(surf, "selected" if chosen else "eligible", r, u, radius=int(8 * u))


class Log(_Panel):
    """The game log on the right, wrapped once per change and scrolled with the wheel
    (`sc.log_state`: its lines and how far back it is scrolled)."""

    def draw(self, surf: pygame.Surface, v: View, lay: TableLayout, u: float) -> None:
        sc = self.sc
        t = sc.app.text
        r = lay.log
        pygame.draw.rect(surf, LOG_BG, r)
        if not sc.log_state.open:
            self._folded(surf, v, r, u)
            return
        size = int(14 * u)
        line_h = int(19 * u)
        width = r.w - int(16 * u)
        log = v.log[:self.shown(v)]
        sc.log_state.folded_at = len(log)
        key = (len(log), size, width, sc.viewer, len(sc.bot_notes))
        state = sc.log_state
        if state.key != key:
            lines: list[tuple[str, tuple]] = []
            indent = t.font(size).size("  ")[0]
            start = max(0, len(log) - 150)
            for i, (kind, text) in enumerate(log[start:], start):
                color = ACCENT if kind in ("age", "catastrophe", "world_end", "winner") else INK
                for j, line in enumerate(t.wrap(text, size, width - indent)):
                    lines.append(("  " + line if j else line, color))   # fits with its indent
                why = sc.bot_notes.get(i)
                if why:
                    for line in t.wrap(f"({why})", size, width - indent):
                        lines.append(("  " + line, MUTED))
            state.key, state.lines = key, lines
        lines = state.lines
        rows = max(1, (r.h - int(10 * u)) // line_h)
        state.settle(rows)
        end = len(lines) - state.scroll
        below = state.scroll > 0
        shown = lines[max(0, end - rows + (1 if below else 0)):end]
        y = r.y + int(6 * u)
        for line, color in shown:
            surf.blit(t.render(line, size, color), (r.x + int(8 * u), y))
            y += line_h
        sc.targets.append((r, ("log",)))
        if below:       # say so, or the moves that come in go unseen
            bar = Rect(r.x, r.bottom - line_h - int(6 * u), r.w, line_h + int(6 * u))
            pygame.draw.rect(surf, LOG_MORE_BAR, bar)
            label = t.render(f"▼ {state.scroll} newer lines: click to follow", size, ACCENT,
                             bold=True)
            surf.blit(label, label.get_rect(center=bar.center))
            sc.targets.append((bar, ("log_end",)))

    def _folded(self, surf: pygame.Surface, v: View, r: Rect, u: float) -> None:
        """The log folded to a strip at the right edge (the hand takes its width): "◂ Game
        log" down the strip, which a click (or L) opens; how many entries came since it was
        last open stands under it."""
        sc = self.sc
        t = sc.app.text
        size = max(MIN_TEXT_PX, int(14 * u))
        if sc.log_state.folded_at < 0:      # a table just opened: what comes from now on
            sc.log_state.folded_at = self.shown(v)
        fresh = max(0, self.shown(v) - sc.log_state.folded_at)
        label = "◂ Game log" + (f" ({fresh} new)" if fresh else "")
        img = pygame.transform.rotate(t.render(label, size, ACCENT if fresh else INK,
                                               bold=True), 90)
        hover = r.collidepoint(sc.app.mouse)
        if hover:
            pygame.draw.rect(surf, PANEL_HOVER, r)
        surf.blit(img, img.get_rect(midtop=(r.centerx, r.y + int(12 * u))))
        sc.targets.append((r, ("log_toggle",)))

    def shown(self, v: View) -> int:
        """How many log entries to show. While the table reveals World's End line by line, the
        log stops at its first line: the effects, the scores and the winner come once the
        reveal is over (as the End layer decides), not before it."""
        sc = self.sc
        if not v.over or sc.we_step >= len(sc._we_lines()) + 1.5:
            return len(v.log)
        return next((i + 1 for i, (kind, _) in enumerate(v.log) if kind in ("world_end", "end")),
                    len(v.log))


class Prompt(_Panel):
    """The question being asked, the card asking it, and the widget that answers it
    (answers.py: one per decision kind), whose buttons it lays out in its row."""

    current: Widget | None = None       # the pending decision's widget

    def text(self, v: View, d: Any) -> str:
        sc = self.sc
        g = sc.game
        p = g.pending
        if v.over:
            return "The world has ended."
        if d is None:
            shown = sc.overlays.bot_turn.state()
            played = shown[1] if shown is not None else None
            if p is not None and played is not None and played[0] != p.player \
                    and not getattr(sc, "view_only", False):
                # the last bot's card is still shown, and the next move waits for it: the
                # tryout read "Player 3 is thinking..." under Player 2's Flatulence (a
                # face-up play: it tells nothing of who may answer it out of turn)
                return f"{sc.name(played[0])} plays {sc.db.name(played[1])}."
            if p is None or p.kind == "react" and v.waiting_for is None:
                return ""       # a secret out-of-turn offer: naming its player would tell
            if getattr(sc, "view_only", False):     # a replay: nothing here can be played
                return (f"{sc.name(p.player)} answers next. A replay is only watched: step "
                        "with the buttons below.")
            if p.player in sc.bots:
                level = sc.seats[p.player].level
                return f"{sc.name(p.player)} ({level} bot) is thinking..."
            return f"Waiting for {sc.name(p.player)}..."
        carry = carried(sc, d)
        if carry is not None:       # an attachment in hand, chosen or being dragged
            if dragging(sc.drag) is None:       # chosen: what a click on the host under
                host = host_under(sc, sc.app.mouse, v.hosts[carry])     # the pointer does
                words = score_words(sc, v, carry, host) if host is not None else None
                if words:
                    return f"{words}. Click to attach it there."
            return f"{sc.db.name(carry)}: drop it on a lit trait, or click one, to attach it."
        return self.widget(d).question()       # the decision's own words

    def widget(self, d: Any) -> Widget | None:
        """The widget of decision `d` (made when `d` comes, kept while it is pending)."""
        if d is None:
            return None
        if self.current is None or self.current.d is not d:
            self.current = widget_for(d, self.sc)
        return self.current

    def draw(self, surf: pygame.Surface, v: View, lay: TableLayout, d: Any,
                     u: float) -> None:
        """The asking card, the question, and the row under it: the decision's widget
        (its answers, Confirm, Pass) from the left, Undo and Hint from the right."""
        sc = self.sc
        r = self._asker(surf, v, lay.prompt, d, u)
        self._question(surf, v, r, d, u)
        if d is None or v.over:
            return
        bh = int(38 * u)
        by = r.bottom - bh - int(4 * u)
        w = self.widget(d)
        outside = (int(118 * u) if sc.can_undo() else 0) + \
            (int(98 * u) if hint_button(sc, d) else 0) + \
            (self._standing_width(u) + int(8 * u) if standing_button(sc, d) else 0)
        w.layout(Rect(r.x, by, r.w - outside, bh), u, sc.app.text, _tone)
        sc.buttons.extend(w.buttons)
        self._undo_and_hint(r.right, by, bh, d, u)

    def _asker(self, surf: pygame.Surface, v: View, r: Rect, d: Any, u: float) -> Rect:
        """The card whose effect or cost asks this, beside the question (zoomable); returns
        the prompt's room left of it."""
        sc = self.sc
        if d is None or v.over or d.card < 0 or d.kind == "play" or d.card == v.age:
            return r            # a catastrophe asking is already the age card
        th = r.h
        tw = int(th * 0.72)
        thumb = Rect(r.x, r.y, tw, th)
        surf.blit(sc.app.art.face(d.card, tw, th), thumb)
        sc.targets.append((thumb, ("card", d.card)))
        return Rect(r.x + tw + int(12 * u), r.y, r.w - tw - int(12 * u), r.h)

    def _question(self, surf: pygame.Surface, v: View, r: Rect, d: Any, u: float) -> None:
        """Two lines of the question, smaller if need be, then cut."""
        t = self.sc.app.text
        size = int(18 * u)
        lines = t.wrap(self.text(v, d), size, r.w, bold=True)
        if len(lines) > 2:
            size = int(15 * u)
            lines = t.wrap(self.text(v, d), size, r.w, bold=True)
        if len(lines) > 2:
            lines = [lines[0], elide(t, " ".join(lines[1:]), size, r.w, True)]
        y = r.y
        for line in lines:
            surf.blit(t.render(line, size, INK, bold=True), (r.x, y))
            y += int(24 * u)

    def _undo_and_hint(self, right: int, by: int, bh: int, d: Any, u: float) -> None:
        """Undo and Hint, from the prompt's right end."""
        sc = self.sc
        if sc.can_undo():
            sc.buttons.append(Button(Rect(right - int(110 * u), by, int(110 * u), bh), "Undo",
                                     "undo", True, "", tone=UNDO_TONE))
            right -= int(118 * u)
        if hint_button(sc, d):
            sc.buttons.append(Button(Rect(right - int(90 * u), by, int(90 * u), bh), "Hint",
                                     "hint", True, "", tone=HINT_TONE))
            right -= int(98 * u)
        if standing_button(sc, d):
            bw = self._standing_width(u)
            sc.buttons.append(Button(Rect(right - bw, by, bw, bh), standing_label(sc, d.player),
                                     "standing", True, ""))

    def _standing_width(self, u: float) -> int:
        """The standing answer's button: as wide as its longer label."""
        f = self.sc.app.text.font(int(16 * u), True)
        return max(f.size(f"Out of turn: {w}")[0] for w in STANDING_SHORT.values()) \
            + int(24 * u)


STANDING_SHORT = {"pays": "when it pays", "never": "never"}


def standing_button(sc: Any, d: Any) -> bool:
    """Pass-and-play: on your own turn, while your hand holds a card you could be offered
    out of turn, the button that sets your standing answer to such offers (play it when it
    pays, or never): the offers come while others have the screen, and are answered by it."""
    m = sc.match
    return d is not None and m.hotseat and d.player == sc.game.current \
        and d.kind in ("play", "no_play", "end_turn") and m.asks(d.player) \
        and m.stand_in.holds(d.player)


def standing_label(sc: Any, seat: int) -> str:
    return f"Out of turn: {STANDING_SHORT[sc.match.seats[seat].standing]}"


def hint_button(sc: Any, d: Any) -> bool:
    """The coach's Hint button is offered on the viewer's own decisions when hints are on."""
    return d is not None and d.kind != "end_turn" and len(d.options) > 1 \
        and sc.match.hints_on()


class Panels(_Panel):
    """All the table's panels, drawn in this order."""

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.top = TopBar(scene)
        self.player = PlayerPanel(scene)
        self.centre = Centre(scene)
        self.hand = Hand(scene)
        self.log = Log(scene)
        self.prompt = Prompt(scene)

    def forget(self) -> None:
        """Drop the cached regions (regions.py): the next frame draws every panel afresh."""
        for part in (self.top, self.player, self.hand):
            part.cache.forget()

    def draw(self, surf: pygame.Surface, v: View, lay: TableLayout, d: Any, u: float) -> None:
        """The table under any overlay. Cards on their way are drawn last, over the panels."""
        sc = self.sc
        # the background where no panel lies: the panels, the top bar and the log draw
        # every pixel of their own (a whole-window fill cost as much as all the panels' blits)
        for r in outside(surf.get_rect(), [lay.top_bar, lay.log, lay.hand,
                                           *(p.rect for p in lay.panels)]):
            surf.fill(BG, r)
        theme = theme_key(sc.app)
        self.top.draw(surf, v, lay, u, theme)
        self.player.header_cut(v, lay, u)
        for panel in lay.panels:
            self.player.draw(surf, v, lay, panel, d, u, theme)
        self.centre.draw(surf, v, lay, d, u)
        self.hand.draw(surf, v, lay, d, u, theme)
        self.log.draw(surf, v, lay, u)
        sc.motion.draw(surf, lay)       # the cards on their way, over the panels
        self.prompt.draw(surf, v, lay, d, u)


def _bot_icon(surf: pygame.Surface, r: Rect) -> None:
    """A small robot head (our own): antenna, head, two eyes; a bot is never only a colour."""
    ink = DARK_INK
    s = r.w
    head = Rect(r.x, r.y + s // 4, s, s - s // 4)
    pygame.draw.line(surf, ink, (r.centerx, r.y), (r.centerx, head.y), max(1, s // 10))
    pygame.draw.circle(surf, ink, (r.centerx, r.y + 1), max(1, s // 8))
    pygame.draw.rect(surf, ink, head, width=max(1, s // 8), border_radius=max(1, s // 5))
    for ex in (head.x + s // 3, head.right - s // 3):
        pygame.draw.circle(surf, ink, (ex, head.centery), max(1, s // 9))


def _tone(ans: Any) -> tuple | None:
    return ANSWER_TONES.get(ans) if isinstance(ans, str) else None
