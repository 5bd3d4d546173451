"""Sampled worlds: the game as one seat could imagine it, for bots that search.

A bot sees only `view_for(game, seat)`, but searching needs a whole `Game` (the engine's work
stack is not in a View). `WorldSampler(game, seat)` is the one door between the two: it keeps
a private clone of the game, and `sample(rng)` returns a fresh clone in which everything the
seat cannot know has been dealt again at random:

- the cards of other players' hands (each hand keeps its size) and the trait deck (its size)
  are one pool of unknown cards, shuffled and dealt back into those places;
- the rest of the age deck is rebuilt with the deck's structure (three piles below The Birth
  of Life, one catastrophe per pile, the pile of each position known from how many cards are
  left) from the ages and catastrophes not yet revealed;
- the other players' Meaning of Life cards (E4: the two each was dealt, and the one kept) are
  dealt again from those the seat has not seen (all but its own two);
- the game's own generator, seed and answer history are replaced, so later draws are not the
  true ones.

What the seat knows stays where it is: its own hand, every pile (with its attachments), the
discard pile, the revealed ages and catastrophes, the next age (or two, Neural Link) if it has
seen them, cards of another hand it is being shown (Nosy), cards revealed to everyone (Clever),
every hand in a round of Age of Metadata (E24), and cards being played (limbo). Colours other
seats named in secret and not yet told (Bioengineered Plague, E29) are named again at random.
Hidden cards that pending work names are renamed as their places were dealt: effects' variables,
the cards another seat chose and a task holds (`_CARD_ARGS`), and another seat's pending
decision (its turn's play asked again from the world's hand); tests/test_worlds_pending.py.
Cards another player set aside to give (The Big One) or to discard with everyone's picks
(Thagomizer, Badlands: E29) are unknown, unless this seat set them aside.

No leak by construction: a sample is built from the seat's knowledge, the *sorted* list of
unknown cards, and `rng` alone. Two games that differ only in what the seat cannot see give
identical samples for the same generator state.

Not modelled (the sampler is conservative, it never knows too much): cards this seat gave or
passed to another hand earlier (Doting, Flight, Mega Tsunami, The Big One once delivered) are
treated as unknown again.
"""

from __future__ import annotations

import random

from doomlings_desktop.rules.decisions import TURN_PLAY
from doomlings_desktop.rules.engine import Decision, Game, age_piles
from doomlings_desktop.rules.flow import t_turn_main, t_turn_play
from doomlings_desktop.rules.rng import Rng
from doomlings_desktop.rules.sight import Sight, contexts
from doomlings_desktop.rules.verbs import COLORS, SECRET, Ctx
from doomlings_desktop.rules.verbs.piles import t_give_hand_to
from doomlings_desktop.rules.windows import t_self_aware_target

# Effect variables that hold something other than a tuple of cards.
_NOT_CARDS = frozenset({"revealed", "aside", "affected", "color", SECRET})
# Tasks of the work stack that hold, among their plain arguments, a card another seat picked
# from its hand (the argument's place in the task): "give the card I chose to whom?" (a card
# of a hand), "Self-Awareness into whose pile?" (the out-of-turn card still in its hand).
# Their arguments are not typed (a seat and a card are both ints), so they are named here;
# tests/test_worlds_pending.py finds any other task that keeps a hidden card unrenamed.
_CARD_ARGS = {t_give_hand_to: (2,), t_self_aware_target: (2,)}
# Decisions whose int options are cards (for "player" they are seats; the rest are words).
_CARD_KINDS = frozenset({"play", "card", "react"})


class WorldSampler:
    """Deals the cards `seat` cannot see at random, keeping everything it knows."""

    def __init__(self, game: Game, seat: int) -> None:
        g = game.clone()
        g.hold = 0       # pauses for a human to end a turn have no place in a bot's search
        self.seat = seat
        self._game = g   # private: holds the true hidden cards; never hand it out
        db = g.db
        sight = Sight(g, seat)      # what the view shows this seat: the same description
        # ------------------------------------------------ the slots of unknown cards
        # A slot is (zone, seat, index); slots come in a fixed order that depends only on
        # what the seat knows (hand sizes, deck size, which positions are pinned).
        slots: list[tuple[str, int, int]] = []
        unknown: list[int] = []
        for q, pin in sight.shown.items():
            for i, c in enumerate(g.players[q].hand):
                if c not in pin:
                    slots.append(("hand", q, i))
                    unknown.append(c)
        for i, c in enumerate(g.deck):
            slots.append(("deck", -1, i))
            unknown.append(c)
        for i, c in enumerate(g.limbo):
            if c in sight.hidden_aside:
                slots.append(("limbo", -1, i))
                unknown.append(c)
        self.slots = slots
        self._true_at = unknown   # only to rename references to them inside effects
        self.pool = sorted(unknown)
        # ------------------------------------------------ the age deck
        peeked = sight.next_ages
        self.known_top = peeked[0] if peeked else -1
        self.known_second = peeked[1] if len(peeked) > 1 else -1
        revealed = {c for e in g.eras for c in e}
        revealed.update(g.catastrophes)
        revealed.update(peeked)
        self.age_pool = sorted(c for c in db.ages if c not in revealed)
        self.cat_pool = sorted(c for c in db.catastrophes if c not in revealed)
        self.age_plan = self._age_plan(g)
        # ------------------------------------------------ Meaning of Life cards (E4)
        self.meaning_pool = sorted(c for c in db.meanings if c not in sight.meanings_seen)

    def _age_plan(self, g: Game) -> list[tuple[int, bool]]:
        """For each position of the remaining age deck, top first: (pile, catastrophe known
        to be elsewhere). Pile -1 is The Birth of Life."""
        db = g.db
        sizes = age_piles(g)
        birth = 1 if db.birth >= 0 else 0
        total = birth + sum(sizes)
        left = len(g.age_deck)
        plan = []
        for j in range(left):
            gi = total - left + j
            if gi < birth:
                plan.append((-1, True))
                continue
            k = gi - birth
            pile = 0
            while pile < len(sizes) - 1 and k >= sizes[pile]:
                k -= sizes[pile]
                pile += 1
            plan.append((pile, len(g.catastrophes) > pile))
        return plan

    def sample(self, rng: random.Random) -> Game:
        """A clone of the game with every unknown card dealt again at random."""
        g = self._game.clone()
        self._deal_cards(g, rng)
        if self.age_plan:
            self._deal_ages(g, rng)
        if self.meaning_pool:
            self._deal_meanings(g, rng)
        self._forget_secrets(g, rng)
        # -------------------------------------------- the future is not the true one
        g.rng = Rng(rng.getrandbits(64))
        g.seed = 0
        g.answers = []
        return g

    def _deal_cards(self, g: Game, rng: random.Random) -> None:
        """Hands, deck and hidden limbo from the shuffled pool, and every reference to a
        renamed card inside effects in progress (drawn cards, set aside) and shown hands."""
        me = self.seat
        cards = self.pool[:]
        rng.shuffle(cards)
        rename: dict[int, int] = {}
        hands = {q: g.players[q].hand for q in range(g.n)}
        for (zone, q, i), old, new in zip(self.slots, self._true_at, cards, strict=False):
            rename[old] = new
            if zone == "hand":
                hands[q][i] = new
            elif zone == "deck":
                g.deck[i] = new
            else:
                g.limbo[i] = new
        if rename:
            for ctx in contexts(g):
                v = ctx.vars
                for key, val in list(v.items()):
                    if key == "aside":
                        v[key] = tuple((rename.get(c, c) if q != me else c, q, to)
                                       for c, q, to in val)
                    elif key not in _NOT_CARDS and type(val) is tuple:
                        v[key] = tuple(rename.get(c, c) if type(c) is int else c
                                       for c in val)
            _rename_tasks(g, rename)
        for q in list(g.revealed):
            if q != me:
                g.revealed[q] = tuple(rename.get(c, c) for c in g.revealed[q])
        g.count_held()
        d = g.pending
        if d is not None and d.player != me and rename:
            self._redeal_decision(g, d, rename)

    def _redeal_decision(self, g: Game, d: Decision, rename: dict[int, int]) -> None:
        """Another seat's pending decision as it would be asked in this world: the cards it
        names from a hidden hand renamed as the hand was dealt (a hand card to discard, give,
        reveal; the card chosen to give), and a turn's play asked again, so that which of
        the dealt cards may be played is this world's, not the true hand's."""
        if d.intent == TURN_PLAY and g.stack and g.stack[-1] == (t_turn_play, d.player):
            g.stack.pop()
            g.pending = None
            t_turn_main(g, (t_turn_main, d.player))
            return
        opts = [rename.get(c, c) if type(c) is int else c for c in d.options] \
            if d.kind in _CARD_KINDS else d.options
        card, subject = rename.get(d.card, d.card), rename.get(d.subject, d.subject)
        if opts == d.options and card == d.card and subject == d.subject:
            return
        prompt = d.prompt
        db = g.db
        for old, new in ((d.card, card), (d.subject, subject)):
            if old != new:
                prompt = prompt.replace(db.name(old), db.name(new))
        nd = g.pending = Decision(d.player, d.kind, d.intent, opts, prompt, card, subject,
                                  d.zone, d.sources)
        nd.count = d.count
        nd.blind = d.blind

    def _deal_ages(self, g: Game, rng: random.Random) -> None:
        """The rest of the age deck with its structure: the peeked ages where they are, one
        catastrophe in each pile that has not shown its own, the rest ages."""
        db = g.db
        plan = self.age_plan
        ages = self.age_pool[:]
        cats = self.cat_pool[:]
        rng.shuffle(ages)
        rng.shuffle(cats)
        top_first: list[int] = [-1] * len(plan)
        if self.known_top >= 0:
            top_first[0] = self.known_top
        if self.known_second >= 0 and len(plan) > 1:
            top_first[1] = self.known_second
        by_pile: dict[int, list[int]] = {}
        for j, (pile, _) in enumerate(plan):
            by_pile.setdefault(pile, []).append(j)
        for pile, positions in by_pile.items():
            if pile < 0:
                for j in positions:
                    top_first[j] = db.birth
                continue
            free = [j for j in positions if top_first[j] < 0]
            if not plan[positions[0]][1] and free and cats and not any(
                    top_first[j] >= 0 and db.cards[top_first[j]].kind == "catastrophe"
                    for j in positions):
                top_first[free[rng.randrange(len(free))]] = cats.pop()
            for j in positions:
                if top_first[j] < 0:
                    top_first[j] = ages.pop() if ages else cats.pop()
        g.age_deck = top_first[::-1]
        top = g.age_deck[-1]
        for q in list(g.known_age):
            g.known_age[q] = top
        for q in list(g.known_below):
            if len(g.age_deck) > 1:
                g.known_below[q] = g.age_deck[-2]

    def _forget_secrets(self, g: Game, rng: random.Random) -> None:
        """Colours the other seats named in secret and not yet told (E29) are named again."""
        for t in g.stack:
            if len(t) > 1 and type(t[1]) is Ctx and SECRET in t[1].vars:
                v = t[1].vars
                key = v[SECRET]
                v[key] = tuple(c if q == self.seat or c is None else COLORS[rng.randrange(4)]
                               for q, c in enumerate(v[key]))

    def _deal_meanings(self, g: Game, rng: random.Random) -> None:
        """Other seats' Meaning cards from those this seat has not seen: two dealt, the first
        of them kept by a seat that has chosen (a keep still to come asks for the new two)."""
        pool = self.meaning_pool[:]
        rng.shuffle(pool)
        for q in range(g.n):
            if q == self.seat or not g.meaning_offer[q]:
                continue
            offer = g.meaning_offer[q] = (pool.pop(), pool.pop())
            if g.meaning[q] >= 0:
                g.meaning[q] = offer[0]
        d = g.pending
        if d is not None and d.zone == "meaning" and d.player != self.seat:
            g.pending = Decision(d.player, d.kind, d.intent, list(g.meaning_offer[d.player]),
                                 d.prompt, d.card, d.subject, d.zone)


def _rename_tasks(g: Game, rename: dict[int, int]) -> None:
    """The hand cards named by tasks of the work stack (`_CARD_ARGS`), renamed as dealt."""
    stack = g.stack
    for i, t in enumerate(stack):
        places = _CARD_ARGS.get(t[0])
        if places:
            stack[i] = tuple(rename.get(a, a) if j in places else a for j, a in enumerate(t))


__all__ = ["WorldSampler", "age_piles"]
