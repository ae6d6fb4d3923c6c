"""The rules of Crypto-90 that judge cards: what wins, the best series, and the scoring table.

Cards are the numbers 1–90, written with two digits as on the leaflet (``04``), and the fakirs
(:data:`FAKIR`, written ``F``). A row is a player's eight face-up cards, left to right.

The leaflet's three examples:

>>> nine = cards("04 12 27 32 48 55 63 78 86")
>>> winning_side(nine[:8], 86, players=4), winning_side(nine[1:], 3, players=4)
('right', 'left')
>>> winning_side(nine[:8], 86, players=2) is None  # two or three: all even or all odd
True
>>> even = cards("08 12 26 32 44 58 64 72 88")
>>> winning_side(even[:8], 88, players=2), nine_tens(even)
('right', True)
>>> best_series(cards("74 81 06 24 49 61 62 57")), series_points(cards("74 81 06 24 49 61 62 57"))
(5, 50)
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ludotheque.core.errors import NotationError
from ludotheque.core.i18n import N_, _
from ludotheque.core.numbers import parse_int

#: The fakir, a special card (six in the box).
FAKIR = 0
NUMBERS = range(1, 91)
FAKIRS = 6
ROW = 8


def card_name(card: int) -> str:
    """``07``, ``86``, or ``F`` for a fakir."""
    return "F" if card == FAKIR else f"{card:02d}"


def card_of(text: str) -> int:
    """The card written ``07``, ``7``, ``F`` or ``fakir``."""
    word = text.strip().lower()
    if word in ("f", "fakir"):
        return FAKIR
    number = parse_int(word)
    if number is not None and number in NUMBERS:
        return number
    raise NotationError(_("{text} is not a card; a card is a number from 01 to 90 or F.",
                          text=repr(text.strip())))


def cards(text: str) -> tuple[int, ...]:
    """Cards written one after another: ``'04 12 F 86'``."""
    return tuple(card_of(word) for word in text.split())


def in_order(row: tuple[int, ...]) -> bool:
    """Whether every card of the row is a number and each is higher than the one on its left."""
    return FAKIR not in row and all(a < b for a, b in itertools.pairwise(row))


def winning_side(row: tuple[int, ...], hand: int | None, players: int) -> str | None:
    """Where the hand card completes the nine, ``"left"`` or ``"right"``, or None if it does not.

    Rule "the goal": «avoir ses neuf cartes en ordre numérique croissant… la neuvième carte…
    placée soit à l'extrême gauche, soit à l'extrême droite de la rangée». Rule "even or odd":
    «A deux et à trois, la rangée gagnante devra être entièrement paire ou impaire. A quatre, on
    admet le jeu mélangé.»
    """
    if hand is None or hand == FAKIR or len(row) != ROW or not in_order(row):
        return None
    for side, nine in (("left", (hand, *row)), ("right", (*row, hand))):
        if in_order(nine) and (players >= 4 or single_parity(nine)):
            return side
    return None


def nine_of(row: tuple[int, ...], hand: int, side: str) -> tuple[int, ...]:
    return (hand, *row) if side == "left" else (*row, hand)


def single_parity(nine: tuple[int, ...]) -> bool:
    """All even or all odd."""
    return len({card % 2 for card in nine}) == 1


#: The two ways to cut the numbers into tens: the deck's nine tens 01–10, 11–20, … 81–90
#: (default), or by the tens digit, 01–09, 10–19, … 80–89 and 90 alone.
TENS = ("deck", "digit")


def ten_of(card: int, tens: str = TENS[0]) -> int:
    return (card - 1) // 10 if tens == TENS[0] else card // 10


def nine_tens(nine: tuple[int, ...], tens: str = TENS[0]) -> bool:
    """«Les neuf dizaines»: each card from a different ten, in order.

    >>> nine = cards("05 10 21 33 41 52 64 77 85")  # 05 and 10 share the ten 01–10
    >>> nine_tens(nine), nine_tens(nine, "digit")
    (False, True)
    """
    groups = [ten_of(card, tens) for card in nine]
    return in_order(nine) and all(a < b for a, b in itertools.pairwise(groups))


def best_series(row: tuple[int, ...]) -> int:
    """The most cards in one series of the row: two or more rising one after another, stopped
    by a lower card or by a fakir (0 if there is none).

    Rule "series": «On appelle série deux cartes ou davantage dont les chiffres vont en
    grandissant… s'arrête dès qu'elle arrive à une carte de chiffre inférieur. Elle s'arrête
    aussi au fakir».
    """
    best = run = 0
    previous = None
    for card in row:
        if card == FAKIR:
            run, previous = 0, None
            continue
        run = run + 1 if previous is not None and card > previous else 1
        previous = card
        best = max(best, run)
    return best if best >= 2 else 0


def series_points(row: tuple[int, ...]) -> int:
    """10 for each card of the one best series. Rule "series": «On compte 10 points pour chacune
    des cartes qui se suivent. Une seule série est admise par joueur.»"""
    return 10 * best_series(row)


@dataclass(frozen=True)
class Variant:
    """The readings the leaflet leaves open, as the options choose them."""

    #: "chosen": a player whose nine are in order may keep the ninth card in hand and lay it
    #: on a later turn; "at once": the round ends at the end of the turn that orders them.
    laying: str = "chosen"
    #: "first chance": a player with a fakir in his row must put the next card he exchanges in
    #: its place; "free": he exchanges as he likes.
    received_fakir: str = "first chance"
    #: How the nine tens are cut (see :data:`TENS`).
    tens: str = TENS[0]
    #: "dealer": a fakir turned up to begin the pile is the dealer's, set aside, and the next
    #: card is turned up; "pile": it begins the pile, where nobody may take it.
    turned_fakir: str = "dealer"

    @classmethod
    def of(cls, options: Mapping[str, Any]) -> Variant:
        """The readings a game's options choose."""
        return cls(*(options[name] for name in cls.__dataclass_fields__))


#: The readings the defaults choose.
LEAFLET = Variant()


@dataclass(frozen=True)
class RoundScore:
    """One player's points for a round, item by item as on the leaflet's table («la marque»)."""

    won: int = 0
    fakirs: int = 0
    series: int = 0
    parity: int = 0
    tens: int = 0

    @property
    def total(self) -> int:
        return self.won + self.fakirs + self.series + self.parity + self.tens

    def items(self) -> list[str]:
        """Each item scored with its points, as the view writes them (``round won 250``): the
        names of :data:`ITEMS`, in English whatever the reader's language."""
        return [f"{ITEMS[k]} {v}" for k, v in self.__dict__.items() if v]


#: The items of «la marque» by field, as the view names them (a person reads them with ``_()``).
ITEMS = {
    "won": N_("round won"),
    "fakirs": N_("unused fakirs"),
    "series": N_("series"),
    "parity": N_("all even or all odd"),
    "tens": N_("the nine tens"),
}


#: Rule "la marque": each fakir set aside and not used, to its holder.
UNUSED_FAKIR = 50


def round_won(players: int) -> int:
    """Rule "la marque": what winning the round is worth, 250 at two or three, 150 at four."""
    return 250 if players < 4 else 150


def round_score(
    row: tuple[int, ...],
    held_fakirs: int,
    players: int,
    nine: tuple[int, ...] | None,
    tens: str = TENS[0],
) -> RoundScore:
    """The leaflet's table, for one player; ``nine`` is his winning nine, None if he did not win.

    Rule "la marque": round won at two or three 250, at four 150; each unused fakir 50; a
    non-winner's series 10 a card; at four, a winning nine all even or all odd 100; the nine
    tens 100.
    """
    fakirs = UNUSED_FAKIR * held_fakirs
    if nine is None:
        return RoundScore(fakirs=fakirs, series=series_points(row))
    return RoundScore(
        won=round_won(players),
        fakirs=fakirs,
        parity=100 if players >= 4 and single_parity(nine) else 0,
        tens=100 if nine_tens(nine, tens) else 0,
    )
