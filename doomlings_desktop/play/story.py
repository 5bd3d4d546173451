"""The game told as it happens: a seat's new events turned into moments for the table.

The table must not leave the big moments of a game to the log: an age or a catastrophe
revealed, a rule that skips turns, World's End, and whatever hits the player ("Glacial
Meltdown discards your Viral", "Your turn is skipped: Optimistic Nihilism", "Your gene pool
is now 3 (Ice Age)"). A `Narrator` follows one seat's share of the typed event stream
(`rules.events.zone_events_for`, the one door to it) and turns each batch of new events into
`Moment`s. It reads nothing else of the game: every card it names reached its seat through
an event as that seat may know it (a hidden card is None there and is never named), so a
moment can say no more than the seat may know (tests/test_story.py checks it over random
games, the way commands/logscan.py checks the log).

Pure: no pygame, no I/O. The match (`Match.story`) keeps one narrator per seat; the table
(ui/table/moments.py) shows the moments.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from doomlings_desktop.rules.events import (
    AgeBegun,
    Asked,
    EraClosed,
    GenePool,
    Laid,
    Moved,
    Played,
    Stabilized,
    TableSet,
    Told,
    TurnBegun,
    TurnSkipped,
    WorldEndBegun,
    WorldEndEffect,
    zone_events_for,
)

BIG = ("age", "catastrophe", "skip", "world_end")   # the kinds that take the stage
SENTENCE = 150        # an effect longer than this is cut to its first sentence


@dataclass
class Moment:
    """Something to tell the seat: `kind` (one of BIG, or "you" for what hit the seat
    alone), a title, the effect in a sentence, the card to show (-1: none) and `lines`, each
    a thing that hit this seat said in words."""

    kind: str
    title: str
    text: str = ""
    card: int = -1
    lines: list[str] = field(default_factory=list)

    @property
    def big(self) -> bool:
        return self.kind in BIG


def sentence(text: str | None) -> str:
    """A card's printed text as one sentence: whole when short, else its first sentence."""
    text = " ".join((text or "").split())
    if len(text) <= SENTENCE:
        return text
    cut = text.find(". ")
    return text[:cut + 1] if 0 < cut < SENTENCE else text[:SENTENCE - 1] + "…"


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}"


class Narrator:
    """One seat's story so far. `feed(events)` takes that seat's next events, in order, and
    returns the moments they make; feeding the history with `quiet` builds the state only
    (a game continued, another seat taking the screen)."""

    def __init__(self, db: Any, seat: int, names: Callable[[int], str]) -> None:
        self.db = db
        self.seat = seat
        self.names = names
        self.variants: dict = {}
        self.catastrophes = 0
        self.gp: dict[int, int] = {}
        self.hand = 0                 # how many cards the seat holds (its events say)
        self.stabilize_to: int | None = None     # the age's own target (Age of Wonder)
        self.cause = -1               # the card whose effect is under way
        self.cause_by = -1            # who played it (-1: an age, a catastrophe)
        self.stabilizing = False      # the seat's own stabilizing: no one else's doing
        self.chose = False            # the seat just answered a decision of its own
        self.silent_ages = 0          # ages revealed that take no effect (Optimistic Nihilism)
        self.turn_play = -1           # the turn's own play (not one out of turn): what skips
        self.put_out: set[int] = set()   # cards this seat put out of its hand this turn
        self.out: list[Moment] = []

    # ------------------------------------------------------------------ the batch

    def feed(self, events: Iterable[Any], quiet: bool = False) -> list[Moment]:
        self.out = []
        for e in events:
            handler = _HANDLERS.get(type(e))
            if handler is not None:
                handler(self, e)
            if type(e) is not Moved and type(e) is not Asked and not isinstance(e, Told):
                self.chose = False      # (a line of the log that is a fact tells the answer)
        out, self.out = self.out, []
        return [] if quiet else out

    def _big(self, m: Moment) -> None:
        self.out.append(m)

    def _say(self, line: str) -> None:
        """A thing that hit this seat: told with the big moment of this batch it follows if
        that moment's card did it (the catastrophe that lowered your gene pool), else in a
        moment of its own: a player back at the screen is told a whole round at once, and
        "Bob's Bad discards your Deep Roots" under "New age: Glacial Drift" would seem the
        age's doing."""
        last = self.out[-1] if self.out else None
        if last is None or (last.kind != "you" and last.card != self.cause):
            last = Moment("you", "")
            self.out.append(last)
        # a sentence: "your Saliva goes to ..." when no cause is known to begin it (a cost
        # such as Morality's moves the card before the card is played)
        line = line[:1].upper() + line[1:]
        if line not in last.lines:
            last.lines.append(line)

    def _name(self, c: int | None) -> str:
        return "a card" if c is None or c < 0 else self.db.name(c)

    def _who(self, seat: int) -> str:
        return "you" if seat == self.seat else self.names(seat)

    # ------------------------------------------------------------------ the events

    def _table(self, e: TableSet) -> None:
        self.variants = dict(e.variants or {})

    def _age(self, e: AgeBegun) -> None:
        a = e.age
        self.silent_ages = 0
        self.stabilizing = False
        if a < 0:
            return
        self.cause, self.cause_by = a, -1
        d = self.db.cards[a]
        if d.kind == "catastrophe":
            self._catastrophe(a, d)
            return
        self.stabilize_to = (d.rules or {}).get("stabilize_to")
        self._big(Moment("age", f"New age: {d.name}", sentence(d.text) or "No rule this round.",
                         a))

    def _catastrophe(self, a: int, d: Any) -> None:
        self.stabilize_to = None
        n = self.catastrophes
        words = []
        if d.gene_pool:
            words.append(f"Gene pools {_signed(d.gene_pool)}.")
        if d.text:
            words.append(sentence(d.text))
        if n >= 3:
            words.append("It is the last: World's End follows.")
        elif self.variants.get("catastrophe_ends_round"):
            words.append("The round ends at once.")
        title = f"Catastrophe {n} of 3: {d.name}" if n else f"Catastrophe: {d.name}"
        self._big(Moment("catastrophe", title, " ".join(words), a))

    def _era(self, e: EraClosed) -> None:
        self.catastrophes += 1

    def _played(self, e: Played) -> None:
        self.cause, self.cause_by = e.card, e.seat
        self.stabilizing = False
        if not e.out_of_turn:
            self.turn_play = e.card

    def _turn(self, e: Any) -> None:
        self.stabilizing = False
        self.cause, self.cause_by = -1, -1
        self.put_out.clear()

    def _stabilized(self, e: Stabilized) -> None:
        if e.seat == self.seat:
            self.stabilizing = self.hand != self._target()

    def _target(self) -> int:
        return self.stabilize_to if self.stabilize_to is not None \
            else self.gp.get(self.seat, -1)

    def _asked(self, e: Asked) -> None:
        # what the seat's own choice moves is no news to it; a colour named moves nothing of
        # its own: what goes after it is another's doing (Bioengineered Plague: the colour
        # named by the player on your right empties your hand of it)
        if e.seat == self.seat and e.decision is not None:
            self.chose = getattr(e.decision, "kind", None) != "color"

    def _pool(self, e: GenePool) -> None:
        was = self.gp.get(e.seat)
        self.gp[e.seat] = e.gp
        # a trait of one's own play (Fronds: +2) is no news: its gene pool event comes as it
        # enters the pile, before its `Played`
        if e.seat == self.seat and e.cause >= 0 and was is not None and was != e.gp \
                and self.cause_by != self.seat and e.cause not in self.put_out:
            self._say(f"Your gene pool is now {e.gp} ({self._name(e.cause)})")

    def _skipped(self, e: TurnSkipped) -> None:
        # the card that skips is the turn's own play: a card played out of turn in answer to
        # it (Orcish Tusks after Optimistic Nihilism) comes between, but skips nothing
        by = self.turn_play
        cause = self._name(by) if by >= 0 else "a rule"
        m = next((m for m in self.out if m.kind == "skip"), None)
        if m is None:
            ages = self.silent_ages
            told = (f"{ages} age{'s' if ages != 1 else ''} revealed with no effect. "
                    if ages else "")
            m = Moment("skip", f"{cause}: the round is over", told + "Turns skipped:", by)
            self.out.insert(len([x for x in self.out if x.big]), m)
        m.text += ("" if m.text.endswith(":") else ",") + " " + self._who(e.seat)
        if e.seat == self.seat:
            # said with the skip itself, not with whatever big moment came before it in the
            # batch (a backlog told at once began with an age: the line went with that age)
            m.lines.append(f"Your turn is skipped: {cause}")

    def _world_end(self, e: WorldEndBegun) -> None:
        self.cause, self.cause_by = -1, -1
        self._big(Moment("world_end", "World's End",
                         "No more turns: the World's End effects apply, then the game is "
                         "scored."))

    def _world_end_effect(self, e: WorldEndEffect) -> None:
        self.cause, self.cause_by = e.card, e.seat
        if e.seat >= 0:
            return
        d = self.db.cards[e.card]
        m = next((m for m in self.out if m.kind == "world_end"), None)
        text = f"{d.name}: {sentence(d.we_text)}" if d.we_text else d.name
        if m is None:
            self._big(Moment("world_end", "World's End", text, e.card))
        else:
            m.text, m.card = text, e.card

    def _laid(self, e: Laid) -> None:
        if e.zone != "hand" or e.seat != self.seat:
            return
        before, self.hand = self.hand, len(e.cards)
        if self.cause >= 0 and self.cause_by != self.seat:
            self._say(f"{self._name(self.cause)} gives you another hand "
                      f"({self.hand} card{'s' if self.hand != 1 else ''}, was {before})")

    def _moved(self, e: Moved) -> None:
        me = self.seat
        if e.src == "age_deck" and e.dst == "era":
            self.silent_ages += 1      # told by the AgeBegun that follows, if it has effect
            return
        mine_from = e.src in ("hand", "pile") and e.p == me
        mine_to = e.dst in ("hand", "pile") and e.q == me
        if e.src == "hand" and e.p == me:
            self.hand -= 1
            self.put_out.add(e.card)
        if e.dst == "hand" and e.q == me:
            self.hand += 1
        if self.stabilizing and self.hand == self._target():
            self.stabilizing = False
            return
        if mine_from == mine_to or self.chose or self.stabilizing or e.dst == "limbo" \
                or e.src == "limbo" or self.cause_by == me:
            return
        if mine_from:
            self._say(self._lost(e))
        elif e.src in ("hand", "pile"):
            whose = f"{self.names(e.p)}'s {e.src}"
            self._say(f"{self._cause()}you get {self._name(e.card)} from {whose}")

    def _whose_cause(self) -> str:
        """The card under way, with its player's name when a player played it ("Bob's
        Poisonous"); "" when none."""
        if self.cause < 0:
            return ""
        name = self._name(self.cause)
        return f"{self.names(self.cause_by)}'s {name}" if 0 <= self.cause_by != self.seat \
            else name

    def _cause(self) -> str:
        cause = self._whose_cause()
        return f"{cause}: " if cause else ""

    def _lost(self, e: Moved) -> str:
        card = self._name(e.card)
        cause = self._whose_cause()
        if card.startswith("The "):
            # "discards your The Third Eye" (seen in the tryout): said the other way round
            mine = f"from your {e.src}"
            if e.dst == "discard":
                return f"{cause} discards {card} {mine}" if cause \
                    else f"{card} is discarded {mine}"
            where = f"to {self.names(e.q)}'s {e.dst}" if e.dst in ("hand", "pile") \
                else "back into the deck"
            return f"{self._cause()}{card} goes {mine} {where}"
        if e.dst == "discard":
            return f"{cause} discards your {card}" if cause else f"Your {card} is discarded"
        if e.dst in ("hand", "pile"):
            where = f"{self.names(e.q)}'s {e.dst}"
            return f"{self._cause()}your {card} goes to {where}"
        return f"{self._cause()}your {card} goes back into the deck"


_HANDLERS: dict[type, Callable[[Narrator, Any], None]] = {
    TableSet: Narrator._table,
    AgeBegun: Narrator._age,
    EraClosed: Narrator._era,
    Played: Narrator._played,
    TurnBegun: Narrator._turn,
    Stabilized: Narrator._stabilized,
    Asked: Narrator._asked,
    GenePool: Narrator._pool,
    TurnSkipped: Narrator._skipped,
    WorldEndBegun: Narrator._world_end,
    WorldEndEffect: Narrator._world_end_effect,
    Laid: Narrator._laid,
    Moved: Narrator._moved,
}


class Storyteller:
    """Each seat's narrator and how far into the game's events it has read (`Match.story`).
    A game it has not followed (continued, loaded, or rebuilt by undo: a new events list) is
    caught up quietly, so only what happens from then on is told; but with `seen`, the point
    of the events this seat last saw the table at (pass-and-play keeps it for every human),
    only up to there: what it has not seen yet is told, as it would have been had the game
    not been left and continued, or another player not taken a play back (seen in a tryout:
    after Continue, the player whose turn Optimistic Nihilism had skipped was never told)."""

    def __init__(self, db: Any) -> None:
        self.db = db
        self.seats: dict[int, tuple[Narrator, int, Any]] = {}

    def new(self, g: Any, seat: int, names: Callable[[int], str],
            seen: int | None = None) -> list[Moment]:
        moves = g.moves
        n = len(moves or ())
        told = self.seats.get(seat)
        if told is None or told[2] is not moves or told[1] > n:
            # an undo replays the same game up to its point: what was told before stays told
            start = n if seen is None else min(n, max(seen, told[1] if told else 0))
            teller = Narrator(self.db, seat, names)
            events = zone_events_for(g, seat, places=True)
            teller.feed([e for e in events[:start] if e is not None], quiet=True)
            self.seats[seat] = (teller, n, moves)
            return teller.feed([e for e in events[start:] if e is not None])
        teller, at, _ = told
        if at == n:
            return []
        self.seats[seat] = (teller, n, moves)
        return teller.feed(zone_events_for(g, seat, at))
