"""The game: state, the work stack that drives it, and the rules of rounds, turns and scoring.

The engine never blocks. Work is a stack of small tasks `(function, args...)`; `_run` pops and
performs them until a task needs a decision, which it publishes as `pending` after pushing the
task that will take the answer. `apply(answer)` checks the answer against the legal ones and
runs on. Because the stack holds only tuples of plain values (and effect contexts), `clone()`
copies a game in the middle of any effect, which is what search needs.
"""

from __future__ import annotations

from typing import Any

from doomlings_desktop.rules.cards import COLORS, Database
from doomlings_desktop.rules.counters import PRIVATE
from doomlings_desktop.rules.decisions import (
    CANNOT_PLAY,
    CHOOSE_RECIPIENT,
    DISCARD_HAND_CARD,
    END_TURN,
    EXTRA_PLAY,
    LOSE_OWN_TRAIT,
    OFFER_OUT_OF_TURN,
    REDRAW_INSTEAD,
    STABILIZE,
    TURN_PLAY,
    Decision,
)
from doomlings_desktop.rules.rng import Rng
from doomlings_desktop.rules.verbs import Ctx, t_effect

VARIANTS = ("long_age_deck", "catastrophe_ends_round", "gene_pool_leader_bonus")


class IllegalAnswer(Exception):
    """An answer that is not among the pending decision's legal answers; nothing changed."""


class Player:
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


class Game:
    """One game of Doomlings. Create with `Game.new`, drive with `pending` and `apply`."""

    __slots__ = (
        "db", "variants", "n", "players", "deck", "discard", "age_deck", "eras", "age", "rules",
        "catastrophes", "first", "current", "stack", "pending", "answer", "rng", "log",
        "last_color", "turn_plays", "skip_round", "no_stabilize", "bonus_used", "known_age",
        "denied", "marks", "prepper", "world_end", "over", "winners", "scores", "tiebreak",
        "revealed", "answers", "seed", "final_catastrophe", "limbo", "names", "undo_floor",
        "shown", "turn_end", "hold",
    )

    # ------------------------------------------------------------------ creation

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
        self.log: list | None = [] if log else None
        self.last_color: str | None = None
        self.turn_plays: list[int] = []
        self.skip_round = False
        self.no_stabilize = -1
        self.bonus_used = False
        self.known_age: dict[int, int] = {}   # seat -> age card it has seen on top of the deck
        self.denied: frozenset = frozenset()
        self.turn_end = -1   # the seat whose end-of-turn window is still to come (t_turn_over)
        self.marks: dict[str, tuple] = {}     # World's End choices: card id -> (seat, color)
        self.prepper = -1
        self.world_end = False
        self.over = False
        self.winners: list[int] = []
        self.scores: list[int] = []
        self.tiebreak: list[tuple[int, int]] = []
        self.revealed: dict[int, tuple] = {}  # seat -> cards shown to that seat only (Nosy)
        self.answers: list = []
        self.final_catastrophe = -1
        self.limbo: list[int] = []   # cards between zones: being played, or set aside to give
        self.names: list[str] = [f"Player {p + 1}" for p in range(n)]   # for the log's text
        self.undo_floor = 0   # answers before this index can no longer be taken back
        self.shown = False    # set by effects that show someone hidden cards (swapped hands)
        self.hold = 0         # bit p set: pause after seat p's turn play (see t_hold)

    @classmethod
    def new(cls, db: Database, players: int, seed: int = 0, variants: dict | None = None,
            log: bool = True, names: list[str] | None = None) -> Game:
        """A fresh game: decks built and shuffled with the seed, 5 cards each, Birth of Life next."""
        g = cls(db, players, seed, variants, log)
        if names:
            g.names = [str(x) for x in names][:players] + g.names[len(names):]
        rng = g.rng
        g.deck = list(db.traits)
        rng.shuffle(g.deck)
        ages = list(db.ages)
        cats = list(db.catastrophes)
        rng.shuffle(ages)
        rng.shuffle(cats)
        if g.variants.get("long_age_deck"):
            sizes = [len(ages) - 2 * (len(ages) // 3), len(ages) // 3, len(ages) // 3]
        else:
            sizes = [3, 3, 3]
        piles, k = [], 0
        for i, size in enumerate(sizes):
            pile = ages[k:k + size] + [cats[i]]
            k += size
            rng.shuffle(pile)
            piles.append(pile)
        top_first = [c for pile in piles for c in pile]
        if db.birth >= 0:
            top_first.insert(0, db.birth)
        g.age_deck = top_first[::-1]
        for p in g.players:
            for _ in range(5):
                p.hand.append(g.deck.pop())
        g.stack.append((t_round,))
        g._run()
        return g

    # ------------------------------------------------------------------ copying

    def clone(self) -> Game:
        """A deep copy for search; its log is off."""
        g = Game.__new__(Game)
        g.db = self.db
        g.variants = self.variants
        g.n = self.n
        g.seed = self.seed
        g.rng = self.rng.clone()
        g.players = [p.clone() for p in self.players]
        g.deck = self.deck[:]
        g.discard = self.discard[:]
        g.age_deck = self.age_deck[:]
        g.eras = [e[:] for e in self.eras]
        g.age = self.age
        g.rules = self.rules
        g.catastrophes = self.catastrophes[:]
        g.first = self.first
        g.current = self.current
        memo: dict[int, Ctx] = {}
        stack = []
        for t in self.stack:
            if len(t) > 1 and type(t[1]) is Ctx:
                c = t[1]
                nc = memo.get(id(c))
                if nc is None:
                    nc = memo[id(c)] = c.clone()
                t = (t[0], nc) + t[2:]
            stack.append(t)
        g.stack = stack
        g.pending = self.pending
        g.answer = self.answer
        g.log = None
        g.last_color = self.last_color
        g.turn_plays = self.turn_plays[:]
        g.skip_round = self.skip_round
        g.no_stabilize = self.no_stabilize
        g.bonus_used = self.bonus_used
        g.known_age = self.known_age.copy() if self.known_age else {}
        g.denied = self.denied
        g.marks = self.marks.copy() if self.marks else {}
        g.prepper = self.prepper
        g.world_end = self.world_end
        g.over = self.over
        g.winners = self.winners[:]
        g.scores = self.scores[:]
        g.tiebreak = self.tiebreak[:]
        g.revealed = self.revealed.copy() if self.revealed else {}
        g.answers = self.answers[:]
        g.final_catastrophe = self.final_catastrophe
        g.limbo = self.limbo[:]
        g.names = self.names
        g.undo_floor = self.undo_floor
        g.shown = False
        g.turn_end = self.turn_end
        g.hold = self.hold
        return g

    # ------------------------------------------------------------------ driving

    def can_undo(self) -> bool:
        """Whether the last answer may be taken back (by the player now deciding)."""
        return len(self.answers) > self.undo_floor and self.pending is not None

    def legal_answers(self) -> list:
        return list(self.pending.options) if self.pending else []

    def apply(self, answer: Any) -> None:
        """Answer the pending decision. Raises IllegalAnswer (changing nothing) if not legal."""
        d = self.pending
        if d is None:
            raise IllegalAnswer("the game is over" if self.over else "no decision is pending")
        # Answers match by type as well as value: 34.0 or Fraction(34) equal the card 34 but
        # would be written into the record as something no replay can read.
        t = type(answer)
        if (t is not int and t is not str) or answer not in d.options:
            raise IllegalAnswer(self.why_not(answer))
        self.pending = None
        self.answer = answer
        self.answers.append(answer)
        rng_state = self.rng.state
        self.shown = False
        stack = self.stack      # _run, inlined: this is the engine's innermost loop
        pop = stack.pop
        while stack and self.pending is None:
            t = pop()
            t[0](self, t)
        if len(stack) > 5000:
            self._run()         # raises the looping error
        # Anything hidden that came to light makes this answer final (undo must never let a
        # player see something and then take back the move that showed it): a random pick, a
        # draw, a revealed or peeked age, a look at a hand, or the turn passing to someone else.
        nxt = self.pending
        if (self.shown or nxt is None or nxt.player != d.player
                or self.rng.state != rng_state):
            self.undo_floor = len(self.answers)
            if self.hold and nxt is not None and nxt.kind == "end_turn":
                # The pause after a turn's play is there to let Undo take the play back;
                # with nothing left to take back it would only be a click more: skip it.
                self.pending = None
                stack.pop()     # its continuation, t_hold_ans
                self._run()

    def why_not(self, answer: Any) -> str:
        """A short reason why an answer is not legal now (for the player)."""
        d = self.pending
        if d is None:
            return "no decision is pending"
        db = self.db
        if type(answer) is not int and type(answer) is not str:
            return f"an answer is a card, a seat or a word, not a {type(answer).__name__}"
        if d.kind == "play" and type(answer) is int and 0 <= answer < len(db.cards):
            if answer not in self.players[d.player].hand:
                return f"{db.name(answer)} is not in your hand"
            reason = self.play_problem(d.player, answer)
            if reason:
                return reason
        shown = repr(answer) if len(repr(answer)) <= 40 else repr(answer)[:37] + "..."
        return f"{shown} is not a legal answer here ({d.prompt})"

    def _run(self) -> None:
        stack = self.stack
        pop = stack.pop
        while stack and self.pending is None:
            t = pop()
            t[0](self, t)
        if len(stack) > 5000:   # only a looping card database gets here
            raise RuntimeError("the rules engine is looping: the work stack holds "
                               f"{len(stack)} tasks, the last ones {stack[-3:]}")

    def ask(self, player: int, kind: str, intent: str, options: list, prompt: str, cont: tuple,
            card: int = -1, zone: str = "", sources: tuple | None = None,
            subject: int = -1) -> None:
        """Wait for `player`'s answer; `cont` is the task that takes it (rules/decisions.py)."""
        self.stack.append(cont)
        self.pending = Decision(player, kind, intent, options, prompt, card, subject, zone,
                                sources)

    def ask_picks(self, count: int, player: int, kind: str, intent: str, options: list,
                  prompt: str, cont: tuple, card: int = -1, zone: str = "") -> None:
        """`ask` for the first of `count` picks that follow one another (Decision.count)."""
        self.stack.append(cont)
        d = self.pending = Decision(player, kind, intent, options, prompt, card, -1, zone)
        d.count = count

    def say(self, kind: str, text: str, private_to: tuple = (), private: str = "") -> None:
        """Log an event. `text` is public; `private` is shown instead to the seats in private_to."""
        if self.log is not None:
            self.log.append((kind, text, private_to, private))

    def pname(self, p: int) -> str:
        return self.names[p]

    def queued_turns(self) -> list[int]:
        """The seats whose turns this round are queued and not yet begun (a bot's horizon)."""
        return [t[1] for t in self.stack if t[0] is t_turn or t[0] is t_turn_main]

    # ------------------------------------------------------------------ queries

    def order_from(self, start: int) -> list[int]:
        n = self.n
        return [(start + i) % n for i in range(n)]

    def opponents(self, p: int) -> list[int]:
        n = self.n
        return [(p + i) % n for i in range(1, n)]

    def color_of(self, p: int, c: int) -> str:
        rc = self.players[p].recolor   # only Faith sets this, at World's End
        if rc is not None and c in rc:
            return rc[c]
        return self.db.color[c]

    def pile_colors(self, p: int) -> list[str]:
        """The colors of p's traits in pile order (the fast path skips Faith's recolor map)."""
        pl = self.players[p]
        col = self.db.color
        rc = pl.recolor
        if not rc:
            return [col[c] for c in pl.pile]
        return [rc.get(c) or col[c] for c in pl.pile]

    def dominants(self, p: int) -> int:
        return sum(map(self.db.dominant.__getitem__, self.players[p].pile))

    def has_in_pile(self, p: int, ident: str) -> bool:
        idt = self.db.ident
        return any(idt[c] == ident for c in self.players[p].pile)

    def protected(self, op: str) -> bool:
        """Reforestation: piles cannot be swapped, stolen or discarded from this round."""
        return bool(self.rules.get("protect_piles")) and op in ("steal", "swap", "discard")

    def round_blocks(self, c: int) -> str | None:
        """The round's restriction that stops playing card c, if any (R17)."""
        rules = self.rules
        if not rules:
            return None
        db = self.db
        col = db.color[c]
        why = None
        if rules.get("forbid_color") == col:
            why = f"no {col} traits this round"
        elif "max_value" in rules and db.value[c] > rules["max_value"]:
            why = f"only traits worth {rules['max_value']} or less this round"
        elif rules.get("not_last_color") and self.last_color == col:
            why = f"not the color of the last trait played ({col})"
        return f"{db.cards[self.age].name}: {why}" if why else None

    def play_problem(self, p: int, c: int, from_hand: bool = True) -> str | None:
        """Why player p cannot play card c from hand now, or None if it is legal (R7)."""
        r = self.round_blocks(c)
        if r:
            return r
        if self.db.dominant[c] and self.dominants(p) >= 2:
            return f"{self.db.cards[c].name}: you already have 2 dominant traits"
        return self._requirement_problem(p, c) if from_hand else None

    def _requirement_problem(self, p: int, c: int) -> str | None:
        """A requirement not met or a cost that cannot be paid (R7, R15)."""
        d = self.db.cards[c]
        req = d.requires
        if req is not None:
            color, need = req
            have = self.pile_colors(p).count(color)
            if have < need:
                return f"{d.name}: needs {need} {color} trait{'s' if need > 1 else ''} in your pile"
        cost = d.cost
        if cost is not None:
            op, flt = cost
            if op == "discard_trait" and self.protected("discard"):
                return f"{d.name}: traits cannot be discarded this round"
            if not self.pile_targets([p], flt, op):
                what = "give" if op == "give_trait" else "discard"
                return f"{d.name}: you have no trait to {what} for its cost"
        return None

    def legal_plays(self, p: int) -> list[int]:
        """Cards player p may play from hand now (the hot path of every turn).

        The same rules as `play_problem`, arranged for the common case: no round rule and only
        plain cards cost one pass over the hand without calls."""
        hand = self.players[p].hand
        db = self.db
        rules = self.rules
        if rules:
            forbid = rules.get("forbid_color")
            mv = rules.get("max_value")
            last = self.last_color if rules.get("not_last_color") else None
            if forbid is not None or last is not None or mv is not None:
                col = db.color
                val = db.value
                allowed = []
                for c in hand:
                    cc = col[c]
                    if cc != forbid and cc != last and (mv is None or val[c] <= mv):
                        allowed.append(c)
                hand = allowed
        out = hand[:]
        plain = db.plain
        full = None
        for c in hand:
            if plain[c]:
                continue
            if db.dominant[c]:
                if full is None:
                    full = self.dominants(p) >= 2
                if full:
                    out.remove(c)
                    continue
            if self._requirement_problem(p, c):
                out.remove(c)
        return out

    def matches(self, p: int, c: int, flt: tuple, source: int = -1) -> bool:
        db = self.db
        for k, v in flt:
            if k == "color":
                rc = self.players[p].recolor
                if ((rc and rc.get(c)) or db.color[c]) != v:
                    return False
            elif k == "value":
                if db.value[c] != v or db.cards[c].variable:
                    return False
            elif k == "value_at_least":
                if db.value[c] < v:
                    return False
            elif k == "has_action":
                if db.has_action[c] != v:
                    return False
            elif k == "dominant":
                if db.dominant[c] != v:
                    return False
            elif k == "effectless":
                if (not db.has_effect[c]) != v:
                    return False
            elif k == "not_self":
                if v and c == source:
                    return False
        return True

    def pile_targets(self, seats: list[int], flt: tuple = (), op: str = "", source: int = -1,
                     allow_dominant: bool = False) -> list[int]:
        """Cards in those piles that an effect may take: never dominants (R13), never in a
        protected round for steal/swap/discard, and matching the filter."""
        if op and self.protected(op):
            return []
        dom = self.db.dominant
        out = []
        for q in seats:
            for c in self.players[q].pile:
                if dom[c] and not allow_dominant:
                    continue
                if flt and not self.matches(q, c, flt, source):
                    continue
                out.append(c)
        return out

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

    # ------------------------------------------------------------------ card movement

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
        else:
            got = []
        for _ in range(n):
            if not deck:
                if not self.discard:
                    break
                deck.extend(self.discard)
                self.discard.clear()
                self.rng.shuffle(deck)
                if self.log is not None:
                    self.say("reshuffle", "The discard pile is shuffled into a new trait deck.")
            c = deck.pop()
            hand.append(c)
            got.append(c)
        self.shown = True
        if got and self.log is not None:
            names = ", ".join(self.db.name(c) for c in got)
            self.say("draw", f"{self.pname(p)} draws {len(got)}.", (p,),
                     f"{self.pname(p)} draws {names}.")
        return got

    def discard_from_hand(self, p: int, c: int) -> None:
        self.players[p].hand.remove(c)
        self.discard.append(c)
        if self.log is not None:
            self.say("discard", f"{self.pname(p)} discards {self.db.name(c)} from hand.")

    def change_gp(self, p: int, delta: int) -> int:
        """Change a gene pool within 1..8; returns the change really made (R10)."""
        pl = self.players[p]
        new = pl.gp + delta
        if delta == 0 or not 1 <= new <= 8:
            return 0
        pl.gp = new
        return delta

    def add_to_pile(self, p: int, c: int) -> None:
        self.players[p].pile.append(c)
        if self.db.gp_card[c]:
            d = self.db.cards[c]
            if d.gp_self:
                real = self.change_gp(p, d.gp_self)
                if real:
                    self.players[p].gp_mods[c] = real
            if d.gp_all:
                for q in self.order_from(p):
                    real = self.change_gp(q, d.gp_all)
                    if real:
                        self.players[q].gp_mods[c] = self.players[q].gp_mods.get(c, 0) + real

    def remove_from_pile(self, p: int, c: int) -> None:
        """Take card c out of p's pile, undoing exactly what its modifiers did (R10)."""
        self.players[p].pile.remove(c)
        if self.db.gp_card[c]:
            for pl in self.players:
                real = pl.gp_mods.pop(c, 0)
                if real:
                    pl.gp = max(0, pl.gp - real)
        rc = self.players[p].recolor
        if rc:
            rc.pop(c, None)

    def move_trait(self, src: int, dst: int, c: int) -> None:
        self.remove_from_pile(src, c)
        self.add_to_pile(dst, c)

    def discard_from_pile(self, p: int, c: int, by: int | None = None,
                          at_random: bool = False) -> bool:
        """Discard a trait from p's pile; Endurance stays; Regenerative Tissue triggers (R24).
        `by` is the player who picked it when that is not p (Reckless); the log names both."""
        db = self.db
        d = db.cards[c]
        if d.keeps:
            if self.log is not None:
                self.say("endurance", f"{d.name} stays in {self.pname(p)}'s pile.")
            return False
        self.remove_from_pile(p, c)
        self.discard.append(c)
        if self.log is not None:
            if by is not None and by != p:
                text = f"{self.pname(by)} discards {d.name} from {self.pname(p)}'s pile."
            else:
                text = f"{self.pname(p)} discards {d.name} from their pile" + \
                    (" at random." if at_random else ".")
            self.say("discard_trait", text)
        for x in self.players[p].pile + [c]:
            trig = db.cards[x].triggers if db.special[x] else None
            if trig and "own_trait_discarded" in trig:
                self.stack.append((t_effect, Ctx(p, x, trig["own_trait_discarded"])))
        return True

    # ------------------------------------------------------------------ plays

    def play_from_hand(self, p: int, c: int, resolve_action: bool = True,
                       ignore_requirement: bool = False, allow_third: bool = False) -> None:
        """Play card c from p's hand: pay its cost, it enters the pile, windows, action."""
        self.players[p].hand.remove(c)
        self.limbo.append(c)
        d = self.db.cards[c]
        enter = (t_enter, p, c, "hand", resolve_action, allow_third)
        if d.cost is not None and not ignore_requirement:
            op, flt = d.cost
            self.stack.append(enter)
            self.stack.append((t_pay_cost, p, c, op, flt))
        else:
            t_enter(self, enter)

    def play_out_of_turn(self, q: int, c: int, into: int | None = None) -> None:
        """An out-of-turn card goes from q's hand into q's pile (or `into`'s, Self-Awareness).
        It counts as the last trait played (Natural Harmony); it is not a turn and is not
        followed by stabilizing (R20)."""
        self.players[q].hand.remove(c)
        self.add_to_pile(q if into is None else into, c)
        self.last_color = self.db.color[c]

    def play_from_discard(self, p: int, c: int, resolve_action: bool) -> None:
        self.discard.remove(c)
        self.limbo.append(c)
        self.stack.append((t_enter, p, c, "discard", resolve_action, False))

    def resolve_action(self, p: int, c: int) -> None:
        """Start card c's action for player p, offering Automimicry/Chromatophores first."""
        if self.rules.get("ignore_actions"):
            if self.log is not None:
                self.say("peace", f"{self.db.name(c)}'s action is ignored this round.")
            return
        if self.anyone_holds("cancel_action"):
            self.stack.append((t_cancel_window, p, c, 1))
        else:
            self.stack.append((t_effect, Ctx(p, c, self.db.cards[c].action)))

    def stabilize(self, p: int) -> None:
        target = self.rules.get("stabilize_to", self.players[p].gp)
        target = max(0, target)
        hand = self.players[p].hand
        if len(hand) < target:
            self.draw(p, target - len(hand))
        elif len(hand) > target:
            self.stack.append((t_stab_discard, p, target))

    def reacting_cards(self, q: int, kind: str) -> list[int]:
        """Cards of that reaction kind in q's hand that q could legally play now."""
        hand = self.players[q].hand
        out = []
        for c in self.db.reactors.get(kind, ()):
            if c in hand and self.play_problem(q, c) is None:
                out.append(c)
        return out

    def holds(self, q: int, kind: str) -> bool:
        hand = self.players[q].hand
        return any(c in hand for c in self.db.reactors.get(kind, ()))

    def anyone_holds(self, kind: str) -> bool:
        """Whether any hand holds an out-of-turn card of that kind (a window's fast exit)."""
        for c in self.db.reactors[kind]:
            for pl in self.players:
                if c in pl.hand:
                    return True
        return False

    # ------------------------------------------------------------------ scoring

    def score_breakdown(self, p: int, seen_by: int | None = None) -> list[tuple[str, int]]:
        """(label, points) lines: face values, each bonus, World's End modifiers.

        With `seen_by` another seat, bonuses that depend on the cards in p's hand are left out:
        that is the score as the other player can know it."""
        db = self.db
        pl = self.players[p]
        ai_rule = self.over_rule() == "ai_takeover"
        exempt = self.we_exempt() if self.world_end else frozenset()
        ai = ai_rule and p not in exempt
        lines: list[tuple[str, int]] = []
        value = db.value
        if ai:
            face = sum(2 if db.color[c] == "colorless" and not db.dominant[c] else value[c]
                       for c in pl.pile)
        else:
            face = sum(map(value.__getitem__, pl.pile))
        lines.append(("Face values", face))
        scoring = db.scoring
        others = db.scores_others
        others_ids = db.scores_others_ids
        for q in range(self.n):
            flags = scoring if q == p else others
            pile = self.players[q].pile
            if q != p and others_ids.isdisjoint(pile):
                continue
            for c in pile:
                if flags[c]:
                    name = db.cards[c].name
                    lines.extend((name, v) for v in self._bonus(p, q, c, seen_by, ai_rule, exempt))
        for label, v in pl.we_points:
            lines.append((label, v))
        if self.world_end and self.final_catastrophe >= 0 and p not in exempt:
            cat = db.cards[self.we_catastrophe()]
            for fn, arg, pts, to, _cond in cat.we_score:
                v = self._we_term(p, fn, arg, pts, to)
                if v:
                    lines.append((cat.name, v))
        if self.over and self.variants.get("gene_pool_leader_bonus"):
            top = max(o.gp for o in self.players)
            if pl.gp == top and sum(1 for o in self.players if o.gp == top) == 1:
                lines.append(("Gene pool leader", 3))
        return lines

    def _bonus(self, p: int, q: int, c: int, seen_by: int | None, ai_rule: bool,
               exempt: frozenset) -> list[int]:
        """The points card c in q's pile gives p now (its Score: terms), each term apart."""
        d = self.db.cards[c]
        if ai_rule and q not in exempt and d.color == "colorless" and not d.dominant:
            return []   # AI Takeover: colorless effects are ignored
        out = []
        for fn, arg, pts, to, cond in d.score:
            if (to == "self") != (q == p):
                continue
            if cond == "most_traits_strict":
                mine = len(self.players[p].pile)
                if not all(mine > len(o.pile) for i, o in enumerate(self.players) if i != p):
                    continue
            if seen_by is not None and seen_by != p and fn in PRIVATE:
                continue
            v = fn(self, p, arg) * pts
            if v:
                out.append(v)
        return out

    def worth(self, p: int, c: int, seen_by: int | None = None) -> int:
        """What a variable-value trait c in p's pile is worth to p now, as seat `seen_by` can
        know it: its own Score: terms (what the table writes in its value disc)."""
        db = self.db
        ai_rule = self.over_rule() == "ai_takeover"
        exempt = self.we_exempt() if self.world_end else frozenset()
        face = db.value[c]
        if ai_rule and p not in exempt and db.color[c] == "colorless" and not db.dominant[c]:
            face = 2
        return face + sum(self._bonus(p, p, c, seen_by, ai_rule, exempt))

    def _we_term(self, p: int, fn: Any, arg: Any, pts: int, to: str) -> int:
        if to == "most_traits" or to == "fewest_traits":
            sizes = [len(o.pile) for o in self.players]
            target = max(sizes) if to == "most_traits" else min(sizes)
            return pts if sizes[p] == target else 0
        return fn(self, p, arg) * pts

    def we_catastrophe(self) -> int:
        return self.prepper if self.prepper >= 0 else self.final_catastrophe

    def we_exempt(self) -> frozenset:
        """Players Denial spares from the World's End effect: only if it is the effect of the
        catastrophe they ignored, not one of an earlier catastrophe chosen through Prepper."""
        return self.denied if self.we_catastrophe() == self.final_catastrophe else frozenset()

    def over_rule(self) -> str | None:
        if not self.world_end or self.final_catastrophe < 0:
            return None
        return self.db.cards[self.we_catastrophe()].we_rule

    def score(self, p: int, seen_by: int | None = None) -> int:
        return sum(v for _, v in self.score_breakdown(p, seen_by))


# ====================================================================== tasks
# Each task is `(function, *args)`; a function reads `g.answer` when it follows a decision.

def _push_turns(g: Game) -> None:
    order = g.order_from(g.first)
    if g.rules.get("reverse_order"):
        order = order[::-1]
    g.stack.append((t_round_end,))
    for p in reversed(order):
        g.stack.append((t_turn, p))


def t_round(g: Game, t: tuple) -> None:
    """Reveal the next age card and set up the round (R3, R4)."""
    if not g.age_deck:
        if g.log is not None:
            g.say("end", "The age deck is empty: the world ends without a final catastrophe.")
        g.stack.append((t_score,))
        return
    a = g.age_deck.pop()
    g.shown = True
    g.known_age.clear()
    d = g.db.cards[a]
    if d.kind == "catastrophe":
        reveal_catastrophe(g, a, third=len(g.catastrophes) >= 2)
        return
    g.age = a
    g.rules = d.rules
    g.eras[-1].append(a)
    if g.log is not None:
        g.say("age", f"Age: {d.name}. {d.text}")
    _push_turns(g)
    if d.setup:
        for p in reversed(g.order_from(g.first)):
            g.stack.append((t_effect, Ctx(p, a, d.setup)))


def _end_of_turn(g: Game, nxt: tuple) -> bool:
    """Run the last turn's end-of-turn window before `nxt`, if anyone could use it.

    The window is not pushed with every turn: it is opened here, by the task that follows a
    turn (the next turn or the round's end), which saves a task in every turn of every game."""
    q = g.turn_end
    g.turn_end = -1
    if not g.anyone_holds("self_awareness"):
        return False
    g.stack.append(nxt)
    g.stack.append((t_turn_over, q))
    return True


def t_round_end(g: Game, t: tuple) -> None:
    if g.turn_end >= 0 and _end_of_turn(g, t):
        return
    g.last_color = None
    g.skip_round = False
    g.stack.append((t_round,))


def reveal_catastrophe(g: Game, c: int, third: bool) -> None:
    """R4: first player passes left, gene pools change, catastrophic effects, then turns or R5."""
    db = g.db
    d = db.cards[c]
    g.catastrophes.append(c)
    g.eras[-1].append(c)
    g.eras.append([])
    g.age = c
    g.rules = {}
    g.first = (g.first + 1) % g.n
    if g.log is not None:
        g.say("catastrophe", f"Catastrophe: {d.name}! {g.pname(g.first)} is now the first player.")
    denied = set()
    for p in range(g.n):
        pl = g.players[p]
        if pl.denial_spent:
            continue
        if any(map(db.denial.__getitem__, pl.pile)):
            pl.denial_spent = True
            if not d.undeniable:     # The Four Horsemen: Denial is spent, but it strikes
                denied.add(p)
                if g.log is not None:
                    g.say("denial", f"{g.pname(p)} ignores {d.name} (Denial).")
    g.denied = frozenset(denied)
    order = g.order_from(g.first)
    for p in order:
        if p not in denied and d.gene_pool:
            g.change_gp(p, d.gene_pool)
    if third:
        g.final_catastrophe = c
        g.stack.append((t_world_end,))
    elif g.variants.get("catastrophe_ends_round"):
        g.stack.append((t_round_end,))
    else:
        _push_turns(g)
    for p in reversed(order):
        if p not in denied and d.each:
            g.stack.append((t_effect, Ctx(p, c, d.each)))
    if d.once:
        ctx = Ctx(g.first, c, d.once)
        ctx.vars["affected"] = tuple(p for p in order if p not in denied)
        g.stack.append((t_effect, ctx))


def t_turn(g: Game, t: tuple) -> None:
    if g.turn_end >= 0 and _end_of_turn(g, t):
        return
    p = t[1]
    if g.skip_round or g.over:
        return
    g.current = p
    g.turn_plays = []
    g.bonus_used = False
    g.turn_end = p
    db = g.db
    pile = g.players[p].pile
    main = True
    for x in db.turn_start:
        if x in pile:
            if main:
                g.stack.append((t_turn_main, p))
                main = False
            g.stack.append((t_effect, Ctx(p, x, db.cards[x].triggers["turn_start"])))
    if main:
        t_turn_main(g, t)


def t_turn_main(g: Game, t: tuple) -> None:
    p = t[1]
    pl = g.players[p]
    if not pl.hand:
        if g.log is not None:
            g.say("empty_hand", f"{g.pname(p)} has no cards: draws 5 and skips the turn.")
        g.draw(p, 5)
        return
    legal = g.legal_plays(p)
    if not legal:
        g.ask(p, "no_play", CANNOT_PLAY, ["skip", "redraw"],
              "You cannot play any trait: skip, or discard your hand and draw 3",
              (t_no_play, p))
        return
    g.ask(p, "play", TURN_PLAY, legal, "Play a trait", (t_turn_play, p), zone="hand")


def t_no_play(g: Game, t: tuple) -> None:
    p = t[1]
    if g.answer == "redraw":
        pl = g.players[p]
        if g.log is not None:
            g.say("redraw", f"{g.pname(p)} cannot play: discards their hand and draws 3.")
        g.discard.extend(pl.hand)
        pl.hand.clear()
        g.draw(p, 3)
    else:
        if g.log is not None:
            g.say("skip", f"{g.pname(p)} cannot play and skips the turn.")


def t_turn_play(g: Game, t: tuple) -> None:
    p = t[1]
    g.stack.append((t_after_play, p))
    g.play_from_hand(p, g.answer)


def t_pay_cost(g: Game, t: tuple) -> None:
    _, p, c, op, flt = t
    options = g.pile_targets([p], flt, "discard" if op == "discard_trait" else "")
    if not options:
        return
    verb = "give to an opponent" if op == "give_trait" else "discard"
    g.ask(p, "card", LOSE_OWN_TRAIT, options, f"{g.db.name(c)}: choose a trait to {verb}",
          (t_pay_cost_ans, p, c, op), card=c, zone="pile")


def t_pay_cost_ans(g: Game, t: tuple) -> None:
    _, p, c, op = t
    x = g.answer
    if op == "discard_trait":
        g.discard_from_pile(p, x)
        return
    opps = g.opponents(p)
    g.ask(p, "player", CHOOSE_RECIPIENT, opps, f"{g.db.name(c)}: who gets {g.db.name(x)}?",
          (t_give_ans, p, x), card=c, subject=x)


def t_give_ans(g: Game, t: tuple) -> None:
    _, p, x = t
    q = g.answer
    if x in g.players[p].pile:
        g.move_trait(p, q, x)
        if g.log is not None:
            g.say("give", f"{g.pname(p)} gives {g.db.name(x)} to {g.pname(q)}.")


def t_enter(g: Game, t: tuple) -> None:
    """A trait enters its player's pile, then its on-play windows and action run."""
    _, p, c, src, resolve, allow_third = t
    g.limbo.remove(c)
    db = g.db
    d = db.cards[c]
    if db.dominant[c] and not allow_third and g.dominants(p) >= 2:
        g.discard.append(c)
        if g.log is not None:
            g.say("third_dominant", f"{d.name} would be a third dominant trait and is discarded.")
        return
    if db.gp_card[c]:
        g.add_to_pile(p, c)
    else:
        g.players[p].pile.append(c)
    g.last_color = db.color[c]
    if g.log is not None:
        where = {"hand": "", "discard": " from the discard pile", "deck": " from the deck"}[src]
        g.say("play", f"{g.pname(p)} plays {d.name}{where}.")
    if src != "hand":
        if resolve and db.has_action[c]:
            g.resolve_action(p, c)
        return
    if p == g.current:
        g.turn_plays.append(c)
    if d.action and resolve:
        if db.has_action[c]:
            g.resolve_action(p, c)
        else:   # no action icon (Vampirism, Optimistic Nihilism): happens, cannot be stopped
            g.stack.append((t_effect, Ctx(p, c, d.action)))
    if not db.dominant[c] and g.anyone_holds("parasitic") and not g.protected("steal"):
        g.stack.append((t_parasitic_window, p, c, 1))
    if db.color[c] == "green":
        pile = g.players[p].pile
        for x in db.green_triggers:
            if x != c and x in pile:
                g.stack.append((t_effect, Ctx(p, x, db.cards[x].triggers["own_green_played"])))


def t_parasitic_window(g: Game, t: tuple) -> None:
    """R20: opponents may play Parasitic to steal the trait just played from hand."""
    _, p, c, i = t
    while i < g.n:
        q = (p + i) % g.n
        i += 1
        cards = g.reacting_cards(q, "parasitic")
        if cards and c in g.players[p].pile:
            g.ask(q, "react", OFFER_OUT_OF_TURN, cards + ["pass"],
                  f"{g.pname(p)} played {g.db.name(c)}: play Parasitic to steal it?",
                  (t_parasitic_ans, p, c, i, q), card=c, zone="hand", subject=c)
            return


def t_parasitic_ans(g: Game, t: tuple) -> None:
    _, p, c, i, q = t
    if g.answer == "pass":
        g.stack.append((t_parasitic_window, p, c, i))
        return
    par = g.answer
    g.play_out_of_turn(q, par)
    if g.log is not None:
        g.say("parasitic", f"{g.pname(q)} plays {g.db.name(par)} and steals {g.db.name(c)}!")
    if c in g.players[p].pile:
        g.move_trait(p, q, c)
    # The stolen trait's action is cancelled: drop its pending action from the stack.
    g.stack[:] = [x for x in g.stack if not (x[0] is t_cancel_window and x[2] == c)
                  and not (x[0] is t_effect and x[1].card == c and x[1].i == 0)]


def t_cancel_window(g: Game, t: tuple) -> None:
    """R20: other players may play Automimicry/Chromatophores to cancel this action."""
    _, p, c, i = t
    while i < g.n:
        q = (p + i) % g.n
        i += 1
        cards = g.reacting_cards(q, "cancel_action")
        if cards:
            g.ask(q, "react", OFFER_OUT_OF_TURN, cards + ["pass"],
                  f"{g.pname(p)}'s {g.db.name(c)} is about to act: prevent it?",
                  (t_cancel_ans, p, c, i, q), card=c, zone="hand", subject=c)
            return
    g.stack.append((t_effect, Ctx(p, c, g.db.cards[c].action)))


def t_cancel_ans(g: Game, t: tuple) -> None:
    _, p, c, i, q = t
    if g.answer == "pass":
        g.stack.append((t_cancel_window, p, c, i))
        return
    x = g.answer
    g.play_out_of_turn(q, x)
    if g.log is not None:
        g.say("prevent", f"{g.pname(q)} plays {g.db.name(x)}: {g.db.name(c)}'s action is prevented.")


def t_after_play(g: Game, t: tuple) -> None:
    """After the turn's play: an age's bonus play, the held seat's pause, then the stabilize
    phase."""
    p = t[1]
    held = g.hold and g.hold >> p & 1
    if not g.rules and g.no_stabilize != p and not held:
        _stabilize_then_late(g, p)    # the plain case, done inline
        return
    g.stack.append((t_stabilize_phase, p))
    if held:
        g.stack.append((t_hold, p))   # below the bonus play: the pause follows the last play
    bonus = g.rules.get("bonus_play")
    if not bonus or g.bonus_used or not g.turn_plays:
        return
    after, flt = bonus
    if not g.matches(p, g.turn_plays[0], after):
        return
    g.bonus_used = True
    options = [c for c in g.legal_plays(p) if g.matches(p, c, flt)]
    if options:
        g.ask(p, "play", EXTRA_PLAY, options + ["pass"],
              f"{g.db.name(g.age)}: you may play another such trait",
              (t_bonus_play, p), zone="hand")


def t_hold(g: Game, t: tuple) -> None:
    """A held seat's pause between its turn's plays and the stabilize phase: nothing is drawn
    until the player ends the turn, so Undo can still take the play back. It is no move of
    the game: its answer is not recorded (a record replays the same with or without holds),
    and `apply` skips it when the play already revealed something (nothing to take back)."""
    p = t[1]
    if g.hold >> p & 1 and not g.over:     # a sampled world for a bot has no holds
        g.ask(p, "end_turn", END_TURN, ["end"], "End your turn (Undo takes back your play)",
              (t_hold_ans,))


def t_hold_ans(g: Game, t: tuple) -> None:
    g.answers.pop()       # apply() appended the pause's "end": the record never holds it


def _stabilize_then_late(g: Game, p: int) -> None:
    """Stabilize now (any discards are queued), then Late's moment: Late may just have been
    drawn. Discarding cannot bring Late into the hand, so if it is not there after the draw,
    no window is needed. The common turn's end, done without tasks where it can be."""
    stack = g.stack
    n = len(stack)
    pl = g.players[p]
    hand = pl.hand
    target = max(0, g.rules.get("stabilize_to", pl.gp)) if g.rules else pl.gp
    if len(hand) < target:
        g.draw(p, target - len(hand))
    elif len(hand) > target:
        stack.append((t_stab_discard, p, target))
    for c in g.db.reactors["late"]:
        if c in hand:
            stack.insert(n, (t_late_window, p))
            break


def t_bonus_play(g: Game, t: tuple) -> None:
    if g.answer != "pass":
        g.play_from_hand(t[1], g.answer)


def t_stabilize_phase(g: Game, t: tuple) -> None:
    p = t[1]
    if g.no_stabilize == p:
        g.no_stabilize = -1
        return
    rules = g.rules
    if not (rules.get("may_skip_stabilize") or rules.get("may_redraw_instead_of_stabilize")
            or rules.get("may_discard_before_stabilize") or rules.get("draw_after_stabilize")):
        _stabilize_then_late(g, p)    # a round whose rules leave stabilizing alone
        return
    g.stack.append((t_after_stabilize, p))
    if rules.get("may_skip_stabilize"):
        g.ask(p, "yesno", STABILIZE, ["yes", "no"], f"{g.db.name(g.age)}: stabilize this turn?",
              (t_stab_choice, p))
        return
    if rules.get("may_redraw_instead_of_stabilize"):
        g.ask(p, "yesno", REDRAW_INSTEAD, ["yes", "no"],
              f"{g.db.name(g.age)}: discard your hand and draw 3 instead of stabilizing?",
              (t_nietzsche, p))
        return
    g.stack.append((t_stab_choice, p, "yes"))
    n = rules.get("may_discard_before_stabilize")
    if n:
        g.stack.append((t_enlighten, p, n))


def t_enlighten(g: Game, t: tuple) -> None:
    _, p, left = t
    hand = g.players[p].hand
    if left <= 0 or not hand:
        return
    g.ask_picks(min(left, len(hand)), p, "card", DISCARD_HAND_CARD, hand[:] + ["pass"],
                f"{g.db.name(g.age)}: you may discard a card before stabilizing ({left} left)",
                (t_enlighten_ans, p, left), zone="hand")


def t_enlighten_ans(g: Game, t: tuple) -> None:
    _, p, left = t
    if g.answer != "pass":
        g.discard_from_hand(p, g.answer)
        g.stack.append((t_enlighten, p, left - 1))


def t_nietzsche(g: Game, t: tuple) -> None:
    p = t[1]
    if g.answer == "yes":
        pl = g.players[p]
        if g.log is not None:
            g.say("redraw", f"{g.pname(p)} discards their hand and draws 3 instead of stabilizing.")
        g.discard.extend(pl.hand)
        pl.hand.clear()
        g.draw(p, 3)
    else:
        g.stabilize(p)


def t_stab_choice(g: Game, t: tuple) -> None:
    p = t[1]
    ans = t[2] if len(t) > 2 else g.answer
    if ans == "yes":
        g.stabilize(p)
    else:
        if g.log is not None:
            g.say("no_stabilize", f"{g.pname(p)} does not stabilize.")


def t_stab_discard(g: Game, t: tuple) -> None:
    _, p, target = t
    hand = g.players[p].hand
    if len(hand) <= target:
        return
    g.ask_picks(len(hand) - target, p, "card", DISCARD_HAND_CARD, hand[:],
                f"Stabilize: discard {len(hand) - target} more",
                (t_stab_discard_ans, p, target), zone="hand")


def t_stab_discard_ans(g: Game, t: tuple) -> None:
    _, p, target = t
    g.discard_from_hand(p, g.answer)
    g.stack.append((t_stab_discard, p, target))


def t_after_stabilize(g: Game, t: tuple) -> None:
    p = t[1]
    n = g.rules.get("draw_after_stabilize")
    if n:
        g.draw(p, n)
    if g.holds(p, "late"):
        g.stack.append((t_late_window, p))


def t_late_window(g: Game, t: tuple) -> None:
    p = t[1]
    if not g.holds(p, "late"):
        return
    cards = g.reacting_cards(p, "late")
    if cards:
        g.ask(p, "react", OFFER_OUT_OF_TURN,
              cards + ["pass"], "You may play Late now", (t_late_ans, p),
              zone="hand")


def t_late_ans(g: Game, t: tuple) -> None:
    if g.answer != "pass":
        g.play_from_hand(t[1], g.answer)


def t_turn_over(g: Game, t: tuple) -> None:
    """End of a turn: Self-Awareness holders may play it into an opponent's pile (R20)."""
    p = t[1]
    if not g.anyone_holds("self_awareness"):
        return
    i = t[2] if len(t) > 2 else 1
    while i <= g.n:
        q = (p + i) % g.n
        i += 1
        hand = g.players[q].hand
        cards = [c for c in g.db.reactors["self_awareness"] if c in hand
                 and g.round_blocks(c) is None]
        if cards:
            g.ask(q, "react", OFFER_OUT_OF_TURN, cards + ["pass"],
                  "You may play Self-Awareness into an opponent's pile",
                  (t_self_aware_ans, p, i, q), zone="hand")
            return


def t_self_aware_ans(g: Game, t: tuple) -> None:
    _, p, i, q = t
    g.stack.append((t_turn_over, p, i))
    if g.answer == "pass":
        return
    c = g.answer
    opts = [o for o in g.opponents(q) if not (g.db.dominant[c] and g.dominants(o) >= 2)]
    g.ask(q, "player", CHOOSE_RECIPIENT, opts, f"Into whose pile does {g.db.name(c)} go?",
          (t_self_aware_target, q, c), card=c, subject=c)


def t_self_aware_target(g: Game, t: tuple) -> None:
    _, q, c = t
    o = g.answer
    g.play_out_of_turn(q, c, into=o)
    if g.log is not None:
        g.say("self_awareness", f"{g.pname(q)} plays {g.db.name(c)} into {g.pname(o)}'s pile.")


# ---------------------------------------------------------------------- World's End

def t_world_end(g: Game, t: tuple) -> None:
    """R5: trait World's End effects in turn order, then the catastrophe's, then scoring."""
    g.world_end = True
    g.skip_round = True
    if g.log is not None:
        g.say("world_end", "World's End!")
    g.stack.append((t_score,))
    g.stack.append((t_we_catastrophe,))
    for p in reversed(g.order_from(g.first)):
        g.stack.append((t_we_player, p))


def t_we_player(g: Game, t: tuple) -> None:
    """R5 step 2 for one player: Sneaky's moment, then each World's End trait of the pile."""
    p = t[1]
    g.stack.append((t_we_next, p, ()))
    cards = g.reacting_cards(p, "sneaky")
    if cards:
        g.ask(p, "react", OFFER_OUT_OF_TURN,
              cards + ["pass"], "World's End: you may play Sneaky now",
              (t_late_ans, p), zone="hand")


def t_we_next(g: Game, t: tuple) -> None:
    """The next unresolved World's End trait in p's pile, in play order; a trait that enters
    the pile meanwhile (Eloquence, Regenerative Tissue) is resolved too."""
    _, p, done = t
    cards = g.db.cards
    for c in g.players[p].pile:
        if cards[c].world_end and c not in done:
            g.stack.append((t_we_next, p, done + (c,)))
            if g.log is not None:
                g.say("we_trait", f"World's End: {g.pname(p)}'s {cards[c].name}.")
            g.stack.append((t_effect, Ctx(p, c, cards[c].world_end)))
            return


def t_we_catastrophe(g: Game, t: tuple) -> None:
    c = g.we_catastrophe()
    d = g.db.cards[c]
    if g.log is not None:
        g.say("we_catastrophe", f"World's End effect of {d.name}: {d.we_text}")
    exempt = g.we_exempt()
    order = [p for p in g.order_from(g.first) if p not in exempt]
    if d.we_once:
        ctx = Ctx(g.first, c, d.we_once)
        ctx.vars["affected"] = tuple(order)
        g.stack.append((t_effect, ctx))
    for p in reversed(order):
        if d.we_steps:
            g.stack.append((t_effect, Ctx(p, c, d.we_steps)))


def t_score(g: Game, t: tuple) -> None:
    """Final scores, the winner, and R6's tiebreak by drawn face values."""
    g.over = True
    g.world_end = True
    g.stack.clear()
    g.scores = [g.score(p) for p in range(g.n)]
    best = max(g.scores)
    tied = [p for p in g.order_from(g.first) if g.scores[p] == best]
    db = g.db
    aside: list[int] = []     # tiebreak cards stay out until it is over, or they'd come back
    while len(tied) > 1:
        draws = []
        for p in tied:
            got = g.draw(p, 1)
            if not got:
                draws = []
                break
            c = got[0]
            g.players[p].hand.remove(c)
            aside.append(c)
            draws.append((p, db.value[c]))
            if g.log is not None:
                g.say("tiebreak", f"Tiebreak: {g.pname(p)} draws {db.name(c)} ({db.value[c]}).")
        if not draws:
            break
        g.tiebreak.extend(draws)
        top = max(v for _, v in draws)
        tied = [p for p, v in draws if v == top]
    g.discard.extend(aside)
    g.winners = sorted(tied)
    names = " and ".join(g.pname(p) for p in g.winners)
    if g.log is not None:
        g.say("winner", f"{names} win{'s' if len(g.winners) == 1 else ''} with {best} points.")


__all__ = ["COLORS", "Decision", "Game", "IllegalAnswer", "Player", "VARIANTS"]
