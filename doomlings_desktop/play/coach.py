"""The coach: on a human's own decision, the answer the Hard bot would give in that seat, one
sentence why (play/explain.py: the part of the evaluation that separates it from its closest
rival), and for a play the points it really adds once its own questions are answered
(bots/effects.py `play_out`: Nano's host counted).

It thinks from the seat's View and a WorldSampler for that seat, exactly as a bot in the seat
would, so a hint never uses what the player cannot see: two positions that differ only in
hidden cards give the same hint (tests/test_coach.py). Its generator is seeded from the game's
seed and the number of answers so far, so asking twice gives the same hint; the search runs
on a worker thread (`Coach.ask`, then `poll`) so the table keeps drawing, within the Hard
bot's time budget.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass
from typing import Any

from doomlings_desktop.bots import make_bot
from doomlings_desktop.bots.effects import own_picks, play_out, settle
from doomlings_desktop.bots.heuristics import fast_answer, tables
from doomlings_desktop.play.explain import label
from doomlings_desktop.play.explain import why as reason_for
from doomlings_desktop.play.ties import tie_words, tied
from doomlings_desktop.rules.cards import Database
from doomlings_desktop.rules.decisions import ATTACH_TO_HOST
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.state import KEEP_PAUSE
from doomlings_desktop.rules.view import view_for
from doomlings_desktop.rules.worlds import WorldSampler

WORLDS = 12          # sampled worlds the points of a play are averaged over


@dataclass(frozen=True)
class Hint:
    """The coach's answer for one decision."""

    answer: int | str
    why: str                  # one sentence
    gain: float | None        # points a play adds to the seat's score at once (None: not a play)
    also: tuple = ()          # the rest of a choice of several cards ("discard 2 cards")
    ties: tuple = ()          # answers the search could not tell from it (play/ties.py)


def _label(db: Database, game: Game, answer: Any) -> str:
    return label(game, answer)


def rest_of_picks(game: Game, seat: int, answer: Any, salt: int) -> tuple:
    """The rest of a choice of several cards ("discard 2 cards", `Decision.count`) after the
    answer, as the hint's reason and '+N now' play it (`bots.effects.settle`: the quick
    policy's next picks), in a world the seat could imagine (its own hand is the true one).
    The table lets the player pick them all at once: a hint naming one card ("Choose
    Destined: you give up Confusion, ...") left the second to guess."""
    first = game.pending
    g = WorldSampler(game, seat).sample(random.Random(salt))
    tb = tables(game.db)
    g.apply(answer)
    out: list = []
    while len(out) < first.count - 1:
        d = g.pending
        if d is None or d.player != seat or d.kind != first.kind or d.zone != first.zone \
                or d.count != first.count - 1 - len(out):
            break
        a = fast_answer(g, tb)
        if a == "pass":
            break
        out.append(a)
        g.apply(a)
    return tuple(out)


def _verb(kind: str, zone: str) -> str:
    if kind in ("play", "react"):
        return "Play"
    return "Target" if kind == "card" and zone == "pile" else "Choose"


def _gain(sampler: WorldSampler, seat: int, answer: Any, rng: random.Random,
          worlds: int = WORLDS, asks: list[str] | None = None) -> float:
    """The seat's score change once the answer and what it sets off are done (Nano's host
    chosen, a card's target picked: `bots.effects.play_out`), averaged over worlds the seat
    could imagine (scores can depend on hidden hands, so no single world is the truth). With
    `asks`, the prompts of the seat's own follow-up decisions are gathered too."""
    got = _gains(sampler, seat, answer, rng, worlds, asks)
    return sum(got) / len(got)


def _gains(sampler: WorldSampler, seat: int, answer: Any, rng: random.Random,
           worlds: int = WORLDS, asks: list[str] | None = None) -> list[int]:
    """The score change in each of `worlds` imagined worlds."""
    return measure(sampler, seat, answer, rng, worlds, asks)[0]


def measure(sampler: WorldSampler, seat: int, answer: Any, rng: random.Random,
            worlds: int = WORLDS, asks: list[str] | None = None,
            picks: list[tuple[int, int]] | None = None,
            skip: int = 0) -> tuple[list[int], bool]:
    """The score change in each of `worlds` imagined worlds, and whether it is sure in each:
    nothing hidden came to light and no other player chose on the way (`effects.play_out`;
    the seat's own follow-ups are answered by the quick policy, a guess at the player's).
    With `picks`, each world where the seat's own next question has several answers adds the
    least and the most its answers give (`effects.own_picks`, after `skip` picks the hint
    names): the player may answer otherwise than the quick policy."""
    out = []
    sure = True
    tb = None
    for _ in range(worlds):
        g = sampler.sample(rng)
        tb = tb or tables(g.db)
        if picks is not None:
            got = own_picks(g, seat, answer, tb, skip)
            if got:
                picks.append((min(got), max(got)))
        before = g.score(seat)
        sure = play_out(g, seat, answer, tb, asks, own=True) and sure
        out.append(g.score(seat) - before)
        if asks is not None:
            _later_asks(g, seat, asks)
    return out, sure


def _later_asks(g: Game, seat: int, asks: list[str]) -> None:
    """The questions the rest of the seat's turn asks it (the stabilize phase's discards),
    each answered with its first option to see the next; at most four."""
    for _ in range(4):
        d = g.pending
        if d is not None and d.kind == "end_turn" and d.player == seat:
            g.apply(d.options[0])
            d = g.pending
        if d is None or d.player != seat or d.kind in ("play", "end_turn", "no_play") \
                or g.current != seat:
            return
        ask = d.prompt.split(": ", 1)[-1]
        if ask not in asks:
            asks.append(ask)
        g.apply(d.options[0])


def now_words(gain: float) -> str:
    """'+N now': the score change a play makes, rounded to the points the pile will show."""
    pts = round(gain)
    return f"{'+' if pts >= 0 else '−'}{abs(pts)} now"


HIDDEN = "cards you cannot see"
YOUR_PICK = "what you pick next"


def between(low: int, high: int, cause: str = HIDDEN) -> str:
    """'+1 to +3 now, by cards you cannot see': the score change of a move whose points hang
    on hidden cards (or on the seat's own next pick: `points_words`), the least and the most
    of what the seat could get."""
    def signed(n: int) -> str:
        return f"{'+' if n >= 0 else '−'}{abs(n)}"
    return f"{signed(low)} to {signed(high)} now, by {cause}"


def points_words(got: list[int], sure: bool = True,
                 picks: list[tuple[int, int]] | tuple = ()) -> str:
    """The points a move adds, as the hint and the review both say them: '+N now' when every
    imagined world agrees and nothing unseen or another player's choice is on the way; the
    least and the most where the worlds differ; 'likely +N now' where they agree but the true
    game may not (an opponent's pick, a card drawn).

    `picks` (`measure`): where the seat's own next pick changes the points, a single number
    would assume one pick (the quick policy's) that the next hint may not recommend, so the
    least and the most over the worlds and the picks are said, 'by what you pick next'. That
    cause comes first, as the one the player controls; where the worlds also differ, ' and
    cards you cannot see' follows; 'likely' is added where they agree but the true game may
    not."""
    if any(lo != hi for lo, hi in picks):
        low = min(min(got), *(lo for lo, _ in picks))
        high = max(max(got), *(hi for _, hi in picks))
        hidden = min(got) != max(got) or len(set(picks)) > 1
        words = between(low, high, f"{YOUR_PICK} and {HIDDEN}" if hidden else YOUR_PICK)
        return words if sure or hidden else f"likely {words}"
    if min(got) != max(got):
        return between(min(got), max(got))
    return now_words(got[0]) if sure else f"likely {now_words(got[0])}"


@dataclass(frozen=True)
class Preview:
    """What playing a card now would do, as its player can know it: the points it adds at
    once (its own worth and what it changes for the pile, averaged over the hidden cards)
    and the questions it will ask them, in order."""

    gain: float
    asks: tuple[str, ...]


def play_preview(game: Game, seat: int, card: int, worlds: int = WORLDS) -> Preview:
    """Play `card` in worlds the seat could imagine: its score change right after, and the
    questions its play will ask the seat."""
    asks: list[str] = []
    rng = random.Random(game.seed * 7919 + len(game.answers))
    gain = _gain(WorldSampler(game, seat), seat, card, rng, worlds, asks)
    return Preview(gain, tuple(asks))


@dataclass(frozen=True)
class AttachPreview:
    """What playing an attachment onto one host would do to every score, as its player can
    know it: each seat's change (the mean over the imagined worlds, rounded to the points the
    table will show), and whether every world agreed (else the words say 'about')."""

    changes: tuple[int, ...]
    sure: bool


def _attach_out(g: Game, seat: int, card: int, host: int) -> bool:
    """Play attachment `card` onto `host` in g (a sampled world) and settle what follows, up
    to the turn's stabilize phase, as `play_out` does for a play; False if the world does not
    offer that host (then it says nothing)."""
    if g.current == seat:
        g.hold |= (1 << seat) | KEEP_PAUSE
    g.apply(card)
    d = g.pending
    if d is None or d.player != seat or d.intent != ATTACH_TO_HOST or host not in d.options:
        return False
    g.apply(host)
    settle(g, seat, tables(g.db), cause=card)
    return True


def attach_preview(game: Game, seat: int, card: int, host: int,
                   worlds: int = 4) -> AttachPreview | None:
    """Attach `card` to `host` in worlds the seat could imagine (`WorldSampler`: never the true
    hidden cards) and read every seat's score through the rules (`Game.score`, as `seat` can
    know it: another's hand-dependent bonuses left out), before and after. None if the attach
    is not possible there."""
    rng = random.Random(game.seed * 7919 + len(game.answers) * 31 + host)
    sampler = WorldSampler(game, seat)
    got: list[tuple[int, ...]] = []
    for _ in range(worlds):
        g = sampler.sample(rng)
        before = [g.score(q, seen_by=seat) for q in range(g.n)]
        if not _attach_out(g, seat, card, host):
            return None
        got.append(tuple(g.score(q, seen_by=seat) - b for q, b in enumerate(before)))
    mean = tuple(round(sum(col) / len(col)) for col in zip(*got, strict=True))
    return AttachPreview(mean, len(set(got)) == 1)


def signed(pts: int) -> str:
    """'+1', '−2', '0': a score change as the table writes it."""
    return "0" if pts == 0 else f"{'+' if pts > 0 else '−'}{abs(pts)}"


def attach_words(p: AttachPreview, viewer: int, host_owner: int, name: Any) -> str:
    """Who gains or loses what: the host's owner first, then every other seat whose score
    changes, and the viewer last, always ('Bob +1, you 0'); `name(seat)` names a seat."""
    order = [host_owner] if host_owner not in (viewer, -1) else []
    order += [q for q, x in enumerate(p.changes) if x and q not in order and q != viewer]
    parts = [f"{name(q)} {signed(p.changes[q])}" for q in order]
    parts.append(f"you {signed(p.changes[viewer])}")
    return ("" if p.sure else "about ") + ", ".join(parts)


class Coach:
    """Hints for the human seats of one game. `budget` caps the search in seconds (None: a
    fixed number of simulations, the same hint on any machine)."""

    def __init__(self, db: Database, seed: int = 0, budget: float | None = 0.9,
                 iterations: int | None = None) -> None:
        self.db = db
        self.seed = seed
        self.budget = budget
        self.iterations = iterations
        self.job: dict | None = None

    def salt(self, game: Game) -> int:
        """The seed of the coach's thinking on the game's pending decision: the same decision
        gets the same hint, and the review (play/review.py) the same worlds."""
        return self.seed * 1_000_003 + len(game.answers)

    def hint(self, game: Game, seat: int) -> Hint:
        """Think now, on this thread (tests, tools)."""
        d = game.pending
        if d is None or d.player != seat:
            raise ValueError("the coach hints only on the seat's own decision")
        view = view_for(game, seat, with_log=False)
        sampler = WorldSampler(game, seat)
        salt = self.salt(game)
        bot = make_bot("hard", salt, db=self.db, budget=self.budget,
                       iterations=self.iterations)
        answer = bot.decide(view, sampler)
        also = rest_of_picks(game, seat, answer, salt) \
            if d.count > 1 and answer != "pass" else ()
        even = tied(bot.last_results, answer) if not also else []
        phrase = reason_for(game, seat, answer, salt, bot.last_results, also,
                            tuple(o for o, _ in even))
        gain = None
        got: list[int] = []
        picks: list[tuple[int, int]] = []
        sure = True
        if answer != "pass" and len(d.options) > 1:
            got, sure = measure(sampler, seat, answer, random.Random(salt), picks=picks,
                                skip=len(also))
            # a choice's points are said when it changes the seat's score (Nano's host)
            if d.kind in ("play", "react") or any(got):
                gain = sum(got) / len(got)
        name = " and ".join(_label(self.db, game, a) for a in (answer, *also))
        verb = _verb(d.kind, d.zone)
        head = name if isinstance(answer, str) else f"{verb} {name}"
        # a range: the points hang on cards the seat cannot see (a draw, a stolen card) or
        # on its own next pick, so the least and the most are said, not a guess
        body = f"{points_words(got, sure, picks)}; {phrase}" if gain is not None else phrase
        words = f"{head}: {body}."
        if even:        # the search could not tell them apart: said so, then the pick's reason
            words = f"{self._ties(game, answer, even, verb)}. {name}: {body}."
        return Hint(answer, words, gain, also, tuple(o for o, _ in even))

    def _ties(self, game: Game, answer: Any, even: list, verb: str) -> str:
        """'Play Bark or Mighty: about the same, within 3 points of your chance to win.
        Bark: ...': the answers named, the pick first."""
        names: list[str] = []
        verbed = False
        for a in (answer, *(o for o, _ in even)):
            said = _label(self.db, game, a)
            if isinstance(a, int) and not verbed:       # the verb once: "Play Bark or Mighty"
                said = f"{verb if not names else verb.lower()} {said}"
                verbed = True
            names.append(said)
        return tie_words(names, max(w for _, w in even))

    def ask(self, game: Game, seat: int) -> None:
        """Start thinking about the seat's pending decision on a worker thread (once per
        decision); `poll` gives the hint when it is ready."""
        d = game.pending
        if self.job is not None and self.job["decision"] is d:
            return
        job: dict = {"decision": d, "hint": None, "error": None, "done": False}
        snapshot = game.clone()         # the table may move on; the coach keeps its position

        def work() -> None:
            try:
                job["hint"] = self.hint(snapshot, seat)
            except Exception as e:  # noqa: BLE001 - reported by poll on the caller's thread
                job["error"] = e
            job["done"] = True

        self.job = job
        threading.Thread(target=work, daemon=True).start()

    def poll(self, game: Game) -> Hint | None:
        """The hint for the decision now pending, once it is ready (None until then, or if
        the decision has changed since it was asked)."""
        job = self.job
        if job is None or not job["done"] or job["decision"] is not game.pending:
            return None
        if job["error"] is not None:
            raise job["error"]
        return job["hint"]
