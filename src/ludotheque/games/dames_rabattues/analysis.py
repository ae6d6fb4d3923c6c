"""Exact analysis of Dames rabattues: the game is a Markov chain, solved by dynamic programming.

Every move is forced, so a position is just both sides and who is to throw. Each throw either
moves some checker — and then the checker-moves left (``Side.work``) strictly fall — or changes
nothing but, for a coup simple, who throws. Positions are therefore solved level by level of total
work left; within a level only the pair "same sides, either player to throw" refer to each other,
a 2×2 linear system solved in closed form.

The transition tables are built by calling the rules' own functions (``play_numbers`` and
``play_passed``) on every side and throw, so the analysis cannot drift from the engine.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from ludotheque.agents.base import RandomAgent
from ludotheque.core.dice import LOT_OUTCOMES, THROWS
from ludotheque.games.dames_rabattues.game import DamesRabattuesGame, DamesRabattuesState
from ludotheque.games.dames_rabattues.rules import (
    PILES,
    TO_KNOCK_DOWN,
    Phase,
    Reading,
    Side,
    play_numbers,
    play_passed,
)
from ludotheque.selfplay.match import play_match
from ludotheque.selfplay.stats import mean_interval, wilson_interval


def all_sides() -> list[Side]:
    """Every side that can stand between throws (knocking with all down is raising-in-full)."""
    knocking = [
        Side(Phase.KNOCK, left)
        for left in itertools.product(*(range(c + 1) for c in TO_KNOCK_DOWN))
        if any(left)
    ]
    raising = [
        Side(Phase.RAISE, left) for left in itertools.product(*(range(c + 1) for c in PILES))
    ]
    return knocking + raising


@dataclass(frozen=True)
class Tables:
    """Per-side transition tables, indexed by side number and throw number."""

    sides: list[Side]
    own: np.ndarray  # [side, throw] -> side after the thrower's own dice
    passed: np.ndarray  # [side, throw] -> id of the numbers he cannot play
    opponent: np.ndarray  # [side, passed id, thrower raising?] -> side after the opponent's share
    done: np.ndarray
    work: np.ndarray
    raising: np.ndarray


def build_tables(reading: Reading) -> Tables:
    sides = all_sides()
    index = {side: i for i, side in enumerate(sides)}
    n = len(sides)
    own = np.empty((n, len(THROWS)), dtype=np.int32)
    passed = np.empty((n, len(THROWS)), dtype=np.int32)
    passed_ids: dict[tuple[int, ...], int] = {}
    for s, side in enumerate(sides):
        for t, throw in enumerate(THROWS):
            after, _, cannot = play_numbers(side, throw.dice, reading)
            own[s, t] = index[after]
            passed[s, t] = passed_ids.setdefault(cannot, len(passed_ids))
    opponent = np.empty((n, len(passed_ids), 2), dtype=np.int32)
    for s, side in enumerate(sides):
        for numbers, p in passed_ids.items():
            for r, phase in enumerate((Phase.KNOCK, Phase.RAISE)):
                opponent[s, p, r] = index[play_passed(side, numbers, phase, reading)[0]]
    return Tables(
        sides,
        own,
        passed,
        opponent,
        np.array([side.done for side in sides]),
        np.array([side.work for side in sides]),
        np.array([side.phase is Phase.RAISE for side in sides], dtype=np.int32),
    )


@dataclass(frozen=True)
class Solution:
    """``win[a, b]``: chance that the player to throw, with side a against b, wins;
    ``throws[a, b]``: expected throws still to come. Sides are numbered as in ``tables.sides``."""

    tables: Tables
    win: np.ndarray
    throws: np.ndarray

    def at(self, thrower: Side, opponent: Side) -> tuple[float, float]:
        index = {side: i for i, side in enumerate(self.tables.sides)}
        a, b = index[thrower], index[opponent]
        return float(self.win[a, b]), float(self.throws[a, b])


def solve(reading: Reading) -> Solution:
    tables = build_tables(reading)
    n = len(tables.sides)
    win = np.full((n, n), np.nan)
    throws = np.full((n, n), np.nan)
    alive = np.flatnonzero(~tables.done)
    a_all: np.ndarray  # a grid, then flattened
    b_all: np.ndarray
    a_all, b_all = np.meshgrid(alive, alive, indexing="ij")
    a_all, b_all = a_all.ravel(), b_all.ravel()
    level = tables.work[a_all] + tables.work[b_all]
    order = np.argsort(level, kind="stable")
    bounds = [*np.searchsorted(level[order], np.unique(level), side="left").tolist(), order.size]
    for start, stop in itertools.pairwise(bounds):
        a, b = a_all[order[start:stop]], b_all[order[start:stop]]
        cx = _coefficients(tables, win, throws, a, b)
        cy = _coefficients(tables, win, throws, b, a)
        win[a, b] = _solve_pair(cx[0], cy[0], cx[2], cy[2], cx[3], cy[3], complement=True)
        throws[a, b] = _solve_pair(cx[1], cy[1], cx[2], cy[2], cx[3], cy[3], complement=False)
    return Solution(tables, win, throws)


def _coefficients(
    tables: Tables, win: np.ndarray, throws: np.ndarray, a: np.ndarray, b: np.ndarray
) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
    """For the player with side a throwing against b: the known part of his winning chance and
    of the throws to come, and the probabilities that a doublet or a coup simple changes nothing.
    """
    known_win = np.zeros(a.size)
    known_throws = np.ones(a.size)
    same_doublet = np.zeros(a.size)
    same_simple = np.zeros(a.size)
    raising = tables.raising[a]
    for t, throw in enumerate(THROWS):
        p = throw.probability
        a2 = tables.own[a, t]
        b2 = tables.opponent[b, tables.passed[a, t], raising]
        thrower_won = tables.done[a2]
        going_on = ~thrower_won & ~tables.done[b2]
        moved = going_on & ((a2 != a) | (b2 != b))
        still = going_on & ~moved
        known_win += p * thrower_won
        if throw.is_doublet:
            known_win[moved] += p * win[a2[moved], b2[moved]]
            known_throws[moved] += p * throws[a2[moved], b2[moved]]
            same_doublet += p * still
        else:
            known_win[moved] += p * (1 - win[b2[moved], a2[moved]])
            known_throws[moved] += p * throws[b2[moved], a2[moved]]
            same_simple += p * still
    return known_win, known_throws, same_doublet, same_simple


def _solve_pair(
    kx: NDArray[np.float64], ky: NDArray[np.float64], dx: NDArray[np.float64],
    dy: NDArray[np.float64], sx: NDArray[np.float64], sy: NDArray[np.float64], *,
    complement: bool,
) -> NDArray[np.float64]:
    """x for the system x = kx + dx·x + sx·f(y), y = ky + dy·y + sy·f(x), f(v) = 1−v for winning
    chances (the turn passes to the other player) and v for expected throws."""
    if complement:
        # x(1−dx) + sx·y = kx + sx ;  sy·x + y(1−dy) = ky + sy
        det = (1 - dx) * (1 - dy) - sx * sy
        return ((kx + sx) * (1 - dy) - sx * (ky + sy)) / det
    # x(1−dx) − sx·y = kx ;  −sy·x + y(1−dy) = ky
    det = (1 - dx) * (1 - dy) - sx * sy
    return (kx * (1 - dy) + sx * ky) / det


@dataclass(frozen=True)
class Estimate:
    first_thrower_wins: int
    games: int
    throws: list[int]

    @property
    def rate(self) -> float:
        return self.first_thrower_wins / self.games

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.first_thrower_wins, self.games)

    @property
    def mean_throws(self) -> tuple[float, float, float]:
        return mean_interval([float(t) for t in self.throws])


def simulate_first_thrower(game: DamesRabattuesGame, games: int, seed: int) -> Estimate:
    """Play ``games`` games through the engine and count the first thrower's wins."""
    wins, throws = 0, []
    # Every decision is forced, so the players are never consulted.
    players = [RandomAgent(), RandomAgent()]
    for i in range(games):
        state = play_match(game, players, random.Random(f"{seed}:{i}"))
        assert isinstance(state, DamesRabattuesState)
        first = LOT_OUTCOMES.index(state.history()[0])
        wins += state.position.winner == first
        throws.append(state.position.throws)
    return Estimate(wins, games, throws)


def report(game: DamesRabattuesGame, games: int, seed: int) -> list[tuple[str, str, str]]:
    """The first thrower's winning chance and the expected length, exact beside simulated."""
    win, throws = solve(game.reading).at(Side(), Side())
    estimate = simulate_first_thrower(game, games, seed)
    low, high = estimate.interval
    mean, mean_low, mean_high = estimate.mean_throws
    return [
        (
            "the first thrower wins",
            f"{win:.6f}",
            f"{estimate.rate:.4f} (95% {low:.4f}–{high:.4f}, {games} games)",
        ),
        (
            "throws in a game",
            f"{throws:.4f}",
            f"{mean:.3f} (95% {mean_low:.3f}–{mean_high:.3f})",
        ),
    ]
