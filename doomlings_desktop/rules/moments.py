"""The moments of a game that cards answer, and which kind of card answers which moment.

A card listens through its data: a `triggers:` entry (its steps run for the player whose pile
it lies in) or a `reaction:` kind (whoever holds it may play it out of turn), or an
attachment's `may_move` (Ruggedized). `LISTENS` says which moment each of those kinds answers
and which listener (rules/listeners.py) serves it; several kinds may share a listener when one
window offers them together (Automimicry and Righteous; Self-Awareness and the "at any time"
cards). When a card database loads, `Database.listeners[moment]` gets the listeners of the
kinds its cards use, in this table's order, which is the order they come into play: each
listener pushes its task on the work stack, so the last one listed runs first.

The engine announces a moment in one place each (`Game.announce`), and a moment no card of the
game listens to costs one dictionary lookup. A new card of an existing kind is one entry of
card data; a new kind of out-of-turn card is one line here and one window in
rules/windows.py's `WINDOWS` table (docs/card-dsl.md, "An out-of-turn card").
"""

from __future__ import annotations

from typing import Literal

Moment = Literal[
    "turn_started",      # p's turn begins, before its play (p)
    "action_coming",     # a trait played from p's hand has an action about to resolve (p, c)
    "trait_played",      # trait c entered p's pile from p's hand, its action under way (p, c)
    "action_resolving",  # card c's action for p starts now (p, c)
    "steal_coming",      # c's effect is about to steal from the seats `extra` (p, c, seats)
    "pile_discarded",    # traits `c` left p's pile, `extra` of them for the discard pile
    "hand_discarded",    # card c went from p's hand to the discard pile (p, c)
    "stabilized",        # p has stabilized; `extra` is where the work stack stood before
    "turn_ended",        # p's turn is over (p)
    "world_end_turn",    # World's End comes to p's pile (p)
]

MOMENTS: tuple[Moment, ...] = (
    "turn_started", "action_coming", "trait_played", "action_resolving", "steal_coming",
    "pile_discarded", "hand_discarded", "stabilized", "turn_ended", "world_end_turn")

# kind (a `triggers:` key, a `reaction:` value, or may_move) -> ((moment, listener), ...)
LISTENS: dict[str, tuple[tuple[Moment, str], ...]] = {
    "turn_start": (("turn_started", "turn_start"),),
    "action_played": (("action_coming", "action_played"),),         # Effigial
    "dominant_played": (("trait_played", "dominant_played"),),      # Orcish Tusks
    "parasitic": (("trait_played", "parasitic"),),
    "own_green_played": (("trait_played", "own_green_played"),),    # Self-Replicating
    "cancel_action": (("action_resolving", "cancel"),),             # Automimicry
    "cancel_harm": (("action_resolving", "cancel"),),               # Righteous
    "before_steal": (("steal_coming", "before_steal"),),            # Gelatinous
    "own_trait_discarded": (("pile_discarded", "own_trait_discarded"),),  # Regenerative T.
    "trait_discarded": (("pile_discarded", "trait_discarded"),),    # Necromantic
    "self_discarded": (("hand_discarded", "self_discarded"),),      # Witchy, Zombified
    "late": (("stabilized", "late"),),
    "self_awareness": (("turn_ended", "turn_over"),),
    "any_time": (("turn_ended", "turn_over"), ("world_end_turn", "world_end")),   # Fey
    "may_move": (("turn_ended", "move"),),                          # Ruggedized
    "sneaky": (("world_end_turn", "world_end"),),
}


def listeners_of(kinds: set[str]) -> dict[str, tuple[str, ...]]:
    """For each moment, the listeners of these kinds (the ones a database's cards use), each
    once, in `LISTENS` order; a moment none of them answers maps to ()."""
    out: dict[str, list[str]] = {m: [] for m in MOMENTS}
    for kind, pairs in LISTENS.items():
        if kind in kinds:
            for moment, listener in pairs:
                if listener not in out[moment]:
                    out[moment].append(listener)
    return {m: tuple(ls) for m, ls in out.items()}
