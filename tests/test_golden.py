"""Golden files: today's behaviour of every rule set, pinned so that a change that means to alter
nothing (a refactoring of the package's layers) can show that it altered nothing.

Under ``tests/data/golden/``:

- ``records/<id>.json``: a game record, as ``ludotheque play --save`` writes it, of a short but
  complete game between random seats (:data:`RECORDS` says how each was drawn), and beside it
  ``records/<id>.final.json``: what the replayed game shows at its end — ``returns()``,
  ``termination()``, ``history_strings()`` and ``observation(p)`` for every seat and for the
  spectator. :func:`test_a_golden_record_replays_to_its_final_facts` replays each record through
  the public API and requires the same facts.

The tiddlywinks games' views hold MuJoCo's results, the same on one machine but not promised
across processors, so every length in them (``x``, ``y``, ``z``, in metres) is kept to the
millimetre and the angle (``tilt``, in degrees) to the degree — the judged outcome, not the raw
floats (the narration's distances are already written to the millimetre).

Regenerating: ``LUDOTHEQUE_REGENERATE_GOLDEN=1 pytest tests/test_golden.py`` writes the files
instead of comparing. Do it only when a change of behaviour is meant, and read the diff before
committing it. It rewrites every record's ``.final.json`` (from replaying the record as it
stands); a record itself is written only where it is missing, since it is the past that the code
must keep reading: delete one on purpose to draw it anew.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

import ludotheque
from tests.helpers import play_at_random

GOLDEN = Path(__file__).parent / "data" / "golden"
REGENERATE = os.environ.get("LUDOTHEQUE_REGENERATE_GOLDEN") == "1"

#: How each record was drawn: the rule set's options (small, for a short game) and the seed of
#: ``play_at_random``. A record is not drawn again once written (see the module's docstring).
RECORDS: dict[str, tuple[dict[str, Any], int]] = {
    "dames-rabattues": ({}, 32),
    "jacquet": ({}, 39),
    "crypto-90": ({"goal": "rounds", "rounds": 1}, 94),
    "crypto-geographique": ({"points": 1}, 104),  # the round ends when the stock runs out
    "crypto-geographique-chaine": ({}, 105),
    "cabriole": ({"hands": "steady", "limit": 8}, 29),  # a pot, the lake, a shot off the table
    "tiddledy-winks": ({"hands": "steady", "limit": 8}, 25),  # a pot, a shot off the table
}
#: The rule sets whose shots MuJoCo simulates: their views hold the simulation's floats.
PHYSICAL = {"cabriole", "tiddledy-winks"}
#: Where the views' floats are rounded (PHYSICAL only): lengths in metres to the millimetre,
#: angles in degrees to the degree.
ROUNDING = {"x": 3, "y": 3, "z": 3, "tilt": 0}
#: The widest line of a golden file before a dict or a list of dicts is spread over lines.
WIDTH = 100


def test_every_rule_set_has_its_golden_files():
    assert sorted(RECORDS) == sorted(ludotheque.games())


# --- what a state shows ---------------------------------------------------------------------


def viewers(game: ludotheque.Game) -> list[int | None]:
    """The spectator, then every seat."""
    return [None, *range(game.num_players())]


def viewer_name(game: ludotheque.Game, viewer: int | None) -> str:
    return "spectator" if viewer is None else game.seat_name(viewer)


def judged(name: str, value: Any, key: str | None = None) -> Any:
    """A view as golden files keep it: a tiddlywinks view's lengths to the millimetre and its
    angles to the degree; any other rule set's as it is."""
    if name not in PHYSICAL:
        return value
    if isinstance(value, dict):
        return {k: judged(name, v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [judged(name, v) for v in value]
    if isinstance(value, float):
        assert key in ROUNDING, f"a float under {key!r} in a view of {name}: how is it rounded?"
        return round(value, ROUNDING[key]) + 0.0  # + 0.0: -0.0 and 0.0 alike
    return value


def views(state: ludotheque.State) -> dict[str, Any]:
    game = state.game
    return {
        viewer_name(game, v): judged(game.name, state.observation(v)) for v in viewers(game)
    }


def final_facts(state: ludotheque.State) -> dict[str, Any]:
    return {
        "returns": state.returns(),
        "termination": state.termination(),
        "history_strings": state.history_strings(),
        "observations": views(state),
    }


# --- files ----------------------------------------------------------------------------------


def layout(value: Any, indent: int = 0) -> str:
    """JSON with a dict, or a list of dicts, spread over lines where it does not fit in
    :data:`WIDTH`, anything else on one line: a golden file reads and diffs line by line."""
    text = json.dumps(value, ensure_ascii=False)
    spread = isinstance(value, dict) or (
        isinstance(value, list) and any(isinstance(v, dict) for v in value)
    )
    if not value or not spread or indent + len(text) <= WIDTH:
        return text
    pad = " " * (indent + 1)
    if isinstance(value, dict):
        items = [f"{pad}{json.dumps(k, ensure_ascii=False)}: {layout(v, indent + 1)}"
                 for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [pad + layout(v, indent + 1) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


def write(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(layout(data) + "\n", encoding="utf-8")


def read(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


# --- records --------------------------------------------------------------------------------


# These records must keep replaying, to the same final facts, after any change: that is their
# purpose. A record that no longer replays, or replays to other facts, is a game saved by a
# player that today's code no longer reads as it was played. Never draw one again to make this
# test pass unless the change of behaviour is meant (and then say so in the commit).
@pytest.mark.parametrize("name", sorted(RECORDS))
def test_a_golden_record_replays_to_its_final_facts(name):
    path = GOLDEN / "records" / f"{name}.json"
    final_path = GOLDEN / "records" / f"{name}.final.json"
    if REGENERATE and not path.exists():
        options, seed = RECORDS[name]
        game = ludotheque.load_game(name, **options)
        state = play_at_random(game, seed)
        assert state.is_terminal()
        seats = ("random",) * game.num_players()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(ludotheque.Record.of(state, seats).to_json() + "\n", encoding="utf-8")
    if not path.exists():
        pytest.fail(f"{path} is missing: LUDOTHEQUE_REGENERATE_GOLDEN=1 draws it", pytrace=False)
    text = path.read_text(encoding="utf-8")
    record = ludotheque.Record.from_json(text)
    assert record.game == name
    state = record.replay()  # checks every move, and the record's result, against the rules
    facts = final_facts(state)
    if REGENERATE:
        write(final_path, facts)
        return
    expected = read(final_path)
    assert state.is_terminal()
    assert facts["returns"] == expected["returns"] == list(record.result)
    assert facts["termination"] == expected["termination"]
    assert facts["history_strings"] == expected["history_strings"]
    for viewer, view in expected["observations"].items():
        assert facts["observations"][viewer] == view, f"the final observation of {viewer}"
    assert list(facts["observations"]) == list(expected["observations"])
