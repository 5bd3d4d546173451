"""The card database: `cards.yaml` loaded, validated and compiled into `CardDef`s.

Every physical card is an int (its index in `Database.cards`), so game state holds only ints
and lists. Loading is strict: any unknown key, verb, card id or wrong type stops the load with a
`CardDatabaseError` naming the file, line, card and field.

The package, each module importing only those before it: `model` (the card facts, `CardDef`,
`AttachSpec`, `Database`, `CardDatabaseError`), `yamlread` (the file's YAML with line numbers,
under hard limits), `checker` (`_Checker` and the allowed ranges), `kinds` (one parser per kind
of card), `parsing` (`parse_database`, `parse_module`, `behaviour_digest`) and `loading`
(`load_database`, the modules, `default_database`); `about` reads a module's own title,
description and rules sections. Every public name is here too, so
`from doomlings_desktop.rules.cards import ...` names no module. To replace a function in a test,
patch the module that calls it (`loading.parse_database`, not `cards.parse_database`).
"""

from doomlings_desktop.rules.cards.about import ModuleAbout
from doomlings_desktop.rules.cards.checker import (
    COUNT_RANGE,
    INT_DEFAULT,
    INT_RANGES,
    MAX_NAME,
    MAX_TEXT,
)
from doomlings_desktop.rules.cards.kinds import (
    ACTOR_WINDOWS,
    ATTACH_KEYS,
    BOT_HINTS,
    INTO_WINDOWS,
    PROTECTIONS,
)
from doomlings_desktop.rules.cards.loading import (
    MODULE_TITLES,
    available_modules,
    database_for,
    default_database,
    load_database,
    module_about,
    module_names,
    module_problems,
    module_title,
    set_default_database,
    with_modules,
)
from doomlings_desktop.rules.cards.model import (
    AGE_RULES,
    ALL_COLORS,
    COLOR_BIT,
    COLORS,
    FAMILIES,
    ICONS,
    REACTION_INTO,
    REACTIONS,
    TRIGGERS,
    AttachSpec,
    CardDatabaseError,
    CardDef,
    Database,
)
from doomlings_desktop.rules.cards.parsing import (
    BASE_SECTIONS,
    MODULE_CARDS,
    MODULE_KEYS,
    behaviour_digest,
    parse_database,
    parse_module,
)
from doomlings_desktop.rules.cards.yamlread import MAX_BYTES, MAX_DEPTH, MAX_NODES

__all__ = [
    "ACTOR_WINDOWS", "AGE_RULES", "ALL_COLORS", "ATTACH_KEYS", "BASE_SECTIONS", "BOT_HINTS",
    "COLORS", "COLOR_BIT", "COUNT_RANGE", "FAMILIES", "ICONS", "INTO_WINDOWS", "INT_DEFAULT",
    "INT_RANGES", "MAX_BYTES", "MAX_DEPTH", "MAX_NAME", "MAX_NODES", "MAX_TEXT", "MODULE_CARDS",
    "MODULE_KEYS", "MODULE_TITLES", "ModuleAbout", "PROTECTIONS", "REACTIONS", "REACTION_INTO", "TRIGGERS",
    "AttachSpec", "CardDatabaseError", "CardDef", "Database", "available_modules",
    "behaviour_digest", "database_for", "default_database", "load_database", "module_about", "module_names",
    "module_problems", "module_title", "parse_database", "parse_module", "set_default_database",
    "with_modules",
]
