"""What a person may ask at a tiddlywinks table (the manifest's ``explain``): how a shot is
written, with one that reaches the cup from this table's start line; where a counter lies; a
picture of the table now."""

from __future__ import annotations

from pathlib import Path

from ludotheque.core.errors import LudothequeError
from ludotheque.core.numbers import parse_int
from ludotheque.core.output import check_output
from ludotheque.games.tiddlywinks.game import TiddlywinksGame, TiddlywinksState
from ludotheque.games.tiddlywinks.notation import PRESSURE_SCALE
from ludotheque.games.tiddlywinks.options import COLOURS
from ludotheque.games.tiddlywinks.picture import picture
from ludotheque.games.tiddlywinks.player import pot_speed, pressure_for, steep_for
from ludotheque.games.tiddlywinks.squidger import Aim, launch
from ludotheque.games.tiddlywinks.view import from_cup


def line_shot(game: TiddlywinksGame) -> tuple[float, float]:
    """The pressure and steepness that reach the cup from this table's start line, as the
    aiming player judges them when it judges exactly."""
    elevation = 60.0  # the aiming player's flight from afar
    steep = steep_for(elevation)
    speed = pot_speed(game, game.start_distance(), elevation) or 0.0
    return pressure_for(game, speed, steep), steep


def line_sentence(game: TiddlywinksGame) -> str:
    """How a shot reaches the cup from this table's start line, in the words of the quick
    rules and of ``? shot``."""
    pressure, steep = line_shot(game)
    if not launch(Aim(0.0, 1.0, steep), game.setup.table.cloth, game.COUNTER).jumps:
        return (f"On this cloth (cloth={game.options['cloth']:g} mm) the squidger cannot lift a "
                "counter: no shot reaches the cup.")
    return (f"From the start line, `aim cup pressure {pressure:.2f} steep {steep:.0f}` reaches "
            "the cup with a steady hand; a hundredth of pressure matters.")


#: Small counts as the quick rules write them.
WORDS = ("no", "one", "two", "three", "four", "five", "six")
#: The sentences of both games' quick rules that their options change, as the docs say them.
EXAMPLE = "Write a shot as counter, aim, pressure and steepness: `red 1 aim cup pressure "
HANDS = ("Your hand trembles a little, as a real one does (option `hands`, from steady to "
         "novice): the same shot does not always land the same.")
INSIDE = {"wholly": "wholly inside it", "any-part": "even partly inside it (ring=any-part)",
          "centre": "with its centre inside it (ring=centre)"}
#: Whose hand trembles, at each option ``hands`` but the default club player's and steady.
TREMBLES = {"expert": "an expert's", "casual": "a casual player's", "novice": "a novice's"}


def shared(game: TiddlywinksGame, default: TiddlywinksGame) -> list[tuple[str, str]]:
    """The quick rules' sentences that both games' options change alike, each as the doc says
    it (``default``: the game at its defaults) beside what it says at ``game``."""
    pressure, steep = line_shot(game)
    usual, upright = line_shot(default)
    hands = game.options["hands"]
    return [
        (f"{EXAMPLE}{usual:.2f} steep {upright:.0f}`.",
         f"{EXAMPLE}{pressure:.2f} steep {steep:.0f}`."),
        (PRESSURE_SCALE.capitalize(), PRESSURE_SCALE.capitalize()),
        (line_sentence(default), line_sentence(game)),
        (HANDS, HANDS if hands == "club" else
         "Your hand is steady (hands=steady): the same shot always lands the same."
         if hands == "steady" else
         f"Your hand trembles as {TREMBLES[hands]} does (hands={hands}): the same shot does not "
         "always land the same."),
        ("", _rim(game)),
    ]


def _rim(game: TiddlywinksGame) -> str:
    """What a counter resting on the cup's rim is, where an option makes it other than a
    counter in play (without a lake it stays one, whatever ``rim`` says)."""
    rim = game.options["rim"]
    if rim == "cup":
        return "A counter resting on the cup's rim counts as potted (rim=cup)."
    if rim == "lake" and game.lake_rule() is not None:
        return f"A counter resting on the cup's rim counts as in the {game.LAKE_WORD} (rim=lake)."
    return ""


def most_potted(game: TiddlywinksGame) -> str:
    """The aim once counters can be lost for good (Cabriole IX by agreement, Horsman I)."""
    when = ("as soon as one player has none left to play (end=first-out)"
            if game.options["end"] == "first-out" else "once no counter is left to play")
    return (f"The aim: have the most small counters in the cup at the centre of the table {when}; "
            "the winner takes the pool.")


def counters_sentence(game: TiddlywinksGame, where: str) -> str:
    n = game.per_player
    return (f"Each player has {WORDS[n]} small counters of his colour (red, blue, …) in a line "
            f"in front of him{where}, numbered 1 to {n} from his left.")


def cabriole(game: TiddlywinksGame) -> list[tuple[str, str]]:
    """Cabriole's quick rules as ``game``'s options have them (its manifest's ``told``)."""
    default = type(game)()
    options = game.options
    touched = options["lake_moment"] == "touched"
    lake = ("Surprise: the chalk circle round the cup is a lake. A counter that "
            + ("touches it even partly at any moment of a shot (lake_moment=touched)" if touched
               else "stops even partly in it"))
    lost = options["lake"] == "lost"
    lake += (f" is lost for good and its owner pays {options['fine']:g} into the pool "
             "(lake=lost); one that falls off the table goes back to the start line." if lost
             else " goes back to the start line; so does one that falls off the table.")
    price = options["price"]
    paid = (f"When someone has potted all his counters, each player of the other camp also pays "
            f"{price:g} for every counter he still has out of the cup, to the winner's camp."
            if options["camps"] else
            f"When someone has potted all his counters, each other player also pays him "
            f"{price:g} for every counter he still has out of the cup.")
    return [
        *shared(game, default),
        (CABRIOLE_AIM, most_potted(game) if lost else CABRIOLE_AIM),
        (counters_sentence(default, ""), counters_sentence(game, "")),
        (LAKE, lake),
        # Rule "the price per counter" belongs to the first to pot all his counters alone.
        (PRICE, "" if lost else paid),
        ("", f"Camps (camps=true): partners sit apart, win together, and each may play any "
             f"counter of his camp within his reach ({options['reach']:g} cm from his seat)."
         if options["camps"] else ""),
    ]


CABRIOLE_AIM = ("The aim: be the first to make all your small counters jump into the cup at the "
                "centre of the table; the winner takes the pool.")
HORSMAN_AIM = ("The aim: be the first to get all your small counters into the cup at the centre "
               "of the table; the winner takes the pool.")


LAKE = ("Surprise: the chalk circle round the cup is a lake. A counter that stops even partly "
        "in it goes back to the start line; so does one that falls off the table.")
PRICE = ("When someone has potted all his counters, each other player also pays him 1 for "
         "every counter he still has out of the cup.")
TURN = ("A counter that goes into the cup earns you another shot, and so on until you miss (with "
        "`turn=every-shot` the turn passes after every shot).")
VARIATIONS = ("Variations I–III (option `variation`) chalk a ring round the cup: a counter in it "
              "is dead (I), goes back to the start (II), or may be played by anyone (III).")


def horsman(game: TiddlywinksGame) -> list[tuple[str, str]]:
    """Tiddledy Winks' quick rules as ``game``'s options have them (its manifest's ``told``)."""
    default = type(game)()
    options = game.options
    variation = options["variation"]
    inside = INSIDE[options["ring"]]
    if options["lake_moment"] == "touched":
        inside += ", or touching it at any moment of a shot (lake_moment=touched)"
    ring = {
        "none": VARIATIONS,
        "I": f"A chalk ring round the cup (variation=I): a counter {inside} is dead.",
        "II": f"A chalk ring round the cup (variation=II): a counter {inside} goes back to its "
              "place on the start line, and "
              + ("is played when its owner likes (played_out=any-time)."
                 if options["played_out"] == "any-time" else "must be its owner's next shot."),
        "III": f"A chalk ring round the cup (variation=III): a counter {inside} may be played "
               "by the next players instead of their own, until its owner's turn.",
    }[variation]
    dead = variation == "I"
    return [
        *shared(game, default),
        (HORSMAN_AIM, most_potted(game) if dead else HORSMAN_AIM),
        (counters_sentence(default, f", {default.start_distance() * 100:.0f} cm from the cup"),
         counters_sentence(game, f", {game.start_distance() * 100:.0f} cm from the cup")),
        (TURN, TURN if options["turn"] == "until-miss" else
         "The turn passes after every shot, a pot or not (turn=every-shot)."),
        (VARIATIONS, ring),
        # The forfeits go with the first to pot all his counters, not with Variation I's count.
        ("", f"The winner is also paid {options['price']:g} for every counter the others still "
             "have on the cloth (forfeits=true)." if options["forfeits"] and not dead else ""),
    ]


def answer(
    game: TiddlywinksGame, question: str, state: TiddlywinksState | None = None
) -> str | None:
    """``? picture [FILE]`` draws the table now; ``? red 2`` says where that counter lies
    and where the cup is from it; ``? shot`` explains how a shot is written."""
    words = question.lower().split()
    if words[:1] == ["picture"]:
        named = question.strip()[len("picture"):].strip()
        path = Path(named or f"{game.name}-table.png")
        if path.suffix.lower() not in (".png", ".svg"):
            return f"a picture is written as .png or .svg, not {path.name!r}."
        try:
            check_output(path, "the picture")
            # Said in full: the default file lands wherever the terminal was started.
            return f"Picture written to {picture(game, path, state=state).resolve()}."
        except LudothequeError as error:
            return str(error)
        except OSError as error:
            return f"the picture could not be written to {path}: {error.strerror}."
    if words[:1] in (["shot"], ["help"], []):
        pressure, steep = line_shot(game)
        return (
            "A shot: COLOUR N aim DEGREES pressure 0.01-1 steep 0-90, e.g. 'red 3 aim cup "
            f"pressure {pressure:.2f} steep {steep:.0f}'. Aim in degrees (0 to the right, "
            "counter-clockwise) or 'cup' (cup+2: two degrees to the left of the cup); "
            f"{PRESSURE_SCALE}; steep is how upright you hold the large counter (90: the highest "
            f"flight). The start line is {game.start_distance() * 100:.1f} cm from the cup. "
            f"{line_sentence(game)} '? picture' draws the table."
        )
    colours = COLOURS[: game.num_players()]
    number = parse_int(words[1]) if len(words) == 2 else None
    if words[:1] and words[0] in colours and number is None:
        return (f"ask about one counter, such as '? {words[0]} 1' (numbered 1 to "
                f"{game.per_player}).")
    if state is not None and number is not None and words[0] in colours:
        if not 0 < number <= game.per_player:
            return f"counters are numbered 1 to {game.per_player}, not {words[1]}."
        k = colours.index(words[0]) * game.per_player + number - 1
        c = state.position.counters[k]
        name = " ".join(words)
        if c.place == "cup":
            return f"{name} is in the cup."
        where = {"line": "on the start line", "cloth": "on the cloth",
                 "lake": f"in the {game.LAKE_WORD}", "dead": f"dead in the {game.LAKE_WORD}"}
        return (f"{name} lies {where[c.place]}, {from_cup(*c.pose[:2])} from the cup's centre, "
                f"which is at {state.cup_bearing(k):.1f}° from it.")
    return None
