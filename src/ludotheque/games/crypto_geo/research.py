"""The chain game on a research deck, for exact methods: not the leaflet's rules.

The leaflet's chain game deals nine cards to each player from 96, a tree no exact method of
game theory walks. This configuration plays the chain game's rules (following, the penalty
draw, fakirs exposed, the penalties) on a deck of the first ``cards`` départements of
:data:`~ludotheque.games.crypto_geo.NORTH`, ``fakirs`` fakirs and hands of ``hand``, so that
OpenSpiel's ``get_all_states``, CFR and ``exploitability`` finish in seconds
(``docs/research.md``). It has a manifest of its own, kept out of the registry: the research
adapters serve it (``python_ludotheque_crypto_geographique_chaine_research``), nothing else.

>>> game = ResearchChainGame(cards=5, hand=1)
>>> game.deck
Deck(departements=(59, 62, 80, 2, 60), fakirs=0, hand=1)
>>> state = game.new_initial_state()
>>> len(state.chance_outcomes())
5
>>> ResearchChainGame(cards=4, hand=2)
Traceback (most recent call last):
...
ludotheque.core.errors.OptionError: a research deck of 4 cards cannot deal 2 hands of 2 and \
leave a card to turn up and one in the stock: give it at least 6 cards (cards), or smaller \
hands (hand).
"""

from __future__ import annotations

from typing import Any

from ludotheque.core.errors import OptionError
from ludotheque.core.i18n import _
from ludotheque.games.crypto_geo import CHAIN_RESEARCH, NORTH
from ludotheque.games.crypto_geo.chain import PER_CARD, CryptoGeographiqueChainGame
from ludotheque.games.crypto_geo.game import Deck


class ResearchChainGame(CryptoGeographiqueChainGame):
    """The chain game dealt from a research deck (the manifest's options choose it)."""

    manifest = CHAIN_RESEARCH

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        players, hand, cards = (self.options[k] for k in ("players", "hand", "cards"))
        # The deal, the card turned up and one left to draw, whatever fakirs come out (each is
        # replaced): a stock empty once dealt would end the round before its first turn.
        if cards < players * hand + 2:
            raise OptionError(_(
                "a research deck of {cards} cards cannot deal {players} hands of {hand} and "
                "leave a card to turn up and one in the stock: give it at least {least} cards "
                "(cards), or {fewer}.", cards=cards, players=players, hand=hand,
                least=players * hand + 2,
                fewer=_("smaller hands (hand)") if hand > 1 else _("fewer players (players)")))
        self._deck = Deck(NORTH[:cards], self.options["fakirs"], hand)

    @property
    def deck(self) -> Deck:
        return self._deck

    def max_game_length(self) -> int:
        # A decision lays a card or ends a turn after one: a round lays the deck's départements
        # but the one turned up at most, each followed at most once by done.
        laid: int = self.options["rounds"] * 2 * (self.options["cards"] - 1)
        return min(super().max_game_length(), laid)

    def max_utility(self) -> float:
        # Rule "penalties": the winner is paid 20 a card the others hold, a round.
        return float(PER_CARD * self.options["cards"] * self.options["rounds"])

    def min_utility(self) -> float:
        return -self.max_utility()
