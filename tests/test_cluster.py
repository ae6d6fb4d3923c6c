"""Self-play on a Dask cluster gives the very numbers local processes give (issue 23)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from ludotheque.core.errors import OptionError
from ludotheque.selfplay.cluster import connected, run
from ludotheque.selfplay.simulation import Interrupted, play_chunk, simulate
from ludotheque.selfplay.tournament import Tournament


def test_a_local_cluster_plays_the_same_games_as_local_processes():
    one = simulate("jacquet", {}, ["random", "random"], games=40, seed=5)
    assert simulate("jacquet", {}, ["random", "random"], games=40, seed=5, jobs=2) == one
    told: list[int] = []
    on_cluster = simulate("jacquet", {}, ["random", "random"], games=40, seed=5, jobs=2,
                          cluster="local", progress=told.append)
    assert on_cluster == one
    assert sum(told) == 40


def test_a_tournament_on_a_cluster_is_the_same_tournament():
    plan = Tournament.plan("dames-rabattues", {}, ["random", "random"], 4, duplicate=True)
    assert plan.play(seed=2, jobs=2, cluster="local") == plan.play(seed=2)


def test_a_cluster_address_is_checked_in_one_sentence():
    with pytest.raises(OptionError, match="scheduler's address, tcp://HOST:8786, or local"):
        simulate("jacquet", {}, ["random", "random"], games=2, cluster="HOST:8786")


def dies_once(args):
    """A chunk of games whose first attempt kills its worker, as a machine lost mid-run would;
    the attempt is marked by a file, so the retry plays it."""
    marker, chunk = args
    if marker is not None and not Path(marker).exists():
        Path(marker).write_text("died")
        os._exit(1)
    return play_chunk(chunk)


def test_a_chunk_whose_worker_dies_is_played_again_with_the_same_result(tmp_path):
    work = [("jacquet", {}, 7, [(i, ("random", "random"), i)]) for i in range(6)]
    marker = tmp_path / "died"
    played: dict[int, list] = {}
    with connected("local", 2) as client:
        run(client, dies_once,
            [(str(marker) if i == 2 else None, chunk) for i, chunk in enumerate(work)],
            played.__setitem__)
    assert marker.read_text() == "died"  # the first attempt died: what came back is a retry
    assert played == {i: play_chunk(chunk) for i, chunk in enumerate(work)}


def stop(_games: int) -> None:
    raise KeyboardInterrupt  # Ctrl-C as the first chunk is told


@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_keeps_the_games_that_finished(jobs):
    whole = simulate("jacquet", {}, ["random", "random"], games=200, seed=3)
    with pytest.raises(Interrupted) as stopped:
        simulate("jacquet", {}, ["random", "random"], games=200, seed=3, jobs=jobs,
                 progress=stop)
    finished = stopped.value.finished
    assert stopped.value.total == 200 and 0 < len(finished) < 200
    assert all(whole[i] == result for i, result in finished.items())


def test_an_interrupted_tournament_is_a_tournament_of_its_finished_games():
    plan = Tournament.plan("dames-rabattues", {}, ["random", "random:7"], 70)
    with pytest.raises(Interrupted) as stopped:
        plan.play(seed=2, progress=stop)
    kept = plan.results(stopped.value.finished)
    assert len(kept.games) == len(stopped.value.finished) < 70
    assert sum(s.games for s in kept.standings()) == 2 * len(kept.games)
