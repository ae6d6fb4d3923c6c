"""A game in play (partie en cours): the state as it stands, the seats, and the log.

A front end holds the log, not the state: a state's history is only the moves that stand,
while the log keeps every move as played, a decision taken back included, followed by the
record's mark ``(taken back)``. The terminal and the browser play through this one object, and
save and resume it as a record (``ludotheque.core.record``).

A person may take back his own last decision (reprendre un coup) while nothing has come after
it: no chance outcome (a card drawn or dealt, a throw of the dice, a shot's flight, which showed
what nobody knew), no other seat's decision, and nothing the rule set calls irrevocable
(``State.irrevocable``: a card shown to the table). Several of his decisions in a row are taken
back one by one, the latest first. With ``confirm_turn`` his turn does not pass until he says so,
so that a whole turn may be taken back before the dice pass.

>>> import ludotheque
>>> from ludotheque.core.record import Record
>>> table = GameInPlay(ludotheque.load_game("jacquet"), ["human", "random"])
>>> for move in ["white first", "3-1", "1/2"]:
...     table.play(table.state.string_to_action(move))
>>> table.take_back(0)
'1/2'
>>> table.play(table.state.string_to_action("1/4"))
>>> table.log
('white first', '3-1', '1/2', '(taken back)', '1/4')
>>> print(table.take_back_refusal(1).partition(";")[0])
black has nothing to take back: white has played since
>>> GameInPlay.resume(Record.from_json(table.record().to_json())).log == table.log
True
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ludotheque.core.errors import IllegalMoveError, RecordError, quoted
from ludotheque.core.i18n import _, ngettext
from ludotheque.core.record import TAKEN_BACK, Record
from ludotheque.selfplay.match import next_action

if TYPE_CHECKING:
    from ludotheque.agents.base import Agent
    from ludotheque.core.game import Game, State


def taken_back(game: Game, seat: int, move: str, viewer: int | None) -> str:
    """A take-back told to ``viewer`` (None: a spectator): what a seat took back is his to
    know, as his move was (a card discarded unseen), and everyone's where nothing is hidden.

    >>> import ludotheque
    >>> taken_back(ludotheque.load_game("crypto-90"), 0, "row 3", viewer=1)
    'north takes back a move.'
    """
    seen = viewer == seat or game.info.perfect_information
    if seen:
        return _("{seat} takes back {move}.", seat=game.seat_called(seat),
                 move=game.move_words(move))
    return _("{seat} takes back a move.", seat=game.seat_called(seat))


class TakeBack(Exception):
    """Raised by a person's seat instead of choosing (or confirming his turn): he takes back
    his last decision."""


class GameInPlay:
    """One game being played: what stands (``state``), who sits where (``seats``, as kinds
    of player such as ``human`` or ``hard``) and everything played (``log``)."""

    def __init__(self, game: Game, seats: Sequence[str], confirm_turn: bool = False) -> None:
        self.game = game
        self.seats = tuple(seats)
        #: Not a rule: a person's turn passes only once he confirms it (``confirm``).
        self.confirm_turn = confirm_turn
        # Every standing state from the start, so that a take-back returns to the one before.
        self._standing: list[State] = [game.new_initial_state()]
        self._log: list[str] = []

    @classmethod
    def resume(
        cls, record: Record, seats: Sequence[str] | None = None, confirm_turn: bool = False
    ) -> GameInPlay:
        """The game a record stopped, where it stopped, with its log, to be played on by
        ``seats`` (by default the record's); a finished game is one sentence."""
        table = cls(record.load_game(), seats or record.seats, confirm_turn)
        for step in record.walk(table.game):
            if step.withdrawn is None:
                table._standing.append(step.state)
            else:
                table._standing.pop()
            table._log.append(step.move)
        if table.state.is_terminal():
            raise RecordError(ngettext(
                "the record's game is over after {count} move; only an unfinished game can be "
                "resumed (replay shows a finished one).",
                "the record's game is over after {count} moves; only an unfinished game can be "
                "resumed (replay shows a finished one).", len(record.moves)))
        return table

    def copy(self) -> GameInPlay:
        """The same game in play, to be played on apart: its log and its standing states are
        its own lists (the states themselves are shared, as nothing changes a state once
        played)."""
        twin = copy.copy(self)
        twin._standing = list(self._standing)
        twin._log = list(self._log)
        return twin

    @property
    def state(self) -> State:
        """The game as it stands (not to be changed: play through :meth:`play`)."""
        return self._standing[-1]

    @property
    def log(self) -> tuple[str, ...]:
        return tuple(self._log)

    def record(self) -> Record:
        """The record so far, the moves taken back in it, marked as such."""
        state = self.state
        result = tuple(state.returns()) if state.is_terminal() else None
        return Record(
            self.game.name, dict(self.game.options), self.log, self.seats, result
        )

    def play(self, action: int, after: State | None = None) -> None:
        """Play a decision or chance outcome; an illegal one raises and changes nothing.
        ``after``, the state ``action`` leads to where the caller has played it already (a
        table judges a move before writing it), is kept rather than played again."""
        state = self.state
        text = state.action_to_string(action)
        if after is None:
            after = state.clone()
            after.apply_action(action)
        self._standing.append(after)
        self._log.append(text)

    def take_back_refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not take back his last decision now, in one sentence; None if he
        may."""
        name = self.game.seat_called(seat)
        if len(self._standing) == 1:
            return _("{seat} has nothing to take back: no move has been played yet.", seat=name)
        before, last = self._standing[-2], self._standing[-1].last_action()
        assert last is not None  # every standing state but the first follows a move
        mover = before.current_player()
        # Neither a chance outcome nor another seat's move is named: either may be hidden
        # from this seat (a card another drew).
        if before.is_chance_node():
            return _("{seat} has nothing to take back: chance has spoken since (dice, a card or "
                     "a shot's flight), and nothing is taken back past what it showed.",
                     seat=name)
        if mover != seat:
            return _("{seat} has nothing to take back: {other} has played since; a seat takes "
                     "back only its own last decision, before anyone else plays.", seat=name,
                     other=self.game.seat_called(mover))
        reason = before.irrevocable(last)
        if reason is not None:
            return _("{move} cannot be taken back: {reason}.",
                     move=quoted(before.action_to_string(last)), reason=reason)
        return None

    def take_back(self, seat: int) -> str:
        """Take back ``seat``'s last decision and return it as written; where the rules of
        taking back forbid it, an IllegalMoveError (one sentence) and nothing changes."""
        refusal = self.take_back_refusal(seat)
        if refusal is not None:
            raise IllegalMoveError(refusal)
        withdrawn = self._standing.pop()
        self._log.append(TAKEN_BACK)
        last = withdrawn.last_action()
        assert last is not None  # a move stands, or take_back_refusal would have said so
        return self.state.action_to_string(last)

    def play_on(
        self,
        agents: Sequence[Agent],
        rng: random.Random,
        on_action: Callable[[State, int, int], None] | None = None,
        on_take_back: Callable[[int, str], None] | None = None,
        on_refusal: Callable[[int, str], None] | None = None,
    ) -> State:
        """Play to the end and return the final state: chance from ``rng``, decisions from
        ``agents`` (as ``core.match.play_match``). A seat that raises :class:`TakeBack`
        takes back his last decision where he may (``on_take_back(seat, move)``), else is
        told why not (``on_refusal(seat, sentence)``) and asked again. With ``confirm_turn``
        a seat that can confirm (``agent.confirm(state, seat)``, which may raise TakeBack)
        is asked to before his turn passes, while it can still be taken back."""
        if self.confirm_turn and len(self._standing) > 1:
            # A game resumed where a turn had passed unconfirmed asks first.
            mover = self._standing[-2].current_player()
            if mover >= 0:
                self._confirm(mover, agents[mover], on_take_back)
        while not self.state.is_terminal():
            player = self.state.current_player()
            try:
                action = next_action(self.state, agents, rng)
            except TakeBack:
                self._take_back(player, on_take_back, on_refusal)
                continue
            self.play(action)
            if on_action is not None:
                on_action(self.state, player, action)
            if player >= 0 and self.confirm_turn:
                self._confirm(player, agents[player], on_take_back)
        return self.state

    def _take_back(
        self,
        seat: int,
        on_take_back: Callable[[int, str], None] | None,
        on_refusal: Callable[[int, str], None] | None,
    ) -> None:
        try:
            move = self.take_back(seat)
        except IllegalMoveError as error:
            if on_refusal is not None:
                on_refusal(seat, str(error))
            return
        if on_take_back is not None:
            on_take_back(seat, move)

    def _chose(self, seat: int) -> bool:
        """Whether ``seat`` had a choice in the decisions of his that end the game so far: a
        turn of forced moves (a throw of the dice) is not his to confirm."""
        for before in reversed(self._standing[:-1]):
            if before.current_player() != seat:
                return False
            if len(before.legal_actions()) > 1:
                return True
        return False

    def _confirm(
        self, seat: int, agent: Agent, on_take_back: Callable[[int, str], None] | None
    ) -> None:
        """Ask ``seat`` to confirm his turn when it passes (to chance, to another seat, or to
        the end) and could still be taken back."""
        confirm = getattr(agent, "confirm", None)
        if confirm is None or self.state.current_player() == seat:
            return
        if self.take_back_refusal(seat) is not None or not self._chose(seat):
            return
        try:
            confirm(self.state, seat)
        except TakeBack:
            self._take_back(seat, on_take_back, None)
