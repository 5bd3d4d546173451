"""One game window per data folder.

Two windows on one folder would each overwrite the other's autosave after every move (and
each would keep the other's game as yet another named save). So the window takes an OS lock
on `doomlings.lock` in the data folder for as long as it runs: `fcntl.flock` on POSIX,
`msvcrt.locking` on Windows. The kernel drops such a lock when the process ends, however it
ends (a crash, SIGKILL, a power cut), so a lock is never left stuck, unlike a PID file that
must be judged stale. The file itself stays; only the lock on it matters.

Headless commands (simulate, arena, scenario, bench, cards) write no saves and take no lock.
A folder that cannot hold a lock at all (read-only, a file system without locks) is logged and
the window runs unlocked: a lock is a guard, never a reason the game cannot start.
"""

from __future__ import annotations

import errno
import logging
import os
from pathlib import Path

from doomlings_desktop.storage.settings import data_dir

log = logging.getLogger("doomlings.instance")

LOCK_NAME = "doomlings.lock"
_BUSY = {errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES, getattr(errno, "EDEADLOCK", -1),
         errno.EDEADLK}

_held: dict[Path, int] = {}         # folder -> the open file whose lock this process holds


def lock_path(folder: Path | None = None) -> Path:
    return (folder or data_dir()) / LOCK_NAME


def busy_message(folder: Path) -> str:
    return (f"Doomlings is already running with this data folder ({folder}). Close it "
            "first, or set DOOMLINGS_HOME to another folder to play a second game.")


def _try_lock(fd: int) -> None:
    """Lock the open file without waiting; OSError (errno in _BUSY) if another process has it."""
    if os.name == "nt":
        import msvcrt

        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def claim(folder: Path | None = None) -> str | None:
    """Take the data folder for this process, for as long as it runs. Returns None when it is
    ours (or cannot be locked at all: logged), or the message for the player when another
    running copy of the program has it."""
    folder = folder or data_dir()
    if folder in _held:
        return None
    path = lock_path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as e:
        log.warning("no lock on %s (%s): running without one", folder, e.strerror or e)
        return None
    try:
        _try_lock(fd)
    except OSError as e:
        os.close(fd)
        if e.errno in _BUSY:
            log.warning("another copy of the program has %s", folder)
            return busy_message(folder)
        log.warning("no lock on %s (%s): running without one", folder, e.strerror or e)
        return None
    _held[folder] = fd
    try:                            # for a person looking: which process has it
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
    except OSError:
        pass
    return None


def release(folder: Path | None = None) -> None:
    """Give the folder back before the process ends (tests; the kernel does it at exit)."""
    fd = _held.pop(folder or data_dir(), None)
    if fd is not None:
        os.close(fd)
