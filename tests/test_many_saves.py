"""The Load screen with 10,000 saves (issue: it took 11.7 s to open and 9-10 s a frame). The
work is counted, not timed: each file is read once when the screen opens, a frame after that
reads nothing and does not list the folder again, a new file is the only one read, and listing
makes a number of comparisons in line with the number of saves (the old membership test in a
list made it quadratic). Figures: `doomlings bench load` (docs/promises.md)."""

from __future__ import annotations

import pathlib

import pygame
import pytest
from uidriver import click, find, key, post

from doomlings_desktop.storage import saves
from doomlings_desktop.ui.benchload import make_saves
from tests.test_ui import make_app

MANY = 10_000


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))
    saves._cache.clear()
    yield
    saves._cache.clear()


@pytest.fixture
def lists(monkeypatch):
    """Counts the folder's listings."""
    calls = []
    real = saves.Listing.__init__

    def counted(self, *a, **k):
        calls.append(1)
        real(self, *a, **k)
    monkeypatch.setattr(saves.Listing, "__init__", counted)
    return calls


def open_load(app):
    app.frame()
    click(app, find(app.scene, ("button", "load")).center)
    assert type(app.scene).__name__ == "LoadScene"
    return app.scene


def drawn_text(app) -> list[str]:
    from tests.test_ui import texts_of_a_frame
    return texts_of_a_frame(app, app.scene)


def rows_drawn(sc) -> list:
    return [a[1] for _, a in sc.targets if isinstance(a, tuple) and a[0] == "button"
            and isinstance(a[1], tuple) and a[1][0] == "open"]


def test_ten_thousand_saves_are_read_once_and_a_frame_reads_none(lists):
    make_saves(MANY)
    saves._cache.clear()                     # as a new run finds them
    app = make_app()
    before = saves.parsed
    sc = open_load(app)
    # The screen opens on those read in its first frame's share of time; the rest fill in
    # over the next frames, each file read once, while the keys already work.
    assert 0 < len(sc.items) == saves.parsed - before and sc.unread == MANY - len(sc.items)
    assert sc.busy() and any(s.startswith("Reading the saves:") for s in drawn_text(app))
    key(app, pygame.K_DOWN)
    assert sc.sel == 1
    for _ in range(MANY):                    # a frame reads at least one: a bound, not a wait
        if not sc.unread:
            break
        app.frame([])
    assert sc.unread == 0 and not sc.busy() and len(sc.items) == MANY
    assert saves.parsed - before == MANY
    dates = [i.saved_at for i in sc.items]
    assert dates == sorted(dates, reverse=True)
    shown = rows_drawn(sc)
    assert 1 <= len(shown) <= sc.rows < 50  # the visible rows only
    filled = len(lists)
    for _ in range(5):
        app.frame()
    assert saves.parsed - before == MANY and len(lists) == filled   # no file read, no listing

    post(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False)     # the wheel, then the keys
    app.frame()
    assert sc.scroll == 3
    for _ in range(3):
        key(app, pygame.K_PAGEDOWN)
    assert sc.sel == 1 + 3 * sc.rows and sc.scroll == sc.sel - sc.rows + 1
    assert rows_drawn(sc)[0] == ("open", sc.items[sc.scroll].path)
    assert saves.parsed - before == MANY and len(lists) == filled

    newest = saves.saves_dir() / "a new one.json"     # another window saves: listed again,
    newest.write_bytes(sc.items[0].path.read_bytes())   # only the new file read
    app.frame()
    assert len(lists) == filled + 1 and saves.parsed - before == MANY + 1
    assert len(sc.items) == MANY + 1

    key(app, pygame.K_RETURN)               # the chosen row opens
    assert type(app.scene).__name__ == "TableScene"


def test_a_later_run_reads_the_index_not_the_saves():
    make_saves(300)
    saves._cache.clear()
    saves.list_saves()
    saves._cache.clear()                     # a new run
    before = saves.parsed
    listed = saves.list_saves()
    assert len(listed) == 300 and saves.parsed == before
    assert listed[0].round is not None and listed[0].seats[1]["level"] == "hard"


def test_the_index_is_trusted_only_for_unchanged_files_and_its_well_formed_entries():
    import json

    from doomlings_desktop.storage import saveindex

    make_saves(20)
    saves._cache.clear()
    saves.list_saves()
    doc = json.loads(saveindex.index_path().read_text())
    doc["saves"]["game 1.json"][3] = [{"name": "", "kind": "alien"}]   # hand-edited: bad seats
    doc["saves"]["game 2.json"] = "junk"
    doc["saves"]["no such save.json"] = doc["saves"]["game 3.json"]    # names no file
    saveindex.index_path().write_text(json.dumps(doc))
    changed = saves.saves_dir() / "game 4.json"
    changed.write_text(changed.read_text().replace('"Ann"', '"Annie"'))
    saves._cache.clear()
    before = saves.parsed
    listed = {i.name: i for i in saves.list_saves()}
    assert saves.parsed - before == 3                 # games 1, 2 and 4, from their files
    assert len(listed) == 20 and listed["game 4"].seats[0]["name"] == "Annie"
    assert listed["game 1"].seats[0]["name"] == "Ann" and listed["game 1"].problem is None

    saveindex.index_path().write_text("[1, 2")          # damaged: an empty index
    saves._cache.clear()
    before = saves.parsed
    assert len(saves.list_saves()) == 20 and saves.parsed - before == 20


def test_other_card_rules_make_the_index_void(monkeypatch):
    from doomlings_desktop.storage import saveindex

    make_saves(5)
    saves._cache.clear()
    saves.list_saves()
    monkeypatch.setattr(saveindex, "stamp", lambda db: "other cards")
    saves._cache.clear()
    before = saves.parsed
    assert len(saves.list_saves()) == 5 and saves.parsed - before == 5


def test_listing_compares_in_line_with_the_number_of_saves(monkeypatch):
    """The old listing asked `p not in paths` of a list for every cached save: n*n/2 path
    comparisons (50 million for 10,000 saves). Counted here with 2,000."""
    n = 2000
    make_saves(n)
    saves._cache.clear()
    saves.list_saves()
    compared = []
    real = pathlib.PurePath.__eq__
    monkeypatch.setattr(pathlib.PurePath, "__eq__",
                        lambda a, b: compared.append(1) or real(a, b))
    assert len(saves.list_saves()) == n
    assert len(compared) < 10 * n, len(compared)


def test_a_deck_checked_once_serves_every_save_made_with_it(monkeypatch):
    calls = []
    real = saves.check_record
    monkeypatch.setattr(saves, "check_record", lambda *a: calls.append(1) or real(*a))
    make_saves(50)
    saves._cache.clear()
    saves._verdicts.clear()
    assert all(i.problem is None for i in saves.list_saves())
    assert len(calls) == 1
