"""Pass-and-play's blind answers given ahead of their question (play/ahead.py) survive a break:
the autosave keeps them beside the record, Continue queues them again, and no one answers a
question twice or is called to the screen again for it. A spoiled field in the save is read
as hostile input: dropped, its seat asked as usual, never a traceback. And a seat between two
picks of its own keeps its first while the table looks at the question it serves (the run
loop asks `delegated` of it after every frame)."""

from __future__ import annotations

import random

import pytest

from doomlings_desktop.play.ahead import signature
from doomlings_desktop.play.match import Match, Seat
from doomlings_desktop.rules.cards import database_for
from doomlings_desktop.rules.setup import build
from doomlings_desktop.storage import saves

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
    assert all(len(p.hand) == 1 for p in m.game.players)
    assert m.handoffs == 1 + 3 and m.pass_needed and m.asked().player == 2
