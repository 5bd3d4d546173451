"""The one dispatch: a moment of the game reaches the cards that listen to it.

The engine calls `Game.announce(moment, p, c, extra)` at the one place each moment happens
(rules/moments.py lists them); `announce` runs the listeners that the card database indexed
under that moment when it loaded (`Database.listeners`), in order. A listener looks for its
cards where they must be (a trigger in the pile, a reaction in a hand) and, if they are there,
pushes what follows on the work stack: a trigger's steps, or an out-of-turn window. The moment's
code never names a card kind, so a new module's card adds data, not `if`s (docs/card-dsl.md).

A listener returns True when it pushed something (else False), for the moments whose
code waits for what the cards do: an action about to resolve waits for Effigial's window, the
end of a turn for Self-Awareness' and Ruggedized's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from doomlings_desktop.rules.attach import movable, t_move_window
from doomlings_desktop.rules.verbs import Ctx, t_effect
from doomlings_desktop.rules.windows import (
    PROMPTS,
    t_cancel_window,
    t_late_window,
    t_parasitic_window,
    t_turn_over,
    t_we_offer,
    t_window,
)

if TYPE_CHECKING:
    from doomlings_desktop.rules.engine import Game
    from doomlings_desktop.rules.moments import Moment

Listener = Callable[["Game", int, Any, Any], Any]   # truthy when it pushed a task


def announce(g: Game, moment: Moment, p: int, c: Any = -1, extra: Any = None) -> bool:
    """Moment `moment` happens (to player p, about card c): every listener indexed under it
    runs. True if one of them pushed a task. The engine's busiest moments (a turn's start and
    end, a trait played, stabilizing) call `g.db.hear[moment]` themselves, which is the same
    thing without this call: about 40 times a game each, and a call is measurable there."""
    hear = g.db.hear[moment]
    return hear is not None and bool(hear(g, p, c, extra))


def compose(names: tuple[str, ...]) -> Listener | None:
    """One callable for a moment's listeners (None for none): the listener itself when there
    is one, else one that runs them all in order and tells whether any pushed a task."""
    if not names:
        return None
    # a kind with no listener of its own (a new one named in PROMPTS) has the generic window
    hears = tuple(HEARS[x] if x in HEARS else window(x) for x in names)
    if len(hears) == 1:
        return hears[0]

    def all_of(g: Game, p: int, c: Any = -1, extra: Any = None) -> bool:
        pushed = False
        for hear in hears:
            if hear(g, p, c, extra):
                pushed = True
        return pushed
    all_of.__doc__ = f"The listeners {', '.join(names)} in turn."
    return all_of


# -- triggers: a card's steps for the player whose pile it lies in

def _fire(g: Game, p: int, x: int, kind: str) -> bool:
    g.stack.append((t_effect, Ctx(p, x, g.db.cards[x].triggers[kind])))
    return True


def turn_start(g: Game, p: int, c: Any = -1, extra: Any = None) -> bool:
    """p's turn begins: the turn-start traits of p's pile (Prepper)."""
    pile = g.players[p].pile
    fired = False
    for x in g.db.turn_start:
        if x in pile and not (g.hosts and g.blanked(x)):
            fired = _fire(g, p, x, "turn_start")
    return fired


def own_green_played(g: Game, p: int, c: int, extra: Any = None) -> bool:
    """A green trait (a multi-colour trait with green too, E5) entered p's pile from p's hand:
    p's other traits that answer it (Self-Replicating)."""
    db = g.db
    if "green" in db.colors[c]:
        pile = g.players[p].pile
        fired = False
        for x in db.green_triggers:
            if x != c and x in pile and not (g.hosts and g.blanked(x)):
                fired = _fire(g, p, x, "own_green_played")
        return fired
    return False


def own_trait_discarded(g: Game, p: int, gone: tuple, extra: tuple) -> bool:
    """Traits `gone` left p's pile (a host and its attachment go together): each trait of the
    pile that answers it, itself included, once per trait gone (Regenerative Tissue, R24),
    unless it was blanked when they left (Lyonization, E11: `extra[1]`)."""
    db = g.db
    quiet = extra[1]
    fired = False
    for x in g.players[p].pile + list(gone):
        trig = db.cards[x].triggers if db.special[x] else None
        if trig and "own_trait_discarded" in trig and x not in quiet:
            for _ in gone:
                fired = _fire(g, p, x, "own_trait_discarded")
    return fired


# -- out-of-turn windows: whoever holds such a card may play it now (R20, E16-E18)

def window(kind: str) -> Listener:
    """The listener of a window of rules/windows.py's generic kind: offered to the seats
    `extra` (for a steal: who may be stolen from), else to the acting player's opponents."""
    def open_window(g: Game, p: int, c: Any = -1, extra: Any = None) -> bool:
        if g.held[kind]:
            seats = extra if extra is not None else tuple(g.opponents(p))
            g.stack.append((t_window, kind, p, c, seats, 0))
            return True
        return False
    open_window.__doc__ = f"The {kind} window (rules/windows.py: PROMPTS)."
    return open_window


def dominant_played(g: Game, p: int, c: int, extra: Any = None) -> bool:
    """Orcish Tusks (E17): a dominant trait played."""
    return g.db.dominant[c] and _generic["dominant_played"](g, p, c, None)


def trait_discarded(g: Game, p: int, gone: tuple, extra: tuple) -> bool:
    """Necromantic (E17, E31): the opponents of the pile's owner, about the traits that
    reached the discard pile (`extra[0]`: not Witchy, gone back to the hand)."""
    return bool(extra[0]) and _generic["trait_discarded"](g, -1, extra[0], tuple(g.opponents(p)))


def self_discarded(g: Game, p: int, c: int, extra: Any = None) -> bool:
    """Witchy, Zombified (E17): the card discarded from p's hand may be played instead; the
    caller checked that c is such a card (`Database.on_hand_discard`, a flag per card)."""
    g.stack.append((t_window, "self_discarded", -1, c, (p,), 0))
    return True


def parasitic(g: Game, p: int, c: int, extra: Any = None) -> bool:
    """R20: opponents may play Parasitic to steal the trait just played; never a dominant or
    fixed trait, nor an attachment on its own (E10), nor in a round that protects piles."""
    db = g.db
    if g.held["parasitic"] and not (db.dominant[c] or db.fixed[c]) and c not in g.attached \
            and not g.protected("steal"):
        g.stack.append((t_parasitic_window, p, c, 1))
        return True
    return False


def cancel(g: Game, p: int, c: int, extra: Any = None) -> bool:
    """Automimicry, Chromatophores, Righteous: the action about to resolve may be prevented."""
    held = g.held
    if held["cancel_action"] or held["cancel_harm"]:
        g.stack.append((t_cancel_window, p, c, 1))
        return True
    return False


def late(g: Game, p: int, c: Any, n: int) -> bool:
    """Late's moment, after stabilizing: below the stabilizing discards (stack index n). Late
    may just have been drawn; discarding cannot bring it into the hand. (No hand holds Late
    in most turns: `held` says so before the hand is searched.)"""
    if g.held["late"]:
        hand = g.players[p].hand
        for x in g.db.reactors["late"]:
            if x in hand:
                g.stack.insert(n, (t_late_window, p))
                return True
    return False


def turn_over(g: Game, p: int, c: Any = -1, extra: Any = None) -> bool:
    """The end of p's turn: Self-Awareness and the "at any time" cards (E16)."""
    held = g.held
    if held["self_awareness"] or held["any_time"]:
        g.stack.append((t_turn_over, p))
        return True
    return False


def move(g: Game, p: int, c: Any = -1, extra: Any = None) -> bool:
    """Ruggedized may move at the end of its owner's turn (E14): before the other windows."""
    if g.attached and movable(g, p):
        g.stack.append((t_move_window, p, ()))
        return True
    return False


def world_end(g: Game, p: int, c: Any = -1, extra: Any = None) -> bool:
    """World's End comes to p's pile (R5): Sneaky and the "at any time" cards first (E16);
    asked at once, not pushed."""
    t_we_offer(g, (t_we_offer, p))
    return False


_generic: dict[str, Listener] = {kind: window(kind) for kind in PROMPTS}

HEARS: dict[str, Listener] = {
    **_generic,
    "turn_start": turn_start, "own_green_played": own_green_played,
    "own_trait_discarded": own_trait_discarded,
    "dominant_played": dominant_played, "trait_discarded": trait_discarded,
    "self_discarded": self_discarded, "parasitic": parasitic, "cancel": cancel,
    "late": late, "turn_over": turn_over, "move": move, "world_end": world_end,
}
