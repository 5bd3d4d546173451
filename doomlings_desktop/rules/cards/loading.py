"""Card files read from disk and the databases the program plays with: `load_database` (the
bundled or --cards file, safely read), the expansion modules (`module_names`, `with_modules`,
`database_for`, `available_modules`, `module_title`, `module_problems`) and the process-wide
default (`default_database`, `set_default_database`).
"""

from __future__ import annotations

import os
import stat
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from doomlings_desktop.rules.cards.about import ModuleAbout, parse_module_about
from doomlings_desktop.rules.cards.model import CardDatabaseError, Database
from doomlings_desktop.rules.cards.parsing import parse_database, parse_module
from doomlings_desktop.rules.cards.yamlread import MAX_BYTES, _show


def read_card_file(p: Path) -> bytes:
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


def _read_text(p: Path, file: str, shown: str | None = None) -> str:
    """The file's text: CardDatabaseError (naming it `shown`, else its path) if it cannot be
    read or is not UTF-8."""
    try:
        data = read_card_file(p)
    except CardDatabaseError as e:
        if shown is None:
            raise
        raise CardDatabaseError(shown, None, None, None, str(e).removeprefix(f"{p}: ")) from None
    except (OSError, ValueError) as e:      # ValueError: a NUL in the path
        why = getattr(e, "strerror", None) or str(e)
        raise CardDatabaseError(shown or str(p), None, None, None,
                                f"cannot read the file: {why}") from None
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
        got, digests = _module_cards(db, name, set(behaviour))
        defs += got
        behaviour.update(digests)
    out = _guarded(db.source, Database, defs, db.source, db.hash, names)
    out.behaviour, out.path, out.manifest = behaviour, db.path, db.manifest
    return out


def _module_cards(db: Database, name: str, known: set[str]) -> tuple[list, dict[str, str]]:
    """One module's cards and their behaviour digests, read from the file db's manifest names
    for it (`known`: the ids already taken, by the base and the modules before it). Any fault
    is a CardDatabaseError whose `module` is `name`, so the window can say which module
    cannot be played and keep the saves made with it (docs/promises.md)."""
    rel = db.manifest[name]
    try:
        if db.path is None:
            raise CardDatabaseError(db.source, None, None, None, "this card database was not "
                                    "read from a file, so its modules cannot be found")
        text = _read_text(db.path.parent / rel, rel, rel)
        return _guarded(rel, parse_module, text, rel, name, known)
    except CardDatabaseError as e:
        e.module = name
        raise


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


def _signature(p: Path) -> tuple | None:
    """What changes when a file is replaced or edited (None: it is not there to stat)."""
    try:
        st = os.stat(p)
    except (OSError, ValueError):
        return None
    return st.st_mode, st.st_ino, st.st_size, st.st_mtime_ns


_problems: dict[int, tuple[Database, tuple, dict[str, str]]] = {}
RACY_NS = 2_000_000_000


def _racy(sig: tuple) -> bool:
    """Whether a file may have changed without its signature changing: one written within
    the last two seconds can be written again within the same clock tick of the file system
    (same size, same inode, same mtime), so its cached result is not trusted (git's "racily
    clean" rule)."""
    now = time.time_ns()
    return any(s is not None and now - s[3] < RACY_NS for s in sig)


def module_problems(base: Database | None = None) -> dict[str, str]:
    """The modules of base's manifest (by default the playing database's) that cannot be
    played, each with its reason in one line: every module file is read and checked as
    `doomlings cards --check` does (bounded reads: a pipe or /dev/zero is refused at once), in
    the manifest's order, each against the base cards and the good modules before it, so the
    modules left can all be played together. The window asks at start-up and on New game;
    the files are read again only when one of them changes."""
    base = base or default_database()
    if not base.manifest:
        return {}
    folder = base.path.parent if base.path is not None else Path()
    sig = tuple(_signature(folder / rel) for rel in base.manifest.values())
    hit = _problems.get(id(base))
    if hit is not None and hit[0] is base and hit[1] == sig and not _racy(sig):
        return dict(hit[2])
    known = {d.id for d in base.defs.values() if not d.module}
    found: dict[str, str] = {}
    for name in base.manifest:
        try:
            got, _ = _module_cards(base, name, set(known))
        except CardDatabaseError as e:
            found[name] = str(e)
            continue
        except Exception as e:  # noqa: BLE001 - whatever a hostile file does, the module is off
            found[name] = f"{base.manifest[name]}: cannot be loaded ({type(e).__name__})"
            continue
        known |= {d.id for d in got}
    if len(_problems) > 8:
        _problems.clear()
    _problems[id(base)] = (base, sig, found)
    return dict(found)


def available_modules() -> tuple[str, ...]:
    """The modules the playing database offers, in its manifest's order."""
    return tuple(default_database().manifest)


_abouts: dict[tuple[int, str], tuple[Database, tuple, ModuleAbout | None]] = {}


def module_about(name: str, base: Database | None = None) -> ModuleAbout | None:
    """What module `name` of base's manifest (by default the playing database's) says about
    itself (rules/cards/about.py): its title, one-line description and rules sections, for
    New game and the Rules page. None if base does not list it or its file cannot be read or
    checked (`module_problems` says why). Read again only when the file changes."""
    try:
        base = base or default_database()
    except CardDatabaseError:
        return None
    rel = base.manifest.get(name)
    if rel is None or base.path is None:
        return None
    path = base.path.parent / rel
    sig = (_signature(path),)
    key = (id(base), name)
    hit = _abouts.get(key)
    if hit is not None and hit[0] is base and hit[1] == sig and not _racy(sig):
        return hit[2]
    try:
        about = _guarded(rel, parse_module_about, _read_text(path, rel, rel), rel, name)
    except CardDatabaseError:
        about = None
    if len(_abouts) > 64:
        _abouts.clear()
    _abouts[key] = (base, sig, about)
    return about


MODULE_TITLES = {"multi-color": "Multi-Color", "dinolings": "Dinolings", "mythlings": "Mythlings",
                 "techlings": "Techlings", "meaning-of-life": "Meaning of Life",
                 "kickstarter": "Kickstarter"}


def module_title(name: str) -> str:
    """A module's name as players know it ('Multi-Color'): the `title:` its own file gives,
    else the bundled modules' names, else its name in title case."""
    about = module_about(name) if isinstance(name, str) else None
    return (about.title if about is not None and about.title else None) \
        or MODULE_TITLES.get(name) or str(name).replace("-", " ").title()
