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


def _at_several_with_a_count_in_the_prompt():
    import random

    from doomlings_desktop.rules.cards import default_database
    from doomlings_desktop.rules.engine import Game

    rng = random.Random(1)
    for seed in range(300):
        g = Game.new(default_database(), 2, seed=seed, names=["Ann", "Bob"])
        while g.pending is not None and not (
                g.pending.player == 0 and g.pending.count >= 2 and g.pending.zone == "hand"
                and g.pending.prompt.endswith("left)")):
            g.apply(rng.choice(g.pending.options))
        if g.pending is not None:
            return g
    pytest.fail("no game reached a count in a prompt")


def test_the_counter_of_several_cards_reads_as_one_phrase():
    """'Enlightenment: ... (2 left) (0 chosen (up to 2))' read as three afterthoughts."""
    g = _at_several_with_a_count_in_the_prompt()
    app = make_app()
    sc = TableScene(app, [SeatConfig("Ann"), SeatConfig("Bob", "bot")], 0, game=g)
    sc.autosave = False
    app.go(sc)
    app.frame()
    d = g.pending
    seen = []
    render = app.text.render

    def spy(s, *a, **k):
        seen.append(s)
        return render(s, *a, **k)
    app.text.render = spy
    sc._view_key = ()
    app.frame()
    app.text.render = render
    line = " ".join(s for s in seen if "chosen" in s or "stabiliz" in s)
    assert f"0 of up to {d.count} chosen" in line, seen
    assert "left)" not in line and ") (" not in line and "((" not in line, line


@pytest.mark.parametrize("prompt, want", [
    ("Enlightenment: you may discard a card before stabilizing (2 left)",
     "Enlightenment: you may discard a card before stabilizing (0 of up to 2 chosen)"),
    ("Glacier: discard 2 cards (from your hand)",
     "Glacier: discard 2 cards (from your hand; 0 of up to 2 chosen)"),
    ("Discard 2 cards", "Discard 2 cards (0 of up to 2 chosen)"),
])
def test_a_prompt_and_its_counter_make_one_bracket(prompt, want):
    from doomlings_desktop.ui.phrases import counted, with_counter
    assert with_counter(prompt, counted(0, 2, True)) == want
