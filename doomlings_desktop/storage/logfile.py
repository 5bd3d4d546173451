"""The program's log file, written as hostile ground like every file in its folders.

`logging`'s own file handler opens its file with a plain `open(path, "a")`: a FIFO put where
`doomlings.log` goes made the window wait for a reader before its first frame, and SDL's
SIGTERM handler kept it there. A write that fails (a full disk, `/dev/full`, an I/O error)
made `logging` print "--- Logging error ---" and a traceback on stderr, once per line logged.
`LogFile` opens without blocking and writes only to a regular file; when the log cannot be
opened or written it says so once, in one line, and the program goes on without it.
"""

from __future__ import annotations

import logging
import os
import stat
import sys
from logging.handlers import RotatingFileHandler
from typing import IO, Any


class LogFile(RotatingFileHandler):
    """A rotating log file (1 MB, 3 old files by default) that can never block or print a
    traceback: the first failure is one line on stderr, and the handler stops."""

    def __init__(self, path: os.PathLike | str, max_bytes: int = 1_000_000,
                 backups: int = 3) -> None:
        super().__init__(path, maxBytes=max_bytes, backupCount=backups, encoding="utf-8",
                         delay=True)
        self.broken = False
        self._open().close()        # now, so a bad path is an OSError for the caller at once

    def _open(self) -> IO[Any]:
        fd = os.open(self.baseFilename, os.O_WRONLY | os.O_APPEND | os.O_CREAT
                     | getattr(os, "O_NONBLOCK", 0), 0o644)
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise OSError(f"{self.baseFilename} is not a regular file")
        except BaseException:
            os.close(fd)
            raise
        return os.fdopen(fd, "a", encoding="utf-8")

    def emit(self, record: logging.LogRecord) -> None:
        if not self.broken:
            super().emit(record)

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 - logging's name
        """One line, once, instead of logging's traceback per record."""
        if self.broken:
            return
        self.broken = True
        e = sys.exc_info()[1]
        why = getattr(e, "strerror", None) or e or "unknown error"
        try:
            sys.stderr.write(f"the log {self.baseFilename} cannot be written ({why}): the "
                             "program goes on without it\n")
        except (OSError, ValueError):
            pass
        try:
            if self.stream is not None:
                self.stream.close()
        except OSError:
            pass
        self.stream = None
