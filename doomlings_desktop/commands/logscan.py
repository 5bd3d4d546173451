"""The log keeps hands hidden: random games in which, after every answer, every log line each
seat can read is scanned for card names that seat has not seen.

What a seat has seen is gathered from its Views alone (`view_for` without the log), answer
after answer, and never forgotten: its hand, every pile, the discard pile, the ages, eras and
catastrophes, the cards revealed to it, the ages it peeked, the cards of its own decisions,
its Meaning of Life card, every hand while hands are open (E24), and at the end every seat's
Meaning card. The lines come from `events_for`, the one door every reader of the log goes
through; the scan reads their text the way a person would, looking for any card's name, so it
does not trust how the lines were built. `doomlings fuzz --log-privacy` runs it at any size;
tests/test_log_privacy.py runs a few hundred games of it.
"""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import SupportsIndex

from doomlings_desktop.commands.fuzz import MAX_STEPS, table_of
from doomlings_desktop.rules.cards import Database
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.events import events_for
from doomlings_desktop.rules.view import View, view_for


class Leak(AssertionError):
    """A seat could read the name of a card it has not seen."""


@dataclass
class ScanResult:
    games: int = 0
    lines: int = 0          # log lines read, counted once per seat that reads them
    named: int = 0          # card names found in them (each allowed, unless a leak)
    seconds: float = 0.0
    leaks: list[str] = field(default_factory=list)


def name_pattern(db: Database) -> re.Pattern:
    """Any card's name as a whole phrase, longest first (a name inside a longer name is the
    longer card)."""
    names = sorted({db.name(c) for c in range(len(db.cards))}, key=len, reverse=True)
    return re.compile(r"(?<!\w)(" + "|".join(map(re.escape, names)) + r")(?!\w)")


def seen_in(v: View) -> set[int]:
    """The cards a View shows its seat."""
    cards = set(v.hand) | set(v.revealed) | set(v.discard) | set(v.catastrophes) | set(v.shown)
    cards |= {c for e in v.eras for c in e} | set(v.next_ages)
    for s in v.seats:
        cards.update(s.pile)
        if s.hand is not None:
            cards.update(s.hand)
    if v.age >= 0:
        cards.add(v.age)
    if v.meaning >= 0:
        cards.add(v.meaning)
    cards.update(c for c in v.meanings if c >= 0)
    d = v.decision
    if d is not None:
        cards.update(o for o in d.options if type(o) is int and o >= 0)
        if d.card >= 0:
            cards.add(d.card)
    return cards


class Watched(list):
    """A list that tells `saw` of each item put into it. On the discard pile, face up for
    everyone, a card that lies there only in the middle of an answer still counts as seen
    (Badlands shuffles it away, E22); on the log, each line written makes the scanner note
    every hand as it is then (a card drawn, or got by swapping hands, and passed on at random
    by Ozmorian Winds within one answer, E23)."""

    def __init__(self, cards: list, saw: Callable[[Watched, int], None]) -> None:
        super().__init__(cards)
        self.saw = saw
        for c in cards:
            saw(self, c)

    def append(self, c: int) -> None:
        self.saw(self, c)
        super().append(c)

    def extend(self, cards: Iterable[int]) -> None:
        cards = list(cards)
        for c in cards:
            self.saw(self, c)
        super().extend(cards)

    def insert(self, i: SupportsIndex, c: int) -> None:
        self.saw(self, c)
        super().insert(i, c)


class Scanner:
    """Follows one game: call `step()` after each answer."""

    def __init__(self, g: Game, pattern: re.Pattern) -> None:
        self.g = g
        self.pattern = pattern
        self.seen: list[set[int]] = [set() for _ in range(g.n)]
        self.public: set[int] = set()     # every card the discard pile has held
        self.held: list[set[int]] = [set() for _ in range(g.n)]   # every card in each hand
        self.ids: dict[str, list[int]] = {}    # a name -> the cards that bear it
        for c in range(len(g.db.cards)):
            self.ids.setdefault(g.db.name(c), []).append(c)
        self.at = 0
        self.lines = self.named = 0
        self.step()

    def step(self) -> None:
        g = self.g
        for seat in range(g.n):
            self.seen[seat] |= seen_in(view_for(g, seat, with_log=False))
        for seat in range(g.n):
            for kind, text in events_for(g, seat, self.at):
                self.lines += 1
                for name in self.pattern.findall(text):
                    self.named += 1
                    if not self._knows(seat, name) and not self._printed(seat, name, text):
                        raise Leak(f"seat {seat} reads {name!r} it has not seen: "
                                   f"[{kind}] {text}")
        self.at = len(g.log or ())
        if type(g.discard) is not Watched:
            g.discard = Watched(g.discard, lambda _, c: self.public.add(c))
        if g.log is not None and type(g.log.at) is not Watched:    # each new line of the log
            g.log.at = Watched(g.log.at, self._hands)

    def _hands(self, _log: list, _event: object) -> None:
        g = self.g
        open_ = bool(g.rules.get("reveal_hands"))     # every hand open this round (E24): a
        for q, pl in enumerate(g.players):           # card drawn into one is seen by all,
            self.held[q].update(pl.hand)             # even if the round ends in the answer
            if open_:
                self.public.update(pl.hand)

    def _knows(self, seat: int, name: str) -> bool:
        """Whether the seat has seen a card of that name (copies share a name)."""
        seen, public, held = self.seen[seat], self.public, self.held[seat]
        return any(c in seen or c in public or c in held for c in self.ids[name])

    def _printed(self, seat: int, name: str, text: str) -> bool:
        """The name is quoted in the printed text of a card the seat has seen (an age that
        names Heroic), which tells nothing about where any copy of it is."""
        cards = self.g.db.cards
        return any(name in t and t in text
                   for c in range(len(cards)) if self._knows(seat, cards[c].name)
                   for t in (cards[c].text, cards[c].we_text) if t)


def scan_game(db: Database, seed: int, pattern: re.Pattern | None = None) -> tuple[int, int]:
    """One random game of the fuzz tables (`fuzz.table_of`); returns (lines, names) read."""
    players, variants = table_of(seed)
    g = Game.new(db, players, seed=seed, variants=variants)
    r = random.Random(seed)
    sc = Scanner(g, pattern or name_pattern(db))
    steps = 0
    while g.pending is not None and steps < MAX_STEPS:
        g.apply(r.choice(g.pending.options))
        sc.step()
        steps += 1
    return sc.lines, sc.named


def scan(db: Database, games: int, seed: int = 0) -> ScanResult:
    """`games` games from `seed`; leaks are collected with their seeds, not raised."""
    res = ScanResult()
    pattern = name_pattern(db)
    t0 = time.perf_counter()
    for s in range(seed, seed + games):
        try:
            lines, named = scan_game(db, s, pattern)
            res.lines += lines
            res.named += named
        except Leak as e:
            players, _ = table_of(s)
            res.leaks.append(f"seed {s} ({players} players): {e}")
        res.games += 1
    res.seconds = time.perf_counter() - t0
    return res


def main(db: Database, games: int, seed: int, as_json: bool) -> int:
    """`doomlings fuzz --log-privacy`: prints the counts; 1 if any seat read a hidden card."""
    res = scan(db, games, seed)
    if as_json:
        print(json.dumps({"games": res.games, "lines": res.lines, "names": res.named,
                          "seconds": round(res.seconds, 3), "leaks": res.leaks}))
    else:
        for leak in res.leaks[:20]:
            print(f"LEAK {leak}")
        print(f"{res.games} games over 2-6 players: {res.lines} log lines read by their seats, "
              f"{res.named} card names in them, {len(res.leaks)} games with a hidden card "
              f"named ({res.seconds:.1f} s)")
    return 1 if res.leaks else 0
