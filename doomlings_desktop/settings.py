"""Settings and the program's folders. Folders come from platformdirs; DOOMLINGS_HOME puts them
all under one folder instead (tests use it). A bad settings file falls back to defaults."""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

APP = "doomlings-desktop"


def _home(kind: str) -> Path:
    root = os.environ.get("DOOMLINGS_HOME")
    if root:
        return Path(root) / kind
    import platformdirs

    return Path({"config": platformdirs.user_config_dir, "data": platformdirs.user_data_dir,
                 "log": platformdirs.user_log_dir}[kind](APP, appauthor=False))


def config_dir() -> Path:
    return _home("config")


def data_dir() -> Path:
    return _home("data")


def log_dir() -> Path:
    return _home("log")


def write_atomic(path: Path, text: str) -> None:
    """Write a file so that a crash leaves the old or the new content, never a mix."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


@dataclass
class Settings:
    window: tuple[int, int] = (1280, 720)
    animation: str = "normal"           # off, normal, fast
    volume: float = 0.7
    muted: bool = False
    colorblind_symbols: bool = True     # colour symbols on cards, so colour is never the only cue
    bot_pace: float = 0.8               # seconds a bot move stays on screen
    player_names: list[str] = field(default_factory=lambda: [f"Player {i}" for i in range(1, 7)])
    variants: dict = field(default_factory=dict)
    ask_out_of_turn: bool = True        # offer out-of-turn plays to human seats
    seat_count: int = 4                 # the last New game's table, offered again
    seats: list[str] = field(default_factory=lambda: ["human"] * 6)   # human or a bot level

    @classmethod
    def load(cls) -> tuple[Settings, str | None]:
        """The saved settings, or defaults and a warning when the file is unreadable."""
        path = config_dir() / "settings.json"
        if not path.exists():
            return cls(), None
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(raw, dict):
                raise ValueError("not a JSON object")
            s = cls()
            names = {f.name for f in fields(cls)}
            for k, v in raw.items():
                if k in names:
                    setattr(s, k, v)
            s.window = (max(640, int(s.window[0])), max(480, int(s.window[1])))
            s.volume = min(1.0, max(0.0, float(s.volume)))
            if s.animation not in ("off", "normal", "fast"):
                s.animation = "normal"
            s.bot_pace = min(5.0, max(0.0, float(s.bot_pace)))
            s.player_names = [str(n)[:20] for n in list(s.player_names)[:6]]
            s.player_names += [f"Player {i}" for i in range(len(s.player_names) + 1, 7)]
            s.seat_count = min(6, max(2, int(s.seat_count)))
            kinds = ("human", "easy", "medium", "hard", "random")
            s.seats = [k if k in kinds else "human" for k in list(s.seats)[:6]]
            s.seats += ["human"] * (6 - len(s.seats))
            return s, None
        except (OSError, ValueError, TypeError, IndexError) as e:
            return cls(), f"Settings file {path} could not be read ({e}); using the defaults."

    def save(self) -> None:
        d = asdict(self)
        d["window"] = list(self.window)
        write_atomic(config_dir() / "settings.json", json.dumps(d, indent=2))
