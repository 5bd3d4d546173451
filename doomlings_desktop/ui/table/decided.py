"""The end screen's "What decided this game?": per human seat, the two or three decisions
where a deeper look by the coach found a clearly better answer, each with "Replay from here"
and "Play on from here" (a new game at that position, the seat's hidden cards dealt again:
play/playon.py); above them a chart of every player's chance to win and the moments by
anyone that moved it most (play/swings.py).

The review is play/review.py's, worked out on a worker thread (until then the window says
what it is doing, with a bar); this layer only draws it and opens the replay through the
router, at the decision and seen by the seat that made it. A finished game hides nothing (the replay policy lets every seat be
watched), so in pass-and-play each human's review is shown; each was made from what that seat
could see then. It holds the scene and never imports its module.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame
from pygame import Rect

from doomlings_desktop.play.playon import play_on
from doomlings_desktop.play.review import ReviewJob, SeatReview, chance_points
from doomlings_desktop.play.swings import Course
from doomlings_desktop.rules.record import RecordError, make_record
from doomlings_desktop.rules.view import View
from doomlings_desktop.ui import router
from doomlings_desktop.ui.app import ACCENT, BG, INK, MUTED, PANEL, Button, elide
from doomlings_desktop.ui.cardart.palette import COLOR_RGB
from doomlings_desktop.ui.table.layer import Layer, cover
from doomlings_desktop.ui.theme import PLAYON_TONE, REPLAY_TONE, REVIEW_TAB_ON, SHADE_MODAL

TITLE = "What decided this game?"
FAILED = "The review could not be worked out (see the log)."
HOW = ("Each player's chance to win as you could have estimated it, the moments that moved "
       "it most, and your choices where a deeper look found a clearly better one.")
CHART_H = 110           # the chart's height at scale 1
SWINGS_SHOWN = 3        # the moments by anyone listed under the chart


class Deciding(Protocol):
    """What "What decided this game?" reads of the table: the app, the cards, the game and
    its seats and humans, the match (the review job, play on from here), the frame's
    targets, and the toast."""

    app: Any
    db: Any
    game: Any
    humans: Any
    seats: Any
    match: Any
    targets: list

    def name(self, seat: int) -> str: ...

    def say(self, text: str, seconds: float = 3.0, good: bool = False) -> None: ...

    def seat_dicts(self) -> list[dict]: ...


def offered(sc: Deciding) -> bool:
    """The end screen offers the review: a human played, and this is the game, not a replay
    nor the lesson (its moves were the script's; it has no record to replay from either)."""
    return bool(sc.humans) and getattr(sc, "offers_review", True) \
        and getattr(sc.match, "origin", None) is None


class Decided(Layer):
    """The review's window over the end screen; modal while open (Esc or Close shuts it)."""

    sc: Deciding

    def __init__(self, scene: Deciding) -> None:
        super().__init__(scene)
        self.showing = False
        self.job: ReviewJob | None = None
        self.record: dict | None = None
        self.problem = ""           # why this game cannot be reviewed, in a line
        self.tab = 0                # which human's review is shown
        self.buttons: list[Button] = []
        self.chart: Rect | None = None   # where the chance chart was last drawn (tests)
        self.legend: list[Rect] = []     # its legend's lines, last drawn (tests)
        self.summary_rects: list[Rect] = []     # the lines of "no choice cost..." (tests)

    def show(self) -> None:
        """Open the window, starting the review the first time."""
        sc = self.sc
        self.showing = True
        if self.job is None and not self.problem:
            try:
                self.record = make_record(sc.game, sc.seat_dicts())
                self.job = ReviewJob(self.record, sc.db)
            except RecordError as e:
                self.problem = f"This game cannot be reviewed: {e}."

    def thinking(self) -> bool:
        return self.showing and self.job is not None and not self.job.done

    def open(self, d: Any) -> bool:
        return self.showing and self.sc.game.over

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.showing = False
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for b in self.buttons:
                if b.rect.collidepoint(event.pos):
                    self.sc.app.sounds.play("click")
                    self.press(b.key)
                    break
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def press(self, key: Any) -> None:
        sc = self.sc
        if key == "decided_close":
            self.showing = False
        elif key[0] == "decided_seat":
            self.tab = key[1]
        elif key[0] == "decided_replay" and self.record is not None and self.job is not None:
            _, seat, at = key
            said = next((m.text for r in self.job.poll() or () for m in r.moments
                         if (m.seat, m.at) == (seat, at)), "")
            router.go(sc.app, "replay", self.record, sc.seats, sc, start=at, viewer=seat,
                      note=f"{sc.name(seat)}: {said}" if said else "")
        elif key[0] == "decided_playon" and self.record is not None:
            _, seat, at = key
            try:
                m = play_on(self.record, sc.db, seat, at, sc.seats, sc.app.settings)
            except (RecordError, ValueError) as e:     # a record that no longer replays
                sc.say(f"Cannot play on from there: {e}")
                return
            router.go(sc.app, "table", match=m)

    def _waiting(self, surf: pygame.Surface, box: Rect, u: float) -> None:
        """Why there is no review yet: a problem, a failure, or the work under way with
        what it is doing and a bar of how much is done (it may take a minute)."""
        t = self.sc.app.text
        job = self.job
        if self.problem or job is None or job.failed:
            line = t.render(self.problem or FAILED, int(20 * u), INK)
            surf.blit(line, line.get_rect(center=box.center))
            return
        what, done = job.stage
        line = t.render(f"{what}…", int(20 * u), MUTED)
        surf.blit(line, line.get_rect(midbottom=(box.centerx, box.centery - int(8 * u))))
        bar = Rect(0, 0, int(box.w * 0.5), max(6, int(10 * u)))
        bar.midtop = (box.centerx, box.centery + int(8 * u))
        pygame.draw.rect(surf, PANEL, bar, border_radius=bar.h // 2)
        fill = bar.copy()
        fill.w = max(bar.h, int(bar.w * min(1.0, max(0.0, done))))
        pygame.draw.rect(surf, ACCENT, fill, border_radius=bar.h // 2)

    def draw(self, surf: pygame.Surface, v: View | None, d: Any, u: float) -> None:
        sc = self.sc
        t = sc.app.text
        w, h = surf.get_size()
        cover(sc, surf, SHADE_MODAL)
        box = Rect(int(w * 0.1), int(h * 0.06), int(w * 0.8), int(h * 0.88))
        pygame.draw.rect(surf, BG, box, border_radius=int(14 * u))
        pygame.draw.rect(surf, ACCENT, box, width=max(2, int(3 * u)), border_radius=int(14 * u))
        title = t.render(TITLE, int(30 * u), ACCENT, bold=True)
        surf.blit(title, title.get_rect(midtop=(box.centerx, box.y + int(18 * u))))
        self.buttons = []
        inner = box.inflate(-int(48 * u), 0)
        y = box.y + int(70 * u)
        reviews = self.job.poll() if self.job is not None else None
        if reviews is None:
            self._waiting(surf, box, u)
        else:
            y = self._tabs(surf, reviews, inner, y, u)
            if reviews:
                self._seat(surf, reviews[min(self.tab, len(reviews) - 1)], inner, y, u,
                           box.bottom - int(72 * u))
        close = Rect(0, 0, int(180 * u), int(44 * u))
        close.midbottom = (box.centerx, box.bottom - int(16 * u))
        self.buttons.append(Button(close, "Close", "decided_close"))
        mouse = sc.app.mouse
        for b in self.buttons:
            b.draw(surf, t, b.rect.collidepoint(mouse), u)
            sc.targets.append((b.rect, ("button", b.key)))

    def _tabs(self, surf: pygame.Surface, reviews: list[SeatReview], inner: Rect, y: int,
              u: float) -> int:
        """A button per human when there are several (pass-and-play); returns the y below."""
        if len(reviews) < 2:
            return y
        t = self.sc.app.text
        gap = int(8 * u)
        # as wide as the longest name needs, up to an equal share of the row; a name still
        # too long is set smaller, then cut ("Bartholomew the Grea" ran past its tab)
        need = max(t.font(int(17 * u), True).size(r.name)[0] for r in reviews) + int(28 * u)
        bw = min(max(int(180 * u), need), (inner.w - gap * (len(reviews) - 1)) // len(reviews))
        x = inner.centerx - (bw * len(reviews) + gap * (len(reviews) - 1)) // 2
        for i, r in enumerate(reviews):
            tone = REVIEW_TAB_ON if i == min(self.tab, len(reviews) - 1) else None
            size = t.fit(r.name, int(17 * u), bw - int(20 * u), int(12 * u), bold=True)
            label = elide(t, r.name, size, bw - int(16 * u), True)
            self.buttons.append(Button(Rect(x, y, bw, int(36 * u)), label, ("decided_seat", i),
                                       tone=tone, size=size))
            x += bw + gap
        return y + int(48 * u)

    def _seat(self, surf: pygame.Surface, review: SeatReview, inner: Rect, y: int,
              u: float, bottom: int) -> None:
        """One seat's moments, each a row with its sentence and "Replay from here"."""
        t = self.sc.app.text
        head = t.render(f"{review.name}", int(22 * u), INK, bold=True)
        surf.blit(head, (inner.x, y))
        y += head.get_height() + int(4 * u)
        for line in t.wrap(HOW, int(14 * u), inner.w):
            s = t.render(line, int(14 * u), MUTED)
            surf.blit(s, (inner.x, y))
            y += s.get_height()
        y += int(10 * u)
        if review.course is not None:
            y = self._course(surf, review.course, inner, y, u)
        if not review.moments:
            # wrapped: one line ran past the window's right edge in the tryout
            y += int(10 * u)
            self.summary_rects = []
            for line in t.wrap(review.summary, int(18 * u), inner.w):
                s = t.render(line, int(18 * u), INK)
                self.summary_rects.append(surf.blit(s, (inner.x, y)))
                y += s.get_height()
            return
        bw = int(190 * u)
        size = int(17 * u)
        for m in review.moments:
            lines = t.wrap(m.text, size, inner.w - bw - int(40 * u))
            row = Rect(inner.x, y, inner.w, max(int(86 * u), int(40 * u) + len(lines)
                                                * t.font(size).get_linesize()))
            if row.bottom > bottom and m is not review.moments[0]:
                break       # a small window shows the largest moments only
            pygame.draw.rect(surf, PANEL, row, border_radius=int(10 * u))
            lab = t.render(f"Move {m.at + 1} · about {chance_points(m.chance)} of "
                           f"chance to win", int(15 * u), ACCENT, bold=True)
            surf.blit(lab, (row.x + int(14 * u), row.y + int(8 * u)))
            ly = row.y + int(10 * u) + lab.get_height()
            for line in lines:
                s = t.render(line, size, INK)
                surf.blit(s, (row.x + int(14 * u), ly))
                ly += t.font(size).get_linesize()
            b = Rect(0, 0, bw, int(36 * u))
            b.bottomright = (row.right - int(12 * u), row.centery - int(3 * u))
            self.buttons.append(Button(b, "Replay from here", ("decided_replay", m.seat, m.at),
                                       tone=REPLAY_TONE))
            b = Rect(0, 0, bw, int(36 * u))
            b.topright = (row.right - int(12 * u), row.centery + int(3 * u))
            self.buttons.append(Button(b, "Play on from here", ("decided_playon", m.seat, m.at),
                                       tone=PLAYON_TONE))
            self.sc.targets.append((row, ("decided_moment", m.seat, m.at)))
            y = row.bottom + int(12 * u)

    def _course(self, surf: pygame.Surface, course: Course, inner: Rect, y: int,
                u: float) -> int:
        """The chart of every player's chance to win over the game, and under it the moments
        by anyone that moved it most; returns the y below."""
        t = self.sc.app.text
        area = Rect(inner.x, y, inner.w, int(CHART_H * u))
        self.chart = area
        self.legend = draw_chart(surf, course, area, u, t)
        y = area.bottom + int(6 * u)
        bw, bh = int(150 * u), int(26 * u)
        for sw in sorted(course.swings, key=lambda s: -s.size)[:SWINGS_SHOWN]:
            top = y + int(2 * u)
            # each moment can be played on from (the seat's last decision before it), so a
            # player whose own choices were all sound (no flagged row) can try another line
            for line in t.wrap(sw.text, int(14 * u), inner.w - bw - int(12 * u))[:2]:
                img = t.render(line, int(14 * u), INK)
                surf.blit(img, (inner.x, y))
                y += img.get_height()
            if sw.mine >= 0:    # from the seat's own last decision before the moment
                b = Rect(0, 0, bw, bh)
                b.topright = (inner.right, top)
                self.buttons.append(Button(b, "Play on from here",
                                           ("decided_playon", course.viewer, sw.mine),
                                           tone=PLAYON_TONE, size=int(13 * u)))
                y = max(y, b.bottom)
            y += int(4 * u)
            self.sc.targets.append((Rect(inner.x, y - 2, inner.w, 2), ("decided_swing", sw.at)))
        return y + int(10 * u)


def line_colors(n: int, viewer: int) -> list[tuple[int, int, int]]:
    """A colour per player: the viewer in the accent, the others in the card colours."""
    others = [COLOR_RGB["blue"], COLOR_RGB["red"], COLOR_RGB["green"], COLOR_RGB["purple"],
              MUTED]
    out, k = [], 0
    for q in range(n):
        if q == viewer:
            out.append(ACCENT)
        else:
            out.append(others[k % len(others)])
            k += 1
    return out


def draw_chart(surf: pygame.Surface, course: Course, area: Rect, u: float,
               t: Any) -> list[Rect]:
    """Each player's chance to win (0-100%) after every move, a line each, with a legend on
    the right as wide as its longest line needs (up to a third of the chart; a name longer
    still is cut). Returns where the legend's lines were drawn."""
    pygame.draw.rect(surf, PANEL, area, border_radius=int(8 * u))
    pts = course.chances
    if len(pts) < 2:
        return []
    size = int(13 * u)
    names = ["You" if q == course.viewer else course.names[q] for q in range(len(course.names))]
    words = [f"{name} {round(100 * pts[-1][q])}%" for q, name in enumerate(names)]
    room = min(max(t.font(size).size(w)[0] for w in words), area.w // 3)
    plot = area.inflate(-int(20 * u), -int(20 * u))
    plot.w -= max(int(110 * u), room + int(22 * u))      # the legend's room on the right
    colors = line_colors(len(course.names), course.viewer)
    step = plot.w / (len(pts) - 1)
    for q, col in enumerate(colors):
        line = [(plot.x + i * step, plot.bottom - c[q] * plot.h) for i, c in enumerate(pts)]
        pygame.draw.lines(surf, col, False, line, max(1, int((3 if q == course.viewer else 2)
                                                              * u)))
    ly = area.y + int(8 * u)
    drawn = []
    for q, col in enumerate(colors):
        pct = f" {round(100 * pts[-1][q])}%"
        name = elide(t, names[q], size, room - t.font(size).size(pct)[0])
        img = t.render(name + pct, size, col)
        drawn.append(surf.blit(img, (plot.right + int(12 * u), ly)))
        ly += img.get_height()
    return drawn
