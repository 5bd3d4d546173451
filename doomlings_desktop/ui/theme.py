"""Every colour the interface draws with, named for what it is for: the one place to change the
look, and the one place a colour may be written as numbers (tests/test_theme.py scans ui/ and
fails on an RGB tuple or a pygame.Color anywhere else), the card art's paints included (its
section at the end; ui/cardart/palette.py gives them short names and adds the blends).

A name says what a colour marks, not what it looks like, so that two things that happen to
share a colour today can part later without a hunt through the drawing code.

Two palettes (the Colours setting): "standard", and "colour-blind", whose trait, answer and
highlight colours stay apart under simulated protanopia, deuteranopia and tritanopia (CIEDE2000
at least 15 between any two, tests/test_colour_vision.py). `use_palette` swaps them in place in
TRAIT_RGB, ANSWER_TONES and HIGHLIGHT, so code that reads those dicts at draw time follows a
switch (CardArt's cache must be cleared: it holds pictures drawn in the old colours)."""

from __future__ import annotations

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

# --------------------------------------------------------------------------- the window

BG: RGB = (24, 30, 38)                  # behind everything
PANEL: RGB = (36, 44, 56)               # a panel, a box, a dialog's body
PANEL_HI: RGB = (52, 64, 80)            # a button at rest; a panel lifted above its neighbours
PANEL_HOVER: RGB = (70, 80, 96)         # a panel-like button under the pointer
INK: RGB = (232, 236, 240)              # text and marks on the dark interface
MUTED: RGB = (150, 160, 172)            # secondary text; a disabled button's label
ACCENT: RGB = (244, 196, 72)            # what the pointer is over; headings; the selected thing
GOOD: RGB = (110, 210, 140)             # success, a score gained
BAD: RGB = (232, 98, 90)                # failure, a catastrophe, a score lost
BLACK: RGB = (0, 0, 0)                  # the screen cleared; a label's backing under a card
DARK_INK: RGB = (20, 20, 20)            # text and lines on a light badge

EDGE: RGB = (90, 100, 114)              # a button's or a field's outline at rest
BUTTON_OFF: RGB = (44, 50, 58)          # a disabled button's face
FIELD_SELECTED: RGB = (60, 90, 140)     # the backing of a dialog's selected text
WARN: RGB = (240, 190, 120)             # a warning line (a module that cannot load, a dialog)
ERROR_TITLE: RGB = (240, 120, 100)      # "Something went wrong"
SCROLL_HINT: RGB = (150, 156, 166)      # "Mouse wheel or arrow keys to scroll"
SELECT: RGB = (120, 220, 255)           # the current selection (a card, a save row)
FOCUS: RGB = (120, 220, 255)            # the keyboard's focus: the ring round a button
KEYCAP: RGB = (28, 34, 42)              # the cap of a button's key letter
KEYCAP_INK: RGB = (196, 204, 214)       # the letter on it
CHART_GRID: RGB = (48, 58, 72)          # a chart's grid lines (Statistics)
CHART_TRACK: RGB = (36, 44, 56)         # the empty part of a bar (Statistics)
CARD_SHEET: RGB = (44, 52, 60)          # behind the contact sheet of card faces (cardface.py)

# the tones of buttons that are not the plain kind
GO_TONE: RGB = (60, 110, 70)            # go ahead: Start, Next, Rename, New game, End turn
DELETE_TONE: RGB = (130, 50, 50)        # a button that deletes
UNDO_TONE: RGB = (90, 80, 50)           # Undo
LEARN_TONE: RGB = (150, 110, 40)        # "Learn to play" the first time the menu opens
REVIEW_TONE: RGB = (70, 70, 120)        # "What decided this game?"
REVIEW_TAB_ON: RGB = (110, 90, 40)      # the seat whose review is shown
REPLAY_TONE: RGB = (60, 90, 120)        # "Replay from here"
PLAYON_TONE: RGB = (60, 110, 80)        # "Play on from here"
RETRY_TONE: RGB = (60, 110, 70)         # "Try again" (saving, when leaving a game)
LEAVE_TONE: RGB = (150, 60, 60)         # "Leave anyway" (unsaved moves are lost)
ANSWER_TONES: dict[str, RGB] = {        # an answer button's face, by the answer it gives
    "red": (150, 60, 60), "blue": (60, 90, 160), "green": (60, 130, 80),
    "purple": (120, 70, 150), "end": GO_TONE,
}

# shades laid over the table behind what stands in front of it (black, by how much it dims)
SHADE_LIGHT: RGBA = (0, 0, 0, 150)
SHADE: RGBA = (0, 0, 0, 160)
SHADE_MODAL: RGBA = (0, 0, 0, 170)      # behind a dialog or a window of cards
SHADE_DEEP: RGBA = (0, 0, 0, 180)
SHADE_FULL: RGBA = (0, 0, 0, 200)
WORLDS_END_SHADE: RGBA = (10, 0, 0, 190)  # behind World's End
CARD_DIM: RGBA = (10, 12, 16, 150)      # a card in a window that is not an option now

# --------------------------------------------------------------------------- the table

GLOW: RGB = (255, 214, 90)              # a card, player or pile that is an option now
BOT_BADGE: RGB = (150, 186, 230)        # the pill that marks a bot seat and its level
CHOSEN: RGB = (40, 120, 150)            # a player's button while that player is the selection
LOG_BG: RGB = (18, 22, 28)              # the log's column
LOG_MORE_BAR: RGB = (44, 54, 70)        # "▼ n newer lines: click to follow"
RAISE_SHADOW: RGB = (8, 10, 14)         # under a hand card risen to reading size
LINK: RGB = (226, 208, 150)             # the connector from a host to the attachment under it
ATTACH_BAND: RGB = (24, 30, 40)         # behind a tucked attachment's band
ATTACH_NAME: RGB = (250, 248, 240)      # an attachment's name on its band
WE_TINT: RGB = (86, 34, 30)             # the background of a row World's End scored
WORLDS_END_BOX: RGB = (30, 16, 18)      # World's End's box
WHY_NOT_BOX: RGB = (60, 30, 30)         # "why this card cannot be played now"
TIP_BOX: RGB = (28, 70, 62)             # a tooltip (a mark explained, a strip's card)
PREVIEW_BOX: RGB = (30, 52, 40)         # what dropping a card would do
CAPTION_BOX: RGB = (40, 36, 52)         # the words under a card at reading size
TOAST_GOOD: tuple[RGB, RGB] = ((40, 84, 52), (120, 200, 140))    # fill, edge
TOAST_BAD: tuple[RGB, RGB] = ((90, 40, 40), (200, 120, 110))     # fill, edge
MARK_VALUE_BUBBLE: RGB = (250, 245, 232)  # a zoomed card's face-value mark explained
MARK_BUBBLE: RGB = (40, 128, 196)       # any other mark explained
MARK_VALUE_INK: RGB = (38, 32, 30)      # the text in the face-value bubble
NEWS_NEW: RGB = (120, 230, 140)         # a trait that just came into a pile
NEWS_GONE: RGB = (235, 110, 100)        # a trait that just left one
REPLAY_BAR: RGB = (12, 14, 18)          # a replay's controls
REPLAY_NOTE: RGB = (40, 34, 60)         # the band saying what a replayed move was

STAGE_BOX: RGB = (30, 34, 48)           # a big moment on the stage (an age, a catastrophe...)
STAGE_EDGE: RGB = (244, 196, 72)        # its frame
STAGE_DOOM: RGB = (232, 98, 90)         # a catastrophe's or World's End's frame and title
STAGE_YOU: RGB = (250, 226, 150)        # what hit you, said in words
BOT_TURN: RGB = (150, 186, 230)         # the frame of the acting bot's area
BUBBLE: RGB = (236, 240, 248)           # a bot's reason, in a bubble by its area
BUBBLE_INK: RGB = (28, 32, 40)          # the words in it

HINT: RGB = (226, 132, 255)             # the coach's colour: lit answers and the box's frame
HINT_BOX: RGB = (52, 34, 62)            # the coach's box
HINT_TONE: RGB = (110, 70, 130)         # the Hint button

LESSON_GLOW: RGB = (255, 206, 84)       # the lesson's colour: lit places, the arrow, the frame
LESSON_BOX: RGB = (36, 40, 58)          # the lesson's note
LESSON_OUTLINE: RGB = (20, 20, 24)      # the dark edge that keeps the arrow seen on any card

# --------------------------------------------------------------------------- the card art
# ui/cardart/ draws every card face, back and strip; palette.py gives these their short names
# there (INK, CREAM, GOLD...) and adds the blends.

TRAIT_RGB: dict[str, RGB] = {           # a trait's frame, by colour (white text reads on each)
    "red": (204, 68, 52), "blue": (40, 112, 196), "green": (52, 146, 72),
    "purple": (134, 78, 184), "colorless": (128, 128, 120),
}
KIND_RGB: dict[str, RGB] = {            # the frame of the cards that are not traits
    "age": (34, 124, 126), "catastrophe": (46, 24, 26), "birth": (196, 150, 52),
}
CARD_INK: RGB = (38, 32, 30)            # text and outlines on a card
CARD_CREAM: RGB = (250, 245, 232)       # a card's text box, a value disc
CARD_GOLD: RGB = (236, 190, 64)         # a dominant's frame and star
CARD_GOLD_DARK: RGB = (140, 98, 18)
CARD_WHITE: RGB = (255, 255, 255)
CARD_SHADOW: RGB = (20, 14, 12)
CLEAR: RGBA = (0, 0, 0, 0)              # a hole cut in a drawing
ART_FADE: RGBA = (255, 255, 255, 95)    # multiplies the kind's symbol into a faint watermark
PICTURE_WATERMARK = 56                  # a card's picture behind its text, no room for a panel (alpha)
DOMINANT_GOLD_LIGHT: RGB = (255, 226, 120)
MEANING_FRAME: RGB = (64, 132, 150)     # a Meaning of Life card's frame
GP_PLUS: RGB = (40, 128, 196)           # a gene pool change: up
GP_MINUS: RGB = (150, 70, 60)           # down

AGE_SAND: RGB = (242, 228, 192)         # an age card's body
AGE_BODY_LOW: RGB = (230, 208, 160)
AGE_ART: RGB = (214, 170, 90)
AGE_TEXT_BOX: RGB = (252, 246, 230)
AGE_TEXT_EDGE: RGB = (200, 170, 110)

CATA_EDGE: RGB = (20, 10, 10)           # a catastrophe's card
CATA_BODY_TOP: RGB = (70, 40, 40)
CATA_BODY_LOW: RGB = (26, 14, 16)
CATA_TITLE_TOP: RGB = (196, 60, 44)
CATA_TITLE_LOW: RGB = (120, 24, 22)
CATA_GP_PILL: RGB = (240, 200, 120)     # its gene pool change, up
CATA_GP_PILL_DOWN: RGB = (236, 222, 206)
CATA_PILL_INK: RGB = (90, 20, 16)
CATA_TEXT_BOX: RGB = (238, 228, 214)
CATA_WE_BOX: RGB = (214, 200, 206)      # its World's End box
CATA_WE_LABEL: RGB = (240, 214, 180)
CATA_WE_INK: RGB = (44, 22, 30)
CATA_STRIP: RGB = (150, 34, 30)         # a catastrophe's pile strip (deeper than its frame)

BIRTH_EDGE: RGB = (90, 60, 20)          # the birth card
BIRTH_FRAME: RGB = (110, 76, 20)
BIRTH_BODY: RGB = (236, 246, 232)
BIRTH_BODY_LOW: RGB = (196, 228, 214)
BIRTH_TOP: RGB = (250, 214, 110)
BIRTH_ART_TOP: RGB = (255, 240, 190)
BIRTH_ART_LOW: RGB = (90, 180, 170)
BIRTH_RAYS: RGB = (255, 250, 220)
BIRTH_TEXT_BOX: RGB = (252, 250, 240)
BIRTH_TITLE: RGB = (92, 56, 8)
BIRTH_TITLE_SHADOW: RGB = (255, 244, 210)

TRAIT_BACK: tuple[RGB, RGB, RGB] = ((20, 16, 40), (74, 56, 130), (30, 24, 70))   # edge, top, low
AGE_BACK: tuple[RGB, RGB, RGB] = ((14, 50, 52), (52, 150, 148), (20, 80, 84))
AGE_BACK_ACCENT: RGB = (240, 214, 150)

GENE_POOL_FRAME: RGB = (34, 110, 96)    # a deep sea green: the pool
GENE_POOL_RING: RGB = (120, 86, 48)
GENE_POOL_OUT_OF_RANGE: RGB = (190, 50, 40)

MODULE_EGG: RGB = (222, 156, 70)        # the Dinolings' mark
MODULE_DRAGON: RGB = (44, 126, 98)      # the Mythlings'
MODULE_STEEL: RGB = (84, 108, 136)      # the Techlings' gears
MODULE_BRONZE: RGB = (184, 114, 44)
DRAGON_EYE: RGB = (250, 232, 120)
LINK_DISC: RGB = (40, 36, 44)           # behind the chain-link mark of a host

FLAME_CORE: RGB = (255, 214, 96)        # the red symbol's flame, its core blended toward this
STAR_INNER: RGB = (255, 232, 150)       # the dominant star's bright middle
ACTION_RED: RGB = (196, 56, 40)         # the action icon
WING: RGB = (62, 88, 150)               # the out-of-turn icon
WORLD_SEA: RGB = (60, 120, 190)         # the World's End icon's globe
WORLD_LAND: RGB = (70, 150, 80)
DROP_LIGHT: RGB = (64, 156, 224)        # a drop of life (the icon, the birth symbol)
DROP_DARK: RGB = (24, 80, 140)
DROP_SHINE: RGB = (200, 232, 252)
HOURGLASS: RGB = (30, 96, 98)           # the age symbol
HOURGLASS_SAND: RGB = (222, 178, 92)
HOURGLASS_GLASS: RGB = (236, 244, 240)
BURST: RGB = (236, 96, 36)              # the catastrophe symbol
BURST_DARK: RGB = (120, 20, 16)
BURST_CORE: RGB = (255, 206, 84)

# --------------------------------------------------------------------------- highlights
# A highlight says what a thing is now; ui/highlight.py draws each state with its own line
# (dashed, thick, corners, dotted), so the colour is never the only cue. Read at draw time.

HIGHLIGHT: dict[str, RGB] = {
    "eligible": GLOW,                   # an option now: a dashed outline
    "selected": SELECT,                 # the chosen one: a thick solid outline
    "new": NEWS_NEW,                    # just came into a pile: corner marks, fading
    "hint": HINT,                       # the coach's answer: dotted, with a "?" disc
}
HIGHLIGHT_KEYLINE: RGB = (12, 14, 18)   # the dark line beside a highlight: seen on any colour
HIGHLIGHT_MARK_INK: RGB = (20, 20, 24)  # the "?" on the hint's disc
# their sizes, in design px (times the unit; each has a floor in px so a small window keeps it)
HIGHLIGHT_LINE = 3                      # a dash's, a corner mark's and a dot's line
HIGHLIGHT_SELECTED_LINE = 5             # the selected outline: thicker than any other
HIGHLIGHT_DASH = (10, 6)                # eligible: a dash and the gap after it
HIGHLIGHT_CORNER = 12                   # new: the shortest arm of a corner mark
HIGHLIGHT_MARK_TEXT = 13                # hint: the "?" (never under MIN_TEXT_PX)

# --------------------------------------------------------------------------- palettes

PALETTES = ("standard", "colour-blind")

_STANDARD: dict[str, dict] = {
    "trait": dict(TRAIT_RGB), "answer": dict(ANSWER_TONES), "highlight": dict(HIGHLIGHT),
}
# Okabe and Ito's colour-blind-safe hues, then moved in lightness and saturation until every
# pair of trait colours stays CIEDE2000 >= 20 apart under simulated protanopia, deuteranopia
# and tritanopia (Machado et al. 2009) and in normal vision, white text keeping a contrast of
# 3.5:1 or more on each; red is a warm scarlet, green a bluish green, purple a light violet,
# colourless a dark grey (a grey as light as the others sat on the dichromats' green).
_COLOUR_BLIND: dict[str, dict] = {
    "trait": {"red": (250, 40, 10), "blue": (40, 76, 156), "green": (26, 154, 114),
              "purple": (148, 110, 250), "colorless": (84, 82, 86)},
    "answer": {"red": (170, 40, 20), "blue": (40, 76, 156), "green": (20, 120, 90),
               "purple": (110, 80, 190), "end": GO_TONE},
    "highlight": {"eligible": (240, 228, 66), "selected": (86, 180, 233),
                  "new": (0, 158, 115), "hint": (204, 121, 167)},
}


def palette_name(name: object) -> str:
    """`name` if it is a palette, else "standard" (a settings value is hostile input)."""
    return name if isinstance(name, str) and name in PALETTES else "standard"


def use_palette(name: object) -> bool:
    """Switch the palette in place (an unknown name gives "standard"); True if a colour
    changed, so the caller knows to clear the card pictures drawn in the old ones."""
    table = _COLOUR_BLIND if palette_name(name) == "colour-blind" else _STANDARD
    changed = False
    for now, want in ((TRAIT_RGB, table["trait"]), (ANSWER_TONES, table["answer"]),
                      (HIGHLIGHT, table["highlight"])):
        changed |= now != want
        now.clear()
        now.update(want)
    return changed
