"""Self-play through local processes against self-play on a Dask cluster, in one run.

    .venv/bin/python benchmarks/cluster.py [--jacquet 100000] [--crypto 400] [--scaling 20000]

For Jacquet and Crypto-90 (random players), the same games are played by
:func:`~ludotheque.selfplay.simulation.simulate` with ``jobs=2`` (a process pool) and with
``cluster="local"`` and two workers (a Dask ``LocalCluster`` of two single-threaded worker
processes, started inside the timing: a study pays for it). Both give the same numbers, which
the script checks. The goal (issue 23): the cluster within 10% of the processes at 100,000
Jacquet games.

Then the scaling: the cluster's throughput with one worker and with two, on ``--scaling``
Jacquet games. This machine has two cores, so two workers is as far as it can be measured
here; the ratio of two workers to one, against the ideal 2, is the measure of what a larger
cluster loses to scheduling (see benchmarks/RESULTS.md for what it says of 64 cores).
"""

from __future__ import annotations

import argparse
import time

from ludotheque.selfplay.simulation import GameResult, chunk_size, simulate


def timed(game: str, games: int, jobs: int, cluster: str | None = None,
          ) -> tuple[float, list[GameResult]]:
    started = time.perf_counter()
    results = simulate(game, {}, ["random", "random"], games, seed=1, jobs=jobs, cluster=cluster)
    return time.perf_counter() - started, results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--jacquet", type=int, default=100_000)
    parser.add_argument("--crypto", type=int, default=400)
    parser.add_argument("--scaling", type=int, default=20_000)
    args = parser.parse_args()
    print("game       games    chunks  processes (jobs 2)  cluster (2 workers)  cluster/processes")
    for game, games in (("jacquet", args.jacquet), ("crypto-90", args.crypto)):
        local, here = timed(game, games, jobs=2)
        remote, there = timed(game, games, jobs=2, cluster="local")
        assert here == there, "the cluster played other games"
        print(f"{game:10} {games:7} {-(-games // chunk_size(games)):7}  "
              f"{games / local:10.1f} games/s  {games / remote:10.1f} games/s  "
              f"{local / remote:17.3f}")
    one, _ = timed("jacquet", args.scaling, jobs=1, cluster="local")
    two, _ = timed("jacquet", args.scaling, jobs=2, cluster="local")
    print(f"scaling, jacquet {args.scaling} games: 1 worker {args.scaling / one:.1f} games/s, "
          f"2 workers {args.scaling / two:.1f} games/s: {one / two:.2f}x of an ideal 2x")


if __name__ == "__main__":
    main()
