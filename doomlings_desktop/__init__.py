"""Doomlings Desktop: the card game Doomlings as a desktop program."""

from importlib import metadata as _metadata

try:
    __version__ = _metadata.version("doomlings-desktop")
except _metadata.PackageNotFoundError:  # running from a checkout that was never installed
    __version__ = "0.1.0"
