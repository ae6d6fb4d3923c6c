"""Helpers shared by the tests."""

from __future__ import annotations

import random

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


def play_at_random(game: Game, seed: int, limit: int | None = None) -> State:
    """A game between random players, chance and decisions drawn from one generator seeded
    ``seed``, to its end or ``limit`` actions."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal() and (limit is None or len(state.history()) < limit):
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def decisions(game: Game, seed: int, count: int) -> list[State]:
    """``count`` states at decisions (with a choice) of a random game, a few actions apart
    (fewer if the game ends first)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    found = []
    while not state.is_terminal() and len(found) < count:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        if len(legal) > 1 and rng.random() < 0.2:
            found.append(state.clone())
        state.apply_action(rng.choice(legal))
    return found
