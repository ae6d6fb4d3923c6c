"""How a throw of Dames rabattues is told to players, in the 1792 vocabulary.

>>> from ludotheque.core.dice import Throw
>>> from ludotheque.games.dames_rabattues.rules import Moves, Phase, ThrowPlay
>>> k = Phase.KNOCK
>>> narrate(ThrowPlay(1, Throw(3, 3), Moves((3,)), Moves((3,)), (), k, k))
'black throws 3-3 (terne): black knocks down 3; white knocks down 3 for himself.'
>>> narrate(ThrowPlay(0, Throw(2, 1), Moves(), Moves(), (2, 1), k, k))
'white throws 2-1 (coup simple): nobody can play 2 and 1.'
>>> narrate(ThrowPlay(0, Throw(6, 1), Moves((6,), (1,)), Moves(), (), k, k))
'white throws 6-1 (coup simple): white knocks down 6, then raises 1.'
"""

from __future__ import annotations

from ludotheque.games.dames_rabattues.position import SEATS
from ludotheque.games.dames_rabattues.rules import Moves, Phase, ThrowPlay

VERBS = {Phase.KNOCK: "knocks down", Phase.RAISE: "raises"}


def numbers(values: tuple[int, ...]) -> str:
    return " and ".join(map(str, values))


def told(seat: str, phase: Phase, moves: Moves, suffix: str = "") -> str:
    text = f"{seat} {VERBS[phase]} {numbers(moves.played)}" if moves.played else seat
    if moves.raised_after:
        text += f", then raises {numbers(moves.raised_after)}"
    return text + suffix


def narrate(play: ThrowPlay) -> str:
    thrower, opponent = SEATS[play.thrower], SEATS[1 - play.thrower]
    parts = []
    if play.by_thrower:
        parts.append(told(thrower, play.thrower_phase, play.by_thrower))
    if play.by_opponent:
        parts.append(told(opponent, play.opponent_phase, play.by_opponent, " for himself"))
    if play.unplayed:
        parts.append(f"nobody can play {numbers(play.unplayed)}")
    return f"{thrower} throws {play.throw.spoken()}: {'; '.join(parts)}."
