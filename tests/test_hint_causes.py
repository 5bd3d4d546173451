"""A hint names the cause of its main term, in the table's words (issue 28 'One judge'): a
colour's hint says who holds the colour, an attachment's says every player's gain or loss on
the host, a player's or an out-of-turn offer's names what it does or what the seat can see of
the players, and the counts it gives are the true game's. Before, many hints said only the
part of the evaluation ('you can expect 1 point more from your hand and gene pool') or the search's
verdict ('your chance to win 19%, the same with Red')."""

from __future__ import annotations

import random
import re

import pytest

from doomlings_desktop.commands import hintscan
from doomlings_desktop.play.coach import Coach
from doomlings_desktop.rules import decisions as D
from doomlings_desktop.rules.cards import available_modules, database_for
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.verbs.core import COLORS


@pytest.fixture(scope="module")
def every_module():
    return database_for(available_modules())


def _hints(db, intents: set[str], per: int, games: range, players: int = 4):
    """(game before the answer, hint) at the first `per` decisions of each intent met in
    random games (random answers elsewhere)."""
    coach = Coach(db, seed=3, budget=None, iterations=8)
    seen: dict[str, int] = {}
    out = []
    for seed in games:
        g = Game.new(db, players, seed=seed, log=False)
        r = random.Random(seed)
        while g.pending is not None and any(seen.get(i, 0) < per for i in intents):
            d = g.pending
            if d.intent in intents and len(d.options) > 1 and seen.get(d.intent, 0) < per:
                seen[d.intent] = seen.get(d.intent, 0) + 1
                out.append((g.clone(), coach.hint(g, d.player)))
            g.apply(r.choice(d.options))
    return out


def _seat(g: Game, seat: int, who: str) -> int:
    who = who.strip()
    return seat if who in ("you", "your") else next(q for q in range(g.n) if g.pname(q) == who)


def test_a_colour_hint_says_who_holds_the_colour_and_the_counts_are_true(every_module):
    """Every colour named (in the open or in secret) says how many traits of it a pile holds:
    'Bob's pile holds 3 purple traits and no red' where the counts made the difference,
    'purple traits in the piles: you 2, Bob 0' otherwise; each count is the true pile's."""
    found = _hints(every_module, {D.CHOOSE_COLOR, D.SECRET_COLOR}, 6, range(1200, 1290))
    checked = 0
    for g, hint in found:
        colour = hint.answer
        if colour not in COLORS:
            continue
        seat = g.pending.player
        said = hint.why
        counts = []
        m = re.search(rf"{colour} traits in the piles: ([^;.]+)", said)
        if m:
            for part in m.group(1).split(", "):
                who, _, k = part.rpartition(" ")
                counts.append((_seat(g, seat, who), int(k)))
        for m in re.finditer(rf"(your|([\w ]+)'s) pile holds (no|\d+) {colour} traits?", said):
            who = "your" if m.group(1) == "your" else m.group(2)
            counts.append((_seat(g, seat, who), 0 if m.group(3) == "no" else int(m.group(3))))
        assert counts, said
        for q, k in counts:
            assert g.pile_colors(q).count(colour) == k, (said, q)
        checked += 1
    assert checked >= 4, found


def test_an_attachment_hint_says_who_gains_and_loses_on_its_host(every_module):
    """A host chosen for an attachment names the host and every score it changes, the seat's
    own last ('on Bob's Pride: Bob −1, you +2')."""
    found = _hints(every_module, {D.ATTACH_TO_HOST}, 6, range(1300, 1420))
    assert len(found) >= 3
    for g, hint in found:
        host = g.db.name(hint.answer)
        seat = g.pending.player
        owner = next(q for q in range(g.n) if hint.answer in g.players[q].pile)
        poss = "your" if owner == seat else f"{g.pname(owner)}'s"
        assert re.search(rf"on {re.escape(poss)} {re.escape(host)}: (.+, )?you (0|[+−]\d+)",
                         hint.why), hint.why


def test_player_and_offer_hints_name_a_cause_or_what_the_seat_sees(every_module):
    """A player picked and an out-of-turn offer answered: the reason is specific (a card
    moved, a score line, a hand or gene pool, the players' points and hands), never only the
    evaluation's part or the search's verdict."""
    intents = {D.CHOOSE_OPPONENT, D.CHOOSE_RECIPIENT, D.OFFER_OUT_OF_TURN}
    found = _hints(every_module, intents, 5, range(1500, 1560))
    assert len(found) >= 8
    generic = [h.why for _, h in found if not hintscan.specific(h.why)]
    assert not generic, generic


def test_the_players_facts_are_the_true_scores_and_hands(every_module):
    for g, hint in _hints(every_module, {D.CHOOSE_OPPONENT, D.CHOOSE_RECIPIENT}, 4,
                          range(1500, 1540)):
        seat = g.pending.player
        for m in re.finditer(r"([\w ]+?) has (−?-?\d+) points? and (no|\d+) cards? in hand",
                             hint.why):
            q = _seat(g, seat, m.group(1).split("; ")[-1])
            assert g.score(q, seen_by=seat) == int(m.group(2).replace("−", "-"))
            assert len(g.players[q].hand) == (0 if m.group(3) == "no" else int(m.group(3)))


def test_a_yes_no_hint_says_what_the_answer_does_and_what_it_changes(every_module):
    """A 'you may ...' (and an age's 'stabilize this turn?'): the hint says what answering so
    does ('if you draw 1 card', 'if you discard 2 cards instead') and what it changes against
    the other answer (a card kept in hand, a trait kept on the pile, a score), never only the
    evaluation's part or the search's verdict; every card it says is kept is the seat's, and
    its '+N now' is the true change. Before, 28 of 82 such hints in hintscan's 40 games (and
    about 2 in 5 here) said only 'your chance to win 24%, 21% with 'Yes''."""
    intents = {D.CONFIRM, D.STABILIZE, D.REDRAW_INSTEAD}
    found = _hints(every_module, intents, 8, range(1600, 1660))
    assert len(found) >= 12 and {g.pending.intent for g, _ in found} == intents
    generic = [h.why for _, h in found if not hintscan.specific(h.why)]
    assert not generic, generic
    for g, hint in found:
        seat = g.pending.player
        said = hint.why
        assert re.search(r"if you [a-z]", said), said
        for m in re.finditer(r"you keep ([\w' -]+?) in hand", said):
            assert m.group(1) in {g.db.name(c) for c in g.players[seat].hand}, said
        for m in re.finditer(r"([\w' -]+?) stays on your pile", said):
            assert m.group(1).split(",")[-1].strip() in {g.db.name(c) for c in g.players[seat].pile}
        claim = hintscan.now_claim(said)
        if claim is not None and not claim[2]:
            real = hintscan.real_changes(g, seat, hint.answer)[seat]
            assert claim[0] == real, (said, real)


def test_generic_and_specific_reasons_are_told_apart():
    assert not hintscan.specific("Play Bones: +2 now; you can expect 5 points more from your "
                                 "hand and gene pool in the turns left than playing Boredom.")
    assert not hintscan.specific("Play Bones: the leader Bob gets 2 points less from World's "
                                 "End bonuses than playing Boredom.")
    assert not hintscan.specific("Play Bones: the leader Bob can expect 6 points less from "
                                 "hand and gene pool in the turns left than playing Boredom.")
    assert not hintscan.specific("Red: in 3 imagined worlds played a round on, your chance to "
                                 "win 0%, the same with 'Blue'.")
    assert not hintscan.specific("Blue: the leader Bob scores 2 points fewer now than 'Red'.")
    assert hintscan.specific("Purple: Bob's pile holds 3 purple traits and no red, so the "
                             "leader Bob scores 3 points fewer now than 'Red'.")
    assert hintscan.specific("Play Kidney: +3 now; Kidney gives you 3 points more, so you "
                             "score 2 points more now than playing Bark.")
    assert hintscan.specific("Pass: you keep Parasitic in hand for a later turn; in 6 "
                             "imagined worlds played a round on, your chance to win 20%, 16% "
                             "with playing Parasitic.")


def test_most_hints_name_a_cause_and_none_names_an_unseen_card(every_module):
    """Over random games of mixed bots (hintscan): at most a third of the hints name no
    cause (before: most did), none names a card its reader has not seen, no number is false."""
    res = hintscan.scan(every_module, 3, seed=71_000)
    total = sum(res.hints.values())
    assert total > 30
    assert sum(res.generic.values()) <= total // 3, hintscan.report(res)
    assert res.problems() == 0, hintscan.report(res)


def test_two_meaning_cards_worth_little_are_said_so_once(monkeypatch):
    """Two Meaning of Life cards whose bonuses both look worth nothing yet: the hint says so
    once and which looks better, not "worth little at the end, the other's little"."""
    from doomlings_desktop.play import explain
    from doomlings_desktop.rules.cards import database_for
    from doomlings_desktop.rules.engine import Game

    g = Game.new(database_for(("meaning-of-life",)), 4, seed=1)
    a, b = g.pending.options[:2]
    outlook = {a: 0.3, b: 0.1}
    monkeypatch.setattr(explain, "meaning_outlook", lambda w, seat, card: outlook[card])
    said = explain._meaning(g, g.pending.player, a, [g])
    assert said.startswith("neither bonus looks worth much yet") and "a little more than" in said
    assert "little at the end" not in said
    outlook[a] = 2.2
    said = explain._meaning(g, g.pending.player, a, [g])
    assert "worth about 2" in said
    # the other card's worth reads as English (the window said "..., The Warbler's little")
    assert said.endswith(f"against little for {g.db.name(b)}"), said


def test_a_discard_is_not_explained_by_what_happens_whatever_is_discarded():
    """A card discarded from the hand after the last catastrophe struck changes no other
    player's score (Dinolings' Tiny Arms, which counts discarded Dinolings, left out), yet the
    reason compared the answer with the position before it, the catastrophe's World's End
    effects included: the tryout's Retrovirus discard said "Retrovirus gives Player 3 3
    points fewer, so the leader Player 3 scores 2 points fewer now". A change that every
    answer makes alike is no reason: at most one reason in twenty names another player (the
    model's guesses of their own later picks), where the old reasons named one in two."""
    from doomlings_desktop.play.explain import why

    db = database_for([m for m in available_modules() if m != "dinolings"])
    named = total = 0
    for seed in range(12):
        g = Game.new(db, 4, seed=seed, log=False)
        r = random.Random(seed)
        while g.pending is not None:
            d = g.pending
            if len(g.catastrophes) == 3 and d.intent == D.DISCARD_HAND_CARD \
                    and len(d.options) > 1:
                for o in d.options[:2]:
                    words = why(g, d.player, o, seed, None)
                    total += 1
                    others = [g.pname(q) for q in range(g.n) if q != d.player]
                    named += any(re.search(rf"{re.escape(n)}(?!\d)", words) for n in others)
            g.apply(r.choice(d.options))
    assert total >= 40 and named <= total / 20, (named, total)


def test_a_reasons_parts_are_said_in_plain_words(db):
    """A tryout found "the leader Player 2's hand and gene pool promise 6 points less" hard to
    follow: each part of the evaluation is said as what a player gets or can expect."""
    from doomlings_desktop.play.explain import _phrase

    g = Game.new(db, 2, seed=1, log=False)
    two = g.pname(1)
    assert _phrase(g, 0, 1, "hand", -6.0, 1, "playing Kidney") == (
        f"the leader {two} can expect 6 points less from hand and gene pool in the turns left "
        "than playing Kidney")
    assert _phrase(g, 0, 1, "world_end", 2.0, None, "") == (
        f"{two} gets 2 points more from World's End bonuses")
    assert _phrase(g, 0, 0, "hand", 1.0, 1, "") == (
        "you can expect 1 point more from your hand and gene pool in the turns left")
    assert _phrase(g, 0, 0, "world_end", -3.0, 1, "") == (
        "your World's End bonuses come to 3 points less")
    for part in ("now", "world_end", "hand"):
        for q in (0, 1):
            assert "promise" not in _phrase(g, 0, q, part, 2.0, 1, "")
