"""Dames rabattues as a Game: the protocol's action ids and notation over the pure rules.

Every move of this game is forced. A turn still belongs to the player whose turn it is: his one
decision is to throw (``throw``); the dice are then a chance node with the 21 throws, and the
throw plays itself, the opponent's share included.

>>> import ludotheque
>>> state = ludotheque.load_game("dames-rabattues").new_initial_state()
>>> state.is_chance_node(), [state.action_to_string(a) for a in state.legal_actions()]
(True, ['white first', 'black first'])
>>> for move in ["white first", "throw", "6-1"]:
...     state.apply_action(state.string_to_action(move))
>>> state.describe_last()
'white throws 6-1 (coup simple): white knocks down 6 and 1.'
>>> str(state.position)
'k011221 k111222 throw:black'

The throw may be typed in French too (``jette``), and is written ``throw`` all the same:

>>> state.action_to_string(state.string_to_action("jette"))
'throw'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludotheque.core.dice import CHANCE_OUTCOMES, TablesChance, Throw, throw_of
from ludotheque.core.errors import NotationError
from ludotheque.core.game import CHANCE, TERMINAL, Game, OneWorld, Refusal, State
from ludotheque.core.i18n import _, ngettext
from ludotheque.core.numbers import parse_int
from ludotheque.games.dames_rabattues import MANIFEST
from ludotheque.games.dames_rabattues.notation import narrate
from ludotheque.games.dames_rabattues.position import SEATS, Position, Stage
from ludotheque.games.dames_rabattues.rules import Passing, Phase, Reading, Side
from ludotheque.games.dames_rabattues.view import DamesRabattuesView, PhaseName, SideView

#: The one decision: throw the dice.
THROW = 0
#: The throw typed in French, whatever the reader's language: «les jette comme pour le
#: trictrac» (the verb of Moulidars, 1840; the 1792 article has the player «amener» a throw).
FRENCH_THROW = ("jette", "jeter", "lance", "lancer", "je jette")
#: Words a person may type to raise or knock down a checker himself, in English and in the
#: sources' French (the dice choose, so each is answered with the rule).
RAISE_WORDS = ("raise", "lift", "lever", "relever", "lève", "relève")
KNOCK_WORDS = (["knock"], ["rabattre"], ["abattre"], ["rabats"], ["abats"], ["rabat"], ["abat"])


class DamesRabattuesGame(Game):
    manifest = MANIFEST

    def _french_move(self, move: str) -> str:
        return FRENCH_THROW[0] if move == "throw" else move

    def num_distinct_actions(self) -> int:
        return 1

    def max_chance_outcomes(self) -> int:
        return CHANCE_OUTCOMES

    @property
    def reading(self) -> Reading:
        """The options as the rules take them."""
        return Reading(Passing(self.options["passing"]), self.options["raise_in_same_throw"])

    def new_initial_state(self) -> DamesRabattuesState:
        return DamesRabattuesState(self)

    def _information_set(self, observation: Mapping[str, Any]) -> OneWorld:
        # Nothing is hidden: the view's position is the whole game (its history aside).
        return OneWorld(DamesRabattuesState(self, Position.parse(observation["position"])))


def tally(state: DamesRabattuesState) -> dict[str, str | float]:
    """Whether the first thrower won, and the throws the game took: the exact analysis's two
    figures (``ludotheque analyze``), for self-play to measure under any reading.

    >>> state = DamesRabattuesGame().new_initial_state()
    >>> for move in ["black first", "throw", "6-5"]:
    ...     state.apply_action(state.string_to_action(move))
    >>> state.first, tally(state)["throws"]
    (1, 1.0)
    """
    details: dict[str, str | float] = {}
    if state.first is not None:
        details["first thrower"] = "won" if state.position.winner == state.first else "lost"
    details["throws"] = float(state.position.throws)
    return details


def _side_view(side: Side) -> SideView:
    """One side as the view gives it, its phase named in words rather than by its letter."""
    phase: PhaseName = "knock" if side.phase is Phase.KNOCK else "raise"
    return {"phase": phase, "left": list(side.left)}


class DamesRabattuesState(TablesChance, State):
    """A game in progress. ``position`` is an immutable value, replaced at every action."""

    game: DamesRabattuesGame

    def __init__(self, game: DamesRabattuesGame, position: Position | None = None) -> None:
        super().__init__(game)
        self.position = position or Position()
        #: Who the lot gave the dice to (None before it, or in a game set up in mid-play).
        self.first: int | None = None

    def _current_player(self) -> int:
        stage = self.position.stage
        if stage is Stage.THROW:
            return self.position.to_throw
        return TERMINAL if stage is Stage.WON else CHANCE

    def _legal_actions(self) -> list[int]:
        return [THROW]

    def _chance_node(self) -> str | None:
        # Rule "a throw": two dice thrown together, 21 outcomes (core.dice.TablesChance).
        stage = self.position.stage
        return "lot" if stage is Stage.LOT else "dice" if stage is Stage.DICE else None

    def _apply(self, action: int) -> None:
        stage = self.position.stage
        if stage is Stage.LOT:
            self.position = self.position.draw_lot(action)
            self.first = self.position.to_throw
        elif stage is Stage.THROW:
            self.position = self.position.start_throw()
        else:
            throw = throw_of(action)
            assert throw is not None  # a legal outcome of the dice is a throw
            self.position = self.position.roll(throw, self.game.reading)

    def _action_to_string(self, action: int) -> str:
        chance = self._chance_text(action)
        if chance is not None:
            return chance
        if self.position.stage is Stage.THROW and action == THROW:
            return "throw"
        return f"<no action {action} at this point>"

    def _aliases(self, text: str) -> int | None:
        if self.position.stage is Stage.THROW and text in FRENCH_THROW:
            return THROW
        return self._throw_alias(text)

    def _refusal_of_text(self, text: str) -> Refusal | None:
        """What a person might try in a game whose every move is forced: choose the throw, a
        pile, two dice added, raising early, or passing the dice after a doublet."""
        p = self.position
        side = p.sides[p.to_throw]
        words = text.split()
        try:
            Throw.parse(text)
        except NotationError:
            pass
        else:
            # Rule "a throw": «avec deux dés & deux cornets»: the dice choose, not the player.
            return Refusal(_("a throw"), _("the dice are thrown, not chosen"))
        number = parse_int(words[-1]) if words else None
        if words and words[0] in RAISE_WORDS:
            if side.phase is Phase.KNOCK:
                # Rule "nothing raised before all are down": «on ne peut rien lever avant
                # d'avoir abattu toutes ses dames».
                return Refusal(_("nothing raised before all are down"), ngettext(
                    "{seat} has {count} checker still to knock down",
                    "{seat} has {count} checkers still to knock down", sum(side.left),
                    seat=_(SEATS[p.to_throw])))
            return Refusal(_("raising"), _("die n raises from point n, so the dice choose"))
        if number is not None and 7 <= number <= 12:
            # Rule "doublets are two numbers": «il ne peut pas jouer tout d'une».
            return Refusal(_("doublets are two numbers"), _("each die is played on its own, "
                                                            "and two dice are never added"))
        if (number is not None and 1 <= number <= 6) or words[:1] in KNOCK_WORDS:
            # Rule "die n, pile n": «l'as se prend toujours sur la première pile…».
            return Refusal(_("die n, pile n"), _("each die acts on the pile of its number, so "
                                                 "the dice choose the piles"))
        last = p.last
        doublet = last is not None and last.thrower == p.to_throw and last.throw.is_doublet
        if words[:1] in (["pass"], ["passe"], ["passer"]) and doublet:
            # Rule "doublets keep the dice": «les doublets conservent le dé au joueur».
            return Refusal(_("doublets keep the dice"), _(
                "{seat} threw a doublet and throws again", seat=_(SEATS[p.to_throw])))
        return None

    def _termination(self) -> str:
        # Rule "the winner": the first to raise all fifteen.
        return "all raised"

    def _returns(self) -> list[float]:
        winner = self.position.winner
        if winner is None:
            return [0.0, 0.0]
        return [1.0 if seat == winner else -1.0 for seat in range(2)]

    def _observation(self, player: int | None) -> DamesRabattuesView:
        """Everything: Dames rabattues has no hidden information (its form: ``view.py``)."""
        p = self.position
        return {
            # The rule set's id, written out so that it is the literal the view promises.
            "game": "dames-rabattues",
            "seat": None if player is None else SEATS[player],
            "position": str(p),
            "stage": p.stage.value,
            "to_throw": None if p.stage is Stage.LOT else SEATS[p.to_throw],
            "sides": {"white": _side_view(p.sides[0]), "black": _side_view(p.sides[1])},
            "throws": p.throws,
            "last": narrate(p.last) if p.last else None,
            "winner": None if p.winner is None else SEATS[p.winner],
        }

    def key(self) -> Position:
        return self.position

    def __str__(self) -> str:
        return str(self.position)

    def describe_last(self, player: int | None = None) -> str:
        if self.last_action() is None:
            return ""
        p = self.position
        if p.stage is Stage.DICE:
            return ""
        if p.last is None:
            return _("{seat} has the dice first, by lot.", seat=_(SEATS[p.to_throw]))
        return narrate(p.last)
