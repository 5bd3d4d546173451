"""Attachments on the table (Techlings, E8-E15), from the View only: an attachment drawn
tucked under its host in any pile, what hover and zoom say about the pair, the hosts lit while
an attachment is dragged or chosen, and playing it onto a host in one gesture (the play, then
the `attach_to_host` answer with that host).

The View says which card lies on which (`SeatView.attached`) and, during the viewer's play
from hand, where each playable attachment may go (`View.hosts`); nothing here reads the game.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame
from pygame import Rect

from doomlings_desktop.rules.decisions import ATTACH_TO_HOST
from doomlings_desktop.rules.view import SeatView, View
from doomlings_desktop.ui.layout import attach_indent
from doomlings_desktop.ui.table.picks import Selection
from doomlings_desktop.ui.table.state import DragState, dragging
from doomlings_desktop.ui.theme import ATTACH_BAND, ATTACH_NAME, LINK


def pile_entries(sv: SeatView, firsts: tuple[str, ...]) -> list[tuple[int, str, Any, int]]:
    """The strips of a pile in drawing order, as (card, colour, worth, host): each trait
    with its first colour, and right after a host its attachment, in the host's colour (so
    the pile's layout keeps the two together) with `host` set; -1 for every other strip.
    An attachment whose host is not in this pile (never, by the rules) stays a plain strip."""
    worths = sv.worths or (None,) * len(sv.pile)
    on = dict(sv.attached)                       # attachment -> host
    if not on:
        return [(c, col, w, -1) for c, col, w in zip(sv.pile, firsts, worths, strict=True)]
    pile = set(sv.pile)
    under = {h: a for a, h in on.items() if h in pile}     # host -> attachment
    worth_of = dict(zip(sv.pile, worths, strict=True))
    out = []
    for c, col, w in zip(sv.pile, firsts, worths, strict=True):
        if c in on and on[c] in pile:
            continue                             # drawn under its host
        out.append((c, col, w, -1))
        a = under.get(c)
        if a is not None:
            out.append((a, col, worth_of[a], c))
    return out


def pairs(v: View) -> tuple[dict[int, int], dict[int, int]]:
    """(attachment -> host, host -> attachment) over every pile of the view."""
    on = {a: h for sv in v.seats for a, h in sv.attached}
    return on, {h: a for a, h in on.items()}


def owner(v: View, card: int) -> int:
    """The seat whose pile holds `card` (-1: none)."""
    return next((sv.seat for sv in v.seats if card in sv.pile), -1)


def effect_words(text: str) -> str:
    """An attachment's rules text without the sentence that says where it attaches (that
    part is spent once it lies on its host): what it does to the host now."""
    parts = [s.strip() for s in text.replace(". ", ".\n").split("\n")]
    kept = [s for s in parts if s and not s.lower().startswith("attach to")]
    return " ".join(kept) if kept else text


class Carrying(Protocol):
    """What `carried` and `lit_hosts` read: the View, the drag and the selection."""

    view: View | None
    drag: DragState | None
    selection: Selection


class Attaching(Carrying, Protocol):
    """What the attachments' parts read of the table, besides what `Carrying` names: the
    app (art, text, sounds), the cards, the match (the score preview), the seat names and
    the viewer, the layout and the
    unit, the frame's targets, the cards drawn from open hands this frame, and the way to
    answer (`apply`, `my_decision`, `answer_in_turn`)."""

    app: Any
    db: Any
    match: Any
    layout: Any
    viewer: int
    targets: list
    open_shown: set

    def name(self, seat: int) -> str: ...

    def unit(self) -> float: ...

    def apply(self, answer: Any, quiet: bool = False) -> bool: ...

    def my_decision(self) -> Any: ...

    def answer_in_turn(self, steps: list) -> int: ...


def pair_words(sc: Attaching, v: View, card: int) -> str | None:
    """What hover says of a host or an attachment, else None: "Bark — with Nano attached
    (Nano: worth the face value of that trait...)" / "Nano — attached to Bob's Bark"."""
    on, under = pairs(v)
    db = sc.db
    if card in under:
        a = under[card]
        return (f"{db.name(card)} — with {db.name(a)} attached "
                f"({db.name(a)}: {effect_words(db.cards[a].text)})")
    if card in on:
        h = on[card]
        q = owner(v, h)
        whose = "your" if q == sc.viewer else f"{sc.name(q)}'s"
        return (f"{db.name(card)} — attached to {whose} {db.name(h)} "
                f"({effect_words(db.cards[card].text)})")
    return None


def score_words(sc: Attaching, v: View, card: int, host: int) -> str | None:
    """Who gains or loses what if attachment `card` goes on `host`, as the viewer can know it
    ("Lyonization on Bob's Teeth: Bob +1, you 0"): an attachment lies in its host's pile, so
    its own value goes to that pile's owner, and a blanked or boosted host moves their score
    too. Worked out by the rules on worlds the viewer could imagine (`Match.attach_preview`);
    None when it cannot be played there now."""
    p = sc.match.attach_preview(card, host)
    if p is None:
        return None
    from doomlings_desktop.play.coach import attach_words  # with the coach, lazily

    q = owner(v, host)
    whose = "your" if q == sc.viewer else f"{sc.name(q)}'s"
    return (f"{sc.db.name(card)} on {whose} {sc.db.name(host)}: "
            + attach_words(p, sc.viewer, q, sc.name))


def carried(sc: Carrying, d: Any) -> int | None:
    """The attachment being dragged or chosen for the viewer's play, if it is one."""
    v = sc.view
    if d is None or v is None or d.kind != "play" or not v.hosts:
        return None
    c = dragging(sc.drag)
    c = sc.selection.chosen if c is None else c
    return c if c in v.hosts else None


def lit_hosts(sc: Carrying, d: Any) -> set:
    """The pile cards to light now: the answers of a choice among pile cards (a host for
    `attach_to_host`, Ruggedized for `move_attachment`, any trait to steal...), or the legal
    hosts of the attachment being dragged or chosen."""
    if d is None:
        return set()
    if d.kind == "card" and d.zone == "pile":
        return {o for o in d.options if o != "pass"}
    c = carried(sc, d)
    return set(sc.view.hosts[c]) if c is not None else set()


def draw_tucked(sc: Attaching, surf: pygame.Surface, img_for: Any, slot: Rect, host: Rect | None,
                u: float) -> Rect:
    """An attachment's band under its host (drawn at `host`): indented, with a connector from
    the host right above; `img_for(w, h, linked)` draws the strip. When a column break put
    the band at the top of the next column, it wears the host's link mark instead of the
    connector. Returns the band's rect (its click target)."""
    indent = attach_indent(slot.h, slot.w)
    band = Rect(slot.x + indent, slot.y, slot.w - indent, slot.h)
    under = host is not None and host.x == slot.x and 0 <= slot.y - host.bottom <= slot.h // 2
    if under:
        x = slot.x + indent // 2
        line = max(1, int(2 * u))
        pygame.draw.line(surf, LINK, (x, host.bottom), (x, band.centery), line)
        pygame.draw.line(surf, LINK, (x, band.centery), (band.x, band.centery), line)
    surf.blit(img_for(band.w, band.h, not under), band)
    return band


def host_under(sc: Attaching, pos: tuple[int, int], hosts: tuple | list | set) -> int | None:
    """The legal host a drop or click at `pos` means: its strip (a little taller, so a thin
    strip is easy to hit), else the one legal host of the pile whose panel is there."""
    lay = sc.layout
    slack = max(2, int(3 * sc.unit()))
    for rect, a in reversed(sc.targets):
        if a and a[0] == "strip" and a[2] in hosts and rect.inflate(0, slack).collidepoint(pos):
            return a[2]
    if lay is None or sc.view is None:
        return None
    for panel in lay.panels:
        if panel.rect.collidepoint(pos):
            mine = [h for h in sc.view.seats[panel.seat].pile if h in hosts]
            return mine[0] if len(mine) == 1 else None
    return None


def host_in(v: View | None, target: tuple, card: int) -> int | None:
    """The legal host of attachment `card` that a click on a pile target means: the lit
    strip clicked, or the one lit trait of the panel clicked."""
    if v is None:
        return None
    hosts = v.hosts.get(card, ())
    if target[0] == "strip":
        return target[2] if target[2] in hosts else None
    in_pile = [h for h in v.seats[target[1]].pile if h in hosts]
    return in_pile[0] if target[0] == "panel" and len(in_pile) == 1 else None


def play_onto(sc: Attaching, card: int, host: int) -> bool:
    """Play attachment `card` from the hand onto `host`: the play, then the host question
    that follows it answered with `host`. If the table asks something else first, the host
    stays for the player to click (it is lit)."""
    return sc.answer_in_turn([
        (lambda d: True, card),
        (lambda d: d.intent == ATTACH_TO_HOST and host in d.options, host)]) >= 1


def refusal(v: View | None, name: str, card: int) -> str:
    """What a drop or click that names no legal host for attachment `card` (called `name`)
    says: where the card goes."""
    hosts = v.hosts.get(card, ()) if v else ()
    return (f"{name} goes on a lit trait: drop it on one, or click one." if hosts else
            f"{name} has no trait to attach to.")


# ---------------------------------------------------------------- open hands (Age of Metadata)

def open_hand(sc: Attaching, surf: pygame.Surface, seat: int, hand: tuple[int, ...], area: Rect,
              u: float) -> Rect:
    """An opponent's hand while every hand is open (E24): its cards as a row of names (each
    with its colour's symbol) along the foot of their pile area, after "Hand"; two rows
    when one would cut the names short and the pile has the room. Each is a hover away from
    its face and a right-click from its zoom. Returns the pile area left above the rows."""
    from doomlings_desktop.ui.app import MUTED, elide
    from doomlings_desktop.ui.cardart.palette import COLOR_RGB, darken
    from doomlings_desktop.ui.layout import STRIP_MIN_H

    t = sc.app.text
    rh = max(STRIP_MIN_H, int(20 * u))
    gap = max(1, int(3 * u))
    label = t.render("Hand" if hand else "Hand: empty", int(12 * u), MUTED, bold=True)
    x0 = area.x + label.get_width() + int(10 * u)
    per_row = len(hand)
    if hand and (area.right - x0) // len(hand) < int(64 * u) and area.h >= 6 * rh:
        per_row = -(-len(hand) // 2)
    rows = -(-len(hand) // per_row) if hand else 1
    block = Rect(area.x, area.bottom - rows * (rh + gap) + gap, area.w, rows * (rh + gap) - gap)
    pygame.draw.rect(surf, ATTACH_BAND, block.inflate(0, gap), border_radius=int(4 * u))
    surf.blit(label, label.get_rect(midleft=(area.x + int(4 * u), block.y + rh // 2)))
    size = int(12 * u)
    w = min(int(120 * u), (area.right - x0) // max(1, per_row) - gap)
    for i, c in enumerate(hand):
        rr, cc = divmod(i, per_row)
        r = Rect(x0 + cc * (w + gap), block.y + rr * (rh + gap), max(rh, w), rh)
        d = sc.db.cards[c]
        col = d.color if d.color in COLOR_RGB else "colorless"
        pygame.draw.rect(surf, darken(COLOR_RGB[col], 0.35), r, border_radius=int(5 * u))
        b = rh - 2 * gap
        surf.blit(sc.app.art.badge(col, b), (r.x + gap, r.y + gap))
        room = r.w - b - 3 * gap
        if room >= t.font(size, True).size("M…")[0]:
            name = t.render(elide(t, d.name, size, room, True), size, ATTACH_NAME, bold=True)
            surf.blit(name, name.get_rect(midleft=(r.x + b + 2 * gap, r.centery)))
        sc.targets.append((r, ("card", c)))
        sc.open_shown.add(c)
    return Rect(area.x, area.y, area.w, max(0, block.y - gap - area.y - gap))
