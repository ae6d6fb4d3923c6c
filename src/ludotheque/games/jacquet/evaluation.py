"""A weighed judge of Jacquet positions for the search players (expectimax and MCTS).

It adds two things a player of the time watches to the heuristic player's race and blocking
(:mod:`.heuristic`): the **courier's progress** — until a first checker has reached the fourth
table the others may not leave the talon (1840) nor pair up (both readings), so a courier on
its way is worth more than its pips — and the **cochonnet danger**: checkers still outside
the fourth table when the opponent nears the end of his race are the cochonnets that lose the
game, and under the multiple scoring lose it double or more. Every term is in pips, and the
value is the player's minus the opponent's, so that it reads the same from either side.

>>> import ludotheque
>>> state = ludotheque.load_game("jacquet").new_initial_state()
>>> judge = JacquetEvaluation()
>>> judge(state, 0), judge(state, 1)
(0.0, 0.0)
>>> for move in ["white first", "6-5", "1/7", "7/12"]:
...     state.apply_action(state.string_to_action(move))
>>> {name: round(value, 2) for name, value in judge.terms(state, 0).items()}
{'race': 11.0, 'blocking': 0.0, 'courier': 11.0, 'danger': 0.0}
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from ludotheque.core.game import State
from ludotheque.games.jacquet.fast import BAR_AT, COURIER_AT, _mine
from ludotheque.games.jacquet.heuristic import _pips, _pressure
from ludotheque.games.jacquet.rules import FOURTH_TABLE

HOME = FOURTH_TABLE.start


@dataclass(frozen=True)
class Weights:
    """What each term is worth, in pips."""

    #: Points held in front of the opponent's checkers, runs of them, blots (``heuristic``).
    blocking: float = 1.0
    #: A courier come home, against one still on the talon; in proportion on the way.
    courier: float = 18.0
    #: Each cochonnet once the opponent's race is down to nothing; in proportion before.
    danger: float = 4.0
    #: The opponent's pip count below which cochonnets begin to be in danger.
    endgame: float = 90.0


@njit(cache=True)
def _courier(a: np.ndarray, player: int) -> float:
    """1 once the courier is home, else how far the foremost checker has come (0 to 1)."""
    if a[COURIER_AT + player]:
        return 1.0
    front = 1
    for point in range(1, HOME):
        if _mine(a, player, point):
            front = point
    return (front - 1) / (HOME - 1)


@njit(cache=True)
def _danger(a: np.ndarray, player: int, opponent_pips: int, endgame: float) -> float:
    """The cochonnets, times how near the opponent is to bearing his last checker off."""
    if opponent_pips >= endgame:
        return 0.0
    outside: int = a[BAR_AT + player]
    for point in range(1, HOME):
        outside += _mine(a, player, point)
    return outside * (1.0 - opponent_pips / endgame)


@njit(cache=True)
def _terms(
    a: np.ndarray, player: int, hitting: bool, endgame: float
) -> tuple[float, float, float, float]:
    mine, theirs = _pips(a, player), _pips(a, 1 - player)
    return (
        float(theirs - mine),
        _pressure(a, player, hitting) - _pressure(a, 1 - player, hitting),
        _courier(a, player) - _courier(a, 1 - player),
        _danger(a, player, theirs, endgame) - _danger(a, 1 - player, mine, endgame),
    )


class JacquetEvaluation:
    """A position's value for a player, in pips: the race, plus the weighed terms. Passed to
    a search player as its evaluation (a manifest's ``heuristic``'s form)."""

    def __init__(self, weights: Weights = Weights()) -> None:
        self.weights = weights

    def terms(self, state: State, player: int) -> dict[str, float]:
        """Each term's contribution, weighed."""
        w = self.weights
        race, blocking, courier, danger = self._raw(state, player)
        return {
            "race": race,
            "blocking": w.blocking * blocking,
            "courier": w.courier * courier,
            "danger": 0.0 - w.danger * danger,
        }

    def __call__(self, state: State, player: int) -> float:
        w = self.weights
        race, blocking, courier, danger = self._raw(state, player)
        return race + w.blocking * blocking + w.courier * courier - w.danger * danger

    def _raw(self, state: State, player: int) -> tuple[float, float, float, float]:
        cells = np.frombuffer(state.position.cells, np.int8)  # type: ignore[attr-defined]
        hitting = state.game.reading.hitting  # type: ignore[attr-defined]
        return _terms(cells, player, hitting, self.weights.endgame)
