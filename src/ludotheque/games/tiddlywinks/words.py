"""How the tiddlywinks tables say things in the reader's language: numbers with his decimal
sign, seats and counters by his words for their colours, and the French words of a typed move
read as the notation's.

Notation never changes: a shot is written ``red 3 aim cup pressure 0.50 steep 40`` in every
language. What a person reads in a sentence follows his language, and what he types may be
French.

>>> from ludotheque.core.i18n import reading
>>> number(92.125, ".1f"), number(-1.5, "+.2f")
('92.1', '-1.50')
>>> with reading("fr"):
...     number(92.125, ".1f"), number(-1.5, "+.2f"), counter_words(5, 4)
('92,1', '-1,50', 'bleu 2')
>>> english("rouge 1 vise coupe+2 pression 0,5 inclinaison 60"), english("passe")
('red 1 aim cup+2 pressure 0.5 steep 60', 'pass')
"""

from __future__ import annotations

import re

from babel.numbers import get_decimal_symbol, get_minus_sign_symbol

from ludotheque.core.i18n import _, language
from ludotheque.games.tiddlywinks.options import COLOURS


def number(value: float, form: str = ".0f") -> str:
    """``value`` written with Python's format ``form`` (``.2f``, ``+.2f``, ``g``) in the reader's
    signs: English exactly as Python writes it, French with a decimal comma. The digits are
    Python's rounding in every language, so a number reads the same wherever it is told."""
    text = format(value, form)
    place = language()
    return text.replace("-", get_minus_sign_symbol(place)).replace(
        ".", get_decimal_symbol(place))


def colour(player: int) -> str:
    """A seat's colour in the reader's words (``rouge``)."""
    return _(COLOURS[player])


def counter_words(counter: int, per_player: int) -> str:
    """A counter as a sentence names it: its owner's colour in the reader's words and its
    number (``rouge 3``); the notation and the view keep ``red 3``."""
    owner, number_ = divmod(counter, per_player)
    return f"{colour(owner)} {number_ + 1}"


#: The French words a person may type in a move (lower case, accents or not), and the
#: notation's word each stands for: the colours, ``passe``, and a shot's keywords (``vise``
#: the aim, ``coupe`` the cup, ``pression``, ``inclinaison`` the squidger's steepness).
FRENCH = {
    "rouge": "red", "bleu": "blue", "vert": "green", "jaune": "yellow", "violet": "purple",
    "passe": "pass", "vise": "aim", "coupe": "cup", "pression": "pressure",
    "inclinaison": "steep",
}
_FRENCH_WORD = re.compile(r"\b(" + "|".join(FRENCH) + r")\b")
# A decimal comma between digits, as a French hand writes 0,5.
_DECIMAL_COMMA = re.compile(r"(?<=\d),(?=\d)")


_NOTATION_WORD = re.compile(r"\b(" + "|".join(FRENCH.values()) + r")\b")
_IN_FRENCH = {english: french for french, english in FRENCH.items()}
# A decimal point between digits, as the notation writes 0.5.
_DECIMAL_POINT = re.compile(r"(?<=\d)\.(?=\d)")


def french(move: str) -> str:
    """A move in the notation in the French words :func:`english` reads back.

    >>> french("red 1 aim cup+2 pressure 0.5 steep 60"), french("pass")
    ('rouge 1 vise coupe+2 pression 0,5 inclinaison 60', 'passe')
    """
    return _DECIMAL_POINT.sub(",", _NOTATION_WORD.sub(lambda m: _IN_FRENCH[m[1]], move))


def english(text: str) -> str:
    """A typed move (lower case, single spaces) with its French words and decimal commas
    read as the notation writes them; English text is left as it is."""
    return _DECIMAL_COMMA.sub(".", _FRENCH_WORD.sub(lambda m: FRENCH[m[1]], text))
