"""Expansion modules as data (ruling E1): the manifest in cards.yaml, module files checked like
the base file, and one database per set of modules."""

import shutil
from pathlib import Path

import pytest

from doomlings_desktop.rules.cards import (
    CardDatabaseError,
    database_for,
    default_database,
    load_database,
)

ROOT = Path(__file__).resolve().parent.parent
MC = ("acrobatic", "bloom", "bullheaded", "curiosity", "hand-wing", "mitosis", "free-will",
      "tetrachromatic", "wild")


def test_base_database_has_no_module_cards():
    db = default_database()
    assert db.modules == () and "multi-color" in db.manifest
    assert not any(i in db.defs for i in MC)
    assert all(d.module == "" for d in db.defs.values())


def test_multi_color_database_adds_its_cards_and_keeps_base_digests():
    base = default_database()
    db = database_for(["multi-color"])
    assert db.modules == ("multi-color",) and db is database_for(("multi-color",))
    assert all(db.defs[i].module == "multi-color" for i in MC)
    assert {i: db.behaviour[i] for i in base.behaviour} == base.behaviour
    assert db.defs["wild"].colors == ("red", "blue", "green", "purple")
    assert database_for(()) is base


def test_unknown_module_is_a_clear_error():
    with pytest.raises(CardDatabaseError, match="unknown module 'dinolings'"):
        database_for(["dinolings"])


def _copy(tmp_path: Path, module_text: str) -> Path:
    shutil.copy(ROOT / "cards.yaml", tmp_path / "cards.yaml")
    (tmp_path / "assets" / "modules").mkdir(parents=True)
    (tmp_path / "assets" / "modules" / "multi-color.yaml").write_text(module_text)
    return tmp_path / "cards.yaml"


def test_module_card_clashing_with_a_base_id_names_the_file_and_line(tmp_path):
    path = _copy(tmp_path, "format: 1\nmodule: multi-color\ntraits:\n"
                           "  - id: bark\n    name: Bark\n    color: green\n    value: 2\n")
    load_database(path)     # the base alone does not read module files
    with pytest.raises(CardDatabaseError, match=r"multi-color.yaml:4: field 'id': card id 'bark' is already a card of the base"):
        load_database(path, ["multi-color"])


def test_module_file_is_checked_like_the_base_file(tmp_path):
    path = _copy(tmp_path, "format: 1\nmodule: multi-color\ntraits:\n"
                           "  - id: odd\n    name: Odd\n    color: pink\n    value: 2\n")
    with pytest.raises(CardDatabaseError, match=r"multi-color.yaml:6: card 'odd': field 'color'"):
        load_database(path, ["multi-color"])


def test_module_file_must_name_its_module(tmp_path):
    path = _copy(tmp_path, "format: 1\nmodule: techlings\ntraits: []\n")
    with pytest.raises(CardDatabaseError, match="lists it as 'multi-color'"):
        load_database(path, ["multi-color"])
