"""What a seat of Crypto géographique sees, in either rule set: the form of
``state.observation(player)``, declared once.

The same value is the JSON a browser client receives and what an agent reads; its JSON Schema
is ``docs/views/crypto-geographique.schema.json`` (the combinations game) and
``docs/views/crypto-geographique-chaine.schema.json`` (the chain game). A card is written by
its département's name (``Somme``), ``F`` for a fakir; a seat by its name (``north``).

>>> import ludotheque
>>> for name, view in (("crypto-geographique", CryptoGeographiqueView),
...                    ("crypto-geographique-chaine", CryptoGeographiqueChainView)):
...     state = ludotheque.load_game(name).new_initial_state()
...     print(sorted(state.observation(None)) == sorted(view.__annotations__))
True
True
"""

from __future__ import annotations

from typing import Annotated, Literal, TypedDict

#: The seats' names, at two to five players (``SEATING`` in ``core/cards.py``).
_SEATS = (
    "north and south; north, east and west; north, east, south and west; or north, "
    "north-east, south-east, south-west and north-west"
)

# --- the combinations game ------------------------------------------------------------------

#: What happens next in the combinations game (``Phase`` in ``game.py``, and ``over``).
Phase = Literal["deal", "take", "stock", "discard", "consent", "over"]

#: How a round of the combinations game ended.
Ending = Literal["stop", "stock"]

# Its key has a space, so the class is written in TypedDict's functional form.
ShownHands = TypedDict(
    "ShownHands",
    {
        "ended by": Annotated[
            Ending,
            "stop: a seat said «j'arrête» as he discarded (in teams, his partner agreeing); "
            "stock: the stock ran out",
        ],
        "hands": Annotated[
            dict[str, list[str]],
            "every seat's hand as shown when the round ended, by seat name, in the order he "
            "received the cards",
        ],
    },
)
ShownHands.__doc__ = """How the last round played out ended, and every hand, shown to all then
(«on ne montre son jeu que lorsqu'un partenaire arrête ou lorsque le talon est épuisé»)."""


class CryptoGeographiqueView(TypedDict):
    """What one seat of Crypto géographique's combinations game sees, or a spectator (seat
    null). Public, and the same for all: the whole discard pile, the fakirs each seat has
    exposed, the stock's size, the points, and every hand of the last round played out, shown
    when it ended. A seat alone sees his own hand (hand) and how it splits into combinations
    (combinations), both empty for a spectator; last names a card dealt or drawn from the
    stock only to the seat that received it. Nobody sees another seat's hand in a round under
    way («cartes en main»), nor the stock's cards. A card is written by its département's
    name (Somme), or F for a fakir; a seat by its name (north)."""

    game: Annotated[str, "the rule set's id, crypto-geographique"]
    seat: Annotated[str | None, "whose view this is, by seat name; null for a spectator"]
    players: Annotated[list[str], f"every seat's name in the order of play: {_SEATS}"]
    dealer: Annotated[
        str, "the seat that dealt this round: the last seat deals the first, then the next seat"
    ]
    teams: Annotated[
        bool,
        "whether four play in two teams of two, partners opposite (north with south, east "
        "with west), each team's points added",
    ]
    phase: Annotated[
        Phase,
        "what happens next: deal (seven cards each, fakirs exposed and replaced, the pile "
        "turned up), take (to_move takes the visible card or the stock's top card), stock "
        "(chance draws his card from the stock, or a fakir's replacement), discard (he throws one "
        "of his eight, and may stop), consent (in teams, his partner agrees to stop or "
        "refuses), over (the game is over by its rules; one stopped at its limit keeps the "
        "phase it stopped in)",
    ]
    to_move: Annotated[
        str | None,
        "the seat to decide now (in phase consent, the partner of the seat who asked to "
        "stop); null while chance acts (the deal, a card drawn) and once the game is over, by "
        "its rules or at its limit",
    ]
    hand: Annotated[
        list[str],
        "this seat's hand, seen by him alone, sorted by number: seven cards, eight in phase "
        "discard, fewer while being dealt; empty for a spectator; once the game is over, the "
        "hand he ended with",
    ]
    combinations: Annotated[
        list[list[str]],
        "this seat's hand split as it scores best: each combination two to seven touching "
        "départements, sorted by number, a card in none not listed; empty for a spectator and "
        "when no two of his cards touch",
    ]
    fakirs: Annotated[
        dict[str, int],
        "each seat's fakirs exposed this round, 20 points each when it ends, by seat name",
    ]
    pile_top: Annotated[
        str | None,
        "the visible card, the discard pile's top (F when the card turned up is a fakir); null "
        "during the deal, and when its only card has just been taken",
    ]
    pile: Annotated[
        list[str],
        "every card of the discard pile, bottom first, pile_top last: each went down face up, "
        "so a player with a memory knows them all; empty during the deal",
    ]
    stock: Annotated[int, "how many cards are left in the stock (talon), face down"]
    totals: Annotated[
        dict[str, int],
        "each seat's points from the rounds played out, by seat name (in teams, both partners "
        "carry their team's); the round under way counts nothing until it ends",
    ]
    last_round: Annotated[
        ShownHands | None,
        "the last round played out, how it ended and every hand shown; null until the first "
        "round ends",
    ]
    last: Annotated[
        str | None,
        "the last action in a sentence, as this viewer may know it (a card dealt or drawn from "
        "the stock named to its receiver alone); null before the first card is dealt",
    ]


# --- the chain game («une autre règle du jeu») ----------------------------------------------

#: How a round of the chain game ended.
ChainEnding = Literal["hand", "stock"]

# Its key has a space, so the class is written in TypedDict's functional form.
RoundResult = TypedDict(
    "RoundResult",
    {
        "ended by": Annotated[
            ChainEnding,
            "hand: the winner laid his last card; stock: the stock ran out",
        ],
        "winner": Annotated[
            str,
            "the seat that won the round and was paid the penalties: the one with no card "
            "left, or else the one with the fewest penalty points",
        ],
    },
)
RoundResult.__doc__ = """One round of the chain game played out: how it ended and who won it."""


class CryptoGeographiqueChainView(TypedDict):
    """What one seat of Crypto géographique's chain game («une autre règle du jeu») sees, or a
    spectator (seat null). Public, and the same for all: the cards laid, the visible card and
    what touches it, how many cards each seat holds, the fakirs exposed, the stock's size, the
    penalties, the rounds played out and the round's log as the table saw it. A seat alone
    sees his own hand (hand), empty for a spectator; last names a card dealt or drawn as a
    penalty only to the seat that received it. Nobody sees another seat's hand, nor the
    stock's cards. A card is written by its département's name (Somme); a seat by its name
    (north)."""

    game: Annotated[str, "the rule set's id, crypto-geographique-chaine"]
    seat: Annotated[str | None, "whose view this is, by seat name; null for a spectator"]
    players: Annotated[list[str], f"every seat's name in the order of play: {_SEATS}"]
    dealer: Annotated[
        str, "the seat that dealt this round: the last seat deals the first, then the next seat"
    ]
    rounds: Annotated[
        list[RoundResult],
        "each round played out, in order: how it ended and who won it; empty until the first ends",
    ]
    to_move: Annotated[
        str | None,
        "the seat to lay a card or say done; null while chance acts (the deal, the penalty "
        "card of a seat that cannot follow) and once the game is over",
    ]
    over: Annotated[
        bool, "whether the game is over: its rounds played out, or stopped at its limit"
    ]
    hand: Annotated[
        list[str],
        "this seat's hand, seen by him alone, sorted by number: nine dealt (fewer while the "
        "deal goes on), one more for each penalty card; empty for a spectator and once he has "
        "laid his last card",
    ]
    cards: Annotated[dict[str, int], "how many cards each seat holds, by seat name"]
    fakirs: Annotated[
        dict[str, int],
        "each seat's fakirs exposed this round, each taking 40 off what he pays, by seat name",
    ]
    laid: Annotated[
        list[str],
        "the cards laid this round in the order they went down, the card turned up first and "
        "the visible card last; empty during the deal",
    ]
    laid_by: Annotated[
        str | None,
        "the seat that laid the visible card; null when it is the card turned up, and during "
        "the deal",
    ]
    failures: Annotated[
        int,
        "the turns since the visible card was laid in which a seat could not follow it (and "
        "drew a penalty card); once all the others have (all, for the card turned up), its layer "
        "may lay any card",
    ]
    chained: Annotated[
        bool,
        "whether to_move has laid a card this turn: he then lays one touching it or says done",
    ]
    visible: Annotated[
        str | None, "the visible card, the last laid, which the next card must touch; null "
        "during the deal",
    ]
    visible_neighbours: Annotated[
        list[str],
        "every département of the deck that touches the visible card (of the leaflet's "
        "deck, every one), sorted by name, wherever it is (laid, in a hand or in the stock); "
        "empty during the deal",
    ]
    stock: Annotated[int, "how many cards are left in the stock (talon), face down"]
    totals: Annotated[
        dict[str, int],
        "each seat's penalties over the rounds played out, by seat name: what he was paid as "
        "winner less what he paid, negative when he paid more; the round under way counts "
        "nothing until it ends",
    ]
    log: Annotated[
        list[list[str]],
        "the round as the table saw it, in order, each entry three strings: a seat's name, "
        "lays or cannot follow, and the card he laid or could not follow (he then drew); "
        "empty during the deal",
    ]
    last: Annotated[
        str | None,
        "the last action in a sentence, as this viewer may know it (a card dealt or drawn as "
        "a penalty named to its receiver alone); null before the first card is dealt",
    ]
