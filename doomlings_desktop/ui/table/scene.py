"""The table: a game drawn from `view_for` of the seat at the screen, played with the mouse
(drag and drop, or click-then-click) or the keyboard, with a pass screen between humans.

The scene never reads the game's state to draw: only the View of the seat whose human is at
the screen (or the last one, while bots move). The game itself, its bots, autosave, undo and
the pass-and-play policy are the Match's (`play/match.py`, no pygame); the table draws it and
turns input into `match.apply`.

The scene holds the table's state and the flow between match and screen; its panels
(`panels.py`), overlays on one modal stack (`overlays.py`) and input (`input.py`) are
separate units that are handed the scene.
"""

from __future__ import annotations

from typing import Any

import pygame

from doomlings_desktop.play.match import GOOD_NOTICES, Match, Seat, rematch_seats
from doomlings_desktop.play.pace import timing
from doomlings_desktop.play.story import Moment
from doomlings_desktop.rules.decisions import TURN_PLAY
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.view import View
from doomlings_desktop.ui.app import BG, Scene
from doomlings_desktop.ui.layout import TableLayout, table_layout, table_scale, table_unit
from doomlings_desktop.ui.table.dials import Dials
from doomlings_desktop.ui.table.handraise import HandRaise, resting_height
from doomlings_desktop.ui.table.handraise import track as track_hand
from doomlings_desktop.ui.table.input import TableInput
from doomlings_desktop.ui.table.motion import Motion
from doomlings_desktop.ui.table.news import News
from doomlings_desktop.ui.table.overlays import ModalStack
from doomlings_desktop.ui.table.panels import Panels
from doomlings_desktop.ui.table.picks import Selection
from doomlings_desktop.ui.table.slides import Slides
from doomlings_desktop.ui.table.state import DragState, LogState, Message, Modals, Pointing

SOUND_OF = {"play": "play_card", "draw": "draw", "discard": "discard", "discard_trait": "discard",
            "steal": "steal", "steal_hand": "steal", "swap": "steal", "catastrophe": "catastrophe",
            "winner": "win", "prevent": "react", "parasitic": "react", "age": "turn"}


SeatConfig = Seat      # the name the menus and tests know a seat by


def _part(part: str, name: str, doc: str = "") -> property:
    """A TableScene attribute kept in one of its state objects (`part`): the name the tests,
    tools and replays know it by; the table's own parts read the state object."""
    return property(lambda self: getattr(getattr(self, part), name),
                    lambda self, v: setattr(getattr(self, part), name, v), doc=doc)


def _match(name: str) -> property:
    """A TableScene attribute that is the match's (the table reads and sets it there)."""
    return property(lambda self: getattr(self.match, name),
                    lambda self, v: setattr(self.match, name, v))


class TableScene(Scene):
    """The table's state and the flow between the match and the screen. Drawing is the
    panels' and the overlays' (`self.panels`, `self.overlays`), input is `self.input`'s."""

    view_only = False           # a replay (replay.py): watched, never played
    offers_review = True        # the end screen's "What decided this game?" (not in replays)
    menu_button = True          # the top bar's Menu, the Esc menu by mouse (not in replays)
    bar_tools = 0               # the top bar's room (in units) kept left of Menu for a
    # kind of table's own buttons (online: Say), so that the counts never run under them
    game = _match("game")
    db = _match("db")
    seats = _match("seats")
    seed = _match("seed")
    humans = _match("humans")
    bots = _match("bots")
    viewer = _match("viewer")
    cleared = _match("cleared")
    autosave = _match("autosave")
    finished = _match("finished")
    thinking = _match("thinking")
    bot_notes = _match("bot_notes")
    menu_open = _part("modals", "menu_open")
    help_open = _part("modals", "help_open")
    zoom = _part("modals", "zoom")
    zoom_gp = _part("modals", "zoom_gp")
    swallow_up = _part("modals", "swallow_up")
    browse = _part("modals", "browse")
    log_scroll = _part("log_state", "scroll")
    hover_key = _part("pointing", "key")
    hover_since = _part("pointing", "since")

    @property
    def _log_lines(self) -> tuple[tuple, list]:
        """(key, wrapped lines) of the log column (`self.log_state`)."""
        return self.log_state.key, self.log_state.lines

    @property
    def toast(self) -> tuple[str, float] | None:
        """The message over the table and its seconds left, or None (`self.message`)."""
        return self.message.pair

    @toast.setter
    def toast(self, value: tuple[str, float] | None) -> None:
        if value is None:
            self.message.clear()
        else:
            self.message.say(*value)

    def __init__(self, app: Any, seats: list[SeatConfig] | None = None, seed: int = 0,
                 variants: dict | None = None, game: Game | None = None,
                 match: Match | None = None, modules: tuple[str, ...] = ()) -> None:
        super().__init__(app)
        # a match made elsewhere (the lesson's, play/tutorial.py) comes ready; else a new one
        self.match = match or Match(seats or [], seed, variants, game, prefs=app.settings,
                                    modules=modules)
        self.selection = Selection()   # the chosen answer, and the picks of a choice of several
        self.drag: DragState | None = None
        self.message = Message()     # the toast: a short message over the table
        self.modals = Modals()       # the menu, the help, a zoom, the discard pile browsed
        self.answered_at: tuple[float, tuple[int, int]] | None = None   # last click that answered
        self.log_state = LogState()  # the log column's lines and scroll
        self.motion = Motion(self)   # the moves read from the events, in flight
        self.log_state.open = bool(getattr(app.settings, "log_open", False))
        self.hand_raise = HandRaise()      # the hovered hand card, risen to be read
        self.dials = Dials()         # the gene pool cards' dials turning
        self.slides = Slides()       # the hand's cards sliding to new places
        self.log_seen = 0
        self.time = 0.0
        self.view: View | None = None
        self.layout: TableLayout | None = None
        self._unit = 0.0                  # the table's unit, set by each draw
        self.face_up: set[int] = set()     # hand cards drawn face up in the last frame
        self.open_shown: set[int] = set()  # other seats' cards drawn from open hands (E24)
        self.lit: list[tuple[Any, int]] = []   # (rect, card): pile cards lit in the last frame
        self.pointing = Pointing()   # what the pointer rests on, and since when
        self.we_step = -1.0          # World's End shown line by line; -1 until it happens
        self._view_key: tuple = ()
        self.news = News()           # what changed since the viewer last looked
        self.took_screen = False     # a human just cleared the pass screen: tell them the news
        self.input = TableInput(self)
        self.panels = Panels(self)
        self.overlays = ModalStack(self)
        self._sound_log()

    def name(self, seat: int) -> str:
        return self.match.name(seat)

    def card_name(self, card: int) -> str:
        return self.db.name(card)

    @property
    def selected(self) -> Any:
        """The chosen answer (with several cards, the arrow keys' cursor): the selection's."""
        return self.selection.chosen

    @selected.setter
    def selected(self, value: Any) -> None:
        self.selection.chosen = value

    @property
    def picks(self) -> Selection:
        """The cards picked for a choice of several (`picks.of(d)`): the selection's."""
        return self.selection

    @property
    def pass_needed(self) -> bool:
        return self.match.pass_needed

    @property
    def private(self) -> bool:
        return self.match.private

    def my_decision(self) -> Any:
        return self.match.my_decision()

    def update(self, dt: float) -> None:
        self.time += dt
        self.track()
        self.message.tick(dt)
        g = self.game
        if g.over and self.we_step < 1e9:
            per_line = timing(self.app.settings).we_line
            self.we_step = 1e9 if per_line == 0 else max(0.0, self.we_step) + dt / per_line
        if self.modals.menu_open:
            return
        viewer = self.viewer
        if self.match.tick(dt, may_move=not self.motion.busy and not self.overlays.holding(self.time)):
            self._answered()
        self.motion.pull()
        if self.viewer != viewer:
            self._switch_viewer(self.viewer)
        self._show_notices()
        self.overlays.tell(self.time)

    def track(self) -> None:
        """What follows the pointer over time, brought up to date before drawing (drawing
        only draws): the hover preview's state and the hovered hand card rising."""
        d = self.my_decision()
        self.overlays.update(d)
        track_hand(self, d)

    def moving(self) -> bool:
        """Something on the table changes with time alone: cards moving, a score counting, a
        toast, a drag, a hover preview still to appear, a hand card rising or sinking or
        sliding to a new place, a gene pool card turning."""
        # a toast needs a frame when it comes and one when it goes, not a stream between
        if self.motion.busy or self.motion.counting() or self.message.due() or self.drag is not None or self.news.stale(self.time) or (
                self.pointing.key is not None and self.time - self.pointing.since < 0.5) \
                or self.hand_raise.busy() or self.overlays.telling():
            return True
        return self.dials.turning(self.time, self.gp_seconds()) \
            or self.slides.busy(self.time, timing(self.app.settings).travel)

    def gp_seconds(self) -> float:
        """How long a gene pool card takes to turn to a new value (real seconds)."""
        return timing(self.app.settings).dial

    def gp_dial(self, seat: int, value: int) -> float:
        """The angle to draw `seat`'s gene pool dial at now (`Dials.angle`)."""
        return self.dials.angle(seat, value, self.time, self.gp_seconds())

    @property
    def gp_shown(self) -> dict[int, float]:
        """Each seat's dial angle drawn last (`self.dials`)."""
        return self.dials.shown

    def busy(self) -> bool:
        """Frames change without input (the run loop sleeps otherwise): the table is moving,
        World's End is being revealed, or update() will act by itself (a bot's decision, an
        offer not asked, the viewer to switch). A human's own decision or a pass screen is
        idle."""
        # the coach's answer to come, or the review of the game
        if self.moving() or self.match.hint_thinking() or self.overlays.decided.thinking():
            return True
        g = self.game
        if g.over:
            return self.we_step < len(self._we_lines()) + 1.5
        d = self.match.asked()
        if d is None or self.modals.menu_open:
            return False
        return d.player in self.bots or self.match.delegated(d) \
            or (not self.pass_needed and self.viewer != d.player)

    def take_screen(self, seat: int) -> None:
        """The human at `seat` cleared the pass screen. A message said to the one before
        goes with them: it may be about their own cards ("Out-of-turn cards: never play
        it" tells that they hold one). The moments told to them and not yet shown wait for
        their next turn at the screen (the stage keeps each seat's own: moments.py)."""
        if seat != self.match.cleared:
            self.message.clear()
            self.modals.walk = None     # the next player starts from the table as it is
        self.match.take_screen(seat)
        self._switch_viewer(seat)
        self.took_screen = True

    def _news(self) -> None:
        """A new view: mark what changed since the viewer last looked, and when a human has
        just taken the screen in pass-and-play, sum it up for them first."""
        m = self.match
        if not m.private:
            return
        since = m.since(self.viewer, self.view.log)    # the viewer's own view: no second one
        self.news.names = (self.name, self.viewer)
        # what the viewer's standing answer played for them: told to them alone, first
        told = m.stand_in.confirmations(self.viewer) if self.took_screen else []
        if since or told:
            # never looked since the deal: the tryout's first summary said "since your
            # last turn" before anyone's first turn
            self.news.add(since, self.time, summary=self.took_screen and len(self.humans) > 1,
                          told=told, first=getattr(m, "seen_at", {}).get(self.viewer) == 0)
            if self.took_screen and self.news.summary is not None:
                self.overlays.stage.told_in_summary()     # told once, not again on the stage
        if len(self.humans) == 1 and not self.view_only:     # a replay steps: no catch-up
            d = self.my_decision()
            lines = self.news.catch_up(since.lines, d is not None and d.intent == TURN_PLAY,
                                       self.view.log)
            if lines:
                self.overlays.stage.tell(Moment("since", "Since your last turn",
                                                        lines=lines))
        self.took_screen = False
        m.look(self.viewer)

    def _switch_viewer(self, seat: int) -> None:
        self.viewer = seat
        self.selection.clear()
        self.drag = None
        self.motion.reset()
        self.hand_raise.reset()

    def apply(self, answer: Any, quiet: bool = False) -> bool:
        why = self.match.apply(answer)
        self._show_notices()
        if why is not None:
            self.say(why)
            self.app.sounds.play("error")
            return False
        if self.match.private:
            self.match.look(self.viewer)    # what my own answer did is no news to me
        self._answered()
        return True

    def answer_in_turn(self, steps: list[tuple[Any, Any]]) -> int:
        """Answers that belong together (the cards of a choice of several, an attachment
        and its host), each `(test, answer)` given if the decision it meets passes its test;
        the first that does not is left for the player. Returns how many were given (online
        the rest follow as their decisions come: ui/table/online.py)."""
        given = 0
        for test, answer in steps:
            d = self.my_decision()
            if d is None or not test(d) or not self.apply(answer):
                break
            given += 1
        return given

    def _answered(self) -> None:
        self.selection.clear()
        self.modals.browse = False
        self._sound_log()

    def _show_notices(self) -> None:
        """The match's notices: good news (a game kept) drawn as good, the rest as
        refusals."""
        for text, seconds in self.match.notices:
            self.say(text, seconds, good=text.startswith(GOOD_NOTICES))
        self.match.notices.clear()

    def seat_dicts(self) -> list[dict]:
        return self.match.seat_dicts()

    @property
    def rematch_offered(self) -> bool:
        """The end screen's Rematch: for a game dealt from a seed (not the lesson's)."""
        return self.match.origin is None and self.match.lesson is None

    def rematch(self) -> None:
        """The same seats (names, humans, bot levels, out-of-turn answers), the same modules
        and variants, a new deal: a new table in place of this one."""
        import random

        from doomlings_desktop.ui import router

        m = self.match
        seed = random.randrange(1, 10**9)
        while seed == m.seed:
            seed = random.randrange(1, 10**9)
        router.go(self.app, "table", rematch_seats(m.seats), seed, dict(self.game.variants),
                  modules=tuple(m.db.modules))

    def can_undo(self) -> bool:
        return self.match.can_undo()

    def undo(self) -> None:
        """Take back my last answer of this turn (only if it revealed nothing)."""
        if not self.match.undo():
            lesson = self.match.lesson
            self.say("The lesson can't be taken back; Skip lesson to play freely, Undo too."
                     if lesson is not None and not lesson.may_undo() else
                     "Nothing to undo: a card was drawn or revealed, or another player acted.")
            return
        self._view_key = ()
        self.selection.clear()
        self.log_seen = len(self.game.log or [])
        self.motion.reset()
        self.news.clear()
        self.match.look(self.viewer)      # the card back in hand is no news
        self._show_notices()
        self.say("Undone.", 1.5, good=True)

    def _sound_log(self) -> None:
        log = self.game.log or []
        played = set()
        for e in log[self.log_seen:]:     # the kind of each event: no card, no text
            s = SOUND_OF.get(e.kind)
            if s and s not in played:
                played.add(s)
                self.app.sounds.play(s)
        self.log_seen = len(log)

    def toggle_log(self) -> None:
        """Open the folded log, or fold it back to its strip; the choice is kept for the next
        game (Settings' `log_open`), as a saved setting where the settings can be written."""
        st = self.app.settings
        self.log_state.open = st.log_open = not self.log_state.open
        try:
            st.save()
        except OSError:         # a read-only settings folder: kept for this session only
            pass

    def say(self, text: str, seconds: float = 3.0, good: bool = False) -> None:
        """A message over the table; `good` news (done, saved) is drawn green, not as a
        refusal."""
        self.message.say(text, seconds, good)

    # ------------------------------------------------------------------ input (input.py)

    def handle(self, event: pygame.event.Event) -> None:
        self.input.handle(event)

    def draw_keys(self, surf: pygame.Surface) -> None:
        """The table shows its keys itself: F1's list (overlays.Help), the line under the Esc
        menu and the end screen's buttons; no page foot over the hand."""

    def show_keys(self) -> None:
        """F1 in the Esc menu or on the end screen: the table's list of keys."""
        self.modals.help_open = True

    def close_requested(self) -> None:
        """The window's close button: leaving a game whose last moves are not saved asks."""
        self.overlays.leave.ask(self.app.quit)

    def on_button(self, key: Any) -> None:
        self.input.on_button(key)

    def click(self, hit: Any) -> None:
        self.input.click(hit)

    def key(self, event: pygame.event.Event) -> None:
        self.input.key(event)

    def hit(self, pos: tuple[int, int]) -> Any:
        return self.input.hit(pos)

    def options_of(self, d: Any) -> list:
        return self.input.options_of(d)

    # ------------------------------------------------------------------ drawing

    def unit(self) -> float:
        """The table's unit: the window's height over 720 times the share of the UI scale the
        table takes (`layout.table_scale`); its buttons and overlays are drawn at it too."""
        return self._unit or self.app.unit

    def view_version(self) -> Any:
        """What else tells a new view from the last (with the answers and log lines
        counted): nothing at a local table, whose view changes only with them."""
        return None

    def draw(self, surf: pygame.Surface) -> None:
        self.message.on_screen = None     # the Toast layer says so if it draws one
        self.buttons = []
        self.face_up = set()
        self.open_shown = set()
        self.lit = []
        self.app.art.db = self.db       # faces are cached by card id, so this costs nothing
        w, h = surf.get_size()
        n = self.game.n
        scale = table_scale(w, h, n, self.app.settings.ui_scale)
        u = self._unit = table_unit(h, scale)
        if self.pass_needed:    # the pass screen hides the table (Esc works behind it too)
            surf.fill(BG)
            self.overlays.draw(surf, None, None, u)
            self.view = None
            return
        key = (len(self.game.answers), self.viewer, self.game.over, len(self.game.log or ()),
               self.private, self.view_version())
        if self._view_key != key or self.view is None:
            if not self._view_key:      # reset (undo, a test asking for a fresh frame): the
                self.panels.forget()    # cached regions go too, and everything is drawn
            self.view = self.match.view()
            self._view_key = key
            self._news()
        v = self.view
        old = self.layout
        lay = self.layout = table_layout(
            w, h, v.n, self.viewer, scale, card_h=resting_height(self.db, u),
            log_open=self.log_state.open,
            opp_pile=max((len(s.pile) for i, s in enumerate(v.seats) if i != self.viewer),
                         default=0))
        if old is not None and (old.size, old.log) != (lay.size, lay.log):
            self.motion.reset()     # a resized window or the log opened: cards take their
            # new places, not slide
        d = self.my_decision()
        self.panels.draw(surf, v, lay, d, u)    # the background too, around the panels
        self.draw_on_table(surf, u)
        self.overlays.draw(surf, v, d, u)

    def draw_on_table(self, surf: pygame.Surface, u: float) -> None:
        """What a kind of table adds to the panels (online: each seat's connection), drawn
        under the overlays so that a window of cards, the stage or the menu covers it and its
        click targets lie under theirs."""

    def lesson_state(self) -> list | None:
        """For automation of the real window: the lesson step shown, and the move it waits
        for (None if it waits for Next), card ids by name."""
        step = self.overlays.lesson.step()
        return None if step is None else [step.id, list(step.do) if step.do else None]

    def _card_window(self, d: Any) -> str | None:
        """The window of cards over the table, if any: a choice among the discard pile,
        revealed cards, catastrophes or the two Meaning of Life cards dealt at set-up, an
        out-of-turn offer, or the discard pile browsed."""
        if d is not None and (d.zone in ("discard", "revealed", "meaning")
                              or d.kind == "catastrophe"):
            return "choice"
        if d is not None and d.kind == "react":
            return "react"
        return "browse" if self.modals.browse else None

    def _we_lines(self) -> list[tuple[str, str]]:
        log = self.view.log if self.view else ()
        start = max((i for i, (k, _) in enumerate(log) if k == "world_end"), default=len(log))
        return [e for e in log[start:] if e[0] != "winner"]
