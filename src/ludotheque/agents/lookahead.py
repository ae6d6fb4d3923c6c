"""A player of card games who looks over his turn through his own draw, as a good player does.

The heuristic player (:mod:`.greedy`) judges a turn by where it ends, and a turn that draws an
unknown card ends at the draw: it cannot tell what the draw is worth. This player weighs it.
He works from his observation alone, as :mod:`.ismcts` does: he samples ``samples`` states the
observation leaves possible (:meth:`~ludotheque.core.game.Game.information_set`, which deals
what he has not seen: the others' hands, the stock). A turn of his that ends at a draw of his
own is worth, in each sampled state, every card the stock may give by its probability, each
with the best of his next decisions by the evaluation; the turn's value is the mean over the
states. Any other turn is worth the evaluation of where it ends, which is the same in every
state (the evaluation reads his observation). He looks at no opponent's reply.

It is a one-turn expectimax whose chance is the stock as each sampled state holds it; a search
of the whole tree of turns is :mod:`.ismcts`.

>>> import ludotheque
>>> game = ludotheque.load_game("crypto-90")
>>> state = game.new_initial_state()
>>> while state.is_chance_node():
...     state.apply_action(state.sample_chance(random.Random(len(state.history()))))
>>> state.action_to_string(DrawAheadAgent(seed=1, samples=8).choose(state.turn()))
'stock'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from ludotheque.agents.greedy import TurnPlan, played_out, turn_ends
from ludotheque.agents.hint import DEALS, POINTS, Weighed, best_first
from ludotheque.agents.ismcts import seen
from ludotheque.agents.mcts import Evaluate

if TYPE_CHECKING:
    from ludotheque.core.game import State, Turn


class DrawAheadAgent:
    """Maximises the evaluation over his own turn, a draw of his own weighed by its
    expectation over ``samples`` of the states his observation leaves possible."""

    interactive: ClassVar[bool] = False

    def __init__(
        self, seed: int | float | str | None = None, samples: int = 16,
        evaluate: Evaluate | None = None,
    ) -> None:
        self.rng = random.Random(seed)
        self.samples = samples
        self.evaluate = evaluate
        self.plan = TurnPlan(key=seen)

    #: What his values are (:mod:`.hint`): the evaluation's, which the rule sets he plays
    #: give in the game's points; a draw's weighed over the deals he samples.
    unit: ClassVar[str] = POINTS
    sampled: ClassVar[str] = DEALS

    def choose(self, turn: Turn) -> int:
        # As in ismcts, the turns open to him are worked out in worlds his view leaves
        # possible (his cards are his own).
        planned = self.plan.next(turn.world())
        if planned is not None:
            return planned
        return self.weigh(turn)[0].path[0]

    def weigh(self, turn: Turn, seconds: float | None = None,
              include: Sequence[tuple[int, ...]] = ()) -> list[Weighed]:
        """His turns, best first, each with its value and the deals it was weighed over (one
        where it draws nothing: its value is then the same in every deal); the best planned.
        His budget is a count of deals, not a time: ``seconds`` is not needed; and he weighs
        every turn, those ``include`` asks for among them (by where they end)."""
        me = turn.player
        evaluate = self.evaluate or turn.game.manifest.evaluation()
        worlds = turn.worlds()
        sampled = [worlds.sample(self.rng) for _ in range(self.samples)]
        weighed = []
        for path, end in turn_ends(sampled[0]):
            if end.is_chance_node() and not end.is_terminal():
                value = sum(self._drawn(played_out(world, path), me, evaluate) for world in sampled)
                weighed.append(Weighed(path, value / len(sampled), len(sampled)))
            else:
                weighed.append(Weighed(path, evaluate(end, me), 1))
        weighed = best_first(weighed)
        self.plan.follow(sampled[0], weighed[0].path)
        return weighed

    def _drawn(self, world: State, me: int, evaluate: Evaluate) -> float:
        """The value, in ``world``, of a draw of the player's: each card by its probability,
        and with it the best of his next decisions by the evaluation (or the evaluation itself
        where the draw ends his turn)."""
        if world.is_terminal():
            return evaluate(world, me)
        if world.is_chance_node():
            return sum(probability * self._drawn(child, me, evaluate)
                       for child, probability in world.chance_children())
        if world.current_player() != me:
            return evaluate(world, me)
        values = []
        for action in world.legal_actions():
            child = world.clone()
            child.apply_action(action)
            values.append(evaluate(child, me))
        return max(values)
