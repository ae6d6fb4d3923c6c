"""How long a hint takes (issue 39: within 2 s median on this machine), beside how long the
game's own ``hard`` player takes to choose at the same positions, printed as Markdown; and with
``--review``, how long the analysis of a whole Jacquet game takes in one process and in two
(the goal: under a minute with two).

    .venv/bin/python benchmarks/hint.py [GAME ...] [--positions N] [--seed S]
    .venv/bin/python benchmarks/hint.py --review [--seed S]

For each rule set with a computer player, at its default options: random games from the seed,
and ``N`` positions drawn from them where a person would have a choice (two legal moves or
more; a rule set whose every move is forced says so); at each, the hint as a page or the
terminal asks it (``agents.hint.hint``, its search bounded at ``hint.SECONDS``), then the
``hard`` player's decision, seeded alike. Each first call of a process (compiling Jacquet's
search, charting a pot) is made once beforehand and not counted.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

import ludotheque
from ludotheque.agents import make_agent
from ludotheque.agents.hint import SECONDS, hint, seed_of
from ludotheque.core.game import State
from ludotheque.core.record import Record
from ludotheque.selfplay.analysis import analyse, to_judge
from ludotheque.selfplay.match import play_match

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.helpers import decisions  # the tests' random positions

GAMES = ["jacquet", "dames-rabattues", "crypto-90", "crypto-geographique",
         "crypto-geographique-chaine", "cabriole", "tiddledy-winks"]


def positions(name: str, count: int, seed: int) -> list[State]:
    """``count`` positions of random games of ``name`` where the player to act has a choice,
    a few decisions apart (``tests.helpers.decisions``), from as many games as it takes; none
    where every move is forced."""
    game = ludotheque.load_game(name)
    found: list[State] = []
    for game_seed in range(seed, seed + 20):
        found += decisions(game, game_seed, count - len(found))
        if len(found) >= count:
            break
    return found


def timed(work) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def review(seed: int) -> None:
    """A whole Jacquet game between heuristic players analysed for both seats, in one process
    and in two: each judgement a turn's hint, so that their number sets the time."""
    game = ludotheque.load_game("jacquet")
    players = [make_agent("heuristic", seed=seed), make_agent("heuristic", seed=seed + 1)]
    state = play_match(game, players, random.Random(seed))
    record = Record.of(state)
    turns = len(to_judge(record)[2])
    print(f"\nA whole Jacquet game between heuristic players (seed {seed}, "
          f"{len(state.history())} actions, {turns} turns with a choice), analysed for both "
          "seats:\n")
    print("| processes | seconds | turns a second |")
    print("|---:|---:|---:|")
    times = {}
    for jobs in (1, 2):
        times[jobs] = timed(lambda jobs=jobs: analyse(record, jobs=jobs))
        print(f"| {jobs} | {times[jobs]:.1f} | {turns / times[jobs]:.1f} |", flush=True)
    print(f"\nTwo processes: {times[1] / times[2]:.2f}× one.")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=GAMES)
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--seed", type=int, default=39)
    parser.add_argument("--review", action="store_true",
                        help="Time the analysis of a whole Jacquet game instead.")
    args = parser.parse_args()
    if args.review:
        review(args.seed)
        return
    print(f"Hints at {args.positions} positions a rule set (seed {args.seed}), their search "
          f"bounded at {SECONDS} s; beside them the `hard` player's decision at the same "
          "positions.\n")
    print("| rule set | hint median s | hint p90 s | hint max s | hard median s | "
          "hint / hard |")
    print("|---|---:|---:|---:|---:|---:|")
    for name in args.games:
        game = ludotheque.load_game(name)
        states = positions(name, args.positions, args.seed)
        if not states:
            print(f"| {name} | every move is forced: a hint tells it at once | | | | |")
            continue
        hint(states[0].turn())  # the process's first call: compiling, charting
        hints, hards = [], []
        for state in states:
            turn = state.turn()
            hints.append(timed(lambda turn=turn: hint(turn)))
            player = make_agent("hard", seed=seed_of(turn.view), game=game)
            hards.append(timed(lambda turn=turn, player=player: player.choose(turn)))
        hints.sort()
        p90 = hints[min(len(hints) - 1, round(0.9 * (len(hints) - 1)))]
        ratio = statistics.median(hints) / statistics.median(hards)
        print(f"| {name} | {statistics.median(hints):.2f} | {p90:.2f} | {hints[-1]:.2f} | "
              f"{statistics.median(hards):.2f} | {ratio:.2f}× |", flush=True)


if __name__ == "__main__":
    main()
