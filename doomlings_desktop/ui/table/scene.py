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

from doomlings_desktop.play.match import Match, Seat
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.view import View
from doomlings_desktop.ui.app import BG, Scene
from doomlings_desktop.ui.cardart.genepool import dial_angle
from doomlings_desktop.ui.layout import TableLayout, table_layout, table_scale
from doomlings_desktop.ui.table.anim import Animator
from doomlings_desktop.ui.table.handraise import HandRaise
from doomlings_desktop.ui.table.handraise import track as track_hand
from doomlings_desktop.ui.table.input import TableInput
from doomlings_desktop.ui.table.news import News
from doomlings_desktop.ui.table.overlays import ModalStack
from doomlings_desktop.ui.table.panels import Panels
from doomlings_desktop.ui.table.picks import CardPicks

SOUND_OF = {"play": "play_card", "draw": "draw", "discard": "discard", "discard_trait": "discard",
            "steal": "steal", "steal_hand": "steal", "swap": "steal", "catastrophe": "catastrophe",
            "winner": "win", "prevent": "react", "parasitic": "react", "age": "turn"}


SeatConfig = Seat      # the name the menus and tests know a seat by


def _match(name: str) -> property:
    """A TableScene attribute that is the match's (the table reads and sets it there)."""
    return property(lambda self: getattr(self.match, name),
                    lambda self, v: setattr(self.match, name, v))


class TableScene(Scene):
    """The table's state and the flow between the match and the screen. Drawing is the
    panels' and the overlays' (`self.panels`, `self.overlays`), input is `self.input`'s."""

    offers_review = True        # the end screen's "What decided this game?" (not in replays)
    menu_button = True          # the top bar's Menu, the Esc menu by mouse (not in replays)
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

    def __init__(self, app: Any, seats: list[SeatConfig] | None = None, seed: int = 0,
                 variants: dict | None = None, game: Game | None = None,
                 match: Match | None = None, modules: tuple[str, ...] = ()) -> None:
        super().__init__(app)
        # a match made elsewhere (the lesson's, play/tutorial.py) comes ready; else a new one
        self.match = match or Match(seats or [], seed, variants, game, prefs=app.settings,
                                    modules=modules)
        self.selected: Any = None          # the chosen answer; with several cards, the cursor
        self.picks = CardPicks(self)        # the cards chosen for a choice of several
        self.drag: dict | None = None
        self.toast: tuple[str, float] | None = None
        self.toast_on_screen: str | None = None   # the toast the last frame showed
        self.toast_good = False      # the toast is good news (green), not a refusal
        self.menu_open = False
        self.help_open = False       # F1 or ?: the keys and mouse overlay
        self.zoom: int | None = None
        self.zoom_gp: int | None = None     # the seat whose gene pool card is shown large
        self.swallow_up = False
        self.answered_at: tuple[float, tuple[int, int]] | None = None   # last click that answered
        self.browse = False
        self.log_scroll = 0
        self.anim = Animator()
        self.hand_raise = HandRaise()      # the hovered hand card, risen to be read
        self.gp_turn: dict[int, tuple[int, float, float]] = {}  # seat: value, from angle, start
        self.gp_shown: dict[int, float] = {}    # seat: the dial's angle drawn last
        self.log_seen = 0
        self.time = 0.0
        self.view: View | None = None
        self.layout: TableLayout | None = None
        self._unit = 0.0                  # the table's unit, set by each draw
        self.face_up: set[int] = set()     # hand cards drawn face up in the last frame
        self.open_shown: set[int] = set()  # other seats' cards drawn from open hands (E24)
        self.lit: list[tuple[Any, int]] = []   # (rect, card): pile cards lit in the last frame
        self.hover_since = 0.0
        self.hover_key: Any = None
        self.we_step = -1.0          # World's End shown line by line; -1 until it happens
        self._view_key: tuple = ()
        self._log_lines: tuple = ((), [])
        self.news = News()           # what changed since the viewer last looked
        self.took_screen = False     # a human just cleared the pass screen: tell them the news
        self.input = TableInput(self)
        self.panels = Panels(self)
        self.overlays = ModalStack(self)
        self._sound_log()

    def name(self, seat: int) -> str:
        return self.match.name(seat)

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
        self.anim.tick(dt)
        self.track()
        if self.toast:
            self.toast = (self.toast[0], self.toast[1] - dt)
            if self.toast[1] <= 0:
                self.toast = None
        g = self.game
        if g.over and self.we_step < 1e9:
            per_line = {"off": 0.0, "normal": 0.9, "fast": 0.4}.get(self.app.settings.animation, 0.9)
            self.we_step = 1e9 if per_line == 0 else max(0.0, self.we_step) + dt / per_line
        if self.menu_open:
            return
        viewer = self.viewer
        if self.match.tick(dt, may_move=not self.anim.busy and not self.overlays.holding(self.time)):
            self._answered()
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
        """Something on the table changes with time alone: cards moving, a toast, a drag, a
        hover preview still to appear, a hand card rising or sinking, a gene pool card
        turning."""
        # a toast needs a frame when it comes and one when it goes, not a stream between
        toast_due = (self.toast[0] if self.toast else None) != self.toast_on_screen
        if self.anim.busy or toast_due or self.drag is not None or self.news.stale(self.time) or (
                self.hover_key is not None and self.time - self.hover_since < 0.5) \
                or self.hand_raise.busy() or self.overlays.telling():
            return True
        return any(self.time - at < self.gp_seconds() for _, _, at in self.gp_turn.values())

    def gp_seconds(self) -> float:
        """How long a gene pool card takes to turn to a new value (real seconds)."""
        return {"off": 0.0, "normal": 0.4, "fast": 0.3}.get(self.app.settings.animation, 0.4)

    def gp_dial(self, seat: int, value: int) -> float:
        """The angle to draw `seat`'s gene pool dial at now: at rest, or part way through the
        turn that a change of `value` starts (eased, from wherever the dial was)."""
        rest = dial_angle(value)
        turn = self.gp_turn.get(seat)
        if turn is None:
            turn = (value, rest, -1e9)
        elif turn[0] != value:
            turn = (value, self.gp_shown.get(seat, rest), self.time)
        self.gp_turn[seat] = turn
        _, start, at = turn
        dur = self.gp_seconds()
        p = 1.0 if dur <= 0 else max(0.0, min(1.0, (self.time - at) / dur))
        p = 1 - (1 - p) ** 3
        angle = self.gp_shown[seat] = start + (rest - start) * p
        return angle

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
        d = g.pending
        if d is None or self.menu_open:
            return False
        return d.player in self.bots or (d.kind == "react" and not self.match.asks(d.player)) \
            or (not self.pass_needed and self.viewer != d.player)

    def take_screen(self, seat: int) -> None:
        """The human at `seat` cleared the pass screen."""
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
        if since:
            self.news.add(since, self.time, summary=self.took_screen and len(self.humans) > 1)
        self.took_screen = False
        m.look(self.viewer)

    def _switch_viewer(self, seat: int) -> None:
        self.viewer = seat
        self.selected = None
        self.drag = None
        self.anim.reset()
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

    def _answered(self) -> None:
        self.selected = None
        self.browse = False
        self._sound_log()

    def _show_notices(self) -> None:
        for text, seconds in self.match.notices:
            self.say(text, seconds)
        self.match.notices.clear()

    def seat_dicts(self) -> list[dict]:
        return self.match.seat_dicts()

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
        self.selected = None
        self.log_seen = len(self.game.log or [])
        self.anim.reset()
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

    def say(self, text: str, seconds: float = 3.0, good: bool = False) -> None:
        """A message over the table; `good` news (done, saved) is drawn green, not as a
        refusal."""
        self.toast = (text, seconds)
        self.toast_good = good

    # ------------------------------------------------------------------ input (input.py)

    def handle(self, event: pygame.event.Event) -> None:
        self.input.handle(event)

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

    def _duration(self) -> float:
        return {"off": 0.0, "normal": 0.32, "fast": 0.14}.get(self.app.settings.animation, 0.32)

    def draw(self, surf: pygame.Surface) -> None:
        self.toast_on_screen = None     # the Toast layer says so if it draws one
        self.buttons = []
        self.face_up = set()
        self.open_shown = set()
        self.lit = []
        self.app.art.db = self.db       # faces are cached by card id, so this costs nothing
        surf.fill(BG)
        w, h = surf.get_size()
        n = self.game.n
        scale = table_scale(w, h, n, self.app.settings.ui_scale)
        u = self._unit = h / 720 * scale
        if self.pass_needed:    # the pass screen hides the table (Esc works behind it too)
            self.overlays.draw(surf, None, None, u)
            self.view = None
            return
        key = (len(self.game.answers), self.viewer, self.game.over, len(self.game.log or ()),
               self.private)
        if self._view_key != key or self.view is None:
            self.view = self.match.view()
            self._view_key = key
            self._news()
        v = self.view
        if self.layout is not None and self.layout.size != (w, h):
            self.anim.reset()     # a resized window: cards take their new places, not slide
        lay = self.layout = table_layout(w, h, v.n, self.viewer, scale)
        d = self.my_decision()
        self.panels.draw(surf, v, lay, d, u)
        self.overlays.draw(surf, v, d, u)

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
        return "browse" if self.browse else None

    def _we_lines(self) -> list[tuple[str, str]]:
        log = self.view.log if self.view else ()
        start = max((i for i, (k, _) in enumerate(log) if k == "world_end"), default=len(log))
        return [e for e in log[start:] if e[0] != "winner"]
