"""Cabriole and Tiddledy Winks for learning code: the table as the observer would draw it from
his own seat, and a shot as a coarse grid of decisions or as a point of a box.

Nothing on the table is hidden, so the observation is the position, written in the observer's
terms: the counters (petits jetons) seat by seat, his own first and then the others' in turn
order, each with where the rules have it, where it lies and which way it leans, on a picture of
the table turned so that he sits at the bottom; then whose turn it is, the shot waiting for its
tremble, and the table's constants. Both rule sets share it, as they share the table.

A shot's own ids are too many for learning code (over a billion, and 1001⁴ trembles), so the
decisions are renumbered into a grid of :data:`SHOTS` shots per counter, aimed round the
bearing to the cup and pressed as a share of the press that would pot the counter; chance into
the 81 trembles of the Gauss–Hermite rule the game lists; and the whole continuum is a box of
four numbers (``docs/rules/cabriole.md``, *For learning code*).

>>> import ludotheque
>>> import numpy as np
>>> game = ludotheque.load_game("cabriole", hands="steady")
>>> encoding = game.manifest.encode(game)
>>> encoding.observation.size, encoding.num_actions(), encoding.num_chance_outcomes()
(178, 897, 1)
>>> state = game.new_initial_state()
>>> encoding.legal(state)[:3], len(encoding.legal(state))
([1, 2, 3], 448)
>>> state.action_to_string(encoding.decision(state, 1 + 5))  # red 1, at the cup, a pot's press
'red 1 aim 83.8 pressure 0.50 steep 72'
>>> state.action_to_string(encoding.from_box(state, [0.4, 0.0, 0.5, 72]))
'red 1 aim 83.8 pressure 0.50 steep 72'
>>> state.apply_action(encoding.decision(state, 6))
>>> encoding.chance(state), state.action_to_string(encoding.outcome(state, 0))
([(0, 1.0)], 'steady')
>>> state.apply_action(encoding.outcome(state, 0))
>>> layout, flat = encoding.observation, np.zeros(encoding.observation.size, np.float32)
>>> out = {f.name: flat[slice(*layout.offsets()[f.name])].reshape(f.shape)
...        for f in layout.fields}
>>> encoding.observe(state, 1, out)  # blue's eyes: his counters first, red's after
>>> out["place"][4].nonzero()[0].tolist(), out["to_play"].tolist()  # red 1 potted; his turn
([2], [0.0, 1.0])
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import numpy.typing as npt

from ludotheque.core.encoding import Encoding, Field, Fields, Layout
from ludotheque.core.errors import IllegalMoveError
from ludotheque.core.game import State
from ludotheque.games.tiddlywinks.game import TREMBLES, TiddlywinksGame, TiddlywinksState
from ludotheque.games.tiddlywinks.judge import TOLERANCE
from ludotheque.games.tiddlywinks.notation import LEAST_PRESSURE, PASS, SHOT_IDS, Shot
from ludotheque.games.tiddlywinks.physics import G
from ludotheque.games.tiddlywinks.player import DRAG, pot_speed
from ludotheque.games.tiddlywinks.squidger import HIGHEST, LOWEST, Aim, launch
from ludotheque.games.tiddlywinks.table import Position, tilt

Floats = npt.NDArray[np.float32]

#: Where the rules have a counter, in the order of the ``place`` field (``table.Counter``).
PLACES = ("line", "cloth", "cup", "lake", "dead")
_PLACE = {place: i for i, place in enumerate(PLACES)}
_CUP = _PLACE["cup"]

#: The grid's bearings, degrees from the bearing to the cup's centre, counter-clockwise (to the
#: shooter's left, as ``aim cup+2`` writes it): the cup and either side of it, finer near it,
#: where a pot is decided, and round to straight away from it.
OFFSETS = (0, 2, -2, 5, -5, 10, -10, 20, -20, 45, -45, 90, -90, 180)
#: The grid's strengths: the launch speed as a share of the speed whose flight, at the grid's
#: steepness, crosses the rim over the cup's centre (the aiming player's flight model). A
#: counter lands at about the square of the share of its distance: a quarter of the way, two
#: thirds, in the cup, past it. Fixed pressures would not do: from the start line a pot asks
#: for the pressure within about 3%, which no coarse grid of pressures holds.
STRENGTHS = (0.5, 0.8, 1.0, 1.2)
#: The grid's steepnesses of the squidger: launches at 40° and 60° on a good cloth.
STEEPS = (36, 72)
#: The grid's shots per counter: bearings, then strengths, then steepnesses, the last fastest.
SHOTS = len(OFFSETS) * len(STRENGTHS) * len(STEEPS)
#: A counter's height is shown in cup heights up to this: one leaning on the rim stands about
#: one high; only a counter the engine left bouncing at the end of its time could stand higher.
HIGHEST_SHOWN = 2.0


@dataclass(frozen=True)
class _Facts:
    """What a position shows, every seat alike, in the game's counter order and the picture's
    frame: worked out once per position, then permuted and turned for each observer."""

    xy: npt.NDArray[np.float64]  # counters × 2, metres, as the view rounds them
    distance: Floats
    height: Floats
    tilt: Floats
    place: npt.NDArray[np.intp]
    covered: Floats
    covering: Floats
    playable: Floats
    due: Floats
    open: Floats
    potted: Floats  # per seat, by the counters each


class TiddlywinksEncoding(Encoding):
    """The observation and the learning actions of Cabriole and Tiddledy Winks."""

    game: TiddlywinksGame

    def __init__(self, game: TiddlywinksGame) -> None:
        super().__init__(game)
        n, c = game.num_players(), game.per_player
        k = n * c
        self._players, self._per, self._counters = n, c, k
        table = game.setup.table
        #: The table's reach: the farthest a point of it lies from the cup, so that a picture
        #: turned any way still fits within ±1.
        self._reach = table.size * (1.0 if table.shape == "round" else math.sqrt(2.0))
        #: Per observer: the seats in his order (he first, then the others in turn order), and
        #: the game's counter under each slot (slot = relative seat × counters each + number).
        self._seats = [np.array([(p + r) % n for r in range(n)]) for p in range(n)]
        self._orders = [np.array([s * c + i for s in seats for i in range(c)])
                        for seats in self._seats]
        self._slots = [{int(g): slot for slot, g in enumerate(order)} for order in self._orders]
        # Seat s sits 360·s/n degrees counter-clockwise of red: turning the picture back by as
        # much brings him to the bottom, where red sits on the picture.
        self._turned = [2 * math.pi * p / n for p in range(n)]
        self._turns = [np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
                       / self._reach for a in self._turned]
        sides = [game.side(p) for p in range(n)]
        self._owner = np.repeat(np.eye(n, dtype=np.float32), c, axis=0)
        self._side = [np.array([sides[s] == sides[p] for s in self._seats[p]], np.float32)
                      for p in range(n)]
        self._ours = [np.repeat(side, c) for side in self._side]
        self._counter_side = np.repeat(np.array(sides), c)
        self._rows = np.arange(k)
        cup = game.CUP
        self._lengths = np.array(
            [game.lake_radius(), game.line.distance, cup.inner_radius, cup.outer_radius,
             cup.height, game.COUNTER.radius], np.float32) / np.float32(self._reach)
        self._shape = np.array([table.shape == "round", table.shape == "square"], np.float32)
        self._limit = float(game.options["limit"])
        self._steady = game.options["hands"] == "steady"
        self._cached: tuple[Position, _Facts] | None = None
        self._layout = Layout((
            Field("owner", (k, n), 0, 1,
                  "per counter (mine by number, then the next seat's…): one-hot its owner, "
                  "me first, then the others in turn order"),
            Field("ours", (k,), 0, 1, "per counter: of my side (mine, my camp's, my partner's)"),
            Field("place", (k, len(PLACES)), 0, 1,
                  "per counter: one-hot where the rules have it: line, cloth, cup, lake, dead"),
            Field("xy", (k, 2), -1, 1,
                  "per counter: centre x, y / the table's reach, turned so that I sit at the "
                  "bottom"),
            Field("distance", (k,), 0, 1, "per counter: from the cup's axis / the table's reach"),
            Field("height", (k,), 0, HIGHEST_SHOWN,
                  "per counter: its centre above the cloth / the cup's height"),
            Field("tilt", (k,), 0, 1, "per counter: its axis from the vertical / 180°"),
            Field("covered", (k,), 0, 1,
                  "per counter: another side's counter lies over it (any proportion)"),
            Field("covering", (k,), 0, 1, "per counter: it lies over another side's counter"),
            Field("playable", (k,), 0, 1, "per counter: the seat to play may shoot it now"),
            Field("due", (k,), 0, 1,
                  "per counter: sent back by the ring, to be played out first (Horsman II)"),
            Field("open", (k,), 0, 1,
                  "per counter: in the ring, open to the next players (Horsman III)"),
            Field("aimed", (k,), 0, 1, "per counter: the one the shot waiting for its tremble "
                  "plays"),
            Field("to_play", (n,), 0, 1,
                  "one-hot whose turn (the shooter at a tremble): me first, then the others"),
            Field("side", (n,), 0, 1, "per seat, me first: on my side (camp or partners)"),
            Field("potted", (n,), 0, 1, "per seat, me first: counters in the cup / counters each"),
            Field("lost", (n,), 0, 1,
                  "per seat, me first: counters lost in the lake or ring / counters each"),
            Field("stage", (3,), 0, 1, "one-hot: a shot or pass to decide, a tremble, over"),
            Field("aim", (2,), -1, 1,
                  "the shot waiting for its tremble: cos, sin of its bearing from the cup's"),
            Field("press", (2,), 0, 1,
                  "the shot waiting for its tremble: pressure, steepness / 90°"),
            Field("turns", (), 0, 1, "shots and passes so far / the limit"),
            Field("table", (2,), 0, 1, "one-hot the table: round, square"),
            Field("turned", (2,), -1, 1,
                  "cos, sin of the angle the picture is turned by to bring me to the bottom"),
            Field("lengths", (6,), 0, 1,
                  "/ the table's reach: lake (ring) radius, start line's, cup's inner and outer "
                  "radius, cup's height, counter's radius"),
        ))
        self._box = Layout((
            Field("counter", (), 0, k - 1,
                  "the counter, by slot (mine first): the nearest one playable"),
            Field("bearing", (), 0, 360,
                  "degrees counter-clockwise from the bearing to the cup's centre"),
            Field("pressure", (), 0, 1, "how hard the squidger presses (0.01 at least)"),
            Field("steep", (), 0, 90, "the squidger's steepness, degrees (90 upright)"),
        ))

    # --- the observation ---------------------------------------------------------------------

    @property
    def observation(self) -> Layout:
        return self._layout

    def observe(self, state: State, player: int, out: Fields) -> None:
        assert isinstance(state, TiddlywinksState)
        position = state.position
        facts = self._facts(position)
        order, seats = self._orders[player], self._seats[player]
        n = self._players
        out["owner"][:] = self._owner
        out["ours"][:] = self._ours[player]
        out["place"][self._rows, facts.place[order]] = 1.0
        out["xy"][:] = np.clip(facts.xy[order] @ self._turns[player], -1.0, 1.0)
        out["distance"][:] = facts.distance[order]
        out["height"][:] = facts.height[order]
        out["tilt"][:] = facts.tilt[order]
        out["covered"][:] = facts.covered[order]
        out["covering"][:] = facts.covering[order]
        out["due"][:] = facts.due[order]
        out["open"][:] = facts.open[order]
        out["to_play"][(position.mover - player) % n] = 1.0
        out["side"][:] = self._side[player]
        out["potted"][:] = facts.potted[seats]
        out["lost"][:] = np.array(position.lost, np.float32)[seats] / self._per
        aimed = position.aimed
        if state.is_terminal():
            out["stage"][2] = 1.0
        elif aimed is not None:
            out["stage"][1] = 1.0
            out["aimed"][self._slots[player][aimed.counter]] = 1.0
            offset = math.radians(aimed.bearing - state.cup_bearing(aimed.counter))
            out["aim"][:] = (math.cos(offset), math.sin(offset))
            out["press"][:] = (aimed.pressure, aimed.steep / 90)
        else:
            out["stage"][0] = 1.0
            # The view lists what the seat to play may shoot only while he is to decide.
            out["playable"][:] = facts.playable[order]
        out["turns"][...] = min(1.0, position.shots / self._limit)
        out["table"][:] = self._shape
        turned = self._turned[player]
        out["turned"][:] = (math.cos(turned), math.sin(turned))
        out["lengths"][:] = self._lengths

    def _facts(self, position: Position) -> _Facts:
        """The position's facts, kept for the last position asked: every seat observes each."""
        if self._cached is not None and self._cached[0] is position:
            return self._cached[1]
        game, counters = self.game, position.counters
        poses = np.array([c.pose for c in counters])
        # To the view's precision (0.1 mm, 0.1°): the tensor shows the numbers the view shows.
        xyz = np.round(poses[:, :3], 4)
        place = np.array([_PLACE[c.place] for c in counters], np.intp)
        covered, covering = self._covering(poses, place)
        playable = np.zeros(self._counters, np.float32)
        if not position.over and position.aimed is None:
            playable[game.playable(position, position.mover)] = 1.0
        due = np.zeros(self._counters, np.float32)
        due[list(position.due)] = 1.0
        open_ = np.zeros(self._counters, np.float32)
        open_[[k for k, _ in position.open_ring]] = 1.0
        potted = (np.bincount([c.owner for c in counters if c.place == "cup"],
                              minlength=self._players) / self._per).astype(np.float32)
        facts = _Facts(
            xy=xyz[:, :2],
            distance=np.minimum(np.hypot(xyz[:, 0], xyz[:, 1]) / self._reach, 1.0).astype(
                np.float32),
            height=np.clip(xyz[:, 2] / game.CUP.height, 0.0, HIGHEST_SHOWN).astype(np.float32),
            tilt=(np.round(tilt(poses), 1) / 180).astype(np.float32),
            place=place, covered=covered, covering=covering, playable=playable, due=due,
            open=open_, potted=potted,
        )
        self._cached = (position, facts)
        return facts

    def _covering(self, poses: npt.NDArray[np.float64],
                  place: npt.NDArray[np.intp]) -> tuple[Floats, Floats]:
        """Which counters another side's covers, and which cover another side's: judged as the
        rules judge it (``Judge.covers``), only for pairs near enough to touch."""
        covered = np.zeros(self._counters, np.float32)
        covering = np.zeros(self._counters, np.float32)
        live = np.flatnonzero(place != _CUP)
        xy = poses[live, :2]
        step = xy[:, None, :] - xy[None, :, :]
        apart = np.hypot(step[..., 0], step[..., 1])
        side = self._counter_side[live]
        near = (apart <= 2 * self.game.COUNTER.radius + TOLERANCE) & (
            side[:, None] != side[None, :])
        covers = self.game.judge.covers
        for i, j in zip(*np.nonzero(np.triu(near, 1)), strict=True):
            a, b = live[i], live[j]
            for upper, lower in ((a, b), (b, a)):
                if covers(poses[upper], poses[lower]):
                    covering[upper] = covered[lower] = 1.0
        return covered, covering

    # --- the grid of decisions -----------------------------------------------------------------

    def num_actions(self) -> int:
        return 1 + self._counters * SHOTS

    def legal(self, state: State) -> list[int]:
        assert isinstance(state, TiddlywinksState)
        if state.is_terminal():
            return []
        if state.is_chance_node():
            return [i for i, _ in self.chance(state)]
        slots = self._playable_slots(state)
        if not slots:
            return [PASS]
        return [1 + slot * SHOTS + g for slot in slots for g in self._distinct(state, slot)]

    def _distinct(self, state: TiddlywinksState, slot: int) -> list[int]:
        """The slot's grid shots, less each whose strength presses as hard as a weaker one's
        at the same steepness, to the notation's hundredth (two past a full press far from the
        cup, or at the least press against it): one shot is one action, and OpenSpiel asks
        each legal action for a string of its own."""
        counter = int(self._orders[state.position.mover][slot])
        kept = set()
        for steep in STEEPS:
            pressed = set()
            for strength in STRENGTHS:
                pressure = self._pressed(state.position, counter, strength, steep)
                if pressure not in pressed:
                    pressed.add(pressure)
                    kept.add((strength, steep))
        return [g for g in range(SHOTS)
                if (STRENGTHS[g // len(STEEPS) % len(STRENGTHS)], STEEPS[g % len(STEEPS)])
                in kept]

    def decision(self, state: State, action: int) -> int:
        assert isinstance(state, TiddlywinksState)
        if not 0 <= action < self.num_actions():
            raise IllegalMoveError(f"learning code's shots here are numbered 0 to "
                                   f"{self.num_actions() - 1}, not {action}.")
        if action == 0:
            return PASS
        slot, g = divmod(action - 1, SHOTS)
        counter = int(self._orders[state.position.mover][slot])
        rest, steep = divmod(g, len(STEEPS))
        offset, strength = divmod(rest, len(STRENGTHS))
        return Shot.quantised(
            counter, state.cup_bearing(counter) + OFFSETS[offset],
            self._pressure(state.position, counter, STRENGTHS[strength], STEEPS[steep]),
            STEEPS[steep],
        ).id

    def nearest(self, state: State, action: int) -> int:
        """The grid's shot nearest the game's ``action``: its counter, then the nearest bearing
        round the circle, steepness, and the strength whose pressure, to the notation's
        hundredth, is nearest (the weaker of two that press alike: the one that is legal)."""
        assert isinstance(state, TiddlywinksState)
        if action == PASS or not 0 < action <= SHOT_IDS:
            return 0
        shot = Shot.from_id(action)
        slot = self._slots[state.position.mover].get(shot.counter)
        if slot is None:
            return 0
        turn = (shot.bearing - state.cup_bearing(shot.counter)) % 360
        offset = min(range(len(OFFSETS)),
                     key=lambda i: abs((turn - OFFSETS[i] + 180) % 360 - 180))
        steep = min(range(len(STEEPS)), key=lambda i: abs(STEEPS[i] - shot.steep))
        strength = min(range(len(STRENGTHS)), key=lambda i: abs(self._pressed(
            state.position, shot.counter, STRENGTHS[i], STEEPS[steep]) - shot.pressure))
        return 1 + slot * SHOTS + (offset * len(STRENGTHS) + strength) * len(STEEPS) + steep

    def _playable_slots(self, state: TiddlywinksState) -> list[int]:
        """The playable counters' slots in the mover's order, ascending."""
        position = state.position
        playable = np.flatnonzero(self._facts(position).playable)
        slots = self._slots[position.mover]
        return sorted(slots[int(k)] for k in playable)

    def _pressed(self, position: Position, counter: int, strength: float,
                 steep: int) -> float:
        """:meth:`_pressure` to the notation's hundredth, as a shot plays it."""
        return Shot.quantised(counter, 0.0, self._pressure(position, counter, strength, steep),
                              steep).pressure

    def _pressure(self, position: Position, counter: int, strength: float,
                  steep: int) -> float:
        """The pressure that launches ``counter`` at ``strength`` times the speed that pots it
        from where it lies, the squidger held at ``steep`` (one of :data:`STEEPS`): read off
        the squidger's speeds at every hundredth of pressure, a full press if none is enough."""
        distance = math.hypot(*position.counters[counter].pose[:2])
        speeds, pressures = self._speeds[steep]
        speed = strength * self._pot_speed(distance, steep)
        if speed > speeds[-1]:
            return 1.0
        return max(LEAST_PRESSURE, float(np.interp(speed, speeds, pressures)))

    @cached_property
    def _speeds(self) -> dict[int, tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]]:
        """Per grid steepness, the launch speed at each hundredth of pressure up to the least
        that gives the squidger's full speed (the cloth squeezed as far as it goes), and those
        pressures: a table read in microseconds, where bisecting the model takes a
        millisecond, and as fine as the notation."""
        cloth, counter = self.game.setup.table.cloth, self.game.COUNTER
        tables = {}
        for steep in STEEPS:
            speeds = np.array([launch(Aim(0.0, p / 100, steep), cloth, counter).speed
                               for p in range(101)])
            top = int(np.argmax(speeds)) + 1  # the speed rises with the pressure, then stays
            tables[steep] = (speeds[:top], np.arange(top) / 100)
        return tables

    def _pot_speed(self, distance: float, steep: int) -> float:
        """The speed whose flight at ``steep`` crosses the rim over the cup's centre; where so
        flat a flight cannot, the steepest hold's; against the cup's wall, where none can, the
        speed that lands at the cup's centre."""
        elevation = LOWEST + (HIGHEST - LOWEST) * steep / 90
        speed = pot_speed(self.game, distance, elevation) or pot_speed(self.game, distance,
                                                                       HIGHEST)
        if speed is None:
            speed = DRAG * math.sqrt(G * max(distance, 0.01) / math.sin(math.radians(2 * HIGHEST)))
        return speed

    # --- chance ------------------------------------------------------------------------------

    def num_chance_outcomes(self) -> int:
        return 1 if self._steady else len(TREMBLES)

    def chance(self, state: State) -> list[tuple[int, float]]:
        return [(i, p) for i, (_, p) in enumerate(state.chance_outcomes())]

    def outcome(self, state: State, outcome: int) -> int:
        outcomes = state.chance_outcomes()
        if not 0 <= outcome < len(outcomes):
            raise IllegalMoveError(f"learning code's trembles here are numbered 0 to "
                                   f"{len(outcomes) - 1}, not {outcome}.")
        return outcomes[outcome][0]

    # --- the box -----------------------------------------------------------------------------

    @property
    def box(self) -> Layout:
        return self._box

    def from_box(self, state: State, point: Sequence[float]) -> int:
        """The shot at ``point``: the playable counter whose slot is nearest its ``counter``
        (the lower on a tie), aimed ``bearing`` degrees to the left of the cup, pressed
        ``pressure`` (0.01 at least), the squidger at ``steep`` rounded. A pass when no counter
        may be played. A point outside the box (not a number, infinite, or beyond a bound) is
        refused, never brought within: learning code that strays should know it."""
        assert isinstance(state, TiddlywinksState)
        fields = self._box.fields
        if len(point) != len(fields):
            raise IllegalMoveError(f"a point of the box has {len(fields)} values "
                                   f"({', '.join(f.name for f in fields)}), not {len(point)}.")
        counter, bearing, pressure, steep = (
            _within(float(v), f) for v, f in zip(point, fields, strict=True))
        slots = self._playable_slots(state)
        if not slots:
            return PASS
        slot = min(slots, key=lambda s: (abs(s - counter), s))
        k = int(self._orders[state.position.mover][slot])
        return Shot.quantised(k, state.cup_bearing(k) + bearing,
                              max(LEAST_PRESSURE, pressure), steep).id

    def to_box(self, state: State, action: int) -> list[float]:
        """The point of the box for the game's ``action`` (a computer player's): any point for
        a pass."""
        assert isinstance(state, TiddlywinksState)
        if action == PASS or not 0 < action <= SHOT_IDS:
            return [0.0, 0.0, LEAST_PRESSURE, 0.0]
        shot = Shot.from_id(action)
        slot = self._slots[state.position.mover].get(shot.counter, 0)
        turn = (shot.bearing - state.cup_bearing(shot.counter)) % 360
        return [float(slot), turn, shot.pressure, float(shot.steep)]


def _within(value: float, field: Field) -> float:
    """``value``, where it lies within ``field``'s bounds (not a number lies nowhere)."""
    if not field.low <= value <= field.high:
        raise IllegalMoveError(f"the box's {field.name} is a number from {field.low:g} to "
                               f"{field.high:g}, not {value!r}.")
    return value
