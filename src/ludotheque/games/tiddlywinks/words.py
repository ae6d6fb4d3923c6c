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

A shot is told by where its counter went, in centimetres and from the cup, as a newcomer sees
it (:func:`shot_words`); the notation is kept for the reader who wants it.
"""

from __future__ import annotations

import math
import re
from typing import Literal

from babel.numbers import get_decimal_symbol, get_minus_sign_symbol

from ludotheque.core.i18n import N_, _, language
from ludotheque.games.tiddlywinks.options import COLOURS


def number(value: float, form: str = ".0f") -> str:
    """``value`` written with Python's format ``form`` (``.2f``, ``+.2f``, ``g``) in the reader's
    signs: English exactly as Python writes it, French with a decimal comma. The digits are
    Python's rounding in every language, so a number reads the same wherever it is told."""
    text = format(value, form)
    place = language()
    return text.replace("-", get_minus_sign_symbol(place)).replace(
        ".", get_decimal_symbol(place))


def centimetres(metres: float) -> str:
    """A length as every sentence tells it: in centimetres to a tenth (the millimetre), in the
    reader's decimal sign.

    >>> centimetres(0.1234)
    '12.3 cm'
    """
    return f"{number(metres * 100, '.1f')} cm"


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



#: The first line of a shot that sent its counter over the table's edge, by its heading
#: (:func:`heading`): the next line tells that it went off the table and what the rules did.
_OFF = {
    "towards": N_("{counter} jumped {distance} and flew past the cup"),
    "left": N_("{counter} jumped {distance} wide of the cup to the left"),
    "right": N_("{counter} jumped {distance} wide of the cup to the right"),
    "away": N_("{counter} jumped {distance} away from the cup"),
}
#: The first line of a shot whose counter came down on the cloth clear of the cup's way, by its
#: heading (one towards the cup says whether it stopped short of the cup or beyond it).
_ASIDE = {
    "left": N_("{counter} jumped {distance} wide of the cup to the left and stopped {gap} from "
               "it"),
    "right": N_("{counter} jumped {distance} wide of the cup to the right and stopped {gap} "
                "from it"),
    "away": N_("{counter} jumped {distance} away from the cup and stopped {gap} from it"),
}


def _abreast(start: tuple[float, float], end: tuple[float, float]) -> tuple[float, float]:
    """Along a counter's way from ``start`` to ``end``, how far on the cup's axis comes
    abreast (negative: behind it), and how far to the left (+) or right (-) it then lies."""
    (x0, y0), (x1, y1) = start, end
    travel = math.hypot(x1 - x0, y1 - y0) or 1.0  # a counter that stayed: any way will do
    ux, uy = (x1 - x0) / travel, (y1 - y0) / travel
    return -x0 * ux - y0 * uy, -ux * y0 + uy * x0


def heading(start: tuple[float, float], end: tuple[float, float],
            reach: float) -> Literal["towards", "left", "right", "away"]:
    """Which way a counter went from ``start`` to ``end`` (metres from the cup's axis), as its
    player sees it facing the cup: ``towards`` the cup (its way meets the cup, which a
    counter's centre touches ``reach`` from the axis), wide of it to the ``left`` or
    ``right``, or ``away`` from it.

    >>> heading((0.0, -0.4), (0.0, -0.1), 0.035), heading((0.0, -0.4), (-0.1, -0.1), 0.035)
    ('towards', 'left')
    >>> heading((0.0, -0.4), (0.1, -0.1), 0.035), heading((0.0, -0.4), (0.0, -0.45), 0.035)
    ('right', 'away')
    """
    ahead, across = _abreast(start, end)
    if ahead <= 0:
        return "away"
    if abs(across) <= reach:
        return "towards"
    return "right" if across > 0 else "left"


def shot_words(counter: str, start: tuple[float, float], end: tuple[float, float], ending: str,
               jumped: bool, lifts: bool, reach: float) -> str:
    """What a shot did with its counter (``counter``, named in the reader's words), as a
    newcomer reads it: how far it went from ``start`` to ``end`` (metres from the cup's axis:
    where it came to rest, or where it left the table), which way (:func:`heading`), and how it
    ended — ``potted``, on the ``rim``, ``off`` the table (the narration's next line says so),
    or on the ``cloth``, told by the gap between its edge and the cup's side (a counter's
    centre touches the cup ``reach`` from its axis). A counter the squidger did not lift
    (``jumped``) only slid: pressed too lightly if a full press would have lifted it
    (``lifts``), else on a cloth too thin.

    >>> shot_words("red 2", (0.0, -0.4), (0.0, -0.1), "cloth", True, True, 0.035)
    'red 2 jumped 30.0 cm towards the cup and stopped 6.5 cm short of it'
    >>> shot_words("red 2", (0.0, -0.4), (0.01, 0.12), "cloth", True, True, 0.035)
    'red 2 jumped 52.0 cm, flew past the cup and stopped 8.5 cm beyond it'
    >>> shot_words("red 2", (0.0, -0.4), (0.0, -0.39), "cloth", False, True, 0.035)
    'red 2 only slid 1.0 cm: pressed too lightly to rise'
    """
    said = {"counter": counter, "distance": centimetres(math.dist(start, end))}
    if not jumped:
        if said["distance"] == centimetres(0.0):
            return (_("{counter} did not move: pressed too lightly to rise", **said) if lifts
                    else _("{counter} did not move: the cloth is too thin to make it jump",
                           **said))
        return (_("{counter} only slid {distance}: pressed too lightly to rise", **said) if lifts
                else _("{counter} only slid {distance}: the cloth is too thin to make it jump",
                       **said))
    if ending == "potted":
        return _("{counter} jumped {distance} and went into the cup", **said)
    if ending == "rim":
        return _("{counter} jumped {distance} and came to rest on the cup's rim", **said)
    way = heading(start, end, reach)
    if ending == "off":
        return _(_OFF[way], **said)
    said["gap"] = centimetres(max(0.0, math.hypot(*end) - reach))
    if said["gap"] == centimetres(0.0):
        return _("{counter} jumped {distance} and stopped against the cup", **said)
    if way != "towards":
        return _(_ASIDE[way], **said)
    if math.dist(start, end) > _abreast(start, end)[0]:
        return _("{counter} jumped {distance}, flew past the cup and stopped {gap} beyond it",
                 **said)
    return _("{counter} jumped {distance} towards the cup and stopped {gap} short of it", **said)
