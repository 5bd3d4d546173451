"""Leaving a game whose last moves could not be saved: asked, never silent.

The autosave can fail (a full disk, a folder made read-only, a removed USB stick). The table
says so for a few seconds, but Quit, Main menu, New game, Load game or the window's close
button would then throw the unsaved moves away without a word (seen in a new-user tryout).
While `Match.unsaved` says the last autosave failed, each of those first opens this box:
Try again (save now, and go on only if it worked), Leave anyway, or Stay. A window that
hosts an online game in progress asks too, as its server goes with it (Leave or Stay)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import pygame

from doomlings_desktop.ui.dialogs import Dialog
from doomlings_desktop.ui.table.layer import Layer
from doomlings_desktop.ui.theme import LEAVE_TONE, RETRY_TONE


class Leaving(Protocol):
    """What the guard reads of the table: the app, the match (is it saved? save again), the
    Esc menu to close, and the frame's buttons and targets its box replaces."""

    app: Any
    match: Any
    modals: Any
    buttons: list
    targets: list


class LeaveGuard(Layer):
    """The box, open while a way out of the game waits for the player's word."""

    sc: Leaving

    def __init__(self, scene: Leaving) -> None:
        super().__init__(scene)
        self.dialog: Dialog | None = None
        self.go: Callable[[], None] | None = None

    def ask(self, go: Callable[[], None]) -> None:
        """Run `go` (the way out) now if every move is saved, else once the player agrees."""
        why = self.sc.match.unsaved
        if not why:
            self._ask_host(go)
            return
        self.go = go
        from doomlings_desktop.storage.saves import saves_dir
        self.dialog = Dialog(
            "Your last moves are not saved",
            [f"The game could not be saved: {why} (in {saves_dir()}).",
             "Leave now and the moves since the last save are lost. Free some room or put "
             "the folder right, then Try again."],
            [("Try again", "retry", RETRY_TONE), ("Leave anyway", "leave", LEAVE_TONE),
             ("Stay", "stay", None)], escape="stay",
            hotkeys={"t": "retry", "l": "leave", "s": "stay"})

    def _ask_host(self, go: Callable[[], None]) -> None:
        """A hosting window's way out stops the game for the players who joined: asked
        first (an Esc, Quit, a closed window by mistake stopped everyone's game without a
        word in the online tryout); `go` at once when leaving harms no one."""
        words = getattr(self.sc.match, "leaving_words", None)     # Stay first: Enter stays
        lines = words() if words is not None else None
        if not lines:
            go()
            return
        self.go = go
        self.dialog = Dialog("Leave the game you host?", lines,
                             [("Stay", "stay", None), ("Leave", "leave", LEAVE_TONE)],
                             escape="stay", hotkeys={"l": "leave", "s": "stay"})

    def open(self, d: Any) -> bool:
        return self.dialog is not None

    def draw(self, surf: pygame.Surface, v: Any, d: Any, u: float) -> None:
        self.sc.buttons = []
        self.dialog.draw(surf, self.sc.app, self.sc.targets)

    def handle(self, event: pygame.event.Event) -> bool:
        choice = self.dialog.handle(event)
        if choice == "retry":
            if self.sc.match.retry_save():
                self._leave()
            else:
                self.dialog.problem = f"Still not saved: {self.sc.match.unsaved}."
        elif choice == "leave":
            self._leave()
        elif choice == "stay":       # back to the game itself, not to the menu under the box
            self.dialog = self.go = None
            self.sc.modals.menu_open = False
        return True         # the box is modal: nothing reaches the table under it

    def _leave(self) -> None:
        go, self.dialog, self.go = self.go, None, None
        if go is not None:
            go()
