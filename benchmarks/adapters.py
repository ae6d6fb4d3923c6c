"""What the research adapters cost: random games through PettingZoo and OpenSpiel, each
observation and mask built at every decision, against the same games played on the library
directly, in one run.

    .venv/bin/python benchmarks/adapters.py [--seconds S] [--rounds N] [--games jacquet,crypto-90]

Each contender plays random games (every decision uniform among the legal ones, chance drawn
with its probabilities) for S seconds a round; the contenders take turns round after round, so
that a burst of load on this 2-core machine falls on all alike, and each one's best round
counts. The unit is decisions a second (games differ in length), with games a second beside.

- *library*: ``state.legal_actions()``, a random choice, ``state.apply_action``: the bare game,
  which sees no observation at all;
- *PettingZoo*: ``env.last()`` (the observation tensor and the action mask of the agent to act,
  new arrays each time), a random legal action from the mask, ``env.step``;
- *OpenSpiel*: ``state.observation_tensor(player)`` and ``state.legal_actions()`` through
  pyspiel's C++ bindings, a random choice, ``state.apply_action``; chance from
  ``chance_outcomes()``.

The goal (issue 22): PettingZoo at most 1.5x the library's time for Jacquet and Crypto-90.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np
import pyspiel

import ludotheque
from ludotheque.adapters import openspiel
from ludotheque.adapters.pettingzoo import LudothequeEnv

#: A game played to its end: (decisions, games) played.
Player = Callable[[int], int]


def library(name: str) -> Player:
    game = ludotheque.load_game(name)

    def play(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        return state.decisions()

    return play


def petting_zoo(name: str) -> Player:
    env = LudothequeEnv(name)

    def play(seed: int) -> int:
        rng = random.Random(seed)
        env.reset(seed=seed)
        decisions = 0
        for _ in env.agent_iter():
            observation, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
            decisions += 1
        return decisions

    return play


def open_spiel(name: str) -> Player:
    manifest = ludotheque.core.registry.manifest(name)
    game = pyspiel.load_game(openspiel.short_name(manifest))

    def play(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probabilities)[0])
                continue
            state.observation_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
        return decisions

    return play


CONTENDERS = {"library": library, "PettingZoo": petting_zoo, "OpenSpiel": open_spiel}


def rate(play: Player, seconds: float, seed: int) -> tuple[float, float]:
    """Decisions and games a second, playing games for about ``seconds``."""
    decisions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games == 0:
        decisions += play(seed + games)
        games += 1
    elapsed = time.perf_counter() - start
    return decisions / elapsed, games / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", default="jacquet,crypto-90")
    args = parser.parse_args()
    for name in args.games.split(","):
        players = {label: make(name) for label, make in CONTENDERS.items()}
        for play in players.values():
            play(0)  # compile and warm
        best: dict[str, tuple[float, float]] = {}
        for round_ in range(args.rounds):
            for label, play in players.items():
                measured = rate(play, args.seconds, 1000 * round_)
                if label not in best or measured[0] > best[label][0]:
                    best[label] = measured
        base = best["library"][0]
        print(f"\n{name}: random games, best of {args.rounds} rounds of {args.seconds:g} s")
        print(f"  {'contender':<12} {'decisions/s':>12} {'games/s':>9} {'time vs library':>16}")
        for label, (decisions, games) in best.items():
            print(f"  {label:<12} {decisions:>12,.0f} {games:>9.2f} {base / decisions:>15.2f}x")


if __name__ == "__main__":
    main()
