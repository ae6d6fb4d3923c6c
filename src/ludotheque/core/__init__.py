"""The protocol every rule set follows, and nothing that knows a rule set: states and games,
options, errors, records, chance (dice, cards), manifests and the registry that finds them."""

from ludotheque.core.errors import (
    IllegalMoveError,
    LudothequeError,
    NotationError,
    OptionError,
    RecordError,
    UnknownGameError,
)
from ludotheque.core.game import CHANCE, TERMINAL, Game, Outcome, State, Turn
from ludotheque.core.manifest import GameInfo, Manifest
from ludotheque.core.options import Option
from ludotheque.core.record import Record
from ludotheque.core.registry import game_class, games, load_game, manifest, manifests, register

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Game",
    "GameInfo",
    "IllegalMoveError",
    "LudothequeError",
    "Manifest",
    "NotationError",
    "Option",
    "OptionError",
    "Outcome",
    "Record",
    "RecordError",
    "State",
    "Turn",
    "UnknownGameError",
    "game_class",
    "games",
    "load_game",
    "manifest",
    "manifests",
    "register",
]
