"""The card file's YAML read with line numbers: `_Map`s and `_Seq`s that remember their lines,
built from the parser's events under hard limits (size, depth, node count; no anchors, aliases
or tags), so a hostile file is refused at once and every fault can name its line.
"""

from __future__ import annotations

from typing import Any

import yaml

from doomlings_desktop.rules.cards.model import CardDatabaseError

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
