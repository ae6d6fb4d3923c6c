"""The soak run: random games over the option combinations of every rule set, every invariant of
the protocol checked at every step (``tests/test_protocol.py``'s check), every game ended,
replayed from its record and played again from its seed to the same actions.

    PYTHONPATH=src .venv/bin/python benchmarks/soak.py [GAMES] [--seed S] [--most M]

For each rule set, every combination of the values its options list (the numbers at their
defaults, the long card games and tiddlywinks shortened as the protocol test shortens them), at
most M combinations (default 48, spread evenly over the product), GAMES random games (default
3) each. Prints a line per rule set and the totals; exits with 1 at the first broken invariant,
printing it.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests' checks

import ludotheque
from ludotheque.core.errors import LudothequeError
from ludotheque.core.record import Record
from tests.test_protocol import SHORT, random_game


def combinations(name: str, most: int) -> list[dict[str, object]]:
    """The option combinations of ``name`` to play: every listed value of every option that
    lists its values, at most ``most`` of them taken evenly through the product."""
    listed = [o for o in ludotheque.manifest(name).options if o.allowed and o.name != "limit"]
    product = list(itertools.product(*(o.allowed for o in listed)))
    step = max(1, len(product) // most)
    chosen = product[::step][:most]
    found: list[dict[str, object]] = []
    for values in chosen:
        options = {o.name: v for o, v in zip(listed, values, strict=True)}
        options |= SHORT.get(name, {})  # the shortening wins: a card game to 1,000 is too long
        if options in found:
            continue
        try:
            ludotheque.load_game(name, **options)
        except LudothequeError:
            continue  # a combination the rule set refuses as a whole (camps need 4 or 6)
        found.append(options)
    return found


def soak(name: str, options: dict[str, object], seed: int) -> int:
    """One game checked every step, its record and its seed each giving it back; its actions."""
    game = ludotheque.load_game(name, **options)
    state = random_game(game, seed)
    assert state.is_terminal(), f"{name} {options} seed {seed} did not end"
    json.dumps(state.returns(), allow_nan=False)
    record = Record.from_json(Record.of(state, ("random",) * game.num_players()).to_json())
    replayed = record.replay()
    assert replayed.history() == state.history(), f"{name} {options} seed {seed}: replay"
    assert replayed.returns() == state.returns(), f"{name} {options} seed {seed}: returns"
    again = random_game(ludotheque.load_game(name, **options), seed)
    assert again.history() == state.history(), f"{name} {options} seed {seed}: not determined"
    return len(state.history())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="?", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--most", type=int, default=48)
    args = parser.parse_args()
    total_games = total_actions = 0
    started = time.perf_counter()
    for name in ludotheque.games():
        begun = time.perf_counter()
        combos = combinations(name, args.most)
        games = actions = 0
        for number, options in enumerate(combos):
            for index in range(args.games):
                try:
                    actions += soak(name, options, args.seed + 1000 * number + index)
                except (AssertionError, pytest.fail.Exception) as failure:
                    print(f"BROKEN: {failure}")
                    return 1
                games += 1
        total_games += games
        total_actions += actions
        print(
            f"{name}: {len(combos)} option combinations, {games} games, {actions:,} actions, "
            f"{time.perf_counter() - begun:.0f} s"
        )
    print(
        f"total: {total_games} games, {total_actions:,} actions checked step by step, "
        "replayed from their records and from their seeds, none broken, "
        f"{time.perf_counter() - started:.0f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
