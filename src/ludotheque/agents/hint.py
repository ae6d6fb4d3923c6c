"""Hints (le conseil): what the game's own strong player thinks of the moves open to a seat.

A person at his turn asks for a hint; the rule set's hint player (its manifest's ``hint``: the
game's own strong player, ``hard`` or the shot planner at ``medium``, a tree search among them
stopped after :data:`SECONDS`) weighs his moves from his
:class:`~ludotheque.core.game.Turn` alone, as any computer player does, and tells the best
three with the value it gives each, in the game's own terms (:data:`UNITS`: a chance of
winning, points, counters in the cup), and how sure it is (its visits, the deals or the
trembles it weighed them over). Its generator is seeded from the seat's view: a hint is the
same whatever the cards the seat has not seen, and the same asked twice, wherever its search
ends by its iterations rather than its time.

White's last two checkers stand on his 24 and 19 points, Black's last on his 24, and White
throws 6-1 (the example of :mod:`.mcts`): bearing both off wins at once.

>>> import ludotheque
>>> from ludotheque.games.jacquet.position import Position
>>> state = ludotheque.load_game("jacquet", bearing_off="optional").new_initial_state()
>>> state.position = Position.parse("24,19,off13 24,off14 move:white:6-1:6,1")
>>> for line in hint(state.turn(), seconds=None).lines():
...     print(line)
24/off, 19/off — 100% to win (158 visits).
19/20, 20/off(6) — 0% to win (2 visits).
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from ludotheque.core.errors import LudothequeError
from ludotheque.core.i18n import N_, _, decimal, ngettext

if TYPE_CHECKING:
    from ludotheque.core.game import State, Turn

#: What a weigher's values are: the chance of winning (0 to 1), the game's points expected, or
#: counters in the cup ahead of the others.
CHANCE, POINTS, COUNTERS = "chance", "points", "counters"
UNITS = (CHANCE, POINTS, COUNTERS)
#: What its samples are: the search's visits, the deals it weighed a move over, the trembles
#: of the hand it tried a shot under.
VISITS, DEALS, TREMBLES = "visits", "deals", "trembles"
#: How many moves a hint tells.
BEST = 3
#: How long a hint's search may take, in seconds, at most (its iterations may end it sooner).
SECONDS = 1.5


class Weighed(NamedTuple):
    """One move as a player weighs it: its decisions (a whole turn, or one decision), its
    value (None where it was not weighed: the only one the player considers), and how many
    samples the value rests on."""

    path: tuple[int, ...]
    value: float | None
    samples: int


def best_first(weighed: list[Weighed]) -> list[Weighed]:
    """Moves weighed by value, best first, the first found of equal ones first.

    >>> [w.path for w in best_first([Weighed((1,), 0.5, 2), Weighed((2,), 0.7, 2)])]
    [(2,), (1,)]
    """
    return sorted(weighed, key=lambda w: -math.inf if w.value is None else w.value,
                  reverse=True)


class Weigher(Protocol):
    """A player who can tell how it weighs the moves open to a turn, best first, within
    ``seconds`` where it searches, the turns ``include`` among them."""

    @property
    def unit(self) -> str: ...

    @property
    def sampled(self) -> str: ...

    def weigh(self, turn: Turn, seconds: float | None = None,
              include: Sequence[tuple[int, ...]] = ()) -> list[Weighed]: ...


@dataclass(frozen=True)
class Advice:
    """One move of a hint: its decisions as written, each as it is typed to play it, its value
    and samples."""

    path: tuple[str, ...]
    value: float | None
    samples: int

    @property
    def move(self) -> str:
        """The move as a person reads it: its decisions one after the other."""
        return ", ".join(self.path)

    @property
    def first(self) -> str:
        return self.path[0]


@dataclass(frozen=True)
class Hint:
    """A hint: the best moves, best first, in the unit and with the samples of its player."""

    advice: tuple[Advice, ...]
    unit: str
    sampled: str

    def lines(self) -> list[str]:
        """The hint as a person reads it, a line a move, in his language."""
        return [said(advice, self.unit, self.sampled) for advice in self.advice]

    def as_json(self) -> dict[str, Any]:
        """The hint as a page is sent it: each move with its line."""
        return {"unit": self.unit, "moves": [
            {"move": a.move, "path": list(a.path), "value": a.value, "samples": a.samples,
             "said": said(a, self.unit, self.sampled)} for a in self.advice]}


def said(advice: Advice, unit: str, sampled: str) -> str:
    """One move of a hint in a sentence."""
    if advice.value is None:
        return _("{move} — the only move.", move=advice.move)
    sure = {
        VISITS: lambda n: ngettext("{count} visit", "{count} visits", n),
        DEALS: lambda n: ngettext("weighed over {count} deal", "weighed over {count} deals", n),
        TREMBLES: lambda n: ngettext("{count} tremble tried", "{count} trembles tried", n),
    }[sampled](advice.samples)
    if unit == CHANCE:
        return _("{move} — {percent}% to win ({sure}).", move=advice.move,
                 percent=decimal(round(100 * advice.value)), sure=sure)
    worth = {POINTS: N_("{move} — worth {value} points ({sure})."),
             COUNTERS: N_("{move} — worth {value} counters in the cup, ahead of the others "
                          "({sure}).")}[unit]
    return _(worth, move=advice.move, value=decimal(round(advice.value, 1)), sure=sure)


def valued(value: float, unit: str) -> str:
    """A value in its unit, as a person reads it.

    >>> valued(0.625, CHANCE), valued(108.42, POINTS)
    ('62%', '108.4 points')
    """
    if unit == CHANCE:
        return _("{percent}%", percent=decimal(round(100 * value)))
    if unit == POINTS:
        return _("{value} points", value=decimal(round(value, 1)))
    return _("{value} counters", value=decimal(round(value, 1)))


def valued_move(move: str, value: float | None, unit: str) -> str:
    """A move written with its value, where it has one.

    >>> valued_move("pile", 108.42, POINTS), valued_move("stock", None, POINTS)
    ('pile (108.4 points)', 'stock')
    """
    return move if value is None else f"{move} ({valued(value, unit)})"


def seed_of(view: Mapping[str, Any]) -> int:
    """A seed drawn from a view alone: the same view, the same seed.

    >>> seed_of({"hand": [3]}) == seed_of({"hand": [3]}) != seed_of({"hand": [4]})
    True
    """
    text = json.dumps(view, sort_keys=True, ensure_ascii=False, default=str)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def hint(turn: Turn, seconds: float | None = SECONDS, best: int = BEST) -> Hint:
    """The best ``best`` moves open to ``turn`` by the rule set's hint player, seeded from the
    turn's view, its search stopped after ``seconds`` (None: its whole budget, as a test
    wants it, the same on any machine)."""
    game = turn.game
    if game.manifest.hint is None:
        raise LudothequeError(_("{game} has no computer player to give a hint.", game=game.name))
    world = turn.world()
    if len(turn.legal) == 1:
        return Hint((Advice(written(world, (turn.legal[0],)), None, 0),), CHANCE, VISITS)
    weigher: Weigher = game.manifest.hinter(game, seed_of(turn.view))
    advice = tuple(Advice(written(world, w.path), w.value, w.samples)
                   for w in weigher.weigh(turn, seconds)[:best])
    return Hint(advice, weigher.unit, weigher.sampled)


def written(world: State, path: tuple[int, ...]) -> tuple[str, ...]:
    """A move's decisions as written, played one after the other on a copy of ``world``."""
    walk = world.clone()
    decisions = []
    for action in path:
        decisions.append(walk.action_to_string(action))
        walk.apply_action(action)
    return tuple(decisions)
