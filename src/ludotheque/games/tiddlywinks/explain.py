"""What a person may ask at a tiddlywinks table (the manifest's ``explain``): how a shot is
written, with one that reaches the cup from this table's start line; where a counter lies; a
picture of the table now."""

from __future__ import annotations

from pathlib import Path

from ludotheque.core.errors import LudothequeError
from ludotheque.core.i18n import N_, _
from ludotheque.core.numbers import parse_int
from ludotheque.core.output import check_output
from ludotheque.games.tiddlywinks.game import TiddlywinksGame, TiddlywinksState
from ludotheque.games.tiddlywinks.notation import pressure_scale
from ludotheque.games.tiddlywinks.options import COLOURS
from ludotheque.games.tiddlywinks.picture import picture
from ludotheque.games.tiddlywinks.player import pot_speed, pressure_for, steep_for
from ludotheque.games.tiddlywinks.squidger import Aim, launch
from ludotheque.games.tiddlywinks.view import from_cup
from ludotheque.games.tiddlywinks.words import counter_words, english, number


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
        # The option as it is typed, in every language.
        return _("On this cloth (cloth={cloth} mm) the squidger cannot lift a counter: no shot "
                 "reaches the cup.", cloth=f"{game.options['cloth']:g}")
    return _("From the start line, `{shot}` reaches the cup with a steady hand; a hundredth of "
             "pressure matters.", shot=f"aim cup pressure {pressure:.2f} steep {steep:.0f}")


#: The counters each player has, as the quick rules write them.
WORDS = {4: N_("four"), 5: N_("five"), 6: N_("six")}
#: The sentences of both games' quick rules that their options change, as the docs say them
#: (``N_``-marked: each is told in the reader's language where it is read).
HANDS = N_("Your hand trembles a little, as a real one does (option `hands`, from steady to "
           "novice): the same shot does not always land the same.")
#: How a counter lies within the ring, at each reading of ``ring``.
INSIDE = {"wholly": N_("wholly inside it"),
          "any-part": N_("even partly inside it (ring=any-part)"),
          "centre": N_("with its centre inside it (ring=centre)")}
#: How the hand trembles, at each option ``hands`` but the default club player's and steady.
TREMBLES = {
    "expert": N_("Your hand trembles as an expert's does (hands=expert): the same shot does not "
                 "always land the same."),
    "casual": N_("Your hand trembles as a casual player's does (hands=casual): the same shot "
                 "does not always land the same."),
    "novice": N_("Your hand trembles as a novice's does (hands=novice): the same shot does not "
                 "always land the same."),
}


def example(pressure: float, steep: float) -> str:
    """How a shot is written, with one at this pressure and steepness (notation: in English,
    with a decimal point, in every language)."""
    return _("Write a shot as counter, aim, pressure and steepness: `{shot}`.",
             shot=f"red 1 aim cup pressure {pressure:.2f} steep {steep:.0f}")


def shared(game: TiddlywinksGame, default: TiddlywinksGame) -> list[tuple[str, str]]:
    """The quick rules' sentences that both games' options change alike, each as the doc says
    it (``default``: the game at its defaults) beside what it says at ``game``, in the reader's
    language."""
    pressure, steep = line_shot(game)
    usual, upright = line_shot(default)
    hands = game.options["hands"]
    scale = pressure_scale()
    scale = scale[:1].upper() + scale[1:]
    return [
        (example(usual, upright), example(pressure, steep)),
        (scale, scale),
        (line_sentence(default), line_sentence(game)),
        (_(HANDS), _(HANDS) if hands == "club" else
         _("Your hand is steady (hands=steady): the same shot always lands the same.")
         if hands == "steady" else _(TREMBLES[hands])),
        ("", _rim(game)),
    ]


def _rim(game: TiddlywinksGame) -> str:
    """What a counter resting on the cup's rim is, where an option makes it other than a
    counter in play (without a lake it stays one, whatever ``rim`` says)."""
    rim = game.options["rim"]
    if rim == "cup":
        return _("A counter resting on the cup's rim counts as potted (rim=cup).")
    if rim == "lake" and game.lake_rule() is not None:
        return _("A counter resting on the cup's rim counts as in the {lake} (rim=lake).",
                 lake=_(game.LAKE_WORD))
    return ""


def most_potted(game: TiddlywinksGame) -> str:
    """The aim once counters can be lost for good (Cabriole IX by agreement, Horsman I)."""
    if game.options["end"] == "first-out":
        return _("The aim: have the most small counters in the cup at the centre of the table as "
                 "soon as one player has none left to play (end=first-out); the winner takes "
                 "the pool.")
    return _("The aim: have the most small counters in the cup at the centre of the table once "
             "no counter is left to play; the winner takes the pool.")


def counters_sentence(game: TiddlywinksGame) -> str:
    """Each player's counters, where they stand (from the cup, on Horsman's table) and their
    numbers."""
    n = game.per_player
    if game.name == "cabriole":
        return _("Each player has {count} small counters of his colour (red, blue, …) in a line "
                 "in front of him, numbered 1 to {most} from his left.",
                 count=_(WORDS[n]), most=n)
    return _("Each player has {count} small counters of his colour (red, blue, …) in a line in "
             "front of him, {distance} cm from the cup, numbered 1 to {most} from his left.",
             count=_(WORDS[n]), distance=number(game.start_distance() * 100), most=n)


def _lake(game: TiddlywinksGame) -> str:
    """Cabriole's lake as ``game``'s options have it (IX, X)."""
    touched = game.options["lake_moment"] == "touched"
    if game.options["lake"] == "lost":
        fine = number(game.options["fine"], "g")
        if touched:
            return _("Surprise: the chalk circle round the cup is a lake. A counter that touches "
                     "it even partly at any moment of a shot (lake_moment=touched) is lost for "
                     "good and its owner pays {fine} into the pool (lake=lost); one that falls "
                     "off the table goes back to the start line.", fine=fine)
        return _("Surprise: the chalk circle round the cup is a lake. A counter that stops even "
                 "partly in it is lost for good and its owner pays {fine} into the pool "
                 "(lake=lost); one that falls off the table goes back to the start line.",
                 fine=fine)
    if touched:
        return _("Surprise: the chalk circle round the cup is a lake. A counter that touches it "
                 "even partly at any moment of a shot (lake_moment=touched) goes back to the "
                 "start line; so does one that falls off the table.")
    return _(LAKE)


def cabriole(game: TiddlywinksGame) -> list[tuple[str, str]]:
    """Cabriole's quick rules as ``game``'s options have them (its manifest's ``told``), in
    the reader's language."""
    default = type(game)()
    options = game.options
    lost = options["lake"] == "lost"
    price = number(options["price"], "g")
    paid = (_("When someone has potted all his counters, each player of the other camp also "
              "pays {price} for every counter he still has out of the cup, to the winner's "
              "camp.", price=price)
            if options["camps"] else
            _("When someone has potted all his counters, each other player also pays him "
              "{price} for every counter he still has out of the cup.", price=price))
    return [
        *shared(game, default),
        (_(CABRIOLE_AIM), most_potted(game) if lost else _(CABRIOLE_AIM)),
        (counters_sentence(default), counters_sentence(game)),
        (_(LAKE), _lake(game)),
        # Rule "the price per counter" belongs to the first to pot all his counters alone.
        (_(PRICE), "" if lost else paid),
        ("", _("Camps (camps=true): partners sit apart, win together, and each may play any "
               "counter of his camp within his reach ({reach} cm from his seat).",
               reach=number(options["reach"], "g"))
         if options["camps"] else ""),
    ]


CABRIOLE_AIM = N_("The aim: be the first to make all your small counters jump into the cup at "
                  "the centre of the table; the winner takes the pool.")
HORSMAN_AIM = N_("The aim: be the first to get all your small counters into the cup at the "
                 "centre of the table; the winner takes the pool.")


LAKE = N_("Surprise: the chalk circle round the cup is a lake. A counter that stops even partly "
          "in it goes back to the start line; so does one that falls off the table.")
PRICE = N_("When someone has potted all his counters, each other player also pays him 1 for "
           "every counter he still has out of the cup.")
TURN = N_("A counter that goes into the cup earns you another shot, and so on until you miss "
          "(with `turn=every-shot` the turn passes after every shot).")
VARIATIONS = N_("Variations I–III (option `variation`) chalk a ring round the cup: a counter "
                "in it is dead (I), goes back to the start (II), or may be played by anyone "
                "(III).")


def _ring(game: TiddlywinksGame) -> str:
    """Horsman's chalk ring as ``game``'s options have it (Variations I–III)."""
    options = game.options
    variation = options["variation"]
    inside = _(INSIDE[options["ring"]])
    if options["lake_moment"] == "touched":
        inside = _("{inside}, or touching it at any moment of a shot (lake_moment=touched)",
                   inside=inside)
    if variation == "I":
        return _("A chalk ring round the cup (variation=I): a counter {inside} is dead.",
                 inside=inside)
    if variation == "II":
        if options["played_out"] == "any-time":
            return _("A chalk ring round the cup (variation=II): a counter {inside} goes back "
                     "to its place on the start line, and is played when its owner likes "
                     "(played_out=any-time).", inside=inside)
        return _("A chalk ring round the cup (variation=II): a counter {inside} goes back to "
                 "its place on the start line, and must be its owner's next shot.",
                 inside=inside)
    if variation == "III":
        return _("A chalk ring round the cup (variation=III): a counter {inside} may be played "
                 "by the next players instead of their own, until its owner's turn.",
                 inside=inside)
    return _(VARIATIONS)


def horsman(game: TiddlywinksGame) -> list[tuple[str, str]]:
    """Tiddledy Winks' quick rules as ``game``'s options have them (its manifest's ``told``),
    in the reader's language."""
    default = type(game)()
    options = game.options
    dead = options["variation"] == "I"
    return [
        *shared(game, default),
        (_(HORSMAN_AIM), most_potted(game) if dead else _(HORSMAN_AIM)),
        (counters_sentence(default), counters_sentence(game)),
        (_(TURN), _(TURN) if options["turn"] == "until-miss" else
         _("The turn passes after every shot, a pot or not (turn=every-shot).")),
        (_(VARIATIONS), _ring(game)),
        # The forfeits go with the first to pot all his counters, not with Variation I's count.
        ("", _("The winner is also paid {price} for every counter the others still have on "
               "the cloth (forfeits=true).", price=number(options["price"], "g"))
         if options["forfeits"] and not dead else ""),
    ]


#: The words of a question asked in French, as the questions are written (``? image``,
#: ``? coup``); a counter's colour may be French too (``? rouge 2``).
QUESTION_WORDS = {"image": "picture", "coup": "shot", "aide": "help"}


def answer(
    game: TiddlywinksGame, question: str, state: TiddlywinksState | None = None
) -> str | None:
    """``? picture [FILE]`` draws the table now; ``? red 2`` says where that counter lies
    and where the cup is from it; ``? shot`` explains how a shot is written. Each may be asked
    in French (``? image``, ``? rouge 2``, ``? coup``); the answer is in the reader's language."""
    words = english(question.lower()).split()
    words[:1] = [QUESTION_WORDS.get(w, w) for w in words[:1]]
    if words[:1] == ["picture"]:
        named = question.strip()[len(question.split()[0]):].strip()
        path = Path(named or f"{game.name}-table.png")
        if path.suffix.lower() not in (".png", ".svg"):
            return _("a picture is written as .png or .svg, not {name}.", name=repr(path.name))
        try:
            check_output(path, _("the picture"))
            # Said in full: the default file lands wherever the terminal was started.
            return _("Picture written to {path}.",
                     path=picture(game, path, state=state).resolve())
        except LudothequeError as error:
            return str(error)
        except OSError as error:
            return _("the picture could not be written to {path}: {reason}.", path=path,
                     reason=error.strerror)
    if words[:1] in (["shot"], ["help"], []):
        pressure, steep = line_shot(game)
        return _(
            "A shot: COLOUR N aim DEGREES pressure 0.01-1 steep 0-90, e.g. '{shot}'. Aim in "
            "degrees (0 to the right, counter-clockwise) or 'cup' (cup+2: two degrees to the "
            "left of the cup); {scale}; steep is how upright you hold the large counter (90: "
            "the highest flight). The start line is {distance} cm from the cup. {line} "
            "'? picture' draws the table.",
            shot=f"red 3 aim cup pressure {pressure:.2f} steep {steep:.0f}",
            scale=pressure_scale(), distance=number(game.start_distance() * 100, ".1f"),
            line=line_sentence(game))
    colours = COLOURS[: game.num_players()]
    number_ = parse_int(words[1]) if len(words) == 2 else None
    if words[:1] and words[0] in colours and number_ is None:
        return _("ask about one counter, such as '? {colour} 1' (numbered 1 to {most}).",
                 colour=_(words[0]), most=game.per_player)
    if state is not None and number_ is not None and words[0] in colours:
        if not 0 < number_ <= game.per_player:
            return _("counters are numbered 1 to {most}, not {number}.", most=game.per_player,
                     number=words[1])
        k = colours.index(words[0]) * game.per_player + number_ - 1
        c = state.position.counters[k]
        name = counter_words(k, game.per_player)
        if c.place == "cup":
            return _("{counter} is in the cup.", counter=name)
        lake = _(game.LAKE_WORD)
        where = {"line": _("on the start line"), "cloth": _("on the cloth"),
                 "lake": _("in the {lake}", lake=lake),
                 "dead": _("dead in the {lake}", lake=lake)}
        return _("{counter} lies {where}, {distance} from the cup's centre, which is at "
                 "{bearing}° from it.", counter=name, where=where[c.place],
                 distance=from_cup(*c.pose[:2]), bearing=number(state.cup_bearing(k), ".1f"))
    return None
