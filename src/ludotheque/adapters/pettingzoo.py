"""Every rule set as a PettingZoo AEC environment.

>>> env = LudothequeEnv("jacquet")
>>> env.reset(seed=1)
>>> observation, reward, terminated, truncated, info = env.last()
>>> sorted(observation), env.agent_selection in env.possible_agents
(['action_mask', 'observation'], True)

Agents are named ``player_0``, ``player_1``… in the rule set's seat order. Chance (the dice,
the draw, a hand's tremble) is played inside ``step`` from the generator ``reset(seed=…)``
seeds, so the agent to act always faces a decision. An agent's observation is a dict: its
``observation`` tensor (the rule set's encoding, field by field in its rules doc) and its
``action_mask`` (int8, 1 for each legal action). Rewards come at the end: the rule set's own
returns, or with ``reward="win-loss"`` +1/-1 shared among winners and losers
(:func:`~ludotheque.adapters.learning.win_loss`). A game its ``limit`` stops is a truncation,
not a termination.

A rule set whose decisions are continuous (a tiddlywinks shot) takes by default a point of its
encoding's box (a Gymnasium ``Box`` with its bounds; no mask), or with ``actions="grid"`` the
encoding's coarse grid, masked, as OpenSpiel sees it.

The project's players are policies (:class:`Policy`): called with the environment, a policy
reads the selected agent's turn (his view and legal actions), never the state.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ludotheque.adapters.learning import REWARDS, Learner, Play, Tensor
from ludotheque.agents import make_agent
from ludotheque.core.errors import OptionError
from ludotheque.core.game import Game
from ludotheque.core.registry import load_game

ACTIONS = ("box", "grid")


class LudothequeEnv(AECEnv):  # type: ignore[misc]
    """A rule set with its options as an AEC environment: ``LudothequeEnv("crypto-90",
    players=3, reward="win-loss")``."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads it from the class)
        "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game: str | Game, *, reward: str = REWARDS[0], actions: str = "box",
                 render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        if isinstance(game, str):
            game = load_game(game, **options)
        elif options:
            raise OptionError("give the options with the game's name, or a game, not both.")
        if actions not in ACTIONS:
            raise OptionError(f"actions must be one of {', '.join(ACTIONS)}, not {actions!r}.")
        if render_mode not in (None, "ansi"):
            raise OptionError(f"render_mode must be ansi or None, not {render_mode!r}.")
        self.learner = Learner(game, reward)
        self.render_mode = render_mode
        encoding = self.learner.encoding
        self.continuous = actions == "box" and encoding.box is not None
        self.metadata = {**self.metadata, "name": f"ludotheque_{game.name}_v0"}
        self.possible_agents = [f"player_{p}" for p in range(game.num_players())]
        self._seat = {agent: p for p, agent in enumerate(self.possible_agents)}
        low, high = encoding.observation.bounds()
        observation: dict[str, spaces.Space[Any]] = {
            "observation": spaces.Box(np.array(low, np.float32), np.array(high, np.float32),
                                      dtype=np.float32),
        }
        if self.continuous:
            assert encoding.box is not None
            box_low, box_high = encoding.box.bounds()
            action: spaces.Space[Any] = spaces.Box(
                np.array(box_low, np.float32), np.array(box_high, np.float32), dtype=np.float32)
        else:
            action = spaces.Discrete(encoding.num_actions())
            observation["action_mask"] = spaces.Box(0, 1, (encoding.num_actions(),), np.int8)
        self._observation_space = spaces.Dict(observation)
        self._action_space = action
        self._observed = Tensor(encoding.observation)
        self._no_mask = np.zeros(encoding.num_actions(), np.int8)
        self._rng = random.Random()
        self.play: Play | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    # --- the game ----------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng.seed(seed)
        # An agent observes the position; no information state is asked of the environment.
        self.play = self.learner.start(recall=False)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._chance()
        self._after_move()

    def _chance(self) -> None:
        assert self.play is not None
        state = self.play.state
        while state.is_chance_node():
            self.play.play(state.sample_chance(self._rng))

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.play is not None
        state = self.play.state
        if self.continuous:
            self.play.play(self.learner.encoding.from_box(state, np.asarray(action).tolist()))
        else:
            self.play.apply(int(action))
        self._cumulative_rewards[agent] = 0.0
        self._chance()
        self._after_move()

    def _after_move(self) -> None:
        assert self.play is not None
        state = self.play.state
        player = state.current_player()
        if player >= 0:
            # The game goes on: nobody is rewarded before the end.
            self.agent_selection = self.possible_agents[player]
            return
        truncated = state.truncated()
        for agent, value in zip(self.agents, self.learner.returns(state), strict=True):
            self.rewards[agent] = value
            self.terminations[agent] = not truncated
            self.truncations[agent] = truncated
        self._accumulate_rewards()
        # Each agent in turn is shown the end, then steps out (``_was_dead_step``).
        self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, Any]:
        # Called at every decision: the bare game's own cost is a few microseconds here.
        assert self.play is not None
        player = self._seat[agent]
        state = self.play.state
        self.learner.observe(state, player, self._observed)
        observed: dict[str, Any] = {"observation": self._observed.vector.copy()}
        if not self.continuous:
            mask = self._no_mask.copy()
            if state.current_player() == player:
                # put, not an index by the list: half the cost, at every decision.
                mask.put(self.learner.encoding.legal(state), 1)
            observed["action_mask"] = mask
        return observed

    def render(self) -> str | None:
        if self.render_mode is None or self.play is None:
            return None
        return str(self.play.state)

    def close(self) -> None:
        self.play = None


class Policy:
    """One of the project's players as a policy: a seat kind as the command line writes it
    (``heuristic``, ``mcts:hard``, ``ismcts:easy``, ``planner:easy``…). ``policy(env)`` is
    the selected agent's action, chosen from his turn alone."""

    def __init__(self, env: LudothequeEnv, kind: str, seed: int | None = None) -> None:
        self.kind = kind
        self.agent = make_agent(kind, seed, env.learner.game)

    def __call__(self, env: LudothequeEnv) -> Any:
        assert env.play is not None
        state = env.play.state
        chosen = self.agent.choose(state.turn())
        if env.continuous:
            return env.learner.encoding.to_box(state, chosen)
        return env.learner.encoding.nearest(state, chosen)
