"""Playing a game to its end: chance sampled from a seeded generator, decisions from agents."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ludotheque.agents.base import Agent
    from ludotheque.core.game import Game, State


def play_match(
    game: Game,
    agents: Sequence[Agent],
    rng: random.Random,
    on_action: Callable[[State, int, int], None] | None = None,
    state: State | None = None,
) -> State:
    """Play from ``state`` (or the start) to the end and return the final state.

    A forced decision (one legal action) is taken without asking a computer player, so
    simulation runs through forced turns at full speed; a person is still asked, because at the
    table the turn is his. ``on_action(state_after, player, action)`` follows the game.
    """
    if state is None:
        state = game.new_initial_state()
    while not state.is_terminal():
        player = state.current_player()
        action = next_action(state, agents, rng)
        state.apply_action(action)
        if on_action is not None:
            on_action(state, player, action)
    return state


def next_action(state: State, agents: Sequence[Agent], rng: random.Random) -> int:
    """The action that comes next in ``state``, not yet terminal: chance sampled from ``rng``,
    a forced decision taken without asking a computer player, any other asked of its seat."""
    if state.is_chance_node():
        return state.sample_chance(rng)
    agent = agents[state.current_player()]
    turn = state.turn()
    legal = turn.legal
    return legal[0] if len(legal) == 1 and not agent.interactive else agent.choose(turn)
