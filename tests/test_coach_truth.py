"""The coach tells the truth about a move: its '+N now' is the score change the move really
makes once what it sets off is done (Nano's host chosen), and every hint, at every kind of
decision, says why in words that are more than the answer's name."""

from __future__ import annotations

import random

import pytest

from doomlings_desktop.bots.effects import score_change
from doomlings_desktop.play.coach import Coach, _gain, now_words
from doomlings_desktop.play.explain import label
from doomlings_desktop.rules.cards import available_modules, database_for
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.worlds import WorldSampler


@pytest.fixture(scope="module")
def every_module():
    return database_for(available_modules())


def _asks_follow_up(g: Game, seat: int, card: int) -> bool:
    h = g.clone()
    h.apply(card)
    d = h.pending
    return d is not None and d.player == seat and d.kind not in ("play", "end_turn", "no_play")


def test_plus_n_now_is_the_real_score_change(every_module):
    """Every play of the seats' turns in random games with every module: the rounded points
    the coach shows are the change of `Game.score` when the play is made in the true game and
    its follow-ups answered. The old measure read the score before the follow-ups (Nano: +0,
    then its host made it 1) and missed many of the plays that ask something."""
    db = every_module
    same = total = follow = follow_same = 0
    for seed in range(14):
        g = Game.new(db, 3 + seed % 3, seed=900 + seed, log=False)
        r = random.Random(seed)
        while g.pending is not None:
            d = g.pending
            if d.kind == "play" and len(g.players[d.player].pile) >= 1:
                seat = d.player
                sampler = WorldSampler(g, seat)
                for c in d.options[:4]:
                    if c == "pass":
                        continue
                    shown = round(_gain(sampler, seat, c, random.Random(seed), worlds=6))
                    real = score_change(g, seat, c)
                    total += 1
                    same += shown == real
                    if _asks_follow_up(g, seat, c):
                        follow += 1
                        follow_same += shown == real
            g.apply(r.choice(d.options))
    # the rest draw or reveal hidden cards as they land: the coach cannot know those
    assert total > 300 and same >= 0.95 * total, (same, total)
    assert follow >= 10 and follow_same >= 0.9 * follow, (follow_same, follow)


def test_a_nano_hint_counts_its_host(every_module):
    """Nano is worth its host's face value: its '+N now' is that value, not the 0 it is
    worth before its host is chosen."""
    db = every_module
    nano = db.card("nano")
    found = 0
    for seed in range(300):
        g = Game.new(db, 3, seed=seed, log=False)
        r = random.Random(seed)
        while g.pending is not None and found < 3:
            d = g.pending
            if d.kind == "play" and nano in d.options:
                real = score_change(g, d.player, nano)
                if real > 0:
                    shown = _gain(WorldSampler(g, d.player), d.player, nano, random.Random(1))
                    assert now_words(shown) == f"+{real} now"
                    found += 1
                    break
            g.apply(r.choice(d.options))
        if found >= 3:
            break
    assert found >= 1


def test_every_hint_says_why_at_every_kind_of_decision(every_module):
    """The coach asked at every intent met in random games with every module (cards,
    players, colours, hosts, yes/no, out-of-turn offers, Meaning of Life): each hint gives
    a reason that is more than the answer's name ('Hint: Purple.' said nothing)."""
    db = every_module
    coach = Coach(db, seed=1, budget=None, iterations=12)
    seen: dict[str, int] = {}
    for seed in range(30):
        g = Game.new(db, 3 + seed % 4, seed=500 + seed, log=False)
        r = random.Random(seed)
        while g.pending is not None:
            d = g.pending
            if len(d.options) > 1 and seen.get(d.intent, 0) < 2:
                seen[d.intent] = seen.get(d.intent, 0) + 1
                hint = coach.hint(g, d.player)
                head, _, rest = hint.why.partition(": ")
                reason = rest.rstrip(".")
                name = label(g, hint.answer)
                assert name in head, hint.why
                assert reason and reason.strip().lower() != name.lower(), hint.why
                assert len(reason.split()) >= 4, hint.why
            g.apply(r.choice(d.options))
    kinds = {"play", "card", "player", "color", "yesno", "react", "catastrophe"}
    from doomlings_desktop.rules.decisions import INTENTS
    assert {INTENTS[i] for i in seen} >= kinds, seen
    assert len(seen) >= 20, sorted(seen)


def test_a_bots_reason_never_calls_a_move_that_helps_a_player_harmful(every_module):
    """Easy, Medium and random answers at every choice that acts on piles, players or colours
    in random games with every module: the move is made on a clone of the true game, and
    where it raises another player's score the bot's public reason never says it harms
    them (an Easy bot attached a card to the human 'to slow the leader', giving them +2),
    and a reason that claims points for the bot, or costs for a player, is true."""
    import re

    from doomlings_desktop.bots.effects import play_out, relative_effect
    from doomlings_desktop.bots.reasons import _checked, _leader_among_others
    from doomlings_desktop.rules.scoring import all_scores

    helped = checked = 0
    for g, p, d, view, a, why in bot_reasons(
            every_module, 700, 16, ("easy", "medium", "random"), 4,
            lambda d, a: len(d.options) > 1 and _checked(d) and a != "pass"):
        delta = relative_effect(g, p, a)      # in the true game
        h = g.clone()
        before = all_scores(h)
        play_out(h, p, a)
        own = [x - y for x, y in zip(all_scores(h), before, strict=True)]
        checked += 1
        helped += any(own[q] > 0 for q in range(g.n) if q != p)
        harmed = [q for q in range(g.n) if q != p and (
            f"to cost {g.pname(q)} " in why
            or "slow the leader" in why and q == _leader_among_others(view))]
        for q in harmed:        # harmed: their score falls, and more than otherwise
            assert own[q] < 0 and delta[q] <= 0, (why, own, delta, d)
        m = re.fullmatch(r"for (\d+) points?", why)
        if m:
            assert own[p] == int(m.group(1)), (why, own, d)
        m = re.fullmatch(r"which gives .* (\d+) points?", why)
        if m:
            assert max(own[q] for q in range(g.n) if q != p) == int(m.group(1))
    assert checked > 150 and helped >= 5, (checked, helped)


def bot_reasons(db, first: int, games: int, levels: tuple, sizes: int, want):
    """Games of bots of `levels` (seeds first.., 3 to 2 + sizes seats): at each decision
    `want(decision, answer)` accepts, yields (game, seat, decision, view, answer, the bot's
    public reason from three worlds of its own seat); the game goes on with the bot's answer
    (a caller tries a move on a clone, never on the game)."""
    from doomlings_desktop.bots import make_bot
    from doomlings_desktop.bots.reasons import reason
    from doomlings_desktop.rules.view import view_for

    for k in range(games):
        g = Game.new(db, 3 + k % sizes, seed=first + k, log=False)
        bots = [make_bot(levels[(k + p) % len(levels)], k + p, db=db) for p in range(g.n)]
        while g.pending is not None:
            d = g.pending
            p = d.player
            sampler = WorldSampler(g, p)
            view = view_for(g, p, with_log=False)
            a = bots[p].decide(view, sampler)
            if want(d, a):
                rng = random.Random(len(g.answers))
                yield g, p, d, view, a, reason(view, a, db,
                                               [sampler.sample(rng) for _ in range(3)])
            g.apply(a)


def test_keep_pause_holds_the_turn_even_after_a_play_that_drew(every_module):
    """A held seat's pause is skipped after a play that brought something to light (nothing
    to undo); with KEEP_PAUSE it stays, so a move is measured before the turn's end."""
    from doomlings_desktop.rules.state import KEEP_PAUSE

    db = every_module
    found = 0
    for seed in range(60):
        g = Game.new(db, 3, seed=seed, log=False)
        r = random.Random(seed)
        while g.pending is not None and found < 3:
            d = g.pending
            if d.intent == "turn_play" and len(d.options) > 1:
                for c in d.options:
                    plain, kept = g.clone(), g.clone()
                    plain.hold = 1 << d.player
                    kept.hold = (1 << d.player) | KEEP_PAUSE
                    plain.apply(c)
                    kept.apply(c)
                    if plain.pending is not None and plain.pending.kind != "end_turn" \
                            and plain.current != d.player:       # the pause was skipped
                        assert kept.pending is not None and kept.pending.kind == "end_turn"
                        assert kept.pending.player == d.player
                        found += 1
                        break
            g.apply(r.choice(d.options))
    assert found >= 3


def test_a_bots_play_reason_claims_only_the_points_the_play_adds(every_module):
    """Bots' plays in random games with every module: a reason that names points ("for its 4
    points", "for 2 points now") names the change the play really makes to the bot's score in
    the true game (its questions answered as the quick policy would), and "the points it
    scores in this pile" only for a play that scores some. The old reason read the printed
    value (Nano, a pile's bonus or a cost made it false)."""
    import re

    from doomlings_desktop.bots.reasons import SCORES

    db = every_module
    claims = differ = 0
    for g, p, _d, _view, a, why in bot_reasons(
            db, 1100, 12, ("easy", "random"), 3,
            lambda d, a: d.kind == "play" and a != "pass" and len(d.options) > 1):
        real = score_change(g, p, a)
        m = re.search(r"for (?:its )?(-?\d+) points?(?: now)?", why)     # its own points
        if m:
            claims += 1
            assert int(m.group(1)) == real, (why, real, db.name(a))
        if why == SCORES:
            assert real > 0, (why, real, db.name(a))
        differ += real != (db.value[a] or 0)
    assert claims > 150 and differ > 10, (claims, differ)
