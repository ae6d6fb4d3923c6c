"""The protocol's invariants, checked over every registered rule set (after OpenSpiel's api_test).

Random play draws chance outcomes with their probabilities from a generator seeded by
hypothesis: drawn freely, outcomes could repeat a zero-probability loop (a doublet for ever).
"""

from __future__ import annotations

import json
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ludotheque
from ludotheque.core.game import CHANCE, TERMINAL
from ludotheque.core.record import Record
from tests.helpers import play_at_random

GAMES = ludotheque.games()
MAX_ACTIONS = 5000
#: Options that keep a random game short enough to check at every step (a card game played to
#: 1,000 points lasts many rounds; one round exercises every rule).
SHORT = {
    "crypto-90": {"goal": "rounds", "rounds": 1},
    "crypto-geographique": {"points": 150},
    # A random shot hardly ever pots: a few turns exercise every part of the protocol.
    "cabriole": {"limit": 4},
    "tiddledy-winks": {"limit": 4},
}


def short_game(name):
    return ludotheque.load_game(name, **SHORT.get(name, {}))


def random_game(game, seed):
    """Play to the end at random from ``seed``; check the invariants at each step."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(MAX_ACTIONS):
        if state.is_terminal():
            return state
        check_state(state)
        if state.is_chance_node():
            action = state.sample_chance(rng)
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
    pytest.fail(f"{game.name} did not end within {MAX_ACTIONS} actions")


def check_state(state):
    player = state.current_player()
    assert player == CHANCE or 0 <= player < state.game.num_players()
    legal = state.legal_actions()
    assert legal, "a non-terminal state has legal actions"
    if state.is_chance_node():
        probabilities = [p for _, p in state.chance_outcomes()]
        assert math.isclose(sum(probabilities), 1.0)
        assert all(0 <= a < state.game.max_chance_outcomes() for a in legal)
    else:
        assert all(0 <= a < state.game.num_distinct_actions() for a in legal)
    for action in legal:
        assert state.string_to_action(state.action_to_string(action)) == action
    for seat in [None, *range(state.game.num_players())]:
        json.dumps(state.observation(seat))
    assert hash(state.key()) == hash(state.clone().key())


@pytest.mark.parametrize("name", GAMES)
# Ten whole games of each, every state of them checked: the map games take seconds a game.
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**64))
def test_random_play_ends_and_replays(name, seed):
    game = short_game(name)
    state = random_game(game, seed)
    assert state.current_player() == TERMINAL
    assert state.legal_actions() == []
    if game.info.zero_sum:
        assert sum(state.returns()) == pytest.approx(0)
    assert all(game.min_utility() <= r <= game.max_utility() for r in state.returns())
    # A saved game replays to the same state, through both the record and the state's JSON.
    replayed = game.state_from_json(state.to_json())
    assert replayed.history() == state.history()
    assert replayed.to_json() == state.to_json()
    assert str(replayed) == str(state) and replayed.returns() == state.returns()
    for seat in [None, *range(game.num_players())]:
        assert replayed.observation(seat) == state.observation(seat)
    record = Record.of(state, ("random", "random"))
    assert Record.from_json(record.to_json()).replay().history() == state.history()


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_conventions(name):
    import numpy as np

    game = short_game(name)
    state = game.new_initial_state()
    assert state.num_players() == game.num_players()
    while state.is_chance_node():
        state.apply_action(np.int64(state.legal_actions()[0]))
    assert all(type(a) is int for a in state.history())
    player = state.current_player()
    action = state.legal_actions(player)[0]
    assert state.legal_actions(1 - player) == []
    text = state.action_to_string(player, action)
    assert text == state.action_to_string(action)
    assert state.string_to_action(player, text) == action


@pytest.mark.parametrize("name", GAMES)
def test_clone_is_independent(name):
    game = short_game(name)
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    twin = state.clone()
    twin.apply_action(twin.legal_actions()[0])
    assert len(twin.history()) == len(state.history()) + 1
    assert state.to_json() != twin.to_json()


@pytest.mark.parametrize("name", GAMES)
def test_game_declares_its_provenance(name):
    declared = ludotheque.manifest(name)
    assert declared.info.title and declared.info.source and declared.info.date
    for option in declared.options:
        assert option.source or not option.rule, f"option {option.name} of {name} names no source"
        assert option.default in option.allowed if option.allowed else True


@pytest.mark.parametrize("name", GAMES)
def test_a_clone_played_on_leaves_its_original_unchanged(name):
    # Search plays clones forward: nothing a clone does may reach the state it came from.
    rng = random.Random(9)
    state = short_game(name).new_initial_state()
    for _ in range(300):
        if state.is_terminal():
            break
        if rng.random() < 0.1:  # a few clones per game are enough
            before = (state.to_json(), json.dumps(state.observation(None)), state.returns())
            twin = state.clone()
            while not twin.is_terminal():
                twin.apply_action(random_action(twin, rng))
            assert (state.to_json(), json.dumps(state.observation(None)), state.returns()) == before
        state.apply_action(random_action(state, rng))


def random_action(state, rng):
    return state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())


def copied_and_pickled(state):
    import copy
    import pickle

    return copy.deepcopy(state), pickle.loads(pickle.dumps(state))


@pytest.mark.parametrize("name", GAMES)
def test_a_state_deep_copies_and_pickles_to_the_same_game(name):
    state = play_at_random(short_game(name), 5, limit=60)
    seats = [None, *range(state.num_players())]
    for twin in copied_and_pickled(state):
        assert twin.history() == state.history() and twin.returns() == state.returns()
        assert [twin.observation(p) for p in seats] == [state.observation(p) for p in seats]
        if not state.is_terminal():
            assert twin.legal_actions() == state.legal_actions()


def test_a_state_ten_thousand_moves_long_copies_and_pickles():
    # A Crypto-90 game to 1,000 points between random players lasts about 13,000 decisions:
    # the history, a chain of pairs, once exhausted the recursion of copy and pickle.
    state = play_at_random(ludotheque.load_game("crypto-90"), 1, limit=10_000)
    for twin in copied_and_pickled(state):
        assert twin.history() == state.history()
        action = random_action(twin, random.Random(2))
        twin.apply_action(action)
        assert len(twin.history()) == len(state.history()) + 1
