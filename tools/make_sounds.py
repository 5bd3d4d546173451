"""Generate the game's sound effects into assets/sounds/ (22050 Hz, 16-bit, mono WAV).

Pure Python (wave + math + a seeded random), so the files are ours (CC0) and the same run gives
the same bytes. Run from anywhere:  python3 tools/make_sounds.py [--out DIR]
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
TAU = 2 * math.pi

Signal = list[float]


# --------------------------------------------------------------------------- building blocks

def silence(seconds: float) -> Signal:
    return [0.0] * int(seconds * RATE)


def tone(freq: float | Callable[[float], float], seconds: float, partials: tuple = ((1, 1.0),),
         phase: float = 0.0) -> Signal:
    """A tone whose frequency may glide (freq as a function of time in seconds)."""
    n = int(seconds * RATE)
    out = []
    ph = phase
    for i in range(n):
        t = i / RATE
        f = freq(t) if callable(freq) else freq
        ph += TAU * f / RATE
        out.append(sum(a * math.sin(ph * k) for k, a in partials))
    return out


def noise(seconds: float, rng: random.Random) -> Signal:
    return [rng.uniform(-1.0, 1.0) for _ in range(int(seconds * RATE))]


def lowpass(sig: Signal, cutoff: float | Callable[[float], float]) -> Signal:
    """One-pole low-pass; cutoff in Hz, may change over time."""
    out = []
    y = 0.0
    for i, x in enumerate(sig):
        fc = cutoff(i / RATE) if callable(cutoff) else cutoff
        a = 1 - math.exp(-TAU * fc / RATE)
        y += a * (x - y)
        out.append(y)
    return out


def highpass(sig: Signal, cutoff: float) -> Signal:
    low = lowpass(sig, cutoff)
    return [x - y for x, y in zip(sig, low, strict=True)]


def envelope(sig: Signal, attack: float, decay: float, curve: float = 1.0) -> Signal:
    """Linear attack, then exponential-ish decay to silence over `decay` seconds."""
    na = max(1, int(attack * RATE))
    out = []
    for i, x in enumerate(sig):
        t = i / RATE
        if i < na:
            g = i / na
        else:
            g = max(0.0, 1 - (t - attack) / decay) ** curve if decay > 0 else 1.0
        out.append(x * g)
    return out


def expdecay(sig: Signal, attack: float, tau: float) -> Signal:
    na = max(1, int(attack * RATE))
    return [x * (i / na if i < na else math.exp(-(i - na) / RATE / tau)) for i, x in enumerate(sig)]


def mix(*sigs: Signal, at: tuple[float, ...] | None = None) -> Signal:
    """Signals summed; `at` gives each one's start time in seconds."""
    starts = [int(s * RATE) for s in at] if at else [0] * len(sigs)
    n = max(st + len(s) for st, s in zip(starts, sigs, strict=True))
    out = [0.0] * n
    for st, s in zip(starts, sigs, strict=True):
        for i, x in enumerate(s):
            out[st + i] += x
    return out


def gain(sig: Signal, g: float) -> Signal:
    return [x * g for x in sig]


def finish(sig: Signal, peak: float, fade_in: float = 0.004, fade_out: float = 0.025) -> Signal:
    """Normalized to `peak`, with short fades at both ends so nothing clicks."""
    m = max((abs(x) for x in sig), default=0.0) or 1.0
    sig = [x * peak / m for x in sig]
    n = len(sig)
    fi, fo = max(1, int(fade_in * RATE)), max(1, int(fade_out * RATE))
    for i in range(min(fi, n)):
        sig[i] *= i / fi
    for i in range(min(fo, n)):
        sig[n - 1 - i] *= i / fo
    return sig


def note(name: str) -> float:
    """Frequency of a note like 'C5' or 'F#4' (A4 = 440 Hz)."""
    names = {"C": -9, "C#": -8, "D": -7, "D#": -6, "E": -5, "F": -4, "F#": -3, "G": -2, "G#": -1,
             "A": 0, "A#": 1, "B": 2}
    semis = names[name[:-1]] + (int(name[-1]) - 4) * 12
    return 440.0 * 2 ** (semis / 12)


BELL = ((1, 1.0), (2, 0.35), (3, 0.12), (4.2, 0.06))
SOFT = ((1, 1.0), (2, 0.25), (3, 0.08))
BRASS = ((1, 1.0), (2, 0.6), (3, 0.4), (4, 0.25), (5, 0.12), (6, 0.06))


def pluck(freq: float, seconds: float, tau: float, partials: tuple = SOFT,
          attack: float = 0.004) -> Signal:
    return expdecay(tone(freq, seconds, partials), attack, tau)


# --------------------------------------------------------------------------- the effects

def play_card(rng: random.Random) -> Signal:
    thud = expdecay(tone(lambda t: 150 * math.exp(-t * 9) + 55, 0.22, SOFT), 0.003, 0.05)
    whoosh = envelope(lowpass(noise(0.22, rng), lambda t: 600 + 3000 * t), 0.12, 0.10, 1.5)
    return finish(mix(gain(whoosh, 0.35), thud, at=(0.0, 0.10)), 0.75)


def draw(rng: random.Random) -> Signal:
    flick = highpass(lowpass(noise(0.10, rng), 6000), 1500)
    return finish(envelope(flick, 0.006, 0.09, 2.0), 0.55, fade_out=0.015)


def discard(rng: random.Random) -> Signal:
    slide = envelope(lowpass(noise(0.26, rng), lambda t: 2500 - 7000 * t), 0.02, 0.24, 1.4)
    tap = expdecay(tone(lambda t: 120 - 120 * t, 0.12, SOFT), 0.003, 0.03)
    return finish(mix(slide, gain(tap, 0.6), at=(0.0, 0.16)), 0.6)


def steal(rng: random.Random) -> Signal:
    swish = envelope(highpass(lowpass(noise(0.16, rng), lambda t: 1500 + 30000 * t), 600),
                     0.08, 0.08, 1.5)
    zip_up = envelope(tone(lambda t: 300 + 2600 * t, 0.18, SOFT), 0.01, 0.17, 1.2)
    snap = pluck(note("A5"), 0.16, 0.04)
    return finish(mix(gain(swish, 0.5), gain(zip_up, 0.35), gain(snap, 0.7), at=(0, 0.02, 0.16)),
                  0.65)


def gene_pool(rng: random.Random) -> Signal:
    a = pluck(note("E5"), 0.14, 0.06, BELL)
    b = pluck(note("A5"), 0.26, 0.09, BELL)
    return finish(mix(a, b, at=(0.0, 0.09)), 0.6)


def gene_pool_down(rng: random.Random) -> Signal:
    a = pluck(note("A5"), 0.14, 0.06, BELL)
    b = pluck(note("E5"), 0.26, 0.09, BELL)
    return finish(mix(a, b, at=(0.0, 0.09)), 0.6)


def catastrophe(rng: random.Random) -> Signal:
    secs = 0.85
    rumble = lowpass(lowpass(noise(secs, rng), 160), 120)
    low = tone(lambda t: 55 - 12 * t, secs, ((1, 1.0), (2, 0.6), (3, 0.35), (4, 0.2)))
    trem = [0.75 + 0.25 * math.sin(TAU * 7 * i / RATE) for i in range(int(secs * RATE))]
    body = [(r * 6 + lo * 0.55) * m for r, lo, m in zip(rumble, low, trem, strict=True)]
    return finish(envelope(body, 0.06, secs - 0.06, 1.3), 0.85, fade_out=0.06)


def turn(rng: random.Random) -> Signal:
    a = pluck(note("G5"), 0.7, 0.22, BELL, attack=0.006)
    b = pluck(note("D6"), 0.6, 0.18, BELL, attack=0.006)
    return finish(mix(a, gain(b, 0.6), at=(0.0, 0.05)), 0.5, fade_out=0.08)


def react(rng: random.Random) -> Signal:
    notes = [note(n) for n in ("D5", "F#5", "A5", "D6")]
    parts = [pluck(f, 0.16, 0.05, ((1, 1.0), (3, 0.3), (5, 0.12))) for f in notes]
    hit = highpass(envelope(noise(0.05, rng), 0.002, 0.045, 2.0), 2000)
    return finish(mix(*parts, gain(hit, 0.4), at=(0, 0.04, 0.08, 0.12, 0.0)), 0.6)


def win(rng: random.Random) -> Signal:
    seq = [("C5", 0.0, 0.16), ("E5", 0.14, 0.16), ("G5", 0.28, 0.16), ("C6", 0.42, 0.75)]
    parts = []
    starts = []
    for name, start, dur in seq:
        f = note(name)
        vib = (lambda f0: (lambda t: f0 * (1 + 0.004 * math.sin(TAU * 5.5 * t) * min(1, t * 4))))(f)
        parts.append(envelope(tone(vib, dur + 0.05, BRASS), 0.02, dur + 0.03, 1.6))
        starts.append(start)
    for name in ("E5", "G5"):   # the final chord
        parts.append(gain(envelope(tone(note(name), 0.75, BRASS), 0.03, 0.72, 1.6), 0.5))
        starts.append(0.42)
    sparkle = gain(pluck(note("C7"), 0.4, 0.12, BELL), 0.25)
    parts.append(sparkle)
    starts.append(0.44)
    sig = mix(*parts, at=tuple(starts))
    return finish(lowpass(sig, 5000), 0.7, fade_out=0.1)


def click(rng: random.Random) -> Signal:
    tick = expdecay(tone(1900, 0.03, ((1, 1.0), (2.7, 0.3))), 0.001, 0.006)
    return finish(tick, 0.45, fade_in=0.001, fade_out=0.006)


def error(rng: random.Random) -> Signal:
    buzz = ((1, 1.0), (3, 0.33), (5, 0.2), (7, 0.14), (9, 0.1))
    a = envelope(tone(140, 0.13, buzz), 0.01, 0.12, 1.2)
    b = envelope(tone(118, 0.18, buzz), 0.01, 0.17, 1.2)
    return finish(lowpass(mix(a, b, at=(0.0, 0.15)), 1400), 0.4)


EFFECTS: dict[str, Callable[[random.Random], Signal]] = {
    "play_card": play_card,
    "draw": draw,
    "discard": discard,
    "steal": steal,
    "gene_pool": gene_pool,
    "gene_pool_down": gene_pool_down,
    "catastrophe": catastrophe,
    "turn": turn,
    "react": react,
    "win": win,
    "click": click,
    "error": error,
}


def write_wav(path: Path, sig: Signal) -> None:
    data = b"".join(struct.pack("<h", max(-32767, min(32767, round(x * 32767)))) for x in sig)
    with wave.open(str(path), "wb") as f:
        f.setnchannels(1)
        f.setsampwidth(2)
        f.setframerate(RATE)
        f.writeframes(data)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(Path(__file__).resolve().parent.parent / "assets" / "sounds"))
    args = ap.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for i, (name, make) in enumerate(EFFECTS.items()):
        sig = make(random.Random(1000 + i))
        path = out / f"{name}.wav"
        write_wav(path, sig)
        print(f"{path.name:20s} {len(sig) / RATE:5.2f} s {path.stat().st_size / 1024:6.1f} KB")


if __name__ == "__main__":
    main()
