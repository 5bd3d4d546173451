"""Every key and mouse action of the table, in one table: the table's key handling dispatches
through `TABLE` (ui/table/input.py looks no key up itself), and the F1 help overlay and the
Rules page show `KEYS`, made from the same lines, so what the help says and what the keys do
cannot part (tests/test_keys.py pins it: every binding's keys are named in its line, every
line but the mouse's has a binding, and input.py names no key).

A `Line` is one row of the help; a `Binding` is a key (or typed character) that does what a
line says, when the decision is of the kinds it names. The table is in the order the table
tries the bindings: the first whose keys match, whose kind fits, and whose action takes the
key wins (an action may decline: Enter confirms only with something selected)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame


@dataclass(frozen=True)
class Line:
    """One row of the help: what the player presses (or does with the mouse), and what it
    does. `mouse` lines have no binding here: the table's mouse handling does them."""

    label: str
    does: str
    mouse: bool = False


@dataclass(frozen=True)
class Binding:
    """Keys that do `action` (a `TableInput` method `key_<action>(event, d, binding)`, which
    returns whether it took the key). `keys` are pygame key codes, `chars` typed characters (either
    case); `ctrl` True needs Ctrl held, False needs it not held, None either. `kinds` limits it
    to decisions of those kinds; `anytime` works with no decision of mine (the menu, the help,
    Undo); `shift`, like `ctrl`, needs Shift held (True), not held (False) or either (None)."""

    line: str
    action: str
    keys: tuple[int, ...] = ()
    chars: str = ""
    ctrl: bool | None = None
    kinds: tuple[str, ...] = ()
    anytime: bool = False
    shift: bool | None = None

    def matches(self, event: pygame.event.Event) -> bool:
        mod = getattr(event, "mod", 0)
        held = bool(mod & pygame.KMOD_CTRL)
        if self.ctrl is not None and held != self.ctrl:
            return False
        if self.shift is not None and bool(mod & pygame.KMOD_SHIFT) != self.shift:
            return False
        typed = getattr(event, "unicode", "") or ""
        return event.key in self.keys or (len(typed) == 1 and typed.lower() in self.chars)

    def fits(self, d: object) -> bool:
        """Whether it applies with decision `d` (None: none of mine)."""
        if d is None:
            return self.anytime
        return not self.kinds or getattr(d, "kind", None) in self.kinds


ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)
FORWARD = (pygame.K_RIGHT, pygame.K_DOWN)       # the arrows that move to the next option
ARROWS = (pygame.K_LEFT, pygame.K_UP) + FORWARD
ACROSS = (pygame.K_UP, pygame.K_DOWN)           # the arrows that go to another pile (V's walk)
DIGITS = "123456789"
LOG_KEYS = (pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_END)   # the log: back, on, the newest
COLOR_KEYS = {"r": "red", "b": "blue", "g": "green", "p": "purple"}

LINES: dict[str, Line] = {
    "drag": Line("Drag a hand card to your pile", "play it (or click it, then your pile, or "
                 "Enter)", mouse=True),
    "click": Line("Click", "choose a card, a player or a button; click a chosen one again to "
                  "confirm", mouse=True),
    "zoom": Line("Right-click a card", "read it full size (any click or key puts it away)",
                 mouse=True),
    "hover": Line("Hover a card", "see it larger; a dimmed hand card says why it cannot be "
                  "played", mouse=True),
    "browse": Line("Click the discard pile", "browse it", mouse=True),
    "wheel": Line("Mouse wheel over the log", "scroll the log", mouse=True),
    "read": Line("Z", "read the selected card full size (any key puts it away)"),
    "discard": Line("D", "browse the discard pile (D or Esc closes it)"),
    "piles": Line("V, then the arrow keys", "walk every trait pile, the others' too (Left / "
                  "Right: along a pile, Up / Down: the next pile); Z reads the card; V or Esc "
                  "stops"),
    "log": Line("Page Up / Page Down", "scroll the log back and forth; End: the newest"),
    "log_fold": Line("L, or the strip at the right edge", "open or fold the game log"),
    "number": Line("1 – 9", "pick the Nth hand card from the left, or the Nth choice"),
    "arrows": Line("Arrow keys", "move the selection (in the browsed discard pile too)"),
    "enter": Line("Enter", "confirm the selection"),
    "several": Line("Several cards asked", "click (or number keys) to choose or put back; "
                    "then Confirm (or Enter)"),
    "end_turn": Line("End turn or Enter", "after your play: stabilize and pass on (till then "
                     "Undo works)"),
    "space": Line("Space", "pass; on a pass screen (or Enter): take the screen"),
    "news": Line("Enter or Space on \"new in your hand\"", "done: the screen passes to the "
                 "next player"),
    "yes_no": Line("Y / N", "answer yes / no; play / pass an out-of-turn offer"),
    "colors": Line("R, B, G, P", "pick red, blue, green, purple"),
    "no_play": Line("S / R", "when you cannot play: skip, or discard your hand and draw 3"),
    "standing": Line("O", "pass-and-play, on your turn: your standing answer to out-of-turn "
                     "offers (play the card when it pays / never); its button says which"),
    "hint": Line("H or the Hint button", "the coach's move for you, lit on the table, and why "
                 "(with bots or in pass-and-play; Settings: Hint button)"),
    "undo": Line("Ctrl+Z", "take back your last move this turn (if it revealed nothing)"),
    "esc": Line("Esc", "the menu (S save, L load, R rules, T settings, M main menu, Q quit); "
                "closes a window"),
    "help": Line("F1 or ?", "this list"),
}

TABLE: tuple[Binding, ...] = (
    Binding("esc", "menu", keys=(pygame.K_ESCAPE,), anytime=True),
    Binding("help", "help", keys=(pygame.K_F1,), chars="?", anytime=True),
    Binding("undo", "undo", keys=(pygame.K_z,), ctrl=True, anytime=True),
    Binding("hint", "hint", chars="h", ctrl=False),
    Binding("read", "read", chars="z", ctrl=False, anytime=True),
    Binding("discard", "discard", chars="d", ctrl=False, anytime=True),
    Binding("piles", "piles", chars="v", ctrl=False, anytime=True),
    Binding("piles", "walk", keys=ARROWS, anytime=True),      # only while walking (V)
    Binding("log", "log", keys=LOG_KEYS, anytime=True),
    Binding("standing", "standing", chars="o", ctrl=False,
            kinds=("play", "no_play", "end_turn")),
    Binding("log_fold", "log_fold", chars="l", ctrl=False, anytime=True),
    Binding("several", "picks", keys=ENTER, chars=DIGITS),
    Binding("end_turn", "end_turn", keys=ENTER, kinds=("end_turn",)),
    Binding("arrows", "move", keys=ARROWS),
    Binding("enter", "confirm", keys=ENTER),
    Binding("enter", "offer_one", keys=ENTER, kinds=("react",)),
    Binding("yes_no", "offer_one", chars="y", kinds=("react",)),
    Binding("yes_no", "offer_selected", chars="y", kinds=("react",)),
    Binding("space", "pass", keys=(pygame.K_SPACE,)),
    Binding("yes_no", "decline", chars="n", kinds=("react",)),
    Binding("number", "number", chars=DIGITS),
    # a letter shown on an answer button answers it (ui/table/answers.py gives each kind's
    # buttons and their letters; tests/test_keys.py checks these are the same letters)
    Binding("colors", "hotkey", chars="".join(COLOR_KEYS), kinds=("color",)),
    Binding("yes_no", "hotkey", chars="yn", kinds=("yesno",)),
    Binding("no_play", "hotkey", chars="sr", kinds=("no_play",)),
)
"""The table's keys, in the order they are tried."""

TAKE_SCREEN = Binding("space", "take_screen", keys=(pygame.K_SPACE, pygame.K_RETURN),
                      anytime=True)
"""The pass screen's keys (overlays.PassScreen)."""
NEWS_DONE = Binding("news", "done", keys=ENTER + (pygame.K_SPACE,), anytime=True)
"""The keys that close "new in your hand" and "since your last turn" (news.py)."""
OVERLAYS = (TAKE_SCREEN, NEWS_DONE)

KEYS: list[tuple[str, str]] = [(line.label, line.does) for line in LINES.values()]
"""The help's rows, in order (the F1 overlay, the Rules page)."""

# ---------------------------------------------------------------- every other page

PAGE_LINES: dict[str, Line] = {
    "move": Line("Tab / Arrow keys", "move the focus (the outlined button); Shift+Tab: back"),
    "press": Line("Enter / Space", "press the focused button"),
    "back": Line("Esc", "back"),
    "keys": Line("F1", "these keys"),
}
"""The keys of every page but the table (the main menu, New game, Settings, Load game,
Statistics, Rules, About) and of the table's Esc menu and end screen: one focus ring over the
page's buttons (ui/focus.py). A button's own letter (shown on it) presses it too."""

PAGE: tuple[Binding, ...] = (
    Binding("move", "next", keys=(pygame.K_TAB,), shift=False, anytime=True),
    Binding("move", "back_tab", keys=(pygame.K_TAB,), shift=True, anytime=True),
    Binding("move", "toward", keys=ARROWS, anytime=True),
    Binding("press", "press", keys=ENTER + (pygame.K_SPACE,), anytime=True),
    Binding("back", "back", keys=(pygame.K_ESCAPE,), anytime=True),
    Binding("keys", "keys", keys=(pygame.K_F1,), anytime=True),
)
"""The pages' keys, in the order they are tried (ui/focus.py `FocusRing.key`)."""


def page_text() -> str:
    """The pages' keys as paragraphs, for the Rules page."""
    return "\n\n".join(f"{line.label}: {line.does}." for line in PAGE_LINES.values()) + \
        "\n\nA letter on a button's key cap: presses that button."


def page_line(back: str = "back", keys_too: bool = True) -> str:
    """The one line of keys a page shows at its foot, made from `PAGE_LINES` (`back`: what Esc
    does there; "" when it does nothing)."""
    rows = [PAGE_LINES["move"], PAGE_LINES["press"]]
    parts = [f"{line.label}: {line.does.split(' (')[0].split(';')[0]}" for line in rows]
    if back:
        parts.append(f"{PAGE_LINES['back'].label}: {back}")
    if keys_too:
        parts.append(f"{PAGE_LINES['keys'].label}: all keys")
    return "    ".join(parts)


def as_text() -> str:
    """The list as paragraphs, for the Rules page."""
    return "\n\n".join(f"{k}: {what}." for k, what in KEYS)


def digit(unicode: str) -> int | None:
    """The 1-9 a key typed, or None. `str.isdigit` is no test: '²' (a key of its own on
    French keyboards) and '٣' are digits to it, and `int('²')` raises."""
    return DIGITS.find(unicode) + 1 or None if len(unicode) == 1 else None
