"""How to play, in short, as a scrolling page: the base game, then each expansion module's own
rules as the card data gives them (a module's `rules:` sections, rules/cards/about.py), so a
new module's explanation needs no code here."""

from __future__ import annotations

from typing import Any

from doomlings_desktop.ui import keys, legend
from doomlings_desktop.ui.scenes.pages import HEADING, TextScene, offered_modules

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


# a three-person tryout met the pass screen, "since your last turn" and the "Out of turn:
# when it pays" button with nothing on this page to explain them
SEVERAL_HERE = (HEADING + "Several players at one screen (pass-and-play)\n\n"
                "Set two or more seats to Human on New game. Whenever the game needs another "
                "player, the table hides behind a pass screen that says who decides and why: "
                "hand the computer over, and that player clicks or presses Space while the "
                "others look away. They are told first what happened since their last turn, "
                "then shown the big moments they missed (a catastrophe, a skipped turn, what "
                "hit their cards). Before the screen passes on, the cards you drew are shown "
                "to you.\n\n"
                "Out-of-turn cards are not asked for while someone else has the screen (that "
                "would tell the table who holds one): on your own turn the \"Out of turn\" "
                "button sets your standing answer, \"when it pays\" or \"never\", and the "
                "game plays such a card for you by it; you are told what it played the next "
                "time you take the screen. A question with only one possible answer is "
                "answered for you the same way.")


MARKS_AND_KEYS = (HEADING + "The marks on the cards (F1 at the table, then Tab, shows them)"
                  "\n\n" + legend.as_text() + "\n\n" + HEADING + "Keys and mouse at the table"
                  "\n\n" + keys.as_text() + "\n\n" + HEADING + "Keys on every other page (menus, "
                  "New game, Settings, Load game, the Esc menu, the end screen)\n\n"
                  + keys.page_text())


def section_heading(title: str, heading: str) -> str:
    """A module section's heading on the page: its own, with the module named when the
    heading does not say it ('Attachments (Techlings)', 'Meaning of Life')."""
    return heading if title.lower() in heading.lower() else f"{heading} ({title})"


def module_sections() -> tuple[str, dict[str, str]]:
    """The page's part for the expansion modules the card database offers, from each one's
    `rules:` sections, and the heading each module's part starts at (New game jumps there)."""
    from doomlings_desktop.rules.cards import module_about

    parts: list[str] = []
    first: dict[str, str] = {}
    for m in offered_modules():
        about = module_about(m)
        if about is None or not about.sections:
            continue
        for heading, text in about.sections:
            head = section_heading(about.title, heading)
            first.setdefault(m, head)
            parts += [HEADING + head, " ".join(text.split())]
    if not parts:
        return "", first
    intro = ("Expansion modules are switched on in New game, each on its own; their cards join "
             "the base game's decks. What each one adds:")
    return "\n\n".join([HEADING + "Expansion modules", intro, *parts]), first


class RulesScene(TextScene):
    """The rules; with `module`, opened at that module's first section."""

    title = "How to play Doomlings"
    body = RULES_TEXT + "\n\n" + SEVERAL_HERE + "\n\n" + MARKS_AND_KEYS   # the same in any build

    def __init__(self, app: Any, back: Any, module: str | None = None) -> None:
        super().__init__(app, back)
        extra, self.starts = module_sections()
        if extra:
            self.body = RULES_TEXT + "\n\n" + extra + "\n\n" + SEVERAL_HERE + "\n\n" \
                + MARKS_AND_KEYS
        self.jump = self.starts.get(module) if module else None
