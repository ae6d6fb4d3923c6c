"""Jacquet's endgame exact (la sortie des dames): once both sides' checkers are all in their
fourth tables, nothing either does can touch the other's, and the game is a pure race to bear
off fifteen.

A *one-sided bear-off database* holds, for every way a side's checkers still on the board may
stand on its six last points (0 to 15 checkers: 54,264 positions), the distribution of the
number of throws it needs to bear them all off, playing each throw to the end that needs the
fewest throws on average. It is built once per reading that changes the bear-off (whether
bearing off is compulsory) by dynamic programming from the empty board up, each throw's ends
enumerated by the game's own compiled move generator (:mod:`.fast`: its rules "bearing off",
"a lower checker", "bearing off is compulsory", "play all the dice you can"), and kept in
memory and in the user's cache. The reading of the higher die cannot change a race: with no
checker of the other side in the way, a die can always be played while a checker is left, so
only one of two dice is played only where the first bears off the last checker, and either
die leaves the same empty board. Two sides' distributions combine into the chance that the side
to throw wins: it wins on its *n*-th throw if the other needs *n* or more.

That combination is not quite exact: the side that plays for the fewest throws on average is
not always the side that plays to win (behind, it may gamble). So where both sides have at most
:data:`FEW` checkers left, a *two-sided* table gives the exact chance, each throw played to the
end that wins most.

>>> round(race((0, 0, 0, 0, 0, 1), (0, 0, 0, 0, 0, 1)), 4)  # one each on the last point
1.0
>>> round(race((1, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 1)), 4)  # all but 1-1, 2-1, 3-1, 4-1, 3-2
0.75
>>> round(expected_throws((0, 0, 0, 0, 0, 2)), 4)  # two on the last point: any throw
1.0
"""

from __future__ import annotations

import math
import os
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path

import numpy as np
from numba import njit

from ludotheque.games.jacquet.fast import (
    BEAR_OFF_COMPULSORY,
    COURIER_AT,
    FOURTH_TABLE_START,
    OFF_AT,
    _after,
    _destination,
    _index,
    _play,
    _status,
)
from ludotheque.games.jacquet.rules import CHECKERS, OFF

#: The six points of a side's last table, from the farthest (its point 19).
POINTS = 6
#: The positions of a side's checkers in its last table (at most fifteen on six points).
POSITIONS = 54_264
#: More throws than a side may need: in its last table both dice of a throw can always be
#: played, each at least a pip, so fifteen checkers 90 pips from the edge need at most 45.
MOST_THROWS = 48
#: Where both sides have at most this many checkers left, the two-sided table is exact.
FEW = 3
#: The readings' bits that change the bear-off (:func:`.fast.flags`).
BEAR_OFF_RULES = BEAR_OFF_COMPULSORY
#: The 21 throws: (high, low, probability).
THROWS = np.array([(h, lo, (1 if h == lo else 2) / 36) for h in range(1, 7)
                   for lo in range(1, h + 1)])

Counts = tuple[int, ...]


#: Binomial coefficients, for numbering positions in compiled code.
_C = np.array([[math.comb(n, k) for k in range(32)] for n in range(32)], np.int64)


@njit(cache=True)
def _rank(counts: np.ndarray, c: np.ndarray) -> int:
    """The position's number: how many come before it when positions (counts on the six
    points, farthest first, at most fifteen in all) are listed in lexical order."""
    rank, left = 0, CHECKERS
    for i in range(POINTS):
        after = POINTS - 1 - i  # points still to fill after this one
        for v in range(counts[i]):
            rank += c[left - v + after, after]
        left -= counts[i]
    return rank


def rank(counts: Counts) -> int:
    """The number of a position, ``counts`` on the six points from the farthest.

    >>> rank((0,) * 6), rank((15, 0, 0, 0, 0, 0)) == POSITIONS - 1
    (0, True)
    """
    return int(_rank(np.array(counts, np.int64), _C))


def positions() -> np.ndarray:
    """Every position, by number: counts on the six points, farthest first."""
    found = np.zeros((POSITIONS, POINTS), np.int64)
    r = 0
    for a in range(16):
        for b in range(16 - a):
            for c in range(16 - a - b):
                for d in range(16 - a - b - c):
                    for e in range(16 - a - b - c - d):
                        for f in range(16 - a - b - c - d - e):
                            found[r] = (a, b, c, d, e, f)
                            r += 1
    return found


@njit(cache=True)
def _board(counts: np.ndarray) -> np.ndarray:
    """White's board with ``counts`` on his last points and the rest borne off; Black's
    fifteen on his own last point, out of White's way (a side's moves never reach the other's
    last table), both couriers home."""
    a = np.zeros(30, np.int8)
    left = 0
    for i in range(POINTS):
        a[FOURTH_TABLE_START - 1 + i] = counts[i]
        left += counts[i]
    a[OFF_AT] = CHECKERS - left
    a[_index(1, 24)] = -CHECKERS
    a[COURIER_AT] = 1
    a[COURIER_AT + 1] = 1
    return a


@njit(cache=True)
def _counts(a: np.ndarray, into: np.ndarray) -> None:
    for i in range(POINTS):
        into[i] = a[FOURTH_TABLE_START - 1 + i]


#: The most boards waiting in :func:`_walk`'s stack: four dice deep, twelve steps at most each.
STACK = 64


@njit(cache=True)
def _walk(start: np.ndarray, high_die: int, low_die: int, rules: int, ends: np.ndarray,
          dice: np.ndarray, work: np.ndarray, c: np.ndarray) -> int:
    """Every way of playing a throw one step at a time from White's board ``start``, each end
    recorded with the dice it used; how many. (A stack, not recursion: numba's cache does not
    keep a recursive function safely.)"""
    boards = np.empty((STACK, start.shape[0]), np.int8)
    left = np.empty((STACK, 4), np.int64)  # first, second, n, used
    boards[0] = start
    left[0] = (high_die, low_die, 4 if high_die == low_die else 2, 0)
    waiting, count = 1, 0
    while waiting:
        waiting -= 1
        a = boards[waiting].copy()
        first, second, n, used = left[waiting]
        home, out, front = _status(a, 0)
        kinds = 2 if (n == 2 and first != second) else 1
        moved = False
        for k in range(kinds if n > 0 else 0):
            die = first if k == 0 else second
            f, s, m = _after(first, second, n, die)
            for origin in range(FOURTH_TABLE_START, OFF):
                if _destination(a, 0, origin, die, rules, home, out, front) < 0:
                    continue
                moved = True
                boards[waiting] = a
                _play(boards[waiting], 0, origin, die)
                left[waiting] = (f, s, m, used + 1)
                waiting += 1
        if not moved:
            _counts(a, work)
            ends[count] = _rank(work, c)
            dice[count] = used
            count += 1
    return count


@njit(cache=True)
def _ends(counts: np.ndarray, high_die: int, low_die: int, rules: int, c: np.ndarray,
          ends: np.ndarray, dice: np.ndarray, work: np.ndarray) -> int:
    """The legal ends of a throw from ``counts``: every play using as many dice as can be
    used (rule "play all the dice you can"); written at the head of ``ends``, repeated ends
    left in (their value is the same)."""
    count = _walk(_board(counts), high_die, low_die, rules, ends, dice, work, c)
    most = 0
    for i in range(count):
        most = max(most, dice[i])
    kept = 0
    for i in range(count):
        if dice[i] == most:
            ends[kept] = ends[i]
            kept += 1
    return kept


@njit(cache=True)
def _build(table: np.ndarray, order: np.ndarray, throws: np.ndarray, rules: int,
           c: np.ndarray) -> np.ndarray:
    """The distribution of throws needed from every position (``table``, by number), taken in
    ``order`` (fewest pips first: every end of a throw comes before its start)."""
    dist = np.zeros((POSITIONS, MOST_THROWS + 1))
    mean = np.zeros(POSITIONS)
    dist[0, 0] = 1.0  # nothing left: no throw needed
    ends = np.empty(20_000, np.int64)
    dice = np.empty(20_000, np.int64)
    work = np.empty(POINTS, np.int64)
    for r in order:
        if r == 0:
            continue
        for t in range(throws.shape[0]):
            kept = _ends(table[r], int(throws[t, 0]), int(throws[t, 1]), rules, c, ends,
                         dice, work)
            best = ends[0]
            for i in range(1, kept):
                if mean[ends[i]] < mean[best]:
                    best = ends[i]
            p = throws[t, 2]
            for k in range(MOST_THROWS):
                dist[r, k + 1] += p * dist[best, k]
            mean[r] += p * (1.0 + mean[best])
    return dist


@cache
def database(rules: int) -> np.ndarray:
    """The one-sided database of a reading (its :func:`.fast.flags`; only the bits that change
    the bear-off count): for each position, by number, the chance of needing each number of
    throws, 0 to :data:`MOST_THROWS`. Built once (1 to 6 s), then read from the cache."""

    def build() -> np.ndarray:
        table = positions()
        pips = (table * np.arange(POINTS, 0, -1)).sum(axis=1)
        order = np.argsort(pips, kind="stable")
        return _build(table, order, THROWS, rules & BEAR_OFF_RULES, _C)

    return cached(f"jacquet-bearoff-{rules & BEAR_OFF_RULES}", build)


#: The cache's version: raised when a change gives the databases other values.
VERSION = 1


def cache_folder() -> Path:
    """Where built databases are kept: the user's cache (``XDG_CACHE_HOME``, else
    ``~/.cache``), ``ludotheque`` in it."""
    root = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(root) / "ludotheque"


def cached(name: str, build: Callable[[], np.ndarray]) -> np.ndarray:
    """The array ``name`` from the cache, or built and kept there (written whole, under a
    name of its own, then renamed: a reader never sees half of it); a cache that cannot be
    read or written is built again, in memory."""
    path = cache_folder() / f"{name}-v{VERSION}.npy"
    try:
        found: np.ndarray = np.load(path)
        return found
    except (OSError, ValueError, EOFError):
        pass
    made = build()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, suffix=".npy", delete=False) as file:
            np.save(file, made)
        os.replace(file.name, path)
    except OSError:
        pass
    return made


def expected_throws(counts: Counts, rules: int = BEAR_OFF_COMPULSORY) -> float:
    """The throws a side needs on average to bear off from ``counts``."""
    dist = database(rules & BEAR_OFF_RULES)[rank(counts)]
    return float((dist * np.arange(MOST_THROWS + 1)).sum())


def race(mine: Counts, theirs: Counts, rules: int = BEAR_OFF_COMPULSORY) -> float:
    """The chance that the side about to throw, its checkers at ``mine``, bears off before the
    other, at ``theirs``: exact where both have at most :data:`FEW` left, else the one-sided
    databases combined."""
    if sum(mine) == 0:
        return 1.0
    if sum(theirs) == 0:
        return 0.0
    rules &= BEAR_OFF_RULES
    if sum(mine) <= FEW and sum(theirs) <= FEW:
        win, index = two_sided(rules)
        return float(win[index[rank(mine)], index[rank(theirs)]])
    db = database(rules)
    a, b = db[rank(mine)], db[rank(theirs)]
    # The side to throw wins on its n-th throw if the other needs n or more.
    still = 1.0 - np.concatenate(([0.0], np.cumsum(b)[:-1]))
    return float((a * still).sum())


@njit(cache=True)
def _build_two_sided(table: np.ndarray, few: np.ndarray, index: np.ndarray,
                     order: np.ndarray, throws: np.ndarray, rules: int,
                     c: np.ndarray) -> np.ndarray:
    """The exact chance that the side to throw wins, for every pair of positions of at most
    :data:`FEW` checkers (by number, ``few`` listing them, ``index`` giving each one's place
    in that list), each throw played to the end that leaves the other the least chance; pairs
    taken in ``order`` (fewest pips in all first)."""
    n = few.shape[0]
    win = np.zeros((n, n))
    ends = np.empty(20_000, np.int64)
    dice = np.empty(20_000, np.int64)
    work = np.empty(POINTS, np.int64)
    for k in range(order.shape[0]):
        i, j = order[k] // n, order[k] % n
        if few[i] == 0:
            win[i, j] = 1.0
            continue
        if few[j] == 0:
            continue
        value = 0.0
        for t in range(throws.shape[0]):
            kept = _ends(table[few[i]], int(throws[t, 0]), int(throws[t, 1]), rules, c, ends,
                         dice, work)
            best = 0.0
            for e in range(kept):
                end = index[ends[e]]
                chance = 1.0 if few[end] == 0 else 1.0 - win[j, end]
                best = max(best, chance)
            value += throws[t, 2] * best
        win[i, j] = value
    return win


@cache
def two_sided(rules: int) -> tuple[np.ndarray, np.ndarray]:
    """The exact two-sided table of a reading: for each pair of positions of at most
    :data:`FEW` checkers (by their place in the table, which the second array gives for each
    position's number, -1 for the others), the chance that the side to throw wins."""
    table = positions()
    few = np.flatnonzero(table.sum(axis=1) <= FEW)
    index = -np.ones(POSITIONS, np.int64)
    index[few] = np.arange(len(few))

    def build() -> np.ndarray:
        pips = (table[few] * np.arange(POINTS, 0, -1)).sum(axis=1)
        order = np.argsort((pips[:, None] + pips[None, :]).ravel(), kind="stable")
        return _build_two_sided(table, few, index, order, THROWS, rules & BEAR_OFF_RULES, _C)

    win = cached(f"jacquet-race-{FEW}-{rules & BEAR_OFF_RULES}", build)
    return win, index


def racing(cells: bytes) -> tuple[Counts, Counts] | None:
    """Each side's counts on its last points where both sides' checkers are all in their
    fourth tables or off (the race is pure), White's first; else None.

    >>> from ludotheque.games.jacquet.position import Position
    >>> racing(Position.parse("24,19,off13 20x2,off13 dice:black").cells)
    ((1, 0, 0, 0, 0, 1), (0, 2, 0, 0, 0, 0))
    >>> racing(Position.parse("1x15 1x15 lot").cells) is None
    True
    """
    a = np.frombuffer(cells, np.int8)
    white = tuple(max(0, int(c)) for c in a[_index(0, FOURTH_TABLE_START):_index(0, 24) + 1])
    black = tuple(max(0, -int(c)) for c in a[_index(1, FOURTH_TABLE_START):_index(1, 24) + 1])
    if (sum(white) + a[OFF_AT] != CHECKERS or sum(black) + a[OFF_AT + 1] != CHECKERS):
        return None
    return white, black
