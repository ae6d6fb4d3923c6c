"""Crypto géographique (Éditions Edmond Dujardin): the map of France as a card game.

The combinations game is here; the «autre règle» (the chain game) comes next.
"""

from ludotheque.games.crypto_geo.game import CryptoGeographiqueGame, CryptoGeographiqueState

__all__ = ["CryptoGeographiqueGame", "CryptoGeographiqueState"]
