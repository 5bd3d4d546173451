"""The lobby of an online game: the room's code (and for the host, the addresses the others
type), its seats (this window's player, the players who joined and whether they are here,
the bots and their level), its cards and variants; the host starts the game once every seat
is taken. The table follows (router "online_table") as soon as the game is dealt.

Everything shown comes from the connection (net/session.py's RemoteMatch), which the network
thread keeps up to date; this page only reads it once a frame.
"""

from __future__ import annotations

from typing import Any

import pygame

from doomlings_desktop.names import name_of
from doomlings_desktop.rules.cards import module_title
from doomlings_desktop.ui import router
from doomlings_desktop.ui.app import ACCENT, BG, INK, MUTED, PANEL, Button, Scene, elide
from doomlings_desktop.ui.dialogs import WARN
from doomlings_desktop.ui.theme import GO_TONE, GOOD

VARIANT_WORDS = {"catastrophe_ends_round": "no turns in a catastrophe's round",
                 "gene_pool_leader_bonus": "+3 for the highest gene pool",
                 "long_age_deck": "long age deck"}


def seat_line(i: int, seat: Any, here: tuple[int, ...]) -> tuple[str, str]:
    """A lobby row: who sits there and their state (here, joined but away, waiting, a bot);
    `here`: the seats played at this window (several: pass-and-play, net/seatshere.py)."""
    name = name_of(seat.name, i)    # as the host sent it: hostile input, like a save's names
    if seat.kind != "remote":
        return name, "plays itself"
    who = f"{name} (you)" if i in here else name
    if not seat.taken:
        return "Open seat", "waiting for a player"
    return who, "here, ready" if seat.connected else "joined, not connected"


class LobbyScene(Scene):
    """The room before its game: seats, who is here, and Start for the host."""

    def __init__(self, app: Any, match: Any) -> None:
        super().__init__(app)
        self.match = match
        self.notice = ""

    @property
    def hosting(self) -> bool:
        return self.match is not None and self.match.host is not None

    def busy(self) -> bool:
        """The network thread wakes the window when something comes (net/session.py)."""
        return self.match is not None and not self.match.inbox.empty()

    def update(self, dt: float) -> None:
        m = self.match
        if m is None:
            return
        m.tick(dt)
        if m.state in ("playing", "over"):
            self.match = None       # the table holds it now: leaving this page keeps it
            router.go(self.app, "online_table", m)

    def left(self) -> None:
        if self.match is not None:
            self.match.stop()
            self.match = None

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_button("leave")
            return
        super().handle(event)

    def on_button(self, key: Any) -> None:
        if key == "leave":
            router.go(self.app, "online")
        elif key == "start" and self.hosting:
            if not self.match.host.release():
                self.notice = "Every seat must be taken before the game starts."
                self.app.sounds.play("error")

    def ready(self) -> bool:
        return bool(self.match.lobby) and all(s.taken for s in self.match.lobby)

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill(BG)
        m = self.match
        if m is None:
            return
        u = self.unit()
        t = self.app.text
        w, h = surf.get_size()
        x0 = int(w * 0.08)
        self.buttons = []
        title = self._title()
        surf.blit(t.render(title, int(40 * u), ACCENT, bold=True), (x0, int(40 * u)))
        y = int(100 * u)
        for line in self._heading():       # a sentence may take two lines, then is cut
            wrapped = t.wrap(line, int(18 * u), w - 2 * x0)
            if len(wrapped) > 2:
                wrapped = [wrapped[0], elide(t, " ".join(wrapped[1:]), int(18 * u),
                                             w - 2 * x0)]
            for part in wrapped:
                surf.blit(t.render(part, int(18 * u), INK), (x0, y))
                y += int(26 * u)
        y += int(14 * u)
        for i, seat in enumerate(m.lobby):
            who, state = seat_line(i, seat, m.here)
            row = pygame.Rect(x0, y, int(w * 0.6), int(40 * u))
            pygame.draw.rect(surf, PANEL, row, border_radius=int(8 * u))
            surf.blit(t.render(f"{i + 1}. {who}", int(18 * u), INK, bold=i in m.here),
                      (row.x + int(12 * u), row.y + int(10 * u)))
            tone = GOOD if "ready" in state or seat.kind != "remote" else MUTED
            label = t.render(state, int(17 * u), tone)
            surf.blit(label, label.get_rect(midright=(row.right - int(12 * u), row.centery)))
            self.targets.append((row, ("seat", i)))
            y += int(48 * u)
        y += int(6 * u)
        for line in self._rules_lines():
            surf.blit(t.render(line, int(16 * u), MUTED), (x0, y))
            y += int(22 * u)
        problem = m.problem if m.state == "lost" else self.notice
        problem = problem[:1].upper() + problem[1:]     # the client's words start a line
        if problem:
            for k, line in enumerate(t.wrap(problem, int(18 * u), w - 2 * x0)[:3]):
                surf.blit(t.render(line, int(18 * u), WARN),
                          (x0, h - int(170 * u) + k * int(25 * u)))
        bw = int(200 * u)
        self.buttons.append(Button(pygame.Rect(int(40 * u), h - int(80 * u), bw, int(50 * u)),
                                   "Leave", "leave"))
        if self.hosting:
            self.buttons.append(Button(pygame.Rect(w - bw - int(40 * u), h - int(80 * u), bw,
                                                   int(50 * u)), "Start", "start",
                                       self.ready() and m.state == "lobby", tone=GO_TONE))
        self.draw_buttons(surf)

    def joined(self) -> bool:
        """The room has said who sits where: until then nothing of it is known here (a
        join refused, or no answer at the address, never showed a room)."""
        return bool(self.match.lobby)

    def _title(self) -> str:
        m = self.match
        if self.joined() or self.hosting:
            return f"Room {m.room}"
        return f"Joining room {m.room}..." if m.state == "connecting" else "Not joined"

    def _heading(self) -> list[str]:
        m = self.match
        where = str(m.url).split("://", 1)[-1]
        if m.state == "connecting":
            trying = getattr(m, "trying", "")
            if not trying:
                return [f"Connecting to {where}..."]
            return [f"Connecting to {where}... no answer yet ({trying}).",
                    "Check the address and port the host's screen shows. Trying again "
                    "for a minute."]
        if m.state == "lost":
            if not self.joined() and not self.hosting:
                return [f"Room {m.room} at {where} could not be joined. Leave to change the "
                        "address or the code."]
            return ["The connection is lost."]
        if self.hosting:
            return self._host_heading()
        # a seat still open: the game waits for a player (a `doomlings serve` room has no
        # host to press Start: it is dealt as soon as every seat is taken)
        missing = sum(1 for s in m.lobby if s.kind == "remote" and not s.taken)
        if missing:
            return [f"Waiting for {missing} more player{'s' if missing > 1 else ''} to join."]
        return ["Waiting for the host to start the game."]

    def _host_heading(self) -> list[str]:
        """Where the others join: a game hosted for this computer only is reached by
        programs on this computer, never by the others' (127.0.0.1 is each computer's own)."""
        m = self.match
        hosting = m.host
        if all(a.startswith("127.") or a.startswith("localhost") for a in hosting.addresses):
            return [f"Only programs on this computer can join: the address "
                    f"{hosting.addresses[0]} and the room code {m.room}.",
                    "To play with other computers, host on This network or Every network. "
                    "Start when every seat is taken."]
        where = "  or  ".join(hosting.addresses[:3])
        told = "The game is announced on the local network too. " \
            if getattr(hosting, "announce", False) else ""
        return [f"The others join with the address {where} and the room code {m.room}.",
                f"{told}Start when every seat is taken."]

    def _rules_lines(self) -> list[str]:
        m = self.match
        if not self.joined() and not self.hosting:
            return []       # the room's cards come with its seats (Welcome)
        mods = ", ".join(module_title(x) for x in m.modules) or "the base game"
        lines = [f"Cards: {mods}."]
        if self.hosting:        # a joiner learns them from the table once it is dealt
            on = [VARIANT_WORDS.get(k, k) for k, v in m.host.variants.items() if v]
            lines.append("Variants: " + (", ".join(on) if on else "none") + ".")
        return lines
