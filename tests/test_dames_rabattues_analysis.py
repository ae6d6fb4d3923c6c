"""The exact analysis: hand-checked positions, agreement with the engine, and with simulation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import ludotheque
from ludotheque.core.dice import THROWS
from ludotheque.games.dames_rabattues.analysis import (
    build_tables,
    simulate_first_thrower,
    solve,
)
from ludotheque.games.dames_rabattues.rules import Passing, Reading, Side, resolve
from ludotheque.selfplay.stats import mean_interval, wilson_interval

Z99 = 2.5758293035489


@pytest.fixture(scope="module")
def solution():
    return solve(Reading())


def test_last_checker_each(solution):
    # Both have one checker left on point 6. The thrower wins at once with any six (11/36); a
    # doublet without a six (5/36) keeps the dice; the 20 other throws pass them. So
    # x = 11/36 + 5/36·x + 20/36·(1 − x): x = 31/51, and the game lasts 36/11 throws.
    win, throws = solution.at(Side.parse("r000001"), Side.parse("r000001"))
    assert win == pytest.approx(31 / 51)
    assert throws == pytest.approx(36 / 11)


def test_the_opening_is_close_to_even(solution):
    win, throws = solution.at(Side(), Side())
    assert 0.5 < win < 0.55 and 30 < throws < 40


#: The default reading, and passing=kind, whose opponent's table depends on the thrower's phase
#: both ways.
READINGS = [Reading(), Reading(Passing.KIND)]
TABLES = [build_tables(reading) for reading in READINGS]
sides = st.sampled_from([s for s in TABLES[0].sides if not s.done])


@given(sides, sides, st.integers(0, len(THROWS) - 1), st.integers(0, len(READINGS) - 1))
def test_the_tables_compose_to_the_engine(a, b, t, r):
    tables = TABLES[r]
    index = {side: i for i, side in enumerate(tables.sides)}
    after, _ = resolve((a, b), 0, THROWS[t], READINGS[r])
    i, j = index[a], index[b]
    a2 = tables.own[i, t]
    assert tables.sides[a2] == after[0]
    if not tables.done[a2]:
        b2 = tables.opponent[j, tables.passed[i, t], tables.raising[i]]
        assert tables.sides[b2] == after[1]


def test_exact_values_lie_in_the_simulated_intervals(solution):
    # 12 000 games through the full engine: the first thrower's edge (~1.7 points) is near the
    # interval's half-width, but the length of a game is measured to about ±0.4%.
    game = ludotheque.load_game("dames-rabattues")
    win, throws = solution.at(Side(), Side())
    estimate = simulate_first_thrower(game, 12000, seed=11)
    low, high = wilson_interval(estimate.first_thrower_wins, estimate.games, z=Z99)
    assert low <= win <= high
    _, low, high = mean_interval([float(t) for t in estimate.throws], z=Z99)
    assert low <= throws <= high
