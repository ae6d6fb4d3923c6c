"""Jacquet for learning code: the whole position as one tensor, seen from the seat that observes.

Nothing is hidden, so the observation is the position itself, written in the observer's terms:
the board by *his* points 1–24 (his talon first, his fourth table last), his checkers and then
his opponent's on each, as TD-Gammon and OpenSpiel's backgammon encode a point (one unit for
each of the first three checkers, the rest as a fraction); then the bar, the checkers borne off
and the courier, his then the opponent's; whose turn, the stage, and the dice left to play. Both
``granularity`` values share it; ``scoring=multiple`` adds what each would lose now.

It is written from the position's compact cells (:mod:`~ludotheque.games.jacquet.fast`) with a
few table look-ups, so that an observation costs a fraction of a move.

>>> import ludotheque
>>> import numpy as np
>>> game = ludotheque.load_game("jacquet")
>>> encoding = game.manifest.encode(game)
>>> encoding.observation.size
228
>>> state = game.new_initial_state()
>>> for move in ["white first", "6-5", "1/7"]:
...     state.apply_action(state.string_to_action(move))
>>> layout, flat = encoding.observation, np.zeros(encoding.observation.size, np.float32)
>>> out = {f.name: flat[slice(*layout.offsets()[f.name])].reshape(f.shape)
...        for f in layout.fields}
>>> encoding.observe(state, 1, out)
>>> out["points"][1, :, 0].nonzero()[0] + 1  # White's checkers, on Black's points
array([13, 19])
>>> out["dice"][0].nonzero()[0] + 1, out["turn"]  # the 5 left, to White: not Black's turn
(array([5]), array([0., 1.], dtype=float32))
"""

from __future__ import annotations

import numpy as np

from ludotheque.core.encoding import Encoding, Field, Fields, Layout
from ludotheque.core.game import State
from ludotheque.games.jacquet import fast
from ludotheque.games.jacquet.game import JacquetGame, JacquetState
from ludotheque.games.jacquet.position import LOT, Stage
from ludotheque.games.jacquet.rules import CHECKERS, HALF_TRACK

#: The checkers on a point beyond the third, as a fraction: 12 more make 1.
_REST = CHECKERS - 3
#: The stages in the order of the ``stage`` field.
_STAGES = {Stage.LOT: 0, Stage.DICE: 1, Stage.MOVE: 2, Stage.WON: 3}


def _point_units(count: int) -> list[float]:
    """One side's checkers on one point: three units and the rest as a fraction."""
    return [float(count >= 1), float(count >= 2), float(count >= 3), max(count - 3, 0) / _REST]


def _signed(byte: int) -> int:
    """The count a cell's byte holds: White's checkers positive, Black's negative."""
    return byte - 256 if byte > 127 else byte


def _units(observer: int) -> np.ndarray:
    """For each byte a cell may hold, the point's units for the observer (row 0) and for his
    opponent (row 1): indexed by the raw byte, the look-up needs no arithmetic on the cells."""
    table = np.zeros((2, 256, 4), np.float32)
    for byte in range(256):
        mine = _signed(byte) if observer == 0 else -_signed(byte)
        table[0, byte] = _point_units(max(mine, 0))
        table[1, byte] = _point_units(max(-mine, 0))
    return table


#: Per observer, the units of a point by its byte.
_UNITS = (_units(0), _units(1))
#: Per seat, bytes.translate's table marking the bytes that hold that seat's checkers.
_HELD = tuple(
    bytes(int(_signed(byte) * (1 - 2 * seat) > 0) for byte in range(256)) for seat in (0, 1)
)


def _points_of(cells: bytes, seat: int) -> bytes:
    """The cells of ``seat``'s points 1 to 24 in order: his point p is the absolute index
    p - 1 + 12 × seat, modulo 24."""
    return cells[:24] if seat == 0 else cells[HALF_TRACK:24] + cells[:HALF_TRACK]


def _dice_planes(dice: tuple[int, ...]) -> np.ndarray:
    """The dice left as a thermometer: row k marks the numbers with more than k dice left."""
    planes = np.zeros((4, 6), np.float32)
    for number in set(dice):
        planes[: dice.count(number), number - 1] = 1.0
    return planes


def _dice_left() -> dict[tuple[int, ...], np.ndarray]:
    """Every tuple of dice a position can have left to play, with its planes: few enough to
    make once. Play keeps the high die first, but a position read from notation keeps the
    order it was written in, so both orders are there."""
    tuples: set[tuple[int, ...]] = {()}
    for high in range(1, 7):
        for low in range(1, high + 1):
            if high == low:
                tuples.update((high,) * n for n in range(1, 5))
            else:
                tuples.update({(high, low), (low, high), (high,), (low,)})
    return {dice: _dice_planes(dice) for dice in tuples}


_DICE = _dice_left()


class JacquetEncoding(Encoding):
    """Jacquet's observation, from the observer's seat: he is "me", the other "him".

    His point 1 is his talon (*talon*), 19–24 his fourth table; the courier (*courrier*) is his
    first checker to reach that table; under ``scoring=multiple`` the stakes are the multiple
    game's (*partie simple, double … quintuple*).
    """

    game: JacquetGame

    def __init__(self, game: JacquetGame) -> None:
        super().__init__(game)
        self._multiple = game.options["scoring"] == "multiple"
        fields = [
            Field("points", (2, 24, 4), 0, 1,
                  "my points 1–24: my checkers, then his; each ≥1, ≥2, ≥3, (n−3)/12"),
            Field("bar", (2,), 0, 1, "checkers on the bar / 15: mine, his (dlp-summary only)"),
            Field("off", (2,), 0, 1, "checkers borne off / 15: mine, his"),
            Field("courier", (2,), 0, 1, "courier home in the fourth table: mine, his"),
            Field("turn", (2,), 0, 1,
                  "one-hot: whose turn (the winner once won): me, him; none at the lot"),
            Field("stage", (4,), 0, 1, "one-hot: lot, dice rolling, move, won"),
            Field("dice", (4, 6), 0, 1,
                  "dice left to play: row k (0–3) marks each number 1–6 left more than k times"),
        ]
        if self._multiple:
            fields.append(Field("stakes", (2, 5), 0, 1,
                                "one-hot 1–5: the multiple I would lose were the game over now, "
                                "then he"))
        self._layout = Layout(tuple(fields))

    @property
    def observation(self) -> Layout:
        return self._layout

    def observe(self, state: State, player: int, out: Fields) -> None:
        assert isinstance(state, JacquetState)
        p = state.position
        cells = p.cells
        him = 1 - player
        # One look-up writes both sides of all 24 points (mode "wrap" skips numpy's bounds
        # buffer: a byte is always a valid row).
        mine = _points_of(cells, player)
        _UNITS[player].take(np.frombuffer(mine, np.uint8), 1, out["points"], "wrap")
        # The counts off the board are never negative, so their bytes read as they are.
        bar, off, courier = out["bar"], out["off"], out["courier"]
        bar[0], bar[1] = cells[fast.BAR_AT + player] / 15, cells[fast.BAR_AT + him] / 15
        off[0], off[1] = cells[fast.OFF_AT + player] / 15, cells[fast.OFF_AT + him] / 15
        courier[0], courier[1] = cells[fast.COURIER_AT + player], cells[fast.COURIER_AT + him]
        stage = p.stage
        out["stage"][_STAGES[stage]] = 1
        if stage is not LOT:
            out["turn"][0 if p.to_move == player else 1] = 1
        if p.dice:
            out["dice"][...] = _DICE[p.dice]
        if self._multiple:
            stakes = out["stakes"]
            stakes[0, _stake(cells, player, mine) - 1] = 1
            stakes[1, _stake(cells, him, _points_of(cells, him)) - 1] = 1


def _stake(cells: bytes, loser: int, points: bytes) -> int:
    """The multiple ``loser`` would lose now, ``points`` being the cells of his points 1–24
    (rule "the multiple game": 1 with a checker off, else 5 down to 2 by the table of his
    rearmost checker, the bar counting as the first)."""
    if cells[fast.OFF_AT + loser]:
        return 1
    if cells[fast.BAR_AT + loser]:
        return 5
    return 5 - points.translate(_HELD[loser]).find(1) // 6
