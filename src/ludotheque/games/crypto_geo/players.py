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
ISMCTS = {
    "easy": ismcts(100, scale=40.0, whole_turns=True),
    "medium": ismcts(300, scale=40.0, whole_turns=True),
    "hard": ismcts(1000, scale=40.0, whole_turns=True),
}
