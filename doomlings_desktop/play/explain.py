"""Why the coach suggests an answer, in words: the main term of the evaluation that separates
it from the next best answer.

Both answers are played, in the same few worlds the seat could imagine, up to the end of what
they set off (`bots.effects.settle`), and the evaluation the bots search with
(`heuristics.seat_values`) is split into its parts: each player's score now, their World's End
bonuses, and what their hand and gene pool promise. Each part's difference, weighed as
`evaluate` weighs the players (the leading opponent most), is a candidate reason; the largest
in the answer's favour is said ('Purple: Ann scores 2 points fewer now than with Red'). It is
written for the seat's own eyes (the hint is private), so it may name the seat's secret
choices; it never uses a card the seat cannot see (everything is read in sampled worlds).
"""

from __future__ import annotations

from typing import Any

from doomlings_desktop.bots.effects import (
    Terms,
    before,
    played,
    sample_worlds,
    terms_of,
    weights,
)
from doomlings_desktop.bots.heuristics import meaning_outlook, option_scores, tables
from doomlings_desktop.play.because import cause, facts, host_changes, yesno_effects
from doomlings_desktop.rules import decisions as D
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.verbs.core import COLORS

WORLDS = 4       # worlds the answer and its rivals are compared in
RIVALS = 3       # the quick policy's best other answers compared with it
CLOSE = 0.25     # a weighted difference below this is 'about the same'
PARTS = ("now", "world_end", "hand")


def _amount(x: float, unit: str = "point") -> str:
    n = round(abs(x))
    return "a little" if n == 0 else f"{n} {unit}{'s' if n != 1 else ''}"


def label(game: Game, answer: Any) -> str:
    """An answer in words, as the table shows it."""
    d = game.pending
    if isinstance(answer, int) and d is not None and d.kind == "player":
        return game.pname(answer)
    if isinstance(answer, int):
        return game.db.name(answer)
    return {"pass": "Pass", "skip": "Skip your turn", "redraw": "Discard your hand and draw 3",
            "yes": "Yes", "no": "No"}.get(answer, str(answer).capitalize())


def _than(game: Game, alt: Any) -> str:
    d = game.pending
    if alt == "pass":
        return "passing"
    if d.kind in ("play", "react"):
        return f"playing {label(game, alt)}"
    return f"'{label(game, alt)}'" if isinstance(alt, str) else f"with {label(game, alt)}"


def _phrase(game: Game, me: int, q: int, part: str, delta: float, leader: int | None,
            than: str) -> str:
    """One part's difference in words, for the seat `me` (delta: the answer's minus the
    rival's, or minus the position before it when `than` is empty)."""
    than = f" than {than}" if than else ""
    n = _amount(delta)
    if q == me:     # an answer's own effect may cost the seat (its lost trait): said so
        more, less = ("more", "more") if delta > 0 else ("fewer", "less")
        return {"now": f"you score {n} {more} now{than}",
                "world_end": f"your World's End bonuses come to {n} {less}{than}",
                "hand": f"you can expect {n} {less} from your hand and gene pool in the "
                        f"turns left{than}",
                }[part]
    # plain words a new player reads at once: "the leader Bob's hand and gene pool promise 6
    # points less" was found hard to follow in a tryout
    who = ("the leader " if q == leader else "") + game.pname(q)
    more, fewer = ("more", "more") if delta > 0 else ("less", "fewer")
    return {"now": f"{who} scores {n} {fewer} now{than}",
            "world_end": f"{who} gets {n} {more} from World's End bonuses{than}",
            "hand": f"{who} can expect {n} {more} from hand and gene pool in the turns "
                    f"left{than}"}[part]


def _main_term(mine: Terms, alt: Terms, me: int, lead: float, signed: bool = False,
               skip: frozenset = frozenset()) -> tuple[float, int, str, float]:
    """(weighted difference, seat, part, raw difference) of the part that favours the answer
    most (0 first when none does). `signed`: the largest change either way (an answer's own
    effect, good or bad for the seat, against the position before it). `skip`: (seat, part)
    pairs left out (the seat's points now, which the hint's '+N now' already says; a change
    every answer makes)."""
    w = weights(mine, me, lead)
    best = (0.0, me, "now", 0.0)
    for part in PARTS:
        a, b = getattr(mine, part), getattr(alt, part)
        for q in range(len(a)):
            if (q, part) in skip:
                continue
            c = w[q] * (a[q] - b[q])
            if signed:
                c = abs(a[q] - b[q]) * (1.0 if q == me else abs(w[q]))
            if c > best[0]:
                best = (c, q, part, a[q] - b[q])
    return best


def _leader(t: Terms, me: int) -> int | None:
    others = [q for q in range(len(t.now)) if q != me]
    return max(others, key=t.value) if others else None


def _meaning(game: Game, seat: int, answer: int, worlds: list[Game]) -> str:
    """A Meaning of Life card is judged by its likely bonus at the end (E4)."""
    w = worlds[0]
    other = next(o for o in game.pending.options if o != answer)
    mine, theirs = meaning_outlook(w, seat, answer), meaning_outlook(w, seat, other)
    def worth(x: float) -> str:
        return "little" if round(abs(x)) == 0 else f"about {_amount(x)}"
    if round(abs(mine)) == 0 and round(abs(theirs)) == 0:     # said once, not "little, little"
        than = "a little more than" if mine > theirs + 0.05 else "about as much as"
        return (f"neither bonus looks worth much yet on a pile like your hand "
                f"({label(game, answer)} {than} {label(game, other)})")
    return (f"on a pile like your hand its bonus looks worth {worth(mine)} at the end, "
            f"against {worth(theirs)} for {label(game, other)}")


def why(game: Game, seat: int, answer: Any, salt: int,
        results: dict | None = None, also: tuple = (), against: tuple = ()) -> str:
    """The reason for the answer to the seat's pending decision, without a full stop (see
    `_why`); a colour's always says who holds it in their pile (issue 28), as a cause where
    the colours' counts made the difference, else as a fact. `also`: the rest of a choice of
    several cards the hint names with it, never compared with it as a rival ("Choose Heroic
    and Mitosis: you keep Mitosis in hand instead" contradicted itself). `against`: the
    rivals to compare it with (the answers the search could not tell from it: the reason is
    then why this one of them), else the search's closest and the quick policy's best."""
    if also:
        results = {o: r for o, r in (results or {}).items() if o not in also} or None
    said = _why(game, seat, answer, salt, results, also, against)
    d = game.pending
    if d.kind == "color" and answer in COLORS and f"{answer} trait" not in said:
        said = f"{facts(game, seat, answer, None)}; {said}"
    return said


def _why(game: Game, seat: int, answer: Any, salt: int,
         results: dict | None = None, also: tuple = (), against: tuple = ()) -> str:
    """The reason for the answer to the seat's pending decision, without a full stop.
    `results`: the Hard bot's search that chose it (`HardBot.last_results`: each answer's
    chances to win in the worlds it played on), said when nothing separates the answers at
    once, so the reason is the term that did decide."""
    d = game.pending
    opts = d.options
    if len(opts) == 1:
        return "the only answer"
    worlds = sample_worlds(game, seat, WORLDS, salt)
    if d.intent == D.KEEP_MEANING:
        return _meaning(game, seat, answer, worlds)
    tb = tables(game.db)
    sc = option_scores(worlds[0].clone(), tb)
    rivals = sorted((o for o in opts if o != answer and o not in also),
                    key=lambda o: -sc[opts.index(o)])[:RIVALS]
    closest = _closest(answer, results)
    if against:     # the tied answers, and the quick policy's own if it is not the answer
        rivals = list(against[:RIVALS]) + [o for o in rivals[:1] if o not in against]
    elif closest is not None and closest[0] not in rivals and closest[0] not in also:
        rivals = [closest[0], *rivals[:RIVALS - 1]]    # the search's own runner-up first
    after = played(worlds, seat, answer, tb)
    mine = terms_of(after, seat, tb)
    w = weights(mine, seat, tb.lead)
    found = []
    for o in rivals:
        games = played(worlds, seat, o, tb)
        alt = terms_of(games, seat, tb)
        total = sum(w[q] * (getattr(mine, p)[q] - getattr(alt, p)[q])
                    for p in PARTS for q in range(len(w)))
        found.append((total, o, alt, games))
    behind = [f for f in found if f[0] <= -CLOSE]
    if behind and _closest(answer, results) is not None:
        # the quick look at once prefers a rival, the search played on prefers the answer:
        # the reason is the search's, never the quick look's words for a move it would not
        # have chosen (issue 28: one judge)
        return _overruled(game, seat, answer, min(behind, key=lambda f: f[0]),
                          (after, mine, tb, worlds), results)
    ahead = sorted((f for f in found if f[0] >= CLOSE), key=lambda f: f[0])
    if ahead:       # the closest rival it clearly beats: the difference is the reason
        _, rival, alt, games = ahead[0]
        c, q, part, delta = _main_term(mine, alt, seat, tb.lead)
        if c >= CLOSE:
            effect = _phrase(game, seat, q, part, delta, _leader(mine, seat),
                             _than(game, rival))
            why_it = cause(game, seat, answer, rival, (q, part, delta), after, games, worlds)
            if not why_it:      # nothing nameable made it: what the seat can see of it
                return "; ".join(x for x in (facts(game, seat, answer, rival), effect) if x)
            return _so(why_it, effect)
    # as good as its rivals at once: what it does itself, and what the search found
    return _own(game, seat, answer, (after, mine, worlds, tb, _common(mine, found, seat)),
                results, max(found, key=lambda f: f[0])[1] if found else None)


def _overruled(game: Game, seat: int, answer: Any, f: tuple, got: tuple,
               results: dict) -> str:
    """The reason of an answer the search chose over a rival the quick look prefers at once
    (f: that rival's comparison, the answer's total below it): what the answer does that the
    seat can see (a host's changes, the card a discard keeps, what a 'yes' does), what the
    rival does better at once, then the search's chance to win for both in the same worlds
    ("at once, playing Mighty does better (you score 2 points more now); the search prefers
    this: in 40 imagined worlds played a round on, your chance to win 31%, 27% with
    playing Mighty")."""
    _, rival, alt, games = f
    after, mine, tb, worlds = got
    c, q, part, delta = _main_term(alt, mine, seat, tb.lead)
    edge = _phrase(game, seat, q, part, delta, _leader(alt, seat), "") if c >= CLOSE else ""
    head = f"at once, {_act(game, rival)} does better" + (f" ({edge})" if edge else "")
    own = facts(game, seat, answer, rival)
    if game.pending.intent == D.ATTACH_TO_HOST and isinstance(answer, int):
        own = host_changes(game, seat, answer, after, worlds)
    if game.pending.kind == "yesno" and answer in ("yes", "no"):
        own = yesno_effects(game, seat, answer, after, games) or own
    if not own:     # what it does itself, where a cause can be named
        _, why_own, did = _effect(game, seat, answer, (after, mine, worlds, tb, frozenset()),
                                  before(worlds, seat, tb))
        own = did if why_own else ""
    verdict = _searched(game, answer, results, rival) or _searched(game, answer, results)
    # "prefers" only where its figures differ: a tie's rounded figures can be the same
    verb = "finds them even" if verdict.endswith(f"the same {_with(game, rival)}") \
        else "prefers this"
    said = f"{head}; the search {verb}: {verdict}" if verdict else head
    return f"{own}; {said}" if own else said


def _act(game: Game, alt: Any) -> str:
    """'playing Bark', 'passing', "'No'", 'choosing Bob': a rival as the subject of a clause."""
    said = _than(game, alt)
    return f"choosing {label(game, alt)}" if said.startswith("with ") else said


def _common(mine: Terms, found: list, me: int) -> frozenset:
    """The (seat, part) pairs of other players that change alike whatever the seat answers
    (the same in the answer's worlds as in every rival's): what the move sets off but does
    not decide, such as the last catastrophe's World's End effects after a discard. They are
    no reason for the answer: the tryout's hint for a Retrovirus discard said "Retrovirus
    gives Player 3 3 points fewer, so the leader Player 3 scores 2 points fewer now". The
    seat's own change stays: it is what the answer does for the seat (an attachment's points
    on any host alike, said with the host)."""
    if not found:
        return frozenset()
    return frozenset((q, part) for part in PARTS for q in range(len(mine.now)) if q != me
                     and all(abs(getattr(alt, part)[q] - getattr(mine, part)[q]) < CLOSE
                             for _, _, alt, _ in found))


def _so(because: str, effect: str) -> str:
    """'Bark goes onto your pile, so you score 3 points more now than ...': the cause first."""
    return f"{because}, so {effect}" if because else effect


def _unless_restated(game: Game, answer: Any, because: str) -> str:
    """The cause, unless it only names the answer again ('you lose Morality from your pile'
    for losing Morality, 'Bark goes onto your pile' for playing Bark: the '+N now' says it)."""
    name = label(game, answer)
    if because in (f"{name} goes onto your pile", f"you lose {name} from your pile",
                   f"you give up {name}"):
        return ""
    return because


def _second(game: Game, seat: int, answer: Any, got: tuple) -> str:
    """The answer's largest effect after the seat's own points now (a World's End effect
    gone onto the pile, cards drawn, another player's loss), with its cause; '' if none is a
    clear one or none can be named."""
    after, mine, worlds, tb, base, common = got
    c, q, part, delta = _main_term(mine, base, seat, tb.lead, skip=common | {(seat, "now")})
    if c < CLOSE or round(abs(delta)) == 0:
        return ""
    why_it = cause(game, seat, answer, None, (q, part, delta), after, worlds, worlds)
    return _so(why_it, _phrase(game, seat, q, part, delta, _leader(mine, seat), "")) \
        if why_it else ""


def _effect(game: Game, seat: int, answer: Any, got: tuple, base: Terms
            ) -> tuple[tuple, str, str]:
    """What the answer does itself against the position before: its main term, the cause
    named ('' if none, or if it only names the answer again) and the two said together."""
    after, mine, worlds, tb, common = got
    # what it does for the seat first (a play's cost in hand is no reason), else its largest
    # effect either way (a trait lost)
    term = _main_term(mine, base, seat, tb.lead, skip=common)
    if term[0] < CLOSE:
        term = _main_term(mine, base, seat, tb.lead, signed=True, skip=common)
    c, q, part, delta = term
    if c <= 0 or round(abs(delta)) == 0:
        return term, "", ""
    why_own = _unless_restated(game, answer, cause(game, seat, answer, None,
                                                   (q, part, delta), after, worlds, worlds))
    return term, why_own, _so(why_own, _phrase(game, seat, q, part, delta,
                                               _leader(mine, seat), ""))


def _own(game: Game, seat: int, answer: Any, got: tuple, results: dict | None,
         rival: Any) -> str:
    """The reason of an answer no rival beats at once: what it does itself against the
    position before (its cause named), and the search's verdict after a round played on."""
    after, mine, worlds, tb, common = got
    base = before(worlds, seat, tb)
    (c, q, part, delta), why_own, own = _effect(game, seat, answer, got, base)
    if not why_own and game.pending.kind == "yesno" and answer in ("yes", "no"):
        # a 'you may ...' that moves nothing against the position before: what it does
        # against the other answer is its cause (issue 28)
        other = played(worlds, seat, "no" if answer == "yes" else "yes", tb)
        why_own = yesno_effects(game, seat, answer, after, other)
        own = f"{why_own}; {own}" if own else why_own
    searched = _searched(game, answer, results)
    # the hint's '+N now' says the seat's own points, from more worlds: with the search's
    # verdict, the cause is said instead (unless it only names the answer again)
    closest = _closest(answer, results)     # the facts compare with the rival named
    fact = facts(game, seat, answer, closest[0] if closest else rival)
    if searched and q == seat and part == "now":
        own = fact or why_own or _second(game, seat, answer,
                                         (after, mine, worlds, tb, base, common))
    elif not why_own and fact:      # no cause to name: what the seat can see that bears on it
        own = f"{fact}; {own}" if own else fact
    if searched:
        return f"{own}; {searched}" if own else searched
    own = own or "it changes little at once"
    if rival is None:
        return own
    return (f"{own}; {_than(game, rival).removeprefix('with ')} does about as well at once, "
            f"and playing on a round in imagined worlds favours this")


def _pct(xs: list[float]) -> int:
    return round(100 * sum(xs) / len(xs))


def _searched(game: Game, answer: Any, results: dict | None, rival: Any = None) -> str:
    """The search's verdict in words: the seat's chance to win after the answer and after its
    closest rival (or `rival`), in the worlds the search played both on ('' without a search
    to tell)."""
    found = _closest(answer, results, rival)
    if found is None:
        return ""
    rival, mine, theirs, worlds = found
    head = (f"in {worlds} imagined world{'s' if worlds != 1 else ''} played a round on, "
            f"your chance to win {mine}%")
    if theirs == mine:
        return f"{head}, the same {_with(game, rival)}"
    return f"{head}, {theirs}% {_with(game, rival)}"


def _paired(answer: Any, o: Any, results: dict) -> tuple[int, int, int]:
    """The answer's and o's chance to win in percent over the worlds both were played in
    (the first ones: the search's race drops an answer and stops playing it), and how many:
    the same worlds, so the figures never favour a rival the search found worse."""
    m = min(len(results[answer]), len(results[o]))
    return _pct(results[answer][:m]), _pct(results[o][:m]), m


def _closest(answer: Any, results: dict | None,
             rival: Any = None) -> tuple[Any, int, int, int] | None:
    """The search's closest rival to the answer (the best one it beat; or `rival`), the
    answer's and its chance to win in percent in the worlds both were played in, and how
    many worlds; None without a search to tell, or if no rival (or not `rival`) is below."""
    if not results or not results.get(answer):
        return None
    others = [(o, *_paired(answer, o, results)) for o, r in results.items()
              if o != answer and r and (rival is None or o == rival)]
    if not others:
        return None
    # a rival with a higher chance in the worlds both were played in (one the race dropped
    # early against another answer) would make the verdict contradict the pick: not said
    below = [x for x in others if x[2] <= x[1]]
    return max(below, key=lambda x: (x[2] - x[1], x[3])) if below else None


def _with(game: Game, alt: Any) -> str:
    """'with Red', 'with passing', 'with playing Bark', "with 'Yes'": a rival after a figure."""
    said = _than(game, alt)
    return said if said.startswith("with ") else f"with {said}"
