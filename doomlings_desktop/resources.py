"""One place that finds the program's data files, from a checkout, a wheel or a frozen build."""

from __future__ import annotations

import sys
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def _roots() -> list[Path]:
    roots = []
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        roots.append(Path(frozen))
    roots.append(_PACKAGE / "data")     # installed wheel: data copied into the package
    roots.append(_PACKAGE.parent)       # checkout or editable install: the repository root
    return roots


def resource(name: str) -> Path:
    """The path of a bundled file or folder (`cards.yaml`, `assets/...`)."""
    for root in _roots():
        p = root / name
        if p.exists():
            return p
    raise FileNotFoundError(f"cannot find {name} (looked in {', '.join(map(str, _roots()))})")


def cards_path() -> Path:
    return resource("cards.yaml")
