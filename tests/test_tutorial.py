"""Learn to play: the lesson's data files are checked as they load, the lesson keeps the game
on its script while a step is shown, and the whole lesson is played from the menu through
posted events, each step pointing at something on the table."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame
import pytest
from uidriver import click, drag, find, key, lesson_move

from doomlings_desktop.commands.cli import parser
from doomlings_desktop.play import tutorial
from doomlings_desktop.play.tutorial import LessonError, lesson_match, load
from doomlings_desktop.resources import resource
from doomlings_desktop.storage import saves, statistics
from doomlings_desktop.storage.settings import Settings
from doomlings_desktop.ui.app import App
from doomlings_desktop.ui.table.lesson import find as lesson_find


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path / "home"))


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "tutorial"
    shutil.copytree(resource("assets/tutorial"), folder)
    return folder


@pytest.mark.parametrize("change, words", [
    (("lesson.yaml", "do: {play: blubber}", "do: {play: blubberz}"), "no card 'blubberz'"),
    (("lesson.yaml", "    at: end_turn\n", "    at: later\n"), "'at' must be one of"),
    (("lesson.yaml", "point: [{strip: blubber}]", "point: [{elsewhere: 1}]"),
     "cannot point at 'elsewhere'"),
    (("lesson.yaml", "  - id: welcome\n", "  - id: welcome\n    colour: red\n"),
     "step 1: unknown keys ['colour']"),
    (("lesson.yaml", "steps:", "steps: [\n"), "lesson.yaml: cannot be read"),
    (("deal.yaml", "hand: [blubber,", "hand: [no-such-card,"), "deal.yaml"),
    (("lesson.yaml", "bot: [antlers,", "bot: [7,"), "'bot' is a list"),
])
def test_a_bad_lesson_file_names_the_file_the_step_and_the_key(db, tmp_path, change, words):
    folder = _copy(tmp_path)
    name, old, new = change
    text = (folder / name).read_text()
    assert old in text
    (folder / name).write_text(text.replace(old, new, 1))
    with pytest.raises(LessonError, match=None) as e:
        tutorial.deal(db, load(db, folder), ["You", "Bot"])
    assert words in str(e.value)


def _answer_for(m, step):
    """The answer a step's `do` asks for, among the pending decision's options."""
    d = m.game.pending
    kind, value = step.do
    if kind == "end_turn":
        return "end"
    for o in d.options:
        named = m.db.cards[o].id if isinstance(o, int) and d.kind in ("play", "card", "react") \
            else o
        if named == value:
            return o
    raise AssertionError(f"{step.id}: {value} is not among {d}")


def test_the_lesson_runs_its_whole_script_and_the_learner_wins():
    m = lesson_match()
    seen = []
    for _ in range(400):
        m.tick(1.0)
        s = m.lesson.step(m.game)
        if s is None:
            if m.game.over:
                break
            continue
        seen.append(s.id)
        if s.do is None:        # a note to read: no move is taken until Next
            d = m.game.pending
            if d is not None:
                assert m.apply("end" if d.kind == "end_turn" else d.options[0]) is not None
            assert m.lesson.next(m.game)
        else:
            assert m.apply(_answer_for(m, s)) is None
    assert seen == [s.id for s in m.lesson.steps]
    assert not m.lesson.running and m.game.over and m.game.winners == (0,)
    assert not saves.has_autosave() and not statistics.load_stats().get("games")   # a lesson is no game


def test_while_a_step_waits_for_a_move_no_other_move_is_taken(db):
    m = lesson_match()
    m.tick(1.0)
    while m.lesson.step(m.game).do is None:
        m.lesson.next(m.game)
    step = m.lesson.step(m.game)
    assert step.id == "drag"
    other = next(o for o in m.game.pending.options if db.cards[o].id != "blubber")
    before = list(m.game.answers)
    why = m.apply(other)
    assert why and "Blubber" in why and m.game.answers == before
    assert not m.can_undo()           # the script can't be rewound under the learner
    assert m.apply(_answer_for(m, step)) is None
    assert m.lesson.step(m.game).id == "face-value"


def test_hint_during_a_step_is_the_lessons_move(db):
    m = lesson_match()
    m.tick(1.0)
    while m.lesson.step(m.game).do is None:
        m.lesson.next(m.game)
    assert m.ask_hint()
    hint = m.hint()
    assert db.cards[hint.answer].id == "blubber" and "Blubber" in hint.why
    assert m.seats[0].hints == 1


def test_skipping_hands_the_game_over_to_the_learner_and_the_easy_bot(db):
    m = lesson_match()
    m.tick(1.0)
    m.lesson.skip()
    assert m.lesson.step(m.game) is None
    other = next(o for o in m.game.pending.options if db.cards[o].id != "blubber")
    assert m.apply(other) is None
    assert m.can_undo() and m.undo()       # a prepared game is rebuilt from its deal to undo
    assert other in m.game.pending.options and m.game.answers == []
    for _ in range(400):
        if m.game.over:
            break
        if not m.tick(1.0) and m.game.pending is not None and m.game.pending.player == 0:
            d = m.game.pending
            m.apply("end" if d.kind == "end_turn" else d.options[0])
    assert m.game.over


def test_tutorial_flag_opens_the_lesson():
    assert parser().parse_args(["play", "--tutorial"]).tutorial


def _app() -> App:
    s = Settings()
    s.animation = "off"
    s.bot_pace = 0.0
    app = App(size=(1280, 720), settings=s)
    from doomlings_desktop.ui import router

    app.go(router.make(app, "menu"))
    app.frame()
    return app


def _run_until_step(app, layer, frames: int = 300):
    for _ in range(frames):
        if layer.step() is not None:
            app.frame(dt=0.5)    # a player reads first: no click lands as a double-click
            return layer.step()
        if app.scene.game.over and layer.step() is None and app.scene.we_step < 1e9:
            key(app, pygame.K_SPACE, " ")     # World's End told: on to the scores
        app.frame(dt=0.5)
    return None


def test_learn_to_play_from_the_menu_through_posted_events():
    app = _app()
    click(app, find(app.scene, ("button", "learn")).center)
    sc = app.scene
    assert sc.match.lesson is not None and sc.match.seats[1].level == "easy"
    layer = sc.overlays.lesson
    steps = sc.match.lesson.steps
    done = []
    while True:
        s = _run_until_step(app, layer)
        if s is None:
            break
        assert layer.rect is not None and sc.app.screen.get_rect().contains(layer.rect)
        for what, which in s.point:
            assert lesson_find(sc, what, which), f"{s.id}: {what} {which} is not on the table"
        for r in layer.lit:      # the note never hides what it is about
            assert not layer.rect.colliderect(r), f"{s.id}: the note covers what it points at"
        done.append(s.id)
        if s.do is None:
            if len(done) % 2:
                click(app, find(sc, ("button", ("lesson", "next"))).center)
            else:
                key(app, pygame.K_RETURN, "\r")
            continue
        lesson_move(app, sc, s)
        assert sc.match.lesson.index == len(done), f"{s.id}: the move did not take"
    assert done == [s.id for s in steps]
    assert sc.game.over and sc.game.winners == (0,) and not sc.match.lesson.running
    assert find(sc, ("button", "new_game")) and not find(sc, ("button", "decided")), \
        "the lesson's moves were the script's: nothing to review"


def test_skip_lesson_button_lets_the_game_go_on_freely():
    app = _app()
    click(app, find(app.scene, ("button", "learn")).center)
    sc = app.scene
    layer = sc.overlays.lesson
    assert _run_until_step(app, layer) is not None
    click(app, find(sc, ("button", ("lesson", "skip"))).center)
    assert sc.match.lesson.skipped and layer.step() is None
    # any card may be played now
    card = next(c for c in sc.game.pending.options if sc.db.cards[c].id == "selfish")
    drag(app, find(sc, ("hand", card)).center, find(sc, ("panel", 0)).center)
    assert card in sc.game.players[0].pile


def test_the_menu_shows_a_newcomer_where_to_start(monkeypatch):
    app = _app()
    menu = app.scene
    learn = next(b for b in menu.buttons if b.key == "learn")
    assert menu.first_time and learn.tone is not None
    monkeypatch.setattr(statistics, "load_stats", lambda: {"games": [{"winner": 0}]})
    app.frame()
    learn = next(b for b in menu.buttons if b.key == "learn")
    assert not menu.first_time and learn.tone is None


def test_a_kept_game_in_progress_is_no_newcomers_menu(monkeypatch):
    """An autosave that cannot be continued here (kept for changed card rules or a broken
    module file) greys Continue out, but its player is not shown the newcomer's menu."""
    from doomlings_desktop.storage import saves

    path = saves.autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{}")
    monkeypatch.setattr(saves, "has_autosave", lambda: False)
    app = _app()
    menu = app.scene
    learn = next(b for b in menu.buttons if b.key == "learn")
    assert not menu.first_time and learn.tone is None
