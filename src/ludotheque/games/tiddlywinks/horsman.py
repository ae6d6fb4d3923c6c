"""Tiddledy Winks (E. I. Horsman, New York, c. 1890): the directions, the footnote, and the
three variations with a chalk ring.

>>> import ludotheque
>>> game = ludotheque.load_game("tiddledy-winks", players=4, partners=True)
>>> [game.side(p) for p in range(4)]  # «Partners sit opposite as at whist»
[0, 1, 0, 1]
"""

from __future__ import annotations

import math
from typing import Any, ClassVar

from ludotheque.core.i18n import N_
from ludotheque.games.tiddlywinks import TIDDLEDY_WINKS
from ludotheque.games.tiddlywinks.game import INCH, TiddlywinksGame
from ludotheque.games.tiddlywinks.physics import CounterSpec, CupSpec
from ludotheque.games.tiddlywinks.table import FLAT, Counter, Position


class HorsmanGame(TiddlywinksGame):
    manifest = TIDDLEDY_WINKS
    #: «Fine Edition, with Bone cup»: its size is not given; the 1959 English pot (1⅞ in
    #: across, 1½ in high) is assumed, with a 3 mm wall of bone.
    CUP = CupSpec(diameter=0.0476, height=0.0381, wall=0.003, base=0.004)
    #: Bone counters (1.9 g/cm³); 16 × 2 mm is assumed.
    COUNTER = CounterSpec(diameter=0.016, thickness=0.002, density=1900.0)
    #: «a ring about four inches diameter».
    LAKE_RADIUS = 2 * 0.0254
    LAKE_WORD = N_("ring")
    RULE_NAMES: ClassVar[dict[str, str]] = {
        "cup": N_("the cup"), "dead": N_("Variation I"), "open": N_("Variation III"),
        "touch": N_("no touching, no covering on purpose"), "reach": N_("players and partners"),
        "line": N_("from the line first"), "covered": N_("covered"), "due": N_("Variation II"),
        "press": N_("the counters"), "again": N_("another shot after a pot"),
        "off": N_("off the table"),
    }
    COVERING_RULE = N_("Horsman: «A player may not intentionally cover his opponent's "
                       "counters»")

    def side(self, player: int) -> int:
        if not self.options["partners"]:
            return player
        return player % (self.num_players() // 2)

    def may_play(self, position: Position, player: int, counter: int) -> bool:
        return self.side(position.counters[counter].owner) == self.side(player)

    def lake_radius(self) -> float:
        return self.LAKE_RADIUS if self.options["variation"] != "none" else 0.0

    @classmethod
    def upgrade_options(cls, options: dict[str, Any], version: int) -> dict[str, Any]:
        # Records of format 1 were played when "within this ring" meant any part inside.
        if version < 2:
            options.setdefault("ring", "any-part")
        return options

    def ring_reading(self) -> str:
        # Rule "the ring": «Any counter falling within this ring» — by default all of it inside
        # the chalk line; Horsman has no sentence like Cabriole IX's «dans une proportion
        # quelconque» to stretch "within" to a counter lying across it.
        ring: str = self.options["ring"]
        return ring

    def lake_rule(self) -> str | None:
        return {"none": None, "I": "dead", "II": "return", "III": "open"}[
            self.options["variation"]
        ]

    def price(self) -> float:
        return self.options["price"] if self.options["forfeits"] else 0.0

    def due_next_turn(self) -> bool:
        due: bool = self.options["variation"] == "II" and self.options["played_out"] == "next-turn"
        return due

    def passes_after_every_shot(self) -> bool:
        every_shot: bool = self.options["turn"] == "every-shot"
        return every_shot

    def off_table(self, position: Position, counter: int, edge: tuple[float, float],
                  taken: list[tuple[float, float]]) -> Counter:
        # «Should a counter roll off the table, it is to be replaced one inch from the edge,
        # where it fell off»; inward again by a counter's width while the spot is taken. Over a
        # square table's corner it fell off two edges, and is put back an inch from each: an
        # inch along one only would leave it on the other, half over the floor.
        x, y = edge
        size = self.setup.table.size
        if self.setup.table.shape == "round":
            nx, ny = -x / size, -y / size
        else:
            nx, ny = (-math.copysign(1.0, v) if abs(abs(v) - size) < 1e-9 else 0.0 for v in edge)
        c = position.counters[counter]
        t = self.COUNTER.thickness
        for step in range(12):
            inward = INCH + step * (self.COUNTER.diameter + 0.002)
            spot = (x + nx * inward, y + ny * inward)
            if self._free(spot, taken):
                break
        return Counter(c.owner, "cloth", (*spot, t / 2, *FLAT))
