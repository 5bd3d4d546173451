"""The smallest text the table draws at rest (issue 26's measure, printed by `doomlings bench
ui` and kept at MIN_TEXT_PX or more at 1280x720 by tests/test_layout_room.py).

"At rest": no card hovered, risen, dragged or zoomed, the pointer parked on the top bar. One
frame is drawn with every cache cleared and `probe` recording every string (its font size in
pixels: the em, as MIN_TEXT_PX counts it), and each string is sorted into what a player reads
where it lies (the interface's text, pile strips, the gene pool cards' values, and the hand's
cards, whose rules text is read where they lie since issue 26) and what is only a mark or is
read elsewhere: the deck, discard and age cards and the prompt's card (drawn small, a hover
away from their preview and a right-click from their zoom), card backs, dial numbers, and the
letters on icons and badges (the rules text says them in words).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from doomlings_desktop.ui import probe

# What a card picture draws that is a mark, not text to read (tests/test_readability.py
# exempts the same).
MARKS = ("back", "gp_body", "gp_dial", "icon", "badge", "sym", "ksym", "star", "compass")


@dataclass(frozen=True)
class Drawn:
    px: int             # the font's size in pixels
    text: str
    what: str           # "interface", "strip", "gene pool", "hand card", ...


def kind_of(record: probe.TextRecord, hand_size: tuple[int, int]) -> str | None:
    """What a recorded string belongs to, or None when it is a mark or read elsewhere."""
    kinds = [w[0] for w in record.within]
    if not kinds:
        return "interface"
    if any(k in MARKS for k in kinds):
        return None
    if kinds[0] == "face":
        w, h = record.within[0][2:4]
        return "hand card" if (w, h) == hand_size else None
    if kinds[0] == "strip":
        return "pile strip"
    if kinds[0] in ("gp_card", "gp_digit") or "gp_digit" in kinds:
        return "gene pool"
    return kinds[0]


def park(app: Any) -> None:
    """The pointer on the top bar's left end, where nothing rises or previews."""
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0),
                                  buttons=(0, 0, 0))])


def drawn_at_rest(app: Any) -> list[Drawn]:
    """Every string a player reads where it lies in one frame of the app's table scene."""
    sc = app.scene
    park(app)
    probe.fresh(app)
    with probe.recording() as got:
        app.frame([])
    lay = sc.layout
    out = []
    for r in got:
        what = kind_of(r, (lay.card_w, lay.card_h))
        if what is not None:
            out.append(Drawn(r.px, r.text, what))
    return out


def smallest(app: Any) -> Drawn | None:
    """The smallest string of `drawn_at_rest` (the first drawn among equals)."""
    got = drawn_at_rest(app)
    return min(got, key=lambda d: d.px) if got else None


def fill_hand(sc: Any, count: int) -> None:
    """Deal the viewer's hand up to `count` cards from the deck (a bench or test position:
    the most cards a hand holds in ordinary play is about 8)."""
    g = sc.game
    hand = g.players[sc.viewer].hand
    while len(hand) < count and g.deck:
        hand.append(g.deck.pop())
    sc._view_key = ()
