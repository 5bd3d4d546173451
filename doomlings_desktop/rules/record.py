"""Game records: a game is its seed, variants, seats and answers, as versioned JSON.

Replaying the answers on a new game with the same seed rebuilds the identical state and log,
so saving, loading, undo and replays need nothing else.

Format 2 names cards by stable ids (`kidney#3`: the third copy of Kidney) and keeps the deck
the game was dealt from as `[id, behaviour digest]` pairs. A record therefore replays after any
edit that leaves those cards' behaviour alone: comments, names and rules text reworded, cards
moved within the file or added to it. Format 1 (card positions in the file, and a hash of the
file's text) is read through a table of the card databases that shipped with it.
"""

from __future__ import annotations

import json
import threading
from typing import Any

from doomlings_desktop.names import name_of
from doomlings_desktop.rules.cards import (
    CardDatabaseError,
    Database,
    database_for,
    module_title,
)
from doomlings_desktop.rules.engine import VARIANTS, Game, IllegalAnswer

FORMAT = 2
CARD_KINDS = frozenset({"play", "card", "react", "catastrophe"})   # decisions answered by a card
MAX_ANSWERS = 20_000        # a real game has a few hundred; more is a damaged or hostile file
MAX_DECK = 2_000
MAX_SEED = 2**63


class RecordError(Exception):
    """A record that cannot be replayed here; the message says why, in words for a player.

    `incompatible` marks a sound record made with card rules this version no longer has: the
    file is kept where it is and listed with the reason, never set aside as damaged.
    """

    def __init__(self, message: str, incompatible: bool = False) -> None:
        super().__init__(message)
        self.incompatible = incompatible


_last_encoded: list = []       # [game, its walk, the answers walked, their encoding]
_encode_lock = threading.Lock()


def _encode(g: Game) -> list:
    """The game's answers with cards named by stable id (a replay tells which answer is one).

    Autosave calls this after every answer, so the last game's walk is kept: a game whose
    answers only grew since is encoded by walking on from where it was (one answer, not the
    whole game again). Anything else (another game, an answer taken back) walks from the
    deal."""
    db = g.db
    with _encode_lock:
        last = _last_encoded
        if last and last[0] is g and len(g.answers) >= len(last[2]) \
                and g.answers[:len(last[2])] == last[2]:
            _, walk, done, out = last
            out = list(out)
        else:
            walk = Game.new(db, g.n, seed=g.seed, variants=g.variants, log=False)
            done, out = [], []
        copy_no = _copy_numbers(db)
        try:
            for a in g.answers[len(done):]:
                d = walk.pending
                out.append(copy_no[a] if type(a) is int and d is not None
                           and d.kind in CARD_KINDS else a)
                walk.apply(a)
        except IllegalAnswer:
            _last_encoded.clear()
            # Only a game set up position by position (a scenario, a test) gets here: its
            # answers do not start from its seed's deal, so no record can describe it.
            raise RecordError("this game was set up by hand and cannot be saved") from None
        _last_encoded[:] = [g, walk, list(g.answers), out]
        return list(out)


_COPY_NUMBERS: dict[int, tuple[Database, dict[int, str]]] = {}


def _copy_numbers(db: Database) -> dict[int, str]:
    """Card number -> 'id#k' for a database (made once per database)."""
    got = _COPY_NUMBERS.get(id(db))
    if got is None or got[0] is not db:
        names = {c: f"{ident}#{k + 1}" for ident, cards in db.by_id.items()
                 for k, c in enumerate(cards)}
        if len(_COPY_NUMBERS) > 8:
            _COPY_NUMBERS.clear()
        got = _COPY_NUMBERS[id(db)] = (db, names)
    return got[1]


def encode_answer(db: Database, kind: str, a: int | str) -> int | str:
    """One answer as a record keeps it, given the kind of its question: a card named by its
    stable `id#copy`, anything else as it is (an answer kept beside a record, such as
    pass-and-play's blind answers given ahead of their question, is written the same way)."""
    return _copy_numbers(db)[a] if type(a) is int and kind in CARD_KINDS else a


def decode_answer(a: Any, db: Database) -> int | str:
    """An answer written by `encode_answer`, as the engine takes it; RecordError if it is not
    one (read as hostile input: the wrong type, out of range, or naming no card)."""
    return _answer(a, db, FORMAT)


def make_record(g: Game, seats: list[dict] | None = None) -> dict:
    seats = seats or [{"name": g.pname(p), "kind": "human"} for p in range(g.n)]
    rec = {"format": FORMAT, "deck": g.db.deck(), "seed": g.seed,
           "variants": dict(g.variants), "seats": seats, "answers": _encode(g)}
    if g.db.modules:        # the base game's records stay as they were
        rec["modules"] = list(g.db.modules)
    return rec


def _with_modules(record: dict, db: Database) -> Database:
    """db with the expansion modules the record names (none: the base game, as before)."""
    mods = record.get("modules", [])
    if not isinstance(mods, list) or len(mods) > 20 or not all(
            isinstance(m, str) and 0 < len(m) <= 40 for m in mods):
        raise RecordError("'modules' is not a list of module names")
    try:
        return database_for(mods, base=db)
    except CardDatabaseError as e:
        unknown = [m for m in mods if m not in db.manifest]
        if unknown:
            raise RecordError(f"it was played with the {unknown[0]!r} module, which this "
                              "version does not have", incompatible=True) from None
        # A module this database lists whose file cannot be read or checked: the fault is in
        # the card files, not the save, which is kept and opens again once they load.
        what = f"the {module_title(e.module)} module" if e.module else "its modules' cards"
        raise RecordError(f"{what} cannot be loaded: {e}", incompatible=True) from None


def dumps(record: dict) -> str:
    return json.dumps(record, separators=(",", ":"))


def _legacy_deck(text_hash: str) -> list | None:
    """The deck of a format-1 record, from the card databases format 1 shipped with."""
    from doomlings_desktop.rules.legacy import DECKS

    return DECKS.get(text_hash)


def _names(db: Database, ids: list[str], limit: int = 3) -> str:
    shown = [db.defs[i].name if i in db.defs else i for i in ids[:limit]]
    more = f" and {len(ids) - limit} more" if len(ids) > limit else ""
    return ", ".join(shown) + more


def _database_for(deck: list, db: Database) -> Database:
    """The database the record's game was dealt from, rebuilt from this one's cards."""
    ids = [i for i, _ in deck]
    if len(set(ids)) != len(ids):
        raise RecordError("the record's deck names a card twice")
    missing = [i for i in ids if i not in db.defs]
    if missing:
        raise RecordError(f"it was played with cards this version does not have "
                          f"({_names(db, missing)})", incompatible=True)
    changed = [i for i, digest in deck if db.behaviour.get(i) != digest]
    if changed:
        raise RecordError(f"the rules of {_names(db, changed)} have changed since it was "
                          "saved", incompatible=True)
    if ids == db.order:
        return db
    return db.reordered(ids)


def check_record(record: Any, db: Database) -> tuple[Database, list]:
    """The database to replay on and the answers as the engine takes them (card ints).

    Raises RecordError unless every field is well formed and the cards still play as they did.
    """
    fmt = _check_fields(record)
    if fmt == 1:
        deck = _legacy_deck(record["cards"])
        if deck is None:
            raise RecordError("it was made with a card database this version does not know",
                              incompatible=True)
    else:
        deck = record["deck"]
        if not 0 < len(deck) <= MAX_DECK or not all(
                isinstance(e, list) and len(e) == 2 and all(isinstance(x, str) for x in e)
                for e in deck):
            raise RecordError("the record's deck is not a list of [card, digest] pairs")
    use = _database_for(deck, _with_modules(record, db))
    return use, [_answer(a, use, fmt) for a in record["answers"]]


def _check_fields(record: Any) -> int:
    """The record's format, once its fields have the types and ranges a game can have."""
    if not isinstance(record, dict):
        raise RecordError("not a game record (expected a JSON object)")
    fmt = record.get("format")
    if type(fmt) is not int:
        raise RecordError("the record has no format number")
    if fmt not in (1, FORMAT):
        newer = fmt > FORMAT
        raise RecordError(f"record format {fmt} is not one this version reads (1 and {FORMAT})"
                          + ("; it comes from a newer version" if newer else ""),
                          incompatible=newer)
    need = {"seed": int, "variants": dict, "seats": list, "answers": list}
    need.update({"cards": str} if fmt == 1 else {"deck": list})
    for k, typ in need.items():
        if k not in record:
            raise RecordError(f"the record has no '{k}'")
        if not isinstance(record[k], typ) or isinstance(record[k], bool):
            raise RecordError(f"'{k}' has the wrong type ({type(record[k]).__name__})")
    if not -MAX_SEED <= record["seed"] < MAX_SEED:
        raise RecordError("the seed is out of range")
    if not 2 <= len(record["seats"]) <= 6:
        raise RecordError(f"a game has 2 to 6 seats, the record has {len(record['seats'])}")
    for k, v in record["variants"].items():
        if k not in VARIANTS or not isinstance(v, bool):
            raise RecordError(f"unknown rule variant {str(k)[:40]!r}")
    if len(record["answers"]) > MAX_ANSWERS:
        raise RecordError(f"the record has {len(record['answers'])} answers, more than any game")
    return fmt


def _answer(a: Any, use: Database, fmt: int) -> int | str:
    """One recorded answer as the engine takes it: a seat or (format 1) a card index, a word,
    or (format 2) a card named `id#copy`."""
    if type(a) is int:
        if not 0 <= a < (len(use.cards) if fmt == 1 else 6):
            raise RecordError(f"an answer is out of range: {a}")
    elif type(a) is not str or len(a) > 80:
        raise RecordError(f"an answer has the wrong type: {str(a)[:40]!r}")
    elif fmt == 2 and "#" in a:
        ident, _, k = a.rpartition("#")
        copies = use.by_id.get(ident)
        if not copies or not (k.isascii() and k.isdigit()) or not 1 <= int(k) <= len(copies):
            raise RecordError(f"an answer names no card of the deck: {a[:40]!r}")
        return copies[int(k) - 1]
    return a


def replay(record: dict, db: Database, upto: int | None = None, log: bool = True) -> Game:
    """The game a record describes (after its first `upto` answers). Raises RecordError."""
    use, answers = check_record(record, db)
    names = [s.get("name") if isinstance(s, dict) else None for s in record["seats"]]
    g = Game.new(use, len(record["seats"]), seed=record["seed"], variants=record["variants"],
                 log=log, names=[name_of(n, i) for i, n in enumerate(names)])
    for i, a in enumerate(answers if upto is None else answers[:upto]):
        try:
            g.apply(a)
        except IllegalAnswer as e:
            raise RecordError(f"answer {i + 1} is not legal on replay: {e}") from None
    return g
