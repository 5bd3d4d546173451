"""Every card has its own picture (a game-icons.net icon named by its `picture:` field, shipped
as a PNG): the card files name one for every card of every module, a bad name stops the load
with the card and line, and the faces and strips draw it in the card's colour."""

import copy
import shutil
from pathlib import Path

import pygame
import pytest

from doomlings_desktop.resources import resource
from doomlings_desktop.rules.cards import (
    CardDatabaseError,
    available_modules,
    behaviour_digest,
    load_database,
    parse_database,
)
from doomlings_desktop.rules.cards import pictures as rules_pictures
from doomlings_desktop.ui.cardart import pictures
from doomlings_desktop.ui.cardart.faces import draw_face
from doomlings_desktop.ui.cardart.palette import COLOR_RGB
from doomlings_desktop.ui.cardart.strips import draw_strip
from doomlings_desktop.ui.cardface import CardArt

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "assets" / "pictures" / "game-icons"


@pytest.fixture(scope="module")
def full():
    """The base game with every module."""
    return load_database(ROOT / "cards.yaml", available_modules())


@pytest.fixture(scope="module")
def art(full):
    pygame.font.init()
    return CardArt(full)


def test_every_card_of_every_module_names_a_picture_that_is_shipped(full):
    kinds = {d.kind for d in full.defs.values()}
    assert {"trait", "age", "catastrophe", "meaning", "birth"} <= kinds
    modules = {d.module for d in full.defs.values()}
    assert modules == {""} | set(available_modules())
    for d in full.defs.values():
        assert d.picture, f"{d.id} ({d.module or 'base'}) names no picture"
        path = resource(rules_pictures.picture_file(d.picture))
        img = pygame.image.load(str(path))
        assert img.get_bitsize() == 32 and img.get_size() == (256, 256), d.id
        assert pictures.available(d.picture), d.id


def test_every_card_has_a_picture_of_its_own(full):
    """Recognisable at a glance: no two cards share a picture."""
    seen: dict[str, str] = {}
    for d in full.defs.values():
        assert d.picture not in seen, f"{d.id} and {seen[d.picture]} share {d.picture}"
        seen[d.picture] = d.id


def test_the_folder_holds_the_pictures_in_use_and_stays_small(full):
    used = {d.picture.split(":", 1)[1] for d in full.defs.values()}
    files = {p.stem: p.stat().st_size for p in FOLDER.glob("*.png")}
    assert set(files) == used, "tools/render_pictures.py removes pictures no card names"
    assert sum(files.values()) < 2 * 1024 * 1024


def _base_text() -> str:
    return (ROOT / "cards.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize("bad, words", [
    ("game-icons:bear-fcae", ["unknown picture 'game-icons:bear-fcae'",
                              "assets/pictures/game-icons/bear-fcae.png",
                              "did you mean game-icons:bear-face"]),
    ("game-icons:no-such-drawing", ["unknown picture 'game-icons:no-such-drawing'"]),
    ("bear-face", ["expected a picture named like game-icons:bird-claw", "'bear-face'"]),
    ("other-icons:bear-face", ["expected a picture named like game-icons:bird-claw"]),
    ("game-icons:../../cards", ["expected a picture named like game-icons:bird-claw"]),
    ("[1, 2]", ["expected a picture named like game-icons:bird-claw"]),
    ("{a: 1}", ["expected a picture named like game-icons:bird-claw"]),
    ("", ["expected a picture named like game-icons:bird-claw"]),
    ("12", ["expected a picture named like game-icons:bird-claw"]),
])
def test_a_bad_picture_is_a_load_error_with_card_line_and_field(bad, words):
    text = _base_text()
    line = text[:text.index("picture: game-icons:bear-face")].count("\n") + 1
    with pytest.raises(CardDatabaseError) as e:
        parse_database(text.replace("picture: game-icons:bear-face", f"picture: {bad}", 1))
    msg = str(e.value)
    assert msg.startswith(f"cards.yaml:{line}: card 'adorable': field 'picture': "), msg
    for w in words:
        assert w in msg, msg
    assert len(msg) < 260


@pytest.mark.parametrize("section, card", [("catastrophes", "ice-age"), ("ages", "eclipse"),
                                           ("birth_of_life", "the-birth-of-life")])
def test_every_kind_checks_its_picture(section, card):
    text = _base_text()
    at = text.index(f"id: {card}\n")
    start = text.index("picture: game-icons:", at)
    end = text.index("\n", start)
    with pytest.raises(CardDatabaseError) as e:
        parse_database(text[:start] + "picture: game-icons:nothing-like-it" + text[end:])
    assert f"card '{card}': field 'picture': unknown picture" in str(e.value)


def test_a_bad_picture_in_a_module_names_the_module(tmp_path):
    shutil.copy(ROOT / "cards.yaml", tmp_path / "cards.yaml")
    shutil.copytree(ROOT / "assets" / "modules", tmp_path / "assets" / "modules")
    f = tmp_path / "assets" / "modules" / "meaning-of-life.yaml"
    f.write_text(f.read_text(encoding="utf-8").replace("game-icons:kangaroo", "game-icons:kangaro",
                                                       1), encoding="utf-8")
    with pytest.raises(CardDatabaseError) as e:
        load_database(tmp_path / "cards.yaml", ["meaning-of-life"])
    assert e.value.module == "meaning-of-life"
    assert "card 'the-bilbies': field 'picture': unknown picture 'game-icons:kangaro'" \
        in str(e.value)


def test_a_missing_picture_folder_refuses_every_picture(monkeypatch):
    """An installation that lost its pictures says so instead of drawing stand-ins quietly."""
    monkeypatch.setattr(rules_pictures, "shipped", lambda: frozenset())
    with pytest.raises(CardDatabaseError, match="unknown picture 'game-icons:bear-face'"):
        parse_database(_base_text())


def test_the_picture_is_not_part_of_a_cards_behaviour():
    """Changing a card's picture orphans no saved game."""
    raw = {"id": "x", "color": "red", "value": 2}
    assert behaviour_digest({**raw, "picture": "game-icons:bee"}) == behaviour_digest(raw)


def _without(d):
    plain = copy.copy(d)
    plain.picture = None
    return plain


def _diff(a: pygame.Surface, b: pygame.Surface, rect: pygame.Rect) -> int:
    """How many pixels of rect differ clearly between a and b."""
    n = 0
    for y in range(rect.top, rect.bottom, 2):
        for x in range(rect.left, rect.right, 2):
            if sum(abs(p - q) for p, q in zip(a.get_at((x, y))[:3], b.get_at((x, y))[:3],
                                              strict=True)) > 60:
                n += 1
    return n


PANEL = pygame.Rect(20, 40, 110, 80)    # inside the picture panel of a 150 x 210 face


@pytest.mark.parametrize("card", ["adorable", "bad", "age-of-dracula", "the-bilbies",
                                  "mass-extinction", "the-birth-of-life", "acrobatic"])
def test_the_face_draws_the_picture_where_the_stand_in_was(art, full, card):
    d = full.defs[card]
    new = draw_face(art, d, 150, 210)
    old = draw_face(art, _without(d), 150, 210)
    assert _diff(new, old, PANEL) > 150, "the picture replaces the stand-in symbol"
    outside = pygame.Rect(0, 180, 150, 30)          # the value row, the frame's foot
    assert _diff(new, old, outside) == 0


def test_a_trait_picture_is_its_colour_darkened(art, full):
    d = full.defs["adorable"]                       # purple, no rules text: a big picture
    face = draw_face(art, d, 150, 210)
    purple = COLOR_RGB["purple"]
    inks = [face.get_at((x, y))[:3] for x in range(40, 110, 3) for y in range(50, 150, 3)]
    dark = [c for c in inks if sum(c) < sum(purple) * 0.75]
    assert len(dark) > 60, "the silhouette is drawn"
    for c in dark:                                  # a darker purple, never another hue
        assert c[2] >= c[1] and c[0] >= c[1], c


def test_a_multicolour_trait_keeps_its_bands(art, full):
    d = full.defs["bullheaded"]                     # green and red
    face = draw_face(art, d, 150, 210)
    green, red = COLOR_RGB[d.colors[0]], COLOR_RGB[d.colors[1]]

    def leaning(x: int) -> str:
        r, g, _ = pygame.transform.average_color(face, pygame.Rect(x, 60, 20, 80))[:3]
        return "green" if g > r else "red"

    assert (green[1] > green[0], red[0] > red[1]) == (True, True)
    assert leaning(25) == "green" and leaning(105) == "red"


def test_an_unreadable_picture_keeps_the_stand_in(art, full, monkeypatch):
    d = full.defs["bad"]
    old = draw_face(art, _without(d), 150, 210)
    monkeypatch.setattr(pictures, "_chains", pictures.LRU(4))
    monkeypatch.setattr(pictures, "_broken", {d.picture})
    fresh = CardArt(full)
    assert _diff(draw_face(fresh, d, 150, 210), old, pygame.Rect(0, 0, 150, 210)) == 0


def test_a_damaged_picture_file_keeps_the_stand_in(art, full, monkeypatch, tmp_path):
    d = full.defs["bad"]
    bad = tmp_path / "assets" / "pictures" / "game-icons"
    bad.mkdir(parents=True)
    (bad / f"{d.picture.split(':')[1]}.png").write_bytes(b"\x89PNG not really")
    monkeypatch.setattr("doomlings_desktop.resources._roots", lambda: [tmp_path])
    monkeypatch.setattr(pictures, "_chains", pictures.LRU(4))
    monkeypatch.setattr(pictures, "_broken", set())
    old = draw_face(art, _without(d), 150, 210)
    assert _diff(draw_face(CardArt(full), d, 150, 210), old, pygame.Rect(0, 0, 150, 210)) == 0


def test_decoded_pictures_stay_few_and_small(art, full):
    for d in full.defs.values():
        for size in (20, 90, 200, 300):
            pictures.draw_picture(d.picture, size, (10, 20, 30))
    assert len(pictures._chains) <= pictures.CHAINS
    assert pictures._chains.weight <= pictures.CHAINS * 90_000      # under 6 MB
    big = pictures.draw_picture(full.defs["bad"].picture, 300, (10, 20, 30))
    assert big.get_size() == (300, 300)


def test_the_strip_shows_the_picture_when_the_name_still_fits(art, full):
    d = full.defs["bad"]
    wide = draw_strip(art, d, 240, 30)
    assert _diff(wide, draw_strip(art, _without(d), 240, 30), pygame.Rect(30, 0, 40, 30)) > 20
    long = full.defs["optimistic-nihilism"]
    narrow = draw_strip(art, long, 120, 20)         # the name is cut: no room for a picture
    assert _diff(narrow, draw_strip(art, _without(long), 120, 20), narrow.get_rect()) == 0


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))


@pytest.mark.parametrize("size", [(1280, 720), (960, 600)])
def test_the_about_page_credits_the_pictures_from_the_main_menu(home, size):
    from uidriver import click, find, key

    from doomlings_desktop.storage.settings import Settings
    from doomlings_desktop.ui import router
    from doomlings_desktop.ui.app import App
    from doomlings_desktop.ui.scenes.about import AboutScene

    app = App(size=size, settings=Settings())
    menu = router.make(app, "menu")
    app.go(menu)
    app.frame()
    at = find(menu, ("button", "about"))
    assert at is not None and app.screen.get_rect().contains(at)
    others = [r for r, a in menu.targets if a != ("button", "about")]
    assert not any(at.colliderect(r) for r in others), "About covers no other button"
    click(app, at.center)
    assert isinstance(app.scene, AboutScene)
    for words in ("game-icons.net", "CC BY 3.0", "Lorc", "Delapouite", "DejaVu",
                  "assets/LICENSES.md"):
        assert words in app.scene.body
    key(app, pygame.K_ESCAPE)
    assert app.scene is menu
    key(app, pygame.K_a, "a")
    assert isinstance(app.scene, AboutScene)


def test_the_licences_file_credits_every_author_of_a_picture_in_use():
    credits = (ROOT / "assets" / "pictures" / "CREDITS.md").read_text(encoding="utf-8")
    licences = (ROOT / "assets" / "LICENSES.md").read_text(encoding="utf-8")
    from doomlings_desktop.ui.scenes.about import ABOUT_TEXT

    rows = [ln.split("|")[1:4] for ln in credits.splitlines() if ln.startswith("| ")
            and not ln.startswith("| Picture") and not ln.startswith("| ---")]
    assert {r[0].strip() for r in rows} == {p.stem for p in FOLDER.glob("*.png")}
    for author in {r[1].strip() for r in rows}:
        assert author in licences and author in ABOUT_TEXT, author
    assert "CC BY 3.0" in licences and "game-icons.net" in licences
