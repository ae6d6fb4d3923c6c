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

import random

import numpy as np
from numba import njit

from ludotheque.core.game import State
from ludotheque.games.jacquet.bearoff import race, racing
from ludotheque.games.jacquet.fast import (
    BAR_AT,
    OFF_AT,
    _after,
    _index,
    _mine,
    _play,
    _steps_into,
    _undo,
    dice_args,
    to_array,
)
from ludotheque.games.jacquet.position import DICE, MOVE
from ludotheque.games.jacquet.rules import CHECKERS, OFF, Reading

#: Pips a held point is worth for each opposing checker it stands in front of (within 6, at
#: most 3 counted).
BLOCK = 1.5
#: A lone checker within reach of an opposing checker (the DLP reading) costs this share of the
#: pips it would lose if hit.
BLOT = 1.0
#: Pips a run of held points is worth, times the square of its length.
RUN = 3.0


@njit(cache=True)
def _pips(a: np.ndarray, player: int) -> int:
    total: int = a[BAR_AT + player] * OFF
    for point in range(1, 25):
        total += _mine(a, player, point) * (OFF - point)
    return total


@njit(cache=True)
def _pressure(a: np.ndarray, player: int, hitting: bool) -> float:
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
def _evaluate(a: np.ndarray, player: int, hitting: bool) -> float:
    race = _pips(a, 1 - player) - _pips(a, player)
    return race + _pressure(a, player, hitting) - _pressure(a, 1 - player, hitting)


def evaluate(cells: bytes, player: int, reading: Reading) -> float:
    """How good a board (its cells) is for ``player``, in pips: positive is ahead."""
    return float(_evaluate(np.frombuffer(cells, np.int8), player, reading.hitting))


def judge(state: State, player: int) -> float:
    """The heuristic of a game in progress (the manifest's ``heuristic``)."""
    return evaluate(state.position.cells, player, state.game.reading)  # type: ignore[attr-defined]


#: The judge's value of a won board: above any other.
WON = 1e9


@njit(cache=True)
def _first_visit(a: np.ndarray, depth: int, seen: np.ndarray) -> bool:
    """Whether the board ``a``, ``depth`` steps into a turn, is new to the open-addressed table
    ``seen`` (zero: empty), and note it: the orders of a doublet's steps reach few boards."""
    digest = np.int64(depth + 1)
    for cell in a:
        digest = digest * 31 + np.int64(cell)
    digest |= 1  # never zero, the empty slot
    slot = digest & (seen.size - 1)
    while seen[slot] != 0:
        if seen[slot] == digest:
            return False
        slot = (slot + 1) & (seen.size - 1)
    seen[slot] = digest
    return True


@njit(cache=True)
def _best_turn(
    a: np.ndarray, player: int, first: int, second: int, n: int, rules: int, hitting: bool,
    best_path: np.ndarray, seen: np.ndarray,
) -> float:
    """Search every complete play of the dice still to play (``first``, ``second``, ``n`` as
    :mod:`.fast` writes them) from ``a``, which it leaves as it found it; write the step codes
    of the play the judge likes best into ``best_path`` (-1 after its last; the first of equal
    plays is kept) and return its value. Depth first with a stack, not recursion: numba's
    cache cannot keep a recursive function."""
    found = np.empty((5, 150), np.int64)  # the legal steps at each depth of the turn
    depths = np.empty(150, np.int64)
    counts = np.zeros(5, np.int64)
    at = np.zeros(5, np.int64)
    dice = np.empty((5, 3), np.int64)  # (first, second, n) still to play at each depth
    undos = np.empty(4, np.int64)
    path = np.empty(4, np.int64)
    best_path[:] = -1
    counts[0] = _steps_into(a, player, first, second, n, rules, found[0], depths)
    if counts[0] == 0:
        return _evaluate(a, player, hitting)
    best = -np.inf
    dice[0, 0], dice[0, 1], dice[0, 2] = first, second, n
    level = 0
    while level >= 0:
        if at[level] == counts[level]:  # every step tried at this depth: back up one
            level -= 1
            if level >= 0:
                code = path[level]
                _undo(a, player, code // 6, code % 6 + 1, undos[level])
                at[level] += 1
            continue
        code = found[level, at[level]]
        die = code % 6 + 1
        undos[level] = _play(a, player, code // 6, die)
        path[level] = code
        deeper = 0
        if _first_visit(a, level, seen):
            rest_first, rest_second, rest = _after(dice[level, 0], dice[level, 1],
                                                   dice[level, 2], die)
            won = a[OFF_AT + player] == CHECKERS
            if not won:
                deeper = _steps_into(a, player, rest_first, rest_second, rest, rules,
                                     found[level + 1], depths)
            if deeper == 0:  # a complete play: judge it
                value = WON if won else _evaluate(a, player, hitting)
                if value > best:
                    best = value
                    best_path[:] = -1
                    best_path[: level + 1] = path[: level + 1]
            else:
                level += 1
                dice[level, 0], dice[level, 1], dice[level, 2] = rest_first, rest_second, rest
                counts[level], at[level] = deeper, 0
                continue
        _undo(a, player, code // 6, die, undos[level])
        at[level] += 1
    return best


@njit(cache=True)
def _playout(
    a: np.ndarray, player: int, first: int, second: int, n: int, rules: int, hitting: bool,
    seed: int,
) -> int:
    """The heuristic player on both sides to the end from ``a``, ``player`` to play the dice
    given (``n`` of them; none: he throws first), the dice from ``seed``; the winner."""
    np.random.seed(seed)
    best_path = np.empty(4, np.int64)
    # Room for every board a doublet's four steps can reach (at most some four thousand, with
    # fifteen checkers on fifteen points), four times over, so that probing stays short.
    seen = np.zeros(1 << 14, np.int64)
    while True:
        if n == 0:
            first, second = np.random.randint(1, 7), np.random.randint(1, 7)
            n = 4 if first == second else 2
        seen[:] = 0
        _best_turn(a, player, first, second, n, rules, hitting, best_path, seen)
        for code in best_path:
            if code >= 0:
                _play(a, player, code // 6, code % 6 + 1)  # type: ignore[arg-type]  # compiled, an int64 is an int
        if a[OFF_AT + player] == CHECKERS:
            return player
        player, n = 1 - player, 0


class HeuristicPlayout:
    """A leaf value for the search players: the heuristic player finishes the game on both
    sides, compiled (a few milliseconds), and the winner takes the reward. Rollouts of a good
    player measure a position far better than random ones (Tesauro and Galperin, 1996). Once
    the race is pure, each side's checkers all in its fourth table, the bear-off database gives
    each its chance instead, exact where both have at most three checkers left
    (:mod:`.bearoff`)."""

    def __call__(self, state: State, rng: random.Random) -> list[float]:
        p = state.position  # type: ignore[attr-defined]
        winner = p.winner
        race_on = racing(p.cells) if winner is None and p.stage is DICE else None
        if race_on is not None:
            # A pure race, the dice about to be thrown: the bear-off database's odds.
            white = race(race_on[p.to_move], race_on[1 - p.to_move],
                         state.game.rules)  # type: ignore[attr-defined]
            white = white if p.to_move == 0 else 1.0 - white
            return [white, 1.0 - white]
        if winner is None:
            game = state.game
            first, second, n = dice_args(p.dice) if p.stage is MOVE else (0, 0, 0)
            winner = _playout(
                to_array(p.cells), p.to_move, first, second, n, game.rules,  # type: ignore[attr-defined]
                game.reading.hitting, rng.getrandbits(32),  # type: ignore[attr-defined]
            )
        return [1.0, 0.0] if winner == 0 else [0.0, 1.0]
