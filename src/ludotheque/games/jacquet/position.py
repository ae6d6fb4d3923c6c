"""A position of Jacquet as an immutable value, with a one-line notation both ways.

The notation gives White's checkers, Black's checkers (each in his own numbering, talon = 1),
then the stage: ``lot`` (who throws first is being decided), ``dice:white`` (White's dice are
rolling), ``move:white:6-5:5`` (White threw 6-5 and has the 5 left to play), ``won:white``. A
side is a list such as ``1x14,7``: a point and, after ``x``, how many checkers stand on it;
``bar2`` and ``off3`` count checkers on the bar and borne off, and ``courier`` marks a courier
that came home and is no longer in the fourth table (possible only where checkers are hit).

A position no game reaches is refused with its reason: ``parse`` checks what holds under every
reading (fifteen checkers a side, a win exactly when the winner's last checker is off, a die
left at a decision), and ``JacquetState(game, position)`` what depends on the options (the bar
and a lost courier only where checkers are hit, a legal step at a decision).

>>> p = Position.parse("1x15 1x15 lot")
>>> p == Position()
True
>>> p.draw_lot(0).roll(Throw(6, 5))
Position('1x15 1x15 move:white:6-5:6,5')
>>> Position.parse("1x14,20 1x15 dice:black").board.couriers
(True, False)
"""

from __future__ import annotations

from enum import Enum
from typing import Any, NamedTuple

from ludotheque.core.dice import Throw
from ludotheque.core.errors import NotationError, quoted
from ludotheque.core.numbers import parse_int
from ludotheque.games.jacquet import fast
from ludotheque.games.jacquet.rules import (
    CHECKERS,
    FOURTH_TABLE,
    Board,
    Step,
    check,
    dice_of,
    index_of,
)
from ludotheque.games.jacquet.view import Seat

SEATS: tuple[Seat, Seat] = ("white", "black")


class Stage(Enum):
    LOT = "lot"
    DICE = "dice"
    MOVE = "move"
    WON = "won"


#: The stages as the module's own names, for the code a game runs at every action: Python
#: 3.11 finds a module's name several times faster than an Enum's member (30 ns and 240 here).
LOT = Stage.LOT
DICE = Stage.DICE
MOVE = Stage.MOVE
WON = Stage.WON


_OPENING = fast.to_cells(Board.opening())


class Position(NamedTuple):
    """The board, whose turn it is and at what stage, and the dice left to play.

    The board is kept compact (``cells``, see :mod:`~ludotheque.games.jacquet.fast`) and the
    value is a named tuple, because a game makes a new position at every action; :attr:`board`
    reads the cells.
    """

    cells: bytes = _OPENING
    stage: Stage = Stage.LOT
    to_move: int = 0
    throw: Throw | None = None
    dice: tuple[int, ...] = ()

    @classmethod
    def of(cls, board: Board, stage: Stage = Stage.LOT, to_move: int = 0, **rest: Any) -> Position:
        return cls(fast.to_cells(board), stage, to_move, **rest)

    @property
    def board(self) -> Board:
        return fast.board_of(self.cells)

    def draw_lot(self, first: int) -> Position:
        # Rule "the first throw": «On tire au plus fort dé pour savoir qui jouera le premier».
        return Position(self.cells, DICE, first)

    def roll(self, throw: Throw) -> Position:
        """The throw has fallen: its dice are to be played (or the turn passes, see
        :meth:`end_turn_if_done`)."""
        return Position(self.cells, MOVE, self.to_move, throw, dice_of(*throw.dice))

    def play(self, *steps: Step) -> Position:
        """The position after legal steps of the player to move."""
        return self.play_codes([fast.step_code(step.origin, step.die) for step in steps])

    def play_codes(self, codes: list[int]) -> Position:
        """:meth:`play` with the steps given by their codes (see :mod:`.fast`)."""
        cells = fast.play(self.cells, self.to_move, codes)
        left = self.dice
        for code in codes:
            at = left.index(code % 6 + 1)
            left = left[:at] + left[at + 1 :]
        # Rule "the end": «Celui qui parvient le premier à faire sortir toutes ses dames a gagné».
        won = cells[fast.OFF_AT + self.to_move] == CHECKERS
        return Position(cells, WON if won else self.stage, self.to_move, self.throw, left)

    def end_turn(self) -> Position:
        """The turn passes: the other player's dice roll next."""
        return Position(self.cells, DICE, 1 - self.to_move, self.throw)

    @property
    def winner(self) -> int | None:
        return self.to_move if self.stage is WON else None

    def __str__(self) -> str:
        sides = " ".join(_side_text(self.board, player) for player in (0, 1))
        stage = self.stage.value
        if self.stage is Stage.LOT:
            return f"{sides} lot"
        text = f"{sides} {stage}:{SEATS[self.to_move]}"
        if self.stage is Stage.MOVE:
            text += f":{self.throw}:{','.join(map(str, self.dice))}"
        return text

    def __repr__(self) -> str:
        return f"Position({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Position:
        """Read the notation written by ``str``."""
        parts = text.split()
        if len(parts) != 3:
            raise NotationError(
                f"{text.strip()!r} is not a Jacquet position; write White's side, Black's side "
                "and the stage, such as '1x15 1x15 lot' or '1x14,7 1x15 dice:black'."
            )
        sides = [_parse_side(parts[0]), _parse_side(parts[1])]
        points = [0] * 24
        for player, (on_points, _bar, _off, _courier) in enumerate(sides):
            for point, count in on_points.items():
                at = index_of(player, point)
                if points[at]:
                    raise NotationError(
                        f"White's and Black's checkers cannot share a point, as they do in "
                        f"{text.strip()!r}."
                    )
                points[at] = count if player == 0 else -count
        courier = [
            sides[p][3] or sides[p][2] > 0 or any(point in FOURTH_TABLE for point in sides[p][0])
            for p in (0, 1)
        ]
        board = Board(
            tuple(points),
            (sides[0][1], sides[1][1]),
            (sides[0][2], sides[1][2]),
            (courier[0], courier[1]),
        )
        check(board)
        return _parse_stage(board, parts[2])


def _side_text(board: Board, player: int) -> str:
    items = []
    if board.bar[player]:
        items.append(f"bar{board.bar[player]}")
    for point in range(1, 25):
        count = board.mine(player, point)
        if count:
            items.append(str(point) if count == 1 else f"{point}x{count}")
    if board.off[player]:
        items.append(f"off{board.off[player]}")
    derived = board.off[player] > 0 or any(board.mine(player, p) for p in FOURTH_TABLE)
    if board.couriers[player] and not derived:
        items.append("courier")
    return ",".join(items)


def _parse_side(text: str) -> tuple[dict[int, int], int, int, bool]:
    points: dict[int, int] = {}
    bar = off = 0
    courier = False
    for item in text.lower().split(","):
        try:
            if item == "courier":
                courier = True
            elif item.startswith("bar"):
                bar = _count(item[3:])
            elif item.startswith("off"):
                off = _count(item[3:])
            else:
                point, _, count = item.partition("x")
                if not 1 <= _count(point) <= 24 or _count(point) in points:
                    raise ValueError
                points[_count(point)] = _count(count) if count else 1
                if points[_count(point)] < 1:
                    raise ValueError
        except ValueError:
            raise NotationError(
                f"{quoted(item)} is not part of a side; write point[xcount] (1 to 24), barN, offN "
                "or courier, separated by commas, such as 1x14,7."
            ) from None
    return points, bar, off, courier


def _parse_stage(board: Board, text: str) -> Position:
    word, _, rest = text.lower().partition(":")
    seat, _, dice_text = rest.partition(":")
    try:
        stage = Stage(word)
        to_move = SEATS.index(seat) if stage is not Stage.LOT else 0
        if (stage is Stage.LOT) != (seat == ""):
            raise ValueError
        if stage is Stage.MOVE:
            throw_text, _, left = dice_text.partition(":")
            throw = Throw.parse(throw_text)
            dice = tuple(_count(d) for d in left.split(",")) if left else ()
            full = list(dice_of(*throw.dice))
            for die in dice:
                full.remove(die)
        elif dice_text:
            raise ValueError
    except (ValueError, NotationError):
        raise NotationError(
            f"{quoted(text)} is not a stage; write lot, dice:SEAT, move:SEAT:THROW:DICE-LEFT "
            "(such as move:white:6-5:5) or won:SEAT, the seat being white or black."
        ) from None
    _check_over(board, stage, to_move, text)
    if stage is Stage.MOVE:
        if not dice:
            # The turn passes as soon as its dice are played (JacquetState._apply).
            raise NotationError(
                f"{quoted(text)} leaves no die to play, and a turn passes once its dice are "
                f"played; write the dice left, such as move:{seat}:{throw}:{throw.dice[-1]}, or "
                f"dice:{SEATS[1 - to_move]}."
            )
        return Position.of(board, stage, to_move, throw=throw, dice=dice)
    return Position.of(board, stage, to_move)


def _check_over(board: Board, stage: Stage, to_move: int, text: str) -> None:
    """Refuse a position where the game's end does not match the checkers borne off."""
    # Rule "the end": the first to bear off all fifteen wins, and the game stops there; so at
    # most one player has all his checkers off, and only once the game is won by him.
    finished = [player for player in (0, 1) if board.off[player] == CHECKERS]
    names = ("White", "Black")
    if len(finished) == 2:
        raise NotationError(
            "both players cannot have all fifteen checkers off, since the game ends when the "
            "first bears off his last; only the winner's are all off."
        )
    if stage is Stage.WON and finished != [to_move]:
        raise NotationError(
            f"won:{SEATS[to_move]} needs all fifteen of {names[to_move]}'s checkers off, not "
            f"{board.off[to_move]}."
        )
    if stage is not Stage.WON and finished:
        winner = finished[0]
        raise NotationError(
            f"{names[winner]} has all fifteen checkers off, so the game is over: write "
            f"won:{SEATS[winner]}, not {quoted(text)}."
        )


def _count(text: str) -> int:
    """A number of a position, strictly (ASCII digits); the parser that reads the item tells a
    ValueError as the item's form."""
    number = parse_int(text)
    if number is None:
        raise ValueError(text)
    return number
