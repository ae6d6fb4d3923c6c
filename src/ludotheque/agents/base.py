"""The player interface, and the simplest player."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, ClassVar, Protocol

if TYPE_CHECKING:
    from ludotheque.core.game import Turn


class Agent(Protocol):
    """Anything that picks a legal action for the player to act, from what he is handed: his
    :class:`~ludotheque.core.game.Turn` (his view, the legal actions, the worlds his view
    leaves possible), never the state, so that no player can see what his seat does not.

    ``interactive`` players (people) are asked even when only one move is legal.
    """

    # Read only, so that a class's constant serves as well as a seat's own attribute.
    @property
    def interactive(self) -> bool: ...

    def choose(self, turn: Turn) -> int: ...


class RandomAgent:
    """Picks uniformly among the legal actions, with its own seeded generator.

    >>> import ludotheque
    >>> state = ludotheque.load_game("dames-rabattues").new_initial_state()
    >>> state.apply_action(0)
    >>> RandomAgent(seed=1).choose(state.turn())
    0
    """

    interactive: ClassVar[bool] = False

    def __init__(self, seed: int | float | str | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, turn: Turn) -> int:
        return self.rng.choice(turn.legal)
