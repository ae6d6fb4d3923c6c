"""Ludothèque: historical parlour games, played exactly as their primary sources describe them.

>>> import ludotheque
>>> "dames-rabattues" in ludotheque.games()
True
>>> game = ludotheque.load_game("dames-rabattues")
>>> game.num_players()
2
"""

# Importing the rule sets registers them. It must come before `games` is bound below: importing
# the subpackage ludotheque.games sets the attribute of that name, which the function replaces.
import ludotheque.games  # noqa: F401
from ludotheque.core import (
    CHANCE,
    TERMINAL,
    Game,
    LudothequeError,
    Record,
    State,
    game_class,
    games,
    load_game,
)

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Game",
    "LudothequeError",
    "Record",
    "State",
    "game_class",
    "games",
    "load_game",
]
