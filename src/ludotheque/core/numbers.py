"""Numbers read from text, strictly: every number the library reads from a person or a file.

Python's ``int`` and ``float`` read more than anybody means by a number here: digits of other
scripts (``٣``), underscores (``1_000``), ``nan`` and ``inf``, and any length, raising a bare
ValueError past 4,300 digits; ``str.isdigit`` even admits ``²``, which ``int`` then refuses.
Moves, options, seats, menu choices and records all read their numbers through these two
functions instead: ASCII digits only, at most :data:`MAX_LENGTH` characters, finite. They
never raise: anything else is None, and the caller says in its own sentence what it wanted.

>>> parse_int("42"), parse_int("007"), parse_int("-7"), parse_int("-7", signed=True)
(42, 7, None, -7)
>>> [parse_int(t) for t in ("²", "٣", "1_000", " 4", "", "9" * 41)]
[None, None, None, None, None, None]
>>> parse_float("0.62"), parse_float("-1e-3"), parse_float(".5"), parse_float("212.")
(0.62, -0.001, 0.5, 212.0)
>>> [parse_float(t) for t in ("nan", "inf", "1e999", "1_0.5", "0x10", "1" * 41)]
[None, None, None, None, None, None]
"""

from __future__ import annotations

import math
import re

#: The longest number read, sign, point and exponent included: far more digits than any count,
#: option or seed needs (a float has 17 significant digits), and short enough that converting
#: it costs nothing and an integer stays far below ``int``'s 4,300-digit limit.
MAX_LENGTH = 40

_INT = re.compile(r"[0-9]+", re.ASCII)
_SIGNED_INT = re.compile(r"[-+]?[0-9]+", re.ASCII)
_FLOAT = re.compile(r"[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?", re.ASCII)


def parse_int(text: object, *, signed: bool = False) -> int | None:
    """The whole number ``text`` writes in ASCII digits (a leading ``+`` or ``-`` too if
    ``signed``), at most :data:`MAX_LENGTH` characters and nothing around it; else None."""
    pattern = _SIGNED_INT if signed else _INT
    if not isinstance(text, str) or len(text) > MAX_LENGTH or not pattern.fullmatch(text):
        return None
    return int(text)


def parse_float(text: object) -> float | None:
    """The finite number ``text`` writes in ASCII (``12``, ``-0.5``, ``.5``, ``1e-3``), at most
    :data:`MAX_LENGTH` characters and nothing around it; else None (``nan``, ``inf``, ``1e999``
    are not numbers a person plays or sets)."""
    if not isinstance(text, str) or len(text) > MAX_LENGTH or not _FLOAT.fullmatch(text):
        return None
    value = float(text)
    return value if math.isfinite(value) else None
