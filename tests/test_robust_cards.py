"""A card database is hostile input: whatever a file holds, loading it either succeeds or stops
with one short `CardDatabaseError` naming a line, quickly and in bounded memory."""

import copy
import math
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from doomlings_desktop.rules import verbs
from doomlings_desktop.rules.cards import CardDatabaseError, parse_database
from doomlings_desktop.rules.engine import Game
from tests.uidriver import finishes

ROOT = Path(__file__).resolve().parent.parent
GOOD = (ROOT / "cards.yaml").read_text()
MESSAGE = re.compile(r"^[^:]+:\d+: ")


def refused(text: str, words: str = "") -> str:
    """The message of the CardDatabaseError that text must raise, checked for shape (and that
    it comes at all: a hostile file that made the reader loop fails at the deadline)."""
    with pytest.raises(CardDatabaseError) as e:
        finishes(lambda: parse_database(text, "cards.yaml"), "refusing the file")
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


def sub(old: str, new: str) -> str:
    """The bundled database with the first `old` replaced (which must be there)."""
    assert old in GOOD, old
    return GOOD.replace(old, new, 1)


@pytest.mark.parametrize("text, words", [
    (sub("[{handler: optimistic_nihilism}]", "[{handler: [optimistic_nihilism]}]"),
     "unknown handler"),
    (sub("[{handler: optimistic_nihilism}]", "[{handler: {name: {a: 1}}}]"), "unknown handler"),
    (sub("score: [{per: {count: one}", "score: [{per: {count: [one]}"), "unknown counter"),
    (sub("score: [{per: {count: one}", "score: [{per: {count: {a: 1}}"), "unknown counter"),
    (sub("color: purple", "color: [red]"), "field 'color'"),
    (sub("id: adorable", "id: {x: 1}"), "string id"),
    (sub("icons: [drop_of_life]", "icons: [[action]]"), "field 'icons'"),
    (sub("cost: {give_trait: {value_at_least: 1}}", "cost: {give_trait: {value: {a: 1}}}"),
     "field 'cost.give_trait.value'"),
    (sub("rules: {forbid_color: blue}", "rules: {forbid_color: {a: 1}}"), "rules.forbid_color"),
    (sub("rules: {stabilize_to: 4}", "rules: {stabilize_to: [4]}"), "rules.stabilize_to"),
    (sub("if: most_traits_strict", "if: [most_traits_strict]"), "score[0].if"),
    (sub("swap_traits: {mode: self}", "swap_traits: {mode: [self]}"), "mode"),
], ids=["handler-list", "handler-map", "counter-list", "counter-map", "color-list", "id-map",
        "icons-nested", "filter-map", "forbid-map", "int-list", "enum-list", "verb-enum-list"])
def test_unhashable_values_are_refused_not_a_type_error(text, words):
    refused(text, words)


@pytest.mark.parametrize("text, words, line", [
    ("", "the file is empty", 1),
    ("# only a comment\n", "the file is empty", 1),
    ("- 1\n- 2\n", "expected a mapping", 1),
    ("just text\n", "expected a mapping", 1),
    (sub("birth_of_life:\n  id: the-birth-of-life", "birth_of_life: [the-birth-of-life]\nx:\n"
         "  id: the-birth-of-life"), "birth_of_life", None),
    (sub("birth_of_life:\n  id: the-birth-of-life", "birth_of_life: 5\nx:\n  id: b"),
     "birth_of_life", None),
    (sub('  name: "The Birth of Life"', "  name: [The Birth of Life]"), "field 'name'", None),
    (sub("requires: {pile_color: green, at_least: 3}", "requires: [green, 3]"),
     "field 'requires'", None),
    (sub("action: [{draw: 4}]", "action: {draw: 4}"), "list of steps", None),
    (sub("action: [{draw: 4}]", "action: [draw]"), "a step must be a mapping", None),
    (sub("cost: {give_trait: {value_at_least: 1}}", "cost: give_trait"), "field 'cost'", None),
    (sub("rules: {stabilize_to: 4}", "rules: [stabilize_to]"), "field 'rules'", None),
    (sub("score: [{per: {count: one}, points: 4, if: most_traits_strict}]", "score: [four]"),
     "field 'score[0]'", None),
    (sub("traits:\n", "traits:\n  - 5\n"), "string id", None),
    (sub("traits:\n", "traits:\n  - {name: x}\n"), "string id", None),
])
def test_every_message_names_a_line(text, words, line):
    msg = refused(text, words)
    got = int(msg.split(":")[1])
    if line is not None:
        assert got == line, msg
    else:   # near the change: the first line that differs from the good file
        changed = next(i for i, (a, b) in enumerate(zip(text.splitlines(), GOOD.splitlines(),
                                                         strict=False), 1) if a != b)
        assert abs(got - changed) <= 3, msg


@pytest.mark.parametrize("old, new, words", [
    ("    value: 17\n", "    value: 100\n", "-10..20"),
    ("    value: 17\n", "    value: 21\n", "-10..20"),
    ("    value: 17\n", "    value: -11\n", "-10..20"),
    ("    value: 17\n", "    value: 1e30\n", "-10..20"),
    ("    value: 17\n", "    value: .nan\n", "-10..20"),
    ("    value: 17\n", "    value: 9223372036854775808\n", "-10..20"),
    ("    value: 17\n", "    value: 0x" + "f" * 5000 + "\n", "-10..20"),
    ("action: [{draw: 4}]", "action: [{draw: -5}]", "0..20"),
    ("action: [{draw: 4}]", "action: [{draw: 1000000000}]", "0..20"),
    ("action: [{draw: 4}]", "action: [{draw: 2.5}]", "expected a number"),
    ("action: [{discard_hand: 2}]", "action: [{discard_hand: 1000000000}]", "0..20"),
    ("    gene_pool: 1\n", "    gene_pool: 9223372036854775808\n", "-5..5"),
    ("    gene_pool: 1\n", "    gene_pool: -6\n", "-5..5"),
    ("points: 4", "points: 1000000000", "-20..20"),
    ("at_least: 3}", "at_least: 1000}", "0..20"),
    ("rules: {max_value: 3}", "rules: {max_value: 1e30}", "-10..20"),
    ("rules: {stabilize_to: 4}", "rules: {stabilize_to: -1}", "0..20"),
    ("cap: 5", "cap: 1000", "0..20"),
    ("    copies: 7", "    copies: 0", "1..10"),
    ("format: 1", "format: true", "unsupported format"),
    ("format: 1", "format: 1.0", "unsupported format"),
    ('name: "Selfish"', 'name: "' + "S" * 41 + '"', "at most 40"),
])
def test_numbers_the_engine_cannot_handle_are_refused_with_the_range(old, new, words):
    refused(sub(old, new), words)


@pytest.mark.parametrize("bad", ["Self\\0ish", "Self\\x1b[2Jish", "Self\\aish", "\\u202eHsifles",
                                 "Self\\nish", "Self\\ue000ish", "Self\\u2067ish", "Self\\x85ish"])
def test_control_characters_in_a_cards_words_are_refused(bad):
    """A card's name or rules text reaches the log, saves and a terminal: NUL, an escape
    sequence, a bell, a direction override, a private-use character are no card text (they
    loaded before, and `join` printed them). A newline is refused in a name only."""
    refused(sub('name: "Selfish"', f'name: "{bad}"'), "with no control character")
    if "\\n" not in bad:
        refused(sub('text: "While this is in your pile, your gene pool is 1 higher."',
                    f'text: "{bad}"'), "with no control character")
    parse_database(sub('text: "While this is in your pile, your gene pool is 1 higher."',
                       'text: "While this is in your pile,\\nyour gene pool is 1 higher. \u00e9"'))


def test_a_card_above_no_age_limit_is_not_blocked(db):
    """round_blocks once read rules['max_value'] for any card worth more than 99."""
    from doomlings_desktop.rules.engine import Game

    g = Game.new(db, 2, seed=1, log=False)
    c = db.traits[0]
    saved = db.value[c]
    db.value[c] = 100
    try:
        g.rules = {"forbid_color": "nothing"}
        assert g.round_blocks(c) is None
        g.rules = {"max_value": 3}
        assert g.round_blocks(c)
    finally:
        db.value[c] = saved


# ---------------------------------------------------------------- reading the file

def load_refused(path, words: str) -> str:
    from doomlings_desktop.rules.cards import load_database

    with pytest.raises(CardDatabaseError) as e:
        finishes(lambda: load_database(path), "refusing the file")
    assert words in str(e.value), str(e.value)
    return str(e.value)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "cards.yaml"
    os.mkfifo(fifo)
    load_refused(fifo, "not a regular file")


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_an_endless_device_is_refused_without_reading_it():
    load_refused("/dev/zero", "not a regular file")


def test_a_folder_a_missing_file_and_a_huge_file_are_refused(tmp_path):
    load_refused(tmp_path, "not a regular file")
    load_refused(tmp_path / "nope.yaml", "cannot read the file")
    big = tmp_path / "big.yaml"
    with big.open("wb") as f:
        f.write(GOOD.encode())
        f.write(b"#" * (4 * 1024 * 1024))
    load_refused(big, "larger than 4 MB")


def test_text_that_is_not_utf8_names_its_line(tmp_path):
    bad = tmp_path / "cards.yaml"
    bad.write_bytes(GOOD.replace("format: 1", "format: 1 # caf\xe9").encode("latin-1"))
    msg = load_refused(bad, "not UTF-8")
    assert MESSAGE.match(msg) and int(msg.split(":")[1]) == GOOD[:GOOD.index("format")].count(
        "\n") + 1, msg


def test_windows_line_ends_load_the_same_database(tmp_path, db):
    from doomlings_desktop.rules.cards import load_database

    crlf = tmp_path / "cards.yaml"
    crlf.write_bytes(GOOD.replace("\n", "\r\n").encode())
    other = load_database(crlf)
    assert other.hash == db.hash and other.ident == db.ident


def test_load_database_raises_only_card_database_errors(tmp_path, monkeypatch):
    """Whatever slips past the checks (a deep recursion, a type fault) is the file's error."""
    from doomlings_desktop.rules import cards
    from doomlings_desktop.rules.cards import loading

    good = tmp_path / "cards.yaml"
    good.write_text(GOOD)
    for exc in (RecursionError, MemoryError, TypeError, ValueError, KeyError):
        def boom(text, file, exc=exc):
            raise exc("boom")
        monkeypatch.setattr(loading, "parse_database", boom)    # where load_database reads it
        with pytest.raises(CardDatabaseError, match=r"cards.yaml:1: cannot validate"):
            cards.load_database(good)


def hostile_files(tmp_path):
    files = {}
    for name, text in [("bomb", bomb()), ("deep", "[" * 100_000 + "]" * 100_000),
                       ("complex-key", "? [a, b]\n: 1\n"), ("empty", ""),
                       ("huge-value", GOOD.replace("    value: 17\n", "    value: 100\n", 1)),
                       ("unhashable", GOOD.replace("count: one}", "count: [one]}", 1))]:
        files[name] = tmp_path / f"{name}.yaml"
        files[name].write_text(text)
    if hasattr(os, "mkfifo"):
        files["fifo"] = tmp_path / "fifo.yaml"
        os.mkfifo(files["fifo"])
    if Path("/dev/zero").exists():
        files["zero"] = Path("/dev/zero")
    return files


def test_cards_check_prints_one_error_line_and_exits_2(tmp_path):
    for name, path in hostile_files(tmp_path).items():
        r = subprocess.run([sys.executable, "-m", "doomlings_desktop", "--cards", str(path),
                            "cards", "--check"], capture_output=True, text=True, cwd=ROOT,
                           timeout=60)
        assert r.returncode == 2, (name, r.stderr)
        lines = r.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), (name, r.stderr)
        assert len(lines[0]) < 400, (name, lines[0])


# ---------------------------------------------------------------- the mutation suite
#
# Databases derived from the bundled one by deterministic mutations: every top-level key, every
# card field and every verb, counter and filter option used in the file is deleted or replaced
# with a hostile value; verbs are renamed, keys duplicated, the text truncated and its bytes
# flipped, alias bombs and deep nesting inserted. Each must load and then play, or be refused
# with one short CardDatabaseError naming a line, quickly.

DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
HOSTILE = [None, -1, -5, 0, 10**9, 2**63, 1e30, math.nan, "mutant", [1, "x"], {"a": 1}, True,
           20, -10]
SEED = 20240601
STEP_LISTS = {"action", "world_end", "setup", "catastrophic", "catastrophic_once",
              "world_end_once", "steps", "turn_start", "own_trait_discarded", "own_green_played"}
ANSWERS = 400            # random legal answers played on each database that loads


def _dump(x, flow: bool | None = None) -> str:
    return yaml.dump(x, Dumper=DUMPER, sort_keys=False, default_flow_style=flow, width=10_000,
                     allow_unicode=True)


class Mutator:
    """The bundled database as data, and text built back from it with one change."""

    def __init__(self) -> None:
        self.doc = yaml.load(GOOD, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        # Each card's text once: a mutated database re-dumps only the card it changes.
        self.card_text = {id(c): self._card(c) for s in ("traits", "ages", "catastrophes")
                          for c in self.doc[s]}

    @staticmethod
    def _card(c) -> str:
        return "".join("  " + line for line in _dump([c]).splitlines(True))

    def text(self, doc) -> str:
        out = []
        for key, val in doc.items():
            if isinstance(val, list) and val and all(isinstance(c, dict) for c in val):
                out.append(f"{key}:\n")
                out.extend(self.card_text.get(id(c)) or self._card(c) for c in val)
            else:
                out.append(_dump({key: val}, flow=False))
        return "".join(out)

    def paths(self) -> dict:
        """Every place in the data, grouped by shape (list positions as '*')."""
        groups: dict[tuple, list[tuple]] = {}

        def walk(x, path):
            items = x.items() if isinstance(x, dict) else enumerate(x) if isinstance(x, list) else ()
            for k, v in items:
                p = path + (k,)
                groups.setdefault(tuple("*" if isinstance(e, int) else e for e in p), []).append(p)
                walk(v, p)

        walk(self.doc, ())
        return groups

    def change(self, path: tuple, op: str, value=None) -> str:
        """The text with the thing at path deleted, replaced by value, or its key renamed."""
        doc = dict(self.doc)
        if len(path) == 1:
            parent = doc
        else:
            head = path[0]
            if isinstance(doc[head], list):
                lst = list(doc[head])
                lst[path[1]] = copy.deepcopy(lst[path[1]])
                doc[head] = lst
                parent, rest = lst[path[1]], path[2:]
                if not rest:
                    parent, rest = lst, path[1:]
            else:
                doc[head] = copy.deepcopy(doc[head])
                parent, rest = doc[head], path[1:]
            for k in rest[:-1]:
                parent = parent[k]
        key = path[-1]
        if op == "delete":
            del parent[key]
        elif op == "replace":
            parent[key] = value
        else:   # rename a key, keeping the order
            items = list(parent.items())
            parent.clear()
            parent.update((value if k == key else k, v) for k, v in items)
        return self.text(doc)


def mutations():
    """(name, text) for every case, the same on every run."""
    m = Mutator()
    rng = random.Random(SEED)
    groups = m.paths()
    for shape, places in groups.items():
        where = rng.choice(places)
        label = ".".join(map(str, shape))
        yield f"delete {label}", m.change(where, "delete")
        for v in rng.sample(HOSTILE, 2):
            yield f"{label} = {v!r:.20}", m.change(where, "replace", v)
        if isinstance(shape[-1], str) and shape[-1] in verbs.VERBS and len(shape) >= 4:
            other = rng.choice(sorted(set(verbs.VERBS) - {shape[-1]}))
            yield f"rename verb {label} -> {other}", m.change(where, "rename", other)
            yield f"rename verb {label} -> typo", m.change(where, "rename", shape[-1] + "x")
    # A step moved to another card: valid data, but the verb runs where it never did (an age's
    # setup, a catastrophe, a trigger), which the engine must survive too.
    steps = [p for shape, places in groups.items() if len(shape) >= 4 and shape[-1] == "*"
             and shape[-2] in STEP_LISTS for p in places]
    for _ in range(80):
        src, dst = rng.choice(steps), rng.choice(steps)
        step = m.doc
        for k in src:
            step = step[k]
        yield f"step {src} moved to {dst}", m.change(dst, "replace", copy.deepcopy(step))
    good = m.text(m.doc)
    lines = good.splitlines(True)
    keyed = [i for i, line in enumerate(lines) if re.match(r"^ *[a-z_]+:", line)]
    for i in rng.sample(keyed, 30):
        yield f"duplicate line {i + 1}", "".join(lines[:i + 1] + [lines[i]] + lines[i + 1:])
    for _ in range(40):
        cut = rng.randrange(len(GOOD))
        yield f"truncate at {cut}", GOOD[:cut]
    data = GOOD.encode()
    for _ in range(40):
        b = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            b[rng.randrange(len(b))] = rng.randrange(256)
        yield "flip bytes", b.decode("utf-8", errors="replace")
    for i in rng.sample(keyed, 10):
        pad = re.match(r"^ *", lines[i]).group()
        yield f"bomb at line {i + 1}", "".join(
            lines[:i] + [pad + ln + "\n" for ln in bomb().splitlines()] + lines[i:])
        deep = pad + "deep: " + "[" * 50_000 + "]" * 50_000 + "\n"
        yield f"deep nesting at line {i + 1}", "".join(lines[:i] + [deep] + lines[i:])


def play(db, seed: int) -> None:
    """Games on db with random legal answers: only the engine's own loop guard may stop one."""
    answers = 0
    for s in (seed, seed + 1):
        g = Game.new(db, 2 + s % 5, seed=s, log=s % 2 == 0)
        rand = random.Random(s)
        while g.pending is not None and answers < ANSWERS:
            try:
                g.apply(rand.choice(g.pending.options))
            except RuntimeError as e:
                assert "looping" in str(e), e
                break
            answers += 1
        if g.over:
            assert all(type(x) is int for x in g.scores)


def test_mutated_databases_load_and_play_or_are_refused_in_one_line(record_property):
    loaded = refused_n = 0
    faults = []
    for n, (name, text) in enumerate(mutations()):
        try:       # a case that loops fails at the deadline (a case takes well under 0.1 s)
            db = finishes(lambda t=text: parse_database(t, "cards.yaml"), f"{name}: reading")
        except CardDatabaseError as e:
            msg = str(e)
            refused_n += 1
            if not MESSAGE.match(msg) or len(msg) > 300:
                faults.append(f"{name}: bad message {msg!r:.400}")
        except Exception as e:  # noqa: BLE001 - the point is to catch anything
            faults.append(f"{name}: {type(e).__name__}: {e!s:.200}")
        else:
            loaded += 1
            try:
                finishes(lambda d=db, s=SEED + n: play(d, s), f"{name}: playing")
            except Exception as e:  # noqa: BLE001
                faults.append(f"{name}: game raised {type(e).__name__}: {e!s:.200}")
    total = loaded + refused_n
    record_property("robustness", f"card databases: {total} mutated, {loaded} loaded and "
                                  f"played, {refused_n} refused with a line")
    assert not faults, f"{len(faults)} of {total} cases went wrong:\n" + "\n".join(faults[:30])
    assert total >= 600 and loaded >= 50 and refused_n >= 300
