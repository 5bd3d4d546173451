"""Saved games on disk. Nothing here raises past its message, and nothing a player made is lost:

- a damaged file is moved aside as `NAME.corrupt` (in the same folder) and explained;
- a file the system will not let us read (no permission, an I/O error, a folder or a pipe of
  that name) is not damaged: it stays where it is, listed with the reason;
- a sound save made with card rules this version no longer has is kept where it is and listed
  with the reason (it continues again if the rules come back);
- a good file is never changed or hidden.

A save is the game record (seed, variants, seats, answers; `rules/record.py`) plus when it was
saved; loading replays it, so a save with an illegal answer is caught. Listing reads each file
once and caches what it found until the file changes (and keeps it on disk for the next run,
saveindex.py); it looks at the whole folder, so a screen lists again when the folder changes.
"""

from __future__ import annotations

import errno
import json
import logging
import os
import tempfile
import time
import unicodedata
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from doomlings_desktop.lru import LRU
from doomlings_desktop.rules.cards import Database
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.record import (
    MAX_ANSWERS,
    MAX_SEED,
    RecordError,
    check_record,
    make_record,
    replay,
)
from doomlings_desktop.storage import saveindex
from doomlings_desktop.storage.jsonfile import JsonFileError, read_json, signature
from doomlings_desktop.storage.saveinfo import (
    MAX_ROUND,
    SaveError,
    SaveInfo,
    check_seats,
)
from doomlings_desktop.storage.settings import data_dir, write_atomic

log = logging.getLogger("doomlings.saves")

AUTOSAVE = "autosave"
LAST_GAME = "last game"
TRASH = "deleted"                 # deleted saves are moved here, never erased
NAME_MAX = 60                     # characters in a save's name
NAME_MARKS = " _-.,()'!&+"        # what a name may hold besides letters and digits
NOTE_MAX = 200                    # characters in one bot reason
MAX_AHEAD = 16                    # blind answers one seat gives ahead in a set (a few)
MAX_TOLD = 32                     # lines waiting to be told one seat at its next look
TOLD_MAX = 300                    # characters in one of them
WINDOWS_DEVICES = {"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(10)),
                   *(f"LPT{i}" for i in range(10))}
MAX_BYTES = 4 * 1024 * 1024       # a whole game's record is about 15 KB
STALE_TEMP_SECONDS = 60           # an unfinished atomic write older than this was killed


@dataclass
class Loaded:
    game: Game
    seats: list[dict]
    path: Path
    notes: dict[int, str] = field(default_factory=dict)   # the bots' reasons, by log index
    seen: dict[int, int] = field(default_factory=dict)    # seat -> answers when it last looked
    ahead: dict[int, list] = field(default_factory=dict)  # seat -> blind answers given ahead
    told: dict[int, dict] = field(default_factory=dict)   # seat -> what waits to be told it


def saves_dir() -> Path:
    return data_dir() / "saves"


def _name_char(ch: str) -> bool:
    return ch.isalnum() or ch in NAME_MARKS


def _path(name: str) -> Path:
    name = unicodedata.normalize("NFC", name)
    safe = "".join(ch if _name_char(ch) else "_" for ch in name).strip(" .") or "save"
    return saves_dir() / f"{safe[:NAME_MAX]}.json"


def autosave_path() -> Path:
    return _path(AUTOSAVE)


# ---------------------------------------------------------------- checking a record's fields

def _check_extras(rec: dict) -> None:
    if not isinstance(rec.get("saved_at", ""), str):
        raise SaveError("its date is not text")
    if not isinstance(rec.get("over", False), bool):
        raise SaveError("its 'over' mark is not yes or no")


def _read(path: Path) -> dict:
    try:
        rec = read_json(path, MAX_BYTES)
    except JsonFileError as e:
        if e.unreadable:        # nothing is known about its content: not damage
            raise SaveError(f"cannot be read: {e.reason}", unreadable=True) from None
        raise SaveError(str(e).removeprefix("it is ")) from None
    if not isinstance(rec, dict):
        raise SaveError("not a game record")
    return rec


def read_record(path: Path) -> dict:
    """The save's record as stored (for a replay), or SaveError: read as hostile input."""
    try:
        return _read(path)
    except FileNotFoundError:
        raise SaveError(f"{path.name} is no longer there") from None


# ---------------------------------------------------------------- writing

def save(game: Game, seats: list[dict], name: str = AUTOSAVE,
         notes: dict[int, str] | None = None, seen: dict[int, int] | None = None,
         mine: tuple | None = None, ahead: dict[str, list] | None = None,
         told: dict[str, dict] | None = None) -> Path:
    """Write the game's record atomically (temp file, fsync, rename) and return where it went.

    Nothing another game made is replaced. The autosave is overwritten only when it is the one
    this caller wrote last (`mine`: its `signature` then) or an earlier point of this same game
    (`_earlier_point`); any other is kept as a named save first (`_keep_other_autosave`). A
    named save never replaces a file: a name that is taken gets a number ('NAME (2)').

    Besides the record it keeps when it was saved, whether the game is over, how far it got
    (`progress`, for the Load screen to show without replaying it), the bots' reasons
    (`bot_notes`, for the log) and how far each seat had seen the table (`seen`, for "since
    your last turn"), and in pass-and-play the blind answers given ahead of their question
    (`ahead`, play/ahead.py's `to_save`) and what waits to be told a seat privately at its
    next look (`told`: its standing answer's plays and the forced answers given for it,
    `Match.told_to_save`); those last four are optional and never make a save damaged."""
    rec = make_record(game, seats)
    rec["saved_at"] = time.strftime("%Y-%m-%d %H:%M:%S")
    rec["over"] = game.over
    rec["progress"] = progress(game)
    if notes:
        rec["bot_notes"] = {str(i): w for i, w in sorted(notes.items())}
    if seen:
        rec["seen"] = {str(q): k for q, k in sorted(seen.items())}
    if ahead:
        rec["ahead"] = ahead
    if told:
        rec["told"] = told
    text = json.dumps(rec, separators=(",", ":"))
    path = _path(name)
    if name == AUTOSAVE:
        path = _autosave_target(path, game)
        if path == autosave_path() and signature(path) != mine \
                and not _keep_other_autosave(path, json.loads(text)):
            raise OSError(errno.EEXIST, "the game in progress could not be kept aside")
        write_atomic(path, text)
    elif name == LAST_GAME:       # the one name overwritten: by the next finished game
        write_atomic(path, text)
    else:
        path = _write_new(path, text)
    sig = signature(path)
    if path == autosave_path():
        _written[path] = sig
    try:
        listed = check_seats(seats, game.n)     # as a reader would list them
    except SaveError:
        listed = None
    if sig is not None and listed is not None:   # what we just wrote needs no reading back
        p = rec["progress"]
        _cache[path] = (sig, SaveInfo(path.stem, path, rec["saved_at"], game.over, listed,
                                      len(game.answers), game.seed, round=p["round"],
                                      catastrophes=p["catastrophes"], winners=tuple(p["winners"]),
                                      modules=tuple(game.db.modules)))
    return path


def progress(game: Game) -> dict:
    """How far a game got, as a save keeps it: rounds begun, catastrophes, the winners."""
    return {"round": sum(len(e) for e in game.eras), "catastrophes": len(game.catastrophes),
            "winners": list(game.winners)}


def _read_progress(raw: Any, n: int) -> tuple[int, int, tuple[int, ...]] | None:
    """A save's `progress`, or None if it is missing or malformed (then it is worked out)."""
    if not isinstance(raw, dict):
        return None
    rnd, cats, won = raw.get("round"), raw.get("catastrophes"), raw.get("winners", [])
    if type(rnd) is not int or not 0 <= rnd <= MAX_ROUND or type(cats) is not int \
            or not 0 <= cats <= 3 or not isinstance(won, list) or len(won) > n \
            or any(type(s) is not int or not 0 <= s < n for s in won) or len(set(won)) != len(won):
        return None
    return rnd, cats, tuple(won)


def read_seen(raw: Any, seats: int, answers: int) -> dict[int, int]:
    """How far each seat had seen the table when the game was saved (seat -> the number of
    answers then), for "since your last turn" after Continue or Load: optional, and read as
    hostile input. An entry that names no seat or no point of the game is dropped."""
    if not isinstance(raw, dict):
        return {}
    out: dict[int, int] = {}
    for k, at in list(raw.items())[:seats]:
        if isinstance(k, str) and k.isascii() and k.isdigit() and len(k) <= 2 \
                and int(k) < seats and type(at) is int and 0 <= at <= answers:
            out[int(k)] = at
    return out


def read_ahead(raw: Any, seats: int) -> dict[int, list]:
    """Pass-and-play's blind answers given ahead of their question (seat -> answers, as
    `record.encode_answer` writes them): optional, and read as hostile input. This checks
    their shape only (a seat of the game, a short list of numbers or short words); whether
    each answers its seat's question is checked against the game (`Ahead.restore`)."""
    if not isinstance(raw, dict):
        return {}
    out: dict[int, list] = {}
    for k, answers in list(raw.items())[:seats]:
        if isinstance(k, str) and k.isascii() and k.isdigit() and len(k) <= 2 \
                and int(k) < seats and isinstance(answers, list) \
                and 0 < len(answers) <= MAX_AHEAD \
                and all(type(a) is int or (type(a) is str and len(a) <= 80) for a in answers):
            out[int(k)] = list(answers)
    return out


def _seat_key(k: Any, seats: int) -> bool:
    """Whether `k` names a seat of the game as a save writes it ("0" to "5")."""
    return isinstance(k, str) and k.isascii() and k.isdigit() and len(k) <= 2 and int(k) < seats


def _short_list(raw: Any, good: Any) -> list:
    """`raw` if it is a list of at most MAX_TOLD entries, each `good`; else nothing."""
    if not isinstance(raw, list) or len(raw) > MAX_TOLD or not all(good(x) for x in raw):
        return []
    return list(raw)


def _line(x: Any, most: int = TOLD_MAX, empty: bool = False) -> bool:
    """A short line of printable text (empty only if `empty`)."""
    return type(x) is str and (empty or x != "") and len(x) <= most and x.isprintable()


def _moment_shape(x: Any) -> bool:
    """A stage moment as `play/told.py` writes it: kind, title, text, card name, lines."""
    return isinstance(x, dict) and _line(x.get("kind"), 20) and _line(x.get("title")) \
        and _line(x.get("text"), TOLD_MAX * 2, empty=True) \
        and _line(x.get("card"), 80, empty=True) and isinstance(x.get("lines"), list) \
        and len(x["lines"]) <= MAX_TOLD and all(_line(w) for w in x["lines"])


def read_told(raw: Any, seats: int) -> dict[int, dict]:
    """What waited to be told each pass-and-play seat privately at its next look when the game
    was saved (seat -> {"played": cards its standing answer played, as `record.encode_answer`
    writes them; "forced": the forced answers given for it, in words; "drawn": the cards of
    its "new in your hand" window, open at the save; "moments": the stage's moments told it
    and not shown yet}): optional, and read as
    hostile input. This checks the shape (a seat of the game, short lists of card names and of
    short printable lines); whether each card is one its standing answer could have played,
    or is in its hand, is checked against the game (`Match.restore_told`). A bad part is
    dropped, never the save."""
    if not isinstance(raw, dict):
        return {}
    out: dict[int, dict] = {}
    for k, got in list(raw.items())[:seats]:
        if not _seat_key(k, seats) or not isinstance(got, dict):
            continue
        played = _short_list(got.get("played"), lambda c: type(c) is str and 0 < len(c) <= 80)
        forced = _short_list(got.get("forced"), lambda w: type(w) is str
                             and 0 < len(w) <= TOLD_MAX and w.isprintable())
        drawn = _short_list(got.get("drawn"), lambda c: type(c) is str and 0 < len(c) <= 80)
        moments = _short_list(got.get("moments"), _moment_shape)
        if played or forced or drawn or moments:
            out[int(k)] = {"played": played, "forced": forced, "drawn": drawn,
                           "moments": moments}
    return out


def read_notes(raw: Any, log_size: int) -> dict[int, str]:
    """The bots' reasons a save keeps, by log index: optional, and read as hostile input. Each
    entry must name a log line of the game and be a short line of printable text; any other
    entry, or a field that is not a mapping at all, is dropped without harm."""
    if not isinstance(raw, dict):
        return {}
    out: dict[int, str] = {}
    for k, why in list(raw.items())[:MAX_ANSWERS]:
        if isinstance(k, str) and k.isascii() and k.isdigit() and len(k) <= 7 \
                and isinstance(why, str) and 0 < len(why) <= NOTE_MAX and why.isprintable() \
                and int(k) < log_size:
            out[int(k)] = why
    return out


def _write_new(path: Path, text: str) -> Path:
    """Write a new file at `path`, or at the first free 'NAME (k)' beside it, atomically and
    without ever replacing a file: the temp file is linked to its name, which fails if the name
    was taken meanwhile (two saves in the same second, another window). Returns where it went."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    tmp = Path(name)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        for k in range(1, 1000):
            target = path if k == 1 else path.with_name(f"{path.stem} ({k}){path.suffix}")
            try:
                os.link(tmp, target)
                return target
            except FileExistsError:
                continue
            except OSError:             # a disk without hard links: rename to a free name
                if os.path.lexists(target):
                    continue
                os.replace(tmp, target)
                return target
        raise OSError(errno.EEXIST, "no free name for the save")
    finally:
        tmp.unlink(missing_ok=True)


def _earlier_point(path: Path, rec: dict) -> bool:
    """The save at `path` is this game at an earlier point (or the same point): the same deal
    and its answers the first answers of `rec`. Overwriting it loses nothing. The same seed is
    not enough: an earlier save of this game, opened and played on, must not overwrite the
    later answers the autosave holds."""
    try:
        old = read_record(path)
    except SaveError:
        return False
    answers = old.get("answers")
    return all(old.get(k) == rec.get(k) for k in ("seed", "deck", "variants", "modules")) \
        and isinstance(answers, list) and answers == rec["answers"][:len(answers)]


# The autosave as this process last wrote it, and where a game goes whose autosave another
# copy of the program took over: see _autosave_target.
_written: dict[Path, tuple | None] = {}
_diverted: dict[tuple[Path, int], Path] = {}


def _autosave_target(path: Path, game: Game) -> Path:
    """Where this game's autosave goes: the autosave, unless another writer replaced it since
    this process last wrote it (a second copy of the program on the same folder, where the
    lock could not be had). Then the other's newer state is left where it is, and this game is
    saved from then on as a named save of its own, 'Unfinished game DATE': both games keep
    every move, and the clash costs one named save, not one per move."""
    hit = _diverted.get((path, game.seed))
    if hit is not None:
        return hit
    mine, now = _written.get(path), signature(path)
    if mine is not None and now is not None and now != mine:
        info = save_info(path)
        if info.problem is None and not info.over:
            target = _free(_path(f"Unfinished game {time.strftime('%Y-%m-%d %H.%M')}"))
            _diverted[(path, game.seed)] = target
            log.warning("the autosave was written by another copy of the program: this "
                        "game is saved as %s", target.name)
            return target
    return path


def _drop_autosave(game: Game, seats: list[dict], mine: tuple | None) -> None:
    """A finished game's autosave goes: its own (the autosave as this game last wrote or read
    it, an earlier point of it, or the save it was diverted to); another game in progress
    there is first kept as a named save, as `save` keeps it."""
    path = autosave_path()
    hit = _diverted.pop((path, game.seed), None)
    if hit is not None:
        hit.unlink(missing_ok=True)
        return
    if signature(path) == mine or _keep_other_autosave(
            path, json.loads(json.dumps(make_record(game, seats)))):
        path.unlink(missing_ok=True)


_kept: list[Path] = []      # games in progress kept aside since `take_kept` last asked


def take_kept() -> list[Path]:
    """The games in progress kept as named saves ('Unfinished game DATE') since the last call:
    the table says where the other game went, so nobody thinks it lost."""
    out = _kept[:]
    _kept.clear()
    return out


def _keep_other_autosave(path: Path, rec: dict) -> bool:
    """Before the autosave is replaced by another game's (a new game, a save opened from Load
    game, an earlier save of the same game played on): an unfinished one is kept as a named
    save, 'Unfinished game DATE', so replacing the game in progress never loses it; a damaged
    one is set aside; a finished one, or an earlier point of `rec`'s game, is replaced.
    Returns whether `path` may now be written or removed (False: it could not be moved)."""
    if signature(path) is None:
        return True
    info = save_info(path)
    if info.problem is None and (info.over or _earlier_point(path, rec)):
        return True
    try:
        if info.problem is None or info.kept:
            when = info.saved_at if info.saved_at[:1].isdigit() else _mtime(path)
            target = _free(_path(f"Unfinished game {when[:16].replace(':', '.')}"))
            path.replace(target)
            log.info("kept the previous unfinished game as %s", target.name)
            _kept.append(target)
        else:
            _aside(path)
    except OSError as e:
        log.warning("could not move the old autosave: %s", e)
        return False
    return True


def _mtime(path: Path) -> str:
    try:
        return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(path.stat().st_mtime))
    except OSError:
        return time.strftime("%Y-%m-%d %H:%M:%S")


def _free(path: Path) -> Path:
    k = 1
    target = path
    while target.exists():
        k += 1
        target = path.with_name(f"{path.stem} ({k}){path.suffix}")
    return target


def _aside(path: Path) -> Path:
    target = path.with_name(path.name + ".corrupt")
    k = 1
    while target.exists():
        target = path.with_name(f"{path.name}.{k}.corrupt")
        k += 1
    path.replace(target)
    return target


def finish(game: Game, seats: list[dict], notes: dict[int, str] | None = None,
           mine: tuple | None = None) -> None:
    """A game ended: keep it as the last game (for replays) and stop offering Continue. The
    autosave goes only if it is this game's (`mine`, or an earlier point of it): another game
    in progress there is kept as a named save, as `save` keeps it."""
    try:
        save(game, seats, LAST_GAME, notes)
        _drop_autosave(game, seats, mine)
    except (OSError, RecordError) as e:
        log.warning("the finished game could not be kept: %s", e)


# ---------------------------------------------------------------- loading

def load(path: Path, db: Database) -> Loaded:
    """Replay a save. A damaged file is moved aside; one whose card rules changed stays where
    it is. Either way SaveError says why."""
    try:
        rec = _read(path)
        _check_extras(rec)
        try:
            g = replay(rec, db)
        except RecordError as e:
            raise SaveError(str(e), kept=e.incompatible) from None
        seats = check_seats(rec["seats"], g.n)
        return Loaded(g, seats, path, read_notes(rec.get("bot_notes"), len(g.log or ())),
                      read_seen(rec.get("seen"), g.n, len(g.answers)),
                      read_ahead(rec.get("ahead"), g.n), read_told(rec.get("told"), g.n))
    except FileNotFoundError:
        raise SaveError(f"{path.name} is no longer there") from None
    except SaveError as e:
        if e.unreadable:
            log.warning("save %s cannot be read: %s (left where it is)", path, e)
            raise SaveError(f"{path.name} {e}. It is left where it is, and opens once it "
                            "can be read.", unreadable=True) from None
        raise _explained(path, str(e), e.kept) from None
    except Exception as e:  # noqa: BLE001 - a hand-edited file may break anything: explain it
        log.exception("save %s crashed the loader", path)
        raise _explained(path, f"it is damaged ({type(e).__name__})", False) from None


def _explained(path: Path, why: str, kept: bool) -> SaveError:
    if kept:
        log.warning("save %s cannot be continued: %s (kept)", path, why)
        again = "once that file is repaired" if "cannot be loaded" in why \
            else "in a version with those rules"
        return SaveError(f"{path.name} cannot be continued: {why}. It is kept, and will open "
                         f"again {again}.", kept=True)
    moved = None
    try:
        moved = _aside(path)
    except OSError:
        pass
    log.warning("save %s could not be loaded: %s (moved to %s)", path, why, moved)
    where = f" It was moved to {moved.name} in {moved.parent}." if moved else ""
    return SaveError(f"{path.name} could not be loaded: {why}.{where}")


# ---------------------------------------------------------------- listing (cached)

_cache: dict[Path, tuple[tuple, SaveInfo]] = {}     # by file: its signature, what it lists as
_OWN_FIELDS = ("saved_at", "over", "progress", "bot_notes")     # a save's, not the record's
# check_record's verdict on what a save shares with every save of the same cards (format,
# deck, modules, variants): the costly part of the check, worked out once per distinct deck
_verdicts = LRU(64)
DECKS_PER_KEY = 8                # decks kept under one key (the rest of the record's fields)
_NO_DECK = object()
parsed = 0                       # save files read to list them (tests count the work)


def _frozen(x: Any) -> Any:
    """A small JSON value as a key; TypeError if it holds something unhashable."""
    if type(x) is list:
        return (list, *map(_frozen, x))
    if type(x) is dict:
        return (dict, *((k, _frozen(v)) for k, v in x.items()))
    hash(x)
    return x


def _record_problem(rec: dict, db: Database) -> None:
    """check_record's verdict for a list, without its per-answer checks: RecordError if the
    record is malformed or its cards changed. A save whose answers are malformed lists as
    sound and is explained (and set aside) when opened, as one whose answers are illegal
    always was: both need the replay that opening does.

    The verdict is kept by everything but the deck (small, hashed) and, under that, by deck:
    decks are compared, not hashed, as two equal lists compare faster than one is hashed."""
    stub = {k: rec[k] for k in ("format", "cards", "modules", "variants", "seed", "seats",
                                "answers") if k in rec}
    seed, seats, answers = rec.get("seed"), rec.get("seats"), rec.get("answers")
    if type(seed) is int and -MAX_SEED <= seed < MAX_SEED:
        stub["seed"] = 0                    # any good seed checks the same
    if isinstance(seats, list) and len(seats) <= 6:
        stub["seats"] = [0] * len(seats)    # only their count is the record's to check
    if isinstance(answers, list) and len(answers) <= MAX_ANSWERS:
        stub["answers"] = []
    deck = rec.get("deck", _NO_DECK)
    try:
        key: Any = (id(db), *((k, _frozen(v)) for k, v in stub.items()))
        hash(key)
    except TypeError:       # e.g. a list for a module's name: checked below, not kept
        key = None
    known = _verdicts.get(key, ()) if key is not None else ()
    hit = next((h for d, _, h in known if d == deck), None)
    if hit is None:
        if deck is not _NO_DECK:
            stub["deck"] = deck
        try:
            check_record(stub, db)
            hit = (None, False)
        except RecordError as e:
            hit = (str(e), e.incompatible)
        if key is not None:     # db is kept with it: its id cannot be another's meanwhile
            _verdicts[key] = (*known[-(DECKS_PER_KEY - 1):], (deck, db, hit))
    if hit[0] is not None:
        raise RecordError(hit[0], incompatible=hit[1])


def save_info(path: Path) -> SaveInfo:
    """What a list shows of one save: read once, then cached until the file changes. It is
    read, not replayed (a save keeps its `progress`; only one from before that is replayed,
    once), so 10,000 saves list in about a second the first time (docs/promises.md)."""
    global parsed
    sig = signature(path)
    hit = _cache.get(path)
    if hit is not None and hit[0] == sig:
        return hit[1]
    info = SaveInfo(path.stem, path)
    parsed += 1
    try:
        rec = _read(path)
        _check_extras(rec)
        info.saved_at = rec.get("saved_at", "") or "?"
        info.over = rec.get("over", False)
        from doomlings_desktop.rules.cards import default_database

        _record_problem(rec, default_database())
        info.seats = check_seats(rec["seats"], len(rec["seats"]))
        info.answers, info.seed = len(rec["answers"]), rec["seed"]
        info.modules = tuple(str(m) for m in rec.get("modules", ()))   # checked just above
        got = _read_progress(rec.get("progress"), len(info.seats))
        if got is None:     # saved before saves kept it (or damaged): replay, once per change
            g = replay(rec, default_database(), log=False)
            got = (progress(g)["round"], len(g.catastrophes), tuple(g.winners))
        info.round, info.catastrophes, info.winners = got
    except RecordError as e:
        info.problem, info.kept = str(e), e.incompatible
    except SaveError as e:
        info.problem, info.kept, info.unreadable = str(e), e.kept, e.unreadable
    except FileNotFoundError:
        info.problem = "it is no longer there"
    except Exception as e:  # noqa: BLE001 - listing must never fail on a strange file
        info.problem = f"it is damaged ({type(e).__name__})"
    # one that cannot be read is asked again: a permission put right changes no signature
    if sig is not None and not info.unreadable:
        _cache[path] = (sig, info)
    return info


def autosave_problem() -> str | None:
    """Why the autosave cannot be continued, for the menu to say beside a disabled Continue
    (None when there is nothing to say)."""
    p = autosave_path()
    if signature(p) is None:
        return None
    info = save_info(p)
    if info.problem is None:
        return None
    if info.unreadable:
        return (f"Your last game's save {info.problem}. It is left where it is, and Continue "
                "opens it once it can be read.")
    if info.kept:
        return (f"Your last game cannot be continued here: {info.problem}. It is kept in "
                "Load game.")
    return f"Your last game's save is damaged ({info.problem}): Continue explains and sets it aside."


def has_autosave() -> bool:
    """A game to continue: the autosave exists and is not a finished game."""
    p = autosave_path()
    if signature(p) is None:
        return False
    info = save_info(p)
    return not info.over and not info.kept


_indexed: dict[str, tuple] = {}     # what the index on disk holds: file name -> signature
_index_sig: tuple | None = None     # the index file as last read or written


def list_saves(with_autosave: bool = False) -> list[SaveInfo]:
    """Every save, newest first; those that cannot be opened say why. The autosave (the game
    Continue opens) is left out unless asked for, or unless it is kept for its card rules.

    Linear in the number of saves: one look at the folder, then only the files not seen
    before, or changed since, are read (what was read last run comes from the index on disk,
    saveindex.py). A screen asks again when the folder changes, not every frame."""
    listing = Listing(with_autosave)
    listing.step()
    return listing.saves()


class Listing:
    """The saves folder listed over as many calls as it takes: made with one look at the
    folder, then `step(budget)` reads the files not seen before (or changed since) for at
    most `budget` seconds a call. A screen opens at once on 10,000 saves never seen before
    and fills in over the next frames; `saves()` is what has been read so far."""

    def __init__(self, with_autosave: bool = False) -> None:
        self.with_autosave = with_autosave
        self.found: list[SaveInfo] = []
        self.todo: list[Path] = []
        self.folder = d = saves_dir()
        try:
            names = {e.name for e in os.scandir(d) if e.name.endswith(".json")}
        except OSError:
            return
        paths = {n: d / n for n in names}
        here = set(paths.values())
        for p in [p for p in _cache if p not in here and p.parent == d]:
            del _cache[p]       # gone from the folder
        missing = [n for n, p in paths.items() if p not in _cache]
        if missing and (signature(saveindex.index_path()) != _index_sig
                        or any(n in _indexed for n in missing)):
            _from_index(paths)
        for p in here:
            hit = _cache.get(p)
            if hit is not None and hit[0] == signature(p):
                self.found.append(hit[1])
            else:
                self.todo.append(p)

    @property
    def unread(self) -> int:
        return len(self.todo)

    def step(self, budget: float | None = None) -> bool:
        """Read files for at most `budget` seconds (None: all of them; at least one a call).
        True once every file is read; then the index on disk is brought up to date."""
        deadline = None if budget is None else time.perf_counter() + budget
        while self.todo:
            self.found.append(save_info(self.todo.pop()))
            if deadline is not None and time.perf_counter() > deadline:
                break
        if not self.todo:
            _to_index(self.folder)
        return not self.todo

    def saves(self) -> list[SaveInfo]:
        """Those read so far, newest first."""
        out = [i for i in self.found
               if self.with_autosave or i.name != AUTOSAVE or i.kept]
        out.sort(key=lambda i: i.saved_at, reverse=True)
        return out


def listing_stamp() -> tuple | None:
    """What changes when a save is added, removed, renamed or rewritten (saves are written
    by renaming a finished temp file, so the folder changes too): a screen compares it each
    frame, one stat, and lists again only when it differs."""
    return signature(saves_dir())


def _from_index(paths: dict[str, Path]) -> None:
    """Fill the cache with what the index on disk says of files not in it (each used only
    while its file's signature is the one recorded)."""
    global _index_sig
    from doomlings_desktop.rules.cards import default_database

    _index_sig = signature(saveindex.index_path())
    got = saveindex.load(saveindex.stamp(default_database()), paths)
    _indexed.clear()
    _indexed.update((name, sig) for name, (sig, _) in got.items())
    for name, (sig, info) in got.items():
        _cache.setdefault(paths[name], (sig, info))


def _to_index(d: Path) -> None:
    """Write the index when what the folder holds differs from what it says."""
    global _index_sig
    from doomlings_desktop.rules.cards import default_database

    now = {p.name: hit for p, hit in _cache.items() if p.parent == d}
    if {n: sig for n, (sig, _) in now.items()} == _indexed:
        return
    saveindex.store(saveindex.stamp(default_database()), now)
    _indexed.clear()
    _indexed.update((n, sig) for n, (sig, _) in now.items())
    _index_sig = signature(saveindex.index_path())


def named_saves() -> list[tuple[str, Path, str]]:
    """(name, path, saved at) of every save but the autosave, newest first."""
    return [(i.name, i.path, i.saved_at) for i in list_saves()]


def set_aside() -> list[Path]:
    """Files moved aside as damaged, so the Load screen can say where they are."""
    try:
        return sorted(p for p in saves_dir().glob("*.corrupt"))
    except OSError:
        return []


def clean_temp(now: float | None = None) -> int:
    """Remove the temp files of atomic writes that a killed program left behind (older than a
    minute, so a write in progress in another window is never touched). Returns how many."""
    from doomlings_desktop.storage.settings import config_dir

    now = time.time() if now is None else now
    gone = 0
    for folder in (saves_dir(), data_dir(), config_dir()):
        try:
            for p in folder.glob("*.tmp"):
                if now - p.stat().st_mtime > STALE_TEMP_SECONDS:
                    p.unlink()
                    gone += 1
        except OSError:
            continue
    return gone


# ---------------------------------------------------------------- renaming and deleting

def _shown(ch: str) -> str:
    """A refused character as the player can read it: itself if it has a visible shape of its
    own (a letter, digit, mark of punctuation or symbol), else its code ('U+FE0F': a variation
    selector, a combining mark or a zero-width space would show as empty quotes)."""
    visible = unicodedata.category(ch)[0] in "LNPS" and ch.isprintable()
    return f"'{ch}'" if visible else f"the character U+{ord(ch):04X}"


def _clash(name: str, current: Path | None) -> str | None:
    """The name of another save that `name` would collide with (ignoring case: Windows and
    macOS do), or None."""
    key = unicodedata.normalize("NFC", name).casefold()
    try:
        entries = [Path(e.path) for e in os.scandir(saves_dir()) if e.name.endswith(".json")]
    except OSError:
        return None
    for p in entries:
        if unicodedata.normalize("NFC", p.stem).casefold() == key and p != current:
            return p.stem
    return None


def name_problem(name: str, current: Path | None = None) -> str | None:
    """Why `name` cannot be a save's name (renaming the save at `current`), or None if it can.
    A name becomes the file's name as it is, so only what every system's file names allow."""
    name = unicodedata.normalize("NFC", name)
    if not name.strip():
        return "A save needs a name."
    if len(name) > NAME_MAX:
        return f"A name has at most {NAME_MAX} characters; this one has {len(name)}."
    bad = next((ch for ch in name if not _name_char(ch)), None)
    if bad is not None:
        return (f"{_shown(bad)} cannot be in a save's name: file names do not allow it. Use "
                f"letters, digits, spaces and {' '.join(NAME_MARKS.strip())}")
    if name != name.strip():
        return "A name cannot begin or end with a space."
    if name.startswith("."):
        return "A name cannot begin with a dot (the file would be hidden)."
    if name.endswith("."):
        return "A name cannot end with a dot (Windows drops it)."
    if name.casefold() in (AUTOSAVE, LAST_GAME):
        what = "the game in progress" if name.casefold() == AUTOSAVE else "the last finished game"
        return f"'{name}' is the name the game keeps for {what}."
    if name.split(".")[0].strip().upper() in WINDOWS_DEVICES:
        return f"'{name}' is a device's name on Windows, so no file can have it."
    other = _clash(name, current)
    if other is not None:
        return f"There is already a save called '{other}'."
    return None


def rename(path: Path, name: str) -> Path:
    """Give a save a new name (the file is renamed; its content is untouched). Raises
    SaveError with the reason for a name that is refused or a file that cannot be moved."""
    name = unicodedata.normalize("NFC", name)
    why = name_problem(name, path)
    if why:
        raise SaveError(why)
    target = path.with_name(f"{name}.json")
    if target == path:
        return path
    try:
        os.link(path, target)      # never replaces a file that appeared meanwhile
    except FileNotFoundError:
        raise SaveError(f"{path.name} is no longer there") from None
    except FileExistsError:
        if not _same_file(path, target):
            raise SaveError(f"There is already a save called '{target.stem}'.") from None
        _move(path, target)        # only the case changed, on a disk that ignores case
    except OSError:                # a disk without hard links
        if target.exists():
            raise SaveError(f"There is already a save called '{target.stem}'.") from None
        _move(path, target)
    else:
        try:
            path.unlink()
        except OSError as e:
            log.warning("renamed %s but could not remove the old name: %s", path, e)
    hit = _cache.pop(path, None)
    if hit is not None:
        _cache[target] = (hit[0], replace(hit[1], name=target.stem, path=target))
    log.info("renamed %s to %s", path.name, target.name)
    return target


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _move(src: Path, dst: Path) -> None:
    try:
        src.rename(dst)
    except FileNotFoundError:
        raise SaveError(f"{src.name} is no longer there") from None
    except OSError as e:
        raise SaveError(f"{src.name} could not be moved: {e.strerror}") from None


def trash_dir() -> Path:
    return saves_dir() / TRASH


def delete(path: Path) -> Path:
    """Delete a save from the list: the file is moved to the `deleted` folder beside the
    saves (never erased), where `restore` or the player can take it back. Returns where it
    went. Deleting the autosave ends Continue's offer. Raises SaveError if it cannot move."""
    folder = trash_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise SaveError(f"the folder for deleted saves could not be made: {e.strerror}") from None
    target = _free(folder / path.name)
    _move(path, target)
    _cache.pop(path, None)
    log.info("deleted %s (moved to %s)", path.name, target)
    return target


def restore(deleted: Path, original: Path) -> Path:
    """Take a deleted save back to its place (under a free name if that one is taken now)."""
    target = _free(original)
    _move(deleted, target)
    return target
