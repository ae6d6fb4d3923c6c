"""Errors the library raises at its users.

Each carries one sentence that names what was wrong and what is allowed, so the CLI can print it
as it is and a game in progress is left untouched (every check happens before any change).
"""

from __future__ import annotations

from typing import Any

from ludotheque.core.numbers import MAX_LENGTH


class LudothequeError(ValueError):
    """Base of every error meant to be shown to a person as one sentence: a value (a move, an
    option, a record) that the library cannot take, hence a ``ValueError``, as python-chess's."""


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


def quoted(value: Any) -> str:
    """A value as a sentence quotes it: cut short past a line, since it may be a whole file's
    worth of text or an integer too long for ``repr`` to write.

    >>> quoted("x" * 500)[-3:], quoted(10**5000)
    ('xx…', 'a number of more than 40 digits')

    Text is quoted in another language as it quotes (« Somme » in French), its escapes kept.
    """
    # The languages module raises this module's errors: it is read when a value is quoted.
    from ludotheque.core.i18n import LANGUAGES, _, language

    if isinstance(value, int) and value.bit_length() > 4 * MAX_LENGTH:
        return _("a number of more than {count} digits", count=MAX_LENGTH)
    shown = repr(value)
    if isinstance(value, str) and language() != LANGUAGES[0]:
        inner = shown[1:-1]
        return _("'{text}'", text=inner if len(inner) <= 2 * MAX_LENGTH
                 else f"{inner[:2 * MAX_LENGTH]}…")
    return shown if len(shown) <= 2 * MAX_LENGTH else f"{shown[:2 * MAX_LENGTH]}…"
