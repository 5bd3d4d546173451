"""Are the bots' public reasons true? Every claim a reason makes, checked against the real move.

A bot's reason (`bots/reasons.py`) is shown at the table under its move. It may claim points
('for its 4 points', 'for 2 points now', 'at a cost of 1 point to itself'), an effect on another
player ('which gives Ann 2 points', 'to cost Bob 3 points', 'the least harm to Ann', 'so that
Bob gains least', 'to slow the leader'), a card ('in answer to Heat Wave') or a trait's owner
('its least valuable trait', 'the opponent's trait it suits best'). Each claim is read back from
the words (`claims`) and checked on a clone of the TRUE game, the move played out as the bots
and the coach measure it (`bots.effects.play_out`, scores by `rules.scoring`):

- a number ('nothing', 'at no cost') is the real change of that player's score;
- a harm ('to cost', 'slow the leader', 'the least harm') is a score that does not rise, and
  'slow the leader' names a player who really leads the others;
- a superlative ('the least costly for it', 'the least harmful for it', 'the least harm to
  Ann', 'so that Bob gains least') holds among all the answers: no other leaves that player's
  score higher (lower, for 'gains least');
- a player named as helped ('which gives', 'gains least') does not lose points;
- a play explained by its own points changes no other player's score more (else that is its
  main effect, and is named);
- a player named is the one the move itself affects most: the largest change against the other
  answers (`effects.relative_effect` in the true game), so a reason never names a small effect
  and hides a larger one on someone else ('main');
- a card named is the card answered, a trait said to be its own or an opponent's is.

`python -m doomlings_desktop.commands.reasoncheck GAMES [SEED]` plays bots-only games (every
level, every module, 2-6 seats and the fuzz tables' variants) and prints the reasons checked
and the false ones by class; tests/test_reasons_true.py runs a bounded number and asks for none.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from doomlings_desktop.bots import make_bot
from doomlings_desktop.bots.effects import play_out, relative_effect
from doomlings_desktop.bots.reasons import WORLDS, _leader_among_others, reason
from doomlings_desktop.commands.fuzz import table_of
from doomlings_desktop.rules.cards import Database
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.scoring import all_scores
from doomlings_desktop.rules.view import View, view_for
from doomlings_desktop.rules.worlds import WorldSampler

MAX_STEPS = 600
LEVELS = ("random", "easy", "medium", "hard")


def real_changes(g: Game, seat: int, answer: Any) -> list[int]:
    """Every player's real score change from the seat's answer in game g (played on a clone,
    its follow-ups settled as the coach and the bots measure them)."""
    h = g.clone()
    before = all_scores(h)
    play_out(h, seat, answer)
    return [x - y for x, y in zip(all_scores(h), before, strict=True)]


@dataclass(frozen=True)
class Claim:
    """One thing a reason says: about player `who` (None: no player), of kind `what`
    ('gain N', 'loss N', 'zero', 'harm', 'helped', 'scores', 'leader', 'best', 'worst', 'card',
    'own', 'other'), with
    the number or name it gives."""

    who: int | None
    what: str
    n: int = 0
    text: str = ""


def _num(m: re.Match) -> int:
    return int(m.group(1))


def claims(g: Game, view: View, answer: Any, why: str) -> list[Claim]:
    """What the reason `why` says, read back from its words."""
    me = view.me
    out: list[Claim] = []
    for m in re.finditer(r"for (?:its )?(\d+) points?(?! (?:it|to))", why):
        out.append(Claim(me, "gain", _num(m), m.group(0)))
    for m in re.finditer(r"at a cost of (\d+) points? to itself", why):
        out.append(Claim(me, "loss", _num(m), m.group(0)))
    for least in ("the least costly for it", "the least harmful for it"):
        if least in why:
            out.append(Claim(me, "best", 0, least))
    if "at no cost to itself" in why:
        out.append(Claim(me, "zero", 0, "at no cost to itself"))
    if "for the points it scores" in why:
        out.append(Claim(me, "scores", 0, "for the points it scores"))
    for q in range(g.n):
        if q == me:
            continue
        name = re.escape(g.pname(q))
        for m in re.finditer(rf"(?:which gives|giving) {name} (?:only )?(\d+) points?", why):
            out.append(Claim(q, "gain", _num(m), m.group(0)))
        for m in re.finditer(rf"(?:to cost|which costs|costing) {name} (\d+) points?", why):
            out.append(Claim(q, "loss", _num(m), m.group(0)))
        for m in re.finditer(rf"which costs {name} nothing|so that {name} gains nothing", why):
            out.append(Claim(q, "zero", 0, m.group(0)))
        if re.search(rf"the least harm to {name}\b", why):
            out.append(Claim(q, "harm", 0, f"the least harm to {g.pname(q)}"))
            out.append(Claim(q, "best", 0, f"the least harm to {g.pname(q)}"))
        if re.search(rf"so that {name} gains least", why):
            out.append(Claim(q, "helped", 0, f"so that {g.pname(q)} gains least"))
            out.append(Claim(q, "worst", 0, f"so that {g.pname(q)} gains least"))
    if "slow the leader" in why:
        out.append(Claim(_leader_among_others(view), "leader", 0, "to slow the leader"))
    m = re.search(r"in answer to (.+)$", why)
    if m:
        out.append(Claim(None, "card", 0, m.group(1)))
    if "its least valuable trait" in why:
        out.append(Claim(me, "best", 0, "its least valuable trait"))
    if re.search(r"its least valuable trait|the trait of its own|a trait of its own", why):
        out.append(Claim(me, "own", 0, why))
    if "the opponent's trait" in why:
        out.append(Claim(None, "other", 0, why))
    return out


def _owner(g: Game, card: Any) -> int | None:
    return next((q for q, pl in enumerate(g.players) if card in pl.pile), None)


def _false_card(g: Game, c: Claim, answer: Any) -> str:
    """A claim about a card: the card answered, a trait's owner."""
    d = g.pending
    if c.what == "card":
        named = g.db.name(d.card) if d.card is not None and d.card >= 0 else None
        return "" if named == c.text else f"names {c.text!r}, the card answered is {named}"
    owner = _owner(g, answer)
    if c.what == "own" and owner != d.player:
        return f"calls a trait its own that is player {owner}'s"
    if c.what == "other" and owner in (None, d.player):
        return "calls a trait an opponent's that is not"
    return ""


def _false_score(c: Claim, real: list[int]) -> str:
    """A claim about a player's score against the real changes ('' when true)."""
    if c.who is None:
        return "says the leader is slowed where no one player leads"
    r = real[c.who]
    bad = {"gain": r != c.n, "loss": r != -c.n, "zero": r != 0, "harm": r > 0, "helped": r < 0,
           "scores": r <= 0, "leader": r >= 0}[c.what]
    if not bad:
        return ""
    return f"{c.text!r}: player {c.who}'s score changed {r:+d}"


def _false_least(g: Game, me: int, c: Claim, answer: Any) -> str:
    """'The least harmful for it', 'the least harm to Ann' (best), 'so that Bob gains least'
    (worst): of all the answers, this one leaves that player's score highest (lowest)."""
    def change(a: Any) -> int:
        return real_changes(g, me, a)[c.who]

    mine = change(answer)
    others = [(change(o), o) for o in g.pending.options if o != answer]
    better = [x for x in others if (x[0] > mine if c.what == "best" else x[0] < mine)]
    if not better:
        return ""
    x, o = better[0]
    return f"{c.text!r}: player {c.who} {mine:+d}, with answer {o!r} {x:+d}"


def _false_play_main(g: Game, me: int, said: list[Claim], real: list[int]) -> list[tuple[str, str]]:
    """A play explained by its own points alone ('for its 2 points') where it changes another
    player's score more (Just: +2 for it, −4 for Bob): its main effect is not named."""
    if g.pending.kind != "play" or any(c.who not in (me, None) for c in said) \
            or not any(c.who == me and c.what in ("gain", "scores") for c in said):
        return []
    q = max((p for p in range(g.n) if p != me), key=lambda p: abs(real[p]), default=me)
    if abs(real[q]) <= abs(real[me]):
        return []
    return [("main", f"names its own {real[me]:+d}, player {q}'s score changed {real[q]:+d}")]


def _false_main(c: Claim, rel: list[float], real: list[int]) -> str:
    """A player named who is not the one the move affects most: another player's score
    changes more both against the other answers (`rel`) and in all (`real`), by half a point
    or more (a trait taken moves the same points from one pile to another: either is its
    main effect)."""
    who = c.who
    more = [q for q in range(len(rel)) if abs(rel[q]) >= abs(rel[who]) + 0.5
            and abs(real[q]) >= abs(real[who]) + 0.5]
    if not more:
        return ""
    q = max(more, key=lambda i: abs(rel[i]))
    return (f"{c.text!r} names player {who} ({rel[who]:+.1f} against the other answers, "
            f"{real[who]:+d} in all), player {q} is affected more ({rel[q]:+.1f}, {real[q]:+d})")


SCORE_KINDS = ("gain", "loss", "zero", "harm", "helped", "scores", "leader")
# kinds whose player is the move's main effect by construction (`reasons.effect_phrase`); a
# play's points are its own merit, not a claim that nobody else is affected more
MAIN_KINDS = ("harm", "helped", "leader")


def false_claims(g: Game, view: View, answer: Any, why: str,
                 real: list[int] | None = None) -> list[tuple[str, str]]:
    """(class, detail) of every claim in `why` the real move denies. `real`: the players'
    real score changes, when already measured. The claims that need the other answers
    played (a superlative, the main effect) are checked only when the plain ones hold."""
    said = claims(g, view, answer, why)
    if not said:
        return []
    real = real if real is not None else real_changes(g, view.me, answer)
    out = []
    for c in said:
        bad = "" if c.what in ("best", "worst") else \
            _false_score(c, real) if c.what in SCORE_KINDS else _false_card(g, c, answer)
        if bad:
            out.append((c.what, bad))
    if out or len(g.pending.options) < 2:
        return out
    out += _false_play_main(g, view.me, said, real)
    rel = None
    for c in said:
        if c.what in ("best", "worst"):
            bad = _false_least(g, view.me, c, answer)
            if bad:
                out.append(("least", bad))
        elif c.what in SCORE_KINDS and c.who is not None \
                and (c.what in MAIN_KINDS or c.who != view.me):
            rel = rel if rel is not None else relative_effect(g.clone(), view.me, answer)
            bad = _false_main(c, rel, real)
            if bad:
                out.append(("main", bad))
    return out


@dataclass
class Tally:
    """Reasons checked and false ones, by decision kind and by class of claim."""

    reasons: Counter = field(default_factory=Counter)
    claims: Counter = field(default_factory=Counter)
    false: Counter = field(default_factory=Counter)        # by class
    false_kinds: Counter = field(default_factory=Counter)  # by decision kind
    phrases: Counter = field(default_factory=Counter)
    examples: list[str] = field(default_factory=list)
    game: int = 0           # the seed of the game being checked (said with each example)

    def total(self) -> int:
        return sum(self.false.values())


def check(res: Tally, g: Game, view: View, answer: Any, why: str) -> None:
    """Check one reason of the seat deciding in g and count it."""
    d = g.pending
    res.reasons[d.kind] += 1
    res.claims[d.kind] += len(claims(g, view, answer, why))
    res.phrases[re.sub(r"\d+", "N", re.sub(r"(gives|cost|to|answer to) [A-Z][\w' ]*",
                                           r"\1 X", why))] += 1
    for cls, detail in false_claims(g, view, answer, why):
        detail += f" (game {res.game}, answer {len(g.answers)})"
        res.false[cls] += 1
        res.false_kinds[d.kind] += 1
        if len(res.examples) < 40:
            res.examples.append(f"[{d.kind}/{d.intent}] {g.db.name(d.card) if d.card is not None and d.card >= 0 else ''}"
                                f" answer {answer!r} {why!r}: {detail}")


def _bots(db: Database, seed: int, players: int) -> list:
    out = []
    for p in range(players):
        level = LEVELS[(seed + p) % len(LEVELS)]
        kw = {"budget": None, "iterations": 12} if level == "hard" else {}
        out.append(make_bot(level, seed + p, db=db, **kw))
    return out


def scan_game(db: Database, seed: int, res: Tally) -> None:
    """One game of mixed bots (every level in turn by seat), every reason checked."""
    import random

    players, variants = table_of(seed)
    g = Game.new(db, players, seed=seed, variants=variants, log=False)
    bots = _bots(db, seed, players)
    for _ in range(MAX_STEPS):
        d = g.pending
        if d is None:
            break
        p = d.player
        sampler = WorldSampler(g, p)
        view = view_for(g, p, with_log=False)
        a = bots[p].decide(view, sampler)
        if len(d.options) > 1:      # the table gives a reason for a choice only (as Match)
            rng = random.Random(len(g.answers))
            why = reason(view, a, db, [sampler.sample(rng) for _ in range(WORLDS)])
            check(res, g, view, a, why)
        g.apply(a)


def scan(db: Database, games: int, seed: int = 0) -> Tally:
    res = Tally()
    for s in range(seed, seed + games):
        res.game = s
        scan_game(db, s, res)
    return res


def report(res: Tally, phrases: bool = False) -> str:
    lines = ["kind         reasons  claims  false"]
    for k in sorted(res.reasons):
        lines.append(f"{k:<12} {res.reasons[k]:>7}  {res.claims[k]:>6}  {res.false_kinds[k]:>5}")
    lines.append(f"{'all':<12} {sum(res.reasons.values()):>7}  {sum(res.claims.values()):>6}  "
                 f"{res.total():>5}")
    lines.append("false by class: " + (", ".join(f"{k} {v}" for k, v in
                                               sorted(res.false.items())) or "none"))
    if phrases:
        lines += [f"{n:>6}  {p}" for p, n in res.phrases.most_common()]
    return "\n".join(lines + res.examples)


def main(argv: list[str]) -> int:
    from doomlings_desktop.rules.cards import available_modules, database_for

    games = int(argv[0]) if argv else 20
    seed = int(argv[1]) if len(argv) > 1 else 0
    res = scan(database_for(available_modules()), games, seed)
    print(report(res, phrases="--phrases" in argv))
    return 1 if res.total() else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
