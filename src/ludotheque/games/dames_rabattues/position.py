"""A position of Dames rabattues as an immutable value, with a one-line notation both ways.

The notation gives White's side, Black's side, then the stage: ``lot`` (who has the dice is being
decided), ``throw:white`` (White is to throw), ``dice:white`` (White's dice are rolling),
``won:white``. A position no game reaches (a side knocked down but not yet raising between
throws, two sides done, a win by a side not done, a side done and play going on) is refused.

>>> p = Position.parse("k111222 k111222 lot")
>>> p.draw_lot(1)
Position('k111222 k111222 throw:black')
>>> p.draw_lot(0).start_throw().roll(Throw(6, 1), Reading())
Position('k011221 k111222 throw:black')
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from ludotheque.core.dice import Throw
from ludotheque.core.errors import NotationError, quoted
from ludotheque.games.dames_rabattues.rules import Reading, Side, ThrowPlay, resolve
from ludotheque.games.dames_rabattues.view import Seat

SEATS: tuple[Seat, Seat] = ("white", "black")


class Stage(Enum):
    LOT = "lot"
    THROW = "throw"
    DICE = "dice"
    WON = "won"


@dataclass(frozen=True)
class Position:
    """Both sides, the stage of the turn, and the last throw (kept for people to read)."""

    sides: tuple[Side, Side] = (Side(), Side())
    stage: Stage = Stage.LOT
    to_throw: int = 0
    last: ThrowPlay | None = None
    throws: int = 0

    def draw_lot(self, first: int) -> Position:
        # Rule "lot": «On fait décider par le sort à qui le dé appartiendra».
        return replace(self, stage=Stage.THROW, to_throw=first)

    def start_throw(self) -> Position:
        return replace(self, stage=Stage.DICE)

    def roll(self, throw: Throw, reading: Reading) -> Position:
        sides, play = resolve(self.sides, self.to_throw, throw, reading)
        if sides[self.to_throw].done or sides[1 - self.to_throw].done:
            winner = self.to_throw if sides[self.to_throw].done else 1 - self.to_throw
            return Position(sides, Stage.WON, winner, play, self.throws + 1)
        # Rule "doublets keep the dice": «joue jusqu'à ce qu'il ait amené deux nombres inégaux».
        following = self.to_throw if throw.is_doublet else 1 - self.to_throw
        return Position(sides, Stage.THROW, following, play, self.throws + 1)

    @property
    def winner(self) -> int | None:
        return self.to_throw if self.stage is Stage.WON else None

    def __str__(self) -> str:
        stage = self.stage.value
        if self.stage is not Stage.LOT:
            stage += ":" + SEATS[self.to_throw]
        return f"{self.sides[0]} {self.sides[1]} {stage}"

    def __repr__(self) -> str:
        return f"Position({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Position:
        parts = text.split()
        if len(parts) != 3:
            raise NotationError(
                f"{quoted(text)} is not a position; write White's side, Black's side and the "
                "stage, such as 'k111222 k111222 throw:white'."
            )
        white, black, stage_text = parts
        name, _, seat = stage_text.lower().partition(":")
        try:
            stage = Stage(name)
        except ValueError:
            stage = None
        if stage is None or (stage is Stage.LOT) != (seat == "") or (seat and seat not in SEATS):
            raise NotationError(
                f"{stage_text!r} is not a stage; write lot, or throw, dice or won with :white or "
                ":black."
            )
        to_throw = SEATS.index(seat) if seat else 0
        sides = (Side.parse(white), Side.parse(black))
        for side in sides:
            if side.settled() != side:
                # Rule "raising": a side that has knocked all down is raising by the next throw.
                raise NotationError(
                    f"{str(side)!r} never stands between throws: a side with every checker "
                    f"knocked down raises from then on, written {str(side.settled())!r}."
                )
        done = [player for player in (0, 1) if sides[player].done]
        # Rule "the first to raise all wins": the game stops there, so one side at most is done,
        # and only the winner's.
        if len(done) == 2:
            raise NotationError(
                "both sides cannot have raised all fifteen checkers, since the game stops when "
                "the first does; only the winner's side is r000000."
            )
        if stage is Stage.WON and done != [to_throw]:
            raise NotationError(
                f"won:{seat} needs all fifteen of {seat}'s checkers raised (r000000), not "
                f"{str(sides[to_throw])!r}."
            )
        if stage is not Stage.WON and done:
            raise NotationError(
                f"{SEATS[done[0]]} has raised all fifteen checkers, so the game is over: write "
                f"won:{SEATS[done[0]]}, not {stage_text!r}."
            )
        return cls(sides, stage, to_throw)
