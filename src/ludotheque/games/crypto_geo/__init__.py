"""Crypto géographique (Éditions Edmond Dujardin): the map of France as a card game.

In progress: the départements and their borders, and the combinations a hand scores. The two
rule sets themselves (the combinations game and the «autre règle») come next.
"""
