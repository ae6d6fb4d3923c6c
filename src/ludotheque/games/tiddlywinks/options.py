"""What the two tiddlywinks rule sets are and their options: light, so that listing them loads
no simulation (the rules are in ``game.py``, ``cabriole.py`` and ``horsman.py``)."""

from __future__ import annotations

from ludotheque.core.i18n import N_
from ludotheque.core.manifest import GameInfo
from ludotheque.core.options import Option, limit_option

#: The seats by colour: each name stays the identifier (moves, records, views) and is told in
#: the reader's language where a sentence names the seat or one of its counters.
COLOURS = (N_("red"), N_("blue"), N_("green"), N_("yellow"), N_("purple"), N_("orange"))

#: The hand's standard errors by skill (study §5.3): bearing (degrees), pressure (relative),
#: elevation (degrees of launch; the squidger's steepness moves it 50° over 90°), spin (rad/s).
HANDS = {
    "steady": (0.0, 0.0, 0.0, 0.0),
    "expert": (1.0, 0.02, 2.0, 50.0),
    "club": (2.0, 0.04, 4.0, 100.0),
    "casual": (3.0, 0.06, 6.0, 150.0),
    "novice": (4.5, 0.09, 9.0, 200.0),
}
#: What "within the circle" asks of a counter's footprint (Horsman's `ring` option): some part
#: of it inside (Cabriole IX's «dans une proportion quelconque»), its centre inside, or all of it.
READINGS = ("any-part", "centre", "wholly")
#: What a person may ask at the table, as (how it is asked, what it tells).
QUESTIONS = (
    (N_("? shot"), N_("how a shot is written, with one that reaches the cup")),
    (N_("? red 2"), N_("where that counter lies, and which way the cup is from it")),
    (N_("? picture [FILE]"), N_("a picture of the table now, as a .png or .svg file")),
)

#: Options of the driving, not of the rules: the skill of every hand at the table, and the
#: decisions (one a turn: a shot or a pass) after which an unfinished game stops.
HANDS_OPTION = Option(
    "hands", str, "club", tuple(HANDS), rule=False, label=N_("hands"),
    help=N_("how steady every player's hand is: the tremble chance adds to each shot"),
    words=(("steady", N_("steady")), ("expert", N_("expert")), ("club", N_("club player")),
           ("casual", N_("casual player")), ("novice", N_("novice"))),
)
LIMIT_OPTION = limit_option(2000, N_("every stake goes back"))


#: The farthest a start line may lie from the table's edge, cm: 10 cm from the cup on the round
#: table (the game checks the square one's 28 cm when it is set up).
START_MOST = 35.0
#: The most stakes a fine or a price may be: a hundred times the usual one, which keeps every
#: return a plain number.
STAKES_MOST = 100.0
#: The tables' shapes in words.
TABLE_WORDS = (("round", N_("round table")), ("square", N_("square table")))


def cloth_option(source: str) -> Option:
    # The presets a study compares stop short of 1.5 mm, where the squidger barely lifts a
    # counter and the aiming player's games mostly run to their limit (15 of the first 22 in
    # Cabriole's study): a study of that reading is a study of the limit.
    return Option(
        "cloth", float, 3.0, minimum=0.5, maximum=10.0, presets=(2.0, 6.0), source=source,
        label=N_("cloth"),
        help=N_("the cloth's thickness in mm (under 1.5 mm the squidger cannot lift a counter)"),
    )


def lake_moment_option(source: str) -> Option:
    return Option(
        "lake_moment", str, "at-rest", ("at-rest", "touched"), source=source,
        label=N_("lake moment"),
        help=N_("whether the lake takes a counter where it comes to rest, or one that touched "
                "it on the cloth at any moment of the shot (an open point)"),
        words=(("at-rest", N_("where it comes to rest")),
               ("touched", N_("touched at any moment"))),
    )


def rim_option(source: str) -> Option:
    return Option(
        "rim", str, "stays", ("stays", "lake", "cup"), source=source, label=N_("rim"),
        help=N_("a counter resting on the cup's rim stays there in play, or counts as in the "
                "lake, or as potted (an open point)"),
        words=(("stays", N_("stays in play")), ("lake", N_("in the lake")),
               ("cup", N_("potted"))),
    )


def end_option(source: str) -> Option:
    return Option(
        "end", str, "all-out", ("all-out", "first-out"), source=source, label=N_("end"),
        help=N_("with counters lost in the lake, the game ends when no counter is left to "
                "play, or when one player has none left (an open point)"),
        words=(("all-out", N_("none left to play")),
               ("first-out", N_("one player has none left"))),
    )


def info(title: str, date: str, source: str) -> GameInfo:
    """A tiddlywinks rule set's facts: two to six players, each his colour."""
    return GameInfo(
        title=title, date=date, source=source, min_players=2, max_players=6,
        perfect_information=True,  # everything on the table is in view
        seat_names=COLOURS,
    )


CABRIOLE_INFO = info(
    title="Cabriole ou Jeu de la puce",
    date=N_("c. 1900"),
    source="Mauclair-Dacier (M. D. Paris), «CABRIOLE OU JEU DE LA PUCE», «Nouvelle jeu de "
    "Societé», rules folded into the wooden container «La Puce»; Tucker Tiddlywinks "
    "Collection MDP-01",
)

CABRIOLE_OPTIONS = (
    Option("players", int, 2, (2, 3, 4, 5, 6), label=N_("players"),
           source="I: «Ce jeu peut être joué par un nombre quelconque de joueurs.»",
           help=N_("how many play, each with his own colour")),
    Option("camps", bool, False, label=N_("camps"),
           source="I: «Si le nombre de ceux-ci est pair … on fera bien de former deux camps "
           "en s’associant à deux ou à trois»",
           help=N_("two camps seated alternately (4 or 6 players)")),
    Option("counters", int, 4, (4, 5, 6), label=N_("counters"),
           source="V: «Chacun reçoit 4, 5 ou 6 petits jetons d’une couleur distincte»",
           help=N_("small counters each player has to pot")),
    Option("table", str, "round", ("round", "square"), label=N_("table"),
           source="II: «une table quelconque, ronde de préférence»",
           help=N_("a round table 90 cm across, or a square one 76 cm a side"),
           words=TABLE_WORDS),
    Option("start", float, 3.5, minimum=1.0, maximum=START_MOST, presets=(2.0, 7.0),
           label=N_("start"),
           source="VI: «à une distance du bord de la table équivalant au diamètre d’un "
           "grand jeton, soit 3½ centimètres»",
           help=N_("the start line's distance from the table's edge, cm (a circle round the "
                   "cup on any table)")),
    cloth_option("II: «il est essentiel qu’elle soit recouverte d’un tapis très épais, ou de "
                 "deux tapis superposés»"),
    Option("lake", str, "return", ("return", "lost"), label=N_("lake"),
           source="IX: «doit retourner à la ligne de départ … On peut convenir toutefois que "
           "tout jeton qui tombera dans le lac sera irrévocablement perdu»",
           help=N_("return = a counter in the lake goes back to the start line; lost = it is "
                   "dead, and its owner pays a fine"),
           words=(("return", N_("back to the start line")), ("lost", N_("lost for good")))),
    Option("fine", float, 1.0, minimum=0.0, maximum=STAKES_MOST, label=N_("fine"),
           source="IX: «Son propriétaire paiera à la poule une amende convenue d’avance»",
           help=N_("stakes paid into the pool per counter lost in the lake (lake=lost)")),
    Option("price", float, 1.0, minimum=0.0, maximum=STAKES_MOST, label=N_("price"),
           source="VIII: «la somme convenue d’avance pour chaque jeton que ceux-ci ont "
           "encore hors de la coupe»",
           help=N_("stakes each loser pays per counter of his still out of the cup")),
    Option("reach", float, 60.0, minimum=10.0, maximum=200.0, label=N_("reach"),
           source="XII: «on ne doit sous aucun pretexte quitter sa place»",
           help=N_("how far from his seat a player reaches, cm (camps only)")),
    end_option("IX: «ce sera alors le joueur ou le camp qui aura mis le plus grand nombre de "
               "jetons dans la coupe qui gagnera la poule»"),
    lake_moment_option("IX: «Tout jeton qui tombe dans le lac … il suffit qu’il y soit entré "
                       "dans une proportion quelconque»"),
    rim_option("III: «L’espace situé entre ce cercle et la coupe figurera un lac»; the rim is "
               "not spoken of"),
    HANDS_OPTION,
    LIMIT_OPTION,
)

HORSMAN_INFO = info(
    title="Tiddledy Winks",
    date=N_("c. 1890"),
    source="E. I. Horsman, New York, «The New Round Game. TIDDLEDY WINKS», directions, "
    "with the footnote and Variations I–III",
)

HORSMAN_OPTIONS = (
    Option("players", int, 2, (2, 3, 4, 5, 6), label=N_("players"),
           source="«may be played by any number of people (two, or four in partnership is "
           "best)»",
           help=N_("how many play, each with his own colour")),
    Option("partners", bool, False, label=N_("partners"),
           source="«Partners sit opposite as at whist, and may play with each other's "
           "counters.»",
           help=N_("partners sit opposite and may play each other's counters (4 or 6 "
                   "players)")),
    Option("counters", int, 4, (4, 6), label=N_("counters"),
           source="«four or six small counters of the same color and one large one»",
           help=N_("small counters each player has to pot")),
    Option("table", str, "square", ("square", "round"), label=N_("table"),
           source="«on any card or similar small table»",
           help=N_("a card table 76 cm a side, or a round table 90 cm across"),
           words=TABLE_WORDS),
    Option("start", float, 8.0, minimum=1.0, maximum=START_MOST, presets=(4.0, 15.0),
           label=N_("start"),
           source="«place their counters in line in front of them at any equal distance "
           "round the table from the cup»",
           help=N_("the start line's distance from the table's edge, cm")),
    cloth_option("«on any card or similar small table, with a thick cloth on»"),
    Option("variation", str, "none", ("none", "I", "II", "III"), label=N_("variation"),
           source="«By marking on the cloth with a piece of French chalk a ring about four "
           "inches diameter … the game may also be played with the following variations»",
           help=N_("the chalk ring: I dead, II back to the start, III others may play it"),
           words=(("none", N_("no variation")), ("I", N_("I: dead")),
                  ("II", N_("II: back to the start")), ("III", N_("III: open to the others")))),
    Option("played_out", str, "next-turn", ("next-turn", "any-time"), label=N_("played out"),
           source="II: «must be returned to its proper starting point, and played out by "
           "the player at his next turn»",
           help=N_("under Variation II, a counter sent back must be its owner's next shot, or "
                   "is played when he likes"),
           words=(("next-turn", N_("at his next turn")), ("any-time", N_("when he likes")))),
    Option("ring", str, "wholly", READINGS, label=N_("ring"),
           source="«Any counter falling within this ring»",
           help=N_("any-part = some of the counter lies inside the chalk line (Cabriole IX's "
                   "reading); centre = its centre does; wholly = all of it does"),
           words=(("any-part", N_("any part inside")), ("centre", N_("its centre inside")),
                  ("wholly", N_("wholly inside")))),
    end_option("I: «the winner to be the player who gets the most counters into the cup»"),
    Option("turn", str, "until-miss", ("until-miss", "every-shot"), label=N_("turn"),
           source="«is entitled to play again … and so on until he fails.* … * The game may "
           "also be played by the turn passing on after each shot»",
           help=N_("until-miss = a pot earns another shot; every-shot = the turn passes after "
                   "each shot"),
           words=(("until-miss", N_("until he misses")), ("every-shot", N_("after every shot")))),
    Option("forfeits", bool, False, label=N_("forfeits"),
           source="«if agreed beforehand, may claim as forfeits all the counters then on the "
           "cloth, and be paid by the respective owners of the same»",
           help=N_("the winner is also paid for every counter the others still have on the "
                   "cloth")),
    Option("price", float, 1.0, minimum=0.0, maximum=STAKES_MOST, label=N_("price"),
           source="«be paid by the respective owners of the same»",
           help=N_("stakes paid per forfeited counter (forfeits=true)")),
    lake_moment_option("«Any counter falling within this ring»"),
    rim_option("«placing the cup in the centre»; the rim is not spoken of"),
    HANDS_OPTION,
    LIMIT_OPTION,
)
