"""The worked example of ``docs/research.md``: OpenSpiel's own MCTS bot, judging its leaves by
the project's Jacquet heuristic, against the project's random and heuristic players, with
OpenSpiel's own ``evaluate_bots``.

    .venv/bin/python benchmarks/research_example.py [--games N] [--simulations S] [--scale P]

Each match is N games, the MCTS bot white in half of them and black in the other half; the
win rate is given with its 95% Wilson interval. Nothing beyond the ``research`` extra is used
(no torch, no JAX).
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import evaluate_bots, mcts

from ludotheque.adapters.openspiel import JudgedEvaluator, LudothequeBot


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a win rate."""
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def match(game: pyspiel.Game, make_mcts, opponent: str, games: int, seed: int) -> float:
    """MCTS's wins (a draw counting half) in ``games`` games against ``opponent``."""
    wins = 0.0
    rng = np.random.RandomState(seed)
    for index in range(games):
        seat = index % 2
        bots = [None, None]
        bots[seat] = make_mcts(seed + index)
        bots[1 - seat] = LudothequeBot(game, 1 - seat, opponent, seed=seed + index)
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        wins += (returns[seat] + 1) / 2
    return wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--simulations", type=int, default=50)
    parser.add_argument("--scale", type=float, default=10.0,
                        help="the heuristic's lead (in pips) worth 73%% at a leaf")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = pyspiel.load_game("python_ludotheque_jacquet(reward=win-loss)")
    evaluator = JudgedEvaluator(game, scale=args.scale)

    def make_mcts(seed: int) -> mcts.MCTSBot:
        return mcts.MCTSBot(game, uct_c=2.0, max_simulations=args.simulations,
                            evaluator=evaluator, random_state=np.random.RandomState(seed))

    print(f"Jacquet (1840 reading), OpenSpiel's MCTSBot with {args.simulations} simulations "
          f"a move, leaves judged by the project's heuristic (scale {args.scale:g} pips), "
          f"{args.games} games a match:")
    for opponent in ("random", "heuristic"):
        start = time.perf_counter()
        wins = match(game, make_mcts, opponent, args.games, args.seed)
        low, high = wilson(wins, args.games)
        print(f"  against {opponent:<9}: {wins / args.games:6.1%} won "
              f"(95% interval {low:.1%}–{high:.1%}), {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
