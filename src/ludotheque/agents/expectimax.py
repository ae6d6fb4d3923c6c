"""Expectimax over whole turns for two-player games with dice, with a pluggable evaluation.

A turn is judged by where it ends (:func:`~ludotheque.agents.greedy.turn_ends`): the orders of
the same dice are one move. ``depth`` counts turns. At depth 1 the player looks over his own
turn, as the heuristic player does; at depth 2 he also weighs every throw the opponent may get
by its probability, and the opponent's best reply to each by the evaluation; each further turn
adds the next throws and the next reply. The opponent is taken to minimise the player's value,
which is right for a two-player game of one winner.

Searching every turn to depth 2 costs a few hundred thousand positions where a doublet gives
many plays; the player therefore first ranks his candidate turns by the evaluation, and looks
deeper only at the best ``width`` of them (gnubg's move filter). Having chosen a turn, he
plays its remaining decisions without searching again.

>>> import ludotheque
>>> from ludotheque.games.jacquet.evaluation import JacquetEvaluation
>>> state = ludotheque.load_game("jacquet").new_initial_state()
>>> for move in ["white first", "5-5", "1/6", "6/11"]:
...     state.apply_action(state.string_to_action(move))
>>> player = ExpectimaxAgent(seed=1, depth=2, width=2, evaluate=JacquetEvaluation())
>>> state.action_to_string(player.choose(state.turn()))
'11/16'
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, ClassVar

from ludotheque.agents.greedy import TurnPlan, turn_ends
from ludotheque.agents.mcts import Evaluate, ranked_turns
from ludotheque.agents.progress import told
from ludotheque.core.errors import LudothequeError

if TYPE_CHECKING:
    from ludotheque.core.game import State, Turn

#: What a won game is worth on the evaluation's scale, for each unit of stake: more than any
#: position can be worth.
WIN = 1000.0


class ExpectimaxAgent:
    """Depth-limited expectimax over turns, the deeper look given to the best-ranked turns."""

    interactive: ClassVar[bool] = False

    def __init__(
        self,
        seed: int | float | str | None = None,
        depth: int = 2,
        width: int | None = None,
        evaluate: Evaluate | None = None,
        win: float = WIN,
    ) -> None:
        if depth < 1:
            raise LudothequeError(f"an expectimax search looks at least one turn, not {depth}.")
        self.rng = random.Random(seed)
        self.depth = depth
        self.width = width
        self.evaluate = evaluate
        self.win = win
        self.plan = TurnPlan()

    def choose(self, turn: Turn) -> int:
        if turn.game.num_players() != 2:
            raise LudothequeError("expectimax plays two-player games; use mcts or ismcts.")
        state = turn.world()
        planned = self.plan.next(state)
        if planned is not None:
            return planned
        me = state.current_player()
        evaluate = self.evaluate or state.game.manifest.evaluation()

        def static(end: State, player: int) -> float:
            return self._value(end, 0, player, evaluate)

        width = self.width if self.depth > 1 else 1
        candidates = ranked_turns(state, self.rng, static, width)
        best_path, best_value = candidates[0][0], float("-inf")
        for weighed, (path, end) in enumerate(candidates):
            told(weighed / len(candidates))
            value = self._value(end, self.depth - 1, me, evaluate)
            if value > best_value:
                best_path, best_value = path, value
        self.plan.follow(state, best_path)
        return best_path[0]

    def _value(self, state: State, depth: int, me: int, evaluate: Evaluate) -> float:
        """The value for ``me`` of a position at the end of a turn, ``depth`` turns ahead."""
        if state.is_terminal():
            return self.win * state.returns()[me]
        if depth == 0:
            return evaluate(state, me)
        if state.is_chance_node():
            total = 0.0
            for child, probability in state.chance_children():
                # A throw that cannot be played passes the turn: it counts as a turn, or two
                # players who cannot move would have the search throw for ever.
                passed = child.is_chance_node()
                total += probability * self._value(child, depth - passed, me, evaluate)
            return total
        values = [self._value(end, depth - 1, me, evaluate) for _, end in turn_ends(state)]
        return max(values) if state.current_player() == me else min(values)
