"""The decision widgets (ui/table/answers.py on ui/table/widget.py): for each kind, real pygame
events posted to the real app loop, and the typed answer the widget made of them (`Give`,
`GiveAll`, `Attach`, `Refuse`, `Select`), recorded where the table carries it out
(`TableInput.act`) — and what the game did with it."""

from __future__ import annotations

import random

import pygame
import pytest
from uidriver import click, find, key

from doomlings_desktop.rules.cards import default_database
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.ui.app import Button
from doomlings_desktop.ui.table import SeatConfig, TableScene, answers
from doomlings_desktop.ui.table.widget import Attach, Give, GiveAll, Refuse, Select
from tests.test_ui import a_quiet_play, ann_against_a_bot, make_app, texts_of_a_frame


def at(want, names=("Ann", "Bea", "Cyd")):
    """A table of humans at the first decision `want(d)` of random play (the decider's
    screen taken), and the list that records each typed answer the table carries out."""
    db = default_database()
    for seed in range(400):
        g = Game.new(db, len(names), seed=seed, names=list(names))
        r = random.Random(seed)
        while g.pending is not None and not want(g.pending):
            g.apply(r.choice(g.pending.options))
        if g.pending is not None:
            break
    app = make_app()
    sc = TableScene(app, [SeatConfig(n) for n in names], seed, game=g)
    sc.autosave = False
    app.go(sc)
    sc.cleared = sc.viewer = g.pending.player
    app.frame()
    return app, sc, record(sc)


def record(sc):
    seen = []
    act = sc.input.act

    def spy(answer):
        seen.append(answer)
        act(answer)
    sc.input.act = spy
    return seen


def button(sc, k):
    return find(sc, ("button", k))


def test_each_kind_has_its_widget_and_the_prompt_hosts_the_pending_ones():
    app, sc, _ = at(lambda d: d.kind == "yesno")
    d = sc.my_decision()
    w = sc.panels.prompt.widget(d)
    assert isinstance(w, answers.YesNo) and w.d is d
    assert sc.panels.prompt.widget(d) is w              # one widget while d is pending
    assert [b.key for b in w.shown()] == [("answer", "yes"), ("answer", "no")]
    assert all(w.rect.contains(b.rect) for b in w.buttons)         # its own rectangle
    assert w.help_line().startswith("Y / N") and answers.of(d) is answers.YesNo


def test_yes_no_by_click_and_by_letter():
    app, sc, seen = at(lambda d: d.kind == "yesno")
    d = sc.my_decision()
    w = sc.panels.prompt.widget(d)
    r = button(sc, ("answer", "no"))
    assert isinstance(w.hit(r.center), Button) and w.hit((1, 1)) is None
    click(app, r.center)
    assert seen == [Give("no")] and sc.game.answers[-1] == "no"
    app, sc, seen = at(lambda d: d.kind == "yesno")
    key(app, pygame.K_y, "y")
    assert seen == [Give("yes")] and sc.game.answers[-1] == "yes"


def test_a_colour_by_its_initial_and_no_play_by_s_or_r():
    app, sc, seen = at(lambda d: d.kind == "color")
    colour = [o for o in sc.my_decision().options if o != "pass"][-1]
    key(app, getattr(pygame, f"K_{colour[0]}"), colour[0])
    assert seen == [Give(colour)] and sc.game.answers[-1] == colour
    app, sc, seen = at(lambda d: d.kind == "no_play")
    key(app, pygame.K_x, "x")                           # no binding: no answer at all
    key(app, pygame.K_r, "r")
    assert seen == [Give("redraw")] and sc.game.answers[-1] == "redraw"


def test_a_player_chosen_in_their_area_then_confirmed():
    app, sc, seen = at(lambda d: d.kind == "player")
    d = sc.my_decision()
    seat = [o for o in d.options if o != "pass"][0]
    click(app, find(sc, ("panel", seat)).center)
    assert seen == [Select(seat)] and sc.selected == seat and sc.game.pending is d
    click(app, button(sc, "confirm").center)
    assert seen[-1] == Give(seat) and sc.game.answers[-1] == seat


def test_a_player_chosen_twice_on_their_button_is_given():
    app, sc, seen = at(lambda d: d.kind == "player")
    seat = [o for o in sc.my_decision().options if o != "pass"][0]
    click(app, button(sc, ("select_player", seat)).center)
    click(app, button(sc, ("select_player", seat)).center)
    assert seen == [Select(seat), Give(seat)] and sc.game.answers[-1] == seat


def test_a_card_in_hand_chosen_then_confirmed():
    app, sc, seen = at(lambda d: d.kind == "card" and d.zone == "hand" and d.count == 1)
    d = sc.my_decision()
    assert type(sc.panels.prompt.widget(d)) is answers.Card
    hand = list(sc.view.hand)
    c = next(x for x in hand if x in d.options)
    click(app, find(sc, ("hand", c)).center)
    assert seen == [Select(c)]
    key(app, pygame.K_RETURN)
    assert seen[-1] == Give(c) and sc.game.answers[-1] == c


def test_several_cards_picked_then_given_all_at_once():
    app, sc, seen = at(lambda d: d.kind == "card" and d.zone == "hand" and d.count == 2
                       and "pass" not in d.options)
    d = sc.my_decision()
    assert type(sc.panels.prompt.widget(d)) is answers.ChooseCards
    a, b = [o for o in d.options if o != "pass"][:2]
    assert button(sc, "confirm") is None                # off until two are picked
    click(app, find(sc, ("hand", a)).center)
    key(app, pygame.K_RETURN)                            # one of two: refused, said why
    assert isinstance(seen[-1], Refuse) and "Choose 2" in seen[-1].reason
    click(app, find(sc, ("hand", b)).center)
    n = len(sc.game.answers)
    click(app, button(sc, "confirm").center)
    assert seen[-1] == GiveAll(d, (a, b)) and sc.game.answers[n:n + 2] == [a, b]


def test_a_play_refused_with_the_engines_reason_then_played_by_click_then_click():
    app, sc = ann_against_a_bot()
    seen = record(sc)
    v = sc.view
    d = sc.my_decision()
    assert type(sc.panels.prompt.widget(d)) is answers.Play
    blocked = [c for c in v.hand if c in v.why_not]
    if blocked:
        click(app, find(sc, ("hand", blocked[0])).center)
        assert seen[-1] == Refuse(v.why_not[blocked[0]])
    c = a_quiet_play(sc.game)
    click(app, find(sc, ("hand", c)).center)
    assert seen[-1] == Select(c)
    click(app, find(sc, ("panel", sc.viewer)).center)
    assert seen[-1] == Give(c) and sc.game.answers[-1] == c


def test_end_turn_by_enter():
    app, sc = ann_against_a_bot()
    seen = record(sc)
    sc.apply(a_quiet_play(sc.game))
    app.frame()
    d = sc.my_decision()
    assert d is not None and d.kind == "end_turn"
    assert type(sc.panels.prompt.widget(d)) is answers.EndTurn
    key(app, pygame.K_RETURN)
    assert seen == [Give("end")]                         # the pause is no move: not recorded
    assert sc.game.pending is None or sc.game.pending.kind != "end_turn"


def test_an_out_of_turn_offer_in_its_window():
    app, sc, seen = at(lambda d: d.kind == "react")
    d = sc.my_decision()
    w = sc.panels.prompt.widget(d)
    assert type(w) is answers.Offer
    card = [o for o in d.options if o != "pass"][0]
    assert w.help_line() in texts_of_a_frame(app, sc)   # its keys, under its buttons
    r = button(sc, ("answer", card))
    assert r is not None and r.top > find(sc, ("overlay_card", card)).bottom   # under it
    key(app, pygame.K_n, "n")
    assert seen == [Give("pass")] and sc.game.answers[-1] == "pass"
    app, sc, seen = at(lambda d: d.kind == "react")
    card = [o for o in sc.my_decision().options if o != "pass"][0]
    click(app, button(sc, ("answer", card)).center)
    assert seen == [Give(card)] and sc.game.answers[-1] == card


def test_a_widgets_buttons_put_away_by_a_window_answer_nothing():
    """The discard pile browsed puts the prompt's buttons away under its shade: a click where
    Yes was is the window's (it closes), never the widget's."""
    app, sc, seen = at(lambda d: d.kind == "yesno")
    yes = button(sc, ("answer", "yes"))
    sc.browse = True
    app.frame()
    w = sc.panels.prompt.widget(sc.my_decision())
    assert w.shown() == [] and not isinstance(w.hit(yes.center), Button)
    n = len(sc.game.answers)
    click(app, yes.center)
    assert not any(isinstance(a, Give) for a in seen) and len(sc.game.answers) == n


def test_a_widget_reads_the_table_only_through_its_host():
    """The widgets hold no scene: everything they read of the table (`self.host.X`) is a
    member of the narrow `Host` interface, and no `sc` (the scene) appears in them."""
    import ast
    from pathlib import Path

    from doomlings_desktop.ui.table.widget import Host

    members = {n for n in vars(Host) if not n.startswith("_")} | set(Host.__annotations__)
    folder = Path(answers.__file__).parent
    for name in ("widget.py", "answers.py"):
        tree = ast.parse((folder / name).read_text())
        used = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)
                and isinstance(n.value, ast.Attribute) and n.value.attr == "host"}
        assert used and used <= members, (name, used - members)
        assert not [n for n in ast.walk(tree) if isinstance(n, ast.Name) and n.id == "sc"]


def test_an_attachment_chosen_then_a_lit_host_clicked_is_one_attach_answer(tmp_path, monkeypatch):
    """The Play widget with an attachment chosen: a strip that is no host is refused with
    where it goes; a lit host is `Attach(card, host)`, the play and the host in one."""
    from tests.test_attach_ui import card, strip, table

    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))
    app, sc, g = table()
    seen = record(sc)
    lyon = card(g, 0, "lyonization", "hand")
    selfish = card(g, 2, "selfish")
    click(app, find(sc, ("hand", lyon)).center)
    assert seen == [Select(lyon)]
    click(app, strip(sc, card(g, 1, "gmo")).center)     # an attachment: not a host
    assert seen[-1] == Refuse("Lyonization goes on a lit trait: drop it on one, or click one.")
    click(app, strip(sc, selfish).center)
    assert seen[-1] == Attach(lyon, selfish) and g.attached.get(lyon) == selfish


NARROW = {"endpiles.py": "endpiles.Piles", "hint.py": "hint.Coached",
          "leaving.py": "leaving.Leaving", "decided.py": "decided.Deciding",
          "handraise.py": "handraise.Rising", "news.py": "news.Newsroom",
          "layer.py": "layer.Frame", "attach.py": "attach.Attaching",
          "lesson.py": "lesson.Lessoned"}


@pytest.mark.parametrize("module", sorted(NARROW))
def test_the_table_parts_with_a_narrow_interface_read_only_what_it_names(module):
    """A part of the table that is handed the scene typed as its own Protocol reads of it
    (`sc.X`, `self.sc.X`) only what that Protocol names: a new field on the scene that a
    part starts to read must be named in its interface first."""
    import ast
    import importlib
    from pathlib import Path

    mod_name, proto_name = NARROW[module].split(".")
    proto = getattr(importlib.import_module(f"doomlings_desktop.ui.table.{mod_name}"),
                    proto_name)
    members = set()
    for cls in proto.__mro__:
        if cls.__module__.startswith("doomlings_desktop"):
            members |= {n for n in vars(cls) if not n.startswith("__")}
            members |= set(getattr(cls, "__annotations__", {}))
    tree = ast.parse((Path(answers.__file__).parent / module).read_text())
    read = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute) and (
        (isinstance(n.value, ast.Name) and n.value.id == "sc")
        or (isinstance(n.value, ast.Attribute) and n.value.attr == "sc"))}
    assert read and read <= members, sorted(read - members)
