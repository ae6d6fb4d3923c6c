"""A race evaluation of a Crypto-90 position, for the search players.

The simple heuristic (:mod:`.heuristic`) scores a row against fixed targets (place *i* wants
about 10·*i* + 10). This one asks how long each player still needs: for each player it chooses
the cards to keep — rising, of one parity with two or three players, the hand card at either
end — so that the places left to fill are quickest to fill with the cards still to be had,
and reads the players' waits as chances of winning the round.

A gap of *k* places between two kept cards *a* < *b* can only take numbers between them (of
the parity); if *m* such numbers are still unseen (or on top of the pile), filling it takes
about *U*/*m* + *U*/(*m* − 1) + … draws for *U* unseen numbers, each card filling one place;
fewer than *k* such numbers left and it cannot be filled at all. Cards in a row, in the pile
under its top, or in the player's hand are not to be had. The gaps fill side by side, a draw
going to whichever it suits, so a player's *wait* is the root of the sum of their squares (five
gaps of 8 draws each make about 18 turns, as the draws that suit none of them are wasted);
another's unseen hand card, being the card he chose to keep, takes :data:`UNSEEN_HAND` off his.

The value is in the leaflet's points: the round's prize (250, 150 at four) times the chance of
winning it, plus the fakirs set aside (50 each) and the points already scored. The chance is a
fair share, more a quarter of the prize for each :data:`PACE` turns the player is ahead of the
nearest other, unbounded: a player far behind must still play his best, which a chance that
flattens (a softmax) would not ask of him.

>>> from ludotheque.games.crypto90.rules import cards
>>> unseen = frozenset(range(1, 91)) - set(cards("02 10 20 30 40 50 60 70 90"))
>>> round(wait(cards("02 10 20 30 40 50 60 70"), 90, unseen, players=2), 1)  # won
0.0
>>> round(wait(cards("02 10 20 30 40 50 60 70"), 71, unseen, players=2), 1)  # 72…88: 9 of 81
9.0
>>> round(wait(cards("02 10 20 30 40 50 60 70"), 71, unseen, players=4), 1)  # mixed at four
0.0
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ludotheque.games.crypto90.rules import FAKIR, NUMBERS, UNUSED_FAKIR, card_of, round_won

if TYPE_CHECKING:
    from ludotheque.core.game import State

#: The turns of wait worth a quarter of the round's prize.
PACE = 4.0
#: What another player's hand card, unseen, is worth: the turns of wait it saves him, being
#: the card he chose to keep.
UNSEEN_HAND = 1.0
#: A wait too long to be reached: a gap with fewer numbers left than places.
HOPELESS = 1e6


def wait(
    row: tuple[int | None, ...],
    hand: int | None,
    available: frozenset[int],
    players: int,
    hand_known: bool = True,
) -> float:
    """The turns ``row`` and ``hand`` still need, at best: the cheapest choice of cards to keep
    (see the module's docstring) over the parities allowed and the hand card's two ends."""
    return _Supply(available).wait(row, hand, players, hand_known)


class _Supply:
    """The numbers still to be had, counted so that those between two cards are one
    subtraction: ``below[parity][x]`` is how many are at most ``x`` (parity None: any)."""

    def __init__(self, available: frozenset[int]) -> None:
        self.count = len(available)
        self.below: dict[int | None, list[int]] = {}
        for parity in (0, 1, None):
            running, below = 0, []
            for n in range(92):
                if n in available and (parity is None or n % 2 == parity):
                    running += 1
                below.append(running)
            self.below[parity] = below

    def wait(
        self, row: tuple[int | None, ...], hand: int | None, players: int, hand_known: bool
    ) -> float:
        if self.count == 0:
            return math.sqrt(HOPELESS)
        best = HOPELESS
        # Rule "even or odd": «A deux et à trois, la rangée gagnante devra être entièrement
        # paire ou impaire. A quatre, on admet le jeu mélangé.»
        for parity in (0, 1) if players < 4 else (None,):
            for places in ((hand, *row), (*row, hand)):
                best = min(best, self._gaps(places, parity))
        best = math.sqrt(best)
        return max(best - UNSEEN_HAND, 0.0) if not hand_known else best

    def _gaps(self, places: tuple[int | None, ...], parity: int | None) -> float:
        """The least sum of squared gap waits over the rising subsequences of ``places`` to
        keep (dynamic programming over the last card kept)."""
        below, count = self.below[parity], self.count
        # Bounds: 0 before the first place, 91 after the last, kept by every choice.
        bounded: list[int | None] = [0]
        for v in places:
            keep = v is not None and v != FAKIR and (parity is None or v % 2 == parity)
            bounded.append(v if keep else None)
        bounded.append(91)
        cost = [HOPELESS] * len(bounded)
        cost[0] = 0.0
        for j in range(1, len(bounded)):
            high = bounded[j]
            if high is None:
                continue
            for i in range(j):
                low = bounded[i]
                if low is None or low >= high or cost[i] >= HOPELESS:
                    continue
                places_left = j - i - 1
                if places_left == 0:
                    fill = 0.0
                else:
                    numbers = below[high - 1] - below[low]
                    if numbers < places_left:
                        continue
                    fill = sum(count / (numbers - k) for k in range(places_left)) ** 2
                cost[j] = min(cost[j], cost[i] + fill)
        return cost[-1]


def evaluate(observation: Mapping[str, Any]) -> float:
    """The position's worth to the observing player, in points (see the module's docstring)."""
    o = observation
    me = o["seat"]
    names = o["players"]
    players = len(names)
    rows = {name: tuple(card_of(c) if c is not None else None for c in o["rows"][name])
            for name in names}
    hand = card_of(o["hand"]) if o["hand"] is not None else None
    pile = [card_of(c) for c in o["pile"]]
    dead = {c for row in rows.values() for c in row if c} | set(pile[:-1]) | {hand}
    available = frozenset(n for n in NUMBERS if n not in dead)
    supply = _Supply(available)
    waits = {
        name: supply.wait(rows[name], hand if name == me else None, players, name == me)
        for name in names
    }
    # The chance of winning the race, taken on its tangent where the two are level: a softmax
    # flattens when one is far behind, and a player who is behind must still play his best.
    closest = min(w for name, w in waits.items() if name != me)
    chance = 1 / players + (closest - waits[me]) / (4 * PACE)
    held: int = UNUSED_FAKIR * o["fakirs_set_aside"][me]
    total: int = o["totals"][me]
    return round_won(players) * chance + held + total


class RaceEvaluation:
    """The race evaluation in the search players' form, ``(state, player) -> value``."""

    def __call__(self, state: State, player: int) -> float:
        return evaluate(state.observation(player))


__all__ = ["RaceEvaluation", "evaluate", "wait"]
