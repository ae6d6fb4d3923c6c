"""What a seat of Dames rabattues sees: the form of ``state.observation(player)``.

The game hides nothing, so a seat's view and the spectator's differ only in ``seat``. The names
are the 1792 article's where it has one: a side knocks down (*rabat*) and then raises (*lève*).

>>> import ludotheque
>>> state = ludotheque.load_game("dames-rabattues").new_initial_state()
>>> seat, spectator = state.observation(0), state.observation(None)
>>> [key for key in seat if seat[key] != spectator[key]], seat["sides"]["white"]
(['seat'], {'phase': 'knock', 'left': [1, 1, 1, 2, 2, 2]})
"""

from __future__ import annotations

from typing import Annotated, Literal, TypedDict

#: A seat by its colour: seat 0 has the white checkers, seat 1 the black.
Seat = Literal["white", "black"]
#: Where the turn stands, as in the position's notation.
Stage = Literal["lot", "throw", "dice", "won"]
#: A side's phase in words: knocking down (*rabattre*), then raising (*lever*).
PhaseName = Literal["knock", "raise"]


class SideView(TypedDict):
    """One player's six piles, on his points 1 (nearest the light) to 6 (by the bar)."""

    phase: Annotated[
        PhaseName,
        "knock: he is still knocking down (rabattre) the nine checkers stacked on his piles; "
        "raise: all nine are down, and he is lifting (lever) his fifteen off the board",
    ]
    left: Annotated[
        list[int],
        "six counts, for his points 1 to 6 in order: while knocking down, the checkers still "
        "standing to knock down (at most 1, 1, 1, 2, 2, 2); while raising, the checkers still "
        "on the point to raise (at most 2, 2, 2, 3, 3, 3); all 0 when he has raised all fifteen",
    ]


class SidesView(TypedDict):
    """Both players' piles, by colour."""

    white: Annotated[SideView, "the white checkers' piles (seat 0)"]
    black: Annotated[SideView, "the black checkers' piles (seat 1)"]


class DamesRabattuesView(TypedDict):
    """What a seat of Dames rabattues sees, and the spectator alike: the game hides nothing."""

    game: Annotated[Literal["dames-rabattues"], "the rule set's id"]
    seat: Annotated[Seat | None, "whose view this is, by colour; null for a spectator"]
    position: Annotated[
        str,
        "the position in the game's notation: White's side, Black's side and the stage, "
        "such as 'k011221 k111222 throw:black' (docs/rules/dames-rabattues.md)",
    ]
    stage: Annotated[
        Stage,
        "lot: who throws first is being drawn; throw: to_throw is to throw; dice: to_throw's "
        "dice are rolling; won: a player has raised all fifteen and the game is over. A game "
        "stopped at its limit (not a rule) stays at throw",
    ]
    to_throw: Annotated[
        Seat | None,
        "who has the dice: whose throw is next or rolling, and once the game is won the "
        "winner; null while the lot is being drawn",
    ]
    sides: Annotated[SidesView, "each player's piles: what is left to knock down or raise"]
    throws: Annotated[int, "throws fallen so far, both players' together; 0 before the first"]
    last: Annotated[
        str | None,
        "the last throw told in words, what each player played with it and what nobody could "
        "('white throws 6-1 (coup simple): white knocks down 6 and 1.'); null until the first "
        "throw has fallen",
    ]
    winner: Annotated[
        Seat | None,
        "who has raised all fifteen and won; null while the game goes on, and in a game "
        "stopped at its limit",
    ]
