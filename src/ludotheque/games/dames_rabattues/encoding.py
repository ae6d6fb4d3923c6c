"""Dames rabattues for learning code: the whole position as one tensor, seen from the seat that
observes.

Nothing is hidden and every move is forced, so the observation is the position itself in the
observer's terms: his six piles and then his opponent's, what is left on each point as one unit
per checker (at most three), and whether each side is raising (*lever*) rather than knocking
down (*rabattre*); who has the dice, the stage of the turn, and the throws so far against the
game's ``limit``. No option changes its shape.

>>> import ludotheque
>>> import numpy as np
>>> game = ludotheque.load_game("dames-rabattues")
>>> encoding = game.manifest.encode(game)
>>> encoding.observation.size
45
>>> state = game.new_initial_state()
>>> for move in ["white first", "throw", "6-1"]:
...     state.apply_action(state.string_to_action(move))
>>> layout, flat = encoding.observation, np.zeros(encoding.observation.size, np.float32)
>>> out = {f.name: flat[slice(*layout.offsets()[f.name])].reshape(f.shape)
...        for f in layout.fields}
>>> encoding.observe(state, 1, out)
>>> out["piles"][1].sum(axis=1)  # White's k011221, seen by Black as his opponent's
array([0., 1., 1., 2., 2., 1.], dtype=float32)
>>> out["turn"], out["stage"]  # Black to throw
(array([1., 0.], dtype=float32), array([0., 1., 0., 0.], dtype=float32))
"""

from __future__ import annotations

import numpy as np

from ludotheque.core.encoding import Encoding, Field, Fields, Layout
from ludotheque.core.game import State
from ludotheque.games.dames_rabattues.game import DamesRabattuesGame, DamesRabattuesState
from ludotheque.games.dames_rabattues.position import Stage
from ludotheque.games.dames_rabattues.rules import PILES, Phase

#: The stages in the order of the ``stage`` field.
_STAGES = {Stage.LOT: 0, Stage.THROW: 1, Stage.DICE: 2, Stage.WON: 3}
#: A point's checkers left as units, by their count: row n has n ones.
_UNITS = np.tril(np.ones((max(PILES) + 1, max(PILES)), np.float32), -1)


class DamesRabattuesEncoding(Encoding):
    """Dames rabattues' observation, from the observer's seat: he is "me", the other "him"."""

    game: DamesRabattuesGame

    def __init__(self, game: DamesRabattuesGame) -> None:
        super().__init__(game)
        self._limit: int = game.options["limit"]
        self._layout = Layout((
            Field("piles", (2, 6, 3), 0, 1,
                  "my points 1–6, then his: checkers left to knock down or raise, ≥1, ≥2, ≥3"),
            Field("raising", (2,), 0, 1, "raising (lever), not knocking down: me, him"),
            Field("turn", (2,), 0, 1,
                  "one-hot: who has the dice (the winner once won): me, him; none at the lot"),
            Field("stage", (4,), 0, 1, "one-hot: lot, to throw, dice rolling, won"),
            Field("throws", (1,), 0, 1, "throws so far / the limit"),
        ))

    @property
    def observation(self) -> Layout:
        return self._layout

    def observe(self, state: State, player: int, out: Fields) -> None:
        assert isinstance(state, DamesRabattuesState)
        p = state.position
        mine, his = p.sides[player], p.sides[1 - player]
        # One look-up writes both sides' six points (mode "wrap" skips numpy's bounds buffer:
        # a count is always a valid row).
        _UNITS.take((mine.left, his.left), 0, out["piles"], "wrap")
        raising = out["raising"]
        raising[0] = mine.phase is Phase.RAISE
        raising[1] = his.phase is Phase.RAISE
        stage = p.stage
        out["stage"][_STAGES[stage]] = 1
        if stage is not Stage.LOT:
            out["turn"][0 if p.to_throw == player else 1] = 1
        # The limit counts decisions, and each decision is a throw: a game stopped there has
        # thrown exactly ``limit`` times.
        out["throws"][0] = min(p.throws / self._limit, 1.0)
