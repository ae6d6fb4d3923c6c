"""Crypto-90 (Éditions Edmond Dujardin): rows of numbered cards put in order, with fakirs."""

from ludotheque.core.cards import SEATING
from ludotheque.core.i18n import N_
from ludotheque.core.manifest import GameInfo, Manifest
from ludotheque.core.options import Option, limit_option
from ludotheque.games.crypto90.rules import TENS

#: The ``limit`` (not a rule): ten times the longest of 100 games between random players
#: (15,064 decisions since every turn ends with a decision; docs/rules/crypto-90.md).
LIMIT = 150_000

INFO = GameInfo(
    title="Crypto-90",
    # Undated; the cards are the départements' numbers on number plates before 1968.
    date=N_("before 1968"),
    source="Edmond Dujardin, Crypto-90, « Un nouveau \"JEU DE NOTRE TEMPS\" », rules "
    "leaflet, Éditions Edmond Dujardin, Arcachon (undated)",
    min_players=2,
    max_players=4,
    seat_names=SEATING[4],
    perfect_information=False,
    zero_sum=False,
    min_utility=0.0,
    max_utility=10_000.0,
)

OPTIONS = (
    Option(
        "players",
        int,
        2,
        (2, 3, 4),
        source="«A deux ou à trois, on utilise les 96 cartes. A quatre, chacun pour soi, "
        "retirer 2 fakirs du jeu.»",
        help=N_("two, three or four players, each for himself"),
        label=N_("players"),
    ),
    Option(
        "laying",
        str,
        "chosen",
        ("chosen", "at once"),
        source="«sa carte en main, qui ne doit être abattue qu'au dernier moment»; «le "
        "joueur qui aurait en main la carte lui permettant de parachever sa rangée de neuf "
        "cartes, serait quand même gagnant»",
        help=N_("chosen = a player whose nine are in order may keep the ninth card in hand and "
                "lay it on a later turn; at once = he lays it and wins at the end of his turn"),
        label=N_("laying the ninth card"),
        words=(("chosen", N_("when he chooses")), ("at once", N_("at once"))),
    ),
    Option(
        "received_fakir",
        str,
        "first chance",
        ("first chance", "free"),
        source="«Celui qui reçoit ainsi un fakir s'en débarrassera à la première occasion "
        "comme si c'était une carte ordinaire.»",
        help=N_("first chance = a player with a fakir in his row must put the next card he "
                "exchanges in its place; free = he exchanges as he likes"),
        label=N_("received fakir"),
        words=(("first chance", N_("at the first chance")), ("free", N_("free"))),
    ),
    Option(
        "tens",
        str,
        TENS[0],
        TENS,
        source="«Les neuf dizaines (jeu gagnant dont les neuf cartes appartiennent chacune et "
        "dans l'ordre à des dizaines différentes)»; «une carte de chaque dizaine»",
        help=N_("deck = the deck's nine tens 01–10, 11–20, … 81–90; digit = by the tens "
                "digit, 01–09, 10–19, … 80–89 and 90 (written 1-10 and 0-9 before OpenSpiel's "
                "game strings, which read them as numbers)"),
        label=N_("the nine tens"),
        words=(("deck", N_("01–10, 11–20, … 81–90")), ("digit", N_("by the tens digit"))),
        synonyms=(("1-10", "deck"), ("0-9", "digit")),
    ),
    Option(
        "turned_fakir",
        str,
        "dealer",
        ("dealer", "pile"),
        source="the leaflet is silent; its Crypto géographique: «Tout joueur ayant reçu ou "
        "tiré un Fakir doit immédiatement l'exposer… et tirer une carte de remplacement»",
        help=N_("dealer = a fakir turned up to begin the pile is the dealer's, set aside, and "
                "the next card is turned up; pile = it begins the pile, where nobody may take "
                "it"),
        label=N_("fakir turned up"),
        words=(("dealer", N_("the dealer's")), ("pile", N_("stays on the pile"))),
    ),
    Option(
        "goal",
        str,
        "points",
        ("points", "rounds"),
        source="«La partie se joue en 1.000 points (ou autre nombre à convenir). Elle peut "
        "aussi se jouer en 3 manches (ou autre nombre à convenir).»",
        help=N_("points = the game ends after the round in which a player reaches the points; "
                "rounds = after a number of rounds"),
        label=N_("game played in"),
        words=(("points", N_("points")), ("rounds", N_("rounds"))),
    ),
    Option(
        "points",
        int,
        1000,
        source="«La partie se joue en 1.000 points (ou autre nombre à convenir)»",
        help=N_("the points that end the game (goal=points)"),
        label=N_("points"),
        presets=(500, 2000),
        minimum=1,
        # «autre nombre à convenir»: a hundred times the leaflet's game is as far as any
        # table would agree, and keeps every total a plain float.
        maximum=100_000,
    ),
    Option(
        "rounds",
        int,
        3,
        source="«Elle peut aussi se jouer en 3 manches (ou autre nombre à convenir)»",
        help=N_("the rounds the game lasts (goal=rounds)"),
        label=N_("rounds"),
        minimum=1,
        maximum=100,
    ),
    limit_option(LIMIT, N_("the points stand as they are")),
)

MANIFEST = Manifest(
    "crypto-90",
    INFO,
    rules="ludotheque.games.crypto90.game:Crypto90Game",
    options=OPTIONS,
    aliases=("crypto90",),
    view="ludotheque.games.crypto90.view:Crypto90View",
    render="ludotheque.games.crypto90.render:render",
    heuristic="ludotheque.games.crypto90.heuristic:judge",
    players={
        "lookahead": "ludotheque.games.crypto90.players:LOOKAHEAD",
        "ismcts": "ludotheque.games.crypto90.players:ISMCTS",
    },
    details="ludotheque.games.crypto90.game:tally",
    hint="ludotheque.games.crypto90.players:HINT",
    encoding="ludotheque.games.crypto90.encoding:Crypto90Encoding",
    told="ludotheque.games.crypto90.howto:told",
)
