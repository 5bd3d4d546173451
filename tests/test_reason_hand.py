"""A bot's reason is read by the whole table: it must not tell what the bot's hand holds.

A score that reads its holder's hand (Saudade: +1 per colour among the cards in your hand;
Brave, Boredom: `counters.PRIVATE`) moves when a card leaves the hand. The reason for a bot's
play claimed the score change it saw: "Blubber: for its 4 points" when the bot still held
another blue card, "for 5 points now"/"for 3 points now" when it did not, so the table learnt
the colours of the bot's hand. The position below is played twice, the bot's other card
blue or red; the reason must read the same."""

from __future__ import annotations

import random

import pytest

from doomlings_desktop.bots.reasons import WORLDS, reason
from doomlings_desktop.rules.cards import default_database
from doomlings_desktop.rules.setup import build
from doomlings_desktop.rules.view import view_for
from doomlings_desktop.rules.worlds import WorldSampler


def _reason(db, pile: list[str], other: str) -> str:
    g = build(db, {"players": [{"hand": ["blubber", other], "pile": pile},
                               {"hand": ["fangs", "bad"], "pile": []}],
                   "trait_deck": ["gills", "leaves", "migratory", "woody-stems", "kidney"]},
              players=2)
    assert g.pending.player == 0 and db.card("blubber") in g.pending.options
    sampler = WorldSampler(g, 0)
    rng = random.Random(3)
    worlds = [sampler.sample(rng) for _ in range(WORLDS)]
    return reason(view_for(g, 0, with_log=False), db.card("blubber"), db, worlds)


@pytest.mark.parametrize("pile", [["saudade"], ["brave"], ["boredom"]])
def test_a_bots_reason_reads_the_same_whatever_else_its_hand_holds(pile):
    db = default_database()
    said = {other: _reason(db, pile, other)
            for other in ("chromatophores", "antlers", "apex-predator", "cold-blood", "costly-signaling")}
    assert len(set(said.values())) == 1, said


def test_without_a_score_that_reads_a_hand_the_points_are_still_said():
    db = default_database()
    assert "4 points" in _reason(db, [], "antlers")
