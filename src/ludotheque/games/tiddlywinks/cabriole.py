"""Cabriole ou Jeu de la puce (Mauclair-Dacier, Paris, c. 1900), rules I–XII.

>>> import ludotheque
>>> game = ludotheque.load_game("cabriole", players=4, camps=True)
>>> [game.side(p) for p in range(4)]  # «deux joueurs du même cam devront être éparés»
[0, 1, 0, 1]
"""

from __future__ import annotations

import math
from typing import ClassVar

from ludotheque.core.options import Option
from ludotheque.core.registry import register
from ludotheque.games.tiddlywinks.game import (
    HANDS_OPTION,
    LIMIT_OPTION,
    STAKES_MOST,
    START_MOST,
    TiddlywinksGame,
    cloth_option,
    end_option,
    lake_moment_option,
    rim_option,
)
from ludotheque.games.tiddlywinks.physics import CounterSpec, CupSpec
from ludotheque.games.tiddlywinks.table import Counter, Position


@register
class CabrioleGame(TiddlywinksGame):
    name = "cabriole"
    doc = "cabriole"
    info = TiddlywinksGame.info_of(
        title="Cabriole ou Jeu de la puce",
        date="c. 1900",
        source="Mauclair-Dacier (M. D. Paris), «CABRIOLE OU JEU DE LA PUCE», «Nouvelle jeu de "
        "Societé», rules folded into the wooden container «La Puce»; Tucker Tiddlywinks "
        "Collection MDP-01",
    )
    #: «Dimensions • 2 1/8″ in diameter by 2″ high»: the container is the cup. Wall and base
    #: are assumed (study §1.1).
    CUP = CupSpec(diameter=0.054, height=0.0508, wall=0.004, base=0.005)
    #: «The winks appear to be made of vegetable ivory»: 1.40 g/cm³; 16 × 2 mm is assumed.
    COUNTER = CounterSpec(diameter=0.016, thickness=0.002, density=1400.0)
    #: III: «un cercle de 12 c/m environ de diamètre».
    LAKE_RADIUS = 0.06
    COVERING_RULE = "Cabriole XI"
    RULE_NAMES: ClassVar[dict[str, str]] = {
        "cup": "the cup", "dead": "lost in the lake", "open": "no touching",
        "touch": "no touching", "reach": "reach", "line": "from the line first",
        "covered": "covered", "due": "back to the start line (lake)",
        "press": "another shot after a pot",
    }
    OPTIONS = (
        Option("players", int, 2, (2, 3, 4, 5, 6),
               source="I: «Ce jeu peut être joué par un nombre quelconque de joueurs.»",
               help="how many play, each with his own colour"),
        Option("camps", bool, False,
               source="I: «Si le nombre de ceux-ci est pair … on fera bien de former deux camps "
               "en s’associant à deux ou à trois»",
               help="two camps seated alternately (4 or 6 players)"),
        Option("counters", int, 4, (4, 5, 6),
               source="V: «Chacun reçoit 4, 5 ou 6 petits jetons d’une couleur distincte»",
               help="small counters each player has to pot"),
        Option("table", str, "round", ("round", "square"),
               source="II: «une table quelconque, ronde de préférence»",
               help="a round table 90 cm across, or a square one 76 cm a side"),
        Option("start", float, 3.5, minimum=1.0, maximum=START_MOST,
               source="VI: «à une distance du bord de la table équivalant au diamètre d’un "
               "grand jeton, soit 3½ centimètres»",
               help="the start line's distance from the table's edge, cm (a circle round the "
               "cup on any table)"),
        cloth_option("II: «il est essentiel qu’elle soit recouverte d’un tapis très épais, ou de "
                     "deux tapis superposés»"),
        Option("lake", str, "return", ("return", "lost"),
               source="IX: «doit retourner à la ligne de départ … On peut convenir toutefois que "
               "tout jeton qui tombera dans le lac sera irrévocablement perdu»",
               help="return = a counter in the lake goes back to the start line; lost = it is "
               "dead, and its owner pays a fine"),
        Option("fine", float, 1.0, minimum=0.0, maximum=STAKES_MOST,
               source="IX: «Son propriétaire paiera à la poule une amende convenue d’avance»",
               help="stakes paid into the pool per counter lost in the lake (lake=lost)"),
        Option("price", float, 1.0, minimum=0.0, maximum=STAKES_MOST,
               source="VIII: «la somme convenue d’avance pour chaque jeton que ceux-ci ont "
               "encore hors de la coupe»",
               help="stakes each loser pays per counter of his still out of the cup"),
        Option("reach", float, 60.0, minimum=10.0, maximum=200.0,
               source="XII: «on ne doit sous aucun pretexte quitter sa place»",
               help="how far from his seat a player reaches, cm (camps only)"),
        end_option("IX: «ce sera alors le joueur ou le camp qui aura mis le plus grand nombre de "
                   "jetons dans la coupe qui gagnera la poule»"),
        lake_moment_option("IX: «Tout jeton qui tombe dans le lac … il suffit qu’il y soit entré "
                           "dans une proportion quelconque»"),
        rim_option("III: «L’espace situé entre ce cercle et la coupe figurera un lac»; the rim is "
                   "not spoken of"),
        HANDS_OPTION,
        LIMIT_OPTION,
    )

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
        return self.options["price"]

    def off_table(self, position: Position, counter: int, edge: tuple[float, float],
                  taken: list[tuple[float, float]]) -> Counter:
        # X: «Tout jeton qui roule hors de la table retourne à la ligne de départ».
        return self.back_to_line(counter, taken)
