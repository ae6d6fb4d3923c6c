"""Jacquet (de Moulidars, 1840): a race round the trictrac board, with no hitting."""

from ludotheque.games.jacquet.game import JacquetGame, JacquetState
from ludotheque.games.jacquet.position import Position, Stage
from ludotheque.games.jacquet.rules import Board, Reading, ReadingName, Step

__all__ = [
    "Board",
    "JacquetGame",
    "JacquetState",
    "Position",
    "Reading",
    "ReadingName",
    "Stage",
    "Step",
]
