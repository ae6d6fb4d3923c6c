"""Ratings from games: a Bradley–Terry model fitted to every comparison, with intervals.

A comparison is two players' results in one game: the higher return wins it, equal returns are
half a win each. In the Bradley–Terry model, player ``i`` beats ``j`` with probability
``π_i / (π_i + π_j)``; the strengths are fitted to all the comparisons at once by Hunter's
minorisation–maximisation (MM) iteration, so that a player who only met the strong and one who
only met the weak are rated on one scale. One virtual drawn game between each pair that met
keeps the rating of a player who won every game finite (the prior BayesElo uses).

Ratings are written on the Elo scale, ``400 · log10 π``, centred on the players' mean, so that
a difference of 100 means winning 64% of games. Their 95% intervals come from the curvature of
the log-likelihood at its peak (the observed Fisher information), for ratings constrained to
that mean.

>>> won = [Comparison(0, 1, 1.0)] * 30 + [Comparison(0, 1, 0.0)] * 10
>>> a, b = bradley_terry(["a", "b"], won)
>>> round(a.elo), round(b.elo), round(a.expected(b), 2)
(93, -93, 0.74)
>>> round(a.low), round(a.high)
(32, 154)
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ludotheque.selfplay.stats import Z95

#: Elo points per natural-log unit of strength.
ELO = 400 / math.log(10)


@dataclass(frozen=True)
class Comparison:
    """Player ``first`` against player ``second`` in one game: ``score`` is the first's (1 a
    win, 0.5 a draw, 0 a loss); ``weight`` what the game counts for."""

    first: int
    second: int
    score: float
    weight: float = 1.0


@dataclass(frozen=True)
class Rating:
    """A player's rating on the Elo scale, with its 95% interval, and how many games (by
    weight) it rests on."""

    name: str
    elo: float
    low: float
    high: float
    games: float

    def expected(self, other: Rating) -> float:
        """The model's chance that this player beats ``other``."""
        return 1 / (1 + 10 ** ((other.elo - self.elo) / 400))


def bradley_terry(names: Sequence[str], comparisons: Iterable[Comparison]) -> list[Rating]:
    """Fit the players' strengths to the comparisons; one rating per name, in order."""
    n = len(names)
    won = np.zeros((n, n))  # won[i, j]: i's score against j, by weight
    met = np.zeros((n, n))  # met[i, j]: the weight of i's games against j
    for c in comparisons:
        won[c.first, c.second] += c.weight * c.score
        won[c.second, c.first] += c.weight * (1 - c.score)
        met[c.first, c.second] += c.weight
        met[c.second, c.first] += c.weight
    games = met.sum(axis=1)
    # The prior: a virtual draw between each pair that met.
    prior = (met > 0).astype(float)
    won, met = won + prior / 2, met + prior
    wins = won.sum(axis=1)
    strength = np.ones(n)
    for _ in range(10_000):
        # Hunter's MM update: π_i ← W_i / Σ_j n_ij / (π_i + π_j), then back to a mean log of 0.
        updated = wins / (met / (strength[:, None] + strength[None, :])).sum(axis=1)
        updated /= np.exp(np.log(updated).mean())
        done = np.max(np.abs(updated - strength)) < 1e-12
        strength = updated
        if done:
            break
    chance = strength[:, None] / (strength[:, None] + strength[None, :])
    # The observed information of the log-strengths: a graph Laplacian, singular along the
    # common shift; its pseudo-inverse is the covariance of the centred log-strengths.
    information = -met * chance * chance.T
    np.fill_diagonal(information, 0.0)
    np.fill_diagonal(information, -information.sum(axis=1))
    spread = np.sqrt(np.maximum(np.diag(np.linalg.pinv(information)), 0.0))
    elo = ELO * np.log(strength)
    half = Z95 * ELO * spread
    return [
        Rating(name, float(elo[i]), float(elo[i] - half[i]), float(elo[i] + half[i]),
               float(games[i]))
        for i, name in enumerate(names)
    ]


def plot(ratings: Sequence[Rating], path: Path, title: str) -> Path:
    """Draw the ratings with their intervals to ``path`` (PNG or SVG), best at the top."""
    import matplotlib

    matplotlib.use("Agg")  # a file, never a window
    import matplotlib.pyplot as plt

    ordered = sorted(ratings, key=lambda r: r.elo)
    lines = textwrap.wrap(title, 72)
    figure, axes = plt.subplots(figsize=(7, 1.2 + 0.25 * len(lines) + 0.5 * len(ordered)))
    y = np.arange(len(ordered))
    centre = np.array([r.elo for r in ordered])
    errors = np.array([[r.elo - r.low for r in ordered], [r.high - r.elo for r in ordered]])
    axes.errorbar(centre, y, xerr=errors, fmt="o", capsize=4, color="black")
    axes.set_yticks(y, [r.name for r in ordered])
    axes.axvline(0, color="grey", linewidth=0.5)
    axes.set_xlabel("rating (Elo scale, players' mean 0), with 95% intervals")
    axes.set_title("\n".join(lines), fontsize=10)
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)
    return path
