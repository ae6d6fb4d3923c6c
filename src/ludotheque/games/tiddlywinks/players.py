"""The tiddlywinks computer players: the shot planner (the games' own, so a bare ``hard``
seats it) and the simple aiming player."""

from ludotheque.agents.levels import LEVELS
from ludotheque.games.tiddlywinks import planner, player

PLANNER = {level: planner.at_level(level) for level in LEVELS}
AIM = {level: player.at_level(level) for level in LEVELS}
#: The hint's player: the planner weighing as many counters as at ``hard`` under half its
#: trembles (``medium``), so that a person waits about a second.
HINT = PLANNER["medium"]
