"""Scenes by name. A scene that leads to another asks the router for it by name instead of
importing it, so scenes never import each other and the window has no import circle; the
router imports a scene's module only when it is first opened.

It also opens saves, the one way into the table from a file (Continue, Load game, replays),
and the game this window hosts online (a new one, or the kept one opened again by Continue).
"""

from __future__ import annotations

import importlib
from typing import Any

SCENES = {
    "menu": "doomlings_desktop.ui.scenes.main_menu:MenuScene",
    "new_game": "doomlings_desktop.ui.scenes.new_game:NewGameScene",
    "load": "doomlings_desktop.ui.scenes.load:LoadScene",
    "stats": "doomlings_desktop.ui.scenes.stats:StatsScene",
    "rules": "doomlings_desktop.ui.scenes.rules_page:RulesScene",
    "settings": "doomlings_desktop.ui.scenes.settings_page:SettingsScene",
    "about": "doomlings_desktop.ui.scenes.about:AboutScene",
    "error": "doomlings_desktop.ui.scenes.error:ErrorScene",
    "busy": "doomlings_desktop.ui.scenes.busy:BusyScene",
    "table": "doomlings_desktop.ui.table:TableScene",
    "replay": "doomlings_desktop.ui.table:ReplayScene",
    "online": "doomlings_desktop.ui.scenes.online:OnlineScene",
    "lobby": "doomlings_desktop.ui.scenes.lobby:LobbyScene",
    "online_table": "doomlings_desktop.ui.table.online:OnlineTableScene",
}


def scene_class(name: str) -> Any:
    module, cls = SCENES[name].split(":")
    return getattr(importlib.import_module(module), cls)


def make(app: Any, name: str, *args: Any, **kw: Any) -> Any:
    """A new scene of that name (not shown yet)."""
    return scene_class(name)(app, *args, **kw)


def go(app: Any, name: str, *args: Any, **kw: Any) -> Any:
    """Show a new scene of that name and return it."""
    scene = make(app, name, *args, **kw)
    app.go(scene)
    return scene


def open_save(app: Any, path: Any, back: Any) -> bool:
    """Load a save into the table; on failure say why on `back` (the file was moved aside, or
    kept if only its card rules changed or it cannot be read) and stay. The game in progress
    is not touched here: the loaded game's first autosave keeps it (saves.save), unless the
    loaded one is that game itself (Continue) or a later point of it."""
    from doomlings_desktop.play.match import Seat
    from doomlings_desktop.rules.cards import default_database
    from doomlings_desktop.storage import saves
    from doomlings_desktop.storage.jsonfile import signature

    try:
        got = saves.load(path, default_database())
    except saves.SaveError as e:
        back.notice = str(e)
        app.sounds.play("error")
        return False
    seats = [Seat(s["name"], s["kind"], s["level"], s["ask"], s.get("hints", 0),
                  s.get("standing", "pays")) for s in got.seats]
    table = go(app, "table", seats, got.game.seed, game=got.game)
    table.match.bot_notes.update(got.notes)     # the log shows the bots' reasons as before
    table.match.restore_seen(got.seen)          # and "since your last turn" what it would have
    table.match.restore_ahead(got.ahead)        # and the blind answers given ahead, kept
    table.match.restore_told(got.told)          # and what waits to be told a seat alone
    if path == saves.autosave_path():           # Continue: that file is this game's own
        table.match.autosaved = signature(path)
    return True


def open_lesson(app: Any, back: Any) -> bool:
    """Learn to play: the lesson's prepared game at the table; if its data files cannot be
    used, say why on `back` and stay."""
    from doomlings_desktop.play.tutorial import LessonError, lesson_match

    try:
        match = lesson_match(prefs=app.settings)
    except (LessonError, OSError) as e:
        back.notice = f"The lesson cannot start: {e}"
        app.sounds.play("error")
        return False
    go(app, "table", match=match)
    return True


def open_replay(app: Any, path: Any, back: Any) -> bool:
    """Open a save as a replay (checked by loading it first; a bad file is explained), if
    the replay policy lets anyone watch it."""
    from doomlings_desktop.play import match as policy
    from doomlings_desktop.play.match import Seat
    from doomlings_desktop.rules.cards import default_database
    from doomlings_desktop.storage import saves

    try:
        got = saves.load(path, default_database())
        record = saves.read_record(path)
    except saves.SaveError as e:
        back.notice = str(e)
        return False
    # the Load screen offers no such replay; this refuses one asked for any other way
    if not policy.replay_seats([s["kind"] for s in got.seats], got.game.over):
        back.notice = policy.REPLAY_REFUSED
        app.sounds.play("error")
        return False
    seats = [Seat(s["name"], s["kind"], s["level"], s["ask"], s.get("hints", 0),
                  s.get("standing", "pays")) for s in got.seats]
    go(app, "replay", record, seats, back)
    return True


def wake_window() -> None:
    """Posted from an online game's network thread: an idle window wakes and takes in what
    came."""
    import pygame

    pygame.event.post(pygame.event.Event(pygame.USEREVENT, online=True))


def play_hosted(app: Any, hosting: Any) -> Any:
    """The window's own seat at the game it hosts (its token kept with the room), in the
    lobby (or straight at the table, once the game is dealt); with `hosting.here` above one,
    that many seats played here in turn (net/seatshere.py)."""
    from doomlings_desktop.net.session import RemoteMatch

    first = RemoteMatch(hosting.seat_url, hosting.code, hosting.name, wake=wake_window,
                        prefs=app.settings, host=hosting, seat_file=hosting.seat_file,
                        kept_game=hosting.kept_game)
    here = getattr(hosting, "here", 1)
    if here <= 1:
        return go(app, "lobby", first.start())
    from doomlings_desktop.net.seatshere import SeatsHere

    # the other seats played here, pass-and-play: a connection and a token each
    names = tuple(getattr(hosting, "names", ()))
    others = [RemoteMatch(hosting.seat_url, hosting.code, names[k - 1] if k <= len(names)
                          else "", wake=wake_window, prefs=app.settings,
                          seat_file=hosting.seat_file_of(k), kept_game=hosting.kept_game)
              for k in range(1, here)]
    return go(app, "lobby", SeatsHere([first, *others]).start())


def rejoin_seat(app: Any) -> str:
    """Take back the seat this program joined last, with its token (the program was closed
    or stopped mid-game, or its player left the end screen and wants the rematch): the
    lobby, which goes on to the table where the game is. '' when on the way, else why not."""
    from doomlings_desktop.net.session import RemoteMatch, last_seat, seat_files

    got = last_seat()
    if got is None:
        return "There is no seat to take back."
    match = RemoteMatch(got.url, got.room, got.name, seat_file=str(seat_files()[0]),
                        wake=wake_window, prefs=app.settings, kept_game=got.over).start()
    go(app, "lobby", match)
    return ""


def reopen_hosted(app: Any, announce: bool = True, grace: float = 60.0) -> str:
    """Open the room this window hosted again (its program was closed or killed mid-game, or
    its player left the end screen and wants the rematch): the same code on the same address,
    the game where it was, the players who joined taking their seats back. '' when it is
    open, else the sentence saying why not."""
    from doomlings_desktop.net.host import Hosting

    try:
        hosting = Hosting.reopen(announce=announce, grace=grace).start()
    except ValueError as e:
        return f"The game you hosted cannot be opened again: {e}."
    except OSError as e:
        return (f"The game you hosted cannot be opened again: its address is in use or gone "
                f"({e.strerror or e}).")
    play_hosted(app, hosting)
    return ""
