"""`doomlings --selftest`: check that this copy of the program works, in any form (a checkout,
an installed wheel, the frozen one-folder or one-file build).

It loads the card database (every module file checked), plays a short bot game with no window, deals Learn to play's
lesson, renders one frame of the table to an image, initializes sound, prints one line per
check and returns 0 — or 1, saying what failed. Nothing is written to the user's folders: settings and the rendered frame go to a
fresh temporary folder, removed at the end whatever happened (`--out DIR` keeps the image).
`--cards FILE` runs the checks with that card database.

Video is SDL's offscreen `dummy` driver unless SDL_VIDEODRIVER is set. Sound tries the real
audio driver first; without an audio device it checks the mixer with SDL's `dummy` audio driver
instead. A missing audio device is not a failure; a crash or a missing sound file is.

Also `python -m doomlings_desktop.commands.selftest`.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path

from doomlings_desktop.quiet import quiet_stderr

SEED = 7
PLAYERS = 4
MAX_DECISIONS = 20000      # a random game takes a few hundred; this only guards against a loop
FRAME_SIZE = (1280, 720)
FRAMES = 24
FONTS = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansCondensed.ttf",
         "DejaVuSansCondensed-Bold.ttf")


class CheckFailed(Exception):
    """A check ran but found something wrong (as opposed to crashing)."""


def form() -> str:
    """How this copy runs: 'frozen one-file', 'frozen one-folder', 'installed' or 'checkout'."""
    if getattr(sys, "frozen", False):
        # PyInstaller's one-file program unpacks itself into a temporary _MEIxxxxxx folder.
        meipass = Path(getattr(sys, "_MEIPASS", "") or sys.executable)
        return "frozen one-file" if meipass.name.startswith("_MEI") else "frozen one-folder"
    here = Path(__file__).resolve().parent
    return "installed" if (here / "data" / "cards.yaml").exists() else "checkout"


# ---------------------------------------------------------------------------- the checks

def check_files() -> str:
    from doomlings_desktop.resources import resource
    from doomlings_desktop.ui.sound import NAMES

    cards = resource("cards.yaml")
    missing = []
    for name in ([f"assets/fonts/{f}" for f in FONTS]
                 + [f"assets/sounds/{n}.wav" for n in NAMES] + ["assets/icon.png"]):
        try:
            resource(name)
        except FileNotFoundError:
            missing.append(name)
    if missing:
        raise CheckFailed(f"missing {', '.join(missing)}")
    return (f"bundled files: cards.yaml, {len(FONTS)} fonts, {len(NAMES)} sounds, icon "
            f"in {cards.parent}")


def check_database(state: dict) -> str:
    from doomlings_desktop.rules.cards import (
        load_database,
        module_problems,
        set_default_database,
    )

    db = load_database(state.get("cards"))
    if state.get("cards"):      # the table frame and its bots play with it too
        state.setdefault("default_before", set_default_database(db))
    if not db.traits or not db.ages or not db.catastrophes:
        raise CheckFailed(f"the database has {len(db.traits)} traits, {len(db.ages)} ages, "
                          f"{len(db.catastrophes)} catastrophes")
    state["db"] = db
    # a module file that cannot be loaded: the window plays on without it, but this copy is
    # damaged, and the self-test says which file and why
    broken = module_problems(db)
    if broken:
        name, why = next(iter(broken.items()))
        more = f" (and {len(broken) - 1} more)" if len(broken) > 1 else ""
        raise CheckFailed(f"the {name} module cannot be loaded{more}: {why}")
    return (f"card database: {len(db.cards)} cards ({len(db.defs)} distinct; "
            f"{len(db.traits)} traits, {len(db.ages)} ages, {len(db.catastrophes)} catastrophes)"
            f", {len(db.manifest)} modules"
            + (f" from {state['cards']}" if state.get("cards") else ""))


def check_bot_game(state: dict) -> str:
    from doomlings_desktop.bots.random_bot import RandomBot
    from doomlings_desktop.rules.engine import Game
    from doomlings_desktop.rules.view import view_for

    db = state.get("db")
    if db is None:
        raise CheckFailed("skipped: no card database")
    names = [f"Bot {i + 1}" for i in range(PLAYERS)]
    game = Game.new(db, PLAYERS, seed=SEED, names=names)
    bots = [RandomBot(SEED * 31 + i) for i in range(PLAYERS)]
    decisions = 0
    while game.pending is not None:
        if decisions >= MAX_DECISIONS:
            raise CheckFailed(f"no end after {decisions} decisions")
        seat = game.pending.player
        game.apply(bots[seat].decide(view_for(game, seat, with_log=False)))
        decisions += 1
    if not game.over or not game.winners:
        raise CheckFailed(f"the game stopped after {decisions} decisions without a winner")
    who = " and ".join(names[w] for w in game.winners)
    return (f"bot game: {PLAYERS} random bots, {decisions} decisions, winner {who} "
            f"({game.scores[game.winners[0]]} points)")


def check_frame(state: dict, out: Path) -> str:
    import pygame

    from doomlings_desktop.storage.settings import Settings
    from doomlings_desktop.ui.app import App
    from doomlings_desktop.ui.table import SeatConfig, TableScene

    settings = Settings()
    settings.animation = "off"
    settings.bot_pace = 0.0
    seats = [SeatConfig(f"Bot {i}", "bot") for i in range(1, 5)]
    with quiet_stderr():          # pygame.init() also tries the audio device
        app = App(size=FRAME_SIZE, settings=settings,
                  start=lambda a: TableScene(a, seats, SEED))
    state["app"] = app
    # Frames until the bots have played some cards (one decision a frame), then the one kept.
    for _ in range(FRAMES):
        app.frame([])
    path = out / "selftest.png"
    pygame.image.save(app.screen, str(path))
    img = pygame.image.load(str(path))
    w, h = img.get_size()
    if (w, h) != FRAME_SIZE:
        raise CheckFailed(f"the saved frame is {w}x{h}, not {FRAME_SIZE[0]}x{FRAME_SIZE[1]}")
    # Not blank: many colours over a grid of samples, and most of the picture is not one colour.
    samples = [tuple(img.get_at((x, y)))[:3] for x in range(0, w, 16) for y in range(0, h, 16)]
    colours = len(set(samples))
    commonest = max(samples.count(c) for c in set(samples)) / len(samples)
    if colours < 16 or commonest > 0.95:
        raise CheckFailed(f"the frame looks blank ({colours} colours, "
                          f"{commonest:.0%} one colour): {path}")
    return (f"table frame rendered to {path} {w}x{h} ({colours} colours, "
            f"video driver {app.driver})")


def check_sound(state: dict) -> str:
    import pygame

    from doomlings_desktop.resources import resource
    from doomlings_desktop.ui.sound import NAMES, Sounds

    def load_all() -> int:
        for name in NAMES:
            pygame.mixer.Sound(str(resource(f"assets/sounds/{name}.wav")))
        return len(NAMES)

    app = state.get("app")
    if app is not None:
        game_sounds = app.sounds        # what the window made of the audio device
    else:
        with quiet_stderr():
            game_sounds = Sounds(0.0)
    if game_sounds.available and pygame.mixer.get_init():
        driver = pygame.mixer.get_driver()
        n = load_all()
        return f"sound: available (audio driver {driver}), {n} effects loaded"
    # No device (or no real driver): the mixer and the files must still work with SDL's dummy
    # audio driver, otherwise the build is broken.
    pygame.mixer.quit()
    saved = os.environ.get("SDL_AUDIODRIVER")
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    try:
        pygame.mixer.init()
        n = load_all()
    finally:
        pygame.mixer.quit()
        if saved is None:
            os.environ.pop("SDL_AUDIODRIVER", None)
        else:
            os.environ["SDL_AUDIODRIVER"] = saved
    return f"sound: no audio device (ok); mixer and {n} effects work with the dummy driver"


def check_lesson(state: dict) -> str:
    """Learn to play's data files load, and its prepared deal opens on the learner's move."""
    from doomlings_desktop.play import tutorial
    from doomlings_desktop.rules.cards import load_database

    if state.get("cards"):
        return "lesson: skipped (it is dealt from the bundled cards)"
    db = load_database()
    script = tutorial.load(db)
    game = tutorial.deal(db, script, ["You", "Bot"])
    d = game.pending
    if d is None or d.player != tutorial.LEARNER:
        raise CheckFailed("the lesson's deal does not open on the learner's move")
    return f"lesson: {len(script.steps)} steps, the deal opens on the learner's move"


# ---------------------------------------------------------------------------- running them

def _runner(out: Path) -> list[tuple[str, Callable[[dict], str]]]:
    return [
        ("bundled files", lambda s: check_files()),
        ("card database", check_database),
        ("bot game", check_bot_game),
        ("lesson", check_lesson),
        ("table frame", lambda s: check_frame(s, out)),
        ("sound", check_sound),
    ]


def run(out_dir: str | Path | None = None, verbose: bool = False,
        cards: str | None = None) -> int:
    """Run every check, print one line each; 0 if all passed, else 1 (the failures are named).

    `out_dir`: where the rendered frame goes (default: a temporary folder, removed at the end).
    `cards`: a card database file to check and play with instead of the bundled one."""
    if out_dir:
        Path(out_dir).mkdir(parents=True, exist_ok=True)
        return _run(Path(out_dir), verbose, cards)
    with tempfile.TemporaryDirectory(prefix="doomlings-selftest-",
                                     ignore_cleanup_errors=True) as tmp:
        return _run(Path(tmp), verbose, cards)


def _run(out: Path, verbose: bool, cards: str | None) -> int:
    t_start = time.perf_counter()
    from doomlings_desktop import __version__

    env_before = {k: os.environ.get(k) for k in ("SDL_VIDEODRIVER", "DOOMLINGS_HOME")}
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")       # render offscreen
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ["DOOMLINGS_HOME"] = str(out / "home")        # never the user's folders
    import pygame

    was_init = pygame.get_init()     # called from a program that already runs pygame: keep it
    print(f"Doomlings Desktop {__version__} self-test ({form()}; Python "
          f"{sys.version.split()[0]}, pygame-ce {pygame.version.ver}, SDL "
          f"{'.'.join(map(str, pygame.get_sdl_version()))})", flush=True)
    failed: list[str] = []
    state: dict = {"cards": cards}
    try:
        for label, check in _runner(out):
            t0 = time.perf_counter()
            try:
                line = check(state)
            except CheckFailed as e:
                failed.append(label)
                print(f"FAIL {label}: {e}", flush=True)
                continue
            except Exception as e:  # noqa: BLE001 - report every crash as a failed check
                failed.append(label)
                print(f"FAIL {label}: {type(e).__name__}: {e}", flush=True)
                if verbose:
                    traceback.print_exc()
                continue
            ms = (time.perf_counter() - t0) * 1000
            print(f"ok   {line} [{ms:.0f} ms]", flush=True)
    finally:
        if "default_before" in state:
            from doomlings_desktop.rules.cards import set_default_database
            set_default_database(state["default_before"])
        if not was_init:
            try:
                pygame.quit()
                from doomlings_desktop.ui import fonts
                fonts.clear()          # its Font objects died with pygame.font
            except Exception:  # noqa: BLE001
                pass
        for k, v in env_before.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    total = time.perf_counter() - t_start
    if failed:
        print(f"self-test FAILED ({', '.join(failed)}) in {total:.2f} s", flush=True)
        return 1
    print(f"self-test passed: {len(_runner(out))} checks in {total:.2f} s", flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    import argparse

    p = argparse.ArgumentParser(prog="doomlings --selftest",
                                description="Check that this copy of Doomlings Desktop works.")
    p.add_argument("--selftest", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--out", metavar="DIR", help="where to write the rendered frame")
    p.add_argument("--verbose", action="store_true", help="print tracebacks of failures")
    p.add_argument("--cards", metavar="FILE", help="check this card database instead")
    args = p.parse_args(argv)
    return run(args.out, args.verbose, args.cards)


if __name__ == "__main__":
    raise SystemExit(main())
