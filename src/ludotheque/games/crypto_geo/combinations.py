"""The combinations of Crypto géographique: groups of touching départements in a hand, and the
best score a hand can make.

A group need only be connected, as the leaflet's brelan Indre – Creuse – Corrèze shows (Indre
and Corrèze do not touch; Creuse joins them). A hand scores the best way of splitting it into
such groups: paire 10, brelan 50, carré 100, quinte 150, sizaine 200, complet 300.

>>> best_split((36, 23, 19, 59, 62, 29, 83))  # Indre Creuse Corrèze; Nord Pas-de-Calais
(60, ((19, 23, 36), (59, 62)))
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

from ludotheque.core.errors import LudothequeError
from ludotheque.games.crypto_geo.departements import touching

#: Rule "the combinations": «Paire: 10 points… Brelan: 50… Carré: 100… Quinte: 150… Sizaine:
#: 200… Complet: 300 points (7 départements).»
VALUES = {1: 0, 2: 10, 3: 50, 4: 100, 5: 150, 6: 200, 7: 300}
NAMES = {2: "paire", 3: "brelan", 4: "carré", 5: "quinte", 6: "sizaine", 7: "complet"}


#: The most cards :func:`best_split` judges: the chain game's hand of nine, the largest any rule
#: set deals. The search grows about threefold with each card (eighteen took seconds, thirty
#: never ended), so a larger hand is refused rather than searched.
MOST_CARDS = 9


def best_split(hand: tuple[int, ...]) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """The best score of ``hand`` (distinct départements) and its groups of two or more."""
    if len(hand) > MOST_CARDS:
        raise LudothequeError(
            f"the combinations of at most {MOST_CARDS} cards are worked out, not of {len(hand)}."
        )
    return _best(tuple(sorted(hand)))


@cache
def _best(cards: tuple[int, ...]) -> tuple[int, tuple[tuple[int, ...], ...]]:
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
        if len(group) > 1 and not touching(group):
            continue
        left = tuple(card for i, card in enumerate(rest) if not mask >> i & 1)
        score, groups = _best(left)
        score += VALUES[len(group)]
        if score > best[0]:
            best = (score, tuple(sorted(((group,) if len(group) > 1 else ()) + groups)))
    return best


def may_stop(hand: tuple[int, ...]) -> bool:
    """Whether a hand of seven may stop the round: a complet, or a carré and a brelan.

    Rule "stopping": «On ne peut arrêter volontairement la manche qu'avec en main un "complet"
    ou un carré et un brelan.»

    >>> may_stop((25, 39, 1, 73, 36, 23, 19))  # Doubs Jura Ain Savoie; Indre Creuse Corrèze
    True
    """
    return _may_stop(tuple(sorted(hand)))


@cache
def _may_stop(hand: tuple[int, ...]) -> bool:
    if len(hand) != 7:
        return False
    if touching(hand):
        return True
    return any(
        touching(four) and touching(tuple(c for c in hand if c not in four))
        for four in combinations(hand, 4)
    )
