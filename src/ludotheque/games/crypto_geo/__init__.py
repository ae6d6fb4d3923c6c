"""Crypto géographique (Éditions Edmond Dujardin): the map of France as a card game.

Two rule sets: the combinations game (``game.py``) and the leaflet's «autre règle», a chain of
touching départements (``chain.py``).
"""

from ludotheque.games.crypto_geo.chain import (
    CryptoGeographiqueChainGame,
    CryptoGeographiqueChainState,
)
from ludotheque.games.crypto_geo.game import CryptoGeographiqueGame, CryptoGeographiqueState

__all__ = [
    "CryptoGeographiqueChainGame",
    "CryptoGeographiqueChainState",
    "CryptoGeographiqueGame",
    "CryptoGeographiqueState",
]
