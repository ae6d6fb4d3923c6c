"""Crypto-90 (Éditions Edmond Dujardin): rows of numbered cards put in order, with fakirs."""

from ludotheque.games.crypto90.game import Crypto90Game, Crypto90State
from ludotheque.games.crypto90.table import Phase, Table

__all__ = ["Crypto90Game", "Crypto90State", "Phase", "Table"]
