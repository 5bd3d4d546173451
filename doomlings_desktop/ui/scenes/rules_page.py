"""How to play, in short, as a scrolling page."""

from __future__ import annotations

from doomlings_desktop.ui import keys, legend
from doomlings_desktop.ui.scenes.pages import TextScene

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


class RulesScene(TextScene):
    title = "How to play Doomlings"
    body = (RULES_TEXT + "\n\nThe marks on the cards (F1 at the table, then Tab, shows them)"
            "\n\n" + legend.as_text() + "\n\nKeys and mouse at the table\n\n" + keys.as_text()
            + "\n\nKeys on every other page (menus, New game, Settings, Load game, the Esc "
            "menu, the end screen)\n\n" + keys.page_text())
