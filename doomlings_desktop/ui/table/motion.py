"""Moves are animated from the event stream: every card drawn, played, attached, discarded,
stolen, swapped or given travels from where it was to where it goes.

The table never diffs two states to guess what moved (a card another seat drew, or one that
went from a hand to the discard pile, leaves no trace a diff could see). It reads the viewing
seat's share of the typed events (`rules.events.zone_events_for`, the one door for what a
seat may know) since the last frame, and turns each `Moved` into a `Trip`: the card if the
viewer may know it, else None, and a card back travels (`plan`); a hand swapped or passed
(`Laid`, which names the holder and the giver) travels card by card from the giver's hand,
and the discard pile shuffled into the deck as one back. `Motion` times the trips in
the order they happened (a short stagger when several arrive at once, a card played from a
hand waiting in the middle of the table until it goes on to its pile) and draws each one
eased from the rectangle where it was to the one where it goes, both taken from the table's
layout and the panels' own card places (never geometry of its own). A card on its way is not
drawn at its destination until it lands. A `GenePool` event turns that seat's gene pool card
once the card before it has landed, and each score counts up to its new value once the
moves have landed. The pace (play/pace.py) sets every duration; at "instant" nothing moves.

Who may see a card is decided by the events alone: a trip's card is None whenever the
viewer's event has it hidden, and a None card is drawn as a back (tests/test_motion.py plays
random games and checks every face drawn in flight against the full event's audience).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame
from pygame import Rect

from doomlings_desktop.play.pace import Timing, timing
from doomlings_desktop.rules.events import GenePool, Laid, Moved, zone_events_for

SHARED = {"deck": "deck", "discard": "discard", "age_deck": "age", "era": "age"}
AGE_ZONES = ("age_deck", "era")       # their cards travel as age backs when hidden


@dataclass(frozen=True)
class Trip:
    """One card's move as the viewer may know it: `card` None when hidden from it. `at` is the
    event's index in the game's stream (the test compares it with the full event)."""

    card: int | None
    src: str
    p: int
    dst: str
    q: int
    at: int = -1


@dataclass(frozen=True)
class Dial:
    """Seat `seat`'s gene pool card turns to `gp`."""

    seat: int
    gp: int


def plan(events: tuple, start: int = 0) -> list[Trip | Dial]:
    """The steps a batch of the viewer's events makes, in order. `events` come with their
    places (`zone_events_for(..., places=True)`: None for one the viewer may not know), so a
    trip's `at` is its index in the stream from `start`."""
    out: list[Trip | Dial] = []
    last = None
    for i, e in enumerate(events):
        t = type(e)
        if t is Moved:
            out.append(Trip(e.card, e.src, e.p, e.dst, e.q, start + i))
        elif t is GenePool and e.cause >= 0:
            out.append(Dial(e.seat, e.gp))
        elif t is Laid:
            out += _laid(e, last, start + i)
        last = e
    return out


def _laid(e: Laid, before: Any, at: int) -> list[Trip]:
    """A zone laid out whole that is a move: a hand swapped or passed (its event says who may
    know it, the holder and the one who gave it: the hand travels from the giver's hand,
    face up only to those two), or the discard pile shuffled into the deck (a back)."""
    if e.zone == "hand" and e.seen is not None and len(e.seen) == 2:
        giver = e.seen[0] if e.seen[1] == e.seat else e.seen[1]
        return [Trip(c, "hand", giver, "hand", e.seat, at) for c in e.cards]
    if e.zone == "discard" and not e.cards and type(before) is Laid \
            and before.zone == "deck":
        return [Trip(None, "discard", -1, "deck", -1, at)]
    return []


class Flight:
    """A trip on screen: where it starts (`src`: a rectangle fixed when it was planned, or
    None to take its zone's), where it lands (a card's place, `dst_key`, looked up each frame
    so it lands where the panels put the card), and when."""

    __slots__ = ("trip", "src", "dst_key", "start", "seconds", "rect")

    def __init__(self, trip: Trip, src: Rect | None, dst_key: tuple | None, start: float,
                 seconds: float) -> None:
        self.trip = trip
        self.src = src
        self.dst_key = dst_key
        self.start = start
        self.seconds = seconds
        self.rect: Rect | None = None      # where it was drawn last

    @property
    def lands(self) -> float:
        return self.start + self.seconds


def place_key(zone: str, seat: int, card: int | None, viewer: int) -> tuple | None:
    """The key under which the panels record where they put a card (`Motion.places`): the
    viewer's hand cards, every pile's strips and the discard pile's top. None: a zone with no
    card places (a deck, another seat's closed hand), or a hidden card."""
    if card is None:
        return None
    if zone == "hand" and seat == viewer:
        return ("hand", seat, card)
    if zone == "pile":
        return ("pile", seat, card)
    if zone == "discard":
        return ("discard", -1, card)
    return None


def zone_rect(lay: Any, zone: str, seat: int, viewer: int) -> Rect:
    """Where a zone lies on the table, by the layout (the rectangle a card with no place of
    its own travels from or to): the decks, the discard pile and the age card in the middle;
    a card played waits beside them; another seat's hand is its panel's header (where its
    hand size is written), its pile its panel's pile area."""
    name = SHARED.get(zone)
    if name is not None:
        return Rect(getattr(lay, name))
    card = Rect(0, 0, lay.deck.w, lay.deck.h)
    if zone == "hand" and seat == viewer:
        card.size = (lay.card_w, lay.card_h)
        card.center = lay.hand.center
    elif zone in ("hand", "pile") and any(p.seat == seat for p in lay.panels):
        panel = lay.panel_of(seat)
        area = panel.header if zone == "hand" else panel.pile
        card.size = (int(panel.gene_pool.w * 0.8), int(panel.gene_pool.h * 0.8))
        card.center = area.center
    else:            # limbo and any other: a card in play waits right of the age card
        card.topleft = (lay.prompt.x, lay.deck.y)
    return card


def card_shape(r: Rect, floor: int) -> Rect:
    """A card-shaped rectangle where `r` is: itself for a card, and for a pile strip (wide and
    low) a small card over its left end, so a card never travels stretched."""
    if r.w <= r.h:
        return Rect(r)
    h = max(floor, r.h)
    out = Rect(0, 0, int(h * 0.72), h)
    out.midleft = (r.x, r.centery)
    return out


def ease(k: float) -> float:
    """Quick to leave, gentle to land (cubic ease-out)."""
    k = min(1.0, max(0.0, k))
    return 1 - (1 - k) ** 3


class Motion:
    """The viewer's moves in flight, and how far into the game's events it has read. The
    scene calls `pull` after each answer (update) and `draw` after the panels; the panels ask
    `hides(key)` before drawing a card that is still on its way, and `score` for the number
    to show."""

    def __init__(self, scene: Any) -> None:
        self.sc = scene
        self.flights: list[Flight] = []
        self.read = 0                 # events of the stream read so far
        self.stream: Any = None       # the list they were read from (undo makes a new one)
        self.seat: int | None = None
        self.free = 0.0               # when the next trip may start (trips go in order)
        self.settle = 0.0             # when the last trip lands: scores count from then
        self.places: dict[tuple, Rect] = {}   # where the last frame put each card
        self.counts: dict[int, tuple[int, int, float]] = {}   # seat: from, to, start
        self.drawn: list[Flight] = []   # the flights the last frame drew (tests read it)
        self.landing: set = set()     # the places of the cards on their way, at time
        self.landing_at = -1.0        # `landing_at` (hides() asks for every card)

    # ------------------------------------------------------------------ time

    def pace(self) -> Timing:
        return timing(self.sc.app.settings)

    def reset(self) -> None:
        """Cards take their places at once (another seat at the screen, undo, a resized
        window): nothing in flight, scores and dials at rest, the events read so far kept."""
        self.flights.clear()
        self.counts.clear()
        self.sc.dials.reset()
        self.sc.slides.reset()
        self.places.clear()
        self.free = self.settle = 0.0

    def pull(self) -> None:
        """Read the viewer's new events and plan their trips (the scene's update, after any
        answer). A stream it has not followed (a new game, undo, another seat's eyes, a pass
        screen, instant pace) is read quietly: what is on the table is simply there."""
        sc = self.sc
        g = sc.game
        moves = g.moves
        n = len(moves or ())
        seat = sc.viewer if sc.private else -1
        followed = moves is self.stream and seat == self.seat and self.read <= n
        since, self.read, self.stream, self.seat = self.read, n, moves, seat
        if not followed or since == n:
            if not followed:
                self.reset()
            return
        pace = self.pace()
        if sc.pass_needed or sc.layout is None or pace.travel <= 0:
            self.reset()
            return
        steps = plan(zone_events_for(g, seat, since, places=True), since)
        self._schedule(steps, pace, sc.time)

    def _schedule(self, steps: list, pace: Timing, now: float) -> None:
        """Time the steps in order: each trip a stagger after the one before (closer when many
        come at once), a trip out of limbo once the card into it has landed, a dial turning
        once the card before it has landed."""
        trips = sum(1 for s in steps if type(s) is Trip)
        gap = pace.stagger
        if trips > 1:
            gap = min(gap, max(0.0, (pace.batch - pace.travel) / (trips - 1)))
        t = max(now, self.free)
        landed = now          # when the latest trip planned so far lands
        into_limbo = now
        for s in steps:
            if type(s) is Dial:
                self.sc.dials.aim(s.seat, s.gp, landed)
                continue
            if s.src == "limbo":
                t = max(t, into_limbo)
            f = self._flight(s, t, pace.travel)
            self.flights.append(f)
            landed = max(landed, f.lands)
            if s.dst == "limbo":
                into_limbo = f.lands
            t += gap
        self.free = t
        self.settle = max(self.settle, landed)
        self.landing_at = -1.0        # new places on the way: gathered again

    def _flight(self, trip: Trip, start: float, seconds: float) -> Flight:
        """A trip from where the last frame drew its card (a hand card, a pile strip, the
        discard pile's top), else from its zone; to its card's place, else its zone."""
        viewer = self.seat if self.seat is not None else -1
        key = place_key(trip.src, trip.p, trip.card, viewer)
        src = self.places.get(key) if key is not None else None
        return Flight(trip, src, place_key(trip.dst, trip.q, trip.card, viewer), start,
                      seconds)

    @property
    def busy(self) -> bool:
        """A card is still on its way (the bots wait for it to land)."""
        now = self.sc.time
        return any(now < f.lands for f in self.flights)

    def counting(self) -> bool:
        """A score is still counting to its new value."""
        now = self.sc.time
        seconds = self.pace().count
        return any(a != b and now < start + seconds for a, b, start in self.counts.values())

    def hides(self, key: tuple) -> bool:
        """The card at place `key` is still on its way there: the panel leaves its place
        empty (the flight draws it). Asked for every card drawn, so the places are gathered
        once a frame (`draw` brings them up to date for the next)."""
        if self.flights and self.landing_at != self.sc.time:
            self.landing_at = self.sc.time
            self.landing = {f.dst_key for f in self.flights if self.sc.time < f.lands}
        return bool(self.flights) and key in self.landing

    def score(self, seat: int, value: int) -> int:
        """The score to show for `seat`: counting from the one shown to `value` once the moves
        have landed; at once when no move was seen (a new seat at the screen, undo)."""
        c = self.counts.get(seat)
        if c is not None and c[0] == c[1] == value:      # at rest: most frames, most seats
            return value
        now = self.sc.time
        seconds = self.pace().count
        if c is None or seconds <= 0 or c[1] != value and self.settle <= 0:
            self.counts[seat] = (value, value, now)
            return value
        a, b, start = c
        if b != value:
            shown = self._count_at(a, b, start, now, seconds)
            self.counts[seat] = c = (shown, value, max(now, self.settle))
            a, b, start = c
        return self._count_at(a, b, start, now, seconds)

    @staticmethod
    def _count_at(a: int, b: int, start: float, now: float, seconds: float) -> int:
        return round(a + (b - a) * ease((now - start) / seconds))

    # ------------------------------------------------------------------ drawing

    def draw(self, surf: pygame.Surface, lay: Any) -> None:
        """The cards on their way, over the panels; then note where this frame put each card
        (the next trips start from there)."""
        self._note_places()
        now = self.sc.time
        self.flights = [f for f in self.flights if now < f.lands]
        self.drawn = [f for f in self.flights if now >= f.start]
        for f in self.drawn:
            self._draw_flight(surf, lay, f, now)

    def _note_places(self) -> None:
        places = {}
        viewer = self.seat if self.seat is not None else -1
        for r, k in self.sc.targets:
            if k[0] == "hand":
                places[("hand", viewer, k[1])] = r
            elif k[0] == "strip":
                places[("pile", k[1], k[2])] = r
            elif k[0] == "card" and r == self.sc.layout.discard:
                places[("discard", -1, k[1])] = r
        self.places = places

    def ends(self, lay: Any, f: Flight) -> tuple[Rect, Rect]:
        """Where flight `f` starts and where it lands, now: the card's last place before it
        left (else its zone's), and the place the panels gave it this frame (else its
        zone's)."""
        t = f.trip
        viewer = self.seat if self.seat is not None else -1
        dst = self.places.get(f.dst_key) if f.dst_key is not None else None
        return (f.src or zone_rect(lay, t.src, t.p, viewer),
                dst or zone_rect(lay, t.dst, t.q, viewer))

    def _draw_flight(self, surf: pygame.Surface, lay: Any, f: Flight, now: float) -> None:
        t = f.trip
        floor = max(12, int(lay.card_h * 0.3))
        a, b = (card_shape(r, floor) for r in self.ends(lay, f))
        k = ease((now - f.start) / f.seconds)
        h = max(8, round(a.h + (b.h - a.h) * k))
        r = Rect(0, 0, max(6, round(h * 0.72)), h)
        r.center = (round(a.centerx + (b.centerx - a.centerx) * k),
                    round(a.centery + (b.centery - a.centery) * k))
        art = self.sc.app.art
        if t.card is None:
            kind = "age" if t.src in AGE_ZONES or t.dst in AGE_ZONES else "trait"
            img = art.back(kind, lay.card_w, lay.card_h)
        else:       # at the larger end's size, or a face of it already drawn bigger
            big = a if a.h >= b.h else b
            img = art.face_near(t.card, big.w, big.h)
        if img.get_size() != r.size:
            img = pygame.transform.smoothscale(img, r.size)
        surf.blit(img, r)
        f.rect = r
