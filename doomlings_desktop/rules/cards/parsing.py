"""A card file's text to cards: `parse_database` (the base file, with its `modules:` manifest),
`parse_module` (one module's file) and `behaviour_digest` (what saves compare a card by); the
checks of a whole file (format, ids, sections, the game's minimum counts).
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

from doomlings_desktop.rules.cards.about import ABOUT_KEYS, _about
from doomlings_desktop.rules.cards.checker import _Checker, _is_int
from doomlings_desktop.rules.cards.kinds import _age, _catastrophe, _common, _meaning, _trait
from doomlings_desktop.rules.cards.model import CardDatabaseError, CardDef, Database
from doomlings_desktop.rules.cards.yamlread import _Map, _parse_yaml, _show


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
MODULE_KEYS = ("format", "module", *ABOUT_KEYS, "traits", "ages", "catastrophes", "meanings")
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
    _common(ck, b, {"id", "name", "text", "picture"}, ("id", "name", "text"))
    defs.append(CardDef(id=b["id"], name=b["name"], kind="birth", text=b["text"], rules={},
                        setup=(), copies=1, picture=ck.picture(b)))
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
    _about(ck, doc, name)           # its title, description and rules: checked with its cards
    raws = _section_lists(ck, doc, MODULE_CARDS)
    _check_ids(ck, doc, MODULE_CARDS, base_ids)
    ck.known_ids |= base_ids        # its cards may name base cards (play_named, pile_has)
    defs = _section_defs(ck, doc, name)
    return defs, {r["id"]: behaviour_digest(r) for r in raws}


# a card's words, picture and the bots' hints: never part of its rules, so changing them
# orphans no save
_WORDING = ("name", "text", "world_end_text", "bots", "picture")


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
