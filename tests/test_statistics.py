"""Statistics: a line per game, every field checked, a damaged file never breaks a screen."""

from __future__ import annotations

import json
import os

import pytest

from doomlings_desktop import statistics
from doomlings_desktop.simulate import play_random

SEATS = [{"name": "Ann", "kind": "human", "level": ""},
         {"name": "Bot", "kind": "bot", "level": "easy"},
         {"name": "Cy", "kind": "human", "level": ""}]
GOOD = {"date": "2026-11-25 10:00", "seats": SEATS, "scores": [30, 20, 10], "winners": [0],
        "traits": [["kidney"], [], ["swarm", "kidney"]]}


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))
    (tmp_path / "data").mkdir()
    return tmp_path


def test_a_game_appends_one_line_and_is_counted(db):
    statistics.record_result(play_random(db, 3, 1), SEATS)
    statistics.record_result(play_random(db, 3, 2), SEATS)
    lines = statistics.stats_path().read_text().split("\n")
    assert len([x for x in lines if x.strip()]) == 2
    s = statistics.summary()
    assert s["games"] == 2 and s["skipped"] == 0
    assert s["by_seat"]["Human"][0] == 4


@pytest.mark.parametrize("line", [
    '{"scores": [1e999, 0, 0]}',
    json.dumps({**GOOD, "scores": [1e300, 2, 3]}),
    json.dumps({**GOOD, "scores": ["30", 20, 10]}),
    json.dumps({**GOOD, "winners": [7]}),
    json.dumps({**GOOD, "winners": {"0": 1}}),
    json.dumps({**GOOD, "traits": [[["kidney"]], [], []]}),
    json.dumps({**GOOD, "seats": "Ann"}),
    json.dumps({**GOOD, "seats": [1, 2, 3]}),
    '{"scores": NaN}',
    "[" * 50_000 + "]" * 50_000,
    '{"date": "torn',
    "\xff\xfe not text",
])
def test_a_damaged_line_is_skipped_and_counted(line):
    path = statistics.stats_path()
    data = (json.dumps(GOOD) + "\n").encode() + line.encode("utf-8", "surrogateescape") \
        if line != "\xff\xfe not text" else (json.dumps(GOOD) + "\n").encode() + b"\xff\xfe x"
    path.write_bytes(data)
    s = statistics.summary()
    assert s["games"] == 1 and s["skipped"] == 1
    assert s["best"] == 30


def test_a_torn_last_line_does_not_swallow_the_next_game(db):
    path = statistics.stats_path()
    path.write_text(json.dumps(GOOD) + "\n" + '{"date": "2026-11')      # killed mid-append
    statistics.record_result(play_random(db, 3, 3), SEATS)
    s = statistics.summary()
    assert s["games"] == 2 and s["skipped"] == 1


def test_the_first_versions_file_is_migrated_once_and_kept(db, home):
    old = home / "data" / "statistics.json"
    old.write_text(json.dumps({"version": 1, "games": [GOOD, {"bad": 1}, GOOD]}))
    assert statistics.summary()["games"] == 2
    assert not old.exists() and (home / "data" / "statistics.json.migrated").exists()
    statistics.record_result(play_random(db, 3, 4), SEATS)
    assert statistics.summary()["games"] == 3


@pytest.mark.parametrize("text", ["[" * 100_000, '{"games": 1e999}', '{"games": [1, "x"]}',
                                  "\x00\x01"])
def test_a_damaged_first_version_file_never_crashes(home, text):
    (home / "data" / "statistics.json").write_text(text)
    assert statistics.summary()["games"] == 0


def test_a_fifo_as_statistics_neither_blocks_nor_crashes(db):
    os.mkfifo(statistics.stats_path())
    assert statistics.summary()["games"] == 0
    statistics.record_result(play_random(db, 3, 5), SEATS)     # no reader: must not block


def test_the_summary_is_computed_once_per_change(db, monkeypatch):
    statistics.record_result(play_random(db, 3, 6), SEATS)
    first = statistics.summary()
    assert statistics.summary() is first
    statistics.record_result(play_random(db, 3, 7), SEATS)
    assert statistics.summary() is not first and statistics.summary()["games"] == 2
