"""Drives the real app loop with posted pygame events, the way a player would: it finds what
to click in the scene's `targets` (the same rects the clicks are tested against)."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

import pygame

T = TypeVar("T")

# How long a test waits for something that should happen before it says it never did. Not a
# speed bound: a wait ends as soon as its condition holds, so this only catches a hang, and it
# is far longer than anything takes on a loaded machine.
DEADLINE_S = 60.0


def wait_until(cond: Callable[[], T], what: str, deadline_s: float = DEADLINE_S,
               pump: Callable[[], object] | None = None, idle_s: float = 0.002) -> T:
    """Wait until `cond()` is truthy and return it; fail saying `what` never happened if it is
    not by the deadline. `pump` runs between tries (e.g. `app.frame`, so the table's own
    polling of a worker thread goes on); between tries the wait yields the processor for
    `idle_s` so a worker thread can get on (0 for a pump that is the work itself). The one place the tests wait: no assertion depends on how fast
    the machine is, only on the condition coming true at all."""
    end = time.monotonic() + deadline_s
    idle = threading.Event()
    while True:
        got = cond()
        if got:
            return got
        if time.monotonic() > end:
            raise AssertionError(f"{what}: not within {deadline_s:g} s")
        if pump is not None:
            pump()
        if idle_s:
            idle.wait(idle_s)


def finishes(work: Callable[[], T], what: str, deadline_s: float = DEADLINE_S) -> T:
    """Run `work` on a worker thread and return its result, failing if it has not finished by
    the deadline: a guard against a hang (a hostile file that loops, a quadratic blow-up), not a
    speed bound. Its exceptions are raised here, on the test's thread."""
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["value"] = work()
        except BaseException as e:  # noqa: BLE001 - handed back to the caller
            box["error"] = e
    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(deadline_s)
    if t.is_alive():
        raise AssertionError(f"{what}: not finished within {deadline_s:g} s")
    if "error" in box:
        raise box["error"]
    return box["value"]


def post(kind: int, **attrs: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))


def click(app: Any, pos: tuple[int, int]) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.frame()


def drag(app: Any, start: tuple[int, int], end: tuple[int, int]) -> None:
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    app.frame()
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    for p in (mid, end):
        post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
        app.frame()
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    app.frame()


def key(app: Any, k: int, unicode: str = "", mod: int = 0) -> None:
    post(pygame.KEYDOWN, key=k, unicode=unicode, mod=mod, scancode=0)
    post(pygame.KEYUP, key=k, unicode=unicode, mod=mod, scancode=0)
    app.frame()


def letter(app: Any, ch: str) -> None:
    """A letter or digit key, typed as the keyboard types it (key code and character)."""
    key(app, pygame.key.key_code(ch.lower()), ch)


def tab_to(app: Any, want: Any, limit: int = 80) -> None:
    """Tab round the page's focus ring until the button known by `want` has the focus (fails
    if the ring never reaches it)."""
    sc = app.scene
    for _ in range(limit):
        now = sc.focus.current(sc.buttons)
        if now is not None and now.key == want:
            return
        key(app, pygame.K_TAB)
    raise AssertionError(f"the focus never reached {want!r}")


class KeyPlayer:
    """Plays whatever the table asks by the keyboard alone: the number keys or the arrows,
    Enter, Space, the letters on the answer buttons, Enter on the pass and news screens.
    It reads the decision only to know which key means the answer it picks at random, as a
    player reads the screen."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.pressed: dict[str, int] = {}

    def _press(self, app: Any, name: str, k: int, ch: str = "") -> None:
        self.pressed[name] = self.pressed.get(name, 0) + 1
        key(app, k, ch)

    def act(self, app: Any) -> bool:
        """One answer (or a screen taken); False if nothing is mine to do this frame."""
        sc = app.scene
        if sc.pass_needed or find(sc, ("button", "review_done")) or \
                find(sc, ("button", "summary_done")):
            self._press(app, "enter", pygame.K_RETURN)
            return True
        d = sc.my_decision()
        if d is None:
            return False
        w = sc.input.widget()
        lettered = [a for a in w.answers(sc, d) if a.hotkey] if w is not None else []
        if lettered:
            a = self.rng.choice(lettered)
            self._press(app, "letter", pygame.key.key_code(a.hotkey), a.hotkey)
        elif d.kind == "end_turn":
            self._press(app, "enter", pygame.K_RETURN)
        elif d.kind == "react":
            if self.rng.random() < 0.5:
                self._press(app, "letter", pygame.K_n, "n")
            else:
                self._choose(app, sc, self.rng.choice([o for o in d.options if o != "pass"]))
                self._press(app, "letter", pygame.K_y, "y")
        elif d.count > 1 and d.kind == "card" and d.zone == "hand":
            self._several(app, sc, d)
        else:
            self._one(app, sc, d)
        return True

    def _several(self, app: Any, sc: Any, d: Any) -> None:
        """Several hand cards: their number keys (each toggles one), then Enter."""
        hand = list(sc.view.hand)
        cards = [c for c in d.options if c != "pass" and hand.index(c) < 9]
        for c in self.rng.sample(cards, min(d.count, len(cards))):
            n = str(hand.index(c) + 1)
            self._press(app, "number", pygame.key.key_code(n), n)
        self._press(app, "enter", pygame.K_RETURN)

    def _one(self, app: Any, sc: Any, d: Any) -> None:
        opts = [o for o in d.options if o != "pass"]
        if "pass" in d.options and (not opts or self.rng.random() < 0.2):
            self._press(app, "space", pygame.K_SPACE, " ")
            return
        self._choose(app, sc, self.rng.choice(opts))
        self._press(app, "enter", pygame.K_RETURN)

    def _choose(self, app: Any, sc: Any, want: Any) -> None:
        """Select `want`: its number key when it is a hand card among the first nine, else
        the arrows until it is the selection."""
        hand = list(sc.view.hand) if sc.view is not None else []
        d = sc.my_decision()
        if d.zone == "hand" and d.kind != "player" and want in hand[:9] and self.rng.random() < 0.5:
            n = str(hand.index(want) + 1)
            self._press(app, "number", pygame.key.key_code(n), n)
            return
        for _ in range(len(d.options) + 2):
            if sc.selection.chosen == want:
                return
            self._press(app, "arrow", pygame.K_RIGHT)
        raise AssertionError(f"the arrows never selected {want!r} in {d.options}")


def lesson_move(app: Any, sc: Any, s: Any) -> None:
    """A lesson step's move (`s.do`), made as the learner makes it: a card dragged onto the
    pile, End turn, an out-of-turn card taken, a pile card chosen and confirmed, an answer."""
    kind, value = s.do
    if kind == "play":
        card = next(c for c in sc.view.hand if sc.db.cards[c].id == value)
        drag(app, find(sc, ("hand", card)).center, find(sc, ("panel", 0)).center)
    elif kind == "end_turn":
        click(app, find(sc, ("button", ("answer", "end"))).center)
    elif kind == "react":
        card = next(c for c in sc.game.pending.options if c != "pass"
                    and sc.db.cards[c].id == value)
        click(app, find(sc, ("button", ("answer", card))).center)
    elif s.at == "card":
        card = next(c for c in sc.game.pending.options if sc.db.cards[c].id == value)
        strip = next(r for r, k in reversed(sc.targets) if k[0] == "strip" and k[2] == card)
        click(app, strip.center)
        click(app, find(sc, ("button", "confirm")).center)
    else:
        click(app, find(sc, ("button", ("answer", value))).center)


def find(scene: Any, action: Any) -> pygame.Rect | None:
    for rect, a in reversed(scene.targets):
        if a == action:
            return rect
    return None


class Player:
    """Plays whatever the table asks, by mouse (mostly) and keyboard (sometimes)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.drags = self.clicks = self.keys = 0
        self.reviews = self.summaries = 0
        self.attached = 0          # attachments dragged onto a host

    def act(self, app: Any) -> bool:
        """One interaction; False if nothing could be done this frame (wait a frame)."""
        scene = app.scene
        asked = scene.match.asked()         # the question the screen serves (play/ahead.py)
        r = find(scene, ("pass_screen", asked.player)) if asked is not None else None
        # pass-and-play: the cards just drawn, and what happened since your last turn
        r = r or find(scene, ("button", "review_done")) or find(scene, ("button", "summary_done"))
        if r is not None:
            if find(scene, ("button", "review_done")):
                self.reviews += 1
            elif find(scene, ("button", "summary_done")):
                self.summaries += 1
            click(app, r.center)
            return True
        d = scene.my_decision()
        if d is None:
            return False
        opts = list(d.options)
        ans = self.rng.choice(opts)
        if ans == "pass":
            r = find(scene, ("button", ("answer", "pass")))
            if r is None:
                return False
            click(app, r.center)
            return True
        if d.count > 1 and d.kind == "card" and d.zone == "hand":     # several cards at once
            cards = [o for o in opts if o != "pass"]
            k = self.rng.randrange(d.count + 1) if "pass" in opts else d.count
            for c in self.rng.sample(cards, k):
                r = find(scene, ("hand", c))
                if r is None:
                    return False
                click(app, r.center)
            conf = find(scene, ("button", "confirm"))
            if conf is None:
                return False
            self.clicks += 1
            click(app, conf.center)
            return True
        if d.kind in ("yesno", "color", "no_play", "end_turn", "react"):
            r = find(scene, ("button", ("answer", ans)))
            if r is None:
                return False
            click(app, r.center)
            return True
        if d.kind == "player":
            r = find(scene, ("panel", ans))
            if r is None:
                return False
            click(app, r.center)
            conf = find(scene, ("button", "confirm"))
            if conf is None:
                return False
            click(app, conf.center)
            return True
        # a card: in the hand, a pile or an overlay
        rect = (find(scene, ("hand", ans)) or find(scene, ("overlay_card", ans))
                or next((rr for rr, a in reversed(scene.targets)
                         if a and a[0] == "strip" and a[2] == ans), None))
        if rect is None:
            return False
        own = scene.layout.panel_of(scene.viewer).rect
        style = self.rng.random()
        hosts = scene.view.hosts.get(ans) if scene.view is not None else None
        if hosts and d.kind == "play" and style < 0.5:      # an attachment: onto a host
            host = self.rng.choice(hosts)
            to = next((rr for rr, a in reversed(scene.targets)
                       if a and a[0] == "strip" and a[2] == host), None)
            if to is None:
                return False
            self.drags += 1
            self.attached += 1
            drag(app, rect.center, to.center)
        elif d.kind == "play" and d.zone == "hand" and style < 0.5:
            self.drags += 1
            drag(app, rect.center, own.center)
        elif d.kind == "play" and d.zone == "hand" and style < 0.7:
            self.keys += 1
            i = [o for o in opts if o != "pass"].index(ans)
            if i < 9:
                key(app, pygame.K_1 + i, str(i + 1))
                key(app, pygame.K_RETURN)
            else:
                click(app, rect.center)
                click(app, rect.center)
        else:
            self.clicks += 1
            click(app, rect.center)
            conf = find(scene, ("button", "confirm"))     # listed only once it is enabled
            if conf is not None:
                click(app, conf.center)
            else:
                click(app, rect.center)
        return True


def drawn_text(app: Any) -> list[str]:
    """Every string `app` draws through its text renderer from now on, in order, so a test
    reads the words a player would see without reading pixels."""
    seen: list[str] = []
    render = app.text.render

    def spy(text: str, *a: Any, **k: Any) -> Any:
        seen.append(text)
        return render(text, *a, **k)
    app.text.render = spy
    return seen
