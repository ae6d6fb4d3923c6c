"""Self-play of many games, reproducible from one seed whatever the number of processes.

Game ``i`` of a run with seed ``s`` draws its chance from ``Random("s:i")`` and seats its agents
with seeds ``"s:i:seat"``, so a game's result depends on nothing but ``(s, i)`` and who sits
where. :func:`simulate` keeps the same seats for every game; :func:`play_games` takes each
game's seats, as a tournament needs, and may have games share their chance: game ``i`` of deal
``d`` draws from ``Random("s:d")``, so that they see the same dice as far as their play lets
them.

>>> a = simulate("dames-rabattues", {}, ["random", "random"], games=20, seed=3)
>>> b = simulate("dames-rabattues", {}, ["random", "random"], games=20, seed=3, jobs=2)
>>> a == b
True
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ludotheque.agents import make_agent
from ludotheque.core.game import CHANCE
from ludotheque.core.registry import load_game
from ludotheque.selfplay.match import play_match
from ludotheque.selfplay.running import run_chunks
from ludotheque.selfplay.stats import mean_interval, wilson_interval


@dataclass(frozen=True)
class GameResult:
    """One finished game: each seat's return, the number of decisions taken, and the game's
    own facts about it (its manifest's ``details``)."""

    returns: tuple[float, ...]
    moves: int
    details: tuple[tuple[str, str | float], ...] = ()


def play_one(
    game_name: str,
    options: dict[str, Any],
    seats: Sequence[str],
    seed: int | str,
    index: int,
    deal: int | None = None,
) -> GameResult:
    game = load_game(game_name, **options)
    agents = [
        make_agent(spec, seed=f"{seed}:{index}:{n}", game=game) for n, spec in enumerate(seats)
    ]
    decisions = 0

    def count(_state: object, player: int, _action: int) -> None:
        nonlocal decisions
        decisions += player != CHANCE

    chance = random.Random(f"{seed}:{index if deal is None else deal}")
    state = play_match(game, agents, chance, on_action=count)
    # How it ended, for every rule set, in its rules' words: the shares of each ending are
    # figures to see beside the wins, those stopped by the limit above all, since each counts
    # as its rule set's unfinished returns.
    outcome = state.outcome()
    assert outcome is not None  # played to its end
    details = (("ending", outcome.termination), *game.manifest.tally(state).items())
    return GameResult(tuple(state.returns()), decisions, details)


Chunk = tuple[str, dict[str, Any], int | str, list[tuple[int, tuple[str, ...], int]]]


def play_chunk(args: Chunk) -> list[GameResult]:
    game_name, options, seed, games = args
    return [play_one(game_name, options, seats, seed, i, deal) for i, seats, deal in games]


def simulate(
    game_name: str,
    options: dict[str, Any],
    seats: Sequence[str],
    games: int,
    seed: int | str = 0,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    cluster: str | None = None,
) -> list[GameResult]:
    """Play ``games`` games with the same seats and return their results in game order."""
    return play_games(game_name, options, [tuple(seats)] * games, seed, jobs, progress,
                      cluster=cluster)


def play_games(
    game_name: str,
    options: dict[str, Any],
    seatings: Sequence[Sequence[str]],
    seed: int | str = 0,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    deals: Sequence[int] | None = None,
    cluster: str | None = None,
) -> list[GameResult]:
    """Play game ``i`` with the seats ``seatings[i]`` and the chance of deal ``deals[i]`` (its
    own, ``i``, by default), for every ``i``; return the results in game order.
    ``progress(k)`` is told as each batch of ``k`` games ends. The games are played here, in
    ``jobs`` processes, or on the Dask ``cluster`` (:mod:`~ludotheque.selfplay.running`): the
    same results wherever. Ctrl-C raises :class:`Interrupted` with the games that finished."""
    work = chunks(game_name, options, seatings, seed, deals)
    parts: dict[int, list[GameResult]] = {}

    def finished(index: int, part: list[GameResult]) -> None:
        parts[index] = part
        if progress:
            progress(len(part))

    try:
        run_chunks(play_chunk, work, jobs=jobs, cluster=cluster, finished=finished)
    except KeyboardInterrupt:
        raise Interrupted(
            {i: result for k in parts for i, result in zip(_numbers(work[k]), parts[k],
                                                           strict=True)},
            len(seatings),
        ) from None
    return [result for k in range(len(work)) for result in parts[k]]


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during self-play: the games that had finished, by number, of ``total``."""

    def __init__(self, finished: dict[int, GameResult], total: int) -> None:
        super().__init__(f"{len(finished)} of {total} games finished")
        self.finished = finished
        self.total = total


def chunk_size(games: int) -> int:
    """Games per chunk: enough chunks for 64 workers to share, none so long that progress
    stalls or that scheduling one costs more than a fraction of playing it; never dependent
    on the workers, so that a study's chunks are the same wherever it is carried on.

    >>> chunk_size(10), chunk_size(20_000), chunk_size(1_000_000)
    (1, 200, 200)
    """
    return max(1, min(200, games // 64))


def chunks(
    game_name: str,
    options: dict[str, Any],
    seatings: Sequence[Sequence[str]],
    seed: int | str,
    deals: Sequence[int] | None = None,
    size: int | None = None,
) -> list[Chunk]:
    """The numbered games cut into chunks of ``size`` (:func:`chunk_size` by default)."""
    deals = range(len(seatings)) if deals is None else deals
    numbered = [
        (i, tuple(seats), deal)
        for i, (seats, deal) in enumerate(zip(seatings, deals, strict=True))
    ]
    size = size or chunk_size(len(numbered))
    return [
        (game_name, options, seed, numbered[start : start + size])
        for start in range(0, len(numbered), size)
    ]


def _numbers(chunk: Chunk) -> list[int]:
    return [i for i, _seats, _deal in chunk[3]]


@dataclass(frozen=True)
class Tally:
    """Games won, drawn (the best return shared) and played; a draw counts half."""

    wins: int
    draws: int
    games: int

    @property
    def rate(self) -> float:
        return (self.wins + self.draws / 2) / self.games

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins + self.draws / 2, self.games)


@dataclass(frozen=True)
class SeatSummary(Tally):
    seat: int = 0


def summarise(results: Sequence[GameResult], num_players: int) -> list[SeatSummary]:
    """Wins per seat: a seat wins a game where its return is the unique best."""
    summaries = []
    for seat in range(num_players):
        wins = draws = 0
        for r in results:
            best = max(r.returns)
            if r.returns[seat] == best:
                if r.returns.count(best) == 1:
                    wins += 1
                else:
                    draws += 1
        summaries.append(SeatSummary(wins, draws, len(results), seat=seat))
    return summaries


@dataclass(frozen=True)
class DetailSummary:
    """One row of the tally of a manifest's ``details``: a share of games with its interval, or
    a mean with its interval."""

    name: str
    value: str  # the text value counted, or "mean" for a number
    estimate: float
    low: float
    high: float
    count: int


def tally(results: Sequence[GameResult]) -> list[DetailSummary]:
    """Each text detail's values as shares of the games (Wilson 95% intervals), each number's
    mean (normal 95% interval), in the order the game gives them.

    >>> rows = tally([GameResult((1, -1), 5, (("first", "won"), ("throws", 9.0))),
    ...               GameResult((-1, 1), 7, (("first", "lost"), ("throws", 11.0)))])
    >>> [(r.name, r.value, r.estimate) for r in rows]
    [('first', 'lost', 0.5), ('first', 'won', 0.5), ('throws', 'mean', 10.0)]
    """
    values: dict[str, list[str | float]] = {}
    for result in results:
        for name, value in result.details:
            values.setdefault(name, []).append(value)
    rows = []
    for name, seen in values.items():
        if all(isinstance(v, str) for v in seen):
            for value in sorted(set(seen), key=str):
                count = seen.count(value)
                low, high = wilson_interval(count, len(seen))
                rows.append(DetailSummary(name, str(value), count / len(seen), low, high, count))
        else:
            mean, low, high = mean_interval([float(v) for v in seen])
            rows.append(DetailSummary(name, "mean", mean, low, high, len(seen)))
    return rows


def lengths(results: Sequence[GameResult]) -> tuple[float, float]:
    """Mean and median number of decisions per game."""
    moves = [r.moves for r in results]
    return statistics.fmean(moves), statistics.median(moves)
