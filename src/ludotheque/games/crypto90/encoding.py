"""Crypto-90 for learning code: what a seat sees as one tensor, and what he learns of each action
as one short row of his information state.

The observation is the seat's view (``state.observation(seat)``) written in his terms: the seats
in turn order from his own (he first, then the seat on his left, …), every card as a one-hot
over the 91 kinds (index 0 the fakir, 1–90 the numbers), so that a network reads a card's
identity; each row card's number again as a fraction of 90, so that it reads the order a row is
built on; counts as fractions of what the deck holds; points as fractions of the most a seat
can reach. What the seat has not seen — the stock and the others' hand cards — is absent, and
``unseen`` lists the cards that are therefore in one or the other (a card counter's sum, given
ready-made). The discard pile is given as its top card and the cards in it: what lies under the
top never comes back into play (each turn covers the top with its discard), so its order is
left out.

Every action is public but the cards the stock gives: a row of the information state says who
acted (or whom chance's card went to), which decision, the card the action showed the seat (or
-1: none, or one he may not see), and, when it ended the round, who won it and with which ninth
card. Another seat's stock card is -1 whatever it was, so that two deals he cannot tell apart
give the same rows.

>>> import ludotheque
>>> import numpy as np
>>> game = ludotheque.load_game("crypto-90")
>>> encoding = game.manifest.encode(game)
>>> encoding.observation.size, encoding.recall.size, encoding.max_history()
(1959, 9, 352975)
>>> state = game.new_initial_state()
>>> for card in ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12",
...              "13", "14", "15", "16", "40", "41", "90", "stock", "77"]:
...     state.apply_action(state.string_to_action(card))
>>> def zeroed(layout):
...     flat = np.zeros(layout.size, np.float32)
...     return {f.name: flat[slice(*layout.offsets()[f.name])].reshape(f.shape)
...             for f in layout.fields}
>>> out = zeroed(encoding.observation)
>>> encoding.observe(state, 1, out)  # South, while North holds the 77 he drew
>>> out["rows"][1, 0].nonzero()[0], out["hand"].nonzero()[0], bool(out["taken"].any())
(array([1]), array([41]), False)
>>> out["taken_from"], out["turn"]  # from the stock, North's turn (the seat after South's)
(array([1., 0.], dtype=float32), array([0., 1.], dtype=float32))
>>> row = zeroed(encoding.recall)
>>> before = state.clone()
>>> state.apply_action(state.string_to_action("row 2"))
>>> encoding.remember(before, state.history()[-1], state, 1, row)
>>> row["seat"], int(row["decision"]), int(row["card"])  # North put the 77 in his row
(array([0., 1.], dtype=float32), 4, 77)
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

from ludotheque.core.encoding import Encoding, Field, Fields, Layout
from ludotheque.core.game import Game, State
from ludotheque.games.crypto90.game import (
    END,
    HYPNOTISE,
    LAY,
    PASS,
    PLACE_HAND,
    PLACE_ROW,
    REJECT,
    TAKE_PILE,
    Crypto90State,
)
from ludotheque.games.crypto90.rules import (
    FAKIR,
    FAKIRS,
    NUMBERS,
    ROW,
    UNUSED_FAKIR,
    round_won,
)
from ludotheque.games.crypto90.table import Phase, Table

#: The kinds of card: the fakir (0) and the numbers 1–90, a card's id its index.
KINDS = len(NUMBERS) + 1
#: The phases in the order of the ``phase`` field.
PHASES = {phase: index for index, phase in enumerate(Phase)}
#: The phases in which a seat decides (and in which a game its limit stops stays).
_DECIDING = frozenset({Phase.DRAW, Phase.PLACE, Phase.HYPNOTISE, Phase.END})
#: Where the next card of the deal goes when every seat sees it face up.
_FACE_UP = frozenset({"row", "replace row", "turn up"})
#: The items of the round's scoring, in the order of the ``last_scores`` field.
_ITEMS = ("won", "unused fakirs", "series", "all even or all odd", "nine tens")

Array = npt.NDArray[np.float32]


class Crypto90Encoding(Encoding):
    """Crypto-90's observation and rows of recall, for one game's options."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        n = game.num_players()
        self.players = n
        # Rule "the deck": two fakirs fewer at four.
        self.fakirs = FAKIRS if n < 4 else FAKIRS - 2
        self.deck = len(NUMBERS) + self.fakirs
        #: Each kind's copies in the deck, and one over it: a count of a kind made a fraction.
        self._copies = np.ones(KINDS, np.float32)
        self._copies[FAKIR] = self.fakirs
        self._per_copy = (1.0 / self._copies).astype(np.float32)
        self._points = 1.0 / game.max_utility()
        self._rounds = 1.0 / self.max_rounds()
        #: For each observer, the seats in his order: he, then the next to his left, …
        self._orders = [np.array([(p + i) % n for i in range(n)], np.intp) for p in range(n)]
        #: The flat index of each (seat, place)'s kind 0 in the ``rows`` field.
        self._places = np.arange(n * ROW, dtype=np.intp) * KINDS
        # The last round's scoring changes once a round: kept with the last table seen, as one
        # value (so that a table and another's scores are never paired), the table held here
        # so that the identity compared cannot be another's.
        self._scored: tuple[Table, Array] | None = None

    # --- bounds --------------------------------------------------------------------------------

    def max_rounds(self) -> int:
        """The most rounds a game can start with these options.

        Every round that ends takes at least three decisions (two under ``laying=at once``,
        where the ninth card goes down without one): a card taken, an exchange, the lay. With
        ``goal=points``, before the round that ends the game every total is below the points,
        so each seat has won fewer than points ÷ the round's value of them; and a round nobody
        wins ends by an exhausted stock, which takes at least 89 − 9 × players cards drawn by
        decision (the deck less the nine cards dealt to each, the card turned up and the
        fakirs, each of which may bring a card without a decision). One more round for the one
        the game ends or stops in.
        """
        n, options = self.players, self.game.options
        limit: int = options["limit"]
        fewest = 2 if options["laying"] == "at once" else 3
        most = limit // fewest + 1
        if options["goal"] == "rounds":
            rounds: int = options["rounds"]
            return min(most, rounds)
        points: int = options["points"]
        won = n * (math.ceil(points / round_won(n)) - 1)
        exhausted = limit // (len(NUMBERS) - 1 - 9 * n)
        return min(most, won + exhausted + 1)

    def max_history(self) -> int:
        """Decisions, at most the ``limit``; and chance outcomes, each a card leaving the
        stock: at most the deck a round, and at most, a round, the deal (nine cards a seat and
        the card turned up) and one card more for each fakir (replaced without a decision, in
        the deal or in play), besides one card for each ``stock`` decision."""
        limit: int = self.game.options["limit"]
        rounds = self.max_rounds()
        per_round = 9 * self.players + 1 + self.fakirs
        return limit + min(rounds * self.deck, rounds * per_round + limit)

    # --- the observation -----------------------------------------------------------------------

    @property
    def observation(self) -> Layout:
        n = self.players
        return Layout((
            Field("rows", (n, ROW, KINDS), 0, 1,
                  "each seat's row (rangée), place by place, one-hot: F, 01 … 90"),
            Field("row_numbers", (n, ROW), 0, 1,
                  "each row card's number ÷ 90 (0: a fakir, or a place not yet dealt)"),
            Field("fakirs_set_aside", (n,), 0, 1,
                  "each seat's fakirs set aside, ÷ the fakirs in the deck"),
            Field("hand", (KINDS,), 0, 1, "his hand card (carte en main), one-hot"),
            Field("taken", (KINDS,), 0, 1,
                  "the card taken this turn, one-hot, if he may see it (from the pile, or his "
                  "own from the stock)"),
            Field("taken_from", (2,), 0, 1, "one-hot: the card taken came from the stock, the "
                  "pile"),
            Field("pile_top", (KINDS,), 0, 1, "the discard pile's top card, one-hot"),
            Field("pile", (KINDS,), 0, 1,
                  "each card's copies in the discard pile ÷ its copies in the deck"),
            Field("unseen", (KINDS,), 0, 1,
                  "each card's copies he has not seen (in the stock, talon, or another's "
                  "hand) ÷ its copies in the deck"),
            Field("stock", (), 0, 1, "the cards left in the stock ÷ the deck"),
            Field("phase", (len(PHASES),), 0, 1,
                  "one-hot: deal, draw, stock, place, hypnotise, end, over"),
            Field("turn", (n,), 0, 1,
                  "one-hot: the seat to decide (none while chance deals or draws, and once "
                  "the game is over)"),
            Field("dealer", (n,), 0, 1, "one-hot: the dealer of the round"),
            Field("round", (), 0, 1, "the round (manche) ÷ the most rounds the game can have"),
            Field("totals", (n,), 0, 1,
                  "each seat's points of the rounds played out ÷ the most a seat can reach"),
            Field("last_winner", (n + 1,), 0, 1,
                  "one-hot: who won the last round played out, or nobody (last entry); none "
                  "before the first ends"),
            Field("last_scores", (n, len(_ITEMS)), 0, 1,
                  "each seat's marque in the last round: round won, unused fakirs ÷ the "
                  "fakirs, series cards ÷ 8, all even or all odd, the nine tens"),
        ))

    def observe(self, state: State, player: int, out: Fields) -> None:
        assert isinstance(state, Crypto90State)
        t = state.table
        n, order = self.players, self._orders[player]
        rows = t.rows[player:] + t.rows[:player]
        if t.phase is Phase.DEAL:
            # Places not yet dealt are empty: only the deal, a few dozen actions a round, pays
            # for leaving them out.
            placed = [(i, c) for i, c in enumerate(c for r in rows for c in r) if c is not None]
            cards = np.array([c for _, c in placed], np.intp)
            at = np.array([i for i, _ in placed], np.intp)
            out["row_numbers"].reshape(-1)[at] = cards * (1 / len(NUMBERS))
            out["rows"].reshape(-1)[self._places[at] + cards] = 1.0
        else:
            cards = np.array(rows, np.intp).reshape(-1)
            out["row_numbers"].reshape(-1)[:] = cards * (1 / len(NUMBERS))
            out["rows"].reshape(-1)[self._places + cards] = 1.0
        seen = np.bincount(cards, minlength=KINDS)
        if t.pile:
            piled = np.bincount(np.fromiter(t.pile, np.intp, len(t.pile)), minlength=KINDS)
            out["pile"][:] = piled * self._per_copy
            out["pile_top"][t.pile[-1]] = 1.0
            seen += piled
        hand = t.hands[player]
        if hand is not None:
            out["hand"][hand] = 1.0
            seen[hand] += 1
        if t.drawn is not None:
            out["taken_from"][0 if t.from_stock else 1] = 1.0
            if player == t.to_move or not t.from_stock:
                out["taken"][t.drawn] = 1.0
                seen[t.drawn] += 1
        seen[FAKIR] += sum(t.held)  # set aside face up, beyond the rows
        out["unseen"][:] = (self._copies - seen) * self._per_copy
        held = t.held[player:] + t.held[:player]
        out["fakirs_set_aside"][:] = [h / self.fakirs for h in held]
        out["stock"][()] = t.stock.size / self.deck
        out["phase"][PHASES[t.phase]] = 1.0
        if t.phase in _DECIDING:
            out["turn"][(t.to_move - player) % n] = 1.0
        out["dealer"][(t.dealer - player) % n] = 1.0
        out["round"][()] = t.round * self._rounds
        totals = t.totals[player:] + t.totals[:player]
        out["totals"][:] = [total * self._points for total in totals]
        if state.results:
            end = state.results[-1]
            out["last_winner"][n if end.winner is None else (end.winner - player) % n] = 1.0
            out["last_scores"][:] = self._scoring(end)[order]

    def _scoring(self, end: Table) -> Array:
        """The last round's items, seat by seat (absolute): worked out once a round."""
        scored = self._scored
        if scored is not None and scored[0] is end:
            return scored[1]
        fakir_points = UNUSED_FAKIR * self.fakirs
        scores = np.array([
            (s.won > 0, s.fakirs / fakir_points, s.series / (10 * ROW), s.parity > 0, s.tens > 0)
            for s in end.scores
        ], np.float32)
        self._scored = (end, scores)
        return scores

    # --- the information state -----------------------------------------------------------------

    @property
    def recall(self) -> Layout:
        n = self.players
        return Layout((
            Field("seat", (n,), 0, 1,
                  "one-hot: who acted; for a card from the stock, whom it went to (the dealer "
                  "for the card turned up)"),
            Field("chance", (), 0, 1, "1 for a card from the stock (talon), 0 for a decision"),
            Field("decision", (), -1, END,
                  "the decision's id, hypnotise's seat counted from his own; -1 for chance"),
            Field("card", (), -1, len(NUMBERS),
                  "the card it showed him: 0 for F, 1–90; -1 for none, or one hidden from him"),
            Field("ended", (n + 1,), 0, 1,
                  "one-hot, if it ended the round: who won it, or nobody (last entry)"),
            Field("laid", (), -1, len(NUMBERS),
                  "the ninth card laid by the round's winner, if it ended the round; else -1"),
        ))

    def remember(self, before: State, action: int, after: State, player: int,
                 out: Fields) -> None:
        assert isinstance(before, Crypto90State) and isinstance(after, Crypto90State)
        t, n = before.table, self.players
        card: int | None = None
        if t.phase is Phase.DEAL:
            what, to, _ = t.deal_target()
            out["chance"][()] = 1.0
            out["decision"][()] = -1.0
            if what in _FACE_UP or to == player:
                card = action
        elif t.phase is Phase.STOCK:
            to = t.to_move
            out["chance"][()] = 1.0
            out["decision"][()] = -1.0
            # Rule "a fakir drawn": set aside in view of all; any other card is the drawer's.
            if to == player or action == FAKIR:
                card = action
        else:
            to = t.to_move
            decision = action
            if HYPNOTISE <= action < PASS:
                target, position = divmod(action - HYPNOTISE, ROW)
                decision = HYPNOTISE + (target - player) % n * ROW + position
                card = t.rows[target][position]
            elif action == TAKE_PILE:
                card = t.pile[-1]
            elif action == PLACE_HAND:
                card = t.hands[to]  # his old hand card, discarded face up
            elif PLACE_ROW <= action < REJECT or action == REJECT:
                card = t.drawn  # into his row, or onto the pile: face up either way
            elif action == LAY:
                card = t.hands[to]
            out["decision"][()] = decision
        out["seat"][(to - player) % n] = 1.0
        out["card"][()] = -1 if card is None else card
        out["laid"][()] = -1.0
        if len(after.results) > len(before.results):
            end = after.results[-1]
            if end.winner is None:
                out["ended"][n] = 1.0
            else:
                out["ended"][(end.winner - player) % n] = 1.0
                laid = end.hands[end.winner]
                assert laid is not None  # a winner completes his nine with his hand card
                out["laid"][()] = laid

