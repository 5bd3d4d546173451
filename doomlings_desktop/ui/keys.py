"""Every key and mouse action of the table, in one list: the F1 help overlay and the Rules
page both show it, so the two can never disagree."""

from __future__ import annotations

KEYS: list[tuple[str, str]] = [
    ("Drag a hand card to your pile", "play it (or click it, then your pile, or Enter)"),
    ("Click", "choose a card, a player or a button; click a chosen one again to confirm"),
    ("Right-click a card", "read it full size (any click or key puts it away)"),
    ("Hover a card", "see it larger; a dimmed hand card says why it cannot be played"),
    ("Click the discard pile", "browse it"),
    ("Mouse wheel over the log", "scroll the log"),
    ("1 – 9", "pick the Nth hand card from the left, or the Nth choice"),
    ("Arrow keys", "move the selection"),
    ("Enter", "confirm the selection"),
    ("Several cards asked", "click (or number keys) to choose or put back; then Confirm"),
    ("End turn or Enter", "after your play: stabilize and pass on (till then Undo works)"),
    ("Space", "pass; on a pass screen: take the screen"),
    ("Enter on \"new in your hand\"", "done: the screen passes to the next player"),
    ("Y / N", "answer yes / no; play / pass an out-of-turn offer"),
    ("R, B, G, P", "pick red, blue, green, purple"),
    ("S / R", "when you cannot play: skip, or discard your hand and draw 3"),
    ("H or the Hint button", "the coach's move for you, lit on the table, and why (in games "
                             "with bots; Settings: Hint button)"),
    ("Ctrl+Z", "take back your last move this turn (if it revealed nothing)"),
    ("Esc", "the menu (save, load, rules, settings); closes a window"),
    ("F1 or ?", "this list"),
]


def as_text() -> str:
    """The list as paragraphs, for the Rules page."""
    return "\n\n".join(f"{k}: {what}." for k, what in KEYS)


def digit(unicode: str) -> int | None:
    """The 1-9 a key typed, or None. `str.isdigit` is no test: '²' (a key of its own on
    French keyboards) and '٣' are digits to it, and `int('²')` raises."""
    return "123456789".find(unicode) + 1 or None if len(unicode) == 1 else None
