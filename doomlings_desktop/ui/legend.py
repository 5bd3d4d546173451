"""What every mark on our card faces, and around them, means, in one list: the help overlay
draws it with the marks themselves, the Rules page lists it in words, and a zoomed card's
tooltips read it (colour is never the only cue: each colour has its symbol, each highlight its
own line). The module icons' keys are the module names (`cardart.emblems.MODULE_ICONS`), as a
face reports them; the highlights' are ui/highlight.py's STATES."""

from __future__ import annotations

from doomlings_desktop.ui.cardart.palette import COLOR_SYMBOL_NAMES

# (key as a face reports it, name, what it means)
LEGEND: list[tuple[str, str, str]] = [
    ("value", "Face value", "the points the trait scores in its owner's pile"),
    ("variable", "Variable value (compass star)",
     "its worth depends on the table; a pile strip shows what it is worth now in a gold ring"),
    ("action", "Action (A)", "does something once, when the trait is played"),
    ("out_of_turn", "Out of turn (wing)",
     "may be played outside your turn, at the moment its text names; the game asks you"),
    ("world_end", "World's End (globe)", "does something when the world ends, before scoring"),
    ("drop_of_life", "Drop of life", "scores a bonus at the end, worked out from the table"),
    ("dominant", "Dominant (gold star and double frame)",
     "at most two in a pile, and nothing can take or discard it"),
    ("gene_pool", "Gene pool change",
     "changes its owner's gene pool (the hand size to stabilize to) while it is in the pile"),
    ("attachment", "Attachment", "play it onto a host trait; it stays with its host"),
    ("dinolings", "Dinoling", "a Dinolings card (egg, top-right corner); some cards count them"),
    ("mythlings", "Mythling",
     "a Mythlings card (dragon's head, top-right corner); some cards count them"),
    ("techlings", "Techling", "a Techlings card (gears, top-right corner); some cards count them"),
] + [(color, f"{color.capitalize()} ({shape})",
      "a colour of trait; its symbol is drawn too, so the colour is never the only cue"
      if color != "colorless" else "no colour: counts as none of the four colours")
     for color, shape in COLOR_SYMBOL_NAMES.items()] + [
    # around a card, strip or player: what it is now (ui/highlight.py), each its own line
    ("eligible", "Dashed outline", "an option now: click or drag it"),
    ("selected", "Thick outline", "the option you chose"),
    ("new", "Corner marks", "just came into a pile (they fade)"),
    ("hint", "Dotted outline with ?",
     "the coach's answer, after Hint (dots alone: one it finds about as good)"),
]

MEANING = {key: (name, words) for key, name, words in LEGEND}


def as_text() -> str:
    """The legend as paragraphs, for the Rules page."""
    return "\n\n".join(f"{name}: {words}." for _, name, words in LEGEND)
