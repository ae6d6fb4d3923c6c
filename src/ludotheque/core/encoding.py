"""What a rule set offers learning code: its positions as tensors of a fixed shape, and its
actions numbered for the research ecosystems (``ludotheque.adapters``).

A rule set that offers it names an :class:`Encoding` in its manifest (``encoding``); the
adapters know no rule set by name and read everything from there. An encoding is made for one
game (its options fixed) and writes straight from the position, never through the JSON view, so
that an observation costs about what a move does.

Each tensor is a :class:`Layout`: named :class:`Field` s, each with its shape, the bounds of
every value in it and what it means, which the rules doc lists field by field
(``Layout.table``). The writer is handed the fields as zeroed arrays (numpy views into one flat
vector, as OpenSpiel's observers hold them) and sets what the seat sees.

Hidden information has a second tensor, of perfect recall: the information state is the
observation now and, row by row, what the seat learnt of each action so far (``recall``,
``remember``), written when the action is played; the adapters keep the rows.

Actions keep the game's own ids unless the rule set's are too many for learning code (a
continuous shot): then the encoding renumbers them into a documented coarse grid
(``num_actions``, ``legal``, ``decision``) and lists chance over a fixed set of outcomes
(``num_chance_outcomes``, ``chance``, ``outcome``), and gives the continuous action as a box
(``box``, ``from_box``). The game's own ids and records never change.

>>> layout = Layout((Field("board", (2, 3), 0, 15, "checkers per point"),
...                  Field("turn", (2,), 0, 1, "one-hot: the seat to play")))
>>> layout.size, layout.offsets()["turn"]
(8, (6, 8))
>>> print(layout.table().splitlines()[2])
| `board` | 2×3 | 0 to 15 | checkers per point |
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ludotheque.core.game import Game, State

#: The fields of a tensor as its writer receives them: each a zeroed array of its shape (a
#: view into the one flat vector), set in place.
Fields = Mapping[str, Any]


@dataclass(frozen=True)
class Field:
    """One named part of a tensor: its shape, the bounds of every value in it, and what it
    means, in a few words of the game's vocabulary."""

    name: str
    shape: tuple[int, ...]
    low: float
    high: float
    meaning: str

    @property
    def size(self) -> int:
        return math.prod(self.shape)


@dataclass(frozen=True)
class Layout:
    """A tensor's fields, laid end to end in one flat vector."""

    fields: tuple[Field, ...]

    @property
    def size(self) -> int:
        return sum(f.size for f in self.fields)

    def offsets(self) -> dict[str, tuple[int, int]]:
        """Each field's (start, stop) in the flat vector."""
        spans, start = {}, 0
        for f in self.fields:
            spans[f.name] = (start, start + f.size)
            start += f.size
        return spans

    def bounds(self) -> tuple[list[float], list[float]]:
        """The least and greatest value of each entry of the flat vector."""
        low: list[float] = []
        high: list[float] = []
        for f in self.fields:
            low += [f.low] * f.size
            high += [f.high] * f.size
        return low, high

    def table(self) -> str:
        """The fields as a Markdown table, for the rules doc."""
        rows = ["| field | shape | values | meaning |", "|---|---|---|---|"]
        for f in self.fields:
            shape = "×".join(map(str, f.shape)) or "1"
            rows.append(f"| `{f.name}` | {shape} | {_number(f.low)} to {_number(f.high)} "
                        f"| {f.meaning} |")
        return "\n".join(rows)


def _number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


class Encoding:
    """A rule set's tensors and learning actions for one game. A rule set subclasses it and
    provides at least ``observation`` and ``observe``; a game with hidden information also
    ``recall`` and ``remember``; one whose actions are too many, the renumbering."""

    def __init__(self, game: Game) -> None:
        self.game = game

    # --- the observation ---------------------------------------------------------------------

    @property
    def observation(self) -> Layout:
        """The observation tensor's fields."""
        raise NotImplementedError

    def observe(self, state: State, player: int, out: Fields) -> None:
        """Write what ``player`` sees of ``state`` (exactly what his view shows, no more)
        into ``out``, the observation's fields zeroed."""
        raise NotImplementedError

    # --- the information state, where something is hidden -------------------------------------

    @property
    def recall(self) -> Layout | None:
        """The fields of one row of the information state: what a seat learns of one action.
        None where nothing is hidden (the observation is then the whole position)."""
        return None

    def max_history(self) -> int:
        """The most actions, decisions and chance outcomes together, a game can last with these
        options: the information state's rows."""
        raise NotImplementedError

    def remember(self, before: State, action: int, after: State, player: int,
                 out: Fields) -> None:
        """Write what ``player`` learns when ``action`` (the game's id) is played in
        ``before``, leading to ``after``: who acted, the action as far as he may know it, and
        any card it shows him. Two histories he cannot tell apart give the same rows."""
        raise NotImplementedError

    # --- actions for learning code (the game's own ids unless renumbered) ----------------------

    def num_actions(self) -> int:
        """Size of the decision space learning code sees."""
        return self.game.num_distinct_actions()

    def legal(self, state: State) -> list[int]:
        """The decisions learning code may take here, in its numbering, ascending."""
        return state.legal_actions()

    def decision(self, state: State, action: int) -> int:
        """The game's action for learning code's decision ``action``."""
        return action

    def nearest(self, state: State, action: int) -> int:
        """Learning code's decision for the game's decision ``action`` (a computer player's),
        or the nearest one where the numbering is a coarse grid of the game's."""
        return action

    def num_chance_outcomes(self) -> int:
        """Size of the chance outcome space learning code sees."""
        return self.game.max_chance_outcomes()

    def chance(self, state: State) -> list[tuple[int, float]]:
        """The chance outcomes here as learning code sees them, with their probabilities."""
        return state.chance_outcomes()

    def outcome(self, state: State, outcome: int) -> int:
        """The game's chance outcome for learning code's ``outcome``."""
        return outcome

    # --- a continuous decision ---------------------------------------------------------------

    @property
    def box(self) -> Layout | None:
        """The fields of a continuous decision (each of shape ``()``, with its bounds), for a
        rule set whose decisions are points of a continuum; None for the others."""
        return None

    def from_box(self, state: State, point: Sequence[float]) -> int:
        """The game's action for a point of the box (any point in its bounds is a legal
        decision here, the encoding saying how it is read)."""
        raise NotImplementedError

    def to_box(self, state: State, action: int) -> list[float]:
        """The point of the box that plays the game's decision ``action`` (a computer
        player's), for learning code that acts in the box."""
        raise NotImplementedError
