"""Information-set Monte Carlo tree search, for card games whose hands are hidden.

The player never looks at the state he is given but through his own eyes: he takes
``state.observation(player)`` and asks the game for the states it leaves possible
(:meth:`~ludotheque.core.game.Game.information_set`). Each iteration deals what he has not seen
at random — a *determinisation* — and walks one tree down it (single-observer ISMCTS, Cowling,
Powley and Whitehouse, 2012): a node is what the player has seen happen since the root. The
decisions of every player are edges, for everyone sees them made; a chance outcome is an edge
only as far as the player is told of it (``describe_last(player)``): the card he draws is his
to know, another's draw is one edge whatever the card. Decisions are chosen by UCB1, counting
for each only the iterations in which it was legal (another's hand is different in each deal).

A new node is valued by a leaf value (:mod:`.mcts`): in the Crypto games, the game's heuristic
read as a chance of winning, since a round played out at random ends nowhere near how good
play ends it.

>>> import ludotheque
>>> from ludotheque.agents.mcts import Judged
>>> game = ludotheque.load_game("crypto-90")
>>> state = game.new_initial_state()
>>> while state.is_chance_node():
...     state.apply_action(state.sample_chance(random.Random(len(state.history()))))
>>> player = ISMCTSAgent(seed=1, iterations=200, leaf=Judged(game.evaluate, 20.0))
>>> state.action_to_string(player.choose(state))
'stock'
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, ClassVar

from ludotheque.agents.mcts import EXPLORATION, Budget, LeafValue, Node, outcome, random_playout

if TYPE_CHECKING:
    from ludotheque.core.game import State


class ISMCTSAgent:
    """Single-observer information-set MCTS over the game's determinisations."""

    interactive: ClassVar[bool] = False

    def __init__(
        self,
        seed: int | str | None = None,
        iterations: int | None = 1000,
        seconds: float | None = None,
        leaf: LeafValue = random_playout,
        exploration: float = EXPLORATION,
    ) -> None:
        self.rng = random.Random(seed)
        self.budget = Budget(iterations, seconds)
        self.leaf = leaf
        self.exploration = exploration

    def choose(self, state: State) -> int:
        # Everything below is worked out from the player's observation: the state itself is
        # never read, so that the search cannot know what the player does not.
        me = state.current_player()
        game = state.game
        worlds = game.information_set(state.observation(me))
        players = game.num_players()
        root = Node(players)
        legal: list[int] = []
        for _ in self.budget.runs():
            world = worlds.sample(self.rng)
            legal = legal or world.legal_actions()
            self._iterate(root, world, me, players)
        return root.most_visited(legal, me)

    def _iterate(self, node: Node, world: State, me: int, players: int) -> None:
        rng = self.rng
        path = [node]
        while True:
            if world.is_terminal():
                rewards = outcome(world)
                break
            if world.is_chance_node():
                world.apply_action(world.sample_chance(rng))
                node = node.child(world.describe_last(me), players)
                path.append(node)
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
                action = rng.choice(untried)
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
