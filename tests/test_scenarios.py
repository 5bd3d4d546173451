"""Every scenario file in tests/scenarios must pass: they pin down each card and ruling."""

from pathlib import Path

import pytest
import yaml

from doomlings_desktop.commands.scenario import Runner, ScenarioError, run_file

SCENARIOS = sorted((Path(__file__).parent / "scenarios").rglob("*.yaml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_scenario(db, path):
    err = run_file(db, path)
    assert err is None, err


def test_every_card_has_a_scenario(db):
    """Each trait, age and catastrophe id is named by the scenario files of its kind."""
    text = {kind: " ".join(p.read_text() for p in SCENARIOS if p.parent.name == kind)
            for kind in ("traits", "ages", "catastrophes")}
    kinds = {"trait": "traits", "age": "ages", "catastrophe": "catastrophes"}
    missing = [d.id for d in db.defs.values() if d.kind in kinds
               and not any(p.stem.startswith(d.id) for p in SCENARIOS)
               and d.id not in text[kinds[d.kind]]]
    assert not missing, f"cards without a scenario: {missing}"


def test_every_module_card_has_a_scenario_named_for_it():
    """Each card of a module has a scenario in tests/scenarios/<module>/ whose file name holds
    its id (the project's rule for module cards)."""
    from doomlings_desktop.rules.cards import available_modules, database_for

    missing = []
    for module in available_modules():
        names = [p.stem for p in SCENARIOS if p.parent.name == module]
        for d in database_for([module]).defs.values():
            if d.module == module and not any(d.id in n for n in names):
                missing.append(f"{module}/{d.id}")
    assert not missing, f"module cards without a scenario: {missing}"


BASE = {
    "players": 2,
    "setup": {"trait_deck": ["gills", "leaves"],
              "players": [{"hand": ["fangs", "quick", "spiny", "bark", "antlers"]},
                          {"hand": ["adorable"]}]},
    "steps": [{"play": "fangs"}],
    "expect": {"current_player": 1, "players": [{"pile": ["fangs"], "score": 1}]},
}


def run(data):
    r = Runner(__import__("doomlings_desktop.rules.cards", fromlist=["x"]).default_database(), data)
    r.run()
    return r


def test_runner_passes_a_true_scenario():
    run(BASE)


@pytest.mark.parametrize("change", [
    {"expect": {"players": [{"score": 2}]}},
    {"expect": {"players": [{"pile": ["quick"]}]}},
    {"expect": {"current_player": 0}},
    {"steps": [{"play": "adorable"}]},
    {"steps": [{"illegal": {"play": "fangs"}}]},
    {"expect": {"colour": 1}},
])
def test_runner_catches_a_false_scenario(change):
    data = {**BASE, **change}
    with pytest.raises(ScenarioError):
        run(data)


def test_runner_rejects_unknown_keys(tmp_path, db):
    p = tmp_path / "bad.yaml"
    p.write_text(yaml.safe_dump({**BASE, "setpu": {}}))
    err = run_file(db, p)
    assert err and "setpu" in err
