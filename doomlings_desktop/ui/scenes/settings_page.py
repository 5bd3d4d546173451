"""Settings: the pace (of moves, the stage and bots), sound, bot move time, colour symbols,
the palette (standard or colour-blind), out-of-turn offers, the end of a turn waiting for End
turn, the Hint button, full screen and the interface size (the UI scale, 80% to 150%)."""

from __future__ import annotations

from typing import Any

import pygame

from doomlings_desktop.rules.cards import module_about, module_title
from doomlings_desktop.storage.settings import COLOURS, HOLDS, PACES, UI_SCALES
from doomlings_desktop.ui.app import Button, broken_modules, elide
from doomlings_desktop.ui.checkbox import CheckBox
from doomlings_desktop.ui.scenes.pages import SubScene, offered_modules
from doomlings_desktop.ui.theme import INK, MUTED

# After a play the turn waits for End turn, so Undo can take the play back (and the Hint
# button is offered): in games with a bot or in pass-and-play ("bots"), in every game, or
# never. "always" differs from "bots" only at a table of bots alone, where no one plays.
HOLD_LABELS = {"bots": "bots, hot-seat", "always": "always", "never": "never"}
# The values of the settings that are on or off, drawn as check boxes.
CHECKS = {"on": True, "off": False, "yes": True, "never ask": False}
CHECK_KEYS = {"muted", "colorblind", "ask_out_of_turn", "fullscreen"}    # and the modules
VOLUMES = tuple(k / 10 for k in range(11))      # 0% to 100% in tens
BOT_PACES = (0.0, 0.4, 0.8, 1.5)                # seconds a bot's move stays on screen
HELP = "Click a setting's button for its next value, right-click for the one before."
# What each setting does, shown for the one pointed at or focused: the tryout met "Wait for
# End turn (Undo): bots, hot-seat" and "Colours: standard" with nothing to say what they do.
ABOUT = {
    "animation": "How fast cards travel and how long a big moment (an age, a catastrophe) "
                 "stays on the stage: slow, normal, fast, or instant.",
    "volume": "How loud the game's sounds are.",
    "muted": "The game's sounds, on or off.",
    "colorblind": "Each colour's own symbol on the cards and the pile strips, so a colour "
                  "is never told by its colour alone.",
    "colours": "The palette: standard, or colour-blind (reds, greens and blues that stay "
               "apart for red-green colour blindness).",
    "pace": "How long a bot's card is shown, with its reason, before it lands in its pile.",
    "ask_out_of_turn": "Whether the game stops to offer you an out-of-turn card (Automimicry, "
                       "Parasitic...) when you could play one; off: it never asks.",
    "fullscreen": "The game on the whole screen (F11 switches it at any time).",
    "ui_scale": "The size of the text and the cards, 80% to 150%.",
    "hold_end_turn": "After your play the turn waits for End turn, so Undo can take the play "
                     "back: in games with bots or pass-and-play (bots, hot-seat), in every "
                     "game (always), or never.",
    "hints": "Where the Hint button (H) shows the coach's move for you: in games with bots "
             "or pass-and-play (bots, hot-seat), in every game (always), or never.",
}
POINT = "Point at a setting, or Tab to it, to read what it does."


def cycle(values: tuple, now: Any, step: int, unknown: int = -1) -> Any:
    """The value `step` places from `now` in `values`, round the ends; a value that is not
    one of them (a settings file may hold 0.33) counts as being at `unknown`."""
    i = values.index(now) if now in values else unknown
    return values[(i + step) % len(values)]


def step_scale(now: float, step: int) -> float:
    """The Interface size's next step up (or down), round the ends; from a size between two
    steps (a hand-edited file), the nearest step that way."""
    if step > 0:
        return next((x for x in UI_SCALES if x > now + 1e-6), UI_SCALES[0])
    return next((x for x in reversed(UI_SCALES) if x < now - 1e-6), UI_SCALES[-1])



class SettingsScene(SubScene):
    title = "Settings"
    explained = ""      # what the last frame said the focused setting does (tests)
    explain_rects: list[pygame.Rect] = []     # where its lines were drawn (tests)
    explain_lines: list[str] = []
    own_keys = [("Right-click a button", "its value before (a click or Enter: the next)")]

    def leave(self) -> None:
        try:
            self.app.settings.save()
        except OSError:
            pass
        self.app.go(self.back)

    def _rows(self) -> list[tuple[str, str, Any]]:
        s = self.app.settings
        broken = broken_modules()       # off, whatever the settings say (New game says why)
        return [
            ("Pace (moves, stage, bots)", s.pace, "animation"),
            ("Sound volume", f"{int(round(s.volume * 100))}%", "volume"),
            ("Sound", "off" if s.muted else "on", "muted"),
            ("Colour symbols on cards", "on" if s.colorblind_symbols else "off", "colorblind"),
            ("Colours", s.colours, "colours"),
            ("Bot move shown for", f"{s.bot_pace:.1f} s", "pace"),
            ("Offer out-of-turn plays", "yes" if s.ask_out_of_turn else "never ask",
             "ask_out_of_turn"),
            ("Full screen (F11)", "on" if s.fullscreen else "off", "fullscreen"),
            ("Interface size", f"{round(s.ui_scale * 100)}%", "ui_scale"),
            ("Wait for End turn (Undo)", HOLD_LABELS.get(s.hold_end_turn, s.hold_end_turn),
             "hold_end_turn"),
            ("Hint button (H)", HOLD_LABELS.get(s.hints, s.hints), "hints"),
        ] + [(f"Module: {module_title(m)}", "cannot load" if m in broken else
              "on" if m in s.modules else "off", ("module", m)) for m in offered_modules()]

    def _columns(self) -> tuple[list, list]:
        """The settings, and the modules of the next New game in a column of their own (one
        list under the settings shrank every row to fit the window)."""
        rows = self._rows()
        mods = [r for r in rows if isinstance(r[2], tuple) and r[2][0] == "module"]
        return [r for r in rows if r not in mods], mods

    def unit(self) -> float:
        """The window's unit while both columns fit it, whatever the Interface size: this page
        is where that size is changed, and a page that grew at each click moved every button
        under the pointer (the next click then hit another setting)."""
        w, h = self.app.screen.get_size()
        left, right = self._columns()
        return min(h / 720, h / (200 + 60 * max(len(left), len(right))), w * 0.88 / 1100)

    def handle(self, event: pygame.event.Event) -> None:
        """A right-click on a setting's button gives it the value before (a click: the next
        one), as New game's seat buttons go the other way on a right-click."""
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            for b in reversed(self.buttons):
                if b.enabled and b.rect.collidepoint(event.pos) and b.key != "back":
                    self.app.sounds.play("click")
                    self.focus.focus(b, self.buttons)
                    self.change(b.key, -1)
                    return
        super().handle(event)

    def on_button(self, key: Any) -> None:
        if key == "back":
            self.leave()
        else:
            self.change(key, 1)

    def change(self, key: Any, step: int) -> None:
        """The setting `key` to its next value (step 1) or the one before (-1); an on/off
        setting is switched either way."""
        s = self.app.settings
        if key == "fullscreen":
            self.app.toggle_fullscreen()
        elif key == "animation":
            s.pace = cycle(PACES, s.pace, step)
        elif key == "volume":
            s.volume = cycle(VOLUMES, round(s.volume, 1), step)
            self.app.sounds.set_volume(s.volume)
            self.app.sounds.play("click")
        elif key == "colorblind":
            s.colorblind_symbols = not s.colorblind_symbols
            self.app.art.set_symbols(s.colorblind_symbols)
        elif key == "colours":          # standard <-> colour-blind
            self.app.set_colours(cycle(COLOURS, s.colours, step))
        elif key == "muted":
            s.muted = not s.muted
            self.app.sounds.set_muted(s.muted)
        elif key == "pace":
            s.bot_pace = cycle(BOT_PACES, s.bot_pace, step, BOT_PACES.index(0.8) - step)
        elif key == "ask_out_of_turn":
            s.ask_out_of_turn = not s.ask_out_of_turn
        elif key == "ui_scale":         # the next step, and from the largest the smallest
            s.ui_scale = step_scale(s.ui_scale, step)
        elif isinstance(key, tuple) and key[0] == "module" and key[1] not in broken_modules():
            s.modules = [m for m in s.modules if m != key[1]] if key[1] in s.modules \
                else sorted({*s.modules, key[1]})
        elif key in ("hold_end_turn", "hints"):
            setattr(s, key, cycle(HOLDS, getattr(s, key), step))

    def draw(self, surf: pygame.Surface) -> None:
        u = self.unit()
        t = self.app.text
        w, _ = surf.get_size()
        x0 = int(w * 0.06)
        self.begin(surf, x0)
        self.help_line(surf, x0, u)
        left, right = self._columns()
        for col, rows in enumerate((left, right)):
            x = x0 + col * int(580 * u)
            if col and rows:
                head = "Expansion modules (the next New game)"
                surf.blit(t.render(head, int(21 * u), bold=True), (x, int(120 * u) + int(10 * u)))
            for i, (label, value, key) in enumerate(rows):
                y = int(120 * u) + (i + col) * int(60 * u)
                label = label.removeprefix("Module: ") if col else label
                if value in CHECKS and (key in CHECK_KEYS or col):  # a check box, on its row
                    self.buttons.append(CheckBox(pygame.Rect(x, y, int(530 * u), int(44 * u)),
                                                 label, key, CHECKS[value], size=21))
                    continue
                surf.blit(t.render(label, int(21 * u)), (x, y + int(10 * u)))
                self.buttons.append(Button(pygame.Rect(x + int(330 * u), y, int(200 * u),
                                                       int(44 * u)), value, key,
                                           value != "cannot load"))
        top = int(120 * u) + (len(right) + 1 if right else 0) * int(60 * u) + int(16 * u)
        self.explain(surf, pygame.Rect(x0 + int(580 * u), top, int(530 * u),
                                       surf.get_height() - int(90 * u) - top), u)
        self.draw_buttons(surf)

    def about(self) -> str:
        """What the focused setting (pointed at, or reached by Tab) does."""
        key = self.focus.at
        if isinstance(key, tuple) and key[0] == "module":
            about = module_about(key[1])
            if about is not None and about.description:
                return f"{about.title}, in the next New game: {about.description}"
            return f"{module_title(key[1])}: its cards join the next New game."
        return ABOUT.get(key, POINT) if isinstance(key, str) else POINT

    def explain(self, surf: pygame.Surface, r: pygame.Rect, u: float) -> None:
        """The focused setting's explanation in the room under the modules (as many lines
        as fit, the last cut)."""
        t = self.app.text
        text = self.about()
        self.explained = text
        size = max(12, int(16 * u))
        step = t.font(size).get_linesize()
        lines = t.wrap(text, size, r.w)
        room = max(1, r.h // step)
        if len(lines) > room:
            lines = lines[:room - 1] + [elide(t, " ".join(lines[room - 1:]), size, r.w)]
        color = MUTED if text == POINT else INK
        self.explain_rects, self.explain_lines = [], lines
        for i, line in enumerate(lines):
            img = t.render(line, size, color)
            self.explain_rects.append(surf.blit(img, (r.x, r.y + i * step)))

    def help_line(self, surf: pygame.Surface, x0: int, u: float) -> None:
        """What a click and a right-click do, beside the title (where no row can be)."""
        t = self.app.text
        x = x0 + t.font(int(40 * u), True).size(self.title)[0] + int(30 * u)
        room = surf.get_width() - x - int(30 * u)
        size = t.fit(HELP, int(15 * u), room, 11)
        img = t.render(elide(t, HELP, size, room), size, MUTED)
        surf.blit(img, img.get_rect(midleft=(x, int(40 * u) + int(24 * u))))
