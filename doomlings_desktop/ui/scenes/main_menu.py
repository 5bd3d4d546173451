"""The main menu: Continue, New game, Learn to play, Load game, Statistics, Rules, Settings,
Quit, and About (credits) in the corner."""

from __future__ import annotations

from typing import Any

import pygame

from doomlings_desktop.ui import router
from doomlings_desktop.ui.app import ACCENT, BG, MUTED, Button, Scene
from doomlings_desktop.ui.theme import LEARN_TONE, WARN


class MenuScene(Scene):
    guard_arrival = True        # the click on the game's Main menu never presses Quit here
    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.notice = app.warning
        self.first_time = False      # no game played or saved yet: Learn to play is lit
        from doomlings_desktop.net.host import kept_room

        kept = kept_room()           # an online game this window hosted, left mid-way
        # a lobby is not a game; a finished one is reopened for its rematch on Play online
        self.hosted = kept if kept is not None and kept.dealt and not kept.over else None
        from doomlings_desktop.net.session import last_seat, seat_files

        seat = last_seat()          # an online game this program joined, left mid-way
        self.joined = None
        if seat is not None and seat.over < 0:
            try:
                self.joined = seat_files()[1].stat().st_mtime
            except OSError:
                self.joined = None

    def busy(self) -> bool:
        """Nothing here moves by itself: hover and every change come with an event."""
        return False

    def unit(self) -> float:
        """The UI scale's unit while the title and eight buttons fit the window height."""
        return min(self.app.unit, self.app.screen.get_height() * 0.67 / 535)

    def _layout(self) -> None:
        w, h = self.app.screen.get_size()
        u = self.unit()
        bw, bh = int(320 * u), int(52 * u)
        x = (w - bw) // 2
        y = int(h * 0.33)
        items = [("Continue", "continue", "c"), ("New game", "new", "n"),
                 ("Learn to play", "learn", "p"), ("Load game", "load", "l"), ("Statistics", "stats", "t"), ("Rules", "rules", "r"),
                 ("Settings", "settings", "s"), ("Quit", "quit", "q")]
        from doomlings_desktop.storage import saves
        can_continue = saves.has_autosave() or self.hosted is not None \
            or self.joined is not None
        # a game in progress kept for a rule change or a broken module file cannot be
        # continued here, but its player is no newcomer (new-user tryout)
        self.first_time = not can_continue and not saves.autosave_path().exists() \
            and self._no_games()
        self.buttons = []
        for i, (label, key, hot) in enumerate(items):
            enabled = key != "continue" or can_continue
            # someone who has never played is shown where to start
            tone = LEARN_TONE if key == "learn" and self.first_time else None
            self.buttons.append(Button(pygame.Rect(x, y + i * int(bh * 1.18), bw, bh), label, key,
                                       enabled, hot, tone=tone))
        aw, ah = int(120 * u), int(40 * u)      # out of the column: the credits, seldom wanted
        self.buttons.append(Button(pygame.Rect(w - aw - int(16 * u), int(16 * u), aw, ah),
                                   "About", "about", True, "a"))

    def _latest(self) -> str:
        """Continue goes on with the game played last: 'hosted' (the online game this window
        hosted, by when its room last changed), 'joined' (the online seat this program
        joined, by when it joined) or 'local' (the autosave), the newest of those there are."""
        from doomlings_desktop.storage import saves

        when: dict[str, float] = {}
        if saves.has_autosave():
            try:
                when["local"] = saves.autosave_path().stat().st_mtime
            except OSError:
                when["local"] = 0.0
        if self.hosted is not None:
            when["hosted"] = self.hosted.changed
        if self.joined is not None:
            when["joined"] = self.joined
        return max(when, key=lambda k: when[k], default="local")

    @staticmethod
    def _no_games() -> bool:
        from doomlings_desktop.storage import statistics

        try:
            return not statistics.load_stats().get("games")
        except Exception:  # noqa: BLE001 - a hint on the menu, never a reason to fail
            return False

    def on_button(self, key: Any) -> None:
        if key == "continue":
            latest = self._latest()
            if latest == "hosted":
                self.notice = router.reopen_hosted(self.app)
                return
            if latest == "joined":
                self.notice = router.rejoin_seat(self.app)
                return
            from doomlings_desktop.storage import saves
            router.open_save(self.app, saves.autosave_path(), self)
        elif key == "load":
            router.go(self.app, "load", back=self)
        elif key == "stats":
            router.go(self.app, "stats", back=self)
        elif key == "new":
            router.go(self.app, "new_game")
        elif key == "learn":
            router.open_lesson(self.app, self)
        elif key == "rules":
            router.go(self.app, "rules", back=self)
        elif key == "settings":
            router.go(self.app, "settings", back=self)
        elif key == "about":
            router.go(self.app, "about", back=self)
        elif key == "quit":
            self.app.quit()

    def draw(self, surf: pygame.Surface) -> None:
        self._layout()
        surf.fill(BG)
        w, h = surf.get_size()
        u = self.unit()
        t = self.app.text
        title = t.render("Doomlings Desktop", int(64 * u), ACCENT, bold=True)
        surf.blit(title, title.get_rect(center=(w // 2, int(h * 0.2))))
        sub = t.render("New to Doomlings? Learn to play teaches it in a five-minute game."
                       if self.first_time else
                       "Survive the end of the world. Score the most before it comes.",
                       int(20 * u), ACCENT if self.first_time else MUTED)
        surf.blit(sub, sub.get_rect(center=(w // 2, int(h * 0.2) + int(56 * u))))
        self._draw_deco(surf, u)
        self.draw_buttons(surf)
        from doomlings_desktop.storage import saves
        notice = self.notice or saves.autosave_problem()     # cached: no file read a frame
        if notice:
            lines = t.wrap(notice, int(15 * u), int(w * 0.9))[:2]
            for k, line in enumerate(reversed(lines)):
                n = t.render(line, int(15 * u), WARN)
                surf.blit(n, n.get_rect(midbottom=(w // 2, h - int(30 * u) - k * int(20 * u))))

    def _draw_deco(self, surf: pygame.Surface, u: float) -> None:
        art = self.app.art
        w, h = surf.get_size()
        ch = int(170 * u)
        cw = int(ch * 0.72)
        picks = ["heroic", "tiny", "selfish", "swarm", "denial", "camouflage"]
        db = art.db if hasattr(art, "db") else None
        for i, ident in enumerate(picks):
            if db is None or ident not in db.by_id:
                continue
            face = art.face(db.by_id[ident][0], cw, ch)
            side = -1 if i < 3 else 1
            k = i % 3
            x = w // 2 + side * int(w * 0.3) + side * k * int(cw * 0.45) - cw // 2
            y = int(h * 0.45) + k * int(28 * u)
            rot = pygame.transform.rotate(face, -side * (8 + k * 7))
            surf.blit(rot, (x, y))
