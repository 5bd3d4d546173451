"""Why a bot gave its answer, as one short phrase for the table's log.

The phrase is built from the answer and what every player can see (the printed numbers of a
card that is played or targeted, the scores on the table), never from the bot's hand or its
search: it explains the move without revealing anything a player could not know. Given worlds
sampled for the bot's seat (the table's bots always give them), it is also true: a choice on
piles, players or colours is named by what it does to the scores when every world agrees,
and a play's printed points are claimed only if the play adds them (issue 28)."""

from __future__ import annotations

from typing import Any

from doomlings_desktop.bots.effects import RIVALS, play_out
from doomlings_desktop.bots.heuristics import tables
from doomlings_desktop.rules.cards import Database
from doomlings_desktop.rules.counters import hand_distinct_colors
from doomlings_desktop.rules.decisions import (
    ATTACH_TO_HOST,
    MOVE_ATTACHMENT,
    SECRET_COLOR,
    USE_TRAIT_ACTION,
)
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.scoring import all_scores
from doomlings_desktop.rules.view import View


def _leader_among_others(view: View) -> int | None:
    """The opponent with the highest visible score (None if tied at the top)."""
    others = [s for s in view.seats if s.seat != view.me]
    if not others:
        return None
    top = max(s.score for s in others)
    leaders = [s.seat for s in others if s.score == top]
    return leaders[0] if len(leaders) == 1 else None


def _owner(view: View, card: int) -> int | None:
    for s in view.seats:
        if card in s.pile:
            return s.seat
    return None


def public(view: View, c: int) -> bool:
    """Whether every player can see card c now (a pile, the discard pile, the ages)."""
    return c >= 0 and (c == view.age or c in view.discard or c in view.shown
                       or any(c in s.pile for s in view.seats)
                       or any(c in e for e in view.eras))


SCORES = "for the points it scores in this pile"


def _play_reason(db: Database, c: int) -> str:
    tb = tables(db)
    if db.scoring[c]:
        return SCORES
    pts = db.value[c] or 0
    merits = [(float(pts), f"its {pts} point{'s' if pts != 1 else ''}"),
              (tb.action[c], "its action"),
              (tb.we[c], "its World's End effect"),
              (0.8 * tb.gp[c], "a bigger gene pool")]
    # the two largest merits, so a 1-point card played for its gene pool or action says so
    top = [m for m in sorted(merits, key=lambda m: -m[0]) if m[0] > 0][:2]
    if not top:
        return "to get it onto the table"
    if len(top) == 2 and top[1][0] < 0.5 * top[0][0]:
        top = top[:1]       # a minor second merit is no part of the reason
    return "for " + " and ".join(phrase for _, phrase in top)


# The decisions whose phrase is checked against what the move does to the scores: they act on
# a pile, a player or a colour, where a guess from the printed numbers can be wrong (an
# attachment on another player's trait may raise their score), and a yes/no, whose guess
# ('worth it now') names no effect at all. A hand card's pick is not: what it does hangs on
# hands no one else sees.
CHECKED = ("player", "color", "catastrophe", "yesno")


def _checked(d: Any) -> bool:
    return d.kind in CHECKED or d.kind == "card" and d.zone == "pile"


def _pts(n: int) -> str:
    return f"{n} point{'s' if n != 1 else ''}"


WORLDS = 3      # worlds a choice's effect is played out in: it is said only if all agree


def _changes(w: Game, me: int, answer: Any) -> tuple[list[int], list[list[int]], bool]:
    """In world w: every player's score change from the answer (and whether it is sure:
    nothing hidden came to light, nobody chose among several answers (`effects.play_out`),
    and no part of a score the bot cannot see changed),
    and the changes of the other answers (at most RIVALS of them)."""
    mine, sure = _change(w, me, answer)
    others = [_change(w, me, o)[0] for o in w.pending.options if o != answer][:RIVALS]
    return mine, others, sure


def _change(w: Game, me: int, a: Any) -> tuple[list[int], bool]:
    """Every player's score change from answer a in world w (a clone is played on), and
    whether it is sure (`_changes`)."""
    h = w.clone()
    before = all_scores(h)
    seen = [h.score(q, seen_by=me) for q in range(h.n)]
    sure = play_out(h, me, a)
    got = [x - y for x, y in zip(all_scores(h), before, strict=True)]
    # a change in a part of a score the bot cannot see (a bonus read from a hidden hand) is
    # not sure either: every world may agree on it and the true hand differ
    sure = sure and all(h.score(q, seen_by=me) - seen[q] == got[q] for q in range(h.n)) \
        and not _reads_a_hand(w, h)
    return got, sure


# Scores read from a hand that move with what stays in it, not only with the cards that
# leave or enter it (`counters.PRIVATE`'s others count cards one by one: Brave's dominants,
# Boredom's cards with text change by the cards a sure move shows moving).
HAND_MIX = frozenset({hand_distinct_colors})


def _reads_a_hand(w: Game, h: Game) -> bool:
    """Whether, from w to h (a sure move played out), a hand changed whose owner's pile holds
    a score that reads the mix of that hand (Saudade: the colours among its cards). The
    reason is read by the whole table, and such a score moves with the rest of the hand:
    "Blubber: for its 4 points" against "for 3 points now" told whether the bot still held a
    card of its colour. Which hands a sure move changes, and the piles, are public, so
    whether a number is claimed tells nothing either."""
    cards = w.db.cards
    for q in range(w.n):
        if w.players[q].hand != h.players[q].hand and any(
                t[0] in HAND_MIX for g in (w, h) for c in g.players[q].pile
                for t in cards[c].score):
            return True
    return False


def _main_effect(w: Game, me: int, answer: Any) -> tuple[int, int, int, bool, int]:
    """In world w: the player whose score the answer changes most against the other answers
    (their mean), that change (rounded), the player's own score change from the answer,
    whether that is sure, and where the answer stands among all of them for that player
    (1: none leaves the score higher, -1: none lower, 0: neither or not all were tried)."""
    mine, others, sure = _changes(w, me, answer)
    if not others:
        return me, 0, mine[me], sure, 0
    delta = [mine[q] - sum(o[q] for o in others) / len(others) for q in range(w.n)]
    q = max(range(w.n), key=lambda i: (abs(delta[i]), i == me))
    every = len(others) == len(w.pending.options) - 1
    rank = 1 if every and all(mine[q] >= o[q] for o in others) else \
        -1 if every and all(mine[q] <= o[q] for o in others) else 0
    return q, round(delta[q]), mine[q], sure, rank


def effect_phrase(worlds: list[Game], me: int, answer: Any, leader: int | None) -> str | None:
    """The move's main effect on the scores, played out in worlds sampled for the bot's seat
    against the other answers: the player whose score it changes most, in words, with what
    the move itself does to that score (a trait lost costs points even when it is the least
    costly one). A superlative ('the least costly', 'gains least') only where it holds among
    every answer in every world (a Random or Easy bot's answer may not be the best one);
    else what the move does ('at no cost to itself', 'which costs Ann 1 point'). None if it
    changes no score by a point, or if the worlds disagree (the effect hangs on hidden cards,
    so no claim about it would be sure to be true)."""
    seen = [_main_effect(w, me, answer) for w in worlds]
    if len({x[:4] for x in seen}) != 1:
        return None
    q, rel, own, sure, _ = seen[0]
    if not sure or rel == 0:
        return None
    best = all(x[4] == 1 for x in seen)
    worst = all(x[4] == -1 for x in seen)
    if q == me:
        return _own_phrase(rel, own, best)
    return _other_phrase(worlds[0].pname(q), q == leader, rel, own, best, worst)


def _own_phrase(rel: int, own: int, best: bool) -> str | None:
    """The bot's own score is what the move changes most."""
    if own > 0:
        return f"for {_pts(own)}" if rel > 0 else None
    if rel > 0 and best:
        return "the least costly for it"
    if own < 0:
        return f"at a cost of {_pts(-own)} to itself"
    return "at no cost to itself" if rel > 0 else None


def _other_phrase(name: str, leader: bool, rel: int, own: int, best: bool,
                  worst: bool) -> str:
    """Another player's score is what the move changes most: a move that helps them is
    never said to harm them, a harm said is a score that falls."""
    if rel > 0:
        if own > 0:
            return f"which gives {name} {_pts(own)}"
        if best:
            return f"the least harm to {name}"
        return f"which costs {name} {_pts(-own)}" if own < 0 else f"which costs {name} nothing"
    if own < 0:
        return "to slow the leader" if leader else f"to cost {name} {_pts(-own)}"
    if worst:
        return f"so that {name} gains least"
    return f"which gives {name} only {_pts(own)}" if own > 0 else f"so that {name} gains nothing"


def best_for_it(worlds: list[Game], me: int, answer: Any) -> bool:
    """Whether, in every world, no other answer leaves the bot's own score higher (all the
    answers tried): what 'the least harmful for it' and 'its least valuable trait' claim."""
    for w in worlds:
        mine, others, _ = _changes(w, me, answer)
        if len(others) != len(w.pending.options) - 1 or any(o[me] > mine[me] for o in others):
            return False
    return True


def reason(view: View, answer: Any, db: Database, worlds: list[Game] | None = None) -> str:
    """A short phrase ('for its 4 points', 'to slow the leader') or '' when none fits. With
    `worlds` (worlds sampled for the seat, its decision pending), a choice that acts on piles
    or players is named by what it does to the scores, when every world agrees on it."""
    d = view.decision
    if d is None:
        return ""
    phrase = _reason(view, answer, db)
    if worlds and d.kind == "play" and answer != "pass":
        return _checked_play(phrase, worlds, view.me, answer, db, _leader_among_others(view))
    if not worlds or not phrase or not _checked(d) or answer == "pass":
        return phrase
    said = effect_phrase(worlds, view.me, answer, _leader_among_others(view))
    if said is None and phrase == "to slow the leader":
        return "the most useful choice"     # no sure harm to the leader: none is claimed
    if said is None and phrase in OWN_BEST and not best_for_it(worlds, view.me, answer):
        return OWN_BEST[phrase]     # a guess of 'the least' that is not so is not said
    return said or phrase


# guesses that say the answer costs the bot least, and what is said when that is not so
OWN_BEST = {"the least harmful for it": "the World's End effect it chose",
            "its least valuable trait": "a trait of its own"}


def _checked_play(phrase: str, worlds: list[Game], me: int, answer: int, db: Database,
                  leader: int | None = None) -> str:
    """A play's printed points said only if they are what it adds: played out in every world
    (its questions answered), the seat's score change; where all worlds agree and it differs
    from the printed value (a pile's bonus, a cost, Nano's host), the real change is said.
    Where the play changes another player's score more than the bot's own, that is its main
    effect and is said too ('for 2 points now, costing Bob 4 points'), when every world
    agrees on it; where they do not (the others' changes differ from world to world: Ancient
    gave one player 0 or 3 and truly 8), no number of its own is claimed as its reason."""
    printed = f"its {_pts(db.value[answer] or 0)}"
    scores = phrase == SCORES
    if printed not in phrase and not scores:
        return phrase
    seen = set()
    more: set[tuple[int, int] | None] = set()    # another player changed more, per world
    rest = set()        # the other players' changes, per world
    sure = True
    for w in worlds:
        got, ok = _change(w, me, answer)
        sure = sure and ok
        seen.add(got[me])
        rest.add(tuple(x for q, x in enumerate(got) if q != me))
        top = max((q for q in range(w.n) if q != me), key=lambda q: abs(got[q]), default=me)
        more.add((top, got[top]) if abs(got[top]) > abs(got[me]) else None)
    said = _own_points(phrase, printed, scores, seen, sure, db.value[answer] or 0)
    if more == {None} and len(rest) == 1:
        return said
    if len(more) == 1 and len(rest) == 1 and sure:
        q, x = more.pop()
        name = worlds[0].pname(q)
        tail = f"giving {name} {_pts(x)}" if x > 0 else \
            "to slow the leader" if q == leader else f"costing {name} {_pts(-x)}"
        return f"{said}, {tail}"
    if scores:
        return "for what it may score"
    return _without(phrase, printed, "for what it may add")


def _own_points(phrase: str, printed: str, scores: bool, seen: set[int], sure: bool,
                value: int) -> str:
    """The play's phrase with its own points as they really are (`_checked_play`)."""
    if scores:      # "the points it scores": only if it scores some now
        return phrase if min(seen) > 0 else "for what it may score later"
    if len(seen) != 1 or not sure:      # it hangs on hidden cards: claim no number
        return _without(phrase, printed, "for what it may add")
    real = seen.pop()
    if real == value:
        return phrase
    if real > 0:
        return phrase.replace(printed, f"{_pts(real)} now")
    return _without(phrase, printed, "to get it onto the table")


def _without(phrase: str, merit: str, alone: str) -> str:
    """The phrase 'for A and B' without merit A (`alone` if nothing is left)."""
    rest = [m for m in phrase.removeprefix("for ").split(" and ") if m != merit]
    return "for " + " and ".join(rest) if rest else alone


def _reason(view: View, answer: Any, db: Database) -> str:
    d = view.decision
    kind = d.kind
    if kind == "play":
        return "keeps its cards" if answer == "pass" else _play_reason(db, answer)
    if kind == "no_play":
        return "keeps its hand" if answer == "skip" else "hoping for better cards"
    if kind == "react":
        if answer == "pass":    # saying so would tell the table who was offered a play
            return ""
        # named only if the table sees it: the hand card whose action Elongated Neck plays
        # is shown to the seat offered to prevent it, not to everyone who reads the log
        return f"in answer to {db.cards[d.card].name}" if public(view, d.card) \
            else "at the right moment"
    if kind == "card":
        return _card_reason(view, d, answer)
    if kind == "player":
        if answer == _leader_among_others(view):
            return "to slow the leader"
        return "the most useful choice"
    if kind == "color":     # a colour named in secret: the table is told nothing of it
        return "" if d.intent == SECRET_COLOR else "the best color for it"
    if kind == "yesno":
        return "worth it now" if answer == "yes" else "not worth it now"
    if kind == "catastrophe":
        return "the least harmful for it"
    return ""


def _card_reason(view: View, d: Any, answer: Any) -> str:
    """A card picked: a host, a trait to target or lose, a hand card, a card on offer."""
    if d.zone == "meaning":     # a secret choice: the table is told nothing of it
        return ""
    if d.intent == ATTACH_TO_HOST:
        # never guessed as harm: an attachment may raise its host's score (Nano); what it
        # does to the scores is said when worlds are given (`reason`)
        return "the trait of its own it suits best" if _owner(view, answer) == view.me \
            else "the opponent's trait it suits best"
    if d.intent == MOVE_ATTACHMENT:
        return "leaves it where it is" if answer == "pass" else "to protect a better trait"
    if answer == "pass":
        return "keeps its cards"
    if d.intent == USE_TRAIT_ACTION:
        return "the most useful action"
    if d.zone == "hand":
        return "the card it needs least"
    if d.zone == "pile":
        owner = _owner(view, answer)
        if owner == view.me:
            return "its least valuable trait"
        if owner is not None and owner == _leader_among_others(view):
            return "to slow the leader"
        return "the most useful target"
    return "the best card on offer"
