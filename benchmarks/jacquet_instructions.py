"""Jacquet's protocol against OpenSpiel's backgammon driven from Python, in instructions a game
counted by valgrind's callgrind: the same loop as ``benchmarks/jacquet.py``, whose seconds
drift by a fifth from run to run on this 2-core machine, where an instruction count is the same
whatever else the machine is doing.

    .venv/bin/python benchmarks/jacquet_instructions.py [GAMES] [--pairs]

Each contender runs twice under callgrind, once with no game and once with GAMES (default 100)
games from one seed after a warm-up game, so that the difference is the games alone (not the
start of Python, numba's cache or OpenSpiel's loading); its ratio is instructions a game, the
peer's over Jacquet's (above 1: Jacquet's protocol plays a game in fewer instructions).
"""

from __future__ import annotations

import argparse
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from jacquet import protocol_game

HERE = Path(__file__).resolve()


def play(contender: str, games: int) -> None:
    """The games counted, in this process (what callgrind runs)."""
    if contender == "backgammon":
        import pyspiel

        new_state, own = pyspiel.load_game("backgammon").new_initial_state, False
    else:
        import ludotheque

        granularity = "pair" if contender == "jacquet-pairs" else "die"
        game = ludotheque.load_game("jacquet", granularity=granularity)
        new_state, own = game.new_initial_state, True
    protocol_game(new_state, random.Random(99), own)  # numba's cache, OpenSpiel's tables
    rng = random.Random(0)
    for _ in range(games):
        protocol_game(new_state, rng, own)


def counted(contender: str, games: int) -> int:
    """The instructions callgrind counts in a process that plays ``games`` games."""
    with tempfile.TemporaryDirectory() as folder:
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={folder}/out",
             sys.executable, str(HERE), "--play", contender, str(games)],
            capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    assert found, done.stderr
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="?", type=int, default=100)
    parser.add_argument("--pairs", action="store_true", help="two dice per decision")
    parser.add_argument("--play", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.play:
        play(args.play[0], int(args.play[1]))
        return
    jacquet = "jacquet-pairs" if args.pairs else "jacquet"
    per_game = {}
    for contender in (jacquet, "backgammon"):
        counted(contender, 0)  # once first, so that numba compiles outside the counts
        per_game[contender] = (counted(contender, args.games) - counted(contender, 0)) / args.games
        print(f"{contender:<14} {per_game[contender] / 1e6:8.2f} M instructions a game")
    print(f"backgammon from Python / Jacquet's protocol: "
          f"{per_game['backgammon'] / per_game[jacquet]:.2f}x")


if __name__ == "__main__":
    main()
