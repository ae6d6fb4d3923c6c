"""Jacquet's move generation compiled with numba, for search and long simulations.

The same rules as :mod:`ludotheque.games.jacquet.rules`, on a small integer array instead of an
immutable value; ``tests/test_jacquet_fast.py`` holds the two equal over many random positions.
Each function names the rule it enforces as ``rules.py`` does.

The array (thirty small integers, kept as bytes by a position: its *cells*): the 24 points by
absolute index (White's point minus one), White's checkers positive and Black's negative; then
each player's bar, borne-off count and courier flag.

A step is coded ``origin * 6 + die - 1`` (origin 0 is the bar, 1–24 the player's own points),
which is also its action id when the game is played one die at a time.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ludotheque.core.errors import LudothequeError
from ludotheque.games.jacquet.rules import (
    BAR,
    CHECKERS,
    FOURTH_TABLE,
    HALF_TRACK,
    OFF,
    TALON,
    Board,
    Reading,
)

BAR_AT = 24  # + player
OFF_AT = 26  # + player
COURIER_AT = 28  # + player
FOURTH_TABLE_START = FOURTH_TABLE.start
#: Ids of a decision that plays two dice (OpenSpiel backgammon's convention): each of the two
#: dice's origins, or none, as 26 values.
PAIR_ACTIONS = 26 * 26
NO_STEP = -1


def to_cells(board: Board) -> bytes:
    """The compact form of a board a :class:`~ludotheque.games.jacquet.position.Position`
    keeps: the array's thirty values as bytes."""
    return np.array(board.points + board.bar + board.off + board.couriers, np.int8).tobytes()


def to_array(cells: bytes) -> np.ndarray:
    """A fresh array of the cells, for the compiled functions to work on."""
    return np.frombuffer(cells, np.int8).copy()


def board_of(cells: bytes) -> Board:
    """The readable board the cells stand for."""
    values = list(np.frombuffer(cells, np.int8).tolist())
    return Board(
        tuple(values[:24]),
        (values[BAR_AT], values[BAR_AT + 1]),
        (values[OFF_AT], values[OFF_AT + 1]),
        (bool(values[COURIER_AT]), bool(values[COURIER_AT + 1])),
    )


#: The reading as the compiled functions take it, one bit per rule that differs.
HITTING, TALON_LOCKED, HIGHER_DIE, BEAR_OFF_COMPULSORY = 1, 2, 4, 8


def flags(reading: Reading) -> int:
    """The reading's rules as bits: the ``rules`` argument of the functions below."""
    return (
        HITTING * reading.hitting
        | TALON_LOCKED * reading.talon_locked
        | HIGHER_DIE * reading.higher_die
        | BEAR_OFF_COMPULSORY * reading.bear_off_compulsory
    )


def step_code(origin: int, die: int) -> int:
    return origin * 6 + die - 1


def step_of(code: int) -> tuple[int, int]:
    """(origin, die) of a step code."""
    return code // 6, code % 6 + 1


@njit(cache=True)
def _index(player: int, point: int) -> int:
    return (point - 1 + HALF_TRACK * player) % 24


@njit(cache=True)
def _mine(a: np.ndarray, player: int, point: int) -> int:
    c = a[_index(player, point)]
    if player == 0:
        return c if c > 0 else 0
    return -c if c < 0 else 0


@njit(cache=True)
def _theirs(a: np.ndarray, player: int, point: int) -> int:
    c = a[_index(player, point)]
    if player == 0:
        return -c if c < 0 else 0
    return c if c > 0 else 0


@njit(cache=True)
def _status(a: np.ndarray, player: int) -> tuple[bool, bool, int]:
    """(every checker in the fourth table, a checker has left the talon, the foremost checker's
    point): asked of every step, so computed once per position."""
    home = a[BAR_AT + player] == 0
    out = a[BAR_AT + player] > 0
    front = 0
    for p in range(1, 25):
        if _mine(a, player, p) > 0:
            front = p
            if p < FOURTH_TABLE_START:
                home = False
            if p > TALON:
                out = True
    return home, out, front


@njit(cache=True)
def _destination(
    a: np.ndarray, player: int, origin: int, die: int, rules: int, home: bool, out: bool, front: int
) -> int:
    """Where the step goes (1–24 or OFF), or -1 if the rules forbid it; ``home``, ``out`` and
    ``front`` as :func:`_status` gives them."""
    if a[BAR_AT + player] > 0:
        # Rule "entering again" (DLP).
        if origin != BAR:
            return -1
    elif origin == BAR or _mine(a, player, origin) == 0:
        return -1
    target = origin + die
    if target >= OFF:
        # Rule "bearing off": every checker in the fourth table.
        if not home:
            return -1
        struck = OFF - die
        if origin == struck:
            return OFF
        # Rule "a lower checker".
        if _mine(a, player, struck) > 0:
            return -1
        for p in range(struck + 1, OFF):
            if _mine(a, player, p) > 0:
                return OFF if p == origin else -1
        return -1
    # Rule "bearing off is compulsory": a die that can bear a checker off moves no other.
    if rules & BEAR_OFF_COMPULSORY and home and front >= OFF - die:
        return -1
    if a[COURIER_AT + player] == 0:
        # Rule "the courier" (1840).
        if rules & TALON_LOCKED and origin == TALON and out:
            return -1
        # Rule "no pairing before the courier".
        if target != TALON and _mine(a, player, target) > 0:
            return -1
    opposing = _theirs(a, player, target)
    # Rule "no hitting" (1840) / a point held by two (DLP).
    if opposing > 0 and (not rules & HITTING or opposing > 1):
        return -1
    return target


@njit(cache=True)
def _play(a: np.ndarray, player: int, origin: int, die: int) -> int:
    """Play a legal step in place; return what :func:`_undo` needs (1: a hit, 2: the courier
    came home)."""
    sign = 1 if player == 0 else -1
    if origin == BAR:
        a[BAR_AT + player] -= 1
    else:
        a[_index(player, origin)] -= sign
    target = origin + die
    if target >= OFF:
        a[OFF_AT + player] += 1
        return 0
    undo = 0
    at = _index(player, target)
    if a[at] == -sign:
        # Rule "hitting" (DLP).
        a[at] = 0
        a[BAR_AT + 1 - player] += 1
        undo = 1
    a[at] += sign
    if target >= FOURTH_TABLE_START and a[COURIER_AT + player] == 0:
        # Rule "the courier".
        a[COURIER_AT + player] = 1
        undo += 2
    return undo


@njit(cache=True)
def _play_codes(a: np.ndarray, player: int, code: int, second: int) -> None:
    _play(a, player, code // 6, code % 6 + 1)
    if second != NO_STEP:
        _play(a, player, second // 6, second % 6 + 1)


def play(cells: bytes, player: int, codes: list[int]) -> bytes:
    """The cells after legal steps, given by their codes (one decision's: one or two)."""
    a = to_array(cells)
    for at in range(0, len(codes), 2):
        pair = codes[at : at + 2]
        _play_codes(a, player, pair[0], pair[1] if len(pair) == 2 else NO_STEP)
    return a.tobytes()


@njit(cache=True)
def _undo(a: np.ndarray, player: int, origin: int, die: int, undo: int) -> None:
    sign = 1 if player == 0 else -1
    if origin == BAR:
        a[BAR_AT + player] += 1
    else:
        a[_index(player, origin)] += sign
    target = origin + die
    if target >= OFF:
        a[OFF_AT + player] -= 1
        return
    at = _index(player, target)
    a[at] -= sign
    if undo & 1:
        a[at] = -sign
        a[BAR_AT + 1 - player] -= 1
    if undo & 2:
        a[COURIER_AT + player] = 0


@njit(cache=True)
def _origin_range(a: np.ndarray, player: int) -> tuple[int, int]:
    """Origins to try: the bar alone while a checker is on it, else the points 1–24."""
    if a[BAR_AT + player] > 0:
        return BAR, BAR + 1
    return 1, 25


# Dice still to play are (first, second, n): two different dice when n == 2 and first !=
# second, else n dice showing ``first``.


@njit(cache=True)
def _after(first: int, second: int, n: int, die: int) -> tuple[int, int, int]:
    """The dice left once ``die`` is played."""
    if n == 2 and first != second:
        other = second if die == first else first
        return other, other, 1
    return first, first, n - 1


@njit(cache=True)
def _most(a: np.ndarray, player: int, first: int, second: int, n: int, rules: int) -> int:
    """How many of the dice can be played, in the best order."""
    best = 0
    home, out, front = _status(a, player)
    start, stop = _origin_range(a, player)
    kinds = 2 if (n == 2 and first != second) else 1
    for k in range(kinds):
        die = first if k == 0 else second
        f, s, m = _after(first, second, n, die)
        for origin in range(start, stop):
            if _destination(a, player, origin, die, rules, home, out, front) < 0:
                continue
            if n == 1:
                return 1
            undo = _play(a, player, origin, die)
            got = 1 + _most(a, player, f, s, m, rules)
            _undo(a, player, origin, die, undo)
            if got > best:
                best = got
                if best == n:
                    return best
    return best


@njit(cache=True)
def _steps_into(
    a: np.ndarray, player: int, first: int, second: int, n: int, rules: int, found: np.ndarray,
    depth: np.ndarray,
) -> int:
    """Write into ``found`` the codes of the steps that begin a complete legal play of the
    dice, in increasing order, and return how many (``depth`` is working space)."""
    if n == 0:
        return 0
    home, left_talon, front = _status(a, player)
    start, stop = _origin_range(a, player)
    low, high = min(first, second), max(first, second)
    kinds = 2 if (n == 2 and first != second) else 1
    count = 0
    need = 0
    for origin in range(start, stop):  # origin, then die: codes come in increasing order
        for k in range(kinds):
            die = low if k == 0 else high
            if _destination(a, player, origin, die, rules, home, left_talon, front) < 0:
                continue
            got = 1
            if n > 1:
                f, s, m = _after(first, second, n, die)
                undo = _play(a, player, origin, die)
                got += _most(a, player, f, s, m, rules)
                _undo(a, player, origin, die, undo)
            found[count] = origin * 6 + die - 1
            depth[count] = got
            count += 1
            need = max(need, got)
    # Rule "the higher die".
    only_high = False
    if rules & HIGHER_DIE and need == 1 and kinds == 2:
        for i in range(count):
            only_high = only_high or found[i] % 6 + 1 == high
    kept = 0
    for i in range(count):
        # Rule "play all the dice you can".
        if depth[i] == need and (not only_high or found[i] % 6 + 1 == high):
            found[kept] = found[i]
            kept += 1
    return kept


@njit(cache=True)
def _legal_steps(
    a: np.ndarray, player: int, first: int, second: int, n: int, rules: int
) -> np.ndarray:
    """Codes of the steps that begin a complete legal play of the dice, in increasing order."""
    found = np.empty(150, np.int64)
    depth = np.empty(150, np.int64)
    return found[: _steps_into(a, player, first, second, n, rules, found, depth)]


def dice_args(dice: tuple[int, ...]) -> tuple[int, int, int]:
    """The compiled functions' form of the dice still to play."""
    if not dice:
        return 0, 0, 0
    return dice[0], dice[-1], len(dice)


@njit(cache=True)
def _legal_steps_of(
    cells: np.ndarray, player: int, first: int, second: int, n: int, rules: int
) -> np.ndarray:
    """:func:`_legal_steps` on a copy of ``cells`` made here, so that a read-only view of a
    position's bytes is passed as it is: asked at every action, a copy costs less in compiled
    code than in numpy."""
    return _legal_steps(cells.copy(), player, first, second, n, rules)


def legal_steps(cells: bytes, player: int, dice: tuple[int, ...], rules: int) -> list[int]:
    """Codes of the steps that begin a complete legal play of ``dice``."""
    found = _legal_steps_of(np.frombuffer(cells, np.int8), player, *dice_args(dice), rules)
    steps: list[int] = found.tolist()
    return steps


@njit(cache=True)
def pair_code(doublet: bool, high: int, first: int, second: int) -> int:
    """The pair id of up to two step codes (-1: none), as :func:`legal_pairs` gives them."""
    if doublet:
        a = first // 6 if first >= 0 else NO_STEP
        b = second // 6 if second >= 0 else NO_STEP
        if b != NO_STEP and b < a:
            a, b = b, a
        return (a + 1) * 26 + b + 1
    by_die_high = NO_STEP
    by_die_low = NO_STEP
    for code in (first, second):
        if code >= 0:
            if code % 6 + 1 == high:
                by_die_high = code // 6
            else:
                by_die_low = code // 6
    return (by_die_high + 1) * 26 + by_die_low + 1


@njit(cache=True)
def _occupied(a: np.ndarray, player: int, into: np.ndarray) -> int:
    """Write the origins holding ``player``'s checkers (the bar alone while it holds one) into
    ``into``; return how many."""
    if a[BAR_AT + player] > 0:
        into[0] = BAR
        return 1
    count = 0
    for point in range(1, 25):
        if _mine(a, player, point) > 0:
            into[count] = point
            count += 1
    return count


@njit(cache=True)
def _simple_pairs(
    a: np.ndarray, player: int, high: int, low: int, rules: int, firsts: np.ndarray,
    seconds: np.ndarray,
) -> None:
    """The legal plays of a coup simple: ``firsts[pair]`` and ``seconds[pair]`` receive each
    legal pair's step codes, in an order in which they can be played. Written out, not
    searched: most throws are coups simples."""
    found = False
    home, left_talon, front = _status(a, player)
    origins = np.empty(25, np.int64)
    then = np.empty(25, np.int64)
    count = _occupied(a, player, origins)
    for order in range(2):
        die, other = (high, low) if order == 0 else (low, high)
        for i in range(count):
            origin = origins[i]
            if _destination(a, player, origin, die, rules, home, left_talon, front) < 0:
                continue
            undo = _play(a, player, origin, die)
            home2, left2, front2 = _status(a, player)
            for j in range(_occupied(a, player, then)):
                origin2 = then[j]
                if _destination(a, player, origin2, other, rules, home2, left2, front2) < 0:
                    continue
                code, code2 = origin * 6 + die - 1, origin2 * 6 + other - 1
                pair = pair_code(False, high, code, code2)
                if firsts[pair] == NO_STEP:
                    firsts[pair], seconds[pair] = code, code2
                    found = True
            _undo(a, player, origin, die, undo)
    if not found:
        # Rule "play all the dice you can": both if they can be, else one (see _legal_steps).
        for code in _legal_steps(a, player, high, low, 2, rules):
            firsts[pair_code(False, high, code, NO_STEP)] = code


@njit(cache=True)
def _one_per_board(a: np.ndarray, player: int, firsts: np.ndarray, seconds: np.ndarray) -> None:
    """Keep one pair for each board the pairs leave, the smallest id: two ways to the same
    board are one play (one checker taking both dice in either order, or one checker moving
    onto the point another leaves)."""
    count = 0
    for pair in range(PAIR_ACTIONS):
        count += firsts[pair] != NO_STEP
    boards = np.empty((count, a.size), a.dtype)
    hashes = np.empty(count, np.int64)
    kept = 0
    for pair in range(PAIR_ACTIONS):  # increasing ids: the first of each board is the smallest
        first, second = firsts[pair], seconds[pair]
        if first == NO_STEP:
            continue
        undo = _play(a, player, first // 6, first % 6 + 1)
        if second != NO_STEP:
            undo2 = _play(a, player, second // 6, second % 6 + 1)
        digest = 0
        for cell in a:
            digest = digest * 31 + cell
        duplicate = False
        for k in range(kept):
            if hashes[k] == digest and (boards[k] == a).all():
                duplicate = True
                break
        if duplicate:
            firsts[pair] = NO_STEP
        else:
            boards[kept] = a
            hashes[kept] = digest
            kept += 1
        if second != NO_STEP:
            _undo(a, player, second // 6, second % 6 + 1, undo2)
        _undo(a, player, first // 6, first % 6 + 1, undo)


@njit(cache=True)
def _legal_pairs(
    a: np.ndarray, player: int, first: int, second: int, n: int, rules: int
) -> np.ndarray:
    """The legal decisions that play up to two dice at once: rows of (pair id, first step
    code, second step code or -1), the steps in an order in which they can be played, by id."""
    firsts = np.full(PAIR_ACTIONS, NO_STEP, np.int64)
    seconds = np.full(PAIR_ACTIONS, NO_STEP, np.int64)
    if n == 2 and first != second:
        _simple_pairs(a, player, first, second, rules, firsts, seconds)
    else:
        for code in _legal_steps(a, player, first, second, n, rules):
            origin, die = code // 6, code % 6 + 1
            f, s, m = _after(first, second, n, die)
            undo = _play(a, player, origin, die)
            following = _legal_steps(a, player, f, s, m, rules)
            _undo(a, player, origin, die, undo)
            if following.size == 0:
                firsts[pair_code(True, die, code, NO_STEP)] = code
            for other in following:
                pair = pair_code(True, die, code, other)
                if firsts[pair] == NO_STEP:
                    firsts[pair], seconds[pair] = code, other
    _one_per_board(a, player, firsts, seconds)
    count = 0
    for pair in range(PAIR_ACTIONS):
        count += firsts[pair] != NO_STEP
    rows = np.empty((count, 3), np.int64)
    at = 0
    for pair in range(PAIR_ACTIONS):
        if firsts[pair] != NO_STEP:
            rows[at, 0], rows[at, 1], rows[at, 2] = pair, firsts[pair], seconds[pair]
            at += 1
    return rows


def legal_pairs(cells: bytes, player: int, dice: tuple[int, ...], rules: int) -> np.ndarray:
    """The decisions that play up to two of ``dice`` at once: rows of (pair id, first step
    code, second step code or -1)."""
    return _legal_pairs(to_array(cells), player, *dice_args(dice), rules)


@njit(cache=True)
def _playout(a: np.ndarray, player: int, rules: int, seed: int) -> tuple[int, int]:
    np.random.seed(seed)
    turns = 0
    found = np.empty(150, np.int64)
    depth = np.empty(150, np.int64)
    while True:
        first, second = np.random.randint(1, 7), np.random.randint(1, 7)
        n = 4 if first == second else 2
        turns += 1
        while n > 0:
            count = _steps_into(a, player, first, second, n, rules, found, depth)
            if count == 0:
                break
            code = found[np.random.randint(0, count)]
            _play(a, player, code // 6, code % 6 + 1)
            first, second, n = _after(first, second, n, code % 6 + 1)
        if a[OFF_AT + player] == CHECKERS:
            return player, turns
        player = 1 - player


def playout(board: Board, player: int, reading: Reading, seed: int) -> tuple[int, int, Board]:
    """Play to the end at random from ``board`` with ``player`` to throw.

    Each die is chosen uniformly among the legal steps, as a random player of the protocol does
    one die at a time. Returns the winner, the number of turns and the final board.
    """
    if player not in (0, 1):
        raise LudothequeError(f"the player to throw is 0 (White) or 1 (Black), not {player!r}.")
    if not isinstance(reading, Reading):
        raise LudothequeError(f"a playout takes a Reading (game.reading), not {reading!r}.")
    for done in (0, 1):
        if board.off[done] == CHECKERS:
            return done, 0, board
    a = to_array(to_cells(board))
    winner, turns = _playout(a, player, flags(reading), seed)
    return int(winner), int(turns), board_of(a.tobytes())
