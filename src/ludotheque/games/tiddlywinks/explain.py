"""What a person may ask at a tiddlywinks table (the manifest's ``explain``): how a shot is
written, with one that reaches the cup from this table's start line; where a counter lies; a
picture of the table now."""

from __future__ import annotations

import math
from pathlib import Path

from ludotheque.core.errors import LudothequeError
from ludotheque.core.numbers import parse_int
from ludotheque.core.output import check_output
from ludotheque.games.tiddlywinks.game import TiddlywinksGame, TiddlywinksState
from ludotheque.games.tiddlywinks.options import COLOURS
from ludotheque.games.tiddlywinks.picture import picture
from ludotheque.games.tiddlywinks.player import pot_speed, pressure_for, steep_for


def line_shot(game: TiddlywinksGame) -> tuple[float, float]:
    """The pressure and steepness that reach the cup from this table's start line, as the
    aiming player judges them when it judges exactly."""
    elevation = 60.0  # the aiming player's flight from afar
    steep = steep_for(elevation)
    speed = pot_speed(game, game.start_distance(), elevation) or 0.0
    return pressure_for(game, speed, steep), steep


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
            "A shot: COLOUR N aim DEGREES pressure 0-1 steep 0-90, e.g. 'red 3 aim cup "
            f"pressure {pressure:.2f} steep {steep:.0f}'. Aim in degrees (0 to the right, "
            "counter-clockwise) or 'cup' (cup+2: two degrees to the left of the cup); "
            "pressure from a touch (0.1: a hop of a few cm) to full (1.0: across the "
            "table); steep is how upright you hold the large counter (90: the highest "
            f"flight). From the start line, {game.start_distance() * 100:.1f} cm from the "
            f"cup, pressure about {pressure:.2f} at steep {steep:.0f} reaches the cup. "
            "'? picture' draws the table."
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
        distance = math.hypot(*c.pose[:2]) * 100
        return (f"{name} lies {distance:.1f} cm from the cup's centre, which is at "
                f"{state.cup_bearing(k):.1f}° from it ({c.place}).")
    return None
