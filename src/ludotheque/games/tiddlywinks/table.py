"""The position at the table: where each small counter is, whose turn it is, what the last shot
did. Immutable values; the rules in :mod:`.game` replace them.

The geometry of the seats is fixed by the options: seat 0 sits at the bottom of the picture
(south) and the others round the table counter-clockwise, equally spaced; each player's counters
stand in a line in front of him, on an arc round the cup so that all are at the same distance
from it (Cabriole VI: «à égale distance de la couple» [sic]), numbered 1… from his left.

>>> line = StartLine(players=2, per_player=4, distance=0.415, spacing=0.03)
>>> x, y = line.slot(0, 0)
>>> round(x, 3), round(y, 3)
(-0.045, -0.413)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from ludotheque.games.tiddlywinks.notation import Shot

#: A flat counter's orientation.
FLAT = (1.0, 0.0, 0.0, 0.0)


def tilt(poses: np.ndarray) -> np.ndarray:
    """The angle (degrees) between a counter's axis and the vertical, for poses ``x y z qw qx
    qy qz`` (the last axis): 0 lying face up, 90 on its edge, 180 face down.

    >>> float(tilt(np.array([0.0, 0.0, 0.001, *FLAT])))
    0.0
    """
    leaning: np.ndarray = np.degrees(
        2 * np.arccos(np.minimum(1.0, np.hypot(poses[..., 3], poses[..., 6])))
    )
    return leaning


@dataclass(frozen=True)
class StartLine:
    """Where each player's counters start: ``distance`` from the cup, ``spacing`` apart."""

    players: int
    per_player: int
    distance: float
    spacing: float

    def seat_angle(self, player: int) -> float:
        """The direction (radians) from the cup to the player's seat."""
        return -math.pi / 2 + 2 * math.pi * player / self.players

    def slot(self, player: int, number: float) -> tuple[float, float]:
        """The start of the player's counter ``number`` (0-based, from his left)."""
        step = self.spacing / self.distance
        # Clockwise is the player's left as he faces the cup.
        angle = self.seat_angle(player) + (number - (self.per_player - 1) / 2) * step
        return (self.distance * math.cos(angle), self.distance * math.sin(angle))


@dataclass(frozen=True)
class Counter:
    """One small counter (petit jeton).

    ``place`` is ``line`` (on its start line, not yet played since it came there), ``cloth``,
    ``cup`` (potted: out of the simulation), ``lake`` (in Horsman's ring under Variation III,
    still in play) or ``dead`` (in the lake for good: Cabriole IX by agreement, Horsman's
    Variation I). ``pose`` is ``x y z qw qx qy qz`` in metres, the cup's axis at the origin."""

    owner: int
    place: str
    pose: tuple[float, ...]

    @property
    def on_table(self) -> bool:
        return self.place != "cup"

    def at(self, place: str, pose: tuple[float, ...] | None = None) -> Counter:
        return Counter(self.owner, place, self.pose if pose is None else pose)


@dataclass(frozen=True)
class Event:
    """One thing a shot did to one counter, for the narration: ``what`` is ``potted``, ``rim``,
    ``lake``, ``off``, ``covers`` or ``moved``; ``then`` says what the rules did about it."""

    counter: int
    what: str
    then: str = ""
    other: int | None = None


@dataclass(frozen=True)
class Report:
    """The last shot: who played what, how the hand trembled, what happened, and the trajectory
    (times, and the poses of the counters that were on the table, for pictures)."""

    player: int
    counter: int
    aimed: tuple[float, float, float]
    played: tuple[float, float, float]
    jumped: bool
    events: tuple[Event, ...]
    rows: tuple[int, ...]
    times: tuple[float, ...]
    frames: object  # a read-only numpy array (frames × rows × 7)
    #: Whether a full press at that steepness would have lifted a counter on this cloth: if
    #: not, the cloth is too thin; if so, a counter that only slid was pressed too lightly.
    lifts: bool = True


@dataclass(frozen=True)
class Position:
    """Everything the rules need between two actions.

    ``aimed`` is a shot waiting for the hand's tremble (a chance node); ``left`` holds the
    counters that have left the start line at least once, and ``freed[p]`` tells that all of
    p's have, one after another (Cabriole VII), whether or not one has been sent back to the
    line since; ``open_ring`` holds the
    counters in Horsman's ring that the next players may play until their owner's turn comes,
    each with the seat whose shot sent it there (Variation III); ``due`` the counters sent back
    to the start line that their owners must play out at their next turn (Variation II);
    ``lost[p]`` counts p's counters lost in the lake (each a fine to the pool);
    ``winners`` are the seats that share the pool once the rules have ended the game (empty
    before, and in a game its ``limit`` stopped)."""

    counters: tuple[Counter, ...]
    mover: int
    aimed: Shot | None = None
    freed: tuple[bool, ...] = ()
    open_ring: frozenset[tuple[int, int]] = frozenset()
    lost: tuple[int, ...] = ()
    shots: int = 0
    over: bool = False
    winners: tuple[int, ...] = ()
    report: Report | None = None
    due: frozenset[int] = frozenset()
    left: frozenset[int] = frozenset()
