"""What the Load screen lists of a save (players, seat kinds, round, catastrophes, date), and
renaming and deleting saves, below the screen: names are checked like hostile input, a
rename never replaces another save, and a deleted save is moved aside, never erased. Also the
bots' reasons a save keeps for the log."""

from __future__ import annotations

import json
import random
import time

import pytest

from doomlings_desktop.commands.simulate import play_random
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.record import replay
from doomlings_desktop.storage import saves

SEATS = [{"name": "Ann", "kind": "human", "level": "random", "ask": True},
         {"name": "Bob", "kind": "bot", "level": "hard", "ask": True},
         {"name": "Cy", "kind": "human", "level": "random", "ask": True}]


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))
    saves._cache.clear()
    return tmp_path


def game_after(db, catastrophes: int, seed: int = 3) -> Game:
    """A 3-seat game played at random until it has seen `catastrophes` catastrophes."""
    g = Game.new(db, 3, seed=seed, names=[s["name"] for s in SEATS])
    r = random.Random(seed)
    while g.pending is not None and len(g.catastrophes) < catastrophes:
        g.apply(r.choice(g.pending.options))
    assert len(g.catastrophes) == catastrophes and not g.over
    return g


def test_a_save_lists_its_players_round_catastrophes_and_date(db):
    g = game_after(db, 2)
    path = saves.save(g, SEATS, "two down")
    rounds = sum(len(e) for e in g.eras)
    saves._cache.clear()                       # read from the file, not from the write
    (info,) = saves.list_saves()
    assert info.path == path and info.problem is None
    assert [(s["name"], s["kind"], s["level"]) for s in info.seats] == [
        ("Ann", "human", "random"), ("Bob", "bot", "hard"), ("Cy", "human", "random")]
    assert (info.round, info.catastrophes, info.winners) == (rounds, 2, ())
    assert rounds > 3 and time.strptime(info.saved_at, "%Y-%m-%d %H:%M:%S")
    done = play_random(db, 3, 4)
    saves.save(done, SEATS, "done")
    saves._cache.clear()
    info = next(i for i in saves.list_saves() if i.name == "done")
    assert info.over and info.catastrophes == 3 and info.winners == tuple(done.winners)


@pytest.mark.parametrize("progress", [None, "x", [], {}, {"round": "7", "catastrophes": 1},
                                      {"round": 7, "catastrophes": 4}, {"round": -1, "catastrophes": 0},
                                      {"round": 7, "catastrophes": True},
                                      {"round": 10**9, "catastrophes": 1},
                                      {"round": 7, "catastrophes": 1, "winners": [5]},
                                      {"round": 7, "catastrophes": 1, "winners": [0, 0]},
                                      {"round": 7, "catastrophes": 1, "winners": "0"}])
def test_an_old_or_damaged_progress_field_is_worked_out_from_the_record(db, progress):
    """Saves from before `progress` was kept (and ones with a bad one) still list it: the
    record is replayed once, and the file is neither set aside nor changed."""
    g = game_after(db, 1)
    path = saves.save(g, SEATS, "old")
    rec = json.loads(path.read_text())
    if progress is None:
        del rec["progress"]
    else:
        rec["progress"] = progress
    path.write_text(json.dumps(rec))
    text = path.read_text()
    (info,) = saves.list_saves()
    assert info.problem is None and info.catastrophes == 1
    assert info.round == sum(len(e) for e in g.eras)
    assert path.read_text() == text and not list(path.parent.glob("*.corrupt"))


def test_a_long_save_list_is_read_without_replaying_a_game(db, monkeypatch):
    g = game_after(db, 1)
    for k in range(150):
        saves.save(g, SEATS, f"game {k}")
    replays = []
    monkeypatch.setattr(saves, "replay", lambda *a, **k: replays.append(1) or replay(*a, **k))
    saves._cache.clear()
    listed = saves.list_saves()
    assert len(listed) == 150 and not replays
    reads = []
    monkeypatch.setattr(saves, "save_info", lambda p: reads.append(p) or pytest.fail("read"))
    for _ in range(20):          # every listing after: from the cache, no file read again
        assert len(saves.list_saves()) == 150
    assert reads == []


# ---------------------------------------------------------------- names

@pytest.mark.parametrize("name, words", [
    ("", "needs a name"), ("   ", "needs a name"),
    ("../x", "'/' cannot be in a save's name"), ("a\\b", "'\\' cannot be"),
    ("what?", "'?' cannot be"), ('say "hi"', "'\"' cannot be"), ("a:b", "':' cannot be"),
    ("tab\there", "U+0009"), ("nul\x00", "U+0000"), ("x" * 61, "at most 60 characters"),
    (" lead", "begin or end with a space"), ("trail ", "begin or end with a space"),
    (".hidden", "begin with a dot"), ("dots.", "end with a dot"),
    ("autosave", "game in progress"), ("Last Game", "last finished game"),
    ("con", "device's name on Windows"), ("LPT1.x", "device's name on Windows"),
    ("Old one", "already a save called 'old one'"),
])
def test_refused_names_say_why(db, name, words):
    saves.save(game_after(db, 0), SEATS, "old one")
    why = saves.name_problem(name)
    assert why is not None and words in why, why


@pytest.mark.parametrize("name", ["Zoë's game (2)", "x" * 60, "Ann & Bob, round 7!",
                                  "2026-11-25 09.00", "über+ça_va-1"])
def test_fair_names_are_taken(name):
    assert saves.name_problem(name) is None


def test_rename_moves_the_file_and_keeps_its_content(db):
    path = saves.save(game_after(db, 1), SEATS, "Saved 2026-11-25 09.00.00")
    data = path.read_bytes()
    new = saves.rename(path, "Zoë's game")
    assert new.name == "Zoë's game.json" and new.read_bytes() == data and not path.exists()
    assert [i.name for i in saves.list_saves()] == ["Zoë's game"]
    assert saves.rename(new, "Zoë's game") == new                 # unchanged: nothing to do
    assert saves.rename(new, "zoë's GAME").name == "zoë's GAME.json"   # only the case


def test_rename_never_replaces_another_save(db):
    a = saves.save(game_after(db, 1), SEATS, "a")
    b = saves.save(game_after(db, 0), SEATS, "b")
    a_data, b_data = a.read_bytes(), b.read_bytes()
    for name in ("b", "B", "../b", "", "autosave"):
        with pytest.raises(saves.SaveError):
            saves.rename(a, name)
    assert a.read_bytes() == a_data and b.read_bytes() == b_data
    assert sorted(p.name for p in saves.saves_dir().iterdir()) == ["a.json", "b.json"]


def test_delete_moves_a_save_aside_and_restore_brings_it_back(db):
    path = saves.save(game_after(db, 1), SEATS, "keep me")
    data = path.read_bytes()
    went = saves.delete(path)
    assert not path.exists() and went.parent == saves.trash_dir() and went.read_bytes() == data
    assert saves.list_saves() == []
    again = saves.save(game_after(db, 0), SEATS, "keep me")           # the name is reused
    went2 = saves.delete(again)
    assert went2 != went and went.exists() and went2.exists()         # both kept
    back = saves.restore(went, path)
    assert back == path and path.read_bytes() == data


def test_deleting_the_autosave_ends_continue(db):
    saves.save(game_after(db, 1), SEATS)
    assert saves.has_autosave()
    assert [i.name for i in saves.list_saves(with_autosave=True)] == [saves.AUTOSAVE]
    assert saves.list_saves() == []
    saves.delete(saves.autosave_path())
    assert not saves.has_autosave() and (saves.trash_dir() / "autosave.json").exists()


# ---------------------------------------------------------------- the bots' reasons

def test_bot_reasons_are_saved_and_loaded(db):
    g = game_after(db, 2)
    assert len(g.log) > 10
    notes = {3: "for its 4 points", 10: "to slow the leader"}
    path = saves.save(g, SEATS, "notes", notes)
    assert json.loads(path.read_text())["bot_notes"] == {"3": "for its 4 points",
                                                         "10": "to slow the leader"}
    assert saves.load(path, db).notes == notes
    rec = json.loads(path.read_text())
    del rec["bot_notes"]                       # a save from before they were kept
    path.write_text(json.dumps(rec))
    got = saves.load(path, db)
    assert got.notes == {} and got.game.answers == g.answers


@pytest.mark.parametrize("bad", [None, 1, "x", [], ["a"], {"x": "why"}, {"-1": "why"},
                                 {"1.5": "why"}, {"²": "why"}, {"99999999": "why"},
                                 {"3": 7}, {"3": ""}, {"3": "x" * 201}, {"3": "a\x00b"},
                                 {"3": ["why"]}, {"3": {"a": 1}}, {"3": None},
                                 {"100000": "beyond the log"}])
def test_a_bad_bot_reason_is_dropped_and_the_save_still_loads(db, bad):
    g = game_after(db, 1)
    path = saves.save(g, SEATS, "notes")
    rec = json.loads(path.read_text())
    rec["bot_notes"] = bad if not isinstance(bad, dict) else {**bad, "5": "a good one"}
    path.write_text(json.dumps(rec))
    got = saves.load(path, db)
    assert got.game.answers == g.answers and path.exists()
    assert got.notes == ({5: "a good one"} if isinstance(bad, dict) else {})
    (info,) = saves.list_saves()
    assert info.problem is None
