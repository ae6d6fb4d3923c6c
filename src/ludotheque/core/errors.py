"""Errors the library raises at its users.

Each carries one sentence that names what was wrong and what is allowed, so the CLI can print it
as it is and a game in progress is left untouched (every check happens before any change).
"""


class LudothequeError(Exception):
    """Base of every error meant to be shown to a person as one sentence."""


class UnknownGameError(LudothequeError):
    """No rule set has this id."""


class OptionError(LudothequeError):
    """An option that the game does not declare, or a value it does not allow."""


class NotationError(LudothequeError):
    """A move or chance outcome written in a form the game cannot read here."""


class IllegalMoveError(LudothequeError):
    """An action that is not legal in the current state."""


class RecordError(LudothequeError):
    """A game record that is corrupt or does not fit its game."""
