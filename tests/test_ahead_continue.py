"""Pass-and-play's blind answers given ahead of their question (play/ahead.py) survive a break:
the autosave keeps them beside the record, Continue queues them again, and no one answers a
question twice or is called to the screen again for it. A spoiled field in the save is read
as hostile input: dropped, its seat asked as usual, never a traceback. And a seat between two
picks of its own keeps its first while the table looks at the question it serves (the run
loop asks `delegated` of it after every frame)."""

from __future__ import annotations

import json
import random

import pytest
from uidriver import Player, letter

from doomlings_desktop.play.ahead import signature
from doomlings_desktop.play.match import Match, Seat
from doomlings_desktop.rules.cards import database_for
from doomlings_desktop.rules.record import encode_answer, make_record, replay
from doomlings_desktop.rules.setup import build
from doomlings_desktop.storage import saves
from doomlings_desktop.storage.settings import Settings
from doomlings_desktop.ui import router
from doomlings_desktop.ui.app import App
from doomlings_desktop.ui.table import TableScene

MODULES = ("dinolings", "meaning-of-life", "mythlings")
NAMES = ("Ada", "Bea", "Cyd", "Dov")


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))
    saves._cache.clear()


class Prefs:
    bot_pace = 0.0
    pace = "instant"
    ask_out_of_turn = True
    hold_end_turn = "bots"
    hints = "bots"


def _app() -> App:
    s = Settings()
    s.animation = "off"
    s.bot_pace = 0.0
    return App(size=(1366, 768), settings=s)


def _step(m: Match, rng: random.Random, asked: list) -> None:
    """One move made as the table makes it: the review closed, the screen taken by whoever
    is asked, a random answer to the question served. Before it, `delegated` is asked of the
    served question, as the run loop's busy() does after every frame."""
    if m.review is not None:
        m.end_review()
        return
    d = m.asked()
    assert d is not None
    m.delegated(d)
    if d is m.game.pending and m.delegated(d):
        m.tick(0.1)
        return
    if m.pass_needed:
        m.take_screen(d.player)
        return
    if d.blind:
        asked.append((d.player, signature(d)))
    assert m.apply(rng.choice(d.options)) is None


def _in_set(m: Match) -> bool:
    """Whether a blind set is still under way (a question of it pending or answers queued)."""
    p = m.game.pending
    return p is not None and p.blind or bool(m.ahead.queued) or m.ahead.asked() is not None


def _to_a_queue(seed: int, rng: random.Random, asked: list) -> Match | None:
    """A four-human game played (autosaved) until answers wait in the queue, mid-game."""
    m = Match([Seat(n) for n in NAMES], seed=seed, prefs=Prefs(), modules=MODULES)
    for _ in range(5000):
        if m.game.over:
            return None
        if m.ahead.queued and len(m.game.answers) > 5:
            return m
        _step(m, rng, asked)
    return None


def _cases(count: int) -> list[tuple[int, int]]:
    """(seed, rng seed) of games that reach answers queued ahead: the first `count` found."""
    out = []
    for seed in range(60):
        if _to_a_queue(seed, random.Random(seed), []) is not None:
            out.append((seed, seed))
            if len(out) == count:
                break
    assert len(out) == count
    return out


def _continue(app: App) -> Match:
    """Continue, as the main menu does it (router.open_save on the autosave)."""
    assert router.open_save(app, saves.autosave_path(), app.scene)
    return app.scene.match


def _finish_set(m: Match, rng: random.Random, asked: list) -> None:
    for _ in range(500):
        if not _in_set(m) or m.game.over:
            return
        _step(m, rng, asked)
    raise AssertionError("the blind set never ended")


def test_no_blind_answer_given_ahead_is_asked_again_after_continue():
    """Six games stopped where answers wait in the queue (some with a seat that gave one of
    its two picks): after Continue no seat is asked a question it answered before the break,
    and the game takes each answer given ahead."""
    app = _app()
    for seed, r in _cases(6):
        rng = random.Random(r)
        before: list = []
        m = _to_a_queue(seed, rng, before)
        queued = {(q, sig): a for q, got in m.ahead.queued.items() for sig, a in got}
        taken = len(m.game.answers)
        again = _continue(app)
        assert {(q, sig) for q, got in again.ahead.queued.items() for sig, _ in got} \
            == set(queued)
        after: list = []
        _finish_set(again, rng, after)
        assert not set(after) & set(queued), f"seed {seed}: asked again after Continue"
        assert len(set(before + after)) == len(before + after)
        # the game took the answers given before the break, each at its own question
        walk = replay(make_record(again.game), again.db, upto=taken)
        for a in again.game.answers[taken:]:
            sig = (walk.pending.player, signature(walk.pending))
            if sig in queued:
                assert a == queued.pop(sig)
            walk.apply(a)
        assert not queued, "an answer given ahead was never taken"


def test_continue_from_the_main_menu_by_keys_keeps_the_answers_given_ahead():
    """Posted events: a four-human game stops where a seat has answered ahead; a new window
    opens on the same folder, C on the main menu continues, and the set is played on by
    clicks and keys: the seat that answered is never called to the screen for it again."""
    seed, r = _cases(1)[0]
    m = _to_a_queue(seed, random.Random(r), [])
    queued = {(q, sig) for q, got in m.ahead.queued.items() for sig, _ in got}
    app = _app()
    app.frame()
    letter(app, "c")
    sc = app.scene
    assert isinstance(sc, TableScene) and sc.game.answers == m.game.answers
    asked: list = []
    called: list = []
    take, apply = sc.match.take_screen, sc.match.apply

    def taken(seat: int) -> None:
        called.append(seat)
        take(seat)

    def answered(a):
        d = sc.match.asked()
        asked.append((d.player, signature(d)))
        return apply(a)
    sc.match.take_screen, sc.match.apply = taken, answered
    player = Player(3)
    for _ in range(3000):
        if not _in_set(sc.match):
            break
        if not player.act(app):
            app.frame()
        app.busy()                  # as the run loop does after every frame
    assert not _in_set(sc.match)
    assert asked and not set(asked) & queued
    done = {q for q, _ in queued}
    # a seat whose every question was answered ahead is never called back for the set
    rest = {q for q, _ in asked}
    assert not (done - rest) & set(called)


def _saved_case() -> tuple[int, dict, int]:
    """A game stopped with answers queued ahead: its seed, its saved record, and a seat
    whose answers were given ahead."""
    seed, r = _cases(1)[0]
    _to_a_queue(seed, random.Random(r), [])
    rec = json.loads(saves.autosave_path().read_text())
    assert rec["ahead"]
    return seed, rec, int(next(iter(rec["ahead"])))


def _spoiled(rec: dict, q: int, not_an_option: str) -> list:
    good = rec["ahead"][str(q)]
    other = next(k for k in range(4) if str(k) not in rec["ahead"])
    return [[], "x", 5, None, {str(q): "abc"}, {str(q): []}, {str(q): [1.5]},
            {str(q): [None]}, {str(q): [{}]}, {"99": good}, {"-1": good}, {"x": good},
            {str(q): ["nope#1"]}, {str(q): ["thagomizer#99"]}, {str(q): good * 20},
            {str(q): good + good + good}, {str(q): [not_an_option]}, {str(other): good},
            {str(q): [7]}, {str(q): ["a" * 5000]}]


def test_a_spoiled_ahead_field_is_dropped_and_its_seat_asked_as_usual():
    """Each of twenty spoiled `ahead` fields (wrong types, no such seat or card, an answer
    that is not an option, too many, another seat's): Continue opens the game, no traceback,
    the spoiled answers are not queued, and the set is played to its end with that seat
    asked as usual."""
    seed, rec, q = _saved_case()
    g = saves.load(saves.autosave_path(), database_for(MODULES)).game
    held = set(g.players[q].hand)
    not_an_option = encode_answer(g.db, "card", next(c for c in range(len(g.db.cards))
                                                     if c not in held))
    app = _app()
    for bad in _spoiled(rec, q, not_an_option):
        spoiled = dict(rec, ahead=bad)
        saves.autosave_path().write_text(json.dumps(spoiled))
        saves._cache.clear()
        m = _continue(app)
        assert not m.ahead.queued, bad
        asked: list = []
        _finish_set(m, random.Random(seed), asked)
        assert q in {p for p, _ in asked} or m.game.over, bad


def _thagomizer() -> Match:
    """Four humans; Cyd (seat 2, not the first player) has the screen and plays Thagomizer:
    every player picks 2 cards of their hand unseen, then all are discarded at once (E29)."""
    mdb = database_for(("dinolings",))
    g = build(mdb, {"players": [{"hand": ["quick", "antlers", "bark"], "pile": []},
                                {"hand": ["adorable", "gills", "leaves"], "pile": []},
                                {"hand": ["thagomizer", "migratory", "woody-stems",
                                          "nocturnal"], "pile": []},
                                {"hand": ["stone-skin", "fire-skin", "spiny"], "pile": []}],
                    "first_player": 0, "current_player": 2,
                    "trait_deck": ["kidney", "swarm", "sweat", "fangs", "camouflage",
                                   "bad", "big-ears"]}, players=4)
    m = Match([Seat(n) for n in NAMES], seed=0, game=g, prefs=Prefs())
    m.autosave = False
    m.take_screen(2)
    assert m.apply(mdb.card("thagomizer")) is None
    return m


def test_a_look_at_the_question_served_ahead_drops_no_answer_given_before_it():
    """Cyd, between her two picks ahead of her turn, is asked about by the table (busy()
    asks `delegated` of the question served after every frame): her first pick stays
    queued, each seat is asked each pick once, and the game takes them all. Before, the look
    compared her second pick with her first, dropped the first, and she was asked both
    again when the game reached her."""
    m = _thagomizer()
    asked: list = []
    rng = random.Random(2)
    for _ in range(100):
        if not _in_set(m):
            break
        _step(m, rng, asked)
    assert [q for q, _ in asked] == [2, 2, 0, 0, 1, 1, 3, 3]
    assert len(set(asked)) == 8
    assert all(len(m.game.players[q].hand) == 1 for q in (0, 1, 3))
    assert m.handoffs == 1 + 3 and not m.pass_needed and m.asked().player == 3
