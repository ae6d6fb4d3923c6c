"""A text picture of the jacquet board, as a player at the table sees it.

The viewer sits at the bottom (a spectator sees White's side of the table): his talon is the
top right corner (his point 1), he travels right to left along the top and left to right along
the bottom, and his fourth table is the bottom right quarter. The opponent's numbering runs from
the bottom left corner (his talon) the same way round. Each point shows its checkers: ``W3``
three of White's, ``B15`` fifteen of Black's.

>>> import ludotheque
>>> state = ludotheque.load_game("jacquet").new_initial_state()
>>> print(render(state.game, state.observation()))  # doctest: +NORMALIZE_WHITESPACE
Jacquet (moulidars-1840) — who throws first is being decided by lot
white's point  12  11  10   9   8   7 |   6   5   4   3   2   1
black's point  24  23  22  21  20  19 |  18  17  16  15  14  13
                                      |                     W15
<BLANKLINE>
                B15                   |
black's point   1   2   3   4   5   6 |   7   8   9  10  11  12
white's point  13  14  15  16  17  18 |  19  20  21  22  23  24
white: 0 off, 360 pips, courier not home · black: 0 off, 360 pips, courier not home
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ludotheque.core.game import Game

_TOP = list(range(12, 0, -1))  # White's points along the top row, left to right
_BOTTOM = list(range(13, 25))


def _cell(count: int) -> str:
    if count == 0:
        return ""
    return f"W{count}" if count > 0 else f"B{-count}"


def _row(points: list[int], board: list[int], shift: int) -> str:
    cells = [f"{_cell(board[(p - 1 + shift) % 24]):>4}" for p in points]
    return " " * 14 + "".join(cells[:6]) + " |" + "".join(cells[6:])


def _numbers(label: str, points: list[int]) -> str:
    cells = [f"{p:>4}" for p in points]
    return f"{label:<14}" + "".join(cells[:6]) + " |" + "".join(cells[6:])


def render(game: Game, observation: dict[str, Any]) -> str:
    """What one seat sees, drawn in text (the manifest's ``render``)."""
    stage, mover = observation["stage"], observation["to_move"]
    if stage == "lot":
        headline = "who throws first is being decided by lot"
    elif stage == "won":
        headline = f"{observation['winner']} has borne off all fifteen and wins"
    elif stage == "dice":
        headline = f"{mover} to throw"
    else:
        left = ", ".join(map(str, observation["dice_left"]))
        headline = f"{mover} threw {observation['throw']}, to play: {left}"
    board = observation["points"]
    # Points are drawn in the viewer's numbering; ``shift`` turns them into White's indices.
    viewer = "black" if observation["seat"] == "black" else "white"
    other = "white" if viewer == "black" else "black"
    shift = 12 if viewer == "black" else 0
    theirs = [(p + 11) % 24 + 1 for p in _TOP], [(p + 11) % 24 + 1 for p in _BOTTOM]
    lines = [f"Jacquet ({observation['reading']}) — {headline}"]
    if observation["last"] and stage != "lot":
        lines.insert(0, f"last: {observation['last']}")
    lines += [
        _numbers(f"{viewer}'s point", _TOP),
        _numbers(f"{other}'s point", theirs[0]),
        _row(_TOP, board, shift).rstrip(),
        "",
        _row(_BOTTOM, board, shift).rstrip(),
        _numbers(f"{other}'s point", theirs[1]),
        _numbers(f"{viewer}'s point", _BOTTOM),
    ]
    sides = []
    for seat, side in observation["sides"].items():
        bar = f", {side['bar']} on the bar" if side["bar"] else ""
        courier = "courier home" if side["courier_home"] else "courier not home"
        sides.append(f"{seat}: {side['off']} off{bar}, {side['pips']} pips, {courier}")
    lines.append(" · ".join(sides))
    return "\n".join(lines)
