"""Reading the JSON files a user can touch (saves, statistics, settings) as hostile input.

A file may be a FIFO, a device, huge, not UTF-8, nested a hundred thousand levels deep, or full
of `1e999`: `read_json` turns every one of those into a `JsonFileError` with a short reason,
never a hang, a flood of memory or a RecursionError.
"""

from __future__ import annotations

import json
import math
import os
import stat
from pathlib import Path
from typing import Any


class JsonFileError(Exception):
    """A file that could not be read as JSON; the message is for the player. `unreadable`
    says the system would not give its bytes (no permission, an I/O error, a folder, a pipe
    or a device): nothing is known about the content, so it is not damage, and `reason` says
    why in a few words ("permission denied")."""

    def __init__(self, message: str, unreadable: bool = False, reason: str = "") -> None:
        super().__init__(message)
        self.unreadable = unreadable
        self.reason = reason or message


def _cannot_read(e: OSError) -> JsonFileError:
    why = (e.strerror or type(e).__name__).lower()
    return JsonFileError(f"it cannot be read ({e.strerror})", unreadable=True, reason=why)


def _finite(text: str) -> float:
    x = float(text)
    if not math.isfinite(x):
        raise ValueError("a number too large to be real")
    return x


def _int(text: str) -> int:
    if len(text.lstrip("-")) > 40:
        raise ValueError("a number too long to be real")
    return int(text)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def read_json(path: Path, max_bytes: int, finite: bool = True) -> Any:
    """The file's JSON value. Raises FileNotFoundError if it is missing, JsonFileError if it
    is not a regular file, larger than max_bytes, not UTF-8, or not JSON. With `finite`,
    1e999, NaN and Infinity make the file damaged; without, they are read (as inf and nan) for
    a caller that checks each value itself and keeps the rest."""
    data = read_bytes(path, max_bytes)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise JsonFileError("it is not text") from None
    try:
        if not finite:
            return json.loads(text)
        return json.loads(text, parse_float=_finite, parse_int=_int,
                          parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        raise JsonFileError(f"it is damaged (not valid JSON at line {e.lineno})") from None
    except ValueError as e:
        raise JsonFileError(f"it is damaged ({e})") from None
    except RecursionError:
        raise JsonFileError("it is damaged (nested too deeply)") from None


def read_bytes(path: Path, max_bytes: int) -> bytes:
    """At most `max_bytes` of a regular file, opened without blocking and checked once open
    (a FIFO put where a small file of ours was used to hang the window before its first
    frame, past SIGTERM; /dev/zero filled memory). FileNotFoundError if it is missing,
    JsonFileError for anything else that keeps its bytes from us."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise
    except OSError as e:
        raise _cannot_read(e) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise JsonFileError("it is not a regular file", unreadable=True, reason=(
                "it is a folder" if stat.S_ISDIR(info.st_mode)
                else "it is not a regular file (a pipe or a device)"))
        if info.st_size > max_bytes:
            raise JsonFileError(f"it is larger ({info.st_size // 1024} KB) than any it could be")
        with os.fdopen(fd, "rb") as f:
            fd = -1
            data = f.read(max_bytes + 1)
    except OSError as e:
        raise _cannot_read(e) from None
    finally:
        if fd >= 0:
            os.close(fd)
    if len(data) > max_bytes:
        raise JsonFileError("it is larger than any it could be")
    return data


def signature(path: Path) -> tuple | None:
    """What changes when a file changes (for caches), or None if it is not there."""
    try:
        s = os.stat(path)
    except OSError:
        return None
    return (s.st_mtime_ns, s.st_size, s.st_ino)


def write_private(path: Path, text: str) -> None:
    """Write `text` to `path` through a temporary file beside it (a crash leaves the old
    file or the new one), readable by its owner only: a hosted room's file holds the game's
    secret seed (every hand and the decks follow from it) and the seats' tokens (each lets
    its holder take that seat and see its hand), so another account on the same computer
    must not read them (the saves' `write_atomic` is private too: `mkstemp`)."""
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        if hasattr(os, "fchmod"):
            os.fchmod(fd, 0o600)     # a temporary file left by an older version was 0644
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            fd = -1
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        if fd >= 0:
            os.close(fd)
        raise
