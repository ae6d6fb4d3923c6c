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

from ludotheque.core.options import Option
from ludotheque.core.registry import register
from ludotheque.games.tiddlywinks.game import (
    FLAT,
    HANDS_OPTION,
    INCH,
    LIMIT_OPTION,
    STAKES_MOST,
    START_MOST,
    TiddlywinksGame,
    cloth_option,
    end_option,
    lake_moment_option,
    rim_option,
)
from ludotheque.games.tiddlywinks.physics import READINGS, CounterSpec, CupSpec
from ludotheque.games.tiddlywinks.table import Counter, Position


@register
class HorsmanGame(TiddlywinksGame):
    name = "tiddledy-winks"
    doc = "tiddledy-winks"
    info = TiddlywinksGame.info_of(
        title="Tiddledy Winks",
        date="c. 1890",
        source="E. I. Horsman, New York, «The New Round Game. TIDDLEDY WINKS», directions, "
        "with the footnote and Variations I–III",
    )
    #: «Fine Edition, with Bone cup»: its size is not given; the 1959 English pot (1⅞ in
    #: across, 1½ in high) is assumed, with a 3 mm wall of bone.
    CUP = CupSpec(diameter=0.0476, height=0.0381, wall=0.003, base=0.004)
    #: Bone counters (1.9 g/cm³); 16 × 2 mm is assumed.
    COUNTER = CounterSpec(diameter=0.016, thickness=0.002, density=1900.0)
    #: «a ring about four inches diameter».
    LAKE_RADIUS = 2 * 0.0254
    LAKE_WORD = "ring"
    RULE_NAMES: ClassVar[dict[str, str]] = {
        "cup": "the cup", "dead": "Variation I", "open": "Variation III",
        "touch": "no touching, no covering on purpose", "reach": "players and partners",
        "line": "from the line first", "covered": "covered", "due": "Variation II",
        "press": "the counters",
    }
    COVERING_RULE = "Horsman: «A player may not intentionally cover his opponent's counters»"
    OPTIONS = (
        Option("players", int, 2, (2, 3, 4, 5, 6),
               source="«may be played by any number of people (two, or four in partnership is "
               "best)»",
               help="how many play, each with his own colour"),
        Option("partners", bool, False,
               source="«Partners sit opposite as at whist, and may play with each other's "
               "counters.»",
               help="partners sit opposite and may play each other's counters (4 or 6 players)"),
        Option("counters", int, 4, (4, 6),
               source="«four or six small counters of the same color and one large one»",
               help="small counters each player has to pot"),
        Option("table", str, "square", ("square", "round"),
               source="«on any card or similar small table»",
               help="a card table 76 cm a side, or a round table 90 cm across"),
        Option("start", float, 8.0, minimum=1.0, maximum=START_MOST,
               source="«place their counters in line in front of them at any equal distance "
               "round the table from the cup»",
               help="the start line's distance from the table's edge, cm"),
        cloth_option("«on any card or similar small table, with a thick cloth on»"),
        Option("variation", str, "none", ("none", "I", "II", "III"),
               source="«By marking on the cloth with a piece of French chalk a ring about four "
               "inches diameter … the game may also be played with the following variations»",
               help="the chalk ring: I dead, II back to the start, III others may play it"),
        Option("played_out", str, "next-turn", ("next-turn", "any-time"),
               source="II: «must be returned to its proper starting point, and played out by "
               "the player at his next turn»",
               help="under Variation II, a counter sent back must be its owner's next shot, or "
               "is played when he likes"),
        Option("ring", str, "wholly", READINGS,
               source="«Any counter falling within this ring»",
               help="any-part = some of the counter lies inside the chalk line (Cabriole IX's "
               "reading); centre = its centre does; wholly = all of it does"),
        end_option("I: «the winner to be the player who gets the most counters into the cup»"),
        Option("turn", str, "until-miss", ("until-miss", "every-shot"),
               source="«is entitled to play again … and so on until he fails.* … * The game may "
               "also be played by the turn passing on after each shot»",
               help="until-miss = a pot earns another shot; every-shot = the turn passes after "
               "each shot"),
        Option("forfeits", bool, False,
               source="«if agreed beforehand, may claim as forfeits all the counters then on the "
               "cloth, and be paid by the respective owners of the same»",
               help="the winner is also paid for every counter the others still have on the "
               "cloth"),
        Option("price", float, 1.0, minimum=0.0, maximum=STAKES_MOST,
               source="«be paid by the respective owners of the same»",
               help="stakes paid per forfeited counter (forfeits=true)"),
        lake_moment_option("«Any counter falling within this ring»"),
        rim_option("«placing the cup in the centre»; the rim is not spoken of"),
        HANDS_OPTION,
        LIMIT_OPTION,
    )

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
        return self.options["ring"]

    def lake_rule(self) -> str | None:
        return {"none": None, "I": "dead", "II": "return", "III": "open"}[
            self.options["variation"]
        ]

    def price(self) -> float:
        return self.options["price"] if self.options["forfeits"] else 0.0

    def due_next_turn(self) -> bool:
        return self.options["variation"] == "II" and self.options["played_out"] == "next-turn"

    def passes_after_every_shot(self) -> bool:
        return self.options["turn"] == "every-shot"

    def off_table(self, position: Position, counter: int, edge: tuple[float, float],
                  taken: list[tuple[float, float]]) -> Counter:
        # «Should a counter roll off the table, it is to be replaced one inch from the edge,
        # where it fell off»; inward again by a counter's width while the spot is taken.
        x, y = edge
        if self.setup.table.shape == "round":
            nx, ny = -x / self.setup.table.size, -y / self.setup.table.size
        elif abs(abs(x) - self.setup.table.size) < 1e-9:
            nx, ny = -math.copysign(1.0, x), 0.0
        else:
            nx, ny = 0.0, -math.copysign(1.0, y)
        c = position.counters[counter]
        t = self.COUNTER.thickness
        for step in range(12):
            inward = INCH + step * (self.COUNTER.diameter + 0.002)
            spot = (x + nx * inward, y + ny * inward)
            if self._free(spot, taken):
                break
        return Counter(c.owner, "cloth", (*spot, t / 2, *FLAT))
