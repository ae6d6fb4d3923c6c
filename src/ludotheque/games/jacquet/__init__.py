"""Jacquet (de Moulidars, 1840 per the DLP record): a race round the trictrac board."""

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
