"""Jacquet's bear-off database (issue 39) against a brute-force expectimax of the game's own
rules (the readable engine of ``rules.py``, not the compiled one the database is built with):
the throws a side needs on average, and the exact chance of winning a race of few checkers,
under both readings of compulsory bearing off, and under the higher die, which the database
leaves out as unable to change a race."""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest

import ludotheque
from ludotheque.agents.greedy import turn_ends
from ludotheque.games.jacquet.bearoff import (
    POSITIONS,
    database,
    expected_throws,
    positions,
    race,
    rank,
)
from ludotheque.games.jacquet.fast import flags
from ludotheque.games.jacquet.position import Position

#: The readings that could change the bear-off, as game options.
READINGS = [{}, {"bearing_off": "optional"}, {"higher_die": True}]


def notation(counts) -> str:
    """A side's checkers on its last points (counts from its point 19), the rest off."""
    placed = [f"{19 + i}x{n}" for i, n in enumerate(counts) if n]
    return ",".join([*placed, f"off{15 - sum(counts)}"]) if sum(counts) < 15 else ",".join(placed)


def counts_of(board) -> tuple[int, ...]:
    """White's counts on his last points, read from a board of the readable engine."""
    return tuple(max(0, c) for c in board.points[18:24])


def test_positions_are_numbered_one_to_one():
    table = positions()
    assert len(table) == POSITIONS == len({tuple(row) for row in table})
    for r in range(0, POSITIONS, 997):
        assert rank(tuple(int(v) for v in table[r])) == r


def test_a_database_is_built_once_and_read_back_from_the_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    database.cache_clear()
    try:
        built = database(flags(ludotheque.load_game("jacquet").reading))
        [kept] = (tmp_path / "ludotheque").iterdir()
        database.cache_clear()
        assert (database(flags(ludotheque.load_game("jacquet").reading)) == built).all()
        assert (np.load(kept) == built).all()
    finally:
        database.cache_clear()


@pytest.mark.parametrize("options", READINGS, ids=str)
def test_the_database_gives_the_throws_a_brute_force_search_finds(options):
    game = ludotheque.load_game("jacquet", **options)
    rules = flags(game.reading)

    @cache
    def needed(counts) -> float:
        """The throws White needs on average, each throw played to the end needing fewest."""
        if sum(counts) == 0:
            return 0.0
        state = game.new_initial_state()
        state.position = Position.parse(f"{notation(counts)} 24x15 dice:white")
        total = 0.0
        for action, probability in state.chance_outcomes():
            thrown = state.clone()
            thrown.apply_action(action)
            ends = [e for _, e in turn_ends(thrown)] if not thrown.is_chance_node() else [thrown]
            total += probability * (1 + min(needed(counts_of(e.position.board))
                                            for e in ends))
        return total

    # Checkers far from the edge cost the brute force seconds where bearing off is optional:
    # those the default's reading only.
    far = [(2, 0, 0, 0, 1, 0), (0, 0, 3, 0, 0, 1)] if not options else []
    for counts in [(0, 0, 0, 0, 0, 1), (1, 0, 0, 0, 0, 0), (1, 0, 0, 0, 0, 1), (0, 2, 0, 1, 0, 0),
                   *far]:
        assert expected_throws(counts, rules) == pytest.approx(needed(counts), abs=1e-9), counts
    assert database(rules).sum(axis=1) == pytest.approx(1.0)


@pytest.mark.parametrize("options", READINGS[:2], ids=str)
def test_a_race_of_few_checkers_is_won_as_often_as_a_brute_force_search_says(options):
    game = ludotheque.load_game("jacquet", **options)
    rules = flags(game.reading)

    @cache
    def wins(position: Position) -> float:
        """The chance that the side about to throw wins, each playing to win."""
        state = game.new_initial_state()
        state.position = position
        me = position.to_move
        total = 0.0
        for action, probability in state.chance_outcomes():
            thrown = state.clone()
            thrown.apply_action(action)
            best = 0.0
            ends = [e for _, e in turn_ends(thrown)] if not thrown.is_chance_node() else [thrown]
            for end in ends:
                p = end.position
                best = max(best, 1.0 if p.winner == me else 1.0 - wins(p))
            total += probability * best
        return total

    for mine, theirs in [((0, 0, 0, 0, 0, 1), (1, 0, 0, 0, 0, 0)), ((1, 0, 0, 0, 0, 1),
                         (0, 0, 0, 1, 0, 1)), ((0, 2, 0, 0, 0, 0), (0, 0, 1, 0, 1, 0)),
                         ((1, 0, 1, 0, 0, 0), (0, 1, 0, 0, 0, 1))]:
        position = Position.parse(f"{notation(mine)} {notation(theirs)} dice:white")
        assert race(mine, theirs, rules) == pytest.approx(wins(position), abs=1e-9)
