"""Crypto géographique's «autre règle»: a chain of touching départements, as a Game.

On his turn a player lays on the visible card a département that touches it (``lay Somme``),
and may go on laying, each card touching the one before, until he says ``done`` (he says it
even when he can lay nothing more, so that the table cannot tell the two apart). A player who
cannot follow draws a card from the stock as a penalty (a chance node: he has no decision). The
first to have no card left wins the round; the others pay him 20 a card left in hand, less 40 a
fakir exposed. The leaflet's French words are read too (``pose Somme``, ``abats 80``,
``fini``), and written in this notation.

>>> import ludotheque
>>> state = ludotheque.load_game("crypto-geographique-chaine").new_initial_state()
>>> state.is_chance_node()
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, cast

from ludotheque.core.cards import (
    Stock,
    plus,
    with_item,
)
from ludotheque.core.errors import LudothequeError, NotationError
from ludotheque.core.game import CHANCE, TERMINAL, Refusal
from ludotheque.core.i18n import _, ngettext
from ludotheque.games.crypto_geo import CHAIN_GAME
from ludotheque.games.crypto_geo.departements import folded, neighbours
from ludotheque.games.crypto_geo.game import (
    ALL_DEPARTEMENTS,
    FAKIR,
    Deck,
    Hands,
    HiddenRound,
    MapGame,
    MapState,
    Sight,
    card_name,
    card_of,
)
from ludotheque.games.crypto_geo.render import whose_turn
from ludotheque.games.crypto_geo.view import ChainEnding, CryptoGeographiqueChainView

HAND = 9
DONE = 91  # lay ids are the cards, 1–90
ACTIONS = DONE + 1
#: Rule "penalties": «20 de pénalité par carte restant en main. Toutefois, chaque Fakir exposé
#: rachète 40 points.»
PER_CARD, PER_FAKIR = 20, 40
#: What each neighbour of the visible card the opponents might hold costs, for the heuristic.
BLOCKING = 4.0
#: The moves in the leaflet's French words («abattre», «poser», «jouer» a card; a turn done;
#: «prend une carte au talon, à titre de pénitence»), as the notation writes them: folded (any
#: case, no accents), the first word, and the whole text for the words alone.
FRENCH_LAY = ("pose", "poser", "abats", "abattre", "joue", "jouer")
FRENCH_WORDS = {
    "fini": "done", "fin": "done", "j ai fini": "done", "termine": "done",
    "pioche": "draw", "piocher": "draw", "talon": "stock", "passe": "pass",
    "penitence": "penalty",
}


def notation(text: str) -> str:
    """A move typed in the leaflet's French words (lower case, single spaces), as the notation
    writes it; any other text as it is.

    >>> notation("pose Pas-de-Calais"), notation("j’ai fini"), notation("lay Somme")
    ('lay Pas-de-Calais', 'done', 'lay Somme')
    """
    whole = folded(text.replace("’", "'"))
    if whole in FRENCH_WORDS:
        return FRENCH_WORDS[whole]
    first, _space, rest = text.partition(" ")
    return f"lay {rest}" if rest and folded(first) in FRENCH_LAY else text
@dataclass(frozen=True)
class Chain(Hands):
    """One round of the chain game."""

    laid: tuple[int, ...] = ()  # the cards laid, the visible one last
    laid_by: int | None = None  # who laid the visible card (None: turned up)
    failures: int = 0  # turns in a row that could not follow it
    to_move: int = 0
    dealing: bool = True
    drawing: bool = False  # the player to move cannot follow: his penalty card is drawn
    chained: bool = False  # the player to move has laid a card this turn
    #: What the table has seen this round: (player, card, laid): he laid the card, or he could
    #: not follow it and drew.
    log: tuple[tuple[int, int, bool], ...] = ()

    def receive(self, card: int) -> Chain:
        """A card from the stock: dealt, turned up, or drawn as a penalty."""
        stock = self.stock.without(card)
        player = self.dealing_to() if self.dealing else self.to_move
        if card == FAKIR and player is None:
            player = self.dealer  # a fakir turned up: the dealer exposes it and turns again
        if card == FAKIR:
            # Rule "fakirs": «Tout Fakir doit être immédiatement exposé devant son possesseur et
            # remplacé par une carte prise au talon.»
            assert player is not None  # the dealer's, where it was turned up
            return replace(self, stock=stock, fakirs=plus(self.fakirs, player, 1))
        if self.dealing and player is None:
            # Rule "the first card": «retourner la carte de dessus du talon et la placer à côté».
            started = replace(
                self, stock=stock, laid=(card,), dealing=False, to_move=self.order()[0]
            )
            return replace(started, drawing=not started.playable())
        assert player is not None  # dealt to a hand, or drawn by the player to move
        hand = (*self.hands[player], card)
        received = replace(self, stock=stock, hands=with_item(self.hands, player, hand))
        if self.dealing:
            return received
        # Rule "penalty": «Celui qui ne peut pas enchaîner prend une carte au talon, à titre de
        # pénitence, et n'abat pas de carte.»
        failed = (*self.log, (player, self.laid[-1], False))
        return replace(
            received, drawing=False, failures=self.failures + 1, log=failed
        ).next_player()

    def may_lay_anything(self) -> bool:
        # Rule "nobody follows": «Si personne ne peut enchaîner sur le département visible, le
        # joueur qui l'a posé est en droit d'abattre une autre carte» (the card turned up: once
        # everybody has failed on it).
        if self.chained:
            return False
        if self.laid_by is None:
            return self.failures >= self.players
        return self.laid_by == self.to_move and self.failures >= self.players - 1

    def playable(self) -> list[int]:
        hand = self.hands[self.to_move]
        if self.may_lay_anything():
            return sorted(hand)
        # Rule "following": «placer sur la carte visible une de ses cartes, représentant un
        # département voisin… pourvu que chaque département soit voisin du précédent».
        return sorted(card for card in hand if card in neighbours(self.laid[-1]))

    def lay(self, card: int) -> Chain:
        player = self.to_move
        hand = tuple(c for c in self.hands[player] if c != card)
        return replace(
            self,
            hands=with_item(self.hands, player, hand),
            laid=(*self.laid, card),
            laid_by=player,
            failures=0,
            chained=True,
            log=(*self.log, (player, card, True)),
        )

    def next_player(self) -> Chain:
        following = replace(self, to_move=(self.to_move + 1) % self.players, chained=False)
        return replace(following, drawing=not following.playable())

    @property
    def over(self) -> bool:
        # Rule "end": «La manche s'arrête lorsque l'un des joueurs n'a plus aucune carte, ou
        # lorsque le talon est épuisé.»
        return not self.dealing and (not all(self.hands) or self.stock.size == 0)

    def owed(self, player: int) -> int:
        """A player's penalty points: 20 a card left, less 40 a fakir exposed."""
        return PER_CARD * len(self.hands[player]) - PER_FAKIR * self.fakirs[player]

    def penalties(self) -> tuple[int, ...]:
        """What each player pays the winner: his penalty points, never less than nothing."""
        return tuple(max(0, self.owed(p)) for p in range(self.players))

    def winner(self, last: int) -> int:
        """Who wins the round: the player with no card left, else the fewest penalty points
        (ties: the first in the order of play after ``last``, the player who moved last)."""
        # Rule "the winner": «le vainqueur est celui qui n'a plus de cartes; si la manche
        # s'arrête par épuisement du talon, le vainqueur est celui qui a le moins de points».
        empty = [p for p in range(self.players) if not self.hands[p]]
        if empty:
            return empty[0]
        after = [(last + 1 + i) % self.players for i in range(self.players)]
        return min(after, key=self.owed)


#: The chain game's one-word moves in the leaflet's French, one of each: what a French
#: reader's buttons show (and what :func:`notation` reads back).
IN_FRENCH = {"done": "fini", "draw": "pioche", "stock": "talon", "pass": "passe",
             "penalty": "pénitence"}


class CryptoGeographiqueChainGame(MapGame):
    manifest = CHAIN_GAME
    # Rule "the deal": «Donner 9 cartes à chacun».
    DECK = Deck(ALL_DEPARTEMENTS, fakirs=6, hand=HAND)
    # The hand as dealt (penalties add more): the groups a picture works out are searched over
    # every split of the cards, which grows about threefold a card.
    LARGEST_HAND = HAND

    def _french_move(self, move: str) -> str:
        if move.startswith("lay "):
            return f"pose {move.removeprefix('lay ')}"
        return IN_FRENCH.get(move, move)

    def num_distinct_actions(self) -> int:
        return ACTIONS

    def upgrade_moves(self, moves: tuple[str, ...], version: int) -> tuple[str, ...]:
        """Records of format 1 were written when the engine ended the turn of a player who had
        laid and could lay no more: his ``done``, which he now says, is put back after each
        such lay. A move that does not replay is left for the replay to report."""
        if version >= 2:
            return moves
        upgraded: list[str] = []
        state = self.new_initial_state()
        for number, move in enumerate(moves):
            try:
                action = state.string_to_action(move)
            except LudothequeError:
                return (*upgraded, *moves[number:])
            laid = not state.is_chance_node() and action != DONE
            state.apply_action(action)
            upgraded.append(move)
            if laid and state.legal_actions() == [DONE]:
                state.apply_action(DONE)
                upgraded.append("done")
        return tuple(upgraded)

    def _information_set(self, observation: Mapping[str, Any]) -> HiddenChainHands:
        return HiddenChainHands.of(self, observation)

    def new_initial_state(self) -> CryptoGeographiqueChainState:
        return CryptoGeographiqueChainState(self)


class CryptoGeographiqueChainState(MapState):
    game: CryptoGeographiqueChainGame

    def __init__(self, game: CryptoGeographiqueChainGame) -> None:
        super().__init__(game)
        n = game.num_players()
        self.chain = Chain.deal_out(n, n - 1, game.deck)
        self.results: tuple[tuple[str, int], ...] = ()  # how each round ended, and its winner
        self._last: tuple[Chain, int] | None = None

    def _current_player(self) -> int:
        c = self.chain
        if self.finished:
            return TERMINAL
        return CHANCE if c.dealing or c.drawing else c.to_move

    def _stock(self) -> Stock:
        return self.chain.stock

    def _legal_actions(self) -> list[int]:
        c = self.chain
        return c.playable() + ([DONE] if c.chained else [])

    def _apply(self, action: int) -> None:
        c = self.chain
        self._last = (c, action)
        if c.dealing or c.drawing:
            c = c.receive(action)
        elif action == DONE:
            c = c.next_player()
        else:
            # A player who has laid always says whether he goes on, even when he can lay
            # nothing more (``done`` his only move): were the engine to end his turn, the table
            # would learn that he holds nothing touching the card he laid.
            c = c.lay(action)
        self.chain = c
        if c.over:
            self._end_round()

    def _end_round(self) -> None:
        c = self.chain
        last = self._last[0].to_move if self._last else c.to_move
        winner, due = c.winner(last), c.penalties()
        # Rule "penalties": «Il n'y a pas de points gagnants, mais seulement des pénalités à
        # verser au vainqueur».
        paid = tuple(sum(due) - due[winner] if p == winner else -due[p] for p in range(c.players))
        self.totals = tuple(t + p for t, p in zip(self.totals, paid, strict=True))
        self.results = (*self.results, ("hand" if not c.hands[winner] else "stock", winner))
        if len(self.results) >= self.game.options["rounds"]:
            self.finished = True
        else:
            self.chain = Chain.deal_out(c.players, (c.dealer + 1) % c.players, self.game.deck)

    def _action_to_string(self, action: int) -> str:
        if self.current_player() == CHANCE:
            return card_name(action) if action in self.chain.stock else f"<no card {action}>"
        if action == DONE and self.chain.chained:
            return "done"
        if action in self._legal_actions():
            return f"lay {card_name(action)}"
        return f"<no action {action} at this point>"

    def _aliases(self, text: str) -> int | None:
        try:
            if self.current_player() == CHANCE:
                return card_of(text)
            text = notation(text.strip())
            if text == "done" and self.chain.chained:
                return DONE
            if text.lower().startswith("lay "):
                return card_of(text[4:])
        except NotationError:
            return None
        return None

    def _irrevocable(self, action: int) -> str | None:
        # Taking back (not a rule): a card of the hand, once laid face up, stays seen.
        if action != DONE or not self.chain.chained:
            return _("a card laid shows a card of the hand to the table")
        return None

    def _refusal_of_text(self, text: str) -> Refusal | None:
        c = self.chain
        visible = card_name(c.laid[-1])
        text = notation(text)
        if text in ("draw", "stock", "pass", "penalty") and c.chained:
            return Refusal(_("following"), _("having laid a card, you lay another or say done"))
        if text in ("draw", "stock", "pass", "penalty"):
            # Rule "the penalty draw": «Celui qui ne peut pas enchaîner prend une carte».
            return Refusal(_("the penalty draw"), _(
                "only a player with nothing that touches {visible} draws, and you can lay "
                "{card}", visible=visible, card=card_name(c.playable()[0])))
        if text == "done":
            return Refusal(_("following"), _("a turn begins by laying a card that touches "
                                             "{visible}", visible=visible))
        if not text.startswith("lay "):
            return None
        try:
            card = card_of(text[4:])
        except NotationError:
            return None
        if card == FAKIR:
            # Rule "fakirs": «Tout Fakir doit être immédiatement exposé devant son possesseur».
            return Refusal(_("fakirs"), _("a fakir is exposed at once and replaced, never laid"))
        if card not in c.hands[c.to_move]:
            return Refusal(_("following"), _("{card} is not in your hand", card=card_name(card)))
        if c.chained:
            return Refusal(_("following"), _("{card} does not touch {visible}, the card laid "
                                             "before it", card=card_name(card), visible=visible))
        return Refusal(_("following"), _("{card} does not touch {visible}, the visible card",
                                         card=card_name(card), visible=visible))

    def _termination(self) -> str:
        # How the last round ended: rule "end of the round", a hand emptied or the stock.
        return "hand emptied" if self.results[-1][0] == "hand" else "stock exhausted"

    def _observation(self, player: int | None) -> CryptoGeographiqueChainView:
        c = self.chain
        names = [self.game.seat_name(p) for p in range(c.players)]
        visible = card_name(c.laid[-1]) if c.laid else None
        return {
            "game": self.game.name,
            "seat": None if player is None else names[player],
            "players": names,
            "dealer": names[c.dealer],
            # Each ending is one of the two _end_round writes.
            "rounds": [
                {"ended by": cast(ChainEnding, how), "winner": names[w]} for how, w in self.results
            ],
            "to_move": None if self.current_player() in (CHANCE, TERMINAL) else names[c.to_move],
            "over": self.is_terminal(),
            "hand": [] if player is None else [card_name(x) for x in sorted(c.hands[player])],
            "cards": {names[p]: len(c.hands[p]) for p in range(c.players)},
            "fakirs": {names[p]: c.fakirs[p] for p in range(c.players)},
            "laid": [card_name(x) for x in c.laid],
            "laid_by": None if c.laid_by is None else names[c.laid_by],
            # Turns since the visible card was laid in which nobody could follow it, and
            # whether the player to move has laid this turn: both settle what he may lay.
            "failures": c.failures,
            "chained": c.chained,
            "visible": visible,
            "visible_neighbours": sorted(
                card_name(x) for x in self.game.deck.touching(c.laid[-1])
            ) if c.laid else [],
            "stock": c.stock.size,
            "totals": {names[p]: self.totals[p] for p in range(c.players)},
            # The round as the table saw it, for a player who remembers: who laid what, and
            # who could not follow which card.
            "log": [
                [names[p], "lays" if laid else "cannot follow", card_name(card)]
                for p, card, laid in c.log
            ],
            "last": self.describe_last(player) or None,
        }

    def describe_last(self, player: int | None = None) -> str:
        if self._last is None:
            return ""
        before, action = self._last

        def seat(player: int) -> str:
            return _(self.game.seat_name(player))

        if before.dealing:
            # The deal is told once, at its end (a fakir dealt is a thing apart, shown to all).
            to = before.dealing_to()
            if to is None and action == FAKIR:
                return _("the dealer turns up a fakir, exposes it and turns up another.")
            if to is None:
                return _("The cards are dealt, {count} to each player; the first card is turned "
                         "up: {card}.", count=before.size, card=card_name(action))
            if action == FAKIR:
                return _("{seat} is dealt a fakir, exposes it and is dealt another.",
                         seat=seat(to))
            return ""
        mover = seat(before.to_move)
        if before.drawing:
            if action == FAKIR:
                return _("{seat} cannot follow and draws a fakir: exposed, he draws again.",
                         seat=mover)
            if player == before.to_move:
                return _("{seat} cannot follow and draws a card: {card}.", seat=mover,
                         card=card_name(action))
            return _("{seat} cannot follow and draws a card.", seat=mover)
        if action == DONE:
            return _("{seat} lays no more.", seat=mover)
        return _("{seat} lays {card}.", seat=mover, card=card_name(action))

    def key(self) -> Any:
        return (self.chain, self.totals, self.finished)

    def __str__(self) -> str:
        return f"{self.game.name}: {len(self.chain.laid)} laid, totals {self.totals}"


@dataclass(frozen=True)
class HiddenChainHands(HiddenRound[Chain]):
    """What one player of the chain game knows at his decision, from his observation: his
    hand, the cards laid, who laid the visible one, the fakirs shown, how many cards each
    holds, the rounds before; and the cards he has not seen, dealt to the others' hands and
    the stock."""

    game: CryptoGeographiqueChainGame
    results: tuple[tuple[str, int], ...]

    @classmethod
    def of(cls, game: CryptoGeographiqueChainGame, o: Mapping[str, Any]) -> HiddenChainHands:
        names = o["players"]
        seen = Sight.of(o, names, o["to_move"] is not None, "laid")
        log = tuple(
            (names.index(name), card_of(card), what == "lays") for name, what, card in o["log"]
        )
        sizes = tuple(0 if p == seen.me else o["cards"][names[p]] for p in range(len(names)))
        deck = game.deck
        # Rule "fakirs": shown at once, so the others are in the stock.
        barred = _barred(log, sizes, deck.hand)
        unseen = seen.unseen(o, game, deck.fakirs - sum(seen.fakirs), sizes, barred)
        chain = replace(
            seen.round(Chain, names.index(o["dealer"]), deck),
            laid=seen.table,
            laid_by=None if o["laid_by"] is None else names.index(o["laid_by"]),
            failures=o["failures"],
            to_move=names.index(o["to_move"]),
            dealing=False,
            chained=o["chained"],
            log=log,
        )
        results = tuple((r["ended by"], names.index(r["winner"])) for r in o["rounds"])
        return cls(game, chain, tuple(o["totals"][name] for name in names), results, unseen)

    def _world(self, dealt: Chain) -> CryptoGeographiqueChainState:
        state = CryptoGeographiqueChainState(self.game)
        state.chain, state.totals, state.results = dealt, self.totals, self.results
        return state


def _barred(
    log: tuple[tuple[int, int, bool], ...], sizes: tuple[int, ...], dealt: int
) -> tuple[tuple[frozenset[int], ...], ...]:
    """For each player, the cards each card of his hand cannot be, from what the table saw.

    Rule "following": a player who can follow must, so one who drew instead held nothing that
    touches the visible card; the card he drew then is new. A card he lays leaves his hand: of
    the cards it may be, the one held longest (the most barred) is taken out, so that no card
    left is barred by mistake. A player's deal, ``dealt`` cards (nine), is barred of nothing.

    South could not follow the Somme (80) and drew; then he laid the Aisne (2), which touches
    the Somme: it can only be the card he drew, and his other nine are still barred.

    >>> from ludotheque.games.crypto_geo.departements import neighbours
    >>> north, south = _barred(((1, 80, False), (1, 2, True)), sizes=(0, 9), dealt=9)
    >>> north, len(south), sum(1 for bar in south if bar == neighbours(80))
    ((), 9, 9)
    >>> _, south = _barred(((1, 80, False), (1, 1, True)), (0, 9), 9)  # the Ain: any of them
    >>> sum(1 for bar in south if bar == neighbours(80))
    8
    """
    hands: list[list[frozenset[int]]] = [[frozenset()] * dealt for _ in sizes]
    for player, card, laid in log:
        hand = hands[player]
        if laid:
            held = [i for i, bar in enumerate(hand) if card not in bar]
            if held:
                del hand[held[0]]
            elif hand:
                hand.pop()
        else:
            hands[player] = [bar | neighbours(card) for bar in hand] + [frozenset()]
    # A count that does not agree (a hand the log cannot account for) bars nothing.
    agreed = zip(hands, sizes, strict=True)
    return tuple(tuple(hand) if len(hand) == size and size else () for hand, size in agreed)


def judge(state: CryptoGeographiqueChainState, player: int) -> float:
    """Cards shed, fakirs exposed, and a visible card the others can hardly follow: each of
    its neighbours not yet laid and not in the player's hand may be in theirs (the manifest's
    ``heuristic``)."""
    o = state.observation(player)
    unseen = set(o["visible_neighbours"]) - set(o["laid"]) - set(o["hand"])
    mine = -PER_CARD * len(o["hand"]) + PER_FAKIR * o["fakirs"][o["seat"]]
    return float(mine - BLOCKING * len(unseen))


def render(game: CryptoGeographiqueChainGame, observation: dict[str, Any]) -> str:
    """What one seat sees, drawn in text (the manifest's ``render``)."""
    o = observation
    lines = [_("Crypto géographique, autre règle") + whose_turn(o["to_move"], o["over"])]
    if o["last"]:
        lines.insert(0, _("last: {said}", said=o["last"]))
    lines.append(_("visible: {card} (touches: {neighbours})", card=o["visible"],
                   neighbours=", ".join(o["visible_neighbours"])))
    lines.append(_("your hand: {cards}", cards=", ".join(o["hand"])))
    lines.append(_("cards in hand: {counts}",
                   counts=", ".join(f"{_(s)} {n}" for s, n in o["cards"].items())))
    lines.append(ngettext("stock: {count} card · points: {totals}",
                          "stock: {count} cards · points: {totals}", o["stock"],
                          totals=", ".join(f"{_(s)} {p}" for s, p in o["totals"].items())))
    lines.append(_("(type ? and a département, such as ? Somme, to see what it touches)"))
    return "\n".join(lines)


def tally(state: CryptoGeographiqueChainState) -> dict[str, str | float]:
    """The share of rounds ended by a player's empty hand (the others by the stock)."""
    ended = [how for how, _ in state.results]
    if not ended:  # a game its limit stopped in its first round
        return {}
    return {"rounds ended by an empty hand": ended.count("hand") / len(ended)}
