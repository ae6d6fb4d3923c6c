"""Crypto-90 as a Game: decisions, chance, hidden hands and the notation over the table.

Decisions are written ``stock`` or ``pile`` (take the top of the stock, or of the discard
pile), then ``hand``, ``row 1`` … ``row 8`` (exchange the card taken for the hand card or a row
card) or ``reject`` (a stock card discarded at once); then, holding a fakir, ``hypnotise south 4``
or ``pass``. Under ``laying=chosen`` every turn ends with ``end`` or, when the ninth card
completes the row, ``lay left`` / ``lay right``. Chance outcomes are cards: ``07``, ``F`` (a fakir).
The leaflet's French words are read too (``talon``, ``rangée 3``, ``hypnotise sud 4``, ``passe``,
``abats gauche``…), and written in this notation.

>>> import ludotheque
>>> game = ludotheque.load_game("crypto-90", players=2)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 91)
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ludotheque.core.cards import CardSeats, Stock, StockChance, Unseen
from ludotheque.core.errors import LudothequeError, NotationError
from ludotheque.core.game import CHANCE, TERMINAL, Game, Refusal, State
from ludotheque.core.i18n import N_, _
from ludotheque.games.crypto90 import MANIFEST
from ludotheque.games.crypto90.rules import (
    FAKIR,
    FAKIRS,
    NUMBERS,
    ROW,
    Variant,
    card_name,
    card_of,
)
from ludotheque.games.crypto90.table import Phase, Table
from ludotheque.games.crypto90.view import Crypto90View, LastRound

TAKE_STOCK, TAKE_PILE, PLACE_HAND = 0, 1, 2
PLACE_ROW = 3  # + position 0–7
REJECT = 11
HYPNOTISE = 12  # + player * 8 + position
PASS = HYPNOTISE + 4 * ROW
LAY, END = PASS + 1, PASS + 2
ACTIONS = END + 1
#: The decisions written as one word.
WORDS = {
    TAKE_STOCK: "stock",
    TAKE_PILE: "pile",
    PLACE_HAND: "hand",
    REJECT: "reject",
    PASS: "pass",
    END: "end",
}
#: The moves in the leaflet's French words, each as the notation writes it: typed in any
#: language, accents or not (``rangee 3``), and recorded in the notation.
FRENCH = {
    "talon": "stock", "pioche": "stock", "main": "hand", "rangee": "row",
    "rejette": "reject", "rejeter": "reject", "hypnotiser": "hypnotise",
    "passe": "pass", "passer": "pass", "fin": "end", "finir": "end",
    "abats": "lay", "abattre": "lay", "gauche": "left", "droite": "right",
    "nord": "north", "est": "east", "sud": "south", "ouest": "west",
}
#: Where the ninth card goes, in the sentences that tell it.
SIDES = {"left": N_("on the left"), "right": N_("on the right")}


def notation(text: str) -> str:
    """``text`` (lower case, single spaces) with the French words of a move put in the
    notation's.

    >>> notation("rangée 3"), notation("hypnotise sud 4"), notation("abats gauche")
    ('row 3', 'hypnotise south 4', 'lay left')
    """
    bare = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return " ".join(FRENCH.get(word, word) for word in bare.split())


#: The notation's words in the leaflet's French, one of each: what a French reader's buttons
#: show (and what :data:`FRENCH` reads back).
IN_FRENCH = {
    "stock": "talon", "hand": "main", "row": "rangée", "reject": "rejette", "pass": "passe",
    "end": "fin", "lay": "abats", "left": "gauche", "right": "droite", "north": "nord",
    "east": "est", "south": "sud", "west": "ouest",
}


class Crypto90Game(CardSeats, Game):
    manifest = MANIFEST

    def _french_move(self, move: str) -> str:
        return " ".join(IN_FRENCH.get(word, word) for word in move.split())

    @classmethod
    def upgrade_options(cls, options: dict[str, Any], version: int) -> dict[str, Any]:
        # Records of format 2 and before were played when a fakir turned up stayed on the pile.
        if version < 3:
            options.setdefault("turned_fakir", "pile")
        return options

    def num_distinct_actions(self) -> int:
        return ACTIONS

    def max_chance_outcomes(self) -> int:
        return len(NUMBERS) + 1  # a card: a number, or the fakir

    def max_utility(self) -> float:
        # A round is worth at most 650 to one player: won 250, six fakirs 300, the tens 100.
        if self.options["goal"] == "rounds":
            rounds: int = self.options["rounds"]
            return 650.0 * rounds
        return float(self.options["points"] + 650)

    def _information_set(self, observation: Mapping[str, Any]) -> HiddenCards:
        return HiddenCards.of(self, observation)

    def new_initial_state(self) -> Crypto90State:
        return Crypto90State(self)


class Crypto90State(StockChance, State):
    """A game in progress; ``table`` is an immutable value, replaced at every action."""

    game: Crypto90Game

    def __init__(self, game: Crypto90Game) -> None:
        super().__init__(game)
        n = game.num_players()
        # Rule "the dealer": the leaflet names none; the last seat deals first, so that the
        # first seat is dealt first and plays first.
        self.table = Table.new_round(n, n - 1, 1, (0,) * n, Variant.of(game.options))
        #: Each round played: its winner (None if the stock ran out) and its scores. A tuple,
        #: replaced and never appended to: clones share it.
        self.results: tuple[Table, ...] = ()  # each round's last table, its scores counted
        self.finished = False
        self._last: tuple[Table, int] | None = None

    def _current_player(self) -> int:
        if self.finished:
            return TERMINAL
        phase = self.table.phase
        return CHANCE if phase in (Phase.DEAL, Phase.STOCK) else self.table.to_move

    def _stock(self) -> Stock:
        return self.table.stock

    def _legal_actions(self) -> list[int]:
        t = self.table
        if t.phase is Phase.DRAW:
            return [
                a
                for a, ok in ((TAKE_STOCK, t.stock.size > 0), (TAKE_PILE, t.can_take_pile()))
                if ok
            ]
        if t.phase is Phase.PLACE:
            places = [PLACE_HAND if p is None else PLACE_ROW + p for p in t.places()]
            return places + [REJECT] * t.from_stock
        if t.phase is Phase.HYPNOTISE:
            return [*sorted(HYPNOTISE + p * ROW + k for p, k in t.hypnotisable()), PASS]
        return [LAY, END] if t.side(t.to_move) else [END]

    def _apply(self, action: int) -> None:
        t = self.table
        self._last = (t, action)
        if t.phase is Phase.DEAL:
            t = t.deal(action)
        elif t.phase is Phase.STOCK:
            t = t.draw(action)
        elif t.phase is Phase.DRAW:
            t = t.take_stock() if action == TAKE_STOCK else t.take_pile()
        elif t.phase is Phase.PLACE:
            t = (
                t.reject()
                if action == REJECT
                else t.place(None if action == PLACE_HAND else action - PLACE_ROW)
            )
        elif t.phase is Phase.HYPNOTISE:
            t = (
                t.pass_hypnotising()
                if action == PASS
                else t.hypnotise(*divmod(action - HYPNOTISE, ROW))
            )
        else:
            t = t.lay() if action == LAY else t.end_turn()
        if t.phase is Phase.OVER:
            self.results = (*self.results, t)
            if self._game_over(t):
                self.finished = True
            else:
                t = t.next_round()
        self.table = t

    def _game_over(self, t: Table) -> bool:
        options = self.game.options
        if options["goal"] == "rounds":
            rounds: int = options["rounds"]
            return t.round >= rounds
        points: int = options["points"]
        return max(t.totals) >= points

    def _action_to_string(self, action: int) -> str:
        t = self.table
        if self.current_player() == CHANCE:
            return card_name(action) if action in t.stock else f"<no card {action} in the stock>"
        if action not in self._legal_actions():
            return f"<no action {action} at this point>"
        if action in WORDS:
            return WORDS[action]
        if PLACE_ROW <= action < PLACE_ROW + ROW:
            return f"row {action - PLACE_ROW + 1}"
        if action == LAY:
            return f"lay {t.side(t.to_move)}"
        player, position = divmod(action - HYPNOTISE, ROW)
        return f"hypnotise {self.game.seat_name(player)} {position + 1}"

    def _aliases(self, text: str) -> int | None:
        if self.current_player() == CHANCE:
            try:
                return card_of(text)
            except NotationError:
                return None
        text = notation(text)
        written = {self._action_to_string(a): a for a in self._legal_actions()}
        if text in written:
            return written[text]
        words = text.split()
        if words == ["lay"]:
            return LAY
        if len(words) == 2 and words[0] == "row" and words[1] in set("12345678"):
            return PLACE_ROW + "12345678".index(words[1])
        return None

    def _written(self, text: str) -> int | None:
        """The decision ``text`` writes, legal here or not (None if it writes none)."""
        words = text.split()
        named = {word: action for action, word in WORDS.items()}
        if len(words) == 1 and words[0] in named:
            return named[words[0]]
        if words[:1] == ["lay"] and words[1:] in ([], ["left"], ["right"]):
            return LAY
        numbers = {str(k + 1): k for k in range(ROW)}
        if len(words) == 2 and words[0] == "row" and words[1] in numbers:
            return PLACE_ROW + numbers[words[1]]
        seats = [self.game.seat_name(p) for p in range(self.num_players())]
        if (len(words) == 3 and words[0] == "hypnotise" and words[1] in seats
                and words[2] in numbers):
            return HYPNOTISE + seats.index(words[1]) * ROW + numbers[words[2]]
        return None

    def _refusal_of_text(self, text: str) -> Refusal | None:
        text = notation(text)
        if text.split()[:1] in (["swap"], ["move"], ["switch"], ["deplace"], ["intervertis"]):
            # Rule "the row stays": «Le joueur ne peut ni déplacer ni intervertir les cartes de
            # sa rangée.»
            return Refusal(_("the row stays"), _("no card of a row is moved or swapped, only "
                                                 "exchanged for the card taken"))
        action = self._written(text)
        return None if action is None else self._refusal(action)

    def _irrevocable(self, action: int) -> str | None:
        # Taking back (not a rule): a card that was hidden, once face up, stays seen.
        if action in (PLACE_HAND, LAY):
            return _("it shows the hand card to the table")
        if action == REJECT or (PLACE_ROW <= action < PLACE_ROW + ROW and self.table.from_stock):
            return _("it shows the card drawn from the stock to the table")
        return None

    def _refusal(self, action: int) -> Refusal | None:
        t = self.table
        places = PLACE_HAND <= action < PLACE_ROW + ROW
        if HYPNOTISE <= action < PASS:
            player, position = divmod(action - HYPNOTISE, ROW)
            if not t.held[t.to_move]:
                return Refusal(_("hypnotise"), _("you hold no fakir to put in a row"))
            if player >= len(t.rows):  # an id of the action space naming a seat not here
                return Refusal(_("hypnotise"), _("a fakir goes in the row of one of the "
                                                 "{count} players", count=len(t.rows)))
            if t.phase is Phase.HYPNOTISE and t.rows[player][position] == FAKIR:
                return Refusal(_("hypnotise"), _("a fakir replaces a card that is not a fakir"))
            if t.phase is not Phase.HYPNOTISE:
                return Refusal(_("hypnotise"), _("a fakir is put after the turn's exchange, one "
                                                 "a turn"))
        if t.phase is Phase.DRAW:
            if action == TAKE_PILE and t.pile and t.pile[-1] == FAKIR:
                return Refusal(_("a fakir on the pile"), _("the top of the pile is a fakir, "
                                                           "which cannot be taken"))
            if places or action == REJECT:
                return Refusal(_("a turn"), _("take the top of the stock or of the pile first"))
        if t.phase is Phase.PLACE:
            if action in (TAKE_STOCK, TAKE_PILE):
                assert t.drawn is not None  # the card taken this turn
                return Refusal(_("a turn"), _("the {card} taken is to be exchanged for the hand "
                                              "card or a row card", card=card_name(t.drawn)))
            if action == REJECT:
                return Refusal(_("rejecting a stock card"), _("a card taken from the pile must "
                                                              "be exchanged"))
            if places:
                fakirs = ", ".join(f"row {k + 1}" for k in t.places() if k is not None)
                return Refusal(_("a fakir received"), _("the card taken goes in place of the "
                                                        "fakir in your row ({places})",
                                                        places=fakirs))
        if action == LAY:
            return Refusal(_("laying the ninth card"), _("the hand card is laid when the row of "
                                                         "eight is in order and it fits at one "
                                                         "end"))
        if t.phase is Phase.HYPNOTISE:
            return Refusal(_("hypnotise"), _("the exchange is made, and a fakir is now put in a "
                                             "row or the turn goes on with pass"))
        if t.phase is Phase.END:
            return Refusal(_("laying the ninth card"), _("the turn ends with end, or with lay "
                                                         "when the hand card completes the nine"))
        return None

    def _returns(self) -> list[float]:
        # Each seat's points: the game is won by the highest total.
        if not self.finished:
            return [0.0] * self.num_players()
        return [float(total) for total in self.table.totals]

    def _unfinished_returns(self) -> list[float]:
        # The points of the rounds played out; the round under way counts nothing.
        return [float(total) for total in self.table.totals]

    def _termination(self) -> str:
        # How the last round ended: rule "end of the round", or rule "the stock runs out".
        return "stock exhausted" if self.results[-1].exhausted else "ninth card laid"

    def _observation(self, player: int | None) -> Crypto90View:
        """What ``player`` may see: every row, the fakirs set aside, the pile (all of its cards
        went down face up, only the top is visible), the stock's size, his own hand card and the
        card he has taken — never another's hand card, nor the stock's cards."""
        t = self.table
        mover = t.to_move if t.phase in (Phase.PLACE, Phase.HYPNOTISE, Phase.END) else None
        names = [self.game.seat_name(p) for p in range(t.players)]
        taken = None
        if t.drawn is not None and (player == t.to_move or not t.from_stock):
            taken = card_name(t.drawn)
        hand = None if player is None else t.hands[player]
        return {
            "game": self.game.name,
            "seat": None if player is None else names[player],
            "players": names,
            "round": t.round,
            "dealer": names[t.dealer],
            "phase": "over" if self.finished else t.phase.value,
            "to_move": None
            if self.current_player() == CHANCE or self.finished
            else names[t.to_move],
            "rows": {
                names[p]: [None if c is None else card_name(c) for c in t.rows[p]]
                for p in range(t.players)
            },
            "fakirs_set_aside": {names[p]: t.held[p] for p in range(t.players)},
            "hand": None if hand is None else card_name(hand),
            "taken": taken,
            "taken_from": None if t.drawn is None else ("stock" if t.from_stock else "pile"),
            "mover": None if mover is None else names[mover],
            "pile_top": card_name(t.pile[-1]) if t.pile else None,
            "pile": [card_name(c) for c in t.pile],
            "stock": t.stock.size,
            "totals": {names[p]: t.totals[p] for p in range(t.players)},
            "last_round": self._last_round(names),
            "last": self.describe_last(player) or None,
        }

    def _last_round(self, names: list[str]) -> LastRound | None:
        if not self.results:
            return None
        winner, scores = self.results[-1].winner, self.results[-1].scores
        return {
            "winner": None if winner is None else names[winner],
            "scores": {
                names[p]: {"total": s.total, "items": s.items()} for p, s in enumerate(scores)
            },
        }

    def describe_last(self, player: int | None = None) -> str:
        """The last action told as ``player`` may know it (None: a spectator)."""
        if self._last is None:
            return ""
        before, action = self._last
        seat = self._seat
        if before.phase is Phase.DEAL:
            # The deal is told once, at its end; a fakir set aside is a thing apart.
            what, to, position = before.deal_target()
            card = card_name(action)
            if what in ("row", "hand"):
                return ""
            if what == "replace row":
                return _("{seat} sets a fakir aside; card {place} is now {card}.", seat=seat(to),
                         place=position + 1, card=card)
            if what == "replace hand":
                if player == to:
                    return _("{seat} shows a fakir in hand and sets it aside; he is dealt "
                             "another: {card}.", seat=seat(to), card=card)
                return _("{seat} shows a fakir in hand and sets it aside; he is dealt another.",
                         seat=seat(to))
            if self.table.phase is Phase.DEAL:  # a fakir the dealer keeps (turned_fakir=dealer)
                return _("the dealer, {seat}, turns up a fakir and sets it aside.", seat=seat(to))
            return _("The cards are dealt, {row} face up in each row and one in each hand; the "
                     "dealer turns up {card} to begin the pile.", row=ROW, card=card)
        mover = seat(before.to_move)
        if before.phase is Phase.STOCK:
            if action == FAKIR:
                if self.table.phase is Phase.STOCK:
                    return _("{seat} draws a fakir from the stock and sets it aside; draws "
                             "again.", seat=mover)
                return _("{seat} draws a fakir from the stock and sets it aside; the stock is "
                         "empty.", seat=mover)
            if player == before.to_move:
                return _("{seat} draws from the stock: {card}.", seat=mover,
                         card=card_name(action))
            return _("{seat} draws from the stock.", seat=mover)
        if before.phase is Phase.DRAW:
            # Taking the stock's top card is told by the draw that follows it.
            if action == TAKE_PILE:
                return _("{seat} takes {card} from the pile.", seat=mover,
                         card=card_name(before.pile[-1]))
            return ""
        if action == LAY:  # his lay ended the round: the round's end is said with it
            hand, side = before.hands[before.to_move], before.side(before.to_move)
            assert hand is not None and side is not None  # the ninth card, and where it went
            return _("{seat}: lays {card} {side} and wins round {round}.", seat=mover,
                     card=card_name(hand), side=_(SIDES[side]), round=before.round)
        text = self._said(before, action, player)
        if self.results and (self.finished or self.table.round > before.round):
            end = self.results[-1]
            if end.winner is None:
                return _("{said} The stock is exhausted and nobody wins round {round}.",
                         said=text, round=before.round)
            hand = end.hands[end.winner]
            assert hand is not None and end.laid is not None  # the winner's ninth card, laid
            ninth, side = card_name(hand), _(SIDES[end.laid])
            if end.exhausted:
                return _("{said} The stock is exhausted; {seat} lays {card} {side} and wins "
                         "round {round}.", said=text, seat=seat(end.winner), card=ninth,
                         side=side, round=before.round)
            return _("{said} {seat} lays {card} {side} and wins round {round}.", said=text,
                     seat=seat(end.winner), card=ninth, side=side, round=before.round)
        return text

    def _seat(self, player: int) -> str:
        """A seat's name in the reader's language."""
        return _(self.game.seat_name(player))

    def _said(self, before: Table, action: int, player: int | None) -> str:
        """The sentence on a decision after the card taken: an exchange, a fakir, a turn's end."""
        mover = self._seat(before.to_move)
        if before.phase is Phase.PLACE:
            drawn = card_name(before.drawn)  # type: ignore[arg-type]
            if action == REJECT:
                return _("{seat}: rejects {card} onto the pile.", seat=mover, card=drawn)
            if action == PLACE_HAND:
                old = card_name(before.hands[before.to_move])  # type: ignore[arg-type]
                # A card from the stock goes into the hand unseen: only its taker may know it.
                if before.from_stock and player != before.to_move:
                    return _("{seat}: keeps the card he drew in hand and discards his old hand "
                             "card, {old}.", seat=mover, old=old)
                return _("{seat}: keeps {card} in hand and discards his old hand card, {old}.",
                         seat=mover, card=drawn, old=old)
            position = action - PLACE_ROW
            replaced = before.rows[before.to_move][position]
            assert replaced is not None  # after the deal every row place holds a card
            return _("{seat}: puts {card} in row place {place} and discards {old}.", seat=mover,
                     card=drawn, place=position + 1, old=card_name(replaced))
        if before.phase is Phase.HYPNOTISE:
            if action == PASS:
                return _("{seat}: keeps his fakirs.", seat=mover)
            target, position = divmod(action - HYPNOTISE, ROW)
            removed = before.rows[target][position]
            assert removed is not None  # a fakir replaces a card
            return _("{seat}: hypnotises {target}: a fakir replaces {card} (place {place}), "
                     "which goes under the pile.", seat=mover, target=self._seat(target),
                     card=card_name(removed), place=position + 1)
        return _("{seat}: ends his turn.", seat=mover)

    def key(self) -> Any:
        return (self.table, self.finished, len(self.results))

    def __str__(self) -> str:
        t = self.table
        rows = " | ".join(
            " ".join("--" if c is None else card_name(c) for c in row) for row in t.rows
        )
        return f"round {t.round} {t.phase.value} {rows}"


def _if_seen(player: int | None, owner: int, card: str) -> str:
    return f": {card}" if player == owner else ""


#: The phases in which a player decides, as the observation writes them.
DECISIONS = frozenset(p.value for p in (Phase.DRAW, Phase.PLACE, Phase.HYPNOTISE, Phase.END))


@dataclass(frozen=True)
class HiddenCards:
    """What one player knows of a Crypto-90 table at his decision, from his observation: every
    row, the fakirs set aside, the whole pile, his own hand card and the card he took; and the
    cards he has not seen, one in each other hand and the rest in the stock.

    >>> import ludotheque
    >>> game = ludotheque.load_game("crypto-90")
    >>> state = game.new_initial_state()
    >>> while state.is_chance_node():
    ...     state.apply_action(state.sample_chance(random.Random(len(state.history()))))
    >>> world = game.information_set(state.observation(0)).sample(random.Random(1))
    >>> world.observation(0) == state.observation(0) | {"last": None}
    True
    >>> world.table.hands[1] == state.table.hands[1]  # south's card, drawn among the unseen
    False
    """

    game: Crypto90Game
    #: The table as he sees it: the other hand cards unknown (None), the stock empty.
    table: Table
    unseen: Unseen

    @classmethod
    def of(cls, game: Crypto90Game, o: Mapping[str, Any]) -> HiddenCards:
        names = o["players"]
        if o["phase"] not in DECISIONS:
            raise LudothequeError(_("a Crypto-90 observation is searched at a player's "
                                    "decision."))
        me, n = names.index(o["seat"]), len(names)
        rows = tuple(tuple(card_of(c) for c in o["rows"][name]) for name in names)
        pile = tuple(card_of(c) for c in o["pile"])
        held = tuple(o["fakirs_set_aside"][name] for name in names)
        hand = card_of(o["hand"])
        drawn = card_of(o["taken"]) if o["taken"] is not None else None
        seen = {card for row in rows for card in row} | set(pile) | {hand, drawn}
        fakirs = FAKIRS if n < 4 else FAKIRS - 2  # Rule "the deck", as Table.new_round
        shown = sum(row.count(FAKIR) for row in rows) + sum(held) + pile.count(FAKIR)
        unseen = Unseen(
            tuple(c for c in NUMBERS if c not in seen),
            FAKIR,
            fakirs - shown,
            tuple(0 if p == me else 1 for p in range(n)),
        )
        unseen.check(o["stock"], game.name)
        table = Table(
            players=n,
            dealer=names.index(o["dealer"]),
            round=o["round"],
            totals=tuple(o["totals"][name] for name in names),
            rows=rows,
            hands=tuple(hand if p == me else None for p in range(n)),
            held=held,
            stock=Stock.of((), FAKIR, 0),
            pile=pile,
            variant=Variant.of(game.options),
            phase=Phase(o["phase"]),
            to_move=names.index(o["to_move"]),
            drawn=drawn,
            from_stock=o["taken_from"] == "stock",
        )
        return cls(game, table, unseen)

    def sample(self, rng: random.Random) -> Crypto90State:
        hidden, stock = self.unseen.deal(rng)
        hands = tuple(h[0] if h else card for h, card in zip(hidden, self.table.hands, strict=True))
        state = Crypto90State(self.game)
        state.table = replace(self.table, hands=hands, stock=stock)
        return state


def tally(state: Crypto90State) -> dict[str, str | float]:
    """The share of the game's rounds that ended by a win (the others by an exhausted
    stock), the number of rounds, and each seat's points."""
    winners = [t.winner for t in state.results]
    details: dict[str, str | float] = {"rounds": float(len(winners))}
    if winners:  # a game its limit stopped in its first round has no round to share out
        details["rounds ended by a win"] = sum(w is not None for w in winners) / len(winners)
    for seat in range(state.num_players()):
        details[f"{state.game.seat_name(seat)}'s points"] = float(state.table.totals[seat])
    return details
