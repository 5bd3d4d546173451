"""Python handlers for the rare card that does not fit the verb library. Each is named in
`cards.yaml` as `- handler: NAME` and takes `(game, ctx)`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from doomlings_desktop.rules.events import Ruling


def optimistic_nihilism(g: Any, ctx: Any) -> None:
    """R26: ages up to the next catastrophe are revealed without effect, the rest of the round's
    turns are skipped and its player does not stabilize; the catastrophe opens the next round."""
    db = g.db
    while g.age_deck and db.cards[g.age_deck[-1]].kind != "catastrophe":
        g.move_top("age_deck", "era")
        g.told()        # Moved.line: "Age of Peace is revealed and takes no effect."
    g.known_age.clear()
    g.noted_peeks()
    g.skip_round = True
    g.no_stabilize = ctx.player
    if g.moves is not None:
        order = g.order_from(g.first)
        lose = tuple(order[order.index(g.current) + 1:])
        g.tell(Ruling, "nihilism", ctx.card, ctx.player, seats=lose)


HANDLERS: dict[str, Callable[[Any, Any], None]] = {
    "optimistic_nihilism": optimistic_nihilism,
}
