"""A player that looks over its whole turn and keeps the best position by the game's heuristic.

Where a turn is several decisions (one die at a time, say), the player tries every sequence of
its own decisions up to the next chance node or the next player, scores the position each
sequence leaves with the game's heuristic (its manifest's ``heuristic``), and plays the first
decision of the best (ties broken by its seeded generator). It looks no further: no chance
node, no reply.

>>> import ludotheque
>>> state = ludotheque.load_game("jacquet").new_initial_state()
>>> for move in ["white first", "6-5"]:
...     state.apply_action(state.string_to_action(move))
>>> state.action_to_string(GreedyAgent(seed=1).choose(state.turn()))
'1/7'
>>> len(turn_ends(state))  # the distinct boards White's 6-5 can leave
1
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from ludotheque.core.game import State, Turn

#: How many end-of-turn positions the player scores at most; past that it plays the best found.
BUDGET = 4000


def turn_ends(state: State, limit: int = BUDGET) -> list[tuple[tuple[int, ...], State]]:
    """The distinct positions the player to act can leave his turn in (the next chance node,
    the next player's decision, or the end of the game), each with the first sequence of his
    decisions found to reach it; at most ``limit`` of them.

    Search players judge a turn by where it ends: two orders of the same dice are one move.
    """
    player = state.current_player()
    ends: list[tuple[tuple[int, ...], State]] = []
    seen: set[Hashable] = set()
    # Depth-first over the turn's decisions; each frame is (state, the decisions leading to it).
    frames: list[tuple[State, tuple[int, ...]]] = [(state, ())]
    while frames and len(ends) < limit:
        current, path = frames.pop()
        key = current.key()
        if key in seen:  # reached already by another order of the same decisions
            continue
        seen.add(key)
        if current.current_player() != player:
            ends.append((path, current))
            continue
        for action in current.legal_actions():
            child = current.clone()
            child.apply_action(action)
            frames.append((child, (*path, action)))
    return ends


def played_out(state: State, path: tuple[int, ...]) -> State:
    """Where the decisions ``path`` lead from ``state`` (played on a copy)."""
    state = state.clone()
    for action in path:
        state.apply_action(action)
    return state


class TurnPlan:
    """The rest of a turn a player has chosen whole: the decision to play in each position
    the turn passes through, so that he plays it out without choosing again.

    >>> import ludotheque
    >>> state = ludotheque.load_game("jacquet").new_initial_state()
    >>> for move in ["white first", "6-5"]:
    ...     state.apply_action(state.string_to_action(move))
    >>> plan = TurnPlan()
    >>> [path] = [path for path, _ in turn_ends(state)]
    >>> plan.follow(state, path)
    >>> state.apply_action(plan.next(state))
    >>> state.action_to_string(plan.next(state))
    '7/12'
    """

    def __init__(self, key: Callable[[State], Hashable] | None = None) -> None:
        #: What identifies a position for the plan: the state's key, or what a player with
        #: hidden information may know of it.
        self.key = key or (lambda state: state.key())
        self._next: dict[Hashable, int] = {}

    def next(self, state: State) -> int | None:
        """The planned decision in ``state``, or None if the plan does not pass through it."""
        action = self._next.get(self.key(state))
        return action if action is not None and action in state.legal_actions() else None

    def follow(self, state: State, path: tuple[int, ...]) -> None:
        """Plan to play ``path`` from ``state``, forgetting any plan before."""
        self._next = {}
        walk = state.clone()
        for action in path:
            self._next[self.key(walk)] = action
            walk.apply_action(action)


class GreedyAgent:
    """Maximises the game's heuristic over the rest of its own turn."""

    interactive: ClassVar[bool] = False

    def __init__(self, seed: int | float | str | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, turn: Turn) -> int:
        # Any world serves: his turn's decisions and how he judges where they end read his
        # view alone.
        state = turn.world()
        player = turn.player
        evaluate = turn.game.manifest.evaluation()
        best: list[int] = []
        best_value = float("-inf")
        for path, end in turn_ends(state):
            value = evaluate(end, player)
            if value > best_value:
                best, best_value = [path[0]], value
            elif value == best_value and path[0] not in best:
                best.append(path[0])
        return self.rng.choice(sorted(best))
