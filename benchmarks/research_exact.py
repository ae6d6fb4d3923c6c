"""Exact methods on the research configuration (the chain game on a deck of a few
départements: ``docs/research.md``, not the leaflet's rules): every state walked, the tree
written once in Gambit's format and loaded as OpenSpiel's C++ EFG game, CFR's exploitability
along its iterations, and an iteration of OpenSpiel's C++ CFR on that tree beside one of its
Python CFR on the Python game itself (the peer in the same run).

    .venv/bin/python benchmarks/research_exact.py [--options cards=6,hand=2] [--iterations 1000]
"""

from __future__ import annotations

import argparse
import time

import pyspiel
from open_spiel.python.algorithms import cfr, gambit, get_all_states

import ludotheque.adapters.openspiel  # noqa: F401  (registers the games)

NAME = "python_ludotheque_crypto_geographique_chaine_research"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--options", default="", help="the configuration's parameters")
    parser.add_argument("--iterations", type=int, default=1000)
    args = parser.parse_args()
    game = pyspiel.load_game(f"{NAME}({args.options})")
    print(game)

    start = time.perf_counter()
    states = get_all_states.get_all_states(game, include_terminals=True,
                                           include_chance_states=True,
                                           to_string=lambda s: s.history_str())
    decisions = [s for s in states.values() if not s.is_terminal() and not s.is_chance_node()]
    infosets = {s.information_state_string() for s in decisions}
    print(f"get_all_states: {len(states):,} states ({len(decisions):,} decisions, "
          f"{len(infosets):,} information states) in {time.perf_counter() - start:.2f} s")

    start = time.perf_counter()
    tree = pyspiel.load_efg_game(gambit.export_gambit(game))
    exported = time.perf_counter() - start
    print(f"exported to Gambit's format and loaded as an EFG game in {exported:.2f} s")

    solver = pyspiel.CFRSolver(tree)
    start, marks = time.perf_counter(), {1, 10, 100, 1000, 10_000}
    for iteration in range(1, args.iterations + 1):
        solver.evaluate_and_update_policy()
        if iteration in marks or iteration == args.iterations:
            gap = pyspiel.exploitability(tree, solver.average_policy())
            print(f"  C++ CFR, {iteration:>6,} iterations: exploitability {gap:.4f} "
                  f"({time.perf_counter() - start:.2f} s)")
    start = time.perf_counter()
    solver.evaluate_and_update_policy()
    native = time.perf_counter() - start

    python = cfr.CFRSolver(game)
    start = time.perf_counter()
    python.evaluate_and_update_policy()
    direct = time.perf_counter() - start
    print(f"one CFR iteration: C++ on the exported tree {native * 1000:.1f} ms, Python on the "
          f"Python game {direct:.2f} s ({direct / native:,.0f}x); the export pays for itself "
          f"after {exported / (direct - native):.1f} iterations")


if __name__ == "__main__":
    main()
