"""Small statistics for simulation reports."""

from __future__ import annotations

import math

#: Two-sided 95% normal quantile.
Z95 = 1.959963984540054


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (ties may count as half a success).

    >>> low, high = wilson_interval(50, 100)
    >>> round(low, 3), round(high, 3)
    (0.404, 0.596)
    """
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: list[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean with a normal-approximation interval: (mean, low, high)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return (mean, mean, mean)
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(variance / n)
    return (mean, mean - half, mean + half)


def two_sided(z: float) -> float:
    """The two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2))


def share_difference(
    successes: float, trials: int, base_successes: float, base_trials: int, z: float = Z95
) -> tuple[float, float, float, float]:
    """A share's difference from a base share: (difference, low, high, p). The interval is
    Newcombe's, from the two Wilson intervals (sound near 0 and 1, where a share of a rare
    ending lies); the p-value is the pooled two-proportion z-test's. Newcombe's own example
    (Statistics in Medicine 17, 1998, method 10):

    >>> d, low, high, p = share_difference(56, 70, 48, 80)
    >>> round(d, 2), round(low, 4), round(high, 4), round(p, 3)
    (0.2, 0.0524, 0.3339, 0.008)
    """
    p1, p0 = successes / trials, base_successes / base_trials
    low1, high1 = wilson_interval(successes, trials, z)
    low0, high0 = wilson_interval(base_successes, base_trials, z)
    difference = p1 - p0
    low = difference - math.sqrt((p1 - low1) ** 2 + (high0 - p0) ** 2)
    high = difference + math.sqrt((high1 - p1) ** 2 + (p0 - low0) ** 2)
    pooled = (successes + base_successes) / (trials + base_trials)
    spread = math.sqrt(pooled * (1 - pooled) * (1 / trials + 1 / base_trials))
    return difference, low, high, _p(difference, spread)


def mean_difference(
    mean: float, variance: float, count: int,
    base_mean: float, base_variance: float, base_count: int, z: float = Z95,
) -> tuple[float, float, float, float]:
    """A mean's difference from a base mean: (difference, low, high, p), Welch's with the
    normal quantile (the samples here are thousands of games).

    >>> d, low, high, p = mean_difference(10.5, 4.0, 100, 10.0, 4.0, 100)
    >>> round(d, 2), round(low, 3), round(high, 3), round(p, 3)
    (0.5, -0.054, 1.054, 0.077)
    """
    difference = mean - base_mean
    spread = math.sqrt(variance / count + base_variance / base_count)
    return difference, difference - z * spread, difference + z * spread, _p(difference, spread)


def _p(difference: float, spread: float) -> float:
    # No spread at all (every game the same): only an exact equality is no difference.
    if spread == 0:
        return 1.0 if difference == 0 else 0.0
    return two_sided(difference / spread)


def holm(p_values: list[float]) -> list[float]:
    """Holm's adjusted p-values, in the order given: a difference is significant at level
    ``a`` over all of them together when its adjusted value is below ``a``.

    >>> holm([0.01, 0.04, 0.03])
    [0.03, 0.06, 0.06]
    """
    order = sorted(range(len(p_values)), key=p_values.__getitem__)
    adjusted = [0.0] * len(p_values)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (len(p_values) - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted
