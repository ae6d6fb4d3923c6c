"""Game-independent machinery: the protocol, options, records, dice, statistics."""

from ludotheque.core.errors import (
    IllegalMoveError,
    LudothequeError,
    NotationError,
    OptionError,
    RecordError,
    UnknownGameError,
)
from ludotheque.core.game import CHANCE, TERMINAL, Game, GameInfo, State
from ludotheque.core.options import Option
from ludotheque.core.record import Record
from ludotheque.core.registry import game_class, games, load_game, register

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Game",
    "GameInfo",
    "IllegalMoveError",
    "LudothequeError",
    "NotationError",
    "Option",
    "OptionError",
    "Record",
    "RecordError",
    "State",
    "UnknownGameError",
    "game_class",
    "games",
    "load_game",
    "register",
]
