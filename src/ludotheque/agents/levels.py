"""Computer players by level: the search methods each rule set offers, with what budget.

A seat ``METHOD:LEVEL`` (``mcts:hard``) asks for a method at one of the levels ``easy``,
``medium`` and ``hard``; a bare level (``hard``) asks for the game's own player, the first
method its manifest names. Budgets are counts (iterations, turns looked ahead), never times, so
that a game is reproducible from its seed on any machine; ``docs/agents.md`` gives what each
level costs here.

A rule set names its players in its manifest (``players``: each method's levels, a mapping
built with the factories below from its package's ``players`` module), so that this module
knows no game: the seats, ``play`` and ``tournament`` then offer them.

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
from ludotheque.core.i18n import N_, _
from ludotheque.core.manifest import resolve
from ludotheque.core.registry import manifest, manifests

if TYPE_CHECKING:
    from ludotheque.agents.base import Agent
    from ludotheque.core.game import Game

#: The levels, as typed (and, ``N_``-marked, said in the reader's language where shown).
LEVELS = (N_("easy"), N_("medium"), N_("hard"))

#: Makes a player for a game (its rules and heuristic) with the seat's seed.
Factory = Callable[["Game", int | float | str | None], "Agent"]



def methods(game: str | None = None) -> list[str]:
    """The methods that play ``game`` (the game's own first), or every method offered."""
    if game is not None:
        return list(manifest(game).players)
    return list(dict.fromkeys(m for declared in manifests() for m in declared.players))


def make_player(
    method: str | None, level: str, game: Game, seed: int | float | str | None
) -> Agent:
    """The player ``method`` (None: the game's own) at ``level``, for ``game``."""
    offered = game.manifest.players
    if not offered:
        raise OptionError(_("{game} has no search player yet; its computer players are random "
                            "and heuristic.", game=game.name))
    if method is None:
        method = next(iter(offered))
    elif method not in offered:
        others = ", ".join(f"{m}:LEVEL" for m in offered)
        raise OptionError(_("{method} does not play {game}; it is played by {others}.",
                            method=method, game=game.name, others=others))
    if level not in LEVELS:
        raise OptionError(_("a level is one of {levels}, not {level}.", levels=", ".join(LEVELS),
                            level=repr(level)))
    by_level: Mapping[str, Factory] = resolve(offered[method])
    if tuple(by_level) != LEVELS:
        raise ValueError(f"{offered[method]} gives the levels {', '.join(LEVELS)} in that order.")
    return by_level[level](game, seed)


# The factories a rule set's ``players`` module builds its levels with.


def mcts(iterations: int, width: int | None = None, leaf: LeafValue = random_playout) -> Factory:
    """UCT by whole turns (:mod:`.mcts`), its leaves valued by ``leaf``."""
    return lambda game, seed: MCTSAgent(seed, iterations, leaf=leaf, width=width)


def ismcts(iterations: int, scale: float, whole_turns: bool, width: int = 6) -> Factory:
    """Information-set MCTS (:mod:`.ismcts`) judging leaves by the game's heuristic, a lead of
    ``scale`` read as a 73% chance of winning, comparing the heuristic's best ``width`` turns,
    searching whole turns or a decision at a time."""

    def make(game: Game, seed: int | float | str | None) -> Agent:
        evaluate = game.manifest.evaluation()
        return ISMCTSAgent(
            seed, iterations, leaf=Judged(evaluate, scale), evaluate=evaluate,
            whole_turns=whole_turns, width=width,
        )

    return make


def lookahead(samples: int, evaluation: Callable[[], Evaluate] | None = None) -> Factory:
    """The lookahead player (:mod:`.lookahead`), judging by ``evaluation()`` (None: the
    game's heuristic)."""
    return lambda game, seed: DrawAheadAgent(
        seed, samples, evaluate=evaluation() if evaluation else None
    )


def expectimax(depth: int, width: int | None, evaluation: Callable[[], Evaluate]) -> Factory:
    """Expectimax (:mod:`.expectimax`) to ``depth`` turns, judging by ``evaluation()``."""
    return lambda game, seed: ExpectimaxAgent(
        seed, depth=depth, width=width, evaluate=evaluation()
    )


__all__ = ["LEVELS", "expectimax", "ismcts", "lookahead", "make_player", "mcts", "methods"]
