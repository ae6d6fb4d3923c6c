"""The assist (l'aide au tir): where a shot would leave the counters if the hand did not
tremble, worked out by the same engine that plays it, for a person learning to aim.

It answers a table's setting ``assist`` while a person drags his aim in the browser: the shot
is played on a copy of the position with the steady hand (the tremble not drawn), and only
where each counter it moves comes to rest is told — never the judged table, which is the
game's to say once the shot is played. With ``hands=steady`` the preview is the shot itself.

>>> import ludotheque
>>> state = ludotheque.load_game("cabriole", hands="steady").new_initial_state()
>>> rests = steady_rests(state, state.string_to_action("red 1 aim cup pressure 0.3 steep 60"))
>>> [(rest["counter"], rest["place"]) for rest in rests]
[('red 1', 'cloth')]
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Literal, TypedDict

import numpy as np

from ludotheque.core.errors import IllegalMoveError
from ludotheque.core.i18n import _
from ludotheque.games.tiddlywinks.notation import PASS, STEADY, Shot, Tremble
from ludotheque.games.tiddlywinks.view import Place, seen

if TYPE_CHECKING:
    from ludotheque.games.tiddlywinks.game import TiddlywinksState

#: A counter that moved less than this (metres) has not moved.
STILL = 0.0005


class Rest(TypedDict):
    """Where a counter the shot moved comes to rest: its name, the point the engine leaves it
    at (metres, the view's axes), and its place (as the view's, or ``off`` the table)."""

    counter: str
    x: float
    y: float
    place: Place | Literal["off"]


def steady_rests(state: TiddlywinksState, action: int) -> list[Rest]:
    """Where the shot ``action`` (a decision of ``state``, checked legal by the caller) would
    leave each counter it moves, the counter shot first, with a steady hand."""
    if action == PASS:
        raise IllegalMoveError(_("a pass moves nothing: only a shot has a preview."))
    game, position = state.game, state.position
    shot = Shot.from_id(action)
    after = game.play(replace(position, aimed=shot), Tremble.from_id(STEADY))
    report = after.report
    assert report is not None  # a shot was just played
    frames = np.asarray(report.frames)
    off = {event.counter for event in report.events if event.what == "off"}
    rests: list[Rest] = []
    for row, k in sorted(enumerate(report.rows), key=lambda rk: rk[1] != shot.counter):
        was, now = position.counters[k], after.counters[k]
        # Where the engine left it, before the rules sent it anywhere; one gone off the table
        # (parked below the floor) at the edge where it left.
        track = frames[:, row]
        gone = (track[:, 2] < -0.003) | ~game.setup.table.contains(track[:, 0], track[:, 1])
        x, y = (float(v) for v in track[int(np.argmax(gone)) - 1 if gone.any() else -1, :2])
        if k != shot.counter and now.place == was.place and np.hypot(
                x - was.pose[0], y - was.pose[1]) < STILL:
            continue
        place = "off" if k in off else now.place
        rests.append({"counter": state._counter_name(k), "x": seen(x), "y": seen(y),
                      "place": place})  # type: ignore[typeddict-item]
    return rests
