"""The base of the table's decision widgets (issue 26): one object per pending decision that
owns its rectangle and buttons, draws them, hit-tests a point, turns an event into a typed
answer, and says its keys' help line — the way pygame_gui's `UIButton.process_event` takes an
event and reports what it meant. The widgets of each decision kind are in answers.py; the
prompt (panels.Prompt) hosts the current one; the table's input (input.py) hands it the events
the overlays let through and carries out the answer it returns (`TableInput.act`).

A widget reads the table through `Host`, a narrow interface (the seat names, the View, the
selection, the frame's buttons and targets), never the scene itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

import pygame
from pygame import Rect

from doomlings_desktop.rules.view import View
from doomlings_desktop.ui import keys
from doomlings_desktop.ui.app import Button, Text
from doomlings_desktop.ui.table.picks import Selection

# ---------------------------------------------------------------- the answers a widget emits


@dataclass(frozen=True)
class Give:
    """Answer the decision with `value` now."""

    value: Any


@dataclass(frozen=True)
class GiveAll:
    """Answer the picked cards of a choice of several in turn (each must still be legal when
    its turn comes), then 'pass' if fewer were picked than the sequence may take."""

    first: Any                  # the decision that opened the sequence
    cards: tuple[int, ...]


@dataclass(frozen=True)
class Attach:
    """Play attachment `card` from the hand onto `host` in one gesture (E8)."""

    card: int
    host: int


@dataclass(frozen=True)
class Refuse:
    """Nothing answered: say why (with the error sound)."""

    reason: str


@dataclass(frozen=True)
class Select:
    """The event was taken and nothing is answered yet; `value` is what is selected now
    (None: nothing). The widget has already moved its selection."""

    value: Any


Answer = Give | GiveAll | Attach | Refuse | Select
"""What a widget makes of an event it takes."""


class Host(Protocol):
    """What a decision widget may read of the table."""

    selection: Selection
    buttons: list[Button]        # the buttons on screen this frame (a window may move them)

    @property
    def view(self) -> View | None: ...

    @property
    def viewer(self) -> int: ...

    def name(self, seat: int) -> str: ...

    def card_name(self, card: int) -> str: ...

    def can_undo(self) -> bool: ...

    def hit(self, pos: tuple[int, int]) -> Any:
        """The table's topmost click target at `pos` (a card, a panel, a strip...)."""


@dataclass(frozen=True)
class Option:
    """One answer button: its label, the answer, and the key that answers it (shown on it)."""

    label: str
    value: Any
    hotkey: str = ""


# ---------------------------------------------------------------- the base


class Widget:
    """The widget of one pending decision `d`. The base answers what every kind answers the
    same way (its buttons, the arrows, Enter on the selection, Space to pass, number keys,
    a card clicked on the table); a kind's class adds or overrides."""

    confirm = False         # choose on the table, then Confirm (or click the chosen one again)
    line = ""               # its keys' line of the help (ui/keys.py LINES), if it has keys

    def __init__(self, d: Any, host: Host) -> None:
        self.d = d
        self.host = host
        self.rect = Rect(0, 0, 0, 0)
        self.buttons: list[Button] = []
        self.capped: list[Button] = []      # the answer buttons that show their key's cap

    # ---- what each kind shows (class-level: tests and the key table read them without a table)

    @classmethod
    def answers(cls, names: Any, d: Any) -> list[Option]:
        """Its answer buttons, left to right (`names.name(seat)` names a player)."""
        return []

    @classmethod
    def key(cls, value: Any) -> tuple:
        """What the button for `value` is known by (tests and the coach's hint find it)."""
        return ("answer", value)

    def chosen(self, value: Any) -> bool:
        """Whether the button for `value` is the selection (drawn lit)."""
        return False

    def confirm_label(self) -> str:
        return "Confirm"

    def pass_label(self) -> str:
        from doomlings_desktop.rules.decisions import LOSE_OWN_TRAIT, MOVE_ATTACHMENT
        # an optional loss (Dermal Armor) is declined, not finished: "Done" read as if
        # something had been chosen
        d = self.d
        return "Keep it" if d.intent == MOVE_ATTACHMENT else \
            "Skip" if d.intent == LOSE_OWN_TRAIT else "Pass"

    def confirm_ready(self) -> bool:
        return self.host.selection.chosen is not None \
            and self.host.selection.chosen in self.d.options

    def shows_pass(self) -> bool:
        return "pass" in self.d.options

    def question(self) -> str:
        """What the prompt asks (the engine's words, unless the kind says it better)."""
        return self.d.prompt

    def help_line(self) -> str:
        """Its keys, as the help says them."""
        line = keys.LINES.get(self.line)
        return f"{line.label}: {line.does}" if line else ""

    def options(self) -> list:
        return [o for o in self.d.options if o != "pass"]

    # ---- the rectangle and the drawing

    def reserve(self, u: float) -> int:
        """The room its Confirm and Pass take in the prompt's row."""
        return (int(118 * u) if self.confirm else 0) + \
            (int(108 * u) if self.shows_pass() else 0)

    def layout(self, rect: Rect, u: float, text: Text, tone: Any) -> None:
        """Its buttons in `rect` (the prompt's row left of Undo and Hint), left to right: the
        answers, then Confirm and Pass. When long names would run past the row, the room
        goes to the answers that need it (a short one keeps its own width), a long label
        gets smaller, and only then is it cut. `tone(value)` is an answer's colour."""
        from doomlings_desktop.ui.theme import CHOSEN, GO_TONE

        self.rect = Rect(rect)
        self.buttons = []
        row = self.answers(self.host, self.d)
        gap = int(8 * u)
        room = rect.w - self.reserve(u)
        fitted = fit_labels([a.label for a in row], room, gap, u, text, rect.h)
        # each answer's key on a cap at its right end, as on every page's buttons (the
        # tryout's Yes / No and colour buttons answered to Y / N and R, B, G, P with nothing
        # on them to say so), where the row has room for the caps beside whole labels
        cap = int(CAP_ROOM * u)
        capped = all(size == 0 for _, _, size in fitted) and \
            sum(bw + gap + (cap if a.hotkey else 0) for a, (_, bw, _) in
                zip(row, fitted, strict=True)) <= room
        self.capped = []
        x, by, bh = rect.x, rect.y, rect.h
        for a, (label, bw, size) in zip(row, fitted, strict=True):
            color = CHOSEN if self.chosen(a.value) else tone(a.value)
            bw += cap if capped and a.hotkey else 0
            b = Button(Rect(x, by, bw, bh), label, self.key(a.value), True, a.hotkey,
                       tone=color, size=size)
            self.buttons.append(b)
            if capped and a.hotkey:
                self.capped.append(b)
            x += bw + gap
        if self.confirm:
            self.buttons.append(Button(Rect(x, by, int(110 * u), bh), self.confirm_label(),
                                       "confirm", self.confirm_ready(), "", tone=GO_TONE))
            x += int(118 * u)
        if self.shows_pass():
            self.buttons.append(Button(Rect(x, by, int(100 * u), bh), self.pass_label(),
                                       ("answer", "pass")))

    def shown(self) -> list[Button]:
        """Its buttons on screen this frame (a window of cards may have moved them, or put
        them away under its shade)."""
        on = {id(b) for b in self.host.buttons}
        return [b for b in self.buttons if id(b) in on]

    def draw(self, surf: pygame.Surface, text: Text, mouse: tuple[int, int], u: float,
             targets: list) -> None:
        """Its buttons on screen, lit under the pointer, each a click target."""
        from doomlings_desktop.ui.focus import keycap

        for b in self.shown():
            b.draw(surf, text, b.rect.collidepoint(mouse), u)
            if b in self.capped:
                keycap(surf, text, b, u)
            if b.enabled:
                targets.append((b.rect, ("button", b.key)))

    # ---- input

    def hit(self, pos: tuple[int, int]) -> Any:
        """What of this widget is at `pos`: one of its buttons on screen (a Button), else the
        table's target there if it is a place this decision is answered (a card, a player's
        area), else None."""
        for b in reversed(self.shown()):
            if b.enabled and b.rect.collidepoint(pos):
                return b
        target = self.host.hit(pos)
        return target if target and self.value_of(target) is not None else None

    def handle(self, event: pygame.event.Event) -> Answer | None:
        """A click (the release of the left button) on it: the answer it means, or None if
        the click is not this widget's."""
        if event.type != pygame.MOUSEBUTTONUP or event.button != 1:
            return None
        got = self.hit(event.pos)
        if isinstance(got, Button):
            return self.press(got.key)
        return self.pick(got) if got is not None else None

    def press(self, key: Any) -> Answer | None:
        """One of its buttons."""
        if key == "confirm":
            chosen = self.host.selection.chosen
            return Give(chosen) if chosen is not None else Select(None)
        if isinstance(key, tuple) and key[0] == "answer":
            return Give(key[1])
        return None

    def value_of(self, target: Any) -> Any:
        """The answer a click on a table target points at, or None."""
        if target[0] in ("hand", "overlay_card"):
            return target[1]
        return target[2] if target[0] == "strip" else None

    def pick(self, target: Any) -> Answer | None:
        """A click on the table that chooses an answer: chosen, or, chosen already, given."""
        value = self.value_of(target)
        if value is None:
            return None
        sel = self.host.selection
        if value not in self.d.options:
            return self.not_an_option(target, value)
        if sel.chosen == value:
            return Give(value)
        sel.chosen = value
        return Select(value)

    def not_an_option(self, target: Any, value: Any) -> Answer | None:
        return Select(self.host.selection.chosen)

    def on_key(self, action: str, event: pygame.event.Event) -> Answer | None:
        """A key bound to `action` in ui/keys.py: the answer it means, or None if this kind
        does not take it (the table then tries the next binding)."""
        act = getattr(self, "key_" + action, None)
        return act(event) if act is not None else None

    def cursor(self) -> Any:
        """Where the arrows start from."""
        return self.host.selection.chosen

    def key_move(self, event: pygame.event.Event) -> Answer | None:
        """The arrows move the selection through the options."""
        opts = self.options()
        if not opts:
            return None
        step = 1 if event.key in keys.FORWARD else -1
        at = self.cursor()
        i = opts.index(at) if at in opts else -step
        self.host.selection.chosen = opts[(i + step) % len(opts)]
        return Select(self.host.selection.chosen)

    def key_confirm(self, event: pygame.event.Event) -> Answer | None:
        chosen = self.host.selection.chosen
        return Give(chosen) if chosen in self.d.options else None

    def key_pass(self, event: pygame.event.Event) -> Answer | None:
        return Give("pass") if "pass" in self.d.options else None

    def key_number(self, event: pygame.event.Event) -> Answer | None:
        """N chooses the Nth option."""
        i = keys.digit(event.unicode) - 1
        opts = self.options()
        if i < len(opts):
            self.host.selection.chosen = opts[i]
        return Select(self.host.selection.chosen)

    def key_hotkey(self, event: pygame.event.Event) -> Answer | None:
        """The letter on one of its answer buttons: that answer."""
        typed = event.unicode.lower()
        for a in self.answers(self.host, self.d):
            if a.hotkey == typed:
                return Give(a.value)
        return Select(self.host.selection.chosen)


CAP_ROOM = 44      # design pixels an answer button grows by to carry its key's cap


def fit_labels(labels: list[str], room: int, gap: int, u: float, text: Text,
               height: int) -> list[tuple[str, int, int]]:
    """(label, width, text size) for a row of answer buttons `height` high in `room`
    pixels. When they do not all fit, the short ones keep their widths and the rest share
    what is left; a label too long for its share gets smaller (to 13 px at 100%), then goes
    on two lines (a "\n" in it), and only then is it cut. With the log open at 110%,
    "Bartholomew the Grea" was cut to "Bartholo…" beside "Ann" with room to spare, and two
    names that begin alike would have read the same."""
    from doomlings_desktop.ui.app import elide

    size = int(17 * u)
    pad = int(28 * u)
    need = [max(int(90 * u), text.font(size, True).size(lab)[0] + pad) for lab in labels]
    room -= gap * len(labels)
    if sum(need) <= room:
        return [(lab, w, 0) for lab, w in zip(labels, need, strict=True)]
    widths = list(need)
    left = sorted(range(len(labels)), key=lambda i: need[i])
    while left:                   # the narrowest that fits its share keeps its own width
        share = room // len(left)
        if need[left[0]] > share:
            for i in left:
                widths[i] = max(1, share)
            break
        i = left.pop(0)
        room -= need[i]
    out = []
    for lab, w, n in zip(labels, widths, need, strict=True):
        if n <= w:
            out.append((lab, w, 0))
            continue
        small = text.fit(lab, size, w - pad, int(13 * u), bold=True)
        if text.font(small, True).size(lab)[0] > w - pad:
            two = _two_lines(lab, w - int(16 * u), height, size, text)
            if two is not None:
                out.append((two[0], w, two[1]))
                continue
        out.append((elide(text, lab, small, w - int(20 * u), True), w, small))
    return out


def _two_lines(label: str, width: int, height: int, size: int,
               text: Text) -> tuple[str, int] | None:
    """`label` broken at the space that balances its two lines, at the largest size (from
    `size` down to the smallest readable) at which both lines fit `width` and together
    `height`; None if it has no space or never fits."""
    from doomlings_desktop.ui.fonts import MIN_TEXT_PX

    words = label.split(" ")
    if len(words) < 2:
        return None
    for s in range(size, MIN_TEXT_PX - 1, -1):
        f = text.font(s, True)
        if 2 * f.get_linesize() > height:
            continue
        best = min((max(f.size(" ".join(words[:k]))[0], f.size(" ".join(words[k:]))[0]), k)
                   for k in range(1, len(words)))
        if best[0] <= width:
            k = best[1]
            return " ".join(words[:k]) + "\n" + " ".join(words[k:]), s
    return None
