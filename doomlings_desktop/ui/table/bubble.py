"""Bot turns followed without the log: the acting bot's area framed while it decides, the card
it plays shown large over its area as it lands, and its reason in a bubble by its area for a
few seconds.

Everything here comes from the match (`Match.acting_bot`, `last_bot_move`). The card is shown
only once played, face up in a pile for everyone: shown while it is still in the bot's hand it
would be a hand card face up, which the table never draws (tests/test_privacy.py); the
bots wait while it is shown (`holding`), so each play is seen before the next. An out-of-turn
offer is never shown (who holds one is secret); the reason is the bot's public one
(bots/reasons.py: built from what every player sees). The layer takes no input and draws over
the acting bot's own area only.
"""

from __future__ import annotations

from typing import Any

import pygame
from pygame import Rect

from doomlings_desktop.play.pace import Timing, timing
from doomlings_desktop.rules.view import View
from doomlings_desktop.ui.table.layer import Layer
from doomlings_desktop.ui.theme import BOT_TURN, BUBBLE, BUBBLE_INK

# the seconds a reason stays after the move and a bot's played card is shown large are the
# pace's (play/pace.py: bot_say, bot_show)


class BotTurn(Layer):
    """The frame, the card played and the reason bubble of the bots' moves."""

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.said: tuple[int, str, float, int] | None = None   # seat, why, since, answers
        self.played: tuple[int, int, float] | None = None       # seat, card, since
        self.heard = -1            # the answers count of the last move noted (told once)
        self.drawn: Any = None
        self.card_rect: Rect | None = None     # where the coming card was drawn (tests)
        self.bubble_rect: Rect | None = None

    def pull(self, now: float) -> None:
        """Note the bot move just made (the scene's update) and let an old reason go."""
        last = self.sc.match.last_bot_move
        if last is not None and last[3] != self.heard:
            self.heard = last[3]
            if last[2] and not self.sc.game.over:
                self.said = (last[0], last[2], now, last[3])
            if last[1] >= 0 and self.pace().bot_show > 0:
                self.played = (last[0], last[1], now)
        if self.said is not None and now - self.said[2] >= self.pace().bot_say:
            self.said = None
        if self.played is not None and now - self.played[2] >= self.pace().bot_show:
            self.played = None

    def pace(self) -> Timing:
        return timing(self.sc.app.settings)

    def holding(self) -> bool:
        """A bot's card is being shown to a player: the next move waits until it has been
        seen (a game of bots only, the demo or a soak, keeps its pace)."""
        return self.played is not None and bool(self.sc.humans)

    def state(self) -> tuple | None:
        """What to show: the acting bot, the play coming, the reason said; None if none."""
        m = self.sc.match
        if self.sc.game.over or not self.sc.bots:
            return None
        played = self.played if self.played is not None and self._public(self.played[1]) \
            else None
        got = (m.acting_bot(), played, self.said)
        return None if got == (None, None, None) else got

    def _public(self, card: int) -> bool:
        """The card lies face up for everyone still (a pile, the discard pile), as the view
        of the seat at the screen says: a play sent back to a hand is not shown."""
        v = self.sc.view
        return v is not None and (card in v.discard or any(card in s.pile for s in v.seats))

    def stale(self) -> bool:
        # behind a pass screen nothing of the table is drawn: nothing to redraw for
        return not self.sc.pass_needed and self.state() != self.drawn

    def open(self, d: Any) -> bool:
        # open one frame more once all has gone, so that the frame says it has gone
        return self.sc.layout is not None and self.state() is not None \
            or self.drawn is not None

    def draw(self, surf: pygame.Surface, v: View | None, d: Any, u: float) -> None:
        sc = self.sc
        self.drawn = self.state()
        self.card_rect = self.bubble_rect = None
        if self.drawn is None:
            return
        acting, played, said = self.drawn
        lay = sc.layout
        seats = {p.seat for p in lay.panels}
        if acting is not None and acting in seats:
            r = lay.panel_of(acting).rect
            pygame.draw.rect(surf, BOT_TURN, r.inflate(int(4 * u), int(4 * u)),
                             width=max(2, int(3 * u)), border_radius=int(8 * u))
        why = ""
        if played is not None and played[0] in seats:
            self._card(surf, lay.panel_of(played[0]).rect, played[1], u)
        if said is not None and said[0] in seats:
            why, seat = said[1], said[0]
        if why:
            self._bubble(surf, lay.panel_of(seat).rect, why, u)

    def _card(self, surf: pygame.Surface, panel: Rect, card: int, u: float) -> None:
        """The card just played, large over the bot's area (as a player shows the table the
        card before laying it down)."""
        ch = min(int(190 * u), max(int(90 * u), panel.h - int(8 * u)))
        cw = int(ch * 0.72)
        r = Rect(0, 0, cw, ch)
        r.center = panel.center
        r.clamp_ip(surf.get_rect())
        pygame.draw.rect(surf, BOT_TURN, r.inflate(int(8 * u), int(8 * u)),
                         border_radius=int(8 * u))
        surf.blit(self.sc.app.art.face(card, cw, ch), r)
        self.card_rect = r

    def _bubble(self, surf: pygame.Surface, panel: Rect, why: str, u: float) -> None:
        """The bot's reason, in a speech bubble hanging from its area's top edge."""
        t = self.sc.app.text
        size = max(13, int(15 * u))
        width = min(int(300 * u), panel.w - int(16 * u))
        lines = t.wrap(f"“{why}”", size, width - int(20 * u))[:3]
        rendered = [t.render(x, size, BUBBLE_INK) for x in lines]
        h = sum(s.get_height() for s in rendered) + int(12 * u)
        w = max(s.get_width() for s in rendered) + int(20 * u)
        box = Rect(0, 0, w, h)
        box.midtop = (panel.centerx, panel.y + int(36 * u))
        if self.card_rect is not None:
            box.top = self.card_rect.bottom - h // 2
        box.clamp_ip(surf.get_rect())
        pygame.draw.rect(surf, BUBBLE, box, border_radius=int(10 * u))
        tip = [(box.centerx - int(8 * u), box.top + 1), (box.centerx + int(8 * u), box.top + 1),
               (box.centerx, box.top - int(9 * u))]
        pygame.draw.polygon(surf, BUBBLE, tip)
        y = box.y + int(6 * u)
        for s in rendered:
            surf.blit(s, s.get_rect(midtop=(box.centerx, y)))
            y += s.get_height()
        self.bubble_rect = box
