"""Helpers shared by the tests."""

from __future__ import annotations

from ludotheque.core.game import Game, State


def play(state: State, *moves: str) -> State:
    """Apply moves written in the game's notation, in order; return the same state."""
    for move in moves:
        state.apply_action(state.string_to_action(move))
    return state


def steer(game: Game, moves: list[str]) -> State:
    """Dames rabattues from the start: the lot, then throws, each after its player's decision."""
    state = game.new_initial_state()
    for move in moves:
        if not state.is_chance_node():
            play(state, "throw")
        play(state, move)
    return state
