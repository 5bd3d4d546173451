"""Scenario files: a position, steps, and expectations that pin a rule down.

The format is docs/scenario-format.md. The runner is one more decider: it
builds a position, answers decisions as the steps say, answers single-answer decisions by
itself, declines out-of-turn opportunities unless the next step reacts, and checks `expect`.
"""

from __future__ import annotations

import os
import stat
from collections import Counter
from pathlib import Path
from typing import Any

import yaml

from doomlings_desktop.rules.cards import COLORS, CardDatabaseError, Database, database_for
from doomlings_desktop.rules.decisions import ATTACH_TO_HOST, TURN_OPENING
from doomlings_desktop.rules.engine import Game, IllegalAnswer
from doomlings_desktop.rules.setup import PositionError, build, force_world_end
from doomlings_desktop.rules.view import view_for

TOP_KEYS = {"name", "players", "seed", "variants", "modules", "setup", "steps", "expect"}
STEP_KEYS = {"play", "choose", "react", "no_play", "illegal", "world_end", "expect"}
EXPECT_KEYS = {"current_player", "age", "game_over", "winner", "trait_deck_size", "discard_size",
               "discard", "players", "first_player", "open_hands"}
SEAT_EXPECT_KEYS = {"hand", "hand_size", "pile", "gene_pool", "score", "colors", "meaning",
                    "attached", "next_ages"}
WORDS = {"red", "blue", "green", "purple", "colorless", "yes", "no", "pass", "skip", "redraw"}


class ScenarioError(Exception):
    """A scenario failed or is malformed; the message says which step and what differed."""


class _Steps:
    """The steps still to run, with the parts of a partly used `choose` mapping or list."""

    def __init__(self, steps: list) -> None:
        self.items = [dict(s) if isinstance(s, dict) else s for s in steps]
        self.index = 0
        self.parts: list | None = None   # remaining answers of the current choose step

    def peek(self) -> Any:
        return self.items[self.index] if self.index < len(self.items) else None

    def next_action(self) -> Any:
        """The next step that answers something (checkpoints are looked past)."""
        for s in self.items[self.index:]:
            if not (isinstance(s, dict) and "expect" in s):
                return s
        return None

    def advance(self) -> None:
        self.index += 1
        self.parts = None


def _react_of(step: Any) -> Any:
    """The seat a `react` step (or an `illegal: {react: ...}` one) is about, else None: the
    runner stops at that seat's out-of-turn offer for it."""
    if not isinstance(step, dict):
        return None
    want = step.get("react")
    if want is None and isinstance(step.get("illegal"), dict):
        want = step["illegal"].get("react")
    return want.get("player") if isinstance(want, dict) else None


def _answer_parts(value: Any) -> list | dict:
    """A choose value as what it still supplies: a list of answers, or a {player, card, host}
    map (`host`: an attachment's host, an id or {player, card} for a host in that pile)."""
    if isinstance(value, list):
        return list(value)
    if isinstance(value, dict):
        bad = set(value) - {"player", "card", "host"}
        if bad:
            raise ScenarioError(f"unknown keys in choose mapping: {sorted(bad)}")
        host = value.get("host")
        if isinstance(host, dict) and (set(host) - {"player", "card"} or "card" not in host):
            raise ScenarioError("choose host: expected an id or {player: SEAT, card: ID}")
        return dict(value)
    return [value]


def _host_parts(host: Any) -> tuple[Any, int | None]:
    """An attachment's host as (card id, seat whose pile it is in, or None)."""
    if isinstance(host, dict):
        return host.get("card"), host.get("player")
    return host, None


class Runner:
    def __init__(self, db: Database, data: dict, file: str = "<scenario>") -> None:
        self.db = db
        self.data = data
        self.file = file
        self.step_no = 0
        _check_keys(data, TOP_KEYS, "scenario")
        if "modules" in data:       # otherwise the caller's database (`--modules`) as given
            self.db = _with_modules(db, data["modules"])
        self.g = self._build()

    # ---------------------------------------------------------------- position

    def _build(self) -> Game:
        d = self.data
        try:
            return build(self.db, d.get("setup"), players=d.get("players", 2),
                         seed=d.get("seed", 0), variants=d.get("variants") or {})
        except PositionError as e:
            where = "" if e.where is None else f"setup.{e.where}: " if e.where else "setup: "
            raise ScenarioError(where + e.problem) from None

    # ---------------------------------------------------------------- running

    def _name(self, option: Any) -> Any:
        if isinstance(option, int) and not isinstance(option, bool):
            d = self.g.pending
            if d is not None and d.kind == "player":
                return option
            return self.db.ident[option]
        return option

    def _is_turn_start(self) -> bool:
        d = self.g.pending
        return d is not None and d.intent in TURN_OPENING

    def run_on(self, steps: _Steps) -> None:
        """Answer by itself until a stopping point (format: 'How far the game runs')."""
        g = self.g
        while g.pending is not None:
            d = g.pending
            nxt = steps.peek()
            if d.kind == "react":
                if _react_of(steps.next_action()) == d.player:
                    return
                g.apply("pass")
                continue
            if self._is_turn_start():
                return
            names = {self._name(o) for o in d.options}
            if len(names) != 1:
                return
            only = d.options[0]
            if isinstance(nxt, dict) and "choose" in nxt:
                if steps.parts is None:
                    steps.parts = _answer_parts(nxt["choose"])
                if self._consume(steps.parts, only) and not steps.parts:
                    steps.advance()
            g.apply(only)

    def _consume(self, parts: list | dict, option: Any) -> bool:
        """If the next answer of a choose step is exactly `option`, mark it used."""
        d = self.g.pending
        if isinstance(parts, dict):
            if d.intent == ATTACH_TO_HOST and "card" not in parts and "host" in parts:
                want, seat = _host_parts(parts["host"])
                if self._name(option) == want and (seat is None or self._belongs(option, seat)):
                    parts.pop("host")
                    return True
                return False
            if d.kind == "player" and parts.get("player") == option:
                parts.pop("player")
                return True
            if d.kind != "player" and "card" in parts and self._name(option) == parts["card"]:
                parts.pop("card")
                if "player" in parts and self._belongs(option, parts["player"]):
                    parts.pop("player")
                return True
            return False
        if parts and self._name(option) == parts[0]:
            parts.pop(0)
            return True
        return False

    def _resolve(self, want: Any, seat: int | None = None) -> Any:
        """The legal option a step's answer names (preferring seat's cards), or raise."""
        g = self.g
        d = g.pending
        if d is None:
            raise ScenarioError(f"answer {want!r} given but nothing is pending (game over: {g.over})")
        if isinstance(want, bool):   # YAML reads bare yes/no as booleans
            want = "yes" if want else "no"
        if d.kind == "player":
            if isinstance(want, int) and want in d.options:
                return want
            raise ScenarioError(self._bad(want))
        matches = [o for o in d.options if (isinstance(o, int) and self.db.ident[o] == want)
                   or (isinstance(o, str) and o == want)]
        if seat is not None:
            mine = [o for o in matches if isinstance(o, int) and self._belongs(o, seat)]
            matches = mine or matches
        if not matches:
            raise ScenarioError(self._bad(want))
        return matches[0]

    def _belongs(self, c: int, seat: int) -> bool:
        zone, owner = self.g.locate(c)
        return owner == seat or zone in ("discard", "deck")

    def _bad(self, want: Any) -> str:
        d = self.g.pending
        legal = sorted({str(self._name(o)) for o in d.options})
        return (f"{want!r} is not a legal answer to {d.kind} decision of player {d.player} "
                f"({d.prompt!r}); legal: {legal}")

    def do_step(self, step: Any, steps: _Steps) -> None:
        g = self.g
        if not isinstance(step, dict) or len(step) != 1:
            raise ScenarioError(f"a step is a mapping with one key, got {step!r}")
        (kind, value), = step.items()
        if kind not in STEP_KEYS:
            raise ScenarioError(f"unknown step '{kind}' (known: {', '.join(sorted(STEP_KEYS))})")
        if kind == "expect":
            self.check(value, "expect")
        elif kind == "play":
            d = g.pending
            if d is None or d.kind != "play":
                raise ScenarioError(f"'play: {value}' but the pending decision is "
                                    f"{d.kind if d else 'none'}" + (f" ({d.prompt})" if d else ""))
            hand = g.players[d.player].hand
            copies = [c for c in hand if self.db.ident[c] == value]
            if not copies:
                raise ScenarioError(f"player {d.player} has no {value} in hand")
            legal = [c for c in copies if c in d.options]
            if not legal:
                raise ScenarioError(f"{value} cannot be played: {g.why_not(copies[0])}")
            g.apply(legal[0])
        elif kind == "choose":
            parts = steps.parts if steps.parts is not None else _answer_parts(value)
            steps.parts = None
            self.choose(parts)
        elif kind == "react":
            if not isinstance(value, dict) or set(value) != {"player", "card"}:
                raise ScenarioError("react takes {player: SEAT, card: ID}")
            d = g.pending
            if d is None or d.kind != "react" or d.player != value["player"]:
                raise ScenarioError(f"react by player {value['player']} expected an out-of-turn "
                                    f"opportunity, but pending is {d!r}")
            g.apply(self._resolve(value["card"]))
        elif kind == "no_play":
            d = g.pending
            if d is None or d.kind != "no_play":
                raise ScenarioError(f"'no_play' but pending is {d!r}")
            g.apply(self._resolve(value))
        elif kind == "illegal":
            self.check_illegal(value)
        elif kind == "world_end":
            self.force_world_end(value)

    def choose(self, parts: list | dict) -> None:
        g = self.g
        if isinstance(parts, list):
            for i, want in enumerate(parts):
                if i:
                    self.run_on_silent()
                g.apply(self._resolve(want))
            return
        first = True
        while parts:
            if not first:
                self.run_on_silent()
            first = False
            d = g.pending
            if d is None:
                raise ScenarioError(f"choose {parts!r}: nothing is pending")
            if d.kind == "player" and "player" in parts:
                g.apply(self._resolve(parts.pop("player")))
            elif "card" not in parts and "host" in parts and d.intent == ATTACH_TO_HOST:
                want, seat = _host_parts(parts.pop("host"))
                g.apply(self._resolve(want, seat))
            elif "card" in parts and d.kind != "player":
                seat = parts.get("player")
                c = self._resolve(parts.pop("card"), seat)
                if seat is not None and isinstance(c, int) and self._belongs(c, seat):
                    parts.pop("player", None)
                g.apply(c)
            else:
                raise ScenarioError(f"choose {parts!r} does not fit the pending {d.kind} "
                                    f"decision ({d.prompt!r}); legal: "
                                    f"{sorted({str(self._name(o)) for o in d.options})}")

    def run_on_silent(self) -> None:
        """Between the answers of one choose step: only answer declined opportunities."""
        g = self.g
        while g.pending is not None and g.pending.kind == "react":
            g.apply("pass")

    def check_illegal(self, value: Any) -> None:
        g = self.g
        if not isinstance(value, dict) or len(value) != 1:
            raise ScenarioError("illegal takes {play: ID}, {choose: X} or "
                                "{react: {player: SEAT, card: ID}}")
        (kind, want), = value.items()
        before = _fingerprint(g)
        d = g.pending
        refused = False
        try:
            if kind == "react":
                # not offered now: no offer to that seat is pending, or not of that card
                if not isinstance(want, dict) or set(want) != {"player", "card"}:
                    raise ScenarioError("illegal react takes {player: SEAT, card: ID}")
                if d is None or d.kind != "react" or d.player != want["player"]:
                    refused = True
                else:
                    try:
                        g.apply(self._resolve(want["card"]))
                    except ScenarioError:
                        refused = True
            elif kind == "play":
                if d is None or d.kind != "play":
                    refused = True
                else:
                    copies = [c for c in g.players[d.player].hand if self.db.ident[c] == want]
                    if not copies:
                        refused = True
                    else:
                        for c in copies:
                            try:
                                g.apply(c)
                                break
                            except IllegalAnswer:
                                continue
                        else:
                            refused = True
            else:
                try:
                    parts = _answer_parts(want)
                    if isinstance(parts, dict):
                        got = self._resolve(parts.get("card", parts.get("player")), parts.get("player"))
                    else:
                        got = self._resolve(parts[0])
                    g.apply(got)
                except (ScenarioError, IllegalAnswer):
                    refused = True
        except IllegalAnswer:
            refused = True
        if not refused:
            raise ScenarioError(f"illegal {kind}: {want} was accepted")
        if _fingerprint(g) != before:
            raise ScenarioError(f"illegal {kind}: {want} was refused but changed the game")

    def force_world_end(self, ident: Any) -> None:
        db = self.db
        if ident not in db.by_id or db.cards[db.by_id[ident][0]].kind != "catastrophe":
            raise ScenarioError(f"world_end: {ident!r} is not a catastrophe")
        force_world_end(self.g, db.by_id[ident][0])

    # ---------------------------------------------------------------- checking

    def check(self, exp: Any, where: str) -> None:
        g = self.g
        if not isinstance(exp, dict):
            raise ScenarioError(f"{where}: expected a mapping")
        _check_keys(exp, EXPECT_KEYS, where)
        ident = self.db.ident
        errors = []

        def cmp(label: str, want: Any, got: Any) -> None:
            if want != got:
                errors.append(f"{label}: expected {want!r}, got {got!r}")

        def multiset(label: str, want: Any, cards: list[int]) -> None:
            if not isinstance(want, list):
                errors.append(f"{label}: expected a list")
                return
            got = sorted(ident[c] for c in cards)
            if Counter(want) != Counter(got):
                errors.append(f"{label}: expected {sorted(want)}, got {got}")

        if "current_player" in exp:
            cur = g.pending.player if g.pending is not None and self._is_turn_start() else g.current
            cmp("current_player", exp["current_player"], cur)
        if "first_player" in exp:
            cmp("first_player", exp["first_player"], g.first)
        if "age" in exp:
            cmp("age", exp["age"], ident[g.age] if g.age >= 0 else None)
        if "game_over" in exp:
            cmp("game_over", exp["game_over"], g.over)
        if "winner" in exp:
            w = g.winners[0] if len(g.winners) == 1 else list(g.winners)
            want = exp["winner"]
            if isinstance(want, list) and len(want) == 1:
                want = want[0]
            cmp("winner", want, w if g.over else None)
        if "trait_deck_size" in exp:
            cmp("trait_deck_size", exp["trait_deck_size"], len(g.deck))
        if "discard_size" in exp:
            cmp("discard_size", exp["discard_size"], len(g.discard))
        if "discard" in exp:
            multiset("discard", exp["discard"], g.discard)
        if "open_hands" in exp:     # Age of Metadata (E24): every view shows every hand
            views = [view_for(g, i, with_log=False) for i in range(g.n)]
            shown = all(sv.hand == tuple(g.players[sv.seat].hand) for v in views
                        for sv in v.seats)
            hidden = all(sv.hand is None for v in views for sv in v.seats if sv.seat != v.me)
            cmp("open_hands", exp["open_hands"], True if shown else False if hidden else None)
        seats = exp.get("players")
        if seats is not None:
            items = seats.items() if isinstance(seats, dict) else enumerate(seats)
            for i, s in items:
                if not isinstance(i, int) or not 0 <= i < g.n:
                    errors.append(f"players: no seat {i!r}")
                    continue
                if not s:
                    continue
                _check_keys(s, SEAT_EXPECT_KEYS, f"{where}.players[{i}]")
                pl = g.players[i]
                if "hand" in s:
                    multiset(f"player {i} hand", s["hand"], pl.hand)
                if "hand_size" in s:
                    cmp(f"player {i} hand_size", s["hand_size"], len(pl.hand))
                if "pile" in s:
                    multiset(f"player {i} pile", s["pile"], pl.pile)
                if "gene_pool" in s:
                    cmp(f"player {i} gene_pool", s["gene_pool"], pl.gp)
                if "colors" in s:
                    self._check_colors(s["colors"], i, errors)
                if "next_ages" in s:    # the ages this seat has seen, top first (its view)
                    cmp(f"player {i} next_ages", s["next_ages"],
                        [ident[c] for c in view_for(g, i, with_log=False).next_ages])
                if "attached" in s:     # attachment -> host in this pile (E8-E10)
                    want = s["attached"]
                    if not isinstance(want, dict):
                        raise ScenarioError(f"player {i} attached: expected a mapping of "
                                            "attachment id to host id ({} for none)")
                    got = {ident[c]: ident[g.attached[c]] for c in pl.pile if c in g.attached}
                    cmp(f"player {i} attached", want, got)
                if "meaning" in s:      # the Meaning of Life card this seat kept (E4)
                    m = g.meaning[i]
                    cmp(f"player {i} meaning", s["meaning"], ident[m] if m >= 0 else None)
                if "score" in s:
                    got = g.scores[i] if g.over else g.score(i)
                    if s["score"] != got:
                        detail = ", ".join(f"{k} {v:+d}" for k, v in g.score_breakdown(i))
                        errors.append(f"player {i} score: expected {s['score']}, got {got} ({detail})")
        if errors:
            raise ScenarioError(f"{where}: " + "; ".join(errors))

    def _check_colors(self, want: Any, i: int, errors: list[str]) -> None:
        """`colors`: each listed colour's count in seat i's pile, as the rules count them (a
        multi-colour trait once in each of its colours, E5; a recolored one as its new one)."""
        if not isinstance(want, dict) or not all(
                k in COLORS + ("colorless",) and type(v) is int for k, v in want.items()):
            raise ScenarioError(f"player {i} colors: expected a mapping of color to count")
        have = Counter(self.g.pile_colors(i))
        got = {k: have[k] for k in want}
        if got != want:
            errors.append(f"player {i} colors: expected {want}, got {got}")

    def run(self) -> None:
        steps = _Steps(self.data.get("steps") or [])
        if not isinstance(steps.items, list):
            raise ScenarioError("steps must be a list")
        self.run_on(steps)
        while steps.peek() is not None:
            self.step_no = steps.index + 1
            step = steps.peek()
            if steps.parts is not None and isinstance(step, dict) and "choose" in step:
                # a choose step partly used by automatic answers: finish it
                self.do_step(step, steps)
                steps.advance()
            else:
                steps.advance()
                self.do_step(step, steps)
            self.run_on(steps)
        self.step_no = 0
        if "expect" in self.data:
            self.check(self.data["expect"], "expect")


def _with_modules(db: Database, modules: Any) -> Database:
    """db with the scenario's `modules:`, whose cards are valid only when listed."""
    if not isinstance(modules, list) or not all(isinstance(m, str) for m in modules):
        raise ScenarioError("modules: expected a list of module names")
    try:
        return database_for(modules, base=db)
    except CardDatabaseError as e:
        raise ScenarioError(f"modules: {str(e).split(': ', 1)[-1]}") from None


def _check_keys(m: Any, allowed: set, where: str) -> None:
    if not isinstance(m, dict):
        raise ScenarioError(f"{where}: expected a mapping")
    bad = set(m) - allowed
    if bad:
        raise ScenarioError(f"{where}: unknown key(s) {sorted(bad)} (allowed: {sorted(allowed)})")


def _fingerprint(g: Game) -> tuple:
    return (tuple((tuple(p.hand), tuple(p.pile), p.gp) for p in g.players), tuple(g.deck),
            tuple(g.discard), tuple(g.age_deck), g.first, g.current, len(g.stack),
            g.pending.kind if g.pending else None, len(g.answers))


MAX_BYTES = 4_000_000        # a scenario is a few kB; more is not a scenario


def read_scenario(path: Path) -> Any:
    """The file's YAML data. Raises ScenarioError with a one-line reason for anything that is
    not a readable YAML file: a FIFO or device (refused unread, so nothing blocks), a huge
    file, not UTF-8, bad YAML, nesting too deep for the parser."""
    try:        # opened without blocking, then checked: a file swapped for a FIFO after a
        # stat used to block the run at open
        with os.fdopen(os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)), "rb") as f:
            st = os.fstat(f.fileno())
            if not stat.S_ISREG(st.st_mode):
                raise ScenarioError("cannot read: not a regular file")
            if st.st_size > MAX_BYTES:
                raise ScenarioError(f"cannot read: {st.st_size:,} bytes, more than a scenario "
                                    f"({MAX_BYTES:,} at most)")
            text = f.read(MAX_BYTES + 1).decode("utf-8")
        return yaml.safe_load(text)
    except UnicodeDecodeError:
        raise ScenarioError("cannot read: not UTF-8 text") from None
    except OSError as e:
        raise ScenarioError(f"cannot read: {e.strerror or e}") from None
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        at = f"line {mark.line + 1}: " if mark else ""
        raise ScenarioError(f"not valid YAML: {at}{e.problem or e.context}") from None
    except yaml.YAMLError as e:
        raise ScenarioError("not valid YAML: " + " ".join(str(e).split())) from None
    except RecursionError:
        raise ScenarioError("cannot read: nested too deeply") from None
    except (MemoryError, ValueError, TypeError) as e:   # whatever else the parser can raise
        raise ScenarioError(f"cannot read: {type(e).__name__}: {e}") from None


def run_file(db: Database, path: Path) -> str | None:
    """Run one scenario file; None if it passed, else the failure text (one line)."""
    try:
        data = read_scenario(path)
    except ScenarioError as e:
        return str(e)
    runner = None
    try:
        runner = Runner(db, data, str(path))
        runner.run()
    except ScenarioError as e:
        where = f"step {runner.step_no}: " if runner and runner.step_no else ""
        return f"{where}{e}"
    except IllegalAnswer as e:
        where = f"step {runner.step_no}: " if runner and runner.step_no else ""
        return f"{where}refused: {e}"
    except RecursionError:
        return "nested too deeply"
    except Exception as e:  # noqa: BLE001 - an engine crash is a failure to report, not to raise
        where = f"step {runner.step_no}: " if runner and runner.step_no else ""
        return " ".join(f"{where}engine error {type(e).__name__}: {e}".split())
    return None


def collect(paths: list[str]) -> list[Path]:
    out = []
    for p in map(Path, paths):
        if p.is_dir():
            out.extend(sorted(p.rglob("*.yaml")) + sorted(p.rglob("*.yml")))
        else:
            out.append(p)
    return out
