"""Learn to play's notes never cover what they are about: for each step of the lesson, played
through with posted pygame events at 1280x720 and 960x600, the note's box keeps clear of every
place the step points at (with the glow drawn round it) and of every player's name bar (the
name, score and level the steps talk about: "the number beside your name", "the bot's
pile"). A note used to sit on the bot's name bar at most steps and on yours when it pointed at
the bot's pile."""

from __future__ import annotations

import pygame
import pytest
from uidriver import click, find, key, lesson_move

from doomlings_desktop.storage.settings import Settings
from doomlings_desktop.ui.app import App
from doomlings_desktop.ui.table.lesson import find as lesson_find


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))


def _app(size) -> App:
    from doomlings_desktop.ui import router

    s = Settings()
    s.animation = "off"
    s.bot_pace = 0.0
    app = App(size=size, settings=s)
    app.go(router.make(app, "menu"))
    app.frame()
    return app


def _next_step(app, layer, frames: int = 300):
    for _ in range(frames):
        if layer.step() is not None:
            app.frame(dt=0.5)
            return layer.step()
        if app.scene.game.over and app.scene.we_step < 1e9:
            key(app, pygame.K_SPACE, " ")      # World's End told: on to the scores
        app.frame(dt=0.5)
    return None


def _do(app, sc, s) -> None:
    """The step's move (or Next), as the learner makes it."""
    if s.do is None:
        click(app, find(sc, ("button", ("lesson", "next"))).center)
        return
    lesson_move(app, sc, s)


@pytest.mark.parametrize("size", [(1280, 720), (960, 600)])
def test_no_note_covers_what_it_points_at_or_a_players_name(size):
    app = _app(size)
    click(app, find(app.scene, ("button", "learn")).center)
    sc = app.scene
    layer = sc.overlays.lesson
    seen = []
    while (s := _next_step(app, layer)) is not None:
        note = layer.rect
        assert note is not None and app.screen.get_rect().contains(note)
        targets = [r for what, which in s.point for r in lesson_find(sc, what, which)]
        assert len(targets) >= len(s.point), f"{s.id}: not everything it names is shown"
        for r in targets:           # the glow is drawn 7 px round what is pointed at
            assert not note.colliderect(r.inflate(14, 14)), f"{s.id}: covers {r} at {size}"
        if not sc.game.over:        # the end screen covers the piles with the scores
            for p in sc.layout.panels:
                assert not note.colliderect(p.header), \
                    f"{s.id}: covers seat {p.seat}'s name at {size}"
        seen.append(s.id)
        _do(app, sc, s)
        assert sc.match.lesson.index == len(seen) or not sc.match.lesson.running, s.id
    assert seen == [s.id for s in sc.match.lesson.steps]
