"""New game's names are typed like a form: Tab moves to the next name, Shift+Tab back."""

from __future__ import annotations

import pygame
import pytest
from uidriver import click, find

from doomlings_desktop.storage.settings import Settings
from doomlings_desktop.ui.app import App
from doomlings_desktop.ui.scenes.pages import offered_modules


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))


def _type(app: App, key: int, text: str = "", mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=text, mod=mod,
                                         scancode=0))
    app.frame()


def _new_game() -> App:
    """An app showing the New game screen, reached by a click on the menu."""
    s = Settings()
    s.animation = "off"
    app = App(size=(1280, 720), settings=s)
    app.frame()
    click(app, find(app.scene, ("button", "new")).center)
    return app


def test_tab_moves_between_the_names():
    app = _new_game()
    sc = app.scene
    click(app, find(sc, ("name", 0)).center)
    assert sc.editing == 0
    for ch in "Ada":
        _type(app, pygame.key.key_code(ch.lower()), ch)
    _type(app, pygame.K_TAB)
    assert sc.editing == 1
    _type(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert sc.editing == 0 and sc.names[0].endswith("Ada")
    for _ in range(sc.count):
        _type(app, pygame.K_TAB)
    assert sc.editing == 0                      # round from the last name to the first
    _type(app, pygame.K_RETURN)
    assert sc.editing is None


def test_a_first_new_game_is_you_against_bots():
    """Someone trying the game alone should not have to discover that a seat's button turns
    a human into a bot: the first table is one human and Medium bots."""
    from doomlings_desktop.storage.settings import Settings

    s = Settings()
    assert s.seats[0] == "human" and set(s.seats[1:]) == {"medium"}


def test_a_new_game_with_multi_color_on_plays_its_cards():
    """The module switch on New game reaches the table: the game is dealt from the base cards
    plus Multi-Color's, and the choice is remembered for the next New game."""
    app = _new_game()
    sc = app.scene
    assert sc.modules == dict.fromkeys(offered_modules(), False)
    assert {"multi-color", "kickstarter", "meaning-of-life", "dinolings"} <= set(sc.modules)
    click(app, find(sc, ("button", ("module", "multi-color"))).center)
    assert sc.modules["multi-color"]
    click(app, find(sc, ("button", "start")).center)
    db = app.scene.match.game.db
    assert db.modules == ("multi-color",) and "free-will" in db.defs
    assert app.settings.modules == ["multi-color"]
    app.frame()                                 # the table header draws with the module


def test_every_module_fits_beside_six_seats_and_all_turns_them_on():
    """At 1280x720 with six seats, every module's switch is on screen at full size and no
    button overlaps another; "All" turns every module on (and then reads "None")."""
    app = _new_game()
    sc = app.scene
    while sc.count < 6:
        click(app, find(sc, ("button", "more")).center)
    assert sc.unit() == 1.0
    screen = app.screen.get_rect()
    rects = [b.rect for b in sc.buttons]
    assert all(screen.contains(r) for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    click(app, find(sc, ("button", "modules_all")).center)
    assert all(sc.modules.values()) and len(sc.modules) >= 5
    click(app, find(sc, ("button", "modules_all")).center)
    assert not any(sc.modules.values())


def test_settings_turn_a_module_on_for_the_next_new_game(tmp_path, monkeypatch):
    """Settings offer each module as New game does; the next New game starts with it on."""
    import pygame
    from uidriver import click, find

    from doomlings_desktop.storage.settings import Settings
    from doomlings_desktop.ui import router
    from doomlings_desktop.ui.app import App

    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))
    pygame.font.init()
    s = Settings()
    app = App(size=(1280, 720), settings=s)
    app.go(router.make(app, "settings", back=router.make(app, "menu")))
    app.frame()
    click(app, find(app.scene, ("button", ("module", "multi-color"))).center)
    assert s.modules == ["multi-color"]
    app.go(router.make(app, "new_game"))
    app.frame()
    assert app.scene.modules == {m: m == "multi-color" for m in offered_modules()}


def test_a_typed_name_may_be_as_long_as_a_saved_one():
    """New game's fields stopped at 16 characters while saves and settings keep 20
    (names.NAME_MAX): a name typed in full is the name the game keeps."""
    from doomlings_desktop.names import NAME_MAX

    app = _new_game()
    sc = app.scene
    click(app, find(sc, ("name", 0)).center)
    for _ in range(30):
        _type(app, pygame.K_BACKSPACE)
    for ch in "abcdefghijklmnopqrstuvwxyz":
        _type(app, pygame.key.key_code(ch), ch)
    assert sc.names[0] == "abcdefghijklmnopqrstuvwxyz"[:NAME_MAX]


def test_a_pass_and_play_table_chooses_each_players_standing_answer():
    """With two humans, a human seat's out-of-turn button is the standing answer (offers
    that come while another player has the screen are never put to them): clicked to
    "never", that player starts with it, and may still switch it on their turn."""
    app = _new_game()
    sc = app.scene
    for _ in range(8):
        if sc.kinds[1] == "human":
            break
        click(app, find(sc, ("button", ("kind", 1))).center)
    assert sc.kinds[1] == "human"
    label = {b.key: b.label for b in sc.buttons}
    assert label[("ask", 0)] == label[("ask", 1)] == "Out of turn: when it pays"
    click(app, find(sc, ("button", ("ask", 1))).center)
    assert {b.key: b.label for b in sc.buttons}[("ask", 1)] == "Out of turn: never"
    click(app, find(sc, ("button", "start")).center)
    m = app.scene.match
    assert [(s.ask_out_of_turn, s.standing) for s in m.seats[:2]] == [(True, "pays"),
                                                                      (True, "never")]


@pytest.mark.parametrize("size", [(1280, 720), (960, 600)])
def test_the_hints_never_run_under_the_buttons(size, tmp_path):
    """With every module on, one pointed at (its line of three shown) and an unfinished game
    (one more hint), the help text beside the modules stops above Start game and Play online:
    a hint that no longer fits is left out whole (a cut sentence sat under the buttons)."""
    from uidriver import post

    from doomlings_desktop.rules.cards import default_database
    from doomlings_desktop.rules.engine import Game
    from doomlings_desktop.storage import saves

    g = Game.new(default_database(), 2, seed=3)
    saves.save(g, [{"name": "A", "kind": "human"}, {"name": "B", "kind": "bot",
                                                   "level": "easy"}])
    s = Settings()
    s.modules = list(offered_modules())
    app = App(size=size, settings=s)
    app.frame()
    click(app, find(app.scene, ("button", "new")).center)
    sc = app.scene
    post(pygame.MOUSEMOTION, pos=sc.module_rows["mythlings"].center, rel=(0, 0),
         buttons=(0, 0, 0))
    app.frame()
    assert sc.about == "mythlings" and sc.hint_rects
    top = min(b.rect.top for b in sc.buttons if b.key in ("start", "online"))
    assert all(r.bottom <= top for r in sc.hint_rects), (sc.hint_rects, top)
