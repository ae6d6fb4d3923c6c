"""What a seat of Jacquet sees: the form of ``state.observation(player)``.

The game hides nothing, so a seat's view and the spectator's differ only in ``seat``. Points
come twice, for two kinds of reader: ``points`` is the whole board in one numbering (White's),
for drawing it; ``sides`` gives each player's counts in his own terms, for judging the race.

>>> import ludotheque
>>> state = ludotheque.load_game("jacquet").new_initial_state()
>>> seat, spectator = state.observation(0), state.observation(None)
>>> [key for key in seat if seat[key] != spectator[key]], seat["sides"]["black"]["pips"]
(['seat'], 360)
"""

from __future__ import annotations

from typing import Annotated, Literal, TypedDict

#: A seat by its colour: seat 0 has the white checkers, seat 1 the black.
Seat = Literal["white", "black"]
#: Where the turn stands, as in the position's notation.
Stage = Literal["lot", "dice", "move", "won"]
#: The text the rules follow (option ``reading``).
ReadingName = Literal["moulidars-1840", "dlp-summary"]


class SideView(TypedDict):
    """One player's checkers off the points and his race, counted in his own numbering (his
    talon is his point 1, his fourth table his points 19–24)."""

    bar: Annotated[
        int,
        "his checkers hit and waiting to enter again; always 0 under the moulidars-1840 "
        "reading, where no checker is hit",
    ]
    off: Annotated[int, "his checkers borne off, 0 to 15; he wins when all fifteen are"]
    courier_home: Annotated[
        bool,
        "whether one of his checkers (the courier) has reached his fourth table, which lifts "
        "the courier rule; once true it stays true, even if that checker is hit since",
    ]
    pips: Annotated[
        int,
        "points his checkers still have to travel to be borne off (the pip count), a checker "
        "on the bar counting 25; 360 at the start, 0 when all are off",
    ]
    in_fourth_table: Annotated[
        int,
        "his checkers on his points 19 to 24, from which they are borne off (those already "
        "off not counted)",
    ]


class SidesView(TypedDict):
    """Both players' counts, by colour."""

    white: Annotated[SideView, "the white checkers' counts (seat 0)"]
    black: Annotated[SideView, "the black checkers' counts (seat 1)"]


class JacquetView(TypedDict):
    """What a seat of Jacquet sees, and the spectator alike: the game hides nothing."""

    game: Annotated[Literal["jacquet"], "the rule set's id"]
    reading: Annotated[
        ReadingName,
        "the text the rules follow (option reading): moulidars-1840, no hitting and the "
        "courier alone leaves the talon; dlp-summary, a lone checker is hit and enters again",
    ]
    seat: Annotated[Seat | None, "whose view this is, by colour; null for a spectator"]
    position: Annotated[
        str,
        "the position in the game's notation: White's side, Black's side and the stage, "
        "such as '1x14,7 1x15 dice:black' or '1x15 1x15 move:white:6-5:6,5' "
        "(docs/rules/jacquet.md)",
    ]
    stage: Annotated[
        Stage,
        "lot: who throws first is being drawn; dice: to_move's dice are rolling; move: "
        "to_move plays the dice left; won: a player has borne off all fifteen and the game "
        "is over. A game stopped at its limit (not a rule) stays at move, or at dice where "
        "it stopped at a turn whose throw could not be played",
    ]
    to_move: Annotated[
        Seat | None,
        "whose turn it is: whose dice are rolling or who plays them, and once the game is won "
        "the winner; null while the lot is being drawn",
    ]
    throw: Annotated[
        str | None,
        "the throw to_move is playing, high die first ('6-5', '3-3'); null at every other "
        "stage, the end of the game included",
    ]
    dice_left: Annotated[
        list[int],
        "the dice of the throw still to play, high first (four for a doublet, fewer as they "
        "are played); empty before a throw has fallen, and at the game's end those the "
        "winner did not need",
    ]
    points: Annotated[
        list[int],
        "the 24 points in White's numbering (the first is White's point 1, his talon, and "
        "Black's point 13): a positive count is White's checkers, a negative one Black's, 0 "
        "an empty point",
    ]
    sides: Annotated[SidesView, "each player's bar, checkers off, courier and race"]
    last: Annotated[
        str | None,
        "what the last action did, told as at the table ('white throws 6-5 (coup simple).', "
        "'white plays 1/7.'), at the end with the result; null before the lot is drawn",
    ]
    winner: Annotated[
        Seat | None,
        "who has borne off all fifteen and won; null while the game goes on, and in a game "
        "stopped at its limit",
    ]
