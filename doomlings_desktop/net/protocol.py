"""The messages of online play: a versioned JSON schema, validated by msgspec on both ends.

Never pickle, never eval: every message is decoded by `msgspec` straight into one of the
Structs below, and anything else (a missing field, a wrong type, an unknown field, a number
out of range, a string too long) is refused before any code reads it. The first message of a
connection, `Hello`, carries the protocol number, the program's version and a digest of the
card rules of every module the client has; the server refuses a client that differs with one
sentence (`incompatibility`), because two programs that read a card differently would draw
different tables from the same events.

Client to server: Hello (join a room's free remote seat, or take one back with its token and
the counts of log and zone events already had), Create (open a room, where the server lets
clients, and take its first remote seat), Answer (to the pending decision, naming the
step it answers: the Update's, when it was asked), AskHint (the coach's hint for the
seat's own pending decision, naming its step), Ping.
Server to client: Welcome (your seat and token), Waiting (the lobby: seats still free),
Update (your view, your decision, the log lines and zone events since the last update),
Hinted (the coach's answer and its sentence, for the step asked), Refused (why a message was
refused; `fatal` when the connection ends; `about` "hint" for a hint refused), Pong.

Protocol 2 added AskHint and Hinted (and Refused's `about`, Welcome's `hints`). Protocol 3
counts `step` and the zone places (`Update.zones_at`, `Hello.zsince`) as the seat's own: a
room bot's out-of-turn offer and its answer are no entries and no step of a player's
(net/offers.py), so a client and a host of before would number them apart.
"""

from __future__ import annotations

import hashlib
import json
from typing import Annotated, Any

import msgspec

PROTOCOL = 3
MAX_MESSAGE = 4096          # bytes a client message may have (a real one has under 400)
ROOM_CHARS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"   # room codes: no 0/O, 1/I to misread

Small = Annotated[int, msgspec.Meta(ge=0, le=1_000_000)]
Step = Annotated[int, msgspec.Meta(ge=0, le=100_000)]
Text40 = Annotated[str, msgspec.Meta(max_length=40)]
Room = Annotated[str, msgspec.Meta(min_length=4, max_length=32, pattern=r"^[A-Za-z0-9-]+$")]
Token = Annotated[str, msgspec.Meta(max_length=64, pattern=r"^[0-9a-f]*$")]
Digest = Annotated[str, msgspec.Meta(max_length=64, pattern=r"^[0-9a-f]*$")]
Option = Annotated[int, msgspec.Meta(ge=-1, le=100_000)] | Text40


class _Msg(msgspec.Struct, tag_field="t", forbid_unknown_fields=True, frozen=True):
    pass


# -- client to server

class Hello(_Msg, tag="hello"):
    protocol: int
    program: Text40
    rules: Annotated[dict[Annotated[str, msgspec.Meta(max_length=40)], Digest],
                     msgspec.Meta(max_length=32)]
    room: Room
    name: Text40 = ""
    token: Token = ""       # empty: take a free remote seat; else: take this seat back
    since: Step = 0         # log lines already had (resuming)
    zsince: Step = 0        # zone events already had (resuming)


class Create(_Msg, tag="create"):
    """Open a new room on the server (where it lets clients) and take its first remote seat."""

    protocol: int
    program: Text40
    rules: Annotated[dict[Annotated[str, msgspec.Meta(max_length=40)], Digest],
                     msgspec.Meta(max_length=32)]
    seats: Annotated[list[Annotated[str, msgspec.Meta(max_length=10)]],
                     msgspec.Meta(min_length=2, max_length=6)]
    modules: Annotated[list[Text40], msgspec.Meta(max_length=16)] = []
    name: Text40 = ""


class Answer(_Msg, tag="answer"):
    step: Step              # the Update's step when the decision was asked: no replays
    answer: Option
    game: Step = 0          # which game of the room (rematches count up): none from before


class Rematch(_Msg, tag="rematch"):
    """After the game: this seat wants another, same seats, new deal. `game` names the game
    just over (the room's game number), so a click that arrives late, after the next game
    was dealt, is refused rather than taken as a wish for the game after that."""

    game: Step = 0


class Undo(_Msg, tag="undo"):
    """Take back this seat's own last answer (where the host allows Undo): honoured only
    while the decision at `step` of game `game` is this seat's and nothing was revealed and
    no other seat acted since that answer (the engine's undo floor)."""

    step: Step
    game: Step = 0


class AskHint(_Msg, tag="hint"):
    """The coach's hint for this seat's own decision pending at `step` of game `game`: the
    host thinks (it alone has the whole game the coach's worlds are drawn from) and answers
    with a Hinted, or a Refused whose `about` is "hint"."""

    step: Step
    game: Step = 0


class Ping(_Msg, tag="ping"):
    pass


# The quick messages a player may send the table: a number into this list, never free text,
# so nothing a stranger types reaches another player's screen.
PHRASES = ("Good game!", "Your turn.", "Thinking...", "Well played!", "Oops!")


class Say(_Msg, tag="say"):
    """A quick message to the table (`PHRASES[phrase]`)."""

    phrase: Annotated[int, msgspec.Meta(ge=0, lt=len(PHRASES))]


ClientMsg = Hello | Create | Answer | Rematch | Ping | Say | Undo | AskHint


class _Versions(msgspec.Struct):
    """The two fields read before the full Hello, so that a client of another version is told
    so, not that its message is malformed."""

    t: str = ""
    protocol: Any = None
    program: Any = None


# -- server to client

class WireSeat(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    seat: int
    pile: tuple[int, ...]
    hand_size: int
    gene_pool: int
    score: int
    colors: tuple[tuple[str, ...], ...]
    worths: tuple[int | None, ...] = ()
    attached: tuple[tuple[int, int], ...] = ()
    hand: tuple[int, ...] | None = None


class WireOutcome(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    breakdowns: tuple[tuple[tuple[str, int], ...], ...]
    tiebreak: tuple[tuple[int, int], ...]
    world_end_labels: frozenset[str]
    final_catastrophe: int
    meanings: tuple[int, ...]


class WireDecision(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    player: int
    kind: str
    intent: str
    options: list[int | str]
    prompt: str
    card: int = -1
    subject: int = -1
    zone: str = ""
    sources: tuple[int, ...] | None = None
    count: int = 1


class WireView(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """`rules.view.View` but its log and decision, which travel beside it (tests hold the
    two field lists together)."""

    me: int
    n: int
    hand: tuple[int, ...]
    seats: tuple[WireSeat, ...]
    deck_size: int
    discard: tuple[int, ...]
    age: int
    eras: tuple[tuple[int, ...], ...]
    catastrophes: tuple[int, ...]
    age_deck_size: int
    first: int
    current: int
    last_colors: tuple[str, ...]
    waiting_for: int | None
    next_age: int | None
    revealed: tuple[int, ...]
    world_end: bool
    over: bool
    winners: tuple[int, ...] = ()
    scores: tuple[int, ...] = ()
    variants: dict[str, bool | int | str] = {}
    why_not: dict[int, str] = {}
    breakdowns: tuple[tuple[tuple[str, int], ...], ...] = ()
    tiebreak: tuple[tuple[int, int], ...] = ()
    in_turn: bool = False
    we_labels: frozenset[str] = frozenset()
    meaning: int = -1
    meanings: tuple[int, ...] = ()
    next_ages: tuple[int, ...] = ()
    hands_open: bool = False
    outcome: WireOutcome | None = None
    hosts: dict[int, tuple[int, ...]] = {}
    shown: tuple[int, ...] = ()


class ZMoved(msgspec.Struct, tag="m", array_like=True, frozen=True,
             forbid_unknown_fields=True):
    card: int | None
    src: str
    p: int
    dst: str
    q: int
    bottom: bool


class ZLaid(msgspec.Struct, tag="l", array_like=True, frozen=True,
             forbid_unknown_fields=True):
    zone: str
    seat: int
    cards: tuple[int | None, ...]


class ZEra(msgspec.Struct, tag="e", array_like=True, frozen=True,
             forbid_unknown_fields=True):
    card: int


# The public facts of the stream that tell the game's big moments (an age, a catastrophe, a
# turn skipped, World's End) and what hit the seat: the window's stage (play/story.py) reads
# them as a local table does. Each is what `zone_events_for` gives the seat, nothing more.

class ZTable(msgspec.Struct, tag="t", array_like=True, frozen=True,
             forbid_unknown_fields=True):
    n: int
    variants: dict[str, bool | int | str]
    last_colors: tuple[str, ...]


class ZPool(msgspec.Struct, tag="g", array_like=True, frozen=True,
            forbid_unknown_fields=True):
    seat: int
    gp: int
    cause: int


class ZAge(msgspec.Struct, tag="a", array_like=True, frozen=True,
           forbid_unknown_fields=True):
    age: int
    hands_open: bool


class ZTurn(msgspec.Struct, tag="b", array_like=True, frozen=True,
            forbid_unknown_fields=True):
    seat: int


class ZSkipped(msgspec.Struct, tag="k", array_like=True, frozen=True,
               forbid_unknown_fields=True):
    seat: int


class ZStabilized(msgspec.Struct, tag="s", array_like=True, frozen=True,
                  forbid_unknown_fields=True):
    seat: int


class ZPlayed(msgspec.Struct, tag="p", array_like=True, frozen=True,
              forbid_unknown_fields=True):
    seat: int
    card: int
    out_of_turn: bool


class ZAsked(msgspec.Struct, tag="q", array_like=True, frozen=True,
             forbid_unknown_fields=True):
    """Whom the game waits for (-1: no one the seat may see); `own` when it is this seat's
    own decision (the decision itself travels as the Update's `decision`)."""

    seat: int
    own: bool


class ZWorldEnd(msgspec.Struct, tag="w", array_like=True, frozen=True,
                forbid_unknown_fields=True):
    pass


class ZWorldEffect(msgspec.Struct, tag="x", array_like=True, frozen=True,
                   forbid_unknown_fields=True):
    seat: int
    card: int


class ZFact(msgspec.Struct, tag="o", array_like=True, frozen=True,
            forbid_unknown_fields=True):
    """Another fact of the seat's share (a turn ended, an attachment, a look of its own...),
    by its kind alone: what it holds reaches the seat through its view, but the story must
    know that something came between (a local seat's does)."""

    kind: Annotated[str, msgspec.Meta(max_length=20)]


ZoneEvent = (ZMoved | ZLaid | ZEra | ZTable | ZPool | ZAge | ZTurn | ZSkipped | ZStabilized
             | ZPlayed | ZAsked | ZWorldEnd | ZWorldEffect | ZFact)


class SeatInfo(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    kind: str               # remote or a bot level
    name: str
    taken: bool             # a remote seat someone has joined (bots: always)
    connected: bool


class Welcome(_Msg, tag="welcome"):
    room: str
    seat: int
    token: str
    program: str
    modules: tuple[str, ...]
    seats: tuple[SeatInfo, ...]
    hints: bool = True      # the host lets this room's players ask the coach (AskHint)


class Waiting(_Msg, tag="waiting"):
    seats: tuple[SeatInfo, ...]


class Update(_Msg, tag="update"):
    step: int                           # the answers this seat is told of (net/offers.py)
    game: int                           # the room's game: 0, then 1 after a rematch...
    log_at: int                         # the index of events[0] in the seat's log
    events: tuple[tuple[str, str], ...]
    zones_at: int                       # the place of zones[0] in this seat's zone events
    zones: tuple[ZoneEvent | None, ...]   # None: an entry this seat is not sent (a fact)
    view: WireView
    decision: WireDecision | None = None
    connected: tuple[bool, ...] = ()
    stand_ins: tuple[int, ...] = ()     # remote seats a bot plays while their player is gone
    rematch: tuple[int, ...] = ()       # once over: the seats that asked for another game
    undo: bool = False                  # this seat may take back its last answer now


class Refused(_Msg, tag="refused"):
    reason: str
    fatal: bool = False
    retry_after: float = 0.0
    about: str = ""         # "hint": the refused message was an AskHint (the answer in
    # flight, if any, is still on its way: the window falls back to its view-only hint)


MAX_WHY = 1000              # characters of a hint's sentence (a long one has about 300)


class Hinted(_Msg, tag="hint"):
    """The coach's hint for the seat's decision at `step` of game `game`: the answer it
    suggests, its sentence (play/coach.py's, naming only cards the seat has seen) and, for a
    play, the points it adds at once (None: not said)."""

    step: Step
    game: Step
    answer: Option
    why: Annotated[str, msgspec.Meta(max_length=MAX_WHY)]
    gain: Annotated[float, msgspec.Meta(ge=-1000, le=1000)] | None = None


class Pong(_Msg, tag="pong"):
    pass


class Said(_Msg, tag="said"):
    """A seat's quick message (`PHRASES[phrase]`), to every seat of the room."""

    seat: Annotated[int, msgspec.Meta(ge=0, lt=6)]
    phrase: Annotated[int, msgspec.Meta(ge=0, lt=len(PHRASES))]


MAX_RECORD = 2_000_000      # characters of a finished game's record (a long game: ~30,000)


class Record(_Msg, tag="record"):
    """Once a game is over, its whole record (rules/record.py's, as JSON), sent to every seat
    so each player's program keeps it (replayable from every seat: a finished game hides
    nothing) and counts it in Statistics. Hostile input like the rest: the client replays it
    and keeps it only if it ends as the game it saw did."""

    game: Step
    record: Annotated[str, msgspec.Meta(max_length=MAX_RECORD)]


ServerMsg = Welcome | Waiting | Update | Refused | Pong | Said | Record | Hinted

_encoder = msgspec.json.Encoder()
_client_decoder = msgspec.json.Decoder(ClientMsg)
_server_decoder = msgspec.json.Decoder(ServerMsg)
_versions_decoder = msgspec.json.Decoder(_Versions)


def encode(msg: msgspec.Struct) -> bytes:
    return _encoder.encode(msg)


class BadMessage(ValueError):
    """A message that does not fit the schema; the text says what, for the refusal."""


def decode_client(raw: bytes | str) -> (Hello | Create | Answer | Rematch | Ping | Say | Undo
                                        | AskHint):
    """A client's message, or BadMessage saying why it is not one."""
    try:
        return _client_decoder.decode(raw)
    except msgspec.ValidationError as e:
        raise BadMessage(f"the message does not fit the protocol: {str(e)[:160]}") from None
    except msgspec.DecodeError:
        raise BadMessage("the message is not JSON") from None


def decode_server(raw: bytes | str) -> (Welcome | Waiting | Update | Refused | Pong | Said
                                        | Record | Hinted):
    try:
        return _server_decoder.decode(raw)
    except (msgspec.ValidationError, msgspec.DecodeError) as e:
        raise BadMessage(f"the server sent a message that does not fit the protocol: "
                         f"{plain(e, 160)}") from None


def version_problem(raw: bytes | str, program: str) -> str | None:
    """For a first message: the one sentence that refuses a client of another protocol or
    program version, read before the full schema (which a newer client may not fit)."""
    try:
        v = _versions_decoder.decode(raw)
    except (msgspec.ValidationError, msgspec.DecodeError):
        return None      # the full decoding says what is wrong with it
    if v.t not in ("hello", "create"):
        return None
    if v.protocol != PROTOCOL:
        return (f"This server speaks version {PROTOCOL} of the online protocol and your "
                f"program another ({_shown(v.protocol)}): install Doomlings Desktop {program} "
                "to play here.")
    if v.program != program:
        return (f"This server runs Doomlings Desktop {program} and you run "
                f"{_shown(v.program)}: both must run the same version to play together.")
    return None


def plain(value: Any, limit: int = 300) -> str:
    """Text the other end sent, as it may be printed or shown: every control or format
    character (a terminal's escape sequences, a newline that would forge a line of our own,
    zero-width characters) becomes a space, and it is cut to `limit` characters. Names go
    through `names.clean_name` instead."""
    text = value if isinstance(value, str) else str(value)
    text = "".join(ch if ch.isprintable() else " " for ch in text[:limit * 2])
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _shown(value: Any) -> str:
    text = str(value)
    return text if len(text) <= 40 else text[:37] + "..."


# -- the card rules both ends must share

def rules_digests(db: Any) -> dict[str, str]:
    """A digest of the card rules of each module in `db` ("" for the base game): each card's
    id and behaviour digest in database order, so a card that plays differently, or cards in
    another order (card ints are positions), give another digest."""
    out = {}
    for m in ("",) + tuple(db.modules):
        deck = [[i, db.behaviour.get(i, "")] for i in db.by_id if db.defs[i].module == m]
        blob = json.dumps(deck, separators=(",", ":"))
        out[m] = hashlib.sha256(blob.encode()).hexdigest()[:32]
    return out


def incompatibility(mine: dict[str, str], theirs: dict[str, str], modules: tuple[str, ...],
                    program: str) -> str | None:
    """The sentence that refuses a client whose card rules differ for the base game or a
    module in play; None when they agree."""
    for m in ("",) + tuple(modules):
        if theirs.get(m) != mine.get(m):
            what = "the base game" if not m else f"the {m} module"
            if m and m not in theirs:
                return (f"This room plays with the {m} module, which your program does not "
                        f"have: install Doomlings Desktop {program} to play here.")
            return (f"Your card rules for {what} differ from this server's: both must run "
                    f"Doomlings Desktop {program} with its own card database to play together.")
    return None
