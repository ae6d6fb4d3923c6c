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

from ludotheque.core.i18n import _

if TYPE_CHECKING:
    from ludotheque.core.game import Game

_TOP = list(range(12, 0, -1))  # White's points along the top row, left to right
_BOTTOM = list(range(13, 25))


def _cell(count: int) -> str:
    if count == 0:
        return ""
    # W and B in English; the reader's own initials elsewhere (B and N in French).
    return _("W{count}", count=count) if count > 0 else _("B{count}", count=-count)


def _row(points: list[int], board: list[int], shift: int, width: int) -> str:
    cells = [f"{_cell(board[(p - 1 + shift) % 24]):>4}" for p in points]
    return " " * width + "".join(cells[:6]) + " |" + "".join(cells[6:])


def _numbers(label: str, points: list[int], width: int) -> str:
    cells = [f"{p:>4}" for p in points]
    return f"{label:<{width}}" + "".join(cells[:6]) + " |" + "".join(cells[6:])


def render(game: Game, observation: dict[str, Any]) -> str:
    """What one seat sees, drawn in text (the manifest's ``render``)."""
    stage, mover, winner = observation["stage"], observation["to_move"], observation["winner"]
    reading = observation["reading"]
    if stage == "lot":
        headline = _("Jacquet ({reading}) — who throws first is being decided by lot",
                     reading=reading)
    elif stage == "won":
        headline = _("Jacquet ({reading}) — {seat} has borne off all fifteen and wins",
                     reading=reading, seat=_(winner))
    elif stage == "dice":
        headline = _("Jacquet ({reading}) — {seat} to throw", reading=reading, seat=_(mover))
    else:
        headline = _("Jacquet ({reading}) — {seat} threw {throw}, to play: {dice}",
                     reading=reading, seat=_(mover), throw=observation["throw"],
                     dice=", ".join(map(str, observation["dice_left"])))
    board = observation["points"]
    # Points are drawn in the viewer's numbering; ``shift`` turns them into White's indices.
    viewer = "black" if observation["seat"] == "black" else "white"
    other = "white" if viewer == "black" else "black"
    shift = 12 if viewer == "black" else 0
    theirs = [(p + 11) % 24 + 1 for p in _TOP], [(p + 11) % 24 + 1 for p in _BOTTOM]
    lines = [headline]
    if observation["last"] and stage != "lot":
        lines.insert(0, _("last: {last}", last=observation["last"]))
    mine, others = _("{seat}'s point", seat=_(viewer)), _("{seat}'s point", seat=_(other))
    # The labels' column: 14 wide in English, wider where the reader's words are longer.
    width = max(14, len(mine) + 1, len(others) + 1)
    lines += [
        _numbers(mine, _TOP, width),
        _numbers(others, theirs[0], width),
        _row(_TOP, board, shift, width).rstrip(),
        "",
        _row(_BOTTOM, board, shift, width).rstrip(),
        _numbers(others, theirs[1], width),
        _numbers(mine, _BOTTOM, width),
    ]
    sides = []
    for seat, side in observation["sides"].items():
        names = {"seat": _(seat), "off": side["off"], "pips": side["pips"], "bar": side["bar"]}
        if side["bar"]:
            said = (_("{seat}: {off} off, {bar} on the bar, {pips} pips, courier home", **names)
                    if side["courier_home"] else
                    _("{seat}: {off} off, {bar} on the bar, {pips} pips, courier not home",
                      **names))
        else:
            said = (_("{seat}: {off} off, {pips} pips, courier home", **names)
                    if side["courier_home"] else
                    _("{seat}: {off} off, {pips} pips, courier not home", **names))
        sides.append(said)
    lines.append(" · ".join(sides))
    return "\n".join(lines)
