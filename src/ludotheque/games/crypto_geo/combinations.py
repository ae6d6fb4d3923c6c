"""The combinations of Crypto géographique: groups of touching départements in a hand, and the
best score a hand can make.

Not every pair of a group need touch, as the leaflet's brelan Indre – Creuse – Corrèze shows
(Indre and Corrèze do not touch; Creuse joins them). What a group must be is the option
``groups``: ``connected`` (each card touching the group) or ``chain`` (the cards in a row, each
touching the next, as every example of the leaflet is written); see the rules doc's "Readings
and decisions". A hand scores the best way of splitting it into such groups: paire 10, brelan
50, carré 100, quinte 150, sizaine 200, complet 300.

>>> best_split((36, 23, 19, 59, 62, 29, 83))  # Indre Creuse Corrèze; Nord Pas-de-Calais
(60, ((19, 23, 36), (59, 62)))

Loiret with Cher, Yonne and Eure-et-Loir, none of which touch another, is a star: a carré if a
group need only be connected, a brelan and a card alone if it must be a chain.

>>> best_split((45, 18, 89, 28))[0], best_split((45, 18, 89, 28), "chain")[0]
(100, 50)
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from ludotheque.core.errors import LudothequeError
from ludotheque.core.i18n import _
from ludotheque.games.crypto_geo import CHAIN, CONNECTED
from ludotheque.games.crypto_geo.departements import MEMO, neighbours, touching

#: The readings of what a combination is (option ``groups``): any connected group, or a chain.

#: Rule "the combinations": «Paire: 10 points… Brelan: 50… Carré: 100… Quinte: 150… Sizaine:
#: 200… Complet: 300 points (7 départements).»
VALUES = {1: 0, 2: 10, 3: 50, 4: 100, 5: 150, 6: 200, 7: 300}
NAMES = {2: "paire", 3: "brelan", 4: "carré", 5: "quinte", 6: "sizaine", 7: "complet"}


#: The most cards :func:`best_split` judges: the chain game's hand of nine, the largest any rule
#: set deals. The search grows about threefold with each card (eighteen took seconds, thirty
#: never ended), so a larger hand is refused rather than searched.
MOST_CARDS = 9


def is_chain(group: tuple[int, ...] | frozenset[int]) -> bool:
    """Whether the départements can be laid in a row, each touching the next.

    >>> is_chain((25, 39, 1, 73)), is_chain((45, 18, 89, 28))  # Doubs…Savoie; the Loiret star
    (True, False)
    """
    return _is_chain(frozenset(group))


@lru_cache(maxsize=MEMO)
def _is_chain(nodes: frozenset[int]) -> bool:
    cards = tuple(nodes)
    near = [[j for j, other in enumerate(cards) if other in neighbours(card)] for card in cards]
    # A path through the group: the sets of cards a row can cover, each with where it can end.
    ends = {(1 << i, i) for i in range(len(cards))}
    for _step in range(len(cards) - 1):
        ends = {(seen | 1 << j, j) for seen, i in ends for j in near[i] if not seen >> j & 1}
    return bool(ends)


def is_group(group: tuple[int, ...], groups: str = CONNECTED) -> bool:
    """Whether two or more départements make one combination under the reading ``groups``."""
    return is_chain(group) if groups == CHAIN else touching(group)


def best_split(
    hand: tuple[int, ...], groups: str = CONNECTED
) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """The best score of ``hand`` (distinct départements) and its groups of two or more, each
    group a connected one or a chain (``groups``)."""
    if len(hand) > MOST_CARDS:
        raise LudothequeError(_("the combinations of at most {most} cards are worked out, not "
                                "of {count}.", most=MOST_CARDS, count=len(hand)))
    return _best(tuple(sorted(hand)), groups)


@lru_cache(maxsize=MEMO)
def _best(cards: tuple[int, ...], groups: str) -> tuple[int, tuple[tuple[int, ...], ...]]:
    if not cards:
        return 0, ()
    first, rest = cards[0], cards[1:]
    best: tuple[int, tuple[tuple[int, ...], ...]] = (-1, ())
    # The group holding the first card is any connected set of it and some of the rest.
    for mask in range(1 << len(rest)):
        group = (first, *(card for i, card in enumerate(rest) if mask >> i & 1))
        # Eight cards in hand (drawn, not yet discarded) may all touch; the leaflet's largest
        # combination is the complet of seven, so such a group is scored as smaller ones.
        if len(group) not in VALUES:
            continue
        if len(group) > 1 and not is_group(group, groups):
            continue
        left = tuple(card for i, card in enumerate(rest) if not mask >> i & 1)
        score, others = _best(left, groups)
        score += VALUES[len(group)]
        if score > best[0]:
            best = (score, tuple(sorted(((group,) if len(group) > 1 else ()) + others)))
    return best


def may_stop(hand: tuple[int, ...], groups: str = CONNECTED) -> bool:
    """Whether a hand of seven may stop the round: a complet, or a carré and a brelan, each a
    connected group or a chain (``groups``).

    Rule "stopping": «On ne peut arrêter volontairement la manche qu'avec en main un "complet"
    ou un carré et un brelan.»

    >>> may_stop((25, 39, 1, 73, 36, 23, 19))  # Doubs Jura Ain Savoie; Indre Creuse Corrèze
    True
    >>> star = (45, 18, 89, 28, 59, 62, 80)  # the Loiret star; Nord Pas-de-Calais Somme
    >>> may_stop(star), may_stop(star, "chain")
    (True, False)
    """
    return _may_stop(tuple(sorted(hand)), groups)


@lru_cache(maxsize=MEMO)
def _may_stop(hand: tuple[int, ...], groups: str) -> bool:
    if len(hand) != 7:
        return False
    if is_group(hand, groups):
        return True
    return any(
        is_group(four, groups) and is_group(tuple(c for c in hand if c not in four), groups)
        for four in combinations(hand, 4)
    )
