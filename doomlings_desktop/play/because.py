"""The cause behind a hint's main term, in the words of the table (issue 28: a hint names WHY,
not only which part of the evaluation moved).

`play/explain.py` finds the part of the evaluation that separates an answer from its closest
rival (a player's score now, their World's End bonuses, what their hand and gene pool
promise). This module reads, in the same settled worlds, what made that part move: the cards
that went onto or left a pile ("Bark goes onto your pile", "Bob loses Flight"), the score line
that changed ("The Vixen gives Bob 3 points fewer"), a card kept in hand, the cards a hand or
gene pool gained, and for a colour how many traits of it the player's pile holds ("Bob's pile
holds 3 purple traits and no red"); for an attachment, every player's score change on the
chosen host ("on Bob's Pride: Bob −2, you +1").

Only cards the seat can see are named: on the table or in its own hand in the true game, and
the same card in every imagined world (a card out of a hidden hand differs from world to world,
or is one the seat never saw: it is counted, not named).
"""

from __future__ import annotations

import re
from typing import Any

from doomlings_desktop.bots.effects import played
from doomlings_desktop.bots.heuristics import tables
from doomlings_desktop.bots.reasons import public
from doomlings_desktop.rules.decisions import ATTACH_TO_HOST, DISCARD_HAND_CARD, GIVE_HAND_CARD
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.verbs.core import COLORS
from doomlings_desktop.rules.view import view_for

FACE = "Face values"


class Sight:
    """The cards and names the seat may be told about: public ones and its own hand."""

    def __init__(self, game: Game, seat: int) -> None:
        view = view_for(game, seat, with_log=False)
        db = game.db
        self.cards = {c for c in range(len(db.cards)) if c in view.hand or public(view, c)}
        self.names = {db.cards[c].name for c in self.cards}


def _who(game: Game, seat: int, q: int) -> tuple[str, str, str]:
    """(subject, possessive, verb ending): ('you', 'your', '') or ('Bob', "Bob's", 's')."""
    if q == seat:
        return "you", "your", ""
    name = game.pname(q)
    return name, f"{name}'s", "s"


def _n(x: float, unit: str) -> str:
    k = round(abs(x))
    return f"{'no' if k == 0 else k} {unit}{'s' if k != 1 else ''}"


def _common(sets: list[set[int]]) -> set[int]:
    out = set(sets[0])
    for s in sets[1:]:
        out &= s
    return out


def _moved(mine: list[Game], alt: list[Game], q: int, zone: str,
           sight: Sight) -> tuple[set[int], set[int]]:
    """The seen cards in q's `zone` after the answer and not after the rival (and the other
    way), the same in every world."""
    a = [set(getattr(m.players[q], zone)) for m in mine]
    b = [set(getattr(o.players[q], zone)) for o in alt]
    gained = _common([x - y for x, y in zip(a, b, strict=True)]) & sight.cards
    lost = _common([y - x for x, y in zip(a, b, strict=True)]) & sight.cards
    return gained, lost


def _pile_cards(game: Game, seat: int, q: int, sign: int, gained: set[int], lost: set[int],
                worth: Any) -> tuple[float, str]:
    """The card whose arrival or loss moves q's score (or promise) the answer's way, with its
    worth ((0, '') for none)."""
    subj, poss, s = _who(game, seat, q)
    their = poss if q == seat else "their"      # 'Bob loses Bark from their pile'
    before = set(game.players[q].pile)
    name = game.db.name
    found = []
    for c in gained:
        v = worth(c)
        text = f"{subj} keep{s} {name(c)} on {their} pile" if c in before \
            else f"{name(c)} goes onto {poss} pile"
        found.append((v, c, text))
    for c in lost:
        v = -worth(c)
        text = f"{subj} lose{s} {name(c)} from {their} pile" if c in before \
            else f"{name(c)} stays off {poss} pile"
        found.append((v, c, text))
    found = [f for f in found if sign * f[0] > 0]
    if not found:
        return 0.0, ""
    best = max(found, key=lambda f: (sign * f[0], -f[1]))
    return abs(best[0]), best[2]


def _score_line(game: Game, seat: int, q: int, sign: int, mine: list[Game], alt: list[Game],
                sight: Sight) -> tuple[float, str]:
    """The score line (a pile's bonus, a World's End effect) that moves q's score most the
    answer's way, as q's score is known to the seat, with its size ((0, '') for none)."""
    diff: dict[str, float] = {}
    for m, o in zip(mine, alt, strict=True):
        for part, k in ((m, 1), (o, -1)):
            for label, v in part.score_breakdown(q, seen_by=seat):
                diff[label] = diff.get(label, 0.0) + k * v / len(mine)
    lines = [(d, label) for label, d in diff.items()
             if label != FACE and label in sight.names and sign * d >= 0.5]
    if not lines:
        return 0.0, ""
    d, label = max(lines, key=lambda x: (sign * x[0], x[1]))
    obj = "you" if q == seat else game.pname(q)
    return abs(d), f"{label} gives {obj} {_n(d, 'point')} {'more' if d > 0 else 'fewer'}"


def _hand(game: Game, seat: int, q: int, sign: int, mine: list[Game], alt: list[Game],
          sight: Sight) -> str:
    """What q's hand or gene pool gains the answer's way: a card of the seat's own kept, else
    the count of cards in hand, else the gene pool."""
    subj, poss, s = _who(game, seat, q)
    if q == seat:
        gained, lost = _moved(mine, alt, q, "hand", sight)
        keep = sorted(gained if sign > 0 else lost)
        if keep:
            c = keep[0]
            if sign < 0:
                return f"{subj} give{s} up {game.db.name(c)}"
            mine_now = c in game.players[seat].hand
            return f"{subj} keep{s} {game.db.name(c)} in hand" if mine_now \
                else f"{game.db.name(c)} comes into {poss} hand"
    k = len(mine)
    hand = sum(len(m.players[q].hand) - len(o.players[q].hand)
               for m, o in zip(mine, alt, strict=True)) / k
    gp = sum(m.players[q].gp - o.players[q].gp for m, o in zip(mine, alt, strict=True)) / k
    if sign * hand > 0 and round(abs(hand)) >= 1 and abs(hand) >= abs(gp):
        return f"{subj} end{s} with {_n(hand, 'card')} {'more' if hand > 0 else 'fewer'} in hand"
    if sign * gp > 0 and round(abs(gp)) >= 1:
        return f"{poss} gene pool is {round(abs(gp))} {'larger' if gp > 0 else 'smaller'}"
    return ""


def _colour(game: Game, seat: int, q: int, part: str, answer: Any, rival: Any) -> str:
    """For a colour named: how many of it (and of the rival colour) q's pile holds, or the
    seat's own hand when what it promises is the term."""
    if answer not in COLORS:
        return ""
    other = rival if rival in COLORS else None
    _, poss, _ = _who(game, seat, q)
    if part == "hand" and q == seat:
        cols = [k for c in game.players[seat].hand for k in game.db.colors[c]]
        where, unit = f"{poss} hand", "card"
    else:
        cols = game.pile_colors(q)
        where, unit = f"{poss} pile", "trait"
    words = f"{where} holds {_n(cols.count(answer), answer + ' ' + unit)}"
    if other is not None:
        k = cols.count(other)
        words += f" and {'no' if k == 0 else k} {other}"
    return words


def host_changes(game: Game, seat: int, host: int, mine: list[Game], base: list[Game]) -> str:
    """An attachment's host: every seat's score change once it is on it, as the seat knows
    the scores ('on Bob's Pride: Bob −2, you +1'), the host's owner first, the seat last."""
    k = len(mine)
    change = [round(sum(m.score(p, seen_by=seat) - b.score(p, seen_by=seat)
                        for m, b in zip(mine, base, strict=True)) / k) for p in range(game.n)]
    owner = next((p for p in range(game.n) if host in game.players[p].pile), seat)

    def signed(x: int) -> str:
        return "0" if x == 0 else f"{'+' if x > 0 else '−'}{abs(x)}"

    order = [owner] if owner != seat else []
    order += [p for p in range(game.n) if change[p] and p not in order and p != seat]
    parts = [f"{game.pname(p)} {signed(change[p])}" for p in order] + [f"you {signed(change[seat])}"]
    _, poss, _ = _who(game, seat, owner)
    return f"on {poss} {game.db.name(host)}: {', '.join(parts)}"


def cause(game: Game, seat: int, answer: Any, rival: Any, term: tuple[int, str, float],
          mine: list[Game], alt: list[Game], base: list[Game]) -> str:
    """Why the main term `term` (seat q, part, raw difference) moved the answer's way against
    the rival (None: against the position before, `alt` is then `base`): the facts that made
    it, joined ('' when none can be named). `mine`, `alt`: the worlds after each, settled;
    `base`: the same worlds before."""
    q, part, delta = term
    sign = 1 if delta > 0 else -1
    sight = Sight(game, seat)
    d = game.pending
    said = []
    if d.kind == "color" and rival in COLORS and (part != "hand" or q == seat):
        # the colours' counts are a cause only against another colour, and only where the
        # seat can see them (another's hand is hidden)
        said.append(_colour(game, seat, q, part, answer, rival))
    if d.intent == ATTACH_TO_HOST and isinstance(answer, int):
        said.append(host_changes(game, seat, answer, mine, base))
    if d.kind == "yesno" and answer in ("yes", "no"):
        # what saying it does, against the other answer (not the position before it)
        other = alt if rival is not None else played(base, seat, _other(answer))
        return yesno_effects(game, seat, answer, mine, other, sight,
                             skip=q if part == "now" else None)
    said.append(_part(game, seat, q, part, sign, mine, alt, sight))
    return ", and ".join(x for x in said if x)


def _other(answer: str) -> str:
    return "no" if answer == "yes" else "yes"


def deed(game: Game, answer: str) -> str:
    """What a yes/no answer does, from its question: 'you discard your whole hand and
    stabilize', 'you do not stabilize this turn', and where the question names what 'No'
    does ('(No: from your pile)', '(No: discard 2 cards instead)'), that."""
    ask = game.pending.prompt.split(": ", 1)[-1].strip()
    m = re.match(r"(.*?)\?\s*(?:\(No: (.*)\))?$", ask)
    act, instead = (m.group(1), m.group(2)) if m else (ask.rstrip("?"), None)
    if act.startswith("you "):
        act = act[4:]
    if answer == "yes":
        return f"you {act}"
    if instead and instead.startswith("from ") and " from " in act:
        return f"you {act.rsplit(' from ', 1)[0]} {instead}"
    if instead:
        return f"you {instead}"
    return f"you do not {act}"


def yesno_effects(game: Game, seat: int, answer: str, mine: list[Game], alt: list[Game],
                  sight: Sight | None = None, skip: int | None = None) -> str:
    """A yes/no answer's cause (issue 28, 'you may ...'): what the answer does, and what it
    changes against the other answer in the same settled worlds: the cards it keeps on or
    puts onto the seat's pile (or off it), a card kept in hand (else the hand's size), every
    player's score as the seat knows it (but `skip`'s, said after it), the gene pool ('if you
    draw 1 card, you keep Saliva in hand'); 'nothing changes at once' when they settle the
    same."""
    sight = sight or Sight(game, seat)
    said = _yesno_cards(game, seat, mine, alt, sight)
    kept = _hand(game, seat, seat, 1, mine, alt, sight) or _hand(game, seat, seat, -1, mine,
                                                                 alt, sight)
    if kept.startswith("you give up ") and kept[12:] not in _names(game, game.players[seat].hand):
        kept = f"{kept[12:]} does not come into your hand"     # never in hand: not given up
    on_pile = " ".join(said)
    if kept and not any(n in kept and n in on_pile
                        for n in _names(game, game.players[seat].pile)):
        said.append(kept)       # a card already said on the pile is not said again
    k = len(mine)
    other = "'No'" if answer == "yes" else "'Yes'"
    for q in [seat] + [p for p in range(game.n) if p != seat]:
        d = sum(m.score(q, seen_by=seat) - o.score(q, seen_by=seat)
                for m, o in zip(mine, alt, strict=True)) / k
        if round(abs(d)) >= 1 and q != skip:
            subj, _, s = _who(game, seat, q)
            said.append(f"{subj} score{s} {_n(d, 'point')} {'more' if d > 0 else 'fewer'} "
                        f"at once than with {other}")
    effects = ", ".join(said[:3]) if said else "nothing changes at once"
    return f"if {deed(game, answer)}, {effects}"


def _names(game: Game, cards: list[int]) -> set[str]:
    return {game.db.name(c) for c in cards}


def _yesno_cards(game: Game, seat: int, mine: list[Game], alt: list[Game],
                 sight: Sight) -> list[str]:
    """The seen cards on the seat's pile after the answer and not after the other one (and
    the other way), said by where they were: 'Bark stays on your pile', 'Bark goes onto your
    pile', 'Bark leaves your pile', 'Bark does not go onto your pile'."""
    gained, lost = _moved(mine, alt, seat, "pile", sight)
    pile = set(game.players[seat].pile)
    name = game.db.name
    stay = [name(c) for c in sorted(gained) if c in pile]
    onto = [name(c) for c in sorted(gained) if c not in pile]
    leave = [name(c) for c in sorted(lost) if c in pile]
    off = [name(c) for c in sorted(lost) if c not in pile]
    out = []
    for cards, one, many in ((stay, "stays on", "stay on"), (onto, "goes onto", "go onto"),
                             (leave, "leaves", "leave"),
                             (off, "does not go onto", "do not go onto")):
        if cards:
            out.append(f"{' and '.join(cards)} {one if len(cards) == 1 else many} your pile")
    return out


def _part(game: Game, seat: int, q: int, part: str, sign: int, mine: list[Game],
          alt: list[Game], sight: Sight) -> str:
    """The cause of one part's difference for q: cards, a score line, a hand."""
    if part == "hand":
        return _hand(game, seat, q, sign, mine, alt, sight)
    gained, lost = _moved(mine, alt, q, "pile", sight)
    if part == "world_end":
        tb = tables(game.db)
        found = _pile_cards(game, seat, q, sign, gained, lost, lambda c: tb.we[c])[1]
        return found.replace(" goes onto", "'s World's End effect goes onto", 1)
    value = game.db.value
    cards = _pile_cards(game, seat, q, sign, gained, lost, lambda c: value[c] or 0)
    line = _score_line(game, seat, q, sign, mine, alt, sight)
    return max(cards, line)[1]      # the larger of a card's face value and a bonus line


def facts(game: Game, seat: int, answer: Any, rival: Any) -> str:
    """What the seat can see that bears on an answer nothing separates at once from its rival
    (the search decided it): the card a pass keeps in hand, the card a discard keeps, who
    holds the colour named, the two players' scores and hands ('' for none)."""
    d = game.pending
    db = game.db
    hand = game.players[seat].hand
    if answer == "pass" and d.kind in ("play", "react", "card") and isinstance(rival, int) \
            and rival in hand:
        return f"you keep {db.name(rival)} in hand for a later turn"
    if d.intent in (DISCARD_HAND_CARD, GIVE_HAND_CARD) and isinstance(rival, int) \
            and rival in hand:      # the card let go of keeps the other one
        return f"you keep {db.name(rival)} in hand instead"
    if d.kind == "color" and answer in COLORS:
        held = ", ".join(f"{_who(game, seat, q)[0]} {game.pile_colors(q).count(answer)}"
                         for q in [seat] + [p for p in range(game.n) if p != seat])
        return f"{answer} traits in the piles: {held}"
    if d.kind == "player" and isinstance(answer, int):
        who = [answer] + ([rival] if isinstance(rival, int) and rival != answer else [])
        def pts(q: int) -> str:
            x = game.score(q, seen_by=seat)
            return f"{x} point{'s' if abs(x) != 1 else ''}"
        return "; ".join(f"{game.pname(q)} has {pts(q)} and "
                         f"{_n(len(game.players[q].hand), 'card')} in hand" for q in who)
    return ""
