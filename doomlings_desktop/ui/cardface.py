"""Card faces drawn by code: our own design, no official art.

`CardArt(db)` draws any card of the database at any size and caches the result per arguments:

- `face(c, w, h)`: the full card (trait, age, catastrophe, The Birth of Life);
- `back(kind, w, h)`: the back of a trait or age card ('catastrophe' and 'birth' share the age
  back, as in the physical game);
- `strip(c, w, h, color, worth)`: a compact bar for cards overlapped in a trait pile (16-40 px
  high), a variable trait's current worth in its value disc;
- `color_symbol(color, size)`: the per-color symbol, so color is never the only cue;
- `icon(name, size)`: one of the trait icons on its round badge;
- `module_icon(module, size)`: the Dinolings, Mythlings or Techlings icon on its tile;
- `picture(value, size, tint)`: a card's own picture (game-icons.net), tinted;
- `gene_pool(value, w, h, angle)`: the gene pool card, its dial turned to `angle`.

Every method returns a `pygame.Surface` with per-pixel alpha. The same arguments return the
same (shared, cached) surface, so callers must not draw on it (copy it first); copies of one card
share one cached face. `clear()` drops the cache (e.g. on a window resize). When a display mode is
set, surfaces are converted with `convert_alpha()` for fast blitting.

The drawing lives in ui/cardart/ (palette, shapes, text, symbols, faces, backs, strips);
this module keeps the cache and the public API.

Shapes are drawn at twice the size and smooth-scaled down (anti-aliased edges); text is drawn at
the final size with the bundled DejaVu fonts. pygame.font is initialized when needed; no display
is required.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from doomlings_desktop.lru import LRU
from doomlings_desktop.ui import probe
from doomlings_desktop.ui.cardart import genepool
from doomlings_desktop.ui.cardart.backs import draw_back
from doomlings_desktop.ui.cardart.emblems import draw_module_icon
from doomlings_desktop.ui.cardart.faces import draw_face, face_spots
from doomlings_desktop.ui.cardart.palette import (
    COLOR_RGB,
    COLOR_SYMBOL_NAMES,
    ICON_NAMES,
    INK,
    KIND_RGB,
    RGB,
)
from doomlings_desktop.ui.cardart.pictures import available, draw_picture
from doomlings_desktop.ui.cardart.strips import draw_strip
from doomlings_desktop.ui.cardart.symbols import (
    draw_badge,
    draw_color_symbol,
    draw_compass,
    draw_icon,
    draw_kind_symbol,
    draw_star,
)
from doomlings_desktop.ui.theme import CARD_SHEET

__all__ = ["COLOR_RGB", "COLOR_SYMBOL_NAMES", "ICON_NAMES", "KIND_RGB", "RGB", "CardArt", "preview"]


CACHE_BYTES = 64 * 1024 * 1024   # card pictures kept drawn (a 6-seat 4K table: about 10 MB)
CACHE_PICTURES = 20_000          # and at most this many (a dial per degree is small but many)
FACE_SIZE_CARDS = 1_024          # cards whose faces' sizes are known (face_near): every card


def _surface_bytes(s: pygame.Surface) -> int:
    return s.get_width() * s.get_height() * 4


class CardArt:
    """Draws and caches card faces, backs, strips, color symbols and icons for one database.

    The one object the screens talk to: it keeps the surface cache and the symbols setting,
    and leaves the drawing to ui/cardart/ (faces, backs, strips, symbols), which gets the small
    pictures back through this cache (a face shares its icons and badges with the table)."""

    def __init__(self, db: Any, symbols: bool = True) -> None:
        self.db = db
        self.symbols = symbols      # the colour symbols on title bars and strips (a setting)
        # Sizes come and go (resizing, the interface size, zooms): the least recently drawn
        # go first once the cache holds CACHE_BYTES (or CACHE_PICTURES), so memory stays bounded.
        self._cache: LRU = LRU(CACHE_PICTURES, CACHE_BYTES, _surface_bytes)
        self._spots: LRU = LRU(64)          # where a face's symbols are, by card and size
        self._face_sizes: LRU = LRU(FACE_SIZE_CARDS)    # card id -> its faces' sizes drawn
        self.generation = 0     # counts clear(): the table's cached regions drawn with the
        # old pictures are keyed on it (ui/table/regions.py)
        if not pygame.font.get_init():
            pygame.font.init()

    def clear(self) -> None:
        """Drop every cached surface."""
        self._cache.clear()
        self._face_sizes.clear()
        self.generation += 1

    def set_symbols(self, on: bool) -> None:
        """Show or hide the colour symbol badges (the colorblind aid); redraws every card."""
        if on != self.symbols:
            self.symbols = on
            self.clear()

    def _cached(self, key: tuple, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        s = self._cache.get(key)
        if s is None:
            if probe._sink is None:
                s = make()
            else:                       # the readability tests: whose text is this
                with probe.within(*key):
                    s = make()
            if pygame.display.get_init() and pygame.display.get_surface() is not None:
                try:
                    s = s.convert_alpha()
                except pygame.error:
                    pass
            self._cache[key] = s
        return s

    @property
    def _bytes(self) -> int:
        """The pixels' bytes the cache holds."""
        return self._cache.weight

    # ------------------------------------------------------------------ cards

    def face(self, c: int, w: int, h: int) -> pygame.Surface:
        """The full face of physical card `c` at w x h."""
        d = self.db.cards[c]
        w, h = max(8, int(w)), max(8, int(h))
        face = self._cached(("face", d.id, w, h), lambda: draw_face(self, d, w, h))
        sizes = self._face_sizes.get(d.id)
        if sizes is None:
            self._face_sizes[d.id] = {(w, h)}
        elif (w, h) not in sizes:       # a new size: those the cache has dropped go
            sizes.intersection_update({s for s in sizes if ("face", d.id, *s) in self._cache})
            sizes.add((w, h))
        return face

    def face_near(self, c: int, w: int, h: int) -> pygame.Surface:
        """A face of card `c` to be scaled to at most w x h (a card in flight: it is scaled
        every frame anyway): the smallest face of it already drawn at least `h` high (and at
        most twice: scaling a zoomed face down every frame costs more), else the face at
        w x h. A card's first frame in flight drew a face of its own (4-7 ms at
        1920x1080, one of the slowest frames with bots playing) although the stage, the bot's
        bubble or the discard pile had just drawn the same card at least as big."""
        d = self.db.cards[c]
        sizes = self._face_sizes.get(d.id, set())
        sizes.intersection_update({s for s in sizes if ("face", d.id, *s) in self._cache})
        have = sorted((sh, sw) for sw, sh in sizes if h <= sh <= 2 * h)
        if have:
            sh, sw = have[0]
            return self._cache[("face", d.id, sw, sh)]
        return self.face(c, w, h)

    def spots(self, c: int, w: int, h: int) -> list[tuple[str, pygame.Rect]]:
        """What the icon legend explains on card `c`'s face at w x h, and where (a zoomed
        card's tooltips); measured once per card and size."""
        d = self.db.cards[c]
        key = (d.id, int(w), int(h), self.symbols)
        got = self._spots.get(key)
        if got is None:
            got = self._spots[key] = face_spots(self, d, int(w), int(h))
        return got

    def back(self, kind: str, w: int, h: int) -> pygame.Surface:
        """The back of a 'trait' or 'age' card ('catastrophe' and 'birth' use the age back)."""
        if kind in ("age", "catastrophe", "birth"):
            kind = "age"
        elif kind != "trait":
            raise ValueError(f"no card back for kind {kind!r} (use 'trait' or 'age')")
        w, h = max(8, int(w)), max(8, int(h))
        return self._cached(("back", kind, w, h), lambda: draw_back(self, kind, w, h))

    def strip(self, c: int, w: int, h: int, color: str | None = None,
              worth: int | None = None, linked: bool = False) -> pygame.Surface:
        """A compact bar for card `c`: color, symbol, name, value, dominant star. `color`
        overrides a trait's printed color (Faith recolors traits at World's End); `worth` is
        a variable-value trait's current worth, shown instead of the compass star; `linked`
        adds the link mark of a trait with an attachment on it (E8)."""
        d = self.db.cards[c]
        w, h = max(16, int(w)), max(8, int(h))
        color = color if d.kind == "trait" and color != d.color else None
        worth = worth if d.kind == "trait" and d.variable else None
        return self._cached(("strip", d.id, w, h, color, worth, linked),
                            lambda: draw_strip(self, d, w, h, color, worth, linked=linked))

    def gene_pool(self, value: int, w: int, h: int, angle: float | None = None) -> pygame.Surface:
        """The gene pool card showing `value`, its dial turned `angle` degrees (default: at
        rest, `value` under the pointer). At rest it is one cached surface; a turning card is
        composed from cached parts (the dial per whole degree), so a turn costs no redraw."""
        w, h = max(16, int(w)), max(16, int(h))
        rest = genepool.dial_angle(value)
        if angle is None or round(angle) % 360 == round(rest) % 360:
            return self._cached(("gp_card", value, w, h),
                                lambda: self._gene_pool_parts(value, w, h, rest))
        return self._gene_pool_parts(value, w, h, angle)

    def gene_pool_digit(self, value: int, w: int, h: int) -> pygame.Surface:
        """The upright value in the hub of a w x h gene pool card."""
        size = genepool.digit_size(w, h, value)
        return self._cached(("gp_digit", value, size), lambda: genepool.draw_digit(value, size))

    def _gene_pool_parts(self, value: int, w: int, h: int, angle: float) -> pygame.Surface:
        r = genepool.dial_geometry(w, h)[2]
        deg = round(angle) % 360
        base = self._cached(("gp_dial", w, h), lambda: genepool.draw_dial(r))
        scale = max(4, round(2 * r)) / base.get_width()
        dial = self._cached(("gp_dial", w, h, deg),
                            lambda: pygame.transform.rotozoom(base, deg, scale))
        return genepool.compose(self._cached(("gp_body", w, h), lambda: genepool.draw_body(w, h)),
                                dial,
                                self._cached(("gp_hub", w, h), lambda: genepool.draw_hub(r)),
                                self._cached(("gp_pointer", w, h),
                                             lambda: genepool.draw_pointer(w, h)),
                                self.gene_pool_digit(value, w, h))

    # ------------------------------------------------------------------ symbols and icons

    def color_symbol(self, color: str, size: int) -> pygame.Surface:
        """The symbol of a color ('red', 'blue', 'green', 'purple', 'colorless') alone."""
        if color not in COLOR_SYMBOL_NAMES:
            color = "colorless"
        size = max(4, int(size))
        return self._cached(("sym", color, size), lambda: draw_color_symbol(color, size))

    def icon(self, name: str, size: int) -> pygame.Surface:
        """A trait icon ('attachment', 'action', 'out_of_turn', 'world_end', 'drop_of_life') on
        its badge."""
        size = max(6, int(size))
        return self._cached(("icon", name, size), lambda: draw_icon(name, size))

    def module_icon(self, module: str, size: int) -> pygame.Surface:
        """The icon of a module ('dinolings', 'mythlings', 'techlings') on its tile."""
        size = max(6, int(size))
        return self._cached(("module", module, size), lambda: draw_module_icon(module, size))

    def dominant_star(self, size: int) -> pygame.Surface:
        """The gold star marking a dominant trait."""
        size = max(4, int(size))
        return self._cached(("star", size), lambda: draw_star(size))

    def variable_glyph(self, size: int, color: RGB = INK) -> pygame.Surface:
        """The compass star shown instead of a number on variable-value traits."""
        size = max(4, int(size))
        return self._cached(("compass", size, color), lambda: draw_compass(size, color))

    def badge(self, key: str, size: int) -> pygame.Surface:
        """The symbol of a color or kind on its disc, for title bars and strips; a blank (not
        cached) when colour symbols are off, so the frame color alone shows."""
        if not self.symbols and key in COLOR_RGB:
            return pygame.Surface((size, size), pygame.SRCALPHA)
        return self._cached(("badge", key, size), lambda: draw_badge(self, key, size))

    def picture(self, value: str | None, size: int, tint: RGB, alpha: int = 255
                ) -> pygame.Surface | None:
        """A card's own picture (its `picture:` field) `size` px square in `tint`, or None
        when it has none or its file cannot be read (the face then draws its stand-in)."""
        if not available(value):
            return None
        size = max(2, int(size))
        return self._cached(("picture", value, size, tint, alpha),
                            lambda: draw_picture(value, size, tint, alpha) or
                            pygame.Surface((size, size), pygame.SRCALPHA))

    def has_picture(self, value: str | None) -> bool:
        """Whether `picture(value, ...)` draws something (the card names a readable one)."""
        return available(value)

    def kind_symbol(self, key: str, size: int) -> pygame.Surface:
        """The symbol of a color or of a kind ('age', 'catastrophe', 'birth') alone."""
        if key in COLOR_SYMBOL_NAMES:
            return self.color_symbol(key, size)
        return self._cached(("ksym", key, size), lambda: draw_kind_symbol(key, size))


def preview(db: Any, path: str, w: int = 150, h: int = 210) -> pygame.Surface:
    """A sheet of varied cards, backs and strips (a development aid)."""
    art = CardArt(db)
    picks: list[int] = []

    def first(pred: Any) -> None:
        for c in db.traits:
            d = db.cards[c]
            if pred(d) and all(db.cards[p].id != d.id for p in picks):
                picks.append(c)
                return

    first(lambda d: d.dominant)
    first(lambda d: d.dominant and d.variable)
    first(lambda d: d.variable)
    first(lambda d: "action" in d.icons and d.color == "red")
    first(lambda d: "world_end" in d.icons)
    first(lambda d: "out_of_turn" in d.icons)
    first(lambda d: d.color == "colorless" and not d.text)
    first(lambda d: d.color == "blue" and not d.text)
    first(lambda d: d.color == "green" and d.gp_self)
    first(lambda d: d.color == "purple" and "action" in d.icons)
    first(lambda d: d.value < 0)
    first(lambda d: d.value >= 10)
    first(lambda d: len(d.name) > 17)
    first(lambda d: d.gp_self and d.gp_self < 0)
    first(lambda d: len(d.icons) >= 2)
    first(lambda d: d.color == "purple" and not d.text)
    picks.append(db.ages[3])
    picks.append(max(db.ages, key=lambda c: len(db.cards[c].text or "")))
    picks.append(db.catastrophes[0])
    picks.append(max(db.catastrophes, key=lambda c: len((db.cards[c].text or "") + (db.cards[c].we_text or ""))))
    picks.append(db.birth)
    cols = 8
    items: list[pygame.Surface] = [art.face(c, w, h) for c in picks]
    items += [art.back("trait", w, h), art.back("age", w, h)]
    rows = (len(items) + cols - 1) // cols
    strip_h = 30
    strips = picks[:12]
    sheet_h = rows * (h + 10) + 10 + ((len(strips) + 3) // 4) * (strip_h + 6) + 10
    sheet = pygame.Surface((cols * (w + 10) + 10, sheet_h))
    sheet.fill(CARD_SHEET)
    for i, s in enumerate(items):
        sheet.blit(s, (10 + (i % cols) * (w + 10), 10 + (i // cols) * (h + 10)))
    y0 = rows * (h + 10) + 10
    sw = (cols * (w + 10) - 10) // 4 - 6
    for i, c in enumerate(strips):
        sheet.blit(art.strip(c, sw, strip_h), (10 + (i % 4) * (sw + 8), y0 + (i // 4) * (strip_h + 6)))
    pygame.image.save(sheet, path)
    return sheet
