"""What the bots know about a card, from the card: its `bots` hints in the card data (points
for its action, World's End effect, variable value, an out-of-turn card kept in hand, or what
paying its cost loses, what an attachment does to its host), and
where a card gives none, a worth derived from its steps. A card added to the data, or a module's
card, is so never silently worth 0 to the bots: `worths` always answers, and `guessed` says
which worths were derived (`doomlings cards --check` lists them).
"""

from __future__ import annotations

from typing import Any

from doomlings_desktop.rules.cards import CardDef

# A step's worth to the player who resolves it, in points, before any hand-tuning: rough, and
# only for cards whose data gives no hint.
PER_CARD_DRAWN = 0.7
VERB_WORTH = {
    "steal_trait": 2.0, "steal_hand": 1.5, "play_another": 2.5, "play_action_of": 1.5,
    "play_named": 1.0, "swap_traits": 1.0, "swap_hands": 0.0, "return_trait": 1.5,
    "mutual_discard": 0.5, "give": -1.0, "give_neighbours": 0.0,
    "pass_hands": 0.0, "peek_age": 0.3, "stabilize": 0.5, "recolor": 0.5, "become_color": 0.5, "choose_color": 0.0,
    "choose_world_end": 0.5, "draw_for_score": 1.0, "move_self": -1.0, "return_self": -1.0,
    "handler": 1.0, "no_stabilize": -0.5, "keep_one": 0.0, "secret_discard": 0.0,
}
DEFAULT_STEP = 0.5        # a verb not listed above
VARIABLE = 1.0            # a variable-value trait with no hint
HOLD = 1.5                # an out-of-turn card kept in hand, with no hint
ATTACH = 0.5              # what an attachment does to its host (E8-E15), with no hint


def step_worth(step: Any) -> float:
    """One step's rough worth: a draw by its count, a discard by whose hand, `may` as its best
    case (it may be declined), the rest from VERB_WORTH."""
    name = step.verb.name
    args = step.args
    if name in ("draw", "take_discard"):
        n = args.get("n", 1)
        return PER_CARD_DRAWN * (n if isinstance(n, int) else 2)
    if name in ("discard_hand", "discard_trait"):      # hurts whose hand or pile it reaches
        n = args.get("n", 1)
        n = n if isinstance(n, int) else 2
        each = 0.5 * n if name == "discard_hand" else 1.5
        return {"opponents": each, "all": 0.0}.get(args.get("who", "self"), -each)
    if name == "may":
        inner = next((v for v in args.values() if isinstance(v, tuple)), ())
        return max(0.0, steps_worth(inner))
    return VERB_WORTH.get(name, DEFAULT_STEP)


def steps_worth(steps: tuple) -> float:
    return sum(step_worth(s) for s in steps if hasattr(s, "verb"))


def worths(d: CardDef) -> tuple[dict[str, float], set[str]]:
    """A trait's worths for the bots (action, world_end, variable, hold: those it has), and the
    names of those derived rather than given by the card data."""
    hints = d.bots or {}
    out: dict[str, float] = {}
    guessed: set[str] = set()

    def put(key: str, derive: Any) -> None:
        if key in hints:
            out[key] = hints[key]
        else:
            out[key] = float(derive() if callable(derive) else derive)
            guessed.add(key)

    if d.action or d.on_play:     # what playing it from hand does (Legendary: not an action)
        put("action", lambda: steps_worth(tuple(d.action or ()) + tuple(d.on_play or ())))
    if d.world_end:
        put("world_end", lambda: steps_worth(d.world_end))
    if d.variable:
        put("variable", VARIABLE)
    if d.reaction:
        put("hold", HOLD)
    if "cost" in hints:     # what paying its cost loses; without a hint it counts 0, as ever
        out["cost"] = hints["cost"]
    if d.attach is not None:
        put("attach", ATTACH)
    return out, guessed
