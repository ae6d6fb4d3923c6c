"""The computer players' strength: the figures of benchmarks/RESULTS.md, printed as Markdown.

    .venv/bin/python benchmarks/agents.py [SECTION ...] [--jobs J]

Each section but ``timing`` is a round-robin tournament (:mod:`ludotheque.selfplay.tournament`:
every table of agents, the seats rotated, reproducible from its seed whatever the number of
processes), the same as the ``ludotheque tournament`` command it prints: the search players'
``hard`` level against the game's heuristic player and a random one, in each two-player game
with decisions; at Crypto-90 with three and four players, the search player against heuristic
players, one round a game, so that its mean return is its mean round score. Games are few,
since a search player takes up to a second a move on this 2-core machine: the 95% intervals
(Wilson for rates, normal for means) say how much they tell.

``timing`` plays one game of each search player against the heuristic player, in this process,
and gives the time it takes to choose (a decision with one legal move is not asked).

``bound`` measures what no honest player of the chain game can pass: ``ismcts:hard`` seeing every
hand (its "determinisations" are the true state, the stock still drawn at random) against the
random player (``--against heuristic`` for the heuristic one), the seats alternating, over one
round (``--rounds`` for more). No seat specification makes this player: it cheats, and
lives here only as a yardstick.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import dataclass
from typing import Any

import ludotheque
from ludotheque.agents import make_agent
from ludotheque.core.errors import LudothequeError
from ludotheque.selfplay.match import play_match
from ludotheque.selfplay.stats import wilson_interval
from ludotheque.selfplay.tournament import Tournament


@dataclass(frozen=True)
class Section:
    game: str
    options: dict[str, Any]
    agents: list[str]
    games: int  # at each table
    seed: int
    note: str = ""

    def command(self, jobs: int) -> str:
        options = "".join(f" -o {k}={v}" for k, v in self.options.items())
        return (
            f"ludotheque tournament {self.game} --agents {','.join(self.agents)} "
            f"-n {self.games} --seed {self.seed} --jobs {jobs}{options}"
        )


ONE_ROUND = {"goal": "rounds", "rounds": 1}
SECTIONS = {
    "jacquet": Section(
        "jacquet",
        {"granularity": "pair"},
        ["mcts:hard", "expectimax:hard", "heuristic", "random"],
        games=6,
        seed=1840,
        note="1840 reading; two dice a decision, which changes no move a player can make",
    ),
    "crypto-90": Section(
        "crypto-90", ONE_ROUND, ["ismcts:hard", "heuristic", "random"], games=8, seed=90
    ),
    "crypto-90-3": Section(
        "crypto-90",
        {"players": 3, **ONE_ROUND},
        ["ismcts:hard", "heuristic", "heuristic"],
        games=6,
        seed=90,
    ),
    "crypto-90-4": Section(
        "crypto-90",
        {"players": 4, **ONE_ROUND},
        ["ismcts:hard", "heuristic", "heuristic", "heuristic"],
        games=8,
        seed=90,
    ),
    "crypto-geographique": Section(
        "crypto-geographique",
        {"points": 100},
        ["ismcts:hard", "heuristic", "random"],
        games=4,
        seed=68,
        note="to 100 points: one round, or two",
    ),
    "crypto-geographique-chaine": Section(
        "crypto-geographique-chaine",
        {},
        ["ismcts:hard", "heuristic", "random"],
        games=20,
        seed=68,
        note="one round, as the game's default",
    ),
}
TIMING = [
    ("jacquet", {"granularity": "pair"}, "mcts:hard"),
    ("jacquet", {"granularity": "pair"}, "expectimax:hard"),
    ("crypto-90", ONE_ROUND, "ismcts:hard"),
    ("crypto-90", ONE_ROUND, "lookahead:hard"),
    ("crypto-geographique", {"points": 100}, "ismcts:hard"),
    ("crypto-geographique", {"points": 100}, "lookahead:hard"),
    ("crypto-geographique-chaine", {}, "ismcts:hard"),
]


def interval(low: float, high: float, digits: int = 2) -> str:
    return f"{low:.{digits}f}–{high:.{digits}f}"


def run(name: str, section: Section, jobs: int) -> None:
    start = time.perf_counter()
    plan = Tournament.plan(section.game, section.options, section.agents, section.games)
    results = plan.play(section.seed, jobs)
    elapsed = time.perf_counter() - start
    print(f"### {name}: {len(plan.tables)} games, {elapsed:.0f} s with {jobs} processes")
    if section.note:
        print(f"\n{section.note}.")
    print(f"\n```sh\n.venv/bin/{section.command(jobs)}\n```\n")
    print("| agent | against | games | won | drawn | lost | score (95% interval) |")
    print("|---|---|---:|---:|---:|---:|---|")
    for first, second, t in results.head_to_head():
        lost = t.games - t.wins - t.draws
        print(
            f"| {first} | {second} | {t.games} | {t.wins} | {t.draws} | {lost} | "
            f"{t.rate:.2f} ({interval(*t.interval)}) |"
        )
    ratings = {r.name: r for r in results.ratings()}
    print("\n| agent | games | win rate (95% interval) | mean return (95% interval) | rating |")
    print("|---|---:|---|---|---|")
    for s in sorted(results.standings(), key=lambda s: -ratings[s.name].elo):
        r = ratings[s.name]
        digits = 2 if abs(s.mean) < 10 else 1
        print(
            f"| {s.name} | {s.games} | {s.rate:.2f} ({interval(*s.interval)}) | "
            f"{s.mean:.{digits}f} ({interval(s.low, s.high, digits)}) | "
            f"{r.elo:+.0f} ({r.low:+.0f} to {r.high:+.0f}) |"
        )
    print()


class Timed:
    """An agent whose every choice is timed."""

    interactive = False

    def __init__(self, agent: Any) -> None:
        self.agent = agent
        self.seconds: list[float] = []

    def choose(self, turn: Any) -> int:
        start = time.perf_counter()
        action = self.agent.choose(turn)
        self.seconds.append(time.perf_counter() - start)
        return action


def timing() -> None:
    print("### timing: one game against the heuristic player, in one process\n")
    print("| game | player | decisions asked | searched | mean s a search | longest |")
    print("|---|---|---:|---:|---:|---:|")
    for game_name, options, spec in TIMING:
        game = ludotheque.load_game(game_name, **options)
        timed = Timed(make_agent(spec, seed=1, game=game))
        others = [make_agent("heuristic", seed=s, game=game) for s in range(2, 3)]
        play_match(game, [timed, *others], random.Random(3))
        # A whole turn is searched at its first decision; the rest are played from the plan.
        searched = [s for s in timed.seconds if s > 0.005]
        print(
            f"| {game_name} | {spec} | {len(timed.seconds)} | {len(searched)} | "
            f"{statistics.fmean(searched):.2f} | {max(searched):.2f} |"
        )
    print()


class Omniscient:
    """A player whose every sampled state is the true one: it knows every hand."""

    interactive = False

    def __init__(self, agent: Any) -> None:
        self.agent = agent

    def choose(self, turn: Any) -> int:
        # A deliberate cheat, for the bound: the table's own state, which a turn keeps only
        # to work out its view.
        state = turn._state
        game = state.game

        class Everything:
            def sample(self, rng: random.Random) -> Any:
                return state.clone()

        game.information_set = lambda observation: Everything()
        try:
            return self.agent.choose(state.turn())
        finally:
            del game.information_set


def bound(against: str = "random", rounds: int = 1, games: int = 60, seed: int = 5) -> None:
    name = "crypto-geographique-chaine"
    game = ludotheque.load_game(name, rounds=rounds)
    print(
        f"### bound: {name}, {rounds} round(s), a player who sees every hand against {against}, "
        f"{games} games\n"
    )
    score = 0.0
    for i in range(games):
        cheat = Omniscient(make_agent("ismcts:hard", seed=i, game=game))
        seats = [cheat, make_agent(against, seed=i, game=game)]
        me = i % 2
        if me:
            seats.reverse()
        returns = play_match(game, seats, random.Random(seed * 100000 + i)).returns()
        mine, theirs = returns[me], returns[1 - me]
        score += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
    low, high = wilson_interval(score, games)
    print(f"score {score:g} of {games}: {score / games:.2f} ({interval(low, high)})\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "sections", nargs="*", help=f"any of {', '.join(SECTIONS)}, timing, bound"
    )
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--against", default="random", help="bound's opponent")
    parser.add_argument("--rounds", type=int, default=1, help="bound's rounds a game")
    args = parser.parse_args()
    unknown = set(args.sections) - {*SECTIONS, "timing", "bound"}
    if unknown:
        parser.error(f"no section {', '.join(sorted(unknown))}")
    for name in args.sections or [*SECTIONS, "timing", "bound"]:
        if name == "timing":
            timing()
        elif name == "bound":
            try:
                bound(args.against, args.rounds)
            except LudothequeError as exc:  # an unknown opponent or number of rounds
                parser.error(str(exc))
        else:
            run(name, SECTIONS[name], args.jobs)


if __name__ == "__main__":
    main()
