"""A slotting judge of a Crypto-90 position, for the ``heuristic`` computer player.

It sees only the player's observation. A row is worth the cards already in increasing order
(the longest rising run it could keep, of the parity it aims at when two or three play), less
how far each card is from the value its place calls for (row place *i*, from 0, wants about
10·*i* + 10), plus the points already scored and the fakirs in reserve; the best opponent's row
counts against it, so that a fakir is spent only on an opponent close to winning.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ludotheque.games.crypto90.rules import UNUSED_FAKIR

if TYPE_CHECKING:
    from ludotheque.core.game import State

#: What taking the stock's unknown card is worth, against a known card from the pile.
STOCK_HOPE = 2.0


def _longest_rising(cards: list[int]) -> int:
    best = [1] * len(cards)
    for i, card in enumerate(cards):
        for j in range(i):
            if cards[j] < card:
                best[i] = max(best[i], best[j] + 1)
    return max(best, default=0)


def row_value(row: list[str | None], hand: str | None, players: int) -> float:
    """How near a row (and its hand card, if known) is to a winning nine."""
    numbers = [int(c) if c not in (None, "F") else None for c in row]
    best = float("-inf")
    for parity in (0, 1) if players < 4 else (None,):
        keep = [n for n in numbers if n is not None and (parity is None or n % 2 == parity)]
        value = 10.0 * _longest_rising(keep)
        for place, n in enumerate(numbers):
            target = 10 * place + 10  # the row's eight places, the ninth card at either end
            if n is None:
                value -= 6.0
            else:
                value -= abs(n - target) / 8 + (
                    4.0 if parity is not None and n % 2 != parity else 0
                )
        if hand not in (None, "F"):
            h = int(hand)
            value -= min(abs(h - 2), abs(h - 88)) / 16
        best = max(best, value)
    return best


def evaluate(observation: Mapping[str, Any]) -> float:
    o = observation
    me = o["seat"]
    players = len(o["players"])
    mine = row_value(o["rows"][me], o["hand"], players)
    others = [row_value(row, None, players) for name, row in o["rows"].items() if name != me]
    score: int = o["totals"][me] - max(v for name, v in o["totals"].items() if name != me)
    reserve: int = UNUSED_FAKIR * o["fakirs_set_aside"][me]
    hope = STOCK_HOPE if o["phase"] == "stock" else 0.0  # his own stock card, still unseen
    return score + reserve + mine - 0.5 * max(others, default=0.0) + hope


def judge(state: State, player: int) -> float:
    """The heuristic of a game in progress, from the seat's view (the manifest's
    ``heuristic``)."""
    return evaluate(state.observation(player))
