"""What changed while you were not looking, as overlays on the table's modal stack:

    Marks     the traits that just came into a pile glow, those that left are named, fading
    Review    pass-and-play: the cards you drew, shown before the pass screen hides them
    Summary   pass-and-play: "since your last turn", when you take the screen back

The facts come from the match (`Match.since`, `Match.review`); these layers only draw them.
Like every layer they hold the scene and never import its module.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame
from pygame import Rect

from doomlings_desktop.rules.view import View
from doomlings_desktop.ui import keys
from doomlings_desktop.ui.app import ACCENT, BG, INK, MUTED, Button
from doomlings_desktop.ui.highlight import outline
from doomlings_desktop.ui.table.layer import Layer, cover
from doomlings_desktop.ui.theme import GO_TONE, NEWS_GONE, SHADE_LIGHT

MARK_SECONDS = 4.0      # how long a change stays marked on the table
GONE = NEWS_GONE
# Against bots, "since your last turn" on the stage: the lines worth reading again (not the
# draws nor the discards from a hand, which are stabilizing or, when they hit you, told on
# the stage already; nor the reshuffles), at most this many, the newest kept
CATCH_UP_SKIP = ("draw", "reshuffle", "deal", "discard")
CATCH_UP_MOST = 8


class News:
    """The table's memory of what it has told the viewer: marks with their start times, and
    the summary waiting to be read. Fed from `Match.since` each time the view changes."""

    def __init__(self) -> None:
        self.gained: dict[tuple[int, int], float | None] = {}   # (seat, card): start
        self.lost: list[tuple[int, int, float | None]] = []      # seat, card, start
        self.summary: list[tuple[str, str]] | None = None
        self.names: Any = None      # (seat -> name, the viewer), set by the table
        # against bots: the lines since your last turn, each with its place in the log
        self.catchup: list[tuple[int, str]] = []
        self.turns = 0                    # your turns begun at this table (catch_up)
        self.first = False                # the summary is the viewer's first look

    def catch_up(self, lines: list[tuple[str, str]], your_turn: bool,
                 log: Any = None) -> list[str] | None:
        """A game against bots: what the others did since your last turn, to be told when
        your next turn begins (issue 26: "since your last turn" also in games against bots;
        there it is a note on the stage, not a window to close, since you may have watched
        it happen). `lines` are the new log lines as you may read them (the end of `log`,
        the whole log as you may read it now); `your_turn` says your turn's play is being
        asked now. Returns the lines to tell, once a turn, and none at your first turn
        (nothing came before it but the deal).

        A line kept is told only if the log still has it in its place: a play taken back
        (Undo: the log is cut back, and online another player's Undo too) is never told."""
        if log is not None and len(log) >= len(lines):
            self.catchup = [(at, text) for at, text in self.catchup
                            if 0 <= at < len(log) and log[at][1] == text]
            start = len(log) - len(lines)
        else:
            start = (self.catchup[-1][0] + 1) if self.catchup else 0
        self.catchup += [(start + i, text) for i, (kind, text) in enumerate(lines)
                         if kind not in CATCH_UP_SKIP
                         and not text.startswith("(")]        # a bot's reason: in the bubble
        if not your_turn:
            return None
        told = [text for _, text in self.catchup]
        self.catchup = []
        self.turns += 1
        if self.turns == 1 or not told:
            return None
        if len(told) > CATCH_UP_MOST:
            more = len(told) - CATCH_UP_MOST + 1
            told = [f"... {more} more in the game log"] + told[-(CATCH_UP_MOST - 1):]
        return told

    def add(self, since: Any, now: float, summary: bool, told: list[str] = (),
            first: bool = False) -> None:
        """Mark what `since` says changed. With `summary`, its lines are shown in a window
        first (after `told`: what the viewer's standing answer played for them), and the
        marks start fading only once it is closed; `first`: the viewer's first look at the
        table (its title then says "before your first turn": there was no last one)."""
        summary = summary and bool(since.lines or since.gene_pools or told)
        start = None if summary else now
        for key in since.gained:
            self.gained[key] = start
        self.lost = [x for x in self.lost if (x[0], x[1]) not in since.gained]
        self.lost += [(q, c, start) for q, c in since.lost if (q, c) not in self.gained]
        self.gained = {k: t for k, t in self.gained.items() if k not in since.lost}
        if summary:
            self.first = first
            self.summary = [("yours", x) for x in told] + list(since.lines) + [("gene_pool", self._pool_line(q, was, is_))
                                                for q, was, is_ in since.gene_pools]

    def _pool_line(self, seat: int, was: int, is_: int) -> str:
        """'Your gene pool: 5 → 4': the summary's line for a gene pool that changed."""
        who, me = self.names if self.names else (str, -1)
        whose = "Your gene pool" if seat == me else f"{who(seat)}'s gene pool"
        return f"{whose}: {was} → {is_}" + (" (you stabilize to it)" if seat == me else "")

    def close_summary(self, now: float) -> None:
        self.summary = None
        self.gained = {k: (now if t is None else t) for k, t in self.gained.items()}
        self.lost = [(q, c, now if t is None else t) for q, c, t in self.lost]

    def expire(self, now: float) -> None:
        self.gained = {k: t for k, t in self.gained.items()
                       if t is None or now - t < MARK_SECONDS}
        self.lost = [x for x in self.lost if x[2] is None or now - x[2] < MARK_SECONDS]

    def clear(self) -> None:
        self.gained.clear()
        self.lost.clear()
        self.summary = None

    def levels(self, now: float) -> tuple:
        """How strongly each mark is drawn now, in a few steps: the table redraws only when a
        step changes (busy() asks `stale`), not every frame of a smooth fade, so it stays
        idle while marks show."""
        return (tuple(self.strength(t, now) for t in self.gained.values()),
                tuple(self.strength(t, now) for _, _, t in self.lost))

    def stale(self, now: float) -> bool:
        """A mark must be drawn at another strength (or removed) than it was last frame."""
        return (bool(self.gained) or bool(self.lost)) and self.levels(now) != self.drawn

    drawn: tuple = ((), ())

    @staticmethod
    def strength(start: float | None, now: float) -> float:
        """1 for the first half of MARK_SECONDS, then 0.6, then 0.3 for a quarter each."""
        if start is None:
            return 1.0
        k = (now - start) / MARK_SECONDS
        return 1.0 if k < 0.5 else 0.6 if k < 0.75 else 0.3 if k < 1 else 0.0


class Newsroom(Protocol):
    """What the news layers read of the table: the app, the cards, the game, the match
    (what the viewer has seen), the seat names and the viewer, the table's `News`, its
    clock, and the frame's targets."""

    app: Any
    db: Any
    game: Any
    match: Any
    news: News
    time: float
    viewer: int
    targets: list

    def name(self, seat: int) -> str: ...


class Marks(Layer):
    """Outlines the strips of traits new in a pile, and names the ones that left it under
    the owner's header ("− Kidney"), both fading out."""

    sc: Newsroom

    def open(self, d: Any) -> bool:
        news = self.sc.news
        return bool(news.gained or news.lost)

    def draw(self, surf: pygame.Surface, v: View | None, d: Any, u: float) -> None:
        sc = self.sc
        news = sc.news
        news.expire(sc.time)
        news.drawn = news.levels(sc.time)
        strips = {(k[1], k[2]): r for r, k in sc.targets if k[0] == "strip"}
        for key, start in news.gained.items():
            r = strips.get(key)
            a = news.strength(start, sc.time)
            if r is None or a <= 0:
                continue
            outline(surf, "new", r, u, pad=3, strength=a)
        panels = {k[1]: r for r, k in sc.targets if k[0] == "panel"}
        t = sc.app.text
        shown: dict[int, int] = {}
        for seat, card, start in news.lost:
            r = panels.get(seat)
            a = news.strength(start, sc.time)
            if r is None or a <= 0:
                continue
            k = shown.get(seat, 0)
            shown[seat] = k + 1
            color = tuple(int(BG[i] + (GONE[i] - BG[i]) * a) for i in range(3))
            s = t.render(f"− {sc.db.name(card)}", int(14 * u), color, bold=True)
            box = lost_spot(sc.targets, seat, r, s.get_size(), k, u)
            pygame.draw.rect(surf, BG, box.inflate(int(10 * u), int(4 * u)),
                             border_radius=int(4 * u))
            surf.blit(s, box)


def lost_spot(targets: list, seat: int, panel: Rect, size: tuple[int, int], k: int,
              u: float) -> Rect:
    """Where the k-th "− Card" mark of a seat goes: at the foot of its panel, left of the
    gene pool card's column (it ran under it, where the kept Meaning card lies), at the
    right end, the left end or the middle, whichever covers least of the pile's strips (it
    covered a strip's name in the 28 November tryout)."""
    right = panel.right
    for r, key in targets:
        if key == ("gene_pool", seat) and panel.colliderect(r):
            right = min(right, r.left)
    strips = [r for r, key in targets if key[0] == "strip" and key[1] == seat]
    w, h = size
    y = panel.bottom - int(6 * u) - k * int(20 * u) - h
    left = panel.x + int(8 * u)
    xs = (right - int(8 * u) - w, left, (left + right - w) // 2)
    spots = [Rect(x, y, w, h) for x in xs if x >= left]
    return min(spots or [Rect(left, y, w, h)],
               key=lambda b: sum(b.clip(o).w * b.clip(o).h for o in strips))


def _window(sc: Newsroom, surf: pygame.Surface, title: str, width: int, height: int,
            u: float) -> Rect:
    """A framed window in the middle of the table (left of the log) over a shaded table,
    whose shade covers the table's click targets."""
    cover(sc, surf, SHADE_LIGHT)
    w, h = surf.get_size()
    box = Rect(0, 0, width, height)
    box.center = (int(w * 0.4), h // 2)
    box.clamp_ip(surf.get_rect())
    pygame.draw.rect(surf, BG, box, border_radius=int(12 * u))
    pygame.draw.rect(surf, ACCENT, box, width=max(1, int(2 * u)), border_radius=int(12 * u))
    return box


class _Modal(Layer):
    """A window with one button that Enter, Space or a click on the button closes; while it
    is open the table behind takes no input (Esc still opens the menu)."""

    sc: Newsroom
    label = "OK"
    button: Button | None = None
    rect: Rect | None = None            # the window as drawn last (tests read it)

    def _fit(self, width: int, title: str, size: int, u: float) -> int:
        """The window's width: `width`, or more if its title or its button (each holding a
        player's name, up to 20 letters) needs it. "Bartholomew the Grea, new in your hand"
        ran out of its window on both sides in the 1280x720 tryout."""
        t = self.sc.app.text
        return max(width, t.font(size, True).size(title)[0] + int(48 * u),
                   self._button_width(u) + int(48 * u))

    def _button_width(self, u: float) -> int:
        return max(int(200 * u), self.sc.app.text.font(int(17 * u), True).size(self.label)[0]
                   + int(32 * u))

    def close(self) -> None:
        raise NotImplementedError

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return False
        if event.type == pygame.KEYDOWN and keys.NEWS_DONE.matches(event):
            self.close()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.button \
                and self.button.rect.collidepoint(event.pos):
            self.close()
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def _button(self, surf: pygame.Surface, box: Rect, key: str, u: float) -> None:
        sc = self.sc
        r = Rect(0, 0, self._button_width(u), int(44 * u))
        r.midbottom = (box.centerx, box.bottom - int(16 * u))
        self.button = Button(r, self.label, key, True, "", tone=GO_TONE)
        self.button.draw(surf, sc.app.text, r.collidepoint(sc.app.mouse), u)
        sc.targets.append((r, ("button", key)))


class Review(_Modal):
    """Pass-and-play: before the pass screen, the human who drew sees what came into their
    hand, large; the screen passes once they say so."""

    def open(self, d: Any) -> bool:
        r = self.sc.match.review
        return r is not None and r[0] == self.sc.viewer

    def close(self) -> None:
        self.sc.match.end_review()

    def draw(self, surf: pygame.Surface, v: View | None, d: Any, u: float) -> None:
        sc = self.sc
        seat, cards = sc.match.review
        nxt = sc.match.asked()
        self.label = f"Done: pass to {sc.name(nxt.player)}" if nxt else "Done"
        ch = int(220 * u)
        cw = int(ch * 0.72)
        gap = int(14 * u)
        across = len(cards) * cw + (len(cards) - 1) * gap
        words = f"{sc.name(seat)}, new in your hand"
        width = self._fit(max(across + int(60 * u), int(420 * u)), words, int(24 * u), u)
        box = self.rect = _window(sc, surf, "", width, ch + int(190 * u), u)
        t = sc.app.text
        title = t.render(words, int(24 * u), ACCENT, bold=True)
        surf.blit(title, title.get_rect(midtop=(box.centerx, box.y + int(16 * u))))
        x = box.centerx - across // 2
        for c in cards:
            r = Rect(x, box.y + int(60 * u), cw, ch)
            surf.blit(sc.app.art.face(c, cw, ch), r)
            sc.targets.append((r, ("overlay_card", c)))
            x += cw + gap
        self._button(surf, box, "review_done", u)
        sub = t.render("Enter: done", int(14 * u), MUTED)
        surf.blit(sub, sub.get_rect(midbottom=(box.centerx, box.bottom - int(64 * u))))


class Summary(_Modal):
    """Pass-and-play: what happened since your last turn, when you take the screen back."""

    label = "Got it"

    def open(self, d: Any) -> bool:
        return self.sc.news.summary is not None

    def close(self) -> None:
        self.sc.news.close_summary(self.sc.time)

    def draw(self, surf: pygame.Surface, v: View | None, d: Any, u: float) -> None:
        sc = self.sc
        t = sc.app.text
        size = int(16 * u)
        width = int(560 * u)
        lines: list[tuple[str, tuple]] = []
        yours: list[tuple[str, tuple]] = []     # what your standing answer played: kept
        for kind, text in sc.news.summary:
            color = ACCENT if kind in ("age", "catastrophe", "gene_pool", "yours") else INK
            parts = [(part, color) for part in t.wrap(text, size, width - int(40 * u))]
            if kind == "yours":
                yours += parts
            else:
                lines += parts
        most = max(3, int((surf.get_height() * 0.62) // int(21 * u)) - len(yours))
        if len(lines) > most:
            hidden = len(lines) - most + 1
            lines = lines[-(most - 1):]
            lines.insert(0, (f"... {hidden} earlier lines in the log", MUTED))
        lines = yours + lines
        words = f"{sc.name(sc.viewer)}: " + ("before your first turn" if sc.news.first
                                              else "since your last turn")
        box = self.rect = _window(sc, surf, "", self._fit(width, words, int(22 * u), u),
                                  len(lines) * int(21 * u) + int(130 * u), u)
        title = t.render(words, int(22 * u), ACCENT, bold=True)
        surf.blit(title, title.get_rect(midtop=(box.centerx, box.y + int(14 * u))))
        y = box.y + int(52 * u)
        for text, color in lines:
            surf.blit(t.render(text, size, color), (box.x + int(20 * u), y))
            y += int(21 * u)
        self._button(surf, box, "summary_done", u)
