"""The rule sets by id, registered when their package is imported (as OpenSpiel's register_game)."""

from __future__ import annotations

from typing import Any

from ludotheque.core.errors import UnknownGameError, quoted
from ludotheque.core.game import Game

_GAMES: dict[str, type[Game]] = {}


def register(game_class: type[Game]) -> type[Game]:
    """Class decorator: make a rule set loadable by its id, which no other rule set has."""
    known = _GAMES.get(game_class.name)
    if known is not None and known is not game_class:
        # Silently replacing the first would play another game under a known name.
        raise ValueError(
            f"the id {game_class.name!r} is {known.__module__}.{known.__qualname__}'s; "
            f"{game_class.__module__}.{game_class.__qualname__} needs another."
        )
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
