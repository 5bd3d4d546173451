"""What the Load screen lists of each save, kept on disk between runs (`save-index.json` in the
data folder, beside the saves folder, never in it), so that opening a list of 10,000 saves reads
one file instead of 10,000 (docs/promises.md: under 1 s).

An entry is trusted only while its save file is unchanged: it holds the file's signature (mtime,
size, inode) and is used only when the file's current signature is the same. The whole index
holds only for the card rules it was made with (`stamp`): other cards, other verdicts. It is
hostile input like any file a user can touch: an entry that is not exactly as written is
ignored (that save is read again), a damaged index is an empty one. It is a cache, so losing
it loses nothing but time.
"""

from __future__ import annotations

import hashlib
import json
import logging
from pathlib import Path
from typing import Any

from doomlings_desktop.rules.cards import CardDatabaseError
from doomlings_desktop.rules.cards.loading import read_card_file
from doomlings_desktop.storage.jsonfile import JsonFileError, read_json
from doomlings_desktop.storage.saveinfo import MAX_ROUND, SaveError, SaveInfo, check_seats
from doomlings_desktop.storage.settings import data_dir, write_atomic

log = logging.getLogger("doomlings.saves")

FORMAT = 1                       # of the index; another number is an empty index
MAX_BYTES = 64 * 1024 * 1024     # about 300 bytes a save: 200,000 saves
TEXT_MAX = 400                   # a problem's or a date's length, as the listing makes them


def index_path() -> Path:
    return data_dir() / "save-index.json"


def stamp(db: Any) -> str:
    """The card rules the verdicts were made with: the base file's digest and every module
    file's bytes (a module's changed cards change which saves can be continued)."""
    h = hashlib.sha256(str(db.hash).encode())
    base = db.path.parent if getattr(db, "path", None) else None
    for name, file in sorted(db.manifest.items()):
        h.update(f"\0{name}\0{file}\0".encode())
        try:       # bounded and never blocking: a module file may be a pipe or /dev/zero
            h.update(read_card_file(base / file) if base else b"")
        except (OSError, CardDatabaseError) as e:
            h.update(f"unreadable: {e}".encode())
    return h.hexdigest()


def load(stamp_now: str, paths: dict[str, Path]) -> dict[str, tuple[tuple, Any]]:
    """Entries by file name: (signature, SaveInfo), only those well formed and of a file in
    `paths` (the folder as it is: name -> path)."""
    try:
        raw = read_json(index_path(), MAX_BYTES, finite=False)   # each value is checked
    except (FileNotFoundError, JsonFileError):
        return {}
    if not isinstance(raw, dict) or raw.get("format") != FORMAT or raw.get("stamp") != stamp_now:
        return {}
    entries = raw.get("saves")
    if not isinstance(entries, dict):
        return {}
    out = {}
    seen: dict = {}         # seats as written -> as checked: most saves share their players
    for name, e in entries.items():
        path = paths.get(name) if isinstance(name, str) else None
        got = _entry(path, e, seen) if path is not None else None
        if got is not None:
            out[name] = got
    return out


def store(stamp_now: str, entries: dict[str, tuple[tuple, Any]]) -> None:
    """Write the index (atomically); a failure only costs the next run its time."""
    doc = {"format": FORMAT, "stamp": stamp_now,
           "saves": {name: _row(sig, info) for name, (sig, info) in entries.items()}}
    try:
        write_atomic(index_path(), json.dumps(doc, separators=(",", ":")))
    except OSError as e:
        log.info("the save index was not written: %s", e)


def _row(sig: tuple, i: Any) -> list:
    return [list(sig), i.saved_at, i.over, i.seats if i.problem is None else [], i.answers,
            i.seed, i.problem, i.kept,
            i.round, i.catastrophes, list(i.winners), list(i.modules)]


def _int(x: Any, lo: int, hi: int) -> bool:
    return type(x) is int and lo <= x <= hi


def _opt_int(x: Any, lo: int, hi: int) -> bool:
    return x is None or _int(x, lo, hi)


def _seats(raw: Any, seen: dict) -> list[dict] | None:
    """The seats of an entry, checked as a save's are (once per distinct list), or None."""
    try:
        key = tuple(tuple(s.items()) for s in raw)
        hit = seen.get(key)
    except (TypeError, AttributeError):        # not a list of dicts of plain values
        return None
    if hit is None:
        try:
            hit = seen[key] = check_seats(raw, len(raw))
        except SaveError:
            hit = seen[key] = []
    return [dict(s) for s in hit] if hit else None


def _entry(path: Path, e: Any, seen: dict) -> tuple[tuple, Any] | None:
    """One entry as the listing made it, or None if any field is not."""
    if not isinstance(e, list) or len(e) != 12:
        return None
    sig, saved_at, over, seats, answers, seed, problem, kept, rnd, cats, won, mods = e
    if not isinstance(sig, list) or len(sig) != 3 or not all(_int(x, 0, 2**64) for x in sig):
        return None
    if not isinstance(saved_at, str) or len(saved_at) > TEXT_MAX or type(over) is not bool \
            or type(kept) is not bool or not _int(answers, 0, 10**6) \
            or not _opt_int(seed, -(2**63), 2**63) \
            or not (problem is None or isinstance(problem, str) and len(problem) <= TEXT_MAX) \
            or not _opt_int(rnd, 0, MAX_ROUND) or not _opt_int(cats, 0, 3) \
            or not isinstance(won, list) or not isinstance(mods, list) or len(mods) > 20 \
            or not all(isinstance(m, str) and 0 < len(m) <= 40 for m in mods):
        return None
    if problem is None:          # a save that opens: seats as a reader checks them
        seats = _seats(seats, seen) if isinstance(seats, list) else None
        if seats is None or not 2 <= len(seats) <= 6 or rnd is None or cats is None:
            return None
    elif seats != []:
        return None
    if len(won) > len(seats) or not all(_int(s, 0, len(seats) - 1) for s in won):
        return None
    info = SaveInfo(path.stem, path, saved_at, over, seats, answers, seed,
                          problem, kept, rnd, cats, tuple(won), tuple(mods))
    return tuple(sig), info
