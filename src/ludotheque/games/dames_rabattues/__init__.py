"""Dames rabattues (Encyclopédie méthodique, 1792): a dice race on the trictrac board."""

from ludotheque.core.i18n import N_
from ludotheque.core.manifest import GameInfo, Manifest
from ludotheque.core.options import Option, limit_option
from ludotheque.games.dames_rabattues.rules import Passing

#: The ``limit`` (not a rule): thirteen times the longest of 500 games (74 throws).
LIMIT = 1_000

INFO = GameInfo(
    title="Dames rabattues",
    date="1792",
    source="Encyclopédie méthodique, Dictionnaire des jeux, Paris (Panckoucke), 1792, "
    "pp. 64–65",
    # Rule "two players": «Les joueurs ne peuvent être qu'au nombre de deux».
    min_players=2,
    max_players=2,
    perfect_information=True,
    # position.SEATS, marked for the catalog: «quinze dames noires & quinze dames blanches».
    seat_names=(N_("white"), N_("black")),
)


OPTIONS = (
    Option(
        "passing",
        str,
        Passing.EXCEPTION.value,
        tuple(p.value for p in Passing),
        source="«tout ce qui ne peut pas être joué par l'un des joueurs, se joue par son "
        "adversaire si cela est praticable pour celui-ci» (¶12) — «cette règle reçoit ici "
        "une exception», «parce qu'il est de règle qu'on ne peut rien lever avant d'avoir "
        "abattu toutes ses dames» (¶20)",
        help=N_("what becomes of a number its thrower cannot play: exception = the opponent "
                "plays it, except a number thrown while raising, which an opponent still "
                "knocking down never plays; general = the opponent plays it whenever he can; "
                "none = it is lost (as Ludii's code plays it); kind = the opponent plays it "
                "only with the thrower's kind of move, knocking down a number thrown while "
                "knocking down and raising one thrown while raising"),
        label=N_("a number its thrower cannot play"),
        words=(
            (Passing.EXCEPTION.value, N_("the opponent plays it, except while raising")),
            (Passing.GENERAL.value, N_("the opponent plays it whenever he can")),
            (Passing.NONE.value, N_("it is lost")),
            (Passing.KIND.value, N_("the opponent plays it with the same kind of move")),
        ),
    ),
    Option(
        "raise_in_same_throw",
        bool,
        False,
        (False, True),
        source="«Lorsqu'un joueur a rabattu toutes ses dames de dessus les différentes "
        "piles, il relève à chaque coup de dé ces mêmes dames» (¶18)",
        help=N_("whether a player who knocks down his last checker raises with the numbers "
                "of that same throw left to him (true), or starts raising with his next throw "
                "(false)"),
        label=N_("raise in the throw that knocks down the last checker"),
    ),
    limit_option(LIMIT, N_("every stake goes back")),
)

MANIFEST = Manifest(
    "dames-rabattues",
    INFO,
    # «white first» or «black first»: the dice decide who throws first.
    drawn_first=True,
    rules="ludotheque.games.dames_rabattues.game:DamesRabattuesGame",
    options=OPTIONS,
    view="ludotheque.games.dames_rabattues.view:DamesRabattuesView",
    render="ludotheque.games.dames_rabattues.render:render",
    analysis="ludotheque.games.dames_rabattues.analysis:report",
    details="ludotheque.games.dames_rabattues.game:tally",
    # Every move of Dames rabattues is forced: the player is seated, and never has to think.
    players={"mcts": "ludotheque.games.dames_rabattues.players:MCTS"},
    hint="ludotheque.games.dames_rabattues.players:HINT",
    encoding="ludotheque.games.dames_rabattues.encoding:DamesRabattuesEncoding",
    told="ludotheque.games.dames_rabattues.howto:told",
)
