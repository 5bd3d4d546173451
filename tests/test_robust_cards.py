"""A card database is hostile input: whatever a file holds, loading it either succeeds or stops
with one short `CardDatabaseError` naming a line, quickly and in bounded memory."""

import re
import time
from pathlib import Path

import pytest

from doomlings_desktop.rules.cards import CardDatabaseError, parse_database

ROOT = Path(__file__).resolve().parent.parent
GOOD = (ROOT / "cards.yaml").read_text()
MESSAGE = re.compile(r"^[^:]+:\d+: ")


def refused(text: str, words: str = "") -> str:
    """The message of the CardDatabaseError that text must raise, checked for shape and speed."""
    t0 = time.perf_counter()
    with pytest.raises(CardDatabaseError) as e:
        parse_database(text, "cards.yaml")
    assert time.perf_counter() - t0 < 5
    msg = str(e.value)
    assert MESSAGE.match(msg), msg
    assert len(msg) <= 300, msg
    assert words in msg, msg
    return msg


def bomb(levels: int = 9) -> str:
    """The "billion laughs": each level repeats the one before nine times."""
    names = [f"l{i}" for i in range(levels)]
    lines = [f"{names[0]}: &{names[0]} [x, x, x, x, x, x, x, x, x]"]
    for i in range(1, levels):
        a, b = names[i - 1], names[i]
        lines.append(f"{b}: &{b} [{', '.join(['*' + a] * 9)}]")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("text, words", [
    (bomb(), "anchors and aliases"),
    (GOOD.replace("format: 1\n", "format: 1\n" + bomb(), 1), "anchors and aliases"),
    (GOOD.replace("    value: 4\n", "    value: &four 4\n", 1), "anchors and aliases"),
    ("[" * 100_000 + "]" * 100_000, "nested deeper than"),
    ("x:\n" + "".join("  " * i + "-\n" for i in range(1, 3000)), "nested deeper than"),
    ("{" * 50_000 + "}" * 50_000, ""),
    ("? [a, b]\n: 1\n", "a key must be a plain value"),
    (GOOD.replace("    value: 4\n", "    ? {a: 1}\n    : 4\n", 1), "a key must be a plain value"),
    (GOOD.replace("format: 1", "format: !!python/object/apply:os.system ['true']"), "YAML tag"),
    (GOOD.replace("format: 1", "format: !!set {a}"), "YAML tag"),
    (GOOD.replace("format: 1", "format: !!binary aGVsbG8="), "YAML tag"),
    (GOOD + "\n---\nformat: 1\n", "more than one YAML document"),
    (GOOD.replace("    value: 4\n", "    value: " + "9" * 5000 + "\n", 1), "cannot read"),
    (GOOD.replace("format: 1", "format: \x00"), "not valid YAML"),
    (GOOD.replace("format: 1", "format: \ud800"), "not valid Unicode"),
], ids=["bomb", "bomb-in-file", "anchor", "deep-flow", "deep-block", "deep-maps", "list-key",
        "map-key", "python-tag", "set-tag", "binary-tag", "two-documents", "long-number", "nul",
        "surrogate"])
def test_yaml_that_could_blow_up_is_refused_with_a_line(text, words):
    refused(text, words)


def test_messages_show_only_the_start_of_a_long_value():
    long = "[" + ", ".join(["red"] * 5000) + "]"
    msg = refused(GOOD.replace("color: purple", f"color: {long}", 1), "field 'color'")
    assert msg.count("red") < 20
    msg = refused(GOOD.replace("color: purple", "color: " + "x" * 100_000, 1), "field 'color'")
    assert "xxx..." in msg
