"""A simple judge of Jacquet positions, for the ``heuristic`` computer player.

It weighs what a player of the time would: the race (pip counts), the points held in front of
the opponent's checkers, which the 1840 text recommends («Un joueur habile s'étend et occupe le
plus grand nombre possible de flèches… on retarde ainsi sa marche»), and, where checkers are
hit (the DLP reading), the lone checkers left within a die's reach of an opposing one.

>>> from ludotheque.games.jacquet.rules import MOULIDARS, Board
>>> evaluate(Board.opening(), 0, MOULIDARS)
0.0
"""

from __future__ import annotations

from ludotheque.games.jacquet.rules import HALF_TRACK, TALON, Board, Reading, pips

#: Pips a held point is worth for each opposing checker it stands in front of (within 6).
BLOCK = 1.5
#: Pips a lone checker within reach of an opposing checker costs (the DLP reading).
BLOT = 4.0
#: Pips a run of held points is worth, times the square of its length: six in a row cannot be
#: passed at all.
RUN = 3.0


def _opponent_point(point: int) -> int:
    """The opponent's number for a player's point."""
    return (point - 1 + HALF_TRACK) % 24 + 1


def _pressure(board: Board, player: int, reading: Reading) -> float:
    """What ``player``'s checkers do to the opponent: points held in his way, minus blots."""
    opponent = 1 - player
    value = 0.0
    run = 0
    for point in range(2, 26):
        mine = board.mine(player, point) if point < 25 else 0
        if not mine:
            value += RUN * run * run if run > 1 else 0.0
            run = 0
            continue
        run += 1
        theirs_at = _opponent_point(point)  # where this point lies on the opponent's track
        behind = sum(
            board.mine(opponent, theirs_at - d) for d in range(1, 7) if theirs_at - d >= TALON
        )
        value += BLOCK * min(behind, 3)
        if reading.hitting and mine == 1 and behind:
            value -= BLOT
    return value


def evaluate(board: Board, player: int, reading: Reading) -> float:
    """How good ``board`` is for ``player``, in pips: positive is ahead."""
    race = pips(board, 1 - player) - pips(board, player)
    return race + _pressure(board, player, reading) - _pressure(board, 1 - player, reading)
