"""The card database: `cards.yaml` loaded, validated and compiled into `CardDef`s.

Every physical card is an int (its index in `Database.cards`), so game state holds only ints
and lists. Loading is strict: any unknown key, verb, card id or wrong type stops the load with a
`CardDatabaseError` naming the file, line, card and field.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import os
import re
import stat
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, NoReturn

import yaml

from doomlings_desktop.rules import counters, verbs

COLORS = ("red", "blue", "green", "purple")
ALL_COLORS = COLORS + ("colorless",)
# The modules whose cards carry an identity icon (egg, dragon, gears) that other cards count
# or target: "1 Dinoling", "each Mythling", "each Techling" (E1).
FAMILIES = ("dinolings", "mythlings", "techlings")
# One bit per colour: a card's colours as a mask, so a round's colour rules test a card in one
# operation whether it has one colour or several (ruling E5).
COLOR_BIT = {c: 1 << i for i, c in enumerate(ALL_COLORS)}
ICONS = ("action", "out_of_turn", "world_end", "drop_of_life")
REACTIONS = ("cancel_action", "parasitic", "late", "self_awareness", "sneaky",
             # the Mythlings' windows (E16, E17): docs/engine.md "Out-of-turn windows"
             "any_time", "cancel_harm", "action_played", "dominant_played", "before_steal",
             "trait_discarded", "self_discarded")
# Where a reaction card goes (`reaction_into`): its player's own pile, an opponent's pile of
# their choice, or the pile of the player whose play or effect opened the window.
REACTION_INTO = ("own", "opponent", "actor")
AGE_RULES = {
    "forbid_color": "color",
    "max_value": "int",
    "ignore_actions": "bool",
    "stabilize_to": "int",
    "may_skip_stabilize": "bool",
    "may_redraw_instead_of_stabilize": "bool",
    "may_discard_before_stabilize": "int",
    "draw_after_stabilize": "int",
    "bonus_play": "bonus",
    "not_last_color": "bool",
    "protect_piles": "bool",
    "reverse_order": "bool",
    "pass_after_stabilize": "bool",
    "reveal_hands": "bool",
}
TRIGGERS = ("turn_start", "own_trait_discarded", "own_green_played")


class CardDatabaseError(Exception):
    """A broken card database: says where, which card and which field."""

    def __init__(self, file: str, line: int | None, card: str | None, field: str | None,
                 message: str) -> None:
        parts = [f"{file}:{line}" if line else file]
        if card:
            parts.append(f"card '{_clip(card, 40)}'")
        if field:
            parts.append(f"field '{_clip(field, 60)}'")
        super().__init__(": ".join(parts) + f": {_clip(message, 160)}")
        self.file, self.line, self.card, self.field = file, line, card, field


def _clip(s: str, n: int) -> str:
    """s cut to n characters: a message stays one readable line whatever the file holds."""
    s = str(s)
    return s if len(s) <= n else s[:n - 3] + "..."


class CardDef:
    """One card's printed facts and compiled behavior (shared by all its copies)."""

    __slots__ = (
        "id", "name", "kind", "color", "colors", "value", "variable", "dominant", "icons", "copies",
        "text", "gp_self", "gp_all", "requires", "cost", "action", "world_end", "score",
        "reaction", "triggers", "keeps", "fixed", "denial", "has_effect", "uses_handler",
        "setup", "rules", "gene_pool", "each", "once", "we_text", "we_steps", "we_once",
        "we_score", "we_rule", "undeniable", "bots", "module", "bonus", "on_play",
        "reaction_into", "reaction_if", "discard_if_stolen", "back_to_hand", "attach",
    )

    def __init__(self, **kw: Any) -> None:
        for name in self.__slots__:
            setattr(self, name, kw.get(name))
        self.module = self.module or ""     # the expansion module it comes from; "" is base
        self.reaction_into = self.reaction_into or "own"

    def __repr__(self) -> str:
        return f"<CardDef {self.id}>"


class AttachSpec:
    """How an attachment (Techlings, E8-E15) is played and what it does to its host: the
    `attach:` key of a trait (docs/card-dsl.md)."""

    __slots__ = ("any_pile", "host", "protects", "blanks", "host_color", "may_move")

    def __init__(self, any_pile: bool, host: tuple, protects: frozenset, blanks: bool,
                 host_color: str | None, may_move: bool) -> None:
        self.any_pile = any_pile        # a host in any player's pile, else the player's own
        self.host = host                # the filter the host must match (non-blue, effectless)
        self.protects = protects        # what cannot happen to the host: steal, swap, discard, all
        self.blanks = blanks            # Lyonization: the host's rules text has no effect (E11)
        self.host_color = host_color    # Cybernetic / Transgenic: the host's one colour (E12)
        self.may_move = may_move        # Ruggedized: may move at the end of its owner's turn

    def __repr__(self) -> str:
        return f"<AttachSpec {'any' if self.any_pile else 'own'} {self.host}>"


class Database:
    """All cards; physical card ints index `cards` and the flat per-card arrays."""

    def __init__(self, defs: list[CardDef], source: str, digest: str,
                 modules: tuple[str, ...] = ()) -> None:
        self.source = source
        self.hash = digest              # of the file's text: what format-1 records named
        self.modules = modules          # the expansion modules whose cards it holds (E1)
        self.path: Path | None = None   # the base file, to load its modules beside it
        self.manifest: dict[str, str] = {}      # module name -> its file, relative to path
        self.behaviour: dict[str, str] = {}     # card id -> digest of its behaviour
        self.defs = {d.id: d for d in defs}
        self.cards: list[CardDef] = []
        self.by_id: dict[str, list[int]] = {}
        for kind in ("trait", "birth", "age", "catastrophe", "meaning"):
            for d in defs:
                if d.kind != kind:
                    continue
                for _ in range(d.copies or 1):
                    self.by_id.setdefault(d.id, []).append(len(self.cards))
                    self.cards.append(d)
        self.traits = [c for c, d in enumerate(self.cards) if d.kind == "trait"]
        self.ages = [c for c, d in enumerate(self.cards) if d.kind == "age"]
        self.catastrophes = [c for c, d in enumerate(self.cards) if d.kind == "catastrophe"]
        # Meaning of Life cards (E4): kept in secret at set-up, scored last; none in the base game
        self.meanings = [c for c, d in enumerate(self.cards) if d.kind == "meaning"]
        births = [c for c, d in enumerate(self.cards) if d.kind == "birth"]
        self.birth = births[0] if births else -1
        # Flat arrays: the hot paths index these instead of following attributes.
        # `color` is a card's first colour (all of it for nearly every card); `colors` all of
        # them: a multi-colour trait is each of its colours (E5). `multi` is empty unless the
        # cards hold one, so single-colour games keep their one-string fast paths.
        self.color = [d.color for d in self.cards]
        self.colors = [d.colors or ((d.color,) if d.color else ()) for d in self.cards]
        self.mask = [sum(COLOR_BIT.get(x, 0) for x in cs) for cs in self.colors]
        self.mask_of = dict(zip(self.colors, self.mask, strict=True))    # colours -> mask
        self.multi = frozenset(c for c, cs in enumerate(self.colors) if len(cs) > 1)
        self.value = [d.value or 0 for d in self.cards]
        self.dominant = [bool(d.dominant) for d in self.cards]
        self.variable = [bool(d.variable) for d in self.cards]
        self.has_action = [bool(d.action) and "action" in (d.icons or ()) for d in self.cards]
        self.has_effect = [bool(d.has_effect) for d in self.cards]
        self.ident = [d.id for d in self.cards]
        self.module = [d.module for d in self.cards]    # "" for the base game (E1 identity)
        self.gp_card = [bool(d.gp_self or d.gp_all) for d in self.cards]
        self.reaction = [d.reaction for d in self.cards]
        self.special = [bool(d.triggers or d.keeps or d.denial) for d in self.cards]
        self.denial = [bool(d.denial) for d in self.cards]
        # Traits that never leave their pile (Fulfilled): no effect may target them.
        self.fixed = [bool(d.fixed) for d in self.cards]
        self.scoring = [bool(d.score) for d in self.cards]
        # Cards whose score terms reach other players' scores (Viral): the only ones a score
        # needs to look for in other piles.
        self.scores_others = [any(t[3] != "self" for t in (d.score or ())) for d in self.cards]
        self.scores_others_ids = frozenset(c for c, x in enumerate(self.scores_others) if x)
        # Whether any score reads the discard pile (Tiny Arms): then the tiebreak's draws put
        # the deck and the discard pile back as they were at the final count.
        self.scores_discard = any(t[0] in counters.READS_DISCARD for d in defs
                                  for t in (d.score or ()) + (d.we_score or ()))
        # Attachments (Techlings, E8): how each is played onto a host (None: not one); the
        # flat arrays a host's effects are read from (all False/None in other games).
        self.attach: list[AttachSpec | None] = [d.attach for d in self.cards]
        self.blanks = [bool(d.attach and d.attach.blanks) for d in self.cards]
        self.host_color = [d.attach.host_color if d.attach else None for d in self.cards]
        self.protects = [d.attach.protects if d.attach else frozenset() for d in self.cards]
        self.movers = tuple(c for c, d in enumerate(self.cards) if d.attach and d.attach.may_move)
        self.has_attachments = any(d.attach for d in self.cards)
        # Cards whose legality depends only on the round's rules (no requirement, cost, dominance,
        # host to find).
        self.plain = [not (d.requires or d.cost or d.dominant or d.attach) for d in self.cards]
        self.turn_start = tuple(c for c, d in enumerate(self.cards)
                                if d.triggers and "turn_start" in d.triggers)
        self.green_triggers = tuple(c for c, d in enumerate(self.cards)
                                    if d.triggers and "own_green_played" in d.triggers)
        # World's End effects that come first in their pile: those that start by naming the
        # card's own colour (Free Will, E6). Empty in the base game.
        self.we_first = frozenset(c for c, d in enumerate(self.cards)
                                  if d.world_end and d.world_end[0].verb.name == "become_color")
        # Out-of-turn cards by the moment they answer: a window looks for these few cards only.
        self.reactors: dict[str, tuple[int, ...]] = {k: () for k in REACTIONS}
        for c, d in enumerate(self.cards):
            if d.reaction:
                self.reactors[d.reaction] = self.reactors.get(d.reaction, ()) + (c,)
        r = self.reactors
        # The cards one window offers together: the end of a turn (Self-Awareness and "at any
        # time", E16) and an action about to resolve (Automimicry, Chromatophores, Righteous).
        self.turn_over_cards = r["self_awareness"] + r["any_time"]
        self.cancel_cards = r["cancel_action"] + r["cancel_harm"]
        # Actions that can reach another player (Righteous' condition, E17): only worked out
        # when a card can use it.
        self.reaches = ([verbs.reaches_others(d.action or ()) for d in self.cards] if r["cancel_harm"]
                        else [False] * len(self.cards))
        # Cards with a moment of their own when discarded from a hand (Witchy, Zombified) or
        # stolen (Gelatinous): a flag per card, read where such a move happens.
        self.on_hand_discard = [d.reaction == "self_discarded" for d in self.cards]
        self.discard_if_stolen = [bool(d.discard_if_stolen) for d in self.cards]

    # -- what a saved game needs to know about the cards it was played with

    @property
    def order(self) -> list[str]:
        """The distinct card ids in physical-card order: with a game's seed, the deal."""
        return list(self.by_id)

    def deck(self) -> list[list[str]]:
        """[id, behaviour digest] per card in order: what a record keeps to judge whether a
        saved game can still be replayed here. Names, rules text and comments are not in it."""
        return [[i, self.behaviour.get(i, "")] for i in self.by_id]

    def reordered(self, ids: list[str]) -> Database:
        """These cards alone, in this order: the database a game saved elsewhere was dealt
        from (cards added or moved since then change neither its deal nor its card ints)."""
        db = Database([self.defs[i] for i in ids], self.source, self.hash, self.modules)
        db.behaviour = {i: self.behaviour.get(i, "") for i in ids}
        db.path, db.manifest = self.path, self.manifest
        return db

    def card(self, ident: str) -> int:
        """The first physical copy of a card id."""
        return self.by_id[ident][0]

    def name(self, c: int) -> str:
        return self.cards[c].name


# ---------------------------------------------------------------- YAML with line numbers

# Limits on what the card file may be: generous for a hand-written database (the bundled one is
# 32 KB, nests 9 levels and has about 3,400 YAML nodes), small enough that a hostile file is
# refused at once instead of eating time and memory.
MAX_BYTES = 4 * 1024 * 1024
MAX_DEPTH = 32
MAX_NODES = 200_000
_SHOW = 60      # how much of any value from the file a message shows


class _Map(dict):
    """A mapping that remembers the line of itself and of each key (1-based)."""

    line: int = 0
    key_lines: dict


class _Seq(list):
    """A list that remembers its line (1-based), so faults inside it can name a line."""

    line: int = 0


class _YamlFault(Exception):
    """A fault found while reading the YAML itself: the line and what is wrong."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line, self.message = line, message


_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_TAG = "tag:yaml.org,2002:"
_SCALAR_TAGS = {_TAG + t for t in ("null", "bool", "int", "float", "str", "timestamp", "merge",
                                   "value")}
_NOKEY = object()


def _show(v: Any, limit: int = _SHOW) -> str:
    """repr(v) cut to about `limit` characters, reading no more of v than that needs."""
    if isinstance(v, dict):
        parts, size = [], 2
        for k, x in v.items():
            if size > limit:
                parts.append("...")
                break
            parts.append(f"{_show(k, limit)}: {_show(x, limit)}")
            size += len(parts[-1]) + 2
        r = "{" + ", ".join(parts) + "}"
    elif isinstance(v, list):
        parts, size = [], 2
        for x in v:
            if size > limit:
                parts.append("...")
                break
            parts.append(_show(x, limit))
            size += len(parts[-1]) + 2
        r = "[" + ", ".join(parts) + "]"
    elif isinstance(v, str):
        r = repr(v[:limit + 1])
    elif isinstance(v, int) and not isinstance(v, bool) and v.bit_length() > 200:
        r = "a huge number"     # repr of a very long int is slow, or refused by Python
    else:
        r = repr(v)
    return r if len(r) <= limit else r[:limit - 3] + "..."


def _scalar(loader: Any, ev: Any, line: int) -> Any:
    """One scalar as plain data: null, bool, int, float or str (dates stay text)."""
    tag = ev.tag
    if tag is None or tag == "!":
        tag = loader.resolve(yaml.ScalarNode, ev.value, ev.implicit)
    if tag not in _SCALAR_TAGS:
        raise _YamlFault(line, f"the YAML tag {_show(tag)} is not allowed in the card database")
    if tag == _TAG + "str" or tag == _TAG + "timestamp" or tag == _TAG + "merge" \
            or tag == _TAG + "value":
        return ev.value
    node = yaml.ScalarNode(tag, ev.value, ev.start_mark, ev.end_mark, ev.style)
    try:
        return loader.yaml_constructors[tag](loader, node)
    except (ValueError, KeyError, OverflowError) as e:     # a malformed or absurdly long number
        raise _YamlFault(line, f"cannot read the value {_show(ev.value, 30)} ({_show(str(e), 50)})") from None


def _read_yaml(text: str) -> Any:
    """The one YAML document in text, as `_Map`s, `_Seq`s and scalars with their lines.

    Built from the parser's events without recursion, so nesting depth, node count, anchors and
    aliases (the "billion laughs" bomb), explicit tags and non-scalar keys are all refused before
    anything can grow: a card file needs none of them.
    """
    loader = _Loader(text)
    try:
        stack: list[list] = []      # open collections: [container, pending key, its line]
        root: Any = None
        docs = nodes = 0
        while loader.check_event():
            ev = loader.get_event()
            t = type(ev)
            if t is yaml.DocumentStartEvent:
                docs += 1
                if docs > 1:
                    raise _YamlFault(ev.start_mark.line + 1,
                                     "more than one YAML document (a second '---')")
                continue
            if t is yaml.MappingEndEvent or t is yaml.SequenceEndEvent:
                value = stack.pop()[0]
                line = value.line
            elif t is yaml.ScalarEvent or t is yaml.MappingStartEvent \
                    or t is yaml.SequenceStartEvent or t is yaml.AliasEvent:
                line = ev.start_mark.line + 1
                nodes += 1
                if nodes > MAX_NODES:
                    raise _YamlFault(line, f"the file has more than {MAX_NODES} YAML values")
                if t is yaml.AliasEvent or ev.anchor is not None:
                    raise _YamlFault(line, "YAML anchors and aliases (& and *) are not allowed "
                                           "in the card database")
                if t is yaml.ScalarEvent:
                    value = _scalar(loader, ev, line)
                else:
                    top = stack[-1] if stack else None
                    if top is not None and top[1] is _NOKEY and type(top[0]) is _Map:
                        raise _YamlFault(line, "a key must be a plain value, not a list or "
                                               "mapping")
                    if len(stack) >= MAX_DEPTH:
                        raise _YamlFault(line, f"nested deeper than {MAX_DEPTH} levels")
                    mapping = t is yaml.MappingStartEvent
                    if ev.tag not in (None, "!", _TAG + ("map" if mapping else "seq")):
                        raise _YamlFault(line, f"the YAML tag {_show(ev.tag)} is not allowed "
                                               "in the card database")
                    c: Any = _Map() if mapping else _Seq()
                    c.line = line
                    if mapping:
                        c.key_lines = {}
                    stack.append([c, _NOKEY, 0])
                    continue
            else:
                continue        # stream and document ends
            if not stack:
                root = value
                continue
            top = stack[-1]
            c = top[0]
            if type(c) is _Seq:
                c.append(value)
            elif top[1] is _NOKEY:
                if value in c:
                    raise _YamlFault(line, f"not valid YAML: duplicate key {_show(value)}")
                top[1], top[2] = value, line
            else:
                c[top[1]] = value
                c.key_lines[top[1]] = top[2]
                top[1] = _NOKEY
        return root
    finally:
        loader.dispose()


# ---------------------------------------------------------------- validation

# Allowed ranges of every whole number in the file, by key or option name. The engine and the
# screens assume small numbers (a hand, a pile, a score line), so anything outside these is a
# typo or an attack, refused at load. Real cards use face values -2..17 (Tiny), gene pool
# changes -1..2, score points -5..4 and counts up to 4.
INT_RANGES: dict[str, tuple[int, int]] = {
    "value": (-10, 20), "value_at_least": (-10, 20), "value_at_most": (-10, 20),
    "max_value": (-10, 20),
    "gene_pool": (-5, 5), "gene_pool_all": (-5, 5),
    "copies": (1, 10), "at_least": (0, 20), "points": (-20, 20),
    "cap": (0, 20), "keep": (-1, 20), "look": (0, 20),
    "stabilize_to": (0, 20), "may_discard_before_stabilize": (0, 20),
    "draw_after_stabilize": (0, 20), "min": (0, 50), "max": (0, 50), "n": (1, 20),
    "every": (1, 20),
}
COUNT_RANGE = (0, 20)           # a verb's count given as a plain number (`draw: 3`)
INT_DEFAULT = (-20, 20)         # any int option not named above
MAX_NAME = 40                   # characters in a card name (the longest real one has 20)
MAX_TEXT = 500                  # characters in any other text (the longest real one has 140)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _unknown(what: str, name: Any, known: Any, word: str = "known") -> str:
    """'unknown verb 'x' (...)': the whole list when short, else the closest names."""
    names = sorted(str(k) for k in known)
    listing = ", ".join(names)
    if len(listing) <= 90:
        return f"unknown {what} {_show(name, 40)} ({word}: {listing})"
    near = difflib.get_close_matches(name, names, 3) if isinstance(name, str) else []
    hint = f"did you mean {' or '.join(near)}?" if near else "see docs/card-dsl.md for the list"
    return f"unknown {what} {_show(name, 40)} ({hint})"


class _Checker:
    """Validates one file's data, raising CardDatabaseError with the right place."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.card: str | None = None
        self.line = 1               # the current card's line: the fallback for any fault in it
        self.known_ids: set[str] = set()

    def fail(self, where: Any, field: str | None, message: str, key: Any = None) -> NoReturn:
        """Raise the error at where's line (a `_Map` key's, a `_Seq`'s, an int), else the card's."""
        line = None
        if isinstance(where, _Map):
            line = where.key_lines.get(key, where.line) if key is not None else where.line
        elif isinstance(where, _Seq):
            line = where.line
        elif _is_int(where):
            line = where
        raise CardDatabaseError(self.file, line or self.line or 1, self.card, field, message)

    def keys(self, m: Any, field: str, allowed: set[str] | dict, required: tuple = (),
             owner: Any = None, key: Any = None) -> None:
        """m is a mapping of allowed keys with the required ones; owner[key] is where m sits."""
        if not isinstance(m, dict):
            self.fail(owner if owner is not None else m, field or None,
                      f"expected a mapping, got {_show(m, 40)}", key)
        for k in m:
            if k not in allowed:
                self.fail(m, f"{field}.{k}" if field else str(k),
                          _unknown("key", k, allowed, "allowed"), k)
        for k in required:
            if k not in m:
                self.fail(m, field or None, f"missing key '{k}'")

    def typed(self, m: _Map, key: str, kind: str, field: str) -> Any:
        v = m[key]
        f = f"{field}.{key}" if field else key
        if kind == "int":
            lo, hi = INT_RANGES.get(key, INT_DEFAULT)
            if not (_is_int(v) and lo <= v <= hi):
                self.fail(m, f, f"{key} must be an int in {lo}..{hi}, got {_show(v)}", key)
            return v
        ok = {
            "bool": isinstance(v, bool),
            "str": isinstance(v, str) and len(v) <= (MAX_NAME if key == "name" else MAX_TEXT),
            "color": isinstance(v, str) and v in ALL_COLORS,
            "card": isinstance(v, str) and v in self.known_ids,
            "module": isinstance(v, str) and v in FAMILIES,
        }.get(kind)
        if ok is None and kind.startswith("enum:"):
            ok = isinstance(v, str) and v in kind[5:].split("|")
        if not ok:
            want = {"color": f"one of {', '.join(ALL_COLORS)}", "card": "a known card id",
                    "module": " or ".join(FAMILIES),
                    "str": f"text of at most {MAX_NAME if key == 'name' else MAX_TEXT} characters",
                    }.get(kind, kind[5:].replace("|", " or ") if kind.startswith("enum:") else kind)
            self.fail(m, f, f"expected {want}, got {_show(v)}", key)
        return v

    # -- behavior pieces

    def steps(self, raw: Any, field: str, owner: _Map) -> tuple:
        if raw is None:
            return ()
        if not isinstance(raw, list):
            self.fail(owner, field, "expected a list of steps", field.split(".")[-1])
        return tuple(self.step(s, f"{field}[{i}]", raw) for i, s in enumerate(raw))

    def step(self, raw: Any, field: str, owner: Any) -> verbs.Step:
        if not isinstance(raw, dict) or not raw:
            self.fail(owner, field, f"a step must be a mapping like {{draw: 1}}, got {_show(raw)}")
        cond = None
        names = [k for k in raw if k != "if"]
        if len(names) != 1:
            self.fail(raw, field, f"a step names exactly one verb, got {_show(names)}")
        name = names[0]
        spec = verbs.VERBS.get(name)
        if spec is None:
            self.fail(raw, f"{field}.{name}", _unknown("verb", name, verbs.VERBS), name)
        if "if" in raw:
            cond = self.condition(raw["if"], f"{field}.if", raw)
        if name == "handler":
            from doomlings_desktop.rules.handlers import HANDLERS

            hname = raw[name].get("name") if isinstance(raw[name], dict) else raw[name]
            if not isinstance(hname, str) or hname not in HANDLERS:
                self.fail(raw, f"{field}.handler", _unknown("handler", hname, HANDLERS), name)
        args = raw[name]
        if not isinstance(args, dict):
            if spec.short is None:
                if args is not None and args is not True:
                    self.fail(raw, f"{field}.{name}", f"'{name}' takes a mapping of options", name)
                args = _Map()
                args.line, args.key_lines = raw.key_lines.get(name, raw.line), {}
            else:
                m = _Map({spec.short: args})
                m.line, m.key_lines = raw.key_lines.get(name, raw.line), {}
                args = m
        out = {}
        self.keys(args, f"{field}.{name}", spec.params)
        for pname, (kind, default) in spec.params.items():
            if pname not in args:
                if default is verbs.REQUIRED:
                    self.fail(args, f"{field}.{name}", f"missing option '{pname}'")
                out[pname] = default
                continue
            out[pname] = self.value(args, pname, kind, f"{field}.{name}")
        return verbs.Step(spec, out, cond)

    def value(self, m: _Map, key: str, kind: str, field: str) -> Any:
        v = m[key]
        f = f"{field}.{key}"
        if kind == "count":
            if _is_int(v):
                lo, hi = COUNT_RANGE
                if not lo <= v <= hi:
                    self.fail(m, f, f"a count must be in {lo}..{hi}, got {_show(v)}", key)
                return v
            return self.counter(v, f, m, key)
        if kind == "filter":
            return self.filter(v, f, m, key)
        if kind == "steps":
            return self.steps(v, f, m)
        if kind == "cards":
            if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
                self.fail(m, f, "expected a list of card ids", key)
            for x in v:
                if x not in self.known_ids:
                    self.fail(m, f, f"unknown card id {_show(x, 40)}", key)
            return tuple(v)
        return self.typed(m, key, kind, field)

    def counter(self, raw: Any, field: str, owner: Any, key: str | None = None) -> tuple:
        if not isinstance(raw, dict) or "count" not in raw:
            self.fail(owner, field, "expected a number or a counter like {count: pile_size}, "
                      f"got {_show(raw)}", key)
        name = raw["count"]
        spec = counters.COUNTERS.get(name) if isinstance(name, str) else None
        if spec is None:
            self.fail(raw, field, _unknown("counter", name, counters.COUNTERS), "count")
        arg = None
        allowed = {"count"} | ({spec.arg} if spec.arg else set())
        self.keys(raw, field, allowed)
        if spec.arg:
            if spec.arg not in raw:
                self.fail(raw, field, f"counter '{name}' needs '{spec.arg}'")
            arg = self.typed(raw, spec.arg, spec.arg_kind, field)
        return (spec.fn, arg)

    def filter(self, raw: Any, field: str, owner: Any, key: str | None = None) -> tuple:
        allowed = {"color": "color", "value": "int", "value_at_least": "int", "has_action": "bool",
                   "dominant": "bool", "effectless": "bool", "not_self": "bool",
                   "module": "module", "not_color": "color", "value_at_most": "int"}
        if not isinstance(raw, dict):
            self.fail(owner, field, f"expected a filter mapping, got {_show(raw)}", key)
        self.keys(raw, field, allowed)
        return tuple((k, self.typed(raw, k, allowed[k], field)) for k in sorted(raw))

    def condition(self, raw: Any, field: str, owner: Any) -> tuple:
        allowed = {"pile_has": "card", "var": "str"}
        if not isinstance(raw, dict) or len(raw) != 1:
            self.fail(owner, field, "a condition is one of {pile_has: ID} or {var: NAME}", "if")
        self.keys(raw, field, allowed)
        k = next(iter(raw))
        return (k, self.typed(raw, k, allowed[k], field))

    def score_terms(self, raw: Any, field: str, owner: _Map) -> tuple:
        if raw is None:
            return ()
        if not isinstance(raw, list):
            self.fail(owner, field, "expected a list of score terms", field)
        out = []
        for i, t in enumerate(raw):
            f = f"{field}[{i}]"
            self.keys(t, f, {"per", "points", "to", "if"}, ("per",), raw)
            per = self.counter(t["per"], f + ".per", t, "per")
            pts = self.typed(t, "points", "int", f) if "points" in t else 1
            to = self.typed(t, "to", "enum:self|opponents|most_traits|fewest_traits", f) if "to" in t else "self"
            cond = self.typed(t, "if", "enum:most_traits_strict|two_colors|is_host", f) \
                if "if" in t else None
            out.append((per[0], per[1], pts, to, cond))
        return tuple(out)


def _bonus(ck: _Checker, raw: Any, owner: _Map) -> tuple:
    """`bonus: {per: COUNTER, tiers|points|lowest}` -> (fn, arg, mode, data): tiers are
    ((min, max, points), ...), points one int, lowest (alone, tied)."""
    ck.keys(raw, "bonus", {"per", "tiers", "points", "lowest"}, ("per",), owner, "bonus")
    modes = [k for k in ("tiers", "points", "lowest") if k in raw]
    if len(modes) != 1:
        ck.fail(raw, "bonus", "a bonus has exactly one of tiers, points or lowest")
    fn, arg = ck.counter(raw["per"], "bonus.per", raw, "per")
    mode = modes[0]
    if mode == "points":
        return (fn, arg, mode, ck.typed(raw, "points", "int", "bonus"))
    if mode == "lowest":
        low = raw["lowest"]
        ck.keys(low, "bonus.lowest", {"alone", "tied"}, ("alone", "tied"), raw, "lowest")
        return (fn, arg, mode, tuple(ck.typed(low, k, "int", "bonus.lowest")
                                     for k in ("alone", "tied")))
    tiers = raw["tiers"]
    if not isinstance(tiers, list) or not tiers:
        ck.fail(raw, "bonus.tiers", "expected a list of tiers like {min: 1, max: 2, points: 3}",
                "tiers")
    out = []
    for i, t in enumerate(tiers):
        f = f"bonus.tiers[{i}]"
        ck.keys(t, f, {"min", "max", "points"}, ("points",), tiers)
        lo = ck.typed(t, "min", "int", f) if "min" in t else 0
        hi = ck.typed(t, "max", "int", f) if "max" in t else 10 ** 6
        if lo > hi:
            ck.fail(t, f, f"min {lo} is above max {hi}", "min")
        out.append((lo, hi, ck.typed(t, "points", "int", f)))
    return (fn, arg, mode, tuple(out))


_TRAIT_KEYS = {
    "id", "name", "color", "value", "dominant", "icons", "copies", "text", "gene_pool",
    "gene_pool_all", "requires", "cost", "action", "world_end", "score", "reaction", "triggers",
    "keeps_in_pile", "never_leaves_pile", "ignores_next_catastrophe", "bots", "on_play",
    "reaction_into", "reaction_if", "discard_if_stolen", "back_to_hand", "attach",
}
# What the bots are told about a trait beyond its rules, in points (bots/knowledge.py): what
# its action, its World's End effect, a variable value or an out-of-turn card kept in hand is
# worth, what paying its cost costs, and what attaching it does. Each needs the part it is
# about; without one the bots derive a worth from the steps (a cost without a hint counts 0).
BOT_HINTS = {"action": "action", "world_end": "world_end", "variable": "value", "hold": "reaction",
             "cost": "cost", "attach": "attach"}
ATTACH_KEYS = {"pile", "host", "protect", "blank_host", "host_color", "may_move"}
PROTECTIONS = ("steal", "swap", "discard", "all")
_AGE_KEYS = {"id", "name", "text", "setup", "setup_once", "rules"}
_CAT_KEYS = {"id", "name", "text", "gene_pool", "catastrophic", "catastrophic_once",
             "world_end_text", "world_end", "world_end_once", "world_end_score", "world_end_rule",
             "undeniable"}


def _uses_handler(steps: tuple) -> bool:
    for s in steps:
        if s.verb.name == "handler":
            return True
        for v in s.args.values():
            if isinstance(v, tuple) and v and isinstance(v[0], verbs.Step) and _uses_handler(v):
                return True
    return False


def _parse_yaml(text: str, file: str) -> Any:
    """The file's YAML document, or CardDatabaseError naming its line."""
    try:
        return _read_yaml(text)
    except _YamlFault as e:
        raise CardDatabaseError(file, e.line, None, None, e.message) from None
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        what = f"not valid YAML: {e.problem or e.context}"
        if "maximum nesting depth" in what:     # libyaml's own limit (PyYAML 6.0.4 on) comes
            what = f"nested deeper than {MAX_DEPTH} levels"     # first in deep [[[...]]]
        raise CardDatabaseError(file, mark.line + 1 if mark else 1, None, None, what) from None
    except yaml.YAMLError as e:        # the reader's faults: a position, not a line
        pos = getattr(e, "position", None)
        line = text.count("\n", 0, pos) + 1 if isinstance(pos, int) else 1
        what = getattr(e, "reason", None) or "unreadable text"
        raise CardDatabaseError(file, line, None, None, f"not valid YAML: {what}") from None


def _text_digest(text: str, file: str) -> str:
    try:
        return hashlib.sha256(text.encode()).hexdigest()[:16]
    except UnicodeEncodeError as e:
        raise CardDatabaseError(file, text.count("\n", 0, e.start) + 1, None, None,
                                "the text is not valid Unicode (a lone surrogate)") from None


def _check_ids(ck: _Checker, doc: _Map, sections: tuple[str, ...],
               base: set[str] | frozenset = frozenset()) -> None:
    """Every card has a string id, unique in the file and not one of the base game's."""
    for section in sections:
        items = doc.get(section)
        if items is None:
            continue
        for raw in items if isinstance(items, list) else (items,):
            _check_id(ck, doc, section, raw, base)


def _check_id(ck: _Checker, doc: _Map, section: str, raw: Any, base: set[str] | frozenset
              ) -> None:
    if not isinstance(raw, dict) or not isinstance(raw.get("id"), str) or not raw["id"]:
        ck.fail(raw if isinstance(raw, _Map) else doc, "id",
                f"every card needs a string id, got {_show(raw, 40)}", section)
    if raw["id"] in base:
        ck.fail(raw, "id", f"card id {_show(raw['id'], 40)} is already a card of the base "
                "game or another module: a module adds cards, it never replaces one", "id")
    if raw["id"] in ck.known_ids:
        ck.fail(raw, "id", f"duplicate card id {_show(raw['id'], 40)}", "id")
    ck.known_ids.add(raw["id"])


def _section_lists(ck: _Checker, doc: _Map, sections: tuple[str, ...]) -> list:
    """The cards of the file's traits/ages/catastrophes lists, after checking they are lists."""
    raws: list = []
    for section in sections:
        if section in doc:
            if not isinstance(doc[section], list):
                ck.fail(doc, section, "expected a list of cards", section)
            raws += doc[section]
    return raws


def _section_defs(ck: _Checker, doc: _Map, module: str = "") -> list[CardDef]:
    defs = [_trait(ck, r) for r in doc.get("traits", ())]
    defs += [_age(ck, r) for r in doc.get("ages", ())]
    defs += [_catastrophe(ck, r) for r in doc.get("catastrophes", ())]
    defs += [_meaning(ck, r) for r in doc.get("meanings", ())]
    for d in defs:
        d.module = module
    return defs


def _check_format(ck: _Checker, doc: _Map) -> None:
    if not _is_int(doc["format"]) or doc["format"] != 1:
        ck.fail(doc, "format", f"unsupported format {_show(doc['format'])} (this program reads 1)",
                "format")


def _manifest(ck: _Checker, doc: _Map) -> dict[str, str]:
    """`modules:` of the base file: module name -> its file, relative to the base file."""
    m = doc["modules"]
    if not isinstance(m, dict):
        ck.fail(doc, "modules", "expected a mapping of module name to file path", "modules")
    for k, v in m.items():
        if not isinstance(k, str) or not _MODULE_NAME.fullmatch(k):
            ck.fail(m, "modules", f"a module name is lowercase letters, digits and '-', got "
                    f"{_show(k)}", k)
        if not isinstance(v, str) or not v or len(v) > 200 or Path(v).is_absolute() \
                or ".." in Path(v).parts:
            ck.fail(m, f"modules.{k}", "expected a file path relative to the card database "
                    f"(no '..'), got {_show(v)}", k)
    return dict(m)


_MODULE_NAME = re.compile(r"[a-z][a-z0-9-]{0,39}")
BASE_SECTIONS = ("format", "traits", "ages", "catastrophes", "birth_of_life")
MODULE_KEYS = ("format", "module", "traits", "ages", "catastrophes", "meanings")
MODULE_CARDS = ("traits", "ages", "catastrophes", "meanings")


def parse_database(text: str, file: str = "cards.yaml") -> Database:
    """Parse and validate database text; raises CardDatabaseError with the place of any fault.
    Its `modules:` manifest is checked here; the module files are read by `load_database`."""
    ck = _Checker(file)
    digest = _text_digest(text, file)
    doc = _parse_yaml(text, file)
    if doc is None:
        ck.fail(1, None, "the file is empty (expected format, traits, ages, catastrophes and "
                "birth_of_life)")
    ck.keys(doc, "", set(BASE_SECTIONS) | {"modules"}, BASE_SECTIONS, 1)
    _check_format(ck, doc)
    manifest = _manifest(ck, doc) if "modules" in doc else {}
    raws = _section_lists(ck, doc, ("traits", "ages", "catastrophes"))
    b = doc["birth_of_life"]
    if not isinstance(b, dict):
        ck.fail(doc, "birth_of_life", f"expected a card mapping, got {_show(b, 40)}",
                "birth_of_life")
    _check_ids(ck, doc, ("traits", "ages", "catastrophes", "birth_of_life"))
    defs = _section_defs(ck, doc)
    _common(ck, b, {"id", "name", "text"}, ("id", "name", "text"))
    defs.append(CardDef(id=b["id"], name=b["name"], kind="birth", text=b["text"], rules={},
                        setup=(), copies=1))
    ck.card, ck.line = None, doc.line
    _check_counts(ck, doc, defs)
    db = Database(defs, file, digest)
    db.behaviour = {r["id"]: behaviour_digest(r) for r in raws + [b]}
    db.manifest = manifest
    return db


def parse_module(text: str, file: str, name: str, base_ids: set[str]
                 ) -> tuple[list[CardDef], dict[str, str]]:
    """A module file's cards (each knowing its module) and their behaviour digests; checked
    like the base file's, and an id of the base game (or an earlier module) is refused."""
    ck = _Checker(file)
    _text_digest(text, file)
    doc = _parse_yaml(text, file)
    if doc is None:
        ck.fail(1, None, "the file is empty (expected format, module and traits)")
    ck.keys(doc, "", set(MODULE_KEYS), ("format", "module"), 1)
    if not any(k in doc for k in MODULE_CARDS):
        ck.fail(doc, None, "a module needs cards: traits, ages, catastrophes or meanings")
    _check_format(ck, doc)
    if doc["module"] != name:
        ck.fail(doc, "module", f"the file says it is module {_show(doc['module'], 40)}, but the "
                f"card database lists it as '{name}'", "module")
    raws = _section_lists(ck, doc, MODULE_CARDS)
    _check_ids(ck, doc, MODULE_CARDS, base_ids)
    ck.known_ids |= base_ids        # its cards may name base cards (play_named, pile_has)
    defs = _section_defs(ck, doc, name)
    return defs, {r["id"]: behaviour_digest(r) for r in raws}


# a card's words and the bots' hints: never part of its rules, so changing them orphans no save
_WORDING = ("name", "text", "world_end_text", "bots")


def behaviour_digest(raw: dict) -> str:
    """A short digest of what a card does: every field but its name, rules text and prompts.
    Saves compare these, so rewording a card or adding a comment never orphans a save."""

    def strip(x: Any) -> Any:
        if isinstance(x, dict):
            return {str(k): strip(v) for k, v in x.items() if k != "prompt"}
        if isinstance(x, list):
            return [strip(v) for v in x]
        return x

    facts = strip({k: v for k, v in raw.items() if k not in _WORDING})
    blob = json.dumps(facts, sort_keys=True, separators=(",", ":"), default=repr)
    return hashlib.sha256(blob.encode()).hexdigest()[:12]


def _common(ck: _Checker, r: _Map, allowed: set[str], required: tuple) -> None:
    ck.card, ck.line = r["id"], r.line
    ck.keys(r, "", allowed, required)
    for k in ("name", "text"):
        if k in r:
            ck.typed(r, k, "str", "")


def _trait(ck: _Checker, r: _Map) -> CardDef:
    _common(ck, r, _TRAIT_KEYS, ("id", "name", "color", "value"))
    colors = _trait_colors(ck, r)
    v = r["value"] if r["value"] == "variable" else ck.typed(r, "value", "int", "")
    icons = r.get("icons", [])
    if not isinstance(icons, list) or any(not isinstance(i, str) or i not in ICONS for i in icons):
        ck.fail(r, "icons", f"expected a list of {', '.join(ICONS)}, got {_show(icons)}", "icons")
    copies = ck.typed(r, "copies", "int", "") if "copies" in r else 1
    req = None
    if "requires" in r:
        ck.keys(r["requires"], "requires", {"pile_color", "at_least"}, ("pile_color", "at_least"),
                r, "requires")
        req = (ck.typed(r["requires"], "pile_color", "color", "requires"),
               ck.typed(r["requires"], "at_least", "int", "requires"))
    cost = _cost(ck, r) if "cost" in r else None
    triggers = {}
    if "triggers" in r:
        ck.keys(r["triggers"], "triggers", set(TRIGGERS), (), r, "triggers")
        for k in r["triggers"]:
            triggers[k] = ck.steps(r["triggers"][k], f"triggers.{k}", r["triggers"])
    action = ck.steps(r.get("action"), "action", r)
    on_play = ck.steps(r.get("on_play"), "on_play", r)
    if on_play and "action" in icons:
        ck.fail(r, "on_play", "on_play is for a trait without the action icon (Legendary): "
                "with the icon, the steps belong in action", "on_play")
    world_end = ck.steps(r.get("world_end"), "world_end", r)
    score = ck.score_terms(r.get("score"), "score", r)
    if action and "action" not in icons and not _uses_handler(action):
        pass  # Vampirism and Optimistic Nihilism resolve on play without an action icon
    if "action" in icons and not action:
        ck.fail(r, "action", "has the action icon but no action steps", "icons")
    if "world_end" in icons and not world_end and r.get("reaction") != "sneaky":
        ck.fail(r, "world_end", "has the World's End icon but no world_end steps", "icons")
    if "drop_of_life" in icons and not score:
        ck.fail(r, "score", "has the drop of life icon but no score terms", "icons")
    reaction = ck.typed(r, "reaction", "enum:" + "|".join(REACTIONS), "") if "reaction" in r else None
    into, react_if = _reaction_parts(ck, r, reaction)
    gp = ck.typed(r, "gene_pool", "int", "") if "gene_pool" in r else 0
    gp_all = ck.typed(r, "gene_pool_all", "int", "") if "gene_pool_all" in r else 0
    keeps = ck.typed(r, "keeps_in_pile", "bool", "") if "keeps_in_pile" in r else False
    fixed = ck.typed(r, "never_leaves_pile", "bool", "") if "never_leaves_pile" in r else False
    denial = ck.typed(r, "ignores_next_catastrophe", "bool", "") if "ignores_next_catastrophe" in r else False
    attach = _attach(ck, r) if "attach" in r else None
    bots = _bot_hints(ck, r, {"action": bool(action or on_play), "world_end": bool(world_end),
                              "variable": v == "variable", "hold": bool(r.get("reaction")),
                              "cost": cost is not None, "attach": attach is not None})
    has_effect = bool(r.get("text"))
    if has_effect and not (action or on_play or world_end or score or req or cost or reaction
                           or triggers or gp or gp_all or keeps or fixed or denial or attach):
        ck.fail(r, "text", "has rules text but no behavior", "text")
    return CardDef(
        id=r["id"], name=r["name"], kind="trait", color=colors[0], colors=colors,
        value=0 if v == "variable" else v, variable=v == "variable",
        dominant=ck.typed(r, "dominant", "bool", "") if "dominant" in r else False,
        # an attachment wears the attachment icon (E8): it follows from `attach`, never written
        icons=frozenset(icons) | ({"attachment"} if attach else frozenset()), copies=copies,
        text=r.get("text", ""), gp_self=gp, gp_all=gp_all,
        requires=req, cost=cost, action=action, world_end=world_end, score=score,
        reaction=reaction, triggers=triggers or None, keeps=keeps, fixed=fixed, denial=denial,
        has_effect=has_effect, uses_handler=_uses_handler(action + world_end + on_play),
        bots=bots, on_play=on_play, reaction_into=into, reaction_if=react_if, attach=attach,
        discard_if_stolen=ck.typed(r, "discard_if_stolen", "bool", "")
        if "discard_if_stolen" in r else False,
        back_to_hand=ck.typed(r, "back_to_hand", "bool", "") if "back_to_hand" in r else False,
    )


def _cost(ck: _Checker, r: _Map) -> tuple:
    """`cost: {give_trait|discard_trait: FILTER, n: N, from: pile|hand_or_pile}` ->
    (op, filter, n, source): n traits (default 1) given or discarded as the card is played,
    from the pile, or for a discard from the hand or the pile (Terror Beak)."""
    c = r["cost"]
    ck.keys(c, "cost", {"give_trait", "discard_trait", "n", "from"}, (), r, "cost")
    ops = [k for k in ("give_trait", "discard_trait") if k in c]
    if len(ops) != 1:
        ck.fail(r, "cost", "a cost is one of give_trait or discard_trait", "cost")
    k = ops[0]
    n = ck.typed(c, "n", "int", "cost") if "n" in c else 1
    src = ck.typed(c, "from", "enum:pile|hand_or_pile", "cost") if "from" in c else "pile"
    if src != "pile" and k != "discard_trait":
        ck.fail(c, "cost.from", "only a discard_trait cost may come from the hand", "from")
    return (k, ck.filter(c[k], f"cost.{k}", c, k), n, src)


# The windows whose card goes where `reaction_into` says (the base cards' windows each have
# their own place), and those with a player whose play or effect opened them (`actor`).
INTO_WINDOWS = ("any_time", "cancel_harm", "action_played", "dominant_played", "before_steal",
                "trait_discarded", "self_discarded")
ACTOR_WINDOWS = ("cancel_harm", "action_played", "dominant_played", "before_steal")


def _reaction_parts(ck: _Checker, r: _Map, reaction: str | None) -> tuple[str, tuple | None]:
    """`reaction_into` (own, opponent or actor) and `reaction_if` ({count: COUNTER, ...,
    at_least: N}: a condition on its player's position that must hold when it is offered,
    Rainbow Horn's four colours, E16); both only beside a `reaction` that honours them."""
    into = "own"
    if "reaction_into" in r:
        into = ck.typed(r, "reaction_into", "enum:" + "|".join(REACTION_INTO), "")
        if reaction not in INTO_WINDOWS:
            ck.fail(r, "reaction_into", "only a reaction of " + ", ".join(INTO_WINDOWS)
                    + " may say where it goes", "reaction_into")
        if into == "actor" and reaction not in ACTOR_WINDOWS:
            ck.fail(r, "reaction_into", f"the window '{reaction}' has no acting player "
                    "(actor: " + ", ".join(ACTOR_WINDOWS) + ")", "reaction_into")
    cond = None
    if "reaction_if" in r:
        raw = r["reaction_if"]
        if reaction not in INTO_WINDOWS:
            ck.fail(r, "reaction_if", "only a reaction of " + ", ".join(INTO_WINDOWS)
                    + " may have a condition", "reaction_if")
        if not isinstance(raw, dict) or "at_least" not in raw:
            ck.fail(r, "reaction_if", "expected {count: COUNTER, at_least: N}", "reaction_if")
        least = ck.typed(raw, "at_least", "int", "reaction_if")
        spec = _Map({k: v for k, v in raw.items() if k != "at_least"})
        spec.line, spec.key_lines = raw.line, raw.key_lines
        fn, arg = ck.counter(spec, "reaction_if", r, "reaction_if")
        cond = (fn, arg, least)
    return into, cond
def _attach(ck: _Checker, r: _Map) -> AttachSpec:
    """`attach: {pile, host, protect, blank_host, host_color, may_move}`: an attachment
    (E8-E15). A card text is an attachment's whole effect on its host; a dominant attachment
    must attach in its own pile (it counts toward that pile's 2 dominants, E9)."""
    m = r["attach"]
    ck.keys(m, "attach", ATTACH_KEYS, (), r, "attach")
    pile = ck.typed(m, "pile", "enum:own|any", "attach") if "pile" in m else "own"
    host = ck.filter(m["host"], "attach.host", m, "host") if "host" in m else ()
    prot = m.get("protect", [])
    if not isinstance(prot, list) or any(not isinstance(x, str) or x not in PROTECTIONS
                                         for x in prot):
        ck.fail(m, "attach.protect", f"expected a list of {', '.join(PROTECTIONS)}, got "
                f"{_show(prot)}", "protect")
    color = ck.typed(m, "host_color", "color", "attach") if "host_color" in m else None
    if color == "colorless":
        ck.fail(m, "attach.host_color", "a host is recoloured to red, blue, green or purple",
                "host_color")
    if r.get("dominant") is True and pile == "any":
        ck.fail(m, "attach.pile", "a dominant attachment attaches in its own pile", "pile")
    return AttachSpec(
        any_pile=pile == "any", host=host, protects=frozenset(prot),
        blanks=ck.typed(m, "blank_host", "bool", "attach") if "blank_host" in m else False,
        host_color=color,
        may_move=ck.typed(m, "may_move", "bool", "attach") if "may_move" in m else False)


def _trait_colors(ck: _Checker, r: _Map) -> tuple[str, ...]:
    """A trait's colours: one colour, or a list of 2-4 distinct colours (a multi-colour trait,
    which is never colorless)."""
    v = r["color"]
    if not isinstance(v, list):
        return (ck.typed(r, "color", "color", ""),)
    if not (2 <= len(v) <= 4 and all(isinstance(x, str) and x in COLORS for x in v)
            and len(set(v)) == len(v)):
        ck.fail(r, "color", f"a multi-colour trait has 2 to 4 distinct colors of "
                f"{', '.join(COLORS)}, got {_show(v)}", "color")
    return tuple(v)


def _bot_hints(ck: _Checker, r: _Map, has: dict[str, bool]) -> dict[str, float]:
    """The `bots` mapping: numbers of points, each about a part the card has."""
    if "bots" not in r:
        return {}
    m = r["bots"]
    ck.keys(m, "bots", set(BOT_HINTS), (), r, "bots")
    out = {}
    for k, v in m.items():
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not -30 <= v <= 30:
            ck.fail(m, f"bots.{k}", f"{k} must be a number of points in -30..30, got {_show(v)}",
                    k)
        if not has[k]:
            ck.fail(m, f"bots.{k}", f"the card has no {BOT_HINTS[k]} for this to be about", k)
        out[k] = float(v)
    return out


def _age(ck: _Checker, r: _Map) -> CardDef:
    _common(ck, r, _AGE_KEYS, ("id", "name", "text"))
    rules = {}
    if "rules" in r:
        ck.keys(r["rules"], "rules", AGE_RULES, (), r, "rules")
        for k, kind in AGE_RULES.items():
            if k not in r["rules"]:
                continue
            if kind == "bonus":
                b = r["rules"][k]
                ck.keys(b, f"rules.{k}", {"after", "filter"}, ("after", "filter"), r["rules"], k)
                rules[k] = (ck.filter(b["after"], f"rules.{k}.after", b, "after"),
                            ck.filter(b["filter"], f"rules.{k}.filter", b, "filter"))
            else:
                rules[k] = ck.typed(r["rules"], k, kind, "rules")
    setup = ck.steps(r.get("setup"), "setup", r)
    once = ck.steps(r.get("setup_once"), "setup_once", r)
    if not rules and not setup and not once:
        ck.fail(r, "", "an age needs rules or setup steps")
    return CardDef(id=r["id"], name=r["name"], kind="age", text=r["text"], rules=rules,
                   setup=setup, once=once, copies=1, uses_handler=_uses_handler(setup + once))


def _catastrophe(ck: _Checker, r: _Map) -> CardDef:
    _common(ck, r, _CAT_KEYS, ("id", "name", "text", "gene_pool", "world_end_text"))
    ck.typed(r, "world_end_text", "str", "")
    each = ck.steps(r.get("catastrophic"), "catastrophic", r)
    once = ck.steps(r.get("catastrophic_once"), "catastrophic_once", r)
    we = ck.steps(r.get("world_end"), "world_end", r)
    we_once = ck.steps(r.get("world_end_once"), "world_end_once", r)
    we_score = ck.score_terms(r.get("world_end_score"), "world_end_score", r)
    we_rule = ck.typed(r, "world_end_rule", "enum:ai_takeover", "") if "world_end_rule" in r else None
    if not (we or we_once or we_score or we_rule):
        ck.fail(r, "world_end", "a catastrophe needs a World's End effect")
    return CardDef(id=r["id"], name=r["name"], kind="catastrophe", text=r["text"],
                   gene_pool=ck.typed(r, "gene_pool", "int", ""), each=each, once=once,
                   we_text=r["world_end_text"], we_steps=we, we_once=we_once, we_score=we_score,
                   we_rule=we_rule, rules={}, setup=(), copies=1,
                   undeniable=ck.typed(r, "undeniable", "bool", "") if "undeniable" in r else False,
                   uses_handler=_uses_handler(each + once + we + we_once))


def _meaning(ck: _Checker, r: _Map) -> CardDef:
    """A Meaning of Life card (E4): a name, its text and its `bonus` (docs/card-dsl.md)."""
    _common(ck, r, {"id", "name", "text", "bonus"}, ("id", "name", "text", "bonus"))
    return CardDef(id=r["id"], name=r["name"], kind="meaning", text=r["text"], copies=1,
                   bonus=_bonus(ck, r["bonus"], r))


def _check_counts(ck: _Checker, doc: _Map, defs: list[CardDef]) -> None:
    traits = sum(d.copies for d in defs if d.kind == "trait")
    ages = sum(1 for d in defs if d.kind == "age")
    cats = sum(1 for d in defs if d.kind == "catastrophe")
    if ages < 9:
        ck.fail(doc, "ages", f"the game needs at least 9 ages, the file has {ages}", "ages")
    if cats < 3:
        ck.fail(doc, "catastrophes", f"the game needs at least 3 catastrophes, the file has {cats}",
                "catastrophes")
    if traits < 30:
        ck.fail(doc, "traits", f"the game needs at least 30 traits, the file has {traits}", "traits")


def _read_file(p: Path) -> bytes:
    """At most MAX_BYTES of a regular file.

    Opened without blocking and checked before reading, so `--cards` naming a pipe, a device
    (/dev/zero) or a folder fails at once instead of waiting forever or filling memory.
    """
    fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise CardDatabaseError(str(p), None, None, None, "cannot read the file: it is not a "
                                    "regular file (a folder, pipe or device)")
        chunks, size = [], 0
        while size <= MAX_BYTES:
            chunk = os.read(fd, min(1 << 20, MAX_BYTES + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > MAX_BYTES:
            raise CardDatabaseError(str(p), None, None, None, "cannot read the file: it is larger "
                                    f"than {MAX_BYTES // (1024 * 1024)} MB")
        return b"".join(chunks)
    finally:
        os.close(fd)


def _read_text(p: Path, file: str) -> str:
    """The file's text: CardDatabaseError if it cannot be read or is not UTF-8."""
    try:
        data = _read_file(p)
    except (OSError, ValueError) as e:      # ValueError: a NUL in the path
        why = getattr(e, "strerror", None) or str(e)
        raise CardDatabaseError(str(p), None, None, None, f"cannot read the file: {why}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise CardDatabaseError(file, data.count(b"\n", 0, e.start) + 1, None, None,
                                "the file is not UTF-8 text") from None
    return text.replace("\r\n", "\n").replace("\r", "\n")     # as text-mode reading did


def _guarded(file: str, parse: Callable[..., Any], *args: Any) -> Any:
    """parse(*args), with a fault the checks missed still reported as the file's, never a
    traceback."""
    try:
        return parse(*args)
    except (RecursionError, MemoryError, TypeError, ValueError, KeyError, IndexError,
            AttributeError) as e:
        raise CardDatabaseError(file, 1, None, None,
                                f"cannot validate the file ({type(e).__name__})") from None


def module_names(db: Database, modules: Iterable[str]) -> tuple[str, ...]:
    """The modules asked for, in the manifest's order and once each (so one set of modules is
    one database whatever order it was named in); an unknown name is a CardDatabaseError."""
    want = set(modules)
    unknown = sorted(str(m) for m in want if m not in db.manifest)
    if unknown:
        have = ", ".join(db.manifest) or "none"
        raise CardDatabaseError(db.source, None, None, None,
                                f"unknown module {_show(unknown[0], 40)} (this card database "
                                f"has: {have})")
    return tuple(m for m in db.manifest if m in want)


def with_modules(db: Database, modules: Iterable[str]) -> Database:
    """db's base cards plus the named modules' cards, read from the files its manifest lists."""
    names = module_names(db, modules)
    if names == db.modules:
        return db
    if db.path is None:
        raise CardDatabaseError(db.source, None, None, None, "this card database was not read "
                                "from a file, so its modules cannot be found")
    defs = [d for d in db.defs.values() if not d.module]
    behaviour = {d.id: db.behaviour.get(d.id, "") for d in defs}
    for name in names:
        rel = db.manifest[name]
        text = _read_text(db.path.parent / rel, rel)
        got, digests = _guarded(rel, parse_module, text, rel, name, set(behaviour))
        defs += got
        behaviour.update(digests)
    out = Database(defs, db.source, db.hash, names)
    out.behaviour, out.path, out.manifest = behaviour, db.path, db.manifest
    return out


def load_database(path: str | Path | None = None, modules: Iterable[str] = ()) -> Database:
    """Load `cards.yaml` (the bundled one by default) with the named expansion modules' cards.
    Raises CardDatabaseError, and only that: a card file may come from anyone, and the game
    and `doomlings cards --check` report it."""
    from doomlings_desktop.resources import cards_path

    p = Path(path) if path else cards_path()
    file = p.name if not path else str(p)
    text = _read_text(p, file)
    db = _guarded(file, parse_database, text, file)
    db.path = p
    return with_modules(db, modules)


_default: Database | None = None
_chosen: Database | None = None


def default_database() -> Database:
    """The database the program plays with: the one given to `set_default_database` (the
    command line's --cards), else the bundled one, loaded once per process."""
    global _default
    if _chosen is not None:
        return _chosen
    if _default is None:
        _default = load_database()
    return _default


def set_default_database(db: Database | None) -> Database | None:
    """Make `default_database()` return `db` (None: the bundled one again), so the window, its
    menus and the bots all use the --cards database. Returns the one set before, to restore."""
    global _chosen
    before, _chosen = _chosen, db
    return before


_with: dict[tuple, tuple[Database, Database]] = {}


def database_for(modules: Iterable[str] = (), base: Database | None = None) -> Database:
    """The database of a game with these expansion modules (E1): `base` (by default
    `default_database()`, the --cards one if chosen) plus the modules listed beside it, made
    once per set of modules. Raises CardDatabaseError for a module that base does not list."""
    base = base or default_database()
    names = module_names(base, modules)
    if names == base.modules:
        return base
    key = (id(base), names)
    got = _with.get(key)
    if got is None or got[0] is not base:
        if len(_with) > 8:
            _with.clear()
        got = _with[key] = (base, with_modules(base, names))
    return got[1]


def available_modules() -> tuple[str, ...]:
    """The modules the playing database offers, in its manifest's order."""
    return tuple(default_database().manifest)


MODULE_TITLES = {"multi-color": "Multi-Color", "dinolings": "Dinolings", "mythlings": "Mythlings",
                 "techlings": "Techlings", "meaning-of-life": "Meaning of Life",
                 "kickstarter": "Kickstarter"}


def module_title(name: str) -> str:
    """A module's name as players know it ('Multi-Color')."""
    return MODULE_TITLES.get(name) or name.replace("-", " ").title()
