"""A rule set for the tests alone, whose rules raise where a test plants a fault.

*Faulty* is a little dice race: each turn a die is thrown (chance), and the seat to play either
steps one point or runs the die's number; the first past ten points wins. A test plants a fault
with :data:`FAULT`, ``{step: n}``: the rules raise ``RuntimeError`` in that step when the game
has had ``n`` actions (chance outcomes included), or at every one for ``n = -1``. The steps are
``setting up`` (a new state), ``deciding`` (reading a move), ``applying``, ``chance``,
``observation``, ``describe_last``, ``legal moves``, ``returns`` and ``computer`` (the heuristic
a computer player judges by). With ``FAULTY_EXIT=1`` in the environment, the heuristic ends the
process it runs in, as a worker that crashes.

It is registered by the ``faulty`` fixture only, never by an entry point, so that no other test
sees it among the rule sets.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from ludotheque.core.game import CHANCE, TERMINAL, Game, State
from ludotheque.core.manifest import GameInfo, Manifest
from ludotheque.core.options import limit_option

#: The faults planted: a step, and the number of actions at which it raises.
FAULT: dict[str, int] = {}

GOAL = 10
MOVES = ("step", "run")

MANIFEST = Manifest(
    "faulty",
    GameInfo("Faulty", "2026", "the tests", 2, 2, True, seat_names=("north", "south")),
    rules="tests.server.faulty:FaultyGame",
    options=(limit_option(200, "every stake goes back"),),
    heuristic="tests.server.faulty:heuristic",
)


def planted(step: str, state: FaultyState) -> None:
    if FAULT.get(step) in (len(state.history()), -1):
        raise RuntimeError(f"a fault planted in {step} after {len(state.history())} actions")


class FaultyGame(Game):
    manifest = MANIFEST

    def num_distinct_actions(self) -> int:
        return len(MOVES)

    def max_chance_outcomes(self) -> int:
        return 6

    def new_initial_state(self) -> FaultyState:
        return FaultyState(self)


class FaultyState(State):
    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.points = (0, 0)
        self.mover = 0
        self.die: int | None = None
        planted("setting up", self)

    def _current_player(self) -> int:
        if max(self.points) >= GOAL:
            return TERMINAL
        return CHANCE if self.die is None else self.mover

    def _legal_actions(self) -> list[int]:
        planted("legal moves", self)
        return [0, 1]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.die is not None:
            return []
        planted("chance", self)
        return [(face, 1 / 6) for face in range(6)]

    def _parse(self, text: str) -> int | None:
        planted("deciding", self)
        return None

    def _apply(self, action: int) -> None:
        planted("applying", self)
        if self.die is None:
            self.die = action + 1
            return
        points = list(self.points)
        points[self.mover] += 1 if action == 0 else self.die
        self.points = (points[0], points[1])
        self.mover, self.die = 1 - self.mover, None

    def _action_to_string(self, action: int) -> str:
        return f"throw {action + 1}" if self.die is None else MOVES[action]

    def _returns(self) -> list[float]:
        if max(self.points) >= GOAL:
            planted("returns", self)
        if max(self.points) < GOAL:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.points[0] >= GOAL else [-1.0, 1.0]

    def _observation(self, player: int | None) -> Mapping[str, Any]:
        planted("observation", self)
        return {"points": list(self.points), "die": self.die}

    def describe_last(self, player: int | None = None) -> str:
        planted("describe_last", self)
        last = self.last_action()
        return "" if last is None else f"after {len(self.history())} actions, {self.points}."


def heuristic(state: State, player: int) -> float:
    if os.environ.get("FAULTY_EXIT") == "1":
        os._exit(1)
    planted("computer", state)  # type: ignore[arg-type]
    points: tuple[int, int] = state.points  # type: ignore[attr-defined]
    return float(points[player] - points[1 - player])
