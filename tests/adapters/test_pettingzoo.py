"""PettingZoo's own conformance checks on every rule set, through ``ludotheque.adapters``, in
the short configurations of ``tests/adapters/quick.py`` and at the default options."""

from __future__ import annotations

import pickle

import numpy as np
import pytest
from gymnasium import spaces
from pettingzoo.test import api_test, seed_test

from ludotheque.adapters.pettingzoo import LudothequeEnv, Policy
from ludotheque.core.registry import manifest
from tests.adapters.quick import DEFAULTS, QUICK

#: The rule sets whose decisions are continuous, checked in both action forms.
CONTINUOUS = ["cabriole", "tiddledy-winks"]
FORMS = [(name, "box") for name in sorted(QUICK)] + [(name, "grid") for name in CONTINUOUS]
#: Every form in the short configurations; each rule set's default form at its default
#: options, as a researcher loads it (the grid is the same encoding at any options).
CHECKED = [(name, actions, QUICK[name]) for name, actions in FORMS] + [
    (name, "box", DEFAULTS[name]) for name in sorted(DEFAULTS)]
IDS = [f"{name}-{actions}-{'quick' if options is QUICK[name] else 'defaults'}"
       for name, actions, options in CHECKED]


@pytest.mark.filterwarnings("ignore:Observation")
@pytest.mark.parametrize(("name", "actions", "options"), CHECKED, ids=IDS)
def test_api(name, actions, options):
    api_test(LudothequeEnv(name, actions=actions, **options), num_cycles=60)


@pytest.mark.parametrize(("name", "actions", "options"), CHECKED, ids=IDS)
def test_seed(name, actions, options):
    seed_test(lambda: LudothequeEnv(name, actions=actions, **options), num_cycles=20)


def test_a_continuous_game_takes_a_box_and_a_grid_on_request():
    env = LudothequeEnv("cabriole", **QUICK["cabriole"])
    assert isinstance(env.action_space("player_0"), spaces.Box)
    assert env.action_space("player_0").shape == (4,)
    grid = LudothequeEnv("cabriole", actions="grid", **QUICK["cabriole"])
    assert isinstance(grid.action_space("player_0"), spaces.Discrete)


def test_the_limit_is_a_truncation():
    env = LudothequeEnv("jacquet", limit=4)
    env.reset(seed=0)
    ends = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            ends[agent] = (terminated, truncated, reward)
            env.step(None)
        else:
            env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert ends == {"player_0": (False, True, 0.0), "player_1": (False, True, 0.0)}


@pytest.mark.parametrize("name", sorted(QUICK))
def test_the_projects_players_are_policies(name):
    """A whole short game between the rule set's heuristic players (its search players, slower,
    play a few moves in the OpenSpiel tests), zero-sum under the win-loss rewards."""
    env = LudothequeEnv(name, reward="win-loss", **QUICK[name])
    kind = "heuristic" if manifest(name).has("heuristic") else "random"
    policies = {agent: Policy(env, kind, seed=p) for p, agent in enumerate(env.possible_agents)}
    env.reset(seed=5)
    rewards = {}
    for agent in env.agent_iter():
        _observation, reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            rewards[agent] = reward
            env.step(None)
            continue
        action = policies[agent](env)
        assert env.action_space(agent).contains(
            np.asarray(action, np.float32) if env.continuous else action)
        env.step(action)
    assert len(rewards) == len(env.possible_agents)
    assert abs(sum(rewards.values())) < 1e-9


def test_an_environment_pickles_mid_game():
    env = LudothequeEnv("crypto-90", **QUICK["crypto-90"])
    env.reset(seed=3)
    for _ in range(5):
        observation, *_ = env.last()
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    again = pickle.loads(pickle.dumps(env))
    assert again.agent_selection == env.agent_selection
    assert np.array_equal(again.last()[0]["observation"], env.last()[0]["observation"])
