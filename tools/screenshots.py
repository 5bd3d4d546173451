"""Render the screenshots in docs/screenshots: menu, table, a decision, an out-of-turn offer,
the pass screen, the cards drawn before it, "since your last turn", a gene pool card
turning, World's End, scores, "What decided this game?", the Load screen, a hint, the marks
legend, Learn to play, the Statistics page, the expansion modules' faces
(tools/module_faces.py), the Techlings module's attachments and open hands, and the game told
as it happens (a catastrophe on the stage, a bot's play and reason).

    python3 tools/screenshots.py            # headless; the same pixels as a real window
    python3 tools/screenshots.py attachments    # only the Techlings ones
    python3 tools/screenshots.py stats          # only the Statistics page
    python3 tools/screenshots.py story          # only the stage and the bot's turn
    python3 tools/screenshots.py layout         # only the hand at rest and a big window
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["DOOMLINGS_HOME"] = tempfile.mkdtemp()
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from doomlings_desktop.storage.settings import Settings  # noqa: E402
from doomlings_desktop.ui import router  # noqa: E402
from doomlings_desktop.ui.app import App  # noqa: E402
from doomlings_desktop.ui.table import SeatConfig, TableScene  # noqa: E402

OUT = Path(os.environ.get("SCREENSHOTS_OUT") or
           Path(__file__).resolve().parent.parent / "docs" / "screenshots")
NAMES = ["Ada", "Bea", "Cyd", "Dov"]


def save(app: App, name: str) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(OUT / f"{name}.png"))
    print("wrote", OUT / f"{name}.png")


def advance(sc: TableScene, r: random.Random, until) -> None:
    g = sc.game
    while g.pending and not until(g):
        g.apply(r.choice(g.pending.options))
    sc._sound_log()
    app = sc.app
    app.frame([])                  # what a player watching move by move would have seen
    sc.news.clear()
    sc.overlays.stage.queue.clear()     # the stage has its own shot (story()); these show
    sc.overlays.stage.close()           # the table as it lies


def hot_seat(app: App) -> TableScene:
    """A 3-person pass-and-play game: the pass screen, the drawn cards, the news, an offer."""
    sc = TableScene(app, [SeatConfig(n) for n in NAMES[:3]], seed=4)
    sc.autosave = False
    app.go(sc)
    m = sc.match
    r = random.Random(2)
    want = {"pass", "review", "summary", "offer"}
    while m.game.pending and want:
        if sc.pass_needed:
            app.frame([])
            if "pass" in want and len(m.game.answers) > 12:
                save(app, "pass-screen")
                want.discard("pass")
            sc.take_screen(m.game.pending.player)
            app.frame([])
            if sc.news.summary and len(m.game.answers) > 12 and "summary" in want:
                save(app, "since-your-turn")
                want.discard("summary")
            sc.news.close_summary(sc.time)
            sc.time += 10
        if m.review:
            if len(m.game.answers) > 12 and "review" in want:
                app.frame([])
                save(app, "drawn-cards")
                want.discard("review")
            m.end_review()
            continue
        d = m.game.pending
        if d.kind == "react" and "offer" in want:
            app.frame([])
            save(app, "offer")
            want.discard("offer")
        sc.apply(r.choice(d.options))
        sc.time += 10
        app.frame([])
    return sc


def hint_and_legend(app: App) -> None:
    """The coach's hint on a play against bots, and the help's page of card marks."""
    import time

    seats = [SeatConfig("Ada")] + [SeatConfig(n, "bot", "medium") for n in NAMES[1:]]
    sc = TableScene(app, seats, seed=12)
    sc.autosave = False
    app.go(sc)
    g = sc.game
    r = random.Random(3)
    while not (g.pending.player == 0 and g.pending.kind == "play"
               and len(g.players[0].pile) >= 4):
        if sc.match.review:
            sc.match.end_review()
        g.apply(r.choice(g.pending.options))
    app.frame([])
    sc.news.clear()
    sc.match.ask_hint()
    while sc.match.hint() is None:
        time.sleep(0.05)
    app.frame([])
    save(app, "hint")
    sc.help_open = "icons"
    app.frame([])
    save(app, "legend")
    sc.help_open = False


def tutorial(app: App) -> None:
    """Learn to play: its first move (drag Blubber) and its out-of-turn step."""
    menu = router.make(app, "menu")
    app.go(menu)
    assert router.open_lesson(app, menu), menu.notice
    sc = app.scene
    lesson = sc.match.lesson
    shots = {"drag": "tutorial", "out-of-turn": "tutorial-offer"}
    for _ in range(400):
        app.frame([], dt=0.5)
        step = sc.overlays.lesson.step()
        if step is None:
            if sc.game.over:
                return
            continue
        app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=(0, 0), rel=(0, 0),
                                      buttons=(0, 0, 0))])
        if step.id in shots:
            save(app, shots.pop(step.id))
            if not shots:
                return
        if step.do is None:
            lesson.next(sc.game)
            continue
        d = sc.game.pending
        kind, value = step.do
        sc.apply("end" if kind == "end_turn" else next(
            o for o in d.options if (sc.db.cards[o].id if isinstance(o, int) else o) == value))


def review(app: App, sc: TableScene) -> None:
    """The end screen's "What decided this game?" for the first human, then closed again."""
    import time

    sc.overlays.decided.show()
    while sc.overlays.decided.thinking():
        time.sleep(0.05)
    app.frame([])
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=(0, 0), rel=(0, 0), buttons=(0, 0, 0))])
    save(app, "review")
    sc.overlays.decided.showing = False


def gene_pool_turning(app: App) -> TableScene:
    """A gene pool card caught mid-turn, cropped around the player's panel."""
    seats = [SeatConfig(n, "human" if i == 0 else "bot") for i, n in enumerate(NAMES)]
    sc = TableScene(app, seats, seed=21)
    sc.autosave = False
    app.go(sc)
    app.settings.animation = "normal"
    g = sc.game
    r = random.Random(9)
    app.frame([], dt=1.0)
    for _ in range(400):
        app.frame([], dt=1.0)          # at rest before the change, so the dial has a start
        gp = [p.gp for p in g.players]
        sc.apply(r.choice(g.pending.options)) if g.pending.player == 0 else \
            g.apply(r.choice(g.pending.options))
        if [p.gp for p in g.players] != gp:
            break
    seat = next(i for i, p in enumerate(g.players) if p.gp != gp[i])
    frames = []
    for dt in (0.0, sc.gp_seconds() * 0.3, sc.gp_seconds() * 0.3, sc.gp_seconds()):
        app.frame([], dt=dt)
        r = sc.layout.panel_of(seat).gene_pool.inflate(8, 8)
        frames.append(pygame.transform.smoothscale_by(app.screen.subsurface(r).copy(), 2))
    w, h = frames[0].get_size()
    strip = pygame.Surface((len(frames) * (w + 16), h))
    strip.fill((24, 30, 38))
    for i, f in enumerate(frames):
        strip.blit(f, (i * (w + 16), 0))
    OUT.mkdir(parents=True, exist_ok=True)
    pygame.image.save(strip, str(OUT / "gene-pool-turning.png"))
    print("wrote", OUT / "gene-pool-turning.png")
    return sc
    app.settings.animation = "off"


def attachments(app: App) -> None:
    """Techlings (E8, E24): attachments tucked under their hosts in every pile, with Nano
    dragged over an opponent's trait and every legal host lit; then a round of Age of
    Metadata, every hand open on its seat."""
    from doomlings_desktop.rules.cards import database_for
    from doomlings_desktop.rules.setup import build

    db = database_for(["techlings"])
    seats = [
        {"hand": ["nano", "lyonization", "bone-reinforcement", "leaves", "mecha"],
         "pile": ["bark", {"card": "cybernetic", "host": "bark"}, "kidney", "gills",
                  "antlers", "apex-predator"]},
        {"hand": ["nocturnal", "spiny", "quick"],
         "pile": ["fangs", {"card": "gmo", "host": "fangs"}, "sweat", "heroic", "teeth"]},
        {"hand": ["migratory", "fear"],
         "pile": ["clever", {"card": "subdermal-plating", "host": "clever"}, "selfish",
                  "blubber"]},
        {"hand": ["big-ears", "boredom", "branches", "deep-roots"],
         "pile": ["doting", "brave", {"card": "transgenic-modification", "host": "brave"}]},
    ]
    for name, age in (("attachments", "the-birth-of-life"), ("open-hands", "age-of-metadata")):
        g = build(db, {"age": age, "players": seats}, players=4, names=NAMES)
        sc = TableScene(app, [SeatConfig(NAMES[0])] + [SeatConfig(n, "bot", "medium")
                                                        for n in NAMES[1:]], 0, game=g)
        sc.autosave = False
        app.go(sc)
        app.frame([])
        E = pygame.event.Event
        if name == "attachments":
            nano = next(c for c in g.players[0].hand if db.cards[c].id == "nano")
            sweat = next(c for c in g.players[1].pile if db.cards[c].id == "sweat")
            start = next(r for r, a in sc.targets if a == ("hand", nano)).center
            to = next(r for r, a in sc.targets if a == ("strip", 1, sweat)).center
            app.frame([E(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
            for p in ((start[0], start[1] - 60), to):
                app.frame([E(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))])
        else:
            app.frame([E(pygame.MOUSEMOTION, pos=(0, 0), rel=(0, 0), buttons=(0, 0, 0))])
        save(app, name)


def stats(app: App) -> None:
    """The Statistics page over 36 games played out by random answers with every module (Ada
    the human seat, one to three bots of mixed levels), spread over three weeks."""
    import json

    from doomlings_desktop.commands.simulate import play_random
    from doomlings_desktop.rules.cards import available_modules, database_for
    from doomlings_desktop.storage import statistics

    db = database_for(available_modules())
    r = random.Random(8)
    lines = []
    for k in range(36):
        n = r.choice((2, 3, 4))
        g = play_random(db, n, 100 + k)
        seats = [{"name": "Ada", "kind": "human", "level": ""}] + [
            {"name": NAMES[i], "kind": "bot", "level": r.choice(("easy", "medium", "hard"))}
            for i in range(1, n)]
        lines.append(json.dumps(statistics.check_game({
            "date": f"2026-11-{1 + k * 21 // 36:02d} {18 + k % 5}:{k % 6}5", "seats": seats,
            "scores": list(g.scores), "winners": list(g.winners),
            "traits": [[db.ident[c] for c in p.pile] for p in g.players]})))
    path = statistics.stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    app.go(router.make(app, "stats", back=router.make(app, "menu")))
    app.frame([])
    save(app, "stats")
    path.unlink()


def story(app: App) -> None:
    """Me against three bots with every module at 1280x720: a catastrophe on the stage, then
    a bot's play shown over its framed area with its reason."""
    from doomlings_desktop.rules.cards import available_modules

    size, app.screen = app.screen, pygame.Surface((1280, 720))
    app.settings.animation, app.settings.bot_pace = "normal", 0.0
    seats = [SeatConfig("Me"), SeatConfig("Ann", "bot", "medium"),
             SeatConfig("Bob", "bot", "easy"), SeatConfig("Cyd", "bot", "hard")]
    sc = TableScene(app, seats, seed=7, modules=available_modules())
    sc.autosave = False
    app.go(sc)
    r = random.Random(9)
    stage, turn = sc.overlays.stage, sc.overlays.bot_turn
    want = ["stage", "bot-turn"]
    for _ in range(20000):
        if not want or sc.game.over:
            break
        shown = stage.drawn
        if want[0] == "stage" and shown is not None and shown.kind == "catastrophe":
            save(app, want.pop(0))
        elif want[0] == "bot-turn" and turn.card_rect is not None and turn.bubble_rect:
            save(app, want.pop(0))
        d = sc.my_decision()
        if d is not None and (shown is None or not shown.big):
            sc.apply(r.choice(d.options))
        app.frame([], dt=0.05)
    app.screen = size
    app.settings.animation = "off"


def layout(app: App) -> None:
    """Issue 26 and 27: a 6-seat late game at 1280x720 with 8 cards in hand, read where they
    lie (`hand-at-rest.png`), and a 4-seat one at 2560x1440 using the room: levels spelled
    out, scores on one line, piles lying as cards (`big-window.png`)."""
    from doomlings_desktop.ui import atrest
    from doomlings_desktop.ui.bench import _late_game_scene

    size = app.screen
    for (w, h), n, name in (((1280, 720), 6, "hand-at-rest"), ((2560, 1440), 4, "big-window")):
        app.screen = pygame.Surface((w, h))
        sc = _late_game_scene(app, n, 1)
        for i, seat in enumerate(sc.seats):
            seat.name = NAMES[i] if i < len(NAMES) else f"Player {i + 1}"
            if i:
                seat.level = ("easy", "medium", "hard")[i % 3]
        sc.bots = {}            # the table stays at the human's play
        sc.autosave = False
        app.go(sc)
        if name == "hand-at-rest":
            atrest.fill_hand(sc, 8)
        atrest.park(app)
        app.frame([])
        save(app, name)
    app.screen = size


def main() -> None:
    s = Settings()
    s.animation = "off"
    app = App(size=(1600, 900), settings=s)
    if sys.argv[1:] == ["attachments"]:
        attachments(app)
        return
    if sys.argv[1:] == ["stats"]:
        stats(app)
        return
    if sys.argv[1:] == ["story"]:
        story(app)
        return
    if sys.argv[1:] == ["layout"]:
        layout(app)
        return
    app.frame([])
    save(app, "menu")
    seats = [SeatConfig(n, "human" if i < 2 else "bot") for i, n in enumerate(NAMES)]
    sc = TableScene(app, seats, seed=21)
    sc.cleared = 0
    app.go(sc)
    r = random.Random(5)
    advance(sc, r, lambda g: len(g.catastrophes) >= 1 and g.pending.player == 0
            and g.pending.kind == "play" and len(g.players[0].pile) >= 4)
    sc.cleared = sc.viewer = 0
    app.frame([])
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=(0, 0), rel=(0, 0), buttons=(0, 0, 0))])
    save(app, "table")
    advance(sc, r, lambda g: g.pending.player in (0, 1) and g.pending.kind in ("card", "player",
                                                                              "color", "yesno")
            and g.pending.prompt[:9] != "Stabilize")
    sc.cleared = sc.viewer = sc.game.pending.player
    app.frame([])
    save(app, "decision")
    app.settings.animation = "normal"     # World's End is revealed line by line
    advance(sc, r, lambda g: False)
    sc.cleared = sc.viewer = 0
    for _ in range(100):           # part way through the reveal
        app.frame([], dt=1 / 60)
    save(app, "world-end")
    sc.we_step = 1e9
    app.frame([])
    save(app, "scores")
    review(app, sc)
    app.settings.animation = "off"
    hint_and_legend(app)
    tutorial(app)
    cousins = hot_seat(app)
    practice = gene_pool_turning(app)
    from doomlings_desktop.storage import saves
    saves.save(sc.game, sc.seat_dicts(), "Sunday evening")
    saves.save(cousins.game, cousins.seat_dicts(), "Friday night with the cousins")
    saves.save(practice.game, practice.seat_dicts(), "Practice against the bots")
    app.go(router.make(app, "load", back=router.make(app, "menu")))
    app.frame([])
    save(app, "load")
    stats(app)
    from module_faces import render  # tools/module_faces.py: its own 1280x720 window
    render(OUT / "module-faces.png")
    attachments(app)
    story(app)
    layout(app)


if __name__ == "__main__":
    main()
