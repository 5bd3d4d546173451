"""The window: a resize is remembered at once, and the table's cards take their new places
without sliding across it."""

from __future__ import annotations

import json

import pygame
import pytest

from doomlings_desktop.storage.settings import Settings, config_dir
from doomlings_desktop.ui.app import App
from doomlings_desktop.ui.table import SeatConfig, TableScene


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))


def _table(animation: str = "normal") -> tuple[App, TableScene]:
    s = Settings()
    s.animation = animation
    s.bot_pace = 0.0
    app = App(size=(1280, 720), settings=s)
    sc = TableScene(app, [SeatConfig("Ann"), SeatConfig("Bob", "bot")], seed=5)
    app.go(sc)
    for _ in range(3):
        app.frame(dt=1.0)        # cards dealt and at rest
    assert not sc.motion.busy
    return app, sc


def _resize(app: App, size: tuple[int, int]) -> None:
    app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    app.frame([pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])],
              dt=0.01)


def test_resizing_the_window_does_not_slide_the_cards():
    app, sc = _table()
    _resize(app, (1600, 900))
    assert sc.layout.size == (1600, 900)
    assert not sc.motion.busy, "cards slid to their new places instead of being there"


def test_a_resized_window_is_saved_once_the_resizing_stops():
    app, _ = _table()
    path = config_dir() / "settings.json"
    _resize(app, (1500, 850))
    _resize(app, (1400, 800))
    assert not path.exists() or json.loads(path.read_text())["window"] != [1400, 800]
    app.frame(dt=0.6)
    assert json.loads(path.read_text())["window"] == [1400, 800]
