"""Self-play on a Dask cluster gives the very numbers local processes give (issue 23)."""

from __future__ import annotations

import pytest

from ludotheque.core.errors import OptionError
from ludotheque.selfplay.simulation import simulate
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
