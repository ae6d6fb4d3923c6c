"""Monte Carlo tree search (UCT) for games with dice and no hidden information.

The tree moves by whole turns: a turn is judged by where it ends
(:func:`~ludotheque.agents.greedy.turn_ends`), so that two orders of the same dice are one
edge. Each iteration walks down from the position to play, choosing turns by the UCB1 rule of
the player to act, and trying a node's untried turns the evaluation's best first (only the best
``width`` if a width is set: gnubg's move filter); a chance node draws its outcome with its
probability from the player's own generator, and each outcome drawn gets its own child, so that
the tree is a sample of the expectimax tree that grows where the play is good. The walk ends at
a new node (or the end of the game), whose value comes from a *leaf value*: a random playout to
the end, a fast player's playout, or the game's heuristic read as a chance of winning. The turn
played is the one visited most; its remaining decisions are played without searching again.
Each of the root's turns is tried on the same sequence of dice, visit for visit (common random
numbers), so that few visits tell them apart.

Rewards are each seat's share of the win, as tournaments count it (the unique best return wins,
equal best returns share): the players play to win, whatever a game's stakes.

White's last two checkers stand on his 24 and 19 points, Black's last on his 24, and White
throws 6-1: bearing both off wins at once, while 19/20 (bearing off being optional here) leaves
a checker behind, and Black bears his last off whatever he throws.

>>> import ludotheque
>>> from ludotheque.games.jacquet.position import Position
>>> state = ludotheque.load_game("jacquet", bearing_off="optional").new_initial_state()
>>> state.position = Position.parse("24,19,off13 24,off14 move:white:6-1:6,1")
>>> [state.action_to_string(a) for a in state.legal_actions()]
['19/20', '19/off', '24/off']
>>> chosen = MCTSAgent(seed=1, iterations=100).choose(state.turn())
>>> state.action_to_string(chosen) in ("19/off", "24/off")
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import TYPE_CHECKING, ClassVar, TypeVar, cast

from ludotheque.agents.greedy import TurnPlan, played_out, turn_ends
from ludotheque.agents.hint import CHANCE, VISITS, Weighed
from ludotheque.agents.progress import told
from ludotheque.core.errors import LudothequeError

if TYPE_CHECKING:
    from ludotheque.core.game import State, Turn

#: UCB1's exploration constant for rewards in [0, 1].
EXPLORATION = 0.7

#: A leaf value: each seat's reward in [0, 1] for a position the tree has just reached, drawn
#: with the searching player's generator if it needs chance.
LeafValue = Callable[["State", random.Random], list[float]]
#: A heuristic judge of a position for one seat, higher is better (a manifest's ``heuristic``).
Evaluate = Callable[["State", int], float]
#: A tree's edge: a decision, a whole turn, or what a chance outcome showed.
Edge = TypeVar("Edge", bound=Hashable)


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


def ranked_turns(
    state: State, rng: random.Random, evaluate: Evaluate | None, width: int | None
) -> list[tuple[tuple[int, ...], State]]:
    """The turns open to the player to act (:func:`~ludotheque.agents.greedy.turn_ends`), in
    the order to try them: the evaluation's best first, equal ones in an order drawn from
    ``rng``; the best ``width`` only, if a width is set. Without an evaluation, all of them in
    an order drawn from ``rng``."""
    player = state.current_player()
    turns = turn_ends(state)
    rng.shuffle(turns)
    if evaluate is None:
        return turns
    turns.sort(key=lambda turn: -evaluate(turn[1], player))
    return turns[:width]


class Node:
    """One node of a search tree: its visits, each seat's total reward over them, its children
    by edge (a decision or a whole turn, or a chance outcome), the turns open to the player to
    act where the tree moves by turns, and, for information-set search, how often it was
    available when its parent was visited and the order its decisions are tried in."""

    __slots__ = ("available", "children", "order", "rewards", "turns", "visits")

    def __init__(self, players: int) -> None:
        self.visits = 0
        self.available = 0
        self.rewards = [0.0] * players
        self.children: dict[Hashable, Node] = {}
        self.turns: list[tuple[tuple[int, ...], State]] | None = None
        self.order: list[int] | None = None

    def child(self, edge: Hashable, players: int) -> Node:
        node = self.children.get(edge)
        if node is None:
            node = self.children[edge] = Node(players)
        return node

    def update(self, rewards: Sequence[float]) -> None:
        self.visits += 1
        for seat, reward in enumerate(rewards):
            self.rewards[seat] += reward

    def select(self, edges: Sequence[Edge], player: int, exploration: float) -> Edge:
        """UCB1 among ``edges`` (each already a child) for ``player``; a child's count of
        chances is its availability where that is kept, else this node's visits."""
        best, best_score = edges[0], -math.inf
        parent = math.log(self.visits) if self.visits else 0.0
        for edge in edges:
            child = self.children[edge]
            chances = math.log(child.available) if child.available else parent
            score = child.rewards[player] / child.visits + exploration * math.sqrt(
                chances / child.visits
            )
            if score > best_score:
                best, best_score = edge, score
        return best

    def weighed(self, edges: Sequence[Edge], player: int) -> list[Weighed]:
        """The edges tried, best first for ``player``: the most visited, then the best on
        average, then in the order given; each with its mean reward (his chance of winning)
        and its visits. A decision is a path of one."""
        tried = [(e, self.children[e]) for e in edges if e in self.children]
        tried.sort(key=lambda ec: (ec[1].visits, ec[1].rewards[player]), reverse=True)
        return [Weighed(cast("tuple[int, ...]", e if isinstance(e, tuple) else (e,)),
                        c.rewards[player] / c.visits, c.visits) for e, c in tried]


class Budget:
    """When a search stops: after ``iterations``, or ``seconds``, whichever comes first (at
    least one iteration). Only the iteration count keeps a game reproducible from its seed."""

    def __init__(self, iterations: int | None, seconds: float | None) -> None:
        if iterations is None and seconds is None:
            raise LudothequeError("a search needs a budget: iterations, seconds or both.")
        self.iterations = iterations
        self.seconds = seconds

    def runs(self) -> Iterator[int]:
        start = time.perf_counter()
        deadline = None if self.seconds is None else start + self.seconds
        done = 0
        while done < 1 or (
            (self.iterations is None or done < self.iterations)
            and (deadline is None or time.perf_counter() < deadline)
        ):
            yield done
            done += 1
            if done % 32 == 0:  # how far the search has got, for whoever waits on it
                told(done / self.iterations if self.iterations is not None
                     else (time.perf_counter() - start) / (self.seconds or 1.0))


class TreeSearch:
    """What the tree searches share: their own seeded generator, the budget of each search,
    the value of a new node (``leaf``), the evaluation that orders the turns to try (the best
    ``width`` of them, if a width is set), UCB1's ``exploration``, and the turn chosen, played
    out without searching again."""

    interactive: ClassVar[bool] = False

    def __init__(
        self,
        seed: int | float | str | None = None,
        iterations: int | None = 1000,
        seconds: float | None = None,
        leaf: LeafValue = random_playout,
        evaluate: Evaluate | None = None,
        width: int | None = None,
        exploration: float = EXPLORATION,
    ) -> None:
        self.rng = random.Random(seed)
        self.budget = Budget(iterations, seconds)
        self.leaf = leaf
        self.evaluate = evaluate
        self.width = width
        self.exploration = exploration
        self.plan = TurnPlan()
        #: The turns a weighing asks the root to try besides its own (:meth:`weigh`).
        self._also: tuple[tuple[int, ...], ...] = ()

    #: What a search's values are (:mod:`.hint`): each seat's share of the win, by visits.
    unit: ClassVar[str] = CHANCE
    sampled: ClassVar[str] = VISITS

    def choose(self, turn: Turn) -> int:
        world = turn.world()
        planned = self.plan.next(world)
        if planned is not None:
            return planned
        return self._search(turn, world, self.budget)[0].path[0]

    def weigh(self, turn: Turn, seconds: float | None = None,
              include: Sequence[tuple[int, ...]] = ()) -> list[Weighed]:
        """The moves open to the turn's player as a search from scratch weighs them, best
        first, the search stopped after ``seconds`` if its iterations are not done by then;
        the turns ``include`` weighed too, where the search would not try them (a move played,
        set beside the best by an analysis)."""
        budget = self.budget if seconds is None else Budget(self.budget.iterations, seconds)
        self._also = tuple(include)
        try:
            return self._search(turn, turn.world(), budget)
        finally:
            self._also = ()

    def _turns(self, at_root: bool, world: State, evaluate: Evaluate | None
               ) -> list[tuple[tuple[int, ...], State]]:
        """The turns a node of the tree tries (:func:`ranked_turns`), and at its root the
        turns a weighing asks for besides."""
        turns = ranked_turns(world, self.rng, evaluate, self.width)
        if at_root and self._also:
            ends = {end.key() for _, end in turns}
            for path in self._also:
                end = played_out(world, path)
                if end.key() not in ends:  # not another order of a turn tried already
                    turns.append((path, end))
        return turns

    def _search(self, turn: Turn, world: State, budget: Budget) -> list[Weighed]:
        """The moves searched afresh from ``world``, one state the turn's view leaves possible,
        within ``budget``, best first; the rest of the best turn planned where the search
        chooses whole turns."""
        raise NotImplementedError


class MCTSAgent(TreeSearch):
    """UCT over whole turns, with chance nodes sampled by probability, for games whose state
    hides nothing."""

    def choose(self, turn: Turn) -> int:
        if not turn.game.info.perfect_information:
            raise LudothequeError(
                f"{turn.game.name} hides cards, which this search would see; use ismcts."
            )
        return super().choose(turn)

    def _search(self, turn: Turn, state: State, budget: Budget) -> list[Weighed]:
        players = state.num_players()
        root = Node(players)
        luck = self.rng.getrandbits(64)
        for _ in budget.runs():
            self._iterate(root, state, players, luck)
        assert root.turns is not None
        weighed = root.weighed([path for path, _ in root.turns], state.current_player())
        self.plan.follow(state, weighed[0].path)
        return weighed

    def _evaluation(self, state: State) -> Evaluate | None:
        if self.evaluate is not None:
            return self.evaluate
        manifest = state.game.manifest
        return manifest.evaluation() if manifest.has("heuristic") else None

    def _iterate(self, root: Node, state: State, players: int, luck: int) -> None:
        node, path = root, [root]
        rng = self.rng
        while True:
            if state.is_terminal():
                rewards = outcome(state)
                break
            if state.is_chance_node():
                state = state.clone()
                action = state.sample_chance(rng)
                state.apply_action(action)
                node = node.child(action, players)
                path.append(node)
                continue
            if node.turns is None:
                node.turns = self._turns(node is root, state, self._evaluation(state))
            untried = [turn for turn in node.turns if turn[0] not in node.children]
            if untried:
                turn, end = untried[0]
            else:
                turn = node.select([t for t, _ in node.turns], state.current_player(),
                                   self.exploration)
                end = next(e for t, e in node.turns if t == turn)
            expanding = bool(untried) and len(node.turns) > 1  # a forced turn is no choice
            child = node.child(turn, players)
            if node is root:
                # Common random numbers: the k-th visit of each of the root's turns draws the
                # same dice, so that the turns are compared on the same luck.
                rng = random.Random(luck + child.visits)
            node, state = child, end
            path.append(node)
            if expanding:
                rewards = self.leaf(state, rng)
                break
        for visited in path:
            visited.update(rewards)
