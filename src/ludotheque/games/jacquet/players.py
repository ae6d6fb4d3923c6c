"""Jacquet's computer players: MCTS whose playouts are the heuristic player's (the game's own),
and expectimax judging by the trained evaluation."""

from ludotheque.agents.levels import expectimax, mcts
from ludotheque.games.jacquet.evaluation import JacquetEvaluation
from ludotheque.games.jacquet.heuristic import HeuristicPlayout

MCTS = {
    "easy": mcts(iterations=8, width=2, leaf=HeuristicPlayout()),
    "medium": mcts(iterations=40, width=3, leaf=HeuristicPlayout()),
    "hard": mcts(iterations=160, width=4, leaf=HeuristicPlayout()),
}
#: The hint's player: the game's own at ``hard``, its search cut short where a hint is
#: bounded in time (``agents.hint``).
HINT = MCTS["hard"]

EXPECTIMAX = {
    "easy": expectimax(depth=1, width=None, evaluation=JacquetEvaluation),
    "medium": expectimax(depth=2, width=3, evaluation=JacquetEvaluation),
    "hard": expectimax(depth=2, width=8, evaluation=JacquetEvaluation),
}
