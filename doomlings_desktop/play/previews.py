"""What the viewer's own play would do, shown before it is made: a card dragged over your pile
('+4 now', the questions it will ask: play/coach.py's `play_preview`) and an attachment held
over a host (each score's change: `attach_preview`). Each is worked out once per decision,
card (and host), from what the viewer can know, and kept until the decision changes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

KEEP = 64       # previews kept at most (a decision has a hand of cards, each a few hosts)


class Previews:
    """The previews of one match's viewer; `match` gives the game and the viewer's decision."""

    def __init__(self, match: Any) -> None:
        self.match = match
        self.cache: dict[tuple, Any] = {}    # (decision, answers, card, host...): preview

    def _once(self, card: int, extra: tuple, make: Callable[[Any, int], Any]) -> Any:
        """make(game, seat) for the viewer's pending play of `card`, once per decision and
        (card, *extra); None if `card` is not a legal play of theirs now."""
        d = self.match.my_decision()
        if d is None or d.kind != "play" or card not in d.options:
            return None
        game = self.match.game
        key = (id(d), len(game.answers), card, *extra)
        if key not in self.cache:
            if len(self.cache) > KEEP:
                self.cache.clear()
            self.cache[key] = make(game, d.player)
        return self.cache[key]

    def play(self, card: int) -> Any:
        """What playing `card` now would do for the viewer (a coach `Preview`, ~2 ms)."""
        from doomlings_desktop.play.coach import play_preview

        return self._once(card, (), lambda g, seat: play_preview(g, seat, card))

    def attach(self, card: int, host: int) -> Any:
        """What attaching `card` to `host` now would do to every score, as the viewer can know
        it (a coach `AttachPreview`; None if it cannot go there), 1 to 4 ms."""
        from doomlings_desktop.play.coach import attach_preview

        return self._once(card, (host,), lambda g, seat: attach_preview(g, seat, card, host))
