"""Learn to play on the table: the lesson's current step in a box, what it is about lit and
pointed at with an arrow, Next and Skip lesson. The lesson itself (what to show when, which
answers it lets through) is `play/tutorial.py`'s; this layer only draws it and takes Next, Skip
and Enter. It holds the scene and never imports its module."""

from __future__ import annotations

import math
from typing import Any, Protocol

import pygame
from pygame import Rect

from doomlings_desktop.play.tutorial import BUTTONS, SEATS, Step
from doomlings_desktop.rules.view import View
from doomlings_desktop.ui.app import ACCENT, INK, MUTED, Button
from doomlings_desktop.ui.table.layer import Layer
from doomlings_desktop.ui.theme import GO_TONE, LESSON_BOX, LESSON_GLOW, LESSON_OUTLINE

GLOW = LESSON_GLOW           # the lesson's colour: lit places, the arrow, the box's frame
BOX = LESSON_BOX


class Lessoned(Protocol):
    """What the lesson's notes read of the table: the app, the cards, the game and the
    match (the lesson's step), the frame's layout, targets and buttons, the other overlays
    (what a note must not cover), World's End's progress, the pass screen, and the toast."""

    app: Any
    db: Any
    game: Any
    match: Any
    layout: Any
    targets: list
    buttons: list
    overlays: Any
    we_step: float
    pass_needed: bool

    def my_decision(self) -> Any: ...

    def say(self, text: str, seconds: float = 3.0, good: bool = False) -> None: ...

    def _we_lines(self) -> list: ...


def _named(sc: Lessoned, card: int, ident: str) -> bool:
    return sc.db.cards[card].id == ident


def find(sc: Lessoned, what: str, which: Any) -> list[Rect]:
    """Where one thing a step points at is on the table now; none if it is not shown (a card
    no longer in hand, a button not offered). An offered card is its card and its Play
    button."""
    lay = sc.layout
    if what == "hand" and which == "all":
        return [Rect(lay.hand)] if lay else []
    if what in ("age", "deck", "log", "prompt"):
        return [Rect(getattr(lay, what))] if lay else []
    if what == "button":
        return [Rect(b.rect) for b in sc.buttons if b.key == BUTTONS[which]][:1]
    out = []
    for r, k in reversed(sc.targets):
        if (what == "hand" and k[0] == "hand" and _named(sc, k[1], which)) or (
                what == "strip" and k[0] == "strip" and _named(sc, k[2], which)) or (
                what == "offer" and k[0] == "overlay_card" and _named(sc, k[1], which)) or (
                what in ("pile", "gene_pool") and k == (
                    "panel" if what == "pile" else "gene_pool", SEATS[which])) or (
                what == "scores" and k == ("score_table",)):
            out.append(Rect(r))
            break
    if what == "offer":
        out += [Rect(b.rect) for b in sc.buttons if isinstance(b.key, tuple)
                and b.key[0] == "answer" and isinstance(b.key[1], int)
                and _named(sc, b.key[1], which)]
    return out


def places(sc: Lessoned, step: Step) -> list[Rect]:
    """Where everything the step points at is, in the order it names them."""
    return [r for what, which in step.point for r in find(sc, what, which)]


RING = 8        # how far round a lit place its glow is drawn (inflate(14, 14) and its width)


def keep_clear(sc: Lessoned, lit: list[Rect]) -> list[Rect]:
    """What a note may never cover: each place it points at with its glow, and every
    player's name bar (name, score, level), which the steps talk about ("beside your name",
    "the bot's pile") and which says whose pile is whose. The end screen's scores cover the
    piles, so there only the lit places count."""
    keep = [r.inflate(2 * RING, 2 * RING) for r in lit]
    lay = sc.layout
    if lay is not None and not getattr(sc.game, "over", False):
        keep += [Rect(p.header) for p in lay.panels]
    return keep


def _spots(box: Rect, w: int, h: int, whole: Rect, steps: int, beside: list[Rect]
           ) -> list[Rect]:
    """Where a note may stand: a grid of steps x steps over the whole window, and right
    against each rect of `beside` (under it or above it at each of the grid's columns, left
    or right of it at each row), so a note can sit in a band just under a name bar; each kept
    inside the window."""
    xs = [4 + (w - 8 - box.w) * g // steps for g in range(steps + 1)]
    ys = [4 + (h - 8 - box.h) * g // steps for g in range(steps + 1)]
    tops = [(x, y) for y in ys for x in xs]
    for k in beside:
        tops += [(x, k.bottom + 2) for x in xs] + [(x, k.top - 2 - box.h) for x in xs]
        tops += [(k.right + 2, y) for y in ys] + [(k.left - 2 - box.w, y) for y in ys]
    out = []
    for x, y in tops:
        r = Rect(x, y, box.w, box.h)
        r.clamp_ip(whole)
        out.append(r)
    return out


def place(sc: Lessoned, box: Rect, size: tuple[int, int], lit: list[Rect]) -> Rect:
    """Where the note covers nothing it points at nor any player's name (`keep_clear`: never,
    when there is such a spot) and as little as possible of what can be clicked (a button
    counts most), as near as it can to what it points at: spots over the whole window, not
    only the middle, since the note stays up while the player acts on the table, and the
    spots right against what it must keep clear of; a finer grid when none of those will do."""
    w, h = size
    whole = Rect(0, 0, w, h).inflate(-8, -8)
    skip = ("panel", "log", "world_end", "shade", "pass_screen", "discard_pile")
    cards = [r for r, k in sc.targets if k[0] not in skip]
    cards += [r for r, k in sc.targets if k[0] == "hand"] * 3     # your cards count most
    lay = sc.layout
    if lay is not None:         # the prompt says what is asked: keep it readable too
        cards += [lay.prompt, lay.top_bar]
    heavy = [b.rect for b in sc.buttons] + lit
    window = sc.overlays.window
    if window.title_rect is not None and window.open(sc.my_decision()):
        heavy.append(window.title_rect)     # an offer's title says what is happening
    hint = sc.overlays.hint.rect
    if hint is not None and sc.overlays.hint.open(sc.my_decision()):
        heavy.append(hint)      # the coach's answer, which a step may have asked for
    aim = lit[0].center if lit else whole.center
    keep = keep_clear(sc, lit)

    def cost(r: Rect) -> float:
        return sum(r.clip(o).w * r.clip(o).h for o in cards) \
            + 30 * sum(r.clip(o).w * r.clip(o).h for o in heavy) \
            + 1000 * sum(r.clip(o).w * r.clip(o).h for o in keep) \
            + math.hypot(r.centerx - aim[0], r.centery - aim[1])

    spots = _spots(box, w, h, whole, 8, keep)
    clear = [r for r in spots if r.collidelist(keep) < 0]
    if not clear:
        spots = _spots(box, w, h, whole, 24, keep)
        clear = [r for r in spots if r.collidelist(keep) < 0]
    return min(clear or spots, key=cost)


def arrow(surf: pygame.Surface, start: tuple[int, int], end: tuple[int, int], u: float) -> None:
    """A straight arrow with a filled head, from the box to what it is about."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < 20 * u:
        return
    ux, uy = dx / length, dy / length
    head = 16 * u
    base = (end[0] - ux * head, end[1] - uy * head)
    width = max(3, int(5 * u))
    pygame.draw.line(surf, LESSON_OUTLINE, start, base, width + 4)
    pygame.draw.line(surf, GLOW, start, base, width)
    left = (base[0] - uy * head * 0.6, base[1] + ux * head * 0.6)
    right = (base[0] + uy * head * 0.6, base[1] - ux * head * 0.6)
    pygame.draw.polygon(surf, GLOW, [end, left, right])


def _edge_towards(box: Rect, point: tuple[int, int]) -> tuple[int, int]:
    """The point on the box's edge nearest to `point`."""
    return (max(box.left, min(point[0], box.right)), max(box.top, min(point[1], box.bottom)))


class LessonLayer(Layer):
    """Open while a lesson step is shown; above the end screen, so its buttons work there."""

    sc: Lessoned

    def __init__(self, scene: Lessoned) -> None:
        super().__init__(scene)
        self.buttons: list[Button] = []
        self.rect: Rect | None = None       # the box, last drawn (tests check it)
        self.lit: list[Rect] = []           # the places lit, last drawn

    def step(self) -> Step | None:
        sc = self.sc
        lesson = sc.match.lesson
        if lesson is None or sc.pass_needed:
            return None
        s = lesson.step(sc.game)
        if s is not None and s.at == "over" and sc.we_step < len(sc._we_lines()) + 1.5:
            return None         # World's End is still being told: the scores come after it
        return s

    def open(self, d: Any) -> bool:
        return self.step() is not None

    def draw(self, surf: pygame.Surface, v: View | None, d: Any, u: float) -> None:
        sc = self.sc
        s = self.step()
        self.buttons = []
        if s is None:
            return
        lesson = sc.match.lesson
        lit = self.lit = places(sc, s)
        for r in lit:
            pygame.draw.rect(surf, LESSON_OUTLINE, r.inflate(14, 14), width=max(4, int(6 * u)),
                             border_radius=int(12 * u))
            pygame.draw.rect(surf, GLOW, r.inflate(10, 10), width=max(3, int(4 * u)),
                             border_radius=int(10 * u))
        t = sc.app.text
        w, h = surf.get_size()
        size = int(17 * u)
        width = int(min(w * 0.42, 520 * u))
        pad = int(14 * u)
        title = t.render(s.title or "Learn to play", int(20 * u), ACCENT, bold=True)
        count = t.render(f"{lesson.index + 1} / {len(lesson.steps)}", int(14 * u), MUTED)
        lines = [t.render(line, size, INK) for line in t.wrap(s.say, size, width)]
        bh = int(36 * u)
        box = Rect(0, 0, width + 2 * pad,
                   pad + title.get_height() + int(8 * u) + sum(x.get_height() for x in lines)
                   + int(12 * u) + bh + pad)
        box = self.rect = place(sc, box, (w, h), lit)
        pygame.draw.rect(surf, BOX, box, border_radius=int(10 * u))
        pygame.draw.rect(surf, GLOW, box, width=max(2, int(3 * u)), border_radius=int(10 * u))
        surf.blit(title, (box.x + pad, box.y + pad))
        surf.blit(count, count.get_rect(topright=(box.right - pad, box.y + pad + int(4 * u))))
        y = box.y + pad + title.get_height() + int(8 * u)
        for line in lines:
            surf.blit(line, (box.x + pad, y))
            y += line.get_height()
        by = box.bottom - pad - bh
        if s.at != "over":      # once the game is over there is nothing left to skip to
            self.buttons.append(Button(Rect(box.x + pad, by, int(150 * u), bh), "Skip lesson",
                                       ("lesson", "skip")))
        if s.do is None:
            nw = max(int(110 * u), t.font(int(17 * u), True).size(s.next_label)[0] + int(30 * u))
            self.buttons.append(Button(Rect(box.right - pad - nw, by, nw, bh), s.next_label,
                                       ("lesson", "next"), tone=GO_TONE))
        else:
            note = t.render("Your move", int(15 * u), MUTED)
            surf.blit(note, note.get_rect(midright=(box.right - pad, by + bh // 2)))
        mouse = sc.app.mouse
        for b in self.buttons:
            b.draw(surf, t, b.rect.collidepoint(mouse), u)
            sc.targets.append((b.rect, ("button", b.key)))
        if lit:
            target = lit[0]
            tip = (max(target.left, min(box.centerx, target.right)),
                   max(target.top, min(box.centery, target.bottom)))
            if not box.collidepoint(tip):
                arrow(surf, _edge_towards(box, tip), tip, u)

    def handle(self, event: pygame.event.Event) -> bool:
        sc = self.sc
        s = self.step()
        if s is None:
            return False
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1:
            for b in self.buttons:
                if b.rect.collidepoint(event.pos):
                    if event.type == pygame.MOUSEBUTTONUP:
                        sc.app.sounds.play("click")
                        self.act(b.key[1])
                    return True
            return False
        if event.type == pygame.KEYDOWN and s.do is None and event.key in (
                pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.act("next")
            return True
        return False

    def act(self, what: str) -> None:
        sc = self.sc
        lesson = sc.match.lesson
        if what == "skip":
            lesson.skip()
            sc.say("Lesson skipped: the game goes on, and the bot plays for itself.", 3,
                   good=True)
        elif lesson.next(sc.game) and not lesson.running:
            sc.say("Lesson finished. New game starts a real one.", 3, good=True)
