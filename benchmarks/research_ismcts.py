"""OpenSpiel's own information-set MCTS (the Python ``ISMCTSBot``) on the card games, drawing
its worlds with ``resample_from_infostate`` (each rule set's own sampler of what the seat has
not seen) and judging its leaves by the rule set's heuristic (``JudgedEvaluator``), against
the project's random player (OpenSpiel's ``evaluate_bots`` asks every bot to ``restart_at``,
which the Python ISMCTSBot does not offer, so the games are played here).

    .venv/bin/python benchmarks/research_ismcts.py [--games N] [--simulations S] [--only NAME]

Each match is N games of one round (``reward=win-loss``, a ``limit`` under which the round
ends), the bot first in half of them; the win rate is given with its 95% Wilson interval, a
draw counting half.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

from ludotheque.adapters.openspiel import JudgedEvaluator, LudothequeBot
from ludotheque.selfplay.stats import wilson_interval

#: One round of each card game, and the lead (in the game's points) worth 73% at a leaf.
GAMES = {
    "crypto-geographique-chaine": ("python_ludotheque_crypto_geographique_chaine"
                                   "(reward=win-loss)", 10.0),
    "crypto-90": ("python_ludotheque_crypto_90(goal=rounds,rounds=1,limit=600,"
                  "reward=win-loss)", 10.0),
    "crypto-geographique": ("python_ludotheque_crypto_geographique(points=1,limit=450,"
                            "reward=win-loss)", 10.0),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--simulations", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default="", help="one rule set of GAMES")
    args = parser.parse_args()
    for name, (string, scale) in GAMES.items():
        if args.only and name != args.only:
            continue
        game = pyspiel.load_game(string)
        evaluator = JudgedEvaluator(game, scale=scale)
        rng = np.random.RandomState(args.seed)
        wins, start = 0.0, time.perf_counter()
        for index in range(args.games):
            seat = index % 2
            bots = [None, None]
            bots[seat] = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0,
                                          max_simulations=args.simulations,
                                          random_state=np.random.RandomState(args.seed + index))
            bots[1 - seat] = LudothequeBot(game, 1 - seat, "random", seed=args.seed + index)
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, chances = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(int(rng.choice(outcomes, p=chances)))
                else:
                    state.apply_action(bots[state.current_player()].step(state))
            wins += (state.returns()[seat] + 1) / 2
        low, high = wilson_interval(wins, args.games)
        print(f"{name}: ISMCTSBot, {args.simulations} simulations a move, against random: "
              f"{wins:g} of {args.games}, {wins / args.games:.2f} ({low:.2f}–{high:.2f}), "
              f"{time.perf_counter() - start:.0f} s", flush=True)


if __name__ == "__main__":
    main()
