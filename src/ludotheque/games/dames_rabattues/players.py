"""Dames rabattues' computer player: every move is forced, so the player is seated and never
has to think; its levels are there for the seats' sake."""

from ludotheque.agents.levels import mcts

MCTS = {"easy": mcts(50), "medium": mcts(200), "hard": mcts(1000)}

#: The hint's player: the game's own at ``hard`` (every move being forced, a hint tells the
#: only one).
HINT = MCTS["hard"]
