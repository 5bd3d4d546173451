"""The Presenter sends only what changed when that is faster, and the whole window when the
display cannot be trusted to still show the last frame."""

from __future__ import annotations

import pygame
import pytest

from doomlings_desktop.ui import present
from doomlings_desktop.ui.present import BAND, COLUMNS, TRIAL, Presenter


@pytest.fixture
def screen(monkeypatch):
    pygame.display.init()
    surf = pygame.display.set_mode((800, 600))
    sent: list = []
    monkeypatch.setattr(present.pygame.display, "flip", lambda: sent.append("all"))
    monkeypatch.setattr(present.pygame.display, "update", lambda rects: sent.append(list(rects)))
    yield surf, sent
    pygame.display.quit()


class SlowFlip:
    """A clock on which a whole-window flip takes 20 ms and comparing frames 2 ms."""

    def __init__(self, flip_ms: float = 20.0) -> None:
        self.t = 0.0
        self.flip_ms = flip_ms
        self.calls = 0

    def __call__(self) -> float:
        # present() reads the clock before comparing, after comparing and after a flip
        self.calls += 1
        self.t += {1: 0.0, 2: 0.002, 0: self.flip_ms / 1000}[self.calls % 3]
        return self.t


def _trial(p: Presenter, surf: pygame.Surface, sent: list) -> None:
    for i in range(TRIAL):
        surf.fill((i, 0, 0))
        p.present(surf)
    assert sent == ["all"] * TRIAL       # the trial always sends whole frames
    sent.clear()


def test_slow_display_gets_only_the_changed_columns_of_changed_bands(screen):
    surf, sent = screen
    p = Presenter(clock=SlowFlip())
    _trial(p, surf, sent)
    assert p.partial is True
    assert p.present(surf) == 0 and sent == []         # nothing changed: nothing sent
    surf.set_at((5, BAND * 3 + 2), (255, 255, 255))
    p.present(surf)
    col_w = 800 // COLUMNS
    assert sent == [[pygame.Rect(0, BAND * 3, col_w, BAND)]]
    sent.clear()
    # two columns apart and two bands running on: two rectangles, each grown down
    surf.fill((9, 9, 9), pygame.Rect(0, BAND * 5, 3, BAND * 2))
    surf.fill((9, 9, 9), pygame.Rect(799 - 3, BAND * 5, 3, BAND * 2))
    p.present(surf)
    assert sorted(sent[0]) == sorted([pygame.Rect(0, BAND * 5, col_w, 2 * BAND),
                                      pygame.Rect(800 - col_w, BAND * 5, col_w, 2 * BAND)])


def test_whole_window_after_expose_or_resize(screen):
    surf, sent = screen
    p = Presenter(clock=SlowFlip())
    _trial(p, surf, sent)
    p.invalidate()
    p.present(surf)
    assert sent == ["all"]
    sent.clear()
    p.present(surf)
    assert sent == []
    bigger = pygame.display.set_mode((900, 600))
    p.present(bigger)
    assert sent[0] == "all" and p.partial is None        # a new size: a new trial


def test_fast_display_keeps_flipping_whole_frames(screen):
    surf, sent = screen
    p = Presenter(clock=SlowFlip(flip_ms=1.0))
    _trial(p, surf, sent)
    assert p.partial is False and p.prev is None         # no copy of the window kept
    p.present(surf)
    assert sent == ["all"]


@pytest.mark.parametrize("driver, set_", [("x11", True), ("offscreen", True), ("wayland", False),
                                          ("cocoa", False), ("windows", False), ("dummy", False)])
def test_native_framebuffer_only_where_the_driver_has_one(monkeypatch, driver, set_):
    """X11 and offscreen have a framebuffer of their own; Wayland's and macOS's SDL 2 drivers
    have none (the window would not open without OpenGL), Windows already uses its own."""
    monkeypatch.delenv(present.FRAMEBUFFER_HINT, raising=False)
    assert present.prefer_native_framebuffer(driver) is set_
    import os
    assert os.environ.get(present.FRAMEBUFFER_HINT) == ("0" if set_ else None)


def test_a_framebuffer_hint_the_user_set_is_kept(monkeypatch):
    monkeypatch.setenv(present.FRAMEBUFFER_HINT, "opengl")
    assert not present.prefer_native_framebuffer("x11")
    import os
    assert os.environ[present.FRAMEBUFFER_HINT] == "opengl"


WINDOW_WITHOUT_GL = """
import os, pygame
from doomlings_desktop.storage.settings import Settings
from doomlings_desktop.ui.app import App
app = App(size=(640, 400), settings=Settings(), persist=False)
app.frame([])
app.presenter.present(app.screen)
pygame.display.update([pygame.Rect(0, 0, 10, 10)])
maps = open(f"/proc/{os.getpid()}/maps").read()
print("driver", app.driver, "gl", any(n in maps for n in ("libEGL", "libGLX", "libGL.so")))
"""


def test_the_window_frames_do_not_go_through_opengl(tmp_path):
    """Where SDL would render the window through (software) OpenGL, re-sending the whole
    window for any update (50-75 ms a frame under Mesa's llvmpipe), the App's window keeps
    to the display's own framebuffer: no GL library is loaded (the offscreen driver stands
    in for X11 here: both have one; SDL loads EGL for it as it does GLX for X11)."""
    import os
    import subprocess
    import sys
    if not os.path.exists("/proc/self/maps"):
        pytest.skip("needs /proc to see the libraries loaded")
    env = dict(os.environ, SDL_VIDEODRIVER="offscreen", SDL_AUDIODRIVER="dummy",
               DOOMLINGS_HOME=str(tmp_path))
    env.pop("SDL_FRAMEBUFFER_ACCELERATION", None)
    out = subprocess.run([sys.executable, "-c", WINDOW_WITHOUT_GL], env=env, timeout=120,
                         capture_output=True, text=True, check=True).stdout
    assert "driver offscreen gl False" in out, out
