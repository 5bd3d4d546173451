"""Sound effects: the generated files, and Sounds working (or silently not) without a device.

Unknown effect names are ignored without raising (a missing sound never stops the game).
"""

import importlib.util
import math
import wave
from pathlib import Path

import pygame
import pytest

from doomlings_desktop.resources import resource
from doomlings_desktop.ui import sound
from doomlings_desktop.ui.sound import NAMES, Sounds

ROOT = Path(__file__).resolve().parent.parent


class FakeSound:
    def __init__(self):
        self.plays = 0
        self.volume = None

    def play(self):
        self.plays += 1

    def stop(self):
        pass

    def set_volume(self, v):
        self.volume = v


@pytest.fixture(autouse=True, scope="module")
def _quit_mixer():
    yield
    pygame.mixer.quit()


def test_sound_files_are_small_clean_mono_wavs():
    for name in NAMES:
        path = resource(f"assets/sounds/{name}.wav")
        assert path.stat().st_size < 100 * 1024, name
        with wave.open(str(path)) as f:
            assert (f.getframerate(), f.getnchannels(), f.getsampwidth()) == (22050, 1, 2)
            frames = f.readframes(f.getnframes())
        first = int.from_bytes(frames[:2], "little", signed=True)
        last = int.from_bytes(frames[-2:], "little", signed=True)
        assert abs(first) < 200 and abs(last) < 200, f"{name} would click"


def test_make_sounds_is_deterministic(tmp_path):
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    mod.main(["--out", str(tmp_path)])
    for name in NAMES:
        assert (tmp_path / f"{name}.wav").read_bytes() == resource(f"assets/sounds/{name}.wav").read_bytes(), name
    assert set(mod.EFFECTS) == set(NAMES)


def test_sounds_work_or_are_a_no_op_under_the_dummy_driver():
    s = Sounds()
    assert s.volume == pytest.approx(0.7)
    assert s.muted is False
    assert isinstance(s.available, bool)
    for name in NAMES:
        s.play(name)
    s.set_volume(0.3)
    s.set_muted(True)
    s.play("win")
    s.set_muted(False)
    if s.available:
        assert set(s._sounds) == set(NAMES)


def test_volume_clamps():
    assert Sounds(volume=3).volume == 1.0
    assert Sounds(volume=-1).volume == 0.0
    s = Sounds()
    s.set_volume(1.5)
    assert s.volume == 1.0
    s.set_volume(-0.2)
    assert s.volume == 0.0
    s.set_volume(0.25)
    assert s.volume == 0.25
    s.set_volume(math.nan)
    assert s.volume == 0.0


def test_unknown_name_is_ignored():
    s = Sounds()
    s.play("no-such-sound")
    s.play("")
    assert not s.known("no-such-sound")
    assert s.known("click")


def test_muted_does_not_play():
    s = Sounds(muted=True)
    fake = FakeSound()
    s.available = True
    s._sounds = {"click": fake}
    s.play("click")
    assert fake.plays == 0
    s.set_muted(False)
    s.play("click")
    assert fake.plays == 1
    s.set_volume(0.4)
    assert fake.volume == 0.4


def test_no_audio_device_means_silent_no_ops(monkeypatch):
    def broken(*a, **k):
        raise pygame.error("no audio device")

    monkeypatch.setattr(sound.pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(sound.pygame.mixer, "init", broken)
    s = Sounds(volume=0.5, muted=False)
    assert s.available is False
    s.play("win")
    s.play("bogus")
    s.set_volume(2)
    assert s.volume == 1.0
    s.set_muted(True)
    assert s.muted is True
