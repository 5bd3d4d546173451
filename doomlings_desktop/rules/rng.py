"""The game's own seeded generator.

A tiny splitmix64 rather than `random.Random`: its whole state is one int, so `clone()` is a
copy of that int, and its output cannot change between Python versions, which keeps saved game
records replayable forever.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
_BITS21 = 0x1FFFFF


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK

    def clone(self) -> Rng:
        r = Rng.__new__(Rng)
        r.state = self.state
        return r

    def next64(self) -> int:
        self.state = s = (self.state + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform int in [0, n); the modulo bias is below 2**-50 for card-sized n."""
        return self.next64() % n

    def shuffle(self, items: list) -> None:
        """Fisher-Yates, taking three 21-bit indices from each 64-bit draw.

        Shuffling the decks was a tenth of a random game's time; this does a third of the
        64-bit arithmetic, and for decks under 200 cards each index is off uniform by < 1e-4.
        The three swaps per draw are unrolled (a quarter faster than a loop); the order of the
        draws and swaps is part of the record format and must never change.
        """
        s = self.state
        i = len(items) - 1
        while i >= 3:
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * _MIX1) & _MASK
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK
            z ^= z >> 31
            j = ((z & _BITS21) * (i + 1)) >> 21
            items[i], items[j] = items[j], items[i]
            j = (((z >> 21) & _BITS21) * i) >> 21
            i -= 1
            items[i], items[j] = items[j], items[i]
            j = (((z >> 42) & _BITS21) * i) >> 21
            i -= 1
            items[i], items[j] = items[j], items[i]
            i -= 1
        if i > 0:       # one or two swaps left: one more draw
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * _MIX1) & _MASK
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK
            z ^= z >> 31
            j = ((z & _BITS21) * (i + 1)) >> 21
            items[i], items[j] = items[j], items[i]
            if i == 2:
                j = (((z >> 21) & _BITS21) * 2) >> 21
                items[1], items[j] = items[j], items[1]
        self.state = s

    def choice(self, items):
        return items[self.next64() % len(items)]
