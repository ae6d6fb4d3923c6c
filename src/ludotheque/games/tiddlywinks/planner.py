"""The shot planner: it tries its candidate shots on the simulated table before playing one.

It first asks the pot chart (:mod:`.flight`, the study's analytic model: closed-form flights
under its own hand's tremble) how likely each of its counters is to be potted from where it
lies. For the likeliest few it considers the chart's best pot, a little harder and softer, the
aiming player's pot, and a lay-up to where the chart says a pot is likeliest: towards the cup
from afar, away from it for a counter lying against the cup's wall, which nothing pots. It plays
each candidate through the same engine and the same rules as the game, under its own hand's
tremble (the table's ``hands``: the planner knows its skill), several times with the same
trembles for every candidate, and keeps the shot whose outcomes are worth most on average: its
side's counters in the cup, each counter on the cloth at its chance of being potted from there,
the run of pots the side to play can expect, its counters not under an opponent's, none lost to
the lake or the floor, the game won. A level is how many counters and trembles it tries
(``docs/agents.md``).

>>> import ludotheque
>>> game = ludotheque.load_game("cabriole", hands="steady")
>>> state = game.new_initial_state()
>>> planner = ShotPlanner(seed=1, counters=1, samples=1)
>>> state.action_to_string(planner.choose(state.turn()))
'red 1 aim 83.8 pressure 0.50 steep 72'
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING, ClassVar

from ludotheque.agents.hint import COUNTERS, TREMBLES, Weighed
from ludotheque.agents.progress import told
from ludotheque.core.errors import LudothequeError
from ludotheque.core.game import State, Turn
from ludotheque.core.i18n import _
from ludotheque.games.tiddlywinks.flight import PotChart
from ludotheque.games.tiddlywinks.game import TiddlywinksGame, TiddlywinksState
from ludotheque.games.tiddlywinks.notation import PASS, Shot, Tremble
from ludotheque.games.tiddlywinks.physics import G
from ludotheque.games.tiddlywinks.player import (
    DRAG,
    AimingPlayer,
    pressure_for,
    steep_for,
)
from ludotheque.games.tiddlywinks.table import Position

if TYPE_CHECKING:
    from ludotheque.agents.levels import Factory

#: What the planner counts, in counters in the cup.
POTTED, WON = 1.0, 20.0
#: A counter on the cloth is worth this times its chance of being potted from where it lies.
REACH = 0.5
COVERED = 0.2


class ShotPlanner:
    """Tries ``counters`` × its candidate shots under ``samples`` trembles each."""

    interactive: ClassVar[bool] = False

    def __init__(
        self, seed: int | float | str | None = None, counters: int = 2, samples: int = 4
    ) -> None:
        self.rng = random.Random(seed)
        self.counters = counters
        self.samples = samples
        self._aim = AimingPlayer("hard")
        self._chart: PotChart | None = None

    def chart(self, game: TiddlywinksGame) -> PotChart:
        """The game's pot chances by distance (:mod:`.flight`), charted as they are asked for."""
        if self._chart is None or self._chart.game is not game:
            self._chart = PotChart(game)
        return self._chart

    #: What its values are (:mod:`ludotheque.agents.hint`): counters in the cup, ahead of
    #: the others (:meth:`value`), on average over the trembles it tries.
    unit: ClassVar[str] = COUNTERS
    sampled: ClassVar[str] = TREMBLES

    def choose(self, turn: Turn) -> int:
        return self.weigh(turn)[0].path[0]

    def weigh(self, turn: Turn, seconds: float | None = None,
              include: Sequence[tuple[int, ...]] = ()) -> list[Weighed]:
        """Its candidate shots, and the shots ``include`` besides, best first, each worth the
        mean of its outcomes under the trembles tried (the same for every shot); those not
        tried once ``seconds`` have passed are left out (the first and those asked for are
        always tried). A lone candidate is not tried."""
        # The table hides nothing: the world is a copy of it.
        state = turn.world()
        if not isinstance(state, TiddlywinksState):
            raise LudothequeError(_("the shot planner plays tiddlywinks, not {game}.",
                                    game=state.game.name))
        if state.legal_actions() == [PASS]:
            return [Weighed((PASS,), None, 0)]
        game = state.game
        me = state.current_player()
        asked = [Shot.from_id(path[0]) for path in include]
        candidates = list(dict.fromkeys([*self.candidates(game, state, me), *asked]))
        if len(candidates) == 1:
            return [Weighed((candidates[0].id,), None, 0)]
        trembles = [Tremble.quantised(*(self.rng.gauss(0.0, 1.0) for _ in range(4)))
                    for _ in range(self.samples)]
        if game.options["hands"] == "steady":
            trembles = [Tremble(0.0, 0.0, 0.0, 0.0)]
        deadline = None if seconds is None else time.perf_counter() + seconds
        tried: list[tuple[float, Weighed]] = []
        for done, shot in enumerate(candidates):
            if (deadline is not None and done and time.perf_counter() > deadline
                    and shot not in asked):
                continue
            told(done / len(candidates))
            aimed = replace(state.position, aimed=shot)
            total = sum(self.value(game, game.play(aimed, t), me) for t in trembles)
            tried.append((total, Weighed((shot.id,), total / len(trembles), len(trembles))))
        # Ranked by the totals, which a division could make equal: the first found of equal
        # ones first.
        tried.sort(key=lambda tw: -tw[0])
        return [w for _, w in tried]

    def candidates(self, game: TiddlywinksGame, state: TiddlywinksState, me: int) -> list[Shot]:
        """For its counters likeliest to pot: the chart's best pot, a little harder and softer,
        the aiming player's pot, and a lay-up to where a pot is likeliest."""
        position = state.position
        mine = [k for k in state.playable()
                if game.side(position.counters[k].owner) == game.side(me)]
        if not mine:
            return [Shot.from_id(self._aim.choose(state.turn()))]
        chart = self.chart(game)
        distance = {k: math.hypot(*position.counters[k].pose[:2]) for k in mine}
        ranked = sorted(mine, key=lambda k: (-chart.chance(distance[k]), distance[k]))
        shots = []
        for k in ranked[: self.counters]:
            bearing = state.cup_bearing(k)
            pot = chart.best(distance[k])
            if pot.chance > 0:
                for harder in (0.97, 1.0, 1.03):
                    shots.append(Shot.quantised(k, bearing, min(1.0, pot.pressure * harder),
                                                pot.steep))
            shots.append(Shot.quantised(k, *self._aim.aim(game, state, k)))
            layup = self._layup(game, state, k, distance[k])
            if layup is not None:
                shots.append(layup)
        return list(dict.fromkeys(shots))

    def _layup(self, game: TiddlywinksGame, state: TiddlywinksState, k: int,
               distance: float) -> Shot | None:
        """A shot that lays the counter where the chart says a pot is likeliest, outside the
        lake: towards the cup from afar, away from it when it lies too close to pot."""
        chart = self.chart(game)
        spot = chart.spot()
        flight = abs(distance - spot)
        if flight < 0.02:
            return None
        flight -= 0.01  # it slides on a little after landing
        elevation = 45.0
        speed = DRAG * math.sqrt(G * flight / math.sin(math.radians(2 * elevation)))
        steep = steep_for(elevation)
        bearing = state.cup_bearing(k) + (0.0 if distance > spot else 180.0)
        return Shot.quantised(k, bearing, pressure_for(game, speed, steep), steep)

    def value(self, game: TiddlywinksGame, position: Position, me: int) -> float:
        """What a table is worth to ``me``'s side, in counters in the cup, less the others'
        (shared among them): a counter on the cloth is worth its chance of being potted from
        where it lies, and the side to play what its run of pots is likely to bring."""
        if position.over and position.winners:
            return WON if me in position.winners else -WON
        chart = self.chart(game)
        mine = game.side(me)
        worth: dict[int, float] = {game.side(p): 0.0 for p in range(game.num_players())}
        chances: dict[int, list[float]] = {side: [] for side in worth}
        for k, c in enumerate(position.counters):
            side = game.side(c.owner)
            if c.place == "cup":
                worth[side] += POTTED
            elif c.place == "dead":
                worth[side] -= POTTED + game.fine()
            else:
                chance = chart.chance(math.hypot(*c.pose[:2]))
                chances[side].append(chance)
                worth[side] += REACH * chance
                # Only its own counters' covering counts: to seek to cover an opponent's would
                # be covering him on purpose, which both sources forbid.
                if side == mine and game.covered_by_opponent(position, c.owner, k):
                    worth[side] -= COVERED
        if not position.over:
            worth[game.side(position.mover)] += self.run(game, chances[game.side(position.mover)])
        others = [w for side, w in worth.items() if side != mine]
        return worth[mine] - sum(others) / max(1, len(others))

    @staticmethod
    def run(game: TiddlywinksGame, chances: list[float]) -> float:
        """What a turn is likely to bring a side whose counters have these chances: it plays the
        likeliest first and shoots on while it pots (rule "another shot after a pot"), each pot
        turning a counter's worth on the cloth into one in the cup."""
        gain, going = 0.0, 1.0
        for chance in sorted(chances, reverse=True):
            going *= chance
            gain += going * (POTTED - REACH * chance)
            if game.passes_after_every_shot():
                break
        return gain


@cache
def _judging() -> ShotPlanner:
    return ShotPlanner()


def judge(state: State, player: int) -> float:
    """What the table is worth to ``player``'s side as the planner weighs it
    (:meth:`ShotPlanner.value`): the rule set's judge of a position for search code's leaves
    (``Manifest.judge``).

    >>> import ludotheque
    >>> state = ludotheque.load_game("cabriole").new_initial_state()
    >>> judge(state, 0) > judge(state, 1)  # the same table, and red to play
    True
    """
    assert isinstance(state, TiddlywinksState)
    return _judging().value(state.game, state.position, player)


#: Levels: how many of its counters the planner considers, and how many trembles it tries each
#: shot under; about 0.3, 1 and 2.5 s a shot on this machine's class.
PLANS = {"easy": (1, 2), "medium": (2, 3), "hard": (2, 6)}


def at_level(level: str) -> Factory:
    """The planner of a level, as the levels registry makes players."""
    counters, samples = PLANS[level]
    return lambda game, seed: ShotPlanner(seed, counters, samples)
