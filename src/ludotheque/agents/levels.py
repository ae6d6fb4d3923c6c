"""Computer players by level: which search method plays which game, with what budget.

A seat ``METHOD:LEVEL`` (``mcts:hard``) asks for a method at one of the levels ``easy``,
``medium`` and ``hard``; a bare level (``hard``) asks for the game's own player, the first
method registered for it. Budgets are counts (iterations, turns looked ahead), never times, so
that a game is reproducible from its seed on any machine; ``docs/agents.md`` gives what each
level costs here.

A rule set that needs a player of its own registers it with :func:`register`, from its package
(a shot planner for a game of skill, say): the seats, ``play`` and ``tournament`` then offer it.

>>> import ludotheque
>>> methods("jacquet"), methods("crypto-90")
(['mcts', 'expectimax'], ['lookahead', 'ismcts'])
>>> type(make_player("mcts", "easy", ludotheque.load_game("jacquet"), seed=1)).__name__
'MCTSAgent'
>>> make_player("mcts", "easy", ludotheque.load_game("crypto-90"), seed=1)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ludotheque.core.errors.OptionError: mcts does not play crypto-90; it is played by ...
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from ludotheque.agents.expectimax import ExpectimaxAgent
from ludotheque.agents.ismcts import ISMCTSAgent
from ludotheque.agents.lookahead import DrawAheadAgent
from ludotheque.agents.mcts import Evaluate, Judged, LeafValue, MCTSAgent, random_playout
from ludotheque.core.errors import OptionError

if TYPE_CHECKING:
    from ludotheque.agents.base import Agent
    from ludotheque.core.game import Game

LEVELS = ("easy", "medium", "hard")

#: Makes a player for a game (its rules and heuristic) with the seat's seed.
Factory = Callable[["Game", int | str | None], "Agent"]

_PLAYERS: dict[str, dict[str, dict[str, Factory]]] = {}


def register(game: str, method: str, levels: Mapping[str, Factory]) -> None:
    """Declare that ``method`` plays the rule set ``game`` at each level. The first method
    registered for a game is its own player, the one a bare level seats."""
    if tuple(levels) != LEVELS:
        raise ValueError(f"a player gives the levels {', '.join(LEVELS)} in that order.")
    _PLAYERS.setdefault(game, {})[method] = dict(levels)


def methods(game: str | None = None) -> list[str]:
    """The methods that play ``game`` (the game's own first), or every method registered."""
    if game is not None:
        return list(_PLAYERS.get(game, {}))
    return list(dict.fromkeys(m for by_method in _PLAYERS.values() for m in by_method))


def make_player(method: str | None, level: str, game: Game, seed: int | str | None) -> Agent:
    """The player ``method`` (None: the game's own) at ``level``, for ``game``."""
    offered = _PLAYERS.get(game.name, {})
    if not offered:
        raise OptionError(
            f"{game.name} has no search player yet; its computer players are random and "
            "heuristic."
        )
    if method is None:
        method = next(iter(offered))
    elif method not in offered:
        others = ", ".join(f"{m}:LEVEL" for m in offered)
        raise OptionError(f"{method} does not play {game.name}; it is played by {others}.")
    if level not in LEVELS:
        raise OptionError(f"a level is one of {', '.join(LEVELS)}, not {level!r}.")
    return offered[method][level](game, seed)


def _mcts(iterations: int, width: int | None = None, leaf: LeafValue = random_playout) -> Factory:
    return lambda game, seed: MCTSAgent(seed, iterations, leaf=leaf, width=width)


def _ismcts(iterations: int, scale: float, whole_turns: bool) -> Factory:
    def make(game: Game, seed: int | str | None) -> Agent:
        leaf = Judged(game.evaluate, scale)
        return ISMCTSAgent(
            seed, iterations, leaf=leaf, evaluate=game.evaluate, whole_turns=whole_turns,
            width=ISMCTS_WIDTH,
        )

    return make


def _lookahead(samples: int, evaluation: Callable[[], Evaluate] | None = None) -> Factory:
    """The lookahead player, judging by ``evaluation()`` (None: the game's heuristic)."""
    return lambda game, seed: DrawAheadAgent(
        seed, samples, evaluate=evaluation() if evaluation else None
    )


def _race() -> Evaluate:
    from ludotheque.games.crypto90.evaluation import RaceEvaluation

    return RaceEvaluation()


def _growth() -> Evaluate:
    from ludotheque.games.crypto_geo.evaluation import GrowthEvaluation

    return GrowthEvaluation()


def _jacquet_expectimax(depth: int, width: int | None) -> Factory:
    from ludotheque.games.jacquet.evaluation import JacquetEvaluation

    return lambda game, seed: ExpectimaxAgent(
        seed, depth=depth, width=width, evaluate=JacquetEvaluation()
    )


def _jacquet_mcts(iterations: int, width: int) -> Factory:
    from ludotheque.games.jacquet.heuristic import HeuristicPlayout

    return _mcts(iterations, width, HeuristicPlayout())


#: For each Crypto game: the points of lead by its heuristic that ISMCTS reads as a 73% chance
#: of winning, and whether the player's turns are searched whole. A Crypto-90 turn with a fakir
#: in hand branches into every row card it could hypnotise, and is searched a decision at a
#: time; the Crypto géographique turns are short chains of decisions, searched whole, as the
#: heuristic player judges them.
CRYPTO = {
    "crypto-90": (20.0, False),
    "crypto-geographique": (40.0, True),
    "crypto-geographique-chaine": (40.0, True),
}
#: How many of his whole turns, the heuristic's best, the player compares.
ISMCTS_WIDTH = 6

register(
    "jacquet",
    "mcts",
    {
        "easy": _jacquet_mcts(iterations=8, width=2),
        "medium": _jacquet_mcts(iterations=40, width=3),
        "hard": _jacquet_mcts(iterations=160, width=4),
    },
)
register(
    "jacquet",
    "expectimax",
    {
        "easy": _jacquet_expectimax(depth=1, width=None),
        "medium": _jacquet_expectimax(depth=2, width=3),
        "hard": _jacquet_expectimax(depth=2, width=8),
    },
)
# Every move of Dames rabattues is forced: the player is seated, and never has to think.
register(
    "dames-rabattues",
    "mcts",
    {"easy": _mcts(50), "medium": _mcts(200), "hard": _mcts(1000)},
)
# Crypto-90's own player and the combinations game's look through their own draws, judging by
# the race and by what the next draw may add to the hand (easy: by the simple heuristic);
# ISMCTS, which searches the whole tree, was measured no better than the heuristic in both.
for _name, _evaluation in {"crypto-90": _race, "crypto-geographique": _growth}.items():
    register(
        _name,
        "lookahead",
        {
            "easy": _lookahead(samples=1),
            "medium": _lookahead(samples=1, evaluation=_evaluation),
            "hard": _lookahead(samples=2, evaluation=_evaluation),
        },
    )
for _name, (_scale, _whole) in CRYPTO.items():
    register(
        _name,
        "ismcts",
        {
            "easy": _ismcts(100, _scale, _whole),
            "medium": _ismcts(300, _scale, _whole),
            "hard": _ismcts(1000, _scale, _whole),
        },
    )

__all__ = ["LEVELS", "make_player", "methods", "register"]
