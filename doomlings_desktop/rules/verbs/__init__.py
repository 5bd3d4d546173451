"""The verb library: every card behavior in `cards.yaml` is a list of these steps.

A verb is a function `(game, ctx, args)` plus a parameter schema that the loader checks.
Verbs that need a decision push a continuation task and call `game.ask`; the continuation
reads `game.answer`. `ctx` carries who acts, which card acts, and named values between steps.

`core` holds the registry and what every verb shares; each other module is one family of verbs
(`drawing`, `hands`, `piles`, `plays`, `choices`). Importing this package imports them all, in
that order, so every `@verb` is registered (and `VERBS` keeps one order) before a card loads.
"""

from doomlings_desktop.rules.verbs import drawing, hands, piles, plays, choices  # noqa: I001
from doomlings_desktop.rules.verbs.choices import SECRET
from doomlings_desktop.rules.verbs.core import (
    COLORS,
    REQUIRED,
    VERBS,
    Ctx,
    Step,
    Verb,
    reaches_others,
    t_effect,
    verb,
    walk,
)
from doomlings_desktop.rules.verbs.piles import _trait_words

__all__ = [
    "COLORS", "REQUIRED", "SECRET", "VERBS", "Ctx", "Step", "Verb", "_trait_words", "choices",
    "drawing", "hands", "piles", "plays", "reaches_others", "t_effect", "verb",
    "walk",
]
