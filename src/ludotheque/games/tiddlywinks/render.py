"""The table seen from above, in text: counters as colour initial and number (``r3`` is red 3;
a capital, ``R3``, is dead in the lake; ``**`` is counters overlapping), the cup ``U``, the
lake's chalk circle ``:``, the table's edge ``.``; then each counter in words.

Seat 0 (red) sits at the bottom; bearings are degrees, 0 to the right, counter-clockwise.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from ludotheque.games.tiddlywinks.view import from_cup

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
        colour, number = counter["counter"].split()
        initial = colour[0].upper() if counter["place"] == "dead" else colour[0]
        mark = initial + number
        if 0 <= row < HEIGHT and 0 <= col < WIDTH - 1:
            taken = grid[row][col] not in (" ", ".", ":")
            grid[row][col:col + 2] = ["*", "*"] if taken else list(mark)
    lines = ["".join(r).rstrip() for r in grid]
    lines.append("r3 = red 3; R3 = dead; ** = counters overlapping; U = the cup"
                 + ("; : = the chalk circle" if lake else ""))
    if "result" in view:
        lines.append(f"turn {view['turns']}: the game is over")
    else:
        lines.append(f"turn {view['turns'] + 1}: {view['turn']} to play"
                     + (f" — aimed: {view['aimed']}" if "aimed" in view else ""))
    in_cup: dict[str, int] = {}
    for counter in view["counters"]:
        colour = counter["counter"].split()[0]
        in_cup[colour] = in_cup.get(colour, 0) + (counter["place"] == "cup")
    lines.append("in the cup: " + ", ".join(f"{c} {n}" for c, n in in_cup.items()))
    playable = set(view.get("playable", []))
    for counter in view["counters"]:
        if counter["place"] == "cup":
            continue
        bearing = math.degrees(math.atan2(-counter["y"], -counter["x"])) % 360
        where = {"line": "on the start line", "cloth": "on the cloth", "lake": "in the ring",
                 "dead": f"dead in the {game.LAKE_WORD}"}[counter["place"]]
        if counter["tilt"] >= 170:
            tilt = ", upside down"
        elif 80 <= counter["tilt"] <= 100:
            tilt = ", on its edge"
        else:
            tilt = f", tilted {counter['tilt']:.0f}°" if counter["tilt"] >= 3 else ""
        mark = "→ " if counter["counter"] in playable else "  "
        distance = from_cup(counter["x"], counter["y"])
        lines.append(f"{mark}{counter['counter']:<9} {where}{tilt}, {distance:>8} from the cup, "
                     f"which lies at {bearing:5.1f}°")
    if view.get("open ring"):
        lines.append("in the ring, open to others: " + ", ".join(view["open ring"]))
    if "playable" in view:
        lines.append("you may play: " + ", ".join(view["playable"]) if view["playable"]
                     else "no counter may be played: pass")
    if "result" in view:
        # Each seat's account; who won is the game's result, which every front end tells.
        lines.extend(view["result"][1:])
    return "\n".join(lines)
