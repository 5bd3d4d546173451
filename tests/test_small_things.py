"""Small things a new player met in the tryouts (issue 26, part 3), each driven with posted
pygame events the way a player would meet it."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest
from uidriver import click, drawn_text, find, key

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
        monkeypatch.setenv(var, "__main__.py")      # what `import pygame` sets from argv[0]
    make_app()
    assert pygame.display.get_caption()[0] == "Doomlings"
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "Doomlings"
    desktop = Path(__file__).resolve().parent.parent / "packaging" / "doomlings-desktop.desktop"
    assert "StartupWMClass=Doomlings\n" in desktop.read_text(encoding="utf-8")


def test_the_display_check_before_the_window_starts_video_with_the_class(monkeypatch):
    """SDL reads the class once, as its video starts: that is in the display check run before
    the window when no driver is set by hand (`doomlings` on a desktop)."""
    from doomlings_desktop.ui import app as app_module

    monkeypatch.delenv("SDL_VIDEODRIVER")
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", "__main__.py")
    seen = []

    def init():
        seen.append(os.environ.get("SDL_VIDEO_X11_WMCLASS"))
        raise pygame.error("no display here")
    monkeypatch.setattr(pygame.display, "init", init)
    assert app_module.no_display() is not None
    assert seen == ["Doomlings"]


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


# ---------------------------------------------------------------- text fields

def _press(app, k, text="", mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, unicode=text, mod=mod,
                                         scancode=0))
    app.frame()


def _type(app, text):
    for ch in text:
        _press(app, pygame.key.key_code(ch.lower()) if ch.isalpha() else pygame.K_SPACE, ch)


def _new_game():
    app = make_app()
    app.frame()
    click(app, find(app.scene, ("button", "new")).center)
    assert type(app.scene).__name__ == "NewGameScene"
    return app


def test_a_click_on_a_name_selects_it_and_typing_replaces_it():
    app = _new_game()
    sc = app.scene
    old = sc.names[0]
    assert old
    click(app, find(sc, ("name", 0)).center)
    _type(app, "Ada")
    assert sc.names[0] == "Ada", f"typed after {old!r} instead of over it"


def test_home_end_ctrl_a_and_the_clipboard_in_a_name(monkeypatch):
    from doomlings_desktop.ui import textfield

    monkeypatch.setattr(textfield, "CLIPBOARD", textfield.Clipboard())
    app = _new_game()
    sc = app.scene
    click(app, find(sc, ("name", 0)).center)
    _type(app, "Ada")
    _press(app, pygame.K_HOME)
    _type(app, "X")
    assert sc.names[0] == "XAda"
    _press(app, pygame.K_END)
    _type(app, "Z")
    assert sc.names[0] == "XAdaZ"
    _press(app, pygame.K_a, "\x01", pygame.KMOD_CTRL)        # Ctrl+A: all, so typing replaces
    _press(app, pygame.K_c, "\x03", pygame.KMOD_CTRL)        # and Ctrl+C copies it
    _type(app, "Bo")
    assert sc.names[0] == "Bo"
    _press(app, pygame.K_TAB)                                 # the next name, selected
    _press(app, pygame.K_v, "\x16", pygame.KMOD_CTRL)
    assert sc.names[1] == "XAdaZ"
    _press(app, pygame.K_x, "\x18", pygame.KMOD_CTRL)        # cut: the field is empty
    assert sc.names[1] == ""
    _press(app, pygame.K_v, "\x16", pygame.KMOD_CTRL)
    _press(app, pygame.K_v, "\x16", pygame.KMOD_CTRL)
    assert sc.names[1] == "XAdaZXAdaZ"


def test_a_hostile_clipboard_pastes_one_clean_line_within_the_limit(monkeypatch):
    from doomlings_desktop.names import NAME_MAX
    from doomlings_desktop.ui import textfield

    board = textfield.Clipboard()
    board.put("Zo\x00ë\tB\u200bx" + "y" * 10_000 + "\nsecond line")
    monkeypatch.setattr(textfield, "CLIPBOARD", board)
    app = _new_game()
    sc = app.scene
    click(app, find(sc, ("name", 0)).center)
    _press(app, pygame.K_v, "\x16", pygame.KMOD_CTRL)
    got = sc.names[0]
    assert len(got) <= NAME_MAX and got.startswith("Zoë B") and "\n" not in got
    assert "\x00" not in got and "second" not in got


def test_no_system_clipboard_still_cuts_and_pastes(monkeypatch):
    from doomlings_desktop.ui import textfield

    def broken(*a):
        raise pygame.error("no clipboard")
    monkeypatch.setattr(pygame.scrap, "put_text", broken)
    monkeypatch.setattr(pygame.scrap, "has_text", broken)
    board = textfield.Clipboard()
    board.put("Ann")
    assert board.get() == "Ann"


def test_a_click_in_the_rename_box_selects_its_text():
    from doomlings_desktop.ui.dialogs import Dialog
    from doomlings_desktop.ui.textfield import TextField

    app = make_app()
    field = TextField("Game 1", 40)
    dialog = Dialog("Rename", [], [("Rename", "ok", None)], field=field)
    app.frame()
    dialog.draw(app.screen, app, [])
    _press_on = dialog.field_rect.center
    field.key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, unicode="", mod=0))
    assert not field.selected
    dialog.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=_press_on, button=1))
    assert field.selected
    field.key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, unicode="Q", mod=0))
    assert field.text == "Q"


# ---------------------------------------------------------------- settings, check boxes

def _settings(size=(1280, 720)):
    app = make_app(size=size)
    app.frame()
    click(app, find(app.scene, ("button", "settings")).center)
    assert type(app.scene).__name__ == "SettingsScene"
    return app


@pytest.mark.parametrize("size", [(1280, 720), (960, 600)])
def test_settings_buttons_never_move_under_the_pointer(size):
    """Each click on Interface size grew the page, so every button slid under the pointer."""
    app = _settings(size)
    sc = app.scene
    where = {b.key: pygame.Rect(b.rect) for b in sc.buttons}
    for k in ["ui_scale"] * 6 + ["animation", "volume", "pace", "hold_end_turn", "hints",
                                 "muted", "colorblind", "colours", "ask_out_of_turn"]:
        click(app, find(sc, ("button", k)).center)
        app.frame()
        assert {b.key: b.rect for b in sc.buttons} == where, k


@pytest.mark.parametrize("size", [(1280, 720), (960, 600), (2176, 1224)])
def test_each_setting_says_what_it_does_when_pointed_at_or_tabbed_to(size):
    """The tryout met "Wait for End turn (Undo): bots, hot-seat" and "Colours: standard" with
    nothing on the page to say what they do: the setting pointed at (or reached by Tab) is
    explained under the modules, in room of its own (over no button), never cut short."""
    from uidriver import post
    app = _settings(size)
    sc = app.scene
    seen = drawn_text(app)
    keys = [b.key for b in sc.buttons if b.key != "back"]
    said = {}
    for k in keys:
        seen.clear()
        post(pygame.MOUSEMOTION, pos=find(sc, ("button", k)).center, rel=(0, 0),
             buttons=(0, 0, 0))
        app.frame()
        said[k] = sc.explained
        assert said[k] and "Point at a setting" not in said[k], k
        lines = sc.explain_lines
        assert all(x in seen for x in lines), k                 # drawn this frame
        assert " ".join(lines) == said[k], (k, lines)            # whole, never cut
    assert len(set(said.values())) == len(said)        # each its own words
    assert "Undo" in said["hold_end_turn"] and "colour-blind" in said["colours"]
    # by keys: Tab to a setting, and its words follow the focus
    key(app, pygame.K_TAB)
    app.frame()
    assert sc.explained == said.get(sc.focus.at, sc.explained)
    # the words lie over no button
    words = [r for r in sc.explain_rects]
    assert words and not any(w.colliderect(b.rect) for w in words for b in sc.buttons)


def right_click(app: App, pos: tuple[int, int]) -> None:
    from uidriver import post
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=3)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=3)
    app.frame()


def test_a_right_click_on_a_setting_goes_the_other_way():
    """Settings' buttons ignored a right-click, while New game's seat buttons go the other
    way on one: here too a right-click gives the value before a click's, and the page says
    so beside its title and in its F1 list."""
    app = _settings()
    sc = app.scene
    s = app.settings
    s.pace, s.volume, s.bot_pace = "normal", 0.7, 0.8
    want = {"animation": ("pace", "fast", "slow"), "volume": ("volume", 0.8, 0.6),
            "pace": ("bot_pace", 1.5, 0.4), "colours": ("colours", "colour-blind",
                                                        "colour-blind"),
            "ui_scale": ("ui_scale", 1.1, 0.9), "hold_end_turn": ("hold_end_turn", "always",
                                                                 "never"),
            "hints": ("hints", "always", "never")}
    for k, (name, forward, backward) in want.items():
        was = getattr(s, name)
        click(app, find(sc, ("button", k)).center)
        assert getattr(s, name) == forward, k
        right_click(app, find(sc, ("button", k)).center)
        assert getattr(s, name) == was, k
        right_click(app, find(sc, ("button", k)).center)
        assert getattr(s, name) == backward, k
    was = s.muted               # an on/off box: a right-click switches it too
    right_click(app, find(sc, ("button", "muted")).center)
    assert s.muted is not was
    from doomlings_desktop.ui.scenes.settings_page import HELP
    seen = drawn_text(app)
    app.frame()
    assert HELP in seen
    key(app, pygame.K_F1)
    assert any("Right-click" in x for x in seen)


def test_on_off_settings_and_new_game_options_are_check_boxes():
    from doomlings_desktop.ui.checkbox import CheckBox

    app = _settings()
    sc = app.scene
    box = next(b for b in sc.buttons if b.key == "colorblind")
    assert isinstance(box, CheckBox)
    was = app.settings.colorblind_symbols
    assert box.on == was
    click(app, find(sc, ("button", "colorblind")).center)
    app.frame()
    box = next(b for b in sc.buttons if b.key == "colorblind")
    assert app.settings.colorblind_symbols != was and box.on != was
    for b in sc.buttons:        # every on/off setting (animation's "off" is one of three)
        if b.key in ("muted", "colorblind", "ask_out_of_turn", "fullscreen") or (
                isinstance(b.key, tuple) and b.enabled):
            assert isinstance(b, CheckBox), b.key
        assert "[" not in b.label and (b.label not in ("on", "off") or b.key == "animation")
    key(app, pygame.K_ESCAPE)
    click(app, find(app.scene, ("button", "new")).center)
    ng = app.scene
    checks = [b for b in ng.buttons if isinstance(b.key, tuple)
              and b.key[0] in ("variant", "module")]
    assert checks and all(isinstance(b, CheckBox) and "[" not in b.label for b in checks)


# ---------------------------------------------------------------- the Rules page scrolls

class Recording(pygame.Surface):
    """A screen that remembers where each image went and the clip it was drawn under."""

    def __init__(self, size):
        super().__init__(size)
        self.log = []
        self.ids = []

    def blit(self, src, dest, *a, **k):
        x, y = (dest.x, dest.y) if isinstance(dest, pygame.Rect) else dest[:2]
        self.log.append((pygame.Rect(x, y, *src.get_size()), self.get_clip()))
        self.ids.append(id(src))
        return super().blit(src, dest, *a, **k)


@pytest.mark.parametrize("size", [(1280, 720), (960, 600)])
def test_the_rules_page_scrolls_whole_lines_under_its_title(size):
    """At each wheel step a line stood half under the title and another half over Back."""
    app = make_app(size=size)
    app.frame()
    click(app, find(app.scene, ("button", "rules")).center)
    sc = app.scene
    app.screen = Recording(size)
    app.frame()
    title_bottom = app.screen.log[0][0].bottom      # the title, drawn first
    back = find(sc, ("button", "back"))
    steps = 0
    while True:
        app.screen.log.clear()
        before = sc.scroll
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
        app.frame()
        text = [(r, clip) for r, clip in app.screen.log[1:] if r.x == int(size[0] * 0.15)]
        assert text, "no line shown"
        for r, clip in text:
            assert clip.contains(r), f"a line cut by the frame at scroll {sc.scroll}"
            assert r.top >= title_bottom and r.bottom <= back.top, sc.scroll
        steps += 1
        if sc.scroll == before:
            break
    assert steps > 3


@pytest.mark.parametrize("size", [(1280, 720), (960, 600)])
def test_the_rules_page_shows_where_you_are_and_its_bar_scrolls_it(size):
    """The tryout scrolled the rules with no sign of how long they are or where it was: a
    bar beside the text has a thumb that moves down as the page scrolls (the wheel), and a
    click on the bar or a drag of its thumb goes there."""
    from uidriver import post
    app = make_app(size=size)
    app.frame()
    click(app, find(app.scene, ("button", "rules")).center)
    sc = app.scene
    app.frame()
    bar, top = sc.bar, sc.thumb
    assert bar is not None and top is not None and bar.contains(top) and top.y == bar.y
    assert top.h < bar.h // 3                       # a long page: a short thumb
    assert not any(bar.colliderect(b.rect) for b in sc.buttons)
    assert not any(bar.colliderect(r) for r in sc.shown)
    for _ in range(3):
        post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)
    app.frame()
    assert sc.scroll > 0 and sc.thumb.y > top.y     # it went down with the text
    click(app, (bar.centerx, bar.bottom - 1))       # the bar's foot: the page's end
    app.frame()
    assert sc.scroll == sc.last and sc.thumb.bottom == bar.bottom
    # a drag of the thumb back to the top: the page's start
    start = sc.thumb.center
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    post(pygame.MOUSEMOTION, pos=(start[0], bar.y + bar.h // 2), rel=(0, 0), buttons=(1, 0, 0))
    app.frame()
    middle = sc.scroll
    post(pygame.MOUSEMOTION, pos=(start[0], bar.y - 50), rel=(0, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=(start[0], bar.y - 50), button=1)
    app.frame()
    assert 0 < middle < sc.last and sc.scroll == 0 and sc.thumb.y == bar.y
    assert type(app.scene).__name__ == "RulesScene"     # nothing else was clicked


# ---------------------------------------------------------------- the top bar's right end

@pytest.mark.parametrize("size, ui_scale", [((960, 600), 1.5), ((960, 600), 1.0),
                                            ((800, 600), 1.5), ((640, 480), 1.0)])
def test_the_menu_button_never_covers_game_log(size, ui_scale):
    app = make_app(size=size, ui_scale=ui_scale)
    app.settings.log_open = True        # the open log's title (folded, the strip says it)
    sc = TableScene(app, [SeatConfig("Ann"), SeatConfig("Bob", "bot")], seed=5)
    app.go(sc)
    app.frame()
    words = {}
    render = app.text.render

    def spy(text, *a, **k):
        img = render(text, *a, **k)
        words[id(img)] = text
        return img
    app.text.render = spy
    app.screen = Recording(size)
    sc.panels.forget()      # every panel drawn, not blitted from its cache (regions.py)
    app.frame()
    app.text.render = render
    menu = find(sc, ("open_menu",))
    heads = [r for (r, _), i in zip(app.screen.log, app.screen.ids, strict=True)
             if words.get(i, "").rstrip("…") and any(w.startswith(words[i].rstrip("…"))
                                                      for w in ("Game log ▸", "Log ▸"))]
    assert menu is not None and len(heads) == 1
    assert heads[0].right <= menu.x, (heads[0], menu)


def test_world_end_banner_keeps_its_last_lines_inside_the_window():
    """World's End with many lines (four players' effects and Meaning of Life cards): the
    banner shrinks its text before dropping the earliest rows, and its last line, the last
    player's Meaning of Life, is always inside a 1280x720 window (it fell below the edge)."""
    from doomlings_desktop.ui.app import Text
    from doomlings_desktop.ui.table.overlays import _we_rows

    pygame.font.init()
    t = Text()
    lines = [("we_trait", f"Player {i % 4 + 1}'s World's End effect number {i}: every other "
              "player discards a card from their hand and scores no bonus.") for i in range(12)]
    lines.append(("meaning", "Player 4's Meaning of Life: The Jellyfish (+3)."))
    for h in (720, 600):
        size, rows = _we_rows(t, lines, 1280, h, 1.0)
        assert 130 + len(rows) * int(size * 1.4) <= h - 30
        assert rows[-1][0] == "Player 4's Meaning of Life: The Jellyfish (+3)."
    size, rows = _we_rows(t, lines[-3:], 1280, 720, 1.0)
    assert size == 20       # a short World's End keeps its full size
