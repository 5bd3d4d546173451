"""Attachments and open hands on the table (Techlings, E8-E15, E24), through posted pygame
events on the real app loop: an attachment tucked under its host, hosts lit while one is
dragged or chosen, a drop or click-then-click on a host playing it there, hover and zoom
saying what lies on what, the host question answered with a click, Ruggedized's move, every
hand open under Age of Metadata and Neural Link's two next ages."""

from __future__ import annotations

import pygame
import pytest
from uidriver import Player, click, drag, find, key, post

from doomlings_desktop.rules.cards import database_for
from doomlings_desktop.rules.decisions import ATTACH_TO_HOST, MOVE_ATTACHMENT
from doomlings_desktop.rules.setup import build
from doomlings_desktop.ui.table import SeatConfig, TableScene
from tests.test_ui import make_app, play_out, texts_of_a_frame, watch_privacy


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOOMLINGS_HOME", str(tmp_path))


DB = None


def db():
    global DB
    DB = DB or database_for(["techlings"])
    return DB


PILES = [
    {"hand": ["nano", "lyonization", "mecha", "leaves"],
     "pile": ["bark", {"card": "cybernetic", "host": "bark"}, "kidney", "gills"]},
    {"hand": ["nocturnal", "spiny"],
     "pile": ["fangs", {"card": "gmo", "host": "fangs"}, "sweat", "teeth"]},
    {"hand": ["migratory"], "pile": ["clever", "selfish"]},
]


def table(position=None, n=3, kinds=("human", "bot", "bot"), size=(1280, 720)):
    g = build(db(), position or {"players": PILES[:n]}, players=n)
    app = make_app(size=size)
    names = ["Ann", "Bob", "Cy", "Di"]
    sc = TableScene(app, [SeatConfig(names[i], kinds[i]) for i in range(n)], 0, game=g)
    sc.autosave = False         # a position set up by hand has no record to save
    app.go(sc)
    app.frame()
    return app, sc, g


def card(g, seat, cid, zone="pile"):
    cards = g.players[seat].pile if zone == "pile" else g.players[seat].hand
    return next(c for c in cards if db().cards[c].id == cid)


def strip(sc, c):
    return next(r for r, a in reversed(sc.targets) if a and a[0] == "strip" and a[2] == c)


def marked_strips(app, sc):
    """The cards whose strips one full redraw draws with the link mark."""
    linked = []
    strip_of = app.art.strip

    def spy(c, w, h, color=None, worth=None, linked_=False, **k):
        if k.get("linked", linked_):
            linked.append(c)
        return strip_of(c, w, h, color, worth, k.get("linked", linked_))
    app.art.strip = spy
    sc._view_key = ()
    app.frame()
    app.art.strip = strip_of
    return linked


def test_an_attachment_is_tucked_under_its_host_in_every_pile_and_its_host_is_marked():
    for size in ((1280, 720), (1920, 1080)):
        app, sc, g = table(size=size)
        linked = marked_strips(app, sc)
        for seat, att, host in ((0, "cybernetic", "bark"), (1, "gmo", "fangs")):
            a, h = strip(sc, card(g, seat, att)), strip(sc, card(g, seat, host))
            # just under its host, indented (narrower), in the same column
            assert 0 <= a.top - h.bottom <= 6 and a.left > h.left and a.right == h.right
            assert a.w < h.w and a.h >= 16
            assert card(g, seat, host) in linked and card(g, seat, att) not in linked
        assert not {card(g, 0, "kidney"), card(g, 1, "sweat")} & set(linked)


def test_a_long_pile_keeps_each_attachment_under_its_host():
    ids = ["bark", "kidney", "gills", "antlers", "apex-predator", "tiny", "teeth", "brave",
           "doting", "endurance", "flight", "heroic", "blubber", "boredom", "branches",
           "clever", "selfish", "sweat", "fangs", "big-ears"]
    pile = []
    for c in ids:
        pile.append(c)
        if c == "bark":
            pile.append({"card": "nano", "host": c})
        if c == "endurance":
            pile.append({"card": "lyonization", "host": c})
    pos = {"players": [{"pile": ["leaves"]}, {"pile": pile}, {"pile": ["spiny"]},
                       {"pile": ["mindful"]}]}
    app, sc, g = table(pos, n=4, kinds=("human", "bot", "bot", "bot"))
    for att, host in (("nano", "bark"), ("lyonization", "endurance")):
        a, h = strip(sc, card(g, 1, att)), strip(sc, card(g, 1, host))
        assert a.left > h.left and (0 <= a.top - h.bottom <= 6 or a.top < h.top)
        assert sc.layout.panel_of(1).pile.contains(a) and a.h >= 16


def test_dragging_nano_lights_every_legal_host_and_a_drop_plays_it_onto_an_opponents_trait():
    app, sc, g = table()
    nano = card(g, 0, "nano", "hand")
    sweat = card(g, 1, "sweat")
    hand = find(sc, ("hand", nano))
    post(pygame.MOUSEBUTTONDOWN, pos=hand.center, button=1)
    app.frame()
    to = strip(sc, sweat)
    post(pygame.MOUSEMOTION, pos=to.center, rel=(0, 0), buttons=(1, 0, 0))
    app.frame()
    lit = {c for _, c in sc.lit}
    hosts = set(sc.view.hosts[nano])
    assert lit == hosts and sweat in lit and card(g, 0, "kidney") in lit
    assert card(g, 2, "clever") in lit                  # "in any pile": every seat's
    assert card(g, 1, "fangs") not in lit and card(g, 0, "bark") not in lit   # hosts already
    assert (strip(sc, sweat), sweat) in sc.lit
    assert "Attach Nano to Bob's Sweat" in texts_of_a_frame(app, sc)
    post(pygame.MOUSEBUTTONUP, pos=to.center, button=1)
    app.frame()
    assert g.attached.get(nano) == sweat and nano in g.players[1].pile
    assert nano not in g.players[0].hand
    assert g.pending is None or g.pending.intent != ATTACH_TO_HOST     # one gesture


def test_a_drop_beside_any_host_changes_nothing_and_says_where_it_goes():
    app, sc, g = table()
    nano = card(g, 0, "nano", "hand")
    before = (list(g.players[0].hand), len(g.answers))
    drag(app, find(sc, ("hand", nano)).center, sc.layout.deck.center)
    assert (list(g.players[0].hand), len(g.answers)) == before
    assert "lit trait" in sc.toast[0]
    own = sc.layout.panel_of(0).rect         # not its own pile either: it needs a host
    drag(app, find(sc, ("hand", nano)).center, (own.right - 90, own.bottom - 8))
    assert (list(g.players[0].hand), len(g.answers)) == before


def test_click_the_attachment_then_a_lit_host_plays_it_there():
    app, sc, g = table()
    lyon = card(g, 0, "lyonization", "hand")
    selfish = card(g, 2, "selfish")
    click(app, find(sc, ("hand", lyon)).center)
    assert sc.selected == lyon
    assert "Lyonization: drop it on a lit trait, or click one, to attach it." in \
        texts_of_a_frame(app, sc)
    assert selfish in {c for _, c in sc.lit}
    click(app, strip(sc, card(g, 1, "gmo")).center)     # an attachment: no host, no play
    assert lyon in g.players[0].hand and sc.selected == lyon     # still chosen
    click(app, strip(sc, selfish).center)
    assert g.attached.get(lyon) == selfish and g.blanked(selfish)


def test_the_host_question_is_answered_by_clicking_a_lit_host():
    """Reached without a drop (the number key and Enter), the host question lights the
    legal hosts; a click chooses, a second click (or Confirm) answers."""
    app, sc, g = table()
    nano = card(g, 0, "nano", "hand")
    key(app, pygame.K_1 + list(g.players[0].hand).index(nano),
        str(1 + list(g.players[0].hand).index(nano)))
    key(app, pygame.K_RETURN)
    d = g.pending
    assert d.intent == ATTACH_TO_HOST and d.player == 0
    app.frame()
    assert {c for _, c in sc.lit} == set(d.options)
    teeth = card(g, 1, "teeth")
    click(app, strip(sc, teeth).center)
    click(app, find(sc, ("button", "confirm")).center)
    assert g.attached.get(nano) == teeth


def test_hover_and_zoom_say_what_lies_on_what():
    app, sc, g = table()
    bark, cyb = card(g, 0, "bark"), card(g, 0, "cybernetic")

    def hover(c):
        post(pygame.MOUSEMOTION, pos=(5, 700), rel=(0, 0), buttons=(0, 0, 0))
        app.frame()
        post(pygame.MOUSEMOTION, pos=strip(sc, c).center, rel=(0, 0), buttons=(0, 0, 0))
        for _ in range(40):
            app.frame()
        return sc.overlays.hover.caption
    assert hover(bark).startswith("Bark — with Cybernetic attached (Cybernetic: That trait is "
                                  "blue")
    assert hover(cyb).startswith("Cybernetic — attached to your Bark")
    assert hover(card(g, 1, "fangs")).startswith("Fangs — with GMO attached (GMO: Score: +1")
    assert hover(card(g, 1, "gmo")).startswith("GMO — attached to Bob's Fangs")
    assert hover(card(g, 0, "kidney")) is None
    shown = sc.overlays.hover.shown_at
    assert shown is not None
    post(pygame.MOUSEBUTTONDOWN, pos=strip(sc, bark).center, button=3)
    app.frame()
    assert sc.zoom == bark and sc.overlays.zoom.partner == cyb


def test_an_attachment_without_a_host_is_dimmed_with_the_reason():
    pos = {"players": [{"hand": ["mecha", "leaves"], "pile": ["kidney"]}, {"pile": ["fangs"]}]}
    app, sc, g = table(pos, n=2, kinds=("human", "bot"))
    mecha = card(g, 0, "mecha", "hand")
    assert mecha not in g.pending.options and "attach" in sc.view.why_not[mecha]
    click(app, find(sc, ("hand", mecha)).center)
    assert sc.toast and "attach" in sc.toast[0]


def test_ruggedized_moves_with_a_click_or_stays_with_keep_it():
    pos = {"players": [{"hand": ["leaves", "spiny"],
                        "pile": ["bark", {"card": "ruggedized", "host": "bark"}, "kidney"]},
                       {"hand": ["fangs"], "pile": ["sweat"]}]}
    app, sc, g = table(pos, n=2, kinds=("human", "bot"))
    rug, kidney = card(g, 0, "ruggedized"), card(g, 0, "kidney")
    drag(app, find(sc, ("hand", card(g, 0, "leaves", "hand"))).center,
         sc.layout.panel_of(0).rect.center)
    for _ in range(10):
        if g.pending.intent == MOVE_ATTACHMENT:
            break
        if g.pending.kind == "end_turn":
            key(app, pygame.K_RETURN)
        else:
            app.frame()
    d = g.pending
    assert d.intent == MOVE_ATTACHMENT and d.player == 0
    assert find(sc, ("button", ("answer", "pass"))) is not None
    assert "Keep it" in texts_of_a_frame(app, sc)
    band = strip(sc, rug)
    assert (band, rug) in sc.lit
    click(app, band.center)
    click(app, band.center)
    assert g.pending.intent == ATTACH_TO_HOST
    app.frame()
    assert kidney in {c for _, c in sc.lit}
    click(app, strip(sc, kidney).center)
    click(app, strip(sc, kidney).center)
    assert g.attached.get(rug) == kidney


def test_every_hand_is_open_under_age_of_metadata_and_the_bar_says_so():
    pos = {"age": "age-of-metadata", "players": PILES}
    app, sc, g = table(pos)
    assert sc.view.hands_open
    assert sc.open_shown == set(g.players[1].hand) | set(g.players[2].hand)
    assert "Hands open   + Techlings   Catastrophes 0/3   Ages left " in " ".join(
        s for s in texts_of_a_frame(app, sc) if s.startswith("Hands open"))
    r = find(sc, ("card", card(g, 2, "migratory", "hand")))
    assert sc.layout.panel_of(2).rect.contains(r)
    app2, sc2, g2 = table()          # another age: no hand but mine
    assert not sc2.open_shown


def test_open_hands_wait_behind_the_pass_screen_in_pass_and_play():
    pos = {"age": "age-of-metadata", "players": PILES[:2]}
    g = build(db(), pos, players=2)
    app = make_app()
    seen = watch_privacy(app)
    sc = TableScene(app, [SeatConfig("Ann"), SeatConfig("Bob")], 0, game=g)
    sc.autosave = False
    app.go(sc)
    app.frame()
    assert sc.pass_needed and not sc.open_shown
    click(app, (640, 360))              # Ann takes the screen
    assert not sc.pass_needed and sc.open_shown == set(g.players[1].hand)
    assert seen["pass_screens"] >= 1


def test_neural_link_shows_the_next_two_ages_where_the_next_one_is_shown():
    pos = {"age_deck": ["age-of-metadata", "age-of-reason"],
           "players": [{"hand": ["neural-link", "leaves"]}, {"hand": ["fangs"]}]}
    app, sc, g = table(pos, n=2, kinds=("human", "bot"))
    drag(app, find(sc, ("hand", card(g, 0, "neural-link", "hand"))).center,
         sc.layout.panel_of(0).rect.center)
    assert len(sc.view.next_ages) == 2
    texts = texts_of_a_frame(app, sc)
    assert "Next: Age of Metadata, then Age of Reason" in texts


def test_a_game_with_every_module_against_bots_by_mouse():
    """Every decision a module brings (attach_to_host, move_attachment, a Meaning card...)
    is answered through the table's targets and buttons."""
    from doomlings_desktop.rules.cards import default_database
    mods = tuple(default_database().manifest)
    for seed in (3, 11):
        app = make_app()
        watch_privacy(app)
        sc = TableScene(app, [SeatConfig("Ann"), SeatConfig("Bob", "bot"),
                              SeatConfig("Cy", "bot")], seed, modules=mods)
        app.go(sc)
        app.frame()
        player = Player(seed)
        play_out(app, player, limit=6000)
        assert sc.game.over


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("n", [2, 4, 6])
def test_attachments_and_open_hands_are_readable_and_nothing_overlaps(size, n):
    """The readability checks (tests/test_readability.py) on piles with attachments and
    long open hands: text at its minimum or more, strips 16 px or more, no click target
    over another, while an attachment is dragged too."""
    from tests.test_readability import check
    from tests.test_readability import table as readable_table
    hosts = iter(["bark", "fangs", "antlers", "gills", "leaves"])
    atts = iter(["nano", "lyonization", "gmo", "electromagnetic", "subdermal-plating"])
    ids = iter(["kidney", "teeth", "brave", "doting", "endurance", "flight", "blubber",
                "boredom", "branches", "clever", "selfish", "sweat", "big-ears", "cold-blood",
                "delicious", "eloquence", "fear", "fecundity", "inventive", "just", "late",
                "memory", "mindful", "nosy", "quick", "saliva", "scutes", "spiny", "swarm",
                "sticky-secretions", "migratory", "nocturnal", "adorable", "altruistic",
                "appealing", "bad", "chromatophores", "confusion", "costly-signaling",
                "deep-roots", "denial", "doting"])
    seats = []
    for i in range(n):
        pile = [next(hosts), {"card": next(atts), "host": "?"}] if i < 5 else []
        if pile:
            pile[1]["host"] = pile[0]
        pile += [next(ids) for _ in range(4 if n == 6 else 5)]
        seats.append({"pile": pile, "hand": [next(ids) for _ in range(2 if i else 1)]})
    seats[0]["hand"].append("transgenic-modification")
    g = build(db(), {"age": "age-of-metadata", "players": seats}, players=n)
    app, sc = readable_table(g, size)
    assert sc.view.hands_open and sc.open_shown
    check(app, sc, f"attachments and open hands, {n} seats at {size}")
    tm = card(g, 0, "transgenic-modification", "hand")
    post(pygame.MOUSEBUTTONDOWN, pos=find(sc, ("hand", tm)).center, button=1)
    app.frame([])
    post(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(1, 0, 0))
    app.frame()
    assert sc.lit
    check(app, sc, f"an attachment dragged, {n} seats at {size}")

