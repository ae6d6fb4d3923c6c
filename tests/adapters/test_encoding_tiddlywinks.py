"""Cabriole's and Tiddledy Winks' encoding (games/tiddlywinks/encoding.py) over short random
games: every value in its bounds, the tensor the seat's view (checked against a slow encoder
written from the view alone), distinct views told apart, every seat's own counters at the
bottom of his picture; the grid's and the box's shots all accepted by the rules, chance the
game's quadrature, and the state's text the whole table.

Shots are 5–25 ms of MuJoCo, so the games are few and short and the tables small."""

from __future__ import annotations

import functools
import json
import math
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ludotheque
from ludotheque.core.errors import IllegalMoveError
from ludotheque.games.tiddlywinks.encoding import (
    OFFSETS,
    PLACES,
    SHOTS,
    STEEPS,
    STRENGTHS,
    TiddlywinksEncoding,
)
from ludotheque.games.tiddlywinks.game import TiddlywinksGame, TiddlywinksState
from ludotheque.games.tiddlywinks.notation import PASS, Shot
from ludotheque.games.tiddlywinks.options import COLOURS
from ludotheque.games.tiddlywinks.table import FLAT, Counter
from tests.adapters.tensors import zeroed

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"
#: Every place, rule and table the encoding has a field for appears in at least one game.
CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("cabriole", {"hands": "steady", "limit": 12}),
    ("cabriole", {"players": 3, "table": "square", "lake": "lost", "limit": 8}),
    ("cabriole", {"players": 4, "camps": True, "counters": 5, "limit": 8}),
    ("tiddledy-winks", {"limit": 10}),
    ("tiddledy-winks", {"variation": "III", "players": 3, "hands": "steady", "limit": 10}),
    ("tiddledy-winks", {"variation": "II", "start": 20, "hands": "steady", "limit": 10}),
    ("tiddledy-winks", {"players": 6, "counters": 6, "partners": True, "table": "round",
                        "limit": 6}),
]
IDS = [f"{name}-{i}" for i, (name, _) in enumerate(CONFIGS)]


def observed(encoding: TiddlywinksEncoding, state: TiddlywinksState, player: int) -> np.ndarray:
    flat, out = zeroed(encoding.observation)
    encoding.observe(state, player, out)
    return flat


@functools.cache
def played(index: int) -> tuple[TiddlywinksGame, TiddlywinksEncoding, list[TiddlywinksState]]:
    """Every state of a few random games of a configuration, played through the encoding: the
    grid's shots (often among its first few, so that games meet again), chance sampled."""
    name, options = CONFIGS[index]
    game = ludotheque.load_game(name, **options)
    assert isinstance(game, TiddlywinksGame)
    encoding = game.manifest.encode(game)
    assert isinstance(encoding, TiddlywinksEncoding)
    states = []
    for seed in range(2):
        rng = random.Random(seed)
        state = game.new_initial_state()
        states.append(state.clone())
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
            else:
                legal = encoding.legal(state)
                choice = rng.choice(legal[:3] if rng.random() < 0.4 else legal)
                state.apply_action(encoding.decision(state, choice))
            states.append(state.clone())
    return game, encoding, states


def from_view(game: TiddlywinksGame, view: dict[str, Any], player: int) -> dict[str, Any]:
    """What the doc says the tensor holds, worked out slowly from the JSON view alone: every
    field but the covering ones, which the view's tilt without its direction cannot settle."""
    n, c = game.num_players(), game.per_player
    table = view["table"]
    reach = table["size"] * (1 if table["shape"] == "round" else math.sqrt(2))
    names = [f"{COLOURS[(player + r) % n]} {i + 1}" for r in range(n) for i in range(c)]
    counters = {v["counter"]: v for v in view["counters"]}
    turned = 2 * math.pi * player / n
    cos, sin = math.cos(turned), math.sin(turned)
    mine = game.side(player)
    seats = [(player + r) % n for r in range(n)]
    want: dict[str, Any] = {
        "owner": [[float(r == i // c) for r in range(n)] for i in range(n * c)],
        "ours": [float(game.side(s) == mine) for s in seats for _ in range(c)],
        "place": [[float(counters[m]["place"] == p) for p in PLACES] for m in names],
        "xy": [[(counters[m]["x"] * cos + counters[m]["y"] * sin) / reach,
                (-counters[m]["x"] * sin + counters[m]["y"] * cos) / reach] for m in names],
        "distance": [math.hypot(counters[m]["x"], counters[m]["y"]) / reach for m in names],
        "height": [min(2.0, counters[m]["z"] / table["cup"][2]) for m in names],
        "tilt": [counters[m]["tilt"] / 180 for m in names],
        "playable": [float(m in view.get("playable", [])) for m in names],
        "due": [float(m in view["due"]) for m in names],
        "open": [float(m in view["open ring"]) for m in names],
        "to_play": [float(COLOURS[s] == view["turn"]) for s in seats],
        "side": [float(game.side(s) == mine) for s in seats],
        "potted": [sum(counters[f"{COLOURS[s]} {i + 1}"]["place"] == "cup" for i in range(c)) / c
                   for s in seats],
        "lost": [view["lost"][s] / c for s in seats],
        "stage": [float("result" not in view and "aimed" not in view),
                  float("aimed" in view), float("result" in view)],
        "turns": view["turns"] / game.options["limit"],
        "table": [float(table["shape"] == "round"), float(table["shape"] == "square")],
        "turned": [cos, sin],
        "lengths": [v / reach for v in (table["lake"], table["start"], *table["cup"],
                                        table["counter"])],
        "aimed": [0.0] * (n * c), "aim": [0.0, 0.0], "press": [0.0, 0.0],
    }
    if "aimed" in view:
        words = view["aimed"].split()  # red 3 aim 212.5 pressure 0.62 steep 40
        aimed = counters[" ".join(words[:2])]
        want["aimed"][names.index(" ".join(words[:2]))] = 1.0
        cup = math.degrees(math.atan2(-aimed["y"], -aimed["x"]))
        offset = math.radians(float(words[3]) - cup)
        want["aim"] = [math.cos(offset), math.sin(offset)]
        want["press"] = [float(words[5]), float(words[7]) / 90]
    return want


@pytest.mark.parametrize("index", range(len(CONFIGS)), ids=IDS)
def test_the_tensor_is_the_view(index):
    """In bounds, equal for equal views, different for different ones (the last shot's words
    and flight aside: they are history, not the table), and what the view says, field by
    field."""
    game, encoding, states = played(index)
    layout = encoding.observation
    n, k = game.num_players(), game.num_players() * game.per_player
    assert layout.size == k * (n + 17) + 4 * n + 18
    low, high = (np.array(b, np.float32) for b in layout.bounds())
    by_view: dict[tuple[int, str], bytes] = {}
    by_tensor: dict[tuple[int, bytes], str] = {}
    for state in states:
        view = state.observation(None)
        table = json.dumps({key: v for key, v in view.items() if key not in ("last", "flight")},
                           sort_keys=True)
        for player in range(n):
            flat = observed(encoding, state, player)
            assert np.isfinite(flat).all() and (flat >= low).all() and (flat <= high).all()
            seen = flat.tobytes()
            assert by_view.setdefault((player, json.dumps(view, sort_keys=True)), seen) == seen
            assert by_tensor.setdefault((player, seen), table) == table, "views merged"
            fields = dict(zip(layout.offsets(), np.split(flat, np.cumsum(
                [f.size for f in layout.fields])[:-1]), strict=True))
            for name, want in from_view(game, view, player).items():
                # The view's coordinates are rounded: the cup's bearing from them, a little.
                close = 5e-3 if name == "aim" else 2e-3
                assert np.allclose(fields[name], np.ravel(want), atol=close), (name, want)


@pytest.mark.parametrize("index", range(len(CONFIGS)), ids=IDS)
def test_covering_as_the_rules_judge_it(index):
    game, encoding, states = played(index)
    judge, n, c = game.judge, game.num_players(), game.per_player
    if index == 0:  # random shots seldom cover: red's line under blue's counters
        encoding, state = covered_start()
        states = [state, *states]
    for state in states[::3]:
        counters = state.position.counters
        for player in range(n):
            _, out = zeroed(encoding.observation)
            encoding.observe(state, player, out)
            for slot in range(n * c):
                k = ((player + slot // c) % n) * c + slot % c
                over = [j for j, o in enumerate(counters) if j != k and o.on_table
                        and counters[k].on_table and game.side(o.owner) != game.side(
                            counters[k].owner) and judge.covers(np.array(o.pose),
                                                                np.array(counters[k].pose))]
                under = [j for j, o in enumerate(counters) if j != k and o.on_table
                         and counters[k].on_table and game.side(o.owner) != game.side(
                             counters[k].owner) and judge.covers(np.array(counters[k].pose),
                                                                 np.array(o.pose))]
                assert out["covered"][slot] == bool(over)
                assert out["covering"][slot] == bool(under)


def covered_start(name: str = "cabriole") -> tuple[TiddlywinksEncoding, TiddlywinksState]:
    """Red to play, every one of his counters on the line under one of blue's: he must pass."""
    game = ludotheque.load_game(name, hands="steady")
    encoding = game.manifest.encode(game)
    assert isinstance(encoding, TiddlywinksEncoding)
    state = game.new_initial_state()
    counters = list(state.position.counters)
    for i in range(game.per_player):
        x, y = counters[i].pose[:2]
        counters[game.per_player + i] = Counter(1, "cloth", (x + 0.004, y, 0.003, *FLAT))
    state.position = replace(state.position, counters=tuple(counters), freed=(False, True))
    return encoding, state


def test_a_seat_that_must_pass():
    encoding, state = covered_start()
    assert state.legal_actions() == [PASS]
    assert encoding.legal(state) == [0] and encoding.decision(state, 0) == PASS
    assert encoding.from_box(state, [3.0, 100.0, 0.7, 45.0]) == PASS
    _, out = zeroed(encoding.observation)
    encoding.observe(state, 0, out)
    assert out["covered"].tolist() == [1.0] * 4 + [0.0] * 4
    assert out["covering"].tolist() == [0.0] * 4 + [1.0] * 4
    assert not out["playable"].any() and out["stage"].tolist() == [1.0, 0.0, 0.0]


@pytest.mark.parametrize("name", ["cabriole", "tiddledy-winks"])
def test_every_seat_sees_his_own_counters_at_the_bottom(name):
    """On the round table, the start is the same picture from every seat: his counters below
    the cup, the others round it; the frame turned by his seat's angle."""
    game = ludotheque.load_game(name, players=3, table="round")
    encoding = game.manifest.encode(game)
    state = game.new_initial_state()
    seen = []
    for player in range(3):
        _, out = zeroed(encoding.observation)
        encoding.observe(state, player, out)
        seen.append(out)
        assert (out["xy"][:4, 1] < -0.5).all() and (out["xy"][4:, 1] > -0.5).all()
        assert out["to_play"].tolist() == [float(r == (-player) % 3) for r in range(3)]
    for out in seen[1:]:
        assert np.allclose(out["xy"], seen[0]["xy"], atol=1e-3)


@pytest.mark.parametrize("seed", [0, 4])
def test_no_two_legal_grid_points_are_one_shot(seed):
    """Far from the cup two strengths can both call for a full press: the grid keeps the
    weaker alone, so that each legal action is a shot of its own (and OpenSpiel's strings are
    distinct). These random games reach such a position within twenty shots."""
    game = ludotheque.load_game("tiddledy-winks")
    encoding = game.manifest.encode(game)
    state, rng = game.new_initial_state(), random.Random(seed)
    for _ in range(30):
        while state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        legal = encoding.legal(state)
        shots = [encoding.decision(state, a) for a in legal]
        assert len(set(shots)) == len(shots)
        # And back: a computer player's shot maps to a legal point of the grid.
        assert [encoding.nearest(state, shot) for shot in shots] == legal
        state.apply_action(rng.choice(shots))


@pytest.mark.parametrize("index", range(len(CONFIGS)), ids=IDS)
def test_the_grid_and_chance(index):
    game, encoding, states = played(index)
    n, c = game.num_players(), game.per_player
    assert encoding.num_actions() == 1 + n * c * SHOTS < 2**31
    steady = game.options["hands"] == "steady"
    assert encoding.num_chance_outcomes() == (1 if steady else 81)
    decisions = [s for s in states if not s.is_terminal() and not s.is_chance_node()]
    for state in decisions[:3]:
        legal = encoding.legal(state)
        assert legal == sorted(set(legal)) and all(0 <= a < encoding.num_actions() for a in legal)
        playable = {encoding.decision(state, a) for a in legal}
        for action in playable:
            state.clone().apply_action(action)  # accepted (a shot waits for its tremble)
        # Each playable counter has its whole grid; no other counter any.
        shots = [Shot.from_id(a) for a in playable if a != PASS]
        assert {s.counter for s in shots} == set(state.playable())
        # The nearest grid shot of one of the grid's is the same shot.
        for a in legal[::37]:
            action = encoding.decision(state, a)
            assert encoding.decision(state, encoding.nearest(state, action)) == action
            assert encoding.from_box(state, encoding.to_box(state, action)) == action
    for state in [s for s in states if s.is_chance_node()][:3]:
        chance = encoding.chance(state)
        assert [i for i, _ in chance] == list(range(encoding.num_chance_outcomes()))
        assert encoding.legal(state) == [i for i, _ in chance]
        assert math.isclose(sum(p for _, p in chance), 1.0)
        outcomes = [encoding.outcome(state, i) for i, _ in chance]
        assert [(a, p) for a, (_, p) in zip(outcomes, chance, strict=True)] == (
            state.chance_outcomes())
    for state in states:
        if state.is_terminal():
            assert encoding.legal(state) == [] and encoding.chance(state) == []


def test_the_grid_as_documented():
    """Learning action 1 + slot × 112 + (bearing × 4 + strength) × 2 + steepness; a slot
    counts from the mover's own counters; the pot's strength from the line pots."""
    game = ludotheque.load_game("cabriole", hands="steady", players=3)
    encoding = game.manifest.encode(game)
    state = game.new_initial_state()
    state.apply_action(encoding.decision(state, 1 + 2 * SHOTS + 2 * len(STEEPS) + 1))  # red 3
    state.apply_action(encoding.outcome(state, 0))
    assert state.position.counters[2].place == "cup"  # potted: red plays again
    state.apply_action(encoding.decision(state, 0 * SHOTS + 1))
    state.apply_action(encoding.outcome(state, 0))
    assert state.position.mover == 1  # red 1, at the cup at half its speed: short
    for offset in range(len(OFFSETS)):
        for strength in range(len(STRENGTHS)):
            for steep in range(len(STEEPS)):
                a = 1 + 3 * SHOTS + (offset * len(STRENGTHS) + strength) * len(STEEPS) + steep
                shot = Shot.from_id(encoding.decision(state, a))
                assert shot.counter == 4 + 3  # blue's, the mover's, fourth counter
                turn = shot.bearing - state.cup_bearing(7) - OFFSETS[offset]
                assert abs((turn + 180) % 360 - 180) < 0.06
                assert shot.steep == STEEPS[steep] and 0.01 <= shot.pressure <= 1


def test_the_box_reads_the_nearest_playable_counter():
    game = ludotheque.load_game("cabriole", hands="steady")
    encoding = game.manifest.encode(game)
    state = game.new_initial_state()
    # Red 2 half a pot's speed, a right angle to the left of the cup: off the line.
    state.apply_action(encoding.decision(state, 1 + SHOTS + 2 * len(STRENGTHS) * 11))
    state.apply_action(encoding.outcome(state, 0))
    state.apply_action(PASS if encoding.legal(state) == [0] else encoding.decision(state, 1))
    state.apply_action(encoding.outcome(state, 0))
    # Red's 2 is off the line, and until all have left it, he plays from it: 1, 3, 4.
    assert state.playable() == [0, 2, 3]
    for value, counter in [(0.0, 0), (0.9, 0), (1.0, 0), (1.01, 2), (2.5, 2), (2.6, 3),
                           (7.0, 3)]:
        assert Shot.from_id(encoding.from_box(state, [value, 0.0, 0.5, 45])).counter == counter
    shot = Shot.from_id(encoding.from_box(state, [0.0, 360.0, 0.0, 90.0]))
    assert (shot.pressure, shot.steep) == (0.01, 90)
    shot = Shot.from_id(encoding.from_box(state, [0.4, 350.0, 0.2, 12.4]))
    assert shot.counter == 0 and shot.steep == 12
    assert abs((shot.bearing - state.cup_bearing(0) + 10 + 180) % 360 - 180) < 0.06
    # Outside the box is refused, not brought within: learning code should know it strays.
    for point, said in [
        ([-3.0, 0.0, 0.5, 45.0], "the box's counter is a number from 0 to 7, not -3.0."),
        ([0.0, 400.0, 0.5, 45.0], "the box's bearing is a number from 0 to 360, not 400.0."),
        ([float("nan"), 0.0, 0.5, 45.0], "the box's counter is a number from 0 to 7, not nan."),
        ([0.0, 0.0, float("inf"), 45.0], "the box's pressure is a number from 0 to 1, not inf."),
        ([0.0, 0.0, 0.5], "a point of the box has 4 values (counter, bearing, pressure, "
                          "steep), not 3."),
    ]:
        with pytest.raises(IllegalMoveError) as refused:
            encoding.from_box(state, point)
        assert str(refused.value) == said


@functools.cache
def decision_states() -> list[tuple[TiddlywinksEncoding, TiddlywinksState]]:
    chosen = []
    for index in range(len(CONFIGS)):
        _, encoding, states = played(index)
        chosen += [(encoding, s) for s in states
                   if not s.is_terminal() and not s.is_chance_node()][:3]
    return [*chosen, covered_start()]


@settings(max_examples=40, deadline=None)
@given(which=st.integers(0, 10**6), counter=st.floats(0, 1), bearing=st.floats(0, 360),
       pressure=st.floats(0, 1), steep=st.floats(0, 90))
def test_any_point_of_the_box_is_a_shot_the_rules_accept(which, counter, bearing, pressure,
                                                         steep):
    states = decision_states()
    encoding, state = states[which % len(states)]
    top = encoding.box.fields[0].high
    action = encoding.from_box(state, [counter * top, bearing, pressure, steep])
    state.clone().apply_action(action)


@pytest.mark.parametrize("name", ["cabriole", "tiddledy-winks"])
def test_the_docs_list_the_grid_and_the_box(name):
    game = ludotheque.load_game(name)
    encoding = game.manifest.encode(game)
    doc = (DOCS / f"{name}.md").read_text(encoding="utf-8")
    assert encoding.observation.table() in doc and encoding.box.table() in doc
    assert f"{encoding.observation.size} numbers" in doc
    assert f"{encoding.num_actions()} actions" in doc


def test_the_text_of_a_state_is_the_whole_table():
    encoding, state = covered_start("tiddledy-winks")
    text = str(state)
    assert text.splitlines()[0].endswith("red to pass")
    assert "blue 4    cloth " in text and "in the cup: red 0, blue 0; lost: red 0, blue 0" in text
    state.position = replace(state.position, mover=1)
    state.apply_action(encoding.decision(state, 1))
    assert "aimed: blue 1 aim " in str(state) and "waits for its tremble" in str(state)
