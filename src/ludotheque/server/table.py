"""A table on the server (une table de jeu): its game in play, its seats and its numbered log.

The table is what its events make it: built from its creation row and its log, it turns a
person's move, a computer's or chance's into the events that record it. What leaves it for a
seat is only :meth:`GameTable.frame`: that seat's view, the sentences each event told that
seat, and, on his turn, his legal moves (where a move is aimed, not picked, how to write one)
— all worked out in a world his view leaves possible (``Turn.world``), never from the state
itself.

A table shows nothing it has not rehearsed. :meth:`~GameTable.decide`, :meth:`~GameTable.
settle`, :meth:`~GameTable.take_back` and :meth:`~GameTable.hand_over` play their events on a
copy of the table and build there what every viewer will be told, each seat's frame and the
spectator's with the legal moves of whoever acts next (:class:`Ahead`); the service writes the
events, then the table :meth:`~GameTable.take`\\ s the copy. An exception of the rules anywhere
in that is a :class:`TableFault`: nothing is written and the table stays as it was. A table
whose stored position cannot be played or shown any more is ended by one event, *stopped by a
fault at event N* (:meth:`~GameTable.stop`), after which it counts as over: its replay and its
record hold the game as it stood before the fault.

>>> import random
>>> from ludotheque.server.store import TableRow
>>> table = GameTable(TableRow("t", "jacquet", {}, ("human", "random"), ("", ""), 0.0))
>>> table.decide(0, "white first", lambda s: s.sample_chance(random.Random(1)), "m1", at=0.0)
Traceback (most recent call last):
...
ludotheque.core.errors.IllegalMoveError: it is chance's turn, not white's: wait for it.
>>> ahead = table.settle(lambda s: s.sample_chance(random.Random(1)), at=0.0)
>>> table.take(ahead)
>>> frame = table.frame(0, since=0)
>>> frame["events"][0]["said"], frame["to_act"], len(frame["legal"]) > 0
('white has the higher die and throws first.', 'white', True)
"""

from __future__ import annotations

import copy
import functools
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeVar, overload

from ludotheque.agents import PERSON, is_person
from ludotheque.core.errors import IllegalMoveError, LudothequeError, quoted
from ludotheque.core.game import CHANCE, TERMINAL, Game, State
from ludotheque.core.i18n import LANGUAGES, _, language, reading
from ludotheque.core.record import TAKEN_BACK, Record
from ludotheque.core.registry import load_game
from ludotheque.play.result import result_sentence
from ludotheque.play.table import GameInPlay, taken_back
from ludotheque.server.store import END, MOVE, SEAT, STOP, TAKE_BACK, Event, TableRow

#: Where a table's chance comes from: an outcome for a chance node (by default drawn with its
#: probability, ``State.sample_chance``).
Chance = Callable[[State], int]


def dealt(actions: Sequence[int]) -> Chance:
    """Chance set in advance: at each chance node, the outcome ``actions`` holds at its place
    in the game (the whole game's actions, as a record's; those at decisions are not read).
    The same whichever process draws it, as the place is the game's, not the drawer's.

    >>> from ludotheque import load_game
    >>> state = load_game("jacquet").new_initial_state()
    >>> dealt([1, 5])(state)
    1
    """
    return functools.partial(_dealt, tuple(actions))


def _dealt(actions: tuple[int, ...], state: State) -> int:
    place = len(state.history())
    if place >= len(actions) or actions[place] not in state.legal_actions():
        raise LudothequeError(f"the deal set in advance has no outcome for the chance at "
                              f"place {place} of the game.")
    return actions[place]

T = TypeVar("T")


def in_each_language(tell: Callable[[], T]) -> dict[str, T]:
    """What ``tell`` says in each language: each seat reads the game in his own, so what a
    table tells is kept in all of them.

    >>> in_each_language(lambda: _("yes"))
    {'en': 'yes', 'fr': 'oui'}
    """
    told = {}
    for each in LANGUAGES:
        with reading(each):
            told[each] = tell()
    return told


class TableFault(LudothequeError):
    """An exception the rules (or a computer player) raised at table ``table_id`` where they
    should have answered, at event ``number``: a person is told one sentence, and ``error``,
    with its traceback, goes to the server's log.

    >>> TableFault("t", 31, ValueError("array of sample points is empty")).reason
    'ValueError: array of sample points is empty'
    """

    def __init__(self, table_id: str, number: int, error: BaseException) -> None:
        self.table_id, self.number, self.error = table_id, number, error
        super().__init__(_("the server could not play this: its rules met a fault, now in the "
                           "server's log; the table is kept as it was."))

    @property
    def reason(self) -> str:
        """The exception in a line: its kind and the first line of what it says."""
        lines = str(self.error).strip().splitlines()
        text = type(self.error).__name__ + (f": {lines[0]}" if lines else "")
        return text if len(text) <= 200 else f"{text[:199]}…"


def stopped_sentence(number: int, reason: str, abandoned: bool = False) -> str:
    """What stopped a table, as its lobby line, its record's ``stopped`` and its page say: a
    fault, or its abandonment (``reason`` then says how long nothing was played).

    >>> stopped_sentence(31, "ValueError: array of sample points is empty")
    'stopped by a fault at event 31 (ValueError: array of sample points is empty)'
    >>> stopped_sentence(12, "no move for 7 days", abandoned=True)
    'abandoned after event 11 (no move for 7 days)'
    """
    if abandoned:
        # The reason as written in the stop event, told in the reader's words where it is one
        # of the catalog's (closed by its creator).
        return _("abandoned after event {number} ({reason})", number=number - 1,
                 reason=_(reason) if reason else reason)
    if number:
        return _("stopped by a fault at event {number} ({reason})", number=number, reason=reason)
    return _("stopped by a fault at its start ({reason})", reason=reason)


@dataclass(frozen=True)
class Ahead:
    """Events decided, with the table as they leave it and every frame built there: what the
    service writes, then the table takes (:meth:`GameTable.take`)."""

    events: list[Event]
    table: GameTable


class GameTable:
    """One table: ``row`` as created, played on by its ``events``.

    A stored log that no longer plays, or whose last position cannot be shown, leaves the table
    as far as it played with the fault in :attr:`fault`, for the service to log and to end the
    table with (:meth:`stop`)."""

    inplay: GameInPlay
    #: Who holds each seat now: ``human`` or a computer player's kind.
    kinds: list[str]
    events: list[Event]
    #: What each event told each seat, and (last) a spectator, in each language: the log as
    #: each may read it.
    _said: list[dict[str, tuple[str, ...]]]
    _move_ids: dict[str, int]
    #: What each viewer (the seats, then a spectator) is shown of the table after its last
    #: event, in each language: his frame but for the events.
    _shown: dict[str, list[dict[str, Any]]]
    #: The number of the last event played (the log may hold more, kept unplayed).
    _played: int

    def __init__(self, row: TableRow, events: Sequence[Event] = ()) -> None:
        self.row = row
        self.game: Game = load_game(row.game, **row.options)
        #: Why the table stopped before its game's end (``stopped_sentence``) in each
        #: language, or None.
        self.stopped: dict[str, str] | None = None
        stop = events[-1] if events and events[-1].kind == STOP else None
        logged = events[:-1] if stop is not None else events
        #: A fault met replaying the stored log: to be logged, and, unless the table is over
        #: or stopped already, written as its end.
        self.fault = self._replay(logged, _stopped_at(stop) if stop is not None else None)
        if stop is not None:
            self._end(stop)
            return
        try:
            self._shown = self._framed()
        except Exception as error:  # whatever the rules raise: this table's alone
            # The position after the last event played cannot be shown: that event is the fault.
            framing = TableFault(self.id, self._played, error)
            if self.fault is None and self.state.is_terminal():
                # A finished game stays finished, shown as far as it can be, its result untold.
                self.fault = framing
                self._shown = self._as_far_as_shown(lambda: _(
                    "The game is over; its result cannot be told ({reason}).",
                    reason=framing.reason))
                return
            # Back to the last position that was shown, where the table's stop will leave it.
            self._replay(logged, framing.number)
            self.fault = framing

    def _replay(self, events: Sequence[Event], until: int | None) -> TableFault | None:
        """This table afresh, its ``events`` played up to the first that is ``until`` or that
        fails (that failure returned), those after kept in its log unplayed."""
        self.inplay = GameInPlay(self.game, self.row.seats)
        self.kinds = list(self.row.seats)
        self.events = []
        self._said = []
        self._move_ids = {}
        self._shown = {}
        self._played = 0
        fault = None
        for event in events:
            if fault is None and (until is None or event.number < until):
                try:
                    self._play(event)
                    continue
                except Exception as error:  # whatever the rules raise: this table's alone
                    fault = TableFault(self.id, event.number, error)
            # From the fault on, events stay in the log but are played no more.
            self._keep(event, self._unsaid())
        return fault

    # --- what the table is -------------------------------------------------------------------

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def state(self) -> State:
        return self.inplay.state

    @property
    def number(self) -> int:
        """The number of the last event (0 before any)."""
        return len(self.events)

    def is_over(self) -> bool:
        """Whether no more is played here: the game has ended, or a fault stopped it."""
        return self.stopped is not None or self.state.is_terminal()

    def results(self) -> dict[str, str]:
        """How the table ended, in one sentence in each language: its game's result, or what
        stopped it (a table that plays on: nothing yet)."""
        return {each: str(shown[-1].get("result") or "") for each, shown in self._shown.items()}

    def seat_name(self, seat: int) -> str:
        return self.game.seat_name(seat)

    @property
    def creator(self) -> int | None:
        """The creator's seat: as stored, or in a table of an earlier version the first a
        person was given (None: computers alone)."""
        if self.row.creator is not None:
            return self.row.creator
        return next((s for s, kind in enumerate(self.row.seats) if is_person(kind)), None)

    def to_act(self) -> int:
        """The seat to decide, or CHANCE, or TERMINAL (a stopped table's too)."""
        return TERMINAL if self.stopped is not None else self.state.current_player()

    def computer_to_act(self) -> str | None:
        """The kind of the computer player to decide now, if one is."""
        seat = self.to_act()
        return self.kinds[seat] if seat >= 0 and not is_person(self.kinds[seat]) else None

    def acknowledged(self, seat: int, move_id: str) -> int | None:
        """The number of the event that played the move ``seat``'s page sent as ``move_id``
        (each seat's ids its own: one page cannot claim another's)."""
        return self._move_ids.get(_own(seat, move_id))

    def record(self) -> Record:
        """The whole record: moves, chance and take-backs, with the seats as they end, and
        what stopped it where a fault did (a finished game whose returns the rules cannot give
        any more, without them)."""
        try:
            record = self.inplay.record()
        except Exception:  # the fault met at start, logged then
            record = Record(self.game.name, dict(self.game.options), self.inplay.log)
        stopped = self.stopped[LANGUAGES[0]] if self.stopped else None  # records are English
        return replace(record, seats=tuple(self.kinds), stopped=stopped,
                       settings=self.row.settings or None)

    # --- turning what is asked into events, rehearsed -----------------------------------------

    def decide(self, seat: int, move: str, chance: Chance, move_id: str | None,
               at: float) -> Ahead:
        """``seat`` playing ``move`` (as written) and the chance that follows it, rehearsed;
        an IllegalMoveError in one sentence, or a TableFault, and nothing is played."""
        player = self.to_act()
        if player != seat:
            if self.stopped is not None:
                raise IllegalMoveError(_("this table was {stopped}: no more moves are played; "
                                         "its replay and its record keep the game.",
                                         stopped=self.stopped[language()]))
            if player == TERMINAL:
                raise IllegalMoveError(_("the game is over: no more moves are played."))
            if player == CHANCE:
                raise IllegalMoveError(_("it is chance's turn, not {seat}'s: wait for it.",
                                         seat=self.game.seat_called(seat)))
            raise IllegalMoveError(_("it is {player}'s turn, not {seat}'s: wait for it.",
                                     player=self.game.seat_called(player),
                                     seat=self.game.seat_called(seat)))
        number = self.number + 1
        # The move is read in a world the seat's view leaves possible, as a person at the
        # terminal's is, so that a refusal says nothing of what he cannot see.
        world = self._judged(number, self.world)
        action = self._judged(number, lambda: world.string_to_action(move))
        text = self._judged(number, lambda: world.action_to_string(action))

        def play(twin: GameTable) -> None:
            # A world's actions are the table's: its ids, its moves.
            twin._play(Event(number, MOVE, seat, text, _own(seat, move_id), at), action)
            twin._chance(chance, at)

        return self._ahead(number, play)

    def at_random(self, seat: int, rng: random.Random, chance: Chance, at: float) -> Ahead:
        """``seat``'s move drawn from ``rng`` among his legal ones and rehearsed, where his
        computer player failed; any exception here is a TableFault."""
        number = self.number + 1

        def drawn() -> str:
            world = self.world()
            return world.action_to_string(rng.choice(world.legal_actions()))

        try:
            return self.decide(seat, drawn(), chance, None, at)
        except TableFault:
            raise
        except Exception as error:  # the rules refusing a move they listed, or raising
            raise TableFault(self.id, number, error) from error

    def settle(self, chance: Chance, at: float) -> Ahead | None:
        """The chance outcomes due now, rehearsed (None unless chance is to act)."""
        if self.to_act() != CHANCE:
            return None
        return self._ahead(self.number + 1, lambda twin: twin._chance(chance, at))

    def take_back(self, seat: int, move_id: str | None, at: float) -> Ahead:
        """``seat`` taking back his last decision, rehearsed, or why not (one sentence)."""
        number = self.number + 1
        if self.stopped is not None:
            raise IllegalMoveError(_("this table was {stopped}: nothing is taken back.",
                                     stopped=self.stopped[language()]))
        refusal = self._judged(number, lambda: self.inplay.take_back_refusal(seat))
        if refusal is not None:
            raise IllegalMoveError(refusal)
        return self._ahead(number, lambda twin: twin._play(
            Event(number, TAKE_BACK, seat, TAKEN_BACK, _own(seat, move_id), at)))

    def hand_over(self, seat: int, kind: str, at: float) -> Ahead:
        """``seat`` passing to ``kind`` (a computer player, or a person back), rehearsed."""
        if self.is_over():
            raise IllegalMoveError(_("the game is over: its seats stay as they ended it."))
        if self.kinds[seat] == kind:
            raise IllegalMoveError(
                _("{seat}'s seat is already held by a person.", seat=self.game.seat_called(seat))
                if kind == PERSON else
                _("{seat}'s seat is already held by the computer ({kind}).",
                  seat=self.game.seat_called(seat), kind=kind))
        number = self.number + 1
        return self._ahead(number, lambda twin: twin._play(Event(number, SEAT, seat, kind,
                                                                  None, at)))

    def stop(self, fault: TableFault, at: float) -> Ahead:
        """The table ended by ``fault``: its one last event, told to everyone, after which it
        counts as over and shows each viewer what it still can of its last position."""
        return self._stopped({"at": fault.number, "reason": fault.reason}, at)

    def abandon(self, why: str, at: float) -> Ahead:
        """The table ended as abandoned, ``why`` in words (nothing played for a week, or its
        creator closed it): ended as a fault ends it, its record holding the game as it
        stood."""
        return self._stopped({"at": self.number + 1, "reason": why, "abandoned": True}, at)

    def _stopped(self, why: dict[str, Any], at: float) -> Ahead:
        twin = self._twin()
        twin._end(Event(self.number + 1, STOP, CHANCE, json.dumps(why), None, at))
        return Ahead(twin.events[self.number:], twin)

    def following(self, events: Sequence[Event]) -> Ahead:
        """The table after ``events``, those another process sharing the database wrote
        after this table's last, rehearsed (a fault in them, a TableFault at the first)."""
        twin = self._twin()
        try:
            for event in events:
                if event.kind == STOP:
                    twin._end(event)
                else:
                    twin._play(event)
            if twin.stopped is None:
                twin._shown = twin._framed()
        except Exception as error:  # whatever the rules raise: this table's alone
            raise TableFault(self.id, self.number + 1, error) from error
        return Ahead(twin.events[self.number:], twin)

    def take(self, ahead: Ahead) -> None:
        """Become the table ``ahead`` rehearsed, once its events are written."""
        if ahead.table.number - len(ahead.events) != self.number:
            raise LudothequeError(f"the events rehearsed at table {self.id} do not follow "
                                  f"event {self.number}.")
        self.__dict__.update(ahead.table.__dict__)

    # --- rehearsing ----------------------------------------------------------------------------

    def _twin(self) -> GameTable:
        """This table, to be played on apart: its lists its own, its states shared."""
        twin = copy.copy(self)
        twin.inplay = self.inplay.copy()
        twin.kinds = list(self.kinds)
        twin.events = list(self.events)
        twin._said = list(self._said)
        twin._move_ids = dict(self._move_ids)
        return twin

    def _ahead(self, number: int, work: Callable[[GameTable], None]) -> Ahead:
        """``work`` done on a twin of this table, then every viewer's frame built there; any
        exception in it is a TableFault at event ``number``, and this table is untouched."""
        twin = self._twin()
        try:
            work(twin)
            twin._shown = twin._framed()
        except Exception as error:  # whatever the rules raise: it is this table's alone
            raise TableFault(self.id, number, error) from error
        if twin.state.is_terminal():
            # Written with the move that ends the game: a server starting again knows it
            # ended without playing it again.
            twin._finish()
        return Ahead(twin.events[self.number:], twin)

    def ended(self) -> Ahead:
        """The end of a finished game whose log lacks it (an earlier version wrote none)."""
        twin = self._twin()
        twin._finish()
        return Ahead(twin.events[self.number:], twin)

    def _finish(self) -> None:
        # The result in English, as it always was, and in every language for the lobby.
        results = self.results()
        self._keep(Event(self.number + 1, END, CHANCE,
                         json.dumps({"result": results[LANGUAGES[0]], "told": results}),
                         None, self.events[-1].at if self.events else 0.0),
                   self._unsaid())

    @staticmethod
    def ending(event: Event) -> dict[str, str]:
        """How the table a log's last ``event`` ends ended, in the lobby's words in each
        language, read without playing it again: its game's result, or what stopped it."""
        if event.kind == STOP:
            return in_each_language(lambda: stopped_sentence(
                _stopped_at(event), _stopped_reason(event),
                _stopped_field(event, "abandoned") is True))
        result, told = _stopped_field(event, "result"), _stopped_field(event, "told")

        def said() -> str:
            if isinstance(told, dict) and isinstance(told.get(language()), str):
                return str(told[language()])
            return result if isinstance(result, str) else _("over")
        return in_each_language(said)

    def _judged(self, number: int, work: Callable[[], T]) -> T:
        """What ``work`` answers; the rules' refusal (a LudothequeError) as it is, anything
        else they raise as a TableFault at event ``number``."""
        try:
            return work()
        except LudothequeError:
            raise
        except Exception as error:
            raise TableFault(self.id, number, error) from error

    def _chance(self, chance: Chance, at: float) -> None:
        """Play the chance outcomes due (chance is played at once: nobody is shown a moment
        between a move and its card)."""
        while self.state.is_chance_node():
            state = self.state
            outcome = chance(state)
            self._play(Event(self.number + 1, MOVE, CHANCE, state.action_to_string(outcome),
                             None, at), outcome)

    # --- playing events ----------------------------------------------------------------------

    def _play(self, event: Event, action: int | None = None) -> None:
        """Play ``event`` (``action``, where the move is read already), telling every viewer;
        whatever raises, nothing has changed."""
        if event.number != self.number + 1:
            raise LudothequeError(f"event {event.number} of table {self.id} does not follow "
                                  f"event {self.number}.")
        if event.kind == MOVE:
            before = self.state
            read = before.string_to_action(event.text)
            # What is written must read back as played, or the table rebuilt would be another.
            if action is not None and read != action:
                raise LudothequeError(f"{quoted(event.text)} reads back as another move.")
            after = before.clone()
            after.apply_action(read)
            said = in_each_language(
                lambda: tuple(after.describe_last(viewer) for viewer in self._viewers()))
            self.inplay.play(read, after=after)
        elif event.kind == TAKE_BACK:
            inplay = self.inplay.copy()
            move = inplay.take_back(event.seat)
            said = in_each_language(lambda: tuple(taken_back(self.game, event.seat, move, viewer)
                                                  for viewer in self._viewers()))
            self.inplay = inplay
        elif event.kind == END:
            said = self._unsaid()  # the game's end, told by its last move
        elif event.kind == SEAT:
            said = in_each_language(lambda: (self._handed(event.seat, event.text),) * len(
                self._viewers()))
            self.kinds[event.seat] = event.text
        else:
            raise LudothequeError(f"event {event.number} of table {self.id} is of an "
                                  f"unknown kind, {quoted(event.kind)}.")
        self._keep(event, said)
        self._played = event.number

    def _handed(self, seat: int, kind: str) -> str:
        """A seat handed on to ``kind``, as everyone is told."""
        if is_person(kind):
            return _("{seat}'s seat is now played by a person again.",
                     seat=self.game.seat_called(seat))
        return _("{seat}'s seat is now played by the computer ({kind}).",
                 seat=self.game.seat_called(seat), kind=kind)

    def _unsaid(self) -> dict[str, tuple[str, ...]]:
        """An event that tells nobody anything, in every language."""
        return {each: ("",) * len(self._viewers()) for each in LANGUAGES}

    def _keep(self, event: Event, said: dict[str, tuple[str, ...]]) -> None:
        self.events.append(event)
        self._said.append(said)
        if event.move_id is not None:
            self._move_ids[event.move_id] = event.number

    def _end(self, event: Event) -> None:
        """The table stopped as ``event`` records: by a fault, or abandoned."""
        self.stopped = self.ending(event)

        def told() -> str:
            return _("The game was {stopped}; its replay and record keep it as it stood before.",
                     stopped=self.stopped[language()] if self.stopped else "")
        self._keep(event, in_each_language(lambda: (told(),) * len(self._viewers())))
        self._shown = {each: [part | {"stopped": True} for part in shown]
                       for each, shown in self._as_far_as_shown(told).items()}

    def _as_far_as_shown(self, result: Callable[[], str]) -> dict[str, list[dict[str, Any]]]:
        """Each viewer's frame of a table that plays no more, in each language: his view of
        its last position, or None where the fault was in showing it, and ``result``."""
        return in_each_language(lambda: [
            {"view": self._still_shown(viewer), "to_act": None, "kinds": list(self.kinds),
             "result": result()} for viewer in self._viewers()])

    def _still_shown(self, viewer: int | None) -> Any:
        try:
            return self.state.observation(viewer)
        except Exception:  # the fault that ended the table, logged when it was met
            return None

    def world(self, state: State | None = None) -> State:
        """Where the player to act reads and writes his moves: a world his view leaves
        possible, or the table itself where nothing is hidden (the same world, for less)."""
        state = state or self.state
        return state if self.game.info.perfect_information else state.turn().world()

    def _viewers(self) -> list[int | None]:
        return [*range(self.game.num_players()), None]

    # --- what a seat is shown ----------------------------------------------------------------

    def _framed(self) -> dict[str, list[dict[str, Any]]]:
        """What each viewer is shown of the table as it stands, in each language: his view,
        whose turn it is, and the legal moves of whoever acts next, worked out once in his
        world (a move is written in the one notation, whatever the language)."""
        state = self.state
        player = state.current_player()
        terminal = player == TERMINAL
        moves: dict[str, Any] = {}
        if player >= 0:
            world = self.world(state)
            legal = world.legal_actions()
            if self.game.continuous and len(legal) > 1:
                # A shot is aimed, not picked from a list: he is told how to write one.
                moves["write"] = world.legal_text(legal)
            else:
                moves["legal"] = [world.action_to_string(a) for a in legal]
        if terminal:
            # What the record and the lobby will ask of a finished game, asked now.
            state.returns()
            state.outcome()
        taking_back = {viewer: self.inplay.take_back_refusal(viewer) is None
                       for viewer in self._viewers() if viewer is not None and not terminal}

        def shown() -> list[dict[str, Any]]:
            result = result_sentence(state) if terminal else None
            parts = []
            for viewer, view in zip(self._viewers(), state.views(), strict=True):
                part: dict[str, Any] = {
                    "view": view,
                    "to_act": self.seat_name(player) if player >= 0 else None,
                    "kinds": list(self.kinds),
                }
                if player >= 0 and player == viewer:
                    part |= moves
                    if "legal" in moves:
                        # What his buttons say, in his language; what they send stays "legal".
                        part["labels"] = [self.game.move_words(m) for m in moves["legal"]]
                if viewer in taking_back:
                    part["can_take_back"] = taking_back[viewer]
                if terminal:
                    part["result"] = result
                parts.append(part)
            return parts
        return in_each_language(shown)

    def frame(self, seat: int | None, since: int, in_language: str = LANGUAGES[0]
              ) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) is sent after event ``since``: the events since,
        as told to him, and the table as he may see it now, in ``in_language``."""
        viewer = len(self._viewers()) - 1 if seat is None else seat
        return {
            "type": "update",
            "events": [{"n": n, "said": self._said[n - 1][in_language][viewer]}
                       for n in range(since + 1, self.number + 1)],
            "n": self.number,
            **self._shown[in_language][viewer],
        }


@overload
def _own(seat: int, move_id: str) -> str: ...
@overload
def _own(seat: int, move_id: None) -> None: ...
def _own(seat: int, move_id: str | None) -> str | None:
    """A page's move id as the log keeps it: its seat's own."""
    return None if move_id is None else f"{seat}:{move_id}"


def _stopped_at(event: Event) -> int:
    """The event a stop event says the fault was met at (its own number, if it cannot say)."""
    at = _stopped_field(event, "at")
    return at if isinstance(at, int) and 0 <= at <= event.number else event.number


def _stopped_reason(event: Event) -> str:
    reason = _stopped_field(event, "reason")
    return reason if isinstance(reason, str) else "its stop event cannot be read"


def _stopped_field(event: Event, name: str) -> Any:
    try:
        return json.loads(event.text).get(name)
    except (ValueError, AttributeError):
        return None
