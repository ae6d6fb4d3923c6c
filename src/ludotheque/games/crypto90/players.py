"""Crypto-90's computer players. Its own looks through its own draws, judging by the race
(easy: by the simple heuristic); ISMCTS, which searches the whole tree, was measured no better
than the heuristic. A Crypto-90 turn with a fakir in hand branches into every row card it could
hypnotise, so ISMCTS searches it a decision at a time, reading a lead of 20 points by the
heuristic as a 73% chance of winning."""

from ludotheque.agents.levels import ismcts, lookahead
from ludotheque.games.crypto90.evaluation import RaceEvaluation

LOOKAHEAD = {
    "easy": lookahead(samples=1),
    "medium": lookahead(samples=1, evaluation=RaceEvaluation),
    "hard": lookahead(samples=2, evaluation=RaceEvaluation),
}
#: The hint's player: the game's own at ``hard``, valuing moves in the leaflet's points.
HINT = LOOKAHEAD["hard"]
ISMCTS = {
    "easy": ismcts(100, scale=20.0, whole_turns=False),
    "medium": ismcts(300, scale=20.0, whole_turns=False),
    "hard": ismcts(1000, scale=20.0, whole_turns=False),
}
