"""Golden files: today's behaviour of every rule set, pinned so that a change that means to alter
nothing (a refactoring of the package's layers) can show that it altered nothing.

Two kinds, under ``tests/data/golden/``:

- ``records/<id>.json``: a game record, as ``ludotheque play --save`` writes it, of a short but
  complete game between random seats (:data:`RECORDS` says how each was drawn), and beside it
  ``records/<id>.final.json``: what the replayed game shows at its end — ``returns()``,
  ``termination()``, ``history_strings()`` and ``observation(p)`` for every seat and for the
  spectator. :func:`test_a_golden_record_replays_to_its_final_facts` replays each record through
  the public API and requires the same facts.
- ``playthroughs/<id>.json``: a game between random players drawn from a fixed seed
  (:data:`PLAYTHROUGHS`), step by step in the manner of OpenSpiel's playthroughs: who acts, the
  legal actions (or chance outcomes) as ids and strings, the action taken, ``describe_last(p)``
  and ``observation(p)`` for every seat and the spectator, then the returns and the termination.
  :func:`test_a_golden_playthrough_plays_again_the_same` plays each again in memory and, where it
  differs, names the first step that differs and what differs in it.

How a playthrough is written, to keep the files small (a Crypto-90 round is some 400 steps of
three views that each list the pile): the views after each step are given as changes.
``observation`` holds, under ``spectator``, the keys of the spectator's view that changed since
the step before (the whole view at ``start``); and under a seat, the keys where that seat's
view differs from the spectator's (what he sees that the table does not), given only at the start
and where that difference changed, a seat left out having the same difference as at the step
before. A key that a view no longer has, or that it lacks beside the spectator's, is listed under
``"(absent)"``. :func:`decode` gives the whole views back (each step is checked to). Chance
outcomes are grouped under their probability (a fraction where one is exact), and
``describe_last`` is one sentence where every viewer is told the same.

The tiddlywinks games give only the count and the first few of their grid of shots and of their
trembles. Their views hold MuJoCo's results, the same on one machine but not promised across
processors, so every length in them (``x``, ``y``, ``z``, in metres) is kept to the millimetre
and the angle (``tilt``, in degrees) to the degree — the judged outcome, not the raw floats (the
narration's distances are already written to the millimetre); their records' final views too.

Regenerating: ``LUDOTHEQUE_REGENERATE_GOLDEN=1 pytest tests/test_golden.py`` writes the files
instead of comparing. Do it only when a change of behaviour is meant, and read the diff before
committing it. It rewrites every playthrough and every record's ``.final.json`` (from replaying
the record as it stands); a record itself is written only where it is missing, since it is the
past that the code must keep reading: delete one on purpose to draw it anew.
"""

from __future__ import annotations

import json
import os
from fractions import Fraction
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
#: How each playthrough is played: the options and the seed of ``play_at_random``. The seeds
#: are of short games (the crypto games' views are long) or, in tiddlywinks, of shots that do
#: something.
PLAYTHROUGHS: dict[str, tuple[dict[str, Any], int]] = {
    "dames-rabattues": ({}, 14),
    "jacquet": ({}, 121),
    "crypto-90": ({"goal": "rounds", "rounds": 1}, 102),
    "crypto-geographique": ({"points": 1}, 50),  # a player stops the round
    "crypto-geographique-chaine": ({}, 11),
    "cabriole": ({"limit": 6}, 31),  # trembling hands; a pot and another shot
    "tiddledy-winks": ({"limit": 6}, 13),  # trembling hands; a counter covers another
}
#: The rule sets whose shots MuJoCo simulates: their grid of shots is too long to list, and
#: their views hold the simulation's floats.
PHYSICAL = {"cabriole", "tiddledy-winks"}
#: How many of a long list of actions a playthrough gives.
FIRST = 3
#: Where the views' floats are rounded (PHYSICAL only): lengths in metres to the millimetre,
#: angles in degrees to the degree; the table's measures as they are given, and a shot as the
#: hand played it to its notation's hundredths.
ROUNDING = {"x": 3, "y": 3, "z": 3, "tilt": 0, "size": 4, "cup": 4, "counter": 4, "lake": 4,
            "start": 4, "every": 2, "played": 2}
ABSENT = "(absent)"
#: The widest line of a golden file before a dict or a list of dicts is spread over lines.
WIDTH = 100


def test_every_rule_set_has_its_golden_files():
    assert sorted(RECORDS) == sorted(PLAYTHROUGHS) == sorted(ludotheque.games())


# --- what a state shows ---------------------------------------------------------------------


def viewers(game: ludotheque.Game) -> list[int | None]:
    """The spectator, then every seat."""
    return [None, *range(game.num_players())]


def viewer_name(game: ludotheque.Game, viewer: int | None) -> str:
    return "spectator" if viewer is None else game.seat_name(viewer)


def judged(name: str, value: Any, key: str | None = None) -> Any:
    """A view as golden files keep it: a tiddlywinks view's lengths to the millimetre, its
    angles to the degree and its last flight's counters; any other rule set's as it is."""
    if name not in PHYSICAL:
        return value
    if key == "paths":
        # A flight's frames, to a tenth of a millimetre, are the engine's to the last float:
        # golden files keep which counters moved.
        return sorted(value)
    if isinstance(value, dict):
        return {k: judged(name, v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [judged(name, v, key) for v in value]
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
    :data:`WIDTH`, anything else on one line: a golden file reads and diffs step by step."""
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


# --- playthroughs ---------------------------------------------------------------------------


def changes(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """The keys of ``after`` that ``before`` lacks or holds otherwise, and those it lacks."""
    changed = {k: v for k, v in after.items() if k not in before or before[k] != v}
    absent = [k for k in before if k not in after]
    return {**changed, ABSENT: absent} if absent else changed


def apply_changes(before: dict[str, Any], changed: dict[str, Any]) -> dict[str, Any]:
    """The view :func:`changes` made ``changed`` of, from ``before``."""
    absent = set(changed.get(ABSENT, ()))
    view = {k: v for k, v in before.items() if k not in absent}
    view.update((k, v) for k, v in changed.items() if k != ABSENT)
    return view


def private(views: dict[str, Any], seat: str) -> dict[str, Any]:
    """How a seat's view differs from the spectator's."""
    return changes(views["spectator"], views[seat])


def encode(previous: dict[str, Any] | None, now: dict[str, Any]) -> dict[str, Any]:
    """The views ``now`` of a step as a playthrough writes them, ``previous`` being the views
    of the step before (None at the start): see the module's docstring."""
    spectator = now["spectator"]
    encoded = {
        "spectator": spectator if previous is None else changes(previous["spectator"], spectator)
    }
    for seat in now:
        if seat != "spectator" and (
            previous is None or private(now, seat) != private(previous, seat)
        ):
            encoded[seat] = private(now, seat)
    return encoded


def decode(previous: dict[str, Any] | None, encoded: dict[str, Any]) -> dict[str, Any]:
    """The views :func:`encode` wrote as ``encoded``, from the views of the step before."""
    spectator = encoded["spectator"]
    if previous is None:
        return {seat: spectator if seat == "spectator" else apply_changes(spectator, differs)
                for seat, differs in encoded.items()}
    spectator = apply_changes(previous["spectator"], spectator)
    return {
        seat: spectator if seat == "spectator" else apply_changes(
            spectator, encoded[seat] if seat in encoded else private(previous, seat)
        )
        for seat in previous
    }


def probability(p: float) -> str:
    """A probability as a fraction where one gives exactly the same float, else the float."""
    fraction = Fraction(p).limit_denominator(10_000)
    return str(fraction) if float(fraction) == p else repr(p)


def listing(state: ludotheque.State, actions: list[int]) -> Any:
    written = [[a, state.action_to_string(a)] for a in actions]
    if state.game.name in PHYSICAL:
        return {"count": len(written), "first": written[:FIRST]}
    return written


def playthrough(name: str) -> dict[str, Any]:
    """The game :data:`PLAYTHROUGHS` names, played again and written step by step."""
    options, seed = PLAYTHROUGHS[name]
    game = ludotheque.load_game(name, **options)
    actions = play_at_random(game, seed).history()
    state = game.new_initial_state()
    shown = views(state)
    data: dict[str, Any] = {
        "game": name,
        "options": options,
        "seed": seed,
        "played by": "tests.helpers.play_at_random(ludotheque.load_game(game, **options), seed)",
        "viewers": list(shown),
        "start": {"observation": encode(None, shown)},
        "steps": [],
    }
    for number, action in enumerate(actions, start=1):
        player = state.current_player()
        step: dict[str, Any] = {"step": number}
        if state.is_chance_node():
            step["player"] = "chance"
            outcomes = state.chance_outcomes()
            if name in PHYSICAL:
                step["outcomes"] = listing(state, [a for a, _ in outcomes])
            else:
                # By probability, in the order of the outcomes: {"1/95": [[1, "01"], …], …}.
                step["outcomes"] = {}
                for outcome, p in outcomes:
                    step["outcomes"].setdefault(probability(p), []).append(
                        [outcome, state.action_to_string(outcome)]
                    )
        else:
            step["player"] = game.seat_name(player)
            step["legal"] = listing(state, state.legal_actions())
        step["action"] = [action, state.action_to_string(action)]
        state.apply_action(action)
        told = {viewer_name(game, v): state.describe_last(v) for v in viewers(game)}
        # One sentence where every viewer is told the same.
        step["describe_last"] = told["spectator"] if len(set(told.values())) == 1 else told
        now = views(state)
        step["observation"] = encode(shown, now)
        assert decode(shown, step["observation"]) == now  # the changes give back every view
        shown = now
        data["steps"].append(step)
    data["returns"] = state.returns()
    data["termination"] = state.termination()
    return data


def brief(value: Any, most: int = 400) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= most else text[: most - 5] + " […]"


def first_difference(expected: dict[str, Any], actual: dict[str, Any]) -> str | None:
    """Where a playthrough played today first parts from its golden file, in a few lines."""
    name = expected.get("game")
    for key in ("game", "options", "seed", "viewers"):
        if expected.get(key) != actual.get(key):
            return (f"{name}: the playthrough's {key} is {brief(expected.get(key))} in the file, "
                    f"{brief(actual.get(key))} here")
    old_steps = [expected["start"], *expected["steps"]]
    new_steps = [actual["start"], *actual["steps"]]
    old_views = new_views = None
    for number in range(max(len(old_steps), len(new_steps))):
        where = "at the start" if number == 0 else f"at step {number}"
        if number >= min(len(old_steps), len(new_steps)):
            ended = "the file's game" if number >= len(old_steps) else "today's game"
            return f"{name}: {ended} has ended {where}, where the other goes on."
        old, new = old_steps[number], new_steps[number]
        old_views = decode(old_views, old["observation"])
        new_views = decode(new_views, new["observation"])
        lines = []
        for key in [*old, *(k for k in new if k not in old)]:
            if key != "observation" and old.get(key, ABSENT) != new.get(key, ABSENT):
                lines += [f"  {key}: {brief(old.get(key, ABSENT))} in the file,",
                          f"  {' ' * len(key)}  {brief(new.get(key, ABSENT))} today"]
        for viewer, now in new_views.items():
            then = old_views.get(viewer, {})
            for key in [*then, *(k for k in now if k not in then)]:
                if then.get(key, ABSENT) != now.get(key, ABSENT):
                    said = f"observation of the {viewer}, {key!r}"
                    lines += [f"  {said}: {brief(then.get(key, ABSENT))} in the file,",
                              f"  {' ' * len(said)}  {brief(now.get(key, ABSENT))} today"]
        if lines:
            before = [step["action"][1] for step in new_steps[max(1, number - 4): number]]
            after = f" (after … {', '.join(before)})" if before else ""
            return "\n".join([f"{name}: the first difference is {where}{after}:", *lines])
    for key in ("returns", "termination"):
        if expected.get(key) != actual.get(key):
            return (f"{name}: the {key} are {brief(expected.get(key))} in the file, "
                    f"{brief(actual.get(key))} today")
    return None


@pytest.mark.parametrize("name", sorted(PLAYTHROUGHS))
def test_a_golden_playthrough_plays_again_the_same(name):
    path = GOLDEN / "playthroughs" / f"{name}.json"
    data = playthrough(name)
    if REGENERATE:
        write(path, data)
        return
    if not path.exists():
        pytest.fail(f"{path} is missing: LUDOTHEQUE_REGENERATE_GOLDEN=1 writes it", pytrace=False)
    text = layout(data) + "\n"
    stored = path.read_text(encoding="utf-8")
    if stored == text:
        return
    # Read back from the text, as the file is: tuples as lists.
    difference = first_difference(json.loads(stored), json.loads(text))
    pytest.fail(difference or f"{path} differs from today's playthrough only in its layout: "
                "regenerate it (LUDOTHEQUE_REGENERATE_GOLDEN=1)", pytrace=False)


def test_a_playthrough_writes_a_view_as_its_changes():
    """A view's changes give it back whole, keys gone included, and a difference in a view is
    told at the first step it shows, by its viewer and key."""
    before = {"seat": None, "hand": [], "aimed": "red 1", "stock": 40}
    after = {"seat": None, "hand": [], "stock": 39, "last": "x"}
    assert changes(before, after) == {"stock": 39, "last": "x", ABSENT: ["aimed"]}
    assert apply_changes(before, changes(before, after)) == after
    data = json.loads(layout(playthrough("crypto-geographique-chaine")))
    assert first_difference(data, data) is None
    # South's hand, as the file has it at the first step he is dealt a card, is another.
    number = next(k for k, step in enumerate(data["steps"], start=1)
                  if step["observation"].get("south", {}).get("hand"))
    altered = json.loads(json.dumps(data))
    altered["steps"][number - 1]["observation"]["south"]["hand"] = ["Nord"]
    message = first_difference(altered, data)
    assert message.startswith(
        f"crypto-geographique-chaine: the first difference is at step {number} (after … "
    )
    assert "observation of the south, 'hand': [\"Nord\"] in the file," in message
