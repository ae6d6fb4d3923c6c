"""The analytic flight: a shot's chance of potting from a counter's distance, in closed form.

This is the feasibility study's analytic alternative (``shared/design/tiddlywinks-physics.md``,
§4), kept to what it is good for: a fast estimate for the shot planner, never a second source of
truth about where a counter goes (that is MuJoCo's alone). A counter flies a parabola (the air's
toll as the range factor the aiming player uses); it is potted when its centre comes down
through the rim's height well inside the cup's mouth, having been above the rim all the way from
where its track meets the cup's outer wall. A rim or wall hit counts as a miss: the study found
these outcomes undecidable without the engine, and most of them are.

The hand's tremble is the table's (``hands``), applied as the game applies it, to a fixed set of
standard normal draws: the same estimate every time, whatever the game's own chance.

>>> import ludotheque
>>> game = ludotheque.load_game("tiddledy-winks")
>>> chart = PotChart(game)
>>> against_the_cup = game.CUP.outer_radius + game.COUNTER.radius + 0.001
>>> chart.best(against_the_cup).chance
0.0
>>> chart.best(0.08).chance > chart.best(0.30).chance > 0.2
True
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ludotheque.games.tiddlywinks.game import TiddlywinksGame
from ludotheque.games.tiddlywinks.options import HANDS
from ludotheque.games.tiddlywinks.physics import G
from ludotheque.games.tiddlywinks.player import DRAG, pot_speed
from ludotheque.games.tiddlywinks.squidger import Aim, launch

#: How many tremble draws stand for the hand; the pressures and steepnesses tried per distance.
DRAWS = 400
PRESSURES = np.linspace(0.88, 1.12, 13)
STEEPS = np.linspace(0.0, 90.0, 19)
#: A counter coming down within the mouth's radius less this share of its own is potted (§4).
INSIDE = 0.6
#: How far either side of its spot a laid-up counter may come to rest (metres).
LAID = 0.015
#: Distances are charted to the millimetre.
STEP = 0.001


@dataclass(frozen=True)
class Pot:
    """The best pot the chart found from a distance: its chance, pressure and steepness."""

    chance: float
    pressure: float
    steep: float


class PotChart:
    """A game's pot chances by distance from the cup, for its hands; computed on demand."""

    def __init__(self, game: TiddlywinksGame) -> None:
        self.game = game
        self.cup, self.counter = game.CUP, game.COUNTER
        cloth = game.setup.table.cloth
        self.error = HANDS[game.options["hands"]]
        # The squidger model tabulated: launch speed by pressure, elevation by steepness.
        self._pressures = np.linspace(0.0, 1.0, 201)
        self._speeds = np.array([launch(Aim(0.0, p, 45.0), cloth, self.counter).speed
                                 for p in self._pressures])
        self._steeps = np.linspace(0.0, 90.0, 91)
        self._elevations = np.array([launch(Aim(0.0, 1.0, s), cloth, self.counter).elevation
                                     for s in self._steeps])
        rng = np.random.default_rng(0)
        self._trembles = rng.standard_normal((3, DRAWS)) if any(self.error) else np.zeros((3, 1))
        self._charted: dict[int, Pot] = {}
        self._spot: float | None = None

    def best(self, distance: float) -> Pot:
        """The best pot of a counter lying ``distance`` metres from the cup's axis."""
        step = round(distance / STEP)
        if step not in self._charted:
            self._charted[step] = self._best_at(step * STEP)
        return self._charted[step]

    def chance(self, distance: float) -> float:
        """The best chance of potting a counter lying ``distance`` metres from the cup's axis."""
        return self.best(distance).chance

    def spot(self) -> float:
        """The distance from the cup, clear of the lake by a centimetre, from which a pot is
        likeliest when the counter may come to rest a centimetre and a half either side: where a
        counter that cannot be potted should be laid."""
        if self._spot is None:
            clear = self.game.lake_radius() + self.counter.radius + 0.01
            nearest = max(clear, self.cup.outer_radius + self.counter.radius)
            spots = np.arange(nearest, nearest + 0.15, 0.005)
            around = np.linspace(-LAID, LAID, 7)
            self._spot = float(max(spots, key=lambda d: sum(self.best(d + o).chance
                                                             for o in around)))
        return self._spot

    def _best_at(self, distance: float) -> Pot:
        best = Pot(0.0, 0.0, 0.0)
        for steep in STEEPS:
            elevation = float(np.interp(steep, self._steeps, self._elevations))
            speed = pot_speed(self.game, distance, elevation)
            if speed is None:
                continue
            pressure = float(np.interp(speed, self._speeds, self._pressures))
            for factor in PRESSURES:
                p = min(1.0, pressure * factor)
                chance = self.pot_chance(distance, p, steep)
                if chance > best.chance:
                    best = Pot(chance, float(p), float(steep))
        return best

    def pot_chance(self, distance: float, pressure: float, steep: float) -> float:
        """The share of the hand's trembles with which the shot pots, aimed at the cup."""
        aim, press, lift = self._trembles
        e = self.error
        bearing = np.radians(e[0] * aim)
        played_pressure = np.clip(pressure * (1 + e[1] * press), 0.0, 1.0)
        played_steep = np.clip(steep + e[2] * 90 / 50 * lift, 0.0, 90.0)
        v = np.interp(played_pressure, self._pressures, self._speeds) / DRAG
        th = np.radians(np.interp(played_steep, self._steeps, self._elevations))
        vx, vz = v * np.cos(th), v * np.sin(th)
        # Height of the centre above the rim's, as a function of the horizontal way s travelled.
        z0 = self.counter.thickness / 2 - self.cup.height
        a, b = -G / (2 * np.maximum(vx, 1e-9) ** 2), vz / np.maximum(vx, 1e-9)
        disc = b * b - 4 * a * z0
        ok = disc > 0
        root = np.sqrt(np.where(ok, disc, 0.0))
        up, down = (-b + root) / (2 * a), (-b - root) / (2 * a)  # a < 0: up < down
        # Where the track meets the outer wall, widened by the counter's radius.
        wall = self.cup.outer_radius + self.counter.radius
        cos, sin = np.cos(bearing), np.sin(bearing)
        near = distance * cos
        side = distance**2 - wall**2
        reach = near * near - side
        enters = np.where(reach > 0, near - np.sqrt(np.maximum(reach, 0.0)), np.inf)
        over_wall = enters >= up
        x, y = down * cos - distance, down * sin
        inside = np.hypot(x, y) < self.cup.inner_radius - INSIDE * self.counter.radius
        return float(np.mean(ok & over_wall & inside))
