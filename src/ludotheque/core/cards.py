"""A face-down stock of cards as a chance node: the card games' shared machinery.

Shuffling and cutting make the stock's order uniformly random and unknown to every player. The
engine therefore keeps the stock as the *set* of cards still in it, and each card taken from it
(dealt, drawn or turned up) is a chance node whose outcomes are the cards it may be, each with
its share of the stock: the same distribution as a shuffled deck dealt from the top, with
nothing hidden in the engine that a test or an analysis cannot see or steer.

Cards are small whole numbers, which are also their chance outcome ids. Cards that the game
treats alike (the six fakirs of the Crypto games) are one value held several times: drawing
"a fakir" is one outcome, with the fakirs' share of the stock as its probability.

>>> stock = Stock.of(range(1, 4), special=0, specials=2)
>>> stock.size, stock.outcomes()
(5, [(0, 0.4), (1, 0.2), (2, 0.2), (3, 0.2)])
>>> stock.without(0).without(2).outcomes()
[(0, 0.3333333333333333), (1, 0.3333333333333333), (3, 0.3333333333333333)]
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from ludotheque.core.errors import LudothequeError
from ludotheque.core.game import CHANCE
from ludotheque.core.i18n import N_, _

#: Who sits where round a card table, going to the left, by the number of players: each name
#: stays the seat's identifier (records, views, moves), and is told in the reader's language
#: with ``_()`` where a sentence names the seat.
SEATING = {
    2: (N_("north"), N_("south")),
    3: (N_("north"), N_("east"), N_("west")),
    4: (N_("north"), N_("east"), N_("south"), N_("west")),
    5: (N_("north"), N_("north-east"), N_("south-east"), N_("south-west"), N_("north-west")),
}

T = TypeVar("T")


@dataclass(frozen=True)
class Stock:
    """The cards face down, as a set: distinct cards, and how many of the one special card."""

    cards: frozenset[int]
    special: int
    specials: int = 0

    @classmethod
    def of(cls, cards: Iterable[int], special: int, specials: int) -> Stock:
        return cls(frozenset(cards), special, specials)

    @property
    def size(self) -> int:
        return len(self.cards) + self.specials

    def __contains__(self, card: int) -> bool:
        return card in self.cards or (card == self.special and self.specials > 0)

    def outcomes(self) -> list[tuple[int, float]]:
        """Each card the next one taken may be, with its probability, in card order."""
        size = self.size
        found = [(card, 1 / size) for card in sorted(self.cards)]
        if self.specials:
            found.insert(0, (self.special, self.specials / size))
        return found

    def without(self, card: int) -> Stock:
        """The stock once ``card`` is taken from it."""
        if card == self.special and self.specials:
            return Stock(self.cards, self.special, self.specials - 1)
        return Stock(self.cards - {card}, self.special, self.specials)

    def sample(self, rng: random.Random) -> int:
        """One card drawn with its probability from ``rng``."""
        at = rng.randrange(self.size)
        return self.special if at < self.specials else sorted(self.cards)[at - self.specials]


@dataclass(frozen=True)
class Unseen:
    """The cards one player has not seen, and where they must be: the other players' hidden
    hands, of known sizes, and the stock. Information-set search deals them out at random to
    make a game that agrees with everything the player knows.

    The special cards (the Crypto games' fakirs) are never in a hidden hand, since both games
    have them shown at once: those unseen are all in the stock.

    What the table has seen a player fail to do can bar cards from his hand: ``barred`` gives,
    for each seat, a set of cards for each card of his hidden hand that it cannot be (a card he
    held when he could not follow a card cannot touch it). The hand is dealt its most barred
    cards first, each uniformly among the cards left that it may be; if none is left, among all
    the cards left.

    >>> unseen = Unseen(cards=(3, 5, 8, 9), special=0, specials=1, hands=(0, 2))
    >>> hands, stock = unseen.deal(random.Random(1))
    >>> hands, stock.size, sorted({*hands[1], *stock.cards})
    (((), (9, 3)), 3, [3, 5, 8, 9])
    """

    cards: tuple[int, ...]
    special: int
    specials: int
    #: How many unseen cards each seat holds (none for the player himself).
    hands: tuple[int, ...]
    #: For each seat, for each card of its hidden hand, the cards it is known not to be.
    barred: tuple[tuple[frozenset[int], ...], ...] = ()

    def check(self, stock: int, game: str) -> None:
        """Raise unless the stock's size, as the observation gives it, is what is left."""
        left = len(self.cards) - sum(self.hands) + self.specials
        if left != stock:
            raise LudothequeError(_(
                "this {game} observation does not add up: {left} unseen cards for a stock "
                "of {stock}.", game=game, left=left, stock=stock))

    def deal(self, rng: random.Random) -> tuple[tuple[tuple[int, ...], ...], Stock]:
        """Each seat's hidden hand and the stock, dealt from the unseen cards with ``rng``."""
        cards = list(self.cards)
        rng.shuffle(cards)
        if not any(bar for seat in self.barred for bar in seat):
            hands, at = [], 0
            for size in self.hands:
                hands.append(tuple(cards[at : at + size]))
                at += size
            return tuple(hands), Stock.of(cards[at:], self.special, self.specials)
        left = set(cards)
        dealt: list[tuple[int, ...]] = []
        for seat, size in enumerate(self.hands):
            bars: Sequence[frozenset[int]] = self.barred[seat] if seat < len(self.barred) else ()
            bars = sorted((*bars, *(frozenset(),) * (size - len(bars)))[:size], key=len)
            hand = []
            for bar in reversed(bars):
                allowed = [c for c in cards if c in left and c not in bar]
                card = rng.choice(allowed or [c for c in cards if c in left])
                left.discard(card)
                hand.append(card)
            dealt.append(tuple(hand))
        stock = [c for c in cards if c in left]
        return tuple(dealt), Stock.of(stock, self.special, self.specials)


def deal_order(dealer: int, players: int) -> list[int]:
    """The players from the dealer's left: the order cards are dealt and play goes round."""
    return [(dealer + 1 + i) % players for i in range(players)]


def next_to_deal(hands: tuple[tuple[int, ...], ...], dealer: int, size: int) -> int | None:
    """Who is dealt the next card when hands of ``size`` are dealt one card at a time from
    the dealer's left; None once every hand is full."""
    for count in range(size):
        for player in deal_order(dealer, len(hands)):
            if len(hands[player]) == count:
                return player
    return None


def with_item(values: tuple[T, ...], at: int, value: T) -> tuple[T, ...]:
    """``values`` with the item at ``at`` replaced: tables of cards are immutable tuples."""
    return (*values[:at], value, *values[at + 1 :])


def plus(values: tuple[int, ...], at: int, more: int) -> tuple[int, ...]:
    return with_item(values, at, values[at] + more)


class CardSeats:
    """Seat names for a card game (mixed into its Game): north, east, … by the player count."""

    def seat_name(self, player: int) -> str:
        return SEATING[self.num_players()][player]  # type: ignore[attr-defined]


class StockChance:
    """Chance for a card game (mixed into its State before ``State``): at a chance node, the
    next card from the stock that ``_stock()`` gives."""

    def _stock(self) -> Stock:
        raise NotImplementedError

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._stock().outcomes() if self.current_player() == CHANCE else []  # type: ignore[attr-defined]

    def sample_chance(self, rng: random.Random) -> int:
        return self._stock().sample(rng)
