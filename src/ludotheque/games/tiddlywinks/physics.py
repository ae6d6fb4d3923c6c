"""The table in MuJoCo: the single source of truth for where every counter goes.

A :class:`Setup` is the material (table and cloth, cup, counters); :class:`Physics` compiles it
once and plays shots on it. A shot is a pure function of the poses of the counters in play and
the launch of one of them: every shot resets the engine, so the same position and the same launch
give a bit-identical result (MuJoCo's version is pinned in ``pyproject.toml``: outcomes are
chaotic, and another version gives other, equally plausible, results).

The settings follow the feasibility study (``shared/design/tiddlywinks-physics.md``, §0 and §3),
re-measured by ``tests/test_tiddlywinks_physics.py``:

- a 0.25 ms step, contacts between hard bodies with a 1 ms time constant, the cloth 4 ms: at
  half the step the restitution is wrong and potted counters bounce out (study, failure mode 3);
- ``multiccd`` and ``nativeccd`` (MuJoCo's defaults) stop a thin disc sinking through another;
  speculative contacts are the safety net for fast counters;
- a cup wall of 32 boxes topped with 32 capsules: a rim of bare boxes throws counters off the
  table (failure mode 5); a critically damped floor lets a potted counter rest (failure mode 6);
- sleeping islands, without which a full table costs sixteen times more (failure mode 7).

>>> physics = Physics(Setup(counters=1))
>>> start = np.array([[0.30, 0.0, physics.setup.counter.thickness / 2, 1, 0, 0, 0]])
>>> shot = physics.shoot(start, 0, Launch((-0.6, 0.0, 0.0), (0.0, 0.0, 0.0)))
>>> shot.settled, round(float(shot.poses[0, 0]), 3) < 0.30
(True, True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import mujoco
import numpy as np
from numpy.typing import NDArray

#: Gravity, m/s².
G = 9.81


@dataclass(frozen=True)
class CounterSpec:
    """The small counters (petits jetons): size in metres, density in kg/m³."""

    diameter: float = 0.016
    thickness: float = 0.002
    density: float = 1400.0

    @property
    def radius(self) -> float:
        return self.diameter / 2

    @property
    def mass(self) -> float:
        return self.density * math.pi * self.radius**2 * self.thickness


@dataclass(frozen=True)
class CupSpec:
    """The cup (la coupe): outer diameter, height, wall and base thickness, in metres."""

    diameter: float = 0.054
    height: float = 0.0508
    wall: float = 0.004
    base: float = 0.005

    @property
    def outer_radius(self) -> float:
        return self.diameter / 2

    @property
    def inner_radius(self) -> float:
        return self.diameter / 2 - self.wall


@dataclass(frozen=True)
class TableSpec:
    """The table and its cloth: ``round`` of radius ``size``, or ``square`` of half-side
    ``size`` (metres); the cloth's thickness in metres decides how a counter lands and slides
    here and whether the squidger can make it jump (:mod:`.squidger`)."""

    shape: str = "round"
    size: float = 0.45
    cloth: float = 0.003

    def contains(self, x: NDArray[np.float64], y: NDArray[np.float64]) -> np.ndarray:
        """Whether points lie over the table top."""
        if self.shape == "round":
            return np.hypot(x, y) <= self.size
        return (np.abs(x) <= self.size) & (np.abs(y) <= self.size)

    def edge_point(self, x: float, y: float) -> tuple[float, float]:
        """The point of the edge nearest to (x, y): where a counter there went over."""
        if self.shape == "round":
            r = math.hypot(x, y) or 1.0
            return (x * self.size / r, y * self.size / r)
        if abs(x) >= abs(y):
            return (math.copysign(self.size, x), max(-self.size, min(self.size, y)))
        return (max(-self.size, min(self.size, x)), math.copysign(self.size, y))

    def cloth_contact(self) -> tuple[float, float]:
        """MuJoCo's (time constant, damping ratio) for the cloth: a thick felt is soft and dead,
        a thin cloth over the table's wood harder and livelier (study §5.2, the cloth's second
        place)."""
        depth = self.cloth / 0.003
        return (0.004 * min(1.0, math.sqrt(depth)), 0.3 + 0.4 * min(1.0, depth))


@dataclass(frozen=True)
class Setup:
    """Everything the engine needs to know, fixed for a game: a Game builds one Physics."""

    table: TableSpec = field(default_factory=TableSpec)
    cup: CupSpec = field(default_factory=CupSpec)
    counter: CounterSpec = field(default_factory=CounterSpec)
    counters: int = 24
    #: Air drag (MuJoCo's ellipsoid model): about 6% of range on a long shot; the physics
    #: acceptance tests turn it off to compare with closed-form flight.
    air: bool = True
    timestep: float = 0.00025
    #: Friction coefficients (study §1.1, assumed: no measurement was found).
    friction_cloth: float = 0.45
    friction_counter: float = 0.30
    friction_cup: float = 0.30


@dataclass(frozen=True)
class Launch:
    """A counter's state as it leaves the squidger: velocity and spin, world frame."""

    velocity: tuple[float, float, float]
    spin: tuple[float, float, float]

    def is_finite(self) -> bool:
        return all(math.isfinite(v) for v in (*self.velocity, *self.spin))


@dataclass(frozen=True)
class Shot:
    """What the engine reports: the counters' resting poses (one row ``x y z qw qx qy qz`` per
    counter given), the counters that left the table (with the edge point where each went
    over), the counters whose footprint touched the lake while on the cloth, and the sampled
    trajectory for pictures."""

    poses: np.ndarray
    fell: dict[int, tuple[float, float]]
    touched_lake: frozenset[int]
    times: np.ndarray
    frames: np.ndarray
    settled: bool
    duration: float
    peak_energy: float = 0.0
    launch_energy: float = 0.0


#: Where counters out of play (potted, or off the table mid-shot) wait, far below and away from
#: the table, each on its own spot of the floor so that they sleep and cost nothing.
_PARK_Z = -0.5


def _park(index: int) -> tuple[float, float, float]:
    return (3.0 + 0.05 * index, 3.0, _PARK_Z)


class Physics:
    """One compiled table; :meth:`shoot` plays a shot from a set of poses.

    The engine's memory is reused from shot to shot but reset each time, so a Physics holds no
    state that a shot could depend on."""

    #: The engine advances in chunks between the checks for rest, the lake and the edge.
    CHUNK = 0.005
    #: A frame of the trajectory is kept every this many seconds.
    FRAME = 0.01
    #: At rest: every counter slower than these, for this long (study §2).
    REST_SPEED = 0.002
    REST_SPIN = 0.2
    REST_TIME = 0.05
    #: A shot stops here whatever happens (the study never reached it once the rim was fixed).
    CAP = 4.0

    def __init__(self, setup: Setup, lake_radius: float = 0.06,
                 reading: str = "any-part") -> None:
        self.setup = setup
        self.lake_radius = lake_radius
        self.reading = reading
        self.model = mujoco.MjModel.from_xml_string(model_xml(setup))
        self.data = mujoco.MjData(self.model)
        self._steps = max(1, round(self.CHUNK / setup.timestep))
        self._ring = rim_points(setup.counter.radius, 16)

    def shoot(
        self,
        poses: np.ndarray,
        shooter: int,
        launch: Launch,
        *,
        energy: bool = False,
        frame: float | None = None,
    ) -> Shot:
        """Play ``launch`` on counter ``shooter`` (a row of ``poses``), the counters of
        ``poses`` standing where they are, and run until everything is at rest.

        Rows of ``poses`` are counters 0…len-1 of the model; the others wait out of play.
        ``energy`` tracks the counters' energy (for the acceptance tests); ``frame`` keeps a
        frame of the trajectory that often (seconds; by default every :attr:`FRAME`)."""
        if not launch.is_finite():
            raise ValueError(f"a launch must be finite numbers, not {launch}.")
        m, d = self.model, self.data
        n = len(poses)
        if n > self.setup.counters:
            raise ValueError(f"this table holds {self.setup.counters} counters, not {n}.")
        if energy:
            m.opt.enableflags |= int(mujoco.mjtEnableBit.mjENBL_ENERGY)
        else:
            m.opt.enableflags &= ~int(mujoco.mjtEnableBit.mjENBL_ENERGY)
        mujoco.mj_resetData(m, d)
        qpos = d.qpos.reshape(-1, 7)
        qvel = d.qvel.reshape(-1, 6)
        qpos[:n] = poses
        for waiting in range(n, self.setup.counters):
            qpos[waiting] = (*_park(waiting), 1, 0, 0, 0)
        qvel[shooter, :3] = launch.velocity
        # A free joint's angular velocity is in the body frame (study, failure mode 10).
        rotation = np.empty(9)
        mujoco.mju_quat2Mat(rotation, qpos[shooter, 3:])
        qvel[shooter, 3:] = rotation.reshape(3, 3).T @ np.asarray(launch.spin)
        mujoco.mj_forward(m, d)
        launch_energy = float(d.energy.sum()) if energy else 0.0
        kinetic = 0.5 * self.setup.counter.mass * float(np.dot(launch.velocity, launch.velocity))

        table = self.setup.table
        in_play = np.ones(n, dtype=bool)
        fell: dict[int, tuple[float, float]] = {}
        touched: set[int] = set()
        times, frames = [0.0], [qpos[:n].copy()]
        quiet = 0.0
        peak = launch_energy
        settled = False
        frame = frame or self.FRAME
        steps = max(1, min(self._steps, round(frame / self.setup.timestep)))
        every = max(1, round(frame / (steps * self.setup.timestep)))
        chunk = 0
        while d.time < self.CAP:
            mujoco.mj_step(m, d, nstep=steps)
            chunk += 1
            if energy:
                peak = max(peak, float(d.energy.sum()))
            here = qpos[:n]
            # Counters that went over the edge stop here (study §3c): the floor below would keep
            # them sliding for seconds, and the rules only need where they went over.
            gone = in_play & (
                (here[:, 2] < -0.003) | ~table.contains(here[:, 0], here[:, 1])
            )
            for k in np.flatnonzero(gone):
                fell[int(k)] = table.edge_point(float(here[k, 0]), float(here[k, 1]))
                in_play[k] = False
                qpos[k] = (*_park(int(k)), 1, 0, 0, 0)
                qvel[k] = 0.0
            touched.update(self._on_lake(here, in_play))
            if chunk % every == 0:
                times.append(float(d.time))
                frames.append(here.copy())
            moving = qvel[:n][in_play]
            still = (np.linalg.norm(moving[:, :3], axis=1) < self.REST_SPEED).all() and (
                np.linalg.norm(moving[:, 3:], axis=1) < self.REST_SPIN
            ).all()
            quiet = quiet + steps * self.setup.timestep if still else 0.0
            if quiet >= self.REST_TIME:
                settled = True
                break
        if times[-1] != d.time:
            times.append(float(d.time))
            frames.append(qpos[:n].copy())
        return Shot(
            poses=qpos[:n].copy(),
            fell=fell,
            touched_lake=frozenset(touched),
            times=np.array(times),
            frames=np.array(frames, dtype=np.float32),
            settled=settled,
            duration=float(d.time),
            peak_energy=peak - launch_energy,
            launch_energy=kinetic,
        )

    def _on_lake(self, poses: np.ndarray, in_play: np.ndarray) -> list[int]:
        """Counters lying on the cloth within the lake's circle, as ``reading`` takes it."""
        t = self.setup.counter.thickness
        low = in_play & (poses[:, 2] < t + 0.001)
        near = low & (
            np.hypot(poses[:, 0], poses[:, 1]) < self.lake_radius + self.setup.counter.radius
        )
        return [
            int(k)
            for k in np.flatnonzero(near)
            if within(poses[k], self._ring, self.lake_radius, self.reading)
        ]


def rim_points(radius: float, count: int) -> np.ndarray:
    angles = np.linspace(0.0, 2 * math.pi, count, endpoint=False)
    return np.stack([radius * np.cos(angles), radius * np.sin(angles), np.zeros(count)], axis=1)


def rotation_of(pose: np.ndarray) -> np.ndarray:
    """The 3×3 rotation of a pose row ``x y z qw qx qy qz``."""
    w, x, y, z = (float(v) for v in pose[3:7])
    return np.array(
        [
            [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
            [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
            [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)],
        ]
    )


def footprint_distance(pose: np.ndarray, ring: np.ndarray) -> float:
    """The least horizontal distance from the cup's axis to the rim of a counter's mid-plane
    disc (tilted or not), over points ``ring`` of that rim in the counter's frame (study §3d)."""
    points = ring @ rotation_of(pose).T + pose[:3]
    centre = float(np.hypot(pose[0], pose[1]))
    # The disc's interior is nearer than its rim when the axis passes under the counter.
    return min(centre, float(np.hypot(points[:, 0], points[:, 1]).min()))


def within(pose: np.ndarray, ring: np.ndarray, radius: float, reading: str) -> bool:
    """Whether a counter at ``pose`` lies within the circle of ``radius`` round the cup's axis,
    under one of the ``READINGS``; ``ring`` is points of its rim in its own frame.

    >>> from ludotheque.games.tiddlywinks.options import READINGS
    >>> rim = rim_points(0.008, 48)
    >>> straddling = np.array([0.06, 0.0, 0.001, 1.0, 0.0, 0.0, 0.0])  # centre on the line
    >>> [within(straddling, rim, 0.0605, r) for r in READINGS]
    [True, True, False]
    >>> [within(straddling, rim, 0.0595, r) for r in READINGS]
    [True, False, False]
    """
    if reading == "centre":
        return float(np.hypot(pose[0], pose[1])) < radius
    if reading == "wholly":
        points = ring @ rotation_of(pose).T + pose[:3]
        return float(np.hypot(points[:, 0], points[:, 1]).max()) < radius
    return footprint_distance(pose, ring) < radius


def model_xml(setup: Setup) -> str:
    """The MJCF of a table, its cup and ``setup.counters`` counters (all out of play)."""
    table, cup, c = setup.table, setup.cup, setup.counter
    cloth_tc, cloth_damping = table.cloth_contact()
    air = 'density="1.204" viscosity="1.8e-5"' if setup.air else 'density="0" viscosity="0"'
    if table.shape == "round":
        top = f'<geom name="table" type="cylinder" size="{table.size} 0.01" pos="0 0 -0.01"'
    else:
        top = f'<geom name="table" type="box" size="{table.size} {table.size} 0.01" pos="0 0 -0.01"'
    top += (
        f' friction="{setup.friction_cloth} 0.002 0.0005" condim="6" priority="1"'
        f' solref="{cloth_tc} {cloth_damping}" solimp="0.9 0.95 0.001" rgba="0.1 0.4 0.2 1"/>'
    )
    parts = [top]
    # The floor below catches counters that leave the table, and the parked ones.
    parts.append('<geom name="floor" type="plane" size="5 5 0.1" pos="0 0 -0.6" priority="1"'
                 ' solref="0.004 1" friction="1 0.01 0.01" condim="6"/>')
    wood = f'friction="{setup.friction_cup} 0.002 0.0005" condim="6" rgba="0.6 0.4 0.2 1"'
    parts.append(
        f'<geom name="cup_base" type="cylinder" size="{cup.outer_radius} {cup.base / 2}"'
        f' pos="0 0 {cup.base / 2}" solref="0.001 1" {wood}/>'
    )
    segments = 32
    mid = cup.inner_radius + cup.wall / 2
    chord = 2 * mid * math.tan(math.pi / segments) * 1.02
    wall_top = cup.height - cup.wall / 2
    wall_half = (wall_top - cup.base) / 2
    for i in range(segments):
        a = 2 * math.pi * i / segments
        parts.append(
            f'<geom type="box" size="{cup.wall / 2} {chord / 2} {wall_half}"'
            f' pos="{mid * math.cos(a)} {mid * math.sin(a)} {cup.base + wall_half}"'
            f' euler="0 0 {a}" solref="0.001 0.25" {wood}/>'
        )
    for i in range(segments):
        a0, a1 = 2 * math.pi * i / segments, 2 * math.pi * (i + 1) / segments
        parts.append(
            f'<geom type="capsule" size="{cup.wall / 2}" fromto="{mid * math.cos(a0)}'
            f' {mid * math.sin(a0)} {wall_top} {mid * math.cos(a1)} {mid * math.sin(a1)}'
            f' {wall_top}" solref="0.001 0.25" {wood}/>'
        )
    fluid = ' fluidshape="ellipsoid"' if setup.air else ""
    # Counters meet with damping 0.8, not the study's 0.5: at 0.5, 3 of 300 counters dropped
    # onto another kept rocking on it for the whole 4 s (tests/test_tiddlywinks_physics.py, 5).
    for k in range(setup.counters):
        x, y, z = _park(k)
        parts.append(
            f'<body name="counter{k}" pos="{x} {y} {z}"><freejoint/>'
            f'<geom type="cylinder" size="{c.radius} {c.thickness / 2}" density="{c.density}"'
            f' friction="{setup.friction_counter} 0.002 0.0005" condim="6"'
            f' solref="0.001 0.8"{fluid}/></body>'
        )
    return (
        '<mujoco model="tiddlywinks"><compiler angle="radian"/>'
        f'<option timestep="{setup.timestep}" integrator="implicitfast" cone="elliptic" {air}>'
        '<flag sleep="enable" speculative="enable"/></option>'
        f'<worldbody>{"".join(parts)}</worldbody></mujoco>'
    )
