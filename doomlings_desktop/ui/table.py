"""The table: a game drawn from `view_for` of the seat at the screen, played with the mouse
(drag and drop, or click-then-click) or the keyboard, with a pass screen between humans.

The scene never reads the game's state to draw: only the View of the seat whose human is at
the screen (or the last one, while bots move). It answers the engine with `game.apply`.
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass
from typing import Any

import pygame
from pygame import Rect

from doomlings_desktop.bots import make_bot
from doomlings_desktop.rules.cards import default_database
from doomlings_desktop.rules.engine import Game, IllegalAnswer
from doomlings_desktop.rules.record import RecordError
from doomlings_desktop.rules.view import View, public_view, view_for
from doomlings_desktop.ui.app import (
    ACCENT,
    BAD,
    BG,
    GOOD,
    INK,
    MUTED,
    PANEL,
    PANEL_HI,
    Button,
    Scene,
)
from doomlings_desktop.ui.layout import TableLayout, hand_slots, pile_slots, table_layout

COLOR_KEYS = {"r": "red", "b": "blue", "g": "green", "p": "purple"}
# A click this soon (seconds) after a click that answered, at the same spot, is the second half
# of a double-click, not an answer to the next question.
DOUBLE_CLICK = 0.4
SOUND_OF = {"play": "play_card", "draw": "draw", "discard": "discard", "discard_trait": "discard",
            "steal": "steal", "steal_hand": "steal", "swap": "steal", "catastrophe": "catastrophe",
            "winner": "win", "prevent": "react", "parasitic": "react", "age": "turn"}
GLOW = (255, 214, 90)
SELECT = (120, 220, 255)


@dataclass
class SeatConfig:
    name: str
    kind: str = "human"        # human or bot
    level: str = "random"
    ask_out_of_turn: bool = True   # False: this seat's out-of-turn offers are passed silently


class Animator:
    """Cards move instead of jumping: each card remembers where it was drawn last frame."""

    def __init__(self) -> None:
        self.prev: dict[Any, Rect] = {}
        self.seen: set = set()
        self.tweens: dict[Any, list] = {}
        self.quiet = True

    def reset(self) -> None:
        self.prev.clear()
        self.tweens.clear()
        self.quiet = True

    def begin(self) -> None:
        self.seen = set()

    def end(self) -> None:
        for k in list(self.prev):
            if k not in self.seen:
                del self.prev[k]
                self.tweens.pop(k, None)
        self.quiet = False

    def at(self, key: Any, target: Rect, origin: Rect | None, duration: float) -> tuple[Rect, bool]:
        """Where to draw `key` now, and whether it is still moving."""
        self.seen.add(key)
        last = self.prev.get(key)
        self.prev[key] = Rect(target)
        if duration <= 0 or self.quiet:
            self.tweens.pop(key, None)
            return target, False
        tw = self.tweens.get(key)
        if tw is not None and tw[1] == target:
            pass
        elif last is not None and (abs(last.x - target.x) > 3 or abs(last.y - target.y) > 3
                                   or abs(last.w - target.w) > 3):
            start = self._current(tw) if tw else last
            tw = self.tweens[key] = [start, Rect(target), 0.0, duration]
        elif last is None and origin is not None:
            tw = self.tweens[key] = [Rect(origin), Rect(target), 0.0, duration]
        else:
            return target, False
        if tw[2] >= tw[3]:
            self.tweens.pop(key, None)
            return target, False
        return self._current(tw), True

    @staticmethod
    def _current(tw: list) -> Rect:
        a, b, t, d = tw
        k = min(1.0, t / d) if d else 1.0
        k = 1 - (1 - k) ** 3
        return Rect(a.x + (b.x - a.x) * k, a.y + (b.y - a.y) * k,
                    a.w + (b.w - a.w) * k, a.h + (b.h - a.h) * k)

    def tick(self, dt: float) -> None:
        for tw in self.tweens.values():
            tw[2] += dt

    @property
    def busy(self) -> bool:
        return any(tw[2] < tw[3] for tw in self.tweens.values())


class TableScene(Scene):
    def __init__(self, app: Any, seats: list[SeatConfig], seed: int, variants: dict | None = None,
                 game: Game | None = None) -> None:
        super().__init__(app)
        # A loaded game brings its own database: one saved before cards were added or moved
        # in cards.yaml is dealt from those cards in their old order (rules/record.py).
        self.db = game.db if game is not None else default_database()
        self.seats = seats
        self.game = game or Game.new(self.db, len(seats), seed=seed, variants=variants or {},
                                     names=[s.name for s in seats])
        self.seed = seed
        self.humans = [i for i, s in enumerate(seats) if s.kind == "human"]
        self.bots = {i: make_bot(s.level, seed * 31 + i, db=self.db) for i, s in enumerate(seats)
                     if s.kind != "human"}
        self.thinking: dict | None = None   # a bot's answer being worked out off the UI thread
        self.viewer = self.humans[0] if self.humans else 0
        self.cleared: int | None = self.viewer if len(self.humans) <= 1 else None
        self.selected: Any = None
        self.drag: dict | None = None
        self.toast: tuple[str, float] | None = None
        self.bot_wait = 0.0
        self.menu_open = False
        self.zoom: int | None = None
        self.swallow_up = False
        self.answered_at: tuple[float, tuple[int, int]] | None = None   # last click that answered
        self.browse = False
        self.log_scroll = 0
        self.anim = Animator()
        self.gp_angle: dict[int, float] = {}
        self.log_seen = 0
        self.time = 0.0
        self.view: View | None = None
        self.layout: TableLayout | None = None
        self.face_up: set[int] = set()     # hand cards drawn face up in the last frame
        self.hover_since = 0.0
        self.hover_key: Any = None
        self.we_step = -1.0          # World's End shown line by line; -1 until it happens
        # A game without a human (the demo) is no one's: it must not replace the player's
        # autosave, last game or statistics. 'Save game' still saves it when asked.
        self.autosave = bool(self.humans)
        self.finished = self.game.over
        self._view_key: tuple = ()
        self._log_lines: tuple = ((), [])
        self.bot_notes: dict[int, str] = {}  # log index of a bot's move -> why, in a phrase
        self._sound_log()

    # ------------------------------------------------------------------ flow

    def name(self, seat: int) -> str:
        return self.seats[seat].name

    @property
    def pass_needed(self) -> bool:
        """A human other than the one at the screen must decide: hide everything first."""
        d = self.game.pending
        return (d is not None and d.player not in self.bots and d.player != self.cleared
                and not (d.kind == "react" and not self._asks(d.player)))

    @property
    def private(self) -> bool:
        """The viewer's own cards may be shown: the viewer is whoever sits at the screen. In
        pass-and-play that is only known once a human has cleared a pass screen."""
        return len(self.humans) <= 1 or self.cleared == self.viewer

    def my_decision(self) -> Any:
        d = self.game.pending
        if d is None or d.player != self.viewer or self.pass_needed or d.player in self.bots \
                or not self.private:
            return None
        return d

    def update(self, dt: float) -> None:
        self.time += dt
        self.anim.tick(dt)
        if self.toast:
            self.toast = (self.toast[0], self.toast[1] - dt)
            if self.toast[1] <= 0:
                self.toast = None
        g = self.game
        if g.over and self.we_step < 1e9:
            per_line = {"off": 0.0, "normal": 0.9, "fast": 0.4}.get(self.app.settings.animation, 0.9)
            self.we_step = 1e9 if per_line == 0 else max(0.0, self.we_step) + dt / per_line
        d = g.pending
        if d is None or self.menu_open:
            return
        if d.player in self.bots:
            self.bot_wait += dt
            self._think(d)
            job = self.thinking
            # a declined secret offer shows nothing, so it takes no time on screen either
            quiet = d.kind == "react" and job is not None and job["answer"] == "pass"
            if job and job["done"] and (quiet or self.bot_wait >= self._pace()) \
                    and not self.anim.busy:
                self.thinking = None
                self.bot_wait = 0.0
                if job["error"] is not None:
                    raise job["error"]
                at = len(self.game.log or [])
                if self.apply(job["answer"], quiet=True) and job["why"] and \
                        len(self.game.log or []) > at:
                    self.bot_notes[at] = job["why"]
            return
        if d.kind == "react" and not self._asks(d.player):
            self.apply("pass", quiet=True)
            return
        if not self.pass_needed and self.viewer != d.player:
            self._switch_viewer(d.player)

    def busy(self) -> bool:
        """Frames change without input (the run loop sleeps otherwise): cards moving, a toast,
        a drag, a hover preview still to appear, a gene pool dial turning, World's End being
        revealed, or a decision update() takes on itself (a bot's, an offer not asked, the
        viewer to switch). A human's own decision or a pass screen is idle."""
        if self.anim.busy or self.toast or self.drag is not None or (
                self.hover_key is not None and self.time - self.hover_since < 0.5):
            return True
        v = self.view
        if v is not None and any(a != -(max(0, min(9, v.seats[i].gene_pool)) - 1) * 45.0
                                 for i, a in self.gp_angle.items() if i < len(v.seats)):
            return True
        g = self.game
        if g.over:
            return self.we_step < len(self._we_lines()) + 1.5
        d = g.pending
        if d is None or self.menu_open:
            return False
        return d.player in self.bots or (d.kind == "react" and not self._asks(d.player)) or (
            not self.pass_needed and self.viewer != d.player)

    def _think(self, d: Any) -> None:
        """Start the deciding bot on a worker thread (once per decision): the window keeps
        drawing while it thinks. The bot gets only its View and a sampler for its seat."""
        if self.thinking is not None and self.thinking["decision"] is d:
            return
        from doomlings_desktop.bots.reasons import reason
        from doomlings_desktop.rules.worlds import WorldSampler

        g = self.game
        job: dict = {"decision": d, "done": False, "answer": None, "error": None, "why": ""}
        view = view_for(g, d.player, with_log=False)
        sampler = WorldSampler(g, d.player)
        bot = self.bots[d.player]

        def work() -> None:
            try:
                job["answer"] = bot.decide(view, sampler)
                if len(d.options) > 1:      # a forced answer needs no reason
                    job["why"] = reason(view, job["answer"], self.db)
            except Exception as e:  # noqa: BLE001 - handed to the UI thread, which reports it
                job["error"] = e
            job["done"] = True

        self.thinking = job
        if getattr(bot, "name", "") in ("Random", "Easy"):
            work()       # instant: no thread needed
        else:
            threading.Thread(target=work, daemon=True).start()

    def _asks(self, seat: int) -> bool:
        return self.seats[seat].ask_out_of_turn and self.app.settings.ask_out_of_turn

    def _pace(self) -> float:
        return self.app.settings.bot_pace

    def _switch_viewer(self, seat: int) -> None:
        self.viewer = seat
        self.selected = None
        self.drag = None
        self.anim.reset()

    def apply(self, answer: Any, quiet: bool = False) -> bool:
        try:
            self.game.apply(answer)
        except IllegalAnswer as e:
            self.say(str(e))
            self.app.sounds.play("error")
            return False
        self.selected = None
        self.browse = False
        self._sound_log()
        self._persist()
        return True

    def seat_dicts(self) -> list[dict]:
        return [{"name": s.name, "kind": s.kind, "level": s.level, "ask": s.ask_out_of_turn}
                for s in self.seats]

    def _persist(self) -> None:
        """Autosave after every answer; a finished game goes to the statistics once."""
        from doomlings_desktop import saves, statistics

        if not self.autosave:
            return
        try:
            if self.game.over:
                if not self.finished:
                    self.finished = True
                    saves.finish(self.game, self.seat_dicts())     # first: Continue stops
                    statistics.record_result(self.game, self.seat_dicts())
            else:
                saves.save(self.game, self.seat_dicts())
        except OSError as e:
            self.say(f"Could not save the game: {e.strerror}", 5)
        except RecordError as e:      # a position set up by hand: say so once, not per move
            self.autosave = False
            self.say(f"Could not save the game: {e}", 5)

    def can_undo(self) -> bool:
        d = self.my_decision()
        return d is not None and self.game.can_undo() and not self.game.over

    def undo(self) -> None:
        """Take back my last answer of this turn (only if it revealed nothing)."""
        from doomlings_desktop.rules.record import make_record, replay

        if not self.can_undo():
            self.say("Nothing to undo: a card was drawn or revealed, or another player acted.")
            return
        rec = make_record(self.game, self.seat_dicts())
        self.game = replay(rec, self.db, upto=len(rec["answers"]) - 1)
        self._view_key = ()
        self.selected = None
        self.log_seen = len(self.game.log or [])
        self.bot_notes = {i: w for i, w in self.bot_notes.items() if i < self.log_seen}
        self.anim.reset()
        self._persist()
        self.say("Undone.", 1.5)

    def _sound_log(self) -> None:
        log = self.game.log or []
        played = set()
        for kind, *_ in log[self.log_seen:]:
            s = SOUND_OF.get(kind)
            if s and s not in played:
                played.add(s)
                self.app.sounds.play(s)
        self.log_seen = len(log)

    def say(self, text: str, seconds: float = 3.0) -> None:
        self.toast = (text, seconds)

    # ------------------------------------------------------------------ input

    def options_of(self, d: Any) -> list:
        return [o for o in d.options if o != "pass"] if d else []

    def handle(self, event: pygame.event.Event) -> None:
        if self.menu_open:
            super().handle(event)
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.menu_open = False
            return
        if self.zoom is not None:      # stays until the next click or key
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
                self.zoom = None
                self.swallow_up = event.type == pygame.MOUSEBUTTONDOWN
            return
        if self.swallow_up and event.type == pygame.MOUSEBUTTONUP:
            self.swallow_up = False    # the release of the click that closed the zoom
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.browse:
                self.browse = False
            else:
                self.menu_open = True
            return
        if self.game.over:
            if self.we_step < len(self._we_lines()) + 1.5 and (
                    (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or
                    (event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE,
                                                                    pygame.K_RETURN))):
                self.we_step = 1e9
                return
            super().handle(event)
            return
        if self.pass_needed:
            if (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (
                    event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE)):
                self.cleared = self.game.pending.player
                self._switch_viewer(self.cleared)
            return
        if event.type == pygame.MOUSEWHEEL and self.layout and self.layout.log.collidepoint(
                self.app.mouse):
            self.log_scroll = max(0, self.log_scroll + event.y * 3)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            hit = self.hit(event.pos)
            card = self._card_of(hit)
            if card is not None:
                self.zoom = card
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self.hit(event.pos)
            d = self.my_decision()
            if d and hit and hit[0] == "hand" and d.kind == "play" and hit[1] in d.options:
                r = self._target_rect(hit)
                self.drag = {"card": hit[1], "start": event.pos, "pos": event.pos,
                             "offset": (event.pos[0] - r.x, event.pos[1] - r.y) if r else (0, 0),
                             "moved": False}
            return
        if event.type == pygame.MOUSEMOTION and self.drag:
            self.drag["pos"] = event.pos
            sx, sy = self.drag["start"]
            if abs(event.pos[0] - sx) + abs(event.pos[1] - sy) > 8:
                self.drag["moved"] = True
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.drag and self.drag["moved"]:
                self._drop(event.pos)
                return
            self.drag = None
            if self._echo(event.pos):
                return
            before = self.game.pending
            self._click_up(event.pos)
            if self.game.pending is not before:
                self.answered_at = (self.time, event.pos)
            return
        if event.type == pygame.KEYDOWN:
            self.key(event)

    def _click_up(self, pos: tuple[int, int]) -> None:
        for b in reversed(self.buttons):
            if b.enabled and b.rect.collidepoint(pos):
                self.app.sounds.play("click")
                self.on_button(b.key)
                return
        self.click(self.hit(pos))

    def _echo(self, pos: tuple[int, int]) -> bool:
        """The second click of a double-click whose first click answered a question: it must
        not answer the next question, whose button may sit where the first one was."""
        if self.answered_at is None:
            return False
        at, (x, y) = self.answered_at
        near = abs(pos[0] - x) + abs(pos[1] - y) <= 12 * self.app.unit
        return near and self.time - at < DOUBLE_CLICK

    def hit(self, pos: tuple[int, int]) -> Any:
        for rect, action in reversed(self.targets):
            if rect.collidepoint(pos):
                return action
        return None

    def _target_rect(self, action: Any) -> Rect | None:
        for rect, a in self.targets:
            if a == action:
                return rect
        return None

    def _card_of(self, hit: Any) -> int | None:
        if not hit:
            return None
        if hit[0] in ("hand", "overlay_card"):
            return hit[1]
        if hit[0] == "strip":
            return hit[2]
        if hit[0] == "card":
            return hit[1]
        return None

    def _drop(self, pos: tuple[int, int]) -> None:
        card = self.drag["card"]
        self.drag = None
        d = self.my_decision()
        own = self.layout.panel_of(self.viewer).rect if self.layout else None
        if d and own and own.collidepoint(pos):
            self.apply(card)
            return
        reason = "Drop it on your trait pile to play it."
        self.say(reason)
        self.app.sounds.play("error")

    def click(self, hit: Any) -> None:
        d = self.my_decision()
        if hit is None:
            return
        if hit[0] == "discard_pile" and not (d and d.zone == "discard"):
            self.browse = not self.browse
            return
        if d is None:
            return
        opts = d.options
        value: Any = None
        if hit[0] == "hand" or hit[0] == "overlay_card":
            value = hit[1]
        elif hit[0] == "strip":
            value = hit[2]
        elif hit[0] == "panel":
            if d.kind == "player":
                value = hit[1]
            elif d.kind == "play" and self.selected is not None and hit[1] == self.viewer:
                self.apply(self.selected)
                return
        if value is None:
            return
        if value not in opts:
            if d.kind == "play" and hit[0] == "hand":
                self._refuse(value, d)
            return
        if self.selected == value:
            self.apply(value)
        else:
            self.selected = value

    def key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
            return
        d = self.my_decision()
        if d is None:
            return
        opts = self.options_of(d)
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN) and opts:
            step = 1 if event.key in (pygame.K_RIGHT, pygame.K_DOWN) else -1
            i = opts.index(self.selected) if self.selected in opts else -step
            self.selected = opts[(i + step) % len(opts)]
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.selected in d.options:
            self.apply(self.selected)
        elif event.key == pygame.K_SPACE and "pass" in d.options:
            self.apply("pass")
        elif event.unicode and event.unicode.isdigit() and event.unicode != "0":
            i = int(event.unicode) - 1
            if d.zone == "hand" and d.kind in ("play", "card") and self.view is not None:
                hand = list(self.view.hand)       # N means the Nth card from the left
                if i < len(hand):
                    if hand[i] in opts:
                        self.selected = hand[i]
                    else:
                        self._refuse(hand[i], d)
            elif i < len(opts):
                self.selected = opts[i]
        elif d.kind == "color" and event.unicode.lower() in COLOR_KEYS:
            c = COLOR_KEYS[event.unicode.lower()]
            if c in d.options:
                self.apply(c)
        elif d.kind == "yesno" and event.unicode.lower() in ("y", "n"):
            self.apply("yes" if event.unicode.lower() == "y" else "no")
        elif d.kind == "no_play" and event.unicode.lower() in ("s", "r"):
            self.apply("skip" if event.unicode.lower() == "s" else "redraw")

    def _refuse(self, card: int, d: Any) -> None:
        """A hand card that is not a legal answer: say why (the engine's reason for a play)."""
        why = self.view.why_not.get(card) if self.view and d.kind == "play" else None
        self.say(why or ("You cannot play that card now." if d.kind == "play"
                         else "You cannot choose that card now."))
        self.app.sounds.play("error")

    def on_button(self, key: Any) -> None:
        if isinstance(key, tuple) and key[0] == "answer":
            self.apply(key[1])
        elif isinstance(key, tuple) and key[0] == "select_player":
            if self.selected == key[1]:     # clicked again: confirmed, as with cards
                self.apply(key[1])
            else:
                self.selected = key[1]
        elif key == "confirm" and self.selected is not None:
            self.apply(self.selected)
        elif key == "undo":
            self.undo()
        elif key == "save":
            from doomlings_desktop import saves
            name = "Saved " + __import__("time").strftime("%Y-%m-%d %H.%M.%S")
            try:
                saves.save(self.game, self.seat_dicts(), name)
                self.say(f"Saved as '{name}'.")
            except OSError as e:
                self.say(f"Could not save: {e.strerror}", 5)
            except RecordError as e:
                self.say(f"Could not save: {e}", 5)
            self.menu_open = False
        elif key == "load":
            from doomlings_desktop.ui.menu import LoadScene
            self.menu_open = False
            self.app.go(LoadScene(self.app, back=self))
        elif key == "resume":
            self.menu_open = False
        elif key == "rules":
            from doomlings_desktop.ui.menu import RulesScene
            self.menu_open = False
            self.app.go(RulesScene(self.app, back=self))
        elif key == "settings":
            from doomlings_desktop.ui.menu import SettingsScene
            self.menu_open = False
            self.app.go(SettingsScene(self.app, back=self))
        elif key == "main_menu":
            from doomlings_desktop.ui.menu import MenuScene
            self.app.go(MenuScene(self.app))
        elif key == "new_game":
            from doomlings_desktop.ui.menu import NewGameScene
            self.app.go(NewGameScene(self.app))
        elif key == "quit":
            self.app.quit()

    # ------------------------------------------------------------------ drawing

    def _duration(self) -> float:
        return {"off": 0.0, "normal": 0.32, "fast": 0.14}.get(self.app.settings.animation, 0.32)

    def draw(self, surf: pygame.Surface) -> None:
        self.buttons = []
        self.face_up = set()
        self.app.art.db = self.db       # faces are cached by card id, so this costs nothing
        surf.fill(BG)
        u = self.app.unit
        if self.pass_needed:
            self._draw_pass(surf, u)
            self.view = None
            if self.menu_open:      # Esc works behind a pass screen too, and is seen
                self._draw_menu(surf, u)
            return
        w, h = surf.get_size()
        key = (len(self.game.answers), self.viewer, self.game.over, len(self.game.log or ()),
               self.private)
        if self._view_key != key or self.view is None:
            self.view = (view_for(self.game, self.viewer) if self.private
                         else public_view(self.game, self.viewer))
            self._view_key = key
        v = self.view
        lay = self.layout = table_layout(w, h, v.n, self.viewer)
        self.anim.begin()
        moving: list[tuple[pygame.Surface, Rect]] = []
        d = self.my_decision()
        self._draw_top(surf, v, lay, u)
        for panel in lay.panels:
            self._draw_panel(surf, v, lay, panel, d, u, moving)
        self._draw_center(surf, v, lay, d, u, moving)
        self._draw_hand(surf, v, lay, d, u, moving)
        self._draw_log(surf, v, lay, u)
        for img, r in moving:
            surf.blit(img, r)
        self.anim.end()
        self._draw_prompt(surf, v, lay, d, u)
        window = self._card_window(d)
        if window == "choice":
            self._draw_choice_overlay(surf, v, d, u)
        elif window == "react":
            self._draw_react(surf, v, d, u)
        elif window == "browse":
            self._draw_browse(surf, v, u)
        if self.drag and self.drag["moved"]:
            self._draw_drag(surf, lay, u)
        self._draw_hover(surf, v, u)
        if self.game.over:
            lines = self._we_lines()
            if self.we_step < len(lines) + 1.5:
                self._draw_world_end(surf, lines, u)
            else:
                self._draw_end(surf, v, u)
        self.draw_buttons(surf)
        if self.toast:
            self._draw_toast(surf, u)
        if self.menu_open:
            self._draw_menu(surf, u)
        if self.zoom is not None:
            self._draw_zoom(surf, u)

    def _card_window(self, d: Any) -> str | None:
        """The window of cards over the table, if any: a choice among the discard pile,
        revealed cards or catastrophes, an out-of-turn offer, or the discard pile browsed."""
        if d is not None and (d.zone in ("discard", "revealed") or d.kind == "catastrophe"):
            return "choice"
        if d is not None and d.kind == "react":
            return "react"
        return "browse" if self.browse else None

    def _draw_pass(self, surf: pygame.Surface, u: float) -> None:
        w, h = surf.get_size()
        seat = self.game.pending.player
        t = self.app.text
        msg = t.render(f"Pass to {self.name(seat)}", int(52 * u), ACCENT, bold=True)
        surf.blit(msg, msg.get_rect(center=(w // 2, h // 2 - int(30 * u))))
        sub = t.render("Click when ready — the other players look away.", int(22 * u), MUTED)
        surf.blit(sub, sub.get_rect(center=(w // 2, h // 2 + int(30 * u))))
        self.targets.append((Rect(0, 0, w, h), ("pass_screen", seat)))

    def _draw_top(self, surf: pygame.Surface, v: View, lay: TableLayout, u: float) -> None:
        t = self.app.text
        r = lay.top_bar
        pygame.draw.rect(surf, PANEL, r)
        age = self.db.cards[v.age] if v.age >= 0 else None
        x = r.x + int(12 * u)
        if age is not None:
            kind = "Catastrophe" if age.kind == "catastrophe" else "Age"
            label = t.render(f"{kind}: {age.name}", int(19 * u), ACCENT, bold=True)
            surf.blit(label, (x, r.centery - label.get_height() // 2))
            x += label.get_width() + int(14 * u)
            rule = age.text if age.kind != "catastrophe" else "No age rules this round."
            room = max(50, lay.log.x - x - int(260 * u))
            self._draw_rule(surf, rule, x, room, r, u)
        cats = t.render(f"Catastrophes {len(v.catastrophes)}/3   Ages left {v.age_deck_size}",
                        int(16 * u), INK)
        surf.blit(cats, cats.get_rect(midright=(lay.log.x - int(12 * u), r.centery)))
        ln = t.render("Game log", int(16 * u), MUTED, bold=True)
        surf.blit(ln, ln.get_rect(midleft=(lay.log.x + int(10 * u), r.centery)))

    def _draw_rule(self, surf: pygame.Surface, rule: str, x: int, room: int, bar: Rect,
                   u: float) -> None:
        """The age's rule in the top bar: one line, else two smaller ones, and an ellipsis if
        even that is short (the full text is on the age card and in the log)."""
        t = self.app.text
        size = int(15 * u)
        lines = t.wrap(rule, size, room)
        if len(lines) > 1:
            size = int(13 * u)
            lines = t.wrap(rule, size, room)
        rows = max(1, min(2, bar.h // max(1, t.font(size).get_linesize())))
        shown = lines[:rows]
        if len(lines) > rows:
            words = shown[-1].split(" ")
            while len(words) > 1 and t.font(size).size(" ".join(words) + "…")[0] > room:
                words.pop()
            shown[-1] = " ".join(words).rstrip(",;:.") + "…"
        h = t.font(size).get_linesize()
        y = bar.centery - h * len(shown) // 2
        for line in shown:
            surf.blit(t.render(line, size, INK), (x, y))
            y += h

    def _draw_panel(self, surf: pygame.Surface, v: View, lay: TableLayout, panel: Any, d: Any,
                    u: float, moving: list) -> None:
        t = self.app.text
        seat = panel.seat
        sv = v.seats[seat]
        mine = seat == self.viewer
        turn = seat == v.current and v.in_turn      # between rounds, no one's turn
        bg = PANEL_HI if turn else PANEL
        pygame.draw.rect(surf, bg, panel.rect.inflate(-int(4 * u), -int(4 * u)),
                         border_radius=int(10 * u))
        eligible_panel = d is not None and d.kind == "player" and seat in d.options
        drop_target = d is not None and d.kind == "play" and d.zone == "hand" and mine and (
            (self.drag and self.drag["moved"]) or self.selected is not None)
        if eligible_panel or drop_target:
            color = SELECT if self.selected == seat else GLOW
            pulse = 2 + int(2 * (1 + math.sin(self.time * 6)))
            pygame.draw.rect(surf, color, panel.rect.inflate(-int(4 * u), -int(4 * u)),
                             width=max(2, int(pulse * u)), border_radius=int(10 * u))
        self.targets.append((panel.rect, ("panel", seat)))
        hx = panel.header.x + int(6 * u)
        cy = panel.header.centery
        marks = ""
        if turn:
            marks += "▶ "           # whose turn it is
        # the name lights up for whoever decides now: the turn's player, or another player
        # answering during it (The Big One, a pile choice); secret offers show no one
        deciding = v.current if v.waiting_for is None else v.waiting_for
        name = t.render(marks + self.name(seat) + (" (you)" if mine and len(self.humans) > 1 else ""),
                        int(18 * u), ACCENT if seat == deciding and not v.over else INK, bold=True)
        surf.blit(name, (hx, cy - name.get_height() // 2))
        hx += name.get_width() + int(10 * u)
        if seat == v.first:
            badge = t.render("1st", int(13 * u), (20, 20, 20), bold=True)
            br = badge.get_rect(midleft=(hx, cy)).inflate(int(10 * u), int(4 * u))
            pygame.draw.rect(surf, ACCENT, br, border_radius=int(6 * u))
            surf.blit(badge, badge.get_rect(center=br.center))
            hx = br.right + int(10 * u)
        gp = t.render(f"GP {sv.gene_pool}", int(15 * u), (20, 20, 20), bold=True)
        gpr = gp.get_rect(midright=(panel.gene_pool.x - int(8 * u), cy)).inflate(int(10 * u),
                                                                                 int(4 * u))
        pygame.draw.rect(surf, (238, 232, 214), gpr, border_radius=int(6 * u))
        surf.blit(gp, gp.get_rect(center=gpr.center))
        self._draw_score_and_hand(surf, sv, hx, cy, gpr.x - hx - int(8 * u), u)
        self._draw_gene_pool(surf, seat, sv.gene_pool, panel.gene_pool, u)
        slots = self._slots(panel.pile, sv.colors, u)
        eligible = set(d.options) if d is not None and d.kind == "card" and d.zone == "pile" else set()
        for c, slot, col in zip(sv.pile, slots, sv.colors, strict=True):
            r, is_moving = self.anim.at(c, slot, panel.header, self._duration())
            img = self.app.art.strip(c, slot.w, slot.h, col)
            if is_moving:
                moving.append((self.app.art.strip(c, r.w, max(4, r.h), col), r))
            else:
                surf.blit(img, r)
            if c in eligible:
                pulse = 1 + int(2 * (1 + math.sin(self.time * 6)))
                pygame.draw.rect(surf, SELECT if self.selected == c else GLOW, slot.inflate(2, 2),
                                 width=max(2, int(pulse * u)), border_radius=int(4 * u))
            self.targets.append((slot, ("strip", seat, c)))
        if not sv.pile:
            empty = t.render("no traits yet", int(14 * u), MUTED)
            surf.blit(empty, empty.get_rect(center=panel.pile.center))

    def _draw_score_and_hand(self, surf: pygame.Surface, sv: Any, x: int, cy: int, room: int,
                             u: float) -> None:
        """'Score 30   Hand 6' on one line, or the same words on two smaller lines when the
        badges leave too little room: the words stay the same whatever the header holds."""
        t = self.app.text
        one = f"Score {sv.score}   Hand {sv.hand_size}"
        lines = [one]
        size = int(15 * u)
        if t.font(size).size(one)[0] > room:
            lines = [f"Score {sv.score}", f"Hand {sv.hand_size}"]
            for size in (int(13 * u), int(12 * u), int(11 * u)):
                if max(t.font(size).size(s)[0] for s in lines) <= room:
                    break
            else:       # a last resort, narrower than any window size makes a header
                lines = [f"{sv.score}p · {sv.hand_size}c"]
        step = t.font(size).get_linesize() - int(2 * u)
        y = cy - (step * len(lines) + int(2 * u)) // 2
        for line in lines:
            surf.blit(t.render(line, size, INK), (x, y))
            y += step

    def _slots(self, area: Rect, colors: tuple, u: float) -> list[Rect]:
        key = ("slots", tuple(area), colors, u)
        got = self.app.text.cache.get(key)
        if got is None:
            got = self.app.text.cache[key] = pile_slots(area, list(colors), u)
        return got

    def _draw_gene_pool(self, surf: pygame.Surface, seat: int, value: int, r: Rect,
                        u: float) -> None:
        """The gene pool card: a dial with 1-8 around it, turning so the value is on top."""
        target = -(max(0, min(9, value)) - 1) * 45.0
        cur = self.gp_angle.get(seat, target)
        speed = 540 * (0 if self.app.settings.animation == "off" else 1)
        step = speed / 60 if speed else 999
        cur = target if abs(target - cur) <= step else cur + math.copysign(step, target - cur)
        self.gp_angle[seat] = cur
        size = r.h
        key = ("gp", size)
        base = self.app.text.cache.get(key)
        if base is None:   # drawn at 4x and scaled down, so the small numbers stay crisp
            big = size * 4
            base = pygame.Surface((big, big), pygame.SRCALPHA)
            c = big // 2
            pygame.draw.circle(base, (238, 232, 214), (c, c), int(c * 0.97))
            pygame.draw.circle(base, (120, 96, 60), (c, c), int(c * 0.97), max(2, big // 28))
            for k in range(8):
                ang = math.radians(90 - k * 45)
                num = self.app.text.render(str(k + 1), int(big * 0.24), (60, 40, 20), bold=True)
                num = pygame.transform.rotate(num, -k * 45)
                pos = (c + math.cos(ang) * c * 0.66, c - math.sin(ang) * c * 0.66)
                base.blit(num, num.get_rect(center=pos))
            self.app.text.cache[key] = base
        rkey = ("gp_rot", size, int(round(cur)))
        img = self.app.text.cache.get(rkey)
        if img is None:
            img = self.app.text.cache[rkey] = pygame.transform.rotozoom(base, -round(cur), 0.25)
        surf.blit(img, img.get_rect(center=r.center))
        pygame.draw.polygon(surf, ACCENT, [(r.centerx - size // 6, r.top - size // 8),
                                           (r.centerx + size // 6, r.top - size // 8),
                                           (r.centerx, r.top + size // 8)])
        if value < 1 or value > 8:
            tip = self.app.text.render(str(value), int(size * 0.5), BAD, bold=True)
            surf.blit(tip, tip.get_rect(center=r.center))
        self.targets.append((r, ("gene_pool", seat)))

    def _draw_center(self, surf: pygame.Surface, v: View, lay: TableLayout, d: Any, u: float,
                     moving: list) -> None:
        t = self.app.text
        art = self.app.art
        surf.blit(art.back("trait", lay.deck.w, lay.deck.h), lay.deck)
        self._count(surf, lay.deck, f"Deck {v.deck_size}", u)
        self.targets.append((lay.deck, ("deck",)))
        if v.discard:
            top = v.discard[-1]
            surf.blit(art.face(top, lay.discard.w, lay.discard.h), lay.discard)
            self.targets.append((lay.discard, ("card", top)))
        else:
            pygame.draw.rect(surf, PANEL, lay.discard, border_radius=int(8 * u))
        self.targets.append((lay.discard, ("discard_pile",)))
        self._count(surf, lay.discard, f"Discard {len(v.discard)}", u)
        if v.age >= 0:
            surf.blit(art.face(v.age, lay.age.w, lay.age.h), lay.age)
            self.targets.append((lay.age, ("card", v.age)))
        if v.next_age is not None:       # below the age card, in the row of the counts
            s = t.render(f"Next: {self.db.cards[v.next_age].name}", int(13 * u), ACCENT,
                         bold=True)
            box = s.get_rect(topleft=(lay.age.x, lay.age.bottom - int(2 * u)))
            box = box.inflate(int(8 * u), 0).move(int(4 * u), 0)
            pygame.draw.rect(surf, (0, 0, 0), box, border_radius=int(4 * u))
            surf.blit(s, s.get_rect(center=box.center))

    def _count(self, surf: pygame.Surface, r: Rect, label: str, u: float) -> None:
        # no wider than its card, so neighbouring labels never touch
        size = self.app.text.fit(label, int(13 * u), r.w, int(9 * u), bold=True)
        s = self.app.text.render(label, size, INK, bold=True)
        box = s.get_rect(midtop=(r.centerx, r.bottom - int(2 * u))).inflate(int(8 * u), 0)
        box.bottom = min(box.bottom, r.bottom + s.get_height())
        pygame.draw.rect(surf, (0, 0, 0), box, border_radius=int(4 * u))
        surf.blit(s, s.get_rect(center=box.center))

    def _draw_hand(self, surf: pygame.Surface, v: View, lay: TableLayout, d: Any, u: float,
                   moving: list) -> None:
        art = self.app.art
        hand = list(v.hand)
        slots = hand_slots(lay.hand, len(hand), lay.card_w, lay.card_h)
        active = d is not None and (d.kind == "play" and d.zone == "hand" or
                                    d.kind == "card" and d.zone == "hand")
        origin = Rect(lay.deck)
        for c, slot in zip(hand, slots, strict=True):
            if self.drag and self.drag["moved"] and self.drag["card"] == c:
                self.targets.append((slot, ("hand", c)))
                continue
            lift = int(18 * u) if self.selected == c else 0
            target = slot.move(0, -lift)
            r, is_moving = self.anim.at(("h", c), target, origin, self._duration())
            img = art.face(c, slot.w, slot.h)
            self.face_up.add(c)
            if is_moving:
                moving.append((pygame.transform.smoothscale(img, (max(1, r.w), max(1, r.h))), r))
                self.targets.append((r, ("hand", c)))
                continue
            surf.blit(img, r)
            if active and c not in d.options:
                shade = pygame.Surface(r.size, pygame.SRCALPHA)
                shade.fill((10, 12, 16, 150))
                surf.blit(shade, r)
            elif active:
                color = SELECT if self.selected == c else GLOW
                pygame.draw.rect(surf, color, r.inflate(4, 4), width=max(2, int(3 * u)),
                                 border_radius=int(8 * u))
            self.targets.append((r, ("hand", c)))
        if not hand:
            s = self.app.text.render("Your hand is empty" if self.private else
                                     "Hands stay hidden until the next player takes the seat",
                                     int(16 * u), MUTED)
            surf.blit(s, s.get_rect(center=lay.hand.center))

    def _draw_log(self, surf: pygame.Surface, v: View, lay: TableLayout, u: float) -> None:
        t = self.app.text
        r = lay.log
        pygame.draw.rect(surf, (18, 22, 28), r)
        size = int(14 * u)
        line_h = int(19 * u)
        width = r.w - int(16 * u)
        key = (len(v.log), size, width, self.viewer, len(self.bot_notes))
        if self._log_lines[0] != key:
            lines: list[tuple[str, tuple]] = []
            indent = t.font(size).size("  ")[0]
            start = max(0, len(v.log) - 150)
            for i, (kind, text) in enumerate(v.log[start:], start):
                color = ACCENT if kind in ("age", "catastrophe", "world_end", "winner") else INK
                for j, line in enumerate(t.wrap(text, size, width - indent)):
                    lines.append(("  " + line if j else line, color))   # fits with its indent
                why = self.bot_notes.get(i)
                if why:
                    for line in t.wrap(f"({why})", size, width - indent):
                        lines.append(("  " + line, MUTED))
            self._log_lines = (key, lines)
        lines = self._log_lines[1]
        rows = max(1, (r.h - int(10 * u)) // line_h)
        self.log_scroll = min(self.log_scroll, max(0, len(lines) - rows))
        end = len(lines) - self.log_scroll
        shown = lines[max(0, end - rows):end]
        y = r.y + int(6 * u)
        for line, color in shown:
            surf.blit(t.render(line, size, color), (r.x + int(8 * u), y))
            y += line_h
        self.targets.append((r, ("log",)))

    def _prompt_text(self, v: View, d: Any) -> str:
        g = self.game
        p = g.pending
        if v.over:
            return "The world has ended."
        if d is None:
            if p is None or p.kind == "react" and v.waiting_for is None:
                return ""       # a secret out-of-turn offer: naming its player would tell
            if p.player in self.bots:
                level = self.seats[p.player].level
                return f"{self.name(p.player)} ({level} bot) is thinking..."
            return f"Waiting for {self.name(p.player)}..."
        if d.kind == "play" and d.zone == "hand" and d.prompt == "Play a trait":
            return "Your turn: drag a trait onto your pile (or click it, then your pile)."
        return d.prompt

    def _draw_prompt(self, surf: pygame.Surface, v: View, lay: TableLayout, d: Any,
                     u: float) -> None:
        t = self.app.text
        r = lay.prompt
        if d is not None and not v.over and d.card >= 0 and d.kind != "play" \
                and d.card != v.age:     # a catastrophe asking is already the age card
            # The card whose effect or cost asks this, beside the question (zoomable)
            th = r.h
            tw = int(th * 0.72)
            thumb = Rect(r.x, r.y, tw, th)
            surf.blit(self.app.art.face(d.card, tw, th), thumb)
            self.targets.append((thumb, ("card", d.card)))
            r = Rect(r.x + tw + int(12 * u), r.y, r.w - tw - int(12 * u), r.h)
        y = r.y
        for line in t.wrap(self._prompt_text(v, d), int(18 * u), r.w)[:2]:
            surf.blit(t.render(line, int(18 * u), INK, bold=True), (r.x, y))
            y += int(24 * u)
        if d is None or v.over:
            return
        bh = int(38 * u)
        by = r.bottom - bh - int(4 * u)
        labels: list[tuple[str, Any, str]] = []
        if d.kind == "no_play":
            labels = [("Skip turn", "skip", "s"), ("Discard hand, draw 3", "redraw", "r")]
        elif d.kind == "yesno":
            labels = [("Yes", "yes", "y"), ("No", "no", "n")]
        elif d.kind == "color":
            labels = [(c.capitalize(), c, c[0]) for c in d.options if c != "pass"]
        elif d.kind == "player":
            labels = [(self.name(s), s, "") for s in d.options]
        x = r.x
        for label, ans, hot in labels:
            bw = max(int(90 * u), t.font(int(17 * u), True).size(label)[0] + int(28 * u))
            key = ("select_player", ans) if d.kind == "player" else ("answer", ans)
            self.buttons.append(Button(Rect(x, by, bw, bh), label, key, True, hot,
                                       tone=_tone(ans)))
            x += bw + int(8 * u)
        if d.kind in ("card", "player", "play", "catastrophe") and d.kind != "react":
            ok = self.selected is not None and self.selected in d.options
            label = "Play" if d.kind == "play" else "Confirm"
            self.buttons.append(Button(Rect(x, by, int(110 * u), bh), label, "confirm", ok, "",
                                       tone=(60, 110, 70)))
            x += int(118 * u)
        if "pass" in d.options:
            label = "Done" if d.kind == "card" else "Pass"
            self.buttons.append(Button(Rect(x, by, int(100 * u), bh), label, ("answer", "pass")))
            x += int(108 * u)
        if self.can_undo():
            self.buttons.append(Button(Rect(r.right - int(110 * u), by, int(110 * u), bh), "Undo",
                                       "undo", True, "", tone=(90, 80, 50)))

    def _draw_overlay_cards(self, surf: pygame.Surface, title: str, cards: list[int],
                            eligible: set, u: float, captions: list[str] | None = None) -> None:
        """Cards laid out in rows over a shaded table, each with an optional caption below."""
        w, h = surf.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 170))
        surf.blit(shade, (0, 0))
        t = self.app.text
        s = t.render(title, int(24 * u), ACCENT, bold=True)
        surf.blit(s, s.get_rect(midtop=(w // 2, int(70 * u))))
        ch = int(200 * u)
        cw = int(ch * 0.72)
        gap = int(12 * u) + (int(26 * u) if captions else 0)     # below each row
        per_row = max(1, min(len(cards), (w - int(80 * u)) // (cw + int(12 * u))))
        rows = -(-len(cards) // per_row) if cards else 1
        if rows * (ch + gap) > h - int(220 * u):
            ch = max(int(60 * u), (h - int(220 * u)) // rows - gap)
            cw = int(ch * 0.72)
            per_row = max(1, (w - int(80 * u)) // (cw + int(12 * u)))
        x0 = (w - min(len(cards), per_row) * (cw + int(12 * u))) // 2
        for i, c in enumerate(cards):
            rr, cc = divmod(i, per_row)
            r = Rect(x0 + cc * (cw + int(12 * u)), int(120 * u) + rr * (ch + gap), cw, ch)
            surf.blit(self.app.art.face(c, cw, ch), r)
            if captions:
                cap = t.render(t.wrap(captions[i], int(15 * u), cw + int(10 * u))[0],
                               int(15 * u), INK)
                surf.blit(cap, cap.get_rect(midtop=(r.centerx, r.bottom + int(6 * u))))
            if eligible and c not in eligible:
                dim = pygame.Surface(r.size, pygame.SRCALPHA)
                dim.fill((0, 0, 0, 150))
                surf.blit(dim, r)
            elif eligible:
                pygame.draw.rect(surf, SELECT if self.selected == c else GLOW, r.inflate(4, 4),
                                 width=max(2, int(3 * u)), border_radius=int(8 * u))
            self.targets.append((r, ("overlay_card", c)))

    def _draw_choice_overlay(self, surf: pygame.Surface, v: View, d: Any, u: float) -> None:
        cards = [c for c in d.options if c != "pass"]
        if d.zone == "discard":
            shown = list(dict.fromkeys(reversed(v.discard)))
            self._draw_overlay_cards(surf, d.prompt, shown, set(cards), u)
        else:
            src = d.sources
            caps = ([f"from {self.name(q)}" for q, c in zip(src, d.options, strict=True)
                     if c != "pass"] if src else None)
            self._draw_overlay_cards(surf, d.prompt, cards, set(cards), u, caps)

    def _draw_react(self, surf: pygame.Surface, v: View, d: Any, u: float) -> None:
        cards = [c for c in d.options if c != "pass"]
        self._draw_overlay_cards(surf, d.prompt, cards, set(cards), u)
        w, h = surf.get_size()
        bh = int(46 * u)
        x = w // 2 - int(220 * u)
        for c in cards[:2]:
            self.buttons.append(Button(Rect(x, h - int(120 * u), int(210 * u), bh),
                                       f"Play {self.db.name(c)}", ("answer", c), True, "",
                                       tone=(60, 110, 70)))
            x += int(220 * u)
        self.buttons.append(Button(Rect(x, h - int(120 * u), int(140 * u), bh), "Pass",
                                   ("answer", "pass"), True, ""))

    def _draw_browse(self, surf: pygame.Surface, v: View, u: float) -> None:
        self._draw_overlay_cards(surf, f"Discard pile ({len(v.discard)} cards, newest first)"
                                 " — click or Esc to close", list(reversed(v.discard)), set(), u)
        w, h = surf.get_size()
        self.targets.append((Rect(0, 0, w, int(110 * u)), ("discard_pile",)))

    def _draw_drag(self, surf: pygame.Surface, lay: TableLayout, u: float) -> None:
        c = self.drag["card"]
        x, y = self.drag["pos"]
        ox, oy = self.drag["offset"]
        img = self.app.art.face(c, lay.card_w, lay.card_h)
        surf.blit(img, (x - ox, y - oy))

    def _draw_hover(self, surf: pygame.Surface, v: View, u: float) -> None:
        hit = self.hit(self.app.mouse)
        if hit != self.hover_key:
            self.hover_key = hit
            self.hover_since = self.time
        window = self._card_window(self.my_decision())
        if not hit or self.drag or self.zoom is not None or window and hit[0] == "strip":
            return          # a pile card's preview never covers a window of cards
        card = self._card_of(hit)
        t = self.app.text
        if hit[0] == "hand" and card in v.why_not and self.time - self.hover_since > 0.25:
            s = t.render(v.why_not[card], int(15 * u), INK)
            mx, my = self.app.mouse
            box = s.get_rect(midbottom=(mx, my - int(14 * u))).inflate(int(14 * u), int(8 * u))
            box.clamp_ip(surf.get_rect())
            pygame.draw.rect(surf, (60, 30, 30), box, border_radius=int(6 * u))
            surf.blit(s, s.get_rect(center=box.center))
        elif hit[0] == "strip" and self.time - self.hover_since > 0.45:
            ch = int(260 * u)
            cw = int(ch * 0.72)
            mx, my = self.app.mouse
            r = Rect(mx + int(16 * u), my - ch // 2, cw, ch)
            r.clamp_ip(surf.get_rect())
            surf.blit(self.app.art.face(card, cw, ch), r)

    def _we_lines(self) -> list[tuple[str, str]]:
        log = self.view.log if self.view else ()
        start = max((i for i, (k, _) in enumerate(log) if k == "world_end"), default=len(log))
        return [e for e in log[start:] if e[0] != "winner"]

    def _draw_world_end(self, surf: pygame.Surface, lines: list, u: float) -> None:
        """World's End, one event at a time, then the scores (a click skips ahead)."""
        w, h = surf.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((10, 0, 0, 190))
        surf.blit(shade, (0, 0))
        t = self.app.text
        title = t.render("World's End", int(48 * u), BAD, bold=True)
        surf.blit(title, title.get_rect(midtop=(w // 2, int(60 * u))))
        y = int(140 * u)
        shown = lines[1:1 + int(self.we_step)]
        for kind, text in shown[-14:]:
            color = ACCENT if kind in ("we_catastrophe", "catastrophe") else INK
            for line in t.wrap(text, int(20 * u), int(w * 0.6)):
                s = t.render(line, int(20 * u), color)
                surf.blit(s, s.get_rect(midtop=(w // 2, y)))
                y += int(28 * u)
        hint = t.render("Click to see the scores", int(15 * u), MUTED)
        surf.blit(hint, hint.get_rect(midbottom=(w // 2, h - int(30 * u))))
        self.targets.append((Rect(0, 0, w, h), ("world_end",)))

    def _draw_end(self, surf: pygame.Surface, v: View, u: float) -> None:
        w, h = surf.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surf.blit(shade, (0, 0))
        t = self.app.text
        labels: list[str] = []
        for lines in v.breakdowns:
            for label, _ in lines:
                if label not in labels:
                    labels.append(label)
        # The table fits the panel, and the panel the window, whatever the seats and rows:
        # six players and a dozen bonus rows at 1280 x 720 included.
        size = int(17 * u)
        label_w = max((t.font(size).size(lab)[0] for lab in labels + ["Total"]), default=0)
        panel_w = min(w - int(24 * u), max(int(w * 0.76), label_w + int(80 * u) + v.n * int(130 * u)))
        panel = Rect((w - panel_w) // 2, int(24 * u), panel_w, h - int(48 * u))
        pygame.draw.rect(surf, BG, panel, border_radius=int(16 * u))
        pygame.draw.rect(surf, ACCENT, panel, width=max(2, int(3 * u)), border_radius=int(16 * u))
        names = " and ".join(self.name(s) for s in v.winners)
        title = t.render(f"{names} win{'s' if len(v.winners) == 1 else ''}!", int(44 * u),
                         ACCENT, bold=True)
        surf.blit(title, title.get_rect(midtop=(w // 2, int(50 * u))))
        col0 = label_w + int(24 * u)
        colw = min(int(150 * u), (panel.w - int(40 * u) - col0) // max(1, v.n))
        x0 = panel.x + (panel.w - col0 - colw * v.n) // 2
        y = int(130 * u)
        room = h - int(90 * u) - int(16 * u) - int(40 * u) - (int(30 * u) if v.tiebreak else 0)
        row_h = max(1, min(int(28 * u), (room - y - int(40 * u)) // max(1, len(labels))))
        rsize = min(size, max(int(9 * u), int(row_h / 1.3)))
        for s in range(v.n):
            hs = t.fit(self.name(s), size, colw - int(6 * u), int(10 * u), bold=True)
            head = t.render(self.name(s), hs, INK, bold=True)
            surf.blit(head, head.get_rect(midtop=(x0 + col0 + colw * s + colw // 2, y)))
        y += int(34 * u)
        for label in labels:
            surf.blit(t.render(label, rsize, MUTED), (x0, y))
            for s in range(v.n):
                pts = sum(p for lab, p in v.breakdowns[s] if lab == label)
                if pts:
                    cell = t.render(f"{pts:+d}" if label != "Face values" else str(pts), rsize,
                                    GOOD if pts > 0 else BAD)
                    surf.blit(cell, cell.get_rect(midtop=(x0 + col0 + colw * s + colw // 2, y)))
            y += row_h
        pygame.draw.line(surf, MUTED, (x0, y), (x0 + col0 + colw * v.n, y), max(1, int(2 * u)))
        y += int(6 * u)
        surf.blit(t.render("Total", size, INK, bold=True), (x0, y))
        for s in range(v.n):
            total = t.render(str(v.scores[s]), int(22 * u), ACCENT if s in v.winners else INK,
                             bold=True)
            surf.blit(total, total.get_rect(midtop=(x0 + col0 + colw * s + colw // 2, y)))
        y += int(40 * u)
        if v.tiebreak:
            tb = ", ".join(f"{self.name(s)} drew {val}" for s, val in v.tiebreak)
            line = t.render(f"Tiebreak (highest face value drawn wins): {tb}", int(16 * u), INK)
            surf.blit(line, line.get_rect(midtop=(w // 2, y)))
        bw, bh = int(200 * u), int(50 * u)
        self.buttons.append(Button(Rect(w // 2 - bw - int(10 * u), h - int(90 * u), bw, bh),
                                   "New game", "new_game", True, "n", tone=(60, 110, 70)))
        self.buttons.append(Button(Rect(w // 2 + int(10 * u), h - int(90 * u), bw, bh),
                                   "Main menu", "main_menu", True, "m"))

    def _draw_toast(self, surf: pygame.Surface, u: float) -> None:
        w, h = surf.get_size()
        s = self.app.text.render(self.toast[0], int(18 * u), INK, bold=True)
        box = s.get_rect(center=(w // 2 - int(w * 0.1), int(h * 0.62))).inflate(int(24 * u),
                                                                                  int(14 * u))
        pygame.draw.rect(surf, (90, 40, 40), box, border_radius=int(8 * u))
        surf.blit(s, s.get_rect(center=box.center))

    def _draw_menu(self, surf: pygame.Surface, u: float) -> None:
        w, h = surf.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 180))
        surf.blit(shade, (0, 0))
        self.buttons = []
        bw, bh = int(280 * u), int(50 * u)
        items = [("Resume", "resume"), ("Save game", "save"), ("Load game", "load"),
                 ("Rules", "rules"), ("Settings", "settings"), ("Main menu", "main_menu"),
                 ("Quit", "quit")]
        for i, (label, key) in enumerate(items):
            self.buttons.append(Button(Rect((w - bw) // 2, int(h * 0.18) + i * int(bh * 1.3), bw,
                                            bh), label, key, not (key == "save" and self.game.over)))
        self.draw_buttons(surf)

    def _draw_zoom(self, surf: pygame.Surface, u: float) -> None:
        w, h = surf.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 160))
        surf.blit(shade, (0, 0))
        ch = int(h * 0.8)
        cw = int(ch * 0.72)
        r = Rect((w - cw) // 2, (h - ch) // 2, cw, ch)
        surf.blit(self.app.art.face(self.zoom, cw, ch), r)


def _tone(ans: Any) -> tuple | None:
    return {"red": (150, 60, 60), "blue": (60, 90, 160), "green": (60, 130, 80),
            "purple": (120, 70, 150)}.get(ans) if isinstance(ans, str) else None


REPLAY_REFUSED = ("Replays of unfinished pass-and-play games would show hands: "
                  "finish the game first")


def replay_seats(kinds: list[str], over: bool) -> list[int]:
    """The seats a game record may be replayed from; none means no replay at all.

    A replay can step to the last answer, where the hands are the ones still in play. A
    finished game or a game of bots hides nothing from anyone, so every seat may be watched;
    an unfinished game with one human shows only that human's own hands; an unfinished
    pass-and-play game would show each human the others' current hands, so it is refused."""
    humans = [i for i, k in enumerate(kinds) if k == "human"]
    if over or not humans:
        return list(range(len(kinds)))
    return humans if len(humans) == 1 else []


class ReplayScene(TableScene):
    """Step through a game record forward and back, seen from the seats `replay_seats` allows.
    Raises ValueError (REPLAY_REFUSED) for a record that may not be replayed at all."""

    def __init__(self, app: Any, record: dict, seats: list[SeatConfig], back: Scene) -> None:
        from doomlings_desktop.rules.record import replay

        db = default_database()
        # the whole game decides the policy, not the file's own 'over' flag
        self.allowed = replay_seats([s.kind for s in seats], replay(record, db, log=False).over)
        if not self.allowed:
            raise ValueError(REPLAY_REFUSED)
        self.record = record
        self.pos = 0
        self._replay = replay
        game = replay(record, db, upto=0)
        super().__init__(app, seats, record["seed"], game=game)
        self.autosave = False
        self.bots = {}
        self.back = back
        # the humans' seats first: seat 0 may be a bot, or a seat this replay may not show
        self.viewer = self.cleared = next((s for s in self.allowed if s in self.humans),
                                          self.allowed[0])

    @property
    def pass_needed(self) -> bool:
        return False

    def my_decision(self) -> Any:
        return None

    def update(self, dt: float) -> None:
        self.time += dt
        self.anim.tick(dt)

    def goto(self, pos: int) -> None:
        pos = max(0, min(len(self.record["answers"]), pos))
        if pos != self.pos:
            self.pos = pos
            self.game = self._replay(self.record, self.db, upto=pos)
            self._view_key = ()
            self.we_step = 1e9

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            k = event.key
            if k == pygame.K_ESCAPE:
                self.app.go(self.back)
            elif k == pygame.K_RIGHT:
                self.goto(self.pos + 1)
            elif k == pygame.K_LEFT:
                self.goto(self.pos - 1)
            elif k == pygame.K_HOME:
                self.goto(0)
            elif k == pygame.K_END:
                self.goto(len(self.record["answers"]))
            elif k == pygame.K_TAB:
                self.on_button("seat")
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for b in reversed(self.buttons):
                if b.enabled and b.rect.collidepoint(event.pos):
                    self.on_button(b.key)
                    return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            card = self._card_of(self.hit(event.pos))
            if card is not None:
                self.zoom = card
        elif self.zoom is not None and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.zoom = None

    def on_button(self, key: Any) -> None:
        steps = {"first": -10**9, "back10": -10, "back": -1, "fwd": 1, "fwd10": 10, "last": 10**9}
        if key in steps:
            self.goto(self.pos + steps[key])
        elif key == "seat":
            if len(self.allowed) > 1:
                at = self.allowed.index(self.viewer) if self.viewer in self.allowed else -1
                self._switch_viewer(self.allowed[(at + 1) % len(self.allowed)])
                self.cleared = self.viewer
        elif key == "close":
            self.app.go(self.back)
        else:
            super().on_button(key)

    def draw(self, surf: pygame.Surface) -> None:
        super().draw(surf)
        u = self.app.unit
        w, h = surf.get_size()
        bar = Rect(0, h - int(54 * u), int(w * 0.8), int(54 * u))
        pygame.draw.rect(surf, (12, 14, 18), bar)
        t = self.app.text
        label = t.render(f"Replay: answer {self.pos} of {len(self.record['answers'])}, "
                         f"seen by {self.name(self.viewer)}", int(16 * u), INK, bold=True)
        surf.blit(label, (bar.x + int(12 * u), bar.centery - label.get_height() // 2))
        self.buttons = []
        x = bar.x + int(440 * u)
        keys = [("|<", "first"), ("<<", "back10"), ("<", "back"), (">", "fwd"),
                (">>", "fwd10"), (">|", "last"), ("Seat", "seat"), ("Close", "close")]
        if len(self.allowed) < 2:       # one seat to watch: nothing to switch to
            keys.remove(("Seat", "seat"))
        for lab, key in keys:
            bw = int(62 * u) if len(lab) <= 2 else int(90 * u)
            self.buttons.append(Button(Rect(x, bar.y + int(8 * u), bw, bar.h - int(16 * u)), lab,
                                       key))
            x += bw + int(6 * u)
        self.draw_buttons(surf)
