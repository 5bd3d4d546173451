"""A pile strip's name on a big window (issue 27, tried at 2560x1440): a name that misses
its strip by a little is drawn a little smaller rather than cut, where the strip's text is
above the minimum; at the minimum (720p strips) it is cut as before, never drawn smaller."""

from __future__ import annotations

import pytest

from doomlings_desktop.rules.cards import database_for
from doomlings_desktop.ui import probe
from doomlings_desktop.ui.cardface import CardArt
from doomlings_desktop.ui.fonts import MIN_TEXT_PX
from doomlings_desktop.ui.layout import strip_text_px


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))


def drawn_names(art, c, w, h):
    """The texts the strip draws and their sizes (a fresh strip: no cache)."""
    with probe.recording() as got:
        art.strip(c, w, h)
    return [(r.text, r.px) for r in got]


def test_a_name_a_little_too_long_shrinks_on_a_big_strip_instead_of_being_cut():
    """Seen at 2560x1440 (six seats, strips about 32 px high, 228 wide): "Elongated Ne…"
    beside its egg, "Selective Me…" beside its link, "Electroma…" under its host. A strip a
    little narrower than its whole name needs draws it whole, at no less than 80% of the
    strip's text size; much narrower, it is cut at that size, as before."""
    db = database_for(["dinolings"])
    c = next(i for i, d in enumerate(db.cards) if d.name == "Elongated Neck")
    h = 32
    fs = strip_text_px(h)
    full = min(w for w in range(120, 400, 2)
               if ("Elongated Neck", fs) in drawn_names(CardArt(db), c, w, h))
    got = drawn_names(CardArt(db), c, full - 12, h)
    name = [(t, px) for t, px in got if t.startswith("Elongated")]
    assert name and name[0][0] == "Elongated Neck", got
    assert max(MIN_TEXT_PX, round(fs * 0.8)) <= name[0][1] < fs, got
    narrow = drawn_names(CardArt(db), c, full // 2, h)
    assert [(t, px) for t, px in narrow if t.startswith("El") and t.endswith("…")
            and px == fs], narrow


def test_at_the_minimum_a_name_is_cut_never_drawn_smaller():
    db = database_for(["dinolings"])
    c = next(i for i, d in enumerate(db.cards) if d.name == "Elongated Neck")
    for h in (16, 17, 18):
        for w in (90, 120, 150):
            for text, px in drawn_names(CardArt(db), c, w, h):
                assert px >= MIN_TEXT_PX, (h, w, text, px)
