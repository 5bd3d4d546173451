"""Small things a new player met in the tryouts (issue 26, part 3), each driven with posted
pygame events the way a player would meet it."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest
from uidriver import click, find, key

from doomlings_desktop.storage.settings import Settings
from doomlings_desktop.ui.app import App
from doomlings_desktop.ui.table import SeatConfig, TableScene


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))


def make_app(size=(1280, 720), ui_scale=1.0) -> App:
    s = Settings()
    s.animation = "off"
    s.bot_pace = 0.0
    s.ui_scale = ui_scale
    return App(size=size, settings=s)


@pytest.mark.parametrize("ui_scale", [1.0, 1.25, 1.5])
def test_the_click_on_main_menu_never_presses_quit(ui_scale):
    """At 150% the game menu's Main menu lies over the main menu's Quit: the click that
    opens the menu, and a second click where it was, must not quit."""
    app = make_app(ui_scale=ui_scale)
    app.go(TableScene(app, [SeatConfig("Ann"), SeatConfig("Bob", "bot")], seed=5))
    app.frame()
    key(app, pygame.K_ESCAPE)
    at = find(app.scene, ("button", "main_menu")).center
    click(app, at)
    assert type(app.scene).__name__ == "MenuScene"
    app.frame()
    click(app, at)          # the double-click's second half, or an impatient second click
    assert app.running and type(app.scene).__name__ == "MenuScene"
    quit_at = find(app.scene, ("button", "quit"))
    away = (quit_at.centerx, quit_at.top - 80)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=away, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.frame()
    click(app, quit_at.center)      # a deliberate click on Quit still quits
    assert not app.running


def test_the_window_is_called_doomlings(monkeypatch):
    for var in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS"):
        monkeypatch.delenv(var, raising=False)
    make_app()
    assert pygame.display.get_caption()[0] == "Doomlings"
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "Doomlings"
    desktop = Path(__file__).resolve().parent.parent / "packaging" / "doomlings-desktop.desktop"
    assert "StartupWMClass=Doomlings\n" in desktop.read_text(encoding="utf-8")
