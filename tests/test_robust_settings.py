"""A hand-edited or damaged settings.json: whatever it holds, the program starts. A bad value
gives that field's default (or, for a number out of range, the nearest allowed one), the other
fields keep their values, and the menu gets one warning naming the fields that were reset."""

from __future__ import annotations

import json
import os
import threading
from dataclasses import fields

import pytest

from doomlings_desktop.storage.settings import Settings, config_dir

GOOD = {
    "window": [1000, 700], "window_chosen": True, "pace": "fast", "volume": 0.3, "muted": True,
    "colorblind_symbols": False, "colours": "colour-blind", "bot_pace": 1.5,
    "player_names": ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"],
    "variants": {"long_age_deck": True}, "ask_out_of_turn": False, "seat_count": 3,
    "seats": ["human", "easy", "medium", "hard", "random", "human"], "fullscreen": True,
    "ui_scale": 1.25,
    "hold_end_turn": "always",
    "hints": "never",
    "log_open": True,
    "modules": ["multi-color"],
    "host_place": "127.0.0.1",
    "host_port": 7480,
}
DEFAULT = {f.name: getattr(Settings(), f.name) for f in fields(Settings)}
HUGE = ("1" + "0" * 30, "1e30", "2147483648", "1" + "0" * 400)
# Raw JSON text: json.loads reads 1e999 as inf and accepts Infinity and NaN.
BAD = ("null", "true", "false", "1", "-1", "0", "1e999", "-1e999", "Infinity", "-Infinity",
       "NaN", '"text"', '""', "[]", "[1, 2, 3]", '[null, "x"]', '{"a": 1}', "{}",
       "[" * 300 + "]" * 300, *HUGE)

# Where a "bad" value is in fact usable, or is clamped rather than reset: (value, warned).
SPECIAL: dict[tuple[str, str], tuple[object, bool]] = {}
for f in ("muted", "colorblind_symbols", "ask_out_of_turn", "fullscreen", "log_open",
          "window_chosen"):
    SPECIAL[(f, "true")] = (True, False)
    SPECIAL[(f, "false")] = (False, False)
for f, lo, hi in (("volume", 0.0, 1.0), ("bot_pace", 0.0, 5.0)):
    SPECIAL[(f, "1")] = (1.0, hi < 1)
    SPECIAL[(f, "0")] = (0.0, False)
    SPECIAL[(f, "-1")] = (lo, True)
    for h in HUGE:
        SPECIAL[(f, h)] = (hi, True)
SPECIAL[("ui_scale", "1")] = (1.0, False)          # 80% to 150%, clamped
SPECIAL[("ui_scale", "0")] = (0.8, True)
SPECIAL[("ui_scale", "-1")] = (0.8, True)
for h in HUGE:
    SPECIAL[("ui_scale", h)] = (1.5, True)
for raw in ("1", "0", "-1"):
    SPECIAL[("seat_count", raw)] = (2, True)
for h in HUGE:
    SPECIAL[("seat_count", h)] = (6, True)
SPECIAL[("player_names", "[]")] = (DEFAULT["player_names"], False)
SPECIAL[("player_names", '[null, "x"]')] = (["Player 1", "x", *DEFAULT["player_names"][2:]],
                                             True)
SPECIAL[("seats", "[]")] = (DEFAULT["seats"], False)
SPECIAL[("variants", "{}")] = ({}, False)
SPECIAL[("modules", "[]")] = ([], False)
SPECIAL[("modules", '[null, "x"]')] = (["x"], True)     # a name: dropped by New game if unknown
SPECIAL[("host_place", '""')] = ("", False)             # not hosted yet
SPECIAL[("host_port", "1")] = (1, False)
SPECIAL[("host_port", "0")] = (0, False)                # any free port
SPECIAL[("host_port", "-1")] = (0, True)
for h in HUGE:
    SPECIAL[("host_port", h)] = (65535, True)

CASES = [(f, raw) for f in GOOD for raw in BAD]


def as_loaded(name: str, value: object) -> object:
    return tuple(value) if name == "window" else value


def write(text: str | bytes) -> None:
    path = config_dir() / "settings.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text if isinstance(text, bytes) else text.encode())


def with_raw(field: str, raw: str) -> str:
    return "{" + ", ".join(f"{json.dumps(k)}: {raw if k == field else json.dumps(v)}"
                           for k, v in GOOD.items()) + "}"


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))


def test_good_file_loads_without_a_warning():
    write(json.dumps(GOOD))
    s, warning = Settings.load()
    assert warning is None
    for k, v in GOOD.items():
        assert getattr(s, k) == as_loaded(k, v)


@pytest.mark.parametrize(("field", "raw"), CASES, ids=[f"{f}={r[:12]}" for f, r in CASES])
def test_a_bad_value_resets_only_its_field(field, raw):
    write(with_raw(field, raw))
    s, warning = Settings.load()
    want, warned = SPECIAL.get((field, raw), (DEFAULT[field], True))
    assert getattr(s, field) == want
    for k, v in GOOD.items():
        if k == "window_chosen" and field == "window":
            assert s.window_chosen is False     # a window reset is no one's choice
        elif k != field:
            assert getattr(s, k) == as_loaded(k, v), k
    if warned and isinstance(want, list) and field == "player_names" and "[" in raw[:1]:
        # names that are not names are replaced one by one, and the warning says with what
        assert warning.startswith("Settings: player names could not be used as written: seat "
                                  "1 is now ") or warning.startswith(
            "Settings: a player name could not be used as written"), warning
    elif warned:
        assert warning == f"Settings: {field} was not valid and was reset.", warning
    else:
        assert warning is None


def test_an_impossible_window_is_reset_and_several_fields_make_one_warning():
    write(json.dumps(dict(GOOD, window=[2**31, 10**30], volume="loud", muted=1,
                          variants={"long_age_deck": "yes", "no_such_rule": True,
                                    "gene_pool_leader_bonus": True},
                          player_names="Ann", seats="human")))
    s, warning = Settings.load()
    assert s.window == DEFAULT["window"]       # not clamped to 16384 x 16384
    assert s.volume == DEFAULT["volume"] and s.muted is False
    assert s.variants == {"gene_pool_leader_bonus": True}
    assert s.player_names == DEFAULT["player_names"] and s.seats == DEFAULT["seats"]
    assert s.pace == "fast" and s.seat_count == 3
    assert warning == ("Settings: window, volume, muted, player_names, variants, seats were "
                       "not valid and were reset.")


@pytest.mark.parametrize("field", ["hold_end_turn", "hints"])
@pytest.mark.parametrize("value", ["Always", "bot", " never", ["bots"], {"bots": 1}, 0])
def test_end_of_turn_hold_and_hints_take_only_their_three_words(field, value):
    write(json.dumps(dict(GOOD, **{field: value})))
    s, warning = Settings.load()
    assert getattr(s, field) == "bots"
    assert warning == f"Settings: {field} was not valid and was reset."


def test_every_field_is_checked_on_load():
    assert set(GOOD) == set(DEFAULT)


def test_names_lose_control_characters_and_unknown_keys_are_ignored():
    write(json.dumps(dict(GOOD, player_names=["A\x00nn", "B\nob"], future_option=[1])))
    s, warning = Settings.load()
    assert s.player_names[:3] == ["Ann", "Bob", "Player 3"]
    assert warning == ("Settings: player names could not be used as written: seat 1 is "
                       "now 'Ann', seat 2 is now 'Bob'.")


FILES = {
    "empty": b"",
    "not UTF-8": b'{"volume": 0.5, "name": "\xff\xfe"}',
    "a JSON array": b"[1, 2]",
    "a JSON string": b'"settings"',
    "not JSON": b"volume = 0.5",
    "100,000 deep": b'{"window": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
    "100,000 deep alone": b"[" * 100_000,
    "over 1 MB": b'{"x": "' + b"a" * 1_100_000 + b'"}',
}


@pytest.mark.parametrize("name", FILES)
def test_an_unreadable_file_gives_the_defaults_and_a_warning(name):
    write(FILES[name])
    s, warning = Settings.load()
    assert s == Settings()
    assert warning and "using the defaults" in warning and "\n" not in warning


def _load_within(seconds: float) -> tuple[Settings, str | None]:
    got: list = []
    t = threading.Thread(target=lambda: got.append(Settings.load()), daemon=True)
    t.start()
    t.join(seconds)
    assert not t.is_alive(), "Settings.load blocked"
    return got[0]


def test_a_fifo_or_a_device_does_not_block_start_up():
    path = config_dir() / "settings.json"
    path.parent.mkdir(parents=True)
    os.mkfifo(path)
    s, warning = _load_within(5)
    assert s == Settings() and "not a regular file" in warning
    path.unlink()
    path.symlink_to("/dev/zero")
    s, warning = _load_within(5)
    assert s == Settings() and "not a regular file" in warning
    path.unlink()
    path.mkdir()
    s, warning = _load_within(5)
    assert s == Settings() and "not a regular file" in warning


def test_a_config_folder_that_is_a_file(tmp_path):
    (tmp_path / "config").write_text("not a folder")
    s, warning = Settings.load()
    assert s == Settings() and "could not be read" in warning
    with pytest.raises(OSError):     # the contract: callers catch OSError and go on
        s.save()


def test_the_window_fits_the_screen():
    from doomlings_desktop.ui.windowsize import fit_screen

    assert fit_screen((16384, 16384), "x11", [(1920, 1080)]) == (1920, 1080)
    assert fit_screen((1280, 720), "x11", [(1920, 1080), (800, 600)]) == (1280, 720)
    assert fit_screen((1280, 720), "windows", [(1024, 768)]) == (1024, 720)
    assert fit_screen((1280, 720), "x11", []) == (1280, 720)
    assert fit_screen((1280, 720), "x11", [(0, 0)]) == (1280, 720)
    assert fit_screen((4000, 3000), "dummy", [(1024, 768)]) == (4000, 3000)


def test_the_app_starts_on_a_damaged_file_and_new_game_works(tmp_path):
    """The menu shows the one warning; New game opens and starts a game; saving into a
    folder that cannot be written is shrugged off."""
    from uidriver import click, find

    from doomlings_desktop.ui.app import App
    from doomlings_desktop.ui.scenes.main_menu import MenuScene
    from doomlings_desktop.ui.scenes.settings_page import SettingsScene
    from doomlings_desktop.ui.table import TableScene

    write(json.dumps({"window": [10**30, "x"], "volume": float("inf"), "muted": "yes",
                      "player_names": {"a": 1}, "variants": [1], "seat_count": 1e999,
                      "seats": "human", "animation": None, "bot_pace": -5,
                      "ask_out_of_turn": [[[[]]]], "colorblind_symbols": 1})
          .replace("Infinity", "1e999"))
    app = App(size=(1280, 720))
    assert app.warning.startswith("Settings: window, animation, volume, muted")
    s = app.settings
    assert s.window == DEFAULT["window"] and s.seat_count == 4 and s.bot_pace == 0.0
    app.frame()
    assert isinstance(app.scene, MenuScene) and app.scene.notice == app.warning
    # the settings folder becomes unwritable: leaving Settings and starting a game still work
    config = config_dir()
    for p in config.iterdir():
        p.unlink()
    config.rmdir()
    config.write_text("in the way")
    app.go(SettingsScene(app, back=app.scene))
    app.frame()
    app.scene.leave()
    app.frame()
    click(app, find(app.scene, ("button", "new")).center)
    assert type(app.scene).__name__ == "NewGameScene"
    click(app, find(app.scene, ("button", "start")).center)
    assert isinstance(app.scene, TableScene)
    assert app.scene.game.n == 4
    for _ in range(3):
        app.frame()


def test_zz_case_count(record_property):
    record_property("robustness", f"settings: {len(CASES)} bad values, {len(FILES)} bad files")
