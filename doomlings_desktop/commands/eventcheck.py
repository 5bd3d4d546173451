"""`doomlings fuzz --events`: a seat's picture of the table rebuilt from its zone events alone.

Issue "Every change is an event": starting from the public set-up (the first zone events of a
game, `State.lay_out_recorded`) and applying one seat's zone events (`zone_events_for`, hidden
cards read as None) must give that seat's zones in `view_for(game, seat)` after every decision:
its own hand (in order), every pile (in order), every hand's size, the discard pile (in order),
the deck's and the age deck's sizes, the eras and the catastrophes. Random games over 2-6 seats
(with the fuzz's variant sets and --modules) check it for every seat after every answer.

Not rebuilt yet (the View's other fields come from elsewhere): gene pools, scores, worths and
colours, attachments' hosts, decisions, the next ages seen, revealed and shown cards, open hands
(Age of Metadata), Meaning of Life cards, the outcome.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from doomlings_desktop.rules.cards import Database
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.events import PUBLIC_ZONES, EraClosed, Laid, Moved, zone_events_for
from doomlings_desktop.rules.view import view_for

MAX_STEPS = 3000


class PictureBroken(AssertionError):
    """A seat's rebuilt zones disagree with its view: says which seat, where and what."""


class Picture:
    """One seat's zones as its zone events tell them. Its own hand, the piles, the discard pile
    and the eras hold card ids; the zones hidden from it (another hand, the decks, limbo) hold
    None for each card, even one it saw going in: once a card it cannot see leaves such a zone,
    it could not tell which one did, so it keeps only the count the View shows."""

    def __init__(self, n: int, me: int) -> None:
        self.me = me
        self.hands: list[list] = [[] for _ in range(n)]
        self.piles: list[list] = [[] for _ in range(n)]
        self.shared: dict[str, list] = {"deck": [], "discard": [], "limbo": [], "age_deck": []}
        self.eras: list[list] = [[]]
        self.catastrophes: list = []

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
        return z in PUBLIC_ZONES or z == "hand" and seat == self.me

    def apply(self, e: object) -> None:
        if type(e) is Moved:
            _take(self.zone(e.src, e.p), e.card if self.open(e.src, e.p) else None, e)
            card = e.card if self.open(e.dst, e.q) else None
            if card is None and self.open(e.dst, e.q):
                raise PictureBroken(f"{e!r} puts a card it does not name into an open zone")
            dst = self.zone(e.dst, e.q)
            dst.insert(0, card) if e.bottom else dst.append(card)
        elif type(e) is Laid:
            if e.zone == "catastrophes":
                self.catastrophes = list(e.cards)
            else:
                # an open zone laid out face down (Badlands' shuffled discard pile) holds None
                # until it is laid out face up again: the comparison after the answer sees it
                cards = e.cards if self.open(e.zone, e.seat) else (None,) * len(e.cards)
                self.zone(e.zone, e.seat)[:] = cards
        elif type(e) is EraClosed:
            self.catastrophes.append(e.card)
            self.eras.append([])
        else:
            raise PictureBroken(f"an event of no known kind: {e!r}")


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
    """Raise PictureBroken where `pic` and `view_for(g, seat)` disagree on a zone."""
    v = view_for(g, seat, with_log=False)
    wrong = []
    if tuple(pic.hands[seat]) != v.hand:
        wrong.append(f"own hand {pic.hands[seat]} != {list(v.hand)}")
    for sv in v.seats:
        if tuple(pic.piles[sv.seat]) != sv.pile:
            wrong.append(f"seat {sv.seat}'s pile {pic.piles[sv.seat]} != {list(sv.pile)}")
        if len(pic.hands[sv.seat]) != sv.hand_size:
            wrong.append(f"seat {sv.seat}'s hand size {len(pic.hands[sv.seat])} != "
                         f"{sv.hand_size}")
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
    if wrong:
        raise PictureBroken(f"seat {seat}: " + "; ".join(wrong))


def _tells_hidden(e: object, seat: int) -> bool:
    """Whether `e`, as given to `seat`, names a card its audience leaves that seat out of."""
    seen = getattr(e, "seen", None)
    if seen is None or seat in seen:
        return False
    if type(e) is Moved:
        return e.card is not None
    return type(e) is Laid and any(c is not None for c in e.cards)


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
    pics = [Picture(g.n, me) for me in range(g.n)]
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
