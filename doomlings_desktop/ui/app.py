"""The window, the main loop and the scenes, plus the few widgets every scene uses.

`App.frame(events)` runs one frame on the events given, which is how tests drive the real loop
with posted pygame events; `App.run()` is the loop a player gets. The loop draws only while
something moves (`Scene.busy`) or input arrives, and otherwise sleeps until input comes, so an
idle window costs next to no CPU; scenes get real elapsed seconds as `dt`.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from doomlings_desktop.lru import LRU
from doomlings_desktop.storage.settings import WINDOW_MIN, Settings
from doomlings_desktop.ui import focus, keys, theme
from doomlings_desktop.ui.focus import PRESSED, FocusRing
from doomlings_desktop.ui.fonts import safe_render, safe_size
from doomlings_desktop.ui.present import Presenter, prefer_native_framebuffer
from doomlings_desktop.ui.theme import (  # noqa: F401 - the scenes import these from here too
    ACCENT,
    BAD,
    BG,
    BLACK,
    BUTTON_OFF,
    EDGE,
    GOOD,
    INK,
    MUTED,
    PANEL,
    PANEL_HI,
)
from doomlings_desktop.ui.windowsize import opening_size

FPS = 60            # the most frames a second the loop draws
IDLE_WAIT = 0.5     # an idle scene still gets update() this often: timers, a finished bot thread
IDLE_REDRAW = 2.0   # and a full redraw this often, in case a scene's busy() misses a change
IDLE_POLL = 0.02    # an idle loop looks for input this often: at most 20 ms late, ~1% of a core
MAX_DT = 1.0        # a longer gap (machine suspended, window dragged) counts as this much time


def elide(t: Any, s: str, size: int, width: int, bold: bool = False) -> str:
    """`s`, or as much of it as fits `width` pixels with an ellipsis (the full text is
    elsewhere: the log, a tooltip, a menu)."""
    f = t.font(size, bold)
    if f.size(s)[0] <= width:
        return s
    while len(s) > 1 and f.size(s + "…")[0] > width:
        s = s[:-1]
    return s.rstrip() + "…"


TEXT_CACHE = 3000      # rendered strings, wrapped paragraphs: a busy table uses about 1,200


class Text:
    """Cached text rendering: the same string at the same size is rendered once. Any str
    can be drawn, measured and wrapped without raising (ui/fonts.py `safe_render`): NUL, lone
    surrogates, only zero-width characters, a million characters. One bounded cache
    (`lru.LRU`) holds the rendered strings and the wrapped paragraphs: whatever goes in, it
    never holds more than TEXT_CACHE entries."""

    def __init__(self) -> None:
        self.cache: LRU = LRU(TEXT_CACHE)

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """DejaVu Sans at `size` pixels, never under MIN_TEXT_PX (ui/fonts.py): whatever a
        layout asks for, at any window size and UI scale, the text stays readable."""
        try:
            from doomlings_desktop.ui.fonts import MIN_TEXT_PX, font
            return font(max(MIN_TEXT_PX, size), bold=bold)
        except Exception:  # noqa: BLE001 - a missing bundled font must not stop the game
            return pygame.font.Font(None, max(15, int(size * 1.3)))

    def render(self, s: str, size: int, color: tuple = INK, bold: bool = False) -> pygame.Surface:
        key = (s, size, color, bold)
        surf = self.cache.get(key)      # a use: moves it to the newest end
        if surf is None:
            surf = self.cache[key] = safe_render(self.font(size, bold), s, True, color)
        return surf

    def fit(self, s: str, size: int, width: int, smallest: int, bold: bool = False) -> int:
        """The largest size from `size` down to `smallest` (never under MIN_TEXT_PX) at which
        `s` is no wider than `width` (that smallest when none is)."""
        from doomlings_desktop.ui.fonts import MIN_TEXT_PX
        smallest = max(smallest, MIN_TEXT_PX)
        while size > smallest and safe_size(self.font(size, bold), s)[0] > width:
            size -= 1
        return size

    def wrap(self, s: str, size: int, width: int, bold: bool = False) -> list[str]:
        key = ("wrap", s, size, width, bold)
        hit = self.cache.get(key)
        if hit is not None:
            return hit
        lines = self._wrap(s, size, width, bold)
        self.cache[key] = lines
        return lines

    def _wrap(self, s: str, size: int, width: int, bold: bool) -> list[str]:
        f = self.font(size, bold)
        lines: list[str] = []
        for para in s.split("\n"):
            words = para.split(" ")
            line = ""
            for w in words:
                trial = f"{line} {w}".strip()
                if safe_size(f, trial)[0] <= width or not line:
                    line = trial
                else:
                    lines.append(line)
                    line = w
            lines.append(line)
        return lines


class Button:
    """A clickable label; `key` is what the scene receives when it is clicked."""

    def __init__(self, rect: pygame.Rect, label: str, key: Any, enabled: bool = True,
                 hotkey: str = "", tone: tuple | None = None, size: int = 0) -> None:
        self.rect = pygame.Rect(rect)
        self.label = label
        self.key = key
        self.enabled = enabled
        self.hotkey = hotkey
        self.tone = tone
        self.size = size        # the label's text size; 0: the usual 17 (scaled)

    def draw(self, surf: pygame.Surface, text: Text, hover: bool, u: float) -> None:
        base = self.tone or PANEL_HI
        color = tuple(min(255, c + 28) for c in base) if hover and self.enabled else base
        if not self.enabled:
            color = BUTTON_OFF
        pygame.draw.rect(surf, color, self.rect, border_radius=int(8 * u))
        pygame.draw.rect(surf, ACCENT if hover and self.enabled else EDGE, self.rect,
                         width=max(1, int(2 * u)), border_radius=int(8 * u))
        size = self.size or int(17 * u)
        lines = self.label.split("\n")         # a long name may be given on two lines
        step = text.font(size, True).get_linesize()
        y = self.rect.centery - step * (len(lines) - 1) // 2
        for line in lines:
            label = text.render(line, size, INK if self.enabled else MUTED, bold=True)
            surf.blit(label, label.get_rect(center=(self.rect.centerx, y)))
            y += step


class Scene:
    """One screen. `targets` is rebuilt by each draw: (rect, action) pairs, topmost last,
    which both clicks and the UI tests use to find what is where."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.targets: list[tuple[pygame.Rect, Any]] = []
        self.buttons: list[Button] = []
        self.arrival: tuple[int, int] | None = None     # see landed_on
        self.focus = FocusRing()        # the keyboard's place among the buttons (ui/focus.py)
        self.keys_open = False          # F1: the page's keys listed over it

    # What Esc does on this page, as its line of keys says it ("" where it does nothing: the
    # main menu). A page with a Back button goes back by Esc whatever this says.
    back_words = ""
    # Whether draw_buttons shows the focus ring: a page whose keys are its own (a replay's
    # arrows step through the game) shows none it would not follow.
    focus_drawn = True
    # Keys of the page's own, besides the ring's and the buttons' letters: listed first by F1.
    own_keys: list[tuple[str, str]] = []

    # Whether a button under the pointer as the scene comes waits for the pointer to leave it
    # (landed_on): the main menu's, whose Quit must never take the click that led there.
    guard_arrival = False

    def arrived(self, pos: tuple[int, int]) -> None:
        """The scene is shown with the pointer at `pos` (App.go)."""
        self.arrival = pos if self.guard_arrival else None

    def landed_on(self, b: Button) -> bool:
        """Whether b lay under the pointer when the scene came, and the pointer has not left
        it since: it neither lights nor answers a click. The click that led here (Main menu
        in the game's menu, at 150% interface size, over the main menu's Quit) or its
        double-click's second half is never taken as a press of whatever came under it."""
        return self.arrival is not None and b.rect.collidepoint(self.arrival)

    def _pointer_moved(self, pos: tuple[int, int]) -> None:
        """Once the pointer leaves the button it arrived on (or arrived on none), the guard
        ends. Before the first draw there are no buttons yet to leave."""
        if self.arrival is None or not self.buttons:
            return
        if not any(self.landed_on(b) and b.rect.collidepoint(pos) for b in self.buttons):
            self.arrival = None

    def close_requested(self) -> None:
        """The window's close button (or the system's quit): close, unless the scene has
        something to ask first."""
        self.app.quit()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self._pointer_moved(event.pos)
            self.focus.follow(event.pos, [b for b in self.buttons if not self.landed_on(b)])
        if event.type == pygame.MOUSEBUTTONUP and self.keys_open:     # the list put away
            self.keys_open = False
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for b in reversed(self.buttons):
                if b.enabled and b.rect.collidepoint(event.pos):
                    if self.landed_on(b):
                        return
                    self.app.sounds.play("click")
                    self.focus.focus(b, self.buttons)
                    self.on_button(b.key)
                    return
        if event.type == pygame.KEYDOWN:
            if self.keys_open:          # the list of keys: any key puts it away
                self.keys_open = False
                return
            if not self.press_hotkey(event):
                self.page_key(event)

    def press_hotkey(self, event: pygame.event.Event) -> bool:
        """The button whose letter was typed, pressed (and focused); whether there was one."""
        typed = (getattr(event, "unicode", "") or "").lower()
        for b in self.buttons:
            if b.enabled and b.hotkey and typed == b.hotkey:
                self.focus.focus(b, self.buttons)
                self.on_button(b.key)
                return True
        return False

    def page_key(self, event: pygame.event.Event) -> bool:
        """A key of the focus ring (ui/keys.py PAGE): move the focus, press the focused
        button, back out, list the keys. Whether a binding took it."""
        got = self.focus.key(event, self.buttons)
        if got is PRESSED:
            b = self.focus.current(self.buttons)
            if b is not None:
                self.app.sounds.play("click")
                self.on_button(b.key)
        elif got == "back":
            self.go_back()
        elif got == "keys":
            self.show_keys()
        return got is not None

    def go_back(self) -> None:
        """Esc: the page's Back button, if it has one."""
        if any(b.key == "back" and b.enabled for b in self.buttons):
            self.on_button("back")

    def show_keys(self) -> None:
        """F1: the page's keys, listed over it until the next key or click."""
        self.keys_open = True

    def on_button(self, key: Any) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def busy(self) -> bool:
        """Whether the next frame may look different without any input (something moving, a
        timer running). The run loop draws at full rate only while this is true and otherwise
        sleeps until an event; True, the safe answer, unless a scene knows better."""
        return True

    def draw(self, surf: pygame.Surface) -> None:
        pass

    def unit(self) -> float:
        """The unit this scene draws at (the app's; a page or the table may take less)."""
        return self.app.unit

    def draw_buttons(self, surf: pygame.Surface) -> None:
        """The buttons, each a click target, the focused one lit while the pointer is on it;
        their letters on key caps and the focus round the focused one (ui/focus.py: one
        current button, whether the mouse or the keys moved last)."""
        mouse = self.app.mouse
        hot = focus.lit(self.focus, self.buttons, mouse) if self.focus_drawn else None
        for b in self.buttons:
            under = b is hot if self.focus_drawn else b.rect.collidepoint(mouse)
            b.draw(surf, self.app.text, under and not self.landed_on(b), self.unit())
            if b.enabled:
                self.targets.append((b.rect, ("button", b.key)))
        if self.focus_drawn:
            focus.draw(surf, self.app.text, self.focus, self.buttons, self.unit())

    def draw_keys(self, surf: pygame.Surface) -> None:
        """Over the page, after it is drawn (App.frame): its line of keys at the foot, and
        the list of them while F1 holds it open. Made from ui/keys.py's PAGE table."""
        if getattr(self, "dialog", None) is not None:
            return          # a dialog over the page: its own buttons show their keys
        u = self.unit()
        back = self.back_words or ("back" if any(b.key == "back" for b in self.buttons) else "")
        focus.foot(surf, self.app.text, keys.page_line(back), u)
        if self.keys_open:
            focus.key_list(surf, self.app.text, "Keys on this page",
                           self.own_keys + focus.rows(self.buttons, back), u)
            self.targets.append((surf.get_rect(), ("keys",)))


class _NoSound:
    available = False
    volume = 0.0
    muted = True

    def play(self, name: str) -> None:
        pass

    def set_volume(self, v: float) -> None:
        pass

    def set_muted(self, m: bool) -> None:
        pass


class LoopIO:
    """What the run loop needs from outside: the time, the events, a sleep and the flip. Tests
    pass a fake one to run many simulated seconds in no time. With a Presenter, a frame goes
    to the screen through it (only the changed bands, where that is faster)."""

    def __init__(self, presenter: Presenter | None = None) -> None:
        self.presenter = presenter

    def now(self) -> float:
        return time.perf_counter()

    def sleep(self, seconds: float) -> None:
        if seconds > 0:
            time.sleep(seconds)

    def events(self, timeout: float) -> list[pygame.event.Event]:
        """The queued events; if there are none, wait up to `timeout` seconds for the first.
        Waits by looking every IDLE_POLL seconds: pygame's event.wait(timeout) looks every
        millisecond, which alone costs about 3% of a core."""
        end = self.now() + timeout
        while True:
            got = pygame.event.get()
            left = end - self.now()
            if got or left <= 0:
                return got
            time.sleep(min(IDLE_POLL, left))

    def flip(self) -> None:
        surf = pygame.display.get_surface()
        if self.presenter is None or surf is None:
            pygame.display.flip()
        else:
            self.presenter.present(surf)


WINDOW_NAME = "Doomlings"
# Without these SDL names the window's class follows how it was started: `import pygame` sets
# SDL_VIDEO_X11_WMCLASS from sys.argv[0] ("__main__.py" under `python -m doomlings_desktop`,
# "-c", "doomlings" from the script), so a task bar grouped it, and a .desktop file's
# StartupWMClass matched it, only one way of starting it in several.
WINDOW_CLASS_VARS = ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS")


def name_the_window() -> None:
    """Give the window its class before SDL's video starts (SDL reads it then). Set, not
    defaulted: importing pygame already set it from argv[0]."""
    for var in WINDOW_CLASS_VARS:
        os.environ[var] = WINDOW_NAME


class App:
    def __init__(self, size: tuple[int, int] | None = None, settings: Settings | None = None,
                 start: Callable[[App], Scene] | None = None, persist: bool = True) -> None:
        loaded, self.warning = (settings, None) if settings else Settings.load()
        self.settings = loaded
        theme.use_palette(loaded.colours)   # every App starts in its own settings' palette
        self.persist = persist      # False: a second copy on a folder it does not own
        self.presenter = Presenter()
        self.save_window_in: float | None = None   # seconds until a resized window is saved
        name_the_window()       # before SDL's video starts: it reads the class then
        pygame.init()
        self.driver = pygame.display.get_driver()
        prefer_native_framebuffer(self.driver)      # read when the window's surface is made
        w, h = size or opening_size(self.settings, self.driver)   # ui/windowsize.py
        self.window_set = (w, h)    # the size the program asked for (not the player's choice)
        pygame.display.set_caption(WINDOW_NAME)   # before the window exists: some X setups
        self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)   # ignore later ones
        pygame.display.set_caption(WINDOW_NAME)
        if self.settings.fullscreen and size is None:
            self._set_fullscreen(True)
        self._icon()
        self.text = Text()
        self.mouse = (0, 0)
        self.clicking = False       # a mouse button's event is being handled (see go)
        self.running = True
        self.frames = 0
        self.frame_ms: list[float] = []
        try:
            from doomlings_desktop.ui.sound import Sounds
            self.sounds = Sounds(self.settings.volume, self.settings.muted)
        except Exception:  # noqa: BLE001 - no sound is never a reason not to play
            self.sounds = _NoSound()
        self._art = None
        self._state_file = os.environ.get("DOOMLINGS_TEST_STATE")
        self.raise_errors = bool(os.environ.get("DOOMLINGS_RAISE"))   # tests: fail loudly
        # every module file is checked before the first screen: one that cannot be loaded is
        # switched off and the menu says why, instead of New game or a save failing later
        self.warning = " ".join(filter(None, (self.warning, modules_warning()))) or None
        from doomlings_desktop.ui import router
        self.scene: Scene = start(self) if start else router.make(self, "menu")

    def _icon(self) -> None:
        try:
            from doomlings_desktop.resources import resource
            pygame.display.set_icon(pygame.image.load(str(resource("assets/icon.png"))))
        except (FileNotFoundError, pygame.error):
            pass

    @property
    def unit(self) -> float:
        """The size of one design pixel: 1.0 at 720 px high, times the UI scale setting."""
        return self.screen.get_height() / 720 * self.settings.ui_scale

    @property
    def art(self) -> Any:
        if self._art is None:
            from doomlings_desktop.rules.cards import default_database
            from doomlings_desktop.ui.cardface import CardArt
            self._art = CardArt(default_database(), self.settings.colorblind_symbols)
        return self._art

    def set_colours(self, name: str) -> None:
        """Switch the palette (the Colours setting) now: the card pictures drawn in the old
        colours are dropped, and the next frame draws everything in the new ones."""
        self.settings.colours = theme.palette_name(name)
        if theme.use_palette(self.settings.colours) and self._art is not None:
            self._art.clear()

    def go(self, scene: Scene) -> None:
        if scene is not self.scene and self.clicking:     # a page a click opened
            scene.arrived(self.mouse)
        old = getattr(self, "scene", None)
        self.scene = scene
        if old is not None and old is not scene:    # it lets go of what it holds (online:
            getattr(old, "left", lambda: None)()    # its connection, a hosted server)

    def quit(self) -> None:
        self.running = False

    def frame(self, events: list[pygame.event.Event] | None = None, dt: float = 1 / 60,
              draw: bool = True) -> bool:
        """Handle the events, advance time by dt, draw. The loop and the tests both call this.
        With draw=False (the loop, when nothing happened) it draws only if the scene is busy
        or was replaced. Returns whether it drew."""
        if events is None:
            events = pygame.event.get()
        drew = False
        try:
            scene = self.scene
            for e in events:
                if e.type == pygame.QUIT:
                    self.scene.close_requested()    # a game with unsaved moves asks first
                elif e.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                    self._resized()
                    self.presenter.invalidate()
                elif e.type in (pygame.VIDEOEXPOSE, pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN,
                                pygame.WINDOWRESTORED):
                    self.presenter.invalidate()     # the display lost what it showed
                elif e.type == pygame.KEYDOWN and (e.key == pygame.K_F11 or (
                        e.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                        and e.mod & pygame.KMOD_ALT)):
                    self.toggle_fullscreen()
                    continue        # the window's key, not the scene's (Enter would confirm)
                if e.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                    self.mouse = e.pos
                self.clicking = e.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
                self.scene.handle(e)
                self.clicking = False
            self.scene.update(dt)
            self._save_window(dt)
            if draw or self.scene is not scene or self.scene.busy():
                drew = True
                self.scene.targets = []
                self.scene.draw(self.screen)
                self.scene.draw_keys(self.screen)
        except Exception as e:  # noqa: BLE001 - any bug: explain it, keep the autosave, go on
            if self.raise_errors:
                raise
            self._crashed(e)
            drew = True
        self.frames += 1
        # every idle wake-up writes it too: automation waiting for the table to settle sees
        # the state move on although nothing is drawn
        if self._state_file and (self.frames % 5 == 0 or not drew):
            self._write_state()
        return drew

    def _write_state(self) -> None:
        """For automation of the real window (DOOMLINGS_TEST_STATE): what is where, as JSON."""
        import json

        from doomlings_desktop.storage.settings import write_atomic

        def plain(x: Any) -> Any:
            if isinstance(x, (tuple, list)):
                return [plain(i) for i in x]
            return x if isinstance(x, (int, float, str, bool)) or x is None else str(x)

        game = getattr(self.scene, "game", None)
        d = game.pending if game is not None else None
        state = {
            "frame": self.frames, "scene": type(self.scene).__name__, "driver": self.driver,
            "size": list(self.screen.get_size()),
            "targets": [[list(r), plain(a)] for r, a in self.scene.targets],
            "answers": len(game.answers) if game is not None else 0,
            "over": bool(game.over) if game is not None else False,
            "pending": None if d is None else {"player": d.player, "kind": d.kind,
                                                "options": plain(d.options), "zone": d.zone,
                                                "count": d.count},
            "picked": [] if d is None or not hasattr(self.scene, "selection")
            else plain(self.scene.selection.seen(d)),
            "viewer": getattr(self.scene, "viewer", None),
            "pass_needed": bool(getattr(self.scene, "pass_needed", False)),
            "lesson": plain(getattr(self.scene, "lesson_state", lambda: None)()),
            "online": self._online_state(),
        }
        try:
            write_atomic(Path(self._state_file), json.dumps(state))
        except OSError:
            pass

    def _crashed(self, e: Exception) -> None:
        import logging

        from doomlings_desktop.ui import router
        logging.getLogger("doomlings").exception("unexpected error in %s",
                                                 type(self.scene).__name__)
        scene = router.make(self, "error", f"{type(e).__name__}: {e}", str(log_file()))
        self.scene = scene
        try:
            self.screen.fill(BLACK)
            scene.draw(self.screen)
        except Exception:  # noqa: BLE001 - the error screen itself must not take us down
            pass

    def _online_state(self) -> dict | None:
        """For automation: an online scene's room code, its connection's state and its seat."""
        m = getattr(self.scene, "match", None)
        if not getattr(m, "online", False):
            return None
        return {"room": m.room, "state": m.state, "me": m.me, "kept": m.kept,
                "port": m.host.port if m.host is not None else None}

    def toggle_fullscreen(self) -> None:
        """F11, Alt+Enter or the Settings page; remembered in the settings."""
        self.settings.fullscreen = not self.settings.fullscreen
        self._set_fullscreen(self.settings.fullscreen)

    def _set_fullscreen(self, on: bool) -> None:
        try:
            if on:
                self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            else:
                w, h = opening_size(self.settings, self.driver)
                self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
                self.window_set = (w, h)
        except pygame.error:            # a display that cannot: stay as we are
            self.settings.fullscreen = not on
        self.presenter.invalidate()

    def _resized(self) -> None:
        """A size the player (or the window manager) gave the window is theirs: remembered,
        and opened at next time. The size the program itself just asked for (at the start,
        coming back from full screen) is not a choice: it would pin a big screen's opening
        size, or the 1280x720 of a small one, for good."""
        if self.settings.fullscreen:     # the screen's size is not the window's to remember
            return
        w, h = self.screen.get_size()
        w, h = max(WINDOW_MIN[0], w), max(WINDOW_MIN[1], h)
        if (w, h) != self.screen.get_size():
            self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        if (w, h) == self.window_set and not self.settings.window_chosen:
            return
        self.settings.window, self.settings.window_chosen = (w, h), True
        self.save_window_in = 0.5       # once the drag stops: a resize sends many events

    def _save_window(self, dt: float) -> None:
        """Remember a resized window at once (not only at a clean exit), but write the
        settings once the resizing has stopped."""
        if self.save_window_in is None:
            return
        self.save_window_in -= dt
        if self.save_window_in <= 0:
            self.save_window_in = None
            if not self.persist:
                return
            try:
                self.settings.save()
            except OSError:
                pass            # kept in memory; saved again at exit

    def busy(self) -> bool:
        """The scene's busy(); a scene whose busy() fails shows the error screen, like any bug."""
        try:
            return self.scene.busy()
        except Exception as e:  # noqa: BLE001 - same policy as frame()
            if self.raise_errors:
                raise
            self._crashed(e)
            return True

    def loop(self, io: LoopIO | None = None) -> None:
        """Run frames until quit. While the scene is busy or input arrives: up to FPS frames a
        second, each given the real seconds since the last (a slow machine still animates,
        paces bots and times double-clicks in seconds). Otherwise wait for input (LoopIO.events),
        waking every IDLE_WAIT to update and every IDLE_REDRAW to redraw."""
        io = io or LoopIO(self.presenter)
        exit_first = bool(os.environ.get("DOOMLINGS_EXIT_AFTER_FIRST_FRAME"))
        last = last_draw = io.now()
        idle = False
        while self.running:
            events = io.events(IDLE_WAIT if idle else 0.0)
            t0 = io.now()
            dt, last = min(MAX_DT, max(0.0, t0 - last)), t0
            # the frame after a busy one is drawn too: it shows where things came to rest
            draw = bool(events) or not idle or t0 - last_draw >= IDLE_REDRAW
            if self.frame(events, dt, draw=draw):
                io.flip()
                last_draw = t0
                if exit_first:
                    break
                self.frame_ms.append((io.now() - t0) * 1000)
                if len(self.frame_ms) > 2000:
                    del self.frame_ms[:1000]
                io.sleep(t0 + 1 / FPS - io.now())    # a stream of mouse motion: at most FPS
            idle = not self.busy()

    def run(self) -> int:
        self.loop()
        getattr(self.scene, "left", lambda: None)()     # a connection, a hosted server
        try:
            if self.persist:
                self.settings.save()
        except OSError:
            pass
        pygame.quit()
        return 0


def broken_modules() -> dict[str, str]:
    """The expansion modules whose card file cannot be loaded, each with its reason (rules'
    `module_problems`: read once, and again only when a module file changes). Empty if even
    that cannot be said: the screens open whatever the card files hold."""
    try:
        from doomlings_desktop.rules.cards import module_problems
        return module_problems()
    except Exception:  # noqa: BLE001 - a broken base file is reported where it is loaded
        return {}


def modules_warning() -> str | None:
    """What the menu says at start-up about modules switched off (None: all load)."""
    import logging

    from doomlings_desktop.rules.cards import module_title

    broken = broken_modules()
    for name, why in broken.items():
        logging.getLogger("doomlings").warning("module %s switched off: %s", name, why)
    if not broken:
        return None
    names = ", ".join(module_title(m) for m in broken)
    if len(broken) == 1:
        why = next(iter(broken.values()))
        return (f"The {names} module is switched off: its cards cannot be loaded ({why}). "
                "Saves played with it are kept in Load game.")
    return (f"{len(broken)} expansion modules are switched off, their cards cannot be loaded: "
            f"{names} (New game says why). Saves played with them are kept in Load game.")


def log_file() -> Path:
    from doomlings_desktop.storage.settings import log_dir
    return log_dir() / "doomlings.log"


def setup_logging() -> None:
    """Log to the user log folder, rotating at 1 MB with 3 old files kept."""
    import logging

    from doomlings_desktop.storage.logfile import LogFile

    root = logging.getLogger("doomlings")
    if root.handlers:
        return
    root.setLevel(logging.INFO)
    try:
        path = log_file()
        path.parent.mkdir(parents=True, exist_ok=True)
        h = LogFile(path)       # never blocks on a FIFO, never prints a traceback
    except OSError:
        return
    h.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(h)


def demo_table(app: App, seed: int) -> Scene:
    """`doomlings play --demo`: four medium bots play while you watch (no seat is yours, so
    nothing is saved)."""
    from doomlings_desktop.play.match import Seat
    from doomlings_desktop.ui import router
    seats = [Seat(f"Bot {i + 1}", "bot", "medium") for i in range(4)]
    return router.make(app, "table", seats, seed)


def main(start: str | None = None, seed: int | None = None) -> int:
    """`doomlings` with no arguments: the game window. start: 'continue', 'demo' or
    'tutorial'."""
    import logging
    import random as _random

    setup_logging()
    logging.getLogger("doomlings").info("start (video driver asked: %s)", os.environ.get(
        "SDL_VIDEODRIVER", "default"))
    from doomlings_desktop.storage import instance, saves
    busy = instance.claim()     # held until the process ends, however it ends
    if busy:
        return refuse(busy)
    saves.clean_temp()      # what a killed program's unfinished writes left behind

    def first(app: App) -> Scene:
        from doomlings_desktop.ui import router
        menu = router.make(app, "menu")
        if start == "continue":
            from doomlings_desktop.storage import saves
            app.scene = menu
            if router.open_save(app, saves.autosave_path(), menu):
                return app.scene
        if start == "demo":
            return demo_table(app, seed if seed is not None else _random.randrange(10**9))
        if start == "tutorial":
            app.scene = menu
            if router.open_lesson(app, menu):
                return app.scene
        return menu

    why = no_display()
    if why:
        logging.getLogger("doomlings").error("no display: %s", why)
        print(f"error: {why}", file=sys.stderr)
        return 1
    app = App(start=first)
    # the driver SDL really took, not the one asked for: without a display SDL may fall
    # back to one that shows nothing, and a player's "no window" report starts here
    logging.getLogger("doomlings").info("window %dx%d on video driver %s",
                                        *app.screen.get_size(), app.driver)
    return app.run()


def refuse(message: str) -> int:
    """A second copy on a data folder another running copy has: the message on stderr and,
    where a window can open, on screen (a double-click has no terminal); nothing read or
    written. Exit status 1."""
    print(f"error: {message}", file=sys.stderr)
    if no_display() is None:
        from doomlings_desktop.ui import router

        App(settings=Settings(), start=lambda app: router.make(app, "busy", message),
            persist=False).run()        # default settings: the other copy's file is not read
    return 1


NO_WINDOW_DRIVERS = ("offscreen", "dummy")


def no_display() -> str | None:
    """Why no window can be shown, or None when one can. Asked before the window opens: with no
    display SDL quietly falls back to its offscreen driver, and the game would run where nobody
    can see or close it. An SDL_VIDEODRIVER set by hand (tests, `bench ui`) is taken as meant."""
    asked = os.environ.get("SDL_VIDEODRIVER")
    if asked:       # meant, but it must start: a misspelt driver was a traceback at App()
        try:
            name_the_window()
            pygame.display.init()
        except pygame.error as e:
            return (f"the video driver asked for (SDL_VIDEODRIVER={asked[:40]}) cannot be "
                    f"started (SDL: {e}); unset SDL_VIDEODRIVER, or set it to dummy to run "
                    "without a window")
        return None
    from doomlings_desktop.quiet import quiet_stderr

    advice = "run it on a desktop, or set SDL_VIDEODRIVER=dummy to run without a window"
    driver = failed = ""
    with quiet_stderr() as caught:      # the drivers SDL tries first complain on fd 2
        try:
            name_the_window()           # the video started here is the window's
            pygame.display.init()
            driver = pygame.display.get_driver()
        except pygame.error as e:
            driver, failed = "", str(e)
    if driver and driver not in NO_WINDOW_DRIVERS:
        sys.stderr.write("".join(caught))       # a real display's warnings are still shown
        return None
    pygame.display.quit()
    if not driver:
        return f"no display found (SDL: {failed}); {advice}"
    given = [f"{k}={os.environ[k]}" for k in ("DISPLAY", "WAYLAND_DISPLAY") if os.environ.get(k)]
    why = f"{' and '.join(given)} could not be opened" if given else "DISPLAY is not set"
    return f"no display found ({why} and SDL fell back to the '{driver}' driver); {advice}"
