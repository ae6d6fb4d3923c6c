"""A simple judge of Jacquet positions, for the ``heuristic`` computer player.

It weighs what a player of the time would: the race (pip counts), the points held in front of
the opponent's checkers, which the 1840 text recommends («Un joueur habile s'étend et occupe le
plus grand nombre possible de flèches… on retarde ainsi sa marche»), runs of held points (six in
a row cannot be passed), and, where checkers are hit (the DLP reading), the lone checkers left
within a die's reach of an opposing one. The player judges every end of its turn, so the judge
is compiled (it works on the position's cells, see :mod:`.fast`).

>>> from ludotheque.games.jacquet.fast import to_cells
>>> from ludotheque.games.jacquet.rules import MOULIDARS, Board
>>> evaluate(to_cells(Board.opening()), 0, MOULIDARS)
0.0
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ludotheque.games.jacquet.fast import BAR_AT, _index, _mine
from ludotheque.games.jacquet.rules import OFF, Reading

#: Pips a held point is worth for each opposing checker it stands in front of (within 6, at
#: most 3 counted).
BLOCK = 1.5
#: A lone checker within reach of an opposing checker (the DLP reading) costs this share of the
#: pips it would lose if hit.
BLOT = 1.0
#: Pips a run of held points is worth, times the square of its length.
RUN = 3.0


@njit(cache=True)
def _pips(a, player):
    total = a[BAR_AT + player] * OFF
    for point in range(1, 25):
        total += _mine(a, player, point) * (OFF - point)
    return total


@njit(cache=True)
def _pressure(a, player, hitting):
    """What ``player``'s checkers do to the opponent: points held in his way, runs, blots."""
    opponent = 1 - player
    value = 0.0
    run = 0
    for point in range(2, 26):
        mine = _mine(a, player, point) if point < 25 else 0
        if mine == 0:
            if run > 1:
                value += RUN * run * run
            run = 0
            continue
        run += 1
        # The same point in the opponent's numbering, and his checkers up to six behind it.
        theirs_at = (_index(player, point) - _index(opponent, 1)) % 24 + 1
        behind = 0
        for d in range(1, 7):
            if theirs_at - d >= 1:
                behind += _mine(a, opponent, theirs_at - d)
        value += BLOCK * min(behind, 3)
        if hitting and mine == 1 and behind > 0:
            value -= BLOT * point
    return value


@njit(cache=True)
def _evaluate(a, player, hitting):
    race = _pips(a, 1 - player) - _pips(a, player)
    return race + _pressure(a, player, hitting) - _pressure(a, 1 - player, hitting)


def evaluate(cells: bytes, player: int, reading: Reading) -> float:
    """How good a board (its cells) is for ``player``, in pips: positive is ahead."""
    return float(_evaluate(np.frombuffer(cells, np.int8), player, reading.hitting))
