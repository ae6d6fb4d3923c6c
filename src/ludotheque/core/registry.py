"""The rule sets by id, registered when their package is imported (as OpenSpiel's register_game)."""

from __future__ import annotations

from typing import Any

from ludotheque.core.errors import UnknownGameError, quoted
from ludotheque.core.game import Game

_GAMES: dict[str, type[Game]] = {}


def register(game_class: type[Game]) -> type[Game]:
    """Class decorator: make a rule set loadable by its id."""
    _GAMES[game_class.name] = game_class
    return game_class


def games() -> list[str]:
    """The ids of every rule set, in the order they were registered."""
    return list(_GAMES)


def game_class(name: str) -> type[Game]:
    if not isinstance(name, str):
        raise UnknownGameError(
            f"a game is named by its id, a text such as 'jacquet', not {type(name).__name__}; "
            f"the games are: {', '.join(_GAMES)}."
        )
    try:
        return _GAMES[name]
    except KeyError:
        raise UnknownGameError(
            f"there is no game {quoted(name)}; the games are: {', '.join(_GAMES)}."
        ) from None


def load_game(name: str, **options: Any) -> Game:
    """The rule set ``name`` with these options; unknown names and options are refused."""
    return game_class(name)(**options)
