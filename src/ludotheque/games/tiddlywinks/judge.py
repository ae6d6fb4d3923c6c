"""Where a counter lies, judged from its pose alone: in the cup, on the rim, in the lake,
covering another. The rules read these and nothing of the engine.

Poses are rows ``x y z qw qx qy qz`` in metres, the cup's axis at the origin, the cloth at z=0.

>>> from ludotheque.games.tiddlywinks.physics import CounterSpec, CupSpec
>>> judge = Judge(CupSpec(), CounterSpec(), lake_radius=0.06)
>>> flat = lambda x, y=0.0, z=0.001: np.array([x, y, z, 1, 0, 0, 0])
>>> judge.place(flat(0.0, z=0.006)), judge.place(flat(0.0675)), judge.place(flat(0.0685))
('cup', 'lake', 'cloth')
"""

from __future__ import annotations

import math

import numpy as np

from ludotheque.games.tiddlywinks.physics import (
    CounterSpec,
    CupSpec,
    rim_points,
    rotation_of,
    within,
)

#: How closely two discs must come to count as one above the other (study §3b): a fifth of a
#: millimetre, below anything a player could see.
TOLERANCE = 0.0002


def _disc_points(radius: float) -> np.ndarray:
    """About 180 points of a disc of ``radius`` in its own frame: the centre and five rings."""
    rings = [np.zeros((1, 3))]
    for k in range(1, 6):
        rings.append(rim_points(radius * k / 5, 36))
    return np.concatenate(rings)


class Judge:
    """The geometry of the rules for one set of material."""

    def __init__(self, cup: CupSpec, counter: CounterSpec, lake_radius: float,
                 reading: str = "any-part") -> None:
        self.cup = cup
        self.counter = counter
        self.lake_radius = lake_radius
        #: What "within the lake" asks of a counter (physics.READINGS): Cabriole IX's any part.
        self.reading = reading
        self._rim = rim_points(counter.radius, 48)
        self._disc = _disc_points(counter.radius)

    def place(self, pose: np.ndarray) -> str:
        """``cup`` (inside the cup, below its rim), ``rim`` (resting on the rim, not inside),
        ``lake`` (on the cloth and within the lake as ``reading`` takes it: by default its
        footprint entering it in any proportion), or ``cloth``. A counter leaning on the cup's
        outside wall is in the lake."""
        x, y, z = (float(v) for v in pose[:3])
        centre = math.hypot(x, y)
        if centre < self.cup.inner_radius and z < self.cup.height:
            return "cup"
        if centre < self.cup.outer_radius + self.counter.radius and z > self.cup.height - (
            self.counter.radius
        ):
            return "rim"
        if within(pose, self._rim, self.lake_radius, self.reading):
            return "lake"
        return "cloth"

    def covers(self, upper: np.ndarray, lower: np.ndarray) -> bool:
        """Whether ``upper`` covers ``lower`` in any proportion: some point of it lies
        vertically above some point of the other (the ETwA's definition, study §3b)."""
        r = self.counter.radius
        if math.hypot(upper[0] - lower[0], upper[1] - lower[1]) > 2 * r + TOLERANCE:
            return False
        points = self._disc @ rotation_of(upper).T + upper[:3]
        normal = rotation_of(lower)[:, 2]
        if abs(normal[2]) < 1e-6:  # a counter on its edge is covered by nothing from above
            return False
        dx = points[:, 0] - lower[0]
        dy = points[:, 1] - lower[1]
        # Where the vertical through each point meets the lower counter's mid-plane.
        z = lower[2] - (normal[0] * dx + normal[1] * dy) / normal[2]
        offset = np.stack([dx, dy, z - lower[2]], axis=1)
        inside = np.linalg.norm(offset, axis=1) <= r + TOLERANCE
        above = points[:, 2] > z + TOLERANCE
        return bool((inside & above).any())
