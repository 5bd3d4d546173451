"""The game: its state, legality, scoring, flow and windows put together, and the driving loop.

The engine never blocks. Work is a stack of small tasks `(function, args...)`; `_run` pops and
performs them until a task needs a decision, which it publishes as `pending` after pushing the
task that will take the answer. `apply(answer)` checks the answer against the legal ones and
runs on. Because the stack holds only tuples of plain values (and effect contexts), `clone()`
copies a game in the middle of any effect, which is what search needs.

The parts (docs/engine.md has the map): `state.py` (fields, card moves), `legality.py`,
`scoring.py`, `flow.py` (rounds, turns, World's End), `windows.py` (out-of-turn cards),
`decisions.py` (what is asked), `verbs/` (card effects).
"""

from __future__ import annotations

from typing import Any

from doomlings_desktop.rules.attach import ask_host
from doomlings_desktop.rules.cards import COLORS, Database
from doomlings_desktop.rules.decisions import Decision, IllegalAnswer, Intent, Kind, Zone
from doomlings_desktop.rules.events import Ruling
from doomlings_desktop.rules.flow import (
    reveal_catastrophe,
    t_attached,
    t_enter,
    t_pay_cost,
    t_round,
    t_stab_discard,
    t_turn,
    t_turn_main,
)
from doomlings_desktop.rules.legality import Legality
from doomlings_desktop.rules.listeners import announce
from doomlings_desktop.rules.meaning import deal as deal_meanings
from doomlings_desktop.rules.scoring import Scoring
from doomlings_desktop.rules.state import KEEP_PAUSE, VARIANTS, Player, State
from doomlings_desktop.rules.verbs import Ctx, t_effect
from doomlings_desktop.rules.windows import Windows


def age_piles(g: State) -> list[int]:
    """Sizes of the age deck's piles below The Birth of Life, top pile first (R3: three ages
    and a catastrophe each; the long age deck shares all the ages among the three)."""
    k = len(g.db.ages)
    sizes = [k - 2 * (k // 3), k // 3, k // 3] if g.variants.get("long_age_deck") else [3, 3, 3]
    return [s + 1 for s in sizes]


class Game(State, Legality, Scoring, Windows):
    """One game of Doomlings. Create with `Game.new`, drive with `pending` and `apply`."""

    __slots__ = ()

    announce = announce     # the one dispatch of the game's moments (rules/listeners.py)

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
        piles, k = [], 0
        for i, size in enumerate(age_piles(g)):     # each pile: its ages and a catastrophe
            pile = ages[k:k + size - 1] + [cats[i]]
            k += size - 1
            rng.shuffle(pile)
            piles.append(pile)
        top_first = [c for pile in piles for c in pile]
        if db.birth >= 0:
            top_first.insert(0, db.birth)
        g.age_deck = top_first[::-1]
        g.lay_out_recorded()    # the public set-up: zone events rebuild each seat's table from it
        for q in range(g.n):
            for _ in range(5):
                g.move_top("deck", "hand", -1, q)
        g.stack.append((t_round,))
        if db.meanings:     # the Meaning of Life module: its keep decisions come first (E4)
            deal_meanings(g)
        g._run()
        return g

    def clone(self) -> Game:
        """A deep copy for search; its log is off."""
        g = Game.__new__(Game)
        g.db = self.db
        g.variants = self.variants
        g.n = self.n
        g.seed = self.seed
        g.rng = self.rng.clone()
        g.players = [p.clone() for p in self.players]
        g.held = self.held.copy()
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
        g.moves = None
        g.last_colors = self.last_colors
        g.turn_plays = self.turn_plays[:]
        g.skip_round = self.skip_round
        g.no_stabilize = self.no_stabilize
        g.bonus_used = self.bonus_used
        g.known_age = self.known_age.copy() if self.known_age else {}
        g.known_below = self.known_below.copy() if self.known_below else {}
        g.denied = self.denied
        g.marks = self.marks.copy() if self.marks else {}
        g.prepper = self.prepper
        g.world_end = self.world_end
        g.over = self.over
        g.outcome = self.outcome      # frozen: shared
        g.revealed = self.revealed.copy() if self.revealed else {}
        g.shown_all = self.shown_all
        g.answers = self.answers[:]
        g.final_catastrophe = self.final_catastrophe
        g.limbo = self.limbo[:]
        g.names = self.names
        g.undo_floor = self.undo_floor
        g.shown = False
        g.turn_end = self.turn_end
        g.hold = self.hold
        g.meaning = self.meaning[:]
        g.meaning_offer = self.meaning_offer[:]
        g.attached = self.attached.copy() if self.attached else {}
        g.hosts = self.hosts.copy() if self.hosts else {}
        return g

    def can_undo(self) -> bool:
        """Whether the last answer may be taken back (by the player now deciding)."""
        return len(self.answers) > self.undo_floor and self.pending is not None

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
        if self.moves is not None:
            self.noted_answer(d, answer)
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
            if self.hold and nxt is not None and nxt.kind == "end_turn" \
                    and not self.hold & KEEP_PAUSE:
                # The pause after a turn's play is there to let Undo take the play back;
                # with nothing left to take back it would only be a click more: skip it.
                self.pending = None
                stack.pop()     # its continuation, t_hold_ans
                self._run()

    def _run(self) -> None:
        stack = self.stack
        pop = stack.pop
        while stack and self.pending is None:
            t = pop()
            t[0](self, t)
        if len(stack) > 5000:   # only a looping card database gets here
            raise RuntimeError("the rules engine is looping: the work stack holds "
                               f"{len(stack)} tasks, the last ones {stack[-3:]}")

    def ask(self, player: int, kind: Kind, intent: Intent, options: list, prompt: str,
            cont: tuple, card: int = -1, zone: Zone = "", sources: tuple | None = None,
            subject: int = -1, blind: bool = False) -> None:
        """Wait for `player`'s answer; `cont` is the task that takes it (rules/decisions.py).
        `blind`: one of a set asked in turn that no one sees answered until all are
        (Decision.blind)."""
        self.stack.append(cont)
        d = self.pending = Decision(player, kind, intent, options, prompt, card, subject, zone,
                                    sources)
        d.blind = blind
        if self.moves is not None:
            self.noted_asked()

    def ask_picks(self, count: int, player: int, kind: Kind, intent: Intent, options: list,
                  prompt: str, cont: tuple, card: int = -1, zone: Zone = "",
                  blind: bool = False) -> None:
        """`ask` for the first of `count` picks that follow one another (Decision.count)."""
        self.stack.append(cont)
        d = self.pending = Decision(player, kind, intent, options, prompt, card, -1, zone)
        d.count = count
        d.blind = blind
        if self.moves is not None:
            self.noted_asked()

    def queued_turns(self) -> list[int]:
        """The seats whose turns this round are queued and not yet begun (a bot's horizon)."""
        return [t[1] for t in self.stack if t[0] is t_turn or t[0] is t_turn_main]

    def play_from_hand(self, p: int, c: int, resolve_action: bool = True,
                       ignore_requirement: bool = False, allow_third: bool = False) -> None:
        """Play card c from p's hand: pay its cost, it enters the pile, windows, action.
        An attachment asks for its host first (E8)."""
        self.move(c, "hand", "limbo", p)
        d = self.db.cards[c]
        if d.attach is not None:
            self.stack.append((t_attached, p, c, "hand", resolve_action))
            ask_host(self, p, c, "hand")
            return
        enter = (t_enter, p, c, "hand", resolve_action, allow_third)
        if d.cost is not None and not ignore_requirement:
            self.stack.append(enter)
            self.stack.append((t_pay_cost, p, c, d.cost, d.cost[2], ()))
        else:
            t_enter(self, enter)

    def play_out_of_turn(self, q: int, c: int, into: int | None = None) -> None:
        """An out-of-turn card goes from q's hand into q's pile (or `into`'s, Self-Awareness).
        It counts as the last trait played (Natural Harmony); it is not a turn and is not
        followed by stabilizing (R20)."""
        into = q if into is None else into
        self.move(c, "hand", "pile", q, into)
        self.last_colors = self.db.colors[c]
        if self.moves is not None:
            self.noted_played(q, c, True, into=into)

    def play_from_discard(self, p: int, c: int, resolve_action: bool) -> None:
        self.move(c, "discard", "limbo")
        if self.db.attach[c] is not None:
            self.stack.append((t_attached, p, c, "discard", resolve_action))
            ask_host(self, p, c, "discard")
            return
        self.stack.append((t_enter, p, c, "discard", resolve_action, False))

    def resolve_action(self, p: int, c: int) -> None:
        """Start card c's action for player p, offering Automimicry/Chromatophores first."""
        if self.rules.get("ignore_actions"):
            self.tell(Ruling, "peace", c, p)
            return
        if not self.announce("action_resolving", p, c):   # Automimicry, Righteous...
            self.stack.append((t_effect, Ctx(p, c, self.db.cards[c].action)))

    def stabilize(self, p: int) -> None:
        """p draws or discards to its gene pool, or to the round's `stabilize_to` (R9)."""
        if self.moves is not None:
            self.noted_stabilize(p)
        pl = self.players[p]
        hand = pl.hand
        target = max(0, self.rules.get("stabilize_to", pl.gp)) if self.rules else pl.gp
        if len(hand) < target:
            self.draw(p, target - len(hand))
        elif len(hand) > target:
            self.stack.append((t_stab_discard, p, target))


__all__ = ["COLORS", "Decision", "Game", "IllegalAnswer", "Player", "VARIANTS", "age_piles",
           "reveal_catastrophe"]
