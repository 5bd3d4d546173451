"""Learn to play: a guided first game on a prepared deal, in steps that point and wait.

The deal (`assets/tutorial/deal.yaml`) is a position in the scenario files' set-up keys; the
script (`assets/tutorial/lesson.yaml`) is the bot's answers and the steps. Both are data, so a
step is changed without code, and both are checked when they load (file, step and key named).

No pygame: the table draws the `Lesson`'s current step and asks it before applying an answer,
and tests play the whole lesson through a Match. The learner is seat 0; seat 1 is an Easy bot
whose first answers the script names (so the lesson meets the cards it teaches), and which
plays on its own once the script runs out or the learner skips the lesson.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from doomlings_desktop.names import name_of
from doomlings_desktop.rules.cards import Database
from doomlings_desktop.rules.engine import Decision, Game
from doomlings_desktop.rules.setup import PositionError, build

LEARNER = 0
BOT = 1
AT = frozenset({"play", "card", "react", "color", "player", "yesno", "end_turn", "over"})
POINTS = frozenset({"hand", "strip", "pile", "gene_pool", "age", "button", "offer", "scores",
                    "deck", "log", "prompt"})
DOES = frozenset({"play", "choose", "react", "end_turn"})
STEP_KEYS = frozenset({"id", "title", "at", "say", "point", "do", "next", "refuse"})
SEATS = {"you": LEARNER, "bot": BOT}
BUTTONS = {"end_turn": ("answer", "end"), "hint": "hint", "confirm": "confirm",
           "red": ("answer", "red"), "blue": ("answer", "blue"), "green": ("answer", "green"),
           "purple": ("answer", "purple"), "pass": ("answer", "pass")}


class LessonError(Exception):
    """The deal or script is not usable; the message names the file, the step and the key."""


@dataclass(frozen=True)
class Step:
    """One thing the lesson says. It is shown once the learner's pending decision is of kind
    `at` (any, if None; 'over' once the game has ended) and lasts until the learner does `do`
    (kind, value) or, with no `do`, presses Next."""

    id: str
    title: str
    say: str
    at: str | None
    point: tuple[tuple[str, Any], ...]      # (what, which): resolved to places by the table
    do: tuple[str, Any] | None
    next_label: str = "Next"
    refuse: str = ""


@dataclass(frozen=True)
class Script:
    deal: dict
    steps: tuple[Step, ...]
    bot: tuple[Any, ...]        # the bot's answers (card ids or words), used when legal


def _load_yaml(path: Path) -> Any:
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as e:
        raise LessonError(f"{path.name}: cannot be read ({e})") from None


def _step(db: Database, raw: Any, where: str) -> Step:
    if not isinstance(raw, dict):
        raise LessonError(f"{where}: a step is a mapping")
    bad = set(raw) - STEP_KEYS
    if bad:
        raise LessonError(f"{where}: unknown keys {sorted(bad)}")
    say = raw.get("say")
    if not isinstance(say, str) or not say.strip():
        raise LessonError(f"{where}: 'say' must be the text to show")
    at = raw.get("at")
    if at is not None and at not in AT:
        raise LessonError(f"{where}: 'at' must be one of {sorted(AT)}")
    point = []
    for item in raw.get("point") or []:
        if not isinstance(item, dict) or len(item) != 1:
            raise LessonError(f"{where}: each 'point' is one mapping like {{hand: blubber}}")
        (what, which), = item.items()
        if what not in POINTS:
            raise LessonError(f"{where}: cannot point at '{what}' (known: {sorted(POINTS)})")
        if what in ("hand", "strip", "offer") and which != "all" and which not in db.by_id:
            raise LessonError(f"{where}: no card '{which}'")
        if what in ("pile", "gene_pool") and which not in SEATS:
            raise LessonError(f"{where}: '{what}' names a seat: you or bot")
        if what == "button" and which not in BUTTONS:
            raise LessonError(f"{where}: no button '{which}' (known: {sorted(BUTTONS)})")
        point.append((what, which))
    do = raw.get("do")
    if do is not None:
        if do == "end_turn":
            do = ("end_turn", "end")
        elif isinstance(do, dict) and len(do) == 1 and next(iter(do)) in DOES:
            (kind, value), = do.items()
            if kind in ("play", "react") and value not in db.by_id:
                raise LessonError(f"{where}: no card '{value}'")
            do = (kind, value)
        else:
            raise LessonError(f"{where}: 'do' must be end_turn or one of "
                              f"{{play: ID}}, {{react: ID}}, {{choose: ANSWER}}")
    label = raw.get("next", "Next")
    if not isinstance(label, str) or not label or len(label) > 20:
        raise LessonError(f"{where}: 'next' is the Next button's label (1-20 letters)")
    title = raw.get("title", "")
    refuse = raw.get("refuse", "")
    if not isinstance(title, str) or not isinstance(refuse, str):
        raise LessonError(f"{where}: 'title' and 'refuse' are text")
    ident = raw.get("id", where)
    return Step(str(ident), title, " ".join(say.split()), at, tuple(point), do, label,
                " ".join(refuse.split()))


def load(db: Database, folder: Path | None = None) -> Script:
    """The lesson's deal and script from `folder` (default the bundled assets/tutorial)."""
    if folder is None:
        from doomlings_desktop.resources import resource

        folder = resource("assets/tutorial")
    deal = _load_yaml(folder / "deal.yaml")
    script = _load_yaml(folder / "lesson.yaml")
    if not isinstance(deal, dict) or deal.get("players") != 2:
        raise LessonError("deal.yaml: a scenario-style position for 2 players")
    if not isinstance(script, dict) or not isinstance(script.get("steps"), list) \
            or not script["steps"]:
        raise LessonError("lesson.yaml: needs a list of 'steps'")
    bad = set(script) - {"steps", "bot"}
    if bad:
        raise LessonError(f"lesson.yaml: unknown keys {sorted(bad)}")
    bot = script.get("bot") or []
    if not isinstance(bot, list) or any(
            not isinstance(a, str) or (a not in db.by_id and a not in _WORDS) for a in bot):
        raise LessonError("lesson.yaml: 'bot' is a list of card ids or answers "
                          f"({', '.join(sorted(_WORDS))})")
    steps = tuple(_step(db, s, f"lesson.yaml: step {i + 1}")
                  for i, s in enumerate(script["steps"]))
    return Script(deal, steps, tuple(bot))


_WORDS = frozenset({"pass", "red", "blue", "green", "purple", "colorless", "yes", "no", "skip",
                    "redraw", "end"})


def deal(db: Database, script: Script, names: list[str]) -> Game:
    """The prepared position (rules/setup.py), its first decision pending."""
    d = script.deal
    bad = set(d) - {"name", "players", "seed", "setup"}
    if bad:
        raise LessonError(f"deal.yaml: unknown keys {sorted(bad)}")
    try:
        return build(db, d.get("setup"), players=2, seed=d.get("seed", 0), names=names)
    except PositionError as e:
        raise LessonError(f"deal.yaml: setup.{e}" if e.where else f"deal.yaml: {e}") from None


def matches(db: Database, d: Decision, answer: Any, want: tuple[str, Any]) -> bool:
    """Whether `answer` to `d` is what a step's `do` asks for."""
    kind, value = want
    if kind == "end_turn":
        return d.kind == "end_turn"
    if kind == "play" and d.kind != "play" or kind == "react" and d.kind != "react":
        return False
    if isinstance(answer, int) and d.kind in ("play", "card", "react", "catastrophe"):
        return db.cards[answer].id == value
    return answer == value


class Lesson:
    """Where the learner is in the script. `step(game)` is what to show now (None while the
    game runs on to the next step's moment), `refuse` keeps the game on the script while a
    step is shown, and `answered`/`next` move on."""

    def __init__(self, db: Database, script: Script) -> None:
        self.db = db
        self.script = script
        self.index = 0
        self.skipped = False

    @property
    def steps(self) -> tuple[Step, ...]:
        return self.script.steps

    @property
    def running(self) -> bool:
        return not self.skipped and self.index < len(self.steps)

    def step(self, game: Game) -> Step | None:
        if not self.running:
            return None
        s = self.steps[self.index]
        if s.at == "over":
            return s if game.over else None
        d = game.pending
        if game.over or d is None or d.player != LEARNER:
            return None
        return s if s.at is None or s.at == d.kind else None

    def refuse(self, game: Game, answer: Any) -> str | None:
        """Why this answer is not the lesson's, while a step is shown; None lets it through."""
        s = self.step(game)
        d = game.pending
        if s is None or d is None:
            return None
        if s.do is None:
            return "Read the lesson's note first: click Next (or press Enter)."
        if matches(self.db, d, answer, s.do):
            return None
        return s.refuse or ("The lesson asks for something else here (it is lit on the "
                            "table). Skip the lesson to play freely.")

    def answered(self, d: Decision, answer: Any) -> None:
        s = self.steps[self.index] if self.running else None
        if s is not None and s.do is not None and matches(self.db, d, answer, s.do):
            self.index += 1

    def hint(self, game: Game) -> Any:
        """The coach's Hint while a step waits for a move: that move, and the step's words."""
        s = self.step(game)
        d = game.pending
        if s is None or s.do is None or d is None:
            return None
        from doomlings_desktop.play.coach import Hint

        for o in d.options:
            if matches(self.db, d, o, s.do):
                return Hint(o, s.refuse or s.say, None)
        return None

    def next(self, game: Game) -> bool:
        """Next pressed: a step without `do` is done."""
        s = self.step(game)
        if s is None or s.do is not None:
            return False
        self.index += 1
        return True

    def skip(self) -> None:
        self.skipped = True

    def may_undo(self) -> bool:
        """Undo would move the game behind the script: only once the lesson is over."""
        return not self.running


class ScriptedBot:
    """The lesson's bot: the script's next answer when it is legal, else the Easy bot's own.
    It reads only its decision's legal answers, as any bot does from its View."""

    name = "Easy"

    def __init__(self, lesson: Lesson, easy: Any) -> None:
        self.lesson = lesson
        self.easy = easy
        self.used = 0

    def decide(self, view: Any, sampler: Any = None) -> Any:
        d = view.decision
        script = self.lesson.script.bot
        if not self.lesson.skipped and d is not None and self.used < len(script):
            want = script[self.used]
            for o in d.options:
                named = self.lesson.db.cards[o].id if isinstance(o, int) and d.kind in (
                    "play", "card", "react", "catastrophe") else o
                if named == want:
                    self.used += 1
                    return o
        return self.easy.decide(view, sampler)


def lesson_match(prefs: Any = None, folder: Path | None = None) -> Any:
    """The lesson's Match: the prepared deal, the learner against the scripted Easy bot. It is
    never autosaved and counts in no statistics (a lesson is not a game you played)."""
    from doomlings_desktop.play.match import Match, Seat
    from doomlings_desktop.rules.cards import default_database

    db = default_database()
    script = load(db, folder)
    names = list(getattr(prefs, "player_names", None) or ["Player 1"])
    seats = [Seat(name_of(names[0], 0)), Seat("Easy bot", "bot", "easy")]
    names = [s.name for s in seats]
    m = Match(seats, int(script.deal.get("seed", 0)), game=deal(db, script, names), prefs=prefs)
    m.autosave = False
    m.origin = lambda: deal(db, script, names)
    m.lesson = Lesson(db, script)
    m.bots[BOT] = ScriptedBot(m.lesson, m.bots[BOT])
    return m
