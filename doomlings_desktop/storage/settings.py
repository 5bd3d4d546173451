"""Settings and the program's folders. Folders come from platformdirs; DOOMLINGS_HOME puts them
all under one folder instead (tests use it). A bad settings file falls back to defaults, a bad
value to its field's default: no settings file can stop the program from starting."""

from __future__ import annotations

import json
import math
import os
import re
import tempfile
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from doomlings_desktop.names import clean_name, default_name

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


MAX_BYTES = 1_000_000           # a settings file is a few hundred bytes
WINDOW_MIN = (640, 480)
WINDOW_DEFAULT = (1280, 720)
WINDOW_MAX = 16384              # per side; App also keeps the window within the screen
# the pace of everything that moves on the table (play/pace.py has their seconds)
PACES = ("slow", "normal", "fast", "instant")
DEFAULT_PACE = "normal"
# the "animation" setting the pace replaced (off, normal, fast): an old file's value, as a pace
LEGACY_PACE = {"off": "instant", "normal": "normal", "fast": "fast"}
SEAT_KINDS = ("human", "easy", "medium", "hard", "random")
UI_SCALE_MIN, UI_SCALE_MAX = 0.8, 1.5       # the UI scale setting: 80% to 150%
UI_SCALES = (0.8, 0.9, 1.0, 1.1, 1.25, 1.5)  # the steps the Settings page offers
COLOURS = ("standard", "colour-blind")   # the palettes (ui/theme.py PALETTES)
HOLDS = ("bots", "always", "never")      # when a human's turn waits for End turn (Undo),
#                                          and when the coach's Hint button is offered


class _Invalid(Exception):
    """A settings value that cannot be used: the field gets its default."""


def _number(v: Any, lo: float, hi: float, whole: bool = False) -> tuple[Any, bool]:
    """v clamped to lo..hi, and whether it had to be. Not a finite number (a bool, a string,
    JSON's Infinity or NaN, 1e999 which json reads as inf): _Invalid."""
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise _Invalid
    if isinstance(v, float) and not (math.isfinite(v) and (v.is_integer() or not whole)):
        raise _Invalid
    c = min(hi, max(lo, v))        # an int stays an int: 10**400 needs no float()
    return (int(c) if whole else float(c)), c != v


def _flag(v: Any) -> tuple[bool, bool]:
    if not isinstance(v, bool):    # "yes" and 1 are not a choice the program wrote
        raise _Invalid
    return v, False


def _window(v: Any) -> tuple[tuple[int, int], bool]:
    """A size the program could have saved, a side under the minimum (640 by 480) raised to
    it, or the default: a clamped absurd size (16384 by 480) would come back at every start
    as a squashed window, with no setting to undo it. (App also keeps it within the screen.)"""
    if not isinstance(v, (list, tuple)) or len(v) != 2:
        raise _Invalid
    w, cw = _number(v[0], 1, WINDOW_MAX, whole=True)
    h, ch = _number(v[1], 1, WINDOW_MAX, whole=True)
    if cw or ch:
        raise _Invalid
    return (max(w, WINDOW_MIN[0]), max(h, WINDOW_MIN[1])), w < WINDOW_MIN[0] or h < WINDOW_MIN[1]


def _animation(v: Any) -> tuple[str, bool]:
    """An old settings file's "animation" (off, normal, fast), read as the pace it meant."""
    if not isinstance(v, str) or v not in LEGACY_PACE:
        raise _Invalid
    return LEGACY_PACE[v], False


def _pace(v: Any) -> tuple[str, bool]:
    if not isinstance(v, str) or v not in PACES:
        raise _Invalid
    return v, False


def _colours(v: Any) -> tuple[str, bool]:
    if not isinstance(v, str) or v not in COLOURS:
        raise _Invalid
    return v, False


def _hold(v: Any) -> tuple[str, bool]:
    if not isinstance(v, str) or v not in HOLDS:
        raise _Invalid
    return v, False


def _host_place(v: Any) -> tuple[str, bool]:
    """Where the player last hosted: an IPv4 address as the program wrote it (this computer,
    every network, or one network's), or "" (none yet). Anything else is no address."""
    if not isinstance(v, str) or (v and not re.fullmatch(r"(\d{1,3}\.){3}\d{1,3}", v)):
        raise _Invalid
    if v and any(int(x) > 255 for x in v.split(".")):
        raise _Invalid
    return v, False


def _names(v: Any) -> tuple[list[str], tuple]:
    """Up to six names, each as `names.clean_name` makes it; the names that had to change
    (e.g. a non-string, a control character or only a zero-width one) are reported as
    (seat, the name now) pairs, so the warning can say which seat is now called what."""
    if not isinstance(v, list):
        raise _Invalid
    out, changed = [], []
    for i, n in enumerate(v[:6]):
        name, why = clean_name(n, i)
        if why is not None:
            changed.append((i, name))
        out.append(name)
    out += [default_name(i) for i in range(len(out), 6)]
    return out, tuple(changed)


def _variants(v: Any) -> tuple[dict, bool]:
    """Only the engine's variant names, each true or false."""
    from doomlings_desktop.rules.engine import VARIANTS

    if not isinstance(v, dict):
        raise _Invalid
    out = {k: x for k, x in v.items() if k in VARIANTS and isinstance(x, bool)}
    return out, len(out) != len(v)


def _modules(v: Any) -> tuple[list[str], bool]:
    """Expansion module names the New game screen turns on (E1): names only, each once; one
    this version does not offer is dropped when the screen opens."""
    if not isinstance(v, list):
        raise _Invalid
    out = list(dict.fromkeys(x for x in v if isinstance(x, str) and 0 < len(x) <= 40))[:20]
    return out, out != v


# the first New game: you against bots, the usual way to try a game alone
DEFAULT_SEATS = ["human"] + ["medium"] * 5


def _seats(v: Any) -> tuple[list[str], bool]:
    if not isinstance(v, list):    # "human" is a string, not six seats
        raise _Invalid
    out = [k if isinstance(k, str) and k in SEAT_KINDS else DEFAULT_SEATS[i]
           for i, k in enumerate(v[:6])]
    changed = out != v[:6]
    return out + DEFAULT_SEATS[len(out):], changed


def _chosen(raw: dict, s: Any, reset: list[str]) -> bool:
    """Whether the file's window is one the player chose. A file from before "window_chosen"
    saved the default 1280x720 whether or not anyone chose it: any other size was chosen. A
    window that was reset is no one's choice."""
    if "window" not in raw or "window" in reset and s.window == WINDOW_DEFAULT:
        return False
    if "window_chosen" in raw:
        return s.window_chosen      # the default (no choice) if it was not true or false
    return s.window != WINDOW_DEFAULT


_CHECKS: dict[str, Callable[[Any], tuple[Any, bool]]] = {
    "window": _window,
    "window_chosen": _flag,
    "animation": _animation,      # an old file's; the pace below wins when both are there
    "pace": _pace,
    "volume": lambda v: _number(v, 0.0, 1.0),
    "muted": _flag,
    "colorblind_symbols": _flag,
    "colours": _colours,
    "bot_pace": lambda v: _number(v, 0.0, 5.0),
    "player_names": _names,
    "variants": _variants,
    "modules": _modules,
    "ask_out_of_turn": _flag,
    "seat_count": lambda v: _number(v, 2, 6, whole=True),
    "seats": _seats,
    "fullscreen": _flag,
    "ui_scale": lambda v: _number(v, UI_SCALE_MIN, UI_SCALE_MAX),
    "hold_end_turn": _hold,
    "hints": _hold,
    "log_open": _flag,
    "host_place": _host_place,
    "host_port": lambda v: _number(v, 0, 65535, whole=True),
}


@dataclass
class Settings:
    window: tuple[int, int] = WINDOW_DEFAULT
    # whether `window` is a size the player gave the window (else it opens at a size that
    # fits the desktop: ui/windowsize.py)
    window_chosen: bool = False
    pace: str = DEFAULT_PACE            # slow, normal, fast, instant (play/pace.py)
    volume: float = 0.7
    muted: bool = False
    colorblind_symbols: bool = True     # colour symbols on cards, so colour is never the only cue
    colours: str = "standard"           # the palette: standard, colour-blind (COLOURS)
    bot_pace: float = 0.8               # seconds a bot move stays on screen
    player_names: list[str] = field(default_factory=lambda: [default_name(i) for i in range(6)])
    variants: dict = field(default_factory=dict)
    modules: list[str] = field(default_factory=list)    # expansion modules of the New game
    ask_out_of_turn: bool = True        # offer out-of-turn plays to human seats
    seat_count: int = 4                 # the last New game's table, offered again
    seats: list[str] = field(default_factory=lambda: list(DEFAULT_SEATS))   # human or bot level
    fullscreen: bool = False            # F11 or Alt+Enter switch it; `window` is kept for after
    ui_scale: float = 1.0               # text, bars and buttons: 0.8 to 1.5 times their size
    hold_end_turn: str = "bots"         # a turn waits for End turn (Undo): bots, always, never
    hints: str = "bots"                 # the Hint button (H): bots, always, never
    log_open: bool = False              # the table's log column open (else a strip: L opens)
    host_place: str = ""                # where Play online last hosted (its listening address)
    host_port: int = 7474               # and on which port (0: any free one)

    @property
    def animation(self) -> str:
        """The pace by the old setting's names (instant is "off"): what older code and
        tests read and set."""
        return "off" if self.pace == "instant" else self.pace

    @animation.setter
    def animation(self, value: str) -> None:
        pace = LEGACY_PACE.get(value, value)
        if pace not in PACES:
            raise ValueError(f"not a pace: {value!r}")
        self.pace = pace

    @classmethod
    def load(cls) -> tuple[Settings, str | None]:
        """The saved settings and a warning for the menu, or None. Whatever the file holds,
        this returns: an unreadable file gives the defaults; a bad value gives that field's
        default (or, for a number out of range, the nearest allowed value), the others keep
        theirs, and the warning names the fields that were reset."""
        from doomlings_desktop.storage.jsonfile import JsonFileError, read_json

        path = config_dir() / "settings.json"
        why = None
        try:
            raw = read_json(path, MAX_BYTES, finite=False)     # 1e999: that field's default
            if not isinstance(raw, dict):
                why = "not a JSON object"
        except FileNotFoundError:
            return cls(), None
        except JsonFileError as e:
            why = str(e).removeprefix("it is ")
        if why:
            return cls(), f"Settings file {path} could not be read ({why}); using the defaults."
        return cls.from_dict(raw)

    @classmethod
    def from_dict(cls, raw: dict) -> tuple[Settings, str | None]:
        """Settings from a decoded file: each field checked on its own (see `load`)."""
        s = cls()
        reset, renamed = [], ()
        for name, check in _CHECKS.items():
            if name not in raw:
                continue
            field_name = "pace" if name == "animation" else name
            try:
                value, changed = check(raw[name])
            except (_Invalid, RecursionError):
                value, changed = getattr(s, field_name), True
            setattr(s, field_name, value)
            if isinstance(changed, tuple):
                renamed = changed       # names cleaned, not reset: say which, and to what
            elif changed:
                reset.append(name)
        s.window_chosen = _chosen(raw, s, reset)
        said = []
        if reset:
            verb = "was" if len(reset) == 1 else "were"
            said.append(f"{', '.join(reset)} {verb} not valid and {verb} reset.")
        if renamed:
            now = ", ".join(f"seat {i + 1} is now '{n}'" for i, n in renamed)
            said.append(f"{'a player name' if len(renamed) == 1 else 'player names'} could "
                        f"not be used as written: {now}.")
        return s, ("Settings: " + " ".join(said)) if said else None

    def save(self) -> None:
        """Raises OSError if the folder cannot be written (callers keep the settings in
        memory and go on)."""
        d = asdict(self)
        d["window"] = list(self.window)
        write_atomic(config_dir() / "settings.json", json.dumps(d, indent=2))
