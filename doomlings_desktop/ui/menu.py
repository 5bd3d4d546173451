"""Menus: main menu, new game set-up, rules and settings."""

from __future__ import annotations

import random
from typing import Any

import pygame

from doomlings_desktop.ui.app import ACCENT, BG, INK, MUTED, PANEL, Button, Scene

VARIANT_LABELS = {
    "catastrophe_ends_round": "No turns in a catastrophe's round",
    "gene_pool_leader_bonus": "+3 for the highest gene pool",
    "long_age_deck": "Long age deck (all 25 ages)",
}

RULES_TEXT = """How to play Doomlings

Goal: have the highest score when the world ends. The third catastrophe ends the game.

A round: the first player reveals an age. Its one-time effects happen for everyone, then its rules hold for the round. Every player takes a turn, clockwise.

Your turn: play one trait from your hand onto your pile (drag it there, or click it and click your pile, or select it with the arrow keys and press Enter). You must play if you can. Its action happens, then you stabilize: draw up to your gene pool, or discard down to it.

Can't play? Skip, or discard your hand and draw 3. Empty hand? You draw 5 and skip.

Gene pool (1-8): your hand size. Traits and catastrophes change it.

Catastrophes: the first player passes left, gene pools change, and everyone suffers its effect. At the third one, World's End: traits with World's End effects resolve, then the catastrophe's World's End effect, then scoring.

Score: face values of your traits + bonuses (drop of life cards) + World's End effects.

Dominant traits (gold, with a star): at most 2 per pile; nothing can take them away.

Out-of-turn cards (Automimicry, Parasitic, Late, ...): the game asks you when you may use them.

Right-click any card to read it in full. Esc opens the menu."""


class MenuScene(Scene):
    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.notice = app.warning

    def busy(self) -> bool:
        """Nothing here moves by itself: hover and every change come with an event."""
        return False

    def _layout(self) -> None:
        w, h = self.app.screen.get_size()
        u = self.app.unit
        bw, bh = int(320 * u), int(52 * u)
        x = (w - bw) // 2
        y = int(h * 0.33)
        items = [("Continue", "continue", "c"), ("New game", "new", "n"),
                 ("Load game", "load", "l"), ("Statistics", "stats", "t"), ("Rules", "rules", "r"),
                 ("Settings", "settings", "s"), ("Quit", "quit", "q")]
        from doomlings_desktop import saves
        can_continue = saves.has_autosave()
        self.buttons = []
        for i, (label, key, hot) in enumerate(items):
            enabled = key != "continue" or can_continue
            self.buttons.append(Button(pygame.Rect(x, y + i * int(bh * 1.18), bw, bh), label, key,
                                       enabled, hot))

    def on_button(self, key: Any) -> None:
        if key == "continue":
            from doomlings_desktop import saves
            open_save(self.app, saves.autosave_path(), self)
        elif key == "load":
            self.app.go(LoadScene(self.app, back=self))
        elif key == "stats":
            self.app.go(StatsScene(self.app, back=self))
        elif key == "new":
            self.app.go(NewGameScene(self.app))
        elif key == "rules":
            self.app.go(RulesScene(self.app, back=self))
        elif key == "settings":
            self.app.go(SettingsScene(self.app, back=self))
        elif key == "quit":
            self.app.quit()

    def draw(self, surf: pygame.Surface) -> None:
        self._layout()
        surf.fill(BG)
        w, h = surf.get_size()
        u = self.app.unit
        t = self.app.text
        title = t.render("Doomlings Desktop", int(64 * u), ACCENT, bold=True)
        surf.blit(title, title.get_rect(center=(w // 2, int(h * 0.2))))
        sub = t.render("Survive the end of the world. Score the most before it comes.",
                       int(20 * u), MUTED)
        surf.blit(sub, sub.get_rect(center=(w // 2, int(h * 0.2) + int(56 * u))))
        self._draw_deco(surf, u)
        self.draw_buttons(surf)
        from doomlings_desktop import saves
        notice = self.notice or saves.autosave_problem()     # cached: no file read a frame
        if notice:
            lines = t.wrap(notice, int(15 * u), int(w * 0.9))[:2]
            for k, line in enumerate(reversed(lines)):
                n = t.render(line, int(15 * u), (240, 190, 120))
                surf.blit(n, n.get_rect(midbottom=(w // 2, h - int(12 * u) - k * int(20 * u))))

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


class NewGameScene(Scene):
    """Seats (2-6, each human or bot, with names) and rule variants."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        s = app.settings
        self.count = s.seat_count          # the last table set up, to play it again at once
        self.kinds = ["human" if k == "human" else "bot" for k in s.seats]
        self.levels = ["medium" if k == "human" else k for k in s.seats]
        self.ask = [s.ask_out_of_turn] * 6
        self.names = list(s.player_names)
        self.variants = {k: bool(s.variants.get(k, False)) for k in VARIANT_LABELS}
        self.editing: int | None = None
        self.seed = random.randrange(1, 10**9)

    def busy(self) -> bool:
        """Nothing here moves by itself: hover and every change come with an event."""
        return False

    def _layout(self) -> None:
        w, h = self.app.screen.get_size()
        u = self.app.unit
        self.buttons = []
        x0 = int(w * 0.18)
        y = int(110 * u)
        bh = int(40 * u)
        self.buttons.append(Button(pygame.Rect(x0, y, bh, bh), "-", "fewer", self.count > 2))
        self.buttons.append(Button(pygame.Rect(x0 + int(200 * u), y, bh, bh), "+", "more",
                                   self.count < 6))
        self.seat_rows = []
        for i in range(self.count):
            ry = y + int(64 * u) + i * int(52 * u)
            name_r = pygame.Rect(x0, ry, int(300 * u), bh)
            self.seat_rows.append(name_r)
            self.buttons.append(Button(pygame.Rect(name_r.right + int(16 * u), ry, int(150 * u), bh),
                                       "Human" if self.kinds[i] == "human"
                                       else f"Bot: {self.levels[i].capitalize()}",
                                       ("kind", i)))
            if self.kinds[i] == "human":
                self.buttons.append(Button(
                    pygame.Rect(name_r.right + int(176 * u), ry, int(250 * u), bh),
                    "Out of turn: ask me" if self.ask[i] else "Out of turn: never ask",
                    ("ask", i)))
        vy = self.variants_y = y + int(64 * u) + 6 * int(52 * u) + int(10 * u)
        for j, k in enumerate(VARIANT_LABELS):
            self.buttons.append(Button(pygame.Rect(x0, vy + j * int(48 * u), int(470 * u), bh),
                                       ("[x] " if self.variants[k] else "[  ] ") + VARIANT_LABELS[k],
                                       ("variant", k)))
        bw = int(200 * u)
        self.buttons.append(Button(pygame.Rect(w - bw - int(40 * u), h - int(80 * u), bw,
                                               int(50 * u)), "Start game", "start",
                                   "human" in self.kinds[:self.count] or True, "s",
                                   tone=(60, 110, 70)))
        self.buttons.append(Button(pygame.Rect(int(40 * u), h - int(80 * u), bw, int(50 * u)),
                                   "Back", "back", True, ""))

    def handle(self, event: pygame.event.Event) -> None:
        if self.editing is not None and event.type == pygame.KEYDOWN:
            name = self.names[self.editing]
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
                self.editing = None
            elif event.key == pygame.K_BACKSPACE:
                self.names[self.editing] = name[:-1]
            elif event.unicode and event.unicode.isprintable() and len(name) < 16:
                self.names[self.editing] = name + event.unicode
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i, r in enumerate(self.seat_rows):
                if r.collidepoint(event.pos):
                    self.editing = i
                    return
            self.editing = None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.go(MenuScene(self.app))
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3:    # a seat, backwards
            for b in self.buttons:
                if b.rect.collidepoint(event.pos) and isinstance(b.key, tuple) \
                        and b.key[0] == "kind":
                    self.app.sounds.play("click")
                    self._cycle(b.key[1], -1)
                    return
        super().handle(event)

    def _cycle(self, i: int, step: int) -> None:
        """Who plays seat i: Human -> Easy -> Medium -> Hard -> Random -> Human (step 1)."""
        order = [("human", ""), ("bot", "easy"), ("bot", "medium"), ("bot", "hard"),
                 ("bot", "random")]
        now = (self.kinds[i], self.levels[i] if self.kinds[i] == "bot" else "")
        nxt = order[(order.index(now) + step) % len(order)] if now in order else order[0]
        self.kinds[i] = nxt[0]
        if nxt[1]:
            self.levels[i] = nxt[1]

    def on_button(self, key: Any) -> None:
        if key == "fewer":
            self.count = max(2, self.count - 1)
        elif key == "more" and self.count < 6:
            if self.count >= 2:     # a seat added beside bots is a bot of the same level
                self.kinds[self.count] = self.kinds[self.count - 1]
                self.levels[self.count] = self.levels[self.count - 1]
            self.count += 1
        elif isinstance(key, tuple) and key[0] == "kind":
            self._cycle(key[1], 1)
        elif isinstance(key, tuple) and key[0] == "ask":
            self.ask[key[1]] = not self.ask[key[1]]
        elif isinstance(key, tuple) and key[0] == "variant":
            self.variants[key[1]] = not self.variants[key[1]]
        elif key == "back":
            self.app.go(MenuScene(self.app))
        elif key == "start":
            self.start()

    def start(self) -> None:
        from doomlings_desktop.ui.table import SeatConfig, TableScene

        names = [n.strip() or f"Player {i + 1}" for i, n in enumerate(self.names)]
        self.app.settings.player_names = names + self.app.settings.player_names[len(names):]
        self.app.settings.variants = {k: v for k, v in self.variants.items() if v}
        self.app.settings.seat_count = self.count
        self.app.settings.seats = [k if k == "human" else lv
                                   for k, lv in zip(self.kinds, self.levels, strict=True)]
        try:
            self.app.settings.save()
        except OSError:
            pass            # kept in memory; saved again when the program closes
        seats = [SeatConfig(names[i], self.kinds[i], self.levels[i], self.ask[i])
                 for i in range(self.count)]
        self.app.go(TableScene(self.app, seats, self.seed, self.app.settings.variants))

    def draw(self, surf: pygame.Surface) -> None:
        self._layout()
        surf.fill(BG)
        u = self.app.unit
        t = self.app.text
        w, _ = surf.get_size()
        x0 = int(w * 0.18)
        surf.blit(t.render("New game", int(40 * u), ACCENT, bold=True), (x0, int(40 * u)))
        label = t.render(f"{self.count} players", int(22 * u), INK, bold=True)
        mid = x0 + (int(40 * u) + int(200 * u)) // 2      # between the - and + buttons
        surf.blit(label, label.get_rect(center=(mid, int(130 * u))))
        for i, r in enumerate(self.seat_rows):
            pygame.draw.rect(surf, PANEL, r, border_radius=int(6 * u))
            border = ACCENT if self.editing == i else (90, 100, 114)
            pygame.draw.rect(surf, border, r, width=max(1, int(2 * u)), border_radius=int(6 * u))
            label = self.names[i] + ("|" if self.editing == i else "")
            surf.blit(t.render(label, int(19 * u)), (r.x + int(10 * u), r.y + int(9 * u)))
            self.targets.append((r, ("name", i)))
        # the hints beside the variants, where the table has room at any size
        from doomlings_desktop import saves
        hx = x0 + int(494 * u)
        hy = self.variants_y
        hints = ["Click a name to change it, and a seat's Human / Bot button to change who "
                 "plays it (right-click: the other way).",
                 "'Never ask' keeps out-of-turn offers from showing the table who holds "
                 "such a card."]
        if saves.has_autosave():
            hints.append("Your unfinished game is not lost: starting this one keeps it in "
                         "Load game as 'Unfinished game' with its date.")
        for text in hints:
            for line in t.wrap(text, int(15 * u), w - hx - int(30 * u)):
                hint = t.render(line, int(15 * u), MUTED)
                surf.blit(hint, (hx, hy))
                hy += hint.get_height()
            hy += int(6 * u)
        self.draw_buttons(surf)


class SubScene(Scene):
    """A page reached from a menu: a title, Esc or the Back button returns to `back`."""

    title = ""

    def __init__(self, app: Any, back: Scene) -> None:
        super().__init__(app)
        self.back = back
        self.scroll = 0

    def busy(self) -> bool:
        """Nothing here moves by itself: hover and every change come with an event."""
        return False

    def leave(self) -> None:
        self.app.go(self.back)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y)
        super().handle(event)

    def on_button(self, key: Any) -> None:
        if key == "back":
            self.leave()

    def begin(self, surf: pygame.Surface, x0: int) -> None:
        """Clear the page, draw the title, and start the buttons with Back."""
        surf.fill(BG)
        u = self.app.unit
        _, h = surf.get_size()
        surf.blit(self.app.text.render(self.title, int(40 * u), ACCENT, bold=True),
                  (x0, int(40 * u)))
        self.buttons = [Button(pygame.Rect(int(40 * u), h - int(70 * u), int(160 * u),
                                           int(46 * u)), "Back", "back", True, "b")]


class TextScene(SubScene):
    """A scrollable page of text."""

    body = ""

    def draw(self, surf: pygame.Surface) -> None:
        u = self.app.unit
        t = self.app.text
        w, _ = surf.get_size()
        x0 = int(w * 0.15)
        self.begin(surf, x0)
        y = int(100 * u) - self.scroll * 40
        for para in self.body.split("\n\n")[1:]:
            for line in t.wrap(para, int(19 * u), int(w * 0.7)):
                surf.blit(t.render(line, int(19 * u)), (x0, y))
                y += int(26 * u)
            y += int(12 * u)
        self.draw_buttons(surf)


class RulesScene(TextScene):
    title = "How to play Doomlings"
    body = RULES_TEXT


class SettingsScene(SubScene):
    title = "Settings"

    def leave(self) -> None:
        try:
            self.app.settings.save()
        except OSError:
            pass
        self.app.go(self.back)

    def _rows(self) -> list[tuple[str, str, Any]]:
        s = self.app.settings
        return [
            ("Animation speed", s.animation, "animation"),
            ("Sound volume", f"{int(round(s.volume * 100))}%", "volume"),
            ("Sound", "off" if s.muted else "on", "muted"),
            ("Colour symbols on cards", "on" if s.colorblind_symbols else "off", "colorblind"),
            ("Bot move shown for", f"{s.bot_pace:.1f} s", "pace"),
            ("Offer out-of-turn plays", "yes" if s.ask_out_of_turn else "never ask",
             "ask_out_of_turn"),
        ]

    def on_button(self, key: Any) -> None:
        s = self.app.settings
        if key == "back":
            self.leave()
        elif key == "animation":
            order = ["off", "normal", "fast"]
            s.animation = order[(order.index(s.animation) + 1) % 3]
        elif key == "volume":
            s.volume = 0.0 if s.volume >= 0.99 else round(min(1.0, s.volume + 0.1), 1)
            self.app.sounds.set_volume(s.volume)
            self.app.sounds.play("click")
        elif key == "colorblind":
            s.colorblind_symbols = not s.colorblind_symbols
            self.app.art.set_symbols(s.colorblind_symbols)
        elif key == "muted":
            s.muted = not s.muted
            self.app.sounds.set_muted(s.muted)
        elif key == "pace":
            s.bot_pace = {0.0: 0.4, 0.4: 0.8, 0.8: 1.5, 1.5: 0.0}.get(s.bot_pace, 0.8)
        elif key == "ask_out_of_turn":
            s.ask_out_of_turn = not s.ask_out_of_turn

    def draw(self, surf: pygame.Surface) -> None:
        u = self.app.unit
        t = self.app.text
        w, _ = surf.get_size()
        x0 = int(w * 0.25)
        self.begin(surf, x0)
        for i, (label, value, key) in enumerate(self._rows()):
            y = int(120 * u) + i * int(60 * u)
            surf.blit(t.render(label, int(21 * u)), (x0, y + int(10 * u)))
            self.buttons.append(Button(pygame.Rect(x0 + int(330 * u), y, int(200 * u), int(44 * u)),
                                       value, key))
        self.draw_buttons(surf)


def open_save(app: Any, path: Any, back: Scene) -> bool:
    """Load a save into the table; on failure say why (the file was moved aside) and stay."""
    from doomlings_desktop import saves
    from doomlings_desktop.rules.cards import default_database
    from doomlings_desktop.ui.table import SeatConfig, TableScene

    try:
        got = saves.load(path, default_database())
    except saves.SaveError as e:
        back.notice = str(e)
        app.sounds.play("error")
        return False
    seats = [SeatConfig(s["name"], s["kind"], s["level"], s["ask"]) for s in got.seats]
    app.go(TableScene(app, seats, got.game.seed, game=got.game))
    return True


def open_replay(app: Any, path: Any, back: Scene) -> bool:
    """Open a save as a replay (checked by loading it first; a bad file is explained)."""
    import json

    from doomlings_desktop import saves
    from doomlings_desktop.rules.cards import default_database
    from doomlings_desktop.ui.table import REPLAY_REFUSED, ReplayScene, SeatConfig, replay_seats

    try:
        got = saves.load(path, default_database())
        record = json.loads(path.read_text(encoding="utf-8"))
    except (saves.SaveError, OSError, ValueError) as e:
        back.notice = str(e)
        return False
    # the Load screen offers no such replay; this refuses one asked for any other way
    if not replay_seats([s["kind"] for s in got.seats], got.game.over):
        back.notice = REPLAY_REFUSED
        app.sounds.play("error")
        return False
    seats = [SeatConfig(s["name"], s["kind"], s["level"], s["ask"]) for s in got.seats]
    app.go(ReplayScene(app, record, seats, back))
    return True


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
            open_save(self.app, key[1], self)
        elif isinstance(key, tuple) and key[0] == "replay":
            open_replay(self.app, key[1], self)

    def draw(self, surf: pygame.Surface) -> None:
        from doomlings_desktop import saves
        from doomlings_desktop.ui.table import REPLAY_REFUSED, replay_seats
        u = self.app.unit
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
                # the policy is the table's (replay_seats); open_replay checks it again on the
                # replayed game, so a hand-edited 'over' flag gains nothing
                why = None if replay_seats([s["kind"] for s in info.seats], info.over) \
                    else REPLAY_REFUSED
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


class StatsScene(SubScene):
    title = "Statistics"

    def draw(self, surf: pygame.Surface) -> None:
        from doomlings_desktop import statistics
        from doomlings_desktop.rules.cards import default_database
        u = self.app.unit
        t = self.app.text
        w, h = surf.get_size()
        x0 = int(w * 0.12)
        self.begin(surf, x0)
        s = statistics.summary()
        db = default_database()
        lines = [f"Games played: {s['games']}"]
        if s["skipped"]:
            lines.append(f"({s['skipped']} damaged line{'s' if s['skipped'] != 1 else ''} of "
                         "the statistics file skipped)")
        if s["best"] is not None:
            lines.append(f"Human scores: best {s['best']}, average {s['average']:.1f}")
        for key, (played, won) in s["by_seat"].items():
            lines.append(f"{key}: {played} seat{'s' if played != 1 else ''} played, "
                         f"{won:g} win{'s' if won != 1 else ''} ({100 * won / played:.0f}%)")
        if s["most_played"]:
            lines.append("Most played traits: " + ", ".join(
                f"{db.defs[k].name if k in db.defs else k} ({n})" for k, n in s["most_played"]))
        if s["best_scoring"]:
            lines.append("Best-scoring traits (mean final score of piles holding them): " + ", ".join(
                f"{db.defs[k].name if k in db.defs else k} ({v:.1f})" for k, v in s["best_scoring"]))
        if s["last"]:
            lines.append("")
            lines.append("Recent games:")
            for g in reversed(s["last"]):
                try:
                    names = ", ".join(f"{st['name']} {sc}" for st, sc in zip(g["seats"], g["scores"],
                                                                              strict=False))
                    win = " & ".join(g["seats"][i]["name"] for i in g["winners"])
                    lines.append(f"  {g['date']}: {names} - won by {win}")
                except (KeyError, IndexError, TypeError):
                    continue
        y = int(110 * u)
        for line in lines:
            for part in t.wrap(line, int(18 * u), int(w * 0.76)):
                surf.blit(t.render(part, int(18 * u)), (x0, y))
                y += int(26 * u)
        self.draw_buttons(surf)


class ErrorScene(Scene):
    """An unexpected error: say what happened and where the log is; the autosave is intact."""

    def __init__(self, app: Any, error: str, log_path: str) -> None:
        super().__init__(app)
        self.error = error
        self.log_path = log_path

    def busy(self) -> bool:
        """Nothing here moves by itself: hover and every change come with an event."""
        return False

    def on_button(self, key: Any) -> None:
        if key == "menu":
            self.app.go(MenuScene(self.app))
        elif key == "quit":
            self.app.quit()

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill(BG)
        u = self.app.unit
        t = self.app.text
        w, h = surf.get_size()
        x0 = int(w * 0.15)
        surf.blit(t.render("Something went wrong", int(40 * u), (240, 120, 100), bold=True),
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
