"""Information-set Monte Carlo tree search, for card games whose hands are hidden.

The player never looks at the state he is given but through his own eyes: he takes
``state.observation(player)`` and asks the game for the states it leaves possible
(:meth:`~ludotheque.core.game.Game.information_set`). Each iteration deals what he has not seen
at random — a *determinisation* — and walks one tree down it (single-observer ISMCTS, Cowling,
Powley and Whitehouse, 2012): a node is what the player has seen happen since the root. The
decisions of every player are edges, for everyone sees them made; a chance outcome is an edge
only as far as the player is told of it (``describe_last(player)``): the card he draws is his
to know, another's draw is one edge whatever the card. Decisions are chosen by UCB1, counting
for each only the iterations in which it was legal (another's hand is different in each deal),
and tried first in the order the evaluation prefers.

With ``whole_turns`` the player's own turns are edges whole, up to the next chance node or the
next player (as the heuristic player and :mod:`.mcts` judge them), the evaluation's best
``width`` of them; they are the same in every deal, since his hand is his own. His search
decides a whole turn, which he then plays out, recognising its positions by his observation.

A new node is valued by a leaf value (:mod:`.mcts`): in the Crypto games, the game's heuristic
read as a chance of winning, since a round played out at random ends nowhere near how good
play ends it.

>>> import ludotheque, random
>>> from ludotheque.agents.mcts import Judged
>>> game = ludotheque.load_game("crypto-90")
>>> state = game.new_initial_state()
>>> while state.is_chance_node():
...     state.apply_action(state.sample_chance(random.Random(len(state.history()))))
>>> player = ISMCTSAgent(seed=1, iterations=200, leaf=Judged(game.manifest.evaluation(), 20.0))
>>> state.action_to_string(player.choose(state.turn()))
'pile'
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from ludotheque.agents.greedy import TurnPlan
from ludotheque.agents.mcts import Budget, Node, TreeSearch, outcome

if TYPE_CHECKING:
    from ludotheque.agents.hint import Weighed
    from ludotheque.core.game import State, Turn


class ISMCTSAgent(TreeSearch):
    """Single-observer information-set MCTS over the game's determinisations. It takes a tree
    search's settings (:class:`~ludotheque.agents.mcts.TreeSearch`: seed, iterations, seconds,
    leaf, evaluate, width, exploration) and ``whole_turns``: whether the player's own turns
    are searched whole, or a decision at a time."""

    def __init__(self, *args: Any, whole_turns: bool = True, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.whole_turns = whole_turns
        # He knows the positions of his planned turn by what he sees of them, as he must.
        self.plan = TurnPlan(key=seen)

    def _search(self, turn: Turn, world: State, budget: Budget) -> list[Weighed]:
        # Everything below is worked out from the worlds his view leaves possible.
        me = turn.player
        worlds = turn.worlds()
        players = turn.game.num_players()
        root = Node(players)
        for _ in budget.runs():
            self._iterate(root, worlds.sample(self.rng), me, players)
        world = worlds.sample(self.rng)
        if not self.whole_turns:
            return root.weighed(world.legal_actions(), me)
        assert root.turns is not None
        weighed = root.weighed([path for path, _ in root.turns], me)
        self.plan.follow(world, weighed[0].path)
        return weighed

    def _iterate(self, node: Node, world: State, me: int, players: int) -> None:
        rng = self.rng
        path = [node]  # from the root
        while True:
            if world.is_terminal():
                rewards = outcome(world)
                break
            if world.is_chance_node():
                world.apply_action(world.sample_chance(rng))
                node = node.child(world.describe_last(me), players)
                path.append(node)
                continue
            if self.whole_turns and world.current_player() == me:
                # His own turns are whole, as the heuristic player sees them, and the same in
                # every deal: his hand is his own.
                if node.turns is None:
                    node.turns = self._turns(node is path[0], world, self.evaluate)
                turns = [turn for turn, _ in node.turns]
                new_turns = [turn for turn in turns if turn not in node.children]
                turn = new_turns[0] if new_turns else node.select(turns, me, self.exploration)
                for action in turn:
                    world.apply_action(action)
                node = node.child(turn, players)
                path.append(node)
                if new_turns and len(turns) > 1:  # a forced turn is no choice: walk through
                    rewards = self.leaf(world, rng)
                    break
                continue
            legal = world.legal_actions()
            for action in legal:
                if action in node.children:
                    node.children[action].available += 1
            untried = [a for a in legal if a not in node.children]
            # A forced decision is no choice: the walk goes through it.
            expanding = len(legal) > 1 and bool(untried)
            if len(legal) == 1:
                action = legal[0]
            elif untried:
                if node.order is None:
                    node.order = self._ranked(world, legal)
                # Tried in the evaluation's order; a decision this deal offers for the first
                # time (another hand, other cards to throw) after those ranked.
                action = next((a for a in node.order if a in untried), untried[0])
            else:
                action = node.select(legal, world.current_player(), self.exploration)
            world.apply_action(action)
            if action not in node.children:
                node.child(action, players).available += 1
            node = node.children[action]
            path.append(node)
            if expanding:
                rewards = self.leaf(world, rng)
                break
        for visited in path:
            visited.update(rewards)

    def _ranked(self, world: State, legal: list[int]) -> list[int]:
        """The decisions in the order to try them: the evaluation's best first, for the player
        to act, judged right after each; in an order drawn at random without an evaluation."""
        ranked = list(legal)
        self.rng.shuffle(ranked)
        if self.evaluate is None:
            return ranked
        player = world.current_player()

        def value(action: int) -> float:
            after = world.clone()
            after.apply_action(action)
            return self.evaluate(after, player)  # type: ignore[misc]

        return sorted(ranked, key=lambda a: -value(a))


def seen(state: State) -> str:
    """A position as the player to act sees it, for his turn plan."""
    return json.dumps(state.observation(state.current_player()), sort_keys=True)
