"""Ludothèque: historical parlour games, played exactly as their primary sources describe them.

>>> import ludotheque
>>> "dames-rabattues" in ludotheque.games()
True
>>> game = ludotheque.load_game("dames-rabattues")
>>> game.num_players()
2
"""

# The package of rule sets is imported (it is light: no rule set's rules) before the function
# `games` is bound below, since importing a subpackage for the first time sets its parent's
# attribute of that name, which would replace the function.
import ludotheque.games  # noqa: F401
from ludotheque.core import (
    CHANCE,
    TERMINAL,
    Game,
    LudothequeError,
    Manifest,
    Record,
    State,
    game_class,
    games,
    load_game,
    manifest,
)

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Game",
    "LudothequeError",
    "Manifest",
    "Record",
    "State",
    "game_class",
    "games",
    "load_game",
    "manifest",
]
