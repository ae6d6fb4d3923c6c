"""Jacquet's pieces for the search players: the weighed evaluation, and the heuristic player
compiled for rollouts, held to the heuristic player of the protocol."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import ludotheque
from ludotheque.agents.greedy import turn_ends
from ludotheque.core.dice import THROWS
from ludotheque.core.errors import NotationError
from ludotheque.games.jacquet.evaluation import JacquetEvaluation
from ludotheque.games.jacquet.fast import dice_args, to_array, to_cells
from ludotheque.games.jacquet.game import JacquetState
from ludotheque.games.jacquet.heuristic import HeuristicPlayout, _best_turn
from ludotheque.games.jacquet.position import Position
from ludotheque.games.jacquet.rules import CHECKERS, dice_of
from tests.test_jacquet_fast import boards

READINGS = ["moulidars-1840", "dlp-summary"]


def at_move(board, player, throw, reading):
    """The state to move at ``board``, or None where the game could never be there (a
    checker on the bar without hitting, a throw none of whose dice can be played)."""
    game = ludotheque.load_game("jacquet", reading=reading)
    position = Position(to_cells(board)).draw_lot(player).roll(throw)
    try:
        return JacquetState(game, position)
    except NotationError:
        return None


@settings(max_examples=150, deadline=None)
@given(
    board=boards(),
    player=st.integers(0, 1),
    throw=st.sampled_from(THROWS),
    reading=st.sampled_from(READINGS),
)
def test_the_compiled_heuristic_turn_is_one_the_heuristic_player_rates_best(
    board, player, throw, reading
):
    state = at_move(board, player, throw, reading)
    if state is None or max(board.off) == CHECKERS:
        return
    game = state.game
    evaluate = game.manifest.evaluation()
    ends = turn_ends(state)
    best = max(
        1e9 if end.position.winner == player else evaluate(end, player) for _, end in ends
    )
    a = to_array(state.position.cells)
    path = np.empty(4, np.int64)
    value = _best_turn(a, player, *dice_args(dice_of(*throw.dice)), game.rules,
                       game.reading.hitting, path, np.zeros(1 << 14, np.int64))
    assert value == best
    assert a.tobytes() == state.position.cells  # left as it was found
    # The steps found are a legal play, to a board the heuristic player rates as best.
    for code in path[path >= 0]:
        state.apply_action(int(code))
    assert state.current_player() != player or state.position.winner == player


def test_heuristic_playouts_are_reproducible_and_end_the_game():
    game = ludotheque.load_game("jacquet")
    state = game.new_initial_state()
    for move in ["white first", "6-5", "1/7", "7/12"]:
        state.apply_action(state.string_to_action(move))
    playout = HeuristicPlayout()
    first = [playout(state, random.Random(seed)) for seed in range(20)]
    assert first == [playout(state, random.Random(seed)) for seed in range(20)]
    assert {tuple(r) for r in first} == {(1.0, 0.0), (0.0, 1.0)}


@settings(max_examples=100, deadline=None)
@given(board=boards(), reading=st.sampled_from(READINGS))
def test_the_evaluation_reads_the_same_from_either_side(board, reading):
    # The evaluation is read off any board, reachable or not: the position is set unchecked.
    state = ludotheque.load_game("jacquet", reading=reading).new_initial_state()
    state.position = Position(to_cells(board)).draw_lot(0).roll(THROWS[0])
    judge = JacquetEvaluation()
    assert judge(state, 0) == -judge(state, 1)
