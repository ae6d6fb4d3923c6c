"""Tiddlywinks: the wall time of a shot on a full table, and what the simple player achieves.

    .venv/bin/python benchmarks/tiddlywinks.py [SHOTS] [GAMES]
    .venv/bin/python benchmarks/tiddlywinks.py pots [--shots N] [--seed S] [--game G …]
        [--hands H] [--players P,…]
    .venv/bin/python benchmarks/tiddlywinks.py distances [--shots N] [--seed S]

1. The median wall time per shot on a 24-counter table (six players of four on Cabriole's round
   table), random shots from a position reached by play, beside the same shots with MuJoCo's
   sleeping turned off, run in the same process: the peer that shows what sleeping buys (the
   study measured 17–31 ms with sleep, on this class of machine, and 16× more without).
2. The share of 99% of shots at rest within 2 s of simulated time, and the longest.
3. The aiming player's pot rate from the start line at each level of the table's hands.
4. Whole games of both rule sets between aiming players: turns per game.

``pots`` measures instead each computer player's pot rate from the start line (the first shot
of a game), with its 95% Wilson interval and the wall time of a choice: by default the shot
planner at each level and the aiming player at ``hard`` and ``medium``, club hands, Cabriole.
Every player is given the same sequence of the table's trembles (common random numbers), drawn
from ``--seed``; a player's own seed is ``--seed`` too.

``distances`` measures the aiming player's (``hard``) pot rate on Cabriole, club hands, from
nearer the cup: red's first counter moved along its line to the cup, the others on the line.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from dataclasses import replace

import mujoco
import numpy as np

import ludotheque
from ludotheque.agents import make_agent
from ludotheque.games.tiddlywinks.notation import Shot, Tremble
from ludotheque.games.tiddlywinks.player import AimingPlayer
from ludotheque.games.tiddlywinks.squidger import Aim, launch
from ludotheque.selfplay.match import play_match
from ludotheque.selfplay.stats import wilson_interval


def full_table(shots: int) -> None:
    game = ludotheque.load_game("cabriole", players=6, counters=4, hands="club")
    rng = random.Random(24)
    position = game.new_initial_state().position
    # A table in mid-game: every other counter out on the cloth, none touching another.
    poses = [list(c.pose) for c in position.counters]
    for k in range(0, 24, 2):
        while True:
            r, a = rng.uniform(0.08, 0.35), rng.uniform(0, 2 * math.pi)
            x, y = r * math.cos(a), r * math.sin(a)
            if all(math.dist((x, y), p[:2]) > 0.02 for p in poses):
                poses[k][:2] = [x, y]
                break
    rows = list(range(24))
    poses = np.array(poses)
    physics = game.physics
    shots_list = [
        (rng.randrange(len(rows)),
         launch(Aim(rng.uniform(0, 360), rng.uniform(0.1, 0.8), rng.uniform(30, 90)),
                game.setup.table.cloth, game.COUNTER).launch())
        for _ in range(shots)
    ]

    def run() -> tuple[list[float], list[float]]:
        walls, sims = [], []
        for shooter, shot in shots_list:
            start = time.perf_counter()
            result = physics.shoot(poses, shooter, shot)
            walls.append(time.perf_counter() - start)
            sims.append(result.duration)
        return walls, sims

    walls, sims = run()
    physics.model.opt.enableflags &= ~int(mujoco.mjtEnableBit.mjENBL_SLEEP)
    awake, _ = run()
    physics.model.opt.enableflags |= int(mujoco.mjtEnableBit.mjENBL_SLEEP)
    median, peer = statistics.median(walls), statistics.median(awake)
    print(f"{len(rows)} counters on the table (Cabriole, six players of four), {shots} random "
          "shots")
    print(f"  median wall time per shot: {median * 1000:.1f} ms  (90%: "
          f"{np.percentile(walls, 90) * 1000:.1f} ms, max {max(walls) * 1000:.1f} ms)")
    print(f"  the same shots without sleeping: {peer * 1000:.1f} ms — sleeping is "
          f"{peer / median:.1f}× faster")
    within = sum(s <= 2.0 for s in sims) / len(sims)
    print(f"  at rest within 2 s of simulated time: {within:.1%}; longest {max(sims):.2f} s")


def pot_rates(trials: int) -> None:
    print(f"pot rate from the start line, aiming player 'hard', {trials} shots each")
    for name in ("cabriole", "tiddledy-winks"):
        for hands in ("steady", "expert", "club", "casual", "novice"):
            game = ludotheque.load_game(name, hands=hands)
            player = make_agent("aim:hard", seed=0, game=game)
            rng = random.Random(11)
            potted = 0
            for _ in range(trials):
                state = game.new_initial_state()
                state.apply_action(player.choose(state.turn()))
                state.apply_action(state.sample_chance(rng))
                potted += state.position.counters[0].place == "cup"
            distance = game.line.distance * 100
            print(f"  {name:15} from {distance:.1f} cm, hands {hands:7}: {potted / trials:.0%}")


def games(n: int) -> None:
    print(f"whole games, aiming players 'medium', {n} games each")
    for name, options in (("cabriole", {}), ("cabriole", {"players": 4, "camps": True}),
                          ("tiddledy-winks", {}), ("tiddledy-winks", {"variation": "II"})):
        game = ludotheque.load_game(name, **options)
        turns, seconds = [], []
        for seed in range(n):
            agents = [make_agent("aim:medium", seed=f"{seed}:{p}", game=game)
                      for p in range(game.num_players())]
            start = time.perf_counter()
            state = play_match(game, agents, random.Random(seed))
            seconds.append(time.perf_counter() - start)
            turns.append(state.position.shots)
        print(f"  {name} {options or ''}: {statistics.mean(turns):.1f} turns per game, "
              f"{statistics.mean(seconds):.2f} s of wall time per game")


def planner_pots(shots: int, seed: int, names: list[str], hands: str,
                 players: list[str]) -> None:
    """Each player's first shot of a game, ``shots`` times: is the counter it shot in the cup?"""
    print(f"pot rate from the start line, {shots} shots each, hands {hands}, seed {seed}")
    for name in names:
        game = ludotheque.load_game(name, hands=hands)
        distance = game.line.distance * 100
        for spec in players:
            # One player through all the shots (its own generator runs on), and the table's
            # trembles drawn from the same seed for every player.
            player = make_agent(spec, seed=seed, game=game)
            rng = random.Random(seed)
            potted, seconds = 0, []
            for _ in range(shots):
                state = game.new_initial_state()
                start = time.perf_counter()
                action = player.choose(state.turn())
                seconds.append(time.perf_counter() - start)
                state.apply_action(action)
                state.apply_action(state.sample_chance(rng))
                potted += state.position.counters[Shot.from_id(action).counter].place == "cup"
            low, high = wilson_interval(potted, shots)
            print(f"  {name:15} from {distance:.1f} cm, {spec:14}: {potted:3d}/{shots} "
                  f"= {potted / shots:.2f} ({low:.2f}–{high:.2f}), "
                  f"{statistics.mean(seconds):.2f} s a shot (longest {max(seconds):.2f})",
                  flush=True)


def distances(shots: int, seed: int) -> None:
    game = ludotheque.load_game("cabriole", hands="club")
    aim = AimingPlayer("hard")
    print(f"aim:hard from nearer the cup, Cabriole, club hands, {shots} shots each, seed {seed}")
    for distance in (0.07, 0.09, 0.12, 0.16, 0.22, 0.30, game.line.distance):
        state = game.new_initial_state()
        position = state.position
        counter = position.counters[0]
        x, y = counter.pose[:2]
        scale = distance / math.hypot(x, y)
        moved = counter.at("cloth", (x * scale, y * scale, *counter.pose[2:]))
        position = replace(position, counters=(moved, *position.counters[1:]),
                           freed=tuple(True for _ in position.freed))
        state.position = position
        shot = Shot.quantised(0, *aim.aim(game, state, 0))
        rng = random.Random(seed)
        potted = back = 0
        for _ in range(shots):
            tremble = Tremble.quantised(*(rng.gauss(0.0, 1.0) for _ in range(4)))
            after = game.play(replace(position, aimed=shot), tremble).counters[0]
            potted += after.place == "cup"
            back += after.place == "line"
        low, high = wilson_interval(potted, shots)
        print(f"  from {distance * 100:4.1f} cm: potted {potted / shots:.2f} "
              f"({low:.2f}–{high:.2f}), back to the line {back / shots:.2f}", flush=True)


def pots_main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="tiddlywinks.py pots")
    parser.add_argument("--shots", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", dest="games",
                        help="cabriole (the default) or tiddledy-winks; may be repeated")
    parser.add_argument("--hands", default="club")
    parser.add_argument("--players",
                        default="planner:easy,planner:medium,planner:hard,aim:hard,aim:medium")
    args = parser.parse_args(argv)
    planner_pots(args.shots, args.seed, args.games or ["cabriole"], args.hands,
                 args.players.split(","))


if __name__ == "__main__":
    if sys.argv[1:2] == ["pots"]:
        pots_main(sys.argv[2:])
        sys.exit()
    if sys.argv[1:2] == ["distances"]:
        options = argparse.ArgumentParser(prog="tiddlywinks.py distances")
        options.add_argument("--shots", type=int, default=80)
        options.add_argument("--seed", type=int, default=5)
        args = options.parse_args(sys.argv[2:])
        distances(args.shots, args.seed)
        sys.exit()
    shots = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    full_table(shots)
    pot_rates(max(20, n * 5))
    games(n)
