"""Nothing is ever lost: saves survive damage, kills and bad edits; undo and settings."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from doomlings_desktop.commands.simulate import play_random
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.storage import saves, statistics
from doomlings_desktop.storage.settings import Settings, config_dir, data_dir, log_dir
from tests.uidriver import wait_until

ROOT = Path(__file__).resolve().parent.parent
SEATS = [{"name": "Ann", "kind": "human", "level": "random"},
         {"name": "Bot", "kind": "bot", "level": "random"},
         {"name": "Cy", "kind": "human", "level": "random"}]


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))
    return tmp_path


def midgame(db, seed=4, steps=40):
    """A 3-seat game after `steps` random answers (fewer if it ends first)."""
    g = Game.new(db, 3, seed=seed, names=[s["name"] for s in SEATS])
    r = random.Random(seed)
    for _ in range(steps):
        if g.pending is None:
            break
        g.apply(r.choice(g.pending.options))
    return g


def test_locations_come_from_the_redirected_home(home):
    assert config_dir() == home / "config" and data_dir() == home / "data"
    assert log_dir() == home / "log"


def test_autosave_round_trip(db):
    g = midgame(db)
    path = saves.save(g, SEATS)
    assert path.exists() and saves.has_autosave()
    got = saves.load(path, db)
    assert got.game.answers == g.answers
    assert [p.hand for p in got.game.players] == [p.hand for p in g.players]
    assert got.seats[1]["kind"] == "bot" and got.game.pname(2) == "Cy"


def test_finished_game_is_not_continued_but_kept(db):
    g = play_random(db, 3, 9)
    saves.save(g, SEATS)
    saves.finish(g, SEATS)
    assert not saves.has_autosave()
    assert any(name == "last game" for name, _, _ in saves.named_saves())


@pytest.mark.parametrize("damage, words", [
    (lambda t: t[: len(t) // 2], "damaged"),
    (lambda t: "", "damaged"),
    (lambda t: t.replace('"answers":[', '"answers":["bogus",'), "not legal on replay"),
    (lambda t: t.replace('"seed":', '"seed":"x",  "oops":'), "wrong type"),
    (lambda t: "[1, 2, 3]", "not a game record"),
    (lambda t: t.replace('"level":"random"', '"level":"eary"'), "unknown bot level"),
    (lambda t: "[" * 100_000 + "]" * 100_000, "nested too deeply"),
    (lambda t: t.replace('"seed":', '"seed":1e999,"x":'), "too large"),
    (lambda t: t.replace('"over":false', '"over":"no"'), "'over'"),
])
def test_damaged_save_is_explained_and_moved_aside(db, damage, words):
    g = midgame(db)
    good = saves.save(g, SEATS, "good one")
    path = saves.save(g, SEATS)
    path.write_text(damage(path.read_text()))
    with pytest.raises(saves.SaveError, match=words):
        saves.load(path, db)
    assert not path.exists()
    assert list(path.parent.glob("autosave.json*.corrupt"))
    assert saves.load(good, db).game.answers == g.answers      # the good save is untouched


@pytest.mark.parametrize("change, words", [
    (lambda t: t.replace('"format":2', '"format":7'), "newer version"),
    (lambda t: t.replace('["adorable","', '["adorable","0'), "rules of Adorable have changed"),
    (lambda t: t.replace('["adorable",', '["pink-fur",'), "does not have"),
])
def test_a_save_from_other_card_rules_is_kept_and_listed(db, change, words):
    """Not damaged, only unplayable here: the file stays, is listed with the reason, and is
    never overwritten by the next game's autosave."""
    g = midgame(db)
    path = saves.save(g, SEATS, "old rules")
    path.write_text(change(path.read_text()))
    text = path.read_text()
    with pytest.raises(saves.SaveError, match=words) as e:
        saves.load(path, db)
    assert e.value.kept and path.read_text() == text
    (info,) = saves.list_saves()
    assert info.kept and words in info.problem
    auto = saves.save(g, SEATS)
    auto.write_text(change(auto.read_text()))
    text = auto.read_text()
    assert not saves.has_autosave()
    saves.save(midgame(db, seed=5, steps=1), SEATS)       # a new game's first autosave
    kept = [i for i in saves.list_saves() if i.name.startswith("Unfinished game")]
    assert len(kept) == 1 and kept[0].path.read_text() == text


def test_binary_garbage_is_explained(db):
    path = saves.save(midgame(db), SEATS)
    path.write_bytes(bytes(range(256)) * 4)
    with pytest.raises(saves.SaveError, match="could not be loaded"):
        saves.load(path, db)


_BASE: dict = {}


def base_text(db) -> str:
    if "t" not in _BASE:
        _BASE["t"] = json.dumps(saves.make_record(midgame(db, 2, 30), SEATS))
    return _BASE["t"]


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_hypothesis_damage_never_escapes(db, data, tmp_path_factory):
    text = base_text(db)
    how = data.draw(st.sampled_from(["truncate", "flip", "json"]))
    if how == "truncate":
        damaged = text[: data.draw(st.integers(0, len(text)))]
    elif how == "flip":
        b = bytearray(text.encode())
        for _ in range(data.draw(st.integers(1, 5))):
            i = data.draw(st.integers(0, len(b) - 1))
            b[i] ^= 1 << data.draw(st.integers(0, 7))
        damaged = b.decode("utf-8", errors="replace")
    else:
        rec = json.loads(text)
        key = data.draw(st.sampled_from(sorted(rec)))
        rec[key] = data.draw(st.one_of(st.none(), st.integers(), st.text(max_size=5),
                                       st.lists(st.integers(-3, 200), max_size=5),
                                       st.dictionaries(st.text(max_size=3), st.integers(),
                                                       max_size=2)))
        damaged = json.dumps(rec)
    folder = tmp_path_factory.mktemp("s")
    path = folder / "x.json"
    keep = folder / "keep.json"
    path.write_text(damaged)
    keep.write_text(text)
    try:
        saves.load(path, db)
    except saves.SaveError:
        assert not path.exists() or path.read_text() == damaged
    assert keep.read_text() == text


def test_bad_settings_fall_back_with_a_warning(home):
    (home / "config").mkdir()
    (home / "config" / "settings.json").write_text("{not json")
    s, warning = Settings.load()
    assert s == Settings() and "could not be read" in warning
    s.volume = 0.3
    s.save()
    again, warning = Settings.load()
    assert again.volume == 0.3 and warning is None


def test_a_remembered_table_in_settings_is_checked(home):
    (home / "config").mkdir()
    (home / "config" / "settings.json").write_text(json.dumps(
        {"seat_count": 9, "seats": ["hard", "nonsense", "human", "random"]}))
    s, warning = Settings.load()
    assert s.seat_count == 6        # the nearest allowed value, and the menu is told
    # a bad entry and the missing ones take the first table's (you, then Medium bots)
    assert s.seats == ["hard", "medium", "human", "random", "medium", "medium"]
    assert warning == "Settings: seat_count, seats were not valid and were reset."


def test_statistics_summary(db):
    for seed in range(4):
        statistics.record_result(play_random(db, 3, seed), SEATS)
    s = statistics.summary()
    assert s["games"] == 4
    assert sum(p for p, _ in s["by_seat"].values()) == 12
    assert abs(sum(w for _, w in s["by_seat"].values()) - 4) < 1e-9
    # two human seats here: a pass-and-play table, counted by name, not as one "you"
    assert s["best"] is None and s["most_played"]
    pp = s["pass_and_play"]
    assert pp["games"] == 4 and {r["name"] for r in pp["players"]} == {"Ann", "Cy"}
    assert all(r["played"] == 4 and r["best"] is not None for r in pp["players"])


def _wait(path: Path, want):
    def state() -> dict | None:
        try:
            st_ = json.loads(path.read_text())
        except (OSError, ValueError):
            return None
        return st_ if want(st_) else None
    return wait_until(state, "the window's state file")


# A human's game that plays itself (the human picks the first option): the demo, a game of
# bots, writes no autosave, so a crash test needs a human seat.
SELF_PLAYING = """
from doomlings_desktop.ui.app import App
from doomlings_desktop.ui.table import SeatConfig, TableScene
app = App()
app.go(TableScene(app, [SeatConfig("Ann"), SeatConfig("Bot", "bot", "medium")], 12))
while True:
    d = app.scene.my_decision()
    if d is not None:
        app.scene.apply(d.options[0])
    app.frame()
"""


def test_sigkill_then_continue_restores_the_game(home, db):
    """Kill the app mid-game (SIGKILL); the relaunched app continues after the last answer."""
    (home / "config").mkdir(exist_ok=True)
    (home / "config" / "settings.json").write_text(json.dumps({"bot_pace": 0.0,
                                                              "animation": "off"}))
    state = home / "state.json"
    env = dict(os.environ, DOOMLINGS_HOME=str(home), DOOMLINGS_TEST_STATE=str(state),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("DOOMLINGS_RAISE", None)
    app = subprocess.Popen([sys.executable, "-c", SELF_PLAYING], env=env, cwd=ROOT,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        seen = _wait(state, lambda s: s["answers"] >= 25)
        os.kill(app.pid, signal.SIGKILL)
        app.wait(timeout=10)
    finally:
        if app.poll() is None:
            app.kill()
    auto = saves.autosave_path()
    rec = json.loads(auto.read_text())
    assert len(rec["answers"]) >= seen["answers"]
    state.unlink()
    app = subprocess.Popen([sys.executable, "-m", "doomlings_desktop", "play", "--continue"],
                           env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
    try:
        back = _wait(state, lambda s: s["scene"] == "TableScene")
    finally:
        app.kill()
        app.wait(timeout=10)
    assert back["answers"] >= len(rec["answers"])
    again = saves.make_record(saves.load(auto, db).game)
    assert again["answers"][: len(rec["answers"])] == rec["answers"]


def test_temp_files_left_by_a_killed_write_are_cleaned(db):
    path = saves.save(midgame(db), SEATS)
    old = path.with_name("autosave.jsonab12cd.tmp")
    young = path.with_name("autosave.jsonef34gh.tmp")
    old.write_text("{")
    young.write_text("{")
    os.utime(old, (time.time() - 3600, time.time() - 3600))
    assert saves.clean_temp() == 1
    assert not old.exists() and young.exists() and path.exists()


def test_the_menu_reads_a_save_once_not_every_frame(db, monkeypatch):
    path = saves.save(midgame(db), SEATS, "one")
    saves.save(midgame(db), SEATS)
    reads = []
    real = saves._read
    monkeypatch.setattr(saves, "_read", lambda p: reads.append(p) or real(p))
    saves._cache.clear()
    for _ in range(50):
        assert saves.has_autosave() and len(saves.list_saves()) == 1
    assert len(reads) == 2
    path.write_text(path.read_text().replace('"Ann"', '"Anne"'))   # changed by hand: re-read
    assert saves.list_saves()[0].seats[0]["name"] == "Anne" and len(reads) == 3


def test_a_new_game_keeps_the_unfinished_one_as_a_named_save(db):
    """Starting a game (or opening another save) must not overwrite an unfinished game."""
    old = midgame(db, seed=4)
    path = saves.save(old, SEATS)
    text = path.read_text()
    new = midgame(db, seed=9, steps=1)
    saves.save(new, SEATS)
    saves.save(midgame(db, seed=9, steps=2), SEATS)           # the same new game goes on
    kept = [i for i in saves.list_saves() if i.name.startswith("Unfinished game")]
    assert len(kept) == 1 and kept[0].path.read_text() == text and kept[0].problem is None
    assert saves.load(saves.autosave_path(), db).game.seed == 9
    assert saves.load(kept[0].path, db).game.answers == old.answers


def test_the_menu_says_why_continue_is_off(db):
    path = saves.save(midgame(db), SEATS)
    assert saves.autosave_problem() is None
    path.write_text(path.read_text().replace('["adorable","', '["adorable","0'))
    assert not saves.has_autosave()
    assert "rules of Adorable have changed" in saves.autosave_problem()
    path.write_text("{")
    assert "damaged" in saves.autosave_problem()


def _other_copy_writes(game, seats=SEATS) -> None:
    """What another copy of the program on this folder does: its own autosave, written the
    same atomic way but not through this process's saves module."""
    from doomlings_desktop.storage.settings import write_atomic

    rec = saves.make_record(game, seats)
    rec["saved_at"], rec["over"] = "2026-11-27 12:00:00", False
    write_atomic(saves.autosave_path(), json.dumps(rec))


@pytest.mark.parametrize("other_seed", [4, 9], ids=["same game", "another game"])
def test_an_autosave_another_copy_wrote_is_never_overwritten(db, other_seed):
    """A state this process did not write stays where it is; this game goes on in one named
    save of its own (the same one every move), and finishing it removes only that."""
    saves.save(midgame(db, seed=4, steps=10), SEATS)
    theirs = midgame(db, seed=other_seed, steps=30)
    _other_copy_writes(theirs)
    text = saves.autosave_path().read_text()
    paths = {saves.save(midgame(db, seed=4, steps=k), SEATS) for k in range(11, 30)}
    assert len(paths) == 1 and saves.autosave_path() not in paths
    (mine,) = paths
    assert saves.autosave_path().read_text() == text
    assert saves.load(mine, db).game.answers == midgame(db, seed=4, steps=29).answers
    assert [i.name for i in saves.list_saves()] == [mine.stem]
    saves.finish(midgame(db, seed=4, steps=29), SEATS)
    assert not mine.exists() and saves.autosave_path().read_text() == text


def test_a_game_that_meets_another_copy_s_autosave_says_where_it_is_saved(db):
    from doomlings_desktop.play.match import Match, Seat

    m = Match([Seat("Ann"), Seat("Bea")], seed=5)
    m.apply(m.game.pending.options[0])
    _other_copy_writes(midgame(db, seed=6, steps=5))
    for _ in range(3):
        m.apply(m.game.pending.options[0])
    told = [t for t, _ in m.notices if t.startswith("Another copy of Doomlings")]
    assert len(told) == 1 and m.saved_elsewhere.stem in told[0]
    assert saves.load(m.saved_elsewhere, db).game.answers == m.game.answers


@pytest.mark.parametrize("ch", ["\ufe0f", "\u200b", "\u034f", "\u0301", "\u2060", "\x00"])
def test_a_refused_invisible_character_is_named_by_its_code(ch):
    """A Rename refused for a character with no shape of its own says which one by code:
    "'️' cannot be in a save's name" showed empty quotes for a variation selector."""
    from doomlings_desktop.storage.saves import name_problem

    why = name_problem(f"x{ch}y")
    assert why is not None and f"U+{ord(ch):04X}" in why and "''" not in why
