"""A finished or saved game stepped through forward and back, seen from the seats the
privacy policy allows."""

from __future__ import annotations

from typing import Any

import pygame
from pygame import Rect

from doomlings_desktop.play import match as policy
from doomlings_desktop.rules.cards import default_database
from doomlings_desktop.ui import focus, keys
from doomlings_desktop.ui.app import INK, Button, Scene, elide
from doomlings_desktop.ui.focus import FocusRing
from doomlings_desktop.ui.layout import table_scale, table_unit
from doomlings_desktop.ui.table.input import card_of
from doomlings_desktop.ui.table.scene import SeatConfig, TableScene
from doomlings_desktop.ui.theme import REPLAY_BAR, REPLAY_NOTE


class ReplayScene(TableScene):
    """Step through a game record forward and back, seen from the seats `replay_seats` allows.
    Raises ValueError (REPLAY_REFUSED) for a record that may not be replayed at all.

    `start` opens it after that many answers (the review's "Replay from here": the decision
    pending), seen by `viewer` if that seat may be watched; `note` is a line shown above the
    controls while it stays there (what the review said of that decision)."""

    offers_review = False       # the end screen's review is the game's, not the replay's
    menu_button = False         # Esc (or Close) leaves a replay: it has no in-game menu
    view_only = True            # the table says so where it would say whose turn it is
    rematch_offered = False     # a replay's end screen deals no new game

    def __init__(self, app: Any, record: dict, seats: list[SeatConfig], back: Scene,
                 start: int = 0, viewer: int | None = None, note: str = "") -> None:
        from doomlings_desktop.rules.record import check_record, replay
        from doomlings_desktop.storage.saves import read_notes

        db = default_database()
        # the whole game decides the policy, not the file's own 'over' flag
        whole = replay(record, db)
        self._answers = check_record(record, db)[1]     # each legal: `whole` was played
        self.allowed = policy.replay_seats([s.kind for s in seats], whole.over)
        if not self.allowed:
            raise ValueError(policy.REPLAY_REFUSED)
        self.record = record
        self.pos = self.noted = max(0, min(len(record["answers"]), start))
        self.note = note
        self._replay = replay
        game = replay(record, db, upto=self.pos)
        super().__init__(app, seats, record["seed"], game=game)
        self.autosave = False
        self.bots = {}
        # the bots' reasons the save kept, under their moves as the log reaches them
        self.bot_notes = read_notes(record.get("bot_notes"), len(whole.log or ()))
        self.back = back
        # the humans' seats first: seat 0 may be a bot, or a seat this replay may not show
        self.viewer = self.cleared = viewer if viewer in self.allowed else next(
            (s for s in self.allowed if s in self.humans), self.allowed[0])
        self.focus = FocusRing("fwd")   # the bar's buttons, as every page's (ui/focus.py)
        self.match.ask_nothing_ahead()  # a replay asks nothing: no question served ahead
        self.bar: Rect | None = None    # the bar of buttons, as last drawn

    @property
    def pass_needed(self) -> bool:
        return False

    def my_decision(self) -> Any:
        return None

    def busy(self) -> bool:
        """A replay moves only when asked to (or while its cards settle)."""
        return self.moving()

    def update(self, dt: float) -> None:
        self.time += dt
        self.motion.pull()        # a step forward: its cards travel; any other jump is quiet
        self.track()

    def goto(self, pos: int) -> None:
        """Show the game after `pos` answers. One step forward plays the next answer on the
        game shown, so the motion layer reads its events as a live game's and the cards
        travel (issue 26); a step back or a jump replays the game anew from the record, read
        quietly (every card in its place at once)."""
        pos = max(0, min(len(self.record["answers"]), pos))
        if pos == self.pos + 1 and self.game.pending is not None:
            # the record's answers were given without the table's pause for End turn (the
            # match sets `hold` for live play: a pause is no move, and no record holds one)
            self.game.hold = 0
            self.game.apply(self._answers[self.pos])
            self.pos = pos
            self._view_key = ("step", pos)      # a new view; the cached panels kept
            self.we_step = 1e9
        elif pos != self.pos:
            self.pos = pos
            self.game = self._replay(self.record, self.db, upto=pos)
            self.match.ask_nothing_ahead()
            self._view_key = ()
            self.we_step = 1e9

    # The replay's own keys, before the focus ring's (Tab, Shift+Tab, Enter / Space, F1):
    # the arrows step through the game, as they always have, and so are not the ring's.
    own_keys = [("Left / Right", "a move back / on"), ("Home / End", "the first / the last move"),
                ("Esc", "close the replay")]
    STEP_KEYS = {pygame.K_LEFT: "back", pygame.K_RIGHT: "fwd", pygame.K_HOME: "first",
                 pygame.K_END: "last", pygame.K_ESCAPE: "close"}

    def handle(self, event: pygame.event.Event) -> None:
        """The replay's keys (`STEP_KEYS`), a button's letter (S: Seat), then the focus ring's
        keys as on every page (ui/focus.py); clicks on the bar's buttons, right-click reads
        a card. Any key or click first puts away the list of keys or a card read."""
        if event.type == pygame.KEYDOWN:
            if self.keys_open or self.modals.zoom is not None:
                self.keys_open = False
                self.modals.zoom = None
                return
            if event.key in self.STEP_KEYS:
                self.on_button(self.STEP_KEYS[event.key])
                return
            if not self.press_hotkey(event):
                self.page_key(event)
            return
        if event.type == pygame.MOUSEMOTION:
            self.focus.follow(event.pos, self.buttons)      # one current button (ui/focus.py)
        if event.type == pygame.MOUSEBUTTONDOWN and (self.keys_open
                                                     or self.modals.zoom is not None):
            self.keys_open = False
            self.modals.zoom = None
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for b in reversed(self.buttons):
                if b.enabled and b.rect.collidepoint(event.pos):
                    self.focus.focus(b, self.buttons)
                    self.on_button(b.key)
                    return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            card = card_of(self.hit(event.pos))
            if card is not None:
                self.modals.zoom = card

    def show_keys(self) -> None:
        """F1: the replay's keys listed over it (its own, the ring's, the buttons' letters)."""
        self.keys_open = True

    def draw_keys(self, surf: pygame.Surface) -> None:
        """The F1 list while it is open (the line of keys is the bar's: `draw`)."""
        if self.bar is None:
            return
        u = self.bar.h / 54
        if self.keys_open:
            focus.key_list(surf, self.app.text, "Keys of the replay",
                           self.own_keys + focus.rows(self.buttons, "close"), u)

    def on_button(self, key: Any) -> None:
        steps = {"first": -10**9, "back10": -10, "back": -1, "fwd": 1, "fwd10": 10, "last": 10**9}
        if key in steps:
            self.goto(self.pos + steps[key])
        elif key == "seat":
            if len(self.allowed) > 1:
                at = self.allowed.index(self.viewer) if self.viewer in self.allowed else -1
                self._switch_viewer(self.allowed[(at + 1) % len(self.allowed)])
                self.cleared = self.viewer
        elif key == "close":
            self.app.go(self.back)
        else:
            super().on_button(key)

    def draw(self, surf: pygame.Surface) -> None:
        w, h = surf.get_size()
        u = table_unit(h, table_scale(w, h, self.game.n, self.app.settings.ui_scale))
        bar = Rect(0, h - int(54 * u), w, int(54 * u))
        t = self.app.text
        # the line of keys, a strip of its own right above the bar
        strip = Rect(0, bar.y - int(20 * u), w, int(20 * u))
        note = self.note if self.note and self.pos == self.noted else ""
        band = Rect(0, strip.y - (int(30 * u) if note else 0), w, int(30 * u) if note else 0)
        # the table above the bar, laid out for the height left: the bar hides no card
        super().draw(surf.subsurface(Rect(0, 0, w, band.y)))
        pygame.draw.rect(surf, REPLAY_BAR, strip.union(bar))
        focus.foot(surf, t, "Left / Right: a move back / on    " + keys.page_line("close"), u,
                   bottom=strip.bottom - int(2 * u), size=13)
        if note:
            pygame.draw.rect(surf, REPLAY_NOTE, band)
            size = t.fit(note, int(15 * u), w - int(24 * u), int(11 * u))
            line = t.render(elide(t, note, size, w - int(24 * u)), size, INK)
            surf.blit(line, line.get_rect(midleft=(int(12 * u), band.centery)))
        n = len(self.record["answers"])
        # numbered as the review numbers its moments: move k is the k-th answer of the game
        where = f"move {self.pos + 1} of {n} next" if self.pos < n else f"all {n} moves made"
        label = t.render(f"Replay: {where}, seen by {self.name(self.viewer)}", int(16 * u), INK,
                         bold=True)
        surf.blit(label, (bar.x + int(12 * u), bar.centery - label.get_height() // 2))
        self.buttons = []
        x = bar.x + int(440 * u)
        shown = [("|<", "first", ""), ("<<", "back10", ""), ("<", "back", ""),
                 (">", "fwd", ""), (">>", "fwd10", ""), (">|", "last", ""),
                 ("Seat", "seat", "s"), ("Close", "close", "")]
        if len(self.allowed) < 2:       # one seat to watch: nothing to switch to
            shown.remove(("Seat", "seat", "s"))
        for lab, key, letter in shown:
            bw = int(62 * u) if len(lab) <= 2 else int(100 * u)
            self.buttons.append(Button(Rect(x, bar.y + int(8 * u), bw, bar.h - int(16 * u)), lab,
                                       key, hotkey=letter))
            x += bw + int(6 * u)
        self.bar = bar
        self.draw_buttons(surf)
