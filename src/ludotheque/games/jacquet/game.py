"""Jacquet as a Game: the protocol's action ids and notation over the rules.

A turn is a chance node (the throw, 21 outcomes) and then the thrower's decisions. With the
default ``granularity="die"`` each decision plays one die, written ``1/7`` (from/to in the
player's own numbering), ``bar/3``, ``22/off``; with ``granularity="pair"`` a decision plays up
to two dice at once, written ``1/7 7/12``, and a doublet takes two decisions, as in OpenSpiel's
backgammon. Either way the engine offers only the steps that begin a complete legal play of the
throw (as many dice as can be played), so no decision can lead into a dead end. A throw none of
whose dice can be played passes the turn without a decision.

>>> import ludotheque
>>> state = ludotheque.load_game("jacquet").new_initial_state()
>>> for move in ["white first", "6-6"]:
...     state.apply_action(state.string_to_action(move))
>>> [state.action_to_string(a) for a in state.legal_actions()]
['1/7']
>>> state.apply_action(state.string_to_action("1/7"))
>>> state.describe_last()
'white plays 1/7; the other 6s cannot be played.'
>>> str(state)
'1x14,7 1x15 dice:black'

Moves may be typed with the French words for the bar and a checker borne off (``barre/3``,
``22/sortie``), and are written in the one notation all the same.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from itertools import permutations
from typing import Any

from ludotheque.core.dice import CHANCE_OUTCOMES, TablesChance, throw_of
from ludotheque.core.errors import NotationError
from ludotheque.core.game import CHANCE, TERMINAL, Game, OneWorld, Refusal, State
from ludotheque.core.i18n import N_, _, ngettext
from ludotheque.core.numbers import parse_int
from ludotheque.games.jacquet import MANIFEST, fast
from ludotheque.games.jacquet.position import DICE, LOT, MOVE, SEATS, WON, Position
from ludotheque.games.jacquet.rules import (
    FOURTH_TABLE,
    Board,
    Reading,
    ReadingName,
    Step,
    cochonnets,
    destination,
    dice_words,
    legal_steps,
    multiple,
    pips,
    why_not,
)
from ludotheque.games.jacquet.view import JacquetView, SideView

#: The names of the games a win counts for under the multiple scoring, Moulidars' words.
MULTIPLES = {1: N_("simple"), 2: N_("double"), 3: N_("triple"), 4: N_("quadruple"),
             5: N_("quintuple")}
#: Decision ids when one die is played at a time: a step's code, origin * 6 + die - 1.
STEP_ACTIONS = 25 * 6


class JacquetGame(Game):
    manifest = MANIFEST

    def _french_move(self, move: str) -> str:
        """``bar/3 22/off`` as «barre/3 22/sortie»."""
        return move.replace("bar/", "barre/").replace("/off", "/sortie")

    @cached_property
    def reading(self) -> Reading:
        """The options as the rules take them."""
        return Reading(
            ReadingName(self.options["reading"]),
            self.options["higher_die"],
            self.options["bearing_off"] == "compulsory",
        )

    @cached_property
    def rules(self) -> int:
        """The reading as the compiled move generator takes it."""
        return fast.flags(self.reading)

    @cached_property
    def by_pairs(self) -> bool:
        granularity: str = self.options["granularity"]
        return granularity == "pair"

    def num_distinct_actions(self) -> int:
        return fast.PAIR_ACTIONS if self.by_pairs else STEP_ACTIONS

    def max_utility(self) -> float:
        return self.info.max_utility if self.options["scoring"] == "multiple" else 1.0

    def min_utility(self) -> float:
        return -self.max_utility()

    def max_chance_outcomes(self) -> int:
        return CHANCE_OUTCOMES

    def new_initial_state(self) -> JacquetState:
        return JacquetState(self)

    def _information_set(self, observation: Mapping[str, Any]) -> OneWorld:
        # Nothing is hidden: the view's position is the whole game (its history aside).
        return OneWorld(JacquetState(self, Position.parse(observation["position"])))


class JacquetState(TablesChance, State):
    """A game in progress. ``position`` is an immutable value, replaced at every action."""

    game: JacquetGame

    def __init__(self, game: JacquetGame, position: Position | None = None) -> None:
        super().__init__(game)
        self._legal: list[int] | None = None  # the legal decisions, once listed (_kept_legal)
        self.position = position or Position()
        #: How many throws the game has had, and who threw first (None before the lot).
        self.throws = 0
        self.first: int | None = None
        self._pairs: Any = None  # by pairs: the legal pairs' rows from fast.legal_pairs
        # The position before the last action, and the steps it played: describe_last tells
        # it only when asked, since simulation never asks.
        self._last: tuple[Position, list[int]] | None = None
        if position is not None:
            self._check_position()

    @property
    def position(self) -> Position:
        return self._position

    @position.setter
    def position(self, position: Position) -> None:
        self._position = position
        self._legal = None  # listed again for the new position, when asked
        # Asked several times per action: kept, not worked out each time.
        stage = position.stage
        self._player = (
            position.to_move
            if stage is MOVE
            else TERMINAL
            if stage is WON
            else CHANCE
        )

    def _check_position(self) -> None:
        """Refuse a position these options could never reach (the option-free checks are in
        ``Position.parse``): the marks of hitting without it, a decision with nothing to play."""
        p, board = self.position, self.position.board
        hit = [name for player, name in enumerate(("White", "Black")) if board.bar[player]]
        if hit and not self.game.reading.hitting:
            # Rule "no hitting" (1840): «l'adversaire ne pouvant se placer sur une flèche occupée».
            raise NotationError(
                f"{' and '.join(hit)} cannot have checkers on the bar in {str(p)!r}: no checker "
                f"is hit in the {self.game.reading.name} reading, only in dlp-summary."
            )
        derived = [board.off[q] > 0 or any(board.mine(q, x) for x in FOURTH_TABLE) for q in (0, 1)]
        if not self.game.reading.hitting and board.couriers != tuple(derived):
            raise NotationError(
                f"'courier' marks a courier that came home and was hit since, which cannot "
                f"happen in the {self.game.reading.name} reading, where no checker is hit."
            )
        if p.stage is MOVE and not self._legal_actions():
            # JacquetState._apply passes the turn when none of the dice left can be played.
            raise NotationError(
                f"{SEATS[p.to_move]} can play none of the dice left in {str(p)!r} under these "
                f"rules, so the turn would have passed: write dice:{SEATS[1 - p.to_move]}."
            )

    def _current_player(self) -> int:
        return self._player

    def _legal_actions(self) -> list[int]:
        return list(self._kept_legal())

    def _kept_legal(self) -> list[int]:
        """The legal decisions, worked out once a position and kept (not to be changed)."""
        if self._legal is None:
            p, rules = self.position, self.game.rules
            if self.game.by_pairs:
                self._pairs = fast.legal_pairs(p.cells, p.to_move, p.dice, rules)
                self._legal = self._pairs[:, 0].tolist()
            else:
                self._legal = fast.legal_steps(p.cells, p.to_move, p.dice, rules)
        return self._legal

    def _allows(self, action: int) -> bool:
        return action in self._kept_legal() if self._player >= 0 else super()._allows(action)

    def _chance_node(self) -> str | None:
        # Rule "a throw": two dice, 21 outcomes (core.dice.TablesChance); the lot before.
        stage = self.position.stage
        return "lot" if stage is LOT else "dice" if stage is DICE else None

    def _apply(self, action: int) -> None:
        p = self.position
        stage = p.stage
        codes = self.codes_of(action) if stage is MOVE else []
        if stage is LOT:
            self.position = p.draw_lot(action)
            self.first = self.position.to_move
            self._last = (p, [])
            return
        if stage is DICE:
            self.throws += 1
            throw = throw_of(action)
            assert throw is not None  # a legal outcome of the dice is a throw
            self.position = p.roll(throw)
            self._last = (p, [])
            if not self._kept_legal():
                self.position = self.position.end_turn()
                self._turn_passed()
            return
        self.position = p.play_codes(codes)
        self._last = (p, codes)
        # Every die played, or none of those left can be (the legal steps say which).
        if self.position.stage is MOVE and (
            not self.position.dice or not self._kept_legal()
        ):
            self.position = self.position.end_turn()

    def codes_of(self, action: int) -> list[int]:
        """The codes of the steps a legal decision plays, in an order they can be played."""
        if not self.game.by_pairs:
            return [action]
        at = self._kept_legal().index(action)  # lists the pairs, if they were not
        row: list[int] = self._pairs[at].tolist()
        return row[1:] if row[2] != fast.NO_STEP else row[1:2]

    def steps_of(self, action: int) -> tuple[Step, ...]:
        """The steps a legal decision plays, in an order in which they can be played."""
        return tuple(Step(*fast.step_of(code)) for code in self.codes_of(action))

    def _write(self, position: Position, steps: tuple[Step, ...]) -> str:
        """Steps in notation, a hit marked ``*`` as in tables notation."""
        words = []
        board = position.board
        for step in steps:
            target = step.destination()
            hit = target < 25 and board.theirs(position.to_move, target) > 0
            words.append(f"{step}{'*' if hit else ''}")
            board = board.play(position.to_move, step)
        return " ".join(words)

    def _action_to_string(self, action: int) -> str:
        p = self.position
        chance = self._chance_text(action)
        if chance is not None:
            return chance
        if p.stage is MOVE and action in self._kept_legal():
            return self._write(p, self.steps_of(action))
        return f"<no action {action} at this point>"

    def _aliases(self, text: str) -> int | None:
        """A throw in any spelling; steps in any order, or another way to the same board."""
        p = self.position
        if p.stage is DICE:
            return self._throw_alias(text)
        try:
            if p.stage is MOVE:
                steps = [Step.parse(word) for word in text.split()]
                # The same steps first: 22/off and 22/off(4) leave one board, not one turn.
                for action in self._legal_actions():
                    if sorted(self.steps_of(action)) == sorted(steps):
                        return action
                wanted = self._board_after(steps)
                if wanted is None:
                    return None
                for action in self._legal_actions():
                    if self._board_after(list(self.steps_of(action))) == wanted:
                        return action
        except NotationError:
            return None
        return None

    def _refusal(self, action: int) -> Refusal | None:
        p = self.position
        if self.game.by_pairs or p.stage is not MOVE or not 0 <= action < STEP_ACTIONS:
            return None
        step = Step(*fast.step_of(action))
        return why_not(p.board, p.to_move, step, p.dice, self.game.reading)

    def _refusal_of_text(self, text: str) -> Refusal | None:
        """The first step of ``text`` the rules forbid, and why; a step backwards or one
        checker carried by several dice at once, which the notation does not write; steps
        that are all legal but more than a decision plays, answered with how to enter them."""
        p, reading = self.position, self.game.reading
        if p.stage is not MOVE:
            return None
        board, dice, steps = p.board, p.dice, []
        for word in text.split():
            try:
                step = Step.parse(word)
            except NotationError:
                return self._unwritten(word, board, dice)
            if step not in legal_steps(board, p.to_move, dice, reading):
                return why_not(board, p.to_move, step, dice, reading)
            board = board.play(p.to_move, step)
            dice = tuple(d for i, d in enumerate(dice) if i != dice.index(step.die))
            steps.append(str(step))
        if steps:
            self._enter(text, steps)
        return None

    def _enter(self, text: str, steps: list[str]) -> None:
        """Refuse legal steps typed as more than one decision, saying how to enter them."""
        first = 2 if self.game.by_pairs else 1
        now, rest = " ".join(steps[:first]), " ".join(steps[first:])
        names = {"text": repr(text), "count": len(steps), "now": now, "rest": rest}
        if self.game.by_pairs:
            said = _("{text} plays {count} dice and a decision here plays two dice (a doublet in "
                     "two decisions): enter {now} now, then {rest}.", **names) if rest else _(
                     "{text} plays {count} dice and a decision here plays two dice (a doublet "
                     "in two decisions): enter {now} now.", **names)
        else:
            said = _("{text} plays {count} dice and a decision here plays one die: enter {now} "
                     "now, then {rest}.", **names) if rest else _(
                     "{text} plays {count} dice and a decision here plays one die: enter {now} "
                     "now.", **names)
        raise NotationError(said)

    def _unwritten(self, word: str, board: Board, dice: tuple[int, ...]) -> Refusal | None:
        """Why a step the notation does not write cannot be played as typed: a move backwards,
        or one checker taken by several dice in one (answered with how to enter it)."""
        start, _slash, end = word.partition("/")
        origin, target = parse_int(start), parse_int(end)
        if origin is None or target is None or not 1 <= origin <= 24 or not 1 <= target <= 24:
            return None
        if target <= origin:
            # Rule "the course": «conduire les dames tout le long des tables».
            return Refusal(_("the course"), _("checkers go forward only, round to the fourth "
                                              "table and off"))
        p, reading = self.position, self.game.reading
        for order in sorted(set(permutations(dice)), reverse=True):
            at, path, left, current = origin, [], dice, board
            for die in order:
                step = Step(at, die)
                if step not in legal_steps(current, p.to_move, left, reading):
                    break
                current, at = current.play(p.to_move, step), at + die
                left = tuple(d for i, d in enumerate(left) if i != left.index(die))
                path.append(str(step))
                if at >= target:
                    break
            if at == target:
                self._enter(word, path)
        return Refusal(_("a die moves one checker"), _(
            "{dice}, and none of them, alone or added, takes a checker from {origin} to {target}",
            dice=dice_words(dice), origin=origin, target=target))

    def _board_after(self, steps: list[Step]) -> Board | None:
        """The board the steps leave, played in the first order the rules allow, if any."""
        p, reading = self.position, self.game.reading
        for order in (steps, steps[::-1]):
            board = p.board
            for step in order:
                if destination(board, p.to_move, step, reading) is None:
                    break
                board = board.play(p.to_move, step)
            else:
                return board
        return None

    def _termination(self) -> str:
        # Rule "the end": the first to bear off all fifteen wins.
        return "all borne off"

    def _returns(self) -> list[float]:
        winner = self.position.winner
        if winner is None:
            return [0.0, 0.0]
        stake = float(self.stake())
        return [stake if seat == winner else -stake for seat in range(2)]

    def stake(self) -> int:
        """How many games the winner wins: 1, or 1 to 5 under the multiple scoring."""
        if self.game.options["scoring"] == "simple":
            return 1
        return multiple(self.position.board, 1 - self.position.to_move)

    def _result_sentence(self) -> str:
        """Who won, what (under the multiple scoring), and the loser's cochonnets: «Le joueur
        à qui reste un cochonnet a perdu»."""
        p = self.position
        names = {"seat": _(SEATS[p.to_move]), "loser": _(SEATS[1 - p.to_move])}
        left = cochonnets(p.board, 1 - p.to_move)
        if self.game.options["scoring"] == "simple":
            if not left:
                return _("{seat} has borne off all fifteen and wins", **names)
            return ngettext("{seat} has borne off all fifteen and wins, and {loser} has {count} "
                            "cochonnet",
                            "{seat} has borne off all fifteen and wins, and {loser} has {count} "
                            "cochonnets", left, **names)
        names["stake"] = _(MULTIPLES[self.stake()])
        if not left:
            return _("{seat} has borne off all fifteen and wins a {stake} game", **names)
        return ngettext("{seat} has borne off all fifteen and wins a {stake} game, and {loser} "
                        "has {count} cochonnet",
                        "{seat} has borne off all fifteen and wins a {stake} game, and {loser} "
                        "has {count} cochonnets", left, **names)

    def _observation(self, player: int | None) -> JacquetView:
        """Everything: Jacquet has no hidden information (its form: ``view.py``)."""
        p = self.position
        board = p.board
        return {
            # The rule set's id, written out so that it is the literal the view promises.
            "game": "jacquet",
            "reading": self.game.options["reading"],
            "seat": None if player is None else SEATS[player],
            "position": str(p),
            "stage": p.stage.value,
            "to_move": None if p.stage is LOT else SEATS[p.to_move],
            "throw": str(p.throw) if p.stage is MOVE else None,
            "dice_left": list(p.dice),
            # Absolute points, White's numbering: positive White, negative Black.
            "points": list(board.points),
            "sides": {"white": _side_view(board, 0), "black": _side_view(board, 1)},
            "last": self.describe_last() or None,
            "winner": None if p.winner is None else SEATS[p.winner],
        }

    def describe_last(self, player: int | None = None) -> str:
        """What the last action did, told as at the table."""
        if self._last is None:
            return ""
        before, codes = self._last
        steps = tuple(Step(*fast.step_of(code)) for code in codes)
        now = self.position
        seat = _(SEATS[before.to_move])
        if before.stage is LOT:
            return _("{seat} has the higher die and throws first.", seat=_(SEATS[now.to_move]))
        if before.stage is DICE:
            last = self.last_action()
            assert last is not None  # the throw just made
            throw = throw_of(last)
            assert throw is not None
            if now.stage is DICE:
                return _("{seat} throws {throw} and can play nothing.", seat=seat,
                         throw=throw.spoken())
            return _("{seat} throws {throw}.", seat=seat, throw=throw.spoken())
        moves = self._write(before, steps)
        if now.stage is WON:
            return _("{seat} plays {moves}; {result}.", seat=seat, moves=moves,
                     result=self._result_sentence())
        unplayed = list(before.dice)
        for step in steps:
            unplayed.remove(step.die)
        if now.stage is DICE and unplayed:
            # Only a doublet leaves more than one die, all of its number: a coup simple's
            # decision plays at least one of its two dice.
            return ngettext("{seat} plays {moves}; the {die} cannot be played.",
                            "{seat} plays {moves}; the other {die}s cannot be played.",
                            len(unplayed), seat=seat, moves=moves, die=unplayed[0])
        return _("{seat} plays {moves}.", seat=seat, moves=moves)

    def key(self) -> Position:
        return self.position

    def __str__(self) -> str:
        return str(self.position)


def _side_view(board: Board, s: int) -> SideView:
    """Seat ``s``'s counts as the view gives them."""
    return {
        "bar": board.bar[s],
        "off": board.off[s],
        "courier_home": board.couriers[s],
        "pips": pips(board, s),
        "in_fourth_table": sum(board.mine(s, q) for q in FOURTH_TABLE),
    }


def tally(state: JacquetState) -> dict[str, str | float]:
    """Whether the first thrower won, the multiple the game would count under the agreed
    multiple scoring (whatever the scoring chosen), and the number of throws."""
    position = state.position
    lost = multiple(position.board, 1 - position.to_move)
    details: dict[str, str | float] = {}
    if state.first is not None:  # a game set up in mid-play had no lot
        details["first thrower"] = "won" if position.winner == state.first else "lost"
    # Written "3 (triple)" so that the values sort in their order.
    details["multiple"] = f"{lost} ({MULTIPLES[lost]})"
    details["throws"] = float(state.throws)
    return details
