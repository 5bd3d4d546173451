"""What opens over the table, on one modal stack: card windows, the card being dragged, the
hover preview, World's End and the scores, the toast, a zoomed card, the Esc menu, and the pass
screen between humans (with the news layers of news.py: marks, drawn cards, the summary). `ModalStack.layers` lists the open ones bottom to top: the table draws
them in that order and offers input to the topmost first (`handle` returns True when the layer
took the event; a layer that does not answer input lets it through).

A layer holds the scene it draws for; it never imports the scene module.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame
from pygame import Rect

from doomlings_desktop.rules.cards import module_title
from doomlings_desktop.rules.meaning import LABEL as MEANING_LABEL
from doomlings_desktop.rules.view import View
from doomlings_desktop.ui import focus, keys
from doomlings_desktop.ui.app import ACCENT, BAD, BG, GOOD, INK, MUTED, Button, Scene, elide
from doomlings_desktop.ui.cardart.emblems import MODULE_ICONS
from doomlings_desktop.ui.cardart.palette import ICON_NAMES
from doomlings_desktop.ui.fonts import MIN_TEXT_PX
from doomlings_desktop.ui.highlight import STATES, outline, sample
from doomlings_desktop.ui.table.attach import (
    LINK,
    host_under,
    owner,
    pair_words,
    pairs,
    score_words,
)
from doomlings_desktop.ui.table.bubble import BotTurn
from doomlings_desktop.ui.table.decided import Decided, offered
from doomlings_desktop.ui.table.endpiles import draw_piles, score_rows, we_legend, we_row
from doomlings_desktop.ui.table.handraise import raised_height
from doomlings_desktop.ui.table.hint import HintLayer
from doomlings_desktop.ui.table.input import card_of
from doomlings_desktop.ui.table.layer import Layer, cover, free_spot, shade
from doomlings_desktop.ui.table.leaving import LeaveGuard
from doomlings_desktop.ui.table.lesson import LessonLayer
from doomlings_desktop.ui.table.moments import Stage
from doomlings_desktop.ui.table.news import Marks, Review, Summary
from doomlings_desktop.ui.table.pilewalk import PileWalk
from doomlings_desktop.ui.table.state import dragging
from doomlings_desktop.ui.theme import (
    CAPTION_BOX,
    GO_TONE,
    MARK_BUBBLE,
    MARK_VALUE_BUBBLE,
    MARK_VALUE_INK,
    PREVIEW_BOX,
    REVIEW_TONE,
    SHADE,
    SHADE_DEEP,
    SHADE_FULL,
    SHADE_LIGHT,
    SHADE_MODAL,
    TIP_BOX,
    TOAST_BAD,
    TOAST_GOOD,
    WHY_NOT_BOX,
    WORLDS_END_BOX,
    WORLDS_END_SHADE,
)


class CardWindow(Layer):
    """A window of cards over the table: a choice among the discard pile, revealed cards or
    catastrophes, an out-of-turn offer with its buttons, or the discard pile browsed. Its
    buttons sit in a row right under its cards, inside the window: left where the prompt
    drew them they lay over the cards or the hand, and a click meant for a card undid the
    move that opened the window."""

    title_rect: Rect | None = None      # where its title was last drawn (a lesson note avoids it)
    frame_rect: Rect | None = None      # its framed box, last drawn (the stage avoids it)

    def open(self, d: Any) -> bool:
        # "since your last turn" is read first: the window waits under no other window
        return self.sc._card_window(d) is not None and self.sc.news.summary is None

    def draw(self, surf: pygame.Surface, v: View | None, d: Any, u: float) -> None:
        window = self.sc._card_window(d)
        below = list(self.sc.buttons)       # the prompt's, gathered before the window
        if window == "choice":
            bottom = self._choice(surf, v, d, u)
        elif window == "react":
            # the offer has its own Play and Pass: the prompt's Pass would be a second one
            self.sc.buttons[:] = [b for b in below if b.key == "undo"]
            self._react(surf, d, u)
            return
        else:
            # browsing is looking, not answering: the prompt's buttons wait under the shade
            self.sc.buttons[:] = []
            self._browse(surf, v, u)
            return
        self.footer(below, surf.get_width(), bottom + int(14 * u), u)

    @staticmethod
    def footer(buttons: list, w: int, y: int, u: float) -> None:
        """Lay `buttons` out centred in one row at height y."""
        if not buttons:
            return
        gap = int(10 * u)
        x = (w - sum(b.rect.w for b in buttons) - gap * (len(buttons) - 1)) // 2
        for b in buttons:
            b.rect.topleft = (x, y)
            x += b.rect.w + gap

    def cards(self, surf: pygame.Surface, title: str, cards: list[int], eligible: set, u: float,
              captions: list[str] | None = None, below: int = 0,
              outside: tuple = ("shade",)) -> int:
        """Cards laid out in rows over a shaded table, each with an optional caption below,
        on a panel with `below` pixels of room under the cards for its buttons; `outside` is
        what a click beside the cards does. Returns the bottom of the cards (and captions)."""
        sc = self.sc
        w, h = surf.get_size()
        cover(sc, surf, SHADE_MODAL, outside)
        t = sc.app.text
        ch = int(200 * u)
        cw = int(ch * 0.72)
        gap = int(12 * u) + (int(26 * u) if captions else 0)     # below each row
        per_row = max(1, min(len(cards), (w - int(80 * u)) // (cw + int(12 * u))))
        rows = -(-len(cards) // per_row) if cards else 1
        room = h - int(150 * u) - max(below, int(110 * u))   # title above, buttons below
        while rows * (ch + gap) > room and ch > int(60 * u):
            # the largest cards whose rows fit (fewer rows as they shrink and more fit across)
            ch = max(int(60 * u), int(ch * 0.95))
            cw = int(ch * 0.72)
            per_row = max(1, min(len(cards), (w - int(80 * u)) // (cw + int(12 * u))))
            rows = -(-len(cards) // per_row) if cards else 1
        top = int(120 * u)
        bottom = top + rows * (ch + gap) - int(12 * u)
        title_s = t.render(title, int(24 * u), ACCENT, bold=True)
        if below:
            across = max(title_s.get_width(), min(len(cards), per_row) * (cw + int(12 * u)),
                         int(460 * u))
            box = Rect(0, 0, min(w - int(8 * u), across + int(48 * u)),
                       bottom + below - int(50 * u))
            box.midtop = (w // 2, int(50 * u))
            self.frame_rect = box
            pygame.draw.rect(surf, BG, box, border_radius=int(12 * u))
            pygame.draw.rect(surf, ACCENT, box, width=max(1, int(2 * u)),
                             border_radius=int(12 * u))
        self.title_rect = title_s.get_rect(midtop=(w // 2, int(70 * u)))
        surf.blit(title_s, self.title_rect)
        x0 = (w - min(len(cards), per_row) * (cw + int(12 * u))) // 2
        for i, c in enumerate(cards):
            rr, cc = divmod(i, per_row)
            r = Rect(x0 + cc * (cw + int(12 * u)), top + rr * (ch + gap), cw, ch)
            surf.blit(sc.app.art.face(c, cw, ch), r)
            if captions:
                cap = t.render(t.wrap(captions[i], int(15 * u), cw + int(10 * u))[0],
                               int(15 * u), INK)
                surf.blit(cap, cap.get_rect(midtop=(r.centerx, r.bottom + int(6 * u))))
            if eligible and c not in eligible:
                dim = pygame.Surface(r.size, pygame.SRCALPHA)
                dim.fill(SHADE_LIGHT)
                surf.blit(dim, r)
            elif eligible:
                outline(surf, "selected" if sc.selection.chosen == c else "eligible", r, u,
                        radius=int(8 * u))
            sc.targets.append((r, ("overlay_card", c)))
        return bottom

    def _choice(self, surf: pygame.Surface, v: View, d: Any, u: float) -> int:
        sc = self.sc
        cards = [c for c in d.options if c != "pass"]
        if d.zone == "discard":
            shown = list(dict.fromkeys(reversed(v.discard)))
            return self.cards(surf, d.prompt, shown, set(cards), u, below=int(80 * u))
        src = d.sources
        caps = ([f"from {sc.name(q)}" for q, c in zip(src, d.options, strict=True)
                 if c != "pass"] if src else None)
        return self.cards(surf, d.prompt, cards, set(cards), u, caps, below=int(80 * u))

    def _react(self, surf: pygame.Surface, d: Any, u: float) -> None:
        """An out-of-turn offer: a window over the middle of the table with the card(s), a
        Play button for each and Pass right under them, and the keys under the buttons."""
        sc = self.sc
        cards = [c for c in d.options if c != "pass"]
        bh = int(46 * u)
        bottom = self.cards(surf, d.prompt, cards, set(cards), u, below=bh + int(80 * u))
        w = surf.get_width()
        row = list(sc.buttons)                  # Undo, if the answer before may be taken back
        t = sc.app.text
        offer = sc.panels.prompt.widget(d)      # its Play and Pass buttons, its keys' line
        sc.buttons[:] = offer.window_buttons(u, t, sc.db.name) + row
        y = bottom + int(16 * u)
        self.footer(sc.buttons, w, y, u)
        hint = t.render(offer.help_line(), int(15 * u), MUTED)
        surf.blit(hint, hint.get_rect(midtop=(w // 2, y + bh + int(10 * u))))
        if d.subject >= 0 and d.subject not in cards:
            self._subject(surf, d, u)

    def _subject(self, surf: pygame.Surface, d: Any, u: float) -> None:
        """The card an offer is about (the trait about to act that Chromatophores would
        cancel, the one Parasitic would steal), smaller, left of the offered cards and
        labelled, so the player reads what they would cancel or take: a hover away from its
        preview and a right-click from its zoom."""
        sc = self.sc
        t = sc.app.text
        first = next((r for r, k in sc.targets if k[0] == "overlay_card"), None)
        if first is None:
            return
        p = d.prompt
        words = ("about to act" if "about to act" in p or "about to resolve" in p else
                 "about to steal" if "about to steal" in p else
                 "just played" if " played " in p else
                 "discarded" if "discard" in p else "what it is about")
        sh = int(first.h * 0.72)
        r = Rect(0, 0, int(sh * 0.72), sh)
        r.bottomright = (first.x - int(36 * u), first.bottom)
        r.x = max(int(8 * u), r.x)
        label = t.render(words, int(15 * u), ACCENT, bold=True)
        surf.blit(label, label.get_rect(midbottom=(r.centerx, r.y - int(6 * u))))
        surf.blit(sc.app.art.face(d.subject, r.w, r.h), r)
        pygame.draw.rect(surf, MUTED, r.inflate(4, 4), width=max(1, int(2 * u)),
                         border_radius=int(8 * u))
        arrow = t.render("→", int(24 * u), MUTED, bold=True)
        surf.blit(arrow, arrow.get_rect(center=((r.right + first.x) // 2, r.centery)))
        sc.targets.append((r, ("card", d.subject)))

    def _browse(self, surf: pygame.Surface, v: View, u: float) -> int:
        sc = self.sc
        bottom = self.cards(surf, f"Discard pile ({len(v.discard)}, newest first) — arrows, "
                            "Z reads; D or Esc closes", list(reversed(v.discard)), set(), u,
                            below=int(40 * u), outside=("discard_pile",))
        w, h = surf.get_size()
        pile = list(reversed(v.discard))
        if pile:                # the card the arrows are on: Z reads it (ui/keys.py)
            at = pile[min(sc.modals.browse_at, len(pile) - 1)]
            r = next((r for r, a in sc.targets if a == ("overlay_card", at)), None)
            if r is not None:
                focus.outline(surf, r, u)
        sc.targets.append((Rect(0, 0, w, int(110 * u)), ("discard_pile",)))
        return bottom


class Drag(Layer):
    """The card being dragged, under the mouse; over your pile, what it would add."""

    rect: Rect | None = None        # the preview's box, last drawn
    lines: list[str] = []           # what an attachment's box said, last drawn (tests)

    def open(self, d: Any) -> bool:
        return dragging(self.sc.drag) is not None

    def draw(self, surf: pygame.Surface, v: View | None, d: Any, u: float) -> None:
        sc = self.sc
        lay = sc.layout
        c = sc.drag.card
        x, y = sc.drag.pos
        ox, oy = sc.drag.offset
        if v is not None and c in v.hosts:      # an attachment: the host it would go on
            # smaller, above the pointer: the thin strip it is aimed at stays in sight
            r = Rect(0, 0, int(lay.card_w * 0.7), int(lay.card_h * 0.7))
            r.midbottom = (x, y - int(6 * u))
            surf.blit(sc.app.art.face(c, r.w, r.h), r)
            host = host_under(sc, (x, y), v.hosts[c])
            if host is not None:        # the host it would go on, outlined as chosen
                aim = next((rr for rr, a in sc.targets if a[0] == "strip" and a[2] == host), None)
                if aim is not None:
                    outline(surf, "selected", aim, u, radius=int(4 * u))
                self._box(surf, self._attach_lines(v, c, host), r.topleft, u,
                          below=y + int(18 * u))
            return
        img = sc.app.art.face(c, lay.card_w, lay.card_h)
        surf.blit(img, (x - ox, y - oy))
        if lay.panel_of(sc.viewer).rect.collidepoint(x, y):
            self._preview(surf, c, (x - ox, y - oy), u)

    def _attach_lines(self, v: View, c: int, host: int) -> list[str]:
        """Where attachment c would go, and what that does to each score the viewer can
        know (`attach.score_words`), which the player should see before letting go."""
        sc = self.sc
        q = owner(v, host)
        whose = "your" if q == sc.viewer else f"{sc.name(q)}'s"
        lines = [f"Attach {sc.db.name(c)} to {whose} {sc.db.name(host)}"]
        words = score_words(sc, v, c, host)
        if words:
            lines.append(words)
        self.lines = lines
        return lines

    def _preview(self, surf: pygame.Surface, c: int, at: tuple[int, int], u: float) -> None:
        """Over your pile: what the card adds to your score now and what it will ask you."""
        sc = self.sc
        p = sc.match.preview(c)
        if p is None:
            return
        pts = round(p.gain)
        lines = [f"{sc.db.name(c)}: {'+' if pts >= 0 else '−'}{abs(pts)} now"]
        lines += [f"then you choose: {a}" for a in p.asks[:3]]
        self._box(surf, lines, at, u)

    def _box(self, surf: pygame.Surface, lines: list[str], at: tuple[int, int],
             u: float, below: int | None = None) -> None:
        """The drag's note, just above the card dragged (at `below` instead, under the
        pointer, when above would cover the top bar)."""
        t = self.sc.app.text
        rendered = [t.render(line, int(16 * u), INK, bold=i == 0) for i, line in enumerate(lines)]
        box = Rect(0, 0, max(r.get_width() for r in rendered) + int(20 * u),
                   sum(r.get_height() for r in rendered) + int(12 * u))
        box.bottomleft = (at[0], at[1] - int(8 * u))
        lay = self.sc.layout
        if below is not None and lay is not None and box.top < lay.top_bar.bottom:
            box.top = below
        box.clamp_ip(surf.get_rect())
        self.rect = box
        pygame.draw.rect(surf, PREVIEW_BOX, box, border_radius=int(8 * u))
        pygame.draw.rect(surf, GOOD, box, width=max(1, int(2 * u)), border_radius=int(8 * u))
        y = box.y + int(6 * u)
        for r in rendered:
            surf.blit(r, (box.x + int(10 * u), y))
            y += r.get_height()


class Hover(Layer):
    """What the mouse rests on: why a hand card cannot be played, or a pile card's (or a
    window card's) face at a size to read."""

    def open(self, d: Any) -> bool:
        return True     # it tracks what the mouse is over every frame, and shows after a pause

    shown_at: Rect | None = None    # where a card preview was drawn last frame (tests)
    caption: str | None = None      # what the last preview said of a host or attachment
    tip_at: Rect | None = None      # where the gene pool tooltip was drawn last

    on_end = False      # the end screen's piles (EndHover): drawn over the scores
    last_mouse: tuple[int, int] | None = None   # where the pointer was last frame
    arrived = False     # what it is over came to it while it stood still: no preview yet

    def _mine(self, v: View | None) -> bool:
        """Whether this layer previews now: the table's Hover during the game, EndHover once it
        is over (never a ghost under World's End and the scores)."""
        return (v is not None and v.over) == self.on_end

    def update(self) -> None:
        """What the pointer rests on (`sc.pointing.key`) and since when (`sc.pointing.since`), hit
        against the targets of the frame on screen, which is what the player points at."""
        sc = self.sc
        if not self._mine(sc.view):
            return
        hit = sc.hit(sc.app.mouse)
        if self.on_end and hit and hit[0] != "end_strip":
            hit = None      # the scores' shade is nothing to preview (nor to keep busy for)
        moved = sc.app.mouse != self.last_mouse
        self.last_mouse = sc.app.mouse
        if hit != sc.pointing.key:
            sc.pointing.key = hit
            sc.pointing.since = sc.time
            # a card that lands under a pointer at rest (the next question's, after End
            # turn) is not pointed at: its preview waits for the pointer to move
            self.arrived = not moved
        elif moved and self.arrived:
            self.arrived = False
            sc.pointing.since = sc.time        # pointed at from now: the usual pause

    def draw(self, surf: pygame.Surface, v: View | None, d: Any, u: float) -> None:
        """Draws what `update` found the pointer resting on; it records where it drew
        (`shown_at`, `tip_at`, `caption`) for what is drawn over it, and changes nothing else."""
        sc = self.sc
        self.shown_at = self.caption = None
        if not self._mine(v):
            return
        hit = sc.pointing.key
        window = sc._card_window(d)
        if not hit or sc.drag or sc.modals.zoom is not None or sc.modals.zoom_gp is not None or \
                window and hit[0] == "strip" or (self.on_end and hit[0] != "end_strip"):
            return          # a preview never covers a window of cards
        card = card_of(hit)
        t = sc.app.text
        if hit[0] == "hand" and card in v.why_not and sc.time - sc.pointing.since > 0.25:
            s = t.render(v.why_not[card], int(15 * u), INK)
            mx, my = sc.app.mouse
            risen = sc.hand_raise.rect if sc.hand_raise.card == card else None
            at = (risen.centerx, risen.top - int(6 * u)) if risen else (mx, my - int(14 * u))
            box = s.get_rect(midbottom=at).inflate(int(14 * u), int(8 * u))
            box.clamp_ip(surf.get_rect())
            pygame.draw.rect(surf, WHY_NOT_BOX, box, border_radius=int(6 * u))
            surf.blit(s, s.get_rect(center=box.center))
        elif hit[0] == "gene_pool" and sc.time - sc.pointing.since > 0.25:
            s = t.render(gene_pool_words(sc, v, hit[1]), int(15 * u), INK)
            card = sc.input._target_rect(hit)
            box = s.get_rect().inflate(int(14 * u), int(8 * u))
            if card is not None:       # beside the card, never over the value it explains
                box.midright = (card.left - int(8 * u), card.centery)
                if box.left < 0:
                    box.midleft = (card.right + int(8 * u), card.centery)
            else:
                mx, my = sc.app.mouse
                box.midtop = (mx, my + int(20 * u))
            box.clamp_ip(surf.get_rect())
            self.tip_at = box
            pygame.draw.rect(surf, TIP_BOX, box, border_radius=int(6 * u))
            surf.blit(s, s.get_rect(center=box.center))
        elif hit[0] == "modules" and sc.time - sc.pointing.since > 0.25:
            # the top bar's "+ N modules": which ones, under the bar
            names = ", ".join(module_title(m) for m in sc.db.modules)
            s = t.render(f"Expansion modules in play: {names}", int(15 * u), INK)
            box = s.get_rect().inflate(int(14 * u), int(8 * u))
            box.midtop = (sc.app.mouse[0], sc.layout.top_bar.bottom + int(6 * u))
            box.clamp_ip(surf.get_rect())
            self.tip_at = box
            pygame.draw.rect(surf, TIP_BOX, box, border_radius=int(6 * u))
            surf.blit(s, s.get_rect(center=box.center))
        elif hit[0] in ("strip", "end_strip", "overlay_card", "card") and not self.arrived \
                and sc.time - sc.pointing.since > 0.45:
            # a pile card, or a card too small to read (the age, the prompt's, a window's):
            # the card large enough to read (rules text READ_RULES_PX or more), beside the
            # pointer, never under it
            ch = max(int(260 * u), raised_height(sc.db, u))
            over = sc.input._target_rect(hit)
            if hit[0] not in ("strip", "end_strip") and over is not None and over.h >= ch:
                return
            cw = int(ch * 0.72)
            # a host or an attachment says what lies on what (E8), under the card
            words = self.caption = pair_words(sc, v, card) if v is not None else None
            lines = t.wrap(words, int(15 * u), cw - int(12 * u)) if words else []
            cap_h = len(lines) * t.font(int(15 * u)).get_linesize() + int(10 * u) if lines else 0
            r = self._beside(surf, Rect(0, 0, cw, ch + cap_h), u)
            r = self.shown_at = Rect(r.x, r.y, cw, ch)
            surf.blit(sc.app.art.face(card, cw, ch), r)
            if lines:
                box = Rect(r.x, r.bottom, cw, cap_h)
                pygame.draw.rect(surf, CAPTION_BOX, box, border_radius=int(6 * u))
                pygame.draw.rect(surf, LINK, box, width=max(1, int(u)), border_radius=int(6 * u))
                y = box.y + int(5 * u)
                for line in lines:
                    surf.blit(t.render(line, int(15 * u), INK), (box.x + int(6 * u), y))
                    y += t.font(int(15 * u)).get_linesize()

    def _beside(self, surf: pygame.Surface, r: Rect, u: float) -> Rect:
        """Where a preview goes: beside the pointer, never under it, and never over the
        prompt or its buttons (it moves above or below them, else to the side that covers
        least of them)."""
        sc = self.sc
        mx, my = sc.app.mouse
        gap = int(16 * u)
        w, h = surf.get_size()
        lay = sc.layout
        keep = ([lay.prompt] if lay else []) + [b.rect for b in sc.buttons]
        xs = [mx + gap, mx - gap - r.w]
        if xs[0] + r.w > w:
            xs.reverse()
        ys = [my - r.h // 2]
        if lay:
            ys += [lay.prompt.bottom + gap, lay.prompt.top - gap - r.h]
        best = None
        for y in ys:
            for x in xs:
                c = Rect(x, y, r.w, r.h).clamp(surf.get_rect())
                if c.collidepoint(mx, my):
                    continue
                covered = sum(c.clip(k).w * c.clip(k).h for k in keep)
                if best is None or covered < best[0]:
                    best = (covered, c)
                if covered == 0:
                    return c
        return best[1] if best else Rect(xs[0], max(0, min(my - r.h // 2, h - r.h)), r.w, r.h)


class EndHover(Hover):
    """The hover preview of the end screen's pile strips, drawn over the scores (the table's
    Hover lies under them): the card a hover away, as docs/ui.md promises."""

    on_end = True

    def open(self, d: Any) -> bool:
        return self.sc.game.over


def gene_pool_words(sc: Any, v: View, seat: int) -> str:
    """What a player's gene pool card means, for its tooltip and its zoom."""
    n = v.seats[seat].gene_pool
    if seat == sc.viewer:
        return f"Gene pool {n}: you stabilize to {n} cards"
    name = sc.name(seat)
    return f"{name}'s gene pool {n}: {name} stabilizes to {n} cards"


@dataclass(frozen=True)
class EndButton:
    """One button of the end screen: its letter is shown on it and presses it, and the focus
    ring (arrows or Tab, Enter) reaches it; `first` takes the focus as the scores come. A
    new button is one line of END_BUTTONS."""

    label: str
    key: str            # what input.py's `_BUTTONS` does with it
    letter: str
    width: int          # design pixels
    tone: tuple | None = None
    first: bool = False
    only_if: Any = None     # a test on the scene: shown only when it holds

    def offered(self, sc: Any) -> bool:
        return self.only_if is None or bool(self.only_if(sc))


END_ROW = 98     # the end screen's buttons: their top, this many design pixels from the bottom
END_BUTTONS = (
    EndButton("What decided this game?", "decided", "w", 340, REVIEW_TONE, only_if=offered),
    # the same seats, a new deal (not in a replay or the lesson); the focus starts on it
    EndButton("Rematch", "rematch", "r", 200, GO_TONE, first=True,
              only_if=lambda sc: getattr(sc, "rematch_offered", True)),
    EndButton("New game", "new_game", "n", 200, first=True),
    EndButton("Main menu", "main_menu", "m", 200),
)
"""The end screen's buttons, left to right."""


class End(Layer):
    """World's End, one event at a time, then the scores with New game and Main menu. It takes
    every event but Esc (that opens the menu)."""

    def open(self, d: Any) -> bool:
        return self.sc.game.over

    scores_at: float | None = None     # when the scores replaced World's End by themselves

    def draw(self, surf: pygame.Surface, v: View | None, d: Any, u: float) -> None:
        lines = self.sc._we_lines()
        if self.sc.we_step < len(lines) + 1.5:
            self.scores_at = None
            self.world_end(surf, lines, u)
        else:
            if self.scores_at is None:
                self.scores_at = self.sc.time
            self.scores(surf, v, u)

    def handle(self, event: pygame.event.Event) -> bool:
        sc = self.sc
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return False
        if sc.we_step < len(sc._we_lines()) + 1.5 and (
                (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or
                (event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE,
                                                                pygame.K_RETURN))):
            sc.we_step = 1e9
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            if self.scores_at is not None and sc.time - self.scores_at < 0.6:
                return True     # a click meant to skip World's End, just too late: no zoom
            card = card_of(sc.hit(event.pos))
            if card is not None:        # a final pile's strip: the card large (E8 pairs too)
                sc.modals.zoom = card
                return True
        Scene.handle(sc, event)
        return True

    def world_end(self, surf: pygame.Surface, lines: list, u: float) -> None:
        """World's End, one event at a time, then the scores (a click skips ahead)."""
        sc = self.sc
        w, h = surf.get_size()
        shade(surf, WORLDS_END_SHADE)
        t = sc.app.text
        title = t.render("World's End", int(48 * u), BAD, bold=True)
        shown = lines[1:1 + int(sc.we_step)]
        size, rows = _we_rows(t, shown, w, h, u)
        step = int(size * 1.4)
        # on a panel of its own: drawn straight over the shaded piles it was hard to read
        box = Rect(0, 0, max(int(w * 0.6), title.get_width()) + int(60 * u),
                   int(100 * u) + len(rows) * step)
        box.midtop = (w // 2, int(44 * u))
        pygame.draw.rect(surf, WORLDS_END_BOX, box, border_radius=int(12 * u))
        pygame.draw.rect(surf, BAD, box, width=max(1, int(2 * u)), border_radius=int(12 * u))
        surf.blit(title, title.get_rect(midtop=(w // 2, int(56 * u))))
        y = int(130 * u)
        for line, color in rows:
            s = t.render(line, size, color)
            surf.blit(s, s.get_rect(midtop=(w // 2, y)))
            y += step
        hint = t.render("Click to see the scores now", int(15 * u), MUTED)
        # just under the panel, not over the hand below it
        surf.blit(hint, hint.get_rect(midtop=(w // 2, min(box.bottom + int(8 * u),
                                                          h - int(30 * u)))))
        sc.targets.append((Rect(0, 0, w, h), ("world_end",)))

    def scores(self, surf: pygame.Surface, v: View, u: float) -> None:
        sc = self.sc
        w, h = surf.get_size()
        cover(sc, surf, SHADE_LIGHT)
        t = sc.app.text
        panel = Rect(int(12 * u), int(24 * u), w - int(24 * u), h - int(48 * u))
        pygame.draw.rect(surf, BG, panel, border_radius=int(16 * u))
        pygame.draw.rect(surf, ACCENT, panel, width=max(2, int(3 * u)), border_radius=int(16 * u))
        # The table takes the width it needs (its words as short as they stay clear: a Meaning
        # row says "Meaning: ..."), and each player's final pile the rest, from the panel's
        # top to the buttons, so a long pile keeps its names; the title stands over the table.
        size = int(17 * u)
        table_top = int(130 * u)
        rows_top = table_top + int(34 * u)
        marked_any = any(lab in v.we_labels for b in v.breakdowns for lab, _ in b)
        rows_end = h - int(END_ROW * u) - int(16 * u) - int(40 * u) - \
            (int(30 * u) if v.tiebreak else 0) - (int(30 * u) if marked_any else 0)
        labels, points = score_rows(v, max(2, (rows_end - rows_top) //
                                           t.font(MIN_TEXT_PX).get_linesize()))
        marked = any(lab in v.we_labels for lab in labels)
        row_h = max(1, min(int(28 * u), (rows_end - rows_top) // max(1, len(labels))))
        rsize = min(size, max(MIN_TEXT_PX, int(row_h / 1.3)))
        mark_w = int(30 * u) if marked else 0
        shown = {lab: lab.replace(MEANING_LABEL, "Meaning: ") for lab in labels}
        label_w = max((t.font(rsize).size(shown[lab])[0] for lab in labels), default=0)
        label_w = max(label_w + mark_w, t.font(size, True).size("Total")[0])
        # the names as the headers draw them (not smaller: at 2560x1440 they were cut to 60%)
        head_w = max(t.font(size, True).size(sc.name(s))[0] for s in range(v.n))
        colw_need = min(int(180 * u), max(int(50 * u), head_w + int(10 * u)))
        left = panel.x + int(16 * u)
        avail = panel.w - int(48 * u)
        least = int(w * (0.42 if v.n > 3 else 0.3))
        pw = max(least, min(int(avail * 0.62), avail - label_w - int(24 * u) - colw_need * v.n))
        piles = Rect(panel.right - int(16 * u) - pw, panel.y + int(14 * u), pw,
                     h - int(100 * u) - panel.y - int(14 * u))
        table_w = piles.x - int(16 * u) - left
        names = " and ".join(sc.name(s) for s in v.winners)
        words = f"{names} win{'s' if len(v.winners) == 1 else ''}!"
        title = t.render(words, t.fit(words, int(44 * u), table_w, int(22 * u), bold=True),
                         ACCENT, bold=True)
        surf.blit(title, title.get_rect(midtop=(left + table_w // 2, int(50 * u))))
        note = getattr(sc, "end_note", lambda: "")()    # online: who asked for a rematch
        if note:
            line = t.render(note, t.fit(note, int(16 * u), table_w, int(11 * u)), INK)
            top = int(50 * u) + title.get_height() + int(2 * u)
            surf.blit(line, line.get_rect(midtop=(left + table_w // 2, top)))
        col0 = min(label_w, table_w // 2) + int(24 * u)
        colw = min(max(int(150 * u), colw_need), (table_w - col0) // max(1, v.n))
        widths = column_widths(t, [sc.name(s) for s in range(v.n)], size, colw,
                               table_w - col0, int(6 * u))
        span = sum(widths)
        x0 = left + (table_w - col0 - span) // 2
        cx = [x0 + col0 + sum(widths[:s]) + widths[s] // 2 for s in range(v.n)]
        y = table_top
        for s in range(v.n):
            lines, hs = head_lines(t, sc.name(s), size, widths[s] - int(6 * u))
            step = t.font(hs, True).get_linesize()
            for i, line in enumerate(lines):      # a second line goes up, not into the rows
                head = t.render(line, hs, INK, bold=True)
                surf.blit(head, head.get_rect(midtop=(cx[s], y - step * (len(lines) - 1 - i))))
        y = rows_top
        for label in labels:
            lx = x0
            if label in v.we_labels:
                row = Rect(x0 - int(6 * u), y - int(3 * u), col0 + span + int(12 * u), row_h)
                lx += we_row(sc, surf, row, label, rsize, u)
            text = elide(t, shown[label], rsize, x0 + col0 - int(12 * u) - lx)
            surf.blit(t.render(text, rsize, MUTED), (lx, y))
            for s in range(v.n):
                pts = points[s].get(label)
                if pts is not None:
                    cell = t.render(f"{pts:+d}" if label != "Face values" else str(pts), rsize,
                                    GOOD if pts > 0 else BAD if pts else MUTED)
                    surf.blit(cell, cell.get_rect(midtop=(cx[s], y)))
            y += row_h
        pygame.draw.line(surf, MUTED, (x0, y), (x0 + col0 + span, y), max(1, int(2 * u)))
        y += int(6 * u)
        surf.blit(t.render("Total", size, INK, bold=True), (x0, y))
        for s in range(v.n):
            total = t.render(str(v.scores[s]), int(22 * u), ACCENT if s in v.winners else INK,
                             bold=True)
            surf.blit(total, total.get_rect(midtop=(cx[s], y)))
        y += int(40 * u)
        sc.targets.append((Rect(x0, table_top, col0 + span, y - table_top),
                           ("score_table",)))
        if v.tiebreak:
            tb = ", ".join(f"{sc.name(s)} drew {val}" for s, val in v.tiebreak)
            text = f"Tiebreak (highest face value drawn wins): {tb}"
            line = t.render(text, t.fit(text, int(16 * u), table_w, int(11 * u)), INK)
            surf.blit(line, line.get_rect(midtop=(left + table_w // 2, y)))
            y += int(30 * u)
        if marked:
            we_legend(sc, surf, x0, y, u)
        draw_piles(sc, surf, v, piles, u)
        self.end_buttons(surf, u)

    def end_buttons(self, surf: pygame.Surface, u: float) -> None:
        """END_BUTTONS in a row at the foot, with the line of their keys under them; the
        focus starts on the first that is `first` (New game)."""
        sc = self.sc
        w, h = surf.get_size()
        row = [e for e in END_BUTTONS if e.offered(sc)]
        gap, bh = int(20 * u), int(50 * u)
        widths = [int(e.width * u) for e in row]
        x = w // 2 - (sum(widths) + gap * (len(row) - 1)) // 2
        for e, bw in zip(row, widths, strict=True):
            sc.buttons.append(Button(Rect(x, h - int(END_ROW * u), bw, bh), e.label, e.key, True,
                                     e.letter, tone=e.tone))
            x += bw + gap
        if sc.focus.at is None:
            sc.focus.at = next((e.key for e in row if e.first), None)
        focus.foot(surf, sc.app.text, keys.page_line("the menu"), u,      # in the panel
                   bottom=h - int(27 * u), size=13)


class Buttons(Layer):
    """The buttons gathered so far this frame (the prompt's, a window's, the end screen's)."""

    def open(self, d: Any) -> bool:
        return True

    def draw(self, surf: pygame.Surface, v: View | None, d: Any, u: float) -> None:
        """The decision widget draws its own (those a window left on screen), then the
        rest are drawn: Undo, Hint, the end screen's."""
        sc = self.sc
        w = sc.panels.prompt.current if d is not None else None
        mine = set()
        if w is not None and w.d is d:
            w.draw(surf, sc.app.text, sc.app.mouse, sc.unit(), sc.targets)
            mine = {id(b) for b in w.shown()}
        mouse = sc.app.mouse
        rest = [b for b in sc.buttons if id(b) not in mine]
        # the end screen's ring: lit is the focused one under the pointer (ui/focus.py)
        hot = focus.lit(sc.focus, rest, mouse) if sc.game.over else None
        for b in rest:
            under = b is hot if sc.game.over else b.rect.collidepoint(mouse)
            b.draw(surf, sc.app.text, under, sc.unit())
            if b.enabled:
                sc.targets.append((b.rect, ("button", b.key)))
        if sc.game.over:        # the end screen's: their letters and the focus (ui/focus.py)
            focus.draw(surf, sc.app.text, sc.focus, rest, sc.unit())


class Toast(Layer):
    """A short message over the table that fades after a few seconds."""

    rect: Rect | None = None        # where it was drawn last (tests check what it covers)

    def open(self, d: Any) -> bool:
        return bool(self.sc.message.text)

    def draw(self, surf: pygame.Surface, v: View | None, d: Any, u: float) -> None:
        self._draw(surf, u)

    def _draw(self, surf: pygame.Surface, u: float) -> None:
        sc = self.sc
        t = sc.app.text
        lay = sc.layout
        msg = sc.message
        msg.on_screen = msg.text
        lines = t.wrap(msg.text, int(18 * u), int((lay.prompt.w if lay else 600) * 0.9))[:3]
        rendered = [t.render(line, int(18 * u), INK, bold=True) for line in lines]
        box = Rect(0, 0, max(r.get_width() for r in rendered) + int(24 * u),
                   sum(r.get_height() for r in rendered) + int(14 * u))
        # never over a card previewed to be read (a hover is what the player looks at now),
        # nor over the big moment on the stage (the tryout's "can't be taken back" lay over
        # "New age: Awakening" and its card)
        stage = sc.overlays.stage
        told = stage.rect if stage.rect is not None and stage.shown_now() is not None \
            else None
        shown = [r for r in (sc.overlays.hover.shown_at, sc.overlays.end_hover.shown_at,
                             told) if r]
        box = self.rect = free_spot(sc, box, surf.get_size(), u, avoid=shown)
        fill, edge = TOAST_GOOD if msg.good else TOAST_BAD
        pygame.draw.rect(surf, fill, box, border_radius=int(8 * u))
        pygame.draw.rect(surf, edge, box, width=max(1, int(u)), border_radius=int(8 * u))
        y = box.y + int(7 * u)
        for r in rendered:
            surf.blit(r, r.get_rect(midtop=(box.centerx, y)))
            y += r.get_height()


class Zoom(Layer):
    """A card shown large (right-click); the next click or key closes it, and the release of
    that click is swallowed. Hidden behind a pass screen: it may be the last player's card.
    Pointing at a mark on it (an icon, the star, the value) explains the mark."""

    tip: str | None = None          # the mark explained in the last frame
    tip_at: Rect | None = None      # where its explanation was drawn
    partner: int | None = None      # the host or attachment drawn beside the zoom (tests)

    def open(self, d: Any) -> bool:
        return self.sc.modals.zoom is not None or self.sc.modals.zoom_gp is not None or self.sc.modals.swallow_up

    def shown(self, d: Any) -> bool:
        return (self.sc.modals.zoom is not None or self.sc.modals.zoom_gp is not None) \
            and not self.sc.pass_needed

    def draw(self, surf: pygame.Surface, v: View | None, d: Any, u: float) -> None:
        if self.sc.modals.zoom is None and v is not None:
            self._gene_pool(surf, v, u)
        elif self.sc.modals.zoom is not None:
            self._draw(surf, u)

    def handle(self, event: pygame.event.Event) -> bool:
        sc = self.sc
        if sc.modals.zoom is not None or sc.modals.zoom_gp is not None:    # until the next click or key
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
                sc.modals.zoom = sc.modals.zoom_gp = None
                sc.modals.swallow_up = event.type == pygame.MOUSEBUTTONDOWN
            return True
        if sc.modals.swallow_up and event.type == pygame.MOUSEBUTTONUP:
            sc.modals.swallow_up = False    # the release of the click that closed the zoom
            return True
        return False

    def _draw(self, surf: pygame.Surface, u: float) -> None:
        sc = self.sc
        w, h = surf.get_size()
        cover(sc, surf, SHADE)
        ch = int(h * 0.8)
        cw = int(ch * 0.72)
        r = Rect((w - cw) // 2, (h - ch) // 2, cw, ch)
        v = sc.view
        words = pair_words(sc, v, sc.modals.zoom) if v is not None else None
        if words:           # a host or an attachment: the other card beside it (E8)
            on, under = pairs(v)
            other = under.get(sc.modals.zoom, on.get(sc.modals.zoom))
            oh = int(ch * 0.55)
            ow = int(oh * 0.72)
            gap = int(16 * u)
            r.x = max(int(8 * u), (w - cw - gap - ow) // 2)
            o = Rect(r.right + gap, r.bottom - oh, ow, oh)
            self._partner(surf, other, o, words, u)
        surf.blit(sc.app.art.face(sc.modals.zoom, cw, ch), r)
        self._tooltip(surf, r, u)

    def _partner(self, surf: pygame.Surface, card: int, r: Rect, words: str, u: float) -> None:
        """Beside a zoomed host, its attachment (or beside an attachment, its host), with
        what lies on what above it."""
        sc = self.sc
        t = sc.app.text
        surf.blit(sc.app.art.face(card, r.w, r.h), r)
        pygame.draw.rect(surf, LINK, r.inflate(6, 6), width=max(2, int(2 * u)),
                         border_radius=int(8 * u))
        size = int(16 * u)
        room = min(int(r.w * 1.8), surf.get_width() - r.x - int(16 * u))
        lines = t.wrap(words, size, room, bold=True)
        step = t.font(size, True).get_linesize()
        box = Rect(r.x - int(6 * u), 0, room + int(12 * u), len(lines) * step + int(10 * u))
        box.bottom = r.y - int(10 * u)
        box.y = max(0, box.y)
        pygame.draw.rect(surf, BG, box, border_radius=int(6 * u))
        pygame.draw.rect(surf, LINK, box, width=max(1, int(u)), border_radius=int(6 * u))
        y = box.y + int(5 * u)
        for line in lines:
            surf.blit(t.render(line, size, INK, bold=True), (r.x, y))
            y += step
        self.partner = card

    def _tooltip(self, surf: pygame.Surface, card: Rect, u: float) -> None:
        """The mark under the pointer on a zoomed card, explained (ui/legend.py)."""
        from doomlings_desktop.ui.legend import MEANING

        sc = self.sc
        mx, my = sc.app.mouse
        for key, spot in sc.app.art.spots(sc.modals.zoom, card.w, card.h):
            if key in MEANING and spot.move(card.topleft).collidepoint(mx, my):
                name, words = MEANING[key]
                t = sc.app.text
                lines = [t.render(name, int(17 * u), ACCENT, bold=True)] + [
                    t.render(line, int(16 * u), INK)
                    for line in t.wrap(words, int(16 * u), int(card.w * 1.1))]
                box = Rect(0, 0, max(x.get_width() for x in lines) + int(20 * u),
                           sum(x.get_height() for x in lines) + int(12 * u))
                self.tip_at = box = self._beside(box, spot.move(card.topleft), card, surf, u)
                self.tip = key
                pygame.draw.rect(surf, BG, box, border_radius=int(8 * u))
                pygame.draw.rect(surf, ACCENT, box, width=max(1, int(u)), border_radius=int(8 * u))
                y = box.y + int(6 * u)
                for x in lines:
                    surf.blit(x, (box.x + int(10 * u), y))
                    y += x.get_height()
                return
        self.tip = None


    @staticmethod
    def _beside(box: Rect, mark: Rect, card: Rect, surf: pygame.Surface, u: float) -> Rect:
        """Where a mark's explanation goes: outside the card at the mark's height, on the
        mark's side of it (then the other); else above the mark, else under it; never over
        the mark itself (put above the pointer, the tryout's "Face value" hid the very
        number it explained) and, where the window leaves room, over none of the card."""
        gap = int(8 * u)
        screen = surf.get_rect()
        sides = ("left", "right") if mark.centerx < card.centerx else ("right", "left")
        tries = []
        for where in (*sides, "above", "below"):
            r = Rect(box)
            if where == "left":
                r.midright = (card.left - gap, mark.centery)
            elif where == "right":
                r.midleft = (card.right + gap, mark.centery)
            elif where == "above":
                r.midbottom = (mark.centerx, mark.top - gap)
            else:
                r.midtop = (mark.centerx, mark.bottom + gap)
            r.clamp_ip(screen)
            if where in ("left", "right") and r.colliderect(card):
                continue            # no room beside the card
            if not r.colliderect(mark):
                return r
            tries.append(r)
        return tries[-1] if tries else box

    def _gene_pool(self, surf: pygame.Surface, v: View, u: float) -> None:
        """A player's gene pool card shown large, with what it means under it."""
        sc = self.sc
        w, h = surf.get_size()
        cover(sc, surf, SHADE)
        seat = sc.modals.zoom_gp
        ch = int(h * 0.6)
        cw = int(ch * 0.72)
        r = Rect((w - cw) // 2, int(h * 0.1), cw, ch)
        surf.blit(sc.app.art.gene_pool(v.seats[seat].gene_pool, cw, ch), r)
        s = sc.app.text.render(gene_pool_words(sc, v, seat), int(22 * u), INK, bold=True)
        surf.blit(s, s.get_rect(midtop=(w // 2, r.bottom + int(16 * u))))


MENU = (("Resume", "resume", ""), ("Save game", "save", "s"), ("Load game", "load", "l"),
        ("Rules", "rules", "r"), ("Settings", "settings", "t"), ("Main menu", "main_menu", "m"),
        ("Quit", "quit", "q"))
"""The Esc menu's buttons: label, key (input.py `_BUTTONS`), letter (shown on it; the help's
"esc" line names them, tests/test_keyboard.py checks they agree). Esc itself resumes."""


class Menu(Layer):
    """The Esc menu: Resume, Save, Load, Rules, Settings, Main menu, Quit; by keys too (its
    letters, or the focus ring: arrows or Tab, Enter)."""

    def open(self, d: Any) -> bool:
        return self.sc.modals.menu_open

    def draw(self, surf: pygame.Surface, v: View | None, d: Any, u: float) -> None:
        self._draw(surf, u)

    def handle(self, event: pygame.event.Event) -> bool:
        Scene.handle(self.sc, event)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.sc.modals.menu_open = False
            self.sc.focus.reset()
        return True

    def _draw(self, surf: pygame.Surface, u: float) -> None:
        sc = self.sc
        w, h = surf.get_size()
        cover(sc, surf, SHADE_DEEP)
        sc.buttons = []
        bw, bh = int(280 * u), int(50 * u)
        for i, (label, key, letter) in enumerate(MENU):
            sc.buttons.append(Button(Rect((w - bw) // 2, int(h * 0.18) + i * int(bh * 1.3), bw,
                                            bh), label, key, not (key == "save" and sc.game.over),
                                     letter))
        sc.draw_buttons(surf)
        focus.foot(surf, sc.app.text, keys.page_line("resume"), u,
                   bottom=sc.buttons[-1].rect.bottom + int(40 * u))


def _head_need(t: Any, name: str, size: int) -> int:
    """The narrowest a column's header can be at the headers' size: one line, or two."""
    f = t.font(size, True)
    words = name.split(" ")
    two = [max(f.size(" ".join(words[:i]))[0], f.size(" ".join(words[i:]))[0])
           for i in range(1, len(words))]
    return min([f.size(name)[0], *two])


def column_widths(t: Any, names: list[str], size: int, even: int, room: int,
                  pad: int) -> list[int]:
    """The score table's columns: all `even` wide while every name fits that on one line or
    two at the headers' size; else a name that needs more takes it from the others' spare
    room (never below what their own names need), as long as the table stays within `room`.
    When it cannot, the columns stay even and the long name shrinks (`head_lines`)."""
    need = [_head_need(t, n, size) + pad for n in names]
    if all(k <= even for k in need):
        return [even] * len(names)
    widths = [max(even, k) for k in need]
    over = sum(widths) - min(room, even * len(names))
    while over > 0:
        spare = [i for i, w in enumerate(widths) if w > need[i]]
        if not spare:
            return [even] * len(names)
        cut = max(1, over // len(spare))
        for i in spare:
            take = min(cut, widths[i] - need[i], over)
            widths[i] -= take
            over -= take
    return widths


def head_lines(t: Any, name: str, size: int, width: int) -> tuple[list[str], int]:
    """A score-table column's header and its size: the name on one line at the headers'
    size; else on two lines, split at the space that evens them best, at that size or as
    near it as fits (at 2560x1440 with six seats "Maximiliana Fortescu" was shrunk to 12 px
    among 26-px names, and cut); a name of one word too long for its column, as big as fits,
    cut with "…" (the piles beside the table say it whole)."""
    f = t.font(size, True)
    if f.size(name)[0] <= width:
        return [name], size
    words = name.split(" ")
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    if splits:
        two = min(splits, key=lambda ab: max(f.size(ab[0])[0], f.size(ab[1])[0]))
        if max(f.size(two[0])[0], f.size(two[1])[0]) <= width:
            return list(two), size
        for hs in range(size - 1, MIN_TEXT_PX - 1, -1):     # two lines, a little smaller
            g = t.font(hs, True)
            if max(g.size(two[0])[0], g.size(two[1])[0]) <= width:
                return list(two), hs
    hs = t.fit(name, size, width, MIN_TEXT_PX, bold=True)
    return [elide(t, name, hs, width + 2, True)], hs


class Help(Layer):
    """F1 or ?: every key and mouse action (ui/keys.py); Tab turns to the marks on the cards
    (ui/legend.py); any other key or a click closes it."""

    def open(self, d: Any) -> bool:
        return bool(self.sc.modals.help_open)

    def handle(self, event: pygame.event.Event) -> bool:
        sc = self.sc
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            sc.modals.help_open = "icons" if sc.modals.help_open is True else True
        elif event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            sc.modals.help_open = False
        return True

    def draw(self, surf: pygame.Surface, v: View | None, d: Any, u: float) -> None:
        from doomlings_desktop.ui.legend import LEGEND

        icons = self.sc.modals.help_open == "icons"
        rows = [(name, words) for _, name, words in LEGEND] if icons else keys.KEYS
        t = self.sc.app.text
        w, h = surf.get_size()
        cover(self.sc, surf, SHADE_FULL)
        title = t.render("The marks on the cards" if icons else "Keys and mouse", int(30 * u),
                         ACCENT, bold=True)
        size = int(16 * u)
        step = int(25 * u) if not icons else int(34 * u)
        while True:
            mark = int(step * 0.8) if icons else 0
            left = max(t.font(size, True).size(k)[0] for k, _ in rows) + mark
            right = min(int(w * 0.9) - left, max(t.font(size).size(what)[0] for _, what in rows))
            # a key's words wider than the box go on to a second line (never past its edge)
            lines = [[t.wrap(what, size, right)[0]] if icons else t.wrap(what, size, right)
                     for _, what in rows]
            tall = step * len(rows) + int(step * 0.8) * sum(len(ls) - 1 for ls in lines)
            if tall <= h - int(130 * u) or size <= int(12 * u):
                break
            size, step = size - 1, step - int(2 * u)
        x0 = max(int(20 * u), (w - left - int(20 * u) - right) // 2)
        box = Rect(x0 - int(24 * u), int(20 * u), left + right + int(68 * u),
                   int(110 * u) + tall)
        pygame.draw.rect(surf, BG, box, border_radius=int(12 * u))   # nothing shows through
        pygame.draw.rect(surf, ACCENT, box, width=max(1, int(2 * u)), border_radius=int(12 * u))
        surf.blit(title, title.get_rect(midtop=(box.centerx, int(30 * u))))
        y = int(84 * u)
        for i, (k, _) in enumerate(rows):
            if icons:
                img = self._mark(LEGEND[i][0], mark)
                surf.blit(img, img.get_rect(midleft=(x0, y + size // 2 + 2)))
            surf.blit(t.render(k, size, ACCENT, bold=True), (x0 + mark + (6 if icons else 0), y))
            for j, line in enumerate(lines[i]):
                y += int(step * 0.8) if j else 0
                surf.blit(t.render(line, size, INK), (x0 + left + int(20 * u), y))
            y += step
        more = "Tab: keys and mouse" if icons else "Tab: the marks on the cards"
        hint = t.render(f"{more}    Any other key or a click closes this", int(14 * u), MUTED)
        surf.blit(hint, hint.get_rect(midbottom=(box.centerx, box.bottom - int(10 * u))))

    def _mark(self, key: str, s: int) -> pygame.Surface:
        """The mark itself, as our card faces draw it."""
        art = self.sc.app.art
        if key in ICON_NAMES:
            return art.icon(key, s)
        if key in MODULE_ICONS:
            return art.module_icon(key, s)
        if key == "dominant":
            return art.dominant_star(s)
        if key in STATES:
            return sample(key, s)
        if key == "variable":
            return art.variable_glyph(s)
        if key in ("value", "gene_pool"):
            img = pygame.Surface((s, s), pygame.SRCALPHA)
            fill = MARK_VALUE_BUBBLE if key == "value" else MARK_BUBBLE
            pygame.draw.circle(img, fill, (s // 2, s // 2), s // 2)
            label = self.sc.app.text.render("3" if key == "value" else "+1", max(11, s // 2),
                                            MARK_VALUE_INK if key == "value" else INK, bold=True)
            img.blit(label, label.get_rect(center=(s // 2, s // 2)))
            return img
        return art.badge(key, s)


class PassScreen(Layer):
    """Between two humans: the table hidden, whose turn it is and why. A click or Space
    hands the screen over; Esc still opens the menu."""

    title_rect: Rect | None = None      # "Pass to <name>" as drawn last (tests read it)

    def open(self, d: Any) -> bool:
        return self.sc.pass_needed

    def draw(self, surf: pygame.Surface, v: View | None, d: Any, u: float) -> None:
        self._draw(surf, u)

    def handle(self, event: pygame.event.Event) -> bool:
        sc = self.sc
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return False
        if (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (
                event.type == pygame.KEYDOWN and keys.TAKE_SCREEN.matches(event)):
            sc.take_screen(sc.match.asked().player)
        return True

    def _draw(self, surf: pygame.Surface, u: float) -> None:
        sc = self.sc
        w, h = surf.get_size()
        seat = sc.match.asked().player
        t = sc.app.text
        words = f"Pass to {sc.name(seat)}"
        # a 20-letter name at 52 px ran off a 960-px window: the line shrinks to fit
        msg = t.render(words, t.fit(words, int(52 * u), int(w * 0.94), int(26 * u), bold=True),
                       ACCENT, bold=True)
        self.title_rect = msg.get_rect(center=(w // 2, h // 2 - int(50 * u)))
        surf.blit(msg, self.title_rect)
        why = sc.match.pass_reason()      # "Ben's turn", "Ben answers Reckless", ...
        size = t.fit(why, int(26 * u), int(w * 0.9), int(16 * u))
        line = t.render(why, size, INK)
        surf.blit(line, line.get_rect(center=(w // 2, h // 2 + int(8 * u))))
        sub = t.render("Click or press Space when ready — the other players look away.  "
                       "Esc: menu", int(20 * u), MUTED)
        surf.blit(sub, sub.get_rect(center=(w // 2, h // 2 + int(56 * u))))
        sc.targets.append((Rect(0, 0, w, h), ("pass_screen", seat)))


class ModalStack:
    """The overlays in drawing order, bottom to top. Behind a pass screen the table and its
    windows are not drawn at all: only the pass screen, a (hidden) zoom and the menu."""

    def __init__(self, scene: Any) -> None:
        self.sc = scene
        self.marks = Marks(scene)
        self.window = CardWindow(scene)
        self.drag = Drag(scene)
        self.hover = Hover(scene)
        self.end = End(scene)
        self.buttons = Buttons(scene)
        self.end_hover = EndHover(scene)
        self.decided = Decided(scene)
        self.toast = Toast(scene)
        self.zoom = Zoom(scene)
        self.menu = Menu(scene)
        self.help = Help(scene)
        self.pass_screen = PassScreen(scene)
        self.review = Review(scene)
        self.hint = HintLayer(scene)
        self.summary = Summary(scene)
        self.lesson = LessonLayer(scene)
        self.leave = LeaveGuard(scene)
        self.bot_turn = BotTurn(scene)      # the acting bot framed, its play, its reason
        self.stage = Stage(scene)           # the big moments, told as they happen
        self.walk = PileWalk(scene)         # the trait piles walked by V (pilewalk.py)

    def layers(self, d: Any) -> list[Layer]:
        """The open layers, bottom to top."""
        if self.sc.pass_needed:
            order = [self.pass_screen, self.zoom, self.menu, self.help, self.leave]
        else:
            order = [self.marks, self.bot_turn, self.window, self.drag, self.hover, self.walk,
                     self.end, self.buttons, self.end_hover, self.decided, self.hint, self.stage,
                     self.review, self.summary, self.lesson, self.toast, self.zoom, self.menu,
                     self.help, self.leave]
        return [layer for layer in order if layer.open(d)]

    def tell(self, now: float) -> None:
        """The story's new moments and the bots' moves, taken from the match each update."""
        self.stage.pull(now)
        self.bot_turn.pull(now)

    def holding(self, now: float) -> bool:
        """The bots wait: a big moment just came, or a bot's card is being shown."""
        return self.stage.holding(now) or self.bot_turn.holding()

    def telling(self) -> bool:
        """A moment or a bot's move is to be shown, or to go: a frame is due."""
        return self.stage.stale() or self.bot_turn.stale()

    def update(self, d: Any) -> None:
        """Each open layer's step before drawing (`Layer.update`)."""
        for layer in self.layers(d):
            layer.update()

    def draw(self, surf: pygame.Surface, v: View | None, d: Any, u: float) -> None:
        for layer in self.layers(d):
            if layer.shown(d):
                layer.draw(surf, v, d, u)

    def handle(self, event: pygame.event.Event, d: Any) -> bool:
        """Offer the event to the open layers, topmost first; True if one took it."""
        return any(layer.handle(event) for layer in reversed(self.layers(d)))


def _we_rows(t: Any, shown: list, w: int, h: int, u: float) -> tuple[int, list]:
    """World's End's lines as rows that fit the window: the text shrinks (20 to 13 px at
    interface size 1) before the earliest rows give way, so the last lines (every player's
    Meaning of Life card) are never drawn below the window's edge."""
    room = h - int(130 * u) - int(40 * u)
    for size in (int(20 * u), int(17 * u), int(15 * u), int(13 * u)):
        rows: list[tuple[str, tuple]] = []
        for kind, text in shown:
            color = ACCENT if kind in ("we_catastrophe", "catastrophe") else INK
            rows += [(line, color) for line in t.wrap(text, size, int(w * 0.6))]
        if len(rows) * int(size * 1.4) <= room:
            return size, rows
    return size, rows[-max(1, room // int(size * 1.4)):]
