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
    ZEra,
    ZLaid,
    ZMoved,
)
from doomlings_desktop.rules.decisions import Decision
from doomlings_desktop.rules.events import EraClosed, Laid, Moved, events_for, zone_events_for
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


def wire_zone(e: Any) -> ZMoved | ZLaid | ZEra | None:
    """A zone event's wire form; None for an entry of the stream this seat may not know and
    for the other facts (gene pools, turns, decisions...), which reach a remote seat through
    its view: the i-th entry stays the stream's i-th, so a seat resumes from an index."""
    t = type(e)
    if t is Moved:
        return ZMoved(e.card, e.src, e.p, e.dst, e.q, e.bottom)
    if t is Laid:
        return ZLaid(e.zone, e.seat, tuple(e.cards))
    if t is EraClosed:
        return ZEra(e.card)
    return None


class _Unsent:
    """An entry of the stream a remote seat was not sent (its place kept, so the i-th entry
    stays the stream's i-th): nothing of it reaches the seat."""

    __slots__ = ()

    def for_seat(self, seat: int) -> None:
        return None


UNSENT = _Unsent()


def zone_from_wire(z: ZMoved | ZLaid | ZEra | None) -> Any:
    """A received zone event as the table reads one (rules/events.py's, as
    `zone_events_for` gives it): already this seat's share, so whoever sees it is this seat
    (`seen` None: the card, if named, is the seat's to know); an entry not sent is UNSENT."""
    t = type(z)
    if t is ZMoved:
        return Moved(z.card, z.src, z.p, z.dst, z.q, z.bottom, None)     # type: ignore[union-attr]
    if t is ZLaid:
        return Laid(z.zone, z.seat, tuple(z.cards), None)      # type: ignore[union-attr]
    if t is ZEra:
        return EraClosed(z.card)      # type: ignore[union-attr]
    return UNSENT


def update_for(g: Any, seat: int, log_at: int, zones_at: int,
               connected: tuple[bool, ...] = (), stand_ins: tuple[int, ...] = (),
               game: int = 0, rematch: tuple[int, ...] = ()) -> Update:
    """What `seat` is sent now: its view and decision, and the log lines and zone events from
    `log_at` and `zones_at` on (what it already has is not sent again)."""
    v = view_for(g, seat, with_log=False)
    log_at = max(0, min(log_at, len(g.log or ())))
    zones_at = max(0, min(zones_at, len(g.moves or ())))
    return Update(step=len(g.answers), game=game, rematch=rematch, log_at=log_at, events=events_for(g, seat, log_at),
                  zones_at=zones_at,
                  zones=tuple(wire_zone(e) for e in zone_events_for(g, seat, zones_at, places=True)),
                  view=wire_view(v), decision=wire_decision(v.decision), connected=connected,
                  stand_ins=stand_ins)


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
