"""The feasibility study's physical acceptance tests (shared/design/tiddlywinks-physics.md, §6),
run on our own model with the study's tolerances.

Each test names the study's number. Tests 1–5 run without air, to compare with closed forms.
"""

from __future__ import annotations

import hashlib
import itertools
import math
import subprocess
import sys

import mujoco
import numpy as np
import pytest

from ludotheque.games.tiddlywinks.judge import Judge
from ludotheque.games.tiddlywinks.physics import (
    CounterSpec,
    G,
    Launch,
    Physics,
    Setup,
    TableSpec,
)
from ludotheque.games.tiddlywinks.squidger import Aim, launch

FLAT = (1.0, 0.0, 0.0, 0.0)


def pose(x: float, y: float, z: float, quat=FLAT) -> list[float]:
    return [x, y, z, *quat]


def tilt(axis: tuple[float, float, float], degrees: float) -> tuple[float, ...]:
    """A quaternion turning ``degrees`` about ``axis``."""
    a = math.radians(degrees) / 2
    n = math.sqrt(sum(c * c for c in axis))
    return (math.cos(a), *(math.sin(a) * c / n for c in axis))


@pytest.fixture(scope="module")
def bare() -> Physics:
    return Physics(Setup(counters=1, air=False))


@pytest.fixture(scope="module")
def airy() -> Physics:
    return Physics(Setup(counters=1))


# --- 1. Ballistic flight --------------------------------------------------------------------


@pytest.mark.parametrize("timestep", [0.00025, 0.0005])
def test_1_ballistic_flight(timestep: float) -> None:
    physics = Physics(Setup(counters=1, air=False, timestep=timestep))
    m, d = physics.model, physics.data
    height = 1.0  # far above the table: free space for the whole flight
    for v in (1.0, 2.0, 3.0):
        for theta in (30.0, 45.0, 60.0):
            mujoco.mj_resetData(m, d)
            th = math.radians(theta)
            d.qpos[:7] = pose(0.0, 0.0, height)
            d.qvel[:3] = (v * math.cos(th), 0.0, v * math.sin(th))
            apex, z_before, x_before = height, height, 0.0
            while True:
                mujoco.mj_step(m, d)
                apex = max(apex, d.qpos[2])
                if d.qvel[2] < 0 and d.qpos[2] <= height:
                    # Interpolate the crossing of the launch height between the last two steps.
                    share = (z_before - height) / (z_before - d.qpos[2])
                    distance = x_before + share * (d.qpos[0] - x_before)
                    break
                z_before, x_before = d.qpos[2], d.qpos[0]
            assert distance == pytest.approx(v * v * math.sin(2 * th) / G, rel=0.01)
            assert apex - height == pytest.approx((v * math.sin(th)) ** 2 / (2 * G), rel=0.01)


# --- 2. Sliding friction --------------------------------------------------------------------


@pytest.mark.parametrize("v0", [0.2, 0.5, 1.0])
def test_2_sliding_friction(bare: Physics, v0: float) -> None:
    t = bare.setup.counter.thickness
    mu = bare.setup.friction_cloth
    shot = bare.shoot(np.array([pose(-0.3, 0.0, t / 2)]), 0, Launch((v0, 0, 0), (0, 0, 0)))
    assert shot.settled
    assert shot.poses[0, 0] + 0.3 == pytest.approx(v0 * v0 / (2 * mu * G), rel=0.05)
    assert abs(shot.poses[0, 1]) < 0.001
    assert shot.duration <= v0 / (mu * G) + 0.1


# --- 3. Landing on the cloth ------------------------------------------------------------------


def test_3_landing_on_the_cloth(bare: Physics) -> None:
    m, d = bare.model, bare.data
    t = bare.setup.counter.thickness
    mujoco.mj_resetData(m, d)
    d.qpos[:7] = pose(0.0, 0.2, 0.05 + t / 2)
    heights = []
    for _ in range(2000):  # 0.5 s
        mujoco.mj_step(m, d)
        heights.append(d.qpos[2])
    z = np.array(heights)
    bounce = z[int(np.argmax(np.diff(z) > 0)) :].max() - t / 2
    assert bounce <= 0.0045
    assert np.abs(d.qvel[:6]).max() < 1e-3  # at rest within half a second
    assert t / 2 - z[-1] < 0.00005
    assert np.isfinite(z).all() and d.warning[mujoco.mjtWarning.mjWARN_BADQACC].number == 0


# --- 4. Energy and the cup rim ------------------------------------------------------------


def start_circle(n: int, radius: float, t: float) -> np.ndarray:
    return np.array(
        [
            pose(radius * math.cos(2 * math.pi * k / n), radius * math.sin(2 * math.pi * k / n),
                 t / 2)
            for k in range(n)
        ]
    )


def test_4a_no_energy_is_made_on_a_full_table() -> None:
    physics = Physics(Setup(counters=24, air=False))
    t = physics.setup.counter.thickness
    rng = np.random.default_rng(4)
    poses = start_circle(24, 0.3, t)
    for shot_number in range(100):
        shooter = shot_number % 24
        aim = Aim(float(rng.uniform(0, 360)), float(rng.uniform(0.1, 0.8)),
                  float(rng.uniform(20, 90)))
        departure = launch(aim, physics.setup.table.cloth, physics.setup.counter)
        shot = physics.shoot(poses, shooter, departure.launch(), energy=True)
        assert shot.peak_energy <= 0.02 * shot.launch_energy + 1e-12
        # The next shot starts from this one's rest; counters that fell go back on the circle.
        poses = shot.poses.copy()
        for k in shot.fell:
            poses[k] = start_circle(24, 0.3, t)[k]


def test_4b_the_rim_throws_nothing_off() -> None:
    physics = Physics(Setup(counters=1, air=False))
    cup, c = physics.setup.cup, physics.setup.counter
    t = c.thickness
    m, d = physics.model, physics.data
    rng = np.random.default_rng(44)
    rim = cup.inner_radius + cup.wall / 2
    fast = 0
    for _ in range(200):
        a = rng.uniform(0, 2 * math.pi)
        r = rim + rng.uniform(-0.006, 0.006)
        lean = rng.uniform(0, 45)
        # The counter's lowest point starts up to 1.2 cm above the rim.
        reach = c.radius * math.sin(math.radians(lean)) + t / 2 * math.cos(math.radians(lean))
        z0 = cup.height + reach + rng.uniform(0, 0.012)
        v = rng.normal(size=3)
        v *= rng.uniform(0, 2.5) / np.linalg.norm(v)
        mujoco.mj_resetData(m, d)
        d.qpos[:7] = pose(r * math.cos(a), r * math.sin(a), z0,
                          tilt(tuple(rng.normal(size=3)), lean))
        d.qvel[:3] = v
        bound = math.sqrt(float(v @ v) + 2 * G * z0)
        worst = 0.0
        for _ in range(300):  # 0.3 s, long after any bounce off the rim
            mujoco.mj_step(m, d, nstep=4)
            worst = max(worst, float(np.linalg.norm(d.qvel[:3])))
        fast += worst > 1.2 * bound
    assert fast <= 1


# --- 5. Covering integrity ----------------------------------------------------------------------

PLASTIC = CounterSpec(thickness=0.0015, density=1200.0)
IVORY = CounterSpec(thickness=0.002, density=1400.0)


def drops(counter: CounterSpec, timestep: float, n: int, seed: int) -> tuple[int, int, int, int]:
    """(ended under, tunnel frames, not at rest in 1.5 s, covering) over ``n`` random drops of
    a counter onto a resting one (study §6.5)."""
    physics = Physics(Setup(counters=2, counter=counter, air=False, timestep=timestep))
    judge = Judge(physics.setup.cup, counter, lake_radius=0.06)
    r, t = counter.radius, counter.thickness
    rng = np.random.default_rng(seed)
    under = tunnels = restless = covering = 0
    for _ in range(n):
        angle = rng.uniform(0, 2 * math.pi)
        offset = rng.uniform(0, 0.012)
        x, y = 0.2 + offset * math.cos(angle), offset * math.sin(angle)
        height = rng.uniform(0.003, 0.02)
        falling = pose(x, y, t + height, tilt(tuple(rng.normal(size=3)), rng.uniform(0, 35)))
        spin = rng.normal(size=3)
        spin *= rng.uniform(0, 100) / np.linalg.norm(spin)
        push = Launch((0.0, 0.0, -rng.uniform(0.5, 3.5)), tuple(spin))
        shot = physics.shoot(np.array([pose(0.2, 0, t / 2), falling]), 1, push, frame=timestep * 4)
        low, high = shot.frames[:, 0], shot.frames[:, 1]
        near = np.hypot(high[:, 0] - low[:, 0], high[:, 1] - low[:, 1]) < r / 2
        tunnels += int((near & (high[:, 2] < low[:, 2])).sum())
        end_low, end_high = shot.poses
        # Under by passing through: a lower counter that was thrown up may fairly land on top.
        thrown = low[:, 2].max() > t
        under += not thrown and judge.covers(end_low, end_high)
        covering += judge.covers(end_high, end_low)
        restless += not shot.settled or shot.duration > 1.5
    return under, tunnels, restless, covering


@pytest.mark.parametrize("counter", [PLASTIC, IVORY], ids=["1.5mm", "2mm"])
def test_5_no_counter_tunnels_through_another(counter: CounterSpec) -> None:
    under, tunnels, restless, covering = drops(counter, 0.00025, 300, seed=5)
    assert (under, tunnels, restless) == (0, 0, 0)
    _, _, _, finer = drops(counter, 0.000125, 100, seed=5)
    _, _, _, same = drops(counter, 0.00025, 100, seed=5)
    assert abs(finer - same) <= 8  # percentage points of 100 drops: the statistics converge
    assert covering > 0


# --- 6. Pot, stay, determinism -----------------------------------------------------------------


def pot_speed(physics: Physics, distance: float, theta: float, drag: float) -> float:
    """The launch speed whose flight crosses the rim's height over the cup's centre, in vacuum,
    times ``drag`` (air takes a few percent of the range)."""
    rise = physics.setup.cup.height - physics.setup.counter.thickness / 2
    th = math.radians(theta)
    return drag * math.sqrt(
        G * distance**2 / (2 * math.cos(th) ** 2 * (distance * math.tan(th) - rise))
    )


def pot(physics: Physics, distance: float, theta: float, speed: float, aim: float = 0.0,
        spin: float = 0.0) -> str:
    th, phi = math.radians(theta), math.radians(180.0 + aim)
    ux, uy = math.cos(phi), math.sin(phi)
    flat = speed * math.cos(th)
    shot = physics.shoot(
        np.array([pose(distance, 0.0, physics.setup.counter.thickness / 2)]),
        0,
        Launch((flat * ux, flat * uy, speed * math.sin(th)), (-uy * spin, ux * spin, 0.0)),
    )
    judge = Judge(physics.setup.cup, physics.setup.counter, lake_radius=0.06)
    return judge.place(shot.poses[0]) if shot.settled else "moving"


def test_6a_a_true_shot_from_the_start_line_stays_in_the_cup(airy: Physics) -> None:
    speed = pot_speed(airy, 0.415, 60.0, drag=1.04)
    assert [pot(airy, 0.415, 60.0, speed, spin=s) for s in (0.0, 100.0, -100.0)] == ["cup"] * 3


def test_6b_an_expert_pots_from_ten_inches(airy: Physics) -> None:
    rng = np.random.default_rng(6)
    speed = pot_speed(airy, 0.25, 55.0, drag=1.03)
    places = [
        pot(airy, 0.25, 55.0 + rng.normal(0, 2), speed * (1 + rng.normal(0, 0.02)),
            rng.normal(0, 1), rng.normal(0, 50))
        for _ in range(200)
    ]
    assert places.count("cup") >= 160


DETERMINISM = """
import hashlib, math, numpy as np
from ludotheque.games.tiddlywinks.physics import Physics, Setup
from ludotheque.games.tiddlywinks.squidger import Aim, launch
physics = Physics(Setup())
t = physics.setup.counter.thickness
poses = np.array([[0.3 * math.cos(k / 3.8), 0.3 * math.sin(k / 3.8), t / 2, 1, 0, 0, 0]
                  for k in range(24)])
digest = hashlib.sha256()
for k in range(5):
    aim = Aim(180.0 + 15 * k, 0.3 + 0.1 * k, 60.0)
    shot = physics.shoot(poses, 5 * k, launch(aim, 0.003, physics.setup.counter).launch())
    poses = shot.poses
    digest.update(poses.tobytes())
print(digest.hexdigest())
"""


def test_6c_the_same_shot_is_bit_identical_in_another_process() -> None:
    runs = [
        subprocess.run([sys.executable, "-c", DETERMINISM], capture_output=True, text=True,
                       check=True).stdout
        for _ in range(2)
    ]
    assert runs[0] == runs[1] and len(runs[0].strip()) == 64
    assert hashlib.sha256(b"").hexdigest() not in runs[0]


# --- 7. Rule geometry -----------------------------------------------------------------------


def test_7_lake_boundary() -> None:
    judge = Judge(Setup().cup, Setup().counter, lake_radius=0.06)
    r, t = judge.counter.radius, judge.counter.thickness
    assert judge.place(np.array(pose(0.06 + r - 0.0005, 0, t / 2))) == "lake"
    assert judge.place(np.array(pose(0.06 + r + 0.0005, 0, t / 2))) == "cloth"


@pytest.mark.parametrize(("overhang", "falls"), [(0.3, False), (0.4, False), (0.6, True),
                                                 (0.7, True)])
def test_7_table_edge(bare: Physics, overhang: float, falls: bool) -> None:
    c = bare.setup.counter
    x = bare.setup.table.size + overhang * c.diameter - c.radius
    shot = bare.shoot(np.array([pose(x, 0, c.thickness / 2)]), 0, Launch((0, 0, 0), (0, 0, 0)))
    assert (0 in shot.fell) is falls
    assert shot.settled  # a counter that left the table does not keep the shot going


def test_7_covering_geometry() -> None:
    judge = Judge(Setup().cup, Setup().counter, lake_radius=0.06)
    r, t = judge.counter.radius, judge.counter.thickness
    lower = np.array(pose(0.2, 0.0, t / 2))
    touching = np.array(pose(0.2 + 2 * r, 0.0, t / 2))
    assert not judge.covers(lower, touching) and not judge.covers(touching, lower)
    for angle in (5.0, 7.5, 10.0):
        # Tilted about y, its near edge resting on the lower counter, its far edge on the cloth.
        a = math.radians(angle)
        centre_x = 0.2 + 2 * r * math.cos(a) - r * math.cos(a) - 0.002
        upper = np.array(pose(centre_x, 0.0, t / 2 + r * math.sin(a), tilt((0, 1, 0), angle)))
        assert judge.covers(upper, lower) and not judge.covers(lower, upper)


def test_7_off_table_counters_do_not_hold_up_the_rest_test() -> None:
    physics = Physics(Setup(counters=2, air=False, table=TableSpec(size=0.3)))
    t = physics.setup.counter.thickness
    shot = physics.shoot(np.array([pose(0.25, 0, t / 2), pose(-0.2, 0, t / 2)]), 0,
                         Launch((3.0, 0.0, 0.5), (0, 0, 0)))
    assert 0 in shot.fell and shot.settled and shot.duration < 0.5


# --- 8. The squidger and the cloth ------------------------------------------------------------


def test_8_a_thin_cloth_only_pushes() -> None:
    """Cabriole II: «on réussira bien à chasser un jeton en avant, mais on ne pourra pas le
    faire sauter en l’air.»"""
    for cloth in (0.0005, 0.001):
        physics = Physics(Setup(counters=1, air=False, table=TableSpec(cloth=cloth)))
        c = physics.setup.counter
        for pressure in (0.1, 0.5, 1.0):
            for steep in (10.0, 45.0, 90.0):
                departure = launch(Aim(180.0, pressure, steep), cloth, c)
                assert not departure.jumps
                shot = physics.shoot(np.array([pose(0.3, 0, c.thickness / 2)]), 0,
                                     departure.launch(), frame=0.001)
                assert shot.frames[:, 0, 2].max() <= c.thickness + 0.001


def test_8_a_thick_felt_throws_far_and_evenly() -> None:
    big = Physics(Setup(counters=1, air=True, table=TableSpec(size=2.0)))
    c = big.setup.counter
    felt = big.setup.table.cloth
    full = big.shoot(np.array([pose(-0.2, 0, c.thickness / 2)]), 0,
                     launch(Aim(180.0, 1.0, 45.0), felt, c).launch())
    assert -0.2 - full.poses[0, 0] >= 0.9
    speeds = [launch(Aim(0.0, p, 45.0), felt, c).speed for p in np.linspace(0.05, 1, 20)]
    assert all(a <= b for a, b in itertools.pairwise(speeds)) and speeds[0] < speeds[-1]
    light = big.shoot(np.array([pose(-0.2, 0, c.thickness / 2)]), 0,
                      launch(Aim(180.0, 0.1, 45.0), felt, c).launch())
    assert -0.2 - light.poses[0, 0] < 0.05
