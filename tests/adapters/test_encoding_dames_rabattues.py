"""Dames rabattues' encoding (games/dames_rabattues/encoding.py) over random games under every
reading: every value in its bounds, the tensor a function of the seat's view (checked against a
slow encoder written from the view alone), distinct positions told apart, and the same tensor
for a seat and for the other seat of the mirrored position."""

from __future__ import annotations

import itertools
import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any, cast

import numpy as np
import pytest

import ludotheque
from ludotheque.core.game import State
from ludotheque.games.dames_rabattues.game import DamesRabattuesGame, DamesRabattuesState
from ludotheque.games.dames_rabattues.position import Stage
from tests.adapters.tensors import zeroed

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules" / "dames-rabattues.md"
CONFIGS: list[dict[str, Any]] = [
    {"passing": passing, "raise_in_same_throw": same}
    for passing, same in itertools.product(("exception", "general", "none", "kind"),
                                           (False, True))
] + [{"limit": 20}]


def observed(game: DamesRabattuesGame, state: State, player: int) -> np.ndarray:
    encoding = game.manifest.encode(game)
    flat, out = zeroed(encoding.observation)
    encoding.observe(state, player, out)
    return flat


def from_view(game: DamesRabattuesGame, view: dict[str, Any], player: int) -> np.ndarray:
    """The observation worked out slowly from the JSON view alone, as the doc describes it."""
    flat, out = zeroed(game.manifest.encode(game).observation)
    seats = ("white", "black")
    me, him = seats[player], seats[1 - player]
    for side, seat in enumerate((me, him)):
        for point, left in enumerate(view["sides"][seat]["left"]):
            out["piles"][side, point, :left] = 1
        out["raising"][side] = view["sides"][seat]["phase"] == "raise"
    out["stage"][["lot", "throw", "dice", "won"].index(view["stage"])] = 1
    if view["to_throw"] is not None:
        out["turn"][0 if view["to_throw"] == me else 1] = 1
    out["throws"][0] = view["throws"] / game.options["limit"]
    return flat


def random_states(game: DamesRabattuesGame, games: int, seed: int) -> list[DamesRabattuesState]:
    rng = random.Random(seed)
    states: list[DamesRabattuesState] = []
    for _ in range(games):
        state = game.new_initial_state()
        states.append(cast(DamesRabattuesState, state.clone()))
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            states.append(cast(DamesRabattuesState, state.clone()))
    return states


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: ",".join(map(str, o.values())))
def test_observations(options: dict[str, Any]) -> None:
    game = ludotheque.load_game("dames-rabattues", **options)
    assert isinstance(game, DamesRabattuesGame)
    layout = game.manifest.encode(game).observation
    low, high = (np.array(b, np.float32) for b in layout.bounds())
    by_view: dict[tuple[int, str], bytes] = {}
    by_tensor: dict[tuple[int, bytes], str] = {}
    for state in random_states(game, 25, seed=CONFIGS.index(options)):
        for player in (0, 1):
            tensor = observed(game, state, player)
            assert tensor.shape == (layout.size,)
            assert ((low <= tensor) & (tensor <= high)).all(), (str(state), player)
            view = dict(state.observation(player))
            # The slow encoder is the doc's description; it reads the view alone.
            assert np.array_equal(tensor, from_view(game, view, player)), (str(state), player)
            key = json.dumps(view, sort_keys=True)
            assert by_view.setdefault((player, key), tensor.tobytes()) == tensor.tobytes()
            # What the view tells apart, the tensor does, but the last throw told in words.
            del view["last"]
            told = json.dumps(view, sort_keys=True)
            assert by_tensor.setdefault((player, tensor.tobytes()), told) == told
    assert len(by_view) > 1000 or "limit" in options


def test_the_other_seat_sees_the_mirror() -> None:
    game = ludotheque.load_game("dames-rabattues")
    assert isinstance(game, DamesRabattuesGame)
    for state in random_states(game, 5, seed=3):
        p = state.position
        to_throw = p.to_throw if p.stage is Stage.LOT else 1 - p.to_throw
        mirror = DamesRabattuesState(game, replace(p, sides=p.sides[::-1], to_throw=to_throw))
        for player in (0, 1):
            assert np.array_equal(observed(game, state, player),
                                  observed(game, mirror, 1 - player)), str(p)


def test_a_game_stopped_at_its_limit_shows_it() -> None:
    game = ludotheque.load_game("dames-rabattues", limit=3)
    assert isinstance(game, DamesRabattuesGame)
    state = random_states(game, 1, seed=1)[-1]
    assert state.truncated()
    _, out = zeroed(game.manifest.encode(game).observation)
    game.manifest.encode(game).observe(state, 0, out)
    assert out["throws"].tolist() == [1] and out["stage"].tolist() == [0, 1, 0, 0]


def test_the_doc_shows_the_default_layout() -> None:
    game = ludotheque.load_game("dames-rabattues")
    assert game.manifest.encode(game).observation.table() in DOC.read_text(encoding="utf-8")
