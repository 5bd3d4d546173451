"""A whole game by the keyboard alone: every page has a visible focus that Tab, Shift+Tab and
the arrows move, Enter or Space presses, Esc backs out of and F1 lists (ui/focus.py, over
ui/keys.py's PAGE table); every page shows its keys; at the table Z reads the selected card,
D browses the discard pile, Page Up / Page Down / End scroll the log; the Esc menu saves,
loads, leaves and quits by its letters or the ring; the end screen's buttons take Enter and
their letters. Every test here posts real key events through the app's loop."""

from __future__ import annotations

import pygame
import pytest
from uidriver import KeyPlayer, find, key, letter, tab_to

from doomlings_desktop.storage import saves
from doomlings_desktop.ui import keys, router
from doomlings_desktop.ui.app import broken_modules
from doomlings_desktop.ui.scenes.pages import offered_modules
from doomlings_desktop.ui.table import SeatConfig, TableScene
from doomlings_desktop.ui.table import overlays as overlays_module
from doomlings_desktop.ui.theme import INK
from tests.test_end_screen import six_player_end
from tests.test_ui import ann_against_a_bot, make_app, texts_of_a_frame

PAGES = ("menu", "new_game", "settings", "load", "stats", "rules", "about")


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))
    saves._cache.clear()


def open_page(name: str):
    app = make_app()
    app.frame()
    menu = app.scene
    if name != "menu":
        args = () if name == "new_game" else (menu,)
        router.go(app, name, *args)
        app.frame()
    return app, app.scene


def focused(sc):
    now = sc.focus.current(sc.buttons)
    return None if now is None else now.key


@pytest.mark.parametrize("name", PAGES)
def test_every_page_has_a_visible_focus_that_tab_and_shift_tab_move(name, monkeypatch):
    app, sc = open_page(name)
    first = focused(sc)
    assert first is not None, "no button has the focus"
    rings = []
    monkeypatch.setattr("doomlings_desktop.ui.focus.outline",
                        lambda surf, rect, u: rings.append(pygame.Rect(rect)))
    app.frame()
    assert rings and rings[-1] == sc.focus.current(sc.buttons).rect     # drawn round it
    if len(sc.focus.ring(sc.buttons)) > 1:
        key(app, pygame.K_TAB)
        assert focused(sc) != first
        key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
        assert focused(sc) == first


@pytest.mark.parametrize("name", PAGES)
def test_every_page_shows_its_keys_and_f1_lists_them(name):
    app, sc = open_page(name)
    shown = texts_of_a_frame(app, sc)
    assert any(s.startswith(keys.PAGE_LINES["move"].label) for s in shown), shown[-5:]
    key(app, pygame.K_F1)
    assert sc.keys_open
    listed = texts_of_a_frame(app, sc)
    for line in keys.PAGE_LINES.values():
        assert line.label in listed or line.label == "Esc"       # Esc: only where it backs out
    for k, _ in sc.own_keys:        # the page's own (Load game's, New game's, scrolling)
        assert k in listed
    for b in sc.buttons:            # each button's letter, with the button's label
        if b.hotkey:
            assert b.hotkey.upper() in listed and b.label in listed
    key(app, pygame.K_SPACE)        # any key puts the list away, and does nothing else
    assert not sc.keys_open and app.scene is sc


def drawn_lit(app, sc, monkeypatch) -> tuple[list, list]:
    """One frame: the keys of the buttons drawn lit, and the rects the focus was drawn round."""
    lit, rings = [], []
    with pytest.MonkeyPatch.context() as mp:
        for cls in {type(b) for b in sc.buttons}:
            def spy(self, surf, text, hover, u, _real=cls.draw):
                if hover:
                    lit.append(self.key)
                return _real(self, surf, text, hover, u)
            mp.setattr(cls, "draw", spy)
        mp.setattr("doomlings_desktop.ui.focus.outline",
                   lambda surf, rect, u: rings.append(pygame.Rect(rect)))
        app.frame()
    return lit, rings


def point(app, pos) -> None:
    from uidriver import post
    post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
    app.frame()


def one_current_button(app, sc, monkeypatch) -> None:
    """The pointer moved onto a button not focused takes the focus there, lit and outlined;
    the keys moving it on leave the button under the resting pointer unlit."""
    ring = sc.focus.ring(sc.buttons)
    other = next((b for b in ring if b.key != focused(sc)), ring[0])   # a page of one: Back
    point(app, other.rect.center)
    assert focused(sc) == other.key
    lit, rings = drawn_lit(app, sc, monkeypatch)
    now = sc.focus.current(sc.buttons)
    assert lit == [other.key] and rings == [now.rect]
    if len(ring) < 2:
        return
    key(app, pygame.K_TAB)
    assert focused(sc) != other.key
    lit, rings = drawn_lit(app, sc, monkeypatch)
    assert lit == [] and rings == [sc.focus.current(sc.buttons).rect]


@pytest.mark.parametrize("name", [p for p in PAGES if p != "load"])    # with saves: below
def test_the_pointer_and_the_keys_share_one_current_button_on_every_page(name, monkeypatch):
    """The mouse-hover light and the keyboard's outline were on two buttons at once: one
    rule for every page (ui/focus.py): the pointer moves the focus, and only the focused
    button is lit under it."""
    app, sc = open_page(name)
    one_current_button(app, sc, monkeypatch)


def test_the_esc_menu_has_one_current_button(monkeypatch):
    app, sc = ann_against_a_bot()
    key(app, pygame.K_ESCAPE)
    assert focused(sc) == "resume"
    save = find(sc, ("button", "save"))
    point(app, save.center)
    assert focused(sc) == "save"
    key(app, pygame.K_DOWN)                 # the pointer still on Save game
    assert focused(sc) == "load"
    lit, rings = drawn_lit(app, sc, monkeypatch)
    assert lit == [] and rings == [find(sc, ("button", "load"))]
    point(app, find(sc, ("button", "rules")).center)
    lit, rings = drawn_lit(app, sc, monkeypatch)
    assert focused(sc) == "rules" and lit == ["rules"]
    key(app, pygame.K_RETURN)               # Enter presses what the pointer showed
    assert type(app.scene).__name__ == "RulesScene"


def load_page_with_two_saves():
    """A game against a bot saved twice by the Esc menu's S, then its L: the Load page."""
    app, _ = ann_against_a_bot()
    for _ in range(2):
        key(app, pygame.K_ESCAPE)
        letter(app, "s")
    key(app, pygame.K_ESCAPE)
    letter(app, "l")
    return app, app.scene


def test_load_game_and_its_dialog_have_one_current_button(monkeypatch):
    app, load = load_page_with_two_saves()
    app.frame()
    assert focused(load) == ("open", load.items[0].path)
    one_current_button(app, load, monkeypatch)
    rename = find(load, ("button", ("rename", load.items[1].path)))
    point(app, rename.center)               # the focus, and the chosen save, go with it
    assert focused(load) == ("rename", load.items[1].path) and load.sel == 1
    key(app, pygame.K_DELETE)
    dialog = load.dialog
    assert dialog is not None and focused(dialog) == dialog.enter
    other = next(b for b in dialog.buttons if b.key != dialog.enter)
    point(app, other.rect.center)
    assert focused(dialog) == other.key
    n = len(saves.list_saves())
    key(app, pygame.K_RETURN)               # the button the pointer is on: kept
    assert load.dialog is None and len(saves.list_saves()) == n


def test_the_main_menu_is_walked_by_the_arrows_and_enter_opens_the_focused_page():
    app, sc = open_page("menu")
    assert focused(sc) == "new"             # Continue is off: no game to continue
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    assert focused(sc) == "stats"
    key(app, pygame.K_UP)
    assert focused(sc) == "load"
    key(app, pygame.K_RETURN)
    assert type(app.scene).__name__ == "LoadScene"
    key(app, pygame.K_ESCAPE)
    assert app.scene is sc


def test_settings_are_changed_by_the_keys_alone():
    app, sc = open_page("settings")
    was = app.settings.muted
    tab_to(app, "muted")
    key(app, pygame.K_SPACE)
    assert app.settings.muted is not was
    pace = app.settings.bot_pace
    tab_to(app, "pace")
    key(app, pygame.K_RETURN)
    assert app.settings.bot_pace != pace
    key(app, pygame.K_ESCAPE)
    assert type(app.scene).__name__ == "MenuScene"


def test_load_game_by_keys_the_focus_goes_with_the_chosen_save_and_enter_presses_it():
    app, load = load_page_with_two_saves()
    assert type(load).__name__ == "LoadScene" and len(load.items) >= 2
    app.frame()
    assert focused(load) == ("open", load.items[0].path)
    key(app, pygame.K_DOWN)
    assert load.sel == 1 and focused(load) == ("open", load.items[1].path)
    tab_to(app, ("rename", load.items[1].path))
    key(app, pygame.K_RETURN)               # Rename's dialog, not the save opened
    assert load.dialog is not None and type(app.scene).__name__ == "LoadScene"
    key(app, pygame.K_ESCAPE)
    assert load.dialog is None
    key(app, pygame.K_UP)
    assert focused(load) == ("open", load.items[0].path)
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, TableScene)


def test_a_dialogs_buttons_take_tab_and_enter():
    app, sc = ann_against_a_bot()
    key(app, pygame.K_ESCAPE)
    letter(app, "s")
    key(app, pygame.K_ESCAPE)
    letter(app, "l")
    load = app.scene
    app.frame()
    key(app, pygame.K_DELETE)               # "Delete this save?": Enter would delete
    dialog = load.dialog
    assert dialog is not None and focused(dialog) == dialog.enter
    key(app, pygame.K_TAB)
    assert focused(dialog) != dialog.enter
    n = len(saves.list_saves())
    key(app, pygame.K_RETURN)               # the other button: kept
    assert load.dialog is None and len(saves.list_saves()) == n


def test_z_reads_the_selected_card_d_browses_the_discard_pile_and_page_keys_scroll_the_log():
    app, sc = ann_against_a_bot()
    letter(app, "z")                        # nothing selected: it says how
    assert sc.modals.zoom is None and "Z reads it" in sc.message.text
    key(app, pygame.K_RIGHT)
    chosen = sc.selection.chosen
    letter(app, "z")
    assert sc.modals.zoom == chosen
    key(app, pygame.K_SPACE)                # any key puts it away, and answers nothing
    assert sc.modals.zoom is None and sc.selection.chosen == chosen
    letter(app, "d")
    assert sc.modals.browse
    letter(app, "d")
    assert not sc.modals.browse
    sc.log_state.lines = [("line", INK)] * 200      # a long log to scroll
    sc.log_state.seen = 200
    key(app, pygame.K_PAGEUP)
    back = sc.log_state.scroll
    assert back > 0
    key(app, pygame.K_PAGEDOWN)
    assert sc.log_state.scroll < back
    key(app, pygame.K_PAGEUP)
    key(app, pygame.K_END)
    assert sc.log_state.scroll == 0


def test_the_browsed_discard_pile_is_walked_by_the_arrows_and_z_reads_the_card():
    app, sc = ann_against_a_bot()
    player = KeyPlayer(2)
    for _ in range(3000):
        if sc.view is not None and len(sc.view.discard) >= 3 and sc.my_decision() is not None \
                and sc.my_decision().zone != "discard" and not sc.pass_needed:
            break
        if not player.act(app):
            app.frame()
    pile = list(reversed(sc.view.discard))
    assert len(pile) >= 3
    letter(app, "d")
    assert sc.modals.browse and sc.modals.browse_at == 0
    chosen = sc.selection.chosen
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_LEFT)
    assert sc.modals.browse_at == 1 and sc.selection.chosen == chosen   # the pile's, not mine
    letter(app, "z")
    assert sc.modals.zoom == pile[1]
    key(app, pygame.K_SPACE)
    assert sc.modals.zoom is None and sc.modals.browse
    key(app, pygame.K_ESCAPE)
    assert not sc.modals.browse and not sc.modals.menu_open


def test_the_esc_menu_saves_by_its_letter_and_by_the_arrows_and_enter():
    app, sc = ann_against_a_bot()
    before = len(saves.list_saves())
    key(app, pygame.K_ESCAPE)
    assert sc.modals.menu_open and focused(sc) == "resume"
    letter(app, "s")
    assert not sc.modals.menu_open and sc.message.text.startswith("Saved")
    assert len(saves.list_saves()) == before + 1
    key(app, pygame.K_ESCAPE)
    assert focused(sc) == "resume"          # a menu opened again starts at Resume
    key(app, pygame.K_DOWN)
    assert focused(sc) == "save"
    key(app, pygame.K_RETURN)
    assert len(saves.list_saves()) == before + 2
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)               # Esc again resumes
    assert not sc.modals.menu_open


def test_the_esc_menus_letters_are_the_ones_its_help_line_names():
    said = keys.LINES["esc"].does
    for label, _key, hot in overlays_module.MENU:
        if hot:
            assert f"{hot} {label.split()[0].lower()}" in said.lower(), (hot, label)


def test_the_esc_menu_reaches_main_menu_and_quit_by_keys():
    app, sc = ann_against_a_bot()
    key(app, pygame.K_ESCAPE)
    letter(app, "m")
    assert type(app.scene).__name__ == "MenuScene"
    app, sc = ann_against_a_bot()
    key(app, pygame.K_ESCAPE)
    for _ in range(10):
        key(app, pygame.K_DOWN)             # the last, Quit: the arrows stop there
    assert focused(sc) == "quit"
    key(app, pygame.K_RETURN)
    assert not app.running


def test_the_end_screen_takes_enter_and_its_letters_and_shows_them():
    app, sc = six_player_end()
    assert focused(sc) == "rematch"         # the focus starts on Rematch (the same seats)
    shown = texts_of_a_frame(app, sc)
    assert "R" in shown and "N" in shown and "M" in shown       # their letters, on them
    assert any(s.startswith(keys.PAGE_LINES["move"].label) for s in shown)
    key(app, pygame.K_RIGHT)
    assert focused(sc) == "new_game"
    key(app, pygame.K_RIGHT)
    assert focused(sc) == "main_menu"
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)
    assert type(app.scene).__name__ == "NewGameScene"


def test_a_new_end_screen_button_gets_its_key_by_one_line(monkeypatch):
    extra = overlays_module.EndButton("Back to the menu", "main_menu", "x", 220)
    monkeypatch.setattr(overlays_module, "END_BUTTONS", overlays_module.END_BUTTONS + (extra,))
    app, sc = six_player_end()
    assert "X" in texts_of_a_frame(app, sc)
    letter(app, "x")
    assert type(app.scene).__name__ == "MenuScene"


def test_a_whole_game_from_the_main_menu_to_the_end_by_the_keyboard_alone():
    """Main menu, New game (seats, a level, a name, a module changed), the game played and
    saved once through the Esc menu, World's End, the scores, and New game again: nothing but
    key events. A bot in the other seat keeps it short."""
    app = make_app()
    app.frame()
    key(app, pygame.K_RETURN)                       # the focus starts on New game
    ng = app.scene
    assert type(ng).__name__ == "NewGameScene"
    ng.seed = 7                                     # the same deal each run
    assert focused(ng) == "start"                   # Enter would play last time's table
    tab_to(app, "fewer")
    while ng.count > 2:
        key(app, pygame.K_SPACE)
    tab_to(app, ("kind", 1))
    before = ng.levels[1]
    key(app, pygame.K_RETURN)
    assert ng.kinds[1] == "bot" and ng.levels[1] != before
    while ng.levels[1] != "random":     # on to a bot that answers at once: a Hard one's
        key(app, pygame.K_RETURN)       # search made the game outlast the loop on a slow run
    assert ng.kinds[1] == "bot"
    tab_to(app, ("name", 0))
    key(app, pygame.K_RETURN)                       # typing, the old name selected
    for ch in "Kay":
        letter(app, ch)
    key(app, pygame.K_RETURN)
    assert ng.names[0] == "Kay" and ng.editing is None
    good = [m for m in offered_modules() if m not in broken_modules()]
    if good:
        was = ng.modules[good[0]]
        tab_to(app, ("module", good[0]))
        key(app, pygame.K_RETURN)
        assert ng.modules[good[0]] is not was
    tab_to(app, "start")
    key(app, pygame.K_RETURN)
    sc = app.scene
    assert isinstance(sc, TableScene) and sc.game.n == 2 and sc.name(0) == "Kay"
    player = KeyPlayer(3)
    saved = False
    for _ in range(20000):
        if sc.game.over:
            break
        if not saved and len(sc.game.answers) > 10 and sc.my_decision() is not None \
                and not sc.pass_needed:
            key(app, pygame.K_ESCAPE)
            key(app, pygame.K_DOWN)                 # Resume, then Save game
            key(app, pygame.K_RETURN)
            assert sc.message.text.startswith("Saved") and len(saves.list_saves()) == 1
            saved = True
        elif not player.act(app):
            app.frame()
    assert sc.game.over and saved
    assert player.pressed.get("enter") and player.pressed.get("arrow") \
        and player.pressed.get("number")
    app.frame()
    if find(sc, ("button", "new_game")) is None:    # World's End told: Enter skips to the
        key(app, pygame.K_RETURN)                   # scores (without animation they are
        app.frame()                                 # there at once)
    assert find(sc, ("button", "new_game")) is not None and focused(sc) == "rematch"
    key(app, pygame.K_RETURN)                       # the focused Rematch: a new deal
    again = app.scene
    assert isinstance(again, TableScene) and again is not sc
    assert again.game.n == 2 and again.name(0) == "Kay" and again.match.seed != sc.match.seed
    key(app, pygame.K_ESCAPE)                       # and from there the main menu by keys
    letter(app, "m")
    assert type(app.scene).__name__ == "MenuScene"


def test_a_hot_seat_table_with_the_keys_of_the_pass_screen():
    """Two people: the pass screen and the news screens are taken by Enter too."""
    app = make_app()
    app.go(TableScene(app, [SeatConfig("Ann"), SeatConfig("Ben")], seed=4))
    app.frame()
    sc = app.scene
    player = KeyPlayer(9)
    for _ in range(3000):
        if len(sc.game.answers) > 40:
            break
        if not player.act(app):
            app.frame()
    assert len(sc.game.answers) > 40


def _piles_table(db):
    """Ann (to play) with one trait in her pile; Bob's pile holds three, Cyd's none, Dee's
    two: the others' pile cards, which Z could not reach, are what V walks to."""
    from doomlings_desktop.rules.setup import build

    g = build(db, {"players": [{"hand": ["quick", "antlers"], "pile": ["bark"]},
                               {"hand": ["adorable"], "pile": ["gills", "leaves", "woody-stems"]},
                               {"hand": ["nocturnal"], "pile": []},
                               {"hand": ["stone-skin"], "pile": ["migratory", "fire-skin"]}],
                   "trait_deck": ["kidney", "swarm", "spiny", "sweat"]}, players=4)
    app = make_app()
    sc = TableScene(app, [SeatConfig("Ann"), SeatConfig("Bob", "bot", "easy"),
                          SeatConfig("Cyd", "bot", "easy"), SeatConfig("Dee", "bot", "easy")],
                    0, game=g)
    sc.autosave = False
    app.go(sc)
    app.frame()
    return app, sc, g


def test_v_walks_every_pile_and_z_reads_an_opponents_pile_card(db, monkeypatch):
    """V walks the trait piles from the next opponent's; Left / Right go along a pile, Up /
    Down to the next pile with cards (Cyd's empty one skipped, round the table to Ann's own);
    Z reads the card walked to, full size; the card is outlined where the table draws it;
    the arrows are the walk's, not the hand's, while it lasts; V and Esc stop it."""
    app, sc, g = _piles_table(db)
    bob, dee = g.players[1].pile, g.players[3].pile
    chosen = sc.selection.chosen
    letter(app, "v")
    assert sc.modals.walk == (1, 0)
    rings = []
    monkeypatch.setattr("doomlings_desktop.ui.focus.outline",
                        lambda surf, rect, u: rings.append(pygame.Rect(rect)))
    app.frame()
    strip = next(r for r, a in reversed(sc.targets) if a == ("strip", 1, bob[0]))
    assert strip in rings                               # outlined where the table draws it
    texts = texts_of_a_frame(app, sc)
    assert any(t.startswith(f"Bob's pile: {db.name(bob[0])} (1 of 3)") for t in texts)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)                            # stops at the pile's end
    assert sc.modals.walk == (1, 2) and sc.selection.chosen == chosen
    letter(app, "z")
    assert sc.modals.zoom == bob[2]
    key(app, pygame.K_SPACE)                            # any key puts it away; still walking
    assert sc.modals.zoom is None and sc.modals.walk == (1, 2)
    key(app, pygame.K_DOWN)                             # Cyd has none: Dee's
    assert sc.modals.walk == (3, 0)
    key(app, pygame.K_RIGHT)
    letter(app, "z")
    assert sc.modals.zoom == dee[1]
    key(app, pygame.K_SPACE)
    key(app, pygame.K_DOWN)                             # round the table: Ann's own
    assert sc.modals.walk == (0, 0)
    key(app, pygame.K_UP)
    assert sc.modals.walk == (3, 0)
    letter(app, "v")
    assert sc.modals.walk is None
    key(app, pygame.K_RIGHT)                            # the hand's again
    assert sc.selection.chosen != chosen
    letter(app, "v")
    key(app, pygame.K_ESCAPE)                           # Esc stops the walk, opens no menu
    assert sc.modals.walk is None and not sc.modals.menu_open


def test_v_with_no_pile_card_says_so(db):
    app, sc = ann_against_a_bot()
    assert not any(s.pile for s in sc.view.seats)
    letter(app, "v")
    assert sc.modals.walk is None and "No trait is in any pile" in sc.message.text


def _replay_of_a_bot_game(db):
    from doomlings_desktop.commands.simulate import play_random

    g = play_random(db, 3, 5)
    saves.save(g, [{"name": n, "kind": "bot"} for n in "ABC"], "last game")
    app = make_app()
    app.frame()
    assert router.open_replay(app, saves.saves_dir() / "last game.json", app.scene)
    app.frame()
    return app, app.scene


def test_the_replay_has_the_focus_ring_of_every_page(db, monkeypatch):
    """The replay's bar is a page like the others: the focus is outlined (on > at first),
    Tab / Shift+Tab move it, Enter and Space press the focused button, S presses Seat (its
    letter on a key cap), F1 lists the keys; Left / Right still step through the game, and
    its line of keys says so; Esc closes."""
    app, sc = _replay_of_a_bot_game(db)
    assert type(sc).__name__ == "ReplayScene" and focused(sc) == "fwd"
    rings = []
    monkeypatch.setattr("doomlings_desktop.ui.focus.outline",
                        lambda surf, rect, u: rings.append(pygame.Rect(rect)))
    app.frame()
    assert rings and rings[-1] == find(sc, ("button", "fwd"))
    key(app, pygame.K_RETURN)
    assert sc.pos == 1
    key(app, pygame.K_TAB)
    assert focused(sc) == "fwd10"
    key(app, pygame.K_SPACE)
    assert sc.pos == 11
    key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert focused(sc) == "back"
    key(app, pygame.K_RETURN)
    assert sc.pos == 10
    key(app, pygame.K_RIGHT)                    # the arrows are the replay's, not the ring's
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_LEFT)
    assert sc.pos == 11 and focused(sc) == "back"
    viewer = sc.viewer
    letter(app, "s")
    assert sc.viewer != viewer and focused(sc) == "seat"
    texts = texts_of_a_frame(app, sc)
    assert any("Left / Right: a move back / on" in t and "Tab" in t for t in texts)
    assert "S" in texts                         # the Seat button's key cap
    key(app, pygame.K_F1)
    assert sc.keys_open
    texts = texts_of_a_frame(app, sc)
    assert "Keys of the replay" in texts and "Home / End" in texts
    key(app, pygame.K_RIGHT)                    # a key puts the list away, and only that
    assert not sc.keys_open and sc.pos == 11
    key(app, pygame.K_ESCAPE)
    assert type(app.scene).__name__ != "ReplayScene"


@pytest.mark.parametrize("name", ("menu", "new_game", "settings", "load"))
def test_an_arrow_goes_to_the_button_in_line_that_way_before_one_off_to_the_side(name):
    """Tried by keys alone on New game at 1366x768: Left on "+" went down to the first
    seat's name (its centre a little nearer) instead of "-" beside it, so the seat count
    could not be lowered by the arrows. From every button, each arrow lands on a button
    lying in line that way (overlapping it across the arrow) whenever there is one."""
    app, sc = open_page(name)
    arrows = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1),
              pygame.K_DOWN: (0, 1)}
    for want in [b.key for b in sc.focus.ring(sc.buttons)]:
        for k, (dx, dy) in arrows.items():
            ring = list(sc.focus.ring(sc.buttons))      # the page draws its buttons anew
            b = next(o for o in ring if o.key == want)
            sc.focus.focus(b, sc.buttons)
            r = b.rect
            in_line = [o.key for o in ring if o is not b and (
                (dx and o.rect.top < r.bottom and o.rect.bottom > r.top
                 and (o.rect.centerx - r.centerx) * dx > 0)
                or (dy and o.rect.left < r.right and o.rect.right > r.left
                    and (o.rect.centery - r.centery) * dy > 0))]
            if not in_line:
                continue
            key(app, k)
            now = focused(sc)
            assert now in in_line, (name, want, pygame.key.name(k), now, in_line)
            if name == "new_game" and want == "more" and k == pygame.K_LEFT:
                assert now == "fewer"


@pytest.mark.parametrize("size", [(1280, 720), (960, 600)])
def test_the_keys_list_keeps_every_line_inside_its_box(size):
    """Tried at 1280x720: F1's line for O (the standing answer) ran past the box's right
    edge and out of the window. Every description stays inside the box: wrapped or a little
    smaller, never under the minimum."""
    from doomlings_desktop.ui.table.scene import TableScene as Table
    from doomlings_desktop.ui.theme import ACCENT
    app = make_app()
    app.screen = pygame.display.set_mode(size)
    sc = Table(app, [SeatConfig("Ann"), SeatConfig("Bob", "bot")], seed=5)
    app.go(sc)
    app.frame()
    key(app, pygame.K_F1)
    app.frame()
    assert sc.modals.help_open
    shot = app.screen.copy()
    w, h = shot.get_size()
    top = next(y for y in range(h) if any(shot.get_at((x, y))[:3] == ACCENT
                                          for x in range(0, w, 2)))
    row = top + 60                  # clear of the rounded corners
    right = max(x for x in range(w) if shot.get_at((x, row))[:3] == ACCENT)
    bottom = max(y for y in range(h) if shot.get_at((right, y))[:3] == ACCENT)
    # the shaded table shows through out there, dark; the descriptions are light ink
    spill = [(x, y) for y in range(top + 20, bottom - 20) for x in range(right + 2, w)
             if sum(shot.get_at((x, y))[:3]) > 3 * 150]
    assert not spill, spill[:5]
