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
from ludotheque.games.jacquet.position import Stage
from ludotheque.games.jacquet.rules import CHECKERS, HALF_TRACK

#: The checkers on a point beyond the third, as a fraction: 12 more make 1.
_REST = CHECKERS - 3
#: The stages in the order of the ``stage`` field.
_STAGES = {Stage.LOT: 0, Stage.DICE: 1, Stage.MOVE: 2, Stage.WON: 3}


def _point_units(count: int) -> list[float]:
    """One side's checkers on one point: three units and the rest as a fraction."""
    return [float(count >= 1), float(count >= 2), float(count >= 3), max(count - 3, 0) / _REST]


def _point_table(observer: int) -> np.ndarray:
    """For each byte a cell may hold (a signed count, White's checkers positive), the point's
    units for the observer then for his opponent: indexed by the raw byte, the look-up needs
    no arithmetic on the cells."""
    table = np.zeros((256, 2, 4), np.float32)
    for byte in range(256):
        signed = byte - 256 if byte > 127 else byte
        mine = signed if observer == 0 else -signed
        table[byte, 0] = _point_units(max(mine, 0))
        table[byte, 1] = _point_units(max(-mine, 0))
    return table


#: Per observer: the byte table, and the cells of his points 1–24 in order (his point p is the
#: absolute index p - 1 + 12 × observer, modulo 24).
_TABLES = (_point_table(0), _point_table(1))
_ORDER = tuple(
    np.array([(p + HALF_TRACK * observer) % 24 for p in range(24)], np.intp) for observer in (0, 1)
)


def _dice_planes(dice: tuple[int, ...]) -> np.ndarray:
    """The dice left as a thermometer: row k marks the numbers with more than k dice left."""
    planes = np.zeros((4, 6), np.float32)
    for number in set(dice):
        planes[: dice.count(number), number - 1] = 1.0
    return planes


def _dice_left() -> dict[tuple[int, ...], np.ndarray]:
    """Every tuple of dice a position can have left to play (high die first, as the rules keep
    them), with its planes: few enough to make once."""
    tuples: set[tuple[int, ...]] = {()}
    for high in range(1, 7):
        for low in range(1, high + 1):
            if high == low:
                tuples.update((high,) * n for n in range(1, 5))
            else:
                tuples.update({(high, low), (high,), (low,)})
    return {dice: _dice_planes(dice) for dice in tuples}


_DICE = _dice_left()
#: The multiple a loser loses with his rearmost checker at index i of his points (1 to 24):
#: 5 in his first table, down to 2 in his fourth (rule "the multiple game").
_MULTIPLE_AT = np.array([5 - i // 6 for i in range(24)], np.intp)


class JacquetEncoding(Encoding):
    """Jacquet's observation, from the observer's seat: he is "me", the other "him"."""

    game: JacquetGame

    def __init__(self, game: JacquetGame) -> None:
        super().__init__(game)
        self._multiple = game.options["scoring"] == "multiple"
        fields = [
            Field("points", (2, 24, 4), 0, 1,
                  "my points 1–24: my checkers, then his; each ≥1, ≥2, ≥3, (n−3)/12"),
            Field("bar", (2,), 0, 1,
                  "checkers on the bar / 15: mine, his (dlp-summary only)"),
            Field("off", (2,), 0, 1, "checkers borne off / 15: mine, his"),
            Field("courier", (2,), 0, 1, "courier home (reached the fourth table): mine, his"),
            Field("turn", (2,), 0, 1,
                  "one-hot: whose dice (the winner once won): mine, his; none at the lot"),
            Field("stage", (4,), 0, 1, "one-hot: lot, dice rolling, move, won"),
            Field("dice", (4, 6), 0, 1, "dice left to play: row k marks numbers 1–6 with > k"),
        ]
        if self._multiple:
            fields.append(Field("stakes", (2, 5), 0, 1,
                                "one-hot 1–5: the games I would lose were he out now, "
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
        units = _TABLES[player][np.frombuffer(cells, np.uint8, 24)[_ORDER[player]]]
        # The layout reads side, then point: the look-up gives point, then side.
        out["points"][...] = units.transpose(1, 0, 2)
        # The counts off the board are never negative, so their bytes read as they are.
        bar, off, courier = out["bar"], out["off"], out["courier"]
        bar[0], bar[1] = cells[fast.BAR_AT + player] / 15, cells[fast.BAR_AT + him] / 15
        off[0], off[1] = cells[fast.OFF_AT + player] / 15, cells[fast.OFF_AT + him] / 15
        courier[0], courier[1] = cells[fast.COURIER_AT + player], cells[fast.COURIER_AT + him]
        stage = p.stage
        out["stage"][_STAGES[stage]] = 1
        if stage is not Stage.LOT:
            out["turn"][0 if p.to_move == player else 1] = 1
        if p.dice:
            out["dice"][...] = _DICE[p.dice]
        if self._multiple:
            stakes = out["stakes"]
            stakes[0, self._stake(cells, player, units[:, 0, 0]) - 1] = 1
            # His points 1–12 are my points 13–24, and his 13–24 my 1–12.
            his = units[:, 1, 0]
            stakes[1, self._stake(cells, him, np.concatenate((his[12:], his[:12]))) - 1] = 1

    @staticmethod
    def _stake(cells: bytes, loser: int, held: np.ndarray) -> int:
        """The multiple ``loser`` would lose now, ``held`` marking his points 1–24 that hold
        his checkers (rule "the multiple game")."""
        if cells[fast.OFF_AT + loser]:
            return 1
        if cells[fast.BAR_AT + loser]:
            return 5
        return int(_MULTIPLE_AT[int(held.argmax())])
