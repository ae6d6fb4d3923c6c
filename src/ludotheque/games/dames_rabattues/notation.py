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
>>> from ludotheque.core.i18n import reading
>>> with reading("fr"):
...     narrate(ThrowPlay(1, Throw(3, 3), Moves((3,)), Moves((3,)), (), k, k))
'noir amène 3-3 (terne) : noir rabat 3 ; blanc abat 3 pour lui.'
"""

from __future__ import annotations

from ludotheque.core.i18n import _
from ludotheque.games.dames_rabattues.position import SEATS
from ludotheque.games.dames_rabattues.rules import Moves, Phase, ThrowPlay


def numbers(values: tuple[int, ...]) -> str:
    """``6``, ``6 and 1``: the numbers of one or both dice."""
    if len(values) == 1:
        return str(values[0])
    return _("{numbers} and {last}", numbers=", ".join(map(str, values[:-1])),
             last=values[-1])


def told(seat: str, phase: Phase, moves: Moves) -> str:
    """What the thrower did with his own dice (``seat`` named in the reader's language). A
    number played after his last knock-down is one he raises (option ``raise_in_same_throw``),
    so only a side knocking down has any."""
    if phase is Phase.RAISE:
        return _("{seat} raises {numbers}", seat=seat, numbers=numbers(moves.played))
    if moves.raised_after:
        return _("{seat} knocks down {numbers}, then raises {raised}", seat=seat,
                 numbers=numbers(moves.played), raised=numbers(moves.raised_after))
    return _("{seat} knocks down {numbers}", seat=seat, numbers=numbers(moves.played))


def told_passed(seat: str, phase: Phase, moves: Moves) -> str:
    """What the opponent did for himself with the numbers the thrower could not play: the
    1792 text's own words, «l'autre joueur en abat une pour lui»."""
    if phase is Phase.RAISE:
        return _("{seat} raises {numbers} for himself", seat=seat, numbers=numbers(moves.played))
    if moves.raised_after:
        return _("{seat} knocks down {numbers}, then raises {raised} for himself", seat=seat,
                 numbers=numbers(moves.played), raised=numbers(moves.raised_after))
    return _("{seat} knocks down {numbers} for himself", seat=seat,
             numbers=numbers(moves.played))


def narrate(play: ThrowPlay) -> str:
    """The throw and what each player played with it, in the reader's language."""
    thrower, opponent = _(SEATS[play.thrower]), _(SEATS[1 - play.thrower])
    parts = []
    if play.by_thrower:
        parts.append(told(thrower, play.thrower_phase, play.by_thrower))
    if play.by_opponent:
        parts.append(told_passed(opponent, play.opponent_phase, play.by_opponent))
    if play.unplayed:
        parts.append(_("nobody can play {numbers}", numbers=numbers(play.unplayed)))
    return _("{seat} throws {throw}: {parts}.", seat=thrower, throw=play.throw.spoken(),
             parts=_("; ").join(parts))
