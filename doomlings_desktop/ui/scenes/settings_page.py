"""Settings: the pace (of moves, the stage and bots), sound, bot move time, colour symbols,
the palette (standard or colour-blind), out-of-turn offers, the end of a turn waiting for End
turn, the Hint button, full screen and the interface size (the UI scale, 80% to 150%)."""

from __future__ import annotations

from typing import Any

import pygame

from doomlings_desktop.rules.cards import module_title
from doomlings_desktop.storage.settings import COLOURS, HOLDS, PACES, UI_SCALES
from doomlings_desktop.ui.app import Button, broken_modules
from doomlings_desktop.ui.checkbox import CheckBox
from doomlings_desktop.ui.scenes.pages import SubScene, offered_modules

# After a play the turn waits for End turn, so Undo can take the play back (and the Hint
# button is offered): in games with a bot or in pass-and-play ("bots"), in every game, or
# never. "always" differs from "bots" only at a table of bots alone, where no one plays.
HOLD_LABELS = {"bots": "bots, hot-seat", "always": "always", "never": "never"}
# The values of the settings that are on or off, drawn as check boxes.
CHECKS = {"on": True, "off": False, "yes": True, "never ask": False}
CHECK_KEYS = {"muted", "colorblind", "ask_out_of_turn", "fullscreen"}    # and the modules



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

    def on_button(self, key: Any) -> None:
        s = self.app.settings
        if key == "back":
            self.leave()
        elif key == "fullscreen":
            self.app.toggle_fullscreen()
        elif key == "animation":
            i = PACES.index(s.pace) if s.pace in PACES else -1
            s.pace = PACES[(i + 1) % len(PACES)]
        elif key == "volume":
            s.volume = 0.0 if s.volume >= 0.99 else round(min(1.0, s.volume + 0.1), 1)
            self.app.sounds.set_volume(s.volume)
            self.app.sounds.play("click")
        elif key == "colorblind":
            s.colorblind_symbols = not s.colorblind_symbols
            self.app.art.set_symbols(s.colorblind_symbols)
        elif key == "colours":          # standard <-> colour-blind
            now = COLOURS.index(s.colours) if s.colours in COLOURS else -1
            self.app.set_colours(COLOURS[(now + 1) % len(COLOURS)])
        elif key == "muted":
            s.muted = not s.muted
            self.app.sounds.set_muted(s.muted)
        elif key == "pace":
            s.bot_pace = {0.0: 0.4, 0.4: 0.8, 0.8: 1.5, 1.5: 0.0}.get(s.bot_pace, 0.8)
        elif key == "ask_out_of_turn":
            s.ask_out_of_turn = not s.ask_out_of_turn
        elif key == "ui_scale":         # the next step up, and from the largest the smallest
            s.ui_scale = next((x for x in UI_SCALES if x > s.ui_scale + 1e-6), UI_SCALES[0])
        elif isinstance(key, tuple) and key[0] == "module" and key[1] not in broken_modules():
            s.modules = [m for m in s.modules if m != key[1]] if key[1] in s.modules \
                else sorted({*s.modules, key[1]})
        elif key in ("hold_end_turn", "hints"):
            now = getattr(s, key)
            i = HOLDS.index(now) if now in HOLDS else -1
            setattr(s, key, HOLDS[(i + 1) % len(HOLDS)])

    def draw(self, surf: pygame.Surface) -> None:
        u = self.unit()
        t = self.app.text
        w, _ = surf.get_size()
        x0 = int(w * 0.06)
        self.begin(surf, x0)
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
        self.draw_buttons(surf)
