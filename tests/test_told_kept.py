"""Pass-and-play: what a seat's standing answer did for it while another player had the
screen is told to that seat alone, at its next look, even across a save and Continue or Load.

The tryout's case: Ben's standing answer played a card out of turn for him while Ann had the
screen; the game was saved (or the program closed, the autosave) at the pass screen before Ben
took it, and after Continue Ben was never told. The save now keeps it (`told`), as an optional
field read as hostile input. The UI tests post real pygame events."""

from __future__ import annotations

import json

import pygame
import pytest
from uidriver import Player, click, find, key, wait_until

from doomlings_desktop.play.match import Match, Seat
from doomlings_desktop.play.told import DRAWN
from doomlings_desktop.rules.cards import default_database
from doomlings_desktop.rules.record import encode_answer
from doomlings_desktop.storage import saves
from tests.test_ui import make_app

SEED = 0            # a dealt game where Ben's standing answer plays a card in Ann's turn


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))


def _played_for_ben_at_the_pass_screen():
    """A pass-and-play table (Ben, Ann), played by posted events until Ben's standing answer
    has played a card for him while Ann had the screen, and the pass screen asks for Ben.
    Returns the app, the table and the card."""
    from doomlings_desktop.ui.table import SeatConfig, TableScene

    app = make_app(size=(1366, 768))
    sc = TableScene(app, [SeatConfig("Ben"), SeatConfig("Ann")], seed=SEED)
    app.go(sc)
    app.frame()
    m = sc.match
    player = Player(SEED)

    def there() -> bool:
        d = m.asked()
        return bool(m.stand_in.played_for.get(0)) and sc.pass_needed and d is not None \
            and d.player == 0
    wait_until(there, "a standing answer playing for Ben, then his pass screen",
               pump=lambda: player.act(app) or app.frame(dt=0.05), idle_s=0)
    assert m.cleared == 1 and not sc.game.over          # Ann had the screen
    [card] = m.stand_in.played_for[0]
    return app, sc, card


def _ben_takes_the_screen(app) -> list:
    """Ben clicks his pass screen on the table now shown; what his summary says."""
    sc = app.scene
    assert type(sc).__name__ == "TableScene" and sc.pass_needed and sc.match.asked().player == 0
    wait_until(lambda: find(sc, ("pass_screen", 0)), "Ben's pass screen", pump=app.frame)
    click(app, find(sc, ("pass_screen", 0)).center)
    app.frame()
    assert sc.viewer == 0 and not sc.pass_needed
    return list(sc.news.summary or [])


def _told(card: int) -> tuple[str, str]:
    db = default_database()
    return ("yours", f"Your standing answer played {db.name(card)} out of turn for you.")


def test_ben_is_told_after_the_program_closed_at_his_pass_screen_and_continue():
    """The program closed (or killed) at Ben's pass screen: the autosave, Continue from the
    main menu of a new window, Ben takes the screen and reads what was played for him; told
    once (a second Continue after he read it does not tell it again)."""
    _, _, card = _played_for_ben_at_the_pass_screen()
    app = make_app(size=(1366, 768))                     # the program started again
    app.frame()
    click(app, find(app.scene, ("button", "continue")).center)
    summary = _ben_takes_the_screen(app)
    assert _told(card) in summary, summary
    # read: Continue again (the window closed before his first answer) does not repeat it
    again = make_app(size=(1366, 768))
    again.frame()
    click(again, find(again.scene, ("button", "continue")).center)
    assert _told(card) not in _ben_takes_the_screen(again)


def test_ben_is_told_after_a_named_save_at_his_pass_screen_is_loaded():
    """Save game from the table's menu at Ben's pass screen, then Load game in a new window:
    Ben is told too."""
    app, sc, card = _played_for_ben_at_the_pass_screen()
    key(app, pygame.K_ESCAPE)
    click(app, find(app.scene, ("button", "save")).center)
    [named] = [p for _, p, _ in saves.named_saves()]
    assert json.loads(named.read_text())["told"] == {
        "0": {"played": [encode_answer(sc.db, "react", card)], "forced": []}}
    app = make_app(size=(1366, 768))
    app.frame()
    click(app, find(app.scene, ("button", "load")).center)
    wait_until(lambda: find(app.scene, ("button", ("open", named))), "the save listed",
               pump=app.frame)
    click(app, find(app.scene, ("button", ("open", named))).center)
    assert _told(card) in _ben_takes_the_screen(app)


def _two(db, seed=5) -> Match:
    m = Match([Seat("Ann"), Seat("Ben")], seed=seed)
    m.take_screen(0)
    return m


def test_forced_answers_and_plays_round_trip_and_the_screen_holder_is_left_out(db):
    """What waits for Ben (a play and a forced answer) is saved and comes back on load; what
    waits for Ann, who has the screen, is not saved (the table tells her at once)."""
    from doomlings_desktop.ui import router

    m = _two(db)
    fey = min(db.reacting)
    m.stand_in.played_for[1] = [fey]
    m.stand_in.forced_for[1] = ["Reckless asked you, with one answer only: Antlers "
                                "(given for you)."]
    m.stand_in.played_for[0] = [fey]
    m.persist()
    got = saves.load(saves.autosave_path(), db)
    assert list(got.told) == [1]
    app = make_app()
    assert router.open_save(app, saves.autosave_path(), app.scene)
    back = app.scene.match
    assert back.stand_in.confirmations(1) == [
        f"Your standing answer played {db.name(fey)} out of turn for you.",
        "Reckless asked you, with one answer only: Antlers (given for you)."]
    assert back.stand_in.confirmations(0) == []


BAD_TOLD = [None, True, 0, 7, "x", [], [1], {"1": None}, {"1": []}, {"1": "x"},
            {"7": {"played": ["parasitic#1"]}}, {"-1": {"played": ["parasitic#1"]}}, {"01x": {}},
            {"1": {"played": "parasitic#1"}}, {"1": {"played": [1]}}, {"1": {"played": [None]}},
            {"1": {"played": ["nope#1"]}}, {"1": {"played": ["parasitic#99"]}},
            {"1": {"played": ["#1"]}}, {"1": {"played": ["pass"]}},
            {"1": {"played": ["x" * 81]}}, {"1": {"played": ["parasitic#1"] * 33}},
            {"1": {"forced": [1]}}, {"1": {"forced": [""]}}, {"1": {"forced": ["a\u0000b"]}},
            {"1": {"forced": ["x" * 301]}}, {"1": {"forced": ["ok"] * 33}},
            {"1": {"forced": {"a": 1}}}, {"1": {"played": [["parasitic#1"]]}},
            {"\u0661": {"forced": ["arabic digit"]}}, {"1" * 5000: {}},
            {"1": {"drawn": "kidney#1"}}, {"1": {"drawn": [3]}}, {"1": {"drawn": ["nope#1"]}},
            {"1": {"drawn": ["kidney#1"] * 33}}, {"1": {"drawn": [{"a": 1}]}}]


@pytest.mark.parametrize("bad", BAD_TOLD, ids=lambda v: repr(v)[:30])
def test_a_bad_told_field_is_dropped_and_the_save_still_opens(db, bad):
    """Every input is hostile: a `told` of the wrong shape, naming no seat of the game, a card
    that is not one, or one no standing answer plays (a trait with no out-of-turn rule), too
    many or too long lines: dropped (nothing told), the game opens through Continue as saved."""
    from doomlings_desktop.ui import router

    m = _two(db)
    path = saves.save(m.game, m.seat_dicts())
    rec = json.loads(path.read_text())
    rec["told"] = bad
    path.write_text(json.dumps(rec))
    app = make_app()
    assert router.open_save(app, path, app.scene)
    back = app.scene.match
    assert back.stand_in.played_for == {} and back.stand_in.forced_for == {}
    assert back.game.answers == m.game.answers and path.exists()


def test_a_good_told_field_written_by_hand_is_restored(db):
    """The control for the bad ones: the same shape, right, is told."""
    from doomlings_desktop.ui import router

    m = _two(db)
    path = saves.save(m.game, m.seat_dicts())
    rec = json.loads(path.read_text())
    rec["told"] = {"1": {"played": ["parasitic#1"], "forced": ["ok"]}}
    path.write_text(json.dumps(rec))
    app = make_app()
    assert router.open_save(app, path, app.scene)
    assert app.scene.match.stand_in.confirmations(1) == [
        "Your standing answer played Parasitic out of turn for you.", "ok"]


def test_a_card_no_standing_answer_plays_or_a_bots_seat_is_dropped(db):
    """The shape may be right and the content still not: a trait with no out-of-turn rule,
    or a seat of a bot (who has no screen and is told nothing)."""
    m = Match([Seat("Ann"), Seat("Bot", kind="bot", level="easy")], seed=3)
    trait = next(c for c in range(len(db.cards)) if not db.reaction[c])
    fey = min(db.reacting)
    m.restore_told({0: {"played": [encode_answer(db, "react", trait),
                                   encode_answer(db, "react", fey)], "forced": []},
                    1: {"played": [encode_answer(db, "react", fey)], "forced": ["hi"]}})
    assert m.stand_in.played_for == {0: [fey]} and m.stand_in.forced_for == {}
    # a card drawn that is not in the hand (any more, or ever) is not told as drawn
    away = next(c for c in range(len(db.cards)) if c not in m.game.players[0].hand)
    mine = m.game.players[0].hand[0]
    m.restore_told({0: {"drawn": [encode_answer(db, "card", away),
                                  encode_answer(db, "card", mine)]}})
    assert m.stand_in.forced_for == {0: [DRAWN + db.name(mine) + "."]}


def test_new_in_your_hand_open_when_the_program_closed_is_told_at_the_next_look(db):
    """The cards Ann drew are shown to her ("new in your hand") before the pass screen hides
    them, and the autosave is made while that window is open. Closed then, Continue showed
    Ben's pass screen and Ann was never shown what she drew: now her summary says, when she
    next takes the screen."""
    from doomlings_desktop.ui.table import SeatConfig, TableScene

    app = make_app(size=(1366, 768))
    sc = TableScene(app, [SeatConfig("Ann"), SeatConfig("Ben")], seed=2)
    app.go(sc)
    app.frame()
    player = Player(2)
    wait_until(lambda: sc.match.review is not None and sc.match.review[0] == 0,
               "Ann's new cards shown before the pass screen",
               pump=lambda: player.act(app) or app.frame(dt=0.05), idle_s=0)
    drawn = [db.name(c) for c in sc.match.review[1]]
    app = make_app(size=(1366, 768))                     # closed with the window open
    app.frame()
    click(app, find(app.scene, ("button", "continue")).center)
    back = app.scene
    told: list = []
    real = back.match.stand_in.confirmations
    back.match.stand_in.confirmations = lambda q: (lines := real(q), told.append((q, lines)))[0]
    assert back.pass_needed and back.match.asked().player == 1       # Ben's turn, not Ann's
    wait_until(lambda: any(q == 0 for q, _ in told), "Ann taking the screen again",
               pump=lambda: player.act(app) or app.frame(dt=0.05), idle_s=0)
    [lines] = [lines for q, lines in told if q == 0]
    assert DRAWN + ", ".join(drawn) + "." in lines, lines
    assert all(not line.startswith(DRAWN) for q, ls in told if q == 1 for line in ls)


def _to_a_pass_screen_with_a_moment_waiting(seed: int):
    """A two-player table played by posted events to the first pass screen where the player
    who passed has a moment of the stage not shown yet that lasts (a catastrophe, what hit
    them: a new age goes once the next one comes). Returns app, table, player, that seat."""
    from doomlings_desktop.ui.table import SeatConfig, TableScene

    app = make_app(size=(1366, 768))
    sc = TableScene(app, [SeatConfig("Ann"), SeatConfig("Ben")], seed=seed)
    app.go(sc)
    app.frame()
    player = Player(seed)

    def there() -> bool:
        st = sc.overlays.stage
        waiting = st.queue + ([st.current] if st.current is not None else [])
        return sc.pass_needed and st.seat == sc.match.cleared \
            and any(x.kind in ("catastrophe", "you", "skip") for x in waiting)
    wait_until(there, "a moment waiting for the player who passed",
               pump=lambda: player.act(app) or app.frame(dt=0.05), idle_s=0)
    return app, sc, player, sc.match.cleared


def _their_next_look(app, player, q: int) -> list[str]:
    """Play on until seat q takes the screen again; the stage's moments for them then."""
    def back() -> bool:
        sc = app.scene
        return sc.viewer == q and sc.match.cleared == q and not sc.pass_needed \
            and sc.news.summary is not None
    wait_until(back, "the player back at the screen",
               pump=lambda: player.act(app) or app.frame(dt=0.05), idle_s=0)
    st = app.scene.overlays.stage
    return [x.title for x in ([st.current] if st.current is not None else []) + st.queue]


def test_moments_waiting_for_a_player_are_shown_after_continue_as_without_the_break():
    """A catastrophe revealed as Ann's turn ended waits behind Ben's pass screen, for Ann's
    next turn at the screen (ui/table/moments.py). Closed there, Continue lost it; now Ann
    is shown at her next look what she would have been shown without the break."""
    app, sc, player, q = _to_a_pass_screen_with_a_moment_waiting(1)
    told = _their_next_look(app, player, q)                 # no break: the reference
    assert any(t.startswith("Catastrophe") for t in told), told
    _, sc, player, q2 = _to_a_pass_screen_with_a_moment_waiting(1)     # the same game again
    assert q2 == q
    app = make_app(size=(1366, 768))                        # closed at the pass screen
    app.frame()
    click(app, find(app.scene, ("button", "continue")).center)
    assert _their_next_look(app, player, q) == told
