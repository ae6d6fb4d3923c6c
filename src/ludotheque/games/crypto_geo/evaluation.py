"""A growth evaluation of a hand in the combinations game, for the search players.

The simple heuristic (``game.judge``) counts what the hand scores now: two hands that score
the same are alike to it, though one is a brelan in the middle of France with a dozen unseen
neighbours and the other a brelan on the coast whose neighbours are all on the pile. This one
adds what the next draw may bring: for each département still unseen (not in the hand, not on
the pile) that touches the hand, what the hand would gain by it, the card joining every group
and single it touches and the cheapest card thrown; the sum of those gains over all the unseen
cards (one that touches nothing gains nothing), divided by their number, is the *growth* of
the hand, worth :data:`DRAWS` draws.

>>> from ludotheque.games.crypto_geo.departements import departements
>>> hand = (36, 23, 19, 59, 62, 29, 83)  # Indre Creuse Corrèze, Nord Pas-de-Calais, Finistère, Var
>>> unseen = frozenset(departements()) - set(hand)
>>> round(growth(hand, unseen) * len(unseen))  # what the 83 unseen cards would add, all told
650

Haute-Vienne would make the brelan a carré (50 points more, Var thrown); once it is on the
pile the hand grows by those 50 less:

>>> round(growth(hand, unseen - {87}) * (len(unseen) - 1))
600

A carré and a brelan that the Lot would join make a complet, a card of the eight thrown:

>>> growth((19, 63, 23, 42, 47, 33, 40), frozenset({46}))  # Corrèze… Landes; the Lot
150.0
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ludotheque.games.crypto_geo import CHAIN, CONNECTED
from ludotheque.games.crypto_geo.combinations import VALUES, best_split, is_chain
from ludotheque.games.crypto_geo.departements import departements, neighbours
from ludotheque.games.crypto_geo.game import HAND, CryptoGeographiqueState, card_of, judge

if TYPE_CHECKING:
    from ludotheque.core.game import State

#: How many draws' growth a hand is worth: the round has many draws left, each a chance to
#: grow, but the growth of one draw is all the evaluation can see.
DRAWS = 3.0


def growth(hand: tuple[int, ...], unseen: frozenset[int], groups: str = CONNECTED) -> float:
    """The mean of what one unseen card would add to the hand's score, its combinations
    connected groups or chains (``groups``)."""
    _, split = best_split(hand, groups)
    singles = set(hand).difference(*split)
    reach = set().union(*(neighbours(card) for card in hand)) & unseen
    total = 0
    for card in reach:
        near = neighbours(card)
        joined = [group for group in split if near.intersection(group)]
        joined_singles = near & singles
        size = 1 + sum(map(len, joined)) + len(joined_singles)
        if size < 2:
            continue
        together = (card, *joined_singles, *(c for group in joined for c in group))
        if groups == CHAIN and not is_chain(together):
            # Not a row: what part of it would make one is left unjudged (a cautious guess).
            continue
        if size > HAND:
            # The card joins the whole hand: any card it can spare is thrown, for a complet.
            total += VALUES[HAND] - sum(VALUES[len(group)] for group in joined)
            continue
        gain = VALUES[size] - sum(VALUES[len(group)] for group in joined)
        if not singles - joined_singles:
            # No single left over to throw: the hand loses a card from a group, the new one
            # or another, whichever costs least (a group can always spare one card and stay
            # whole: one at the end of a path through it).
            sizes = [size, *(len(group) for group in split if group not in joined)]
            gain -= min(VALUES[n] - VALUES[n - 1] for n in sizes)
        total += max(gain, 0)
    return total / max(len(unseen), 1)


class GrowthEvaluation:
    """The simple heuristic (the points scored, the hand's score now, the fakirs shown) and the
    hand's growth, in the search players' form ``(state, player) -> value``; it reads the
    player's observation."""

    def __call__(self, state: State, player: int) -> float:
        now = judge(cast(CryptoGeographiqueState, state), player)  # only this game plays by it
        o = state.observation(player)
        if o["phase"] == "over":  # the game is over: no draw is to come
            return now
        hand = tuple(card_of(c) for c in o["hand"])
        seen = set(hand) | {card_of(c) for c in o["pile"]}
        unseen = frozenset(departements()) - seen
        return now + DRAWS * growth(hand, unseen, state.game.options["groups"])


__all__ = ["DRAWS", "GrowthEvaluation", "growth"]
