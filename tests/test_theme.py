"""Colours live in ui/theme.py, named for what they mark: a colour written as numbers anywhere
else in ui/ (an RGB or RGBA tuple, a pygame.Color) fails here, so a new one gets a name and a
place beside the others instead of a copy that drifts. The card art's paints are there too
(ui/cardart/palette.py only gives them short names)."""

from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parent.parent / "doomlings_desktop" / "ui"
ALLOWED = {UI / "theme.py"}


def _channel(n: ast.AST) -> bool:
    return isinstance(n, ast.Constant) and type(n.value) is int and 0 <= n.value <= 255


def colour_literals(tree: ast.AST) -> list[tuple[int, str]]:
    """Where a tree writes a colour as numbers: a tuple of 3 or 4 channels (not a loop's list
    of numbers, not a mouse event's `buttons`), or a pygame.Color call."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.For, ast.comprehension)):
            skip.add(id(node.iter))
        elif isinstance(node, ast.keyword) and node.arg in ("buttons", "rel"):
            skip.add(id(node.value))
    found = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Tuple) and len(node.elts) in (3, 4) and \
                all(_channel(e) for e in node.elts):
            found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.Call) and "Color" in (getattr(node.func, "attr", None),
                                                        getattr(node.func, "id", None)):
            found.append((node.lineno, ast.unparse(node)))
    return found


def test_no_colour_is_written_outside_the_theme():
    stray = [f"{p.relative_to(UI.parent)}:{line}: {text}"
             for p in sorted(UI.rglob("*.py")) if p not in ALLOWED
             for line, text in colour_literals(ast.parse(p.read_text()))]
    assert not stray, "colours to name in ui/theme.py:\n" + "\n".join(stray)


def test_the_scan_sees_a_colour_in_any_form():
    tree = ast.parse("a = (1, 2, 3)\nb = pygame.Color(9, 9, 9)\nc = Color('red')\n"
                     "d = (0, 0, 0, 160)\nfor n in (1, 2, 3): pass\nev(buttons=(0, 0, 0))\n"
                     "e = (300, 2, 3)\n")
    assert [line for line, _ in colour_literals(tree)] == [1, 2, 3, 4]
