"""Saved games and statistics on disk. Nothing here raises past its message: a damaged file
is moved aside as `NAME.corrupt` and explained, and a good file is never deleted.

A save is the game record (seed, variants, seats, answers) plus when it was saved; loading
replays it, so a save from another card database or with an illegal answer is caught.
"""

from __future__ import annotations

import json
import logging
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from doomlings_desktop.rules.cards import Database
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.record import RecordError, make_record, replay
from doomlings_desktop.settings import data_dir, write_atomic

log = logging.getLogger("doomlings.saves")

AUTOSAVE = "autosave"


class SaveError(Exception):
    """A save that could not be loaded; the message is for the player."""


@dataclass
class Loaded:
    game: Game
    seats: list[dict]
    path: Path


def saves_dir() -> Path:
    return data_dir() / "saves"


def _path(name: str) -> Path:
    safe = re.sub(r"[^A-Za-z0-9 _.-]", "_", name).strip(" .") or "save"
    return saves_dir() / f"{safe[:60]}.json"


def save(game: Game, seats: list[dict], name: str = AUTOSAVE) -> Path:
    """Write the game's record atomically (temp file, fsync, rename)."""
    rec = make_record(game, seats)
    rec["saved_at"] = time.strftime("%Y-%m-%d %H:%M:%S")
    rec["over"] = game.over
    path = _path(name)
    write_atomic(path, json.dumps(rec, separators=(",", ":")))
    return path


def _aside(path: Path) -> Path:
    target = path.with_name(path.name + ".corrupt")
    k = 1
    while target.exists():
        target = path.with_name(f"{path.name}.{k}.corrupt")
        k += 1
    path.replace(target)
    return target


def load(path: Path, db: Database) -> Loaded:
    """Replay a save. On any fault the file is moved aside and SaveError says why."""
    try:
        try:
            rec = json.loads(path.read_text(encoding="utf-8"))
        except UnicodeDecodeError:
            raise SaveError("the file is not text") from None
        except json.JSONDecodeError as e:
            raise SaveError(f"the file is damaged (not valid JSON at line {e.lineno})") from None
        try:
            g = replay(rec, db)
        except RecordError as e:
            raise SaveError(str(e)) from None
        seats = []
        for i, s in enumerate(rec["seats"]):
            s = s if isinstance(s, dict) else {}
            kind = s.get("kind") if s.get("kind") in ("human", "bot") else "human"
            level = s.get("level") if isinstance(s.get("level"), str) else "random"
            name = s.get("name") if isinstance(s.get("name"), str) else f"Player {i + 1}"
            ask = s.get("ask") if isinstance(s.get("ask"), bool) else True
            seats.append({"name": name[:20], "kind": kind, "level": level, "ask": ask})
        return Loaded(g, seats, path)
    except SaveError as e:
        moved = None
        try:
            moved = _aside(path)
        except OSError:
            pass
        log.warning("save %s could not be loaded: %s (moved to %s)", path, e, moved)
        where = f" It was moved to {moved.name}." if moved else ""
        raise SaveError(f"{path.name} could not be loaded: {e}.{where}") from None
    except OSError as e:
        raise SaveError(f"{path.name} could not be read: {e.strerror}") from None
    except Exception as e:  # noqa: BLE001 - a hand-edited file may break anything: explain it
        moved = None
        try:
            moved = _aside(path)
        except OSError:
            pass
        log.exception("save %s crashed the loader", path)
        raise SaveError(f"{path.name} could not be loaded ({type(e).__name__})."
                        + (f" It was moved to {moved.name}." if moved else "")) from None


def autosave_path() -> Path:
    return _path(AUTOSAVE)


def has_autosave() -> bool:
    """A game to continue: the autosave exists and is not a finished game."""
    p = autosave_path()
    if not p.exists():
        return False
    try:
        return not json.loads(p.read_text(encoding="utf-8")).get("over", False)
    except (OSError, ValueError, AttributeError):
        return True     # let Continue try it and explain what is wrong


def finish(game: Game, seats: list[dict]) -> None:
    """A game ended: keep it as the last game (for replays) and stop offering Continue."""
    save(game, seats, "last game")
    try:
        autosave_path().unlink(missing_ok=True)
    except OSError:
        pass


def named_saves() -> list[tuple[str, Path, str]]:
    """(name, path, saved at) of every save but the autosave, newest first."""
    out = []
    d = saves_dir()
    if not d.exists():
        return out
    for p in d.glob("*.json"):
        if p.stem == AUTOSAVE:
            continue
        try:
            when = json.loads(p.read_text(encoding="utf-8")).get("saved_at", "")
        except (OSError, ValueError, AttributeError):
            when = "?"
        out.append((p.stem, p, str(when)))
    out.sort(key=lambda x: x[2], reverse=True)
    return out


# ---------------------------------------------------------------- statistics

def stats_path() -> Path:
    return data_dir() / "statistics.json"


def load_stats() -> dict:
    try:
        d = json.loads(stats_path().read_text(encoding="utf-8"))
        if isinstance(d, dict) and isinstance(d.get("games"), list):
            return d
    except (OSError, ValueError):
        pass
    return {"version": 1, "games": []}


def record_result(game: Game, seats: list[dict]) -> None:
    """Add a finished game to the statistics: who played what, scores, winners, traits."""
    db = game.db
    stats = load_stats()
    stats["games"].append({
        "date": time.strftime("%Y-%m-%d %H:%M"),
        "seats": [{"name": s["name"], "kind": s["kind"],
                   "level": s.get("level", "") if s["kind"] == "bot" else ""} for s in seats],
        "scores": list(game.scores),
        "winners": list(game.winners),
        "traits": [[db.ident[c] for c in p.pile] for p in game.players],
    })
    stats["games"] = stats["games"][-5000:]
    try:
        write_atomic(stats_path(), json.dumps(stats))
    except OSError as e:
        log.warning("statistics not saved: %s", e)


def summary(stats: dict) -> dict[str, Any]:
    """The figures the Statistics screen shows."""
    games = [g for g in stats.get("games", []) if isinstance(g, dict)]
    wins: dict[str, float] = {}
    played: dict[str, int] = {}
    human_scores: list[int] = []
    trait_count: dict[str, int] = {}
    trait_points: dict[str, list[int]] = {}
    for g in games:
        try:
            for i, s in enumerate(g["seats"]):
                key = "Human" if s["kind"] == "human" else f"Bot ({s.get('level') or 'random'})"
                played[key] = played.get(key, 0) + 1
                if i in g["winners"]:
                    wins[key] = wins.get(key, 0) + 1 / len(g["winners"])
                if s["kind"] == "human":
                    human_scores.append(int(g["scores"][i]))
                for t in g["traits"][i]:
                    trait_count[t] = trait_count.get(t, 0) + 1
                    trait_points.setdefault(t, []).append(int(g["scores"][i]))
        except (KeyError, IndexError, TypeError, ValueError):
            continue
    best_traits = sorted(((sum(v) / len(v), k) for k, v in trait_points.items() if len(v) >= 3),
                         reverse=True)[:5]
    return {
        "games": len(games),
        "by_seat": {k: (played[k], wins.get(k, 0.0)) for k in sorted(played)},
        "best": max(human_scores, default=None),
        "average": sum(human_scores) / len(human_scores) if human_scores else None,
        "most_played": sorted(trait_count.items(), key=lambda x: -x[1])[:5],
        "best_scoring": [(k, v) for v, k in best_traits],
        "last": games[-10:],
    }
