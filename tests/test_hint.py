"""The Hint button (H): the coach's answer lit on the table with its sentence, counted once
per decision, on only when the setting allows, and kept in saves and statistics."""

from __future__ import annotations

import pygame
import pytest
from pygame import Rect
from uidriver import click, find, key, wait_until

from doomlings_desktop.storage import saves, statistics
from doomlings_desktop.storage.settings import Settings
from doomlings_desktop.ui.app import App
from doomlings_desktop.ui.table import SeatConfig, TableScene
from doomlings_desktop.ui.table.hint import lit_rects


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))


def _table(hints: str = "bots", seats=None) -> tuple[App, TableScene]:
    s = Settings()
    s.animation = "off"
    s.bot_pace = 0.0
    s.hints = hints
    app = App(size=(1280, 720), settings=s)
    sc = TableScene(app, seats or [SeatConfig("Ann"), SeatConfig("Bob", "bot", "easy")], seed=5)
    app.go(sc)
    app.frame()
    return app, sc


def _wait_for_hint(app: App, sc: TableScene):
    hint = wait_until(sc.match.hint, "the coach's hint", pump=lambda: app.frame(dt=0.01))
    app.frame()
    return hint


def test_h_lights_the_coachs_answer_and_says_why():
    app, sc = _table()
    d = sc.my_decision()
    assert d is not None and find(sc, ("button", "hint")) is not None
    key(app, pygame.K_h, "h")
    assert sc.busy() and sc.match.hint_thinking()     # thinking off the drawing thread
    hint = _wait_for_hint(app, sc)
    assert hint.answer in d.options and hint.why
    layer = sc.overlays.hint
    assert layer.rect is not None and lit_rects(sc, d, hint.answer)
    cards = [r for r, k in sc.targets if k[0] in ("hand", "strip")]
    assert not any(layer.rect.colliderect(r) for r in cards), "the hint hides a card"
    click(app, find(sc, ("button", "hint")).center)  # asking again: the same hint, once
    assert sc.match.seats[0].hints == 1
    sc.apply(hint.answer)
    app.frame()
    assert not sc.overlays.hint.open(sc.my_decision())


def test_hints_are_counted_in_the_save_and_the_statistics():
    app, sc = _table()
    click(app, find(sc, ("button", "hint")).center)
    _wait_for_hint(app, sc)
    sc.apply(sc.match.hint().answer)
    assert saves.read_record(saves.autosave_path())["seats"][0]["hints"] == 1
    m = sc.match
    while m.game.pending is not None:               # the rest of the game, as fast as can be
        d = m.game.pending
        m.end_review()
        if d.player in m.bots:
            m.tick(1.0)
        else:
            m.apply(d.options[0])
    games = statistics.load_stats()["games"]
    assert games[-1]["seats"][0]["hints"] == 1 and "hints" not in games[-1]["seats"][1]


@pytest.mark.parametrize("setting, seats, offered", [
    ("never", None, False),
    ("bots", [SeatConfig("Ann"), SeatConfig("Ben")], True),      # pass-and-play: on too
    ("always", [SeatConfig("Ann"), SeatConfig("Ben")], True),
])
def test_the_setting_decides_when_hints_are_offered(setting, seats, offered):
    app, sc = _table(setting, seats)
    if sc.pass_needed:
        click(app, find(sc, ("pass_screen", sc.game.pending.player)).center)
    if find(sc, ("button", "summary_done")) is not None:      # the deal, told first
        click(app, find(sc, ("button", "summary_done")).center)
    assert (find(sc, ("button", "hint")) is not None) == offered
    key(app, pygame.K_h, "h")
    assert (sc.match.hint_for is not None) == offered


def test_dragging_a_card_over_your_pile_says_what_it_adds():
    app, sc = _table()
    d = sc.my_decision()
    card = next(c for c in d.options if c != "pass")
    start = find(sc, ("hand", card)).center
    pile = sc.layout.panel_of(sc.viewer).rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.frame()
    for p in (((start[0] + pile[0]) // 2, (start[1] + pile[1]) // 2), pile):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0),
                                             buttons=(1, 0, 0)))
        app.frame()
    drawn = []
    render = app.text.render

    def spy(s, *a, **k):
        drawn.append(s)
        return render(s, *a, **k)
    app.text.render = spy
    app.frame()
    app.text.render = render
    gain = round(sc.match.preview(card).gain)
    assert sc.overlays.drag.rect is not None
    assert f"{sc.db.name(card)}: {'+' if gain >= 0 else '−'}{abs(gain)} now" in drawn
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pile, button=1))
    app.frame()
    assert card in sc.game.players[0].pile


def test_a_coach_that_fails_says_so_and_the_game_goes_on(monkeypatch):
    from doomlings_desktop.play import coach

    def broken(self, game, seat):
        raise RuntimeError("no idea")
    monkeypatch.setattr(coach.Coach, "hint", broken)
    app, sc = _table()
    key(app, pygame.K_h, "h")
    wait_until(lambda: not sc.match.hint_thinking(), "the failed coach's answer",
               pump=lambda: app.frame(dt=0.01))
    app.frame(dt=0.01)                   # the table shows the coach's notice
    assert type(app.scene) is TableScene
    assert sc.toast and "coach could not" in sc.toast[0]
    assert sc.my_decision() is not None


def test_a_long_reason_is_set_smaller_before_it_is_cut_and_never_cut_silently():
    """Reasons that name their causes can run long: the hint box sets them smaller (never
    under the smallest readable text) to keep them whole in four lines, and only a reason too
    long even then loses its end, with an ellipsis."""
    from doomlings_desktop.ui.fonts import MIN_TEXT_PX
    from doomlings_desktop.ui.table.hint import hint_lines

    app, _ = _table()
    t = app.text
    clause = "Sentience gives you 2 points more, and Bob loses Flight from their pile"
    text = "Hint: " + ", ".join([clause] * 4) + "."
    size, lines = hint_lines(t, text, 16, 600)
    assert MIN_TEXT_PX <= size < 16 and len(lines) <= 4
    assert " ".join(lines) == " ".join(text.split())                  # whole
    size, lines = hint_lines(t, "Hint: " + " ".join([clause] * 12), 16, 600)
    assert size == MIN_TEXT_PX and len(lines) == 4 and lines[-1].endswith("…")


def test_the_hint_never_covers_the_buttons_or_the_cards_that_answer():
    """A crowded three-human table at 1280x720 with the log open (the tryout's): AI Takeover
    asks for 3 of 4 cards to discard. The hint's box covers neither Confirm, Hint nor any
    of the cards it is about (it covered Confirm and the question in the tryout)."""
    from doomlings_desktop.rules.cards import database_for
    from doomlings_desktop.rules.setup import build
    from doomlings_desktop.ui.table.layer import decision_rects

    db = database_for(["techlings"])
    piles = [["reckless", "voracious", "kidney", "spiny", "propagation", "symbiosis",
              "pollination", "confusion"],
             ["bad", "gills", "fecundity", "leaves", "swarm", "bark", "fortunate",
              "optimistic-nihilism"],
             ["pack-behavior", "morality", "persuasive", "nocturnal", "fine-motor-skills"]]
    hands = [["faith", "vampirism", "sentience"],
             ["eloquence", "phreakish-eyes", "inventive", "automimicry"],
             ["quick", "altruistic", "gmo"]]
    g = build(db, {"catastrophes_revealed": 2, "age_deck": ["ai-takeover", "glacial-drift"],
                   "trait_deck": ["woody-stems", "migratory", "flatulence"],
                   "first_player": 0, "current_player": 2,
                   "players": [{"hand": h, "pile": p} for h, p in zip(hands, piles,
                                                                       strict=True)]},
              players=3)
    s = Settings()
    s.animation = "off"
    s.bot_pace = 0.0
    s.log_open = True
    app = App(size=(1280, 720), settings=s)
    sc = TableScene(app, [SeatConfig("Ann"), SeatConfig("Bartholomew the Grea"),
                          SeatConfig("Cleo")], seed=0, game=g)
    sc.match.autosave = False
    app.go(sc)
    app.frame()

    def step():
        d = sc.match.asked()
        r = find(sc, ("pass_screen", d.player)) or find(sc, ("button", "summary_done")) \
            or find(sc, ("button", "review_done"))
        if r is not None:
            click(app, r.center)
        else:
            sc.apply(db.card("quick") if d.kind == "play" else d.options[0])
        app.frame()
    d = wait_until(lambda: (d := sc.my_decision()) is not None and d.kind == "card"
                   and d.count == 3 and d, "AI Takeover's discard", pump=step, idle_s=0)
    sc.overlays.stage.close()
    app.frame()
    key(app, pygame.K_h, "h")
    _wait_for_hint(app, sc)
    app.frame()
    r = sc.overlays.hint.rect
    assert r is not None
    assert not [x for x in decision_rects(sc, d) if r.colliderect(x)], r


def test_a_hint_for_several_cards_lights_them_all(monkeypatch):
    """"Discard 2 cards" is answered by picking both at once: the hint lights every card it
    names, not only the first (the old hint named and lit one)."""
    import random

    from doomlings_desktop.rules.cards import default_database
    from doomlings_desktop.rules.engine import Game
    from doomlings_desktop.ui.table import hint as hint_layer

    db = default_database()
    for seed in range(100):
        g = Game.new(db, 2, seed=seed)
        r = random.Random(seed)
        while g.pending is not None:
            d = g.pending
            if d.player == 0 and d.count > 1 and d.kind == "card" and d.zone == "hand" \
                    and "pass" not in d.options and len(d.options) > d.count:
                break
            g.apply(r.choice(d.options))
        if g.pending is not None:
            break
    s = Settings()
    s.animation = "off"
    s.bot_pace = 0.0
    app = App(size=(1280, 720), settings=s)
    sc = TableScene(app, [SeatConfig("Ann"), SeatConfig("Bob", "bot", "easy")], seed=seed,
                    game=g)
    sc.autosave = False
    app.go(sc)
    app.frame()
    d = sc.my_decision()
    assert d is not None and d.count > 1
    key(app, pygame.K_h, "h")
    hint = _wait_for_hint(app, sc)
    picks = (hint.answer, *getattr(hint, "also", ()))
    assert len(picks) == d.count
    lit = []
    monkeypatch.setattr(hint_layer, "outline",
                        lambda surf, kind, r, u, pad=0, **kw: lit.append(r))
    app.frame()
    for p in picks:
        want = lit_rects(sc, d, p)
        assert want and all(r in lit for r in want), (p, lit)


def test_the_answers_a_hint_names_as_about_as_good_are_lit_without_its_question_mark(
        monkeypatch):
    """A hint that says "Play Flight or Saliva: about the same" lit Flight alone, so a player
    looked for Saliva by name. The named ties are lit too, with the hint's dots but not its
    "?" disc (the pick keeps it: shape, not colour, tells them apart); a tie the sentence
    only counts ("or 2 others") is not lit."""
    from doomlings_desktop.play.coach import Hint
    from doomlings_desktop.ui.table import hint as hint_layer

    app, sc = _table()
    d = sc.my_decision()
    cards = [o for o in d.options if isinstance(o, int)]
    assert len(cards) >= 4
    pick, *ties = cards[:4]
    key(app, pygame.K_h, "h")
    _wait_for_hint(app, sc)
    told = Hint(pick, "Play X or Y: about the same.", None, (), tuple(ties))
    monkeypatch.setattr(sc.match, "hint", lambda: told)
    drawn = []
    monkeypatch.setattr(hint_layer, "outline", lambda surf, kind, r, u, pad=0, question=True:
                        drawn.append((Rect(r), question)))
    app.frame()
    assert (lit_rects(sc, d, pick)[0], True) in drawn
    for t in ties[:2]:
        assert (lit_rects(sc, d, t)[0], False) in drawn
    assert all(r != lit_rects(sc, d, ties[2])[0] for r, _ in drawn)
