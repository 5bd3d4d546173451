"""A seat's view, decision and events in their wire form, and back.

The server builds every message a seat receives here, from `view_for(game, seat)`,
`events_for(game, seat, since)` and `zone_events_for(game, seat, since)` and nothing else: no
field of the Game is read directly, so what a seat may know stays decided in one place (rules/
view.py, rules/events.py). Zone events lose their audience (`seen`), which the seat does not
need. The client turns the wire form back into a `View` whose decision is a `Decision`, so the
same bots and (later) the same table read it.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from doomlings_desktop.net.protocol import (
    Update,
    WireDecision,
    WireOutcome,
    WireSeat,
    WireView,
    ZAge,
    ZAsked,
    ZEra,
    ZFact,
    ZLaid,
    ZMoved,
    ZoneEvent,
    ZPlayed,
    ZPool,
    ZSkipped,
    ZStabilized,
    ZTable,
    ZTurn,
    ZWorldEffect,
    ZWorldEnd,
)
from doomlings_desktop.rules.decisions import Decision
from doomlings_desktop.rules.events import (
    AgeBegun,
    Asked,
    EraClosed,
    Fact,
    GenePool,
    Laid,
    Moved,
    Played,
    Stabilized,
    TableSet,
    TurnBegun,
    TurnSkipped,
    WorldEndBegun,
    WorldEndEffect,
    events_for,
    zone_events_for,
)
from doomlings_desktop.rules.outcome import Outcome
from doomlings_desktop.rules.view import SeatView, View, view_for

VIEW_FIELDS_APART = ("decision", "log")    # View fields that travel beside the WireView


def wire_decision(d: Decision | None) -> WireDecision | None:
    if d is None:
        return None
    return WireDecision(d.player, d.kind, d.intent, list(d.options), d.prompt, d.card,
                        d.subject, d.zone, tuple(d.sources) if d.sources is not None else None,
                        d.count)


def _outcome(o: Outcome | None) -> WireOutcome | None:
    if o is None:
        return None
    return WireOutcome(o.winners, o.scores, o.breakdowns, o.tiebreak, o.world_end_labels,
                       o.final_catastrophe, o.meanings)


def wire_view(v: View) -> WireView:
    kw: dict[str, Any] = {f.name: getattr(v, f.name) for f in fields(View)
                          if f.name not in VIEW_FIELDS_APART}
    kw["seats"] = tuple(WireSeat(s.seat, s.pile, s.hand_size, s.gene_pool, s.score, s.colors,
                                 s.worths, s.attached, s.hand) for s in v.seats)
    kw["outcome"] = _outcome(v.outcome)
    return WireView(**kw)


# the public facts that travel (the stage and "since your last turn" read them), each as
# (its wire form, the fields it carries); the others (turn ended, attachments, recolours,
# private looks...) reach a remote seat through its view
_FACTS: dict[type, tuple[type, tuple[str, ...]]] = {
    GenePool: (ZPool, ("seat", "gp", "cause")),
    AgeBegun: (ZAge, ("age", "hands_open")),
    TurnBegun: (ZTurn, ("seat",)),
    TurnSkipped: (ZSkipped, ("seat",)),
    Stabilized: (ZStabilized, ("seat",)),
    Played: (ZPlayed, ("seat", "card", "out_of_turn")),
    WorldEndBegun: (ZWorldEnd, ()),
    WorldEndEffect: (ZWorldEffect, ("seat", "card")),
}
_BACK: dict[type, tuple[type, tuple[str, ...]]] = {w: (f, names)
                                                   for f, (w, names) in _FACTS.items()}


def wire_zone(e: Any) -> ZoneEvent | None:
    """An event of the seat's share of the stream (`zone_events_for`), in its wire form; None
    for an entry this seat may not know (the i-th entry stays the stream's i-th, so a seat
    resumes from an index). The facts the stage reads travel whole; the others by their kind
    alone (what they hold reaches the seat through its view)."""
    t = type(e)
    if t is Moved:
        return ZMoved(e.card, e.src, e.p, e.dst, e.q, e.bottom)
    if t is Laid:
        return ZLaid(e.zone, e.seat, tuple(e.cards))
    if t is EraClosed:
        return ZEra(e.card)
    if t is TableSet:
        return ZTable(e.n, dict(e.variants or {}), tuple(e.last_colors or ()))
    if t is Asked:      # as this seat may know it: its own decision, or whom the game waits for
        return ZAsked(e.seat, e.decision is not None)
    fact = _FACTS.get(t)
    if fact is None:
        return None if e is None else ZFact(str(getattr(e, "kind", ""))[:20])
    return fact[0](*(getattr(e, f) for f in fact[1]))


class OtherFact(Fact):
    """A fact of the seat's share sent by its kind alone (ZFact): it holds nothing, but the
    story reads that something came between two events, as a local seat's does."""

    __slots__ = ("kind",)

    def __init__(self, kind: str) -> None:
        self.kind = kind    # type: ignore[misc]


class _Unsent:
    """An entry of the stream a remote seat was not sent (its place kept, so the i-th entry
    stays the stream's i-th): nothing of it reaches the seat."""

    __slots__ = ()

    def for_seat(self, seat: int) -> None:
        return None


UNSENT = _Unsent()


class _Own:
    """The decision of an Asked of the seat's own: the decision itself travels as the
    Update's `decision`; the story only needs to know there was one."""

    kind = "own"


OWN = _Own()


def zone_from_wire(z: ZoneEvent | None, cards: int = 1 << 20, seats: int = 6) -> Any:
    """A received zone event as the table reads one (rules/events.py's, as
    `zone_events_for` gives it): already this seat's share, so whoever sees it is this seat
    (`seen` None: the card, if named, is the seat's to know); an entry not sent is UNSENT, and
    so is one naming a card or seat that does not exist (`cards`, `seats`: hostile input)."""
    if z is None or not _sane(z, cards, seats):
        return UNSENT
    t = type(z)
    if t is ZMoved:
        return Moved(z.card, z.src, z.p, z.dst, z.q, z.bottom, None)     # type: ignore[union-attr]
    if t is ZLaid:
        return Laid(z.zone, z.seat, tuple(z.cards), None)      # type: ignore[union-attr]
    if t is ZEra:
        return EraClosed(z.card)      # type: ignore[union-attr]
    if t is ZTable:
        return TableSet(z.n, dict(z.variants), tuple(z.last_colors))   # type: ignore[union-attr]
    if t is ZAsked:
        return Asked(z.seat, OWN if z.own else None)    # type: ignore[union-attr]
    if t is ZFact:
        return OtherFact(z.kind)    # type: ignore[union-attr]
    fact, names = _BACK[t]
    return fact(*(getattr(z, f) for f in names))


def _sane(z: Any, cards: int, seats: int) -> bool:
    """Every card of the event a card of the database (or None/-1: none), every seat one of
    the table's (or -1: none or shared)."""
    for f in ("card", "age", "cause"):
        c = getattr(z, f, None)
        if c is not None and not -1 <= c < cards:
            return False
    for f in ("seat", "p", "q"):
        q = getattr(z, f, None)
        if q is not None and not -1 <= q < seats:
            return False
    return all(c is None or 0 <= c < cards for c in getattr(z, "cards", ()))


def update_for(g: Any, seat: int, log_at: int, zones_at: int,
               connected: tuple[bool, ...] = (), stand_ins: tuple[int, ...] = (),
               game: int = 0, rematch: tuple[int, ...] = (), undo: bool = False,
               unseen: Any = None) -> Update:
    """What `seat` is sent now: its view and decision, and the log lines and zone events from
    `log_at` and `zones_at` (an index into `Game.moves`) on (what it already has is not sent
    again). With `unseen` (net/offers.py's `Unseen`: a room's bots' out-of-turn offers), the
    step and the zone places are the seat's own: those entries and answers are not counted,
    so nothing sent tells that a bot was offered a card."""
    v = view_for(g, seat, with_log=False)
    log_at = max(0, min(log_at, len(g.log or ())))
    zones_at = max(0, min(zones_at, len(g.moves or ())))
    zones = tuple(wire_zone(e) for e in zone_events_for(g, seat, zones_at, places=True))
    step, place = len(g.answers), zones_at
    if unseen is not None:
        zones = unseen.kept(g, zones_at, zones)
        step, place = unseen.step(g), unseen.place(g, zones_at)
    return Update(step=step, game=game, rematch=rematch, log_at=log_at,
                  events=events_for(g, seat, log_at), zones_at=place, zones=zones,
                  view=wire_view(v), decision=wire_decision(v.decision), connected=connected,
                  stand_ins=stand_ins, undo=undo)


# -- back, on the client

def decision_from_wire(w: WireDecision | None) -> Decision | None:
    if w is None:
        return None
    d = Decision(w.player, w.kind, w.intent, list(w.options), w.prompt,  # type: ignore[arg-type]
                 w.card, w.subject, w.zone, w.sources)                   # type: ignore[arg-type]
    d.count = w.count
    return d


def view_from_wire(w: WireView, decision: WireDecision | None,
                   log: tuple[tuple[str, str], ...] = ()) -> View:
    kw: dict[str, Any] = {f: getattr(w, f) for f in w.__struct_fields__}
    kw["seats"] = tuple(SeatView(s.seat, s.pile, s.hand_size, s.gene_pool, s.score, s.colors,
                                 s.worths, s.attached, s.hand) for s in w.seats)
    o = w.outcome
    kw["outcome"] = None if o is None else Outcome(
        o.winners, o.scores, o.breakdowns, o.tiebreak, o.world_end_labels, o.final_catastrophe,
        o.meanings)
    kw["variants"] = dict(w.variants)
    kw["why_not"] = dict(w.why_not)
    kw["hosts"] = dict(w.hosts)
    return View(decision=decision_from_wire(decision), log=log, **kw)
