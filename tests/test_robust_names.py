"""Odd names through every place a name is read or typed: code points of every Unicode general
category (a fixed sample of each), control characters, zero-width ones (U+200B, U+FE0F, U+034F,
U+FFFC, U+200D, U+2060), lone surrogates, NUL, combining stacks, right-to-left text and very
long names. A save's seat names open the Load screen and the table; settings.json's names open
New game and start a game; names typed into New game's fields and the Rename box (posted
KEYDOWN and TEXTINPUT events). No traceback (tests run with DOOMLINGS_RAISE=1, so an error
screen would fail them), no error screen, nothing lost: every save still listed and unchanged,
every other setting kept, and each name is what `names.clean_name` makes of it.
"""

from __future__ import annotations

import json
import random
import unicodedata
from collections import defaultdict
from functools import lru_cache

import pygame
import pytest
from uidriver import click, find, key, post

from doomlings_desktop.names import MARKS_MAX, NAME_MAX, can_type, clean_name, name_of
from doomlings_desktop.rules.cards import default_database
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.storage import saves
from doomlings_desktop.storage.settings import Settings, config_dir
from doomlings_desktop.ui import router
from doomlings_desktop.ui.app import App, Text
from doomlings_desktop.ui.cardart import text as cardtext
from doomlings_desktop.ui.fonts import font

ZERO_WIDTH = ["\u200b", "\ufe0f", "\u034f", "\ufffc", "\u200d", "\u2060"]
SPECIAL = [
    "\x00", "A\x00nn", "\t", "\x7f", "\x1b[31mred", "Ann\nBob", "\ud800", "\udfff", "A\udc00b",
    "\ud83d\ude00", *ZERO_WIDTH, *(f"A{z}b" for z in ZERO_WIDTH), "\u200b\ufe0f\u2060",
    "x" * 1000, "x " * 400, "é" * 300, "Z" + "\u0301" * 200, "\u0301Ann", "שלום", "مرحبا",
    "\u202eevil", "❤️", "Ann❤️", "👨\u200d👩\u200d👧", "\U000e0041\U000e007f", "\ue000",
    "\U0010ffff", "", " ", "\u3000", "Ann\u2028Bob", "ﷺ", "𒐫", "e\u0301", "Ǆ",
]


@lru_cache(maxsize=1)
def by_category() -> dict[str, list[str]]:
    out: dict[str, list[str]] = defaultdict(list)
    for c in range(0x110000):
        out[unicodedata.category(chr(c))].append(chr(c))
    return dict(out)


def corpus(per_category: int) -> list[str]:
    """`per_category` code points of each general category (a fixed sample), each alone and
    between letters, then the special cases."""
    r = random.Random(24)
    names = []
    for _cat, chars in sorted(by_category().items()):
        for ch in r.sample(chars, min(per_category, len(chars))):
            names += [ch, f"A{ch}b"]
    return names + SPECIAL


ALL = corpus(3)
TYPED = corpus(1)


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))
    saves._cache.clear()


def test_the_corpus_has_every_category(record_property):
    cats = {unicodedata.category(ch) for name in ALL for ch in name}
    assert cats == set(by_category()) and len(cats) == 30
    record_property("robustness", f"names: {len(ALL)} names from {len(cats)} categories through "
                                  f"saves and settings, {len(TYPED)} typed")


# ---------------------------------------------------------------- the rule, and the renderer

def _drawn_width(s: str) -> int:
    return Text().render(s, 18).get_width()


@pytest.mark.parametrize("raw", ALL, ids=range(len(ALL)))
def test_a_cleaned_name_can_be_shown_and_cleaning_it_again_changes_nothing(raw):
    name, _ = clean_name(raw, 2)
    assert 0 < len(name) <= NAME_MAX and name == name.strip()
    assert name == unicodedata.normalize("NFC", name)
    for ch in name:
        assert unicodedata.category(ch) not in ("Cc", "Cs", "Co", "Cn"), repr(ch)
        assert unicodedata.category(ch) != "Cf" or ch in "\u200c\u200d", repr(ch)
    assert clean_name(name, 2) == (name, None)
    pygame.init()
    assert _drawn_width(name) > 0


def test_what_is_kept_and_what_is_reported():
    assert clean_name("Zoë ❤️", 0) == ("Zoë ❤️", None)                # an emoji keeps its VS16
    assert clean_name("  Ann ", 0) == ("Ann", None)
    assert clean_name("e\u0301", 0) == ("\u00e9", None)                # NFC is no change
    assert clean_name("👨\u200d👩\u200d👧", 0)[1] is None                 # a family stays one
    for z in ZERO_WIDTH + ["\ud800", "\x00", "", "   ", "\U000e0041"]:
        assert clean_name(z, 3)[0] == "Player 4", repr(z)
    assert clean_name("\ufe0f", 0) == ("Player 1", "it has no character that can be shown")
    assert clean_name(None, 1) == ("Player 2", "it was not text")
    assert clean_name("A\x00nn", 0) == ("Ann", "it had characters that cannot be shown")
    assert clean_name("x" * 99, 0) == ("x" * NAME_MAX, "it was too long")
    stack = clean_name("Z" + "\u0301" * 50, 0)[0]          # NFC makes Z + the first one Ź
    assert stack[0] == "\u0179" and stack[1:] == "\u0301" * MARKS_MAX
    assert clean_name("Ann\u2028Bob", 0)[0] == "Ann Bob"


@pytest.mark.parametrize("bold", [False, True])
def test_the_renderer_draws_any_string_without_raising(bold):
    """ui/fonts.py's fonts, the Text cache and the card-art text functions, for every string
    of the corpus raw (not cleaned): what can be drawn is drawn."""
    pygame.init()
    t = Text()
    screen = pygame.Surface((400, 200))
    for s in ALL + ["x" * 1_000_000, "word " * 20_000]:
        for f in (font(14, bold), font(14, bold, True)):
            w, _ = f.size(s)
            assert f.render(s, True, (0, 0, 0)).get_width() <= w    # (a newline: 2 lines)
        assert t.render(s, 18, bold=bold).get_height() > 0
        assert t.wrap(s, 18, 300, bold)
        t.fit(s, 30, 300, 11, bold)
    for s in ALL:                   # card text: names of cards and rules text, never huge
        size, lines, _ = cardtext.fit_text(s, 200, 80, 12)
        cardtext.draw_lines(screen, lines, size, 200, 10, (0, 0, 0), 190)
        size, parts = cardtext.fit_name(s, 200, 40, bold)
        for part in parts:
            cardtext.shadowed(screen, part, font(size, bold, True), (0, 0, 0), (9, 9, 9),
                              (200, 100), 200)
    assert _drawn_width("Ann\x00") == _drawn_width("Ann")          # NUL is left out
    assert _drawn_width("\ud800") == _drawn_width("\ufffd")        # a lone surrogate shows as �
    assert _drawn_width("\u200b") == 0                             # nothing to draw: 0 wide


# ---------------------------------------------------------------- saves: Load screen and table

SEAT_KINDS = ["human", "bot", "human", "bot", "bot", "bot"]


def chunks(names: list[str], n: int = 6) -> list[list[str]]:
    return [names[i:i + n] for i in range(0, len(names), n)]


@lru_cache(maxsize=1)
def _record() -> dict:
    g = Game.new(default_database(), 6, seed=5)
    r = random.Random(5)
    for _ in range(12):
        g.apply(r.choice(g.pending.options))
    seats = [{"name": f"P{i}", "kind": k, "level": "easy", "ask": True}
             for i, k in enumerate(SEAT_KINDS)]
    rec = saves.make_record(g, seats)
    rec["saved_at"], rec["over"] = "2026-11-27 20:00:00", False
    return rec


def as_json(name: str) -> str:
    """The name as a JSON file gives it back (two escaped surrogates that pair are one)."""
    return json.loads(json.dumps(name))


def _write_saves(groups: list[list[str]]) -> dict:
    """One hand-edited save per group of six names (JSON escapes a lone surrogate as \\ud800,
    as any editor or script may write it); {path: (names, bytes)}."""
    out = {}
    saves.saves_dir().mkdir(parents=True, exist_ok=True)
    for k, names in enumerate(groups):
        rec = json.loads(json.dumps(_record()))
        names = names + [f"Q{i}" for i in range(len(names), 6)]
        for seat, n in zip(rec["seats"], names, strict=True):
            seat["name"] = n
        data = json.dumps(rec).encode()
        path = saves.saves_dir() / f"odd {k}.json"
        path.write_bytes(data)
        out[path] = (names, data)
    return out


def _app() -> App:
    s = Settings()
    s.animation, s.bot_pace = "off", 0.0
    app = App(size=(1280, 720), settings=s)
    app.frame()
    return app


def test_odd_seat_names_in_saves_open_the_load_screen_and_the_table():
    written = _write_saves(chunks(ALL))
    app = _app()
    menu = app.scene
    click(app, find(app.scene, ("button", "load")).center)
    assert type(app.scene).__name__ == "LoadScene"
    for _ in written:                       # every row comes into sight and is drawn
        key(app, pygame.K_DOWN)
    assert type(app.scene).__name__ == "LoadScene"
    for path, (names, data) in written.items():
        info = saves.save_info(path)
        assert info.problem is None, (names, info.problem)     # a name is not damage
        assert [s["name"] for s in info.seats] == [name_of(as_json(n), i)
                                                   for i, n in enumerate(names)]
        assert path.read_bytes() == data
    for path, (names, data) in written.items():
        sc = app.scene
        sc._choose(next(i for i, it in enumerate(sc.items) if it.path == path))
        app.frame()
        click(app, find(app.scene, ("button", ("open", path))).center)
        table = app.scene
        assert type(table).__name__ == "TableScene", names
        assert [table.game.pname(i) for i in range(6)] == \
               [name_of(as_json(n), i) for i, n in enumerate(names)]
        app.frame()
        assert path.read_bytes() == data                # opening changes nothing in it
        router.go(app, "load", back=menu)
        app.frame()
    assert sorted(p.name for p in saves.saves_dir().glob("odd *.json")) == \
           sorted(p.name for p in written)


def test_statistics_and_a_replayed_record_clean_names_too():
    from doomlings_desktop.rules.record import replay
    from doomlings_desktop.storage import statistics

    for group in chunks(ALL):
        rec = json.loads(json.dumps(_record()))
        for seat, n in zip(rec["seats"], group, strict=False):
            seat["name"] = n
        g = replay(rec, default_database(), log=False)
        assert all(g.pname(i) == name_of(rec["seats"][i]["name"], i) for i in range(6))
        line = {"seats": [{"name": n, "kind": "human"} for n in group[:6]] or [],
                "scores": [1] * len(group[:6]), "winners": [0],
                "traits": [[] for _ in group[:6]], "date": "2026-11-27"}
        if len(line["seats"]) >= 2:
            got = statistics.check_game(line)
            assert [s["name"] for s in got["seats"]] == [name_of(n, i)
                                                         for i, n in enumerate(group[:6])]


# ---------------------------------------------------------------- settings.json: New game

def test_odd_names_in_settings_open_new_game_and_start_a_game():
    for names in chunks(ALL):
        names = names + [f"Q{i}" for i in range(len(names), 6)]
        path = config_dir() / "settings.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"player_names": names, "volume": 0.25, "seat_count": 6,
                                    "seats": ["human", "easy", "human", "easy", "easy", "easy"],
                                    "animation": "off", "bot_pace": 0.0}))
        app = App(size=(1280, 720))
        want = [name_of(as_json(n), i) for i, n in enumerate(names)]
        changed = any(clean_name(as_json(n), i)[1] for i, n in enumerate(names))
        assert app.settings.player_names == want and app.settings.volume == 0.25
        assert (app.warning is not None) == changed and (
            not changed or "player name" in app.warning)
        app.frame()
        click(app, find(app.scene, ("button", "new")).center)
        assert type(app.scene).__name__ == "NewGameScene" and app.scene.names == want
        app.frame()
        click(app, find(app.scene, ("button", "start")).center)
        assert type(app.scene).__name__ == "TableScene", names
        assert [app.scene.game.pname(i) for i in range(6)] == want
        app.frame()


def test_a_new_user_with_an_emoji_variation_selector_as_a_name():
    """Someone edits settings.json by hand and leaves U+FE0F (the emoji selector) as a name, and
    a heart with it as another: the heart is kept, the lone selector becomes 'Player 1' with
    the settings warning, the volume they set stays, and New game starts a game."""
    path = config_dir() / "settings.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"player_names": ["\ufe0f", "❤️"], "volume": 0.3,
                                "animation": "off", "bot_pace": 0.0}), encoding="utf-8")
    app = App(size=(1280, 720))
    assert app.settings.player_names[:2] == ["Player 1", "❤️"] and app.settings.volume == 0.3
    assert app.warning == "Settings: a player name could not be used as written: seat 1 is now 'Player 1'."
    app.frame()
    click(app, find(app.scene, ("button", "new")).center)
    click(app, find(app.scene, ("button", "start")).center)
    assert type(app.scene).__name__ == "TableScene"
    assert app.scene.game.pname(0) == "Player 1"
    app.frame()


# ---------------------------------------------------------------- typed: New game and Rename

def _type(app: App, text: str, clear: int = 0) -> None:
    """`clear` Backspaces, each character as the keyboard gives it (KEYDOWN with its text),
    then the whole text as an input method gives it (TEXTINPUT, which the fields do not take),
    all handled in one frame (a fast typist), and a frame drawn after."""
    for _ in range(clear):
        post(pygame.KEYDOWN, key=pygame.K_BACKSPACE, unicode="\b", mod=0, scancode=0)
    for ch in text[:40]:
        post(pygame.KEYDOWN, key=pygame.K_a, unicode=ch, mod=0, scancode=0)
    post(pygame.TEXTINPUT, text=text[:40])
    app.frame()
    app.frame()


def typed(text: str) -> str:
    return "".join(ch for ch in text[:40] if can_type(ch))


def test_odd_names_typed_into_new_game_start_a_game():
    for names in chunks(TYPED):
        app = _app()
        click(app, find(app.scene, ("button", "new")).center)
        sc = app.scene
        while sc.count < len(names):
            click(app, find(sc, ("button", "more")).center)
        for i, n in enumerate(names):
            click(app, find(sc, ("name", i)).center)
            _type(app, n, clear=16)
            assert sc.names[i] == typed(n)[:NAME_MAX], (n, sc.names[i])
            key(app, pygame.K_RETURN)
        click(app, find(sc, ("button", "start")).center)
        assert type(app.scene).__name__ == "TableScene", names
        assert [app.scene.game.pname(i) for i in range(len(names))] == \
               [name_of(typed(n)[:NAME_MAX], i) for i, n in enumerate(names)]
        app.frame()


def test_odd_names_typed_into_the_rename_box_never_crash_or_lose_the_save():
    path = saves.save(Game.new(default_database(), 3, seed=2), [
        {"name": n, "kind": "human", "level": "random", "ask": True}
        for n in ("Ann", "Bob", "Cy")], "Friday")
    data = path.read_bytes()
    app = _app()
    click(app, find(app.scene, ("button", "load")).center)
    for n in TYPED:
        cur = next(iter(saves.saves_dir().glob("*.json")))
        click(app, find(app.scene, ("button", ("rename", cur))).center)
        dialog = app.scene.dialog
        assert dialog is not None
        _type(app, n)
        assert dialog.field.text == (typed(n)[:dialog.field.limit] or cur.stem)
        key(app, pygame.K_RETURN)
        if app.scene.dialog is not None:        # refused: the box says why and stays
            assert dialog.problem, n
            key(app, pygame.K_ESCAPE)
        assert app.scene.dialog is None
        got = list(saves.saves_dir().glob("*.json"))
        assert len(got) == 1 and got[0].read_bytes() == data, n
        app.frame()


def test_save_files_with_odd_file_names_are_listed_and_open():
    """A save's own name is its file's name, which the Rename box never gives but a file
    manager can: only zero-width characters, a mark alone, bytes that are not UTF-8 (Python
    reads them as lone surrogates). The Load screen draws each row and each save opens."""
    import os

    data = json.dumps(_record()).encode()
    saves.saves_dir().mkdir(parents=True, exist_ok=True)
    stems = ["\u200b", "\ufe0f", "\u034f\u034f", "\ufffc", "\u202e", "x" * 200]
    try:
        stems.append(os.fsdecode(b"\xff\xfe"))
        (saves.saves_dir() / (stems[-1] + ".json")).write_bytes(data)
    except (OSError, UnicodeError):            # a file system that takes only UTF-8 names
        stems.pop()
    for stem in stems:
        (saves.saves_dir() / (stem + ".json")).write_bytes(data)
    app = _app()
    menu = app.scene
    click(app, find(app.scene, ("button", "load")).center)
    for _ in stems:
        key(app, pygame.K_DOWN)
    for path in list(saves.saves_dir().glob("*.json")):
        sc = app.scene
        sc._choose(next(i for i, it in enumerate(sc.items) if it.path == path))
        app.frame()
        click(app, find(app.scene, ("button", ("open", path))).center)
        assert type(app.scene).__name__ == "TableScene", path.name
        app.frame()
        router.go(app, "load", back=menu)
        app.frame()
    assert len(list(saves.saves_dir().glob("*.json"))) >= len(stems)


@pytest.mark.parametrize("raw", ["\ufe0f", "\x00", "\ud800", "A\u200bnn", None, 7])
def test_the_lesson_and_a_match_clean_the_names_they_are_given(raw):
    """Names that reach a game without settings.json or a save (the lesson's preferences,
    a Match made by any caller) are cleaned by the same rule."""
    from types import SimpleNamespace

    from doomlings_desktop.play.match import Match, Seat
    from doomlings_desktop.play.tutorial import lesson_match

    m = lesson_match(SimpleNamespace(player_names=[raw]))
    assert m.seats[0].name == m.game.pname(0) == name_of(raw, 0)
    m = Match([Seat(raw), Seat("\u2060", "bot", "easy")], 3)
    assert [s.name for s in m.seats] == [m.game.pname(i) for i in range(2)] == \
           [name_of(raw, 0), "Player 2"]
