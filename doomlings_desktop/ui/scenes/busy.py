"""A second copy of the program on a data folder another one is using: say so, and quit.

The window opens only to say it (a player who double-clicked the icon twice has no terminal to
read): it reads no save, writes nothing, not even the settings, and its one button quits."""

from __future__ import annotations

from typing import Any

import pygame

from doomlings_desktop.ui.app import ACCENT, BG, Button, Scene


class BusyScene(Scene):
    """The message of `instance.claim` and a Quit button (Esc, Enter and Q quit too)."""

    back_words = "quit"

    def __init__(self, app: Any, message: str) -> None:
        super().__init__(app)
        self.message = message

    def busy(self) -> bool:
        return False

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (
                pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.app.quit()
            return
        super().handle(event)

    def on_button(self, key: Any) -> None:
        if key == "quit":
            self.app.quit()

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill(BG)
        u = self.unit()
        t = self.app.text
        w, h = surf.get_size()
        x0 = int(w * 0.12)
        surf.blit(t.render("Doomlings is already running", int(36 * u), ACCENT, bold=True),
                  (x0, int(60 * u)))
        y = int(140 * u)
        for line in t.wrap(self.message, int(20 * u), int(w * 0.76)):
            surf.blit(t.render(line, int(20 * u)), (x0, y))
            y += int(30 * u)
        self.buttons = [Button(pygame.Rect(x0, y + int(30 * u), int(160 * u), int(50 * u)),
                               "Quit", "quit", True, "q")]
        self.draw_buttons(surf)
