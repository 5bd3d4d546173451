"""The Load screen through real pygame events: what each save's row shows, renaming (typing,
Backspace, Enter, Esc; refused names say why) and deleting (a confirmation; the file goes to
the 'deleted' folder, and Undo brings it back), by mouse and by keyboard."""

from __future__ import annotations

import random

import pygame
import pytest
from uidriver import click, find, key

from doomlings_desktop.rules.cards import default_database
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.storage import saves
from tests.test_ui import make_app, texts_of_a_frame

SEATS = [{"name": "Ann", "kind": "human", "level": "random", "ask": True},
         {"name": "Bob", "kind": "bot", "level": "hard", "ask": True},
         {"name": "Cy", "kind": "bot", "level": "easy", "ask": True}]


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))
    saves._cache.clear()


def game(catastrophes: int, seed: int = 3) -> Game:
    g = Game.new(default_database(), 3, seed=seed, names=[s["name"] for s in SEATS])
    r = random.Random(seed)
    while g.pending is not None and len(g.catastrophes) < catastrophes:
        g.apply(r.choice(g.pending.options))
    return g


def load_screen(*names: str):
    """The app on the Load screen (from the main menu) with a save of each name (one with
    two catastrophes first), and their paths."""
    paths = [saves.save(game(2 if i == 0 else 1, seed=3 + i), SEATS, n)
             for i, n in enumerate(names)]
    app = make_app()
    app.frame()
    click(app, find(app.scene, ("button", "load")).center)
    assert type(app.scene).__name__ == "LoadScene"
    return app, paths


def type_text(app, text: str) -> None:
    for ch in text:
        key(app, pygame.K_a, ch)


def files() -> list[str]:
    return sorted(p.name for p in saves.saves_dir().glob("*.json"))


def test_each_row_shows_players_seat_kinds_round_catastrophes_and_date():
    app, (path,) = load_screen("Friday")
    info = saves.save_info(path)
    drawn = texts_of_a_frame(app, app.scene)
    assert "Friday" in drawn and info.saved_at[:16] in drawn
    assert f"Round {info.round} · Catastrophes 2/3" in drawn
    assert "1 human, 2 bots: Ann, Bob (hard bot), Cy (easy bot)" in drawn


def test_rename_by_typing_then_enter():
    app, (path,) = load_screen("Friday")
    data = path.read_bytes()
    click(app, find(app.scene, ("button", ("rename", path))).center)
    assert app.scene.dialog is not None and find(app.scene, ("field",)) is not None
    assert find(app.scene, ("button", ("rename", path))) is None    # nothing under the box
    type_text(app, "Zoë's gamf")            # the first key replaces the selected old name
    key(app, pygame.K_BACKSPACE)
    type_text(app, "e")
    key(app, pygame.K_RETURN)
    assert app.scene.dialog is None and files() == ["Zoë's game.json"]
    assert (saves.saves_dir() / "Zoë's game.json").read_bytes() == data
    assert "Zoë's game" in texts_of_a_frame(app, app.scene)


@pytest.mark.parametrize("typed, words", [
    ("", "A save needs a name."),
    ("../x", "'/' cannot be in a save's name"),
    ("x" * 70, "A name has at most 60 characters; this one has 70."),
    ("OTHER", "There is already a save called 'other'."),
    ("autosave", "the name the game keeps for the game in progress"),
    ("con", "device's name on Windows"),
])
def test_a_refused_name_says_why_and_changes_nothing(typed, words):
    app, (path, other) = load_screen("Friday", "other")
    before = {p: p.read_bytes() for p in (path, other)}
    click(app, find(app.scene, ("button", ("rename", path))).center)
    key(app, pygame.K_BACKSPACE)            # clears the selected old name
    type_text(app, typed)
    key(app, pygame.K_RETURN)
    sc = app.scene
    assert sc.dialog is not None and sc.dialog.field.text == typed      # still open, as typed
    drawn = " ".join(texts_of_a_frame(app, sc))
    assert words in drawn, drawn
    assert {p: p.read_bytes() for p in (path, other)} == before
    assert files() == ["Friday.json", "other.json"]
    key(app, pygame.K_ESCAPE)                # cancels the rename, not the screen
    assert sc.dialog is None and app.scene is sc and files() == ["Friday.json", "other.json"]


def test_delete_asks_first_then_moves_the_save_aside_and_undo_brings_it_back():
    app, (path,) = load_screen("Friday")
    data = path.read_bytes()
    click(app, find(app.scene, ("button", ("delete", path))).center)
    drawn = texts_of_a_frame(app, app.scene)
    assert "Delete 'Friday'?" in drawn and path.exists()
    click(app, find(app.scene, ("button", "delete")).center)
    trashed = saves.trash_dir() / "Friday.json"
    assert not path.exists() and trashed.read_bytes() == data
    assert app.scene.dialog is None and find(app.scene, ("button", ("open", path))) is None
    click(app, find(app.scene, ("button", "undo")).center)
    assert path.read_bytes() == data and not trashed.exists()
    assert find(app.scene, ("button", ("open", path))) is not None


@pytest.mark.parametrize("how", ["button", "escape", "n"])
def test_a_cancelled_delete_keeps_the_save(how):
    app, (path,) = load_screen("Friday")
    click(app, find(app.scene, ("button", ("delete", path))).center)
    if how == "button":
        click(app, find(app.scene, ("button", "cancel")).center)
    elif how == "escape":
        key(app, pygame.K_ESCAPE)
    else:
        key(app, pygame.K_n, "n")
    assert app.scene.dialog is None and type(app.scene).__name__ == "LoadScene"
    assert path.exists() and not saves.trash_dir().exists()


def test_the_keyboard_alone_renames_deletes_and_undoes():
    app, (a, b) = load_screen("first", "second")
    sc = app.scene
    key(app, pygame.K_DOWN)
    chosen = sc.items[sc.sel].path
    key(app, pygame.K_F2)
    type_text(app, "renamed")
    key(app, pygame.K_RETURN)
    assert not chosen.exists() and (saves.saves_dir() / "renamed.json").exists()
    assert sc.items[sc.sel].name == "renamed"
    key(app, pygame.K_DELETE)
    assert sc.dialog is not None
    key(app, pygame.K_RETURN)
    assert (saves.trash_dir() / "renamed.json").exists() and len(files()) == 1
    post_ctrl_z(app)
    assert (saves.saves_dir() / "renamed.json").exists() and len(files()) == 2


def post_ctrl_z(app) -> None:
    from uidriver import post
    post(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="\x1a", scancode=0)
    app.frame()


def test_deleting_the_game_in_progress_ends_continue():
    saves.save(game(1), SEATS)
    app = make_app()
    app.frame()
    assert find(app.scene, ("button", "continue")) is not None
    click(app, find(app.scene, ("button", "load")).center)
    sc = app.scene
    auto = saves.autosave_path()
    assert "Game in progress (Continue)" in texts_of_a_frame(app, sc)
    click(app, find(sc, ("button", ("delete", auto))).center)
    assert "Continue will no longer offer this game." in texts_of_a_frame(app, sc)
    click(app, find(sc, ("button", "delete")).center)
    assert not auto.exists() and not saves.has_autosave()
    key(app, pygame.K_ESCAPE)
    assert type(app.scene).__name__ == "MenuScene"
    assert find(app.scene, ("button", "continue")) is None          # off: nothing to continue


def test_renaming_the_game_in_progress_keeps_it_as_a_save_of_its_own():
    g = game(1)
    saves.save(g, SEATS)
    app = make_app()
    app.frame()
    click(app, find(app.scene, ("button", "load")).center)
    click(app, find(app.scene, ("button", ("rename", saves.autosave_path()))).center)
    assert app.scene.dialog.field.text.startswith("Game 20")          # a name to start from
    key(app, pygame.K_RETURN)
    assert not saves.has_autosave()
    [info] = saves.list_saves()
    assert info.name.startswith("Game 20") and saves.load(info.path, g.db).game.answers == g.answers


def test_a_row_names_the_expansion_modules_its_save_is_played_with():
    """The Load screen did not say which modules a save uses: '+ Dinolings, Techlings' for
    two, '+ 6 modules' when the names would crowd the row, nothing for the base game."""
    from doomlings_desktop.rules.cards import available_modules, database_for
    for i, (mods, name) in enumerate(((("dinolings", "techlings"), "Two"),
                                      (available_modules(), "All"), ((), "Base"))):
        g = Game.new(database_for(mods), 3, seed=5 + i, names=[s["name"] for s in SEATS])
        r = random.Random(i)
        for _ in range(6):
            g.apply(r.choice(g.pending.options))
        saves.save(g, SEATS, name)
    app = make_app()
    app.frame()
    click(app, find(app.scene, ("button", "load")).center)
    texts = texts_of_a_frame(app, app.scene)
    assert "+ Dinolings, Techlings" in texts
    assert f"+ {len(available_modules())} modules" in texts
    assert sum(1 for s in texts if s.startswith("+ ")) == 2     # the base game's says none
