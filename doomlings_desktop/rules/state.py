"""The state of a game: its zones and counters, and the primitive moves of cards between them.

`State` holds every field of a game (slotted: a game is copied thousands of times by search)
and the moves every rule is made of: draw, discard, a trait entering or leaving a pile with its
gene pool modifiers. What may be played is `legality.py`, what it scores `scoring.py`, when
things happen `flow.py` and `windows.py`; `engine.Game` puts them together.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Literal

from doomlings_desktop.rules.cards import Database
from doomlings_desktop.rules.decisions import Decision
from doomlings_desktop.rules.events import (
    PUBLIC_ZONES,
    EraClosed,
    GenePool,
    Laid,
    Log,
    Moved,
    Ruling,
    TableSet,
    Transferred,
)
from doomlings_desktop.rules.outcome import Outcome
from doomlings_desktop.rules.recorder import FactRecord
from doomlings_desktop.rules.rng import Rng

VARIANTS = ("long_age_deck", "catastrophe_ends_round", "gene_pool_leader_bonus")

# Where a card can be: a hand or a pile (with its seat), the trait deck, the discard pile,
# limbo (being played, or set aside), the age deck, or the current era (revealed ages).
Zone = Literal["hand", "pile", "deck", "discard", "limbo", "age_deck", "era"]


KEEP_PAUSE = 1 << 16    # a `Game.hold` bit: keep every seat's pause, even after a play that
#                         brought something to light (a move measured up to its turn's end)
KEEP_WORLD_END = 1 << 17    # a `Game.hold` bit: pause once before World's End begins (or before
#                         the final count, if it has begun): a move measured apart from what
#                         the end brings to light (play/swings.py); set with KEEP_PAUSE


class Player:
    """One seat's cards and counters."""

    __slots__ = ("hand", "pile", "gp", "gp_mods", "denial_spent", "we_points", "recolor")

    def __init__(self) -> None:
        self.hand: list[int] = []
        self.pile: list[int] = []
        self.gp = 5
        self.gp_mods: dict[int, int] = {}   # card -> how much it really changed this gene pool
        self.denial_spent = False
        self.we_points: list[tuple[str, int]] = []   # World's End score modifiers
        self.recolor: dict[int, str] | None = None   # Faith

    def clone(self) -> Player:
        p = Player.__new__(Player)
        p.hand = self.hand[:]
        p.pile = self.pile[:]
        p.gp = self.gp
        p.gp_mods = self.gp_mods.copy() if self.gp_mods else {}
        p.denial_spent = self.denial_spent
        p.we_points = self.we_points[:] if self.we_points else []
        p.recolor = dict(self.recolor) if self.recolor else None
        return p


class ZoneRecord:
    """The zone events' half of `State` (rules/events.py: `Moved`, `Laid`, `EraClosed`): the
    records every move makes while the game keeps a log, and the moves of whole zones (hands
    swapped or passed, a discard pile dealt out, the decks put back). A mixin with no slots
    of its own, so that `State` stays one slotted class under the rules' 500 lines."""

    __slots__ = ()

    def moved(self, c: int, src: str, p: int, dst: str, q: int, bottom: bool = False) -> None:
        """Record card c's move (rules/events.Moved; only while there is a log): everyone may
        know the card when either end is public, else only the seats whose hand is an end."""
        if src in PUBLIC_ZONES or dst in PUBLIC_ZONES or self.rules.get("reveal_hands") \
                and not self.over and (src == "hand" or dst == "hand"):    # open hands (E24)
            seen = None
        else:
            seen = tuple(sorted({s for z, s in ((src, p), (dst, q)) if z == "hand"}))
        self.moves.append(Moved(c, src, p if src in ("hand", "pile") else -1, dst,
                                q if dst in ("hand", "pile") else -1, bottom, seen))

    def laid(self, zone: str, seat: int, seen: tuple | None) -> None:
        """Record that a zone was laid out whole (rules/events.Laid; only with a log); a hand
        while every hand is open (E24) is laid out for all."""
        if zone == "hand" and self.hands_open():
            seen = None
        self.moves.append(Laid(zone, seat, tuple(self.zone(zone, seat)), seen))  # type: ignore[arg-type]

    def lay_out_recorded(self) -> None:
        """Record the whole table as it lies now, the public set-up every seat's picture is
        rebuilt from: hands to their holders, the decks hidden, the rest public."""
        if self.moves is None:
            return
        self.moves.append(TableSet(self.n, dict(self.variants), self.last_colors))
        for q in range(self.n):
            self.laid("hand", q, (q,))
            self.laid("pile", q, None)
        self.laid("deck", -1, ())
        self.laid("age_deck", -1, ())
        self.laid("discard", -1, None)
        self.laid("limbo", -1, ())
        for i, era in enumerate(self.eras):     # each closed by its catastrophe but the last
            self.moves.append(Laid("era", -1, tuple(era), None))
            if i < len(self.eras) - 1:
                self.moves.append(EraClosed(self.catastrophes[i]))
        self.moves.append(Laid("catastrophes", -1, tuple(self.catastrophes), None))
        self.noted_table()

    def close_era(self, c: int) -> None:
        """Catastrophe c, just revealed into the current era, closes it: a new era begins."""
        self.catastrophes.append(c)
        self.eras.append([])
        self.note(EraClosed(c))

    def deal_from_discard(self, seats: list[int], n: int) -> list[list[int]]:
        """The discard pile is shuffled and n cards are dealt face down to each of `seats` in
        turn (Badlands, E22): only the receiver knows a card; fewer when the pile runs out.
        What is left lies face up again. Returns each seat's cards."""
        self.rng.shuffle(self.discard)
        if self.moves is not None:
            self.laid("discard", -1, ())        # face down now: its order known to no one
        dealt = []
        for q in seats:
            got = []
            for _ in range(n):
                if not self.discard:
                    break
                c = self.discard.pop()
                self.players[q].hand.append(c)
                got.append(c)
                if self.db.reaction[c]:
                    self.held_moved(c, 1)
                if self.moves is not None:      # face down: the receiver's alone
                    self.moves.append(Moved(c, "discard", -1, "hand", q, False, (q,)))
            dealt.append(got)
        if self.moves is not None:
            self.laid("discard", -1, None)
        return dealt

    def held_moved(self, c: int, delta: int) -> None:
        """Out-of-turn card c came into a hand (+1) or left one (-1): `held`'s one update,
        called only for such cards (`Database.reaction[c]`), which are few."""
        self.held[self.db.reaction[c]] += delta

    def count_held(self) -> None:
        """Count `held` again from the hands: after hands are laid out whole."""
        held = self.held = dict.fromkeys(self.db.reactors, 0)
        reaction = self.db.reaction
        for pl in self.players:
            for c in pl.hand:
                if reaction[c]:
                    held[reaction[c]] += 1

    def swap_hands(self, p: int, q: int) -> None:
        """p and q exchange their whole hands."""
        a, b = self.players[p], self.players[q]
        a.hand, b.hand = b.hand, a.hand
        if self.moves is not None:
            self.laid("hand", p, (p, q))
            self.laid("hand", q, (p, q))

    def pass_hands(self, seats: list[int], shift: int) -> None:
        """Each of `seats` passes its whole hand `shift` places along the list (1: to the
        next, -1: to the one before)."""
        hands = [self.players[q].hand for q in seats]
        for i in range(len(seats)):
            self.players[seats[(i + shift) % len(seats)]].hand = hands[i]
        if self.moves is not None:
            for i, q in enumerate(seats):     # seen by its holder and the one who passed it
                self.laid("hand", q, tuple(sorted({q, seats[(i - shift) % len(seats)]})))

    def restore_decks(self, deck: list[int], discard: list[int]) -> None:
        """Put the trait deck and the discard pile back as they were (`deck`, `discard`):
        the tiebreak's draws return where they came from when a score reads the discard."""
        self.deck, self.discard = deck, discard
        if self.moves is not None:
            self.laid("deck", -1, ())
            self.laid("discard", -1, None)


class State(ZoneRecord, FactRecord):
    """Every field of a game, and the moves of cards between its zones."""

    __slots__ = (
        "db", "variants", "n", "players", "deck", "discard", "age_deck", "eras", "age", "rules",
        "catastrophes", "first", "current", "stack", "pending", "answer", "rng", "log",
        "last_colors", "turn_plays", "skip_round", "no_stabilize", "bonus_used", "known_age",
        "denied", "marks", "prepper", "world_end", "over", "outcome",
        "revealed", "answers", "seed", "final_catastrophe", "limbo", "names", "undo_floor",
        "shown", "turn_end", "hold", "meaning", "meaning_offer", "attached", "hosts",
        "known_below", "shown_all", "moves", "held",
    )

    def __init__(self, db: Database, n: int, seed: int = 0, variants: dict | None = None,
                 log: bool = True) -> None:
        if not 2 <= n <= 6:
            raise ValueError(f"Doomlings is for 2 to 6 players, not {n}")
        variants = dict(variants or {})
        for k in variants:
            if k not in VARIANTS:
                raise ValueError(f"unknown rule variant '{k}' (known: {', '.join(VARIANTS)})")
        self.db = db
        self.variants = variants
        self.n = n
        self.seed = seed
        self.rng = Rng(seed)
        self.players = [Player() for _ in range(n)]
        self.deck: list[int] = []         # top is the end of the list
        self.discard: list[int] = []      # top is the end of the list
        self.age_deck: list[int] = []     # top is the end of the list
        self.eras: list[list[int]] = [[]]
        self.age = -1
        self.rules: dict = {}
        self.catastrophes: list[int] = []
        self.first = 0
        self.current = 0
        self.stack: list[tuple] = []
        self.pending: Decision | None = None
        self.answer: Any = None
        # How many cards of each out-of-turn kind lie in hands, all hands together: a window
        # asks it instead of searching every hand (a turn's end, a play, an action ask it).
        # Kept by the moves below; swapping or passing hands leaves it as it is; a position
        # laid out whole (setup.py, worlds.py) counts again (`count_held`).
        self.held: dict[str, int] = dict.fromkeys(db.reactors, 0)
        self.moves: list | None = None      # the event stream and the log, its lines' places
        self.log: Log | None = None         # (rules/events.py): kept only while there is a log
        if log:
            self.keep_log()
        self.last_colors: tuple[str, ...] = ()   # of the last trait played: Natural Harmony
        self.turn_plays: list[int] = []
        self.skip_round = False
        self.no_stabilize = -1
        self.bonus_used = False
        self.known_age: dict[int, int] = {}   # seat -> age card it has seen on top of the deck
        self.known_below: dict[int, int] = {}  # seat -> the age it has seen under the top one
        self.denied: frozenset = frozenset()
        self.turn_end = -1   # the seat whose end-of-turn window is still to come (t_turn_over)
        self.marks: dict[str, tuple] = {}     # World's End choices: card id -> (seat, color)
        self.prepper = -1
        self.world_end = False
        self.over = False      # no decision will come again (set first thing by t_score)
        self.outcome: Outcome | None = None   # how the game ended, once it has
        self.revealed: dict[int, tuple] = {}  # seat -> cards shown to that seat only (Nosy)
        self.shown_all: tuple[int, ...] = ()  # cards shown to the whole table out of a hidden
        # zone (a revealed hand card, a tiebreak draw), for View.shown: a tuple, so a clone
        # shares it
        self.answers: list = []
        self.final_catastrophe = -1
        self.limbo: list[int] = []   # cards between zones: being played, or set aside to give
        self.names: list[str] = [f"Player {p + 1}" for p in range(n)]   # for the log's text
        self.undo_floor = 0   # answers before this index can no longer be taken back
        self.shown = False    # set by effects that show someone hidden cards (swapped hands)
        self.hold = 0         # bit p set: pause after seat p's turn play (see t_hold);
        #                       with KEEP_PAUSE, even after a play that showed something
        self.meaning = [-1] * n   # each seat's kept Meaning of Life card, secret (E4); -1 none
        self.meaning_offer: list[tuple] = [()] * n   # the two Meaning cards each seat was dealt
        # Attachments (Techlings, E8-E15): attachment -> its host, and host -> its attachment.
        # Both lie in the same pile; both are empty in a game without attachments.
        self.attached: dict[int, int] = {}
        self.hosts: dict[int, int] = {}

    def keep_log(self) -> None:
        """Start an empty event stream and log (a new game, a position played on from)."""
        self.moves = []
        self.log = Log(self)

    def told(self) -> None:
        """The event just recorded is a line of the log too, rendered by its class (`line`):
        what the line says is told once, by the fact."""
        if self.log is not None:
            self.log.at.append(len(self.moves) - 1)  # type: ignore[arg-type]

    # The result's parts, for the many readers that want one of them: () until it is over.
    @property
    def winners(self) -> tuple[int, ...]:
        return self.outcome.winners if self.outcome is not None else ()

    @property
    def scores(self) -> tuple[int, ...]:
        return self.outcome.scores if self.outcome is not None else ()

    @property
    def tiebreak(self) -> tuple[tuple[int, int], ...]:
        return self.outcome.tiebreak if self.outcome is not None else ()

    def pname(self, p: int) -> str:
        return self.names[p]

    def order_from(self, start: int) -> list[int]:
        n = self.n
        return [(start + i) % n for i in range(n)]

    def opponents(self, p: int) -> list[int]:
        n = self.n
        return [(p + i) % n for i in range(1, n)]

    def owner_of(self, c: int) -> int:
        for q, pl in enumerate(self.players):
            if c in pl.pile:
                return q
        return -1

    def holder_of(self, c: int) -> int:
        for q, pl in enumerate(self.players):
            if c in pl.hand:
                return q
        return -1

    def locate(self, c: int) -> tuple[str, int]:
        """Where a physical card is: (zone, seat) with seat -1 for shared zones."""
        for q, pl in enumerate(self.players):
            if c in pl.hand:
                return ("hand", q)
            if c in pl.pile:
                return ("pile", q)
        if c in self.deck:
            return ("deck", -1)
        if c in self.discard:
            return ("discard", -1)
        if c in self.limbo:
            return ("limbo", -1)
        if c in self.age_deck:
            return ("age_deck", -1)
        for e in self.eras:
            if c in e:
                return ("era", -1)
        return ("out", -1)

    # -- moves: every card that changes zone goes through the methods below (`move` and its
    # specialised forms: draw, discard_from_hand, add_to_pile, remove_from_pile, move_trait,
    # return_to_hand, discard_from_pile, attach, swap_hands, pass_hands); tests/test_moves.py
    # holds every other module of the rules to that.

    def zone(self, z: Zone, seat: int = -1) -> list[int]:
        """The list of a zone (top last): a seat's hand or pile, or a shared zone."""
        if z == "hand":
            return self.players[seat].hand
        if z == "pile":
            return self.players[seat].pile
        if z == "discard":
            return self.discard
        if z == "limbo":
            return self.limbo
        if z == "deck":
            return self.deck
        if z == "age_deck":
            return self.age_deck
        return self.eras[-1]

    def move(self, c: int, src: Zone, dst: Zone, p: int = -1, q: int = -1,
             bottom: bool = False) -> None:
        """Card c leaves zone `src` (of seat p, for a hand or a pile) for the top of `dst` (of
        seat q; its bottom with `bottom`). Out of a pile its gene pool modifiers are undone
        and into one they apply (R10); a host moves with its attachment by `move_trait`.
        (Every play passes here twice, hand to limbo to pile: the usual zones are tested
        first and reached without a call.)"""
        if src == "hand":
            self.players[p].hand.remove(c)
        elif src == "limbo":
            self.limbo.remove(c)
        elif src == "pile":
            self.remove_from_pile(p, c)
        else:
            self.zone(src, p).remove(c)
        if dst == "limbo":
            self.limbo.append(c)
        elif dst == "pile":
            if self.db.gp_card[c]:
                self.add_to_pile(q, c)
            else:
                self.players[q].pile.append(c)
        elif bottom:
            self.zone(dst, q).insert(0, c)
        elif dst == "discard":
            self.discard.append(c)
        elif dst == "hand":
            self.players[q].hand.append(c)
        else:
            self.zone(dst, q).append(c)
        if (src == "hand" or dst == "hand") and self.db.reaction[c]:
            self.held_moved(c, (dst == "hand") - (src == "hand"))
        if self.moves is not None:
            self.moved(c, src, p, dst, q, bottom)

    def move_top(self, src: Zone, dst: Zone, p: int = -1, q: int = -1) -> int:
        """The top card of `src` (a deck, the discard pile or a hand) goes to `dst`: `move`
        without a search. Returns the card."""
        c = (self.deck if src == "deck" else self.zone(src, p)).pop()
        if dst == "hand":           # a deal
            self.players[q].hand.append(c)
        elif dst == "era":          # an age revealed
            self.eras[-1].append(c)
        elif dst == "pile":
            self.add_to_pile(q, c)
        else:
            self.zone(dst, q).append(c)
        if (src == "hand" or dst == "hand") and self.db.reaction[c]:
            self.held_moved(c, (dst == "hand") - (src == "hand"))
        if self.moves is not None:
            self.moved(c, src, p, dst, q)
        return c

    @contextmanager
    def without_in_pile(self, p: int, c: int) -> Iterator[None]:
        """While the block runs, c is out of p's pile (for legality as if it were already
        discarded: its colour, its count); it is back in its place after. Not a move."""
        pile = self.players[p].pile
        i = pile.index(c)
        del pile[i]
        try:
            yield
        finally:
            pile.insert(i, c)

    def draw(self, p: int, n: int) -> list[int]:
        """Player p draws n traits (R9: an empty deck takes the shuffled discard pile)."""
        deck = self.deck
        hand = self.players[p].hand
        if 0 < n <= len(deck):      # the usual case: no reshuffle
            got = deck[-n:]
            del deck[-n:]
            got.reverse()
            hand.extend(got)
            n = 0
            if not self.db.reacting.isdisjoint(got):
                for c in got:
                    if self.db.reaction[c]:
                        self.held_moved(c, 1)
            if self.moves is not None:
                for c in got:
                    self.moved(c, "deck", -1, "hand", p)
        else:
            got = []
        for _ in range(n):
            if not deck:
                if not self.discard:
                    break
                deck.extend(self.discard)
                self.discard.clear()
                self.rng.shuffle(deck)
                if self.moves is not None:
                    self.laid("deck", -1, ())
                    self.told()     # Laid.line: "The discard pile is shuffled into ..."
                    self.laid("discard", -1, None)
            c = deck.pop()
            hand.append(c)
            got.append(c)
            if self.db.reaction[c]:
                self.held_moved(c, 1)
            if self.moves is not None:
                self.moved(c, "deck", -1, "hand", p)
        self.shown = True
        if got and self.moves is not None:
            self.told()     # the draw's last move, Moved.line: "Ann draws 2." ("Antlers, Fangs")
        return got

    def discard_from_hand(self, p: int, c: int) -> None:
        """`move(c, "hand", "discard", p)` written out: about 33 a game, the most frequent
        move after a play's two."""
        self.players[p].hand.remove(c)
        self.discard.append(c)
        if self.db.reaction[c]:
            self.held_moved(c, -1)
        if self.moves is not None:
            self.moved(c, "hand", p, "discard", -1)
            self.told()     # Moved.line: "Ann discards Antlers from hand."
        if self.db.on_hand_discard[c]:      # Witchy, Zombified: may be played instead (E17)
            self.announce("hand_discarded", p, c)

    def change_gp(self, p: int, delta: int, cause: int = -1) -> int:
        """Change a gene pool within 1..8 because of card `cause`; returns the change really
        made (R10)."""
        pl = self.players[p]
        new = pl.gp + delta
        if delta == 0 or not 1 <= new <= 8:
            return 0
        pl.gp = new
        if self.moves is not None:
            self.moves.append(GenePool(p, new, cause))
        return delta

    def add_to_pile(self, p: int, c: int) -> None:
        self.players[p].pile.append(c)
        if self.db.gp_card[c] and not (self.hosts and self.blanked(c)):
            self._gp_on(p, c)

    def _gp_on(self, p: int, c: int) -> None:
        """Card c's gene pool modifiers take effect for its pile's owner p (R10)."""
        d = self.db.cards[c]
        if d.gp_self:
            real = self.change_gp(p, d.gp_self, c)
            if real:
                self.players[p].gp_mods[c] = real
        if d.gp_all:
            for q in self.order_from(p):
                real = self.change_gp(q, d.gp_all, c)
                if real:
                    self.players[q].gp_mods[c] = self.players[q].gp_mods.get(c, 0) + real

    def _gp_off(self, c: int) -> None:
        """Undo exactly what card c's modifiers did (R10), even outside 1..8."""
        for q, pl in enumerate(self.players):
            real = pl.gp_mods.pop(c, 0)
            if real:
                pl.gp = max(0, pl.gp - real)
                if self.moves is not None:
                    self.moves.append(GenePool(q, pl.gp, c))

    def remove_from_pile(self, p: int, c: int) -> None:
        """Take card c out of p's pile, undoing exactly what its modifiers did (R10)."""
        self.players[p].pile.remove(c)
        if self.db.gp_card[c]:
            self._gp_off(c)
        rc = self.players[p].recolor
        if rc:
            rc.pop(c, None)

    def move_trait(self, src: int, dst: int, c: int) -> None:
        """c goes from src's pile into dst's, its attachment with it (E10)."""
        self.move(c, "pile", "pile", src, dst)
        if self.hosts and c in self.hosts:
            self.move(self.hosts[c], "pile", "pile", src, dst)

    def swap_traits(self, q: int, one: int, r: int, two: int) -> None:
        """q's trait `one` and r's trait `two` change piles, each with its attachment (E10)."""
        self.move_trait(q, r, one)
        self.move_trait(r, q, two)

    def return_to_hand(self, q: int, c: int) -> None:
        """c goes from q's pile back to q's hand, its attachment with it (E10)."""
        a = self.hosts.get(c, -1) if self.hosts else -1
        self.move(c, "pile", "hand", q, q)
        if a >= 0:
            self.move(a, "pile", "hand", q, q)
            self._unhook(a)
            self.tell(Ruling, "with_return", a, q)

    # -- attachments (E8-E15)

    def blanked(self, c: int) -> bool:
        """Whether c's rules text has no effect now: it hosts Lyonization (E11)."""
        a = self.hosts.get(c, -1)
        return a >= 0 and self.db.blanks[a]

    def attach(self, q: int, a: int, host: int) -> None:
        """Attachment `a` enters q's pile from limbo (being played) on `host` (which lies
        there). Lyonization turns off the host's gene pool change at once (rule 10: exactly
        what it did is undone)."""
        self.move(a, "limbo", "pile", q=q)
        self._hook(a, host)

    def move_attachment(self, q: int, a: int, host: int) -> None:
        """Attachment `a` moves to another host in the same pile q (Ruggedized, E14)."""
        self.detach(q, a)
        self._hook(a, host)

    def _hook(self, a: int, host: int) -> None:
        self.attached[a] = host
        self.hosts[host] = a
        if self.moves is not None:
            self.noted_hook(a, host, True)
        if self.db.blanks[a] and self.db.gp_card[host]:
            self._gp_off(host)

    def detach(self, q: int, a: int) -> None:
        """Attachment `a` leaves its host, both staying in q's pile (Ruggedized moving): what
        it did to the host ends; a gene pool change Lyonization turned off comes back."""
        host = self._unhook(a)
        if host >= 0 and self.db.blanks[a] and self.db.gp_card[host]:
            self._gp_on(q, host)

    def _unhook(self, a: int) -> int:
        host = self.attached.pop(a, -1)
        if host >= 0:
            self.hosts.pop(host, None)
            if self.moves is not None:
                self.noted_hook(a, host, False)
        return host

    def keeps_place(self, c: int, op: str) -> bool:
        """Whether c cannot be taken out of its pile by `op` (steal, swap, discard, or any
        other removal: give, return, move) because of its attachment's protection (E10)."""
        a = self.hosts.get(c, -1)
        if a < 0:
            return False
        prot = self.db.protects[a]
        return bool(prot) and ("all" in prot or op in prot)

    def discard_from_pile(self, p: int, c: int, by: int | None = None,
                          at_random: bool = False) -> bool:
        """Discard a trait from p's pile; Endurance stays; Regenerative Tissue triggers (R24).
        `by` is the player who picked it when that is not p (Reckless); the log names both.
        While attachments lie in piles (E10, E11) an attachment goes with its host, a host its
        attachment protects from discarding stays, and a blanked trait neither stays
        (Endurance, Fulfilled) nor triggers (Regenerative Tissue) nor goes back to its hand
        (Witchy, E17)."""
        db = self.db
        d = db.cards[c]
        hosted = bool(self.hosts)
        if (d.keeps or d.fixed) and not (hosted and self.blanked(c)) \
                or hosted and self.keeps_place(c, "discard"):
            self.tell(Ruling, "endurance", c, p)
            return False
        a = self.hosts.get(c, -1) if hosted else -1
        quiet = {x for x in self.players[p].pile if self.blanked(x)} if hosted else ()
        back = d.back_to_hand and c not in quiet     # Witchy: back to its owner's hand
        self.move(c, "pile", "hand" if back else "discard", p, p)
        if self.log is not None:
            if by is not None and by != p:
                self.tell(Transferred, "discard_by", by, c, p)
            else:
                self.tell(Transferred, "discard_random" if at_random else "discard", p, c, p)
        if a >= 0:
            self.move(a, "pile", "discard", p)
            self._unhook(a)
            self.tell(Ruling, "with_discard", a, p)
        if db.hear["pile_discarded"] is not None:
            # Regenerative Tissue, Necromantic (E17, E31: its player picks one when a host and
            # its attachment go): the traits gone, those of them now in the discard pile
            gone = (c,) if a < 0 else (c, a)
            self.announce("pile_discarded", p, gone, (gone[back:], quiet))
        return True
