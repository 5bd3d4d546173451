"""Card faces, backs, strips and color symbols: every card draws, at every size, distinctly."""


import pygame
import pytest

from doomlings_desktop.ui import fonts
from doomlings_desktop.ui.cardface import COLOR_RGB, COLOR_SYMBOL_NAMES, KIND_RGB, CardArt
from tests.uidriver import finishes

FACE_SIZES = [(90, 126), (150, 210), (300, 420)]
STRIP_SIZES = [(140, 22), (180, 30), (240, 40)]


@pytest.fixture(scope="module")
def art(db):
    pygame.font.init()
    return CardArt(db)


def frame_rgb(d):
    if d.kind == "trait":
        return COLOR_RGB[d.color]
    return KIND_RGB[d.kind]


def near(a, b, tol):
    return all(abs(int(x) - int(y)) <= tol for x, y in zip(a, b, strict=False))


def frame_hits(surf, rgb, tol=40):
    """Opaque pixels close to `rgb` in the left and right frame bands at mid-height."""
    w, h = surf.get_size()
    band = max(3, round(w * 0.07))
    hits = 0
    for y in range(int(h * 0.35), int(h * 0.65), 2):
        for x in list(range(band)) + list(range(w - band, w)):
            c = surf.get_at((x, y))
            if c.a == 255 and near(c[:3], rgb, tol):
                hits += 1
    return hits


def mean_rgb(surf, rect):
    sub = surf.subsurface(rect)
    avg = pygame.transform.average_color(sub)
    return avg[:3]


@pytest.mark.parametrize("size", FACE_SIZES)
def test_every_face_renders(art, db, size):
    w, h = size
    for c in range(len(db.cards)):
        s = art.face(c, w, h)
        assert s.get_size() == (w, h)
        assert s.get_flags() & pygame.SRCALPHA
        assert s.get_at((w // 2, h // 2)).a == 255, db.cards[c].id
        assert s.get_at((0, 0)).a < 128, "rounded corners are transparent"
        assert frame_hits(s, frame_rgb(db.cards[c])) > 0, (db.cards[c].id, size)


@pytest.mark.parametrize("size", STRIP_SIZES)
def test_every_strip_renders(art, db, size):
    w, h = size
    for c in range(len(db.cards)):
        s = art.strip(c, w, h)
        assert s.get_size() == (w, h)
        assert s.get_flags() & pygame.SRCALPHA
        d = db.cards[c]
        if d.kind == "trait":
            # the middle of the bar, between symbol and name, is the color fill
            px = s.get_at((round(h * 1.05), 2 + h // 6))
            assert px.a == 255
        assert s.get_at((w // 2, h // 2)).a == 255


@pytest.mark.parametrize("size", FACE_SIZES)
def test_backs_render(art, size):
    w, h = size
    trait, age = art.back("trait", w, h), art.back("age", w, h)
    for s in (trait, age):
        assert s.get_size() == (w, h)
        assert s.get_at((w // 2, h // 2)).a == 255
        assert s.get_at((0, 0)).a < 128
    assert trait.get_view("2").raw != age.get_view("2").raw
    assert art.back("catastrophe", w, h) is art.back("age", w, h)


def test_unknown_back_is_a_clear_error(art):
    with pytest.raises(ValueError):
        art.back("joker", 100, 140)


def test_faces_of_different_colors_differ(art, db):
    first = {}
    for c in db.traits:
        first.setdefault(db.cards[c].color, c)
    assert set(first) == set(COLOR_RGB)
    means = {}
    for color, c in first.items():
        s = art.face(c, 150, 210)
        means[color] = mean_rgb(s, pygame.Rect(1, 60, 5, 90))     # the left frame
        assert near(means[color], COLOR_RGB[color], 60), (color, means[color])
    colors = list(first)
    for i, a in enumerate(colors):
        for b in colors[i + 1:]:
            fa, fb = art.face(first[a], 150, 210), art.face(first[b], 150, 210)
            assert fa.get_view("2").raw != fb.get_view("2").raw
            assert not near(means[a], means[b], 20), (a, b)


def test_color_symbols_differ_in_shape(art):
    size = 48
    masks = {c: pygame.mask.from_surface(art.color_symbol(c, size), 128) for c in COLOR_SYMBOL_NAMES}
    for c, m in masks.items():
        assert m.count() > size * size * 0.12, f"{c} symbol is nearly empty"
    names = list(masks)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            ma, mb = masks[a], masks[b]
            overlap = ma.overlap_area(mb, (0, 0))
            union = ma.count() + mb.count() - overlap
            assert union - overlap > union * 0.2, f"{a} and {b} symbols look alike"
    assert len(set(COLOR_SYMBOL_NAMES.values())) == len(COLOR_SYMBOL_NAMES)


def test_symbols_and_icons_at_small_sizes(art):
    for c in COLOR_SYMBOL_NAMES:
        for size in (8, 16, 40, 200):
            s = art.color_symbol(c, size)
            assert s.get_size() == (size, size)
    for name in ("action", "out_of_turn", "world_end", "drop_of_life", "unknown"):
        assert art.icon(name, 20).get_size() == (20, 20)


def test_cache_and_clear(db):
    pygame.font.init()
    art = CardArt(db)
    c = db.traits[0]
    a = art.face(c, 120, 168)
    assert art.face(c, 120, 168) is a
    assert art.face(c, 121, 168) is not a
    art.clear()
    assert art.face(c, 120, 168) is not a


def test_all_faces_render_and_are_kept(db):
    """Every face draws (a hang would fail at the deadline; how fast is `bench`'s figure, not a
    test's), and drawing them all again draws none: the second pass is the cache."""
    pygame.font.init()
    art = CardArt(db)
    faces = finishes(lambda: [art.face(c, 120, 168) for c in range(len(db.cards))],
                     "drawing every face")
    assert all(art.face(c, 120, 168) is f for c, f in enumerate(faces))


def test_fonts_are_cached_per_arguments():
    a = fonts.font(14)
    assert fonts.font(14) is a
    assert fonts.font(14, bold=True) is not a
    assert fonts.font(14, condensed=True) is not a
    for bold in (False, True):
        for cond in (False, True):
            assert fonts.font_path(bold, cond), "bundled DejaVu file is missing"
    assert fonts.font(12).size("Doomlings")[0] > 0


def test_colour_symbols_can_be_turned_off_and_on(db):
    """The colorblind setting: without symbols the title bar and strip lose the colour badge."""
    from doomlings_desktop.ui.cardface import CardArt
    art = CardArt(db)
    c = db.card("selfish")
    with_sym = pygame.image.tobytes(art.strip(c, 200, 30), "RGBA")
    face_sym = pygame.image.tobytes(art.face(c, 150, 210), "RGBA")
    art.set_symbols(False)
    assert pygame.image.tobytes(art.strip(c, 200, 30), "RGBA") != with_sym
    assert pygame.image.tobytes(art.face(c, 150, 210), "RGBA") != face_sym
    art.set_symbols(True)
    assert pygame.image.tobytes(art.strip(c, 200, 30), "RGBA") == with_sym


def test_the_picture_cache_forgets_the_least_recently_drawn_past_its_budget(monkeypatch):
    """Resizing, interface sizes and zooms draw cards at ever new sizes: memory stays bounded
    (a tryout saw 183 MB grow to 387 MB), and what is drawn again is kept."""
    from doomlings_desktop.rules.cards import default_database
    from doomlings_desktop.ui import cardface

    monkeypatch.setattr(cardface, "CACHE_BYTES", 4 * 1024 * 1024)
    art = cardface.CardArt(default_database())
    for h in range(200, 400, 4):
        art.face(0, int(h * 0.72), h)
        art.face(1, 100, 140)                    # drawn every time: never forgotten
    assert art._bytes <= 4 * 1024 * 1024
    assert art._bytes == sum(s.get_width() * s.get_height() * 4 for s in art._cache.values())
    assert any(k[0] == "face" and k[2:] == (100, 140) for k in art._cache)
    assert not any(k[0] == "face" and k[3] == 200 for k in art._cache)


def _with_multicolor():
    from pathlib import Path

    from doomlings_desktop.rules.cards import parse_database

    text = (Path(__file__).resolve().parent.parent / "cards.yaml").read_text().replace(
        "traits:\n", "traits:\n  - id: acrobatic\n    name: \"Acrobatic\"\n"
        "    color: [green, purple]\n    value: 2\n  - id: wild\n    name: \"Wild\"\n"
        "    color: [blue, green, purple, red]\n    value: 4\n    dominant: true\n", 1)
    return parse_database(text)


@pytest.mark.parametrize("ident", ["acrobatic", "wild"])
def test_a_multicolor_trait_shows_every_color_and_its_symbol(ident):
    """E5 on the face: a band of frame per colour, and each colour's symbol (colour is never
    the only cue), on the full face and on a pile strip."""
    pygame.font.init()
    db = _with_multicolor()
    art = CardArt(db)
    c = db.by_id[ident][0]
    colors = db.colors[c]
    w, h = 200, 280
    face = art.face(c, w, h)
    for i, col in enumerate(colors):            # the title bar's band of each colour
        x = int(w * (i + 0.5) / len(colors))
        band = [face.get_at((x, y))[:3] for y in range(2, int(h * 0.15))]
        assert any(near(p, COLOR_RGB[col], 70) for p in band), (col, band)
    assert {k for k, _ in art.spots(c, w, h)} >= set(colors)
    strip = art.strip(c, 240, 30)
    for i, col in enumerate(colors):            # each band's edge, above its badges and name
        xs = range(int(240 * i / len(colors)) + 4, int(240 * (i + 1) / len(colors)) - 4)
        assert any(near(strip.get_at((x, y))[:3], COLOR_RGB[col], 70)
                   for x in xs for y in (3, 4, 25, 26)), col


@pytest.mark.parametrize("w", [24, 32, 47])
def test_a_face_too_small_for_words_is_its_frame_and_picture(art, db, monkeypatch, w):
    """Seen in a real window: the kept Meaning card beside a short panel's gene pool (about
    32 px wide) had its rules text running over its title and picture. A face under 48 px
    wide draws no words at all (the hover shows the card whole), keeps its frame's colour
    and its picture."""
    from doomlings_desktop.ui.cardart import faces, text

    said: list = []

    def counting(*a, **k):
        said.append(a)
        return fonts.font(*a, **k)

    monkeypatch.setattr(faces, "font", counting)
    monkeypatch.setattr(text, "font", counting)
    kinds = {}
    for c, d in enumerate(db.cards):
        kinds.setdefault(d.kind, c)
    h = int(w / 0.72)
    fresh = CardArt(db)         # nothing cached: every face is drawn here
    for kind, c in kinds.items():
        d = db.cards[c]
        surf = fresh.face(c, w, h)
        assert surf.get_size() == (w, h)
        assert said == [], f"words on a {w}-px {kind} face"
        if kind in ("trait", "age", "birth"):
            assert frame_hits(surf, frame_rgb(d), tol=60) > 0, kind
        inner = surf.subsurface(pygame.Rect(w // 4, h // 4, w // 2, h // 2))
        shades = {tuple(inner.get_at((x, y)))[:3] for x in range(inner.get_width())
                  for y in range(inner.get_height())}
        assert len(shades) > 3, f"no picture on the {kind} face"


def test_a_face_to_be_scaled_comes_from_the_smallest_drawn_at_least_as_big(db, monkeypatch):
    """`face_near` (a card in flight): a face already drawn at least that high (at most
    twice) is scaled rather than a new one drawn; none such, the face at the size asked;
    never one the cache has dropped (a cleared cache, new colour symbols)."""
    from doomlings_desktop.ui import cardface
    pygame.font.init()
    art = CardArt(db)
    c = next(i for i, d in enumerate(db.cards) if d.kind == "trait")
    drawn = []
    real = cardface.draw_face
    monkeypatch.setattr(cardface, "draw_face",
                        lambda a, d, w, h: drawn.append((w, h)) or real(a, d, w, h))
    big, bigger = art.face(c, 150, 210), art.face(c, 300, 420)
    assert drawn == [(150, 210), (300, 420)]
    assert art.face_near(c, 99, 138) is big         # the smallest at least 138 high
    assert art.face_near(c, 150, 210) is big
    assert art.face_near(c, 200, 280) is bigger
    assert len(drawn) == 2
    assert art.face_near(c, 320, 448).get_size() == (320, 448)     # none big enough: drawn
    assert art.face_near(c, 50, 70).get_size() == (50, 70)     # none under twice as big
    art.clear()
    drawn.clear()
    assert art.face_near(c, 99, 138).get_size() == (99, 138) and drawn == [(99, 138)]
