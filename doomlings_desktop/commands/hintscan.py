"""Are the coach's hints and the bots' public reasons true? Random games, measured.

Games of bots (every level, 2-6 seats, the fuzz tables' variants) are played; at a share of
the decisions with a choice the coach is asked for the deciding seat's hint, and at every
decision the bot's public reason is taken. Each is then checked on a clone of the TRUE game:

- a hint has a reason: more than the answer's name, and more than 'it changes little'
  (`explained`); and it is counted as generic where it names no cause, only the part of the
  evaluation or the search's verdict ('you can expect 1 point more from your hand', 'your
  chance to win 19%, the same with Red': `specific`, the 'generic' column);
- a hint's '+N now' is the seat's real score change once the answer and what it sets off
  are done; where it hangs on hidden cards the hint says so ('+A to +B now, by cards you
  cannot see': the least and most of the seat's imagined worlds; 'likely +N now'), or on
  the seat's own next pick ('+A to +B now, by what you pick next'), and those are counted
  apart (`range_off`: the true game fell outside them) (`bots.effects.play_out`, scores by `rules.scoring`);
- a bot's reason claims no points a player does not get and calls no player harmed whose
  score the move raises (`reason_problems`, from the real per-player score changes), and
  every other claim `commands/reasoncheck.py` reads holds (a superlative among the answers,
  the player named is the one the move affects most, a card named);
- neither names a card its reader has not seen (the log scanner's own test: a hint is read
  by its seat, a bot's reason by every seat).

`python -m doomlings_desktop.commands.hintscan GAMES [SEED]` prints the counts by decision
kind; tests/test_hint_truth.py runs a bounded number of games and asks for zero problems.
"""

from __future__ import annotations

import random
import re
import sys
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from doomlings_desktop.bots import make_bot
from doomlings_desktop.bots.effects import play_out
from doomlings_desktop.bots.reasons import WORLDS as REASON_WORLDS
from doomlings_desktop.bots.reasons import _leader_among_others, reason
from doomlings_desktop.commands.fuzz import table_of
from doomlings_desktop.commands.logscan import Scanner, name_pattern
from doomlings_desktop.commands.reasoncheck import false_claims
from doomlings_desktop.play.coach import Coach
from doomlings_desktop.play.explain import label
from doomlings_desktop.rules.cards import Database
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.scoring import all_scores
from doomlings_desktop.rules.view import View, view_for
from doomlings_desktop.rules.worlds import WorldSampler

MAX_STEPS = 600         # answers per game at most (a game is about 150)
NO_REASON = ("", "it changes little at once")
_NOW = re.compile(r"(about |likely )?(?:([+−-]\d+) to )?([+−-]\d+) now"
                  r"(, by (?:what you pick next|cards you cannot see)(?: and cards you cannot see)?)?")


@dataclass
class Counts:
    """What was checked and what failed, by decision kind."""

    hints: Counter = field(default_factory=Counter)
    unexplained: Counter = field(default_factory=Counter)
    generic: Counter = field(default_factory=Counter)      # a reason naming no cause
    claims: Counter = field(default_factory=Counter)       # '+N now' or 'between +A and +B'
    ranges: Counter = field(default_factory=Counter)       # ... of them hedged (hidden cards)
    false_now: Counter = field(default_factory=Counter)    # a sure one not the true change
    range_off: Counter = field(default_factory=Counter)    # a hedged one off the true change
    reasons: Counter = field(default_factory=Counter)
    contradicted: Counter = field(default_factory=Counter)
    ties: Counter = field(default_factory=Counter)         # hints naming answers that tie
    searched: Counter = field(default_factory=Counter)     # the search over the quick look
    against: Counter = field(default_factory=Counter)      # the search's figures against it
    leaks: int = 0
    examples: list[str] = field(default_factory=list)

    def problems(self) -> int:
        return (sum(self.unexplained.values()) + sum(self.false_now.values())
                + sum(self.contradicted.values()) + sum(self.against.values()) + self.leaks)

    def note(self, text: str) -> None:
        if len(self.examples) < 40:
            self.examples.append(text)


def real_changes(g: Game, seat: int, answer: Any) -> list[int]:
    """Every player's real score change from the seat's answer in game g (played on a
    clone, its follow-ups settled as the coach and the bots measure them)."""
    h = g.clone()
    before = all_scores(h)
    play_out(h, seat, answer)
    return [x - y for x, y in zip(all_scores(h), before, strict=True)]


TIE = re.compile(r"^.*?: (about the same, within \d+ points? of your chance to win|the same "
                 r"chance to win in every imagined world)\. ")
# the search's verdict said for a rival it found better than the hint's answer
AGAINST = re.compile(r"your chance to win (\d+)%, (\d+)% with")
SEARCHED = re.compile(r"the search (prefers this|finds them even): ")


def pick_sentence(why: str) -> str:
    """The hint's sentence about its own answer: after a tie's ('Play X or Y: about the
    same, within 3 points of your chance to win. X: +2 now; ...'), its second sentence."""
    m = TIE.match(why)
    return why[m.end():] if m else why


def against_search(why: str) -> bool:
    """Whether a hint's reason gives a rival a higher chance to win than its own answer in
    the search's figures: the words would contradict the judge that chose the answer."""
    return any(int(m.group(2)) > int(m.group(1)) for m in AGAINST.finditer(why))


def explained(why: str, name: str) -> bool:
    """Whether a hint's sentence ('Choose X: ... .') gives a reason beyond the answer's name
    and the points it adds."""
    _, _, rest = pick_sentence(why).partition(": ")
    rest = _NOW.sub("", rest.rstrip(".")).strip(" ;")
    head = rest.split(";")[0].strip()
    return (head not in NO_REASON and head.lower() != name.lower()
            and len(head.split()) >= 4)


# A reason's clause that only names a part of the evaluation, or the search's verdict, and not
# what made it move: 'you score 2 points more now than playing Bark', 'you can expect 1 point
# more from your hand and gene pool', 'in 6 imagined worlds played a round on, your chance to win 20% ...'
GENERIC = tuple(re.compile(p) for p in (
    r"^(the leader )?[^,]*? scores? (a little|\d+ points?) (more|fewer) now( than .+)?$",
    r"^[^,]*World's End bonuses come to (a little|\d+ points?) (more|less)( than .+)?$",
    r"^[^,]*? gets (a little|\d+ points?) (more|less) from World's End bonuses( than .+)?$",
    r"^[^,]*? can expect (a little|\d+ points?) (more|less) from (your )?hand and gene pool"
    r"[^,]*$",
    r"^in \d+ imagined worlds? played a round on, your chance to win",
    r"^it changes little at once$",
    r"does about as well at once, and playing on a round",
    r"^the only answer$",
    r"^at once, .+ does better( \(.+\))?$",
    r"^the search (prefers this|finds them even): in \d+ imagined worlds? played a round on",
))


def specific(why: str) -> bool:
    """Whether a hint's reason names a cause beyond the evaluation's part and the search's
    verdict: a card that moved, a score line, a colour's count, a hand kept or grown, a
    player's score and hand (issue 28: 'Purple: the Vixen's owner holds no purple')."""
    _, _, rest = pick_sentence(why).partition(": ")
    rest = _NOW.sub("", rest.rstrip(".")).strip(" ;")
    clauses = [c.strip() for c in rest.split("; ") if c.strip()]
    return any(not any(p.search(c) for p in GENERIC) for c in clauses)


def _signed(text: str) -> int:
    return -int(text[1:]) if text[0] in "−-" else int(text[1:])


def now_claim(why: str) -> tuple[int, int, bool] | None:
    """A hint's '+N now' as (N, N, False); a hedged one ('+A to +B now, by cards you cannot
    see', '+A to +B now, by what you pick next', 'likely +N now', the old 'about +N now') as
    (A, B, True); None if it says none."""
    m = _NOW.search(why)
    if m is None:
        return None
    high = _signed(m.group(3))
    low = _signed(m.group(2)) if m.group(2) else high
    return low, high, bool(m.group(1) or m.group(4))


def _pts(m: re.Match) -> int:
    return int(m.group(1))


def reason_problems(g: Game, view: View, answer: Any, why: str,
                    real: list[int]) -> list[str]:
    """What a bot's public reason claims that the real score changes `real` deny: points it
    does not get, points it does not give, harm to a player whose score does not fall."""
    me = view.me
    out = []
    for m in re.finditer(r"for (?:its )?(\d+) points?(?! (?:it|to))", why):
        if real[me] != _pts(m):
            out.append(f"claims {m.group(0)!r}, its score changed {real[me]:+d}")
    for m in re.finditer(r"at a cost of (\d+) points? to itself", why):
        if real[me] != -_pts(m):
            out.append(f"claims a cost of {_pts(m)}, its score changed {real[me]:+d}")
    for q in range(g.n):
        if q == me:
            continue
        name = g.pname(q)
        m = re.search(rf"gives {re.escape(name)} (\d+) points?", why)
        if m and real[q] != _pts(m):
            out.append(f"claims it gives {name} {_pts(m)}, their score changed {real[q]:+d}")
        harmed = f"to cost {name} " in why \
            or ("slow the leader" in why and q == _leader_among_others(view))
        if harmed and real[q] >= 0:     # a harm said is a score that falls
            out.append(f"says {name} is harmed, their score changed {real[q]:+d}")
        if f"the least harm to {name}" in why and real[q] > 0:
            out.append(f"says {name} is harmed least, their score rose {real[q]:+d}")
    return out


class _Reader:
    """Names in a text checked against what its reader has seen (the log scanner's check)."""

    def __init__(self, g: Game) -> None:
        self.scanner = Scanner(g, name_pattern(g.db))

    def step(self) -> None:
        self.scanner.step()

    def leaks(self, seat: int, text: str) -> list[str]:
        sc = self.scanner
        return [n for n in sc.pattern.findall(text)
                if not sc._knows(seat, n) and not sc._printed(seat, n, text)]


def _check_hint(res: Counts, coach: Coach, g: Game, reader: _Reader) -> None:
    d = g.pending
    seat = d.player
    hint = coach.hint(g, seat)
    res.hints[d.kind] += 1
    if not explained(hint.why, label(g, hint.answer)):
        res.unexplained[d.kind] += 1
        res.note(f"no reason [{d.kind}/{d.intent}]: {hint.why}")
    if not specific(hint.why):
        res.generic[d.kind] += 1
    res.ties[d.kind] += bool(TIE.match(hint.why))
    res.searched[d.kind] += bool(SEARCHED.search(hint.why))
    if against_search(hint.why):
        res.against[d.kind] += 1
        res.note(f"against its search [{d.kind}]: {hint.why}")
    said = now_claim(hint.why)
    if said is not None:
        low, high, hedged = said
        real = real_changes(g, seat, hint.answer)[seat]
        res.claims[d.kind] += 1
        res.ranges[d.kind] += hedged
        if low <= real <= high:
            pass
        elif hedged:        # the seat was told it hangs on what it cannot see
            res.range_off[d.kind] += 1
        else:
            res.false_now[d.kind] += 1
            res.note(f"false now [{d.kind}]: {hint.why} (real {real:+d})")
    for name in reader.leaks(seat, hint.why):
        res.leaks += 1
        res.note(f"hint names unseen {name}: {hint.why}")


def _check_reason(res: Counts, g: Game, view: View, answer: Any, why: str,
                  reader: _Reader) -> None:
    d = g.pending
    res.reasons[d.kind] += 1
    real = real_changes(g, d.player, answer)
    found = reason_problems(g, view, answer, why, real)
    # and every claim reasoncheck reads (a superlative, the move's main effect, a card)
    found += [p for _, p in false_claims(g, view, answer, why, real)] if not found else []
    for p in found:
        res.contradicted[d.kind] += 1
        res.note(f"bot reason [{d.kind}/{d.intent}] {why!r}: {p}")
    for seat in range(g.n):
        for name in reader.leaks(seat, why):
            res.leaks += 1
            res.note(f"bot reason names {name} unseen by seat {seat}: {why}")


def scan_game(db: Database, seed: int, res: Counts, share: float = 0.25,
              iterations: int = 12) -> None:
    """One game of mixed bots; the coach asked at `share` of the decisions with a choice."""
    players, variants = table_of(seed)
    g = Game.new(db, players, seed=seed, variants=variants)
    levels = ("easy", "medium", "random", "hard")
    bots = [make_bot(levels[(seed + p) % 4], seed + p, db=db, budget=None,
                     iterations=iterations) if levels[(seed + p) % 4] == "hard"
            else make_bot(levels[(seed + p) % 4], seed + p, db=db) for p in range(players)]
    coach = Coach(db, seed=seed, budget=None, iterations=iterations)
    reader = _Reader(g)
    r = random.Random(seed)
    for _ in range(MAX_STEPS):
        d = g.pending
        if d is None:
            break
        if len(d.options) > 1 and r.random() < share:
            _check_hint(res, coach, g, reader)
        p = d.player
        sampler = WorldSampler(g, p)
        view = view_for(g, p, with_log=False)
        a = bots[p].decide(view, sampler)
        if len(d.options) > 1:      # the table gives a reason for a choice only
            rng = random.Random(len(g.answers))
            why = reason(view, a, db, [sampler.sample(rng) for _ in range(REASON_WORLDS)])
            _check_reason(res, g, view, a, why, reader)
        g.apply(a)
        reader.step()


def scan(db: Database, games: int, seed: int = 0, share: float = 0.25) -> Counts:
    res = Counts()
    for s in range(seed, seed + games):
        scan_game(db, s, res, share)
    return res


def report(res: Counts) -> str:
    kinds = sorted(set(res.hints) | set(res.reasons))
    lines = ["kind         hints  no-reason  generic  '+N now'  false  hedged  off  "
             "bot-reasons  contradicted  ties  searched  against"]
    for k in kinds:
        lines.append(f"{k:<12} {res.hints[k]:>5}  {res.unexplained[k]:>9}  "
                     f"{res.generic[k]:>7}  {res.claims[k]:>8}  "
                     f"{res.false_now[k]:>5}  {res.ranges[k]:>6}  {res.range_off[k]:>3}  "
                     f"{res.reasons[k]:>11}  {res.contradicted[k]:>12}  {res.ties[k]:>4}  "
                     f"{res.searched[k]:>8}  {res.against[k]:>7}")
    lines.append(f"{'all':<12} {sum(res.hints.values()):>5}  "
                 f"{sum(res.unexplained.values()):>9}  {sum(res.generic.values()):>7}  "
                 f"{sum(res.claims.values()):>8}")
    lines.append(f"names a reader has not seen: {res.leaks}")
    return "\n".join(lines + res.examples)


def main(argv: list[str]) -> int:
    from doomlings_desktop.rules.cards import available_modules, database_for

    games = int(argv[0]) if argv else 20
    seed = int(argv[1]) if len(argv) > 1 else 0
    res = scan(database_for(available_modules()), games, seed)
    print(report(res))
    return 1 if res.problems() else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
