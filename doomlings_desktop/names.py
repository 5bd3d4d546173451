"""What a player's name may be: the one rule every place a name comes from goes through.

A seat's name arrives from a save file, `settings.json`, the statistics file, a lesson, or the
keyboard (New game's name fields). Any of them can hold what no screen can draw: NUL and other
control characters, lone surrogates (JSON's "\\ud800" decodes to one), formatting characters
that take no room (U+200B, U+2060, tag characters), private-use and unassigned code points,
combining marks with nothing under them or stacked a hundred high. `clean_name` turns any value
into a name that can be shown: NFC, only characters that draw (or join those that do), spaces
collapsed, at most NAME_MAX characters, and "Player N" when nothing visible is left. It also
says why it changed the name, for the places that tell the player (the settings warning).

No pygame and no I/O here, so saves, settings, statistics, play and the UI can all import it.
"""

from __future__ import annotations

import unicodedata
from typing import Any

NAME_MAX = 20          # characters in a seat's name (what saves and settings always kept)
MARKS_MAX = 3          # combining marks kept on one character (a "zalgo" stack draws off the line)
# categories that never draw: controls, formats (zero-width), surrogates, private use and
# unassigned (line and paragraph separators become spaces, like every other Z character)
_DROP = {"Cc", "Cf", "Cs", "Co", "Cn"}
_JOINERS = {"\u200c", "\u200d"}   # ZWNJ/ZWJ (Persian words, emoji sequences): kept between glyphs
_INVISIBLE = {"\ufffc", "\u3164", "\u115f", "\u1160", "\uffa0", "\u2800"}   # blank-looking symbols


def default_name(seat: int) -> str:
    """The name a seat has when it has none that can be shown (seat counts from 0)."""
    return f"Player {seat + 1}"


def _visible(ch: str) -> bool:
    """A character that leaves a mark on its own: a letter, digit, punctuation or symbol."""
    return unicodedata.category(ch)[0] in "LNPS" and ch not in _INVISIBLE


def _keep(text: str) -> str:
    """The characters of `text` that draw: spaces made plain, joiners only between glyphs,
    combining marks only on a glyph and at most MARKS_MAX of them."""
    out: list[str] = []
    marks = 0
    for i, ch in enumerate(text):
        cat = unicodedata.category(ch)
        if ch in _JOINERS:
            nxt = text[i + 1] if i + 1 < len(text) else ""
            if out and out[-1] != " " and nxt and _visible(nxt):
                out.append(ch)
            continue
        if cat in _DROP or ch in _INVISIBLE:
            continue
        if cat[0] == "M":
            if out and out[-1] != " " and marks < MARKS_MAX:
                out.append(ch)
                marks += 1
            continue
        marks = 0
        if cat[0] == "Z" or ch.isspace():
            if out and out[-1] != " ":
                out.append(" ")
            continue
        out.append(ch)
    return "".join(out).strip()


def clean_name(raw: Any, seat: int) -> tuple[str, str | None]:
    """(the name to use, why it differs from `raw` or None). Never raises, for any value."""
    if not isinstance(raw, str):
        return default_name(seat), "it was not text"
    try:
        text = unicodedata.normalize("NFC", raw[:NAME_MAX * 8])
    except ValueError:          # not expected (normalize passes lone surrogates through)
        text = raw[:NAME_MAX * 8]
    name = _keep(text)
    if len(name) > NAME_MAX:
        name = name[:NAME_MAX].rstrip()
        while name and unicodedata.category(name[-1]) == "Cf":    # a joiner left at the end
            name = name[:-1]
        why = "it was too long"
    else:
        why = None
    if not any(_visible(ch) for ch in name):
        return default_name(seat), ("it was empty" if not raw.strip() else
                                    "it has no character that can be shown")
    if why is None and name != text.strip():     # NFC and trimmed spaces are no change
        why = "it had characters that cannot be shown"
    return name, why


def name_of(raw: Any, seat: int) -> str:
    """Just the cleaned name (see `clean_name`)."""
    return clean_name(raw, seat)[0]


def can_type(ch: str) -> bool:
    """Whether a typed character may go into a name field: one that `clean_name` keeps in some
    place (a letter, a mark, a space, a joiner), so what is typed is what the name becomes."""
    if len(ch) != 1:
        return False
    cat = unicodedata.category(ch)
    return ch in _JOINERS or (cat not in _DROP and ch not in _INVISIBLE
                              and (cat[0] != "Z" or ch == " "))
