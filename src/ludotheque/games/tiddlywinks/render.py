"""The table seen from above, in text: counters as colour initial and number (``r3`` is red 3;
a capital, ``R3``, is dead in the lake; ``**`` is counters overlapping), the cup ``U``, the
lake's chalk circle ``:``, the table's edge ``.``; then each counter in words. The marks are the
notation's in every language; the words are in the reader's.

Seat 0 (red) sits at the bottom; bearings are degrees, 0 to the right, counter-clockwise.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from ludotheque.core.i18n import _
from ludotheque.games.tiddlywinks.view import from_cup
from ludotheque.games.tiddlywinks.words import number

if TYPE_CHECKING:
    from ludotheque.games.tiddlywinks.game import TiddlywinksGame

WIDTH, HEIGHT = 61, 29


def render(game: TiddlywinksGame, view: dict[str, Any]) -> str:
    size = game.setup.table.size
    round_table = game.setup.table.shape == "round"
    lake = game.lake_radius()
    cup = game.CUP.outer_radius
    dx, dy = 2 * size / (WIDTH - 1), 2 * size / (HEIGHT - 1)
    grid = [[" "] * WIDTH for _ in range(HEIGHT)]
    for row in range(HEIGHT):
        for col in range(WIDTH):
            x, y = -size + col * dx, size - row * dy
            r = math.hypot(x, y)
            edge = (abs(r - size) < 0.75 * dx) if round_table else (
                max(abs(x), abs(y)) > size - dx / 2
            )
            if r <= cup:
                grid[row][col] = "U"
            elif lake and abs(r - lake) < dx / 2 + 0.002:
                grid[row][col] = ":"
            elif edge and (r <= size + dx / 2 or not round_table):
                grid[row][col] = "."
    for counter in view["counters"]:
        if counter["place"] == "cup":
            continue
        col = round((counter["x"] + size) / dx)
        row = round((size - counter["y"]) / dy)
        colour, numeral = counter["counter"].split()
        initial = colour[0].upper() if counter["place"] == "dead" else colour[0]
        mark = initial + numeral
        if 0 <= row < HEIGHT and 0 <= col < WIDTH - 1:
            taken = grid[row][col] not in (" ", ".", ":")
            grid[row][col:col + 2] = ["*", "*"] if taken else list(mark)
    lines = ["".join(r).rstrip() for r in grid]
    # The marks are the notation's (r3 is red 3) in every language; what they mean is told.
    lines.append(_("r3 = red 3; R3 = dead; ** = counters overlapping; U = the cup; : = the chalk "
                   "circle") if lake else
                 _("r3 = red 3; R3 = dead; ** = counters overlapping; U = the cup"))
    if "result" in view:
        lines.append(_("turn {turn}: the game is over", turn=view["turns"]))
    elif "aimed" in view:
        lines.append(_("turn {turn}: {seat} to play — aimed: {shot}", turn=view["turns"] + 1,
                       seat=_(view["turn"]), shot=view["aimed"]))
    else:
        lines.append(_("turn {turn}: {seat} to play", turn=view["turns"] + 1,
                       seat=_(view["turn"])))
    in_cup: dict[str, int] = {}
    for counter in view["counters"]:
        colour = counter["counter"].split()[0]
        in_cup[colour] = in_cup.get(colour, 0) + (counter["place"] == "cup")
    lines.append(_("in the cup: {counts}",
                   counts=", ".join(f"{_(c)} {n}" for c, n in in_cup.items())))
    playable = set(view.get("playable", []))
    lake_word = _(game.LAKE_WORD)
    for counter in view["counters"]:
        if counter["place"] == "cup":
            continue
        bearing = math.degrees(math.atan2(-counter["y"], -counter["x"])) % 360
        where = {"line": _("on the start line"), "cloth": _("on the cloth"),
                 "lake": _("in the ring"),
                 "dead": _("dead in the {lake}", lake=lake_word)}[counter["place"]]
        if counter["tilt"] >= 170:
            tilt = _(", upside down")
        elif 80 <= counter["tilt"] <= 100:
            tilt = _(", on its edge")
        else:
            tilt = _(", tilted {degrees}°", degrees=number(counter["tilt"])) \
                if counter["tilt"] >= 3 else ""
        mark = "→ " if counter["counter"] in playable else "  "
        distance = from_cup(counter["x"], counter["y"])
        colour, number_ = counter["counter"].split()
        name = f"{_(colour)} {number_}"
        lines.append(mark + _("{counter} {where}{tilt}, {distance} from the cup, which lies at "
                              "{bearing}°", counter=f"{name:<9}", where=where, tilt=tilt,
                              distance=f"{distance:>8}", bearing=f"{number(bearing, '.1f'):>5}"))
    if view.get("open ring"):
        lines.append(_("in the ring, open to others: {counters}",
                       counters=", ".join(_words(c) for c in view["open ring"])))
    if "playable" in view:
        lines.append(_("you may play: {counters}",
                       counters=", ".join(_words(c) for c in view["playable"]))
                     if view["playable"] else _("no counter may be played: pass"))
    if "result" in view:
        # Each seat's account; who won is the game's result, which every front end tells.
        lines.extend(view["result"][1:])
    return "\n".join(lines)


def _words(name: str) -> str:
    """A counter the view names (``red 3``) as a sentence names it in the reader's language."""
    colour, number_ = name.split()
    return f"{_(colour)} {number_}"
