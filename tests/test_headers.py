"""Every bot's header says its level, however long the names and however large the
interface: the name is cut before the level goes."""

from __future__ import annotations

import pytest

from doomlings_desktop.storage.settings import Settings
from doomlings_desktop.ui.app import App
from doomlings_desktop.ui.table import SeatConfig, TableScene


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("n", [4, 6])
def test_each_bot_header_shows_its_level(scale, n):
    s = Settings()
    s.animation = "off"
    s.ui_scale = scale
    app = App(size=(1280, 720), settings=s)
    levels = ["easy", "medium", "hard", "medium", "easy"]
    seats = [SeatConfig("Player 1")] + [SeatConfig(f"Player {i + 2}", "bot", levels[i])
                                        for i in range(n - 1)]
    sc = TableScene(app, seats, seed=3)
    app.go(sc)
    drawn: list[str] = []
    render = app.text.render
    app.text.render = lambda t, *a, **k: (drawn.append(t), render(t, *a, **k))[1]
    sc._view_key = ()
    app.frame()
    app.text.render = render
    for level in levels[:n - 1]:
        word = level.capitalize()
        shown = sum(1 for t in drawn if t in (f"{word} bot", word, word[:1]))
        assert shown >= levels[:n - 1].count(level), (level, drawn)


def header_texts(app, sc):
    drawn: list[str] = []
    render = app.text.render
    app.text.render = lambda t, *a, **k: (drawn.append(t), render(t, *a, **k))[1]
    sc._view_key = ()
    app.frame()
    app.text.render = render
    return drawn


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_the_first_players_badge_and_a_bot_level_give_way_before_the_name(scale):
    """The tryout's "Pla…  1st  M": at 1280x720 with six seats every player's name is drawn
    whole whoever holds "1st" (a bot too), the badges shortening first ("1st" to its small
    mark, "Medium bot" to "M"); a bot's level and the first player's mark stay."""
    s = Settings()
    s.animation = "off"
    s.ui_scale = scale
    app = App(size=(1280, 720), settings=s)
    levels = ["easy", "medium", "hard", "medium", "random"]
    seats = [SeatConfig("Player 1")] + [SeatConfig(f"Player {i + 2}", "bot", levels[i])
                                        for i in range(5)]
    sc = TableScene(app, seats, seed=3)
    app.go(sc)
    for first in range(6):
        sc.game.first = first
        drawn = header_texts(app, sc)
        for q in range(6):
            assert f"Player {q + 1}" in drawn, (first, q, drawn)
        assert "1st" in drawn
        word = levels[(first - 1) % 5].capitalize() if first else None
        if word:
            assert any(t in (f"{word} bot", word, word[:1]) for t in drawn), (word, drawn)


NAMES = ["Alexandra", "Bob", "Maximilian", "Cy", "Genevieve", "Di"]
LEVELS = ["hard", "medium", "random", "easy", "medium"]


@pytest.mark.parametrize("size", [(1280, 720), (960, 600)])
@pytest.mark.parametrize("n", [4, 6])
def test_level_pills_and_names_are_cut_alike_in_every_header(size, n):
    """Headers of different widths (three panels in a row above two) and names of different
    lengths: every bot's pill takes the same form and every name the same size, never
    "Bob [Hard]" beside "Maximilian [M]" in a smaller hand (seen at 960x600, six seats)."""
    s = Settings()
    s.animation = "off"
    app = App(size=size, settings=s)
    seats = [SeatConfig(NAMES[0])] + [SeatConfig(NAMES[i + 1], "bot", LEVELS[i])
                                      for i in range(n - 1)]
    sc = TableScene(app, seats, seed=3)
    app.go(sc)
    drawn: list[tuple[str, int]] = []
    render = app.text.render
    app.text.render = lambda t, size, *a, **k: (drawn.append((t, size)), render(t, size, *a,
                                                                               **k))[1]
    sc._view_key = ()
    app.frame()
    app.text.render = render
    forms = set()
    for level in LEVELS[:n - 1]:
        word = level.capitalize()
        shown = [i for i, f in enumerate((f"{word} bot", word, word[:1]))
                 if any(t == f for t, _ in drawn)]
        assert shown, (word, drawn)
        forms |= set(shown)
    assert len(forms) == 1, f"the level pills are cut unevenly at {size}: {forms}"
    sizes = {px for t, px in drawn for name in NAMES[:n] if t == name}
    assert len(sizes) == 1, f"the names are drawn at sizes {sizes} at {size}"
