"""Hiding what C libraries print straight to file descriptor 2 (SDL's and ALSA's
complaints while drivers are probed), so a message of ours can stand alone. A leaf: the
window and the self-test both use it without importing each other."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def quiet_stderr() -> Iterator[list[str]]:
    """Hide what C libraries print straight to fd 2 while the audio device is probed (ALSA's
    complaints when there is no sound card). The text is collected into the yielded list."""
    caught: list[str] = []
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, AttributeError, ValueError):   # no real fd 2 (e.g. a windowed build)
        yield caught
        return
    with tempfile.TemporaryFile(mode="w+b") as tmp:
        os.dup2(tmp.fileno(), 2)
        try:
            yield caught
        finally:
            try:
                sys.stderr.flush()
            except (OSError, ValueError):
                pass
            os.dup2(saved, 2)
            os.close(saved)
            tmp.seek(0)
            caught.append(tmp.read().decode("utf-8", "replace"))
