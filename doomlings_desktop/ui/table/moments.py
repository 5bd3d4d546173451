"""The stage: the big moments of the game shown as they happen, with their words.

An age or a catastrophe revealed, a rule that skips turns, World's End: the card comes to the
middle of the table, large, with its effect in one sentence and whatever it did to you ("Your
gene pool is now 3 (Ice Age)"); what hit you with no big moment ("Glacial Meltdown discards
your Viral") is said in a smaller box. The moments are the match's (`Match.story`, told from
the viewer's own events by play/story.py); this layer only shows them, one at a time, each
until it is clicked or for a time set by the pace (play/pace.py).

It never stands in the way of a decision: it takes no shade and no click target, it is put
where it covers the fewest things to click (`free_spot`), a click on it only closes it (the
release too), and every other click, key or drag goes through to the table. While a big moment
is fresh the bots wait (`holding`), so it is seen before the game moves on.
"""

from __future__ import annotations

from typing import Any

import pygame
from pygame import Rect

from doomlings_desktop.play.pace import Timing, timing
from doomlings_desktop.rules.view import View
from doomlings_desktop.ui.app import INK, MUTED
from doomlings_desktop.ui.table.layer import Layer, decision_rects, free_spot
from doomlings_desktop.ui.theme import STAGE_BOX, STAGE_DOOM, STAGE_EDGE, STAGE_YOU

# the seconds a moment stays (big, or only what hit you) and the bots wait under a big one
# are the pace's (play/pace.py: stay_big, stay_small, hold)
QUEUE = 4            # moments waiting beyond this are dropped, oldest first: the game moved on
# (a big one after every small one: a player back at the screen after a round must still see
# the catastrophe, whatever else hit them since)
# a click this soon after a moment came on screen was meant for the one before it (which
# went by itself as the player reached to close it): it closes nothing. Seen in a tryout:
# the skip of Optimistic Nihilism went, the catastrophe took its place, and the click meant
# for the skip closed the catastrophe unread.
GRACE = 0.6
DOOM = ("catastrophe", "world_end", "skip")
# what the top bar names at once (the age, the catastrophes): not held behind an out-of-turn
# offer's window, where the bar ran ahead of the stage and the stage then announced an age
# the bar had named all along (a tryout at 1280x720, a Parasitic offer)
AHEAD = ("age", "catastrophe")


class Stage(Layer):
    """The big moment being shown, and those waiting their turn."""

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.queue: list[Any] = []
        self.current: Any = None
        self.since = 0.0
        self.rect: Rect | None = None      # where it was drawn last (tests click it)
        self.placed: Any = None            # the moment `rect` was found for
        self.drawn: Any = None             # the moment the last frame showed
        self.swallow = False               # the release of the click that closed it
        self.seat: int | None = None       # whose moments these are (the viewer told them)
        self.kept: dict[int, list] = {}    # other seats' moments not shown yet, for their turn
        self.seen_current = False          # `current` has been on screen
        self.restored: list[Any] = []      # the moments kept for the viewer from before
        if hasattr(scene.match, "moments_kept"):    # a local game's: its saves keep them
            scene.match.untold = self.untold

    # ------------------------------------------------------------------ time

    def pace(self) -> Timing:
        return timing(self.sc.app.settings)

    def pull(self, now: float) -> None:
        """Take the match's new moments and move the show on (the scene's update). Each is
        one seat's, told from its own events ("Your gene pool is now 4"): when the screen
        passes to another player, those not shown yet wait for the one they were told to
        (shown when they take it again), never shown to the next one."""
        self._take_kept()
        viewer = self.sc.viewer
        if viewer != self.seat:
            if self.seat is not None:
                unseen = [self.current] if self.current is not None and not self.seen_current \
                    else []
                self.kept[self.seat] = trim(unseen + self.queue)
            self.seat = viewer
            self.queue = self.kept.pop(viewer, [])
            self.restored = list(self.queue)
            self.current = None
        self.queue += self.sc.match.story()
        self.queue = trim(self.queue)
        if self.sc.match.lesson is not None:
            # the lesson tells its own game, one note at a time: a second voice would
            # cover what its notes point at
            self.queue.clear()
            self.current = None
            return
        if self.offer_open():
            self._ahead(now)
        if self.current is not None and self.waiting():
            self.since = now               # its time runs once it can be seen
        if self.current is not None and now - self.since >= self.stay(self.current):
            self.current = None
        if self.current is None and self.queue:
            self.current = self.queue.pop(0)
            self.since = now
            self.seen_current = False

    def _take_kept(self) -> None:
        """The moments a save kept (Continue, Load: `Match.moments_kept`), each waiting for
        its seat as if the screen had passed on from it, so a summary does not drop them."""
        got = getattr(self.sc.match, "moments_kept", None)
        if not got:
            return
        for q, ms in got.items():
            if q == self.seat:
                self.queue = trim(ms + self.queue)
                self.restored += ms
            else:
                self.kept[q] = trim(ms + self.kept.get(q, []))
        got.clear()

    def untold(self) -> dict[int, list]:
        """Each seat's moments not shown yet, for a save (`Match.untold`, play/told.py): those
        kept for their turn, and the present seat's, with the story's newest (an autosave is
        made before the table pulls them: the age a turn's end revealed under the pass
        screen)."""
        m = self.sc.match
        if self.seat is not None and self.seat == self.sc.viewer == m.viewer \
                and m.private and m.lesson is None:
            self.queue = trim(self.queue + m.story())
        out = {q: list(ms) for q, ms in self.kept.items() if ms}
        if self.seat is not None:
            now = [self.current] if self.current is not None and not self.seen_current else []
            if now or self.queue:
                out[self.seat] = now + self.queue
        return out

    def offer_open(self) -> bool:
        """An out-of-turn offer's window is over the table (it leaves room beside it)."""
        return self.sc._card_window(self.sc.my_decision()) == "react"

    def _ahead(self, now: float) -> None:
        """Behind an offer's window: the first age or catastrophe waiting is shown now,
        before whatever smaller moment was first in line (that one waits for the window to
        close), so the stage keeps up with the top bar."""
        if self.current is not None and self.current.kind in AHEAD:
            return
        big = next((m for m in self.queue if m.kind in AHEAD), None)
        if big is None:
            return
        self.queue.remove(big)
        if self.current is not None and not self.seen_current:
            self.queue.insert(0, self.current)
        self.current = big
        self.since = now
        self.seen_current = False

    def told_in_summary(self) -> None:
        """Pass-and-play: the summary window ("since your last turn") has just told the
        viewer everything since they last looked, so the moments of that same time are not
        told again on the stage (a tryout read "Age: Lunar Retreat..." in the summary, then
        "New age: Lunar Retreat" on the stage). Those kept from before that time (told to
        the viewer as they passed the screen on, never shown) stay."""
        self.queue = [m for m in self.queue if any(m is r for r in self.restored)]
        if self.current is not None and not any(self.current is r for r in self.restored):
            self.current = None

    def tell(self, m: Any) -> None:
        """A moment of the table's own (against bots, "since your last turn"), told after
        those of the story already waiting."""
        self.queue = trim(self.queue + [m])

    def stay(self, m: Any) -> float:
        pace = self.pace()
        t = pace.stay_big if m.big else pace.stay_small
        if m.kind == "since":       # a list to read: time for each line (a click closes it)
            t += 0.6 * len(m.lines) * pace.stay_small / 4
        return t / 2 if self.queue else t        # hurry when more are waiting

    def holding(self, now: float) -> bool:
        """A big moment has just come: the bots wait a little, so it is seen first."""
        m = self.current
        return m is not None and m.big and now - self.since < self.pace().hold \
            and bool(self.sc.humans) and not self.waiting()

    def stale(self) -> bool:
        """The frame on screen shows another moment than the one to show (busy() asks: a
        frame when one comes and one when it goes, not a stream of them between)."""
        # behind a pass screen nothing of the table is drawn: nothing to redraw for
        return not self.sc.pass_needed and self.drawn is not self.shown_now()

    def waiting(self) -> bool:
        """A window asks something over the whole table (a choice of cards, an out-of-turn
        offer, "since your last turn"), or a pass screen hides the table: the moment waits
        behind it, never over its cards and buttons, nor going by unseen."""
        sc = self.sc
        window = sc._card_window(sc.my_decision())
        if window == "react" and self.current is not None and self.current.kind in AHEAD:
            window = None       # beside the offer's window, not behind it (`_ahead`)
        return window is not None or sc.news.summary is not None \
            or sc.match.review is not None or sc.pass_needed

    def shown_now(self) -> Any:
        return None if self.sc.game.over or self.waiting() else self.current

    def close(self) -> None:
        self.current = None

    # ------------------------------------------------------------------ layer

    def open(self, d: Any) -> bool:
        # open one frame more once the moment has gone, so that the frame says it has gone
        return self.shown_now() is not None or self.swallow or self.drawn is not None

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and self.swallow:
            self.swallow = False
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and self.shown_now() is not None \
                and self.rect is not None and self.rect.collidepoint(event.pos):
            if self.sc.time - self.since >= GRACE:
                self.close()
            self.swallow = True
            return True
        return False

    def _avoid(self) -> list[Rect]:
        """The buttons, and the cards that answer the viewer's pending decision; beside an
        out-of-turn offer, its whole window."""
        frame = self.sc.overlays.window.frame_rect if self.offer_open() else None
        return decision_rects(self.sc, self.sc.my_decision()) + ([frame] if frame else [])

    def _beside(self, box: Rect, h: int, u: float) -> Rect:
        """`box` moved under an out-of-turn offer's window where it would cover the window's
        edge (its keys' line) and there is room under it."""
        frame = self.sc.overlays.window.frame_rect if self.offer_open() else None
        if frame is None or not box.colliderect(frame):
            return box
        top = frame.bottom + int(6 * u)
        return box.move(0, top - box.y) if top + box.h <= h else box

    def draw(self, surf: pygame.Surface, v: View | None, d: Any, u: float) -> None:
        m = self.drawn = self.shown_now()
        if m is None:
            return
        self.seen_current = True
        t = self.sc.app.text
        has_card = m.card >= 0
        ch = int(230 * u) if has_card else 0
        cw = int(ch * 0.72)
        width = int(600 * u) if has_card else int(460 * u)
        words_w = width - cw - int(44 * u)
        title = t.wrap(m.title, int(22 * u), words_w, bold=True) if m.title else []
        text = t.wrap(m.text, int(17 * u), words_w) if m.text else []
        lines = [part for line in m.lines for part in t.wrap(line, int(17 * u), words_w, True)]
        words_h = (len(title) * int(27 * u) + len(text) * int(22 * u)
                   + len(lines) * int(22 * u) + int(30 * u) + (int(8 * u) if lines else 0))
        box = Rect(0, 0, width, max(ch, words_h) + int(28 * u))
        # never over a button or a card the viewer's decision asks for if any spot leaves them
        # free: a click meant for End turn or that card would close the stage instead (seen in
        # the real-window test)
        avoid = self._avoid()
        kept = self.rect if self.placed is m else None
        if kept is not None and kept.size == box.size and kept.collidelist(avoid) < 0:
            box = kept          # a moment stays where it came (it jumped as bubbles came)
        else:
            box = self.rect = self._beside(free_spot(self.sc, box, surf.get_size(), u,
                                                     avoid=avoid), surf.get_height(), u)
        self.placed = m
        edge = STAGE_DOOM if m.kind in DOOM else STAGE_EDGE
        pygame.draw.rect(surf, STAGE_BOX, box, border_radius=int(12 * u))
        pygame.draw.rect(surf, edge, box, width=max(2, int(3 * u)), border_radius=int(12 * u))
        x = box.x + int(14 * u)
        if has_card:
            surf.blit(self.sc.app.art.face(m.card, cw, ch), (x, box.y + int(14 * u)))
            x += cw + int(16 * u)
        y = box.y + int(14 * u)
        for part in title:
            surf.blit(t.render(part, int(22 * u), edge, bold=True), (x, y))
            y += int(27 * u)
        for part in text:
            surf.blit(t.render(part, int(17 * u), INK), (x, y))
            y += int(22 * u)
        y += int(8 * u) if lines and (title or text) else 0
        # what hit you stands out; "since your last turn" is a list to read, in plain ink
        ink, bold = (INK, False) if m.kind == "since" else (STAGE_YOU, True)
        for part in lines:
            surf.blit(t.render(part, int(17 * u), ink, bold=bold), (x, y))
            y += int(22 * u)
        hint = t.render("Click to close", int(13 * u), MUTED)
        surf.blit(hint, hint.get_rect(bottomright=(box.right - int(12 * u),
                                                   box.bottom - int(8 * u))))


def trim(queue: list) -> list:
    """At most QUEUE moments, in order: the oldest small ones go first, then the oldest. An
    age another age (or a catastrophe) has followed is no longer the age: it goes at once
    (a player whose turns were short would be shown ages long gone)."""
    later = [m.kind in ("age", "catastrophe", "world_end") for m in queue]
    queue = [m for i, m in enumerate(queue) if m.kind != "age" or not any(later[i + 1:])]
    while len(queue) > QUEUE:
        small = next((i for i, m in enumerate(queue) if not m.big), 0)
        del queue[small]
    return queue
