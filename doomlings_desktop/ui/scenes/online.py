"""New game → Play online: host the game set up on New game (its human seats are the players
who join, the first of them this window's), or join one: found on the local network, or by
address and room code. Either way the lobby comes next (router "lobby").

Hosting runs a server on a thread of this program (net/host.py), bound to the address chosen
here (this computer only, one of its networks, or all of them) and announced on the local
network. Everything the other side sends is checked by the network layer; what reaches this
page is a sentence.
"""

from __future__ import annotations

import errno
import os
import queue
import threading
from typing import Any

import pygame

from doomlings_desktop.names import NAME_MAX, name_of
from doomlings_desktop.rules.cards import CardDatabaseError, module_title
from doomlings_desktop.ui import router
from doomlings_desktop.ui.app import ACCENT, BG, INK, MUTED, Button, Scene, broken_modules, elide
from doomlings_desktop.ui.dialogs import WARN
from doomlings_desktop.ui.textfield import TextField
from doomlings_desktop.ui.theme import GO_TONE

FIELDS = ("port", "address", "code", "name")
FIELD_LIMITS = {"port": 5, "address": 120, "code": 32, "name": NAME_MAX}
FIND_SECONDS = 2.0


wake_window = router.wake_window

def parse_address(text: str) -> tuple[str, str | None]:
    """A typed address as a websocket URL, or why it is not one."""
    a = text.strip()
    if not a:
        return "", "Type the host's address (for example 192.168.1.20:7474)."
    if "://" not in a:
        a = "ws://" + a
    scheme, _, rest = a.partition("://")
    if scheme not in ("ws", "wss") or not rest or any(c.isspace() for c in rest):
        return "", f"'{text.strip()[:40]}' is not an address: type HOST:PORT."
    host, sep, port = rest.rpartition(":")
    if not sep or "]" in port:
        rest = f"{rest}:7474"
    elif not port.isdigit() or not 0 < int(port) < 65536 or not host:
        return "", f"'{text.strip()[:40]}' has no good port: type HOST:PORT."
    return f"{scheme}://{rest}", None


class Finder:
    """Listens for games on the local network on a thread of its own, round after round,
    while the page is open; `found()` is the latest list (each entry checked by discovery)."""

    def __init__(self) -> None:
        self.results: queue.Queue[list] = queue.Queue()
        self.stopped = threading.Event()
        self.latest: list = []
        self.problem = ""
        self.thread = threading.Thread(target=self._run, name="doomlings-find", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        from doomlings_desktop.net.discovery import find

        while not self.stopped.is_set():
            try:
                got = find(FIND_SECONDS)
            except Exception as e:  # noqa: BLE001 - no multicast here: typing still works
                self.results.put([str(e)[:100] or type(e).__name__])
                return
            self.results.put(got)
            if self.stopped.wait(1.0):
                return

    def found(self) -> list:
        while True:
            try:
                got = self.results.get_nowait()
            except queue.Empty:
                return self.latest
            if got and isinstance(got[0], str):
                self.problem = f"Games on this network cannot be listed here ({got[0]})."
            else:
                self.latest = got

    def stop(self) -> None:
        self.stopped.set()


class OnlineScene(Scene):
    """Host the game set up on New game, or join one."""

    listen = os.environ.get("DOOMLINGS_FIND", "1") != "0"   # look for games on the network
    grace = 60.0        # seconds a hosted game waits for a player gone before a bot stands in

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        from doomlings_desktop.net.host import EVERY, LOOPBACK, PORT, local_addresses

        s = app.settings
        here = local_addresses()
        # where the server listens: a network first (friends are on it), else this computer
        self.places = [(a, f"This network ({a})") for a in here] + \
            [(EVERY, "Every network"), (LOOPBACK, "This computer only")]
        # where the player hosted last time, if this computer is still there
        self.place = next((i for i, (a, _) in enumerate(self.places) if a == s.host_place), 0)
        self.here = 1       # the room's human seats played at this window, pass-and-play
        # what was typed to join last (a refused code, a wrong port): there to be mended,
        # not typed again
        address, code = getattr(app, "join_typed", ("", ""))
        port = s.host_port if 0 <= s.host_port <= 65535 else PORT
        self.fields = {"port": TextField(str(port), 5), "address": TextField(address, 120),
                       "code": TextField(code, 32),
                       "name": TextField(name_of(s.player_names[0], 0), NAME_MAX)}
        self.typing: str | None = None     # the field typed into (Scene.focus: the ring)
        self.field_rects: dict[str, pygame.Rect] = {}
        self.notice = ""
        self.finder = Finder() if self.listen else None
        from doomlings_desktop.net.session import last_seat

        self.back_to = last_seat()      # a seat to take back (or its end screen), if any
        from doomlings_desktop.net.host import kept_room

        self.kept = kept_room()         # the game this window hosted, to open again

    def busy(self) -> bool:
        """Games heard on the network come without input: look every half second."""
        return False

    def update(self, dt: float) -> None:
        if self.finder is not None:
            self.finder.found()

    def left(self) -> None:
        if self.finder is not None:
            self.finder.stop()

    # ------------------------------------------------------------------ what is set up

    def seats(self) -> list[str]:
        """The New game page's seats as the room's: each human a player who joins."""
        s = self.app.settings
        return ["remote" if k == "human" else k for k in s.seats[:s.seat_count]]

    def seat_words(self) -> str:
        names, here = [], self.here
        for i, k in enumerate(self._hosted_seats()):
            if k != "remote":
                names.append(f"{k} bot")
            elif here > 0:
                names.append("you" if i == 0 else "played here too")
                here -= 1
            else:
                names.append("a player who joins")
        return ", ".join(names)

    def here_most(self) -> int:
        """How many seats may be played here: the room's human seats."""
        return max(1, self._hosted_seats().count("remote"))

    def here_names(self) -> tuple[str, ...]:
        """The names of the seats played here after the first: New game's names of its
        Human seats after the first."""
        s = self.app.settings
        humans = [i for i, k in enumerate(s.seats[:s.seat_count]) if k == "human"]
        return tuple(name_of(s.player_names[i] if i < len(s.player_names) else "", i)
                     for i in humans[1:self.here])

    def _hosted_seats(self) -> list[str]:
        """The room's seats with this window's human first (the first seat)."""
        kinds = self.seats()
        if "remote" not in kinds:
            kinds[0] = "remote"     # a table of bots: the host takes the first seat
        i = kinds.index("remote")
        return [kinds[i]] + kinds[:i] + kinds[i + 1:]

    # ------------------------------------------------------------------ input

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if self.typing is not None:
                    self.typing = None
                else:
                    router.go(self.app, "new_game")
                return
            if self.typing is not None:
                if event.key == pygame.K_TAB:
                    order = FIELDS
                    i = order.index(self.typing)
                    self.typing = order[(i + (-1 if event.mod & pygame.KMOD_SHIFT else 1))
                                       % len(order)]
                    self.fields[self.typing].select_all()
                elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                    self.on_button("host" if self.typing == "port" else "join")
                else:
                    self.fields[self.typing].key(event)
                return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for k, r in self.field_rects.items():
                if r.collidepoint(event.pos):
                    self.typing = k
                    self.fields[k].select_all()
                    return
            self.typing = None
        super().handle(event)

    def on_button(self, key: Any) -> None:
        if key == "back":
            router.go(self.app, "new_game")
        elif isinstance(key, tuple) and key[0] == "place":     # ("place", where it is now)
            self.place = (self.place + 1) % len(self.places)
        elif key == "here":
            self.here = self.here % self.here_most() + 1
        elif key == "host":
            self.host()
        elif key == "join":
            self.join()
        elif key == "rejoin":
            self.rejoin()
        elif key == "reopen":
            self.reopen()
        elif isinstance(key, tuple) and key[0] == "found":
            f = key[1]
            self.fields["address"] = TextField(f"{f.address}:{f.port}", 120)
            self.fields["code"] = TextField(f.rooms[0] if len(f.rooms) == 1 else "", 32)
            self.typing = "code" if len(f.rooms) != 1 else None

    def _name(self) -> str:
        """The name typed, kept as this player's name (the first seat's on New game), so that
        the next Join or Host starts with it, as it started with the New game's."""
        name = name_of(self.fields["name"].text, 0)
        s = self.app.settings
        if s.player_names[:1] != [name]:
            s.player_names = [name] + s.player_names[1:]
            try:
                s.save()
            except OSError:
                pass            # kept in memory; saved again when the program closes
        return name

    def host(self) -> None:
        from doomlings_desktop.net.host import Hosting, hosted_folder

        port = self.fields["port"].text.strip()
        if not port.isdigit() or int(port) > 65535:
            self._say("The port is a number up to 65535 (7474 unless it is taken).")
            return
        s = self.app.settings
        broken = broken_modules()
        try:
            hosting = Hosting(self._hosted_seats(),
                              tuple(m for m in s.modules if m not in broken), dict(s.variants),
                              self.places[self.place][0], int(port),
                              announce=self.listen, grace=self.grace,
                              keep=hosted_folder(), name=self._name(),
                              undo=s.hold_end_turn != "never",
                              hints=s.hints != "never",
                              here=min(self.here, self.here_most()),
                              names=self.here_names()).start()
        except (OSError, ValueError, RuntimeError, CardDatabaseError) as e:
            why = getattr(e, "strerror", None) or str(e)
            if getattr(e, "errno", None) == errno.EADDRINUSE:     # what to do, not the call
                why = ("that port is already in use by another program (a game hosted "
                       "already?): type another port, or 0 for any free one")
            self._say(f"Cannot host on {self.places[self.place][0]}:{port}: {why}.")
            return
        self._remember_place(int(port))
        router.play_hosted(self.app, hosting)

    def _remember_place(self, port: int) -> None:
        """Where and on which port the game was hosted, offered again next time (friends
        keep the address they typed)."""
        s = self.app.settings
        where = self.places[self.place][0]
        if (s.host_place, s.host_port) == (where, port):
            return
        s.host_place, s.host_port = where, port
        try:
            s.save()
        except OSError:
            pass            # kept in memory; saved again when the program closes

    def reopen(self) -> None:
        """The game this window hosted, opened again where it was (Continue does the same)."""
        why = router.reopen_hosted(self.app, announce=self.listen, grace=self.grace)
        if why:
            self._say(why)

    def join(self) -> None:
        from doomlings_desktop.net.protocol import ROOM_CHARS
        from doomlings_desktop.net.session import RemoteMatch, seat_files

        url, why = parse_address(self.fields["address"].text)
        code = self.fields["code"].text.strip().upper()
        if why is None and not (4 <= len(code) <= 32 and all(
                c in ROOM_CHARS or c.isalnum() or c == "-" for c in code)):
            why = "Type the room code the host's screen shows."
        if why is not None:
            self._say(why)
            return
        self.app.join_typed = (self.fields["address"].text.strip(), code)
        # a new seat (fresh): the seat kept before is forgotten only once this one is
        # taken, so a wrong code or port never loses a game in progress
        match = RemoteMatch(url, code, self._name(), seat_file=str(seat_files()[0]),
                            wake=wake_window, prefs=self.app.settings, fresh=True).start()
        router.go(self.app, "lobby", match)

    def rejoin(self) -> None:
        """The seat this program joined last, taken back (router.rejoin_seat)."""
        why = router.rejoin_seat(self.app)
        if why:
            self._say(why)

    def _say(self, text: str) -> None:
        self.notice = text
        self.app.sounds.play("error")

    # ------------------------------------------------------------------ drawing

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill(BG)
        u = self.unit()
        t = self.app.text
        w, h = surf.get_size()
        x0, col = int(w * 0.06), int(w * 0.42)
        x1 = x0 + col + int(w * 0.06)
        self.buttons, self.field_rects = [], {}
        surf.blit(t.render("Play online", int(40 * u), ACCENT, bold=True), (x0, int(40 * u)))
        bh = int(40 * u)
        # the host's column
        y = int(120 * u)
        surf.blit(t.render("Host this game", int(24 * u), INK, bold=True), (x0, y))
        y += int(40 * u)
        if self.kept is not None:           # the game this window hosted, left mid-way
            k = self.kept
            what = "game over: rematch" if k.over else \
                "game in progress" if k.dealt else "lobby"
            label = elide(t, f"Reopen your room {k.code} ({what}, port {k.port})", int(17 * u),
                          col - int(20 * u), bold=True)     # as Button draws it
            self.buttons.append(Button(pygame.Rect(x0, y, col, bh), label, "reopen",
                                       tone=GO_TONE))
            y += bh + int(12 * u)
        s = self.app.settings
        mods = ", ".join(module_title(m) for m in s.modules) or "the base game"
        for line in t.wrap(f"Seats: {self.seat_words()}. Cards: {mods}. (Set them up on "
                           "New game: a Human seat is a player who joins, or one played "
                           "here.)", int(16 * u), col):
            surf.blit(t.render(line, int(16 * u), MUTED), (x0, y))
            y += int(22 * u)
        y += int(10 * u)
        if self.here_most() > 1:        # pass-and-play at this end: the pass screen between
            here = min(self.here, self.here_most())
            surf.blit(t.render("Played here", int(17 * u), INK), (x0, y + int(10 * u)))
            self.buttons.append(Button(
                pygame.Rect(x0 + int(170 * u), y, col - int(170 * u), bh),
                "1 seat (you)" if here == 1 else f"{here} seats, passing the screen", "here"))
            y += bh + int(14 * u)
        surf.blit(t.render("Others reach it on", int(17 * u), INK), (x0, y + int(10 * u)))
        self.buttons.append(Button(pygame.Rect(x0 + int(170 * u), y, col - int(170 * u), bh),
                                   self.places[self.place][1],
                                   ("place", self.places[self.place][0])))
        y += bh + int(14 * u)
        y = self._field(surf, "port", "Port", x0, y, int(120 * u), u)
        self.buttons.append(Button(pygame.Rect(x0, y + int(10 * u), int(220 * u), int(50 * u)),
                                   "Host", "host", True, tone=GO_TONE))
        # the joiner's column
        y = int(120 * u)
        surf.blit(t.render("Join a game", int(24 * u), INK, bold=True), (x1, y))
        y += int(40 * u)
        if self.back_to is not None:         # a game this program left (or its end screen)
            b = self.back_to
            what = " (game over: rematch)" if b.over >= 0 else ""
            label = elide(t, f"Back to room {b.room}{what} at {b.url.split('://', 1)[-1]}",
                          int(17 * u), col - int(20 * u), bold=True)
            self.buttons.append(Button(pygame.Rect(x1, y, col, bh), label, "rejoin",
                                       tone=GO_TONE))
            y += bh + int(12 * u)
        y = self._field(surf, "address", "Address", x1, y, col - int(130 * u), u)
        y = self._field(surf, "code", "Room code", x1, y, int(200 * u), u)
        y = self._field(surf, "name", "Your name", x1, y, int(260 * u), u)
        self.buttons.append(Button(pygame.Rect(x1, y + int(10 * u), int(220 * u), int(50 * u)),
                                   "Join", "join", True, tone=GO_TONE))
        # the games heard on the network come under the form, so that nothing moves under
        # the pointer when one is heard (two windows: the address field jumped as it was
        # clicked, and the typing went nowhere)
        self._found(surf, x1, y + int(76 * u), col, bh, h - int(150 * u), u)
        if self.notice:
            for k, line in enumerate(t.wrap(self.notice, int(17 * u), w - 2 * x0)[:2]):
                surf.blit(t.render(line, int(17 * u), WARN),
                          (x0, h - int(140 * u) + k * int(24 * u)))
        self.buttons.append(Button(pygame.Rect(int(40 * u), h - int(80 * u), int(200 * u),
                                               int(50 * u)), "Back", "back"))
        self.draw_buttons(surf)

    def _found(self, surf: pygame.Surface, x: int, y: int, col: int, bh: int, bottom: int,
               u: float) -> None:
        """The games announced on the local network, from y down to `bottom` at most (a
        click fills in the address and code), or what the search is doing."""
        t = self.app.text
        found = self.finder.found() if self.finder is not None else []
        if self.finder is not None and self.finder.problem:
            surf.blit(t.render(elide(t, self.finder.problem, int(15 * u), col), int(15 * u),
                               WARN), (x, y))
            return
        if not found:
            words = "Looking for games on this network..." if self.finder is not None \
                else "Type the address and room code the host's screen shows."
            surf.blit(t.render(words, int(16 * u), MUTED), (x, y))
            return
        surf.blit(t.render("Games on this network (a click fills in the form):", int(16 * u),
                           MUTED), (x, y))
        y += int(26 * u)
        for f in found[:4]:
            if y + bh > bottom:
                break
            label = elide(t, f"{f.address}:{f.port}  {', '.join(f.rooms) or 'full'}",
                          int(17 * u), col - int(20 * u), bold=True)
            self.buttons.append(Button(pygame.Rect(x, y, col, bh), label, ("found", f)))
            y += bh + int(8 * u)

    def _field(self, surf: pygame.Surface, key: str, label: str, x: int, y: int, width: int,
               u: float) -> int:
        t = self.app.text
        bh = int(40 * u)
        surf.blit(t.render(label, int(17 * u), INK), (x, y + int(10 * u)))
        r = pygame.Rect(x + int(130 * u), y, width, bh)
        self.fields[key].draw(surf, self.app, r, focused=self.typing == key, u=u)
        self.field_rects[key] = r
        self.targets.append((r, ("field", key)))
        return y + bh + int(12 * u)
