"""What a seat of Crypto-90 sees: the form of ``state.observation(player)``, declared once.

The same value is the JSON a browser client receives and what an agent reads; its JSON Schema
is ``docs/views/crypto-90.schema.json``. A card is written as on the leaflet: two digits for a
number (``07``), ``F`` for a fakir; a seat by its name (``north``).

>>> import ludotheque
>>> game = ludotheque.load_game("crypto-90")
>>> state = game.new_initial_state()
>>> sorted(state.observation(None)) == sorted(Crypto90View.__annotations__)
True
"""

from __future__ import annotations

from typing import Annotated, Literal, TypedDict

#: What happens next, as the view writes it (``Phase`` in ``table.py``, and ``over``).
Phase = Literal["deal", "draw", "stock", "place", "hypnotise", "end", "over"]


class SeatScore(TypedDict):
    """One seat's points for a round, item by item as on the leaflet's table («la marque»)."""

    total: Annotated[int, "his points for the round, the items added up"]
    items: Annotated[
        list[str],
        "each item he scored with its points, in the table's order (round won 250, unused "
        "fakirs 50, series 40, all even or all odd 100, the nine tens 100); empty if none",
    ]


class LastRound(TypedDict):
    """How the last round played out ended, and what each seat scored in it; shown to all."""

    winner: Annotated[
        str | None,
        "the seat that laid his ninth card and won the round; null when the stock ran out and "
        "no hand card completed its row",
    ]
    scores: Annotated[dict[str, SeatScore], "each seat's points for the round, by seat name"]


class Crypto90View(TypedDict):
    """What one seat of Crypto-90 sees, or a spectator (seat null). Public, and the same for
    all: every row, the fakirs set aside, the whole discard pile, the stock's size, the points
    and the last round's scores. A seat alone sees his own hand card (hand) and the card he has
    just drawn from the stock (taken); a spectator gets hand null and a stock card unnamed, and
    last names a card dealt or drawn from the stock only to the seat that received it. Nobody
    sees another seat's hand card or the stock's cards. A card is written with two digits as
    on the leaflet (07), or F for a fakir; a seat by its name (north)."""

    game: Annotated[str, "the rule set's id, crypto-90"]
    seat: Annotated[
        str | None, "whose view this is, by seat name (north, east, south, west); null for a "
        "spectator",
    ]
    players: Annotated[
        list[str],
        "every seat's name in the order of play: north and south; north, east and west; or "
        "north, east, south and west",
    ]
    round: Annotated[
        int, "the round (manche) in play, from 1; once the game is over, the last one played"
    ]
    dealer: Annotated[
        str, "the seat that dealt this round: the last seat deals the first, then the next seat"
    ]
    phase: Annotated[
        Phase,
        "what happens next: deal (the cards dealt, fakirs replaced, the pile turned up), draw "
        "(to_move takes the stock's or the pile's top card), stock (chance draws his card from "
        "the stock), place (he exchanges the card taken for his hand card or a row card, or "
        "rejects a stock card), hypnotise (he puts a fakir in a row, or passes), end (he lays "
        "his ninth card, or ends his turn), over (the game is over by its rules; one stopped at "
        "its limit keeps the phase it stopped in)",
    ]
    to_move: Annotated[
        str | None,
        "the seat to decide now; null while chance acts (the deal, a card drawn from the "
        "stock) and once the game is over by its rules (stopped at its limit, it still names "
        "the seat that would have decided)",
    ]
    rows: Annotated[
        dict[str, list[str | None]],
        "each seat's row (rangée) of eight cards face up, left to right, by seat name: 01 "
        "to 90, or F (a fakir hypnotised into it, or dealt and not yet replaced); null for a "
        "place not yet dealt",
    ]
    fakirs_set_aside: Annotated[
        dict[str, int],
        "each seat's fakirs set aside beyond his row, his to hypnotise with (50 points each if "
        "unused when the round ends), by seat name",
    ]
    hand: Annotated[
        str | None,
        "this seat's hand card (carte en main), seen by him alone: 01 to 90, or F for a fakir "
        "dealt to his hand and not yet replaced; null for a spectator and before it is dealt",
    ]
    taken: Annotated[
        str | None,
        "the card to_move has taken this turn, to exchange (phase place): named to all when "
        "taken from the pile, to its taker alone when drawn from the stock (null for the "
        "others and a spectator); null in every other phase",
    ]
    taken_from: Annotated[
        Literal["stock", "pile"] | None,
        "where the card taken this turn came from, told to all even when the card is not; "
        "null when no card waits to be exchanged (outside phase place)",
    ]
    mover: Annotated[
        str | None,
        "the seat whose turn is under way once he has taken a card (phases place, hypnotise "
        "and end: to_move then); null in every other phase, draw included",
    ]
    pile_top: Annotated[
        str | None,
        "the discard pile's top card, the only one face up (a fakir there cannot be taken); "
        "null before the dealer turns up the first, and when its only card has just been taken",
    ]
    pile: Annotated[
        list[str],
        "every card of the discard pile, bottom first, pile_top last: each went down face up, "
        "so a player with a memory knows them all (a card hypnotised out of a row goes under "
        "it); empty during the deal",
    ]
    stock: Annotated[int, "how many cards are left in the stock (talon), face down"]
    totals: Annotated[
        dict[str, int],
        "each seat's points from the rounds played out, by seat name; the round under way "
        "counts nothing until it ends",
    ]
    last_round: Annotated[
        LastRound | None,
        "how the last round played out ended and each seat's points in it; null until the "
        "first round ends",
    ]
    last: Annotated[
        str | None,
        "the last action in a sentence, as this viewer may know it (a card dealt or drawn from "
        "the stock named to its receiver alone); null before the first card is dealt",
    ]
