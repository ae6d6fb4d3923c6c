"""Cabriole ou Jeu de la puce (Mauclair-Dacier, Paris, c. 1900), rules I–XII.

>>> import ludotheque
>>> game = ludotheque.load_game("cabriole", players=4, camps=True)
>>> [game.side(p) for p in range(4)]  # «deux joueurs du même cam devront être éparés»
[0, 1, 0, 1]
"""

from __future__ import annotations

import math
from typing import ClassVar

from ludotheque.core.i18n import N_
from ludotheque.games.tiddlywinks import CABRIOLE
from ludotheque.games.tiddlywinks.game import TiddlywinksGame
from ludotheque.games.tiddlywinks.physics import CounterSpec, CupSpec
from ludotheque.games.tiddlywinks.table import Counter, Position


class CabrioleGame(TiddlywinksGame):
    manifest = CABRIOLE
    #: «Dimensions • 2 1/8″ in diameter by 2″ high»: the container is the cup. Wall and base
    #: are assumed (study §1.1).
    CUP = CupSpec(diameter=0.054, height=0.0508, wall=0.004, base=0.005)
    #: «The winks appear to be made of vegetable ivory»: 1.40 g/cm³; 16 × 2 mm is assumed.
    COUNTER = CounterSpec(diameter=0.016, thickness=0.002, density=1400.0)
    #: III: «un cercle de 12 c/m environ de diamètre».
    LAKE_RADIUS = 0.06
    COVERING_RULE = N_("Cabriole XI")
    RULE_NAMES: ClassVar[dict[str, str]] = {
        "cup": N_("the cup"), "dead": N_("lost in the lake"), "open": N_("no touching"),
        "touch": N_("no touching"), "reach": N_("reach"), "line": N_("from the line first"),
        "covered": N_("covered"), "due": N_("back to the start line (lake)"),
        "press": N_("another shot after a pot"), "again": N_("another shot after a pot"),
        "off": N_("back to the start line (off the table)"),
    }

    def side(self, player: int) -> int:
        # I: «deux joueurs du même cam devront être éparés par un joueur du camp opposé».
        return player % 2 if self.options["camps"] else player

    def may_play(self, position: Position, player: int, counter: int) -> bool:
        owner = position.counters[counter].owner
        if not self.options["camps"]:
            return owner == player
        if self.side(owner) != self.side(player):
            return False
        # XII: «quand un joueur ne peut atteindre … un jeton lui appartenant, il doit laisser
        # à l’un de ses partenaires le soin de le jouer». One no one in the camp can reach
        # falls to whoever of the camp sits nearest.
        where = position.counters[counter].pose[:2]
        camp = [p for p in range(self.num_players()) if self.side(p) == self.side(player)]
        reach = self.options["reach"] / 100
        distance = {p: math.dist(self.seat_point(p), where) for p in camp}
        if distance[player] <= reach:
            return True
        return not any(d <= reach for d in distance.values()) and distance[player] == min(
            distance.values()
        )

    def lake_rule(self) -> str:
        return "dead" if self.options["lake"] == "lost" else "return"

    def fine(self) -> float:
        return self.options["fine"] if self.options["lake"] == "lost" else 0.0

    def price(self) -> float:
        price: float = self.options["price"]
        return price

    def off_table(self, position: Position, counter: int, edge: tuple[float, float],
                  taken: list[tuple[float, float]]) -> Counter:
        # X: «Tout jeton qui roule hors de la table retourne à la ligne de départ».
        return self.back_to_line(counter, taken)
