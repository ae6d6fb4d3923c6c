"""Players: people at the terminal and computer players, made from a seat specification.

A seat is written ``kind`` or ``kind:argument``: ``human``, ``random``, ``random:7`` (a random
player with generator seed 7), ``heuristic`` (the game's own heuristic, looking over its turn),
a search method at a level, such as ``mcts:hard``, ``expectimax:easy`` or ``ismcts:medium``
(see :mod:`ludotheque.agents.levels`), or a bare level, ``easy``, ``medium`` or ``hard``, for
the game's own search player at that level. A search player needs the game it will play.

>>> make_agent("random:7").rng.random() == make_agent("random:7").rng.random()
True
>>> import ludotheque
>>> type(make_agent("hard", game=ludotheque.load_game("crypto-90"))).__name__
'DrawAheadAgent'
>>> make_agent("mcts:impossible", game=ludotheque.load_game("jacquet"))
Traceback (most recent call last):
...
ludotheque.core.errors.OptionError: a level is one of easy, medium, hard, not 'impossible'.
>>> make_agent("robot")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ludotheque.core.errors.OptionError: a seat is one of human, random (random:SEED), ..., not 'robot'.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ludotheque.agents import levels
from ludotheque.agents.base import Agent, RandomAgent
from ludotheque.agents.greedy import GreedyAgent
from ludotheque.core.errors import OptionError, quoted
from ludotheque.core.i18n import N_, _
from ludotheque.core.numbers import MAX_LENGTH, parse_int

if TYPE_CHECKING:
    from ludotheque.core.game import Game


def _seed(kind: str, argument: str, seed: int | float | str | None) -> int | float | str | None:
    """The seat's own seed if it gives one (``random:7``), else the default."""
    if not argument:
        return seed
    number = parse_int(argument, signed=True)
    if number is None:
        raise OptionError(_("{kind}:SEED takes a whole number of at most {digits} digits, not "
                            "{argument}.", kind=kind, digits=MAX_LENGTH,
                            argument=quoted(argument)))
    return number


def _random(argument: str, seed: int | float | str | None) -> Agent:
    return RandomAgent(_seed("random", argument, seed))


def _heuristic(argument: str, seed: int | float | str | None) -> Agent:
    return GreedyAgent(_seed("heuristic", argument, seed))


#: The seat of a person, whom a front end seats (the terminal's, the browser's): this layer
#: makes computer players only.
PERSON = "human"
#: Seat kinds that play any game, by name: each makes an agent from its argument and a
#: default seed. The search methods and levels come from :mod:`ludotheque.agents.levels`.
KINDS: dict[str, Callable[[str, int | float | str | None], Agent]] = {
    "random": _random,
    "heuristic": _heuristic,
}
#: How each kind's argument is written, for messages (``N_``: SEED is a word he reads).
USAGE = {"random": N_("random:SEED"), "heuristic": N_("heuristic:SEED")}


def kinds(game: Game | None = None) -> list[str]:
    """Every seat kind: the kinds of any game, the levels, and the search methods at a level;
    with ``game``, only those that play it (no heuristic where it has none, no level where no
    search method plays it)."""
    if game is None:
        return [PERSON, *KINDS, *levels.LEVELS,
                *(f"{method}:LEVEL" for method in levels.methods())]
    methods = levels.methods(game.name)
    plain = [PERSON, *(k for k in KINDS if k != "heuristic" or game.manifest.has("heuristic"))]
    return [*plain, *(levels.LEVELS if methods else ()), *(f"{m}:LEVEL" for m in methods)]


def kinds_said(game: Game | None = None) -> str:
    """The seat kinds of :func:`kinds`, as a person reads them where he chooses one: the word
    for what follows a search method (LEVEL) in his language."""
    return ", ".join(_("{method}:LEVEL", method=k.removesuffix(":LEVEL"))
                     if k.endswith(":LEVEL") else k for k in kinds(game))


def kinds_text(game: Game | None = None) -> str:
    """The seat kinds, as typed: with ``game``, only the search methods that play it; the
    words for what follows a kind (SEED, LEVEL) in the reader's language."""
    methods = levels.methods(game.name if game is not None else None)
    plain = [f"{k} ({_(USAGE[k])})" if k in USAGE else k
             for k in [PERSON, *KINDS, *levels.LEVELS]]
    return ", ".join(plain + [_("{method}:LEVEL", method=method) for method in methods])


def is_person(spec: str) -> bool:
    """Whether the seat specification ``spec`` seats a person."""
    return spec.strip().partition(":")[0] == PERSON


def make_agent(
    spec: str,
    seed: int | float | str | None = None,
    game: Game | None = None,
    person: Callable[[], Agent] | None = None,
) -> Agent:
    """The agent a seat specification names; ``seed`` serves agents given no seed of their own,
    ``game`` is the game a search player will play, and ``person()`` seats a person, where a
    front end offers one."""
    kind, _colon, argument = spec.strip().partition(":")
    if kind == PERSON and not argument:
        if person is None:
            raise OptionError(_("a person plays at the table (ludotheque play), not here."))
        return person()
    if kind == "heuristic" and game is not None and not game.manifest.has("heuristic"):
        raise OptionError(_("{game} has no heuristic player; its seats are {kinds}.",
                            game=game.name, kinds=kinds_said(game)))
    if kind in KINDS:
        return KINDS[kind](argument, seed)
    if kind in levels.LEVELS and not argument:
        method, level = None, kind
    elif kind in levels.methods():
        method, level = kind, argument
        if not level:
            raise OptionError(_("{kind} takes a level, as {kind}:{level}.", kind=kind,
                                level=levels.LEVELS[-1]))
    else:
        raise OptionError(_("a seat is one of {kinds}, not {spec}.", kinds=kinds_text(game),
                            spec=quoted(spec)))
    if game is None:
        raise OptionError(_("a {spec} player needs the game it will play.", spec=spec))
    return levels.make_player(method, level, game, seed)


__all__ = ["KINDS", "PERSON", "Agent", "RandomAgent", "is_person", "kinds", "kinds_said",
           "kinds_text", "make_agent"]
