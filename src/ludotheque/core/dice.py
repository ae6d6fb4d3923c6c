"""Two six-sided dice as one chance outcome, in the vocabulary of the trictrac family.

A throw is unordered: 21 outcomes, the doublets with probability 1/36 and the others 2/36. It is
written high die first.

>>> Throw.parse("1-6")
Throw(high=6, low=1)
>>> str(Throw(5, 5)), Throw(5, 5).name
('5-5', 'quine')
>>> Throw.parse("double deux"), Throw.parse("6-1 (coup simple)")
(Throw(high=2, low=2), Throw(high=6, low=1))
>>> round(sum(t.probability for t in THROWS), 12)
1.0
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import accumulate

from ludotheque.core.errors import NotationError

#: Names of the doublets in the 1792 *Dictionnaire des jeux* (and in Moulidars, 1840).
DOUBLET_NAMES = {
    1: "beset",
    2: "double deux",
    3: "terne",
    4: "carme",
    5: "quine",
    6: "sonnez",
}
#: «Deux nombres inégaux s'appellent un coup simple».
SIMPLE_THROW = "coup simple"


@dataclass(frozen=True, order=True)
class Throw:
    """One throw of two dice, high die first."""

    high: int
    low: int

    def __post_init__(self) -> None:
        if not (1 <= self.low <= self.high <= 6):
            raise NotationError(f"a throw is two dice from 1 to 6, high first, not {self}.")

    @property
    def is_doublet(self) -> bool:
        return self.high == self.low

    @property
    def dice(self) -> tuple[int, int]:
        return (self.high, self.low)

    @property
    def probability(self) -> float:
        return 1 / 36 if self.is_doublet else 2 / 36

    @property
    def name(self) -> str:
        return DOUBLET_NAMES[self.high] if self.is_doublet else SIMPLE_THROW

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"

    def spoken(self) -> str:
        """``'3-3 (terne)'``, ``'6-1 (coup simple)'``: the notation shown to players."""
        return f"{self} ({self.name})"

    @classmethod
    def parse(cls, text: str) -> Throw:
        """Read ``6-1``, ``1-6``, ``6 1``, ``6–1``, a doublet's name, or the spoken form
        ``5-5 (quine)``, ``6-1 (coup simple)``."""
        words = text.lower().replace("(", " ").replace(")", " ").replace("–", "-")
        words = " ".join(words.replace(SIMPLE_THROW, " ").split())
        for value, name in DOUBLET_NAMES.items():
            if words in (name, f"{value}-{value} {name}", f"{name} {value}-{value}"):
                return cls(value, value)
        parts = words.replace("-", " ").split()
        if len(parts) == 2 and all(p in "123456" and len(p) == 1 for p in parts):
            a, b = int(parts[0]), int(parts[1])
            return cls(max(a, b), min(a, b))
        raise NotationError(
            f"{text.strip()!r} is not a throw; write two dice such as 6-1 or 5-5, or a doublet's "
            f"name ({', '.join(DOUBLET_NAMES.values())})."
        )


#: The 21 throws of two dice, in a fixed order (their chance-outcome order).
THROWS: tuple[Throw, ...] = tuple(
    Throw(high, low) for high in range(6, 0, -1) for low in range(high, 0, -1)
)


#: Chance outcome ids shared by the tables games: first the lot (who throws first: outcome 0
#: gives the dice to seat 0, outcome 1 to seat 1, each with probability 1/2), then the 21 throws.
LOT_OUTCOMES = (0, 1)
THROW_OFFSET = len(LOT_OUTCOMES)
CHANCE_OUTCOMES = THROW_OFFSET + len(THROWS)
THROW_IDS: dict[Throw, int] = {throw: THROW_OFFSET + i for i, throw in enumerate(THROWS)}
#: The lot's and a throw's (outcome, probability) lists, built once: simulation asks for them
#: twice per throw (sampling, then the legality check).
LOT = tuple((outcome, 1 / len(LOT_OUTCOMES)) for outcome in LOT_OUTCOMES)
DICE = tuple((THROW_IDS[t], t.probability) for t in THROWS)


def throw_of(outcome: int) -> Throw | None:
    """The throw a chance outcome id stands for, or None if it is not a throw.

    >>> throw_of(THROW_IDS[Throw(6, 1)])
    Throw(high=6, low=1)
    """
    if THROW_OFFSET <= outcome < CHANCE_OUTCOMES:
        return THROWS[outcome - THROW_OFFSET]
    return None


_THROW_CUM_WEIGHTS = tuple(accumulate(p for _, p in DICE))
#: The throws' outcome ids, in the order of :data:`DICE`.
THROW_OUTCOMES = tuple(outcome for outcome, _ in DICE)


def sample_throw(rng: random.Random) -> int:
    """A throw's outcome id drawn from ``rng``, as ``State.sample_chance`` would draw it from
    :data:`DICE` (the same draw, without rebuilding the table at every throw)."""
    return rng.choices(THROW_OUTCOMES, cum_weights=_THROW_CUM_WEIGHTS)[0]


class TablesChance:
    """The chance nodes of a tables game, mixed into its State (before ``State``): the lot for
    who throws first, then throws of two dice.

    The state says which node it stands at with ``_chance_node()`` ("lot", "dice" or None);
    this gives the outcomes, their sampling (from prebuilt tables: the same draws as
    ``State.sample_chance``), and their notation both ways.
    """

    def _chance_node(self) -> str | None:
        raise NotImplementedError

    def chance_outcomes(self) -> list[tuple[int, float]]:
        node = self._chance_node()
        return list(LOT) if node == "lot" else list(DICE) if node == "dice" else []

    def _chance_actions(self) -> list[int]:
        node = self._chance_node()
        return list(LOT_OUTCOMES) if node == "lot" else list(THROW_OUTCOMES) if node else []

    def _allows(self, action: int) -> bool:
        # At every throw: the outcomes looked up in their table, not listed anew.
        node = self._chance_node()
        if node is None:
            allowed: bool = super()._allows(action)  # type: ignore[misc]
            return allowed
        return action in (LOT_OUTCOMES if node == "lot" else THROW_OUTCOMES)

    def sample_chance(self, rng: random.Random) -> int:
        if self._chance_node() == "dice":
            return sample_throw(rng)
        return rng.choices(LOT_OUTCOMES, cum_weights=_LOT_CUM_WEIGHTS)[0]

    def _chance_text(self, action: int) -> str | None:
        """``white first`` or ``6-1`` for a chance outcome here; None for anything else."""
        node = self._chance_node()
        if node == "lot" and action in LOT_OUTCOMES:
            return f"{self.game.seat_name(action)} first"  # type: ignore[attr-defined]
        throw = throw_of(action) if node == "dice" else None
        return None if throw is None else str(throw)

    def _throw_alias(self, text: str) -> int | None:
        """A throw in any spelling :meth:`Throw.parse` reads, at a throw; else None."""
        if self._chance_node() != "dice":
            return None
        try:
            return THROW_IDS[Throw.parse(text)]
        except NotationError:
            return None


_LOT_CUM_WEIGHTS = tuple(accumulate(p for _, p in LOT))
