"""The validator's tools: `_Checker` (raises CardDatabaseError at the right file, line, card and
field; checks keys, typed fields, steps, counters, filters, conditions and score terms) and the
ranges every whole number and text in a card file must keep to.
"""

from __future__ import annotations

import difflib
from typing import Any, NoReturn

from doomlings_desktop.rules import counters, verbs
from doomlings_desktop.rules.cards import pictures
from doomlings_desktop.rules.cards.model import ALL_COLORS, FAMILIES, CardDatabaseError
from doomlings_desktop.rules.cards.yamlread import _Map, _Seq, _show

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


def _plain_text(v: str, name: bool) -> bool:
    """No control, private, unassigned or direction-overriding character (a card's words
    reach the log, saves and a terminal: an escape sequence or NUL there is no card text);
    a newline only in rules text, never in a name."""
    return all(ch == "\n" and not name or ch.isprintable() and not "\u202a" <= ch <= "\u202e"
               and not "\u2066" <= ch <= "\u2069" for ch in v)


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


# An effect's `filter:` keys and the kind of value each takes (legality.FILTERS tests them).
FILTER_KEYS = {"color": "color", "value": "int", "value_at_least": "int", "has_action": "bool",
               "dominant": "bool", "effectless": "bool", "not_self": "bool",
               "module": "module", "not_color": "color", "value_at_most": "int"}


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
            "str": isinstance(v, str) and len(v) <= (MAX_NAME if key == "name" else MAX_TEXT)
            and _plain_text(v, key == "name"),
            "color": isinstance(v, str) and v in ALL_COLORS,
            "card": isinstance(v, str) and v in self.known_ids,
            "module": isinstance(v, str) and v in FAMILIES,
        }.get(kind)
        if ok is None and kind.startswith("enum:"):
            ok = isinstance(v, str) and v in kind[5:].split("|")
        if not ok:
            want = {"color": f"one of {', '.join(ALL_COLORS)}", "card": "a known card id",
                    "module": " or ".join(FAMILIES),
                    "str": f"text of at most {MAX_NAME if key == 'name' else MAX_TEXT} "
                           "characters with no control character",
                    }.get(kind, kind[5:].replace("|", " or ") if kind.startswith("enum:") else kind)
            self.fail(m, f, f"expected {want}, got {_show(v)}", key)
        return v

    def picture(self, m: _Map) -> str | None:
        """The card's optional `picture:` (None without one): 'game-icons:NAME' naming a
        picture that is installed (rules/cards/pictures.py)."""
        if "picture" not in m:
            return None
        v = m["picture"]
        if not isinstance(v, str) or pictures.split(v) is None:
            self.fail(m, "picture", "expected a picture named like game-icons:bird-claw, got "
                      f"{_show(v)}", "picture")
        have = pictures.shipped()
        if v not in have:
            near = difflib.get_close_matches(v, sorted(have), 2, 0.75)
            hint = f"; did you mean {' or '.join(near)}?" if near else ""
            self.fail(m, "picture", f"unknown picture {_show(v, 60)} (no "
                      f"{pictures.picture_file(v)}){hint}", "picture")
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
        allowed = FILTER_KEYS
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
