"""Monte Carlo tree search (UCT) for games with dice and no hidden information.

Each iteration walks down the tree from the position to play, choosing decisions by the UCB1
rule of the player to act; a chance node draws its outcome with its probability from the
player's own generator, and each outcome drawn gets its own child, so that the tree is a
sample of the expectimax tree that grows where the play is good. The walk ends at a new node
(or the end of the game), whose value comes from a *leaf value*: a random playout to the end,
or the game's heuristic read as a chance of winning. The decision played is the one visited most.

Rewards are each seat's share of the win, as tournaments count it (the unique best return wins,
equal best returns share): the players play to win, whatever a game's stakes.

White's last two checkers stand on his 24 and 19 points, Black's last on his 24, and White
throws 6-1: bearing both off wins at once, while 19/20 (bearing off being optional here) leaves
a checker behind, and Black bears his last off whatever he throws.

>>> import ludotheque
>>> from ludotheque.games.jacquet import Position
>>> state = ludotheque.load_game("jacquet", bearing_off="optional").new_initial_state()
>>> state.position = Position.parse("24,19,off13 24,off14 move:white:6-1:6,1")
>>> [state.action_to_string(a) for a in state.legal_actions()]
['19/20', '19/off', '24/off']
>>> state.action_to_string(MCTSAgent(seed=1, iterations=100).choose(state))
'19/off'
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import TYPE_CHECKING, ClassVar

from ludotheque.core.errors import LudothequeError

if TYPE_CHECKING:
    from ludotheque.core.game import State

#: UCB1's exploration constant for rewards in [0, 1].
EXPLORATION = 0.7

#: A leaf value: each seat's reward in [0, 1] for a position the tree has just reached, drawn
#: with the searching player's generator if it needs chance.
LeafValue = Callable[["State", random.Random], list[float]]
#: A heuristic judge of a position for one seat, higher is better (``Game.evaluate``'s form).
Evaluate = Callable[["State", int], float]


def outcome(state: State) -> list[float]:
    """Each seat's share of the win in a finished game.

    >>> import ludotheque
    >>> state = ludotheque.load_game("jacquet").new_initial_state()
    >>> outcome(state)  # nobody has won yet: all equal, all share
    [0.5, 0.5]
    """
    returns = state.returns()
    best = max(returns)
    winners = returns.count(best)
    return [1 / winners if r == best else 0.0 for r in returns]


def random_playout(state: State, rng: random.Random) -> list[float]:
    """Play on at random to the end (on a copy) and share out the win: the leaf value of a
    game with no heuristic."""
    state = state.clone()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return outcome(state)


class Judged:
    """The heuristic's verdict as rewards: each seat's lead over the best of the others, by
    ``evaluate``, read through a logistic curve on which a lead of ``scale`` is worth 73%.

    >>> import ludotheque
    >>> state = ludotheque.load_game("jacquet").new_initial_state()
    >>> Judged(lambda s, p: 10.0 if p == 0 else 0.0, scale=10.0)(state, random.Random())
    [0.7310585786300049, 0.2689414213699951]
    """

    def __init__(self, evaluate: Evaluate, scale: float) -> None:
        self.evaluate = evaluate
        self.scale = scale

    def __call__(self, state: State, rng: random.Random) -> list[float]:
        if state.is_terminal():
            return outcome(state)
        values = [self.evaluate(state, p) for p in range(state.num_players())]
        rewards = []
        for p, value in enumerate(values):
            lead = value - max(v for q, v in enumerate(values) if q != p)
            rewards.append(1 / (1 + math.exp(-lead / self.scale)))
        return rewards


class Node:
    """One node of a search tree: its visits, each seat's total reward over them, its children
    by edge (a decision, or a chance outcome), and, for information-set search, how often it
    was available when its parent was visited."""

    __slots__ = ("available", "children", "rewards", "visits")

    def __init__(self, players: int) -> None:
        self.visits = 0
        self.available = 0
        self.rewards = [0.0] * players
        self.children: dict[Hashable, Node] = {}

    def child(self, edge: Hashable, players: int) -> Node:
        node = self.children.get(edge)
        if node is None:
            node = self.children[edge] = Node(players)
        return node

    def update(self, rewards: Sequence[float]) -> None:
        self.visits += 1
        for seat, reward in enumerate(rewards):
            self.rewards[seat] += reward

    def select(self, actions: Sequence[int], player: int, exploration: float) -> int:
        """UCB1 among ``actions`` (each already a child) for ``player``; a child's count of
        chances is its availability where that is kept, else this node's visits."""
        best, best_score = actions[0], -math.inf
        parent = math.log(self.visits) if self.visits else 0.0
        for action in actions:
            child = self.children[action]
            chances = math.log(child.available) if child.available else parent
            score = child.rewards[player] / child.visits + exploration * math.sqrt(
                chances / child.visits
            )
            if score > best_score:
                best, best_score = action, score
        return best

    def most_visited(self, actions: Sequence[int], player: int) -> int:
        """The decision to play: the most visited, then the best on average, then the first."""
        return max(
            (a for a in actions if a in self.children),
            key=lambda a: (self.children[a].visits, self.children[a].rewards[player]),
        )


class Budget:
    """When a search stops: after ``iterations``, or ``seconds``, whichever comes first (at
    least one iteration). Only the iteration count keeps a game reproducible from its seed."""

    def __init__(self, iterations: int | None, seconds: float | None) -> None:
        if iterations is None and seconds is None:
            raise LudothequeError("a search needs a budget: iterations, seconds or both.")
        self.iterations = iterations
        self.seconds = seconds

    def runs(self) -> Iterator[int]:
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while done < 1 or (
            (self.iterations is None or done < self.iterations)
            and (deadline is None or time.perf_counter() < deadline)
        ):
            yield done
            done += 1


class MCTSAgent:
    """UCT with chance nodes sampled by probability, for games whose state hides nothing."""

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
        if not state.game.info.perfect_information:
            raise LudothequeError(
                f"{state.game.name} hides cards, which this search would see; use ismcts."
            )
        players = state.num_players()
        root = Node(players)
        for _ in self.budget.runs():
            self._iterate(root, state.clone(), players)
        return root.most_visited(state.legal_actions(), state.current_player())

    def _iterate(self, node: Node, state: State, players: int) -> None:
        rng = self.rng
        path = [node]
        while True:
            if state.is_terminal():
                rewards = outcome(state)
                break
            if state.is_chance_node():
                action = state.sample_chance(rng)
                state.apply_action(action)
                node = node.child(action, players)
                path.append(node)
                continue
            legal = state.legal_actions()
            untried = [a for a in legal if a not in node.children]
            # A forced decision is no choice: the walk goes through it.
            expanding = len(legal) > 1 and bool(untried)
            if len(legal) == 1:
                action = legal[0]
            elif untried:
                action = rng.choice(untried)
            else:
                action = node.select(legal, state.current_player(), self.exploration)
            state.apply_action(action)
            node = node.child(action, players)
            path.append(node)
            if expanding:
                rewards = self.leaf(state, rng)
                break
        for visited in path:
            visited.update(rewards)
