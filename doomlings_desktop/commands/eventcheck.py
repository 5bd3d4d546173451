"""`doomlings fuzz --events`: a seat's picture of the game rebuilt from its events alone.

Issue "Every change is an event": starting from the public set-up (the first events of a
game, `State.lay_out_recorded`) and applying one seat's events (`zone_events_for`: hidden cards
and private parts read as None, events it may not know left out) must give every fact of that
seat's `view_for(game, seat)` after every decision. Random games over 2-6 seats (with the
fuzz's variant sets and --modules) check it for every seat after every answer.

Rebuilt and compared (the facts): its own hand (in order), every pile (in order) and hand
size, every hand while all are open (Age of Metadata, E24) and `hands_open`, the discard pile
(in order), the deck's and the age deck's sizes, the eras and the catastrophes; gene pools,
each pile card's colours (from the colours given, `Recolored`, and the attachments' host
colour, E12) and attachments with their hosts; the age, the first and the current player,
whether a turn is under way, the last trait played's colours; its decision, whom the game
waits for (nobody for a hidden out-of-turn offer); the next ages it has seen, the cards
revealed to it, the cards shown to all; its Meaning of Life card; World's End, the end, and
the `Outcome` with all its parts; the variants.

Derived, not compared (worked out from the facts by the rules, not told by events): scores
during play and variable worths (`Game.score`/`worth` read the piles, hands and colours as the
seat knows them), `why_not` and `hosts` (legality of the seat's own hand now), and the text
log (its lines, entries of the same stream, rendered for the seat by `events_for`).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from doomlings_desktop.rules.cards import Database
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.events import (
    PUBLIC_ZONES,
    AgeBegun,
    Asked,
    Attached,
    Detached,
    EraClosed,
    FirstPlayer,
    GameOver,
    GenePool,
    Laid,
    MeaningKept,
    Moved,
    Peeked,
    Played,
    Recolored,
    RevealedTo,
    RoundEnded,
    Shown,
    TableSet,
    Told,
    TurnBegun,
    TurnEnded,
    WorldEndBegun,
    zone_events_for,
)
from doomlings_desktop.rules.view import View, view_for

MAX_STEPS = 3000

# Events that tell a seat something it keeps no trace of here: what follows them says it
# (the moves of a stabilize, the effects of World's End), or nothing in a View shows it;
# and so does every line of the log that is a fact (`Told`: a steal, a turn passed...).
_NARRATION = frozenset(("turn_skipped", "stabilized", "passed", "world_end_effect",
                        "meaning_shown"))


class PictureBroken(AssertionError):
    """A seat's rebuilt picture disagrees with its view: says which seat, where and what."""


class Picture:
    """One seat's game as its events tell them. Its own hand, the piles, the discard pile
    and the eras hold card ids; the zones hidden from it (another hand, the decks, limbo) hold
    None for each card, even one it saw going in: once a card it cannot see leaves such a zone,
    it could not tell which one did, so it keeps only the count the View shows. Every hand
    holds card ids while all hands are open (E24)."""

    def __init__(self, n: int, me: int, db: Database | None = None) -> None:
        self.me = me
        self.db = db
        self.hands: list[list] = [[] for _ in range(n)]
        self.piles: list[list] = [[] for _ in range(n)]
        self.shared: dict[str, list] = {"deck": [], "discard": [], "limbo": [], "age_deck": []}
        self.eras: list[list] = [[]]
        self.catastrophes: list = []
        self.gp = [0] * n
        self.recolor: list[dict] = [{} for _ in range(n)]
        self.attached: dict[int, int] = {}     # attachment -> host
        self.hosted: dict[int, int] = {}       # host -> attachment
        self.variants: dict = {}
        self.age = -1
        self.hands_open = False
        self.first = 0
        self.current = 0
        self.turn_live = False
        self.last_colors: tuple = ()
        self.decision: Any = None
        self.waiting_for: int | None = None
        self.next_ages: tuple = ()
        self.revealed: tuple = ()
        self.shown: tuple = ()
        self.meaning = -1
        self.world_end = False
        self.over = False
        self.outcome: Any = None

    def zone(self, z: str, seat: int) -> list:
        if z == "hand":
            return self.hands[seat]
        if z == "pile":
            return self.piles[seat]
        if z == "era":
            return self.eras[-1]
        return self.shared[z]

    def open(self, z: str, seat: int) -> bool:
        """Whether this seat knows each card of the zone (else it keeps the count)."""
        return z in PUBLIC_ZONES or z == "hand" and (seat == self.me or self.hands_open)

    def apply(self, e: object) -> None:
        t = type(e)
        if t is Moved:
            self._moved(e)  # type: ignore[arg-type]
        elif t is Laid:
            self._laid(e)  # type: ignore[arg-type]
        elif t is EraClosed:
            self.catastrophes.append(e.card)  # type: ignore[attr-defined]
            self.eras.append([])
        else:
            fn = _FACTS.get(t)  # type: ignore[arg-type]
            if fn is not None:
                fn(self, e)
            elif getattr(e, "kind", None) not in _NARRATION and not isinstance(e, Told):
                raise PictureBroken(f"an event of no known kind: {e!r}")

    def _moved(self, e: Moved) -> None:
        _take(self.zone(e.src, e.p), e.card if self.open(e.src, e.p) else None, e)
        if e.src == "pile":         # a colour given to a pile card stays with the pile
            self.recolor[e.p].pop(e.card, None)
        card = e.card if self.open(e.dst, e.q) else None
        if card is None and self.open(e.dst, e.q):
            raise PictureBroken(f"{e!r} puts a card it does not name into an open zone")
        dst = self.zone(e.dst, e.q)
        dst.insert(0, card) if e.bottom else dst.append(card)

    def _laid(self, e: Laid) -> None:
        if e.zone == "catastrophes":
            self.catastrophes = list(e.cards)
        else:
            # an open zone laid out face down (Badlands' shuffled discard pile) holds None
            # until it is laid out face up again: the comparison after the answer sees it
            cards = e.cards if self.open(e.zone, e.seat) else (None,) * len(e.cards)
            self.zone(e.zone, e.seat)[:] = cards

    def _age(self, e: AgeBegun) -> None:
        self.age = e.age
        self._open_hands(e.hands_open)

    def _open_hands(self, opens: bool) -> None:
        """Hands laid out face up follow an opening rule; closing them forgets the cards."""
        if self.hands_open and not opens:
            for q, hand in enumerate(self.hands):
                if q != self.me:
                    hand[:] = [None] * len(hand)
        self.hands_open = opens

    def _over(self, e: GameOver) -> None:
        self.over = self.world_end = True
        self.outcome = e.outcome
        self.decision = self.waiting_for = None
        self._open_hands(False)

    def _asked(self, e: Asked) -> None:
        self.decision = e.decision
        self.waiting_for = e.seat if e.seat >= 0 else None

    def _attached(self, e: Attached) -> None:
        self.attached[e.card] = e.host
        self.hosted[e.host] = e.card

    def _detached(self, e: Detached) -> None:
        self.attached.pop(e.card, None)
        self.hosted.pop(e.host, None)

    def colors_of(self, q: int, c: int) -> tuple:
        """c's colours in q's pile as this picture knows them: a colour given to it, else
        its host colour (E12), else its own (`Game.colors_of`'s rule, read from the facts)."""
        given = self.recolor[q].get(c)
        if given is not None:
            return (given,)
        db = self.db
        assert db is not None
        a = self.hosted.get(c, -1)
        if a >= 0 and db.host_color[a]:
            return (db.host_color[a],)
        return db.colors[c]


def _set_table(pic: Picture, e: TableSet) -> None:
    pic.variants = dict(e.variants)
    pic.last_colors = e.last_colors


def _played(pic: Picture, e: Played) -> None:
    assert pic.db is not None
    pic.last_colors = pic.db.colors[e.card]


def _own(pic: Picture, e: Any, name: str, value: Any) -> None:
    if e.seat == pic.me:
        setattr(pic, name, value)


_FACTS: dict[type, Any] = {
    TableSet: _set_table,
    GenePool: lambda pic, e: pic.gp.__setitem__(e.seat, e.gp),
    AgeBegun: Picture._age,
    FirstPlayer: lambda pic, e: setattr(pic, "first", e.seat),
    TurnBegun: lambda pic, e: (setattr(pic, "current", e.seat), setattr(pic, "turn_live", True)),
    TurnEnded: lambda pic, e: setattr(pic, "turn_live", False),
    RoundEnded: lambda pic, e: setattr(pic, "last_colors", ()),
    Attached: Picture._attached,
    Detached: Picture._detached,
    Recolored: lambda pic, e: pic.recolor.__setitem__(e.seat, dict(e.colors)),
    Played: _played,
    Peeked: lambda pic, e: _own(pic, e, "next_ages", e.ages),
    RevealedTo: lambda pic, e: _own(pic, e, "revealed", e.cards),
    MeaningKept: lambda pic, e: _own(pic, e, "meaning", e.card),
    Shown: lambda pic, e: setattr(pic, "shown", pic.shown + (e.card,)),
    Asked: Picture._asked,
    WorldEndBegun: lambda pic, e: setattr(pic, "world_end", True),
    GameOver: Picture._over,
}


def _take(zone: list, card: int | None, e: Moved) -> None:
    """Take `card` out of a zone this seat sees into, or one card it cannot name (None) out of
    a hidden zone or one laid face down for a while (Badlands' shuffled discard pile)."""
    if card is not None and card in zone:
        zone.remove(card)
    elif None in zone:
        zone.remove(None)
    elif card is None and zone:
        zone.pop()
    else:
        raise PictureBroken(f"{e!r} takes a card its zone does not hold")


def compare(g: Game, seat: int, pic: Picture) -> None:
    """Raise PictureBroken where `pic` and `view_for(g, seat)` disagree on a fact."""
    v = view_for(g, seat, with_log=False, with_scores=False)
    wrong = _zones_wrong(v, pic) + _seats_wrong(v, pic) + _facts_wrong(v, pic)
    if wrong:
        raise PictureBroken(f"seat {seat}: " + "; ".join(wrong))


def _zones_wrong(v: View, pic: Picture) -> list[str]:
    wrong = []
    if tuple(pic.hands[v.me]) != v.hand:
        wrong.append(f"own hand {pic.hands[v.me]} != {list(v.hand)}")
    if tuple(pic.shared["discard"]) != v.discard:
        wrong.append(f"discard {pic.shared['discard']} != {list(v.discard)}")
    if len(pic.shared["deck"]) != v.deck_size:
        wrong.append(f"deck size {len(pic.shared['deck'])} != {v.deck_size}")
    if len(pic.shared["age_deck"]) != v.age_deck_size:
        wrong.append(f"age deck size {len(pic.shared['age_deck'])} != {v.age_deck_size}")
    if tuple(tuple(e) for e in pic.eras) != v.eras:
        wrong.append(f"eras {pic.eras} != {[list(e) for e in v.eras]}")
    if tuple(pic.catastrophes) != v.catastrophes:
        wrong.append(f"catastrophes {pic.catastrophes} != {list(v.catastrophes)}")
    return wrong


def _seats_wrong(v: View, pic: Picture) -> list[str]:
    wrong = []
    for sv in v.seats:
        q = sv.seat
        pile = pic.piles[q]
        got = {
            "pile": tuple(pile),
            "hand size": len(pic.hands[q]),
            "gene pool": pic.gp[q],
            "hand": tuple(pic.hands[q]) if q == v.me or pic.hands_open and not pic.over
            else None,
            "attached": tuple((c, pic.attached[c]) for c in pile if c in pic.attached),
            "colours": tuple(pic.colors_of(q, c) for c in pile) if pic.db else sv.colors,
        }
        want = {"pile": sv.pile, "hand size": sv.hand_size, "gene pool": sv.gene_pool,
                "hand": sv.hand, "attached": sv.attached, "colours": sv.colors}
        wrong += [f"seat {q}'s {k} {got[k]} != {want[k]}" for k in got if got[k] != want[k]]
    return wrong


def _facts_wrong(v: View, pic: Picture) -> list[str]:
    got = {
        "age": pic.age, "first": pic.first, "current": pic.current,
        "in_turn": pic.turn_live and not pic.world_end and not pic.over,
        "last_colors": pic.last_colors, "waiting_for": pic.waiting_for,
        "next_ages": pic.next_ages, "revealed": pic.revealed, "shown": pic.shown,
        "meaning": pic.meaning, "world_end": pic.world_end, "over": pic.over,
        "outcome": pic.outcome, "hands_open": pic.hands_open and not pic.over,
        "variants": pic.variants,
    }
    wrong = [f"{k} {got[k]!r} != {getattr(v, k)!r}" for k in got if got[k] != getattr(v, k)]
    if pic.decision is not v.decision:
        wrong.append(f"decision {pic.decision!r} != {v.decision!r}")
    return wrong


def _tells_hidden(e: object, seat: int) -> bool:
    """Whether `e`, as given to `seat`, names a card its audience leaves that seat out of
    (a zone event) or holds a private part of another seat's (a fact)."""
    if type(e) is Moved:
        return e.seen is not None and seat not in e.seen and e.card is not None
    if type(e) is Laid:
        return e.seen is not None and seat not in e.seen and any(c is not None for c in e.cards)
    tells = getattr(e, "tells", None)
    return tells is not None and tells(seat)


def _catch_up(g: Game, pics: list[Picture], seen: int) -> int:
    """Apply every zone event since `seen` to each seat's picture, as that seat may know it,
    and compare every picture with its view. Returns how many events are now applied."""
    for seat, pic in enumerate(pics):
        for e in zone_events_for(g, seat, seen):
            pic.apply(e)
            if _tells_hidden(e, seat):
                raise PictureBroken(f"seat {seat} is told a hidden card: {e!r}")
        compare(g, seat, pic)
    return len(g.moves or ())


def check_game(db: Database, seed: int) -> int:
    """Play one random game (2-6 seats by seed), checking every seat's rebuilt zones after
    every answer; returns its number of decisions."""
    from doomlings_desktop.commands.fuzz import table_of
    players, variants = table_of(seed)
    return follow(Game.new(db, players, seed=seed, variants=variants), random.Random(seed))


def follow(g: Game, r: random.Random) -> int:
    """Play `g` (a game keeping a log, its zone events starting with a set-up) to its end
    with random answers from `r`, checking every seat's rebuilt zones after every answer."""
    pics = [Picture(g.n, me, g.db) for me in range(g.n)]
    seen = _catch_up(g, pics, 0)
    steps = 0
    while g.pending is not None:
        g.apply(r.choice(g.pending.options))
        seen = _catch_up(g, pics, seen)
        steps += 1
        if steps >= MAX_STEPS:
            raise PictureBroken("the game does not end")
    return steps


@dataclass
class EventCheckResult:
    games: int = 0
    decisions: int = 0
    seconds: float = 0.0
    failures: list[str] = field(default_factory=list)


def check(db: Database, games: int, seed: int = 0) -> EventCheckResult:
    """Run `games` games from `seed`; failures are collected with their seed, not raised."""
    from doomlings_desktop.commands.fuzz import failure_line
    res = EventCheckResult()
    t0 = time.perf_counter()
    for s in range(seed, seed + games):
        try:
            res.decisions += check_game(db, s)
        except Exception as e:  # noqa: BLE001 - any engine error is a finding, with its seed
            res.failures.append(failure_line(s, e))
        res.games += 1
    res.seconds = time.perf_counter() - t0
    return res


def main(db: Database, games: int, seed: int, as_json: bool) -> int:
    import json
    res = check(db, games, seed)
    if as_json:
        print(json.dumps({"games": res.games, "decisions": res.decisions,
                          "seconds": round(res.seconds, 3), "failures": res.failures}))
    else:
        for f in res.failures[:20]:
            print(f"FAIL {f}")
        print(f"{res.games} games ({res.decisions} decisions, every seat after every answer) "
              f"in {res.seconds:.1f} s: {res.games - len(res.failures)} passed, "
              f"{len(res.failures)} failed")
    return 1 if res.failures else 0
