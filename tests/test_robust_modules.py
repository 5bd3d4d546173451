"""A broken expansion module file, through the window (docs/promises.md, "Nothing lost").

`doomlings cards --check` refuses every module file below; the window used to check only the
base file, so New game with the module showed the error screen and a sound save made with it
was renamed `.corrupt`. Here each broken file goes through the real window with posted events:
the app starts (settings naming the module), New game shows the module off with its reason and
starts without it, Continue and Load keep the saves made with it in place and say why, the
replay is refused with the reason, good saves load, and Statistics, Settings and Learn to play
open. Nothing may raise (DOOMLINGS_RAISE is on: any error would be the error screen), and no
file is renamed `.corrupt` or changed.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
import yaml
from uidriver import click, find, key

from doomlings_desktop.rules import cards as cards_pkg
from doomlings_desktop.rules.cards import (
    database_for,
    default_database,
    load_database,
    module_title,
    set_default_database,
)
from doomlings_desktop.rules.cards import loading as cards_loading
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.storage import saves
from doomlings_desktop.storage.settings import Settings
from doomlings_desktop.ui.app import App
from tests.test_ui import texts_of_a_frame
from tests.uidriver import finishes

ROOT = Path(__file__).resolve().parent.parent
COMPANION = "multi-color"           # first in the manifest: a clash with it is the other's fault
TARGETS = ("dinolings", "techlings", "kickstarter")
SEATS = [{"name": "Ann", "kind": "human", "level": "random", "ask": True},
         {"name": "Bea", "kind": "human", "level": "random", "ask": True}]

Mutation = Callable[[Path, str, Path, pytest.MonkeyPatch], None]


# ---------------------------------------------------------------- the broken files

def _text(f: Path) -> str:
    return f.read_text(encoding="utf-8")


def _write(f: Path, text: str) -> None:
    f.write_text(text, encoding="utf-8")


def _edit(change: Callable[[dict, str], None]) -> Mutation:
    """A mutation of the module's data (read, changed, written back as YAML)."""
    def mutate(f: Path, target: str, folder: Path, mp: pytest.MonkeyPatch) -> None:
        d = yaml.safe_load(_text(f))
        change(d, target)
        _write(f, yaml.safe_dump(d, sort_keys=False))
    return mutate


def _replace_file(make: Callable[[Path], None]) -> Mutation:
    def mutate(f: Path, target: str, folder: Path, mp: pytest.MonkeyPatch) -> None:
        f.unlink()
        make(f)
    return mutate


def _text_change(change: Callable[[str], str]) -> Mutation:
    def mutate(f: Path, target: str, folder: Path, mp: pytest.MonkeyPatch) -> None:
        _write(f, change(_text(f)))
    return mutate


def _no_permission(f: Path, target: str, folder: Path, mp: pytest.MonkeyPatch) -> None:
    """The file cannot be opened (as for a user without read permission: the tests run as
    root here, which chmod does not stop)."""
    real = os.open

    def refusing(path, *a, **k):
        if Path(path) == f:
            raise PermissionError(13, "Permission denied", str(path))
        return real(path, *a, **k)
    mp.setattr(cards_loading.os, "open", refusing)


def _manifest(change: Callable[[str, str], str]) -> Mutation:
    """A change of the base file's `modules:` manifest line of the target."""
    def mutate(f: Path, target: str, folder: Path, mp: pytest.MonkeyPatch) -> None:
        base = folder / "cards.yaml"
        line = f"  {target}: assets/modules/{target}.yaml\n"
        text = _text(base)
        assert line in text
        _write(base, text.replace(line, change(line, target)))
    return mutate


def _bomb(text: str) -> str:
    levels = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"] + [
        f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, 9)]
    return "\n".join(levels) + "\n" + text


def _cut_in_a_quote(text: str) -> str:
    at = text.index('text: "', len(text) // 2)
    return text[:at + 7]


def _card(ident: str) -> dict:
    return {"id": ident, "name": "Intruder", "color": "green", "value": 1}


def _set(d: dict, k: str, v: object) -> None:
    d[k] = v


def _first(d: dict) -> dict:
    return next(d[k][0] for k in ("traits", "ages", "catastrophes") if d.get(k))


def _cards_of(d: dict) -> list:
    return next(d[k] for k in ("traits", "ages", "catastrophes") if d.get(k))


MUTATIONS: dict[str, Mutation] = {
    # the file itself
    "missing": lambda f, t, folder, mp: f.unlink(),
    "a folder": _replace_file(lambda f: f.mkdir()),
    "a FIFO": _replace_file(lambda f: os.mkfifo(f)),
    "/dev/zero": _replace_file(lambda f: f.symlink_to("/dev/zero")),
    "a dangling link": _replace_file(lambda f: f.symlink_to(f.with_name("nowhere.yaml"))),
    "a link to itself": _replace_file(lambda f: f.symlink_to(f)),
    "no permission": _no_permission,
    "larger than 4 MB": _text_change(lambda s: s + "#" * (4 * 1024 * 1024 + 1)),
    "empty": _text_change(lambda s: ""),
    "only a comment": _text_change(lambda s: "# nothing here\n"),
    "not UTF-8": lambda f, t, folder, mp: f.write_bytes(
        f.read_bytes().replace(b"format: 1", "format: 1 # caf\xe9".encode("latin-1"), 1)),
    "a NUL byte": _text_change(lambda s: s.replace("format: 1", "format: 1\x00", 1)),
    # its YAML
    "invalid YAML": _text_change(lambda s: s.replace("\ntraits:", "\ntraits: [", 1)
                                 .replace("\nages:", "\nages: [", 1)),
    "a tab indent": _text_change(lambda s: s.replace("\n  - id:", "\n\t- id:", 1)),
    "cut inside a quote": _text_change(_cut_in_a_quote),
    "an alias bomb": _text_change(_bomb),
    "nesting 100,000 deep": _text_change(lambda s: s + "deep: " + "[" * 100_000 + "]" * 100_000),
    "an unknown tag": _text_change(lambda s: s.replace("format: 1", "format: !evil 1", 1)),
    "a list, not a mapping": _text_change(lambda s: "- format: 1\n- module: x\n"),
    # its fields
    "wrong module: name": _edit(lambda d, t: _set(d, "module", COMPANION)),
    "no module: name": _edit(lambda d, t: d.pop("module")),
    "module: a list": _edit(lambda d, t: _set(d, "module", [t])),
    "format 2": _edit(lambda d, t: _set(d, "format", 2)),
    "no cards": _edit(lambda d, t: [d.pop(k, None) for k in ("traits", "ages", "catastrophes",
                                                             "meanings")]),
    "cards: a number": _edit(lambda d, t: [_set(d, k, 3) for k in ("traits", "ages",
                                                                    "catastrophes") if k in d]),
    "an unknown key": _edit(lambda d, t: _set(d, "extra", 1)),
    "a card's unknown key": _edit(lambda d, t: _set(_first(d), "flavour", "x")),
    "a name too long": _edit(lambda d, t: _set(_first(d), "name", "N" * 500)),
    "an unknown verb": _edit(lambda d, t: _set(_first(d), "action", [{"explode": 1}])),
    "a duplicate id": _edit(lambda d, t: _cards_of(d).append(dict(_first(d)))),
    "a base card's id": _edit(lambda d, t: _cards_of(d).append(_card("bark"))),
    "another module's id": _edit(lambda d, t: _cards_of(d).append(_card("wild"))),
    # the base file's manifest
    "manifest names a missing file": _manifest(lambda line, t: line.replace(".yaml", "-x.yaml")),
    "manifest names another module's file": _manifest(
        lambda line, t: line.replace(f"/{t}.yaml", f"/{COMPANION}.yaml")),
    "manifest lost the entry": _manifest(lambda line, t: ""),
}


# ---------------------------------------------------------------- saves made while it was good

def _played(db, seed: int, answers: int = 60) -> Game:
    g = Game.new(db, 2, seed=seed, names=[s["name"] for s in SEATS])
    r = random.Random(seed)
    while g.pending is not None and len(g.answers) < answers:
        g.apply(r.choice(g.pending.options))
    return g


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> dict[str, dict[str, bytes]]:
    """For each target: the bytes of its saves (the game with the module as a named save and
    as the autosave, a base game, a game with the companion module only)."""
    out = {}
    before = os.environ.get("DOOMLINGS_HOME")
    try:
        for i, target in enumerate(TARGETS):
            home = tmp_path_factory.mktemp(f"saves-{target}")
            os.environ["DOOMLINGS_HOME"] = str(home)
            saves._cache.clear()
            saves.save(_played(database_for([COMPANION, target]), 11 + i), SEATS, "With module")
            saves.save(_played(database_for([COMPANION, target]), 11 + i), SEATS)    # autosave
            saves.save(_played(default_database(), 21 + i), SEATS, "Base game")
            saves.save(_played(database_for([COMPANION]), 31 + i), SEATS, "Companion only")
            out[target] = {p.name: p.read_bytes() for p in saves.saves_dir().glob("*.json")}
    finally:
        if before is None:
            os.environ.pop("DOOMLINGS_HOME", None)
        else:
            os.environ["DOOMLINGS_HOME"] = before
        saves._cache.clear()
    assert all(len(v) == 4 for v in out.values())
    return out


def _cards_copy(folder: Path) -> Path:
    shutil.copy(ROOT / "cards.yaml", folder / "cards.yaml")
    shutil.copytree(ROOT / "assets" / "modules", folder / "assets" / "modules")
    return folder / "cards.yaml"


@pytest.fixture
def restore_cards():
    before = cards_pkg.set_default_database(None)
    yield
    cards_pkg.set_default_database(before)


# ---------------------------------------------------------------- through the window

def _setup(tmp: Path, target: str, made: dict, mutate: Mutation, mp: pytest.MonkeyPatch
           ) -> tuple[Path, dict[str, bytes]]:
    """A player's folders with the target's saves, settings that turn the target on, and a
    copy of the card files with the mutation; the copy is the playing database (`--cards`)."""
    home, folder = tmp / "home", tmp / "cards"
    folder.mkdir(parents=True)
    mp.setenv("DOOMLINGS_HOME", str(home))
    saves._cache.clear()
    saves.saves_dir().mkdir(parents=True)
    for name, data in made[target].items():
        (saves.saves_dir() / name).write_bytes(data)
    s = Settings()
    s.animation, s.bot_pace, s.seat_count, s.seats = "off", 0.0, 2, ["human"] * 6
    s.modules = [COMPANION, target]
    s.save()
    path = _cards_copy(folder)
    mutate(folder / "assets" / "modules" / f"{target}.yaml", target, folder, mp)
    set_default_database(load_database(path))       # what `doomlings --cards PATH` does
    return path, made[target]


def _to_menu(app: App) -> None:
    from doomlings_desktop.ui import router
    router.go(app, "menu")
    app.frame()


def _press(app: App, action) -> None:
    r = find(app.scene, ("button", action))
    assert r is not None, (action, type(app.scene).__name__)
    click(app, r.center)


def _scene(app: App) -> str:
    return type(app.scene).__name__


def _new_game(app: App, target: str, offered: bool, texts: list[str]) -> None:
    """New game shows the target off with its reason, cannot turn it on, and starts without
    it (the companion stays on)."""
    _press(app, "new")
    sc = app.scene
    assert _scene(app) == "NewGameScene"
    assert sc.modules.get(COMPANION) is True
    if offered:
        assert sc.modules[target] is False
        button = next(b for b in sc.buttons if b.key == ("module", target))
        assert not button.enabled and "cannot be loaded" in button.label
        click(app, button.rect.center)
        _press(app, "modules_all")          # every module that loads, and not this one
        assert sc.modules == {m: m != target for m in sc.modules}
        _press(app, "modules_all")
        assert not any(sc.modules.values())
        _press(app, ("module", COMPANION))
        assert find(sc, ("button", ("module", target))) is None    # drawn, not clickable
        drawn = texts_of_a_frame(app, sc)
        assert any(t.startswith(f"{module_title(target)} is off: its cards cannot") for t in
                   drawn), drawn
    else:
        assert target not in sc.modules
    texts.extend(texts_of_a_frame(app, sc))
    _press(app, "start")
    assert _scene(app) == "TableScene"
    assert app.scene.match.game.db.modules == (COMPANION,)
    app.frame()


def _load(app: App, target: str) -> None:
    """Load game lists the save with the module as kept, with why; opening and replaying it
    say why; the good saves open."""
    _press(app, "load")
    sc = app.scene
    assert _scene(app) == "LoadScene"
    drawn = texts_of_a_frame(app, sc)
    by_name = {i.name: i for i in sc.items}
    kept = by_name["With module"]
    assert kept.kept and kept.problem, kept
    assert module_title(target) in kept.problem or f"'{target}' module" in kept.problem, kept
    assert any(t.startswith("Kept, cannot continue: ") for t in drawn), drawn
    auto = by_name[saves.AUTOSAVE]
    assert auto.kept and auto.problem == kept.problem
    for act in ("open", "replay"):
        sc.notice = None
        sc._choose(sc.items.index(kept))
        if act == "open":
            key(app, pygame.K_RETURN)
        else:
            key(app, pygame.K_p, "p")
        assert _scene(app) == "LoadScene" and sc.notice and kept.problem in sc.notice, sc.notice
    for good in ("Base game", "Companion only"):
        _press(app, ("open", by_name[good].path))
        assert _scene(app) == "TableScene", (good, getattr(sc, "notice", None))
        app.frame()
        _to_menu(app)
        _press(app, "load")
        sc = app.scene
        by_name = {i.name: i for i in sc.items}


def _through_the_window(target: str, offered: bool, pages: bool) -> list[str]:
    """Every screen a player may reach with the module broken (Statistics, Rules and Learn to
    play too if `pages`: they do not read modules); returns what New game drew."""
    from doomlings_desktop.ui import router

    texts: list[str] = []
    app = App(size=(1280, 720))
    app.frame()
    assert _scene(app) == "MenuScene"
    if offered:         # the start-up check says so on the menu
        assert app.warning and module_title(target) in app.warning \
            and "switched off" in app.warning, app.warning
    assert find(app.scene, ("button", "continue")) is None      # nothing to continue here
    assert saves.autosave_problem() and "kept" in saves.autosave_problem()
    assert not router.open_save(app, saves.autosave_path(), app.scene)   # `play --continue`
    assert "cannot be continued" in app.scene.notice
    _load(app, target)
    _to_menu(app)
    for page in ("settings", "stats", "rules")[:3 if pages else 1]:
        _press(app, page)
        app.frame()
        if page == "settings" and offered:
            b = next(b for b in app.scene.buttons if b.key == ("module", target))
            assert not b.enabled and b.label == "cannot load"
        _to_menu(app)
    if pages:
        _press(app, "learn")
        assert _scene(app) == "TableScene"
        _to_menu(app)
    _new_game(app, target, offered, texts)
    return texts


def _nothing_lost(before: dict[str, bytes]) -> None:
    """Every save is there byte for byte (the autosave perhaps renamed by the new game as an
    'Unfinished game'); nothing was set aside."""
    d = saves.saves_dir()
    assert not list(d.glob("*.corrupt")), list(d.glob("*.corrupt"))
    now = {p.name: p.read_bytes() for p in d.glob("*.json")}
    for name, data in before.items():
        assert name in now and now[name] == data or (
            name == "autosave.json" and data in now.values()), name


def _cli(args: list[str], capsys) -> tuple[int, str]:
    from doomlings_desktop.commands.cli import main

    try:
        code = main(args)
    except SystemExit as e:
        code = e.code
    return code, capsys.readouterr().err


@pytest.mark.parametrize("k, label", list(enumerate(MUTATIONS)), ids=list(MUTATIONS))
def test_a_broken_module_file_is_switched_off_and_its_saves_kept(
        k, label, made, tmp_path, monkeypatch, capsys, restore_cards, record_property):
    if label == "a FIFO" and not hasattr(os, "mkfifo") or \
            label == "/dev/zero" and not Path("/dev/zero").exists():
        pytest.skip("not on this system")
    target = TARGETS[k % len(TARGETS)]
    path, before = _setup(tmp_path, target, made, MUTATIONS[label], monkeypatch)
    offered = target in default_database().manifest
    # the command line refuses the file, in one line (a module the manifest no longer lists is
    # not checked by `cards --check`, and is an unknown name to --modules)
    checks = [["simulate", "--games", "1", "--modules", f"{COMPANION},{target}"]]
    for args in checks + [["cards", "--check"]] * offered:
        code, err = _cli(["--cards", str(path), *args], capsys)
        assert code == 2 and err.count("\n") == 1 and err.startswith("error: "), (args, err)
    _through_the_window(target, offered, pages=k % 4 == 0)
    _nothing_lost(before)


def test_the_suite_counts_its_cases(record_property):
    record_property("robustness", f"test_robust_modules: {len(MUTATIONS)} broken module files "
                    "through the window (New game, Continue, Load, replay, Statistics, Settings, "
                    "Learn to play) and the command line")
    assert len(MUTATIONS) >= 30


# ---------------------------------------------------------------- the ways around the loop

@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_play_continue_with_a_module_file_that_is_a_fifo(made, tmp_path, monkeypatch,
                                                         restore_cards):
    """`doomlings --cards FILE play --continue`, in a real process, whose game was played with
    a module that is now a FIFO: the window opens on the menu at once (nothing waits on the
    pipe), exits 0, and the autosave stays where it is, byte for byte, with the reason logged."""
    path, before = _setup(tmp_path, "dinolings", made, MUTATIONS["a FIFO"], monkeypatch)
    env = dict(os.environ, DOOMLINGS_HOME=str(tmp_path / "home"), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", DOOMLINGS_EXIT_AFTER_FIRST_FRAME="1")
    env.pop("DOOMLINGS_RAISE", None)        # as a player runs it: an error would be a screen
    r = subprocess.run([sys.executable, "-m", "doomlings_desktop", "--cards", str(path), "play",
                        "--continue"], env=env, cwd=ROOT, capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 0, r.stderr
    _nothing_lost(before)
    logged = (tmp_path / "home" / "log" / "doomlings.log").read_text()
    assert "module dinolings switched off" in logged and "(kept)" in logged, logged
    assert "unexpected error" not in logged, logged


def test_a_module_file_broken_while_new_game_is_open(made, tmp_path, monkeypatch, restore_cards):
    """The file was good when New game opened and is broken by Start: Start switches the
    module off and says why (no error screen); Start again plays without it."""
    _setup(tmp_path, "dinolings", made, lambda *a: None, monkeypatch)
    app = App(size=(1280, 720))
    app.frame()
    assert not app.warning
    _press(app, "new")
    sc = app.scene
    assert sc.modules["dinolings"] and sc.modules[COMPANION]
    # alone: the saves' set of modules was loaded while listing them, and is not read again
    _press(app, ("module", COMPANION))
    f = tmp_path / "cards" / "assets" / "modules" / "dinolings.yaml"
    _write(f, _text(f).replace("module: dinolings", "module: dino", 1))
    _press(app, "start")
    assert _scene(app) == "NewGameScene" and not sc.modules["dinolings"]
    assert sc.notice.startswith("The Dinolings module was switched off: its cards cannot be "
                                "loaded (assets/modules/dinolings.yaml:"), sc.notice
    assert any(t.startswith("The Dinolings module was switched off") for t in
               texts_of_a_frame(app, sc))
    assert find(sc, ("button", ("module", "dinolings"))) is None
    _press(app, "start")
    assert _scene(app) == "TableScene"
    assert app.scene.match.game.db.modules == ()
    assert app.settings.modules == ["dinolings"]        # kept for when it is repaired


def test_module_problems_name_the_module_at_fault_and_follow_the_files(tmp_path, restore_cards):
    """Each module is checked against the base and the good modules before it (a clash with
    Multi-Color is the later module's fault, and the rest still play together); every reason
    is one short line naming the file; a repaired file is read again and its module is back."""
    from doomlings_desktop.rules.cards import module_problems

    path = _cards_copy(tmp_path)
    mods = tmp_path / "assets" / "modules"
    good = _text(mods / "techlings.yaml")
    MUTATIONS["another module's id"](mods / "techlings.yaml", "techlings", tmp_path, None)
    (mods / "dinolings.yaml").unlink()
    db = load_database(path)
    found = finishes(lambda: module_problems(db), "checking the module files")
    assert set(found) == {"techlings", "dinolings"}, found
    assert found["techlings"].startswith("assets/modules/techlings.yaml:") and \
        "'wild' is already a card" in found["techlings"], found
    assert found["dinolings"] == ("assets/modules/dinolings.yaml: cannot read the file: No such "
                                  "file or directory"), found
    assert all("\n" not in why and len(why) < 300 for why in found.values())
    rest = [m for m in db.manifest if m not in found]
    assert database_for(rest, base=db).modules == tuple(rest)       # the others play together
    assert module_problems(db) == found
    _write(mods / "techlings.yaml", good)
    assert set(module_problems(db)) == {"dinolings"}
    assert module_problems(default_database()) == {}                # the bundled files load
