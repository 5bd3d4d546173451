"""An unexpected error: what happened, where the log is, and that the autosave is intact."""

from __future__ import annotations

from typing import Any

import pygame

from doomlings_desktop.ui import router
from doomlings_desktop.ui.app import BG, Button, Scene
from doomlings_desktop.ui.theme import ERROR_TITLE


class ErrorScene(Scene):
    """An unexpected error: say what happened and where the log is; the autosave is intact."""

    def __init__(self, app: Any, error: str, log_path: str) -> None:
        super().__init__(app)
        self.error = error
        self.log_path = log_path

    def on_button(self, key: Any) -> None:
        if key == "menu":
            router.go(self.app, "menu")
        elif key == "quit":
            self.app.quit()

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill(BG)
        u = self.unit()
        t = self.app.text
        w, h = surf.get_size()
        x0 = int(w * 0.15)
        surf.blit(t.render("Something went wrong", int(40 * u), ERROR_TITLE, bold=True),
                  (x0, int(60 * u)))
        text = (f"{self.error}\n\nYour game was saved after your last move: Continue on the "
                f"main menu picks it up.\n\nThe details are in the log file:\n{self.log_path}")
        y = int(140 * u)
        for line in t.wrap(text, int(19 * u), int(w * 0.7)):
            surf.blit(t.render(line, int(19 * u)), (x0, y))
            y += int(27 * u)
        self.buttons = [Button(pygame.Rect(x0, h - int(100 * u), int(200 * u), int(50 * u)),
                               "Main menu", "menu", True, "m"),
                        Button(pygame.Rect(x0 + int(220 * u), h - int(100 * u), int(160 * u),
                                           int(50 * u)), "Quit", "quit", True, "q")]
        self.draw_buttons(surf)
