"""Pass-and-play that flows: one hand-off a turn, no pass screen that tells who holds an
out-of-turn card, standing answers set on your own turn (by key and by click), reactions
confirmed to their player alone, the drawn cards and the first turn told, Undo after a
passed offer, and Rematch on the end screen. The UI tests post real pygame events."""

from __future__ import annotations

import random

import pygame
import pytest
from uidriver import Player, click, drawn_text, find, key

from doomlings_desktop.play.match import Match, Seat
from doomlings_desktop.rules.cards import available_modules, database_for, default_database
from doomlings_desktop.rules.setup import build
from doomlings_desktop.storage.saveinfo import check_seats
from doomlings_desktop.storage.settings import Settings
from doomlings_desktop.ui.app import App
from doomlings_desktop.ui.table import SeatConfig, TableScene

NAMES = ("Ada", "Bea", "Cyd", "Dov", "Eve", "Fox")


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))


class Prefs:
    bot_pace = 0.0
    ask_out_of_turn = True
    hold_end_turn = "bots"
    hints = "bots"


def _app(size=(1366, 768)) -> App:
    s = Settings()
    s.animation = "off"
    s.bot_pace = 0.0
    return App(size=size, settings=s)


def _held_card(sc: TableScene, d) -> bool:
    """Whether decision `d` is one only a holder of an out-of-turn card could get: an offer,
    or the question of a reaction card played out of another player's turn."""
    db = sc.db
    return d.kind == "react" or (d.card >= 0 and bool(db.reaction[d.card])
                                 and d.player != sc.game.current)


class Watch:
    """After every frame of a pass-and-play table: what each pass screen said (every string
    it drew), which decision it was for, and the turns played."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.screens: list[tuple[str, list[str]]] = []     # (reason, texts drawn)
        self.turns = 0
        self.last = None
        self.told: list[tuple[int, list[str]]] = []        # (seat, confirmations) shown
        self.handoffs: list[str] = []
        frame = app.frame

        def watched(*a, **k):
            drawn: list[str] = []
            render = app.text.render
            app.text.render = lambda s, *x, **y: (drawn.append(s), render(s, *x, **y))[1]
            try:
                frame(*a, **k)
            finally:
                app.text.render = render
            sc = app.scene
            if not isinstance(sc, TableScene):
                return
            g = sc.game
            if g.current != self.last and not g.over:
                self.last = g.current
                self.turns += 1
            if sc.pass_needed and drawn:
                self.screens.append((sc.match.pass_reason(), drawn))
            if sc.pass_needed:
                assert not _held_card(sc, g.pending), "a pass screen for a held card"
            if sc.overlays.review.open(None) and g.pending is not None:
                # "Done: pass to X": X is whoever decides next, never a holder called over
                assert not _held_card(sc, g.pending)
        app.frame = watched

    def hook(self, scene: TableScene) -> None:
        """Count the hand-offs and the confirmations of `scene`'s match as they happen."""
        m = scene.match
        take = m.take_screen

        def taken(seat: int) -> None:      # every hand-off, and what it was for
            if seat != m.cleared:
                self.handoffs.append(m.pass_reason())
            take(seat)
        m.take_screen = taken
        real = m.stand_in.confirmations

        def told(seat: int) -> list[str]:
            lines = real(seat)
            if lines:
                self.told.append((seat, lines))
            return lines
        m.stand_in.confirmations = told


class SixSeats:
    """A six-human game with every module at 1366x768, played to its end with posted events
    only (mouse mostly, keys sometimes; the standing answer switched now and then by O and
    by its button): what the watch saw, the match, and what was pressed."""

    def __init__(self, seed: int = 12, player_seed: int = 4) -> None:
        mods = tuple(available_modules())
        self.app = app = _app()
        self.sc = sc = TableScene(app, [SeatConfig(n) for n in NAMES], seed=seed, modules=mods)
        assert set(sc.db.modules) == set(mods)
        app.go(sc)
        self.watch = Watch(app)
        self.watch.hook(sc)
        player = Player(player_seed)
        rng = random.Random(player_seed)
        self.pressed = self.clicked = 0
        self.summaries_seen: set[int] = set()
        for _ in range(20000):
            if sc.game.over:
                break
            d = sc.my_decision()
            if d is not None and sc.news.summary is not None:
                self.summaries_seen.add(sc.viewer)
            button = find(sc, ("button", "standing"))
            if button is not None and d is not None and rng.random() < 0.3 \
                    and sc.news.summary is None and sc.match.review is None:
                before = sc.match.seats[d.player].standing
                if rng.random() < 0.5:
                    key(app, pygame.K_o, "o")
                    self.pressed += 1
                else:
                    click(app, button.center)
                    self.clicked += 1
                assert sc.match.seats[d.player].standing != before
                continue
            if not player.act(app):
                app.frame()
        app.frame()
        m = sc.match
        self.turns = self.watch.turns
        self.handoffs = m.handoffs
        # the hand-offs for questions a card put to everyone (not for a turn)
        self.other = [r for r in self.watch.handoffs if not r.endswith("'s turn")]

    def line(self) -> str:
        return (f"{self.handoffs} hand-offs in {self.turns} turns "
                f"({self.handoffs / self.turns:.2f} a turn; {len(self.other)} for questions "
                "put to everyone)")


def test_a_six_seat_hot_seat_game_with_every_module_flows(db):
    """Six humans, every module, 1366x768, played with posted events only: the screen
    changes hands about once a turn, no pass screen is ever for an out-of-turn offer or names
    a holder, a reaction played by a standing answer is told to its player alone, standing
    answers are set with O and with their button, and the game ends on the end screen."""
    six = SixSeats()
    sc, watch = six.sc, six.watch
    g = sc.game
    assert g.over and find(sc, ("button", "rematch")) is not None
    m = sc.match
    assert len(watch.handoffs) == m.handoffs
    other = six.other
    per_turn = m.handoffs / watch.turns
    # every hand-off is a turn's, or a question a card put to that player in the open (a
    # catastrophe's, "each player discards", the Meaning of Life dealt at set-up); none is
    # an out-of-turn offer
    assert not any("out of turn" in r for r in other)
    print(f"\n6 seats, every module: {six.line()}")
    assert (m.handoffs - len(other)) / watch.turns <= 1.05
    # 1.63 a turn before the questions answered unseen were reordered (play/ahead.py) and
    # those with one answer in plain sight answered for their player; 1.47 since; 1.50
    # since a pause with nothing to take back ends unasked (the game goes another way:
    # over seeds 0-5 and 12 that took 1.51 to 1.47 a turn, docs/ui.md). The game this
    # driver plays goes another way whenever the table's drawing moves what a click lands on
    # (28 November: 1.50 and 1.55 a turn on two mains a few commits apart, no change to the
    # hand-offs' rules), so the bound here is the spread of such games; the turn's own
    # hand-offs are held to 1.05 above
    assert per_turn <= 1.56
    assert watch.screens
    for reason, texts in watch.screens:       # a pass screen names whoever decides, only
        decider = next(t for t in texts if t.startswith("Pass to "))[len("Pass to "):]
        assert decider in NAMES
        named = {n for t in texts for n in NAMES if n in t}
        assert named == {decider}, (reason, texts)
    assert watch.told, "no standing answer played a reaction in this game"
    for _seat, lines in watch.told:           # told when that seat took the screen
        assert all(line.startswith(("Your standing answer played ", "Your turn was ended "))
                   or "with one answer only" in line for line in lines)
    assert six.pressed and six.clicked
    assert len(six.summaries_seen) == 6       # everyone's first turn was summed up too


def _any_time_at_turn_end():
    """Ann (seat 0) holds Fey; her play ends her turn with a draw, and then the end of the
    turn offers her Fey, on her own screen."""
    mdb = database_for(("mythlings",))
    g = build(mdb, {"players": [{"hand": ["fey", "quick", "antlers"], "pile": []},
                                {"hand": ["adorable", "bark"], "pile": []}],
                    "trait_deck": ["gills", "leaves", "migratory", "woody-stems", "nocturnal",
                                   "stone-skin"]}, players=2)
    return mdb, g


def test_cards_drawn_before_an_offer_on_your_own_screen_are_still_shown():
    """An offer at the end of Ann's own turn (Fey, at any time) comes after her draw: once
    she passes it and the screen goes to Ben, "new in your hand" still shows the cards she
    drew (the offer's window covered the hand; answering it was not seeing them)."""
    mdb, g = _any_time_at_turn_end()
    m = Match([Seat("Ann"), Seat("Ben")], seed=0, game=g, prefs=Prefs())
    m.autosave = False
    m.take_screen(0)
    hand = list(g.players[0].hand)
    assert m.apply(mdb.card("quick")) is None
    if g.pending.kind == "end_turn":
        assert m.apply("end") is None
    d = g.pending
    assert d.kind == "react" and d.player == 0 and not m.pass_needed    # her own screen
    drawn = [c for c in g.players[0].hand if c not in hand]
    assert drawn
    assert m.apply("pass") is None
    assert m.review == (0, drawn)


def test_a_play_before_a_passed_offer_can_still_be_undone():
    """Ann plays a trait; Ben's Parasitic is passed by his standing answer ("never"). The
    End turn pause and Undo are there as if no one held anything: a refusal would tell Ann
    that someone holds an out-of-turn card."""
    db = default_database()
    g = build(db, {"players": [{"hand": ["quick", "antlers"], "pile": []},
                               {"hand": ["parasitic", "bark"], "pile": []}],
                   "trait_deck": ["gills", "leaves", "migratory", "woody-stems"]}, players=2)
    m = Match([Seat("Ann"), Seat("Ben", standing="never")], seed=0, game=g, prefs=Prefs())
    m.autosave = False
    m.origin = lambda: build(db, {"players": [{"hand": ["quick", "antlers"], "pile": []},
                                              {"hand": ["parasitic", "bark"], "pile": []}],
                                  "trait_deck": ["gills", "leaves", "migratory",
                                                 "woody-stems"]}, players=2)
    m.take_screen(0)
    n = len(g.answers)
    assert m.apply(db.card("quick")) is None
    assert len(m.game.answers) == n + 2          # Ann's play, and Ben's pass
    assert m.game.pending.kind == "end_turn" and m.game.pending.player == 0
    assert not m.notices and m.can_undo()
    assert m.undo()
    assert m.game.pending.kind == "play" and db.card("quick") in m.game.players[0].hand


def test_the_standing_answer_is_saved_and_a_bad_one_is_the_default():
    seats = check_seats([{"name": "A", "kind": "human", "standing": "never"},
                         {"name": "B", "kind": "human", "standing": ["x"]},
                         {"name": "C", "kind": "human"}], 3)
    assert [s["standing"] for s in seats] == ["never", "pays", "pays"]
    assert Seat("A", standing="never").as_dict()["standing"] == "never"
    assert "standing" not in Seat("A").as_dict()


def _ended(seats):
    from doomlings_desktop.commands.simulate import play_random

    g = play_random(database_for(("mythlings",)), len(seats), 5)
    app = _app()
    sc = TableScene(app, seats, 77, game=g)
    sc.autosave = False
    app.go(sc)
    sc.cleared = sc.viewer = 0
    app.frame()
    click(app, (10, 10))           # World's End told at once: the scores
    wait_for = find(sc, ("button", "rematch"))
    assert wait_for is not None
    return app, sc


@pytest.mark.parametrize("how", ["click", "key"])
@pytest.mark.parametrize("kinds", [("human", "human", "human"), ("human", "bot", "bot")])
def test_rematch_deals_a_new_game_to_the_same_seats(kinds, how):
    seats = [Seat(n, k, "easy" if k == "bot" else "random", i != 1, 0,
                  "never" if i == 2 else "pays") for i, (n, k) in enumerate(zip(NAMES, kinds, strict=False))]
    app, sc = _ended(seats)
    old = sc.match
    if how == "click":
        click(app, find(sc, ("button", "rematch")).center)
    else:
        key(app, pygame.K_r, "r")
    new = app.scene
    assert isinstance(new, TableScene) and new is not sc
    m = new.match
    assert [(s.name, s.kind, s.level, s.ask_out_of_turn, s.standing) for s in m.seats] == \
        [(s.name, s.kind, s.level, s.ask_out_of_turn, s.standing) for s in old.seats]
    assert m.seed != old.seed and not m.game.over and not m.game.answers
    assert m.db.modules == old.db.modules == ("mythlings",)


def test_undo_takes_back_the_play_past_an_offer_passed_after_it():
    """Ann plays Selfish; Ben's Righteous is passed by his standing answer before Selfish
    acts. Ann, choosing what Selfish steals, may still take the play back: Undo goes past
    Ben's pass to her own last answer (not to Ben's offer, which would only pass again)."""
    mdb = database_for(("mythlings",))

    def spec():
        return build(mdb, {"players": [{"hand": ["selfish", "quick"], "pile": []},
                                       {"hand": ["righteous", "adorable"],
                                        "pile": ["fire-skin", "bark"]}],
                           "trait_deck": ["gills", "leaves", "migratory", "woody-stems"]},
                     players=2)
    m = Match([Seat("Ann"), Seat("Ben", standing="never")], seed=0, game=spec(),
              prefs=Prefs())
    m.autosave = False
    m.origin = spec
    m.take_screen(0)
    assert m.apply(mdb.card("selfish")) is None
    assert m.game.answers == [mdb.card("selfish"), "pass"]      # Ben's offer, passed
    assert m.game.pending.player == 0 and m.can_undo() and not m.notices
    assert m.undo()
    assert m.game.answers == [] and m.game.pending.kind == "play"
    assert mdb.card("selfish") in m.game.players[0].hand


def test_the_standing_answer_is_set_on_your_turn_and_its_message_stays_with_you(db):
    """On her own turn Ada, holding Parasitic, switches her standing answer with O and back
    with its button; the message that confirms it is gone when the screen passes to Bea
    (however quickly): it would tell Bea that Ada holds an out-of-turn card."""
    g = build(db, {"players": [{"hand": ["parasitic", "quick", "antlers"], "pile": []},
                               {"hand": ["adorable", "bark"], "pile": []}],
                   "trait_deck": ["gills", "leaves", "migratory", "woody-stems",
                                  "nocturnal", "stone-skin"]}, players=2)
    app = _app()
    sc = TableScene(app, [SeatConfig("Ada"), SeatConfig("Bea")], 0, game=g)
    sc.autosave = False
    app.go(sc)
    app.frame()
    click(app, find(sc, ("pass_screen", 0)).center)
    assert find(sc, ("button", "standing")) is not None
    key(app, pygame.K_o, "o")
    assert sc.match.seats[0].standing == "never" and "never" in sc.message.text
    click(app, find(sc, ("button", "standing")).center)
    assert sc.match.seats[0].standing == "pays"
    key(app, pygame.K_o, "o")
    assert sc.match.seats[0].standing == "never"
    click(app, find(sc, ("hand", db.card("quick"))).center)
    click(app, find(sc, ("panel", 0)).center)
    key(app, pygame.K_RETURN)                                 # End turn
    if find(sc, ("button", "review_done")) is not None:
        key(app, pygame.K_RETURN)
    assert sc.message.text                                    # still Ada's, behind the screen
    assert find(sc, ("pass_screen", 1)) is not None
    key(app, pygame.K_SPACE, " ")                             # Bea takes the screen
    assert sc.viewer == 1 and not sc.message.text
    assert find(sc, ("button", "standing")) is None           # Bea holds no such card
    key(app, pygame.K_o, "o")                                 # O does nothing for her
    assert not sc.message.text and sc.match.seats[1].standing == "pays"


def test_a_standing_answer_set_at_the_table_comes_back_with_continue(db):
    """Ben's standing answer, switched on his turn, is in the autosave; Continue gives the
    table back with it (and the saved file reads back through the Load screen's checks)."""
    from doomlings_desktop.storage import saves
    from doomlings_desktop.ui import router

    m = Match([Seat("Ann"), Seat("Ben")], seed=5, prefs=Prefs())
    m.take_screen(0)
    m.stand_in.choose(1, "never")
    assert saves.load(saves.autosave_path(), db).seats[1]["standing"] == "never"
    app = _app()
    back = app.scene
    assert router.open_save(app, saves.autosave_path(), back)
    assert [s.standing for s in app.scene.match.seats] == ["pays", "never"]


def _reckless(ann_pile):
    """Ann (to play) holds Reckless; Ben's pile has two traits. Once Ann has discarded one of
    Ben's, Ben discards one of Ann's pile (never Reckless): `ann_pile` decides how many he
    may choose from."""
    db = default_database()
    g = build(db, {"players": [{"hand": ["reckless", "quick"], "pile": ann_pile},
                               {"hand": ["adorable", "bark", "spiny"],
                                "pile": ["gills", "leaves"]}],
                   "trait_deck": ["migratory", "woody-stems", "nocturnal", "stone-skin"]},
              players=2)
    m = Match([Seat("Ann"), Seat("Ben")], seed=0, game=g, prefs=Prefs())
    m.autosave = False
    m.take_screen(0)
    assert m.apply(db.card("reckless")) is None
    if m.game.pending.kind == "player":
        assert m.apply(1) is None
    assert m.game.pending.player == 0 and m.game.pending.zone == "pile"
    assert m.apply(db.card("gills")) is None
    return db, m


def test_a_question_with_one_answer_in_plain_sight_calls_no_one_over():
    """Ben must discard a trait of Ann's pile, and Ann's pile holds one he may take (Reckless
    itself never): the table gives that answer for him at once, with no pass screen and no
    hand-off, and tells Ben alone, when he next takes the screen, what it answered."""
    db, m = _reckless(["antlers"])
    assert db.card("antlers") not in m.game.players[0].pile      # Ben's forced discard
    assert not m.pass_needed and m.handoffs == 1
    assert m.game.pending.player == 0                              # Ann's turn goes on
    assert m.stand_in.confirmations(0) == []
    assert m.stand_in.confirmations(1) == [
        "Reckless asked you, with one answer only: Antlers (given for you)."]
    assert m.stand_in.confirmations(1) == []                       # told once


def test_a_question_with_a_choice_still_calls_its_player_over():
    db, m = _reckless(["antlers", "fire-skin"])
    d = m.game.pending
    assert d.player == 1 and len(d.options) == 2 and m.pass_needed
    assert m.pass_reason() == "Ben answers Reckless"


def test_one_answer_forced_by_a_hidden_hand_is_still_asked():
    """A question whose one answer follows from a hidden hand (one card of the colour asked
    among several) is asked as before: answering it unseen would tell the table about that
    hand. A hand of one card is public (hand sizes are), so its one answer is given."""
    from types import SimpleNamespace

    from doomlings_desktop.play.standing import publicly_forced
    from doomlings_desktop.rules.decisions import Decision

    hand = SimpleNamespace(players=[SimpleNamespace(hand=[7, 9])])
    one = SimpleNamespace(players=[SimpleNamespace(hand=[7])])
    d = Decision(0, "card", "discard_hand_card", [7], "discard a red card", zone="hand")
    assert not publicly_forced(hand, d) and publicly_forced(one, d)
    assert publicly_forced(hand, Decision(0, "card", "lose_own_trait", [3], "", zone="pile"))
    assert publicly_forced(hand, Decision(0, "player", "choose_opponent", [1], ""))
    assert not publicly_forced(hand, Decision(0, "color", "choose_color", ["red"], ""))
    assert not publicly_forced(hand, Decision(0, "react", "offer_out_of_turn", ["pass"], ""))
    assert not publicly_forced(hand, Decision(0, "play", "extra_play", [7], "", zone="hand"))
    # a play another player's card asks of someone out of their turn, one card in hand
    # (Eloquence): forced in plain sight; the turn's own play is not (its player comes anyway)
    theirs = SimpleNamespace(players=[SimpleNamespace(hand=[7])], current=1)
    ours = SimpleNamespace(players=[SimpleNamespace(hand=[7])], current=0)
    play = Decision(0, "play", "extra_play", [7], "", zone="hand")
    assert publicly_forced(theirs, play) and not publicly_forced(ours, play)


def _thagomizer(by: int = 2):
    """Four humans; seat `by` (Cyd unless told; not the first player) plays Thagomizer: every
    player picks 2 cards of their hand unseen, then all are discarded at once (E29)."""
    mdb = database_for(("dinolings",))
    hands = [["quick", "antlers", "bark"], ["adorable", "gills", "leaves"],
             ["migratory", "woody-stems", "nocturnal"], ["stone-skin", "fire-skin", "spiny"]]
    hands[by] = ["thagomizer", *hands[by]]

    def spec():
        return build(mdb, {"players": [{"hand": h, "pile": []} for h in hands],
                           "first_player": 0, "current_player": by,
                           "trait_deck": ["kidney", "swarm", "sweat", "fangs", "camouflage",
                                          "bad", "big-ears"]}, players=4)
    m = Match([Seat(n) for n in ("Ann", "Ben", "Cyd", "Dee")], seed=0, game=spec(),
              prefs=Prefs())
    m.autosave = False
    m.take_screen(by)
    return mdb, m


def _blind_picks(m) -> list[int]:
    """Answer a blind set as the screen serves it (the last option each time): who was asked."""
    asked = []
    for _ in range(40):
        d = m.asked()
        if d is None or not d.blind:
            break
        if m.pass_needed:
            m.take_screen(d.player)
        assert m.my_decision() is d
        asked.append(d.player)
        assert m.apply([o for o in d.options if o != "pass"][-1]) is None
    return asked


def test_a_blind_set_in_a_turn_with_only_its_pause_left_ends_with_the_next_turns_player():
    """Ben plays Thagomizer: after the picks all that is left of his turn is its End-turn
    pause, with nothing to take back (the others answered), which the table ends unasked; so
    the player who acts next is Cyd, whose turn is next, and she picks last: Ben, Ann, Dee,
    Cyd, and her turn on the same hand-off (3 hand-offs; with Ben's turn taken as the one
    going on, the order Ben, Ann, Cyd, Dee took a 4th to Cyd for her turn)."""
    mdb, m = _thagomizer(by=1)
    assert m.apply(mdb.card("thagomizer")) is None
    assert _blind_picks(m) == [1, 1, 0, 0, 3, 3, 2, 2]
    assert m.asked().player == 2 and m.game.pending.intent == "turn_play"
    assert not m.pass_needed and m.handoffs == 1 + 3


def test_a_turn_whose_pause_can_still_take_back_its_play_keeps_it():
    """The pause is ended unasked only with nothing to take back and its player away from
    the screen: Ben's plain play, answered by no one and drawing nothing, keeps his pause
    (Undo can take it back) and his screen."""
    from doomlings_desktop.play.standing import pause_for_nothing

    g = build(default_database(), {
        "players": [{"hand": ["quick"], "pile": []},
                    {"hand": ["gills", "antlers", "bark", "leaves", "spiny", "fire-skin"],
                     "pile": []},
                    {"hand": ["adorable"], "pile": []}],
        "first_player": 0, "current_player": 1,
        "trait_deck": ["kidney", "swarm", "sweat"]}, players=3)
    m = Match([Seat(n) for n in ("Ann", "Ben", "Cyd")], seed=0, game=g, prefs=Prefs())
    m.autosave = False
    m.take_screen(1)
    assert m.apply(m.db.card("gills")) is None
    p = m.game.pending
    assert p.kind == "end_turn" and p.player == 1 and m.my_decision() is p
    assert m.game.can_undo() and not pause_for_nothing(m.game, p) and not m.delegated(p)
    assert m.can_undo()


def test_a_blind_set_is_asked_from_the_screen_holder_and_ends_with_who_acts_next():
    """Thagomizer's picks are blind (E29), so the order they are asked in changes nothing:
    Cyd, who has the screen, picks first with no hand-off; then Ann, Ben and Dee in turn
    order; Dee's turn follows on the same hand-off. The game still takes the answers in its own order, each the
    one its player gave, and discards them all at once."""
    mdb, m = _thagomizer()
    g = m.game
    assert m.apply(mdb.card("thagomizer")) is None
    assert m.game.pending.player == 0 and m.game.pending.blind      # the engine asks Ann
    picks = {}
    asked = []
    for _ in range(40):
        d = m.asked()
        if d is None or not d.blind:
            break
        if m.pass_needed:
            m.take_screen(d.player)
        assert m.my_decision() is d
        asked.append(d.player)
        c = [o for o in d.options if o != "pass"][-1]
        picks.setdefault(d.player, []).append(c)
        assert m.apply(c) is None
    assert asked == [2, 2, 0, 0, 1, 1, 3, 3]
    # nothing is left of Cyd's turn but its End-turn pause, with nothing to take back (the
    # others answered): it ends unasked, and Dee's turn follows on the same hand-off
    assert m.asked().player == 3 and not m.pass_needed
    assert m.game.pending.intent == "turn_play"
    # Cyd's taking the screen at first, then Ann, Ben and Dee, whose turn it is: 3 for the set
    # and the next turn (the engine's order and back to Cyd for End turn took 6)
    assert m.handoffs == 1 + 3
    assert m.stand_in.confirmations(2) == [
        "Your turn was ended for you: another player answered during it, so there was "
        "nothing left to take back."]
    for q, cards in picks.items():                  # each pick discarded from its hand
        assert all(c in g.discard and c not in g.players[q].hand for c in cards)
    flat = [c for q in (0, 1, 2, 3) for c in picks[q]]
    assert g.answers[1:9] == flat                   # the engine's order, the players' picks


def test_an_answer_given_ahead_is_given_only_to_its_own_question():
    """A queued answer whose question is not the one the game reaches (another seat, other
    options) is dropped, not given: that seat is asked as usual."""
    from doomlings_desktop.play.ahead import signature

    mdb, m = _thagomizer()
    assert m.apply(mdb.card("thagomizer")) is None
    d = m.asked()
    assert d.player == 2 and m.ahead.asked() is d
    assert m.apply(d.options[0]) is None
    assert m.ahead.queued[2]
    real = m.game.pending
    wrong = (signature(real)[0] + 1,) + signature(real)[1:]
    m.ahead.queued[real.player] = [(wrong, real.options[0])]
    assert not m.ahead.holds(real) and real.player not in m.ahead.queued


def test_the_meaning_of_life_is_kept_from_the_second_seat_and_the_first_player_last():
    """Posted events at 1366x768: three humans keep their Meaning of Life card at set-up, a
    blind set (E4). The first pass screen calls Bea, then Cyd, then Ada, the first player,
    whose turn follows on the same hand-off: 3 hand-offs for the set and the first turn (the
    engine's order, Ada first, takes 4). Each keeps the card they picked."""
    app = _app()
    sc = TableScene(app, [SeatConfig(n) for n in NAMES[:3]], seed=3,
                    modules=("meaning-of-life",))
    sc.autosave = False
    app.go(sc)
    watch = Watch(app)
    watch.hook(sc)
    g = sc.game
    assert g.pending.player == 0 and g.pending.intent == "keep_meaning"
    kept = {}
    player = Player(1)
    for _ in range(200):
        d = sc.my_decision()
        if d is not None and d.intent in ("turn_play", "cannot_play"):
            break
        if d is not None and d.intent == "keep_meaning":
            r = find(sc, ("overlay_card", d.options[1]))
            if r is None:               # the window is drawn on the next frame
                app.frame()
                continue
            kept[d.player] = d.options[1]
            click(app, r.center)
            if find(sc, ("button", "confirm")) is not None:
                click(app, find(sc, ("button", "confirm")).center)
            continue
        if not player.act(app):
            app.frame()
    assert watch.handoffs[:3] == [f"{n} decides: Meaning of Life: keep one card in secret "
                                  "(the other leaves the game)" for n in ("Bea", "Cyd", "Ada")]
    assert sc.match.handoffs == 3 and sc.viewer == 0 and sc.my_decision().player == 0
    assert {q: g.meaning[q] for q in range(3)} == kept


def _six_humans_by_keys(app: App):
    """From the main menu to a six-human table with every module, by key events alone."""
    from uidriver import tab_to

    key(app, pygame.K_RETURN)                       # the focus starts on New game
    ng = app.scene
    assert type(ng).__name__ == "NewGameScene"
    ng.seed = 12                                    # the same deal each run
    tab_to(app, "more")
    while ng.count < 6:
        key(app, pygame.K_SPACE)
    for i in range(6):
        if ng.kinds[i] != "human":
            tab_to(app, ("kind", i))
            while ng.kinds[i] != "human":
                key(app, pygame.K_RETURN)
    if not all(on for m, on in ng.modules.items() if m not in ng.broken):
        tab_to(app, "modules_all")
        key(app, pygame.K_RETURN)
    tab_to(app, "start")
    key(app, pygame.K_RETURN)
    return ng


def test_six_people_play_a_hot_seat_game_from_the_main_menu_to_the_rematch_by_keys_alone():
    """Every player at the table, as the issue's "done" asks, in one run of key events only
    at 1366x768: the main menu, New game set to six humans and every module, the whole game
    (pass screens, news, blind picks, End turn by the keys), saved once through the Esc menu,
    World's End, and Rematch by Enter. About one hand-off a turn besides the questions put
    to everyone in the open, no pass screen for a card held out of turn, and no "Pass to"
    naming anyone but whoever decides."""
    from uidriver import KeyPlayer

    from doomlings_desktop.storage import saves

    app = _app()
    app.frame()
    _six_humans_by_keys(app)
    sc = app.scene
    assert isinstance(sc, TableScene) and sc.game.n == 6 and not sc.match.bots
    assert set(sc.db.modules) == {m for m in available_modules()}
    watch = Watch(app)
    watch.hook(sc)
    player = KeyPlayer(8)
    saved = False
    for _ in range(40000):
        if sc.game.over:
            break
        if not saved and len(sc.game.answers) > 40 and sc.my_decision() is not None \
                and not sc.pass_needed and sc.match.review is None:
            key(app, pygame.K_ESCAPE)
            key(app, pygame.K_DOWN)                 # Resume, then Save game
            key(app, pygame.K_RETURN)
            assert sc.message.text.startswith("Saved") and len(saves.list_saves()) == 1
            saved = True
        elif not player.act(app):
            app.frame()
    assert sc.game.over and saved
    m = sc.match
    other = [r for r in watch.handoffs if not r.endswith("'s turn")]
    print(f"\n6 seats by keys: {m.handoffs} hand-offs in {watch.turns} turns "
          f"({m.handoffs / watch.turns:.2f} a turn; {len(other)} for questions to everyone)")
    assert not any("out of turn" in r for r in other)
    assert (m.handoffs - len(other)) / watch.turns <= 1.05
    assert m.handoffs / watch.turns <= 1.6
    names = [s.name for s in m.seats]
    assert watch.screens
    for reason, texts in watch.screens:     # a pass screen names whoever decides, only
        decider = next(t for t in texts if t.startswith("Pass to "))[len("Pass to "):]
        assert {n for t in texts for n in names if n in t} == {decider}, (reason, texts)
    assert player.pressed.get("enter") and player.pressed.get("number")
    app.frame()
    if find(sc, ("button", "new_game")) is None:    # World's End told: Enter skips to the
        key(app, pygame.K_RETURN)                   # scores
        app.frame()
    assert find(sc, ("button", "rematch")) is not None
    key(app, pygame.K_RETURN)                       # the focused Rematch: a new deal
    again = app.scene
    assert isinstance(again, TableScene) and again is not sc
    assert [s.name for s in again.match.seats] == [s.name for s in m.seats]
    assert not again.match.bots and again.match.seed != m.seed


@pytest.mark.parametrize("name", ["Bartholomew the Grea", "WWWWWWWWWWWWWWWWWWWW"])
def test_the_news_windows_hold_a_long_name_whole(name):
    """"<name>, new in your hand" and "<name>: since your last turn", and the button "Done:
    pass to <name>", lie inside their windows for any name a seat may have (20 letters): in
    the 1280x720 tryout the first ran out of its window on both sides."""
    app = _app(size=(1280, 720))
    sc = TableScene(app, [SeatConfig(name), SeatConfig(name[::-1]), SeatConfig("Cy")], seed=3)
    sc.match.autosave = False
    app.go(sc)
    app.frame()
    click(app, find(sc, ("pass_screen", sc.match.asked().player)).center)
    me = sc.viewer
    assert sc.name(me) in (name, name[::-1])          # a long name at the screen
    font = app.text.font

    def inside(layer, words, size):
        box = layer.rect
        assert box is not None and app.screen.get_rect().contains(box)
        assert font(int(size), True).size(words)[0] <= box.w - 32, (words, box)
        assert box.contains(layer.button.rect), (layer.label, box)
    sc.match.review = (me, list(sc.game.players[me].hand[:2]))
    sc.match.cleared = me
    app.frame()
    inside(sc.overlays.review, f"{sc.name(me)}, new in your hand", 24)
    sc.match.review = None
    sc.news.summary = [("play", "Cy plays Gills.")]
    app.frame()
    inside(sc.overlays.summary, f"{sc.name(me)}: since your last turn", 22)


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)])
def test_the_pass_screen_holds_a_long_name_whole(size):
    """"Pass to <name>" stays inside the window for a 20-letter name, at the smallest
    window too (at 52 px it ran off a 960-px one)."""
    app = _app(size=size)
    sc = TableScene(app, [SeatConfig("W" * 20), SeatConfig("M" * 20)], seed=3)
    sc.match.autosave = False
    app.go(sc)
    app.frame()
    assert sc.pass_needed
    r = sc.overlays.pass_screen.title_rect
    assert r is not None and app.screen.get_rect().contains(r), r


@pytest.mark.parametrize("scale", [1.0, 1.1, 1.25])
def test_the_opponents_buttons_show_their_names_whole(scale):
    """Reckless: choose an opponent. At 1280x720 and a larger interface size the buttons
    hold each name whole, smaller if need be ("Bartholomew the Grea" was cut to
    "Bartholo..." at 110% beside "Ann", with room to spare; a second Bartholomew would have
    read the same)."""
    db = default_database()
    g = build(db, {"players": [{"hand": ["reckless", "quick"], "pile": []},
                               {"hand": ["bark"], "pile": ["gills"]},
                               {"hand": ["spiny"], "pile": ["leaves"]}],
                   "trait_deck": ["migratory", "woody-stems", "nocturnal", "stone-skin"]},
              players=3)
    app = _app(size=(1280, 720))
    app.settings.ui_scale = scale
    app.settings.log_open = True           # as in the tryout: the log's column takes room
    names = ["Ann", "Bartholomew the Grea", "Bartholomew the Less"]
    sc = TableScene(app, [SeatConfig(n) for n in names], seed=0, game=g)
    sc.match.autosave = False
    app.go(sc)
    app.frame()
    click(app, find(sc, ("pass_screen", 0)).center)
    assert sc.apply(db.card("reckless"))
    app.frame()
    assert sc.game.pending.kind == "player"
    labels = {b.label.replace("\n", " ") for b in sc.buttons}     # whole, on 1 or 2 lines
    assert {"Bartholomew the Grea", "Bartholomew the Less"} <= labels, labels
    shown = [b for b in sc.buttons if b.label.startswith("Bartholomew")]
    for b in shown:
        size = getattr(b, "size", 0) or int(17 * sc.layout.unit)
        font = app.text.font(size, True)
        assert all(font.size(line)[0] <= b.rect.w for line in b.label.split("\n")), b.label
        assert len(b.label.split("\n")) * font.get_linesize() <= b.rect.h
        assert size >= 11
    a, c = sorted(shown, key=lambda b: b.rect.x)
    assert a.rect.right <= c.rect.x


def test_the_rules_page_explains_playing_several_at_one_screen():
    """The Rules page, opened from the menu by a click, says what a pass-and-play table does:
    the pass screen, "since your last turn", the cards drawn shown before the screen passes,
    and the "Out of turn" standing answer (the tryout's players met all four unexplained)."""
    app = _app(size=(1280, 720))
    app.frame()
    click(app, find(app.scene, ("button", "rules")).center)
    app.frame()
    body = app.scene.body
    assert "Several players at one screen" in body
    for words in ("pass screen", "since their last turn", "cards you drew",
                  '"when it pays"', '"never"'):
        assert words in body, words


def test_the_first_summary_says_before_your_first_turn_then_since_your_last():
    """The tryout's three players each met "Player N: since your last turn" before their
    first turn: the first look at the table is told as "before your first turn", and from
    then on "since your last turn"."""
    app = _app(size=(1280, 720))
    sc = TableScene(app, [SeatConfig(n) for n in ("Ann", "Bob", "Cy")], seed=3)
    sc.match.autosave = False
    app.go(sc)
    app.frame()
    seen = drawn_text(app)
    titles: dict[str, list[str]] = {}
    told: set[int] = set()          # the summaries already read (each a list of its own)
    player = Player(3)
    for _ in range(3000):
        if len(titles.get("Ann", [])) >= 2:
            break
        seen.clear()
        if not player.act(app):
            app.frame(dt=0.05)
        summary = sc.news.summary
        if summary is not None and id(summary) not in told:
            app.frame()
            told.add(id(summary))
            said = [t for t in seen if t.startswith(f"{sc.name(sc.viewer)}: ")
                    and t.endswith("turn")]
            assert said, seen
            titles.setdefault(sc.name(sc.viewer), []).append(said[-1])
    assert set(titles) == {"Ann", "Bob", "Cy"}, titles
    for who, said in titles.items():
        assert said[0] == f"{who}: before your first turn", said
        assert all(t == f"{who}: since your last turn" for t in said[1:]), said
    assert len(titles["Ann"]) >= 2


def test_what_the_summary_told_is_not_told_again_on_the_stage():
    """A tryout with three at one screen: "New age: ..." was read in the summary window
    ("since your last turn"), then the stage announced the same age again once it was closed.
    What a summary told (the story of the time since that player last looked) is not told
    again on the stage; a player who reads no summary (their own moves) still sees the stage.
    Checked over the first rounds of a three-person game, by clicks."""
    app = _app(size=(1280, 720))
    sc = TableScene(app, [SeatConfig(n) for n in ("Ann", "Bob", "Cy")], seed=3)
    sc.match.autosave = False
    app.go(sc)
    app.frame()
    read: dict[int, set[str]] = {}     # seat -> the lines of the last summary it read
    repeated: list[tuple[str, str]] = []
    shown = 0
    last_summary = last_moment = None
    player = Player(3)
    for _ in range(4000):
        if sc.match.handoffs > 14:
            break
        if not player.act(app):
            app.frame(dt=0.05)
        summary = sc.news.summary
        if summary is not None and summary is not last_summary:
            last_summary = summary
            read[sc.viewer] = {text for _, text in summary}
        m = sc.overlays.stage.drawn
        if m is not None and not sc.pass_needed and m.kind in ("age", "catastrophe") \
                and m is not last_moment:
            last_moment = m
            shown += 1
            name = sc.db.name(m.card)
            if any(text.startswith(("Age: ", "Catastrophe: ")) and name in text
                   for text in read.get(sc.viewer, ())):
                repeated.append((sc.name(sc.viewer), m.title))
    assert read, "no summary was read"
    assert shown, "the stage showed nothing"
    assert not repeated, repeated


def test_continue_does_not_tell_again_a_summary_already_read():
    """A tryout: three at one screen, a player read "since your last turn", then Save &
    Quit (or the window closed) before their first answer; Continue told them the same
    summary again (and without its "your standing answer played..." line, told once). A
    summary read is the screen taken: the autosave counts it as seen."""
    from doomlings_desktop.storage import saves
    from doomlings_desktop.ui import router

    app = _app(size=(1280, 720))
    sc = TableScene(app, [SeatConfig(n) for n in ("Ann", "Bob", "Cy")], seed=3)
    app.go(sc)
    app.frame()
    player = Player(3)
    read = None
    for _ in range(4000):
        if sc.news.summary is not None and not sc.news.first:
            read = list(sc.news.summary)
            click(app, find(sc, ("button", "summary_done")).center)
            break
        if not player.act(app):
            app.frame(dt=0.05)
    assert read, "no summary came"
    who = sc.viewer
    # the window closed now, no answer given since: Continue
    assert router.open_save(app, saves.autosave_path(), app.scene)
    back = app.scene
    assert back is not sc and back.match.asked().player == who
    again = None
    for _ in range(50):
        app.frame()
        r = find(back, ("pass_screen", who))
        if r is not None:
            click(app, r.center)
            app.frame()
            again = back.news.summary
            break
    assert back.viewer == who and not back.pass_needed
    assert again is None or list(again) != read, again
