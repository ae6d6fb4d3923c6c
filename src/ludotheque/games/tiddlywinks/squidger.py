"""The squidger — the large counter (le grand jeton) pressed on a small one's edge — as a model.

A person's shot is three numbers: where he aims, how hard he presses and how steeply he holds
the large counter. With the thickness of the cloth they give the small counter's launch: how
fast, how high and with what tumble it leaves. The large counter presses the small one's near
rim into the cloth; the cloth, squeezed, stores energy and throws the counter up and forward as
the squidger slips off. On a thin cloth the rim cannot sink: there is nothing to throw it up,
and the counter is only pushed along, as Cabriole's rule II says: «Sur un tapis d’épaisseur
insuffisante, on réussira bien à chasser un jeton en avant, mais on ne pourra pas le faire
sauter en l’air.»

The mapping is the feasibility study's phenomenological proposal (§5.2), its constants
re-measured by ``tests/test_tiddlywinks_squidger.py`` against the targets the study names: a
normal hold on a good cloth launches at 30–45°, a full press crosses the table, a light press
hops a few centimetres, a thin cloth never lifts the counter.

>>> from ludotheque.games.tiddlywinks.physics import CounterSpec
>>> felt, tablecloth = 0.003, 0.001
>>> a = launch(Aim(180.0, 0.5, 45.0), felt, CounterSpec())
>>> round(a.speed, 2), round(a.elevation, 1), a.jumps
(2.31, 45.0, True)
>>> launch(Aim(180.0, 1.0, 90.0), tablecloth, CounterSpec()).jumps
False
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ludotheque.games.tiddlywinks.physics import CounterSpec, G, Launch

#: The greatest pressing force, N (a firm press with the large counter).
FORCE = 20.0
#: The cloth's stiffness under a counter's edge at the reference thickness, N/m.
STIFFNESS = 1.0e4
REFERENCE_CLOTH = 0.003
#: The part of its thickness a cloth can be squeezed by (felt).
STRAIN = 0.6
#: The share of the stored energy that a pinch gives the counter, and the part of that a mere
#: push gives.
PINCH = 0.3
PUSH = 0.1
#: Tumble: the spin is this share of the rolling spin of the launch's rise.
TUMBLE = 0.5
#: The flattest and the steepest launch the squidger's hold gives on a good cloth, degrees.
LOWEST, HIGHEST = 20.0, 70.0


@dataclass(frozen=True)
class Aim:
    """A shot as the player means it: ``bearing`` in degrees on the table (0 points east,
    counter-clockwise), ``pressure`` from 0 to 1, ``steep`` the angle in degrees between the
    large counter and the cloth (90 is upright: the highest shot)."""

    bearing: float
    pressure: float
    steep: float


@dataclass(frozen=True)
class Departure:
    """How the counter leaves: speed (m/s), elevation (degrees), tumble (rad/s), and whether it
    leaves the cloth at all."""

    bearing: float
    speed: float
    elevation: float
    tumble: float
    jumps: bool

    def launch(self) -> Launch:
        """The engine's launch: velocity and spin in the world frame, the tumble about the
        horizontal axis across the flight (the rear rim rising)."""
        phi, theta = math.radians(self.bearing), math.radians(self.elevation)
        ux, uy = math.cos(phi), math.sin(phi)
        horizontal = self.speed * math.cos(theta)
        velocity = (horizontal * ux, horizontal * uy, self.speed * math.sin(theta))
        # ẑ × û: the axis about which the counter turns forward, its rear rim going up.
        spin = (-uy * self.tumble, ux * self.tumble, 0.0)
        return Launch(velocity, spin)


def _smoothstep(x: float) -> float:
    x = min(1.0, max(0.0, x))
    return x * x * (3 - 2 * x)


def launch(aim: Aim, cloth: float, counter: CounterSpec) -> Departure:
    """The counter's departure for ``aim`` on a cloth ``cloth`` metres thick."""
    stiffness = STIFFNESS * REFERENCE_CLOTH / cloth
    squeeze = min(aim.pressure * FORCE / stiffness, STRAIN * cloth)
    stored = 0.5 * stiffness * squeeze**2
    # Whether the cloth lets the rim sink by a good part of the counter's thickness, so that
    # the squidger can pinch it out: 0 on a tablecloth, 1 on a thick felt.
    pinch = _smoothstep((STRAIN * cloth - 0.25 * counter.thickness) / (0.5 * counter.thickness))
    hold = min(1.0, max(0.0, aim.steep / 90.0))
    nominal = math.radians(LOWEST + (HIGHEST - LOWEST) * hold)
    theta = math.atan(pinch * math.tan(nominal))
    speed = math.sqrt(2 * PINCH * stored * (pinch + PUSH * (1 - pinch)) / counter.mass)
    # Rule "a thin cloth only pushes": a counter that cannot rise its own thickness slides.
    if speed * math.sin(theta) < math.sqrt(2 * G * counter.thickness):
        return Departure(aim.bearing, speed * math.cos(theta), 0.0, 0.0, False)
    tumble = TUMBLE * speed * math.sin(theta) / counter.radius
    return Departure(aim.bearing, speed, math.degrees(theta), tumble, True)
