"""The compiled move generator against the readable rules, over many random positions.

The protocol plays Jacquet with ``fast`` (compiled); ``rules`` states the same rules to be read.
These tests hold the two equal: the legal steps of any dice, the board after each step, and the
legal pairs of steps, on boards drawn at random (any spread of checkers, bar and borne-off
included, in both readings) and on positions reached by random games.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ludotheque
from ludotheque.core.dice import THROWS
from ludotheque.core.errors import LudothequeError
from ludotheque.games.jacquet import fast
from ludotheque.games.jacquet.rules import (
    BAR,
    DLP_SUMMARY,
    MOULIDARS,
    Board,
    Reading,
    ReadingName,
    dice_of,
    index_of,
    legal_steps,
)

READINGS = [
    MOULIDARS,
    DLP_SUMMARY,
    Reading(ReadingName.MOULIDARS, higher_die=True, bear_off_compulsory=False),
    Reading(ReadingName.DLP, higher_die=True, bear_off_compulsory=False),
]


def codes(steps) -> list[int]:
    return [fast.step_code(s.origin, s.die) for s in steps]


def readable_pairs(board: Board, player: int, dice: tuple[int, ...], reading: Reading) -> set:
    """The pair ids, worked out from the readable rules: a first legal step, then a second legal
    step after it (or none, when the dice allow no second); one id for each board they can
    leave, the smallest (one checker taking both dice either way is one play)."""
    high = max(dice)
    doublet = not (len(dice) == 2 and dice[0] != dice[1])
    pairs: dict[Board, int] = {}
    for first in legal_steps(board, player, dice, reading):
        after = board.play(player, first)
        rest = list(dice)
        rest.remove(first.die)
        seconds = legal_steps(after, player, tuple(rest), reading)
        for second in seconds or [None]:
            code2 = fast.NO_STEP if second is None else fast.step_code(second.origin, second.die)
            code1 = fast.step_code(first.origin, first.die)
            pair = int(fast.pair_code(doublet, high, code1, code2))
            end = after if second is None else after.play(player, second)
            pairs[end] = min(pair, pairs.get(end, pair))
    return set(pairs.values())


def agree(board: Board, player: int, dice: tuple[int, ...], reading: Reading) -> None:
    cells = fast.to_cells(board)
    assert fast.board_of(cells) == board
    expected = legal_steps(board, player, dice, reading)
    rules = fast.flags(reading)
    assert fast.legal_steps(cells, player, dice, rules) == codes(expected), (board, dice)
    pairs = fast.legal_pairs(cells, player, dice, rules)
    assert set(pairs[:, 0].tolist()) == readable_pairs(board, player, dice, reading)
    for step in expected:
        after = fast.play(cells, player, codes([step]))
        assert fast.board_of(after) == board.play(player, step)


@st.composite
def boards(draw) -> Board:
    """Any legal spread of the thirty checkers: points, bar and borne-off, couriers either way."""
    points = [0] * 24
    bar, off = [0, 0], [0, 0]
    for player in (0, 1):
        sign = 1 if player == 0 else -1
        for _ in range(15):
            where = draw(st.integers(-1, 24))  # -1: borne off; 0: the bar; else a point
            if where == -1:
                off[player] += 1
            elif where == BAR or points[index_of(player, where)] * sign < 0:
                bar[player] += 1  # a point of the other colour: the bar instead
            else:
                points[index_of(player, where)] += sign
    couriers = (draw(st.booleans()), draw(st.booleans()))
    return Board(tuple(points), (bar[0], bar[1]), (off[0], off[1]), couriers)


@settings(max_examples=300, deadline=None)
@given(
    board=boards(),
    player=st.integers(0, 1),
    throw=st.sampled_from(THROWS),
    reading=st.sampled_from(READINGS),
    played=st.integers(0, 3),
)
def test_random_boards(board, player, throw, reading, played):
    dice = dice_of(*throw.dice)[played if throw.is_doublet else min(played, 1) :]
    agree(board, player, dice, reading)


def test_positions_of_random_games():
    rng = random.Random(1840)
    for reading, bearing_off in [("moulidars-1840", "compulsory"), ("dlp-summary", "optional")]:
        game = ludotheque.load_game("jacquet", reading=reading, bearing_off=bearing_off)
        for _ in range(6):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(state.sample_chance(rng))
                    continue
                p = state.position
                if rng.random() < 0.3:
                    agree(p.board, p.to_move, p.dice, game.reading)
                state.apply_action(rng.choice(state.legal_actions()))
            assert state.position.board.checkers(0) == state.position.board.checkers(1) == 15


def test_playout_ends_with_every_checker_accounted_for():
    for seed in range(20):
        for reading in (MOULIDARS, DLP_SUMMARY):
            winner, turns, board = fast.playout(Board.opening(), seed % 2, reading, seed)
            assert board.off[winner] == 15
            assert board.checkers(0) == board.checkers(1) == 15
            assert turns > 10


def test_playout_refuses_bad_input_and_stops_at_a_finished_game():
    with pytest.raises(LudothequeError):
        fast.playout(Board.opening(), 2, MOULIDARS, 1)
    with pytest.raises(LudothequeError):
        fast.playout(Board.opening(), 0, fast.flags(MOULIDARS), 1)
    finished = Board(Board.opening().points[:12] + (0,) * 12, off=(0, 15))
    assert fast.playout(finished, 0, MOULIDARS, 1) == (1, 0, finished)
