"""The computer players of both Crypto géographique rule sets. The combinations game's own
looks through its own draws, judging by what the next draw may add to the hand (easy: by the
simple heuristic); ISMCTS, measured no better there, plays both. Their turns are short chains of
decisions, searched whole as the heuristic player judges them, a lead of 40 points read as a
73% chance of winning."""

from ludotheque.agents.levels import ismcts, lookahead
from ludotheque.games.crypto_geo.evaluation import GrowthEvaluation

LOOKAHEAD = {
    "easy": lookahead(samples=1),
    "medium": lookahead(samples=1, evaluation=GrowthEvaluation),
    "hard": lookahead(samples=2, evaluation=GrowthEvaluation),
}
#: The combinations game's hint player: its own at ``hard``, valuing moves in points.
HINT = LOOKAHEAD["hard"]
ISMCTS = {
    "easy": ismcts(100, scale=40.0, whole_turns=True),
    "medium": ismcts(300, scale=40.0, whole_turns=True),
    "hard": ismcts(1000, scale=40.0, whole_turns=True),
}
#: The chain game's hint player: ISMCTS at ``hard``, its only method, valuing moves as a chance
#: of winning, its search cut short where a hint is bounded in time.
CHAIN_HINT = ISMCTS["hard"]
