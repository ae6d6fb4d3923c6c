"""Crypto géographique for learning code: what a seat sees as tensors, and what he learns of
each action as a row of his information state.

Both rule sets deal the same 96 cards, so both write them the same way: a card plane has 91
columns, column 0 the fakir and column *k* the département numbered *k* (1 Ain … 90
Territoire de Belfort). Seats are written from the observer's chair: "me" first, then the
others in the order of play. Counts are divided by what bounds them (the deck, the fakirs, the
players), totals by the most a seat can hold, so every value lies between -1 and 1.

A pile (the combinations game's discards, the chain game's cards laid) is one plane in which
each card on it holds 1 − (its depth under the top) / 96: the visible card 1, the card under it
a ninety-sixth less, a card elsewhere 0; the order the cards went down is then in the tensor,
as a player «enregistrant dans sa mémoire les départements tombés» has it.

The information state adds, for each action, a row of a few numbers: who acted (or received
the card), the decision's id, and the card the action showed this seat, −1 where it showed him
none (another's card dealt or drawn: the row is the same whatever that card was).

>>> import ludotheque
>>> import numpy as np
>>> game = ludotheque.load_game("crypto-geographique")
>>> encoding = game.manifest.encode(game)
>>> encoding.observation.size, encoding.recall.size, encoding.max_history()
(472, 4, 83005)
>>> state = game.new_initial_state()
>>> for card in [1, 2, 3, 80, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 59]:
...     state.apply_action(card)
>>> layout, flat = encoding.observation, np.zeros(encoding.observation.size, np.float32)
>>> out = {f.name: flat[slice(*layout.offsets()[f.name])].reshape(f.shape)
...        for f in layout.fields}
>>> encoding.observe(state, 1, out)
>>> out["hand"].nonzero()[0], out["pile_top"].nonzero()[0]  # south's hand; Nord turned up
(array([ 2,  6,  8, 10, 12, 14, 80]), array([59]))
>>> out["dealer"], out["to_move"]  # south dealt, and is "me"; north, the next seat, plays
(array([1., 0.], dtype=float32), array([0., 1.], dtype=float32))
"""

from __future__ import annotations

import math
from typing import cast

import numpy as np
import numpy.typing as npt

from ludotheque.core.encoding import Encoding, Field, Fields, Layout
from ludotheque.core.game import State
from ludotheque.games.crypto_geo.chain import (
    DONE,
    PER_CARD,
    CryptoGeographiqueChainGame,
    CryptoGeographiqueChainState,
)
from ludotheque.games.crypto_geo.departements import departements, neighbours
from ludotheque.games.crypto_geo.game import (
    DISCARD,
    DISCARD_AND_STOP,
    FAKIR,
    HAND,
    STOP_POINTS,
    TAKE_PILE,
    CryptoGeographiqueGame,
    CryptoGeographiqueState,
    MapGame,
    Phase,
)

#: A card plane's columns: the fakir, then the départements by number.
CARDS = 91
#: The deck (90 départements and six fakirs), for either rule set and any number of players.
DECK, FAKIRS = 96, 6
#: The départements, which a hand may hold (a fakir is exposed at once).
DEPARTEMENTS = 90
#: Rules "stopping" and "the combinations": the least a stopper scores, a carré (100) and a
#: brelan (50) in hand, and the stopper's 50.
_LEAST_STOP = 100 + 50 + STOP_POINTS
#: The combinations game's phases, as the view names them, in the ``phase`` field's order.
_PHASES = {phase: i for i, phase in enumerate(Phase)}
_OVER = len(_PHASES)

Planes = npt.NDArray[np.float32]
Indices = npt.NDArray[np.intp]


def _depths() -> Planes:
    """A card's value on a pile by its depth under the top: the top 1, each below 1/96 less."""
    return (1 - np.arange(DECK, dtype=np.float32) / DECK).astype(np.float32)


def _touching() -> Planes:
    """Row *k*: the départements that touch département *k* (the map, Corse's rule with it)."""
    table = np.zeros((CARDS, CARDS), np.float32)
    for number in departements():
        table[number, sorted(neighbours(number))] = 1
    return table


_DEPTH = _depths()
_TOUCHING = _touching()


def _pile(plane: Planes, cards: tuple[int, ...]) -> None:
    """Write a pile, its last card on top (the depth code of the module's docstring)."""
    if cards:
        # The bottom card is the deepest: the depths read backwards from len − 1 to 0.
        plane[list(cards)] = _DEPTH[len(cards) - 1 :: -1]


class MapEncoding(Encoding):
    """What both rule sets' encodings share: the seats seen from the observer's chair, and the
    row of the information state (who, which decision, which card he was shown)."""

    game: MapGame

    def __init__(self, game: MapGame) -> None:
        super().__init__(game)
        n = game.num_players()
        self.players = n
        #: For each observer, the seats in the order the tensors list them: he, then the next.
        self.order = tuple(tuple((me + k) % n for k in range(n)) for me in range(n))
        #: For each observer, each seat's place in that order.
        self.relative = tuple(tuple((p - me) % n for p in range(n)) for me in range(n))
        self._recall = Layout((
            Field("seat", (n,), 0, 1, "one-hot: who decided, or who receives the card "
                  "(none: the card turned up); me first"),
            Field("decision", (), -1, game.num_distinct_actions() - 1, "the decision's id; "
                  "−1 for a card from the stock (talon)"),
            Field("card", (), -1, CARDS - 1, "the card the action showed me (0 fakir, 1–90 "
                  "département); −1 none, or another's card"),
        ))

    @property
    def recall(self) -> Layout:
        return self._recall

    def _turn_fields(self) -> tuple[Field, ...]:
        """Two fields both observations hold: the seat to decide and the dealer."""
        n = self.players
        return (
            Field("to_move", (n,), 0, 1, "one-hot: the seat to decide (none while chance "
                  "deals or draws, and at the end); me first"),
            Field("dealer", (n,), 0, 1, "one-hot: the dealer (donneur); me first"),
        )

    def remember(self, before: State, action: int, after: State, player: int,
                 out: Fields) -> None:
        seat, decision, card = self._row(before, action, player)
        if seat is not None:
            out["seat"][(seat - player) % self.players] = 1
        out["decision"][()] = decision
        out["card"][()] = card

    def _row(self, before: State, action: int, player: int) -> tuple[int | None, int, int]:
        """What ``player`` learns of ``action`` in ``before``: who acted or received the card,
        the decision (−1: chance) and the card it showed him (−1: none)."""
        raise NotImplementedError


class CombinationsEncoding(MapEncoding):
    """The combinations game («Règles du CRYPTO GEOGRAPHIQUE»): his hand, the pile of
    discards (défausse), the stock's size (talon), fakirs and points by seat, the phase of the
    turn, and the hands shown when the last round ended."""

    game: CryptoGeographiqueGame

    def __init__(self, game: CryptoGeographiqueGame) -> None:
        super().__init__(game)
        n = self.players
        self._totals = 1 / game.max_utility()
        self._kept: dict[int, tuple[object, Indices]] = {}
        self._observation = Layout((
            Field("hand", (CARDS,), 0, 1, "my cards (main)"),
            Field("pile", (CARDS,), 0, 1, "the discards (défausse): 1 − depth/96, the "
                  "visible card 1"),
            Field("pile_top", (CARDS,), 0, 1, "one-hot: the visible card"),
            Field("fakirs", (n,), 0, 1, "fakirs exposed, /6; me first"),
            Field("stock", (), 0, 1, "cards in the stock (talon), /96"),
            Field("totals", (n,), 0, 1, "points of the rounds played (the team's, in "
                  f"teams), /{int(game.max_utility())}; me first"),
            Field("phase", (len(_PHASES) + 1,), 0, 1, "one-hot: deal, take, stock, "
                  "discard, consent, over"),
            *self._turn_fields(),
            Field("last_round", (2,), 0, 1, "one-hot: how the last round ended, stop or "
                  "stock; none before"),
            Field("last_hands", (n, CARDS), 0, 1, "the hands shown when it ended; me first"),
        ))

    @property
    def observation(self) -> Layout:
        return self._observation

    def observe(self, state: State, player: int, out: Fields) -> None:
        s = cast(CryptoGeographiqueState, state)
        r = s.round
        order = self.order[player]
        n = self.players
        hand = out["hand"]
        for card in r.hands[player]:
            hand[card] = 1
        if r.pile:
            _pile(out["pile"], r.pile)
            out["pile_top"][r.pile[-1]] = 1
        out["fakirs"][:] = [r.fakirs[p] / FAKIRS for p in order]
        out["stock"][()] = r.stock.size / DECK
        out["totals"][:] = [s.totals[p] * self._totals for p in order]
        out["phase"][_OVER if s.finished else _PHASES[r.phase]] = 1
        mover = s.current_player()
        if mover >= 0:
            out["to_move"][(mover - player) % n] = 1
        out["dealer"][(r.dealer - player) % n] = 1
        if s.results:
            last = s.results[-1]
            out["last_round"][int(last[0] != "stop")] = 1
            out["last_hands"].reshape(-1)[self._shown(last, player)] = 1

    def _shown(self, last: tuple[str, tuple[tuple[int, ...], ...]], player: int) -> Indices:
        """Where the hands shown at the last round's end go in ``last_hands`` (flat), for
        ``player``."""
        # They stay the same for the whole of the next round, and writing them card by card
        # was half of an observation: worked out once a round and seat, kept by identity (the
        # cache holds the round's result, so its id is not reused while kept).
        kept = self._kept.get(player)
        if kept is None or kept[0] is not last:
            places = [k * CARDS + card for k, p in enumerate(self.order[player])
                      for card in last[1][p]]
            kept = self._kept[player] = (last, np.array(places, np.intp))
        return kept[1]

    def max_history(self) -> int:
        # Decisions D ≤ limit. Chance: each round deals 7 cards a seat and turns one up, at most
        # six fakirs come out (each one a chance outcome), a fakir turned up is replaced once
        # taken, and each stock taken gives one département: R × (7n + 8) + T, for R rounds
        # and T stocks taken. Every stock taken that gives a département is followed by a
        # discard, but for one a round (the stock run out on fakirs) and the last (the limit
        # stops the game before the discard): T ≤ limit / 2 + R + 1. Rounds: a stop scores at
        # least 200 (carré, brelan and the 50), so after ⌈nP/200⌉ stops someone has the P
        # points; a round the stock ends needs two decisions for each département taken from
        # it, 88 − 7n at least (90 less the hands and the card turned up, less one a fakir
        # turned up is replaced by); and one round more, cut by the limit.
        n, limit = self.players, self.game.options["limit"]
        stops = math.ceil(n * self.game.options["points"] / _LEAST_STOP)
        rounds = stops + limit // (2 * (DEPARTEMENTS - 2 - HAND * n)) + 1
        return int(limit + limit // 2 + 1 + rounds * (HAND * n + 9))

    def _row(self, before: State, action: int, player: int) -> tuple[int | None, int, int]:
        r = cast(CryptoGeographiqueState, before).round
        if r.phase is Phase.DEAL or r.phase is Phase.STOCK:
            to = r.dealing_to() if r.phase is Phase.DEAL else r.to_move
            if to is None:  # the first card of the pile, turned up for all to see
                return None, -1, action
            # Rule "fakirs": a fakir is exposed at once, so everyone sees one come out.
            return to, -1, action if to == player or action == FAKIR else -1
        mover = before.current_player()
        if action == TAKE_PILE:
            return mover, action, r.pile[-1]
        if DISCARD <= action < DISCARD_AND_STOP:
            return mover, action, action - DISCARD
        if DISCARD_AND_STOP <= action < DISCARD_AND_STOP + CARDS:
            return mover, action, action - DISCARD_AND_STOP
        return mover, action, -1


class ChainEncoding(MapEncoding):
    """The chain game («une autre règle du jeu»): his hand, the cards laid and what touches the
    visible one, the round's log as sets (what each seat laid, what each could not follow),
    cards, fakirs and penalties by seat, and the rounds played out."""

    game: CryptoGeographiqueChainGame

    def __init__(self, game: CryptoGeographiqueChainGame) -> None:
        super().__init__(game)
        n, rounds = self.players, game.options["rounds"]
        # The map's borders within the deck (every one, in the leaflet's deck).
        in_deck = np.zeros(CARDS, np.float32)
        in_deck[list(game.deck.departements)] = 1
        self._touching = _TOUCHING * in_deck
        # Rule "penalties": a loser pays at most 20 a card, the winner is paid at most the
        # others' cards: never more than 20 × 90 a round either way.
        self._most = PER_CARD * DEPARTEMENTS * rounds
        self._kept: dict[int, tuple[tuple[tuple[int, int, bool], ...], Planes]] = {}
        self._observation = Layout((
            Field("hand", (CARDS,), 0, 1, "my cards (main)"),
            Field("laid", (CARDS,), 0, 1, "the cards laid this round: 1 − depth/96, the "
                  "visible card 1"),
            Field("visible", (CARDS,), 0, 1, "one-hot: the visible card"),
            Field("touching", (CARDS,), 0, 1, "the départements touching the visible card"),
            Field("laid_by", (n, CARDS), 0, 1, "the cards each seat laid this round; me first"),
            Field("could_not_follow", (n, CARDS), 0, 1, "the cards each seat could not "
                  "follow (and drew); me first"),
            Field("layer", (n,), 0, 1, "one-hot: who laid the visible card (none: turned "
                  "up); me first"),
            Field("failures", (), 0, 1, "turns nobody could follow the visible card, "
                  f"/{n}"),
            Field("chained", (), 0, 1, "1 if the seat to decide has laid this turn"),
            *self._turn_fields(),
            Field("cards", (n,), 0, 1, f"cards in hand, /{DEPARTEMENTS}; me first"),
            Field("fakirs", (n,), 0, 1, "fakirs exposed, /6; me first"),
            Field("stock", (), 0, 1, "cards in the stock (talon), /96"),
            Field("totals", (n,), -1, 1, f"penalties of the rounds played, /{self._most}; "
                  "me first"),
            Field("rounds", (rounds, 2), 0, 1, "each round played: one-hot, ended by a hand "
                  "emptied or the stock"),
            Field("winners", (rounds, n), 0, 1, "each round played: one-hot, its winner; me "
                  "first"),
            Field("over", (), 0, 1, "1 once the game is over"),
        ))

    @property
    def observation(self) -> Layout:
        return self._observation

    def observe(self, state: State, player: int, out: Fields) -> None:
        s = cast(CryptoGeographiqueChainState, state)
        c = s.chain
        order = self.order[player]
        n = self.players
        hand = out["hand"]
        for card in c.hands[player]:
            hand[card] = 1
        if c.laid:
            visible = c.laid[-1]
            _pile(out["laid"], c.laid)
            out["visible"][visible] = 1
            out["touching"][:] = self._touching[visible]
        if c.log:
            logged = self._logged(c.log, player)
            out["laid_by"][:] = logged[1]
            out["could_not_follow"][:] = logged[0]
        if c.laid_by is not None:
            out["layer"][(c.laid_by - player) % n] = 1
        out["failures"][()] = c.failures / n
        out["chained"][()] = c.chained
        mover = s.current_player()
        if mover >= 0:
            out["to_move"][(mover - player) % n] = 1
        out["dealer"][(c.dealer - player) % n] = 1
        out["cards"][:] = [len(c.hands[p]) / DEPARTEMENTS for p in order]
        out["fakirs"][:] = [c.fakirs[p] / FAKIRS for p in order]
        out["stock"][()] = c.stock.size / DECK
        out["totals"][:] = [s.totals[p] / self._most for p in order]
        if s.results:
            ends, winners = out["rounds"], out["winners"]
            for i, (how, winner) in enumerate(s.results):
                ends[i, int(how != "hand")] = 1
                winners[i, (winner - player) % n] = 1
        out["over"][()] = s.is_terminal()

    def _logged(self, log: tuple[tuple[int, int, bool], ...], player: int) -> Planes:
        """The round's log as ``player`` sees it in planes: [0] what each seat could not
        follow, [1] what each laid, me first."""
        # The log grows by an entry a move and runs to a hundred or more: a seat's planes are
        # kept with the log they were written from and brought up to date, so that a game
        # played in order writes each entry once (the cache holds that log, so its id is not
        # reused while kept).
        kept = self._kept.get(player)
        if kept is not None and kept[0] is log:
            return kept[1]
        if kept is not None and log[: len(kept[0])] == kept[0]:
            planes, start = kept[1].copy(), len(kept[0])
        else:
            planes, start = np.zeros((2, self.players, CARDS), np.float32), 0
        relative = self.relative[player]
        for p, card, lays in log[start:]:
            planes[int(lays), relative[p], card] = 1
        self._kept[player] = (log, planes)
        return planes

    def max_history(self) -> int:
        # Each round: at most the whole deck from the stock (chance), and at most its
        # départements but the one turned up laid (89), each followed at most once by done.
        rounds, limit = self.game.options["rounds"], self.game.options["limit"]
        deck = self.game.deck
        cards, departements = len(deck.departements) + deck.fakirs, len(deck.departements)
        return int(rounds * cards + min(limit, rounds * 2 * (departements - 1)))

    def _row(self, before: State, action: int, player: int) -> tuple[int | None, int, int]:
        c = cast(CryptoGeographiqueChainState, before).chain
        if c.dealing or c.drawing:
            to = c.dealing_to() if c.dealing else c.to_move
            if to is None:  # turned up: a département is the visible card, a fakir the dealer's
                return (c.dealer if action == FAKIR else None), -1, action
            # Rule "fakirs": a fakir is exposed at once, so everyone sees one come out.
            return to, -1, action if to == player or action == FAKIR else -1
        return c.to_move, action, -1 if action == DONE else action

