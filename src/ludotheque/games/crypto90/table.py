"""The table of a Crypto-90 game as an immutable value: rows, hands, fakirs, stock and pile.

Every change is a pure method returning a new table. The deal, the stock draws and the card
turned up are chance (see :mod:`ludotheque.core.cards`); the rest are the players' decisions.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from ludotheque.core.cards import Stock, deal_order, with_item
from ludotheque.games.crypto90.rules import (
    FAKIR,
    FAKIRS,
    LEAFLET,
    NUMBERS,
    ROW,
    RoundScore,
    Variant,
    nine_of,
    round_score,
    winning_side,
)


class Phase(Enum):
    DEAL = "deal"  # chance: the next card of the deal (see Table.deal_target)
    DRAW = "draw"  # decision: take from the stock or the pile
    STOCK = "stock"  # chance: the card taken from the stock
    PLACE = "place"  # decision: exchange the card taken, or reject a stock card
    HYPNOTISE = "hypnotise"  # decision: put a fakir in a row, or pass
    END = "end"  # decision (laying=chosen): lay the ninth card and win, or end the turn
    OVER = "over"


@dataclass(frozen=True)
class Table:
    """One moment of a game: the round in play and the totals of the rounds before."""

    players: int
    dealer: int
    round: int
    totals: tuple[int, ...]
    rows: tuple[tuple[int | None, ...], ...]
    hands: tuple[int | None, ...]
    held: tuple[int, ...]  # fakirs set aside beyond the row, unused
    stock: Stock
    pile: tuple[int, ...]  # the discards, bottom first; only the last is visible
    variant: Variant = LEAFLET
    phase: Phase = Phase.DEAL
    to_move: int = 0
    drawn: int | None = None  # the card taken this turn, not yet placed
    from_stock: bool = False
    #: The last round's scores and its winner (None: the stock ran out and nobody won).
    scores: tuple[RoundScore, ...] = ()
    winner: int | None = None
    laid: str | None = None  # the side the winner's ninth card went
    exhausted: bool = False  # whether the round ended by an exhausted stock

    @classmethod
    def new_round(
        cls,
        players: int,
        dealer: int,
        round: int,
        totals: tuple[int, ...],
        variant: Variant = LEAFLET,
    ) -> Table:
        # Rule "the deck": «A deux ou à trois, on utilise les 96 cartes. A quatre, chacun pour
        # soi, retirer 2 fakirs du jeu.»
        fakirs = FAKIRS if players < 4 else FAKIRS - 2
        return cls(
            players,
            dealer,
            round,
            totals,
            rows=((None,) * ROW,) * players,
            hands=(None,) * players,
            held=(0,) * players,
            stock=Stock.of(NUMBERS, FAKIR, fakirs),
            pile=(),
            variant=variant,
        )

    def order(self) -> list[int]:
        """The players from the dealer's left: the order of the deal and of play."""
        return deal_order(self.dealer, self.players)

    def deal_target(self) -> tuple[str, int, int]:
        """Where the next card of the deal goes: (what, player, position)."""
        order = self.order()
        # Rule "the deal": «Donnez une carte à chacun des joueurs, en commençant par votre
        # voisin de gauche… à côté et à droite de la première… une rangée de 8 cartes».
        for position in range(ROW):
            for player in order:
                if self.rows[player][position] is None:
                    return ("row", player, position)
        # Rule "the hand card": «distribuer à chacun une neuvième carte, qu'il devra garder
        # en main et ne pas laisser voir aux autres joueurs».
        for player in order:
            if self.hands[player] is None:
                return ("hand", player, 0)
        # Rule "fakirs dealt": «Chacun retire alors de sa rangée les fakirs… A la place laissée
        # vide… le donneur met une nouvelle carte prise au talon», then those in hand.
        for player in order:
            for position in range(ROW):
                if self.rows[player][position] == FAKIR:
                    return ("replace row", player, position)
        for player in order:
            if self.hands[player] == FAKIR:
                return ("replace hand", player, 0)
        # Rule "the pile": «le donneur prend la première carte du talon et la retourne».
        return ("turn up", self.dealer, 0)

    def deal(self, card: int) -> Table:
        what, player, position = self.deal_target()
        stock = self.stock.without(card)
        held = self.held
        if what == "turn up":
            if card == FAKIR and self.variant.turned_fakir == "dealer":
                # Rule "a fakir turned up": the dealer drew it, so he sets it aside as his own
                # and turns up the next card («Tout joueur ayant reçu ou tiré un Fakir doit
                # immédiatement l'exposer… et tirer une carte de remplacement», Crypto géo.).
                held = with_item(held, player, held[player] + 1)
                return replace(self, stock=stock, held=held)
            return replace(
                self, stock=stock, pile=(card,), phase=Phase.DRAW, to_move=self.order()[0]
            )
        if what.startswith("replace"):
            held = with_item(held, player, held[player] + 1)
        if what.endswith("row"):
            rows = with_item(self.rows, player, with_item(self.rows[player], position, card))
            return replace(self, stock=stock, rows=rows, held=held)
        return replace(self, stock=stock, hands=with_item(self.hands, player, card), held=held)

    # --- a turn ------------------------------------------------------------------------------

    def can_take_pile(self) -> bool:
        # Rule "a fakir on the pile": «il ne peut pas être pris sur la pile par le joueur suivant».
        return bool(self.pile) and self.pile[-1] != FAKIR

    def take_stock(self) -> Table:
        return replace(self, phase=Phase.STOCK)

    def take_pile(self) -> Table:
        return replace(
            self, phase=Phase.PLACE, drawn=self.pile[-1], pile=self.pile[:-1], from_stock=False
        )

    def draw(self, card: int) -> Table:
        """The stock's card has fallen: a fakir is set aside and replaced (decision: as at the
        deal), anything else is the player's to place."""
        stock = self.stock.without(card)
        if card == FAKIR:
            held = with_item(self.held, self.to_move, self.held[self.to_move] + 1)
            table = replace(self, stock=stock, held=held)
            # With the stock empty he has nothing to play: his turn ends (he has not «joué
            # normalement», so he does not hypnotise).
            return table if stock.size else table.end_turn()
        return replace(self, stock=stock, phase=Phase.PLACE, drawn=card, from_stock=True)

    def places(self) -> list[int | None]:
        """Where the card taken may go: row places 0–7, or None for the hand."""
        row = self.rows[self.to_move]
        if self.variant.received_fakir == "first chance" and FAKIR in row:
            # Rule "a fakir received": «Celui qui reçoit ainsi un fakir s'en débarrassera à la
            # première occasion comme si c'était une carte ordinaire.»
            return [place for place, card in enumerate(row) if card == FAKIR]
        return [None, *range(ROW)]

    def place(self, where: int | None) -> Table:
        """Exchange the card taken for row position ``where`` (0–7) or the hand (None)."""
        # Rule "a turn": «l'échange, à son gré, soit contre la carte qu'il a en main, soit contre
        # une des cartes de sa rangée. La carte échangée doit être immédiatement jetée».
        player = self.to_move
        if where is None:
            given = self.hands[player]
            table = replace(self, hands=with_item(self.hands, player, self.drawn))
        else:
            row = self.rows[player]
            given = row[where]
            table = replace(
                self, rows=with_item(self.rows, player, with_item(row, where, self.drawn))
            )
        assert given is not None  # after the deal every row place and hand holds a card
        return replace(table, pile=(*self.pile, given), drawn=None)._after_placing()

    def reject(self) -> Table:
        # Rule "rejecting a stock card": «il peut la rejeter directement sur la pile de
        # défausses. Il n'aura donc pas fait d'échange».
        assert self.drawn is not None  # rejected in the turn it was taken
        return replace(self, pile=(*self.pile, self.drawn), drawn=None)._after_placing()

    def _after_placing(self) -> Table:
        # Rule "hypnotise": «après avoir joué normalement, poser un fakir (si vous en possédez)».
        if self.held[self.to_move] and self.hypnotisable():
            return replace(self, phase=Phase.HYPNOTISE)
        return self._after_hypnotising()

    def hypnotisable(self) -> list[tuple[int, int]]:
        """(player, position) of every row card a fakir may replace: any card but a fakir."""
        return [
            (player, position)
            for player in range(self.players)
            for position, card in enumerate(self.rows[player])
            if card != FAKIR
        ]

    def hypnotise(self, player: int, position: int) -> Table:
        # Rule "hypnotise": «poser un fakir… à la place de l'une des cartes de la rangée de
        # n'importe quel joueur. La carte ainsi prise devra être immédiatement mise SOUS la pile».
        removed = self.rows[player][position]
        assert removed is not None
        rows = with_item(self.rows, player, with_item(self.rows[player], position, FAKIR))
        held = with_item(self.held, self.to_move, self.held[self.to_move] - 1)
        return replace(self, rows=rows, held=held, pile=(removed, *self.pile))._after_hypnotising()

    def pass_hypnotising(self) -> Table:
        return self._after_hypnotising()

    def side(self, player: int) -> str | None:
        """Where ``player``'s hand card would complete his nine, if it does."""
        row = self.rows[player]
        return winning_side(row, self.hands[player], self.players)  # type: ignore[arg-type]

    def _after_hypnotising(self) -> Table:
        if self.variant.laying == "chosen":
            # The player decides at the end of every turn, so that nobody learns from the pause
            # that his hand card would win.
            return replace(self, phase=Phase.END)
        # Rule "end of the round": «La manche se termine dès qu'un joueur a ses neuf cartes en
        # ordre croissant (…sa carte en main, qui ne doit être abattue qu'au dernier moment…)».
        return self.lay() if self.side(self.to_move) else self.end_turn()

    def lay(self) -> Table:
        return self._end_round(self.to_move)

    def end_turn(self) -> Table:
        if self.stock.size == 0:
            # Rule "the stock runs out": «le joueur qui aurait en main la carte lui permettant de
            # parachever sa rangée de neuf cartes, serait quand même gagnant» — the first such
            # player in the order of play after the one who took the last card.
            after = [(self.to_move + 1 + i) % self.players for i in range(self.players)]
            ended = self._end_round(next((p for p in after if self.side(p)), None))
            return replace(ended, exhausted=True)
        return replace(self, phase=Phase.DRAW, to_move=(self.to_move + 1) % self.players)

    def _end_round(self, winner: int | None) -> Table:
        laid = self.side(winner) if winner is not None else None
        scores = []
        for player in range(self.players):
            row = self.rows[player]
            nine = None
            if player == winner and laid:
                nine = nine_of(row, self.hands[player], laid)  # type: ignore[arg-type]
            held, players, tens = self.held[player], self.players, self.variant.tens
            scores.append(round_score(row, held, players, nine, tens))  # type: ignore[arg-type]
        totals = tuple(t + s.total for t, s in zip(self.totals, scores, strict=True))
        return replace(
            self, totals=totals, scores=tuple(scores), winner=winner, laid=laid, phase=Phase.OVER
        )

    def next_round(self) -> Table:
        # Rule "the next round": the deal passes to the left (the leaflet is silent).
        dealer = (self.dealer + 1) % self.players
        return Table.new_round(self.players, dealer, self.round + 1, self.totals, self.variant)
