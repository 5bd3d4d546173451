"""Load game: the saves, newest first, each opened or replayed (through the router), those
that cannot be opened with the reason, and where damaged files were set aside."""

from __future__ import annotations

from typing import Any

import pygame

from doomlings_desktop.ui import router
from doomlings_desktop.ui.app import MUTED, Button, Scene
from doomlings_desktop.ui.scenes.pages import SubScene


class LoadScene(SubScene):
    """Named saves and the last finished game, newest first."""

    title = "Load game"

    def __init__(self, app: Any, back: Scene) -> None:
        super().__init__(app, back)
        self.notice: str | None = None

    def on_button(self, key: Any) -> None:
        if key == "back":
            self.leave()
        elif isinstance(key, tuple) and key[0] == "open":
            router.open_save(self.app, key[1], self)
        elif isinstance(key, tuple) and key[0] == "replay":
            router.open_replay(self.app, key[1], self)

    def draw(self, surf: pygame.Surface) -> None:
        from doomlings_desktop import saves
        from doomlings_desktop.play import match as policy
        u = self.unit()
        t = self.app.text
        w, h = surf.get_size()
        x0 = int(w * 0.2)
        self.begin(surf, x0)
        items = saves.list_saves()      # cached: files are read again only when they change
        if not items:
            surf.blit(t.render("No saved games yet. Save from the in-game menu (Esc).",
                               int(19 * u), MUTED), (x0, int(120 * u)))
        rows = max(1, (h - int(260 * u)) // int(56 * u))
        self.scroll = min(self.scroll, max(0, len(items) - rows))
        refused = None
        for i, info in enumerate(items[self.scroll:self.scroll + rows]):
            y = int(110 * u) + i * int(56 * u)
            label = f"{info.name}    {info.saved_at}"
            ok = info.problem is None
            # A damaged save can still be clicked: opening it explains and sets it aside. One
            # kept for its changed card rules cannot be opened here at all.
            self.buttons.append(Button(pygame.Rect(x0, y, int(w * 0.5), int(46 * u)),
                                       label, ("open", info.path), not info.kept))
            if ok:
                # the policy is the match layer's (replay_seats); open_replay checks it again on the
                # replayed game, so a hand-edited 'over' flag gains nothing
                why = None if policy.replay_seats([s["kind"] for s in info.seats], info.over) \
                    else policy.REPLAY_REFUSED
                refused = refused or why
                self.buttons.append(Button(pygame.Rect(x0 + int(w * 0.5) + int(10 * u), y,
                                                       int(130 * u), int(46 * u)), "Replay",
                                           ("replay", info.path), why is None))
            else:
                why = ("Kept, cannot continue: " if info.kept else "Cannot open: ") + info.problem
                for k, line in enumerate(t.wrap(why, int(13 * u), int(w * 0.28))[:3]):
                    surf.blit(t.render(line, int(13 * u), (240, 190, 120)),
                              (x0 + int(w * 0.5) + int(10 * u), y + k * int(15 * u)))
        if refused:         # beside the title: why some Replay buttons are off
            x = x0 + t.font(int(40 * u), True).size(self.title)[0] + int(30 * u)
            for k, line in enumerate(t.wrap(refused, int(15 * u), w - x - int(30 * u))[:2]):
                surf.blit(t.render(line, int(15 * u), MUTED), (x, int(46 * u) + k * int(20 * u)))
        aside = saves.set_aside()
        if aside:
            msg = (f"{len(aside)} damaged file{'s were' if len(aside) != 1 else ' was'} set "
                   f"aside (as .corrupt) in {saves.saves_dir()}")
            for k, line in enumerate(t.wrap(msg, int(14 * u), int(w * 0.7))[:2]):
                surf.blit(t.render(line, int(14 * u), MUTED),
                          (x0, h - int(190 * u) + k * int(18 * u)))
        if self.notice:
            for k, line in enumerate(t.wrap(self.notice, int(16 * u), int(w * 0.7))[:3]):
                surf.blit(t.render(line, int(16 * u), (240, 190, 120)),
                          (x0, h - int(150 * u) + k * int(22 * u)))
        self.draw_buttons(surf)
