"""The How to play of both Crypto géographique games as a table's options have it (the
manifests' ``told``): each sentence an option changes, as the doc says it at the defaults and
as it reads at this table.

>>> import ludotheque
>>> combinations(ludotheque.load_game("crypto-geographique", points=500))[0][1]
'The game goes to 500 points.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ludotheque.core.game import Game

#: Small counts as the sentences write them.
WORDS = ("no", "one", "two", "three")

COMBINATIONS = ("Combinations of départements touching each other: paire (2) 10 points, brelan "
                "(3) 50, carré (4) 100, quinte (5) 150, sizaine (6) 200, complet (7) 300.")


def goes_to(points: int) -> str:
    return f"The game goes to {points:,} points."


def combinations(game: Game) -> list[tuple[str, str]]:
    """The combinations game: its target, and what a combination is."""
    told = [(goes_to(1000), goes_to(game.options["points"]))]
    if game.options["groups"] == "chain":
        told.append((COMBINATIONS, COMBINATIONS.replace(
            "Combinations of départements touching each other",
            "Combinations are chains of départements, each touching the next (groups=chain)")))
    return told


ROUNDS = "The game lasts one round, or two or three (option `rounds`)."


def chain(game: Game) -> list[tuple[str, str]]:
    """The chain game: how many rounds it lasts."""
    rounds = game.options["rounds"]
    return [(ROUNDS, ROUNDS if rounds == 1
             else f"The game lasts {WORDS[rounds]} rounds (option `rounds`).")]
