"""The layers as a user meets them: the core imports alone, listing the rule sets loads none of
them, and loading one loads its own dependencies only. (The import contracts themselves are
lint-imports' in `make test`.) Each check runs in a fresh interpreter, whose modules are its
own."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

HEAVY = ("numba", "mujoco", "networkx", "matplotlib")


def loaded_after(code: str) -> set[str]:
    """The top-level packages, and ludotheque's modules, loaded once ``code`` has run."""
    probe = (f"{code}\nimport sys, json\n"
             "print(json.dumps(sorted(m for m in sys.modules "
             "if '.' not in m or m.startswith('ludotheque.'))))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True).stdout
    return set(json.loads(out.splitlines()[-1]))


def test_the_core_imports_no_rule_set_and_no_heavy_library():
    loaded = loaded_after("import ludotheque.core")
    assert not loaded & set(HEAVY)
    assert not {m for m in loaded if m.startswith(("ludotheque.games.", "ludotheque.agents"))}


def test_listing_the_rule_sets_loads_none_of_their_rules():
    loaded = loaded_after("import ludotheque\nfor m in ludotheque.core.manifests(): m.options")
    assert not loaded & set(HEAVY)
    rules = {m for m in loaded if m.startswith("ludotheque.games.")
             and m.endswith((".game", ".chain", ".cabriole", ".horsman"))}
    assert not rules


@pytest.mark.parametrize(("name", "needs", "not_needed"), [
    ("crypto-90", set(), {"numba", "mujoco", "networkx"}),
    ("crypto-geographique", {"networkx"}, {"numba", "mujoco"}),
    ("jacquet", {"numba"}, {"mujoco", "networkx"}),
    ("cabriole", {"mujoco"}, {"numba", "networkx"}),
])
def test_loading_a_rule_set_loads_its_own_dependencies_only(name, needs, not_needed):
    loaded = loaded_after(f"import ludotheque\nludotheque.load_game({name!r}).new_initial_state()")
    assert needs <= loaded and not loaded & not_needed
