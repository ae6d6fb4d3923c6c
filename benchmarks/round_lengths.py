"""How many decisions a round of each card game takes under random play, for the ``limit`` the
research guide advises (``docs/research.md``: one under which a round ends).

    .venv/bin/python benchmarks/round_lengths.py [--games N]
"""

from __future__ import annotations

import argparse
import random
import statistics

import ludotheque

#: A game that ends with its first round: (rule set, options).
ROUNDS = [
    ("crypto-90", {"goal": "rounds", "rounds": 1}),
    ("crypto-90", {"goal": "rounds", "rounds": 1, "players": 4}),
    ("crypto-geographique", {"points": 1}),
    ("crypto-geographique", {"points": 1, "players": 5}),
    ("crypto-geographique-chaine", {}),
    ("crypto-geographique-chaine", {"players": 5}),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args()
    print("| rule set | options | median | most |")
    print("|---|---|---:|---:|")
    for name, options in ROUNDS:
        game = ludotheque.load_game(name, **options)
        counts = []
        for seed in range(args.games):
            rng, state = random.Random(seed), game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(state.sample_chance(rng))
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
            counts.append(state.decisions())
        written = ",".join(f"{k}={v}" for k, v in options.items())
        print(f"| {name} | {written} | {statistics.median(counts):g} | {max(counts)} |")


if __name__ == "__main__":
    main()
