"""Statistics: a line per game, every field checked, a damaged file never breaks a screen."""

from __future__ import annotations

import json
import os

import pytest

from doomlings_desktop.commands.simulate import play_random
from doomlings_desktop.storage import statistics

SEATS = [{"name": "Ann", "kind": "human", "level": ""},
         {"name": "Bot", "kind": "bot", "level": "easy"},
         {"name": "Cy", "kind": "human", "level": ""}]
GOOD = {"date": "2026-11-25 10:00", "seats": SEATS, "scores": [30, 20, 10], "winners": [0],
        "traits": [["kidney"], [], ["swarm", "kidney"]]}


def best_of(s: dict, name: str) -> int | None:
    """A pass-and-play player's best score (GOOD is a game of two humans and a bot)."""
    return next((r["best"] for r in s["pass_and_play"]["players"] if r["name"] == name), None)


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
    assert best_of(s, "Ann") == 30


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


def _lines(path) -> list[str]:
    return [x for x in path.read_text(errors="replace").split("\n") if x.strip()]


def test_the_file_is_compacted_and_then_stays_bounded(db, monkeypatch):
    """A file past the compaction size is cut to its newest games by the next game's end (the
    first version compared an already-trimmed list with KEEP and never cut anything); then
    games append without reading the file until it is past that size again."""
    monkeypatch.setattr(statistics, "KEEP", 20)
    monkeypatch.setattr(statistics, "COMPACT_AT", 20_000, raising=False)
    monkeypatch.setattr(statistics, "KEEP_BYTES", 10_000, raising=False)
    path = statistics.stats_path()
    old = [{**GOOD, "date": f"2026-01-01 {k:05d}"} for k in range(200)]
    path.write_text("".join(json.dumps(g) + "\n" for g in old))
    assert path.stat().st_size > 20_000
    game = play_random(db, 3, 8)
    statistics.record_result(game, SEATS)
    lines = _lines(path)
    assert len(lines) <= 20 and path.stat().st_size <= 10_000
    assert json.loads(lines[-2])["date"] == old[-1]["date"]    # the newest kept, in order
    assert json.loads(lines[-1])["scores"] == list(game.scores)
    compactions = []
    real = statistics._compact
    monkeypatch.setattr(statistics, "_compact", lambda *a: compactions.append(1) or real(*a))
    line = len(lines[-1]) + 1
    for _ in range(60):
        statistics.record_result(game, SEATS)
        assert path.stat().st_size <= 20_000 + line
    # one compaction per 10 KB of appends at most, not one per game
    assert 1 <= len(compactions) <= 60 * line // 10_000 + 1
    s = statistics.summary()
    assert s["games"] == 20 and s["skipped"] == 0 and s["partial"]


def test_a_file_over_64_mb_shows_its_newest_games(home):
    """The Statistics screen reads the newest lines of a file of any size (the first version
    showed 0 games past 64 MB); the line cut by where reading starts is not called damaged."""
    path = statistics.stats_path()
    with open(path, "wb") as f:
        f.truncate(70 * 1024 * 1024)        # sparse: 70 MB of older (here: blank) history
        f.seek(0, os.SEEK_END)
        f.write(("\n" + json.dumps(GOOD)) .encode() * 3)
    s = statistics.summary()
    assert s["games"] == 3 and s["skipped"] == 0 and s["partial"] and best_of(s, "Ann") == 30


def test_a_line_cut_by_the_read_window_is_not_damaged(monkeypatch):
    monkeypatch.setattr(statistics, "READ_BYTES", 1000, raising=False)
    text = "".join(json.dumps({**GOOD, "date": f"d{k}"}) + "\n" for k in range(40))
    statistics.stats_path().write_text(text)
    s = statistics.summary()
    assert s["skipped"] == 0 and 0 < s["games"] < 40 and s["partial"]
    assert s["last"][-1]["date"] == "d39"


def test_a_huge_file_is_compacted_by_the_next_game(db):
    path = statistics.stats_path()
    with open(path, "wb") as f:
        f.write((json.dumps(GOOD) + "\n").encode())
        f.truncate(70 * 1024 * 1024)
        f.seek(0, os.SEEK_END)
        f.write(("\n" + json.dumps(GOOD) + "\n").encode())
    statistics.record_result(play_random(db, 3, 9), SEATS)
    assert path.stat().st_size <= statistics.KEEP_BYTES
    assert statistics.summary()["games"] == 2 and statistics.summary()["skipped"] == 0


def test_a_games_end_adds_to_what_was_read_without_reading_again(db, monkeypatch):
    statistics.record_result(play_random(db, 3, 10), SEATS)
    assert statistics.summary()["games"] == 1
    real = statistics._newest_lines
    monkeypatch.setattr(statistics, "_newest_lines", lambda *a: (_ for _ in ()).throw(
        AssertionError("read again")))
    statistics.record_result(play_random(db, 3, 11), SEATS)
    cached = statistics.load_stats()
    assert statistics.summary()["games"] == 2 and cached["skipped"] == 0
    monkeypatch.setattr(statistics, "_newest_lines", real)
    monkeypatch.setattr(statistics, "_loaded", None)        # what a fresh read finds
    assert statistics.load_stats()["games"] == cached["games"]


def test_an_online_game_kept_here_counts_only_this_computers_seat_as_you(db):
    """Seen on a joined player's Statistics after an online game: the host's score went into
    'your' average and the host's traits into 'your favourite cards'. Only the seat played at
    this computer is "you"; the others are players online, not bots either."""
    from doomlings_desktop.net.keeping import keep_finished
    from doomlings_desktop.storage.saveinfo import check_seats

    g = play_random(db, 3, 5)
    seats = check_seats(SEATS, 3)                   # Ann hosted, Cy joined from here
    assert keep_finished(g, seats, here=(2,))
    s = statistics.summary()
    assert s["best"] == g.scores[2] and s["average"] == g.scores[2]
    assert s["human_games"] == 1 and s["human_wins"] == int(2 in g.winners)
    assert s["by_seat"]["Human"][0] == 1 and s["by_seat"]["Player online"][0] == 1
    assert set(dict(s["favourites"])) <= {db.ident[c] for c in g.players[2].pile}
    assert s["timeline"][-1]["rival"] == g.scores[1]        # the bot, not Ann
    line = json.loads(statistics.stats_path().read_text().strip().splitlines()[-1])
    assert [x.get("here", True) for x in line["seats"]] == [False, True, True]
    # a hostile 'here' is ignored (the seat counts as played here), never an error
    bad = {**GOOD, "seats": [dict(SEATS[0], here="no"), SEATS[1], SEATS[2]]}
    assert statistics.check_game(bad)["seats"][0].get("here", True) is True


def _line(names, kinds, scores, winners, traits, level="easy") -> dict:
    seats = [{"name": n, "kind": k, "level": level if k == "bot" else ""}
             for n, k in zip(names, kinds, strict=True)]
    return {"date": "2026-11-28 13:00", "seats": seats, "scores": scores, "winners": winners,
            "traits": traits}


def test_a_pass_and_play_game_is_counted_by_name_not_as_you():
    """After a three-person hot-seat game the page said "you won 1 of 1, average 16.7": every
    human seat together was "you". "You" is the one person at this screen (against bots or
    online); a game several played here is counted by name, apart."""
    solo = [_line(["Ann", "Bot"], ["human", "bot"], [30, 20], [0], [["kidney"], ["swarm"]]),
            _line(["Ann", "Bot"], ["human", "bot"], [10, 25], [1], [["nano"], ["swarm"]],
                  level="hard")]
    hot = [_line(["Ann", "Bart", "Cleo", "Bot"], ["human", "human", "human", "bot"],
                 [25, 13, 12, 40], [3], [["bad"], ["bark"], ["icy"], ["swarm"]]),
           _line(["Cleo", "Bart", "Cleo"], ["human", "human", "human"], [31, 9, 5], [0, 1],
                 [["icy"], [], []])]
    statistics.stats_path().write_text("".join(json.dumps(g) + "\n" for g in solo + hot))
    s = statistics.summary()
    assert s["games"] == 4 and s["human_games"] == 2 and s["human_wins"] == 1
    assert s["best"] == 30 and s["average"] == 20
    assert [g["score"] for g in s["timeline"]] == [30, 10]
    assert s["by_level"] == {"easy": (1, 1), "hard": (1, 0)}       # the hot-seat bot: not yours
    assert dict(s["favourites"]) == {"kidney": 1, "nano": 1}
    pp = s["pass_and_play"]
    assert pp["games"] == 2
    assert pp["players"] == [                     # a shared win counts for each; one Cleo
        {"name": "Bart", "played": 2, "won": 1, "best": 13},
        {"name": "Cleo", "played": 2, "won": 1, "best": 31},
        {"name": "Ann", "played": 1, "won": 0, "best": 25}]
    # only pass-and-play: no "you" at all, never a win of one of them as yours
    statistics.stats_path().write_text("".join(json.dumps(g) + "\n" for g in hot))
    s = statistics.summary()
    assert s["human_games"] == 0 and s["best"] is None and s["timeline"] == []
    assert s["pass_and_play"]["games"] == 2
