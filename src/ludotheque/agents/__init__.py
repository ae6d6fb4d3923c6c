"""Players: people at the terminal and computer players, made from a seat specification.

A seat is written ``kind`` or ``kind:argument``: ``human``, ``random``, ``random:7`` (a random
player with generator seed 7), ``heuristic`` (the game's own heuristic, looking over its turn).

>>> make_agent("random:7").rng.random() == make_agent("random:7").rng.random()
True
>>> make_agent("robot")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ludotheque.core.errors.OptionError: a seat is one of human, random (random:SEED), ..., not 'robot'.
"""

from __future__ import annotations

from collections.abc import Callable

from ludotheque.agents.base import Agent, RandomAgent
from ludotheque.core.errors import OptionError


def _seed(kind: str, argument: str, seed: int | str | None) -> int | str | None:
    """The seat's own seed if it gives one (``random:7``), else the default."""
    if not argument:
        return seed
    try:
        return int(argument)
    except ValueError:
        raise OptionError(f"{kind}:SEED takes a whole number, not {argument!r}.") from None


def _random(argument: str, seed: int | str | None) -> Agent:
    return RandomAgent(_seed("random", argument, seed))


def _heuristic(argument: str, seed: int | str | None) -> Agent:
    from ludotheque.agents.greedy import GreedyAgent

    return GreedyAgent(_seed("heuristic", argument, seed))


def _human(argument: str, seed: int | str | None) -> Agent:
    from ludotheque.agents.human import TerminalHuman

    return TerminalHuman()


#: Seat kinds by name: each makes an agent from its argument and a default seed.
KINDS: dict[str, Callable[[str, int | str | None], Agent]] = {
    "human": _human,
    "random": _random,
    "heuristic": _heuristic,
}
#: How each kind's argument is written, for messages.
USAGE = {"random": "random:SEED", "heuristic": "heuristic:SEED"}


def register_kind(
    kind: str, factory: Callable[[str, int | str | None], Agent], usage: str | None = None
) -> None:
    """Add a seat kind: a rule set's own computer player registers itself this way when its
    package is imported, as rule sets do in the game registry."""
    KINDS[kind] = factory
    if usage:
        USAGE[kind] = usage


def kinds_text() -> str:
    return ", ".join(f"{k} ({USAGE[k]})" if k in USAGE else k for k in KINDS)


def make_agent(spec: str, seed: int | str | None = None) -> Agent:
    """The agent a seat specification names; ``seed`` serves agents given no seed of their own."""
    kind, _, argument = spec.strip().partition(":")
    if kind not in KINDS:
        raise OptionError(f"a seat is one of {kinds_text()}, not {spec!r}.")
    return KINDS[kind](argument, seed)


__all__ = ["KINDS", "Agent", "RandomAgent", "kinds_text", "make_agent", "register_kind"]
