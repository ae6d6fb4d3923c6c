"""Shots and trembles written both ways, and their stable integer ids.

A shot is a counter and three numbers, quantised finely enough that nobody could tell the
difference on a real table: the bearing to a tenth of a degree, the pressure to a hundredth, the
squidger's steepness to a degree. Its id is arithmetic on those steps, so an id means the same
shot in every position (learning libraries need that); id 0 is ``pass``.

>>> shot = Shot(counter=2, bearing=212.5, pressure=0.62, steep=40)
>>> Shot.from_id(shot.id) == shot
True
>>> shot.text(("red", "blue"), 4)
'red 3 aim 212.5 pressure 0.62 steep 40'

A tremble is the hand's error on one shot: four standard normal deviates (bearing, pressure,
steepness, spin) to a hundredth of a standard deviation, within five of them.

>>> t = Tremble.from_text("tremble aim +0.35 pressure -1.20 steep +0.00 spin +1.73")
>>> Tremble.from_id(t.id) == t, str(Tremble.from_id(STEADY))
(True, 'steady')
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

from ludotheque.core.errors import NotationError, quoted
from ludotheque.core.i18n import _
from ludotheque.core.numbers import MAX_LENGTH, parse_float, parse_int
from ludotheque.games.tiddlywinks.words import number

#: The decision to pass: the player has no counter he may play (Cabriole XI, Horsman).
PASS = 0
#: Steps of each quantity.
BEARINGS = 3600  # tenths of a degree
PRESSURES = 101  # hundredths, 0 to 1
STEEPS = 91  # whole degrees, 0 (flat) to 90 (upright)
#: The most counters a table holds: six players of six.
MAX_COUNTERS = 36
SHOT_IDS = MAX_COUNTERS * BEARINGS * PRESSURES * STEEPS

#: The least pressure a shot may have, the notation's hundredth: a shot presses its counter.
LEAST_PRESSURE = 0.01


def pressure_scale() -> str:
    """What the pressure means, in the words of the quick rules, ``? shot`` and a refusal
    alike, in the reader's language.

    >>> pressure_scale()
    'pressure runs from 0.01 (a touch; 0.1 hops a few cm) to 1.0 (across the table)'
    """
    return _("pressure runs from {least} (a touch; {hop} hops a few cm) to {most} (across the "
             "table)", least=number(LEAST_PRESSURE, ""), hop=number(0.1, ""),
             most=number(1.0, ""))


#: Tremble steps: a hundredth of a standard deviation, within ±5.
LEVELS = 1001
TREMBLE_IDS = LEVELS**4
#: The tremble of a steady hand: no error at all.
STEADY = ((500 * LEVELS + 500) * LEVELS + 500) * LEVELS + 500

# ASCII digits only (re.ASCII): ``\d`` alone takes the digits of every script.
_NUMBER = r"([-+]?\d+(?:\.\d+)?)"
_SHOT = re.compile(
    r"^(?:(?P<colour>[a-z]+) |counter )?(?P<number>\d+) aim (?P<aim>cup(?:\s*[-+]\s*\d+(?:\.\d+)?)?"
    r"|[-+]?\d+(?:\.\d+)?) pressure (?P<pressure>\d+(?:\.\d+)?) steep (?P<steep>\d+(?:\.\d+)?)$",
    re.ASCII,
)


@dataclass(frozen=True)
class Shot:
    """One shot as the player means it: ``counter`` is the index of the counter on the table
    (owner × counters each + its number − 1), ``bearing`` in degrees (0 east, counter-clockwise,
    as on the picture), ``pressure`` 0–1, ``steep`` in degrees (90 upright)."""

    counter: int
    bearing: float
    pressure: float
    steep: int

    @classmethod
    def quantised(cls, counter: int, bearing: float, pressure: float, steep: float) -> Shot:
        """The shot of the nearest steps (bearing taken round the circle)."""
        tenth = round(bearing % 360 * 10) % BEARINGS
        return cls(
            counter,
            tenth / 10,
            min(1.0, max(0.0, round(pressure * 100) / 100)),
            min(90, max(0, round(steep))),
        )

    @property
    def id(self) -> int:
        tenth = round(self.bearing * 10)
        hundredth = round(self.pressure * 100)
        return 1 + ((self.counter * BEARINGS + tenth) * PRESSURES + hundredth) * STEEPS + self.steep

    @classmethod
    def from_id(cls, action: int) -> Shot:
        rest, steep = divmod(action - 1, STEEPS)
        rest, hundredth = divmod(rest, PRESSURES)
        counter, tenth = divmod(rest, BEARINGS)
        return cls(counter, tenth / 10, hundredth / 100, steep)

    def text(self, colours: tuple[str, ...], per_player: int) -> str:
        owner, number = divmod(self.counter, per_player)
        return (
            f"{colours[owner]} {number + 1} aim {self.bearing:.1f} "
            f"pressure {self.pressure:.2f} steep {self.steep}"
        )


def parse_shot(
    text: str, colours: tuple[str, ...], per_player: int, mover: int,
    cup_bearing: Callable[[int], float],
) -> Shot:
    """The shot written ``text``: ``[COLOUR] N aim DEG|cup[±DEG] pressure P steep DEG``; a
    counter written without a colour is the mover's own; ``cup_bearing(counter)`` gives the
    bearing from a counter to the cup's centre."""
    match = _SHOT.match(text)
    if match is None:
        raise NotationError(_(
            "{text} is not a shot; write it as COLOUR N aim DEGREES pressure 0.01-1 steep "
            "DEGREES, e.g. 'red 3 aim 212.5 pressure 0.62 steep 40' (aim cup, or cup+2, aims "
            "at the cup).", text=quoted(text)))
    colour = match["colour"]
    if colour in (None, "counter"):
        owner = mover
    elif colour in colours:
        owner = colours.index(colour)
    else:
        raise NotationError(_("there is no {colour} counter here; the colours are {colours}.",
                              colour=colour, colours=", ".join(_(c) for c in colours)))
    aim = match["aim"]
    offset = aim[3:].replace(" ", "") if aim.startswith("cup") else aim
    counter_number = parse_int(match["number"])
    pressure, steep = parse_float(match["pressure"]), parse_float(match["steep"])
    bearing = parse_float(offset) if offset else 0.0
    if counter_number is None or bearing is None or pressure is None or steep is None:
        raise NotationError(_(
            "the numbers of a shot are written in at most {most} characters each, not as in "
            "{text}.", most=MAX_LENGTH, text=repr(text[:80])))
    if not 1 <= counter_number <= per_player:
        raise NotationError(_("counters are numbered 1 to {most}, not {number}.",
                              most=per_player, number=counter_number))
    counter = owner * per_player + counter_number - 1
    if aim.startswith("cup"):
        bearing += cup_bearing(counter)
    if not LEAST_PRESSURE <= pressure <= 1:
        raise NotationError(_("{scale}, not {pressure}.", scale=pressure_scale(),
                              pressure=number(pressure, "")))
    if not 0 <= steep <= 90:
        raise NotationError(_("steep runs from 0 (the squidger flat) to 90 (upright), not "
                              "{steep}.", steep=number(steep, "")))
    return Shot.quantised(counter, bearing, pressure, steep)


@dataclass(frozen=True)
class Tremble:
    """The hand's error on a shot, in standard deviations of the player's skill: bearing,
    pressure (relative), steepness and spin."""

    aim: float
    pressure: float
    steep: float
    spin: float

    @property
    def id(self) -> int:
        i, j, k, m = (round(v * 100) + 500 for v in (self.aim, self.pressure, self.steep,
                                                      self.spin))
        return ((i * LEVELS + j) * LEVELS + k) * LEVELS + m

    @classmethod
    def from_id(cls, outcome: int) -> Tremble:
        rest, m = divmod(outcome, LEVELS)
        rest, k = divmod(rest, LEVELS)
        i, j = divmod(rest, LEVELS)
        return cls(*((v - 500) / 100 for v in (i, j, k, m)))

    @classmethod
    def quantised(cls, *deviates: float) -> Tremble:
        return cls(*(max(-5.0, min(5.0, round(v * 100) / 100)) for v in deviates))

    def __str__(self) -> str:
        if self.id == STEADY:
            return "steady"
        return (f"tremble aim {self.aim:+.2f} pressure {self.pressure:+.2f} "
                f"steep {self.steep:+.2f} spin {self.spin:+.2f}")

    @classmethod
    def from_text(cls, text: str) -> Tremble:
        if text == "steady":
            return cls(0.0, 0.0, 0.0, 0.0)
        match = re.match(
            rf"^tremble aim {_NUMBER} pressure {_NUMBER} steep {_NUMBER} spin {_NUMBER}$",
            text,
            re.ASCII,
        )
        values = [parse_float(v) for v in match.groups()] if match else []
        if not values or any(v is None or abs(v) > 5 for v in values):
            raise NotationError(_(
                "{text} is not a tremble; write 'steady' or 'tremble aim A pressure P steep S "
                "spin W', each a number of standard deviations between -5 and 5.",
                text=quoted(text)))
        return cls.quantised(*cast(list[float], values))  # none is None, as checked above


#: The three-point Gauss–Hermite rule for a standard normal deviate: nodes and weights. Over
#: four deviates it lists 81 trembles whose weights reproduce the tremble's first five moments,
#: so analysis can enumerate a throw's outcomes while play samples the true distribution.
QUADRATURE = ((-math.sqrt(3), 1 / 6), (0.0, 2 / 3), (math.sqrt(3), 1 / 6))
