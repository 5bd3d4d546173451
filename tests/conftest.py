"""Shared test set-up: headless SDL for any UI test, and the card database loaded once."""

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("DOOMLINGS_RAISE", "1")      # a UI bug fails the test, not an error screen

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402

from doomlings_desktop.rules.cards import load_database  # noqa: E402


@pytest.fixture(scope="session")
def db():
    return load_database(ROOT / "cards.yaml")


def pytest_terminal_summary(terminalreporter) -> None:
    """The robustness suites' case counts, together at the end of the run (each test reports
    its count with `record_property("robustness", "...")`)."""
    lines = [v for rep in terminalreporter.stats.get("passed", [])
             for k, v in getattr(rep, "user_properties", ()) if k == "robustness"]
    if lines:
        terminalreporter.write_sep("-", "robustness suites")
        for line in lines:
            terminalreporter.write_line(line)


@pytest.fixture(autouse=True)
def _own_data_folder(tmp_path_factory, monkeypatch):
    """Every test gets a data folder of its own: a test that saves, keeps a finished game,
    counts statistics or hosts a room never writes into the real player's folder (a
    developer's autosave and statistics) nor into another test's, even when two runs share
    the machine. A test that wants its own folder sets DOOMLINGS_HOME again, after this."""
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path_factory.mktemp("home")))
    yield


@pytest.fixture(autouse=True)
def _regions_checked():
    """Every 8th table region drawn from its cache (ui/table/regions.py) is drawn again and
    compared, in every test: a cache key missing something the region shows fails a test
    that changes it (StaleRegion) instead of showing a stale panel to a player. (Every hit
    doubled the table tests' time; a stale region stays stale for frames, so a sample finds
    it. tests/test_regions.py checks every hit.)"""
    from doomlings_desktop.ui.table.regions import RegionCache
    RegionCache.verify = 8
    yield
