"""Dames rabattues speed, as ratios against peers run in this same script.

    .venv/bin/python benchmarks/dames_rabattues.py [GAMES]

- the full State engine (protocol, validation, history) against the bare rules (Position.roll in
  a loop): what the protocol costs per game;
- ``simulate`` with two processes against one: what --jobs buys on this machine;
- the exact dynamic programme against simulation: how many simulated games take as long as the
  exact answer.
"""

from __future__ import annotations

import random
import sys
import time

import ludotheque
from ludotheque.core.dice import THROWS
from ludotheque.games.dames_rabattues.analysis import solve
from ludotheque.games.dames_rabattues.position import Position, Stage
from ludotheque.games.dames_rabattues.rules import Reading
from ludotheque.selfplay.simulation import simulate

WEIGHTS = [t.probability for t in THROWS]


def bare_rules(games: int) -> float:
    rng, reading = random.Random(1), Reading()
    start = time.perf_counter()
    for _ in range(games):
        position = Position().draw_lot(rng.randrange(2))
        while position.stage is not Stage.WON:
            position = position.start_throw().roll(rng.choices(THROWS, WEIGHTS)[0], reading)
    return time.perf_counter() - start


def engine(games: int) -> float:
    game, rng = ludotheque.load_game("dames-rabattues"), random.Random(1)
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(state.sample_chance(rng) if state.is_chance_node() else 0)
    return time.perf_counter() - start


def timed(function, *args) -> float:
    start = time.perf_counter()
    function(*args)
    return time.perf_counter() - start


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    bare, full = bare_rules(games), engine(games)
    print(f"bare rules:   {games / bare:9.0f} games/s")
    print(f"State engine: {games / full:9.0f} games/s  ({full / bare:.2f}× the bare rules' time)")
    one = timed(simulate, "dames-rabattues", {}, ["random", "random"], games, 0, 1)
    two = timed(simulate, "dames-rabattues", {}, ["random", "random"], games, 0, 2)
    print(f"simulate, 1 process: {games / one:7.0f} games/s; 2 processes: {games / two:7.0f} "
          f"games/s ({one / two:.2f}× faster)")
    exact = timed(solve, Reading())
    print(f"exact solution: {exact:.1f} s = the time of {exact / full * games:,.0f} engine games "
          "(simulation needs ~1,000,000 games for ±0.001 on the winning chance)")


if __name__ == "__main__":
    main()
