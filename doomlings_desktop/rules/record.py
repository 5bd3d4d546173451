"""Game records: a game is its seed, variants, seats and answers, as versioned JSON.

Replaying the answers on a new game with the same seed rebuilds the identical state and log,
so saving, loading, undo and replays need nothing else.
"""

from __future__ import annotations

import json
from typing import Any

from doomlings_desktop.rules.cards import Database
from doomlings_desktop.rules.engine import VARIANTS, Game, IllegalAnswer

FORMAT = 1


class RecordError(Exception):
    """A record that cannot be replayed here; the message says why, in words for a player."""


def make_record(g: Game, seats: list[dict] | None = None) -> dict:
    seats = seats or [{"name": g.pname(p), "kind": "human"} for p in range(g.n)]
    return {"format": FORMAT, "cards": g.db.hash, "seed": g.seed, "variants": dict(g.variants),
            "seats": seats, "answers": list(g.answers)}


def dumps(record: dict) -> str:
    return json.dumps(record, separators=(",", ":"))


def check_record(record: Any, db: Database) -> None:
    """Raise RecordError unless the record is well formed and made for this card database."""
    if not isinstance(record, dict):
        raise RecordError("not a game record (expected a JSON object)")
    need = {"format": int, "cards": str, "seed": int, "variants": dict, "seats": list,
            "answers": list}
    for k, typ in need.items():
        if k not in record:
            raise RecordError(f"the record has no '{k}'")
        if not isinstance(record[k], typ) or isinstance(record[k], bool):
            raise RecordError(f"'{k}' has the wrong type ({type(record[k]).__name__})")
    if record["format"] != FORMAT:
        raise RecordError(f"record format {record['format']} is not supported (this version reads {FORMAT})")
    if record["cards"] != db.hash:
        raise RecordError("the record was made with a different card database")
    if not 2 <= len(record["seats"]) <= 6:
        raise RecordError(f"a game has 2 to 6 seats, the record has {len(record['seats'])}")
    for k, v in record["variants"].items():
        if k not in VARIANTS or not isinstance(v, bool):
            raise RecordError(f"unknown rule variant {k!r}")
    for a in record["answers"]:
        if not (isinstance(a, str) or (isinstance(a, int) and not isinstance(a, bool))):
            raise RecordError(f"an answer has the wrong type: {a!r}")


def replay(record: dict, db: Database, upto: int | None = None, log: bool = True) -> Game:
    """The game a record describes (after its first `upto` answers). Raises RecordError."""
    check_record(record, db)
    names = [s.get("name") if isinstance(s, dict) else None for s in record["seats"]]
    g = Game.new(db, len(record["seats"]), seed=record["seed"], variants=record["variants"],
                 log=log, names=[n if isinstance(n, str) else f"Player {i + 1}"
                                 for i, n in enumerate(names)])
    answers = record["answers"] if upto is None else record["answers"][:upto]
    for i, a in enumerate(answers):
        try:
            g.apply(a)
        except IllegalAnswer as e:
            raise RecordError(f"answer {i + 1} ({a!r}) is not legal on replay: {e}") from None
    return g
