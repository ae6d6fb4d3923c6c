"""Tournaments: the round robin, the Bradley–Terry ratings, and the command."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest
from typer.testing import CliRunner

from ludotheque.cli.main import app
from ludotheque.selfplay.ratings import Comparison, bradley_terry
from ludotheque.selfplay.tournament import Tournament

runner = CliRunner()


def run(*args: str):
    result = runner.invoke(app, list(args))
    assert "Traceback" not in result.output
    return result


def test_ratings_recover_the_strengths_that_made_the_games():
    rng = random.Random(1)
    strengths = [-1.0, 0.0, 1.0]  # natural-log strengths
    games = []
    for _ in range(3000):
        i, j = rng.sample(range(3), 2)
        p = 1 / (1 + math.exp(strengths[j] - strengths[i]))
        games.append(Comparison(i, j, 1.0 if rng.random() < p else 0.0))
    ratings = bradley_terry(["weak", "middle", "strong"], games)
    for rating, strength in zip(ratings, strengths, strict=True):
        assert rating.low < strength * 400 / math.log(10) < rating.high
    assert sum(r.elo for r in ratings) == pytest.approx(0, abs=1e-6)


def test_a_player_who_won_every_game_keeps_a_finite_rating():
    strong, weak = bradley_terry(["strong", "weak"], [Comparison(0, 1, 1.0)] * 20)
    assert 0 < strong.low < strong.elo < strong.high < math.inf
    assert weak.elo == pytest.approx(-strong.elo)
    assert strong.expected(weak) > 0.95


def test_every_entrant_sits_in_every_seat_equally():
    plan = Tournament.plan("crypto-90", {"players": 3}, ["random", "heuristic"] * 2, games=3)
    assert len(plan.tables) == 4 * 3  # four tables of three, three games each
    seats = Counter((entrant, seat) for table in plan.tables for seat, entrant in
                    enumerate(table))
    assert set(seats.values()) == {3}


def test_duplicate_deals_give_every_agent_the_same_luck():
    # Dames rabattues is decided by the dice alone: a deal played in both seat orders is won
    # once by each agent, whoever they are.
    plan = Tournament.plan("dames-rabattues", {}, ["random:1", "random:2"], 10, duplicate=True)
    assert plan.deals == (0, 0, 2, 2, 4, 4, 6, 6, 8, 8)
    assert [s.wins for s in plan.play(seed=5).standings()] == [5, 5]
    three = Tournament.plan("crypto-90", {"players": 3}, ["random"] * 3, 6, duplicate=True)
    assert three.deals == (0, 0, 0, 3, 3, 3)


def test_a_table_of_three_weighs_each_game_once_per_entrant():
    plan = Tournament.plan(
        "crypto-geographique-chaine", {"players": 3}, ["random:1", "random:2", "heuristic"], 2
    )
    results = plan.play(seed=2)
    weights = Counter()
    for c in results.comparisons():
        weights[c.first] += c.weight
        weights[c.second] += c.weight
    assert all(w == pytest.approx(2) for w in weights.values())
    assert [s.games for s in results.standings()] == [2, 2, 2]


def test_the_tournament_is_reproducible_whatever_the_jobs(tmp_path):
    args = ["tournament", "jacquet", "--agents", "random,heuristic,mcts:easy", "-n", "2",
            "-o", "granularity=pair", "--seed", "3"]
    one = run(*args)
    two = run(*args, "--jobs", "2", "--plot", str(tmp_path / "ratings.png"))
    assert one.exit_code == 0, one.output
    assert two.exit_code == 0, two.output
    assert two.output.startswith(one.output)
    assert "Bradley–Terry ratings" in one.output and "head to head" in one.output
    assert (tmp_path / "ratings.png").stat().st_size > 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["jacquet", "--agents", "heuristic"], "at least two agents"),
        (["crypto-90", "-o", "players=3", "--agents", "random,heuristic"], "at least 3 agents"),
        (["jacquet", "--agents", "mcts:impossible,random"], "a level is one of easy"),
        (["jacquet", "--agents", "random,,heuristic"], "an agent of the list is empty"),
        (["jacquet", "--agents", "human,random"], "computer players only"),
        (["jacquet", "--agents", "random,heuristic", "--plot", "r.txt"], ".png or .svg"),
        (["chess", "--agents", "random,heuristic"], "there is no game 'chess'"),
    ],
)
def test_bad_tournaments_are_one_sentence(args, message):
    result = run("tournament", *args)
    assert result.exit_code == 2
    assert message in result.output
    assert len(result.output.strip().splitlines()) <= 2
