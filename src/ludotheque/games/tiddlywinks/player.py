"""The simple computer player: it aims its nearest counter at the cup's centre.

It works out the shot from the flight alone: the launch speed whose parabola crosses the rim's
height over the cup's centre (a few percent more for the air), then the pressure that gives that
speed through the squidger model, at a steepness that launches at 60° (70°, the steepest, when
the counter is close). Its level is how well it judges that: ``hard`` judges exactly, ``medium``
and ``easy`` misjudge the bearing and the pressure a little or more. The table's own tremble
comes on top, for it as for a person. It never aims to cover anyone (Cabriole XI).

>>> import ludotheque, random
>>> game = ludotheque.load_game("cabriole", hands="steady")
>>> state = game.new_initial_state()
>>> state.action_to_string(AimingPlayer("hard", seed=1).choose(state.turn()))
'red 1 aim 83.8 pressure 0.50 steep 72'
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, ClassVar

from ludotheque.core.errors import LudothequeError
from ludotheque.core.game import Turn
from ludotheque.core.i18n import _
from ludotheque.games.tiddlywinks.game import TiddlywinksGame, TiddlywinksState
from ludotheque.games.tiddlywinks.notation import PASS, Shot
from ludotheque.games.tiddlywinks.physics import G
from ludotheque.games.tiddlywinks.squidger import HIGHEST, LOWEST, Aim, launch

if TYPE_CHECKING:
    from ludotheque.agents.levels import Factory

#: Its misjudgement by level: bearing (degrees) and pressure (relative), standard deviations.
LEVELS = {"easy": (3.0, 0.08), "medium": (1.5, 0.04), "hard": (0.0, 0.0)}
#: Air takes about 3% of the range of a shot across the table (measured: the acceptance
#: tests pot from 25 and 41.5 cm with 1.03–1.04 times the vacuum speed).
DRAG = 1.03


def steep_for(elevation: float) -> float:
    """The squidger's steepness (degrees) that launches at ``elevation`` on a good cloth."""
    return 90 * (elevation - LOWEST) / (HIGHEST - LOWEST)


def pot_speed(game: TiddlywinksGame, distance: float, elevation: float) -> float | None:
    """The launch speed (m/s) whose flight at ``elevation`` degrees crosses the rim's height
    over the cup's centre ``distance`` metres away, air included; None if that flight is too
    flat ever to rise above the rim there."""
    rise = game.CUP.height - game.COUNTER.thickness / 2
    th = math.radians(elevation)
    reach = distance * math.tan(th) - rise
    if reach <= 0:
        return None
    return DRAG * math.sqrt(G * distance**2 / (2 * math.cos(th) ** 2 * reach))


def pressure_for(game: TiddlywinksGame, speed: float, steep: float) -> float:
    """The pressure that launches a counter at ``speed`` (m/s) with the squidger held at
    ``steep``, on the game's cloth (1.0 if even a full press is too slow)."""
    low, high = 0.0, 1.0
    for _step in range(30):  # the launch speed grows with the pressure: bisect
        middle = (low + high) / 2
        if launch(Aim(0.0, middle, steep), game.setup.table.cloth, game.COUNTER).speed < speed:
            low = middle
        else:
            high = middle
    return high


class AimingPlayer:
    """Aims at the cup with a level's misjudgement; plays only tiddlywinks games."""

    interactive: ClassVar[bool] = False

    def __init__(self, level: str = "medium", seed: int | float | str | None = None) -> None:
        self.level = level
        self.rng = random.Random(seed)

    def choose(self, turn: Turn) -> int:
        # The table hides nothing: the world is a copy of it.
        state = turn.world()
        if not isinstance(state, TiddlywinksState):
            raise LudothequeError(_("the aiming player plays tiddlywinks, not {game}.",
                                    game=state.game.name))
        legal = state.legal_actions()
        if legal == [PASS]:
            return PASS
        game = state.game
        mine = [k for k in state.playable()
                if game.side(state.position.counters[k].owner) == game.side(state.current_player())]
        if not mine:
            # Only an opponent's counter in Horsman's ring: send it as far from the cup as it
            # will go («to any part of the table he may consider most advantageous»).
            k = state.playable()[0]
            return Shot.quantised(k, state.cup_bearing(k) + 180, 1.0, 45).id
        k = min(mine, key=lambda j: math.hypot(*state.position.counters[j].pose[:2]))
        bearing, pressure, steep = self.aim(game, state, k)
        error_bearing, error_pressure = LEVELS[self.level]
        bearing += self.rng.gauss(0.0, error_bearing) if error_bearing else 0.0
        pressure *= 1 + (self.rng.gauss(0.0, error_pressure) if error_pressure else 0.0)
        return Shot.quantised(k, bearing, min(1.0, max(0.0, pressure)), steep).id

    def aim(
        self, game: TiddlywinksGame, state: TiddlywinksState, counter: int
    ) -> tuple[float, float, float]:
        """The exact shot at the cup's centre: bearing, pressure, steepness."""
        distance = math.hypot(*state.position.counters[counter].pose[:2])
        elevation = 60.0
        speed = pot_speed(game, distance, elevation)
        if speed is None:  # close to the cup: the steepest flight
            elevation = HIGHEST
            speed = pot_speed(game, distance, elevation) or 0.0
        steep = steep_for(elevation)
        return state.cup_bearing(counter), pressure_for(game, speed, steep), steep


def at_level(level: str) -> Factory:
    """The aiming player of a level, as the levels registry makes players."""
    return lambda game, seed: AimingPlayer(level, seed)
