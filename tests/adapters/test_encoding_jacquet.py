"""Jacquet's encoding (games/jacquet/encoding.py) over random games: every value in its bounds,
the tensor a function of the seat's view (checked against a slow encoder written from the
view alone), distinct positions told apart, and the board the same for a seat and for the other
seat of the mirrored position."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, cast

import numpy as np
import pytest

import ludotheque
from ludotheque.core.game import State
from ludotheque.games.jacquet.game import JacquetGame, JacquetState
from ludotheque.games.jacquet.position import Position
from tests.adapters.tensors import zeroed

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules" / "jacquet.md"
CONFIGS: list[dict[str, Any]] = [
    {},
    {"reading": "dlp-summary", "scoring": "multiple"},
    {"scoring": "multiple", "granularity": "pair", "bearing_off": "optional"},
    {"reading": "dlp-summary", "granularity": "pair", "higher_die": True, "limit": 150},
]


def observed(game: JacquetGame, state: State, player: int) -> np.ndarray:
    encoding = game.manifest.encode(game)
    flat, out = zeroed(encoding.observation)
    encoding.observe(state, player, out)
    return flat


def from_view(game: JacquetGame, view: dict[str, Any], player: int) -> np.ndarray:
    """The observation worked out slowly from the JSON view alone, as the doc describes it."""
    encoding = game.manifest.encode(game)
    flat, out = zeroed(encoding.observation)
    seats = ("white", "black")
    me, him = seats[player], seats[1 - player]

    def count(seat: str, point: int) -> int:
        """``seat``'s checkers on ``player``'s point 1–24 (the view is in White's numbering)."""
        value = view["points"][(point - 1 + 12 * player) % 24]
        return int(max(value, 0) if seat == "white" else max(-value, 0))

    for side, seat in enumerate((me, him)):
        for point in range(1, 25):
            n = count(seat, point)
            out["points"][side, point - 1] = [n >= 1, n >= 2, n >= 3, max(n - 3, 0) / 12]
        out["bar"][side] = view["sides"][seat]["bar"] / 15
        out["off"][side] = view["sides"][seat]["off"] / 15
        out["courier"][side] = view["sides"][seat]["courier_home"]
    out["stage"][["lot", "dice", "move", "won"].index(view["stage"])] = 1
    if view["to_move"] is not None:
        out["turn"][0 if view["to_move"] == me else 1] = 1
    for number in range(1, 7):
        out["dice"][: view["dice_left"].count(number), number - 1] = 1
    if "stakes" in out:
        for side, seat in enumerate((me, him)):
            s = seats.index(seat)
            own = [max(v, 0) if s == 0 else max(-v, 0) for v in view["points"]]
            own = own[12 * s :] + own[: 12 * s]  # his points 1–24
            if view["sides"][seat]["off"]:
                stake = 1
            elif view["sides"][seat]["bar"]:
                stake = 5
            else:
                rearmost = next(p for p in range(1, 25) if own[p - 1])
                stake = 6 - ((rearmost - 1) // 6 + 1)
            out["stakes"][side, stake - 1] = 1
    return flat


def random_states(game: JacquetGame, games: int, seed: int) -> list[JacquetState]:
    rng = random.Random(seed)
    states: list[JacquetState] = []
    for _ in range(games):
        state = game.new_initial_state()
        states.append(cast(JacquetState, state.clone()))
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            states.append(cast(JacquetState, state.clone()))
    return states


def mirrored(game: JacquetGame, state: JacquetState) -> JacquetState:
    """The same position with the colours swapped: each side's checkers where they stand in
    its own numbering, the other seat to play."""
    white, black, stage = str(state.position).split()
    word, _, rest = stage.partition(":")
    seat, colon, tail = rest.partition(":")
    if seat:
        stage = f"{word}:{'black' if seat == 'white' else 'white'}{colon}{tail}"
    return JacquetState(game, Position.parse(f"{black} {white} {stage}"))


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: ",".join(map(str, o.values())))
def test_observations(options: dict[str, Any]) -> None:
    game = ludotheque.load_game("jacquet", **options)
    assert isinstance(game, JacquetGame)
    layout = game.manifest.encode(game).observation
    low, high = (np.array(b, np.float32) for b in layout.bounds())
    by_view: dict[tuple[int, str], bytes] = {}
    by_tensor: dict[tuple[int, bytes], str] = {}
    states = random_states(game, 10, seed=len(options))
    for state in states:
        for player in (0, 1):
            tensor = observed(game, state, player)
            assert tensor.shape == (layout.size,)
            assert ((low <= tensor) & (tensor <= high)).all(), (str(state), player)
            view = dict(state.observation(player))
            key = json.dumps(view, sort_keys=True)
            # The slow encoder is the doc's description; it reads the view alone.
            assert np.array_equal(tensor, from_view(game, view, player)), (str(state), player)
            assert by_view.setdefault((player, key), tensor.tobytes()) == tensor.tobytes()
            # What the view tells apart, the tensor does, but the throw already half played
            # (its dice left are shown) and the last action told in words: history.
            for part in ("last", "throw", "position"):
                del view[part]
            told = json.dumps(view, sort_keys=True)
            assert by_tensor.setdefault((player, tensor.tobytes()), told) == told
    assert len(by_view) > 1000


def test_the_other_seat_sees_the_mirror() -> None:
    game = ludotheque.load_game("jacquet", reading="dlp-summary", scoring="multiple")
    assert isinstance(game, JacquetGame)
    for state in random_states(game, 2, seed=7)[::7]:
        mirror = mirrored(game, state)
        for player in (0, 1):
            assert np.array_equal(observed(game, state, player),
                                  observed(game, mirror, 1 - player)), str(state)


def test_a_hit_checker_and_the_stakes() -> None:
    game = ludotheque.load_game("jacquet", reading="dlp-summary", scoring="multiple")
    assert isinstance(game, JacquetGame)
    # White: a checker on the bar and one in his second table; Black: one off.
    state = JacquetState(game, Position.parse("bar1,1x13,8 1x13,24,off1 dice:white"))
    encoding = game.manifest.encode(game)
    _, out = zeroed(encoding.observation)
    encoding.observe(state, 0, out)
    assert np.array_equal(out["bar"], np.array([1 / 15, 0], np.float32))
    assert np.array_equal(out["off"], np.array([0, 1 / 15], np.float32))
    assert out["courier"].tolist() == [0, 1]
    assert out["stakes"].argmax(axis=1).tolist() == [4, 0]  # White would lose 5, Black 1
    assert np.array_equal(out["points"][0, 0], np.array([1, 1, 1, 10 / 12], np.float32))  # my talon
    assert out["points"][1, 12 - 1, :1].tolist() == [1]  # his point 24 is my point 12


def test_the_doc_shows_the_default_layout() -> None:
    game = ludotheque.load_game("jacquet")
    assert game.manifest.encode(game).observation.table() in DOC.read_text(encoding="utf-8")
