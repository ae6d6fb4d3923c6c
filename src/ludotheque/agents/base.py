"""The player interface, and the simplest player."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, ClassVar, Protocol

if TYPE_CHECKING:
    from ludotheque.core.game import State


class Agent(Protocol):
    """Anything that picks a legal action for the player to act.

    ``interactive`` players (people) are asked even when only one move is legal.
    """

    # Read only, so that a class's constant serves as well as a seat's own attribute.
    @property
    def interactive(self) -> bool: ...

    def choose(self, state: State) -> int: ...


class RandomAgent:
    """Picks uniformly among the legal actions, with its own seeded generator.

    >>> import ludotheque
    >>> state = ludotheque.load_game("dames-rabattues").new_initial_state()
    >>> state.apply_action(0)
    >>> RandomAgent(seed=1).choose(state)
    0
    """

    interactive: ClassVar[bool] = False

    def __init__(self, seed: int | float | str | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> int:
        return self.rng.choice(state.legal_actions())
