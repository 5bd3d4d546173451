"""The end screen's "What decided this game?": per human seat, the two or three decisions
where the coach's answer would have gained the most, each with "Replay from here".

The review is play/review.py's, worked out on a worker thread ("Thinking…" until then); this
layer only draws it and opens the replay through the router, at the decision and seen by the
seat that made it. A finished game hides nothing (the replay policy lets every seat be
watched), so in pass-and-play each human's review is shown; each was made from what that seat
could see then. It holds the scene and never imports its module.
"""

from __future__ import annotations

from typing import Any

import pygame
from pygame import Rect

from doomlings_desktop.play.review import ReviewJob, SeatReview
from doomlings_desktop.rules.record import RecordError, make_record
from doomlings_desktop.rules.view import View
from doomlings_desktop.ui import router
from doomlings_desktop.ui.app import ACCENT, BG, INK, MUTED, PANEL, Button
from doomlings_desktop.ui.table.layer import Layer, cover
from doomlings_desktop.ui.theme import REPLAY_TONE, REVIEW_TAB_ON, SHADE_MODAL

TITLE = "What decided this game?"
FAILED = "The review could not be worked out (see the log)."
HOW = ("Where the coach would have done better, judged only from what you could see at the "
       "time: the points each choice scored at once.")


def offered(sc: Any) -> bool:
    """The end screen offers the review: a human played, and this is the game, not a replay
    nor the lesson (its moves were the script's; it has no record to replay from either)."""
    return bool(sc.humans) and getattr(sc, "offers_review", True) \
        and getattr(sc.match, "origin", None) is None


class Decided(Layer):
    """The review's window over the end screen; modal while open (Esc or Close shuts it)."""

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.showing = False
        self.job: ReviewJob | None = None
        self.record: dict | None = None
        self.problem = ""           # why this game cannot be reviewed, in a line
        self.tab = 0                # which human's review is shown
        self.buttons: list[Button] = []

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
            words = self.problem or (FAILED if self.job is not None and self.job.failed
                                     else "Thinking…")
            line = t.render(words, int(20 * u), MUTED if words == "Thinking…" else INK)
            surf.blit(line, line.get_rect(center=box.center))
        else:
            y = self._tabs(surf, reviews, inner, y, u)
            if reviews:
                self._seat(surf, reviews[min(self.tab, len(reviews) - 1)], inner, y, u)
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
        bw = min(int(180 * u), (inner.w - int(8 * u) * (len(reviews) - 1)) // len(reviews))
        x = inner.centerx - (bw * len(reviews) + int(8 * u) * (len(reviews) - 1)) // 2
        for i, r in enumerate(reviews):
            tone = REVIEW_TAB_ON if i == min(self.tab, len(reviews) - 1) else None
            self.buttons.append(Button(Rect(x, y, bw, int(36 * u)), r.name, ("decided_seat", i),
                                       tone=tone))
            x += bw + int(8 * u)
        return y + int(48 * u)

    def _seat(self, surf: pygame.Surface, review: SeatReview, inner: Rect, y: int,
              u: float) -> None:
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
        if not review.moments:
            s = t.render(review.summary, int(18 * u), INK)
            surf.blit(s, (inner.x, y + int(10 * u)))
            return
        bw = int(190 * u)
        size = int(17 * u)
        for m in review.moments:
            lines = t.wrap(m.text, size, inner.w - bw - int(40 * u))
            row = Rect(inner.x, y, inner.w, int(40 * u) + len(lines) * t.font(size).get_linesize())
            pygame.draw.rect(surf, PANEL, row, border_radius=int(10 * u))
            lab = t.render(f"Move {m.at + 1} · {m.points:.1f} points on average", int(15 * u),
                           ACCENT, bold=True)
            surf.blit(lab, (row.x + int(14 * u), row.y + int(8 * u)))
            ly = row.y + int(10 * u) + lab.get_height()
            for line in lines:
                s = t.render(line, size, INK)
                surf.blit(s, (row.x + int(14 * u), ly))
                ly += t.font(size).get_linesize()
            b = Rect(0, 0, bw, int(40 * u))
            b.midright = (row.right - int(12 * u), row.centery)
            self.buttons.append(Button(b, "Replay from here", ("decided_replay", m.seat, m.at),
                                       tone=REPLAY_TONE))
            self.sc.targets.append((row, ("decided_moment", m.seat, m.at)))
            y = row.bottom + int(12 * u)
