"""The expansions explained (docs/card-dsl.md, "What a module says about itself"): each
module's file gives its title, a one-line description and its rules sections; New game shows
the line of the module pointed at and opens its part of the Rules page, and the Rules page
has a section for each module's rules, all from the card data. A bad field stops the load with
a clear message, and a new module is data only: no code names it. Through posted pygame
events on the real app loop."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame
import pytest
from uidriver import click, find, key, post

from doomlings_desktop.rules import cards
from doomlings_desktop.rules.cards import (
    CardDatabaseError,
    available_modules,
    load_database,
    module_problems,
    module_title,
    parse_module,
    set_default_database,
)
from doomlings_desktop.ui.scenes.pages import offered_modules
from tests.test_ui import make_app, texts_of_a_frame

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path / "home"))


def module_about(m):
    return cards.module_about(m)


def new_game(size=(1280, 720)):
    from doomlings_desktop.ui import router

    app = make_app(size=size)
    app.settings.modules = []
    sc = router.go(app, "new_game")
    app.frame()
    return app, sc


def point(app, pos):
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    app.frame()


def row_of(sc, m):
    return find(sc, ("button", ("module", m)))


def test_every_bundled_module_explains_itself():
    for m in available_modules():
        about = module_about(m)
        assert about is not None and about.title == module_title(m)
        assert 20 <= len(about.description) <= 160 and "\n" not in about.description
        assert about.sections and all(h and len(t) > 60 for h, t in about.sections)


def test_the_rules_page_has_a_section_for_each_modules_rules():
    from doomlings_desktop.ui.scenes.main_menu import MenuScene
    from doomlings_desktop.ui.scenes.rules_page import RulesScene

    app = make_app()
    page = RulesScene(app, back=MenuScene(app))
    app.go(page)
    app.frame()
    heads = set(page.headings)
    assert {"Meaning of Life", "Attachments (Techlings)",
            "Multi-colour traits (Multi-Color)"} <= heads
    for m in available_modules():         # each module's every section, in its own words
        for heading, text in module_about(m).sections:
            assert any(h.startswith(heading) for h in heads)
            assert " ".join(text.split()) in page.body
    # it still scrolls to the end, the keys' list last
    for _ in range(120):
        post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)
    app.frame()
    assert "F1 or ?: this list." in texts_of_a_frame(app, page)


@pytest.mark.parametrize("size", [(1280, 720), (960, 600)])
def test_new_game_shows_the_line_of_the_module_pointed_at_and_opens_its_rules(size):
    app, sc = new_game(size)
    for m in ("techlings", "meaning-of-life", "multi-color"):
        point(app, row_of(sc, m).center)
        about = module_about(m)
        shown = " ".join(texts_of_a_frame(app, sc))
        assert about.description.split()[0] in shown and about.title in shown
        assert " ".join(sc.about_lines).startswith(f"{about.title}: {about.description[:30]}")
    # every module's line whole, smaller if need be: Techlings' ended "Its ? opens it…"
    for m in offered_modules():
        point(app, row_of(sc, m).center)
        app.frame()
        assert not sc.about_lines[-1].endswith("…"), (m, sc.about_lines)
    point(app, row_of(sc, "techlings").center)
    # the line stays for the module last pointed at, and its ? opens its rules there
    q = find(sc, ("button", ("module_rules", "techlings")))
    assert q is not None and not q.colliderect(row_of(sc, "techlings"))
    click(app, q.center)
    page = app.scene
    assert type(page).__name__ == "RulesScene"
    app.frame()
    first = page.headings["Attachments (Techlings)"]
    assert page.scroll == first > 0
    assert "Attachments (Techlings)" in texts_of_a_frame(app, page)
    key(app, pygame.K_ESCAPE)
    assert app.scene is sc and sc.about == "techlings"    # back where it was


def _module(extra: str) -> str:
    return ("format: 1\nmodule: tidal\n" + extra +
            "traits:\n  - id: gills-2\n    name: \"Gills II\"\n    color: blue\n    value: 2\n")


@pytest.mark.parametrize("extra, field, words", [
    ("description: \"two\\nlines\"\n", "description", "one line of text"),
    ("description: " + "x" * 200 + "\n", "description", "1 to 160 characters"),
    ("description: 7\n", "description", "one line of text"),
    ("title: \"\"\n", "title", "one line of text"),
    ("rules: \"just a string\"\n", "rules", "a list of 1 to 12 sections"),
    ("rules: []\n", "rules", "a list of 1 to 12 sections"),
    ("rules:\n  - heading: \"Tides\"\n", "rules[0]", "missing key 'text'"),
    ("rules:\n  - {heading: Tides, text: Waves, size: 3}\n", "rules[0].size", "unknown key"),
    ("rules:\n  - {heading: [a], text: Waves}\n", "rules[0].heading", "one line of text"),
    ("about: \"hi\"\n", "about", "unknown key"),
])
def test_a_bad_field_is_refused_with_a_clear_message(extra, field, words):
    with pytest.raises(CardDatabaseError) as e:
        parse_module(_module(extra), "tidal.yaml", "tidal", set())
    said = str(e.value)
    assert said.startswith("tidal.yaml:") and field in said and words in said, said


def _with_new_module(tmp_path: Path, extra: str) -> Path:
    """A copy of the bundled card data with one more module, named in the manifest."""
    shutil.copy(ROOT / "cards.yaml", tmp_path / "cards.yaml")
    shutil.copytree(ROOT / "assets" / "modules", tmp_path / "assets" / "modules")
    text = (tmp_path / "cards.yaml").read_text(encoding="utf-8")
    text = text.replace("  techlings: assets/modules/techlings.yaml\n",
                        "  techlings: assets/modules/techlings.yaml\n"
                        "  tidal: assets/modules/tidal.yaml\n", 1)
    (tmp_path / "cards.yaml").write_text(text, encoding="utf-8")
    (tmp_path / "assets" / "modules" / "tidal.yaml").write_text(_module(extra), "utf-8")
    return tmp_path / "cards.yaml"


GOOD = ("title: \"Tidal Pools\"\ndescription: \"Sea traits that wash between piles.\"\n"
        "rules:\n  - heading: \"The tide\"\n    text: \"Each tide moves the sea traits one "
        "pile to the left, and nothing else about the game changes with it.\"\n")


def test_a_new_module_is_explained_from_its_data_alone(tmp_path):
    before = set_default_database(load_database(_with_new_module(tmp_path, GOOD)))
    try:
        assert module_title("tidal") == "Tidal Pools" and not module_problems()
        app, sc = new_game()
        point(app, row_of(sc, "tidal").center)
        assert "Tidal Pools: Sea traits that wash between piles." in " ".join(sc.about_lines)
        click(app, find(sc, ("button", ("module_rules", "tidal"))).center)
        page = app.scene
        app.frame()
        assert page.scroll == page.headings["The tide (Tidal Pools)"]
        assert "The tide (Tidal Pools)" in texts_of_a_frame(app, page)
    finally:
        set_default_database(before)


def test_a_new_module_with_a_bad_description_is_off_and_says_why(tmp_path):
    bad = GOOD.replace("Sea traits", "Sea\\ntraits")
    before = set_default_database(load_database(_with_new_module(tmp_path, bad)))
    try:
        why = module_problems()["tidal"]
        assert "description" in why and "one line of text" in why
        assert module_about("tidal") is None
        app, sc = new_game()
        texts = " ".join(texts_of_a_frame(app, sc))
        assert "cannot be loaded" in texts and "description" in texts
        q = find(sc, ("button", ("module_rules", "tidal")))
        assert q is None            # nothing to open: its ? is off (not a target)
    finally:
        set_default_database(before)


def test_the_keyboard_shows_a_modules_line_as_the_pointer_does():
    """Tabbing onto a module's box (or its "?") shows its line, as pointing at it does, so a
    keyboard player reads what each module adds before choosing it."""
    from uidriver import tab_to

    app, sc = new_game((1280, 720))
    for m in ("dinolings", "techlings"):
        tab_to(app, ("module", m))
        about = module_about(m)
        assert sc.about == m
        assert " ".join(sc.about_lines).startswith(f"{about.title}: {about.description[:30]}")
    tab_to(app, ("module_rules", "techlings"))
    key(app, pygame.K_RETURN)
    assert type(app.scene).__name__ == "RulesScene"


@pytest.mark.parametrize("size", [(1280, 720), (960, 600)])
def test_new_game_says_what_each_rule_variant_changes(size):
    """The tryout pointed at "+3 for the highest gene pool" and "No turns in a
    catastrophe's round" and was told only how to read the modules: the variant pointed at
    (or reached by Tab) is explained on the same line, whole."""
    from doomlings_desktop.ui.scenes.new_game import VARIANT_ABOUT, VARIANT_LABELS

    app, sc = new_game(size)
    for k in VARIANT_LABELS:
        box = find(sc, ("button", ("variant", k)))
        point(app, box.center)
        app.frame()
        said = " ".join(sc.about_lines)
        assert said == VARIANT_ABOUT[k], (k, sc.about_lines)
        assert not sc.about_lines[-1].endswith("…")
    # by keys: the focus on a variant tells it too
    point(app, row_of(sc, "techlings").center)
    assert "Techlings" in " ".join(sc.about_lines)
    for _ in range(40):
        key(app, pygame.K_TAB)
        if isinstance(sc.focus.at, tuple) and sc.focus.at[0] == "variant":
            break
    app.frame()
    assert " ".join(sc.about_lines) == VARIANT_ABOUT[sc.focus.at[1]]
