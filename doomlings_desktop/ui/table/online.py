"""The table of an online game: the same TableScene, drawing a RemoteMatch (net/session.py)
instead of a local Match, plus what only an online game has: each player's connection (here,
away, a bot playing for them) on their panel, and the connection's own trouble in a line.

The match is fed by its network thread; this scene takes in what came once a frame
(`update`), and is busy only while something waits to be taken in or moves on the table.
"""

from __future__ import annotations

from typing import Any

import pygame
from pygame import Rect

from doomlings_desktop.net.protocol import PHRASES
from doomlings_desktop.ui import router
from doomlings_desktop.ui.table.scene import TableScene
from doomlings_desktop.ui.theme import BAD, BG, GOOD, INK, MUTED, PANEL_HI, PANEL_HOVER, WARN

AWAY = MUTED        # an away seat: the secondary text's colour


def seat_state(match: Any, seat: int) -> tuple[str, tuple[int, int, int]]:
    """A seat's connection in a word or two, and its colour; none once the game is over
    (each program hangs up then)."""
    if match.bots.get(seat, 0) is None or match.state == "over":
        return "", GOOD             # a bot of the host's: always there
    if match.state == "lost":       # given up: no longer trying (the box says why)
        return ("not connected" if seat == match.me else ""), AWAY
    if seat != match.me and not match.link_up:
        return "", AWAY             # this window is cut off: how the others are is not known
        # (their last word said "online" while the host's program was gone)
    if match.stood_in(seat):
        return "away: a bot plays", WARN
    if match.is_connected(seat):
        return ("" if seat == match.me else "online"), GOOD
    return ("reconnecting..." if seat == match.me else "away"), AWAY


class OnlineTableScene(TableScene):
    """A remote seat's table (`match` is a started RemoteMatch)."""

    offers_review = False       # the whole game stays with the host: nothing to review here

    def __init__(self, app: Any, match: Any) -> None:
        super().__init__(app, match=match)
        self.lost_told = False
        self.saying = False         # the quick messages are open under "Say"
        self.following: list[tuple[Any, Any]] = []     # answers waiting for their decisions
        self.heard: list[str] = []      # the quick messages shown, newest last (a later toast
        # may cover one before it is read: they are kept here)
        self.game_no = match.game_no    # the room's game this table shows
        self.handed = False             # a rematch was dealt: the next table holds the match

    @property
    def rematch_offered(self) -> bool:
        """The end screen's Rematch: the room deals a new game for the same seats once every
        player has asked for it (one click each)."""
        return self.match.state == "over"

    def rematch(self) -> None:
        why = self.match.ask_rematch()
        if why is not None:
            self.say(why)
            self.app.sounds.play("error")
        else:
            self.app.sounds.play("click")

    def end_note(self) -> str:
        """The line under the end screen's title: who asked for the rematch, whom it waits
        for."""
        return self.match.rematch_words()

    def view_version(self) -> Any:
        """Each update from the host is a new view: End turn after the pause for it takes no
        step of its own and often writes no log line, yet the turn moves on (a table kept
        the last view, with the turn still marked on the player who had ended it)."""
        return id(self.match.view_now)

    def busy(self) -> bool:
        """Moving cards, or news from the network thread to take in. Waiting for another
        player is idle: their move wakes the window (net/session.py's `wake`)."""
        return self.moving() or not self.match.inbox.empty() or (
            self.game.over and self.we_step < len(self._we_lines()) + 1.5)

    def answer_in_turn(self, steps: list[tuple[Any, Any]]) -> int:
        """As at a local table, but the decisions after the first come from the host: the
        steps not given yet wait for theirs (`_follow`, each frame)."""
        self.following = list(steps)
        return self._follow()

    def _follow(self) -> int:
        """Give the waiting steps whose decisions have come; a decision that is not the one
        expected ends them (the player answers it)."""
        given = 0
        while self.following:
            d = self.my_decision()
            if d is None:
                return given          # its answer is on its way, or another player decides
            test, answer = self.following.pop(0)
            if not test(d) or not self.apply(answer):
                self.following = []
                break
            given += 1
        return given

    def _show_notices(self) -> None:
        """The match's notices, and the quick messages heard (friendly: drawn green)."""
        super()._show_notices()
        for text, seconds in self.match.said:
            self.say(text, seconds, good=True)
            self.heard = (self.heard + [text])[-20:]     # the last ones, whatever came after
        self.match.said.clear()

    def update(self, dt: float) -> None:
        super().update(dt)
        m = self.match
        if m.game_no != self.game_no and m.view_now is not None and not self.handed:
            self.handed = True      # the rematch is dealt: its table, fresh, in this one's place
            router.go(self.app, "online_table", m)
            return
        if self.following:
            self._follow()
        if m.state == "lost" and not self.lost_told:
            self.lost_told = True
            self.app.sounds.play("error")

    def left(self) -> None:
        if not self.handed:
            self.match.stop()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not self.covered():
            hit = next((key for r, key in reversed(self.targets) if r.collidepoint(event.pos)),
                       None)
            was_open, self.saying = self.saying, False
            if hit == ("online_leave",):
                self.overlays.leave.ask(lambda: router.go(self.app, "online"))
                return
            if hit == ("say_open",):
                self.saying = not was_open
                self.app.sounds.play("click")
                return
            if hit is not None and hit[0] == "say":
                self.app.sounds.play("click")
                if not self.match.say(hit[1]):
                    self.say("Not connected: the message cannot be sent.")
                return
        super().handle(event)

    def covered(self) -> bool:
        """The menu, the help or a zoom is over the table: its clicks are theirs."""
        return self.modals.covering()

    bar_tools = 60      # Say, left of Menu in the top bar

    def draw(self, surf: pygame.Surface) -> None:
        if self.match.view_now is None:     # not dealt yet (never shown: the lobby waits)
            surf.fill(BG)
            return
        super().draw(surf)
        if self.layout is None:
            return
        if self.saying and not self.covered():
            self._phrases(surf, self.unit())
        if self.match.state == "lost":
            self._lost(surf, self.unit())

    def draw_on_table(self, surf: pygame.Surface, u: float) -> None:
        """Each seat's connection on its panel and Say in the top bar: part of the table, so
        under a window of cards, the stage or the menu (drawn over them, a mark hid a card
        it lay on and took its clicks)."""
        t = self.app.text
        for p in self.layout.panels:
            words, color = seat_state(self.match, p.seat)
            if not words:
                continue
            img = t.render(words, int(13 * u), color, bold=True)
            box = img.get_rect(bottomright=(p.pile.right - int(4 * u), p.pile.bottom - int(2 * u)))
            back = box.inflate(int(10 * u), int(4 * u))
            pygame.draw.rect(surf, BG, back, border_radius=int(5 * u))
            surf.blit(img, box)
            self.targets.append((back, ("connection", p.seat)))
        self._say_button(surf, u)

    def _say_button(self, surf: pygame.Surface, u: float) -> Rect:
        """Say in the top bar, left of Menu (the bar keeps `bar_tools` free for it)."""
        t = self.app.text
        menu = next((r for r, key in self.targets if key == ("open_menu",)), None)
        right = (menu.x if menu is not None else self.layout.top_bar.right) - int(4 * u)
        label = t.render("Say", int(15 * u), INK, bold=True)
        b = label.get_rect().inflate(int(18 * u), int(10 * u))
        b.midright = (right, self.layout.top_bar.centery)
        self._button(surf, b, label, u)
        self.targets.append((b, ("say_open",)))
        return b

    def _phrases(self, surf: pygame.Surface, u: float) -> None:
        """The quick messages, open under Say (over everything, as a menu is)."""
        t = self.app.text
        b = next((r for r, key in self.targets if key == ("say_open",)), None)
        if b is None:
            return
        y = b.bottom + int(6 * u)
        for i, words in enumerate(PHRASES):
            img = t.render(words, int(15 * u), INK, bold=True)
            r = Rect(0, y, max(int(150 * u), img.get_width() + int(20 * u)), int(32 * u))
            r.right = b.right
            self._button(surf, r, img, u)
            self.targets.append((r, ("say", i)))
            y = r.bottom + int(4 * u)

    def _button(self, surf: pygame.Surface, r: Rect, label: pygame.Surface, u: float) -> None:
        hover = r.collidepoint(self.app.mouse)
        pygame.draw.rect(surf, PANEL_HOVER if hover else PANEL_HI, r, border_radius=int(6 * u))
        surf.blit(label, label.get_rect(center=r.center))

    def lost_words(self) -> str:
        """Why the game cannot go on here, and what the player may do: a joined seat whose
        host was out of reach for the minute is kept, to be taken back from Play online."""
        m = self.match
        why = m.problem or "The connection is lost."
        why = why[:1].upper() + why[1:]
        if getattr(m, "unreachable", False) and getattr(m, "seat_kept", False):
            why += (f". Your seat is kept: once the host's game is open again, New game → "
                    f"Play online → Back to room {m.room} takes it back.")
        return why

    def _lost(self, surf: pygame.Surface, u: float) -> None:
        """The connection is gone for good: say why, and offer the way out."""
        t = self.app.text
        w, h = surf.get_size()
        box = Rect(0, 0, int(w * 0.6), int(134 * u))
        box.center = (w // 2, h // 2)
        pygame.draw.rect(surf, BG, box, border_radius=int(12 * u))
        pygame.draw.rect(surf, BAD, box, width=max(1, int(2 * u)), border_radius=int(12 * u))
        lines = t.wrap(self.lost_words(), int(17 * u), box.w - int(30 * u))[:3]
        for k, line in enumerate(lines):
            surf.blit(t.render(line, int(17 * u), INK), (box.x + int(15 * u),
                                                         box.y + int(12 * u) + k * int(24 * u)))
        b = Rect(0, 0, int(140 * u), int(34 * u))
        b.bottomright = (box.right - int(12 * u), box.bottom - int(10 * u))
        pygame.draw.rect(surf, MUTED, b, border_radius=int(8 * u))
        label = t.render("Leave", int(16 * u), BG, bold=True)
        surf.blit(label, label.get_rect(center=b.center))
        self.targets.append((b, ("online_leave",)))
