"""What a seat of Cabriole or Tiddledy Winks sees: the form of ``state.observation(player)``.

Both rule sets share one table, so they share one view. Nothing on the table is hidden: every
seat's view and the spectator's are the same. Lengths are in metres from the cup's axis, on the
picture's axes (red sits at the bottom, x to the right, y up, z up from the cloth); a counter is
named by its owner's colour and its number on his start line, from his left (``red 1``).

>>> import ludotheque
>>> state = ludotheque.load_game("tiddledy-winks").new_initial_state()
>>> view = state.observation(None)
>>> set(view) <= set(TiddlywinksView.__annotations__), view == state.observation(1)
(True, True)
>>> view["counters"][0]
{'counter': 'red 1', 'place': 'line', 'x': -0.0448, 'y': -0.2976, 'z': 0.001, 'tilt': 0.0}
"""

from __future__ import annotations

import math
from typing import Annotated, Literal, NotRequired, TypedDict

from ludotheque.games.tiddlywinks.words import centimetres

#: The two rule sets, by id.
RuleSet = Literal["cabriole", "tiddledy-winks"]
#: A seat by its colour: red at the bottom of the picture, the others counter-clockwise.
Colour = Literal["red", "blue", "green", "yellow", "purple", "orange"]
#: Where the rules have a counter (``table.Counter``); a counter on the cup's rim is never
#: one of these for long: the ``rim`` option makes it cloth, lake or cup.
Place = Literal["line", "cloth", "cup", "lake", "dead"]


class CounterView(TypedDict):
    """One small counter (petit jeton): where the rules have it, and where it lies."""

    counter: Annotated[
        str,
        "its name: its owner's colour and its number on his start line, from his left, 1 to "
        "the counters each player has ('red 1')",
    ]
    place: Annotated[
        Place,
        "where the rules have it: line (on its owner's start line, not played since it came "
        "there); cloth (in play anywhere else, on the cup's rim included with rim=stays); cup "
        "(potted, for good); lake (taken by Horsman's ring under Variation III, still in "
        "play); dead (lost for good in the lake or ring: Cabriole's lake=lost, Horsman's "
        "Variation I)",
    ]
    x: Annotated[
        float,
        "its centre's distance right (+) or left (-) of the cup's axis as the picture shows "
        "it, metres to 0.1 mm; in the cup or dead, where it came to rest there",
    ]
    y: Annotated[
        float,
        "its centre's distance up (+, away from red's seat) or down (-) from the cup's axis "
        "as the picture shows it, metres to 0.1 mm; in the cup or dead, where it came to rest",
    ]
    z: Annotated[
        float,
        "its centre's height above the cloth, metres to 0.1 mm: half its thickness (0.001) "
        "lying flat on the cloth, more leaning on another counter or on the rim, about 0.005 "
        "to 0.006 lying on the cup's floor when potted",
    ]
    tilt: Annotated[
        float,
        "the angle between its axis and the vertical, degrees to 0.1: 0 lying flat face up, "
        "90 standing on its edge, 180 lying flat upside down",
    ]


class TableView(TypedDict):
    """The table as it stands, to draw it to scale: the same all game."""

    shape: Annotated[Literal["round", "square"], "the table top: round, or a square card table"]
    size: Annotated[float, "the round table's radius, or the square table's half-side, metres"]
    cup: Annotated[
        list[float],
        "the cup at the table's centre (la coupe): its mouth's inner radius, outer radius and "
        "height, metres",
    ]
    counter: Annotated[float, "a small counter's radius, metres"]
    lake: Annotated[
        float,
        "the chalk circle's radius round the cup (Cabriole's lake, Horsman's ring), metres; 0 "
        "where there is none (Horsman without a variation)",
    ]
    start: Annotated[
        float,
        "the start lines' distance from the cup's axis, metres: each seat's counters stand on "
        "an arc of that radius in front of him, red's at the bottom, the others "
        "counter-clockwise",
    ]


class FlightView(TypedDict):
    """The last shot's flight, sampled at a steady rate: every counter it moved, frame by frame,
    from the press to rest (or to where it left the table)."""

    counter: Annotated[str, "the counter shot, by name ('red 3')"]
    played: Annotated[
        list[float],
        "the shot as the hand played it: bearing in degrees (0 to the right of the picture, "
        "counter-clockwise), pressure 0 to 1, steepness 0 to 90",
    ]
    every: Annotated[float, "the seconds between two frames, in the table's own time"]
    paths: Annotated[
        dict[str, list[int]],
        "for each counter that moved, by name, its frames one after another, four whole "
        "numbers each: x, y and z in tenths of a millimetre (as the counters' x, y, z) and its "
        "tilt in degrees; a path stops at the frame where its counter went over the edge",
    ]


# A class cannot declare "open ring" (a name with a space), so the fields are declared in the
# functional form, in the order of the view, and the class below gives the view its name and
# description.
_Fields = TypedDict("_Fields", {
    "game": Annotated[
        RuleSet,
        "the rule set's id: Cabriole (Mauclair-Dacier, c. 1900) or Horsman's Tiddledy Winks "
        "(c. 1890)",
    ],
    "turn": Annotated[
        Colour,
        "whose turn it is: the seat to shoot or pass next, and the shooter while his shot "
        "waits for its tremble (potting the counter he played, one of his side's, keeps the "
        "turn with him unless it passes after every shot); once the game is over, the seat "
        "that would have played next",
    ],
    "table": Annotated[TableView, "the table, the cup, the lake and the start lines to scale"],
    "counters": Annotated[
        list[CounterView],
        "every small counter at the table, potted and dead ones included, in seat order and "
        "by number (red 1, red 2, …, blue 1, …): the same length all game",
    ],
    "lost": Annotated[
        list[int],
        "for each seat in seat order (red first), its counters lost for good in the lake or "
        "ring, each costing its owner the fine in Cabriole (lake=lost; Horsman's Variation I "
        "has no fine); all 0 under any other rule",
    ],
    "open ring": Annotated[
        list[str],
        "Horsman's Variation III: the counters in the ring that players other than the one "
        "whose shot sent them there may play instead of their own until their owner's turn "
        "comes, by name in alphabetical order; empty otherwise, and always in Cabriole",
    ],
    "due": Annotated[
        list[str],
        "Horsman's Variation II (played_out=next-turn): the counters the ring sent back to "
        "the start line, which their owners must play out at their next turn unless covered, "
        "by name in alphabetical order; empty otherwise, and always in Cabriole",
    ],
    "turns": Annotated[
        int,
        "the shots and passes played so far, every seat's (another shot after a pot counts "
        "as one more): what the limit counts; 0 before the first",
    ],
    "aimed": NotRequired[Annotated[
        str,
        "the shot aimed, before its tremble is drawn, in the shot notation ('red 3 aim 212.5 "
        "pressure 0.62 steep 40': the bearing in degrees, 0 to the right of the picture, "
        "counter-clockwise; pressure 0 to 1; steepness 0 flat to 90 upright); present only "
        "while the shot waits for the hand's tremble",
    ]],
    "playable": NotRequired[Annotated[
        list[str],
        "the counters the seat to act may shoot now, by name in seat and number order: his "
        "own (from the start line until all have left it), his camp's within his reach or his "
        "partner's, any open in the ring, none an opponent's covers, only those due if any; "
        "empty when he must pass; absent while a shot waits for its tremble and once the game "
        "is over",
    ]],
    "last": NotRequired[Annotated[
        list[str],
        "the last shot in words, in the reader's language: first where the counter played "
        "went, told from the cup in centimetres ('red 2 jumped 12.0 cm towards the cup and "
        "stopped 3.0 cm short of it': into the cup, onto its rim, short of it, past it, wide "
        "of it to the left or right as its player faces the cup, away from it, or only slid), "
        "after a line naming the seat who played it if the counter is not his own; then a "
        "line for each other counter it potted, left on the rim or moved, for each it sent "
        "into the lake or ring or off the table (the one played included), for one it left "
        "covering an opponent's, and another shot after a pot; still the last shot's while "
        "the next waits for its tremble; absent before the first shot and after a pass",
    ]],
    "written": NotRequired[Annotated[
        list[str],
        "the last shot in the notation, beside its words ('last'): as its seat aimed it ('red "
        "aimed: red 2 aim 92.1 pressure 1.00 steep 60') and as the hand gave it ('the hand "
        "gave: red 2 aim 92.5 pressure 0.96 steep 64'), the sentences in the reader's "
        "language and the notation in the words he may type; present with 'last'",
    ]],
    "flight": NotRequired[Annotated[
        FlightView,
        "the last shot's flight, to watch it again: present with the last shot's words ('last') "
        "until the next shot is aimed",
    ]],
    "result": NotRequired[Annotated[
        list[str],
        "the final account once the game is over: who wins the pool ('red wins the pool'), "
        "then for each seat in order its gain or loss in stakes, its counters in the cup and "
        "any lost ('blue: -1.00 stakes (2/4 in the cup)'); one line instead if the limit "
        "stopped the game ('stopped unfinished after 2000 turns: every stake goes back'); "
        "absent while the game goes on",
    ]],
})


class TiddlywinksView(_Fields):
    """What a seat of Cabriole or Tiddledy Winks sees, and the spectator alike: the table hides
    nothing, so every view of a position is the same."""


def seen(length: float) -> float:
    """A length as the view gives it: to a tenth of a millimetre."""
    return round(length, 4)


def from_cup(x: float, y: float) -> str:
    """How far from the cup's axis a counter at (x, y) lies, as every sentence tells it: from
    where the view puts it, in centimetres to a tenth, so that two answers never differ; in
    the reader's decimal sign.

    >>> from_cup(0.03345, 0.0)  # 3.345 cm, shown at 3.35 by the view
    '3.4 cm'
    """
    return centimetres(math.hypot(seen(x), seen(y)))
