"""`doomlings serve` and `doomlings join`: online play from the command line (docs/online.md).

serve runs rooms headless on the address given (127.0.0.1 unless told otherwise: the server
binds where the user says); join plays one remote seat of a room, with a bot (`--bot LEVEL`),
and exits 0 when the game ends. A bad command line, an address that cannot be listened on or
reached, or a refusal by the server is one `error:` line, never a traceback.
"""

from __future__ import annotations

import argparse
import re
import sys
from urllib.parse import urlsplit

from doomlings_desktop.commands.cliargs import (
    add_modules,
    card_database,
    error_line,
    float_range,
    int_range,
    path_arg,
)
from doomlings_desktop.storage.settings import HOLDS, Settings

DEFAULT_PORT = 7474
# serve --undo: the window's Settings, "Wait for End turn (Undo)", with the same default
DEFAULT_HOLD = Settings.hold_end_turn
ROOM_RE = re.compile(r"^[A-Za-z0-9-]{4,32}$")


def room_arg(text: str) -> str:
    if not ROOM_RE.match(text):
        raise argparse.ArgumentTypeError("a room code is 4 to 32 letters, digits or dashes")
    return text.upper()


def seats_arg(text: str) -> list[str]:
    from doomlings_desktop.net.room import REMOTE, SEAT_KINDS

    kinds = [x.strip().lower() for x in text.split(",")]
    bad = [k for k in kinds if k not in SEAT_KINDS]
    if bad:
        raise argparse.ArgumentTypeError(f"unknown seat {bad[0][:20]!r} (each seat is one of: "
                                         f"{', '.join(SEAT_KINDS)})")
    if not 2 <= len(kinds) <= 6:
        raise argparse.ArgumentTypeError(f"a game has 2 to 6 seats, not {len(kinds)}")
    if REMOTE not in kinds:
        raise argparse.ArgumentTypeError("at least one seat must be remote")
    return kinds


def host_arg(text: str) -> str:
    text = text.strip()
    if not text or len(text) > 253 or any(c.isspace() or c in "/?#@" for c in text):
        raise argparse.ArgumentTypeError(f"not a host name or address: {text[:40]!r}")
    return text


def address_arg(text: str) -> str:
    """`host`, `host:port` or `ws://host:port`: the server's websocket URL."""
    raw = text.strip()
    url = raw if "://" in raw else f"ws://{raw}"
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a server address: {raw[:60]!r} (expected "
                                         "HOST:PORT, e.g. 127.0.0.1:7474)") from None
    if parts.scheme not in ("ws", "wss") or not parts.hostname or parts.path not in ("", "/") \
            or parts.query or parts.fragment or parts.username \
            or any(c.isspace() or not c.isprintable() for c in raw):
        raise argparse.ArgumentTypeError(f"not a server address: {raw[:60]!r} (expected "
                                         "HOST:PORT, e.g. 127.0.0.1:7474)")
    host = parts.hostname if ":" not in parts.hostname else f"[{parts.hostname}]"
    return f"{parts.scheme}://{host}:{port or DEFAULT_PORT}"


def add_serve(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    from doomlings_desktop.bots import LEVELS

    s = sub.add_parser("serve", parents=[common], help="host online games (docs/online.md)")
    s.add_argument("--host", type=host_arg, default="127.0.0.1",
                   help="the address to listen on (default 127.0.0.1, this computer only; "
                        "0.0.0.0 for every network)")
    s.add_argument("--port", type=int_range(0, 65535), default=DEFAULT_PORT,
                   help=f"the port (default {DEFAULT_PORT}; 0: any free port)")
    s.add_argument("--room", type=room_arg, help="open a room with this code")
    s.add_argument("--rooms", type=int_range(1, 10_000), default=None,
                   help="open this many rooms with random codes (default 1 without --room)")
    s.add_argument("--seats", type=seats_arg, default=None,
                   help="each room's seats: remote or a bot level (random, easy, medium, "
                        "hard), comma-separated (default remote,remote,medium,medium)")
    s.add_argument("--grace", type=float_range(0, 86_400, " seconds"), default=60.0,
                   help="seconds a player may be gone before a bot plays their seat until "
                        "they are back (default 60)")
    s.add_argument("--stand-in", choices=LEVELS + ("none",), default="medium",
                   help="the level of that bot, or none to wait for the player (default "
                        "medium)")
    s.add_argument("--state", metavar="DIR", type=path_arg,
                   help="keep each room in a file in this folder after every move, and reopen "
                        "the rooms found there at start-up (a server killed and started again "
                        "goes on where it was)")
    s.add_argument("--open-rooms", type=int_range(0, 10_000), default=0,
                   help="let players open up to this many rooms of their own (join --create); "
                        "one unused for 15 minutes is closed (default 0: only the rooms above)")
    s.add_argument("--announce", action="store_true",
                   help="announce the server and the codes of its rooms with a free seat on "
                        "the local network, where it listens (doomlings find lists them)")
    s.add_argument("--undo", choices=HOLDS, default=DEFAULT_HOLD,
                   help="as the window's Settings, Wait for End turn (Undo): bots or always "
                        "let each remote player take back their own play until they end their "
                        "turn (nothing drawn or revealed, nobody else acted), never does not; "
                        f"for every room, reopened ones too (default {DEFAULT_HOLD}, as a "
                        "window's host)")
    s.add_argument("--hints", choices=("allow", "forbid"), default="allow",
                   help="allow (the default) lets each remote player ask the coach about "
                        "their own decision, as the window's Hint button: the server thinks "
                        "for them (up to 0.9 s of one core a hint, one hint at a time, 20 a "
                        "player a minute); forbid refuses every hint, for every room")
    s.add_argument("--exit-when-done", action="store_true",
                   help="stop once every room's game is over")
    add_modules(s)
    s.set_defaults(fn=cmd_serve)


def add_join(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    from doomlings_desktop.bots import LEVELS

    s = sub.add_parser("join", parents=[common], help="play a seat of an online game")
    s.add_argument("address", type=address_arg, help="the server: HOST:PORT")
    s.add_argument("--room", type=room_arg, help="the room's code")
    s.add_argument("--create", metavar="SEATS", type=seats_arg,
                   help="open a room with these seats instead (remote or a bot level, "
                        "comma-separated; the server must let players open rooms) and take "
                        "its first remote seat; its code is printed for the others")
    add_modules(s)
    s.add_argument("--name", default="", help="your name at the table")
    s.add_argument("--bot", choices=LEVELS,
                   help="a bot of this level plays the seat (without it you play it here, "
                        "answering each decision with a number)")
    s.add_argument("--seat-file", type=path_arg,
                   help="keep the seat's token in this file, so that join run again takes "
                        "the seat back")
    s.add_argument("--games", type=int_range(1, 10_000), default=1,
                   help="games to play in a row: after each, a rematch (same seats, new deal) "
                        "once every remote seat asks for one (default 1)")
    s.add_argument("-v", "--verbose", action="store_true",
                   help="print a line when the seat is taken and for each answer sent")
    s.add_argument("--give-up", type=float_range(1, 3600, " seconds"), default=60.0,
                   help="seconds without the server before giving up (default 60)")
    s.set_defaults(fn=cmd_join)


# ---------------------------------------------------------------------- serve

def cmd_serve(args: argparse.Namespace) -> int:
    need_online()
    import asyncio
    import signal

    from doomlings_desktop import __version__
    from doomlings_desktop.net.address import ws_url
    from doomlings_desktop.net.hints import HintPolicy
    from doomlings_desktop.net.room import new_room_code
    from doomlings_desktop.net.server import Server

    _use_cards(args.cards)
    db = card_database(args.cards, args.modules)
    kinds = args.seats or ["remote", "remote", "medium", "medium"]
    server = Server(grace=args.grace, stand_in=None if args.stand_in == "none" else args.stand_in,
                    state=_state_folder(args.state), open_rooms=args.open_rooms,
                    undo=args.undo != "never",
                    hints=HintPolicy(allowed=args.hints == "allow"))
    loaded = _reopen(server)
    codes = [args.room] if args.room and args.room not in server.rooms else []
    codes += [new_room_code() for _ in range(args.rooms or (0 if args.room or loaded else 1))]
    for code in codes:
        server.add_room(code, kinds, db.modules)
    codes = loaded + codes

    if args.announce:
        need_zeroconf()
    tasks: list = []        # the announcement, ended (and said goodbye) before the loop ends

    def started(port: int) -> None:
        if args.announce:
            from doomlings_desktop.net.discovery import keep_announced

            tasks.append(asyncio.get_running_loop().create_task(
                keep_announced(server, args.host, port)))
        print(f"Doomlings Desktop {__version__} serving on {ws_url(args.host, port)} "
              "(Ctrl+C stops)")
        for code in codes:
            room = server.rooms[code]
            print(f"room {code}: seats {','.join(room.kinds)}; modules "
                  f"{', '.join(room.modules) or 'none'}"
                  + ("; Undo allowed" if room.undo else "")
                  + ("" if server.hints_allowed(room) else "; hints forbidden")
                  + (f" (reopened at step {len(room.game.answers)})"
                     if room.game is not None else ""))
        sys.stdout.flush()

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            try:
                loop.add_signal_handler(sig, stop.set)
            except (NotImplementedError, RuntimeError):
                pass
        if args.exit_when_done:
            loop.create_task(_stop_when_done(server, stop))
        await server.run(args.host, args.port, started, stop)
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    try:
        asyncio.run(main())
    except OSError as e:
        return error_line(f"cannot listen on {args.host}:{args.port}: {e.strerror or e}", 1)
    return 0


async def _stop_when_done(server: object, stop: object) -> None:
    while not server.finished():            # type: ignore[attr-defined]
        server.changed.clear()              # type: ignore[attr-defined]
        await server.changed.wait()         # type: ignore[attr-defined]
    stop.set()              # type: ignore[attr-defined]


def need_online() -> None:
    """Exit 1 with one line where online play's libraries are missing: a standalone build
    leaves out asyncio and ssl (packaging/doomlings.spec), or an install without them."""
    try:
        import asyncio  # noqa: F401

        import msgspec  # noqa: F401
        import websockets  # noqa: F401
    except ImportError as e:
        raise SystemExit(error_line(f"online play is not in this build ({e.name} is missing): "
                                    "run Doomlings Desktop installed from source with its "
                                    "dependencies (README.md, Set-up)", 1)) from None


def need_zeroconf() -> None:
    try:
        import zeroconf  # noqa: F401
    except ImportError:
        raise SystemExit(error_line("finding games on the local network needs the zeroconf "
                                    "library, which this build does not have: give the "
                                    "address instead", 1)) from None


def add_find(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    s = sub.add_parser("find", parents=[common],
                       help="list the online games announced on the local network")
    s.add_argument("--seconds", type=float_range(0.5, 60, " seconds"), default=3.0,
                   help="how long to listen (default 3)")
    s.add_argument("--interface", type=host_arg, default=None,
                   help="listen on the network of this address only (default: every network)")
    s.set_defaults(fn=cmd_find)


def cmd_find(args: argparse.Namespace) -> int:
    need_zeroconf()
    from doomlings_desktop.net.discovery import find

    try:
        found = find(args.seconds, args.interface or "")
    except OSError as e:
        return error_line(f"cannot listen on the local network: {e.strerror or e}", 1)
    for f in found:
        rooms = ", ".join(f.rooms) or "no free seat"
        print(f"{f.url}  rooms: {rooms}  ({f.name}, Doomlings Desktop {f.program})")
    if not found:
        print(f"no game announced on the local network in {args.seconds:g} s")
    return 0


def _state_folder(path: str | None):
    """--state: the folder, made if need be; exit 1 with one line if it cannot be."""
    if path is None:
        return None
    from pathlib import Path

    folder = Path(path)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / ".probe"
        probe.write_text("", encoding="utf-8")
        probe.unlink()
    except OSError as e:
        raise SystemExit(error_line(f"cannot keep rooms in {path}: {e.strerror or e}", 1)) \
            from None
    return folder


def _reopen(server: object) -> list[str]:
    """The rooms of --state's folder, opened again; each file set aside is one line."""
    folder = server.state                   # type: ignore[attr-defined]
    if folder is None:
        return []
    from doomlings_desktop.net.roomstore import load_rooms

    rooms, problems = load_rooms(folder)
    for line in problems:
        print(f"warning: {line}", file=sys.stderr)
    for room in rooms:
        room.allow_undo(server.undo)        # type: ignore[attr-defined]   (not in its file)
        server.rooms[room.code] = room      # type: ignore[attr-defined]
    return [r.code for r in rooms]


def _use_cards(path: str | None) -> None:
    """--cards: the card database the rooms (and a joining bot) play with."""
    if path:
        from doomlings_desktop.rules.cards import set_default_database

        set_default_database(card_database(path))


# ---------------------------------------------------------------------- join

def plain(value: object, limit: int) -> str:
    """What a server sent, as a terminal may print it (net/protocol.py `plain`: no escape
    sequences, no line of its own, cut short); imported late, as every online module is."""
    from doomlings_desktop.net.protocol import plain as printable

    return printable(value, limit)


def cmd_join(args: argparse.Namespace) -> int:
    need_online()
    import asyncio

    from doomlings_desktop.net.client import BotDecider, Lost, RemoteSeat

    _use_cards(args.cards)          # a bad --cards is one error line, before connecting
    if (args.room is None) == (args.create is None):
        return error_line("give --room CODE to join a room, or --create SEATS to open one")
    if args.modules and not args.create:
        return error_line("--modules goes with --create: a room's modules are its host's")
    modules = list(card_database(args.cards, args.modules).modules) if args.modules else []
    seat: RemoteSeat

    def said(step: int, answer: object) -> None:
        if step < 0:
            if args.verbose or args.create:
                print(f"joined room {plain(seat.room, 40)} as seat {seat.seat}", flush=True)
        elif args.verbose:
            print(f"step {step}: answered {answer!r}", flush=True)

    def keep(game: object, seats: object) -> None:
        from doomlings_desktop.net.keeping import keep_finished
        # a person typing answers played this seat here; a --bot seat counts as no one's
        if keep_finished(game, seats, here=(seat.seat,) if person is not None else ()):
            print("the game is kept on this computer: Load game's last game", flush=True)

    person = Terminal() if args.bot is None else None
    seat = RemoteSeat(args.address, args.room or "", args.name,
                      person or BotDecider(args.bot, 0),
                      seat_file=args.seat_file, give_up_after=args.give_up, on_answer=said,
                      create=(args.create, modules) if args.create else None,
                      games=args.games, keep=keep)
    if person is not None:
        person.seat = seat
        seat.on_update = person.show
    try:
        asyncio.run(seat.run())
    except Lost as e:
        return error_line(plain(e, 600), e.code if e.code != 2 else 1)
    for o in seat.outcomes:
        won = "won" if seat.seat in o.winners else "did not win"
        print(f"game over: seat {seat.seat} {won}, scores {list(o.scores)}")
    return 0


class Terminal:
    """A person plays the seat in the terminal: the seat's log lines as they come, and each
    decision as a numbered list to answer with its number (read off the event loop, so the
    connection stays alive while they think). The game window will do this properly."""

    def __init__(self) -> None:
        self.seat = None
        self.shown = 0

    def show(self, seat) -> None:
        for _, text in seat.log[self.shown:]:     # the server's words: no escape sequences
            print(f"  {plain(text, 1000)}")
        self.shown = len(seat.log)
        sys.stdout.flush()

    def label(self, view, option) -> str:
        from doomlings_desktop.rules.cards import database_for

        d = view.decision
        if type(option) is int and d.kind in ("play", "card", "catastrophe", "react"):
            return database_for(self.seat.modules).name(option)
        if type(option) is int and d.kind == "player":
            names = self.seat.names
            return names[option] if 0 <= option < len(names) else f"seat {option}"
        return plain(option, 60)

    async def __call__(self, view):
        import asyncio

        from doomlings_desktop.net.client import Lost

        d = view.decision
        hand = ", ".join(self.label_card(c) for c in view.hand)
        print(f"\nYour hand: {hand or 'empty'}\n{plain(d.prompt, 1000)}")
        for i, o in enumerate(d.options, 1):
            print(f"  {i}. {self.label(view, o)}")
        while True:
            print("Your choice (a number): ", end="", flush=True)
            line = await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
            if not line:
                raise Lost("no more input: the seat is left to the server")
            text = line.strip()
            if text.isdigit() and 1 <= int(text) <= len(d.options):
                return d.options[int(text) - 1]
            print(f"Type a number from 1 to {len(d.options)}.")

    def label_card(self, c: int) -> str:
        from doomlings_desktop.rules.cards import database_for

        return database_for(self.seat.modules).name(c)
