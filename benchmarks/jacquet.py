"""Jacquet speed against OpenSpiel's backgammon, as ratios from one run of this script.

    .venv/bin/pip install -e '.[research]'      # open_spiel, for the peer
    .venv/bin/python benchmarks/jacquet.py [SECONDS] [ROUNDS]

Random games from the opening to the end, by:

- OpenSpiel's backgammon in C++ (``pyspiel.evaluate_bots`` with uniform random bots): the peer;
- OpenSpiel's backgammon driven from Python through its state API;
- Jacquet through the public protocol, one die per decision and two dice per decision;
- Jacquet's compiled fast path for playouts (``fast.playout``, one die at a time as a random
  player of the protocol chooses).

The Python drivers are the same loop for both games: at a chance node, sample the outcome from
the state's distribution (``rng.choices`` over ``chance_outcomes()`` for OpenSpiel,
``state.sample_chance(rng)`` for Jacquet, which draws the same way from a prebuilt table);
otherwise choose uniformly among ``legal_actions()``; ``apply_action``. Each contender runs for
about SECONDS (default 3) in each of ROUNDS interleaved rounds (default 3), and its best round
counts, so that a burst of load on this 2-core machine does not decide the ratios; where the
machine's speed drifts, many short rounds (``0.5 20``) keep the contenders' best rounds close
in time.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

import ludotheque
from ludotheque.games.jacquet import fast
from ludotheque.games.jacquet.rules import DLP_SUMMARY, MOULIDARS, Board


def rate(play_one: Callable[[int], object], seconds: float) -> float:
    """Games per second of ``play_one(i)`` over about ``seconds``."""
    games, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        play_one(games)
        games += 1
    return games / elapsed


def protocol_game(new_state: Callable[[], object], rng: random.Random, own_sampler: bool) -> None:
    state = new_state()
    while not state.is_terminal():
        if state.is_chance_node():
            if own_sampler:
                action = state.sample_chance(rng)
            else:
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                action = rng.choices(outcomes, probabilities)[0]
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)


def contenders() -> dict[str, Callable[[int], object]]:
    rng = random.Random(0)
    jacquet_die = ludotheque.load_game("jacquet")
    jacquet_pair = ludotheque.load_game("jacquet", granularity="pair")
    found: dict[str, Callable[[int], object]] = {
        "jacquet protocol, one die per decision": lambda i: protocol_game(
            jacquet_die.new_initial_state, rng, True
        ),
        "jacquet protocol, two dice per decision": lambda i: protocol_game(
            jacquet_pair.new_initial_state, rng, True
        ),
        "jacquet fast path (numba), 1840 reading": lambda i: fast.playout(
            Board.opening(), i % 2, MOULIDARS, i
        ),
        "jacquet fast path (numba), DLP reading": lambda i: fast.playout(
            Board.opening(), i % 2, DLP_SUMMARY, i
        ),
    }
    try:
        import pyspiel
    except ImportError:
        print("open_spiel is not installed: pip install -e '.[research]' to measure the peer.")
        return found
    backgammon = pyspiel.load_game("backgammon")
    bots = [pyspiel.make_uniform_random_bot(p, 1) for p in range(2)]
    found["OpenSpiel backgammon, C++ (evaluate_bots)"] = lambda i: pyspiel.evaluate_bots(
        backgammon.new_initial_state(), bots, i
    )
    found["OpenSpiel backgammon, driven from Python"] = lambda i: protocol_game(
        backgammon.new_initial_state, rng, False
    )
    return found


def main(seconds: float, rounds: int) -> None:
    runs = contenders()
    for play_one in runs.values():  # compile and warm every contender first
        play_one(0)
    best = dict.fromkeys(runs, 0.0)
    for _ in range(rounds):
        for name, play_one in runs.items():
            best[name] = max(best[name], rate(play_one, seconds))
    peer = "OpenSpiel backgammon, C++ (evaluate_bots)"
    python_peer = "OpenSpiel backgammon, driven from Python"
    print(f"{'contender':<44} {'games/s':>9} {'vs C++':>7} {'vs Python':>9}")
    for name, games in best.items():
        cpp = f"{games / best[peer]:.2f}×" if peer in best else "—"
        py = f"{games / best[python_peer]:.2f}×" if python_peer in best else "—"
        print(f"{name:<44} {games:>9.0f} {cpp:>7} {py:>9}")


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 3.0,
         int(sys.argv[2]) if len(sys.argv) > 2 else 3)
