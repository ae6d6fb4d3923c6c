"""How often a hand of Crypto géographique can stop, under each reading of ``groups``.

    .venv/bin/python benchmarks/crypto_geo_groups.py [HANDS] [ROUNDS]

- dealt: of HANDS hands of seven départements dealt at random (no fakir), how many may stop as
  dealt (a complet, or a carré and a brelan);
- played: ROUNDS rounds of two heuristic players (``points=1``: one round a game), how many end
  with a player stopping rather than with the stock exhausted, and how many turns the stopper
  took, and (under ``connected``) how many of those stops a chain would not have allowed.

The same seeds for both readings, so the two columns see the same deals and differ only where
the readings do. docs/rules/crypto-geographique.md quotes its output.
"""

from __future__ import annotations

import random
import statistics
import sys

import ludotheque
from ludotheque.agents import make_agent
from ludotheque.games.crypto_geo.combinations import CHAIN, GROUPS, may_stop
from ludotheque.games.crypto_geo.departements import departements
from ludotheque.games.crypto_geo.game import Phase


def dealt(hands: int, groups: str) -> int:
    rng, cards = random.Random(1), sorted(departements())
    return sum(may_stop(tuple(rng.sample(cards, 7)), groups) for _ in range(hands))


def played(rounds: int, groups: str) -> tuple[int, list[int], int]:
    """How many rounds ended by a stop, each stopper's turns (takes) before it, and how many
    stops no hand shown could have made as chains."""
    game = ludotheque.load_game("crypto-geographique", points=1, groups=groups)
    stops, turns, stars = 0, [], 0
    for seed in range(rounds):
        rng = random.Random(seed)
        agents = [make_agent("heuristic", seed=seed * 2 + p, game=game) for p in range(2)]
        state, takes = game.new_initial_state(), 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            takes += state.round.phase is Phase.TAKE
            state.apply_action(agents[state.current_player()].choose(state.turn()))
        if state.results[-1][0] == "stop":
            stops += 1
            turns.append((takes + 1) // 2)
            stars += not any(may_stop(hand, CHAIN) for hand in state.results[-1][1])
    return stops, turns, stars


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 300
    print(f"| groups | dealt hands that may stop (of {hands:,}) | rounds stopped (of {rounds}) "
          "| stopper's turns, mean (median) | stops no chain allows |")
    print("|---|---|---|---|---|")
    for groups in GROUPS:
        may = dealt(hands, groups)
        stops, turns, stars = played(rounds, groups)
        mean = f"{statistics.mean(turns):.1f} ({statistics.median(turns):g})" if turns else "—"
        print(f"| `{groups}` | {may} ({may / hands:.2%}) | {stops} ({stops / rounds:.0%}) "
              f"| {mean} | {stars} |")


if __name__ == "__main__":
    main()
