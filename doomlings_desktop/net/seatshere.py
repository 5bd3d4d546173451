"""Several seats of one online game played at this window, pass-and-play: `SeatsHere`.

Each seat played here is a RemoteMatch of its own (net/session.py): its own connection, its
own token, and so only its own share of the game (the server sends each seat its events and
view, nothing else). This class holds them and shows the table one at a time, as a local
hot-seat Match (play/match.py) does: the seat at the screen (`cleared`) is the one drawn;
when another seat played here must decide, `pass_needed` hides the table behind the pass
screen until that seat's player takes it (`take_screen`). The view, the decision, the news
and the notices the table reads are always those of the seat at the screen, from that seat's
own connection: nothing of one seat's share is ever drawn for another.

The table's surface is RemoteMatch's (tests/test_online_match_surface.py holds both to it);
what is not about one seat (the lobby, the room, the connections of the others, the quick
messages heard) is read off the first seat's connection. No pygame here.
"""

from __future__ import annotations

from typing import Any

from doomlings_desktop.net.session import RemoteMatch, Waits

STANDING_LEVEL = "medium"       # judges whether an out-of-turn play pays, as at a local table


class _Inboxes:
    """The table and the lobby ask `inbox.empty()`: empty only when every seat's is."""

    def __init__(self, matches: list[RemoteMatch]) -> None:
        self._matches = matches

    def empty(self) -> bool:
        return all(m.inbox.empty() for m in self._matches)


class Standing:
    """Out-of-turn offers to a seat played here that does not have the screen, answered at
    once by its standing answer (play the card when it pays), as play/standing.py does at a
    local pass-and-play table: calling its player over ("Pass to Ben: a card may be played
    out of turn") would tell everyone at this computer that Ben holds such a card. The
    questions of a card so played are answered the same way; what was played is told to that
    seat's player alone, the next time they take the screen. Each answer is worked out from
    that seat's own view (its own connection's share), never from another's."""

    def __init__(self) -> None:
        self.deciders: dict[int, Any] = {}
        self.card: dict[int, int] = {}          # seat -> the out-of-turn card it is playing
        self.told: dict[int, list[str]] = {}
        self.tries: dict[int, tuple[tuple[int, int], int]] = {}    # seat -> (game, step), sent
        self.stuck: set[int] = set()    # seats whose answers the host refused: called over

    def delegated(self, d: Any, cleared: int | None) -> bool:
        if d is None or isinstance(d, Waits) or d.player == cleared or d.player in self.stuck:
            return False
        return d.kind == "react" or (d.player in self.card and d.card == self.card[d.player])

    def answer(self, m: RemoteMatch, d: Any) -> Any:
        from doomlings_desktop.net.client import BotDecider

        bot = self.deciders.get(m.me)
        if bot is None:
            bot = self.deciders[m.me] = BotDecider(STANDING_LEVEL, 7 * m.me + 1)
        bot.modules = tuple(m.modules)
        try:
            answer = bot(m.view())
        except Exception:  # noqa: BLE001 - the host's view is input: when in doubt, pass
            answer = "pass"
        if not (answer in d.options or (d.kind == "react" and answer == "pass")):
            # never an answer the host refuses (it would come back, and go again, each frame)
            answer = "pass" if d.kind == "react" else d.options[0]
        if d.kind == "react" and answer != "pass":
            self.card[m.me] = answer
            self.told.setdefault(m.me, []).append(
                f"Your standing answer played {m.db.name(answer)} out of turn for you.")
        return answer

    def settle(self, m: RemoteMatch, cleared: int | None) -> None:
        """Answer `m`'s seat's offer (or its card's question) if it is delegated."""
        d = m.my_decision()
        if d is None:
            if m.view_now is not None and m.view_now.decision is None:
                self.card.pop(m.me, None)       # its card's questions are over
                self.stuck.discard(m.me)
            return
        if not self.delegated(d, cleared):
            return
        at = (m.game_no, m.step)
        was, sent = self.tries.get(m.me, (at, 0))
        sent = sent + 1 if was == at else 1
        if sent > 2:
            # the host refused it twice (a step gone by, a host that differs): its player is
            # called over rather than the answer sent again and again
            self.stuck.add(m.me)
            return
        self.tries[m.me] = (at, sent)
        m.apply(self.answer(m, d) if sent == 1 else
                "pass" if d.kind == "react" else d.options[0])

    # the table reads these of a match's `stand_in` (ui/table/scene.py, panels.py)
    def confirmations(self, seat: int) -> list[str]:
        return self.told.pop(seat, [])

    def holds(self, seat: int) -> bool:
        return False

    def choose(self, seat: int, standing: str) -> None:
        pass


class SeatsHere:
    """Seats of one room played at this window in turn (`matches[0]` is the first, the one
    the lobby shows; for a host it holds the hosted server). Start them with `start()`."""

    online = True
    # the standing answer is always "when it pays" (`Standing`): the table offers no button
    # to choose another, which a local hot-seat table (`hotseat`) does
    hotseat = False

    def __init__(self, matches: list[RemoteMatch]) -> None:
        if len(matches) < 2:
            raise ValueError("several seats played here need several connections")
        self.matches = matches
        for m in matches[1:]:
            m.keeps_record = False      # the first keeps the finished game, once
            m.seat_kept = False         # and says where the seats are (a host: its room)
        self.inbox = _Inboxes(matches)
        self.cleared: int | None = None     # the seat whose player has the screen
        self._viewer: int | None = None
        self.stand_in = Standing()

    def start(self) -> SeatsHere:
        """Connect the first seat; each next one connects once the one before has its
        seat (`tick`), so that the seats played here are taken in order."""
        self.matches[0].start()
        return self

    def _connect_next(self) -> None:
        for before, m in zip(self.matches, self.matches[1:], strict=False):
            if m._thread is None:
                if before.me >= 0:
                    m.start()
                return

    def stop(self) -> None:
        """Leave: every seat's connection closes (the first's last: it holds the server)."""
        for m in reversed(self.matches):
            if m._thread is not None or m.host is not None:
                m.stop()

    def __getattr__(self, name: str) -> Any:
        """Whatever is not about which seat is at the screen: the seat at the screen's."""
        if name.startswith("__") or name in ("matches", "cleared", "_viewer", "inbox",
                                             "stand_in"):
            raise AttributeError(name)
        return getattr(self.at_screen, name)

    # ------------------------------------------------------------------ which seat

    @property
    def here(self) -> tuple[int, ...]:
        """The seats played at this window (those whose connection has been welcomed)."""
        return tuple(m.me for m in self.matches if m.me >= 0)

    def of(self, seat: int | None) -> RemoteMatch | None:
        return next((m for m in self.matches if seat is not None and m.me == seat
                     and seat >= 0), None)

    @property
    def at_screen(self) -> RemoteMatch:
        """The connection of the seat at the screen. Before anyone took it, the first
        seat's: the table opens on the host's own side, as a one-seat table does, unless
        another seat here decides first (then `pass_needed` hides it); `tick` gives the
        first seat the screen as soon as the game is dealt."""
        return self.of(self.viewer) or self.matches[0]

    @property
    def viewer(self) -> int:
        if self._viewer is not None:
            return self._viewer
        return self.matches[0].me if self.matches[0].me >= 0 else 0

    @viewer.setter
    def viewer(self, seat: int) -> None:
        # only a seat played here is ever drawn: the table follows whoever moves in a local
        # game of bots, never here
        if self.of(seat) is not None:
            self._viewer = seat

    @property
    def host(self) -> Any:
        """The hosted server, held by the first seat's connection (None when joined)."""
        return self.matches[0].host

    @property
    def lobby(self) -> Any:
        return self.matches[0].lobby

    @property
    def kept(self) -> bool:
        """The finished game is kept here (by the first seat, for every seat here)."""
        return self.matches[0].kept

    @property
    def me(self) -> int:
        return self.viewer

    @property
    def humans(self) -> list[int]:
        return list(self.here)

    @property
    def state(self) -> str:
        """connecting until every seat's connection is welcomed; lost if any is lost (the
        game cannot go on here without it); else the first seat's."""
        states = [m.state for m in self.matches]
        if "lost" in states:
            return "lost"
        if "connecting" in states:
            return "connecting"
        if any(m.view_now is None for m in self.matches) and states[0] != "lobby":
            return "lobby"      # dealt, but not every seat has its table yet
        return states[0]

    @property
    def problem(self) -> str:
        return next((m.problem for m in self.matches if m.state == "lost"), "")

    @property
    def game_no(self) -> int:
        return min(m.game_no for m in self.matches)

    @property
    def view_now(self) -> Any:
        """The table is drawn once every seat here has its table of the same game."""
        views = [m.view_now for m in self.matches]
        if any(v is None for v in views) or len({m.game_no for m in self.matches}) > 1:
            return None
        return self.at_screen.view_now

    # ------------------------------------------------------------------ the pass screen

    def deciding(self) -> RemoteMatch | None:
        """The connection of the seat played here whose decision is pending, if any (the game
        waits for one seat at a time; the one at the screen first, should two show one)."""
        mine = self.at_screen
        if self.cleared is not None and mine.my_decision() is not None:
            return mine
        return next((m for m in self.matches if m.my_decision() is not None
                     and not self.delegated(m.my_decision())), None)

    def delegated(self, d: Any) -> bool:
        """Whether `d` is answered by its seat's standing answer (`Standing`)."""
        return self.stand_in.delegated(d, self.cleared)

    def asked(self) -> Any:
        """The decision the screen serves: a seat played here's own, else what the seat at
        the screen waits for."""
        m = self.deciding()
        return m.my_decision() if m is not None else self.at_screen.game.pending

    @property
    def pass_needed(self) -> bool:
        """A seat played here other than the one at the screen must decide: hide the table
        until its player takes the screen."""
        m = self.deciding()
        return m is not None and m.me != self.cleared

    @property
    def private(self) -> bool:
        return self.cleared is not None and self.cleared == self.viewer

    def pass_reason(self) -> str:
        d = self.asked()
        if d is None or isinstance(d, Waits):
            return ""
        if d.kind == "react":       # never the holder's name: that would tell who holds it
            return "A card may be played out of turn"
        who = self.name(d.player)
        card = self.db.name(d.card) if d.card >= 0 else ""
        if d.kind in ("play", "no_play", "end_turn"):
            return f"{who}'s turn"
        return f"{who} answers {card}" if card else f"{who} decides: {d.prompt}"

    def take_screen(self, seat: int) -> None:
        """The player of `seat` took the screen (cleared the pass screen)."""
        m = self.of(seat)
        if m is None:
            return
        before = self.of(self.cleared)
        if before is not None:
            before.look(before.me)      # the one who passed saw the table as it is now
        self.cleared = self._viewer = seat

    def my_decision(self) -> Any:
        if self.pass_needed or self.cleared is None:
            return None
        return self.at_screen.my_decision()

    # ------------------------------------------------------------------ each seat's own

    def tick(self, dt: float = 0.0, may_move: bool = True) -> bool:
        moved = False
        for m in self.matches:
            moved = m.tick(dt, may_move) or moved
            self.stand_in.settle(m, self.cleared)
        self._connect_next()
        self.matches[0].here_too = self.here
        for m in self.matches[1:]:
            m.said.clear()      # every seat hears the same quick messages: shown once
        if self.cleared is None and len(self.here) == len(self.matches) and \
                self.deciding() is None and self.view_now is not None:
            # no seat here decides first: the first seat's player sits at the screen
            self.take_screen(self.matches[0].me)
        return moved

    @property
    def game(self) -> Any:
        return self.at_screen.game

    @property
    def notices(self) -> list:
        return self.at_screen.notices

    @property
    def said(self) -> list:
        return self.matches[0].said

    def apply(self, answer: Any) -> str | None:
        if self.my_decision() is None:
            return "It is not your decision."
        return self.at_screen.apply(answer)

    def look(self, seat: int) -> None:
        m = self.of(seat)
        if m is not None:
            m.look(seat)

    def since(self, seat: int, log_: tuple | None = None) -> Any:
        m = self.of(seat) or self.at_screen
        return m.since(seat, log_)

    def is_connected(self, seat: int) -> bool:
        m = self.of(seat)
        return m.link_up if m is not None else self.matches[0].is_connected(seat)

    def stood_in(self, seat: int) -> bool:
        return self.matches[0].stood_in(seat)

    def say(self, phrase: int) -> bool:
        return self.at_screen.say(phrase)

    def ask_rematch(self) -> str | None:
        """One click asks for every seat played here."""
        whys = [m.ask_rematch() for m in self.matches]
        return None if any(w is None for w in whys) else whys[0]

    def rematch_words(self) -> str:
        return self.matches[0].rematch_words()
