"""A server's rooms on disk (`doomlings serve --state DIR`), so a server that is killed and
started again reopens every room where it was and its players take their seats back.

One file a room, `ROOM-CODE.json`, rewritten (to a temporary file, then renamed over the old
one) after every change: the seats with their names and tokens, the modules, the seed and the
answers, from which the game is dealt and replayed as a saved game is. A room file is hostile
input like any other: read through `read_json` (size cap, no FIFO, no deep nesting), checked
against a msgspec schema, and replayed answer by answer; a file that fails any check is set
aside as `.broken` with one line saying why, and the other rooms open.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated

import msgspec

from doomlings_desktop.net.protocol import Option, Room, Token
from doomlings_desktop.net.room import SEAT_KINDS, RoomSeat
from doomlings_desktop.net.room import Room as GameRoom
from doomlings_desktop.rules.engine import IllegalAnswer
from doomlings_desktop.storage.jsonfile import JsonFileError, read_json, write_private

FORMAT = 1
MAX_BYTES = 2 * 1024 * 1024


class SeatFile(msgspec.Struct, forbid_unknown_fields=True):
    kind: Annotated[str, msgspec.Meta(max_length=20)]
    name: Annotated[str, msgspec.Meta(max_length=80)] = ""
    token: Token = ""


class RoomFile(msgspec.Struct, forbid_unknown_fields=True):
    format: int
    code: Room
    seats: Annotated[list[SeatFile], msgspec.Meta(min_length=2, max_length=6)]
    modules: Annotated[list[Annotated[str, msgspec.Meta(max_length=40)]],
                       msgspec.Meta(max_length=16)]
    seed: Annotated[int, msgspec.Meta(ge=-(2**63), le=2**63 - 1)]
    variants: dict[Annotated[str, msgspec.Meta(max_length=40)], bool | int | str] = {}
    answers: Annotated[list[Option], msgspec.Meta(max_length=20_000)] | None = None
    games: Annotated[int, msgspec.Meta(ge=0, le=1_000_000)] = 0


def path_of(folder: Path, code: str) -> Path:
    return folder / f"{code}.json"


def save_room(folder: Path, room: GameRoom) -> None:
    """Write the room's file (atomically: a crash leaves the old file or the new one)."""
    g = room.game
    data = {"format": FORMAT, "code": room.code,
            "seats": [{"kind": s.kind, "name": s.name, "token": s.token} for s in room.seats],
            "modules": list(room.modules), "seed": room.seed, "variants": room.variants,
            "answers": None if g is None else list(g.answers), "games": room.games}
    write_private(path_of(folder, room.code), json.dumps(data, separators=(",", ":")))


def load_room(path: Path) -> GameRoom:
    """The room a file describes, its game replayed; ValueError says what is wrong with it."""
    try:
        raw = read_json(path, MAX_BYTES)
        f = msgspec.convert(raw, RoomFile)
    except (JsonFileError, msgspec.ValidationError) as e:
        raise ValueError(str(e)) from None
    if f.format != FORMAT:
        raise ValueError(f"format {f.format}, not {FORMAT}")
    if any(s.kind not in SEAT_KINDS for s in f.seats):
        raise ValueError("a seat of an unknown kind")
    try:
        room = GameRoom(f.code.upper(), [s.kind for s in f.seats], tuple(f.modules),
                        seed=f.seed, variants=dict(f.variants))
    except Exception as e:  # noqa: BLE001 - an unknown module, a bad seat list: the file's fault
        raise ValueError(str(e)) from None
    room.seats = [RoomSeat(s.kind, s.name, s.token) for s in f.seats]
    room.games = f.games
    if f.answers is not None:
        if not room.ready or not room.start():
            raise ValueError("a game dealt with a seat nobody has")
        g = room.game
        hold, g.hold = g.hold, 0        # the pauses for End turn are no answers
        for a in f.answers:
            try:
                g.apply(a)
            except IllegalAnswer as e:
                raise ValueError(f"answer {len(g.answers) + 1} cannot be replayed: {e}") from None
        g.hold = hold
        room.settle()       # a bot's offer a file of before left pending: answered now
    return room


def load_rooms(folder: Path) -> tuple[list[GameRoom], list[str]]:
    """Every room file in the folder, and a line for each one set aside."""
    rooms, problems = [], []
    for path in sorted(folder.glob("*.json")):
        try:
            rooms.append(load_room(path))
        except (ValueError, RecursionError, MemoryError) as e:
            problems.append(f"room file {path.name} set aside as {path.name}.broken: {e}")
            try:
                os.replace(path, path.with_name(path.name + ".broken"))
            except OSError:
                pass
    return rooms, problems
