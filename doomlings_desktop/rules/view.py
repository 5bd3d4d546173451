"""`view_for(game, seat)`: everything one player may know, and nothing more.

The table draws from a View and bots think from one; neither touches the Game. A View never
holds another player's hand (but in a round of Age of Metadata, E24, when every hand is open),
the order of any deck, cards revealed to someone else, or another player's Meaning of Life card
before the game is over (E4). Attachments are public: each seat's pile says which trait each
of its attachments lies on (E8-E10).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from doomlings_desktop.rules.engine import Decision, Game
from doomlings_desktop.rules.events import events_for
from doomlings_desktop.rules.outcome import Outcome
from doomlings_desktop.rules.sight import Sight


@dataclass(frozen=True)
class SeatView:
    seat: int
    pile: tuple[int, ...]
    hand_size: int
    gene_pool: int
    score: int                       # as this viewer can know it: no bonuses from hidden hands
    colors: tuple[tuple[str, ...], ...]   # each pile card's current colours: all of a
                                          # multi-colour trait's (E5), one after Faith
    worths: tuple = ()               # each pile card's current worth if its value is variable
                                     # (None for a printed value), as this viewer can know it
    attached: tuple[tuple[int, int], ...] = ()   # (attachment, host) for each attachment in
                                     # this pile (E8-E10), in pile order; both cards are in `pile`
    hand: tuple[int, ...] | None = None   # this seat's hand when every hand is open (Age of
                                     # Metadata, E24); None while it is hidden from the viewer


@dataclass(frozen=True)
class View:
    me: int
    n: int
    hand: tuple[int, ...]
    seats: tuple[SeatView, ...]
    deck_size: int
    discard: tuple[int, ...]         # top last
    age: int
    eras: tuple[tuple[int, ...], ...]
    catastrophes: tuple[int, ...]
    age_deck_size: int
    first: int
    current: int
    last_colors: tuple[str, ...]     # of the last trait played (Natural Harmony); () if none
    decision: Decision | None        # only when it is this player's decision
    waiting_for: int | None          # who decides now (None for hidden out-of-turn offers)
    next_age: int | None             # the next age, if this player has seen it
    revealed: tuple[int, ...]        # cards of another hand shown to this player now
    world_end: bool
    over: bool
    winners: tuple[int, ...] = ()    # once over (these and the other fields marked "once
    scores: tuple[int, ...] = ()     # over" are the parts of `outcome`)
    variants: dict = field(default_factory=dict)
    log: tuple[tuple[str, str], ...] = ()   # (kind, text) as this player may read it
    why_not: dict = field(default_factory=dict)   # my hand card -> why it can't be played now
    breakdowns: tuple = ()           # once over: per seat, the (label, points) score lines
    tiebreak: tuple = ()             # once over: (seat, drawn face value) tiebreak draws
    in_turn: bool = False            # a turn is under way (not a round's opening effects)
    we_labels: frozenset = frozenset()   # once over: breakdown labels World's End effects scored
    meaning: int = -1                # my kept Meaning of Life card (E4), -1 for none
    meanings: tuple = ()             # once over: every seat's kept Meaning card (-1: none)
    next_ages: tuple[int, ...] = ()  # the next ages this player has seen, top first (Neural
                                     # Link: two); next_age is the first of them
    hands_open: bool = False         # every hand is open this round (Age of Metadata, E24)
    outcome: Outcome | None = None   # once over: how the game ended (winners..meanings above
                                     # are its parts, for the readers that want one)
    hosts: dict = field(default_factory=dict)     # during my play from hand: each attachment
                                     # I may play -> the traits it may attach to (E8), so a
                                     # table can light them before the card is played
    shown: tuple[int, ...] = ()      # cards the whole table has been shown out of a hidden
                                     # zone (a hand card revealed to all, a tiebreak draw),
                                     # first shown first; each may lie anywhere since


def view_for(g: Game, me: int, with_log: bool = True, with_scores: bool = True) -> View:
    """What `me` may know now. Without `with_scores` the seats' scores (0) and worths (())
    are left out: they are worked out from the rest (the event checker compares only facts,
    at every seat after every answer, and they were most of its time)."""
    d = g.pending
    mine = d if d is not None and d.player == me else None
    waiting = None
    if d is not None and (d.kind != "react" or d.player == me):
        waiting = d.player
    log: tuple[tuple[str, str], ...] = ()   # (kind, text) as this player may read it
    if with_log and g.log:
        log = events_for(g, me)
    sight = Sight(g, me)    # what is hidden from me: the description the bots' worlds use
    hands_open = sight.open_hands
    att = g.attached
    seats = tuple(
        SeatView(q, tuple(pl.pile), len(pl.hand), pl.gp,
                 g.outcome.scores[q] if g.outcome else g.score(q, me) if with_scores else 0,
                 tuple(g.colors_of(q, c) for c in pl.pile),
                 _worths(g, q, None if g.over else me) if with_scores else (),
                 tuple((c, att[c]) for c in pl.pile if c in att) if att else (),
                 tuple(pl.hand) if sight.sees_hand(q) else None)
        for q, pl in enumerate(g.players))
    why: dict = {}
    hosts: dict = {}
    if mine is not None and mine.kind == "play" and mine.zone == "hand":
        for c in g.players[me].hand:
            if c not in mine.options:
                why[c] = g.play_problem(me, c) or "not one of the cards you may play now"
            elif g.db.attach[c] is not None:
                hosts[c] = tuple(g.hosts_for(me, c))
    return View(
        me=me, n=g.n, hand=tuple(g.players[me].hand), seats=seats, deck_size=len(g.deck),
        discard=tuple(g.discard), age=g.age, eras=tuple(tuple(e) for e in g.eras),
        catastrophes=tuple(g.catastrophes), age_deck_size=len(g.age_deck), first=g.first,
        current=g.current, last_colors=g.last_colors, decision=mine, waiting_for=waiting,
        next_age=sight.next_ages[0] if sight.next_ages else None,
        revealed=tuple(g.revealed.get(me, ())), next_ages=sight.next_ages, hands_open=hands_open,
        shown=g.shown_all,
        world_end=g.world_end, over=g.over, variants=dict(g.variants), log=log, why_not=why,
        hosts=hosts, in_turn=g.turn_end >= 0 and not g.world_end and not g.over,
        meaning=g.meaning[me], **_ended(g.outcome))


def _ended(o: Outcome | None) -> dict:
    """The View's fields for the end of a game: all of the Outcome is public (E4: the kept
    Meaning of Life cards too, once the game is over)."""
    if o is None:
        return {}
    return {"outcome": o, "winners": o.winners, "scores": o.scores, "breakdowns": o.breakdowns,
            "tiebreak": o.tiebreak, "we_labels": o.world_end_labels, "meanings": o.meanings}


def _worths(g: Game, q: int, seen_by: int | None) -> tuple:
    variable = g.db.variable
    return tuple(g.worth(q, c, seen_by) if variable[c] else None for c in g.players[q].pile)


def seen_by_all(g: Game, c: int) -> bool:
    """Whether every seat may see card c now, so a screen the whole table sees (a pass screen:
    "Ben answers Reckless") may name it: not in a hand (unless every hand is open, E24), a
    deck, or set aside face down. A card being played lies in limbo in plain sight; a hand
    card whose action Elongated Neck plays stays in its hand, hidden (E28)."""
    if c < 0:
        return False
    sight = Sight(g, -1)
    if g.holder_of(c) >= 0:
        return sight.open_hands
    return c not in g.deck and c not in g.age_deck and c not in sight.hidden_aside


def public_view(g: Game, seat: int) -> View:
    """What every player may know, laid out from `seat`'s chair: no hand, no decision, no
    peeked age, no private log line, and scores without bonuses from hidden hands. A
    pass-and-play table shows this while no human has taken the screen yet (a game just
    loaded, or begun, with a bot to move): whoever sits there may be anyone."""
    v = view_for(g, seat, with_log=False)
    d = g.pending
    seats = tuple(replace(sv, score=g.outcome.scores[sv.seat] if g.outcome else g.score(sv.seat, -1),
                          worths=_worths(g, sv.seat, None if g.over else -1),
                          hand=sv.hand if v.hands_open else None)
                  for sv in v.seats)
    log = events_for(g, -1)
    return replace(v, hand=(), seats=seats, decision=None, next_age=None, next_ages=(),
                   revealed=(), log=log,
                   meaning=g.meaning[seat] if g.over else -1,
                   why_not={}, hosts={}, waiting_for=d.player if d is not None and d.kind != "react"
                   else None)
