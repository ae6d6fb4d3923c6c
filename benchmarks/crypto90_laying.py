"""Whether Crypto-90's computer players keep a winning ninth card under ``laying=chosen``.

    .venv/bin/python benchmarks/crypto90_laying.py PLAYER OTHER ROUNDS PLAYERS

ROUNDS one-round games, seats alternating PLAYER and OTHER (``hard heuristic 10 2``), the same
chance for every run from the round's index. Counts the decisions where ``lay`` was legal and
chosen or not, and the rounds the stock's exhaustion ended. RESULTS.md quotes its output.
"""

from __future__ import annotations

import random
import sys

import ludotheque
from ludotheque.agents import make_agent
from ludotheque.games.crypto90.game import LAY


def main(player: str, other: str, rounds: int, players: int) -> None:
    game = ludotheque.load_game("crypto-90", players=players, goal="rounds", rounds=1)
    laid = kept = exhausted = 0
    for index in range(rounds):
        rng = random.Random(index)
        seats = [player, other]
        agents = [make_agent(seats[p % 2], seed=rng.random(), game=game) for p in range(players)]
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            agent = agents[state.current_player()]
            action = legal[0] if len(legal) == 1 else agent.choose(state.turn())
            if LAY in legal:
                laid, kept = laid + (action == LAY), kept + (action != LAY)
            state.apply_action(action)
        exhausted += state.results[-1].exhausted
    print(f"{player} and {other}, {players} players: a winning card laid {laid} times, kept "
          f"{kept} times; {exhausted} of {rounds} rounds ended by an exhausted stock")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
