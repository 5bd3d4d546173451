"""The game's events: one stream per game (`Game.moves`), each entry recorded at the one place
it happens and only while the game keeps a log; each seat reads it through one door for text
(`events_for`, the log) and one for typed events (`zone_events_for`), as it may know them.

An entry is a typed `Fact`: a zone event (`Moved`, `Laid`, `EraClosed`: every move of a card)
or a fact (a gene pool, an age, a turn, a decision, a steal, the outcome...). The log is no
second list: `Game.log` (`Log`) is which entries are its lines, by their places, each rendered
by its class's `line` as an `Event` (a draw, a play, an age... `Game.told`; a told fact, a
steal, a turn passed, a colour named... `Game.tell`, from its table of words). No rule writes a
line as text: what a line says is told once, by its fact.

A line's parts are text with no card name in it, cards (ids) or tuples of cards. A card's name
is written only when the line is rendered for a seat allowed to know it, so no caller can leak
a hidden card by the way it builds a sentence: a line with an empty `to` is public; one with
`to` names its cards to those seats only, who read `secret` instead of `parts` when it is given
(e.g. "Ann looks at Antlers, Fangs from Bob's hand." for Ann and Bob, "Ann looks at 2 cards of
Bob's hand." for the others); the others read "a card". `doomlings fuzz --log-privacy`
(commands/logscan.py) checks every rendered line of every seat against what it has seen, and
`doomlings fuzz --events` (commands/eventcheck.py) rebuilds each seat's whole picture (the facts
of its `view_for`) from the public set-up and its share of the typed events alone.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Literal

Part = Any   # str | int (a card) | tuple[int, ...] (cards) | Secret

# What a log line is about (`Event.kind`): one name per kind of line the facts render; the
# table and the log scanner read them, and a test keeps every kind (`line`, `_SAY`) to this set.
LogKind = Literal[
    "age", "age_skipped", "aside", "attach", "catastrophe", "color", "copy", "deal", "denial",
    "deus", "discard", "discard_trait", "draw", "empty_hand", "end", "endurance", "give",
    "keep", "look", "lowest", "meaning", "nihilism", "no_stabilize", "out_of_turn",
    "parasitic", "pass_hands", "peace", "peek", "play", "prepper", "prevent", "recolor",
    "redraw", "reshuffle", "return", "reveal", "self_awareness", "skip", "stays", "steal",
    "steal_hand", "swap", "swap_hands", "take", "third_dominant", "tiebreak", "we_catastrophe",
    "we_trait", "winner", "world_end"]


class Secret:
    """A card (or a tuple of cards) inside a line that only the seats in `to` may know: the
    others read "a card" (e.g. a card that stays in the hand it was stolen into after a private
    look)."""

    __slots__ = ("card", "to")

    def __init__(self, card: int | tuple, to: tuple) -> None:
        self.card = card
        self.to = to

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Secret) and (self.card, self.to) == (other.card, other.to)

    def __repr__(self) -> str:
        return f"Secret({self.card!r}, {self.to!r})"


# The typed events' names (`Fact.kind`, and "moved", "laid", "era_closed" for the zone events).
FactKind = Literal[
    "moved", "laid", "era_closed", "table_set", "gene_pool", "age_begun", "first_player",
    "turn_begun", "turn_ended", "turn_skipped", "round_ended", "stabilized", "attached",
    "detached", "recolored", "played", "peeked", "revealed_to", "shown", "meaning_kept",
    "meaning_shown", "turn_passed", "transferred", "colored", "ruling",
    "asked", "passed", "world_end_begun", "world_end_effect", "game_over"]


class Fact:
    """A typed event: each kind a slotted dataclass, its fields its slots (equality and
    repr are this class's: by kind and fields, positionally). Public unless the class says
    otherwise (`for_seat`)."""

    __slots__ = ()
    kind: ClassVar[FactKind]

    def _key(self) -> tuple:
        return tuple(getattr(self, s) for s in self.__slots__)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self._key() == other._key()  # type: ignore[attr-defined]

    def __repr__(self) -> str:
        return f"{type(self).__name__}{self._key()!r}"

    def for_seat(self, seat: int) -> Fact | None:
        """This event as `seat` may know it (None: nothing of it reaches that seat)."""
        return self

    def tells(self, seat: int) -> bool:
        """Whether this event, as given to `seat`, holds something hidden from that seat (a
        check for the event checker; a public event never does)."""
        return False

    def line(self, g: Any, at: int) -> Event:
        """This event, entry `at` of the stream, as a line of the log (only asked of the
        entries `Game.told` made lines: a class that can be one says how it reads)."""
        raise TypeError(f"{type(self).__name__} is not a line of the log")


def fact(cls: type) -> Any:
    """A typed event's class: a slotted dataclass of its fields (equality and repr are
    `Fact`'s) whose `kind` is its name in snake case (`EraClosed`: "era_closed")."""
    cls.kind = re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()  # type: ignore[attr-defined]
    return dataclass(slots=True, eq=False, repr=False)(cls)


class Event(Fact):
    """A line of the log as words for people, a typed fact's `line`: its kind, parts and
    audience, built when the line is read. A seat reads it only as text (`events_for`); in
    the stream it is no typed event (`zone_events_for` leaves out one planted there)."""

    __slots__ = ("kind", "parts", "to", "secret")

    def __init__(self, kind: LogKind, parts: tuple, to: tuple = (), secret: tuple = ()) -> None:  # type: ignore[misc]
        self.kind = kind  # type: ignore[misc]
        self.parts = parts
        self.to = to          # () for public; else the seats that may read its cards' names
        self.secret = secret  # what the seats in `to` read instead of `parts` (() for parts)

    def for_seat(self, seat: int) -> Event:
        """The line as `seat` may read it, the one privacy filter as for every event: the
        parts it reads (`secret` for the seats in `to`) with every card it may not know
        hidden (a card None, cards the words "a card" or "2 cards"; a `Secret` hides its card
        from the seats outside its own `to`)."""
        to, parts = self.to, self.parts
        if not to and Secret not in map(type, parts):
            return self
        named = not to or seat in to
        if named and to:
            parts = self.secret or parts
        return Event(self.kind, tuple(_seen(p, named, seat) for p in parts))

    def line(self, g: Any, at: int) -> Event:
        return self

    def text(self, db: Any) -> str:
        """The words of a line as a seat was given it (`for_seat`): card ids are named."""
        out = []
        for part in self.parts:
            if isinstance(part, str):
                out.append(part)
            elif part is None:
                out.append("a card" if out else "A card")
            elif isinstance(part, int):
                out.append(db.name(part))
            else:
                out.append(", ".join(db.name(c) for c in part))
        return "".join(out)

    def text_for(self, db: Any, seat: int) -> str:
        """The line as `seat` reads it (-1: a seat no one sits in, e.g. a public screen)."""
        return self.for_seat(seat).text(db)


def _seen(part: Part, named: bool, seat: int) -> Part:
    """A line's part as a seat reads it: text, or a card or cards it may know, or hidden."""
    if type(part) is Secret:
        named = named and seat in part.to
        part = part.card
    if named or isinstance(part, str):
        return part
    if isinstance(part, int):
        return None
    return "a card" if len(part) == 1 else f"{len(part)} cards"


class Log:
    """The game's log: which entries of its event stream (`Game.moves`) are lines, by their
    places in it, so the log is read from the one stream and a line index stays what it was
    (a save's `bot_notes` and a remote seat's `log_at` are such indices). It reads as the
    list of its lines, each an `Event` (a typed fact's rendered by its `line`)."""

    __slots__ = ("g", "at")

    def __init__(self, g: Any) -> None:
        self.g = g
        self.at: list[int] = []    # the places in `g.moves` of the lines, in order

    def __len__(self) -> int:
        return len(self.at)

    def __getitem__(self, i: int | slice) -> Any:
        g = self.g
        if isinstance(i, slice):
            return [g.moves[j].line(g, j) for j in self.at[i]]
        j = self.at[i]
        return g.moves[j].line(g, j)

    def __eq__(self, other: object) -> bool:       # (read in order by `__getitem__`)
        return isinstance(other, Log) and list(self) == list(other)


def events_for(g: Any, seat: int, since: int = 0) -> tuple[tuple[str, str], ...]:
    """The log from line `since` on, as (kind, text) pairs that `seat` may read; () while the
    game keeps no log. Each line is an entry of the one stream, rendered for this seat."""
    log = g.log
    if not log:
        return ()
    db = g.db
    return tuple((e.kind, e.for_seat(seat).text(db)) for e in log[since:])


PUBLIC_ZONES = frozenset(("pile", "discard", "era"))


@fact
class Moved(Fact):
    """Card `card` left zone `src` (of seat p for a hand or a pile, else -1) for the top of
    `dst` (of seat q; its bottom with `bottom`). `seen` is who may know which card it is:
    None for everyone (either end is a pile, the discard pile or an era), else the seats whose
    hand is an end (a draw: the drawer; a card given: both; the deck to the age deck: nobody)."""

    card: int | None
    src: str
    p: int
    dst: str
    q: int
    bottom: bool
    seen: tuple | None

    def for_seat(self, seat: int) -> Moved:
        """This move as `seat` may know it: the card None when it is hidden from it."""
        if self.seen is None or seat in self.seen:
            return self
        return Moved(None, self.src, self.p, self.dst, self.q, self.bottom, self.seen)

    def line(self, g: Any, at: int) -> Event:
        """The moves that are lines: the last card of a draw, a card discarded from a hand
        (`discard_from_hand`), or taken from the discard pile into one, an age revealed
        without effect (Optimistic Nihilism)."""
        if self.src == "age_deck":
            return Event("age_skipped", (self.card, " is revealed and takes no effect."))
        if self.src == "deck":
            name, cards = g.pname(self.q), _drawn(g, at)
            return Event("draw", (f"{name} draws {len(cards)}.",), (self.q,),
                         (f"{name} draws ", cards, "."))
        if self.src == "hand":
            return Event("discard", (f"{g.pname(self.p)} discards ", self.card, " from hand."))
        return Event("take", (f"{g.pname(self.q)} takes ", self.card,
                              " from the discard pile into their hand."))


def _drawn(g: Any, at: int) -> tuple[int, ...]:
    """The cards of the draw (`State.draw`) whose last card's move is entry `at`, in the order
    drawn: its moves from the deck into the drawer's hand, back to the first other entry (a
    reshuffle, the deck and the discard pile laid out, may come between) or to the last card
    of the draw before, which is a line."""
    moves, lines = g.moves, g.log.at
    q = moves[at].q
    cards = [moves[at].card]
    k = at - 1
    while k >= 0:
        e = moves[k]
        if type(e) is Moved and e.src == "deck" and e.dst == "hand" and e.q == q:
            i = bisect_left(lines, k)
            if i < len(lines) and lines[i] == k:
                break
            cards.append(e.card)
        elif type(e) is not Laid or e.zone not in ("deck", "discard"):
            break
        k -= 1
    return tuple(reversed(cards))


@fact
class Laid(Fact):
    """Zone `zone` (of seat `seat`, -1 for a shared one) is now `cards`, top last, whatever it
    held: the public set-up, a reshuffle (the discard pile becomes the deck), hands swapped or
    passed, the decks put back after a tiebreak. `seen` as in `Moved`: None for everyone, else those seats only;
    every other seat learns how many cards the zone holds."""

    zone: str
    seat: int
    cards: tuple
    seen: tuple | None

    def for_seat(self, seat: int) -> Laid:
        if self.seen is None or seat in self.seen:
            return self
        return Laid(self.zone, self.seat, (None,) * len(self.cards), self.seen)

    def line(self, g: Any, at: int) -> Event:
        """The one zone laid out that is a line: the deck, when a draw reshuffles (R9)."""
        return Event("reshuffle", ("The discard pile is shuffled into a new trait deck.",))


@fact
class EraClosed(Fact):
    """Catastrophe `card` (just revealed into the current era) closes it: it joins the
    catastrophes and a new, empty era begins. Public."""

    card: int



# -- the other facts of the table, in the same stream (`Game.moves`), each recorded at the one
# place it changes and only while a log is kept (rules/recorder.py). From
# the public set-up (`State.lay_out_recorded`) and these, a seat's whole picture is rebuilt
# (commands/eventcheck.py): every fact of `view_for(game, seat)`.

@fact
class TableSet(Fact):
    """The game's table: `n` seats, the rule variants in play, and the colours of the last
    trait played when a game goes on from a position (else ()). Public, first of all."""

    n: int
    variants: dict
    last_colors: tuple = ()


@fact
class GenePool(Fact):
    """Seat `seat`'s gene pool is now `gp`, because of card `cause` (a trait entering or
    leaving a pile, a catastrophe; -1 for the set-up). Public."""

    seat: int
    gp: int
    cause: int


@fact
class AgeBegun(Fact):
    """Age (or catastrophe) `age` is now in force with its rule; `hands_open` when its rule
    opens every hand (Age of Metadata, E24: the hands are laid out face up after this).
    Public."""

    age: int
    hands_open: bool

    def line(self, g: Any, at: int) -> Event:
        """An age revealed (a catastrophe's line names the new first player: its own)."""
        return Event("age", ("Age: ", self.age, f". {g.db.cards[self.age].text}"))


@fact
class FirstPlayer(Fact):
    """`seat` is the first player now (R4: it passes on at each catastrophe, `cause`; -1 at
    the set-up or a position laid out). Public."""

    seat: int
    cause: int = -1

    def line(self, g: Any, at: int) -> Event:
        """A catastrophe revealed, with the first player it passed the turn order to."""
        return Event("catastrophe", ("Catastrophe: ", self.cause,
                                     f"! {g.pname(self.seat)} is now the first player."))


@fact
class TurnBegun(Fact):
    """`seat`'s turn begins: it is the current player. Public."""

    seat: int


@fact
class TurnEnded(Fact):
    """`seat`'s turn is over (its end-of-turn window is opened or passed). Public."""

    seat: int


@fact
class TurnSkipped(Fact):
    """`seat` loses its turn this round (Optimistic Nihilism, R26). Public."""

    seat: int


@fact
class RoundEnded(Fact):
    """The round is over: no trait counts as the last played (Natural Harmony). Public."""



@fact
class Stabilized(Fact):
    """`seat` stabilizes (R9: draws or discards to its gene pool; the moves follow). Public."""

    seat: int


@fact
class Attached(Fact):
    """Attachment `card` lies on trait `host` (both in one pile, E8-E10). Public."""

    card: int
    host: int


@fact
class Detached(Fact):
    """Attachment `card` is off its host `host` (moved, returned, discarded). Public."""

    card: int
    host: int


@fact
class Recolored(Fact):
    """The colours `seat`'s pile cards were given (Faith, a recolour): (card, colour) pairs,
    all of them now; a card leaving the pile loses its own. Public."""

    seat: int
    colors: tuple


@fact
class Played(Fact):
    """`seat` played trait `card` (into a pile): it is the last trait played (Natural Harmony);
    `out_of_turn` for a card played outside the turn's plays (R20, World's End); `src` the zone
    a trait entering its player's own pile, or an attachment played in turn, came from
    (`flow.t_enter`, `attach.t_attach_ans`: "hand", "discard", "deck"), "" for the other
    plays; `into` the seat whose pile it entered and `host` the trait an attachment lies on
    (-1: not told, none). Public."""

    seat: int
    card: int
    out_of_turn: bool
    src: str = ""
    into: int = -1
    host: int = -1

    def line(self, g: Any, at: int) -> Event:
        """A trait entering its player's pile (a play out of turn at World's End: Sneaky), an
        attachment on its host, a card played out of turn into a pile."""
        name, c, src = g.pname(self.seat), self.card, self.src
        if src and self.host < 0:
            when = " at World's End" if self.out_of_turn else ""
            return Event("play", (f"{name} plays ", c, f"{_FROM[src]}{when}."))
        whose = "their" if self.into == self.seat else f"{g.pname(self.into)}'s"
        if self.host < 0:
            return Event("out_of_turn", (f"{name} plays ", c, f" out of turn into {whose} pile."))
        how = f"{_FROM[src]}," if src else " out of turn,"
        return Event("attach" if src else "out_of_turn",
                     (f"{name} plays ", c, f"{how} attached to {whose} ", self.host, "."))


_FROM = {"hand": "", "discard": " from the discard pile", "deck": " from the deck"}


class _Private(Fact):
    """An event whose secret part (`_secret`, a slot) only `seat` may know: every other seat
    is told that it happened, with the secret None."""

    __slots__ = ()
    _secret: ClassVar[str]

    def for_seat(self, seat: int) -> Fact | None:
        if seat == self.seat:
            return self
        other = object.__new__(type(self))
        for s in self.__slots__:
            setattr(other, s, None if s == self._secret else getattr(self, s))
        return other

    def tells(self, seat: int) -> bool:
        return seat != self.seat and getattr(self, self._secret) is not None


@fact
class Peeked(_Private):
    """The next ages `seat` has seen on top of the age deck now, top first (a peek; Neural
    Link: two; () once they are revealed or gone). Private to `seat`."""

    _secret = "ages"
    seat: int
    ages: tuple | None


@fact
class RevealedTo(_Private):
    """Cards of another hand shown to `seat` alone now (Nosy; () once it is over). Private."""

    _secret = "cards"
    seat: int
    cards: tuple | None


@fact
class MeaningKept(_Private):
    """`seat` keeps Meaning of Life card `card` in secret (E4); everyone learns it with the
    game's `Outcome`. Private to `seat` until then."""

    _secret = "card"
    seat: int
    card: int | None

    def line(self, g: Any, at: int) -> Event:
        """Named to its keeper alone; the others read that a card was kept."""
        name = g.pname(self.seat)
        return Event("meaning", (f"{name} keeps a Meaning of Life card in secret.",), (self.seat,),
                     (f"{name} keeps ", self.card, " as their Meaning of Life."))


@fact
class Shown(Fact):
    """Card `card` is shown to the whole table out of a hidden zone by `seat`, `why`: a hand
    card revealed to all ("reveal"), a tiebreak draw ("tiebreak"); seat -1 and why "" for one
    shown before a position laid out. Public."""

    card: int
    seat: int = -1
    why: Literal["reveal", "tiebreak", ""] = ""

    def line(self, g: Any, at: int) -> Event:
        """A reveal names its card; a tiebreak draw its face value too (R6)."""
        name = g.pname(self.seat)
        if self.why == "tiebreak":
            return Event("tiebreak", (f"Tiebreak: {name} draws ", self.card,
                                      f" ({g.db.value[self.card]})."))
        return Event("reveal", (f"{name} reveals ", self.card, "."))


@fact
class MeaningShown(Fact):
    """At the count, `seat`'s kept Meaning of Life card `card` comes to light, worth `points`
    to it (E4). Public (the `Outcome` that follows holds every kept card too)."""

    seat: int
    card: int
    points: int

    def line(self, g: Any, at: int) -> Event:
        return Event("meaning", (f"{g.pname(self.seat)}'s Meaning of Life: ", self.card,
                                 f" ({self.points:+d})."))


@fact
class Asked(Fact):
    """The game waits for `seat`'s decision `decision`. The decider alone gets the decision;
    the others learn whom the game waits for, and of an out-of-turn offer (kind "react")
    nothing at all but that it waits on no one they can see (seat -1), as `view_for` says."""

    seat: int
    decision: Any

    def _key(self) -> tuple:
        d = self.decision
        return self.seat, None if d is None else (
            d.player, d.kind, d.intent, d.options, d.prompt, d.card, d.subject, d.zone,
            d.sources, d.count)

    def for_seat(self, seat: int) -> Fact | None:
        if seat == self.seat:
            return self
        d = self.decision
        return Asked(-1 if d is not None and d.kind == "react" else self.seat, None)

    def tells(self, seat: int) -> bool:
        return seat != self.seat and self.decision is not None


@fact
class Passed(Fact):
    """`seat` passes on an out-of-turn offer. Only its holder knows: the offer was hidden."""

    seat: int

    def for_seat(self, seat: int) -> Fact | None:
        return self if seat == self.seat else None

    def tells(self, seat: int) -> bool:
        return seat != self.seat


@fact
class WorldEndBegun(Fact):
    """World's End (R5): no more turns; the effects and the scoring follow. Public."""


    def line(self, g: Any, at: int) -> Event:
        return Event("world_end", ("World's End!",))


@fact
class WorldEndEffect(Fact):
    """The World's End effect of `card` applies (a trait of `seat`'s pile, or the final
    catastrophe's with seat -1); its changes follow as their own events. Public."""

    seat: int
    card: int

    def line(self, g: Any, at: int) -> Event:
        """A trait's effect names its pile's player; the final catastrophe's reads its text."""
        if self.seat >= 0:
            return Event("we_trait", (f"World's End: {g.pname(self.seat)}'s ", self.card, "."))
        return Event("we_catastrophe", ("World's End effect of ", self.card,
                                        f": {g.db.cards[self.card].we_text}"))


@fact
class GameOver(Fact):
    """The game is over: its `Outcome` (winners, scores with breakdowns, tiebreak, every kept
    Meaning of Life card). Public."""

    outcome: Any

    def line(self, g: Any, at: int) -> Event:
        winners = self.outcome.winners
        names = " and ".join(g.pname(p) for p in winners)
        return Event("winner", (f"{names} win{'s' if len(winners) == 1 else ''} with "
                                f"{max(self.outcome.scores)} points.",))


# -- the facts that are lines of the log and narration only (`Told`, `Game.tell`): what they
# change follows as its own events (moves, gene pools, colours).

_FIELD = re.compile(r"\{(\w+)\}")
_SEATS = frozenset(("seat", "q", "r"))


class Told(Fact):
    """A fact that is a line of the log, rendered from its class's `_SAY`: `how` -> (the
    line's kind, its words, [the words the seats in `seen` read instead]); the fields in
    braces are a seat's name, a card or cards, a word, or a method's words. `seen`: None when
    everyone may know its `card` (all read the last words), else the seats that may: the
    others read `card` as "a card" (and with two words, the first)."""

    __slots__ = ()
    _SAY: ClassVar[dict[str, tuple[str, ...]]]

    def for_seat(self, seat: int) -> Fact:
        seen = getattr(self, "seen", None)
        if seen is None or seat in seen:
            return self
        c = self.card  # type: ignore[attr-defined]
        hidden = (None,) * len(c) if isinstance(c, tuple) else None
        return replace(self, card=hidden)  # type: ignore[type-var]

    def tells(self, seat: int) -> bool:
        seen = getattr(self, "seen", None)
        c = getattr(self, "card", None)
        return seen is not None and seat not in seen and \
            any(x is not None and x >= 0 for x in (c if isinstance(c, tuple) else (c,)))

    def line(self, g: Any, at: int) -> Event:
        kind, *words = self._SAY[self.how]  # type: ignore[attr-defined]
        seen = getattr(self, "seen", None)
        if seen is not None and len(words) > 1:     # (kind: a LogKind, tests/test_told.py)
            return Event(kind, self._words(g, words[0]), seen, self._words(g, words[1]))  # type: ignore[arg-type]
        return Event(kind, self._words(g, words[-1], seen))  # type: ignore[arg-type]

    def _words(self, g: Any, words: str, seen: tuple | None = None) -> tuple:
        out: list = []
        for i, bit in enumerate(_FIELD.split(words)):
            v = getattr(self, bit) if i % 2 else bit
            if i % 2 == 0 and bit:
                out.append(bit)
            elif i % 2 and v != -1:      # (-1: no card, a line of no card's effect)
                out.append(g.pname(v) if bit in _SEATS else v(g) if callable(v) else
                           Secret(v, seen) if seen is not None and bit == "card" else v)
        return tuple(out)


@fact
class TurnPassed(Told):
    """`seat` lets its turn's play go, or its stabilizing (`how`): its hand empty, it draws 5;
    it cannot play and skips, or redraws (discards its hand, draws 3); it redraws instead of
    stabilizing, or does not stabilize (an age's offer)."""

    seat: int
    how: Literal["empty_hand", "cannot_play", "redraw", "redraw_instead", "no_stabilize"]
    _SAY = {"empty_hand": ("empty_hand", "{seat} has no cards: draws 5 and skips the turn."),
            "cannot_play": ("skip", "{seat} cannot play and skips the turn."),
            "redraw": ("redraw", "{seat} cannot play: discards their hand and draws 3."),
            "redraw_instead": ("redraw",
                               "{seat} discards their hand and draws 3 instead of stabilizing."),
            "no_stabilize": ("no_stabilize", "{seat} does not stabilize.")}


@fact
class Transferred(Told):
    """`seat` steals, swaps, gives, returns, discards, looks at or is dealt `card` (cards) of
    seat `q` (or given to `q`), `how`; `x` the other card (the trait swapped for it, the
    attachment taken with it, the Parasitic played, an attachment's old host; `y` its new
    one), `r` the other trait's owner. `seen`: who saw the card (None: the table)."""

    how: Literal["steal", "steal_with", "steal_discarded", "swap", "swap_between", "give",
                 "pass", "return", "return_own", "steal_hand", "steal_hands", "parasitic",
                 "look", "deal", "self_awareness", "move_attachment", "swap_hands", "discard",
                 "discard_random", "discard_by"]
    seat: int
    card: Any
    q: int
    x: int = -1
    r: int = -1
    seen: tuple | None = None
    y: int = -1
    _SAY = {"steal": ("steal", "{seat} steals {card} from {q}."),
            "steal_with": ("steal", "{seat} steals {card} from {q}, with {x} attached."),
            "steal_discarded": ("steal", "{seat} steals {card} from {q}: it is discarded."),
            "swap": ("swap", "{seat} swaps {card} for {q}'s {x}."),
            "swap_between": ("swap", "{seat} swaps {q}'s {card} with {r}'s {x}."),
            "give": ("give", "{seat} gives {card} to {q}."),
            "pass": ("give", "{seat} passes {card} at random to {q}."),
            "return": ("return", "{card} returns to {q}'s hand."),
            "return_own": ("return", "{seat} returns {card} to their hand."),
            "steal_hand": ("steal_hand", "{seat} steals {card} from {q}'s hand."),
            "steal_hands": ("steal_hand", "{seat} steals {count} from {q}'s hand.",
                            "{seat} steals {card} from {q}."),
            "parasitic": ("parasitic", "{seat} plays {x} and steals {card}!"),
            "look": ("look", "{seat} looks at {n} cards of {q}'s hand.",
                     "{seat} looks at {card} from {q}'s hand."),
            "deal": ("deal", "{seat} is dealt {n} from the discard pile.",
                     "{seat} is dealt {card} from the discard pile."),
            "self_awareness": ("self_awareness", "{seat} plays {card} into {q}'s pile."),
            "move_attachment": ("attach", "{seat} moves {card} from {x} to {y}."),
            "swap_hands": ("swap_hands", "{seat} and {q} swap hands."),
            "discard": ("discard_trait", "{seat} discards {card} from their pile{back}."),
            "discard_random": ("discard_trait",
                               "{seat} discards {card} from their pile at random{back}."),
            "discard_by": ("discard_trait", "{seat} discards {card} from {q}'s pile{back}.")}

    def n(self, g: Any) -> str:
        return str(len(self.card))

    def count(self, g: Any) -> str:
        return f"{len(self.card)} card{'s' if len(self.card) != 1 else ''}"

    def back(self, g: Any) -> str:      # Witchy (E17) goes back to its owner's hand
        return f"; it goes back to {g.pname(self.q)}'s hand" \
            if g.db.cards[self.card].back_to_hand else ""


@fact
class Colored(Told):
    """`seat` names colour `color` for `card`, its `card` becomes `color` (Free Will), its
    `was` traits become `color`; the colours named in secret are told (`picks`, one per seat
    or None, E29). `seen` as `Transferred`'s (a hand card's effect, E28)."""

    how: Literal["choose", "become", "traits", "named"]
    seat: int
    card: int = -1
    color: str = ""
    was: str = ""
    picks: tuple = ()
    seen: tuple | None = None
    _SAY = {"choose": ("color", "{seat} chooses {color} for {card}."),
            "become": ("recolor", "{seat}'s {card} becomes {color}."),
            "traits": ("recolor", "{seat}'s {was} traits become {color}."),
            "named": ("color", "{card}: the colors named: {named}.")}

    def named(self, g: Any) -> str:
        return ", ".join(f"{g.pname(q)} {c}" for q, c in enumerate(self.picks) if c)


@fact
class Ruling(Told):
    """A rule or a card decides (`how`) about `card` (`seat`'s, or of its doing): Denial,
    Peace, Endurance, a third dominant, an attachment with no host or going with its host, a
    card that cannot be played now (`word`: why), the age deck empty, an action copied,
    Prepper, Deus Ex Machina (`word`: its points), an action prevented (by `other`), a card
    set aside or kept (`word`: how many go back), the lowest (`seats`), hands passed, a peek,
    Optimistic Nihilism (`seats` lose their turns). `seen` as `Transferred`'s."""

    how: Literal["denial", "peace", "endurance", "third_dominant", "no_host", "with_return",
                 "with_discard", "no_ages", "copy", "prepper", "stays", "deus",
                 "stolen_discarded", "prevent", "aside", "chosen", "lowest", "pass_hands",
                 "keep", "keep_none", "peek", "nihilism"]
    card: Any = -1
    seat: int = -1
    seen: tuple | None = None
    word: str = ""
    other: int = -1
    seats: tuple = ()
    _SAY = {"denial": ("denial", "{seat} ignores {card} (Denial)."),
            "peace": ("peace", "{card}'s action is ignored this round."),
            "endurance": ("endurance", "{card} stays in {seat}'s pile."),
            "third_dominant": ("third_dominant",
                               "{card} would be a third dominant trait and is discarded."),
            "no_host": ("stays", "{card} has no trait to attach to and stays where it was."),
            "with_return": ("return", "{card} goes with it."),
            "with_discard": ("discard_trait", "{card} goes with it."),
            "no_ages": ("end",
                        "The age deck is empty: the world ends without a final catastrophe."),
            "copy": ("copy", "{seat} plays the action of {card}."),
            "prepper": ("prepper", "{seat} chooses the World's End of {card}."),
            "stays": ("stays", "{card} cannot be played now and stays in hand.",
                      "{card} cannot be played now and stays in hand ({word})."),
            "deus": ("deus", "{seat} draws {card}: {word}."),
            "stolen_discarded": ("discard", "{card} is stolen and discarded."),
            "prevent": ("prevent", "{seat} plays {other}: {card}'s action is prevented."),
            "aside": ("aside", "{seat} sets a card aside.", "{seat} sets {card} aside to discard."),
            "chosen": ("aside", "{seat} chooses {card} face down."),
            "lowest": ("lowest", "Lowest face value discarded ({word}): {names}."),
            "pass_hands": ("pass_hands", "Every hand passes to the {word}."),
            "keep": ("keep",
                     "{seat} keeps {card} and puts {word} at the bottom of the trait deck."),
            "keep_none": ("keep",
                          "{seat} keeps no card and puts {word} at the bottom of the trait deck."),
            "peek": ("peek", "{seat} looks at {what}.", "{seat} sees {what}: {card}."),
            "nihilism": ("nihilism",
                         "{card}: the next catastrophe comes now; {lose}, and {seat} does not "
                         "stabilize.")}

    def names(self, g: Any) -> str:
        return ", ".join(g.pname(q) for q in self.seats)

    def what(self, g: Any) -> str:
        return "the next age" if len(self.card) == 1 else "the next 2 ages"

    def lose(self, g: Any) -> str:
        lose = [g.pname(q) for q in self.seats]
        if len(lose) < 2:
            return f"{lose[0]} loses their turn this round" if lose else \
                "no turns are left this round"
        return f"{', '.join(lose[:-1])} and {lose[-1]} lose their turns this round"


def zone_events_for(g: Any, seat: int, since: int = 0, places: bool = False) -> tuple:
    """The events of `Game.moves` (zone events and facts) from entry `since` on as `seat` may
    know them (hidden cards None, private parts None, events it may not know left out); ()
    while the game keeps no log. Their one door, as `events_for` is the log's. With `places`,
    an event the seat may not know is None instead of left out, so that the i-th entry is
    `Game.moves`' i-th (a remote seat resumes from an index: net/wire.py)."""
    moves = g.moves
    if not moves:
        return ()
    out = []
    for e in moves[since:]:
        e = None if type(e) is Event else e.for_seat(seat)
        if e is not None or places:
            out.append(e)
    return tuple(out)
