"""The table: a game drawn from `view_for` of the seat at the screen, played with the mouse
(drag and drop, or click-then-click) or the keyboard, with a pass screen between humans.

    scene.py     TableScene: the table's state, the flow between match and screen, glue
    panels.py    top bar, player panels, centre, hand, log, prompt (each draws and adds targets)
    overlays.py  card windows, drag, hover, World's End and scores, toast, zoom, Esc menu and
                 pass screen, on one modal stack (drawn bottom to top, input topmost first)
    layer.py     Layer, the base of every overlay, and the shade under them
    news.py      what changed since you looked: marks on the piles, the cards you drew
                 (before the pass screen), "since your last turn"
    endpiles.py  the end screen's piles beside the scores, and its World's End row marks
    decided.py   the end screen's "What decided this game?": each human's costliest decisions
                 (play/review.py), each replayable from that point
    input.py     mouse and keyboard into answers (TableInput), carrying out the widgets' answers
    widget.py    Widget, the base of the decision widgets, their typed answers, and Host
    answers.py   one widget per decision kind (yes/no, colour, player, card, several cards,
                 play, out-of-turn offer, end turn); the prompt hosts the pending one
    picks.py     Selection: the chosen answer and the cards picked for a choice of several
    state.py     DragState, Modals (menu, help, zoom, browse), Message (the toast), Pointing,
                 LogState (the log column's lines and scroll)
    dials.py     Dials: the gene pool cards' dials turning to a new value
    motion.py    Motion: every move read from the viewer's events travels (eased, in order),
                 gene pool cards turn, scores count up, all at the pace (play/pace.py)
    handraise.py a hovered hand card rising to a readable size (a preview; clicks unchanged)
    slides.py    Slides: the hand's cards sliding to new places (closing up, a card chosen)
    regions.py   RegionCache: a panel, the top bar, the hand at rest drawn once and blitted
                 while what they show is the same
    replay.py    ReplayScene: a game record stepped through

The names the menus, tests and tools know are importable from here.
"""

from doomlings_desktop.ui.app import ACCENT, BAD, BG, GOOD, INK, MUTED, PANEL, PANEL_HI
from doomlings_desktop.ui.table.input import COLOR_KEYS, DOUBLE_CLICK, TableInput
from doomlings_desktop.ui.table.overlays import ModalStack
from doomlings_desktop.ui.table.panels import Panels
from doomlings_desktop.ui.table.replay import ReplayScene
from doomlings_desktop.ui.table.scene import SOUND_OF, SeatConfig, TableScene
from doomlings_desktop.ui.theme import GLOW, SELECT

__all__ = ["ACCENT", "BAD", "BG", "COLOR_KEYS", "DOUBLE_CLICK", "GLOW", "GOOD", "INK", "MUTED",
           "PANEL", "PANEL_HI", "SELECT", "SOUND_OF", "ModalStack", "Panels",
           "ReplayScene", "SeatConfig", "TableInput", "TableScene"]
