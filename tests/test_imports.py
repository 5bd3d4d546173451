"""The package's imports go one way, function-local imports included: rules <- bots <- play
<- ui <- commands, with storage beside play (it uses rules; play, ui and commands use it) and
net (online play) above play and below ui; no
pygame below ui; scenes never import each other (the router names them); and no import circle
among the window's modules."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parent.parent / "doomlings_desktop"
LAYERS = {"rules": set(), "bots": {"rules"}, "storage": {"rules"},
          "play": {"rules", "bots", "storage"},
          "net": {"rules", "bots", "storage", "play"},
          "ui": {"rules", "bots", "storage", "play", "net"}}
PACKAGES = ("rules", "bots", "storage", "play", "net", "ui", "commands")
SCENES = {"doomlings_desktop.ui.table"} | {
    f"doomlings_desktop.ui.scenes.{p.stem}" for p in (PKG / "ui" / "scenes").glob("*.py")
    if p.stem not in ("__init__", "pages")}


def module_of(path: Path) -> str:
    rel = path.relative_to(PKG.parent).with_suffix("")
    return ".".join(rel.parts[:-1] if rel.name == "__init__" else rel.parts)


def imports(path: Path) -> set[str]:
    """Every module named by an import statement anywhere in the file."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out |= {f"{node.module}.{a.name}" for a in node.names}   # `from pkg import mod`
    return out


def graph(folder: str) -> dict[str, set[str]]:
    mods = {module_of(p): p for p in (PKG / folder).rglob("*.py")}
    return {m: {i for i in imports(p) if i in mods and i != m} for m, p in mods.items()}


@pytest.mark.parametrize("layer", sorted(LAYERS))
def test_lower_layers_never_import_higher_ones_or_pygame(layer):
    allowed = LAYERS[layer] | {layer}
    for path in (PKG / layer).rglob("*.py"):       # subpackages too (rules/verbs/)
        where = path.relative_to(PKG)
        for name in imports(path):
            parts = name.split(".")
            assert parts[0] != "pygame" or layer == "ui", f"{where} imports pygame"
            if parts[0] == "doomlings_desktop" and len(parts) > 1 and \
                    parts[1] in PACKAGES:
                assert parts[1] in allowed, f"{where} imports {name}"


def test_the_leaves_import_nothing_of_the_program():
    """The modules beside the packages (names, lru, quiet, resources) are leaves that every
    layer may use, so they use none; only __main__ reaches up, to the commands."""
    for path in PKG.glob("*.py"):
        if path.stem in ("__init__", "__main__"):
            continue
        ours = {n for n in imports(path) if n.split(".")[0] == "doomlings_desktop"}
        assert not ours, f"{path.name} imports {ours}"


def scene_of(module: str) -> str | None:
    """The scene a module belongs to: a scene module, or any module of a scene package."""
    return next((s for s in SCENES if module == s or module.startswith(s + ".")), None)


def test_scenes_never_import_each_other():
    g = graph("ui")
    for module, names in g.items():
        scene = scene_of(module)
        if scene is None:
            continue
        others = {n for n in names if scene_of(n) not in (None, scene)}
        assert not others, f"{module} imports {others}: ask the router for a scene by name"
    assert not {n for n in g["doomlings_desktop.ui.app"] if scene_of(n)}
    assert scene_of("doomlings_desktop.ui.table.panels") == "doomlings_desktop.ui.table"


def test_the_window_has_no_import_circle():
    g = graph("ui")
    state: dict[str, int] = {}

    def visit(m: str, path: list[str]) -> None:
        state[m] = 1
        for n in g[m]:
            assert state.get(n) != 1, "import circle: " + " -> ".join(path + [m, n])
            if n not in state:
                visit(n, path + [m])
        state[m] = 2

    for m in g:
        if m not in state:
            visit(m, [])


MAX_CLASS_LINES = 500      # the project's rule for the window's and the rules' classes


@pytest.mark.parametrize("folder", PACKAGES)
def test_no_class_is_over_500_lines(folder):
    big = []
    for path in sorted((PKG / folder).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                lines = node.end_lineno - node.lineno + 1
                if lines > MAX_CLASS_LINES:
                    big.append(f"{path.relative_to(PKG)}: {node.name} has {lines} lines")
    assert not big, big


def test_the_game_class_stays_small():
    """`Game` is state, legality, scoring and windows mixed together: its own body (and each
    part's) stays at most 500 lines, so the engine grows by modules, not by one big class."""
    import inspect

    from doomlings_desktop.rules.engine import Game
    for cls in Game.__mro__[:-1]:
        lines = len(inspect.getsource(cls).splitlines())
        assert lines <= MAX_CLASS_LINES, f"{cls.__qualname__} has {lines} lines"


def test_the_checks_see_an_import(tmp_path):
    """They read function-local imports too (a check that sees nothing cannot fail)."""
    f = tmp_path / "x.py"
    f.write_text("def f():\n    from doomlings_desktop.ui import router\n    import pygame\n")
    assert {"doomlings_desktop.ui", "doomlings_desktop.ui.router", "pygame"} <= imports(f)
