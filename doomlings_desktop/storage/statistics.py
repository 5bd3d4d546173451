"""Statistics of finished games: one JSON line per game in `statistics.jsonl`.

A finished game appends one line (and fsyncs it) instead of rewriting the whole file, so a
kill can at worst tear the last line, which is then skipped. Every field of every line is
checked on the way in; a damaged line is skipped and counted, never a crash. What the
Statistics screen shows is computed once per change of the file.

The first version kept `statistics.json`, a single object; it is read once, copied into the
new file and kept as `statistics.json.migrated`.
"""

from __future__ import annotations

import json
import logging
import os
import re
import stat
import time
from pathlib import Path
from typing import Any

from doomlings_desktop.names import name_of
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.storage.jsonfile import JsonFileError, read_json, signature
from doomlings_desktop.storage.settings import data_dir, write_atomic

log = logging.getLogger("doomlings.statistics")

KEEP = 5000                 # games kept and shown: the newest
MAX_LINE = 64 * 1024        # a game's line is 0.5 KB (2 players) to 1.5 KB (6 players)
MAX_BYTES = 64 * 1024 * 1024    # the first version's statistics.json, read whole once
COMPACT_AT = 16 * 1024 * 1024   # a file grown past this is compacted after the game's append
KEEP_BYTES = 8 * 1024 * 1024    # to its newest KEEP games within its newest KEEP_BYTES: KEEP
#                                 6-player games fit, and 8 MB of appends (over 5,000 games)
#                                 come before the next compaction
READ_BYTES = COMPACT_AT     # a reader reads only the file's newest READ_BYTES: a file made
#                             bigger by hand still shows its newest games, in bounded time


# What a seat's level and a card's id may be. A level the file names otherwise is no level
# ("" counts as the Random bot, the default seat); an id is a card database's id, so a hostile
# one (control characters, a path, 60 characters of "W") never reaches the screen.
LEVELS = ("random", "easy", "medium", "hard")
CARD_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,59}")
DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2}) \d{2}:\d{2}")
TIMELINE = 60               # the charts' games: the newest


def stats_path() -> Path:
    return data_dir() / "statistics.jsonl"


def _old_path() -> Path:
    return data_dir() / "statistics.json"


def _int(x: Any, lo: int, hi: int) -> int:
    if type(x) is not int or not lo <= x <= hi:
        raise ValueError("not a small whole number")
    return x


def check_game(g: Any) -> dict:
    """One game's statistics with every field checked; ValueError if any is wrong."""
    if not isinstance(g, dict):
        raise ValueError("not an object")
    seats, scores, winners, traits = g.get("seats"), g.get("scores"), g.get("winners"), \
        g.get("traits")
    if not isinstance(seats, list) or not 2 <= len(seats) <= 6:
        raise ValueError("seats")
    n = len(seats)
    out_seats = []
    for i, s in enumerate(seats):
        if not isinstance(s, dict) or s.get("kind") not in ("human", "bot"):
            raise ValueError("seat")
        name, level = s.get("name", ""), s.get("level", "")
        if not isinstance(name, str) or not isinstance(level, str):
            raise ValueError("seat")
        seat = {"name": name_of(name, i), "kind": s["kind"],
                "level": level if level in LEVELS and s["kind"] == "bot" else ""}
        hints = s.get("hints", 0)       # the coach's hints asked for (older lines: none)
        if type(hints) is int and 0 < hints <= 100_000:
            seat["hints"] = hints
        # a human seat played on another computer (an online game kept here): not "you"
        # (older lines, and every local game: every human seat was played here)
        if s["kind"] == "human" and s.get("here", True) is False:
            seat["here"] = False
        out_seats.append(seat)
    if not isinstance(scores, list) or len(scores) != n:
        raise ValueError("scores")
    if not isinstance(winners, list) or not winners or len(winners) > n:
        raise ValueError("winners")
    if not isinstance(traits, list) or len(traits) != n or not all(
            isinstance(t, list) and len(t) <= 200 and all(
                isinstance(x, str) and CARD_ID.fullmatch(x) for x in t) for t in traits):
        raise ValueError("traits")
    date = g.get("date", "")
    return {"date": date[:20] if isinstance(date, str) else "",
            "seats": out_seats, "scores": [_int(x, -10**6, 10**6) for x in scores],
            "winners": sorted({_int(w, 0, n - 1) for w in winners}),
            "traits": [list(t) for t in traits]}


# ---------------------------------------------------------------- reading (cached)

_loaded: tuple[tuple | None, dict] | None = None


def _migrate() -> None:
    """Copy the first version's statistics.json into the line file, once."""
    old = _old_path()
    if signature(old) is None or signature(stats_path()) is not None:
        return
    try:
        raw = read_json(old, MAX_BYTES)
        games = raw.get("games", []) if isinstance(raw, dict) else []
    except (JsonFileError, OSError) as e:
        log.warning("old statistics not read: %s", e)
        games = []
    good = []
    for g in games if isinstance(games, list) else []:
        try:
            good.append(check_game(g))
        except ValueError:
            continue
    try:
        write_atomic(stats_path(), "".join(json.dumps(g) + "\n" for g in good[-KEEP:]))
        old.replace(old.with_name(old.name + ".migrated"))
    except OSError as e:
        log.warning("statistics not migrated: %s", e)


def load_stats() -> dict:
    """{"games": [...], "skipped": damaged lines, "partial": older games left unread}, read
    again only when the file changed. Only the newest READ_BYTES of the file are read and only
    its newest KEEP games kept, so a file of any size shows its newest games in bounded time."""
    global _loaded
    _migrate()
    path = stats_path()
    sig = signature(path)
    if _loaded is not None and _loaded[0] == sig:
        return _loaded[1]
    games: list[dict] = []
    skipped, partial = 0, False
    try:
        lines, partial = _newest_lines(path, READ_BYTES)
        games, skipped, more = _parse(lines)
        partial = partial or more
    except FileNotFoundError:
        pass
    except OSError as e:
        log.warning("statistics not read: %s", e)
    stats = {"games": games, "skipped": skipped, "partial": partial}
    _loaded = (sig, stats)
    return stats


def _newest_lines(path: Path, limit: int) -> tuple[list[bytes], bool]:
    """The whole lines within the file's last `limit` bytes, and whether older bytes were left
    unread. Opened without blocking and read only if it is a regular file (a FIFO, a device)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(0, "not a regular file")
        start = max(0, info.st_size - limit - 1)      # one byte more: is it a line's start?
        os.lseek(fd, start, os.SEEK_SET)
        with os.fdopen(fd, "rb") as f:
            fd = -1
            data = f.read(limit + 1)
    finally:
        if fd >= 0:
            os.close(fd)
    if start > 0:                   # the first line began before what was read: not a game
        cut = data.find(b"\n")
        data = data[cut + 1:] if cut >= 0 else b""
    return data.split(b"\n"), start > 0


def _parse(lines: list[bytes]) -> tuple[list[dict], int, bool]:
    """The newest KEEP good games of `lines` (oldest first), the damaged lines among those
    read, and whether older lines were left unread. Read from the end, so a huge file costs
    KEEP games' parsing, not its length."""
    games: list[dict] = []
    skipped = 0
    for k in range(len(lines) - 1, -1, -1):
        line = lines[k]
        if not line.strip():
            continue
        if len(games) >= KEEP:
            return games[::-1], skipped, True
        try:
            if len(line) > MAX_LINE:
                raise ValueError("too long")
            games.append(check_game(json.loads(line.decode("utf-8"), parse_constant=_refuse)))
        except (ValueError, RecursionError, UnicodeDecodeError):
            skipped += 1
    return games[::-1], skipped, False


def _refuse(name: str) -> Any:
    raise ValueError(name)


def record_result(game: Game, seats: list[dict]) -> None:
    """Add a finished game: one line appended. Never raises (statistics are never a reason
    for a game not to end properly)."""
    try:
        db = game.db
        entry = check_game({
            "date": time.strftime("%Y-%m-%d %H:%M"),
            "seats": [{"name": s["name"], "kind": s["kind"],
                       "level": s.get("level", "") if s["kind"] == "bot" else "",
                       "hints": s.get("hints", 0), "here": s.get("here", True)}
                      for s in seats],
            "scores": list(game.scores),
            "winners": list(game.winners),
            "traits": [[db.ident[c] for c in p.pile] for p in game.players],
        })
        _migrate()
        path = stats_path()
        before = signature(path)
        if _append(path, entry) > COMPACT_AT:
            _compact(path)
        else:
            _remember(before, signature(path), entry)
    except Exception as e:  # noqa: BLE001 - see the docstring
        log.warning("statistics not saved: %s", e)


def _append(path: Path, entry: dict) -> int:
    """Append the game's line and fsync it; the file's size after. Opened without blocking
    and written only if it is a regular file (a FIFO with no reader must not hang a game)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT
                 | getattr(os, "O_NONBLOCK", 0), 0o644)
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise OSError(0, "the statistics file is not a regular file")
    with os.fdopen(fd, "a", encoding="utf-8") as f:
        if f.tell() > 0:
            f.write("\n")       # a torn last line stays torn, the new one stays whole
        f.write(json.dumps(entry))
        f.flush()
        os.fsync(f.fileno())
        return f.tell()


def _remember(before: tuple | None, after: tuple | None, entry: dict) -> None:
    """If what was read is the file as it was before this game's line, add the game to it
    instead of reading the file again: the Statistics screen after a game costs nothing."""
    global _loaded
    if _loaded is None or _loaded[0] != before or after is None:
        return
    old = _loaded[1]
    games = old["games"] + [entry]
    _loaded = (after, {"games": games[-KEEP:], "skipped": old["skipped"],
                       "partial": old.get("partial", False) or len(games) > KEEP})


def _compact(path: Path) -> None:
    """Rewrite the file as its newest KEEP games within its newest KEEP_BYTES (damaged lines
    dropped), atomically. Called only past COMPACT_AT, so a game's end otherwise reads
    nothing, and the file stays under COMPACT_AT plus one line."""
    games, _, _ = _parse(_newest_lines(path, KEEP_BYTES)[0])
    write_atomic(path, "".join(json.dumps(g) + "\n" for g in games))
    log.info("statistics compacted to the newest %d games", len(games))


# ---------------------------------------------------------------- the screen's figures

_summary: tuple[dict, dict] | None = None


def day_of(date: str) -> str | None:
    """The day a game ended ("2026-11-25"), or None for a date that is not one (the file is
    hostile input: only a well-formed date is shown)."""
    m = DATE.fullmatch(date)
    if m is None or not (1 <= int(m.group(2)) <= 12 and 1 <= int(m.group(3)) <= 31):
        return None
    return date[:10]


def _humans(g: dict) -> list[int]:
    """The seats played on this computer by people ("you"): not the bots, and not the
    players of an online game at their own computers."""
    return [i for i, s in enumerate(g["seats"]) if s["kind"] == "human" and s.get("here", True)]


def _you(g: dict) -> int | None:
    """The seat that is "you": the one human seat played at this computer (against bots, or
    online against others at their own). A game with two or more (pass-and-play, or several
    seats of an online game at one screen) has no "you": it is counted by name
    (`_pass_and_play`), not as one player who won whenever any of them did."""
    here = _humans(g)
    return here[0] if len(here) == 1 else None


def _bot_level(s: dict) -> str:
    return s.get("level") or "random"


def _timeline(games: list[dict]) -> list[dict]:
    """The newest TIMELINE games of yours (`_you`), oldest first: your score, the best bot
    score (None without a bot), whether you won, and the day."""
    out = []
    for g in games:
        you = _you(g)
        if you is None:
            continue
        bots = [g["scores"][i] for i, s in enumerate(g["seats"]) if s["kind"] == "bot"]
        out.append({"score": g["scores"][you], "rival": max(bots) if bots else None,
                    "won": you in g["winners"], "day": day_of(g["date"])})
    return out[-TIMELINE:]


def _by_level(games: list[dict]) -> dict[str, tuple[int, int]]:
    """For each bot level: your games against it, and those you won."""
    played: dict[str, int] = {}
    won: dict[str, int] = {}
    for g in games:
        you = _you(g)
        if you is None:
            continue
        for lv in {_bot_level(s) for s in g["seats"] if s["kind"] == "bot"}:
            played[lv] = played.get(lv, 0) + 1
            won[lv] = won.get(lv, 0) + (you in g["winners"])
    return {lv: (played[lv], won[lv]) for lv in LEVELS if lv in played}


def _favourites(games: list[dict], k: int = 6) -> list[tuple[str, int]]:
    """The traits you kept in your pile most often, with in how many piles: two copies in
    one pile count once (the page says "in 2 piles"; a game with two Kidneys in one pile
    said so)."""
    count: dict[str, int] = {}
    for g in games:
        you = _you(g)
        if you is None:
            continue
        for t in set(g["traits"][you]):
            count[t] = count.get(t, 0) + 1
    return sorted(count.items(), key=lambda x: (-x[1], x[0]))[:k]


PASS_AND_PLAY_NAMES = 20    # the players of pass-and-play games the page may list


def _pass_and_play(games: list[dict]) -> dict[str, Any]:
    """The games with two or more human seats at this computer, counted by name: for each
    (a name the file gives, checked by `check_game`), the games played, won (a shared win
    counts for each) and the best score; the most wins first."""
    n = 0
    table: dict[str, dict] = {}
    for g in games:
        here = _humans(g)
        if len(here) < 2:
            continue
        n += 1
        mine: dict[str, tuple[bool, int]] = {}     # two seats of one name: one player
        for i in here:
            name, score = g["seats"][i]["name"], g["scores"][i]
            won, best = mine.get(name, (False, score))
            mine[name] = (won or i in g["winners"], max(best, score))
        for name, (won, best) in mine.items():
            row = table.setdefault(name, {"name": name, "played": 0, "won": 0, "best": best})
            row["played"] += 1
            row["won"] += won
            row["best"] = max(row["best"], best)
    rows = sorted(table.values(), key=lambda r: (-r["won"], -r["played"], r["name"]))
    return {"games": n, "players": rows[:PASS_AND_PLAY_NAMES]}


def summary(stats: dict | None = None) -> dict[str, Any]:
    """The figures the Statistics screen shows (computed once per version of the file)."""
    global _summary
    stats = load_stats() if stats is None else stats
    if _summary is not None and _summary[0] is stats:
        return _summary[1]
    games = stats.get("games", [])
    wins: dict[str, float] = {}
    played: dict[str, int] = {}
    your_scores: list[int] = []
    trait_count: dict[str, int] = {}
    trait_points: dict[str, list[int]] = {}
    for g in games:
        here, you = _humans(g), _you(g)
        for i, s in enumerate(g["seats"]):
            key = "Human" if i in here else (
                "Player online" if s["kind"] == "human" else f"Bot ({_bot_level(s)})")
            played[key] = played.get(key, 0) + 1
            if i in g["winners"]:
                wins[key] = wins.get(key, 0) + 1 / len(g["winners"])
            if i == you:
                your_scores.append(g["scores"][i])
            for t in g["traits"][i]:
                trait_count[t] = trait_count.get(t, 0) + 1
                trait_points.setdefault(t, []).append(g["scores"][i])
    best_traits = sorted(((sum(v) / len(v), k) for k, v in trait_points.items() if len(v) >= 3),
                         reverse=True)[:5]
    timeline = _timeline(games)
    out = {
        "games": len(games),
        "skipped": stats.get("skipped", 0),
        "partial": stats.get("partial", False),
        "by_seat": {k: (played[k], wins.get(k, 0.0)) for k in sorted(played)},
        "best": max(your_scores, default=None),            # yours: see _you
        "average": sum(your_scores) / len(your_scores) if your_scores else None,
        "most_played": sorted(trait_count.items(), key=lambda x: -x[1])[:5],
        "best_scoring": [(k, v) for v, k in best_traits],
        "last": games[-10:],
        "timeline": timeline,
        "human_games": sum(1 for g in games if _you(g) is not None),    # your games
        "human_wins": sum(1 for g in games if _you(g) in g["winners"]),
        "pass_and_play": _pass_and_play(games),
        "by_level": _by_level(games),
        "favourites": _favourites(games),
    }
    _summary = (stats, out)
    return out
