"""One room of a server: its seats (remote humans and bots), their tokens, and its game. No I/O.

The server (net/server.py) hands a room only messages that fit the schema, and the room decides
the rest: which seat a Hello may take, and whether an Answer answers the pending decision of the
seat that sends it, at the step it was asked. A refused message changes nothing; the reason
comes back as one sentence. The game is dealt when every remote seat is taken, with a seed the
server keeps to itself. Bots play their seats as play/match.py has them play: each sees only its
View and a WorldSampler for its seat. A bot's out-of-turn offer is answered inside the move
that made it, and kept from the players (net/offers.py): every step a room tells its players
is `step`, not the count of the game's answers.
"""

from __future__ import annotations

import hmac
import logging
import secrets
from dataclasses import dataclass, field
from typing import Any

from doomlings_desktop.bots import LEVELS, make_bot
from doomlings_desktop.names import clean_name, default_name
from doomlings_desktop.net.offers import Unseen, stand_in_for
from doomlings_desktop.net.protocol import ROOM_CHARS, SeatInfo
from doomlings_desktop.rules.cards import database_for
from doomlings_desktop.rules.engine import Game, IllegalAnswer

log = logging.getLogger(__name__)
REMOTE = "remote"
SEAT_KINDS = (REMOTE,) + LEVELS
TOKEN_BYTES = 16        # 128 bits: a seat's token cannot be guessed


def new_room_code(length: int = 10) -> str:
    """A room code from a secure generator: 10 characters of 32 are 50 bits, far beyond a scan
    at the server's rate limits, and still short enough to read out to a friend."""
    return "".join(secrets.choice(ROOM_CHARS) for _ in range(length))


class Refusal(Exception):
    """A message the room refuses; its text is the sentence the client is sent. `fatal`: the
    connection cannot go on (no seat for it)."""

    def __init__(self, reason: str, fatal: bool = False) -> None:
        super().__init__(reason)
        self.fatal = fatal


@dataclass
class RoomSeat:
    kind: str                  # remote or a bot level
    name: str = ""
    token: str = ""            # a remote seat's, once taken
    connected: bool = False
    gone_at: float = 0.0       # when its player's connection last ended (time.monotonic)

    @property
    def taken(self) -> bool:
        return self.kind != REMOTE or bool(self.token)


@dataclass
class Room:
    code: str
    kinds: list[str]
    modules: tuple[str, ...] = ()
    seed: int = field(default_factory=lambda: secrets.randbits(63))
    variants: dict = field(default_factory=dict)
    seats: list[RoomSeat] = field(init=False)
    game: Game | None = field(init=False, default=None)
    bots: dict[int, Any] = field(init=False, default_factory=dict)
    games: int = 0             # games dealt before this one (a rematch counts one up)
    rematch: set[int] = field(init=False, default_factory=set)    # seats asking for another
    stand_ins: dict[int, Any] = field(init=False, default_factory=dict)   # remote seats a
    # bot plays while their player is gone (past the server's grace period)
    record: Any = field(init=False, default=None)     # the finished game's Record message
    record_of: int = field(init=False, default=-1)    # ...and which game it is of
    held: bool = False         # a game window's room: dealt when its host says Start, not
    # as soon as every seat is taken (`Server.release`)
    undo: bool = False         # the host lets a player take back their own last answer
    # (`take_back`); a player's turn then waits for End turn after its play, as at a local
    # table, so the play can be taken back before the turn goes on
    hints: bool = True         # the host lets its players ask the coach (net/hints.py)
    hint_salt: int = field(default_factory=lambda: secrets.randbits(63))
    # the seed of the coach's thinking in this room: random and its own, never the game's
    # secret seed (a hint's worlds must not be a function of the deal)
    offers: Any = field(init=False, default=None)     # the game's StandIn for its bots'
    # out-of-turn offers (net/offers.py)
    unseen: Any = field(init=False, default=None)     # what of the stream no player is told

    def __post_init__(self) -> None:
        if not 2 <= len(self.kinds) <= 6:
            raise ValueError("a room has 2 to 6 seats")
        bad = [k for k in self.kinds if k not in SEAT_KINDS]
        if bad:
            raise ValueError(f"unknown seat {bad[0]!r} (known: {', '.join(SEAT_KINDS)})")
        if REMOTE not in self.kinds:
            raise ValueError("a room needs at least one remote seat")
        self.db = database_for(self.modules)
        self.seats = [RoomSeat(k, "" if k == REMOTE else f"{k.title()} bot") for k in self.kinds]
        self.unseen = Unseen(frozenset(i for i, k in enumerate(self.kinds) if k != REMOTE))

    # ------------------------------------------------------------------ seats

    def info(self) -> tuple[SeatInfo, ...]:
        return tuple(SeatInfo(s.kind, s.name or default_name(i), s.taken,
                              s.connected or s.kind != REMOTE)
                     for i, s in enumerate(self.seats))

    def connected(self) -> tuple[bool, ...]:
        return tuple(s.connected or s.kind != REMOTE for s in self.seats)

    def take_seat(self, name: str, token: str) -> int:
        """The seat a Hello takes: its own, by token, or the first free remote one."""
        if token:
            for i, s in enumerate(self.seats):
                if s.token and hmac.compare_digest(s.token, token):
                    return i
            raise Refusal("No seat of this room has that token: join without one to take a "
                          "free seat.", fatal=True)
        for i, s in enumerate(self.seats):
            if s.kind == REMOTE and not s.token:
                s.token = secrets.token_hex(TOKEN_BYTES)
                s.name = clean_name(name, i)[0] if name else default_name(i)
                return i
        raise Refusal("Every seat of this room is taken.", fatal=True)

    @property
    def ready(self) -> bool:
        return all(s.taken for s in self.seats)

    def start(self) -> bool:
        """Deal the game once every remote seat is taken; True if it was dealt now."""
        if self.game is not None or not self.ready or self.held:
            return False
        self.game = self._dealt([])
        self.bots = {i: make_bot(s.kind, self.seed * 31 + i, db=self.db)
                     for i, s in enumerate(self.seats) if s.kind != REMOTE}
        self.offers = stand_in_for(self)
        self.offers.settle()
        return True

    @property
    def step(self) -> int:
        """The step every player is told the game is at: its answers, but those to a room
        bot's out-of-turn offers (net/offers.py). Answers, Undos and hints name it."""
        g = self.game
        return 0 if g is None else self.unseen.step(g)

    def play(self, answer: Any) -> None:
        """Apply `answer` to the pending decision (IllegalAnswer: nothing changed), then
        answer the bots' out-of-turn offers it brought, at once, a quiet pass keeping the
        player's End turn pause and Undo as if no one had been offered (`StandIn`)."""
        g = self.game
        d = g.pending
        floor, rng = g.undo_floor, g.rng.state
        g.apply(answer)
        if self.offers is None:
            self.offers = stand_in_for(self)
        try:
            self.offers.keep_floor(d, answer, floor, rng)
        except Exception:  # noqa: BLE001 - a bot's bug must not leave its offer waiting
            log.exception("room %s: a bot's out-of-turn answer failed: it passes", self.code)
            while (p := g.pending) is not None and p.kind == "react" and p.player in self.bots:
                g.apply("pass" if "pass" in p.options else p.options[0])

    def settle(self) -> None:
        """Answer a bot's offer left pending (a game replayed from a file of before)."""
        if self.game is not None and self.game.pending is not None:
            if self.offers is None:
                self.offers = stand_in_for(self)
            self.offers.settle()

    # ------------------------------------------------------------------ answers

    def ask_rematch(self, seat: int, game: int = 0) -> bool:
        """`seat` wants another game after game `game`; True when every remote seat does and
        it is dealt: same seats (bots stay bots, players keep their seats and tokens), a new
        seed. Refused (nothing changes) before the game is over, for another game than this
        one, from a seat that is not a player's, and when the seat has asked already."""
        g = self.game
        if g is None or not g.over:
            raise Refusal("A rematch is asked for once the game is over.")
        if game != self.games:
            raise Refusal(f"That rematch was asked after game {game} of this room, and this "
                          f"is game {self.games}.")
        if not 0 <= seat < len(self.seats) or self.seats[seat].kind != REMOTE:
            raise Refusal("Only a player's seat asks for a rematch.")
        if seat in self.rematch:
            raise Refusal("You have asked for a rematch already: it is dealt once every "
                          "player has.")
        self.rematch.add(seat)
        if any(s.kind == REMOTE and i not in self.rematch for i, s in enumerate(self.seats)):
            return False
        self.games += 1
        self.seed = secrets.randbits(63)
        self.game, self.rematch = None, set()
        self.stand_ins.clear()
        return self.start()

    def answer(self, seat: int, step: int, answer: Any, game: int = 0) -> None:
        """Apply a remote seat's answer, or raise Refusal (the game unchanged)."""
        g = self.game
        if g is None:
            raise Refusal("The game has not started: it starts when every seat is taken.")
        if game != self.games:
            raise Refusal(f"That answer was for game {game} of this room, and this is game "
                          f"{self.games}.")
        if g.over or g.pending is None:
            raise Refusal("The game is over.")
        if step != self.step:
            raise Refusal(f"That answer was for step {step}, and the game is at step "
                          f"{self.step}: it was already answered.")
        if g.pending.player != seat:
            raise Refusal("It is not your decision.")
        try:
            self.play(answer)
        except IllegalAnswer as e:
            raise Refusal(f"Not a legal answer: {e}") from None

    def bot_turn(self) -> tuple[int, Any] | None:
        """(seat, bot) when a bot's decision is pending."""
        g = self.game
        if g is None or g.pending is None:
            return None
        p = g.pending.player
        bot = self.bots.get(p) or self.stand_ins.get(p)
        return None if bot is None else (p, bot)

    def stand_in(self, seat: int, level: str) -> bool:
        """A bot plays remote `seat` until its player is back; False if there is nothing to
        stand in for (no game, a game over, a seat with a player or a stand-in already)."""
        g = self.game
        s = self.seats[seat]
        if g is None or g.over or s.kind != REMOTE or s.connected or seat in self.stand_ins:
            return False
        self.stand_ins[seat] = make_bot(level, self.seed * 31 + seat, db=self.db)
        return True

    # ------------------------------------------------------------------ hints

    def hint_question(self, seat: int, step: int, game: int = 0) -> Any:
        """The decision a hint asked by `seat` for `step` of game `game` is about, or Refusal
        (nothing changes): only the seat's own decision pending now, at the step and game
        named, and one with something to choose."""
        g = self.game
        if g is None:
            raise Refusal("The game has not started: a hint is for your own decision in it.")
        if g.over or g.pending is None:
            raise Refusal("The game is over: there is nothing to hint.")
        if game != self.games or step != self.step:
            raise Refusal(f"That hint was asked for step {step} of game {game}, and the game "
                          f"is at step {self.step} of game {self.games}.")
        d = g.pending
        if d.player != seat:
            raise Refusal("It is not your decision: a hint is for your own.")
        if d.kind == "end_turn":
            raise Refusal("Nothing to choose here: End turn goes on.")
        return d

    # ------------------------------------------------------------------ undo

    def holds(self) -> int:
        """The engine's `Game.hold` bits: every player's seat where Undo is allowed."""
        return sum(1 << i for i, s in enumerate(self.seats) if s.kind == REMOTE) \
            if self.undo else 0

    def allow_undo(self, undo: bool) -> None:
        """Set the host's Undo policy, on the game in play too (a room reopened from its file,
        which does not keep the policy: the host or server that reopens it says it)."""
        self.undo = undo
        if self.game is not None:
            self.game.hold = self.holds()

    def _dealt(self, answers: list) -> Game:
        """The room's game dealt again and replayed to `answers` (without holds: the pause
        for End turn is not an answer), then held as the room says."""
        g = Game.new(self.db, len(self.seats), seed=self.seed, variants=self.variants,
                     names=[s.name or default_name(i) for i, s in enumerate(self.seats)])
        for a in answers:
            g.apply(a)
        g.hold = self.holds()
        return g

    def may_undo(self, seat: int) -> bool:
        """Whether `seat` may take back its last answer now (its Update says so)."""
        g = self.game
        return (self.undo and g is not None and not g.over and g.pending is not None
                and g.pending.player == seat and g.can_undo())

    def take_back(self, seat: int, step: int, game: int = 0) -> None:
        """Undo for `seat`: back to its own last answer of this turn (at End turn, to its play),
        as a local table's Undo does; or Refusal, the game unchanged. Only where the host
        allows it, only for the decision pending now and only when it is this seat's, and only
        while the engine lets it (nothing drawn or revealed, no other seat has acted)."""
        g = self.game
        if not self.undo:
            raise Refusal("The host does not allow Undo in this game.")
        if g is None or g.over or g.pending is None:
            raise Refusal("There is nothing to take back.")
        if game != self.games or step != self.step:
            raise Refusal(f"That Undo was for step {step} of game {game}, and the game is at "
                          f"step {self.step} of game {self.games}.")
        if g.pending.player != seat:
            raise Refusal("It is not your decision: only your own last answer is taken back.")
        if not g.can_undo():
            raise Refusal("Nothing to undo: a card was drawn or revealed, or another player "
                          "acted.")
        answers, n, whole = list(g.answers), len(g.answers), g.pending.kind == "end_turn"
        for k in range(1, n - g.undo_floor + 1):
            back = self._dealt(answers[:n - k])
            p = back.pending
            if p is not None and p.player == seat and (p.kind == "play" or not whole):
                self.game = back
                self.offers.floor = None
                return
        self.game = self._dealt(answers[:n - 1])
        self.offers.floor = None
        self.settle()

    def fingerprint(self) -> tuple:
        """What a refused message must leave as it was (tests compare it)."""
        g = self.game
        if g is None:
            return ("unstarted", tuple((s.token, s.name) for s in self.seats))
        d = g.pending
        return (tuple(g.answers), len(g.log or ()), len(g.moves or ()), g.rng.state,
                None if d is None else (d.player, d.kind, tuple(d.options)),
                tuple(tuple(p.hand) for p in g.players), tuple(tuple(p.pile) for p in g.players),
                tuple(s.token for s in self.seats))
