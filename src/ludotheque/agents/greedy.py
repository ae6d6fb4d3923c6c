"""A player that looks over its whole turn and keeps the best position by the game's heuristic.

Where a turn is several decisions (one die at a time, say), the player tries every sequence of
its own decisions up to the next chance node or the next player, scores the position each
sequence leaves with ``game.evaluate(state, player)``, and plays the first decision of the best
(ties broken by its seeded generator). It looks no further: no chance node, no reply.

>>> import ludotheque
>>> state = ludotheque.load_game("jacquet").new_initial_state()
>>> for move in ["white first", "6-5"]:
...     state.apply_action(state.string_to_action(move))
>>> state.action_to_string(GreedyAgent(seed=1).choose(state))
'1/7'
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from ludotheque.core.game import State

#: How many end-of-turn positions the player scores at most; past that it plays the best found.
BUDGET = 4000


class GreedyAgent:
    """Maximises the game's heuristic over the rest of its own turn."""

    interactive: ClassVar[bool] = False

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> int:
        player = state.current_player()
        game = state.game
        best: list[int] = []
        best_value = float("-inf")
        seen: set[Hashable] = set()
        # Depth-first over the turn's decisions; each frame is (state, first action of the path).
        frames = [(state, None)]
        scored = 0
        while frames and scored < BUDGET:
            current, first = frames.pop()
            key = current.key()
            if key in seen:  # reached already by another order of the same decisions
                continue
            seen.add(key)
            if current.current_player() != player:
                scored += 1
                value = game.evaluate(current, player)
                if value > best_value:
                    best, best_value = [first], value
                elif value == best_value and first not in best:
                    best.append(first)
                continue
            for action in current.legal_actions():
                child = current.clone()
                child.apply_action(action)
                frames.append((child, action if first is None else first))
        return self.rng.choice(sorted(best))
