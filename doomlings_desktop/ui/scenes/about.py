"""About: what the program is and whose work it ships (the licences of the fonts and the
card pictures ask to be credited where players can see it), from the main menu."""

from __future__ import annotations

from doomlings_desktop.ui.scenes.pages import TextScene

ABOUT_TEXT = """About Doomlings Desktop

Doomlings Desktop plays the card game Doomlings on your computer: pass-and-play for 2 to 6 people, or against bots. The rules text on the cards is in our own words, and the card faces are our own design; no official Doomlings art is used.

Card pictures: every card's picture is an icon from game-icons.net, by Lorc, Delapouite, Caro Asercion, Skoll, Sbed, DarkZaitzev, Cathelineau, Sparker and Carl Olsen, used under the Creative Commons Attribution 3.0 licence (CC BY 3.0, creativecommons.org/licenses/by/3.0). They were rendered to silhouettes and are tinted to each card's colour; which author drew which picture is listed in assets/pictures/CREDITS.md.

Fonts: DejaVu Sans (Bitstream Vera licence with the DejaVu changes in the public domain), unchanged; the licence travels with the font files.

Sounds: made by this program's own generator, released under CC0 1.0 (public domain).

Every bundled file and its licence: assets/LICENSES.md."""


class AboutScene(TextScene):
    title = "About"
    body = ABOUT_TEXT
