"""Crypto géographique, the combinations game, as a Game.

Decisions: ``stock`` or ``pile`` (take the top of the stock, or the visible card), then
``discard Ain`` (by name or number), or ``discard Ain and stop`` when the seven cards kept make
a complet or a carré and a brelan; in the team game the stopper's partner then answers
``agree`` or ``refuse``. Chance outcomes are cards: a département's name, or ``F`` for a fakir.
The leaflet's French words are read too (``talon``, ``défausse Somme``, ``défausse Somme et
j'arrête``, ``accepte``…), and written in this notation.

>>> import ludotheque
>>> state = ludotheque.load_game("crypto-geographique", players=3).new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 91)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import Enum
from functools import cached_property
from typing import Any, ClassVar, Generic, Self, TypeVar, cast

from ludotheque.core.cards import (
    CardSeats,
    Stock,
    StockChance,
    Unseen,
    deal_order,
    next_to_deal,
    plus,
    with_item,
)
from ludotheque.core.errors import LudothequeError, NotationError, OptionError
from ludotheque.core.game import CHANCE, TERMINAL, Game, Refusal, State
from ludotheque.core.i18n import _
from ludotheque.core.numbers import parse_int
from ludotheque.games.crypto_geo import COMBINATIONS
from ludotheque.games.crypto_geo.combinations import best_split, may_stop
from ludotheque.games.crypto_geo.departements import (
    departements,
    explain,
    folded,
    name,
    neighbours,
    numbers_by_name,
)
from ludotheque.games.crypto_geo.view import CryptoGeographiqueView, Ending, ShownHands

FAKIR = 0
HAND = 7
TAKE_STOCK, TAKE_PILE = 0, 1
DISCARD = 2  # + card 1–90
DISCARD_AND_STOP = DISCARD + 91  # + card 1–90
AGREE, REFUSE = DISCARD_AND_STOP + 91, DISCARD_AND_STOP + 92
ACTIONS = REFUSE + 1
#: Rule "fakirs": «Chaque Fakir exposé: 20 points.» Rule "stopping": «50 points au joueur qui
#: arrête».
FAKIR_POINTS, STOP_POINTS = 20, 50


def card_name(card: int) -> str:
    return "F" if card == FAKIR else name(card)


def card_of(text: str) -> int:
    """A card from its name (any case) or its number; ``F`` or ``fakir`` for a fakir."""
    word = " ".join(text.strip().lower().split())
    if word in ("f", "fakir"):
        return FAKIR
    number = parse_int(word)
    if number in departements():
        return number
    # A search reads every card of the observations it judges: the name is looked up, as
    # people type it (Ariege for Ariège); folding is for names, never numbers (² is not 2).
    number = numbers_by_name().get(folded(word))
    if number is not None:
        return number
    raise NotationError(_(
        "{text} is not a card; a card is a département's name or number (1 to 90), or F for a "
        "fakir.", text=repr(text.strip())))


#: The one-word moves in the leaflet's French, as the notation writes them (folded: any case,
#: no accents).
FRENCH_WORDS = {
    "talon": "stock", "pioche": "stock", "accepte": "agree", "d accord": "agree",
    "oui": "agree", "non": "refuse",
}
#: The French verbs of a discard: «il en choisit une et la jette sur la pile des défausses».
FRENCH_DISCARD = ("defausse", "defausser", "jette", "jeter")
#: The French words of a stop: «il annonce "j'arrête"».
FRENCH_STOP = ("j arrete", "arrete")


def notation(text: str) -> str:
    """A move typed in the leaflet's French words (lower case, single spaces), as the notation
    writes it; any other text as it is.

    >>> notation("talon"), notation("défausse Côte-d'Or"), notation("jette 80 et j’arrête")
    ('stock', "discard Côte-d'Or", 'discard 80 and stop')
    """
    words = text.replace("’", "'").split()
    if not words:
        return text
    if folded(text.replace("’", "'")) in FRENCH_WORDS:
        return FRENCH_WORDS[folded(text.replace("’", "'"))]
    if folded(words[0]) not in FRENCH_DISCARD or len(words) < 2:
        return text
    card, stop = words[1:], False
    if len(card) > 1 and folded(card[-1]) in FRENCH_STOP:
        card, stop = card[:-1], True
        if len(card) > 1 and card[-1] == "et":
            card = card[:-1]
    return f"discard {' '.join(card)}" + (" and stop" if stop else "")


class Phase(Enum):
    DEAL = "deal"  # chance: the next card dealt, or a fakir's replacement
    TAKE = "take"  # decision: the stock or the pile
    STOCK = "stock"  # chance: the card taken from the stock (a fakir: exposed, draw again)
    DISCARD = "discard"  # decision: which card to throw, and whether to stop
    CONSENT = "consent"  # decision (teams): the partner agrees to stop, or refuses


@dataclass(frozen=True)
class Deck:
    """What a round is dealt from, and how many cards each hand is dealt: the départements
    of the deck and its fakirs. The leaflet's games deal all 90 départements and the six
    fakirs («Les 90 numéros et les six cartes spéciales «fakirs» du jeu»); a research
    configuration (:mod:`ludotheque.games.crypto_geo.research`), not the leaflet's rules, deals
    from a few.

    >>> Deck(departements=(59, 62, 80), fakirs=1, hand=1).stock().outcomes()[0]
    (0, 0.25)
    """

    departements: tuple[int, ...]
    fakirs: int
    hand: int

    def stock(self) -> Stock:
        """The whole deck face down, as a round begins."""
        return Stock.of(self.departements, FAKIR, self.fakirs)

    @cached_property
    def _in_deck(self) -> frozenset[int]:
        return frozenset(self.departements)

    def touching(self, card: int) -> frozenset[int]:
        """The départements of the deck that touch ``card`` on the map (all that touch it, in
        the leaflet's deck)."""
        return neighbours(card) & self._in_deck


#: The box's 90 départements, numbered as on number plates before 1968 (1 Ain … 90).
ALL_DEPARTEMENTS = tuple(range(1, 91))


@dataclass(frozen=True)
class Hands:
    """What both rule sets deal: each hand, each player's fakirs exposed, and the stock."""

    players: int
    dealer: int
    hands: tuple[tuple[int, ...], ...]
    fakirs: tuple[int, ...]
    stock: Stock
    #: How many cards a hand is dealt (the deck's ``hand``).
    size: int

    @classmethod
    def deal_out(cls, players: int, dealer: int, deck: Deck) -> Self:
        return cls(players, dealer, ((),) * players, (0,) * players, deck.stock(), deck.hand)

    def order(self) -> list[int]:
        return deal_order(self.dealer, self.players)

    def dealing_to(self) -> int | None:
        """Who receives the next card of the deal (None: the deal is done but the pile)."""
        return next_to_deal(self.hands, self.dealer, self.size)


@dataclass(frozen=True)
class Round(Hands):
    """One round: the hands, fakirs exposed, stock and pile, and whose turn it is."""

    pile: tuple[int, ...] = ()
    phase: Phase = Phase.DEAL
    to_move: int = 0
    stopper: int | None = None  # in the team game, who asked to stop

    def deal(self, card: int) -> Round:
        stock = self.stock.without(card)
        player = self.dealing_to()
        if player is None:
            # Rule "the pile": «On retourne la première carte du talon».
            return replace(
                self, stock=stock, pile=(card,), phase=Phase.TAKE, to_move=self.order()[0]
            )
        if card == FAKIR:
            # Rule "fakirs": «Tout joueur ayant reçu ou tiré un Fakir doit immédiatement
            # l'exposer sur la table devant lui et tirer une carte de remplacement.»
            return replace(self, stock=stock, fakirs=plus(self.fakirs, player, 1))
        return replace(
            self, stock=stock, hands=with_item(self.hands, player, (*self.hands[player], card))
        )

    def draw(self, card: int) -> Round:
        stock = self.stock.without(card)
        player = self.to_move
        if card == FAKIR:
            exposed = replace(self, stock=stock, fakirs=plus(self.fakirs, player, 1))
            return exposed if stock.size else exposed.end_turn()
        hand = (*self.hands[player], card)
        return replace(
            self, stock=stock, hands=with_item(self.hands, player, hand), phase=Phase.DISCARD
        )

    def take_pile(self) -> Round:
        card, player = self.pile[-1], self.to_move
        if card == FAKIR:  # a fakir taken is exposed, and replaced from the stock
            return replace(
                self, pile=self.pile[:-1], fakirs=plus(self.fakirs, player, 1), phase=Phase.STOCK
            )
        hand = (*self.hands[player], card)
        return replace(
            self,
            pile=self.pile[:-1],
            hands=with_item(self.hands, player, hand),
            phase=Phase.DISCARD,
        )

    def discard(self, card: int) -> Round:
        # Rule "a turn": «Ayant alors et momentanément 8 cartes en main, il en choisit une et la
        # jette sur la pile des défausses.»
        player = self.to_move
        hand = tuple(c for c in self.hands[player] if c != card)
        return replace(self, hands=with_item(self.hands, player, hand), pile=(*self.pile, card))

    def end_turn(self) -> Round:
        return replace(
            self, phase=Phase.TAKE, to_move=(self.to_move + 1) % self.players, stopper=None
        )

    def scores(self, stopper: int | None, groups: str) -> tuple[int, ...]:
        """Each player's points for the round: his hand's best combinations (connected groups
        or chains, ``groups``), his fakirs, and 50 to the stopper."""
        # Rule "scoring": «On inscrit alors les points de chacun, selon les combinaisons qu'ils
        # ont en main.»
        return tuple(
            best_split(self.hands[p], groups)[0]
            + FAKIR_POINTS * self.fakirs[p]
            + (STOP_POINTS if p == stopper else 0)
            for p in range(self.players)
        )


class MapGame(CardSeats, Game):
    """What both rule sets of Crypto géographique share: the map, and a card as chance."""

    #: The most cards a hand holds: seven, and the eighth drawn before one is thrown (Rule "a
    #: turn": «Ayant alors et momentanément 8 cartes en main»). A picture picks out no more.
    LARGEST_HAND: ClassVar[int] = HAND + 1
    #: What the rule set's rounds are dealt from.
    DECK: ClassVar[Deck]

    @property
    def deck(self) -> Deck:
        """What this game's rounds are dealt from: the rule set's deck (a research
        configuration's own)."""
        return self.DECK

    def max_chance_outcomes(self) -> int:
        return 91


class MapState(StockChance, State):
    """What both rule sets' games keep beside the round in play: each seat's total over the
    rounds played out (the points, or the chain game's penalties), and whether the game is
    over. A game its limit stopped leaves the totals as they stand; the round under way counts
    nothing."""

    def __init__(self, game: MapGame) -> None:
        super().__init__(game)
        self.totals: tuple[int, ...] = (0,) * game.num_players()
        self.finished = False

    def _returns(self) -> list[float]:
        return [float(t) for t in self.totals] if self.finished else [0.0] * self.num_players()

    def _unfinished_returns(self) -> list[float]:
        return [float(t) for t in self.totals]


#: The one-word moves in the leaflet's French, one of each: what a French reader's buttons
#: show (and what :func:`notation` reads back).
IN_FRENCH = {"stock": "talon", "agree": "accepte"}


class CryptoGeographiqueGame(MapGame):
    manifest = COMBINATIONS
    # Rule "the deal": «Chacun reçoit 7 cartes, distribuées une à une».
    DECK = Deck(ALL_DEPARTEMENTS, fakirs=6, hand=HAND)

    def _french_move(self, move: str) -> str:
        """``discard Somme and stop`` as «défausse Somme et j'arrête»."""
        if move.startswith("discard "):
            card = move.removeprefix("discard ")
            if card.endswith(" and stop"):
                return f"défausse {card.removesuffix(' and stop')} et j’arrête"
            return f"défausse {card}"
        return IN_FRENCH.get(move, move)

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        if self.options["teams"] and self.options["players"] != 4:
            raise OptionError("the team game is for four players (teams=true needs players=4).")

    def partner(self, player: int) -> int | None:
        return (player + 2) % 4 if self.options["teams"] else None

    def sides(self) -> list[tuple[int, ...]]:
        # Rule "teams": «on additionne les points des deux associés».
        return [(0, 2), (1, 3)] if self.options["teams"] else super().sides()

    def num_distinct_actions(self) -> int:
        return ACTIONS

    def max_utility(self) -> float:
        return float(self.options["points"] + 2 * (300 + 6 * FAKIR_POINTS + STOP_POINTS))

    def _information_set(self, observation: Mapping[str, Any]) -> HiddenHands:
        return HiddenHands.of(self, observation)

    def new_initial_state(self) -> CryptoGeographiqueState:
        return CryptoGeographiqueState(self)


class CryptoGeographiqueState(MapState):
    game: CryptoGeographiqueGame

    def __init__(self, game: CryptoGeographiqueGame) -> None:
        super().__init__(game)
        n = game.num_players()
        self.round = Round.deal_out(n, n - 1, game.deck)
        #: Each round: how it ended ("stop" or "stock") and the hands shown.
        self.results: tuple[tuple[str, tuple[tuple[int, ...], ...]], ...] = ()
        self._last: tuple[Round, int] | None = None
        self._legal: list[int] | None = None

    def _current_player(self) -> int:
        if self.finished:
            return TERMINAL
        r = self.round
        if r.phase in (Phase.DEAL, Phase.STOCK):
            return CHANCE
        if r.phase is Phase.CONSENT:
            return self.game.partner(r.to_move)  # type: ignore[return-value]
        return r.to_move

    def _stock(self) -> Stock:
        return self.round.stock

    def _legal_actions(self) -> list[int]:
        if self._legal is None:
            self._legal = self._find_legal()
        return list(self._legal)

    def _find_legal(self) -> list[int]:
        r = self.round
        if r.phase is Phase.TAKE:
            return [
                a for a, ok in ((TAKE_STOCK, r.stock.size > 0), (TAKE_PILE, bool(r.pile))) if ok
            ]
        if r.phase is Phase.CONSENT:
            return [AGREE, REFUSE]
        hand = r.hands[r.to_move]
        actions = [DISCARD + c for c in hand]
        # Rule "stopping": «On ne peut arrêter volontairement la manche qu'avec en main un
        # "complet" ou un carré et un brelan.»
        actions += [
            DISCARD_AND_STOP + c
            for c in hand
            if may_stop(tuple(x for x in hand if x != c), self.game.options["groups"])
        ]
        return sorted(actions)

    def _apply(self, action: int) -> None:
        r = self.round
        self._last = (r, action)
        self._legal = None
        if r.phase is Phase.DEAL:
            r = r.deal(action)
        elif r.phase is Phase.STOCK:
            r = r.draw(action)
        elif r.phase is Phase.TAKE:
            r = replace(r, phase=Phase.STOCK) if action == TAKE_STOCK else r.take_pile()
        elif r.phase is Phase.CONSENT:
            if action == AGREE:
                return self._end_round("stop", r.stopper)
            r = r.end_turn()  # «si celui-ci refuse, le jeu continue»
        elif action >= DISCARD_AND_STOP:
            r = r.discard(action - DISCARD_AND_STOP)
            if self.game.options["teams"]:
                # Rule "teams": «Celui qui désire arrêter doit d'abord en demander l'autorisation
                # à son partenaire».
                r = replace(r, phase=Phase.CONSENT, stopper=r.to_move)
            else:
                self.round = r
                return self._end_round("stop", r.to_move)
        else:
            r = r.discard(action - DISCARD).end_turn()
        self.round = r
        if r.phase is Phase.TAKE and r.stock.size == 0:
            # Rule "the stock runs out": «on inscrit à chacun les points correspondant aux
            # combinaisons qu'il a en main».
            self._end_round("stock", None)

    def _end_round(self, how: str, stopper: int | None) -> None:
        r = self.round
        points = r.scores(stopper, self.game.options["groups"])
        if self.game.options["teams"]:
            # Rule "teams": «on additionne les points des deux associés».
            points = tuple(points[p] + points[(p + 2) % 4] for p in range(4))
        self.totals = tuple(t + p for t, p in zip(self.totals, points, strict=True))
        self.results = (*self.results, (how, r.hands))
        if max(self.totals) >= self.game.options["points"]:
            self.finished = True
        else:
            self.round = Round.deal_out(r.players, (r.dealer + 1) % r.players, self.game.deck)

    def _action_to_string(self, action: int) -> str:
        if self.current_player() == CHANCE:
            return card_name(action) if action in self.round.stock else f"<no card {action}>"
        if action not in self._legal_actions():
            return f"<no action {action} at this point>"
        words = {TAKE_STOCK: "stock", TAKE_PILE: "pile", AGREE: "agree", REFUSE: "refuse"}
        if action in words:
            return words[action]
        if action >= DISCARD_AND_STOP:
            return f"discard {card_name(action - DISCARD_AND_STOP)} and stop"
        return f"discard {card_name(action - DISCARD)}"

    def _aliases(self, text: str) -> int | None:
        try:
            if self.current_player() == CHANCE:
                return card_of(text)
            words = notation(text.strip())
            named = {"stock": TAKE_STOCK, "pile": TAKE_PILE, "agree": AGREE, "refuse": REFUSE}
            if words in named:
                return named[words]
            if words.lower().startswith("discard "):
                rest = words[8:]
                stop = rest.lower().endswith(" and stop")
                card = card_of(rest[: -len(" and stop")] if stop else rest)
                return (DISCARD_AND_STOP if stop else DISCARD) + card
        except NotationError:
            return None
        return None

    def _irrevocable(self, action: int) -> str | None:
        # Taking back (not a rule): a card of the hand, once discarded face up, stays seen.
        if DISCARD <= action < AGREE:
            return _("a discard shows a card of the hand to the table")
        return None

    def _refusal_of_text(self, text: str) -> Refusal | None:
        r = self.round
        text = notation(text)
        words = text.split()
        stop = text.endswith(" and stop")
        card = None
        if words[:1] == ["discard"]:
            try:
                card = card_of(text[len("discard "):-len(" and stop")] if stop else text[8:])
            except NotationError:
                return None
        if card == FAKIR:
            # Rule "fakirs": «doit immédiatement l'exposer sur la table devant lui».
            return Refusal(_("fakirs"), _("a fakir is exposed at once and replaced, never held"))
        if r.phase is Phase.CONSENT:
            return Refusal(_("teams"), _("{seat} asks to stop, and the partner agrees or refuses "
                                         "first", seat=_(self.game.seat_name(r.to_move))))
        if words in (["agree"], ["refuse"]):
            return Refusal(_("teams"), _("no partner has asked to stop"))
        if r.phase is Phase.TAKE and card is not None:
            return Refusal(_("a turn"), _("take the visible card or the stock's top card first"))
        if r.phase is Phase.DISCARD and words in (["stock"], ["pile"]):
            return Refusal(_("a turn"), _("a card is taken, and one of the eight in hand is "
                                          "thrown"))
        if r.phase is not Phase.DISCARD or card is None:
            return None
        hand = r.hands[r.to_move]
        if card not in hand:
            return Refusal(_("a turn"), _("{card} is not among the eight in your hand",
                                          card=card_name(card)))
        if stop:
            # Rule "stopping": «On ne peut arrêter volontairement la manche qu'avec en main un
            # "complet" ou un carré et un brelan.»
            return Refusal(_("stopping"), _("the seven kept without {card} make neither a "
                                            "complet nor a carré and a brelan",
                                            card=card_name(card)))
        return None

    def _termination(self) -> str:
        # How the last round ended: rule "stopping", or rule "the stock runs out".
        return "stop announced" if self.results[-1][0] == "stop" else "stock exhausted"

    def _observation(self, player: int | None) -> CryptoGeographiqueView:
        """Every hand is secret until the round ends; the pile and the fakirs are public."""
        r = self.round
        names = [self.game.seat_name(p) for p in range(r.players)]
        own = sorted(r.hands[player]) if player is not None else []
        groups = self.game.options["groups"]
        split = best_split(tuple(own), groups)[1] if own and len(own) <= HAND + 1 else ()
        shown: ShownHands | None = None
        if self.results:
            how, hands = self.results[-1]
            shown = {
                "ended by": cast(Ending, how),  # one of the two _end_round is given
                "hands": {names[p]: [card_name(c) for c in h] for p, h in enumerate(hands)},
            }
        return {
            "game": self.game.name,
            "seat": None if player is None else names[player],
            "players": names,
            "dealer": names[r.dealer],
            "teams": self.game.options["teams"],
            "phase": "over" if self.finished else r.phase.value,
            "to_move": None
            if self.current_player() in (CHANCE, TERMINAL)
            else names[self.current_player()],
            "hand": [card_name(c) for c in own],
            "combinations": [[card_name(c) for c in g] for g in split],
            "fakirs": {names[p]: r.fakirs[p] for p in range(r.players)},
            "pile_top": card_name(r.pile[-1]) if r.pile else None,
            "pile": [card_name(c) for c in r.pile],
            "stock": r.stock.size,
            "totals": {names[p]: self.totals[p] for p in range(r.players)},
            "last_round": shown,
            "last": self.describe_last(player) or None,
        }

    def describe_last(self, player: int | None = None) -> str:
        if self._last is None:
            return ""
        before, action = self._last

        def seat(player: int) -> str:
            return _(self.game.seat_name(player))

        if before.phase is Phase.DEAL:
            # The deal is told once, at its end (a fakir dealt is a thing apart, shown to all).
            to = before.dealing_to()
            if to is None and action == FAKIR:
                return _("the dealer turns up a fakir, exposes it and turns up another.")
            if to is None:
                return _("The cards are dealt, {count} to each player; the first card of the "
                         "pile is turned up: {card}.", count=before.size, card=card_name(action))
            if action == FAKIR:
                return _("{seat} is dealt a fakir, exposes it and is dealt another.",
                         seat=seat(to))
            return ""
        mover = seat(before.to_move)
        if before.phase is Phase.STOCK:
            if action == FAKIR:
                return _("{seat} draws a fakir, exposes it and draws again.", seat=mover)
            if player == before.to_move:
                return _("{seat} draws from the stock: {card}.", seat=mover,
                         card=card_name(action))
            return _("{seat} draws from the stock.", seat=mover)
        if before.phase is Phase.TAKE:
            # Taking the stock's top card is told by the draw that follows it.
            if action == TAKE_PILE:
                return _("{seat} takes {card} from the pile.", seat=mover,
                         card=card_name(before.pile[-1]))
            return ""
        if before.phase is Phase.CONSENT:
            partner = seat(self.game.partner(before.to_move))  # type: ignore[arg-type]
            if action == AGREE:
                return _("{seat} agrees: the round is over.", seat=partner)
            return _("{seat} refuses.", seat=partner)
        card = card_name(action - (DISCARD_AND_STOP if action >= DISCARD_AND_STOP else DISCARD))
        if action < DISCARD_AND_STOP:
            return _("{seat} discards {card}.", seat=mover, card=card)
        if self.game.options["teams"]:
            return _("{seat} discards {card} and says «j'arrête» (asking his partner).",
                     seat=mover, card=card)
        return _("{seat} discards {card} and says «j'arrête».", seat=mover, card=card)

    def key(self) -> Any:
        return (self.round, self.totals, self.finished)

    def __str__(self) -> str:
        return f"{self.game.name}: {self.round.phase.value}, totals {self.totals}"


#: A rule set's round: the combinations game's, or the chain game's.
R = TypeVar("R", bound=Hands)


@dataclass(frozen=True)
class Sight:
    """What either rule set shows one player at his decision, read from his observation: the
    seats, his own, his hand, the cards face up (the pile, or the chain laid) and the fakirs
    each player has exposed."""

    names: list[str]
    me: int
    hand: tuple[int, ...]
    table: tuple[int, ...]
    fakirs: tuple[int, ...]

    @classmethod
    def of(cls, o: Mapping[str, Any], names: list[str], at_decision: bool, table: str) -> Sight:
        """The view ``o`` of the seats ``names``, its cards face up under ``table``; refused
        unless ``at_decision``, since a search chooses a player's decision."""
        if not at_decision:
            raise LudothequeError(
                _("a Crypto géographique observation is searched at a player's decision.")
            )
        me = names.index(o["seat"])
        hand = tuple(card_of(c) for c in o["hand"])
        face_up = tuple(card_of(c) for c in o[table])
        return cls(names, me, hand, face_up, tuple(o["fakirs"][name] for name in names))

    def unseen(
        self,
        o: Mapping[str, Any],
        game: MapGame,
        fakirs: int,
        hands: tuple[int, ...],
        barred: tuple[tuple[frozenset[int], ...], ...] = (),
    ) -> Unseen:
        """The départements he has not seen, ``hands`` of them in each other hand and the rest
        in the stock with the ``fakirs`` not shown; refused unless that is the stock ``o``
        counts."""
        seen = set(self.hand) | set(self.table)
        deck = game.deck.departements
        unseen = Unseen(tuple(c for c in deck if c not in seen), FAKIR, fakirs, hands, barred)
        unseen.check(o["stock"], game.name)
        return unseen

    def round(self, dealt: type[R], dealer: int, deck: Deck) -> R:
        """The round, of the rule set's kind ``dealt``, dealt from ``deck``, as he sees it: the
        other hands empty, the stock empty."""
        hands = tuple(self.hand if p == self.me else () for p in range(len(self.names)))
        return dealt(len(self.names), dealer, hands, self.fakirs, Stock.of((), FAKIR, 0),
                     deck.hand)


@dataclass(frozen=True)
class HiddenRound(Generic[R]):
    """What one player of either rule set knows at his decision: the round as he sees it, the
    totals and the rounds before as far as they are still in view; and the cards he has not
    seen, dealt at random to the others' hands and the stock for each state sampled.

    In either rule set a sampled state shows north what the true one does (but for the
    sentence on the last action, which it has none of), and deals south another hand:

    >>> import ludotheque, random
    >>> for name in ("crypto-geographique", "crypto-geographique-chaine"):
    ...     game = ludotheque.load_game(name)
    ...     state = game.new_initial_state()
    ...     while state.is_chance_node():
    ...         state.apply_action(state.sample_chance(random.Random(len(state.history()))))
    ...     world = game.information_set(state.observation(0)).sample(random.Random(1))
    ...     same = world.observation(0) == state.observation(0) | {"last": None}
    ...     print(name, same, world.observation(1)["hand"] == state.observation(1)["hand"])
    crypto-geographique True False
    crypto-geographique-chaine True False
    """

    game: MapGame
    #: The round as he sees it: the other hands empty, the stock empty.
    round: R
    totals: tuple[int, ...]
    #: The rounds before, as the rule set's state keeps them, so far as he still sees them.
    results: tuple[Any, ...]
    unseen: Unseen

    def sample(self, rng: random.Random) -> State:
        hidden, stock = self.unseen.deal(rng)
        hands = tuple(h or own for h, own in zip(hidden, self.round.hands, strict=True))
        return self._world(replace(self.round, hands=hands, stock=stock))

    def _world(self, dealt: R) -> State:
        """The rule set's state at the round ``dealt``, the unseen cards dealt in it."""
        raise NotImplementedError


@dataclass(frozen=True)
class HiddenHands(HiddenRound[Round]):
    """What one player of the combinations game knows at his decision, from his observation:
    his hand, the pile, the fakirs shown and the totals; and the cards he has not seen, seven
    in each other hand and the rest in the stock."""

    game: CryptoGeographiqueGame
    #: The last round's ending and hands, shown to all when it ended; the rounds before it
    #: are no longer in view.
    results: tuple[tuple[str, tuple[tuple[int, ...], ...]], ...]

    @classmethod
    def of(cls, game: CryptoGeographiqueGame, o: Mapping[str, Any]) -> HiddenHands:
        names = o["players"]
        deciding = o["phase"] in (Phase.TAKE.value, Phase.DISCARD.value, Phase.CONSENT.value)
        seen = Sight.of(o, names, deciding, "pile")
        deck = game.deck
        others = tuple(0 if p == seen.me else deck.hand for p in range(len(names)))
        # Rule "fakirs": shown at once, so those not on the table or the pile are in the stock.
        hidden = deck.fakirs - sum(seen.fakirs) - seen.table.count(FAKIR)
        unseen = seen.unseen(o, game, hidden, others)
        acting = names.index(o["to_move"])
        phase = Phase(o["phase"])
        # Asked to consent, the partner acts; the turn is still the stopper's.
        to_move = game.partner(acting) if phase is Phase.CONSENT else acting
        round_ = replace(
            seen.round(Round, names.index(o["dealer"]), deck),
            pile=seen.table,
            phase=phase,
            to_move=to_move,  # type: ignore[arg-type]
            stopper=to_move if phase is Phase.CONSENT else None,
        )
        last = o["last_round"]
        shown = () if last is None else (
            (last["ended by"], tuple(tuple(card_of(c) for c in last["hands"][name])
                                     for name in names)),
        )
        return cls(game, round_, tuple(o["totals"][name] for name in names), shown, unseen)

    def _world(self, dealt: Round) -> CryptoGeographiqueState:
        state = CryptoGeographiqueState(self.game)
        state.round, state.totals, state.results = dealt, self.totals, self.results
        return state


def answer(game: MapGame, question: str, state: State | None = None) -> str | None:
    """What touches a département, asked by name or number (the manifest's ``explain``)."""
    # «Une carte de France est remise à chaque joueur, qui peut la consulter»: ask "? Somme".
    return explain(question)


def judge(state: CryptoGeographiqueState, player: int) -> float:
    """The points the seat would have if the round ended now (the manifest's ``heuristic``):
    his total, his hand's best split into combinations and his fakirs."""
    o = state.observation(player)
    if o["phase"] == "over":  # the last round's hands and fakirs are in the totals
        return float(o["totals"][o["seat"]])
    hand = tuple(card_of(c) for c in o["hand"])
    mine = best_split(hand, state.game.options["groups"])[0] if len(hand) <= HAND else 0
    return float(o["totals"][o["seat"]] + mine + FAKIR_POINTS * o["fakirs"][o["seat"]])


def tally(state: CryptoGeographiqueState) -> dict[str, str | float]:
    """The share of rounds stopped by a player (the others by an exhausted stock), the number
    of rounds, and each seat's points."""
    stopped = [how == "stop" for how, _ in state.results]
    details: dict[str, str | float] = {"rounds": float(len(stopped))}
    if stopped:  # a game its limit stopped in its first round has no round to share out
        details["rounds stopped"] = sum(stopped) / len(stopped)
    for seat in range(state.num_players()):
        details[f"{state.game.seat_name(seat)}'s points"] = float(state.totals[seat])
    return details
