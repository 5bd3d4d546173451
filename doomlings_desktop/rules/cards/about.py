"""What a module file says about itself, besides its cards: `title:` (its name as players know
it), `description:` (one line for New game) and `rules:` (its sections of the Rules page, each
a heading and a paragraph). They live in the module's own file, so a new module brings its
explanation as data and the program needs no new code to show it.

All three are optional (a module without them still plays; New game and the Rules page then
say less about it), and each is checked like every card field: a wrong type, an empty or
too-long text, a line break in a one-line field or an unknown key stops the load with a
`CardDatabaseError` naming the file, line and field.
"""

from __future__ import annotations

from dataclasses import dataclass

from doomlings_desktop.rules.cards.checker import _Checker
from doomlings_desktop.rules.cards.yamlread import _Map, _parse_yaml, _show

ABOUT_KEYS = ("title", "description", "rules")
MAX_TITLE = 40              # characters in a module's title (the longest real one has 15)
MAX_DESCRIPTION = 160       # one line of New game at 1280x720 holds about this many
MAX_HEADING = 60
MAX_PARAGRAPH = 1200        # a rules section's text
MAX_SECTIONS = 12
SECTION_KEYS = {"heading", "text"}


@dataclass(frozen=True)
class ModuleAbout:
    """A module's own words about itself: `sections` are (heading, text) pairs, in order."""

    name: str
    title: str
    description: str
    sections: tuple[tuple[str, str], ...]


def _line(ck: _Checker, m: _Map, key: str, field: str, limit: int, one_line: bool) -> str:
    """m[key], checked: a non-empty text of at most `limit` characters (one line if asked)."""
    v = m[key]
    ok = isinstance(v, str) and v.strip() and len(v) <= limit and not (one_line and "\n" in v)
    if not ok:
        what = "one line of text" if one_line else "text"
        ck.fail(m, field, f"expected {what} of 1 to {limit} characters, got {_show(v)}", key)
    return " ".join(v.split()) if one_line else v.strip()


def _about(ck: _Checker, doc: _Map, name: str) -> ModuleAbout:
    """The module file's title, description and rules sections, checked (`doc` is the whole
    file, already known to be a mapping)."""
    title = _line(ck, doc, "title", "title", MAX_TITLE, True) if "title" in doc else \
        name.replace("-", " ").title()
    desc = _line(ck, doc, "description", "description", MAX_DESCRIPTION, True) \
        if "description" in doc else ""
    sections: list[tuple[str, str]] = []
    if "rules" in doc:
        rules = doc["rules"]
        if not isinstance(rules, list) or not 1 <= len(rules) <= MAX_SECTIONS:
            ck.fail(doc, "rules", f"expected a list of 1 to {MAX_SECTIONS} sections (each a "
                    f"heading and a text), got {_show(rules)}", "rules")
        for i, sec in enumerate(rules):
            field = f"rules[{i}]"
            ck.keys(sec, field, SECTION_KEYS, ("heading", "text"), rules)
            sections.append((_line(ck, sec, "heading", f"{field}.heading", MAX_HEADING, True),
                             _line(ck, sec, "text", f"{field}.text", MAX_PARAGRAPH, False)))
    return ModuleAbout(name, title, desc, tuple(sections))


def parse_module_about(text: str, file: str, name: str) -> ModuleAbout:
    """A module file's title, description and rules, checked; its cards are not read (New
    game and the Rules page explain every module offered, chosen or not)."""
    ck = _Checker(file)
    doc = _parse_yaml(text, file)
    if not isinstance(doc, dict):
        ck.fail(1, None, "expected a mapping with format, module and its cards")
    return _about(ck, doc, name)

