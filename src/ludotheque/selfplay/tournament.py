"""Round-robin tournaments between computer players, and what they come to.

Every table of as many entrants as the game seats (every pair, in a two-player game) plays the
same number of games, the seats turning round the table from one game to the next, so that no
entrant keeps the first throw or the first deal. An entrant may be listed twice, to fill a
table of three or four with two copies of one player. The games are played by
:func:`~ludotheque.selfplay.simulation.play_games`: reproducible from the seed whatever the number
of processes.

>>> t = Tournament.plan("dames-rabattues", {}, ["random:1", "random:2", "random:1"], games=2)
>>> t.names
('random:1', 'random:2', 'random:1 (2)')
>>> t.tables  # each game's entrants, seat by seat
((0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1))
>>> results = t.play(seed=1)
>>> [(s.name, s.games) for s in results.standings()]
[('random:1', 4), ('random:2', 4), ('random:1 (2)', 4)]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any

from ludotheque.agents import is_person
from ludotheque.core.errors import LudothequeError
from ludotheque.core.registry import load_game
from ludotheque.selfplay.ratings import Comparison, Rating, bradley_terry
from ludotheque.selfplay.simulation import GameResult, Tally, play_games
from ludotheque.selfplay.stats import mean_interval


@dataclass(frozen=True)
class Tournament:
    """Who plays whom: for each game, the entrant (by index) in each seat."""

    game: str
    options: dict[str, Any]
    entrants: tuple[str, ...]
    tables: tuple[tuple[int, ...], ...]
    #: The deal each game draws its chance from (see :func:`play_games`).
    deals: tuple[int, ...]

    @classmethod
    def plan(
        cls,
        game: str,
        options: dict[str, Any],
        entrants: Sequence[str],
        games: int,
        duplicate: bool = False,
    ) -> Tournament:
        """A round robin of ``games`` games at each table; the entrants are seat
        specifications (``mcts:hard``, ``heuristic``, ``random:3``)."""
        rule_set = load_game(game, **options)
        seats = rule_set.num_players()
        if len(entrants) < 2:
            raise LudothequeError("a tournament needs at least two agents, such as hard,heuristic.")
        if len(entrants) < seats:
            raise LudothequeError(
                f"{game} seats {seats} here; give at least {seats} agents (an agent may be "
                "listed twice)."
            )
        for spec in entrants:
            if not spec.strip():
                raise LudothequeError("an agent of the list is empty; separate agents by commas.")
            if is_person(spec):
                raise LudothequeError("a tournament plays computer players only, not a person.")
        tables: list[tuple[int, ...]] = []
        deals: list[int] = []
        for table in combinations(range(len(entrants)), seats):
            for played in range(games):
                turn = played % seats  # the seats turn round the table game by game
                # A deal is a game's own, or with duplicate the first of its turn of the seats.
                deals.append(len(tables) - turn if duplicate else len(tables))
                tables.append(table[turn:] + table[:turn])
        entrants = tuple(s.strip() for s in entrants)
        return cls(game, dict(options), entrants, tuple(tables), tuple(deals))

    @property
    def names(self) -> tuple[str, ...]:
        """Each entrant's name: its specification, numbered from its second listing on."""
        names = []
        for i, spec in enumerate(self.entrants):
            listed = self.entrants[: i + 1].count(spec)
            names.append(spec if listed == 1 else f"{spec} ({listed})")
        return tuple(names)

    def seatings(self) -> list[tuple[str, ...]]:
        return [tuple(self.entrants[e] for e in table) for table in self.tables]

    def play(
        self, seed: int = 0, jobs: int = 1, progress: Callable[[int], None] | None = None,
        cluster: str | None = None,
    ) -> Results:
        """Every game of the tournament; Ctrl-C raises
        :class:`~ludotheque.selfplay.simulation.Interrupted`, whose finished games
        :meth:`results` makes a tournament of."""
        games = play_games(
            self.game, self.options, self.seatings(), seed, jobs, progress, self.deals,
            cluster=cluster,
        )
        return Results(self, tuple(games))

    def results(self, finished: dict[int, GameResult]) -> Results:
        """The results of the games that finished, by number, as a tournament of those."""
        played = sorted(finished)
        kept = replace(self, tables=tuple(self.tables[i] for i in played),
                       deals=tuple(self.deals[i] for i in played))
        return Results(kept, tuple(finished[i] for i in played))


@dataclass(frozen=True)
class Standing(Tally):
    """An entrant's games won, drawn and played, and its mean return with a 95% interval."""

    name: str = ""
    mean: float = 0.0
    low: float = 0.0
    high: float = 0.0


@dataclass(frozen=True)
class Results:
    tournament: Tournament
    games: tuple[GameResult, ...]

    def standings(self) -> list[Standing]:
        """Each entrant's record: a game is won by the unique best return, drawn by a share
        of the best."""
        played: dict[int, list[float]] = {e: [] for e in range(len(self.tournament.entrants))}
        wins = dict.fromkeys(played, 0)
        draws = dict.fromkeys(played, 0)
        for table, result in zip(self.tournament.tables, self.games, strict=True):
            best = max(result.returns)
            for seat, entrant in enumerate(table):
                played[entrant].append(result.returns[seat])
                if result.returns[seat] == best:
                    if result.returns.count(best) == 1:
                        wins[entrant] += 1
                    else:
                        draws[entrant] += 1
        standings = []
        for entrant, returns in played.items():
            mean, low, high = mean_interval(returns)
            standings.append(
                Standing(
                    wins[entrant], draws[entrant], len(returns),
                    name=self.tournament.names[entrant], mean=mean, low=low, high=high,
                )
            )
        return standings

    def comparisons(self) -> list[Comparison]:
        """Each pair at each game's table, compared by their returns. At a table of ``k``,
        a pair counts ``1/(k-1)``: a game then weighs on each entrant as one game, as its
        comparisons are not independent of each other."""
        found = []
        for table, result in zip(self.tournament.tables, self.games, strict=True):
            weight = 1 / (len(table) - 1)
            for (s, a), (t, b) in combinations(enumerate(table), 2):
                mine, theirs = result.returns[s], result.returns[t]
                score = 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
                found.append(Comparison(a, b, score, weight))
        return found

    def head_to_head(self) -> list[tuple[str, str, Tally]]:
        """For each pair of entrants, the first's record against the second in the games
        where both sat, the higher return winning."""
        n = len(self.tournament.entrants)
        tallies = {pair: [0, 0, 0] for pair in combinations(range(n), 2)}
        for c in self.comparisons():
            pair = (min(c.first, c.second), max(c.first, c.second))
            score = c.score if c.first == pair[0] else 1 - c.score
            tally = tallies[pair]
            tally[0] += score == 1.0
            tally[1] += score == 0.5
            tally[2] += 1
        names = self.tournament.names
        return [(names[a], names[b], Tally(*tally)) for (a, b), tally in tallies.items()]

    def ratings(self) -> list[Rating]:
        """Bradley–Terry ratings fitted to every comparison of every game."""
        return bradley_terry(self.tournament.names, self.comparisons())
