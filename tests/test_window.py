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


# ---------------------------------------------------------------- the size it opens at

def _write_settings(d: dict) -> None:
    path = config_dir() / "settings.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(d))


def _desktop(monkeypatch, size: tuple[int, int]) -> None:
    """The screen SDL reports, as a driver with a screen would (the dummy driver the tests
    draw on has none): "windows", which changes nothing else at start-up."""
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "windows")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [size])


@pytest.mark.parametrize(("desktop", "want"), [
    ((1280, 720), (1280, 720)), ((1366, 768), (1280, 720)), ((1600, 900), (1280, 720)),
    ((2600, 800), (1280, 720)), ((1920, 1200), (1632, 918)), ((1920, 1080), (1632, 918)),
    ((2560, 1440), (2176, 1224)), ((3840, 2160), (3264, 1836))])
def test_with_no_size_chosen_a_big_screen_opens_a_big_window(monkeypatch, desktop, want):
    """On a 2560x1440 screen the window opened at 1280x720, a quarter of it (the tryout): on
    a desktop 1.5 times the design size both ways it opens at the same shape, 85% of the
    desktop (room for the task bar and title bar); smaller or wide-and-low desktops (the
    real-window tests' 1280x720, a 1366x768 laptop, the two-window test's 2600x800) as
    before. A settings file from before, with its 1280x720, counts as no choice."""
    _desktop(monkeypatch, desktop)
    app = App()
    assert app.screen.get_size() == want
    w, h = want
    assert abs(w / h - 16 / 9) < 0.01 and w <= desktop[0] and h <= desktop[1]
    _write_settings({"window": [1280, 720], "volume": 0.5})      # an older version's file
    assert App().screen.get_size() == want


def test_the_opening_size_is_not_taken_for_a_choice_but_a_resize_is(monkeypatch):
    """The window manager's first size event (the size the program asked for) must not pin
    2176x1224 for good: on the laptop next time it opens at 1280x720. A size the player
    drags it to is remembered, and opened at again."""
    _desktop(monkeypatch, (2560, 1440))
    app = App()
    _resize(app, (2176, 1224))
    assert not app.settings.window_chosen
    app.settings.save()
    _desktop(monkeypatch, (1366, 768))
    assert App().screen.get_size() == (1280, 720)
    _desktop(monkeypatch, (2560, 1440))
    app = App()
    _resize(app, (1800, 1000))
    app.frame(dt=0.6)           # saved once the resizing stops
    saved = json.loads((config_dir() / "settings.json").read_text())
    assert saved["window"] == [1800, 1000] and saved["window_chosen"] is True
    assert App().screen.get_size() == (1800, 1000)


@pytest.mark.parametrize(("saved", "desktop", "want"), [
    ([3000, 2000], (1920, 1080), (1920, 1080)),       # larger than the screen: within it
    ([300, 200], (2560, 1440), (640, 480)),           # under the minimum: raised to it
    ([600, 900], (1366, 768), (640, 768)),
    ([10**9, 700], (2560, 1440), (2176, 1224)),       # absurd: no choice, the default
    (["wide", None], (2560, 1440), (2176, 1224)),
])
def test_a_saved_size_is_kept_within_the_screen_and_the_minimum(monkeypatch, saved, desktop,
                                                                 want):
    _desktop(monkeypatch, desktop)
    _write_settings({"window": saved, "window_chosen": True})
    app = App()
    assert app.screen.get_size() == want


def test_back_from_full_screen_the_window_has_its_opening_size(monkeypatch):
    _desktop(monkeypatch, (2560, 1440))
    app = App()
    app.toggle_fullscreen()
    app.toggle_fullscreen()
    assert app.screen.get_size() == (2176, 1224) and not app.settings.window_chosen


def test_an_older_files_resized_window_is_still_the_players_choice(monkeypatch):
    """Before "window_chosen", only a resize saved a size other than 1280x720."""
    _desktop(monkeypatch, (2560, 1440))
    _write_settings({"window": [1500, 850]})
    app = App()
    assert app.screen.get_size() == (1500, 850) and app.settings.window_chosen
    assert app.warning is None


def test_the_log_names_the_video_driver_sdl_took(monkeypatch, caplog):
    """The program's log names the driver the window really opened on (SDL may fall back
    to one that shows nothing), not only the one the environment asked for: the log said
    "video driver default" whatever SDL then took."""
    import logging

    from doomlings_desktop.ui import app as app_module

    monkeypatch.setattr(app_module.App, "run", lambda self: 0)
    caplog.set_level(logging.INFO, logger="doomlings")
    assert app_module.main() == 0
    driver = pygame.display.get_driver()
    assert any(f"on video driver {driver}" in r.getMessage() for r in caplog.records), \
        [r.getMessage() for r in caplog.records]
