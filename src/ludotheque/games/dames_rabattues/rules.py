"""The rules of Dames rabattues (Encyclopédie méthodique, *Dictionnaire des jeux*, 1792, pp. 64–65).

Pure functions on immutable values. Rule names in the comments are those of
``docs/rules/dames-rabattues.md``, where each stands beside the source's own words.

Each player has six piles on his points 1 (nearest the light) to 6 (by the bar). In the first
phase a die *n* knocks down (rabat) one checker from atop pile *n*; once all are knocked down, in
the second phase a die *n* raises (lève) one checker from point *n*.

>>> side = Side()
>>> side
Side('k111222')
>>> side.play(6).play(1)
Side('k011221')
>>> Side.parse("k000000").settled()
Side('r222333')
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum, StrEnum

from ludotheque.core.dice import Throw
from ludotheque.core.errors import NotationError, quoted
from ludotheque.core.numbers import parse_int

#: Rule "board": piles of two on the three points nearest the light, of three on the others.
PILES = (2, 2, 2, 3, 3, 3)
#: Rule "what a pile offers": the checkers stacked on its bottom one, which already lies flat.
TO_KNOCK_DOWN = tuple(height - 1 for height in PILES)
POINTS = range(1, 7)
CHECKERS = sum(PILES)


class Phase(Enum):
    """Knocking down (*rabattre*) comes first; raising (*lever*) once all are knocked down."""

    KNOCK = "k"
    RAISE = "r"


class Passing(StrEnum):
    """Readings of what becomes of a number its thrower cannot play (option ``passing``)."""

    #: The general rule of ¶12, with ¶20 read as an exception: a number thrown while raising is
    #: never played by an opponent still knocking down.
    EXCEPTION = "exception"
    #: The general rule everywhere: ¶20 read as one more case of it.
    GENERAL = "general"
    #: Unplayable numbers are lost, as in Ludii's code for its *Tables Rabattues*.
    NONE = "none"
    #: ¶20's reason read as the rule: a passed number keeps the kind of move it was thrown for
    #: (knocking down or raising), so an opponent plays it only if he is making that kind of move.
    KIND = "kind"


@dataclass(frozen=True)
class Reading:
    """The readings chosen where the text admits two: the game's options, for the rules."""

    passing: Passing = Passing.EXCEPTION
    #: Whether a player who knocks down his last checker raises with the numbers of that same
    #: throw that are left to him (else raising starts with his next throw).
    raise_in_same_throw: bool = False


@dataclass(frozen=True)
class Side:
    """One player's piles: how many checkers are left to knock down, or to raise, on each point."""

    phase: Phase = Phase.KNOCK
    left: tuple[int, ...] = TO_KNOCK_DOWN

    def can_play(self, number: int) -> bool:
        # Rule "die n, pile n": «l'as se prend toujours sur la première pile…». A side plays
        # in its own phase only — rule "nothing raised before all are down".
        return self.left[number - 1] > 0

    def play(self, number: int) -> Side:
        left = list(self.left)
        left[number - 1] -= 1
        return replace(self, left=tuple(left))

    def settled(self) -> Side:
        """The side as it stands between throws: all knocked down means raising begins."""
        # Rule "raising": «Lorsqu'un joueur a rabattu toutes ses dames… il relève».
        if self.phase is Phase.KNOCK and not any(self.left):
            return Side(Phase.RAISE, PILES)
        return self

    @property
    def done(self) -> bool:
        """All fifteen raised: «le premier est parvenu à lever toutes ses dames, gagne»."""
        return self.phase is Phase.RAISE and not any(self.left)

    @property
    def work(self) -> int:
        """Checker-moves still to make before the side is done (strictly falls with every move)."""
        return sum(self.left) + (CHECKERS if self.phase is Phase.KNOCK else 0)

    def __str__(self) -> str:
        return self.phase.value + "".join(map(str, self.left))

    def __repr__(self) -> str:
        return f"Side({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Side:
        """``k111222`` (left to knock down on points 1–6) or ``r222333`` (left to raise)."""
        text = text.strip().lower()
        caps = {"k": TO_KNOCK_DOWN, "r": PILES}.get(text[:1])
        digits = text[1:]
        if caps is None or len(digits) != 6 or parse_int(digits) is None:
            raise NotationError(
                f"{quoted(text)} is not a side; write k or r then six counts, such as k111222."
            )
        left = tuple(int(d) for d in digits)
        if any(n > cap for n, cap in zip(left, caps, strict=True)):
            raise NotationError(f"{quoted(text)} has more checkers on a point than its pile holds.")
        return cls(Phase(text[0]), left)


@dataclass(frozen=True)
class Moves:
    """The numbers one player played in one throw."""

    #: Played in the phase he was in when the dice were thrown.
    played: tuple[int, ...] = ()
    #: Raised after his last knock-down, in the same throw (option ``raise_in_same_throw``).
    raised_after: tuple[int, ...] = ()

    def __len__(self) -> int:
        return len(self.played) + len(self.raised_after)


@dataclass(frozen=True)
class ThrowPlay:
    """What one throw did: the numbers each player played, and those nobody could."""

    thrower: int
    throw: Throw
    by_thrower: Moves
    by_opponent: Moves
    unplayed: tuple[int, ...]
    thrower_phase: Phase
    opponent_phase: Phase


Numbers = tuple[int, ...]


def _each_die(side: Side, numbers: Numbers) -> tuple[Side, Numbers, Numbers]:
    """(side after, numbers played, numbers left) when each number is played if it can be."""
    played, left = [], []
    for number in numbers:
        # Rule "doublets are two numbers": «deux dames en conformité du nombre de points que
        # présente chaque dé», each die on its own, never added («jouer tout d'une»).
        if side.can_play(number):
            side = side.play(number)
            played.append(number)
        else:
            left.append(number)
    return side, tuple(played), tuple(left)


def play_numbers(
    side: Side, numbers: tuple[int, ...], reading: Reading
) -> tuple[Side, Moves, tuple[int, ...]]:
    """One player plays each number he can: (side after, what he played, what he could not)."""
    side, played, left = _each_die(side, numbers)
    raised: tuple[int, ...] = ()
    settled = side.settled()
    # Rule "the phase of a throw": by default a throw is played in the phase it was thrown in.
    if reading.raise_in_same_throw and settled.phase is not side.phase:
        side, raised, left = _each_die(settled, left)
    return side.settled(), Moves(played, raised), left


def play_passed(
    side: Side, numbers: tuple[int, ...], thrower_phase: Phase, reading: Reading
) -> tuple[Side, Moves, tuple[int, ...]]:
    """The opponent plays what the thrower could not: (side after, played, played by nobody)."""
    if reading.passing is Passing.NONE or not numbers:
        return side, Moves(), numbers
    # Rule "the raising exception": a number thrown while raising is not played by an opponent
    # still knocking down, «parce qu'il est de règle qu'on ne peut rien lever avant d'avoir abattu».
    if (
        reading.passing is Passing.EXCEPTION
        and thrower_phase is Phase.RAISE
        and side.phase is Phase.KNOCK
    ):
        return side, Moves(), numbers
    # Rule "the kind of move passes": «on ne peut rien lever avant d'avoir abattu toutes ses
    # dames» read as the number carrying its kind of move; it is played only in that kind.
    if reading.passing is Passing.KIND:
        if side.phase is not thrower_phase:
            return side, Moves(), numbers
        side, played, left = _each_die(side, numbers)
        return side.settled(), Moves(played), left
    # Rule "the opponent plays it": «se joue par son adversaire si cela est praticable».
    return play_numbers(side, numbers, reading)


def resolve(
    sides: tuple[Side, Side], thrower: int, throw: Throw, reading: Reading
) -> tuple[tuple[Side, Side], ThrowPlay]:
    """Both sides after ``thrower`` throws ``throw``: his own dice first, then the opponent's."""
    opponent = 1 - thrower
    mine, theirs = sides[thrower], sides[opponent]
    mine_after, by_thrower, cannot = play_numbers(mine, throw.dice, reading)
    if mine_after.done:
        # Rule "the first to raise all wins": the game stops with the thrower's own dice.
        theirs_after, by_opponent, nobody = theirs, Moves(), cannot
    else:
        theirs_after, by_opponent, nobody = play_passed(theirs, cannot, mine.phase, reading)
    after = (mine_after, theirs_after) if thrower == 0 else (theirs_after, mine_after)
    return after, ThrowPlay(
        thrower, throw, by_thrower, by_opponent, nobody, mine.phase, theirs.phase
    )
