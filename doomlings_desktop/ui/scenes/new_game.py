"""New game: how many seats, who plays each (a human or a bot level), the rule variants and
the expansion modules."""

from __future__ import annotations

import random
from typing import Any

import pygame

from doomlings_desktop.names import NAME_MAX, name_of
from doomlings_desktop.rules.cards import CardDatabaseError, module_about, module_title
from doomlings_desktop.ui import router
from doomlings_desktop.ui.app import (
    ACCENT,
    BG,
    INK,
    MUTED,
    Button,
    Scene,
    broken_modules,
    elide,
)
from doomlings_desktop.ui.checkbox import CheckBox
from doomlings_desktop.ui.dialogs import WARN
from doomlings_desktop.ui.fonts import MIN_TEXT_PX
from doomlings_desktop.ui.scenes.pages import offered_modules
from doomlings_desktop.ui.textfield import TextField
from doomlings_desktop.ui.theme import GO_TONE

VARIANT_LABELS = {
    "catastrophe_ends_round": "No turns in a catastrophe's round",
    "gene_pool_leader_bonus": "+3 for the highest gene pool",
    "long_age_deck": "Long age deck (all 25 ages)",
}
# What each variant changes, on the line that tells a module's (the tryout pointed at "+3 for
# the highest gene pool" and was told only how to read the modules)
VARIANT_ABOUT = {
    "catastrophe_ends_round": "No turns in a catastrophe's round: its effects happen, then "
                              "the next round begins at once.",
    "gene_pool_leader_bonus": "+3 for the highest gene pool: when the world ends, the one "
                              "player with the highest gene pool scores 3 more (a tie: none).",
    "long_age_deck": "Long age deck: every age goes into the age deck, not nine, so more "
                     "ages come before each catastrophe.",
}


class FieldSlot(Button):
    """A seat's name in the focus ring: Enter on it starts typing the name. The page draws
    the text field itself, so the slot draws nothing."""

    def draw(self, surf: pygame.Surface, text: Any, hover: bool, u: float) -> None:
        pass


class NewGameScene(Scene):
    """Seats (2-6, each human or bot, with names) and rule variants."""

    back_words = "back to the menu"
    own_keys = [("Enter on a name", "type it (Enter or Esc: done; Tab: the next name)"),
                ("Enter on Human / Bot", "who plays the seat: the next one along")]

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        s = app.settings
        self.count = s.seat_count          # the last table set up, to play it again at once
        self.kinds = ["human" if k == "human" else "bot" for k in s.seats]
        self.levels = ["medium" if k == "human" else k for k in s.seats]
        self.ask = [s.ask_out_of_turn] * 6
        self.names = list(s.player_names)
        self.variants = {k: bool(s.variants.get(k, False)) for k in VARIANT_LABELS}
        # each module the card database offers, on or off (E1); the choice is remembered. One
        # whose card file cannot be loaded is shown off, with why, and cannot be turned on.
        self.broken = broken_modules()
        self.modules = {m: m in s.modules and m not in self.broken for m in offered_modules()}
        self.notice: str | None = None
        self.editing: int | None = None
        self.field: TextField | None = None     # the name being typed: seat `editing`'s
        self.seed = random.randrange(1, 10**9)
        self.about: str | None = None       # the module whose line shows: pointed at last
        self.focus.reset("start")       # Enter at once plays the table set up last time

    def busy(self) -> bool:
        """Nothing here moves by itself: hover and every change come with an event."""
        return False

    def unit(self) -> float:
        """The UI scale's unit while six seats, the variants and the buttons fit the window's
        height, and the seats beside the modules' column its width."""
        w, h = self.app.screen.get_size()
        return min(self.app.unit, h / 720, (w * 0.94 - 40) / 1136)

    def _x0(self) -> int:
        return int(self.app.screen.get_width() * 0.06)

    def _layout(self) -> None:
        w, h = self.app.screen.get_size()
        u = self.unit()
        self.buttons = []
        x0 = self._x0()
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
            self.buttons.append(FieldSlot(name_r, self.names[i], ("name", i)))
            self.buttons.append(Button(pygame.Rect(name_r.right + int(16 * u), ry, int(150 * u), bh),
                                       "Human" if self.kinds[i] == "human"
                                       else f"Bot: {self.levels[i].capitalize()}",
                                       ("kind", i)))
            if self.kinds[i] == "human":
                self.buttons.append(Button(
                    pygame.Rect(name_r.right + int(176 * u), ry, int(250 * u), bh),
                    self._ask_label(i), ("ask", i)))
        vy = self.variants_y = y + int(64 * u) + 6 * int(52 * u) + int(10 * u)
        for j, k in enumerate(VARIANT_LABELS):
            self.buttons.append(CheckBox(pygame.Rect(x0, vy + j * int(48 * u), int(470 * u), bh),
                                         VARIANT_LABELS[k], ("variant", k), self.variants[k],
                                         box_left=True))
        # the modules in their own column right of the seats: there is room for all of them
        # there at 1280x720, where a list under the variants shrank the whole page
        mx = self.modules_x = x0 + int(756 * u)
        mw = int(380 * u)
        if self.modules:
            every = all(on for m, on in self.modules.items() if m not in self.broken)
            self.buttons.append(Button(pygame.Rect(mx + mw - int(110 * u), y, int(110 * u), bh),
                                       "None" if every else "All", "modules_all"))
        qw = bh         # each module's "?": its section of the Rules page
        self.module_rows = {}
        for j, m in enumerate(self.modules):
            row = pygame.Rect(mx, y + int(64 * u) + j * int(48 * u), mw, bh)
            self.module_rows[m] = row
            self.buttons.append(CheckBox(
                pygame.Rect(row.x, row.y, mw - qw - int(8 * u), bh),
                module_title(m) + (": cannot be loaded" if m in self.broken else ""),
                ("module", m), self.modules[m], m not in self.broken, box_left=True))
            about = module_about(m)
            self.buttons.append(Button(pygame.Rect(row.right - qw, row.y, qw, bh), "?",
                                       ("module_rules", m),
                                       about is not None and bool(about.sections), ""))
        self.hints_y = y + int(64 * u) + len(self.modules) * int(48 * u) + int(16 * u)
        bw = int(200 * u)
        self.buttons.append(Button(pygame.Rect(w - bw - int(40 * u), h - int(80 * u), bw,
                                               int(50 * u)), "Start game", "start",
                                   "human" in self.kinds[:self.count] or True, "s",
                                   tone=GO_TONE))
        self.buttons.append(Button(pygame.Rect(int(40 * u), h - int(80 * u), bw, int(50 * u)),
                                   "Back", "back", True, ""))
        # the seats, cards and variants set up here are the hosted game's (a Human seat is a
        # player who joins); joining a game is there too
        self.buttons.append(Button(pygame.Rect(w - 2 * bw - int(60 * u), h - int(80 * u), bw,
                                               int(50 * u)), "Play online", "online", True, "o"))

    def handle(self, event: pygame.event.Event) -> None:
        if self.editing is not None and event.type == pygame.KEYDOWN:
            if event.key == pygame.K_TAB:           # the next name (Shift+Tab: the one before)
                step = -1 if event.mod & pygame.KMOD_SHIFT else 1
                self.edit((self.editing + step) % self.count)
                self.focus.at = ("name", self.editing)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
                self.edit(None)             # the focus stays on the name
            elif self.field is not None and self.field.key(event):
                self.names[self.editing] = self.field.text
            return
        if event.type == pygame.MOUSEMOTION:
            self.point_at(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i, r in enumerate(self.seat_rows):
                if r.collidepoint(event.pos):
                    self.edit(i)
                    self.focus.at = ("name", i)
                    return
            self.edit(None)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            router.go(self.app, "menu")
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3:    # a seat, backwards
            for b in self.buttons:
                if b.rect.collidepoint(event.pos) and isinstance(b.key, tuple) \
                        and b.key[0] == "kind":
                    self.app.sounds.play("click")
                    self._cycle(b.key[1], -1)
                    return
        super().handle(event)
        at = self.focus.at      # the keyboard's pointing: a module's box or "?" focused
        if event.type == pygame.KEYDOWN and isinstance(at, tuple) \
                and at[0] in ("module", "module_rules", "variant"):
            self.about = at[1]

    def point_at(self, pos: tuple[int, int]) -> None:
        """The pointer over a module's row (its box or its "?") makes it the one whose line
        shows; it stays shown once the pointer leaves, so it can be read and its "?" reached."""
        for m, r in getattr(self, "module_rows", {}).items():
            if r.collidepoint(pos):
                self.about = m
                return
        for b in self.buttons:          # a variant's box and words
            if isinstance(b.key, tuple) and b.key[0] == "variant" and b.rect.collidepoint(pos):
                self.about = b.key[1]
                return

    def edit(self, i: int | None) -> None:
        """Type into seat i's name (None: no name), its text selected as it opens, so what is
        typed replaces it (a click, Tab or Shift+Tab)."""
        self.editing = i
        self.field = None if i is None else TextField(self.names[i], NAME_MAX)

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
        elif isinstance(key, tuple) and key[0] == "name":     # Enter on a name: type it
            self.edit(key[1])
        elif isinstance(key, tuple) and key[0] == "ask":
            self.ask[key[1]] = not self.ask[key[1]]
        elif isinstance(key, tuple) and key[0] == "variant":
            self.variants[key[1]] = not self.variants[key[1]]
            self.about = key[1]
        elif isinstance(key, tuple) and key[0] == "module" and key[1] not in self.broken:
            self.modules[key[1]] = not self.modules[key[1]]
            self.about = key[1]
        elif isinstance(key, tuple) and key[0] == "module_rules":
            router.go(self.app, "rules", back=self, module=key[1])
        elif key == "modules_all":
            good = [m for m in self.modules if m not in self.broken]
            every = all(self.modules[m] for m in good)
            for m in good:
                self.modules[m] = not every
        elif key == "back":
            router.go(self.app, "menu")
        elif key == "start":
            self.start()
        elif key == "online":
            self.remember()
            router.go(self.app, "online")

    def hotseat(self) -> bool:
        """Several humans at this table: pass-and-play."""
        return self.kinds[:self.count].count("human") > 1

    def _ask_label(self, i: int) -> str:
        """A human seat's out-of-turn button: whether offers are asked, or in pass-and-play
        the standing answer to those that come while another player has the screen."""
        if self.hotseat():
            return "Out of turn: when it pays" if self.ask[i] else "Out of turn: never"
        return "Out of turn: ask me" if self.ask[i] else "Out of turn: never ask"

    def remember(self) -> list[str]:
        """Keep what is set up here in the settings (the next New game, and Play online,
        read it there); returns the seats' names as the table shows them."""
        names = [name_of(n, i) for i, n in enumerate(self.names)]   # what the table can show
        self.app.settings.player_names = names + self.app.settings.player_names[len(names):]
        self.app.settings.variants = {k: v for k, v in self.variants.items() if v}
        # a module switched off for its broken file stays chosen for when it is repaired
        remembered = set(self.app.settings.modules) & set(self.broken)
        self.app.settings.modules = [m for m, on in self.modules.items()
                                     if on or m in remembered]
        self.app.settings.seat_count = self.count
        self.app.settings.seats = [k if k == "human" else lv
                                   for k, lv in zip(self.kinds, self.levels, strict=True)]
        try:
            self.app.settings.save()
        except OSError:
            pass            # kept in memory; saved again when the program closes
        return names

    def start(self) -> None:
        from doomlings_desktop.play.match import Seat

        names = self.remember()
        seats = [Seat(names[i], self.kinds[i], self.levels[i], self.ask[i])
                 for i in range(self.count)]
        if self.hotseat():
            # pass-and-play: the button chose the standing answer, which each player can
            # switch on their own turn (play/match.py); an offer at your screen is asked
            for s in seats:
                s.standing = "pays" if s.ask_out_of_turn else "never"
                s.ask_out_of_turn = True
        try:
            router.go(self.app, "table", seats, self.seed, self.app.settings.variants,
                      modules=tuple(m for m, on in self.modules.items() if on))
        except CardDatabaseError as e:      # a module file broken since the screen opened
            self.switch_off(e)

    def switch_off(self, e: CardDatabaseError) -> None:
        """A module's file could not be loaded at Start: switch it off (and any other found
        broken now), say why, and stay, so Start plays without it."""
        self.broken = broken_modules()
        if e.module and e.module not in self.broken:
            self.broken[e.module] = str(e)
        for m in self.broken:
            if m in self.modules:
                self.modules[m] = False
        which = f"The {module_title(e.module)} module" if e.module else "A module"
        self.notice = (f"{which} was switched off: its cards cannot be loaded ({e}). Start "
                       "again to play without it.")
        self.app.sounds.play("error")

    def _about_line(self, surf: pygame.Surface, x: int, y: int, room: int, u: float) -> int:
        """What the module pointed at (or clicked) adds, in the words of its own card file's
        `description:`, in at most three lines; before one is pointed at, how to read them.
        Returns the y under it."""
        t = self.app.text
        about = module_about(self.about) if self.about in self.modules else None
        if self.about in VARIANT_ABOUT:
            texts, color = [VARIANT_ABOUT[self.about]], INK
        elif about is not None and about.description:
            text, color = f"{about.title}: {about.description}", INK
            # the ? is also named by the line before one is pointed at: it goes first
            texts = [text + " Its ? opens its rules.", text] if about.sections else [text]
        else:
            texts = ["Point at a module to read what it adds; its ? opens its rules."]
            color = MUTED
        # smaller, then without the ?'s words, before cut: Techlings' line ended "Its ? opens
        # it…" at 1280x720
        for text in texts:
            size = int(16 * u)
            lines = t.wrap(text, size, room)
            while len(lines) > 3 and size > max(MIN_TEXT_PX, int(13 * u)):
                size -= 1
                lines = t.wrap(text, size, room)
            if len(lines) <= 3:
                break
        if len(lines) > 3:
            lines = lines[:2] + [elide(t, " ".join(lines[2:]), size, room)]
        self.about_lines = lines
        for line in lines:
            img = t.render(line, size, color)
            surf.blit(img, (x, y))
            y += img.get_height()
        return y + int(10 * u)

    def draw(self, surf: pygame.Surface) -> None:
        self._layout()
        surf.fill(BG)
        u = self.unit()
        t = self.app.text
        w, _ = surf.get_size()
        x0 = self._x0()
        surf.blit(t.render("New game", int(40 * u), ACCENT, bold=True), (x0, int(40 * u)))
        label = t.render(f"{self.count} players", int(22 * u), INK, bold=True)
        mid = x0 + (int(40 * u) + int(200 * u)) // 2      # between the - and + buttons
        surf.blit(label, label.get_rect(center=(mid, int(130 * u))))
        if self.modules:
            head = t.render("Expansion modules", int(22 * u), INK, bold=True)
            surf.blit(head, head.get_rect(midleft=(self.modules_x, int(130 * u))))
        for i, r in enumerate(self.seat_rows):
            field = self.field if self.editing == i and self.field else TextField(
                self.names[i], NAME_MAX)
            field.draw(surf, self.app, r, focused=self.editing == i, u=u)
            self.targets.append((r, ("name", i)))
        # the hints beside the variants, where the table has room at any size
        from doomlings_desktop.storage import saves
        hx = self.modules_x if self.modules else x0 + int(494 * u)
        hy = self.hints_y if self.modules else self.variants_y
        warn = [self.notice] if self.notice else []
        warn += [f"{module_title(m)} is off: its cards cannot be loaded ({why})."
                 for m, why in self.broken.items() if m in self.modules]
        hints = ["Click a name to change it, and a seat's Human / Bot button to change who "
                 "plays it (right-click: the other way). By keys: Tab or the arrows to it, "
                 "Enter (a name: type, then Enter).",
                 "'Never ask' keeps out-of-turn offers from showing the table who holds "
                 "such a card."]
        if saves.has_autosave():
            hints.append("Your unfinished game is not lost: starting this one keeps it in "
                         "Load game as 'Unfinished game' with its date.")
        room = w - hx - int(30 * u)
        bottom = surf.get_height() - int(90 * u)       # above Start game
        self.hint_rects: list[pygame.Rect] = []        # where each line of them went
        if self.modules:
            hy = self._about_line(surf, hx, hy, room, u)
        for k, text in enumerate(warn + hints):
            lines = t.wrap(text, int(15 * u), room)
            most = 3 if len(warn) == 1 else 2       # a reason in at most three lines (two
            if k < len(warn) and len(lines) > most:     # each when there are several)
                lines = lines[:most - 1] + [elide(t, " ".join(lines[most - 1:]), int(15 * u),
                                                  room)]
            imgs = [t.render(line, int(15 * u), WARN if k < len(warn) else MUTED)
                    for line in lines]
            if hy + sum(img.get_height() for img in imgs) > bottom:
                continue        # a hint is shown whole or not at all, never under the buttons
            for img in imgs:
                self.hint_rects.append(surf.blit(img, (hx, hy)))
                hy += img.get_height()
            hy += int(6 * u)
        self.draw_buttons(surf)
