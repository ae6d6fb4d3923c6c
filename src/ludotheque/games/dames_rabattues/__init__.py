"""Dames rabattues (Encyclopédie méthodique, 1792): a dice race on the trictrac board."""

from ludotheque.games.dames_rabattues.game import DamesRabattuesGame, DamesRabattuesState
from ludotheque.games.dames_rabattues.position import Position
from ludotheque.games.dames_rabattues.rules import Passing, Phase, Reading, Side

__all__ = [
    "DamesRabattuesGame",
    "DamesRabattuesState",
    "Passing",
    "Phase",
    "Position",
    "Reading",
    "Side",
]
