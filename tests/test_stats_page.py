"""The Statistics page, opened from the menu with a click: card names (never ids), the charts
of scores and wins, results per bot level and favourite cards with their faces; a hostile
statistics file changes none of that into a crash or into its own words on the screen."""

from __future__ import annotations

import json
import re

import pygame
import pytest
from uidriver import click, drawn_text, find

from doomlings_desktop.storage import statistics
from doomlings_desktop.storage.settings import Settings
from doomlings_desktop.ui.app import App
from doomlings_desktop.ui.theme import ACCENT, GOOD


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))
    (tmp_path / "data").mkdir()
    return tmp_path


def game(k: int, levels=("easy",), traits=("nano", "kidney", "icy"), date=None) -> dict:
    seats = [{"name": "Ann", "kind": "human", "level": ""}] + [
        {"name": f"Bot {i + 1}", "kind": "bot", "level": lv} for i, lv in enumerate(levels)]
    scores = [20 + k % 7] + [22 for _ in levels]
    return {"date": date or f"2026-11-{1 + k % 28:02d} 20:00", "seats": seats,
            "scores": scores, "winners": [0] if scores[0] > 22 else [1],
            "traits": [list(traits)] + [["swarm"] for _ in levels]}


def write(lines: list) -> None:
    statistics.stats_path().write_text(
        "".join((x if isinstance(x, str) else json.dumps(x)) + "\n" for x in lines),
        encoding="utf-8")


def open_stats(size=(1280, 720)) -> tuple[App, list[str]]:
    """The page opened from the menu, and every string its first frame drew."""
    s = Settings()
    s.animation = "off"
    app = App(size=size, settings=s)
    app.frame()
    seen = drawn_text(app)
    click(app, find(app.scene, ("button", "stats")).center)
    app.frame()
    assert type(app.scene).__name__ == "StatsScene"
    return app, seen


def has_colour(surf: pygame.Surface, r: pygame.Rect, colour: tuple) -> bool:
    return any(tuple(surf.get_at((x, y)))[:3] == colour
               for x in range(r.x, r.right, 2) for y in range(r.y, r.bottom, 2))


@pytest.mark.parametrize("size", [(1280, 720), (960, 600)])
def test_the_page_shows_names_charts_levels_and_faces(size):
    write([game(k, levels=("easy", "hard") if k % 3 else ("medium",)) for k in range(30)])
    app, seen = open_stats(size)
    sc = app.scene
    text = " ".join(seen)
    assert all(name in seen for name in ("Icy", "Kidney", "Nano")), text
    assert not any(s in ("nano", "icy", "kidney") or "nano (" in s or ", icy" in s
                   for s in seen), "a card shown by its id"
    scores, wins = find(sc, ("chart", "scores")), find(sc, ("chart", "wins"))
    assert scores is not None and wins is not None and not scores.colliderect(wins)
    assert has_colour(app.screen, scores, ACCENT) and has_colour(app.screen, wins, GOOD)
    assert [a[1] for _, a in sc.targets if a[0] == "level"] == ["easy", "medium", "hard"]
    faces = [(r, a[1]) for r, a in sc.targets if a[0] == "card"]
    assert [i for _, i in faces] == ["icy", "kidney", "nano"]      # equal counts: by id
    w, h = size
    for r, _ in faces + [(scores, 0), (wins, 0)]:
        assert pygame.Rect(0, 0, w, h).contains(r)
    back = find(sc, ("button", "back"))
    assert all(not back.colliderect(r) for r, a in sc.targets if a[0] != "button")


def test_no_games_yet_says_so():
    app, seen = open_stats()
    assert any("No game finished yet" in s for s in seen)
    assert find(app.scene, ("chart", "scores")) is None


HOSTILE = [
    {**game(1), "seats": [{"name": "Ann", "kind": "human", "level": ""},
                          {"name": "B", "kind": "bot", "level": "godlike\x00"}]},
    {**game(2), "traits": [["../../etc/passwd"], ["swarm"]]},
    {**game(3), "traits": [["NANO"], ["swarm"]]},
    {**game(4), "traits": [["x" * 61], ["swarm"]]},
    {**game(5), "date": "\x1b[31m2026-99-99"},
    {**game(6), "scores": [10**6, -10**6]},
    {**game(7), "traits": [["not-a-card-anyone-has"], ["swarm"]]},
]


def test_every_field_of_a_hostile_file_is_checked_before_it_is_shown():
    write([game(k) for k in range(5)] + HOSTILE + ["{", "[]", "null"])
    app, seen = open_stats()
    text = "\n".join(seen)
    for bad in ("godlike", "passwd", "NANO", "xxxxxxxx", "\x1b", "2026-99", "not-a-card"):
        assert bad not in text, bad
    s = statistics.summary()
    assert set(s["by_level"]) <= set(statistics.LEVELS)
    assert s["skipped"] == 3 + 3            # three bad ids, three lines that are no game
    assert any("damaged" in x for x in seen)
    assert find(app.scene, ("chart", "scores")) is not None     # a score of a million drawn


def test_favourite_faces_are_the_cards_humans_keep_most():
    write([game(k, traits=("nano", "kidney", "kidney") + ("icy",) * (k % 2))
           for k in range(12)])
    app, _ = open_stats()
    faces = [a[1] for _, a in app.scene.targets if a[0] == "card"]
    assert faces == ["kidney", "nano", "icy"]       # bots' piles (all Swarm) not counted


def test_won_and_lost_differ_by_shape_not_only_by_colour():
    """A lost game's mark is a ring (scores) or a frame (wins), a won one a filled dot or
    square: a player who cannot tell the green from the red still reads them (issue 27)."""
    from doomlings_desktop.ui import charts
    from doomlings_desktop.ui.theme import BAD, BG, GOOD

    surf = pygame.Surface((60, 20))
    surf.fill(BG)
    charts.line(surf, [(10, 10), (40, 10)], ACCENT, 1, [GOOD, BAD], 6, [False, True])
    assert tuple(surf.get_at((10, 10)))[:3] == GOOD       # the dot's middle
    assert tuple(surf.get_at((40, 10)))[:3] == BG         # the ring's hole
    assert tuple(surf.get_at((40, 5)))[:3] == BAD
    write([game(k) for k in range(12)])
    app, _ = open_stats()
    wins = find(app.scene, ("chart", "wins"))
    below = pygame.Rect(wins.x, wins.bottom, wins.w, 40)
    assert has_colour(app.screen, below, GOOD) and has_colour(app.screen, below, BAD)
    lost = [g for g in range(12) if not 20 + g % 7 > 22]
    assert lost      # a lost game's square is a frame: its middle is the page
    step = wins.w / 12
    side = max(3, min(int(12 * app.unit), int(step) - 2))
    y = wins.bottom + int(8 * app.unit) + side // 2

    def middle(k: int) -> tuple:
        return tuple(app.screen.get_at((wins.x + round(step * (k + 0.5)), y)))[:3]
    assert middle(lost[0]) == BG and middle(min(set(range(12)) - set(lost))) == GOOD


def test_after_one_game_both_lines_of_the_scores_chart_show():
    """One game finished (the 28 November tryout): the best bot's score was a line through one
    point, so nothing was drawn, and the title said "the last 1 games"."""
    from doomlings_desktop.ui.theme import MUTED
    write([game(3)])
    app, seen = open_stats()
    scores = find(app.scene, ("chart", "scores"))
    assert has_colour(app.screen, scores, ACCENT)
    assert has_colour(app.screen, scores.inflate(-2, -2), MUTED), "the best bot's score is missing"
    assert any(s.startswith("Your score") for s in seen)
    assert not any("last 1 games" in s for s in seen)


def test_one_game_two_copies_of_a_trait_read_right():
    """Tried after one game at 2560x1440: "Your scores, the last 1 games", and Kidney "in 2
    piles" when the one pile held it twice."""
    write([game(0, traits=("kidney", "kidney", "nano"))])
    app, seen = open_stats()
    assert not [s for s in seen if "1 games" in s], seen
    assert any(s.startswith("Your score") for s in seen)
    assert "in 2 piles" not in seen and "in 1 pile" in seen, \
        [s for s in seen if s.startswith("in ")]


def test_one_game_without_a_bot_shows_its_share_and_no_bot_in_the_legend():
    """After a first game with no bot (an online one, Bart at his own computer): the scores
    chart says "your first game" (not "the last 1 games") and has no "best bot" line in its
    legend, and the share of games won shows its one point (one game drew no line, so 100%
    showed nowhere on the chart)."""
    seats = [{"name": "Ann", "kind": "human", "level": ""},
             {"name": "Bart", "kind": "human", "level": "", "here": False}]
    write([{"date": "2026-11-28 13:00", "seats": seats, "scores": [25, 13],
            "winners": [0], "traits": [["kidney"], ["bad"]]}])
    app, seen = open_stats()
    assert "Your score, your first game" in seen
    assert not any("the last 1 games" in x for x in seen)
    assert "best bot" not in app.scene.legends and "share won" in app.scene.legends
    plot = next(r for r, k in app.scene.targets if k == ("chart", "wins"))
    top = pygame.Rect(plot.centerx - 8, plot.y - 8, 16, 16)       # 100%, the one game
    assert has_colour(app.screen, top, GOOD)


def hot_seat(names, scores, winners, date="2026-11-28 13:00") -> dict:
    return {"date": date, "seats": [{"name": n, "kind": "human", "level": ""} for n in names],
            "scores": scores, "winners": winners, "traits": [["kidney"] for _ in names]}


def test_a_pass_and_play_game_is_shown_by_name_not_as_yours():
    """The tryout: after a three-person hot-seat game the page said "you won 1 of 1, average
    16.7", every human seat together being "you". Now it says who won what, by name, and
    that there is no game of yours yet; a hostile name is shown cleaned (no control
    characters, 20 letters at most, as every name)."""
    write([hot_seat(["Ann", "Bartholomew the Great", "Cleo\x1b[31m"], [25, 13, 12], [0])])
    app, seen = open_stats()
    text = "\n".join(seen)
    assert "you won" not in text and "average" not in text
    assert any(x.startswith("Pass-and-play, 1 game (by name, not in yours): Ann won 1 of 1 · "
                            "Bartholomew the Grea won 0 of 1 · Cleo") for x in seen), text
    assert "No game of your own yet" in text and "\x1b" not in text
    listed = [a[1] for _, a in app.scene.targets if a[0] == "player"]
    assert listed[0] == "Ann" and len(listed) == 3
    assert find(app.scene, ("chart", "scores")) is None


def test_your_games_and_pass_and_play_games_are_told_apart():
    write([game(k) for k in range(6)] + [hot_seat(["Ann", "Bo"], [40, 41], [1])])
    app, seen = open_stats()
    s = statistics.summary()
    mine = sum(1 for k in range(6) if 20 + k % 7 > 22)
    assert any(x.startswith(f"7 games finished · you won {mine} of 6") for x in seen), seen
    assert s["best"] == max(20 + k % 7 for k in range(6))         # not the hot-seat's 40
    assert any(x.startswith("Pass-and-play, 1 game (by name, not in yours): Bo won 1 of 1 · "
                            "Ann won 0 of 1") for x in seen)
    assert find(app.scene, ("chart", "scores")) is not None


def test_a_recent_game_line_names_the_winner_before_any_cut():
    """The tryout's line after a four-player game was "Player 1 21, Player 2 26, Player 3
    28, Player 4 25: Player..." at 1280x720: the winner, the one thing the line is for, was
    cut off. The winner comes first now, then the scores highest first, and a cut takes the
    lowest."""
    seats = [{"name": f"Player {i + 1}", "kind": "human" if i == 0 else "bot",
              "level": "" if i == 0 else "medium"} for i in range(4)]
    write([{"date": "2026-11-28 18:22", "seats": seats, "scores": [21, 26, 28, 25],
            "winners": [2], "traits": [["kidney"], ["swarm"], ["swarm"], ["swarm"]]}] * 2)
    app, seen = open_stats()
    lines = [s for s in seen if s.startswith("2026-11-28: ")]
    assert lines, seen
    for line in lines:
        assert line.startswith("2026-11-28: Player 3 won with 28"), line
        shown = line.rstrip("…").removesuffix("...")
        order = [int(x) for x in re.findall(r"Player \d (\d+)", shown)]
        assert order == sorted(order, reverse=True), line


@pytest.mark.parametrize("size", [(1280, 720), (960, 600), (2176, 1224)])
def test_the_marks_per_game_under_the_wins_chart_have_a_legend(size):
    """A tryout at 1280x720: "Games won so far" drew a mark per game under its axis (a green
    square won, a red frame lost) that nothing explained. The legend names both, with the mark
    drawn as the chart draws it, and no legend entry runs into another, the last game's day or
    past the chart."""
    write([game(k) for k in range(12)])
    app, seen = open_stats(size)
    assert "a game won" in app.scene.legends and "a game lost" in app.scene.legends
    plot = find(app.scene, ("chart", "wins"))
    boxes = app.scene.legend_boxes
    for i, a in enumerate(boxes):
        assert a.right <= plot.right + 1, (a, plot)
        for b in boxes[i + 1:]:
            assert not a.colliderect(b), (a, b)
    won = boxes[app.scene.legends.index("a game won") - len(app.scene.legends)]
    lost = boxes[app.scene.legends.index("a game lost") - len(app.scene.legends)]
    from doomlings_desktop.ui.theme import BAD
    assert has_colour(app.screen, pygame.Rect(won.x, won.y, won.h, won.h), GOOD)
    assert has_colour(app.screen, pygame.Rect(lost.x, lost.y, lost.h, lost.h), BAD)
