"""Nothing lost when the game in progress is replaced, saved twice in a second, or cannot be
read (docs/promises.md, "Nothing lost"):

- loading an earlier save of the same game and playing on keeps the later game in progress
  as a named save; so does a loaded game that ends with its first move;
- "since your last turn" survives Continue and Load;
- a named save never replaces another file (two Saves in the same second);
- a save the system will not let us read (permission, I/O error, a folder or a pipe of that
  name) is not damage: it stays where it is and is listed with the reason.

The load-over-game paths are driven through the real window with posted events."""

from __future__ import annotations

import errno
import os
import random
import time
from pathlib import Path

import pygame
import pytest
from uidriver import Player, click, find, key, wait_until

from doomlings_desktop.play.match import Match, Seat
from doomlings_desktop.rules.cards import default_database
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.storage import jsonfile, saves
from doomlings_desktop.storage.jsonfile import signature
from tests.test_ui import make_app, texts_of_a_frame

SEATS = [{"name": "Ann", "kind": "human", "level": "random", "ask": True},
         {"name": "Bob", "kind": "bot", "level": "random", "ask": True}]


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))
    saves._cache.clear()
    return tmp_path


def played(seed: int, answers: int, variants: dict | None = None) -> Game:
    """Seed `seed` after `answers` random answers: the same seed and a smaller count is an
    earlier point of the same line of play."""
    g = Game.new(default_database(), 2, seed=seed, variants=variants or {},
                 names=[s["name"] for s in SEATS])
    rng = random.Random(seed)
    for _ in range(answers):
        if g.pending is None:
            break
        g.apply(rng.choice(g.pending.options))
    return g


def final_round(seed: int) -> Game:
    """A game in its last round (the third catastrophe is out), not over."""
    g = Game.new(default_database(), 2, seed=seed, names=[s["name"] for s in SEATS])
    rng = random.Random(seed)
    while len(g.catastrophes) < 3:
        g.apply(rng.choice(g.pending.options))
    assert not g.over
    return g


def last_move() -> Game:
    """A game whose next answer, Ann's (the human's), ends it whatever it is."""
    for seed in range(1, 200):
        g = Game.new(default_database(), 2, seed=seed, names=[s["name"] for s in SEATS])
        rng = random.Random(seed)
        while not g.over:
            d = g.pending
            if d.player == 0 and all(_ends(g, o) for o in d.options):
                return g
            g.apply(rng.choice(d.options))
    raise AssertionError("no game found that one answer ends")


def _ends(g: Game, answer) -> bool:
    c = g.clone()
    c.apply(answer)
    return c.over


def kept_games() -> list[saves.SaveInfo]:
    return [i for i in saves.list_saves() if i.name.startswith("Unfinished game")]


def answers_of(path: Path) -> list:
    return saves.load(path, default_database()).game.answers


def esc_menu(app, item: str) -> None:
    key(app, pygame.K_ESCAPE)
    click(app, find(app.scene, ("button", item)).center)


def play_until(app, done) -> None:
    """Play the human's decisions by mouse and keyboard until `done()` (bots move by themselves
    as frames pass)."""
    player = Player(1)
    wait_until(done, "the game's getting there",
               pump=lambda: player.act(app) or app.frame(), idle_s=0)


def continue_then_load(app, path: Path) -> list:
    """Main menu -> Continue (the game in progress) -> Esc -> Load game -> open `path`.
    Returns the answers of the game in progress as it was left (a bot may have moved)."""
    app.frame()
    click(app, find(app.scene, ("button", "continue")).center)
    assert type(app.scene).__name__ == "TableScene"
    esc_menu(app, "load")
    left = list(app.scene.back.game.answers)
    click(app, find(app.scene, ("button", ("open", path))).center)
    assert type(app.scene).__name__ == "TableScene"
    return left


# ---------------------------------------------------------------- replacing the game in progress

def test_an_earlier_save_of_the_same_game_played_on_keeps_the_later_game():
    """The issue's case: 14 answers become 7 when the same game's earlier save is opened and
    played on (the old check compared seeds only)."""
    late = played(5, 40)
    early = saves.save(played(5, 20), SEATS, "early")
    saves.save(late, SEATS)
    app = make_app()
    left = continue_then_load(app, early)
    assert len(app.scene.game.answers) == 20 and left[:40] == late.answers
    said = []
    show = app.scene.say
    app.scene.say = lambda text, *a, **k: said.append(text) or show(text, *a, **k)
    good = []           # what the message was drawn as, each frame it showed
    draw = app.scene.overlays.toast._draw

    def drawn(surf, u):
        good.append((app.scene.message.text, app.scene.message.good))
        draw(surf, u)
    app.scene.overlays.toast._draw = drawn
    play_until(app, lambda: len(app.scene.game.answers) > 20)
    [kept] = kept_games()
    # and the table says where it went (the tryout found it only on the Load screen)
    words = f"Your other game in progress is kept as '{kept.path.stem}' (Load game)."
    assert words in said
    # as the good news it is, not in a refusal's red (the evening's tryout)
    app.frame()
    shown = [g for text, g in good if text == words]
    assert shown and all(shown), good
    assert answers_of(kept.path) == left                  # the later game is all there
    assert answers_of(saves.autosave_path()) == app.scene.game.answers
    assert answers_of(early) == played(5, 20).answers     # and the save opened is untouched


def test_a_loaded_game_that_ends_with_its_first_move_keeps_the_game_in_progress():
    """Finishing removes the autosave: it must be this game's, not the one in progress."""
    in_progress = played(7, 30)
    saves.save(in_progress, SEATS)
    end = last_move()
    near = saves.save(end, SEATS, "near the end")
    app = make_app()
    left = continue_then_load(app, near)
    play_until(app, lambda: app.scene.game.over)
    assert len(app.scene.game.answers) == len(end.answers) + 1      # one move ended it
    [kept] = kept_games()
    assert answers_of(kept.path) == left and left[:30] == in_progress.answers
    assert not saves.autosave_path().exists() and not saves.has_autosave()
    assert saves.load(saves._path(saves.LAST_GAME), default_database()).game.over


def test_a_later_save_of_the_same_game_or_continue_replaces_it_without_copies():
    """The autosave at an earlier point of the same line loses nothing when overwritten: no
    'Unfinished game' clutter for opening a later save of it, or for Continue."""
    saves.save(played(5, 20), SEATS)
    late = saves.save(played(5, 40), SEATS, "late")
    app = make_app()
    continue_then_load(app, late)
    play_until(app, lambda: len(app.scene.game.answers) > 40)
    esc_menu(app, "main_menu")
    click(app, find(app.scene, ("button", "continue")).center)
    n = len(app.scene.game.answers)
    play_until(app, lambda: len(app.scene.game.answers) > n)
    assert kept_games() == []


def test_the_autosave_is_overwritten_only_by_its_own_game():
    """The rule under those paths: `mine` (the signature this game wrote last) lets Undo
    overwrite; otherwise only a later point of the same deal does."""
    path = saves.save(played(5, 40), SEATS)
    saves.save(played(5, 39), SEATS, mine=signature(path))        # Undo: its own file
    assert kept_games() == []
    saves.save(played(5, 41), SEATS)                              # a later point: nothing lost
    assert kept_games() == []
    saves.save(played(5, 30), SEATS)                              # an earlier point: kept
    assert [answers_of(i.path) for i in kept_games()] == [played(5, 41).answers]
    saves.save(played(5, 31, {"long_age_deck": True}), SEATS)   # same seed, other deal
    assert len(kept_games()) == 2


def test_finish_keeps_another_game_and_removes_its_own():
    """saves.finish, under the UI test above: the autosave goes only if it is this game's."""
    other = played(3, 25)
    saves.save(other, SEATS)
    done = final_round(11)
    while not done.over:
        done.apply(done.pending.options[0])
    saves.finish(done, SEATS)
    assert [answers_of(i.path) for i in kept_games()] == [other.answers]
    path = saves.save(played(3, 26), SEATS)
    saves.finish(done, SEATS, mine=signature(path))     # its own autosave: just removed
    assert len(kept_games()) == 1 and not path.exists()
    saves.save(final_round(11), SEATS)                  # an earlier point of it: removed too
    saves.finish(done, SEATS)
    assert len(kept_games()) == 1 and not path.exists()


# ---------------------------------------------------------------- since your last turn

HOT_SEAT = [Seat("Ann"), Seat("Bea"), Seat("Bot", "bot", "random")]


def hot_seat_match() -> tuple[Match, int]:
    """A pass-and-play game played a while, each human taking the screen for their turns, up
    to a point where the human not at the screen has something new to be told; and that
    human."""
    m = Match(HOT_SEAT, seed=21)
    rng = random.Random(21)
    for _ in range(400):
        d = m.game.pending
        m.end_review()              # the cards just drawn were seen
        if d.player in m.bots:
            m.tick(1.0)
            continue
        if m.pass_needed:
            m.take_screen(d.player)
        m.look(d.player)
        assert m.apply(rng.choice(d.options)) is None
        away = 1 - m.cleared if m.cleared in (0, 1) else None
        # a human's decision next, so no bot moves as the save is opened
        if len(m.game.answers) > 30 and away is not None and m.since(away).lines \
                and m.game.pending.player in m.humans:
            return m, away
    raise AssertionError("no point with news for the human away from the screen")


def test_since_your_last_turn_survives_continue_and_load():
    m, away = hot_seat_match()
    news = m.since(away)
    assert m.save_as("mid") == "Saved as 'mid'."
    app = make_app()
    app.frame()
    click(app, find(app.scene, ("button", "continue")).center)
    assert app.scene.game.answers == m.game.answers
    assert app.scene.match.since(away) == news
    esc_menu(app, "load")
    click(app, find(app.scene, ("button", ("open", saves._path("mid")))).center)
    assert app.scene.match.since(away) == news
    # and the table tells it when that human takes the screen
    play_until(app, lambda: find(app.scene, ("pass_screen", away)) is not None)
    click(app, find(app.scene, ("pass_screen", away)).center)
    app.frame()
    assert find(app.scene, ("button", "summary_done")) is not None


def test_a_bad_seen_field_is_dropped_never_damage():
    g = played(5, 20)
    path = saves.save(g, SEATS, seen={0: 12})
    assert saves.load(path, default_database()).seen == {0: 12}
    text = path.read_text()
    for bad in ('"x"', "[1]", '{"0":-1}', '{"0":999}', '{"9":3}', '{"0":1.5}', '{"0":true}',
                '{"00000":1}', '{"-1":1}', "null", '{"0":"3"}'):
        path.write_text(text.replace('"seen":{"0":12}', f'"seen":{bad}'))
        saves._cache.clear()
        got = saves.load(path, default_database())
        assert got.game.answers == g.answers and got.seen == {}, bad


# ---------------------------------------------------------------- two saves in one second

def test_two_saves_in_the_same_second_are_two_files(monkeypatch):
    g = played(5, 20)
    app = make_app()
    from doomlings_desktop.ui.table import TableScene
    app.go(TableScene(app, [Seat("Ann"), Seat("Bob", "bot", "random")], 5, game=g))
    app.frame()
    monkeypatch.setattr(time, "strftime", lambda fmt, *a: "2026-11-27 20.00.00")
    esc_menu(app, "save")
    first = sorted(saves.saves_dir().glob("Saved*.json"))
    text = first[0].read_text()
    play_until(app, lambda: len(app.scene.game.answers) > 20)
    esc_menu(app, "save")
    names = sorted(p.name for p in saves.saves_dir().glob("Saved*.json"))
    assert names == ["Saved 2026-11-27 20.00.00 (2).json", "Saved 2026-11-27 20.00.00.json"]
    assert first[0].read_text() == text                  # the first is as it was
    assert app.scene.toast[0] == "Saved as 'Saved 2026-11-27 20.00.00 (2)'."


def test_a_named_save_never_replaces_a_file():
    one = saves.save(played(5, 20), SEATS, "Friday")
    text = one.read_text()
    two = saves.save(played(9, 10), SEATS, "Friday")
    three = saves.save(played(9, 11), SEATS, "Friday")
    assert one.read_text() == text
    assert [two.name, three.name] == ["Friday (2).json", "Friday (3).json"]
    assert not list(saves.saves_dir().glob("*.tmp"))


# ---------------------------------------------------------------- a save that cannot be read

def fail_open(monkeypatch, target: Path, err: int, why: str) -> dict:
    """os.open of `target` fails as the system would (works as root, where chmod does not),
    until the switch returned is set off (the permission put right)."""
    real = os.open
    switch = {"on": True}

    def fake(p, *a, **k):
        if switch["on"] and Path(p) == target:
            raise OSError(err, why, str(p))
        return real(p, *a, **k)
    monkeypatch.setattr(jsonfile.os, "open", fake)
    return switch


def fail_read(monkeypatch, target: Path) -> None:
    """Reading `target`'s bytes fails with an I/O error (a bad disk)."""
    real_open, real_fdopen = os.open, os.fdopen
    fds: set[int] = set()

    class Broken:
        def __init__(self, fd: int) -> None:
            self.fd = fd

        def __enter__(self):
            return self

        def __exit__(self, *a):
            fds.discard(self.fd)
            os.close(self.fd)

        def read(self, n: int) -> bytes:
            raise OSError(errno.EIO, "Input/output error")

    def fake_open(p, *a, **k):
        fd = real_open(p, *a, **k)
        if Path(p) == target:
            fds.add(fd)
        return fd

    monkeypatch.setattr(jsonfile.os, "open", fake_open)
    monkeypatch.setattr(jsonfile.os, "fdopen",
                        lambda fd, *a, **k: Broken(fd) if fd in fds else real_fdopen(fd, *a, **k))


def unreadable(kind: str, monkeypatch) -> tuple[object, str]:
    """A save called Friday the system will not read, and the words its listing gives (and
    for "permission", the switch that puts it right)."""
    path = saves._path("Friday")
    if kind == "folder":
        path.mkdir(parents=True)
        return path, "cannot be read: it is a folder"
    if kind == "fifo":
        path.parent.mkdir(parents=True)
        os.mkfifo(path)
        return path, "cannot be read: it is not a regular file (a pipe or a device)"
    saves.save(played(5, 20), SEATS, "Friday")
    saves._cache.clear()            # what we wrote ourselves is known without reading it
    if kind == "permission":
        return fail_open(monkeypatch, path, errno.EACCES, "Permission denied"), \
            "cannot be read: permission denied"
    fail_read(monkeypatch, path)
    return path, "cannot be read: input/output error"


KINDS = ["permission", "io error", "folder"] + (["fifo"] if hasattr(os, "mkfifo") else [])


@pytest.mark.parametrize("kind", KINDS)
def test_a_save_that_cannot_be_read_stays_and_is_listed_with_the_reason(kind, monkeypatch):
    _, words = unreadable(kind, monkeypatch)
    path = saves._path("Friday")
    [info] = saves.list_saves()
    assert info.problem == words and info.unreadable and info.kept
    with pytest.raises(saves.SaveError) as e:
        saves.load(path, default_database())
    assert words in str(e.value) and "left where it is" in str(e.value)
    assert os.path.lexists(path) and not saves.set_aside()      # never renamed .corrupt


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0,
                    reason="root reads a file whatever its permissions")
def test_a_real_chmod_000_save_is_listed_not_set_aside():
    path = saves.save(played(5, 20), SEATS, "Friday")
    path.chmod(0)
    saves._cache.clear()
    try:
        [info] = saves.list_saves()
        assert info.problem == "cannot be read: permission denied"
        with pytest.raises(saves.SaveError):
            saves.load(path, default_database())
        assert path.exists() and not saves.set_aside()
        path.chmod(0o644)            # put right: listed and opened again (not cached)
        [info] = saves.list_saves()
        assert info.problem is None
    finally:
        path.chmod(0o644)


def test_an_unreadable_save_on_the_load_screen(monkeypatch):
    switch, _ = unreadable("permission", monkeypatch)
    path = saves._path("Friday")
    app = make_app()
    app.frame()
    click(app, find(app.scene, ("button", "load")).center)
    assert any("Cannot be read: permission denied" in s for s in texts_of_a_frame(app, app.scene))
    key(app, pygame.K_RETURN)
    assert "permission denied" in app.scene.notice and path.exists()
    assert not saves.set_aside()
    switch["on"] = False         # the permission put right: it opens
    app.frame()
    key(app, pygame.K_RETURN)
    assert type(app.scene).__name__ == "TableScene"


def test_a_click_on_a_save_that_cannot_open_says_why(monkeypatch):
    """The row shows only the start of the reason (a module's file path fills it); a click on
    the row, like Enter, puts the whole reason under the list. Rename and Delete still work."""
    unreadable("permission", monkeypatch)
    path = saves._path("Friday")
    app = make_app()
    app.frame()
    click(app, find(app.scene, ("button", "load")).center)
    sc = app.scene
    rename = find(sc, ("button", ("rename", path)))
    assert rename is not None and find(sc, ("button", ("open", path))) is None   # drawn off
    click(app, (int(app.screen.get_width() * 0.07) + 40, rename.centery))
    assert type(app.scene).__name__ == "LoadScene"
    assert sc.notice and "permission denied" in sc.notice and path.exists(), sc.notice
    sc.notice = None
    click(app, find(sc, ("button", ("delete", path))).center)
    assert sc.dialog is not None and sc.notice is None      # the row's buttons still act


def test_a_failed_autosave_is_in_the_log_not_only_on_screen(monkeypatch, caplog):
    m = Match([Seat("Ann", "human"), Seat("Bob", "bot", "random")], seed=3)

    def refuse(*a, **k):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(saves, "save", refuse)
    with caplog.at_level("WARNING"):
        m.persist()
    assert ("Could not save the game: Permission denied", 5) in m.notices
    assert any("could not save the game" in r.getMessage() and "Permission denied"
               in r.getMessage() for r in caplog.records), caplog.records


def test_an_unreadable_autosave_is_kept_not_overwritten_or_set_aside(monkeypatch):
    g = played(5, 20)
    path = saves.save(g, SEATS)
    switch = fail_open(monkeypatch, path, errno.EACCES, "Permission denied")
    saves._cache.clear()
    assert not saves.has_autosave() and "cannot be read" in saves.autosave_problem()
    saves.save(played(9, 3), SEATS)          # a new game's first autosave
    assert not saves.set_aside()
    switch["on"] = False
    [kept] = kept_games()
    assert answers_of(kept.path) == g.answers
    assert answers_of(path) == played(9, 3).answers


def test_every_other_way_to_another_game_keeps_the_one_in_progress():
    """Learn to play never writes the autosave (nor do replays and demos: Match.autosave is
    off for them); New game keeps it as a named save at its first move."""
    saves.save(played(5, 20), SEATS)
    app = make_app()
    app.frame()
    click(app, find(app.scene, ("button", "continue")).center)
    left = list(app.scene.game.answers)
    esc_menu(app, "main_menu")
    click(app, find(app.scene, ("button", "learn")).center)
    assert app.scene.match.lesson is not None
    for _ in range(5):
        app.frame()
    assert answers_of(saves.autosave_path()) == left
    esc_menu(app, "main_menu")
    click(app, find(app.scene, ("button", "continue")).center)
    assert app.scene.game.answers[:len(left)] == left
    left = list(app.scene.game.answers)
    esc_menu(app, "main_menu")
    click(app, find(app.scene, ("button", "new")).center)
    click(app, find(app.scene, ("button", "start")).center)
    assert app.scene.game.answers == []
    play_until(app, lambda: len(app.scene.game.answers) > 0)
    [kept] = kept_games()
    assert answers_of(kept.path) == left


# ---------------------------------------------------------------- leaving with unsaved moves

def a_game_that_cannot_save(monkeypatch) -> tuple[object, object, dict]:
    """Ann against a bot at a real table, the disk full for the autosave: one move made."""
    from tests.test_ui import ann_against_a_bot

    full = {"on": True}
    real = saves.save

    def save(*a, **k):
        if full["on"] and k.get("name", a[2] if len(a) > 2 else saves.AUTOSAVE) == saves.AUTOSAVE:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(*a, **k)

    monkeypatch.setattr(saves, "save", save)
    app, sc = ann_against_a_bot()
    n = len(sc.game.answers)
    play_until(app, lambda: len(sc.game.answers) > n)
    assert sc.match.unsaved == "No space left on device"
    return app, sc, full


@pytest.mark.parametrize("way", ["quit", "main_menu", "load", "close"])
def test_leaving_a_game_whose_moves_are_not_saved_asks_first(way, monkeypatch):
    """A failed autosave was said for five seconds and then Quit (or Main menu, Load game,
    the window's close button) threw the moves away without a word (new-user tryout). Now
    each asks: Stay keeps the table, Try again saves and goes on, Leave anyway leaves."""
    app, sc, full = a_game_that_cannot_save(monkeypatch)

    def leave() -> None:
        if way == "close":
            app.frame([pygame.event.Event(pygame.QUIT)])
        else:
            esc_menu(app, way)

    def gone() -> bool:
        return not app.running if way in ("quit", "close") else app.scene is not sc

    leave()
    assert not gone() and sc.overlays.leave.dialog is not None
    assert any("not saved" in s for s in texts_of_a_frame(app, sc))
    key(app, pygame.K_s, "s")                        # Stay: the table, the game as it was
    assert not gone() and sc.overlays.leave.dialog is None and app.scene is sc
    leave()
    key(app, pygame.K_t, "t")                        # Try again, the disk still full
    assert not gone() and "Still not saved" in sc.overlays.leave.dialog.problem
    full["on"] = False
    key(app, pygame.K_RETURN)                        # Try again (Enter), now it saves
    assert gone() and sc.match.unsaved is None
    assert answers_of(saves.autosave_path()) == sc.game.answers


def test_leave_anyway_leaves_and_a_saved_game_is_never_asked(monkeypatch):
    app, sc, full = a_game_that_cannot_save(monkeypatch)
    esc_menu(app, "quit")
    key(app, pygame.K_l, "l")                        # Leave anyway
    assert not app.running
    full["on"] = False
    from tests.test_ui import ann_against_a_bot
    app, sc = ann_against_a_bot()                    # saves fine: no question
    n = len(sc.game.answers)
    play_until(app, lambda: len(sc.game.answers) > n)
    assert sc.match.unsaved is None
    esc_menu(app, "quit")
    assert not app.running and sc.overlays.leave.dialog is None
