"""Crypto géographique (Éditions Edmond Dujardin): the map of France as a card game.

Two rule sets: the combinations game (``game.py``) and the leaflet's «autre règle», a chain of
touching départements (``chain.py``), sharing one rules doc.
"""

from dataclasses import replace

from ludotheque.core.cards import SEATING
from ludotheque.core.i18n import N_
from ludotheque.core.manifest import GameInfo, Manifest
from ludotheque.core.options import Option, limit_option

#: Rule "the combinations", as the option ``groups`` reads it: a combination is any connected
#: group of touching départements, or a chain, each touching the next.
CONNECTED, CHAIN = "connected", "chain"
GROUPS = (CONNECTED, CHAIN)
#: What a person may ask of either rule set's map.
MAP_QUESTIONS = (
    ("? Somme, ? 80", N_("the départements that touch one, asked by name or number")),
)

#: The ``limit`` (not a rule): ten times the longest of 40 games between random players
#: (4,335 decisions; docs/rules/crypto-geographique.md).
COMBINATIONS_LIMIT = 50_000


COMBINATIONS_INFO = GameInfo(
    title="Crypto géographique",
    date=N_("before 1968"),
    source="Edmond Dujardin, Crypto-90 leaflet, « Règles du CRYPTO GEOGRAPHIQUE », "
    "Éditions Edmond Dujardin, Arcachon (undated)",
    min_players=2,
    max_players=5,
    seat_names=SEATING[5],
    perfect_information=False,
    zero_sum=False,
    min_utility=0.0,
    max_utility=10_000.0,
)

COMBINATIONS_OPTIONS = (
    Option(
        "players",
        int,
        2,
        (2, 3, 4, 5),
        source="«On peut jouer à 2, 3, 4 ou 5 chacun pour soi, ou à 4 en deux équipes de 2.»",
        help=N_("two to five players"),
        label=N_("players"),
    ),
    Option(
        "teams",
        bool,
        False,
        (False, True),
        source="«ou à 4 en deux équipes de 2… on additionne les points des deux associés»",
        help=N_("four players in two teams of two, partners sitting opposite"),
        label=N_("teams"),
    ),
    Option(
        "points",
        int,
        1000,
        source="«La partie se joue en 1.000 (ou autre chiffre à convenir).»",
        help=N_("the points that end the game"),
        label=N_("points"),
        presets=(500, 2000),
        minimum=1,
        # «autre chiffre à convenir»: a hundred times the leaflet's game at most.
        maximum=100_000,
    ),
    Option(
        "groups",
        str,
        CONNECTED,
        GROUPS,
        source="«Paire: 10 points (2 départements se touchant…)»; «Carré : 100 points (4 "
        "départements ; exemple : Doubs - Jura - Ain - Savoie).»",
        help=N_("what a combination is: any connected group of touching départements, or a "
                "chain, each touching the next"),
        label=N_("combinations"),
        words=((CONNECTED, N_("touching groups")), (CHAIN, N_("chains"))),
    ),
    limit_option(COMBINATIONS_LIMIT, N_("the points stand as they are")),
)

#: The ``limit`` (not a rule): forty times the longest of 60 three-round random games (127).
CHAIN_LIMIT = 5_000

CHAIN_INFO = GameInfo(
    title="Crypto géographique — autre règle",
    date=N_("before 1968"),
    source="Edmond Dujardin, Crypto-90 leaflet, « UNE AUTRE RÉGLE DU JEU » for Crypto "
    "géographique, Éditions Edmond Dujardin, Arcachon (undated)",
    min_players=2,
    max_players=5,
    seat_names=SEATING[5],
    perfect_information=False,
    min_utility=-10_000.0,
    max_utility=10_000.0,
)

CHAIN_OPTIONS = (
    Option(
        "players",
        int,
        2,
        (2, 3, 4, 5),
        source="«On peut jouer à 2, 3, 4 ou 5 chacun pour soi» (the combinations game; "
        "the «autre règle» names no count)",
        help=N_("two to five players"),
        label=N_("players"),
    ),
    Option(
        "rounds",
        int,
        1,
        (1, 2, 3),
        source="«La partie se joue à volonté en 1 scule manche ou en 2 ou en 3.»",
        help=N_("the rounds the game lasts"),
        label=N_("rounds"),
    ),
    limit_option(CHAIN_LIMIT, N_("the penalties paid stand as they are")),
)

COMBINATIONS = Manifest(
    "crypto-geographique",
    COMBINATIONS_INFO,
    rules="ludotheque.games.crypto_geo.game:CryptoGeographiqueGame",
    options=COMBINATIONS_OPTIONS,
    aliases=("crypto-geo",),
    view="ludotheque.games.crypto_geo.view:CryptoGeographiqueView",
    render="ludotheque.games.crypto_geo.render:render",
    picture="ludotheque.games.crypto_geo.picture:picture",
    explain="ludotheque.games.crypto_geo.game:answer",
    questions=MAP_QUESTIONS,
    heuristic="ludotheque.games.crypto_geo.game:judge",
    players={
        "lookahead": "ludotheque.games.crypto_geo.players:LOOKAHEAD",
        "ismcts": "ludotheque.games.crypto_geo.players:ISMCTS",
    },
    details="ludotheque.games.crypto_geo.game:tally",
    hint="ludotheque.games.crypto_geo.players:HINT",
    encoding="ludotheque.games.crypto_geo.encoding:CombinationsEncoding",
    told="ludotheque.games.crypto_geo.howto:combinations",
)
#: The north of the map, in the order a research deck takes its départements: Nord,
#: Pas-de-Calais, Somme, Aisne, Oise, Seine-Maritime, Ardennes, Marne (each prefix of four or
#: more holds a chain of three).
NORTH = (59, 62, 80, 2, 60, 76, 8, 51)

#: The chain game on a deck of a few départements, for exact methods: not the leaflet's rules.
CHAIN_RESEARCH_INFO = replace(
    CHAIN_INFO,
    title="Crypto géographique — autre règle, on a research deck (not the leaflet's rules)",
    source="the chain game's rules as «UNE AUTRE RÉGLE DU JEU» gives them, dealt from a few "
    "départements of the north and short hands instead of the box's 96 cards and nine each: "
    "a research configuration of Ludothèque, not a rule of the leaflet",
    max_players=3,
    seat_names=SEATING[3],
)

CHAIN_RESEARCH_OPTIONS = (
    Option("players", int, 2, (2, 3), rule=False, help=N_("two or three players")),
    Option("cards", int, 6, tuple(range(4, len(NORTH) + 1)), rule=False,
           help=N_("the départements of the deck: the first of Nord, Pas-de-Calais, Somme, "
                   "Aisne, Oise, Seine-Maritime, Ardennes, Marne")),
    Option("hand", int, 2, (1, 2, 3), rule=False, help=N_("the cards each hand is dealt")),
    Option("fakirs", int, 0, (0, 1, 2), rule=False, help=N_("the fakirs in the deck")),
    Option("rounds", int, 1, (1, 2), rule=False, help=N_("the rounds the game lasts")),
    # Every configuration ends by the rules within 2 × 7 × 2 = 28 decisions (a round lays at
    # most the deck's départements but the one turned up, each followed by done at most once).
    limit_option(50, N_("the penalties paid stand as they are")),
)

#: The research configuration (``Manifest.research``): loaded by the research adapters alone,
#: never in the lobby, the menu or a record.
CHAIN_RESEARCH = Manifest(
    "crypto-geographique-chaine-research",
    CHAIN_RESEARCH_INFO,
    rules="ludotheque.games.crypto_geo.research:ResearchChainGame",
    options=CHAIN_RESEARCH_OPTIONS,
    doc="crypto-geographique",
    view="ludotheque.games.crypto_geo.view:CryptoGeographiqueChainView",
    heuristic="ludotheque.games.crypto_geo.chain:judge",
    encoding="ludotheque.games.crypto_geo.encoding:ChainEncoding",
)

CHAIN_GAME = Manifest(
    "crypto-geographique-chaine",
    CHAIN_INFO,
    rules="ludotheque.games.crypto_geo.chain:CryptoGeographiqueChainGame",
    options=CHAIN_OPTIONS,
    doc="crypto-geographique",
    view="ludotheque.games.crypto_geo.view:CryptoGeographiqueChainView",
    render="ludotheque.games.crypto_geo.chain:render",
    picture="ludotheque.games.crypto_geo.picture:picture",
    explain="ludotheque.games.crypto_geo.game:answer",
    questions=MAP_QUESTIONS,
    heuristic="ludotheque.games.crypto_geo.chain:judge",
    players={"ismcts": "ludotheque.games.crypto_geo.players:ISMCTS"},
    details="ludotheque.games.crypto_geo.chain:tally",
    hint="ludotheque.games.crypto_geo.players:CHAIN_HINT",
    encoding="ludotheque.games.crypto_geo.encoding:ChainEncoding",
    told="ludotheque.games.crypto_geo.howto:chain",
    research=(CHAIN_RESEARCH,),
)
