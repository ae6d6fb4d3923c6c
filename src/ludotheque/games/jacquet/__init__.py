"""Jacquet (de Moulidars, 1840 per the DLP record): a race round the trictrac board."""

from ludotheque.core.i18n import N_
from ludotheque.core.manifest import GameInfo, Manifest
from ludotheque.core.options import Option, limit_option
from ludotheque.games.jacquet.rules import ReadingName

#: The ``limit`` (not a rule): ten times the longest of 200 random games under the DLP reading
#: (847 decisions; docs/rules/jacquet.md).
LIMIT = 10_000

INFO = GameInfo(
    title="Jacquet",
    date=N_("1840 per the DLP record, open"),
    source="de Moulidars, Grande encyclopédie méthodique, universelle, illustrée des jeux "
    "et des divertissements de l'esprit et du corps, Paris, Librairie illustrée, pp. 183–184, "
    "dated 1840 by the DLP evidence record DLP.Evidence.1819 (catalogues may list the book "
    "as undated and later, c. 1888: not confirmed here)",
    min_players=2,
    max_players=2,
    perfect_information=True,
    # position.SEATS, marked for the catalog.
    seat_names=(N_("white"), N_("black")),
    min_utility=-5.0,
    max_utility=5.0,
)

OPTIONS = (
    Option(
        "reading",
        str,
        ReadingName.MOULIDARS.value,
        tuple(r.value for r in ReadingName),
        source="«l'adversaire ne pouvant se placer sur une flèche occupée» (Moulidars) — "
        "«When a piece lands on a point occupied by a single opponent's piece, the "
        "opponent's piece is removed from the board» (DLP summary)",
        help=N_("moulidars-1840 = the French text: no hitting, and no second checker leaves "
                "the talon before the courier is home; dlp-summary = the Digital Ludeme "
                "Project's English summary: a lone checker is hit and enters again, and the "
                "courier rule only forbids two checkers on one point; both are played on the "
                "French board (the same way round from diagonally opposite talons)"),
        label=N_("the text followed"),
        words=(
            (ReadingName.MOULIDARS.value, N_("de Moulidars' French text (1840)")),
            (ReadingName.DLP.value, N_("the Digital Ludeme Project's English summary")),
        ),
    ),
    Option(
        "scoring",
        str,
        "simple",
        ("simple", "multiple"),
        source="«Généralement on joue la partie simple mais on peut convenir qu'elle serait "
        "double… triple… quadruple… quintuple»",
        help=N_("simple = one game won or lost; multiple = the loser loses 2 to 5 games by "
                "where his checkers still are when the winner has borne off his last"),
        label=N_("scoring"),
        words=(("simple", N_("a simple game")),
               ("multiple", N_("double, triple, quadruple or quintuple"))),
    ),
    Option(
        "higher_die",
        bool,
        False,
        (True, False),
        source="«Les autres règles générales du jacquet sont les mêmes que celles du trictrac»",
        help=N_("when only one die of a coup simple can be played, whether it must be the "
                "higher (true, backgammon's usage, not found in a trictrac source at hand) or "
                "may be either (false, the default: the text states no such rule)"),
        label=N_("the higher die first"),
    ),
    Option(
        "bearing_off",
        str,
        "compulsory",
        ("compulsory", "optional"),
        source="«on les sort… en sortant celles que les dés font battre sur le bord… mais "
        "quand on n'a pas de dame inférieure, on est forcé de jouer une dame supérieure et "
        "de la faire avancer du nombre amené»",
        help=N_("compulsory = a die that can bear a checker off must; optional = it may "
                "move a checker inside the fourth table instead"),
        label=N_("bearing off"),
        words=(("compulsory", N_("compulsory")), ("optional", N_("optional"))),
    ),
    Option(
        "granularity",
        str,
        "die",
        ("die", "pair"),
        help=N_("not a rule but how moves are taken: die = one decision per die (for "
                "people); pair = up to two dice per decision, a doublet in two, as OpenSpiel's "
                "backgammon (for search)"),
        label=N_("moves taken"),
        words=(("die", N_("one die at a time")), ("pair", N_("two dice at a time"))),
        rule=False,
    ),
    limit_option(LIMIT, N_("every stake goes back")),
)

MANIFEST = Manifest(
    "jacquet",
    INFO,
    # «white first» or «black first»: the dice decide who throws first.
    drawn_first=True,
    rules="ludotheque.games.jacquet.game:JacquetGame",
    options=OPTIONS,
    view="ludotheque.games.jacquet.view:JacquetView",
    render="ludotheque.games.jacquet.render:render",
    heuristic="ludotheque.games.jacquet.heuristic:judge",
    players={
        "mcts": "ludotheque.games.jacquet.players:MCTS",
        "expectimax": "ludotheque.games.jacquet.players:EXPECTIMAX",
    },
    details="ludotheque.games.jacquet.game:tally",
    hint="ludotheque.games.jacquet.players:HINT",
    encoding="ludotheque.games.jacquet.encoding:JacquetEncoding",
    told="ludotheque.games.jacquet.howto:told",
)
