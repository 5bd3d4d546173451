"""The expansion modules on our card faces (issue 19): the module icon in the top-right corner
of Dinolings, Mythlings and Techlings cards (traits, ages, catastrophes; faces and pile
strips), the attachment icon, their legend entries and zoom tooltips, and two-, three- and
four-colour traits with each colour's symbol in its own band.

The three modules' card data are other branches' work: these tests draw in-memory copies of
base cards given a module and icons, so they hold whatever module files are loaded."""

from __future__ import annotations

import pygame
import pytest
from uidriver import find, post

from doomlings_desktop.rules.cards import CardDef, Database
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.storage.settings import Settings
from doomlings_desktop.ui.app import App
from doomlings_desktop.ui.cardart.emblems import DRAGON, EGG, MODULE_ICONS, STEEL
from doomlings_desktop.ui.cardart.faces import trait_rules_px
from doomlings_desktop.ui.cardart.palette import CREAM, darken
from doomlings_desktop.ui.cardface import COLOR_RGB, CardArt
from doomlings_desktop.ui.legend import LEGEND, MEANING
from doomlings_desktop.ui.table import SeatConfig, TableScene
from tests.uidriver import finishes

INK_OF = {"dinolings": EGG, "mythlings": DRAGON, "techlings": STEEL}
SIZES = [(104, 144), (174, 241), (415, 576)]      # a hand at rest, risen, zoomed at 720 high


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))


def copy(d: CardDef, **kw) -> CardDef:
    c = CardDef(**{k: getattr(d, k) for k in CardDef.__slots__})
    for k, v in kw.items():
        setattr(c, k, v)
    return c


def module_db(base: Database) -> Database:
    """The base cards, each trait given a module in turn (a third of them Techlings
    attachments), the first age and catastrophe too; plus a Kickstarter and a Multi-Color
    card, which carry no icon."""
    cycle = ("dinolings", "mythlings", "techlings")
    defs, i = [], 0
    for d in base.defs.values():
        if d.kind == "trait":
            m = cycle[i % 3]
            icons = frozenset(d.icons) | ({"attachment"} if m == "techlings" else set())
            defs.append(copy(d, module=m, icons=icons))
            i += 1
        else:
            defs.append(d)
    ages = [j for j, d in enumerate(defs) if d.kind == "age"]
    cats = [j for j, d in enumerate(defs) if d.kind == "catastrophe"]
    defs[ages[0]] = copy(defs[ages[0]], module="techlings")
    defs[cats[0]] = copy(defs[cats[0]], module="dinolings")
    antlers = base.defs["antlers"]
    defs.append(copy(antlers, id="ks-sample", module="kickstarter"))
    defs.append(copy(antlers, id="mc-sample", module="multi-color", colors=("red", "blue"),
                     color="red"))
    return Database(defs, base.source, base.hash)


@pytest.fixture(scope="module")
def mdb(db):
    return module_db(db)


def near(a, b, tol=26) -> bool:
    return all(abs(int(x) - int(y)) <= tol for x, y in zip(a, b, strict=False))


def hits(surf: pygame.Surface, rect: pygame.Rect, rgb, tol=26) -> int:
    """Opaque pixels of `rgb` (within tol) in `rect` of `surf`."""
    rect = rect.clip(surf.get_rect())
    return sum(1 for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
               if surf.get_at((x, y)).a == 255 and near(surf.get_at((x, y))[:3], rgb, tol))


def warm(surf: pygame.Surface, rect: pygame.Rect) -> int:
    """Pixels of the attachment's bronze (fill or outline): red well over blue, unlike the
    cream badge, its ink ring or any other icon."""
    return sum(1 for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
               if (p := surf.get_at((x, y))).a == 255 and p.r - p.b > 45 and p.r > p.g + 20)


def corner(w: int, h: int) -> pygame.Rect:
    """A face's top-right corner: the right quarter of the title bar."""
    return pygame.Rect(int(w * 0.72), 0, w - int(w * 0.72), int(h * 0.2))


def one(db: Database, pred) -> int:
    return next(c for c, d in enumerate(db.cards) if pred(d))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("module", list(MODULE_ICONS))
def test_a_module_card_wears_its_icon_in_the_top_right_corner(db, mdb, module, size):
    """The icon's own colour (egg shell, dragon green, gear steel) fills part of the corner
    of a module trait's face, and not of the same card in the base game."""
    pygame.font.init()
    w, h = size
    art, base_art = CardArt(mdb), CardArt(db)
    c = one(mdb, lambda d: d.kind == "trait" and d.module == module and not d.dominant
            and d.color in ("red", "purple", "colorless"))
    ident = mdb.cards[c].id
    got = hits(art.face(c, w, h), corner(w, h), INK_OF[module])
    spot = dict(art.spots(c, w, h))[module]
    assert corner(w, h).contains(spot)
    assert got >= spot.w * spot.h * 0.1, (module, got)
    assert hits(base_art.face(db.by_id[ident][0], w, h), corner(w, h), INK_OF[module]) \
        < got * 0.1
    assert (module, ) == tuple({k for k, _ in art.spots(c, w, h)} & set(MODULE_ICONS))
    others = set(MODULE_ICONS) - {module}
    for other in others:                      # and not another module's colours
        assert hits(art.face(c, w, h), corner(w, h), INK_OF[other]) < got * 0.2


def test_techlings_gears_are_in_the_corner_and_a_base_card_has_none(db, mdb):
    w, h = 104, 144
    tech = one(mdb, lambda d: d.kind == "trait" and d.module == "techlings")
    base = db.by_id[mdb.cards[tech].id][0]
    gears = hits(CardArt(mdb).face(tech, w, h), corner(w, h), STEEL)
    assert gears > 20
    assert hits(CardArt(db).face(base, w, h), corner(w, h), STEEL) == 0


def test_ages_and_catastrophes_of_a_module_wear_its_icon_and_explain_it(mdb):
    art = CardArt(mdb)
    for kind, module in (("age", "techlings"), ("catastrophe", "dinolings")):
        c = one(mdb, lambda d, k=kind: d.kind == k and d.module)
        plain = one(mdb, lambda d, k=kind: d.kind == k and not d.module)
        for w, h in SIZES:
            got = hits(art.face(c, w, h), corner(w, h), INK_OF[module], 20)
            spot = dict(art.spots(c, w, h))[module]
            assert got > spot.w * spot.h * 0.06, (kind, w)
            assert hits(art.face(plain, w, h), corner(w, h), INK_OF[module], 20) < got * 0.25
            assert corner(w, h).contains(spot)


def test_kickstarter_multicolor_and_base_cards_carry_no_module_icon(db, mdb):
    art = CardArt(mdb)
    for ident in ("ks-sample", "mc-sample"):
        c = mdb.by_id[ident][0]
        assert not {k for k, _ in art.spots(c, 174, 241)} & set(MODULE_ICONS)
    base_art = CardArt(db)
    for c, d in enumerate(db.cards):
        if d.kind in ("trait", "age", "catastrophe"):
            assert not {k for k, _ in base_art.spots(c, 150, 208)} & set(MODULE_ICONS), d.id


@pytest.mark.parametrize("module", list(MODULE_ICONS))
def test_a_pile_strip_shows_the_module_icon_beside_the_value(mdb, module):
    """Cards count a module's cards in piles (Tiny Arms, Elven Ears, Bionic Arm): the strip
    shows the icon, at every strip height."""
    art = CardArt(mdb)
    c = one(mdb, lambda d: d.kind == "trait" and d.module == module and not d.dominant
            and d.color in ("red", "purple", "colorless"))
    plain = mdb.by_id["ks-sample"][0]
    for h in (16, 22, 30, 40):
        s = art.strip(c, 240, h)
        right = pygame.Rect(120, 0, 120, h)
        assert hits(s, right, INK_OF[module]) > (h * 0.7) ** 2 * 0.1, (module, h)
        assert hits(art.strip(plain, 240, h), right, INK_OF[module]) == 0


@pytest.mark.parametrize("module", list(MODULE_ICONS))
def test_a_chip_too_short_for_the_module_icon_leaves_it_out(mdb, module):
    """A crowded pile's chip (a badge and a value, no room for a name) draws no module icon
    over its value: the new-user tryout saw dragons and eggs run over the numbers at six
    seats. Where there is room, the icon is there."""
    art = CardArt(mdb)
    c = one(mdb, lambda d: d.kind == "trait" and d.module == module and not d.dominant
            and d.color in ("red", "purple", "colorless"))
    h = 22
    assert hits(art.strip(c, 40, h), pygame.Rect(0, 0, 40, h), INK_OF[module]) == 0
    assert hits(art.strip(c, 120, h), pygame.Rect(0, 0, 120, h), INK_OF[module]) > 0


def test_an_attachment_shows_its_icon_with_the_others(mdb):
    art = CardArt(mdb)
    c = one(mdb, lambda d: "attachment" in d.icons and "drop_of_life" in d.icons)
    for w, h in SIZES:
        spots = dict(art.spots(c, w, h))
        assert {"attachment", "drop_of_life", "techlings"} <= set(spots)
        at, drop = spots["attachment"], spots["drop_of_life"]
        assert at.right <= drop.left and at.colliderect(drop.move(at.x - drop.x, 0))  # one row
        assert warm(art.face(c, w, h), at) > at.w * at.h * 0.15
        assert warm(art.face(c, w, h), drop) == 0


def test_the_legend_lists_the_new_marks():
    names = {key: name for key, name, _ in LEGEND}
    assert names["attachment"] == "Attachment"
    assert [names[m] for m in ("dinolings", "mythlings", "techlings")] == [
        "Dinoling", "Mythling", "Techling"]
    assert MEANING["attachment"][1] == "play it onto a host trait; it stays with its host"
    from doomlings_desktop.ui.scenes.rules_page import RulesScene
    assert "Attachment: play it onto a host trait; it stays with its host." in RulesScene.body
    for m in ("Dinoling", "Mythling", "Techling"):
        assert f"\n\n{m}: " in RulesScene.body


def test_every_mark_a_module_face_shows_is_explained(mdb):
    art = CardArt(mdb)
    marks = set()
    for c in range(len(mdb.cards)):
        marks |= {k for k, _ in art.spots(c, 200, 278)}
    assert marks <= set(MEANING), marks - set(MEANING)
    assert {"attachment", "dinolings", "mythlings", "techlings"} <= marks


def _table(mdb: Database) -> tuple[App, TableScene]:
    s = Settings()
    s.animation = "off"
    app = App(size=(1280, 720), settings=s)
    game = Game.new(mdb, 2, seed=5)
    sc = TableScene(app, [SeatConfig("Ada"), SeatConfig("Bob", "bot")], game=game)
    sc.autosave = False
    app.go(sc)
    app.frame()
    return app, sc


def _move(app: App, pos: tuple[int, int]) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    app.frame()


def test_hovering_the_icons_of_a_zoomed_card_explains_them(mdb):
    """Right-click a Techling attachment in the hand, point at its gears and its attachment
    icon: each tooltip names the mark and says what it means."""
    app, sc = _table(mdb)
    g = sc.game
    hand = g.players[0].hand
    c = next(c for c in hand if "attachment" in mdb.cards[c].icons)    # Big Ears, seed 5
    r = find(sc, ("hand", c))
    post(pygame.MOUSEBUTTONDOWN, pos=r.center, button=3)
    post(pygame.MOUSEBUTTONUP, pos=r.center, button=3)
    app.frame()
    assert sc.zoom == c
    w, h = app.screen.get_size()
    ch = int(h * 0.8)
    cw = int(ch * 0.72)
    card = pygame.Rect((w - cw) // 2, (h - ch) // 2, cw, ch)
    spots = dict(app.art.spots(c, cw, ch))
    drawn: list[str] = []
    render = app.text.render
    app.text.render = lambda s, *a, **k: (drawn.append(s), render(s, *a, **k))[1]
    try:
        for mark in ("attachment", "techlings"):
            drawn.clear()
            _move(app, spots[mark].move(card.topleft).center)
            assert sc.overlays.zoom.tip == mark
            name, words = MEANING[mark]
            assert name in drawn and any(words.startswith(x) for x in drawn if x), drawn
    finally:
        app.text.render = render
    _move(app, card.center)
    assert sc.overlays.zoom.tip is None


def test_the_help_draws_the_new_marks(mdb):
    from uidriver import key
    app, sc = _table(mdb)
    key(app, pygame.K_F1)
    drawn = []
    render = app.text.render
    app.text.render = lambda s, *a, **k: (drawn.append(s), render(s, *a, **k))[1]
    key(app, pygame.K_TAB, "\t")
    app.text.render = render
    assert sc.help_open == "icons"
    assert {"Attachment", "Dinoling", "Mythling", "Techling"} <= set(drawn)


# ------------------------------------------------------------------ multi-colour faces

def _multi(n: int, text: str = "") -> tuple[CardArt, int]:
    colors = ("red", "blue", "green", "purple")[:n]
    d = CardDef(id=f"multi-{n}", name=f"Multi {n}", kind="trait", color=colors[0],
                colors=colors, value=2, icons=frozenset({"drop_of_life"} if text else ()),
                text=text, gp_self=0, copies=1)
    pygame.font.init()
    return CardArt(Database([d], "t", "")), 0


@pytest.mark.parametrize("text", ["", "Score: +1 for each trait of any of its colours in "
                                      "your pile, counted once."])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_each_colour_of_a_multicolour_trait_shows_its_symbol_in_its_own_band(n, text):
    """Two, three or four colours: a band of frame per colour, in order, and each colour's
    symbol badge whole inside its band, side by side, none smaller than 12 px at the size of a
    hand at rest; with rules text the symbols keep a row above it."""
    art, c = _multi(n, text)
    d = art.db.cards[c]
    for w, h in SIZES:
        face = art.face(c, w, h)
        spots = art.spots(c, w, h)
        badges = [(k, r) for k, r in spots if k in COLOR_RGB][1:]   # after the title bar's
        assert [k for k, _ in badges] == list(d.colors)
        for (k, r), nxt in zip(badges, badges[1:] + [None], strict=True):
            assert r.w >= 12, (n, w, r)
            if nxt:
                assert r.right <= nxt[1].left and abs(r.centery - nxt[1].centery) <= 1
            # drawn there: the badge's cream disc and the symbol's dark outline in its colour
            assert hits(face, r, CREAM, 8) > r.w * r.h * 0.15, (k, w)
            assert hits(face, r, darken(COLOR_RGB[k], 0.55), 30) > r.w * r.h * 0.03, (k, w)
            # the frame under the badge is its colour: the band is its own
            y = h - max(2, round(w * 0.045) // 2) - 1
            band = [face.get_at((x, y))[:3] for x in range(r.left, r.right)]
            assert sum(near(p, COLOR_RGB[k], 70) for p in band) > len(band) * 0.6, (k, w)
        if text:
            tx0, tx1, ty0, ty1, _ = _text_box(d, w, h)
            assert all(r.bottom <= ty0 for _, r in badges)


def _text_box(d, w, h):
    from doomlings_desktop.ui.cardart.faces import _trait_text_box
    return _trait_text_box(d, w, h)


def test_a_multicolour_trait_keeps_its_rules_text_readable_when_risen():
    """The row of symbols costs the text room: the size a card is risen to (reading_height)
    takes it into account."""
    from doomlings_desktop.ui.cardart.faces import reading_height
    art, c = _multi(4, "Score: +1 for each trait of any of its colours in your pile, counted "
                       "once, and +2 more if you hold all four.")
    d = art.db.cards[c]
    h = reading_height([d], 12)
    assert trait_rules_px(d, int(h * 0.72), h) >= 12


def test_the_value_disc_is_whole_in_the_first_colour():
    art, c = _multi(4)
    w, h = 104, 144
    face = art.face(c, w, h)
    spot = dict(art.spots(c, w, h))["value"]
    ring = [face.get_at((x, spot.centery))[:3] for x in range(spot.left, spot.right)]
    assert not any(near(p, COLOR_RGB["blue"], 30) for p in ring)


def test_module_faces_draw_fast_and_are_cached(mdb):
    art = CardArt(mdb)
    faces = finishes(lambda: [art.face(c, 120, 168) for c in range(len(mdb.cards))],
                     "drawing every module face")
    assert all(art.face(c, 120, 168) is f for c, f in enumerate(faces))
    icon = art.module_icon("techlings", 18)
    assert art.module_icon("techlings", 18) is icon


@pytest.mark.parametrize("label", ["MEANING OF LIFE", "AGE", "CATASTROPHE"])
@pytest.mark.parametrize("room", [30, 44, 60, 200])
def test_a_cards_kind_label_stays_within_the_card(label, room):
    """A kind label is set smaller, then said by its first word, to stay inside a small card
    (a Meaning card drawn beside the gene pool ran "MEANING OF LIFE" over both edges)."""
    from doomlings_desktop.ui.cardart.faces import _fitted_label

    pygame.init()
    img = _fitted_label(label, 9, room, (0, 0, 0))
    assert img.get_width() <= room or (" " not in label and room < 44)
