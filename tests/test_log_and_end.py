"""The game log: who discarded whose trait, the winner not named before World's End has been
shown, and the bots' reasons kept across Continue (and shown in replays)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml
from uidriver import click, find, wait_until

from doomlings_desktop.commands.scenario import Runner
from doomlings_desktop.rules.cards import default_database
from doomlings_desktop.rules.events import events_for
from doomlings_desktop.storage import saves
from doomlings_desktop.ui.table import SeatConfig, TableScene
from tests.test_ui import make_app, texts_of_a_frame

SCENARIOS = Path(__file__).parent / "scenarios"


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))
    saves._cache.clear()


def discards_logged(name: str) -> list[str]:
    r = Runner(default_database(), yaml.safe_load((SCENARIOS / f"{name}.yaml").read_text()))
    r.run()
    return [text for kind, text in events_for(r.g, -1) if kind == "discard_trait"]


# ---------------------------------------------------------------- who discarded whose trait

@pytest.mark.parametrize("scenario, lines", [
    # Reckless: the actor picks from the opponent's pile, then the opponent from the actor's
    ("traits/reckless", ["Player 1 discards Adorable from Player 2's pile.",
                         "Player 2 discards Fangs from Player 1's pile."]),
    ("traits/territorial", ["Player 2 discards Quick from their pile."]),
    ("catastrophes/the-four-horsemen", ["Player 2 discards Quick from their pile.",
                                        "Player 1 discards Bark from their pile."]),
    ("traits/voracious", ["Player 1 discards Bark from their pile."]),
    ("traits/hyper-intelligence", ["Player 2 discards Fangs from their pile at random.",
                                   "Player 3 discards Quick from their pile at random."]),
])
def test_the_log_says_who_discarded_whose_trait(scenario, lines):
    assert discards_logged(scenario) == lines


# ---------------------------------------------------------------- the winner waits

def finished_table(seed: int = 8, animation: str = "normal"):
    app = make_app(animation=animation)
    app.settings.log_open = True       # the log column open (folded, it draws no lines)
    sc = TableScene(app, [SeatConfig("Ann"), SeatConfig("Bob", "bot")], seed=seed)
    app.go(sc)
    r = random.Random(seed)
    while sc.game.pending:
        sc.game.apply(r.choice(sc.game.pending.options))
    return app, sc


def log_texts(app, sc) -> list[str]:
    """What the log panel draws in one frame (the strings drawn inside its rectangle)."""
    drawn = texts_of_a_frame(app, sc)
    lines = sc._log_lines[1]
    return [s for s in drawn if any(s == line for line, _ in lines)]


def test_the_log_names_no_winner_before_world_end_has_been_shown():
    app, sc = finished_table()
    g = sc.game
    winner = next(text for kind, text in events_for(g, -1) if kind == "winner")
    at = max(i for i, e in enumerate(g.log) if e.kind == "world_end")
    app.frame()
    assert find(sc, ("world_end",)) is not None
    for _ in range(30):                      # the reveal under way
        app.frame()
        shown = " ".join(line for line, _ in sc._log_lines[1])
        assert "World's End!" in shown and winner not in shown
        # nothing after World's End's first line (entries compared by position: a later
        # line's words may repeat an earlier one's)
        assert sc.panels.log.shown(sc.view) == at + 1 < len(g.log)
    click(app, (10, 10))                     # the reveal is over: the scores, and the log
    app.frame()
    shown = " ".join(line for line, _ in sc._log_lines[1])
    assert find(sc, ("button", "new_game")) is not None and winner.split(" with ")[0] in shown


def test_without_animation_the_log_is_whole_at_once():
    app, sc = finished_table(animation="off")
    app.frame()
    app.frame()
    winner = next(text for kind, text in events_for(sc.game, -1) if kind == "winner")
    assert winner.split(" with ")[0] in " ".join(line for line, _ in sc._log_lines[1])


# ---------------------------------------------------------------- bot reasons survive Continue

def test_bot_reasons_survive_continue():
    app = make_app()
    app.settings.log_open = True       # the log column open, in the game continued too
    sc = TableScene(app, [SeatConfig("Ann"), SeatConfig("Bob", "bot", "easy"),
                          SeatConfig("Cy", "bot", "medium")], seed=11)
    app.go(sc)
    r = random.Random(3)

    def turn() -> None:
        if sc.game.pending.player == 0:
            sc.apply(r.choice(sc.game.pending.options))
        app.frame()
    wait_until(lambda: len(sc.bot_notes) >= 4 and sc.game.pending.player == 0,
               "four bot moves with their reasons", pump=turn, idle_s=0.001)
    notes = dict(sc.bot_notes)
    assert len(notes) >= 4
    app.frame()
    before = [line for line, _ in sc._log_lines[1] if line.strip().startswith("(")]
    assert before
    from doomlings_desktop.ui.scenes.main_menu import MenuScene
    app.go(MenuScene(app))
    app.frame()
    click(app, find(app.scene, ("button", "continue")).center)
    again = app.scene
    assert isinstance(again, TableScene) and again is not sc
    assert again.bot_notes == notes
    app.frame()
    assert [line for line, _ in again._log_lines[1] if line.strip().startswith("(")] == before


def test_bot_reasons_show_in_a_replay_of_the_save():
    from doomlings_desktop.commands.simulate import play_random
    from doomlings_desktop.ui.table import ReplayScene
    g = play_random(default_database(), 2, 5)
    seats = [{"name": "A", "kind": "bot", "level": "easy"}, {"name": "B", "kind": "bot"}]
    path = saves.save(g, seats, "last game", {2: "for its 4 points"})
    app = make_app()
    app.settings.log_open = True
    rec = saves.read_record(path)
    sc = ReplayScene(app, rec, [SeatConfig("A", "bot"), SeatConfig("B", "bot")], None)
    assert sc.bot_notes == {2: "for its 4 points"}
    sc.goto(10**9)
    app.go(sc)
    app.frame()
    assert "  (for its 4 points)" in [line for line, _ in sc._log_lines[1]]


def test_deus_ex_machina_says_one_point_not_one_points():
    """Seen at the end of a six-seat game: "Player 6 draws Cold Blood: +1 points." """
    r = Runner(default_database(), yaml.safe_load(
        (SCENARIOS / "rulings/r29-deus-ex-machina.yaml").read_text()))
    r.run()
    lines = [text for kind, text in events_for(r.g, -1) if kind == "deus"]
    assert any(line.endswith("Fangs: +1 point.") for line in lines), lines
    assert any(line.endswith("Heroic: +5 points.") for line in lines), lines
    assert any(line.endswith("Confusion: -2 points.") for line in lines), lines
