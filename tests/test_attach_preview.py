"""Before an attachment is dropped, its box says what the attach does to every score the
viewer can know, worked out by the rules on imagined worlds (never the hidden cards), through
posted pygame events on the real app loop: Lyonization laid on an opponent's trait gives them
its own point, and the table must say so before the player lets go."""

from __future__ import annotations

import re

import pygame
from uidriver import click, find, post

from doomlings_desktop.rules.setup import build
from tests.test_attach_ui import PILES, card, db, strip, table
from tests.test_ui import texts_of_a_frame

NAMES = {"Ann": 0, "Bob": 1, "Cy": 2, "you": 0}


def hold_over(app, sc, c, host):
    """Press on hand card c and move, button held, onto host's strip; the box's lines."""
    post(pygame.MOUSEBUTTONDOWN, pos=find(sc, ("hand", c)).center, button=1)
    app.frame()
    to = strip(sc, host).center
    for pos in ((to[0] - 30, to[1] - 30), to):
        post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        app.frame()
    return list(getattr(sc.overlays.drag, "lines", [])), to


def said_changes(line):
    """{seat: change} from "Lyonization on Bob's Teeth: Bob +1, you 0"."""
    words = line.split(": ", 1)[1].removeprefix("about ")
    out = {}
    for part in words.split(", "):
        who, pts = part.rsplit(" ", 1)
        out[NAMES[who]] = int(pts.replace("−", "-"))
    return out


def test_lyonization_on_an_opponents_trait_says_they_gain_its_point():
    app, sc, g = table()
    lyon, teeth = card(g, 0, "lyonization", "hand"), card(g, 1, "teeth")
    lines, _ = hold_over(app, sc, lyon, teeth)
    assert "Lyonization on Bob's Teeth: Bob +1, you 0" in lines


def test_what_the_box_says_is_what_the_drop_does_on_every_host():
    """For each legal host in each pile, the changes said before the drop are the ones the
    scores show after it (the same rules count both)."""
    app, sc, g = table()
    lyon = card(g, 0, "lyonization", "hand")
    hosts = list(sc.view.hosts[lyon])
    assert {next(s for s in range(3) if h in g.players[s].pile) for h in hosts} == {0, 1, 2}
    for host in hosts:
        app, sc, g = table()
        before = [g.score(q, seen_by=0) for q in range(g.n)]
        lines, at = hold_over(app, sc, lyon, host)
        said = said_changes(next(x for x in lines if re.match(r"Lyonization on ", x)))
        post(pygame.MOUSEBUTTONUP, pos=at, button=1)
        app.frame()
        assert g.attached.get(lyon) == host
        real = {q: g.score(q, seen_by=0) - before[q] for q in range(g.n)}
        assert said[0] == real[0]
        assert all(real[q] == said.get(q, 0) for q in range(g.n)), (db().name(host), said, real)


def test_the_preview_never_reads_the_hidden_cards():
    """Two tables that differ only in what Bob holds give the same words."""
    from doomlings_desktop.play.coach import attach_preview

    got = []
    for hand in (["nocturnal", "spiny"], ["migratory", "tiny"]):
        piles = [dict(PILES[0]), dict(PILES[1], hand=hand), dict(PILES[2], hand=["boredom"])]
        g = build(db(), {"players": piles}, players=3)
        lyon = card(g, 0, "lyonization", "hand")
        got.append([attach_preview(g, 0, lyon, h) for h in sorted(g.hosts_for(0, lyon))])
    assert got[0] == got[1] and all(p is not None for p in got[0])


def test_a_chosen_attachment_says_the_same_over_the_host_the_pointer_rests_on():
    """Click-then-click: with Lyonization chosen, the question line names the changes of the
    host under the pointer before the click that attaches it."""
    app, sc, g = table()
    lyon, teeth = card(g, 0, "lyonization", "hand"), card(g, 1, "teeth")
    click(app, find(sc, ("hand", lyon)).center)
    assert sc.selected == lyon
    post(pygame.MOUSEMOTION, pos=strip(sc, teeth).center, rel=(0, 0), buttons=(0, 0, 0))
    app.frame()
    said = [t for t in texts_of_a_frame(app, sc) if "Lyonization on Bob's Teeth" in t]
    assert said and said[0].startswith("Lyonization on Bob's Teeth: Bob +1, you 0"), said
    click(app, strip(sc, teeth).center)
    assert g.attached.get(lyon) == teeth
