"""Pass-and-play's standing answers to out-of-turn offers.

An out-of-turn offer (Parasitic, Self-Awareness, Fey, ...) asks a player while another player
has the screen. Calling the holder over with a pass screen ("Pass to Cyd: Cyd may play a card
out of turn") would tell the whole table who holds such a card, and cost two hand-offs each
time (at 5-6 seats about three a turn). So each player decides on their own turn a standing
answer (`Seat.standing`: play the card when it pays, or never), and the table answers the
offer with it at once: nothing is drawn, waited for or said meanwhile. A card played that way
is public like any play; that it was the standing answer's is told to its player alone,
the next time they take the screen.

The same goes for a question whose answer is forced, asked of a player who does not have
the screen (`publicly_forced`): calling them over to press the only button there is would be
a hand-off for nothing. The table gives that answer at once, and tells the player alone, the
next time they take the screen, what was answered for them. Only a question whose having one
answer follows from what everyone sees is answered so (a trait of a pile, a seat, a hand of
one card): skipping the pass screen for one forced by a hidden hand ("discard a red card",
one red card held) would tell the table about that hand.

A bot's out-of-turn offer is answered the same way, at once, inside the move that made it
(`delegated`): a bot that thought on its own clock (a Hard bot's search, up to a second) made
the table wait, with no one named, only when a bot held such a card; and a bot's pass made
the engine end the human's play (no End turn pause, no Undo, no "can't be taken back"), which
told the human that a bot had been offered a card. A quiet pass now leaves the pause, Undo
and the notices as they would be had no one been offered anything (`_pause_kept`,
`keep_floor`; tests/test_offer_secret.py).

No pygame here: the match (`play/match.py`) holds one `StandIn` and calls it after every
answer; the table reads `delegated` and `confirmations` through the match.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from doomlings_desktop.bots import make_bot
from doomlings_desktop.rules.state import KEEP_PAUSE
from doomlings_desktop.rules.view import view_for

if TYPE_CHECKING:
    from doomlings_desktop.play.match import Match
    from doomlings_desktop.rules.engine import Decision

STANDING = ("pays", "never")
STANDING_WORDS = {"pays": "play it when it pays", "never": "never play it"}
STANDING_LEVEL = "medium"      # the judgement "when it pays" borrows: a bot's, for that seat
# Zones and kinds whose options everyone can see: one option there is forced in plain sight.
PUBLIC_ZONES = ("pile", "discard")
PUBLIC_KINDS = ("player", "catastrophe")


def publicly_forced(g: Any, d: Decision) -> bool:
    """Whether `d` has one answer only, and everyone at the table can see that it has: its
    one option is a trait of a pile or the discard pile, a seat, a revealed catastrophe, or
    the one card of a hand (hand sizes are public). The turn's own decisions are not (the
    player takes the screen for their turn anyway), nor out-of-turn offers (`pass`); a play
    another player's card asks of someone out of their turn is (Eloquence: "play a trait",
    one card in hand)."""
    if len(d.options) != 1 or d.kind in ("react", "no_play", "end_turn"):
        return False
    if d.kind == "play" and d.player == getattr(g, "current", d.player):
        return False
    if d.zone in PUBLIC_ZONES or (not d.zone and d.kind in PUBLIC_KINDS):
        return True
    return d.zone == "hand" and list(g.players[d.player].hand) == list(d.options)


def pause_for_nothing(g: Any, d: Decision) -> bool:
    """Whether `d` is the End-turn pause of a turn with nothing left to take back: another
    player answered a question of that turn, in the open, after the play (the engine made
    the play final then). The pause is there for Undo; calling its player back to the
    screen only to press End turn would be a hand-off for nothing, and everyone saw the
    screen change hands, so ending it for them tells nothing."""
    return d.kind == "end_turn" and d is g.pending and not g.can_undo()


class StandIn:
    """Answers a human seat's out-of-turn offers (and the questions of a card it plays) by
    that seat's standing answer, and keeps Undo as it would be had no one been offered."""

    def __init__(self, match: Match) -> None:
        self.m = match
        self.proxies: dict[int, Any] = {}       # seat -> the bot lending it its judgement
        self.card: dict[int, int] = {}          # seat -> the reaction card it is playing
        self.played_for: dict[int, list[int]] = {}  # seat -> cards played, not told yet
        self.forced_for: dict[int, list[str]] = {}  # seat -> forced answers given, not told
        # (decider, undo floor) before a human's answer that showed nothing (`keep_floor`)
        self.floor: tuple[int, int] | None = None

    def delegated(self, d: Decision) -> bool:
        """Whether the table answers `d` for its human by the seat's standing answer: an
        out-of-turn offer the seat is not asked (the player's setting, or in pass-and-play
        one that comes while another player has the screen), and the questions of a card
        that standing answer played (into whose pile it goes)."""
        m = self.m
        if d.player in m.bots:
            return d.kind == "react"     # a bot's secret offer: at once, as a standing answer
        if m.ahead.holds(d):
            return True             # answered ahead of its turn (play/ahead.py)
        if d.kind == "react":
            return not m.asks(d.player) or (m.hotseat and d.player != m.cleared)
        if m.hotseat and d.player != m.cleared and m.lesson is None \
                and (publicly_forced(m.game, d) or pause_for_nothing(m.game, d)):
            return True             # one answer, in plain sight: no one called over for it
        return self.card.get(d.player) == d.card

    def settle(self) -> bool:
        """Answer every decision the standing answers take, at once, so none of them is
        ever drawn or waited for. True if they were all passes that showed nothing."""
        g = self.m.game
        quiet = True
        while (d := g.pending) is not None and self.delegated(d):
            ahead = self.m.ahead.holds(d)
            answer = self.answer(d)
            rng = g.rng.state
            self._apply(d, answer)
            if answer != "pass" or g.shown or g.rng.state != rng:
                quiet = False
            if d.player in self.m.bots:
                continue            # a bot's play out of turn is public; it has no screen
            if d.kind == "react" and answer != "pass":
                self.card[d.player] = answer         # its questions are answered too
                self.played_for.setdefault(d.player, []).append(answer)
            elif not ahead and d.kind != "react" and self.card.get(d.player) != d.card:
                self.forced_for.setdefault(d.player, []).append(self.forced_words(d, answer))
        self.card.clear()
        return quiet

    def _apply(self, d: Decision, answer: Any) -> None:
        """Give `answer` to `d`, keeping a quiet pass's pause (`_pause_kept`); a bot's card
        played out of turn gets its reason under its line of the log, as its turn's do."""
        m = self.m
        g = m.game
        keep = self._pause_kept(d, answer)
        at, since = len(g.log or ()), len(g.moves or ())
        notes = m.bot_notes     # None: a table that keeps no reasons (an online room)
        if d.player in m.bots and answer != "pass" and notes is not None:
            why = self._bot_reason(d, answer)
            if why:
                notes[at] = why
        if keep:
            g.hold |= KEEP_PAUSE
        try:
            g.apply(answer)
        finally:
            if keep:
                g.hold &= ~KEEP_PAUSE
        if notes is not None and at in notes and not m.line_by(at, since):
            notes.pop(at, None)

    def _bot_reason(self, d: Decision, answer: Any) -> str:
        """A bot's reason for its out-of-turn play, checked in worlds it could imagine (as
        `Match._think` does for its other moves)."""
        import random

        from doomlings_desktop.bots.reasons import WORLDS, reason
        from doomlings_desktop.rules.worlds import WorldSampler

        m = self.m
        g = m.game
        sampler = WorldSampler(g, d.player)
        rng = random.Random(len(g.answers))
        worlds = [sampler.sample(rng) for _ in range(WORLDS)]
        return reason(view_for(g, d.player, with_log=False), answer, m.db, worlds)

    def _pause_kept(self, d: Decision, answer: Any) -> bool:
        """Whether the pass `answer` to the offer `d` must keep the End turn pause of the
        human whose quiet play it follows (`floor`): the engine ends a play once another
        player has answered, and skips a pause with nothing left to take back, so without
        this a quiet pass would close Undo where no offer leaves it open. Tried on a copy
        first: a pass that lets the play go on to draw or show something ends it as the play
        alone would have (pass-and-play keeps every pause anyway: KEEP_PAUSE)."""
        g = self.m.game
        f = self.floor
        if f is None or d.kind != "react" or answer != "pass" or not g.hold \
                or g.hold & KEEP_PAUSE:
            return False
        h = g.clone()
        h.hold = g.hold | KEEP_PAUSE
        h.apply(answer)
        p = h.pending
        return not h.shown and h.rng.state == g.rng.state and p is not None \
            and p.kind == "end_turn" and p.player == f[0]

    def forced_words(self, d: Decision, answer: Any) -> str:
        """What a forced answer given for its player is told them as (`confirmations`)."""
        m = self.m
        if d.kind == "end_turn":
            return ("Your turn was ended for you: another player answered during it, so there "
                    "was nothing left to take back.")
        what = m.db.name(d.card) if d.card >= 0 else "The rules"
        if d.kind == "player":
            given = m.name(answer)
        elif isinstance(answer, int) and d.kind != "color":
            given = m.db.name(answer)
        else:
            given = str(answer)
        return f"{what} asked you, with one answer only: {given} (given for you)."

    def answer(self, d: Decision) -> Any:
        """The seat's standing answer to `d`: pass ("never", or not asked at all), else what
        a Medium bot judges best for that seat from that seat's own view (6 ms median)."""
        m = self.m
        q = d.player
        if q in m.bots:
            return self._bot_answer(d)
        if m.ahead.holds(d):
            return m.ahead.take(d)
        if d.kind == "react" and (m.seats[q].standing == "never" or not m.asks(q)):
            return "pass"
        if len(d.options) == 1:
            return d.options[0]
        return self._judged(q, self._proxy(q))

    def _proxy(self, q: int) -> Any:
        """The Medium bot that judges seat q's standing answers (one per seat, kept)."""
        bot = self.proxies.get(q)
        if bot is None:
            bot = self.proxies[q] = make_bot(STANDING_LEVEL, self.m.seed * 31 + 7 * q + 1,
                                             db=self.m.db)
        return bot

    def _judged(self, q: int, bot: Any) -> Any:
        """`bot`'s answer to seat q's pending decision, from q's own view."""
        from doomlings_desktop.rules.worlds import WorldSampler

        return bot.decide(view_for(self.m.game, q, with_log=False), WorldSampler(self.m.game, q))

    def _bot_answer(self, d: Decision) -> Any:
        """A bot's answer to its secret offer, worked out now, on the caller's thread: the
        bot's own judgement, but a Hard bot's search (up to a second) is replaced by the
        Medium judgement of the standing answers (milliseconds), since a table that stops
        only when a bot holds such a card would tell it."""
        m = self.m
        q = d.player
        if len(d.options) == 1:
            return d.options[0]
        bot = m.bots[q]
        judge = self._proxy(q) if getattr(bot, "level", "") == "hard" else bot
        try:
            return self._judged(q, judge)
        except Exception:  # noqa: BLE001 - a bot's bug must not stop the table: it passes
            logging.getLogger(__name__).exception("the bot of seat %d failed on its "
                                                  "out-of-turn offer: it passes", q)
            return "pass" if "pass" in d.options else d.options[0]

    def keep_floor(self, d: Decision, answer: Any, floor: int, rng: int) -> None:
        """After `answer` to `d` was applied (the undo floor and rng state before it given):
        settle the standing answers, and keep Undo open past the offers that were passed.
        The engine makes an answer final when the next decision is another player's, so a
        play followed by an offer (to a bot, or a standing answer) that was passed could no
        longer be taken back: the refusal, or a pause skipped, would tell the table that
        someone holds such a card. A pass that showed nothing keeps the play before it
        open to Undo as it was."""
        g = self.m.game
        quiet = not g.shown and g.rng.state == rng
        if not (d.kind == "react" and answer == "pass" and quiet):
            self.floor = (d.player, floor) if quiet and d.player in self.m.humans else None
        if not self.settle():
            self.floor = None
        p, f = g.pending, self.floor
        if f is not None and p is not None and p.player == f[0] and g.undo_floor > f[1]:
            g.undo_floor = f[1]

    def confirmations(self, seat: int) -> list[str]:
        """What `seat`'s standing answer played for it since it last had the screen, in
        words for that seat alone (the table shows them once, when it takes the screen)."""
        name = self.m.db.name
        return [f"Your standing answer played {name(c)} out of turn for you."
                for c in self.played_for.pop(seat, [])] + self.forced_for.pop(seat, [])

    def choose(self, seat: int, answer: str) -> None:
        """`seat` decided its standing answer (on its own turn); saved with the game."""
        if answer in STANDING:
            self.m.seats[seat].standing = answer
            self.m.persist()

    def holds(self, seat: int) -> bool:
        """Whether `seat`'s hand holds a card it could be offered out of turn."""
        reaction = self.m.db.reaction
        return any(reaction[c] for c in self.m.game.players[seat].hand)
