"""The shot planner: it tries its candidate shots on the simulated table before playing one.

For each of its counters nearest the cup it considers a few shots — the flight that pots it,
steeper and flatter, a little harder and softer, and a shorter one that lays the counter up
outside the lake — and plays each through the same engine and the same rules as the game, under
its own hand's tremble (the table's ``hands``: the planner knows its skill), several times with
the same trembles for every candidate. It keeps the shot whose outcomes are worth most on
average: its side's counters in the cup, another shot earned, its counters near the cup and not
under an opponent's, counters not lost to the lake or the floor, the game won. A level is how
many shots and trembles it tries (``docs/agents.md``).

>>> import ludotheque
>>> game = ludotheque.load_game("cabriole", hands="steady")
>>> state = game.new_initial_state()
>>> planner = ShotPlanner(seed=1, counters=1, samples=1)
>>> state.action_to_string(planner.choose(state))
'red 1 aim 83.8 pressure 0.50 steep 72'
"""

from __future__ import annotations

import math
import random
from dataclasses import replace
from typing import ClassVar

from ludotheque.core.errors import LudothequeError
from ludotheque.core.game import State
from ludotheque.games.tiddlywinks.game import TiddlywinksGame, TiddlywinksState
from ludotheque.games.tiddlywinks.notation import PASS, Shot, Tremble
from ludotheque.games.tiddlywinks.physics import G
from ludotheque.games.tiddlywinks.player import (
    DRAG,
    AimingPlayer,
    pot_speed,
    pressure_for,
    steep_for,
)
from ludotheque.games.tiddlywinks.squidger import HIGHEST, LOWEST
from ludotheque.games.tiddlywinks.table import Position

#: What the planner counts, in counters in the cup.
POTTED, ANOTHER_SHOT, WON = 1.0, 0.3, 20.0
#: A counter on the cloth is worth up to this, the nearer the cup the more.
NEAR = 0.4
COVERED = 0.2


class ShotPlanner:
    """Tries ``counters`` × its candidate shots under ``samples`` trembles each."""

    interactive: ClassVar[bool] = False

    def __init__(self, seed: int | str | None = None, counters: int = 2, samples: int = 4) -> None:
        self.rng = random.Random(seed)
        self.counters = counters
        self.samples = samples
        self._aim = AimingPlayer("hard")

    def choose(self, state: State) -> int:
        if not isinstance(state, TiddlywinksState):
            raise LudothequeError(f"the shot planner plays tiddlywinks, not {state.game.name}.")
        if state.legal_actions() == [PASS]:
            return PASS
        game = state.game
        me = state.current_player()
        candidates = self.candidates(game, state, me)
        if len(candidates) == 1:
            return candidates[0].id
        trembles = [Tremble.quantised(*(self.rng.gauss(0.0, 1.0) for _ in range(4)))
                    for _ in range(self.samples)]
        if game.options["hands"] == "steady":
            trembles = [Tremble(0.0, 0.0, 0.0, 0.0)]
        best, best_value = candidates[0], -math.inf
        for shot in candidates:
            aimed = replace(state.position, aimed=shot)
            value = sum(self.value(game, game.play(aimed, t), me) for t in trembles)
            if value > best_value:
                best, best_value = shot, value
        return best.id

    def candidates(self, game: TiddlywinksGame, state: TiddlywinksState, me: int) -> list[Shot]:
        position = state.position
        mine = [k for k in state.playable()
                if game.side(position.counters[k].owner) == game.side(me)]
        if not mine:
            return [Shot.from_id(self._aim.choose(state))]
        nearest = sorted(mine, key=lambda k: math.hypot(*position.counters[k].pose[:2]))
        shots = []
        for k in nearest[: self.counters]:
            bearing, pressure, steep = self._aim.aim(game, state, k)
            for lift in (steep, 90.0):
                for harder in (0.97, 1.0, 1.03):
                    p = pressure if lift == steep else self._pressure(game, state, k, lift)
                    shots.append(Shot.quantised(k, bearing, min(1.0, p * harder), lift))
            layup = self._layup(game, state, k)
            if layup is not None:
                shots.append(layup)
        return list(dict.fromkeys(shots))

    def _pressure(self, game: TiddlywinksGame, state: TiddlywinksState, k: int,
                  steep: float) -> float:
        """The pressure that pots counter ``k`` at another steepness."""
        distance = math.hypot(*state.position.counters[k].pose[:2])
        speed = pot_speed(game, distance, LOWEST + (HIGHEST - LOWEST) * steep / 90)
        return 1.0 if speed is None else pressure_for(game, speed, steep)

    def _layup(self, game: TiddlywinksGame, state: TiddlywinksState, k: int) -> Shot | None:
        """A shot that lands the counter short of the lake, a few centimetres outside it."""
        distance = math.hypot(*state.position.counters[k].pose[:2])
        stop = max(game.lake_radius(), game.CUP.outer_radius) + 0.05
        flight = distance - stop - 0.02  # it slides on a little after landing
        if flight < 0.05:
            return None
        elevation = 45.0
        speed = DRAG * math.sqrt(G * flight / math.sin(math.radians(2 * elevation)))
        steep = steep_for(elevation)
        return Shot.quantised(k, state.cup_bearing(k), pressure_for(game, speed, steep), steep)

    def value(self, game: TiddlywinksGame, position: Position, me: int) -> float:
        """What a table is worth to ``me``'s side, in counters in the cup."""
        side = game.side(me)
        if position.over and position.winners:
            return WON if me in position.winners else -WON
        worth = 0.0
        for k, c in enumerate(position.counters):
            sign = 1.0 if game.side(c.owner) == side else -1.0 / max(1, game.num_players() - 1)
            if c.place == "cup":
                worth += sign * POTTED
            elif c.place == "dead":
                worth -= sign * (POTTED + game.fine())
            else:
                distance = math.hypot(*c.pose[:2])
                worth += sign * NEAR * max(0.0, 1.0 - distance / game.line.distance)
                if sign > 0 and game.covered_by_opponent(position, c.owner, k):
                    worth -= COVERED
        if not position.over and game.side(position.mover) == side:
            worth += ANOTHER_SHOT
        return worth


#: Levels: how many of its counters the planner considers, and how many trembles it tries each
#: shot under; about 0.3, 1 and 2.5 s a shot on this machine's class.
PLANS = {"easy": (1, 2), "medium": (2, 3), "hard": (2, 6)}


def at_level(level: str):
    """The planner of a level, as the levels registry makes players."""
    counters, samples = PLANS[level]
    return lambda game, seed: ShotPlanner(seed, counters, samples)
