"""A table on the server (une table de jeu): its game in play, its seats and its numbered log.

The table is what its events make it: built from its creation row and its log, it turns a
person's move, a computer's or chance's into the events that record it (:meth:`GameTable.
decide`), which the service writes to the database before :meth:`GameTable.apply` plays them.
What leaves it for a seat is only :meth:`GameTable.frame`: that seat's view, the sentences each
event told that seat, and, on his turn, his legal moves (where a move is aimed, not picked, how
to write one) — all worked out in a world his view leaves possible (``Turn.world``), never
from the state itself.

>>> import random
>>> from ludotheque.server.store import TableRow
>>> table = GameTable(TableRow("t", "jacquet", {}, ("human", "random"), ("", ""), 0.0))
>>> events = table.decide(0, "white first", lambda s: s.sample_chance(random.Random(1)), "m1",
...                       at=0.0)
Traceback (most recent call last):
...
ludotheque.core.errors.IllegalMoveError: it is chance's turn, not white's: wait for it.
>>> table.apply(table.settle(lambda s: s.sample_chance(random.Random(1)), at=0.0))
>>> frame = table.frame(0, since=0)
>>> frame["events"][0]["said"], frame["to_act"], len(frame["legal"]) > 0
('white has the higher die and throws first.', 'white', True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from ludotheque.agents import PERSON, is_person
from ludotheque.core.errors import IllegalMoveError, LudothequeError, quoted
from ludotheque.core.game import CHANCE, TERMINAL, Game, State
from ludotheque.core.record import TAKEN_BACK, Record
from ludotheque.core.registry import load_game
from ludotheque.play.result import result_sentence
from ludotheque.play.table import GameInPlay, taken_back
from ludotheque.server.store import MOVE, SEAT, TAKE_BACK, Event, TableRow

#: Where a table's chance comes from: an outcome for a chance node (by default drawn with its
#: probability, ``State.sample_chance``).
Chance = Callable[[State], int]


class GameTable:
    """One table: ``row`` as created, played on by its ``events``."""

    def __init__(self, row: TableRow, events: Sequence[Event] = ()) -> None:
        self.row = row
        self.game: Game = load_game(row.game, **row.options)
        self.inplay = GameInPlay(self.game, row.seats)
        #: Who holds each seat now: ``human`` or a computer player's kind.
        self.kinds = list(row.seats)
        self.events: list[Event] = []
        #: What each event told each seat, and (last) a spectator: the log as each may read it.
        self._said: list[tuple[str, ...]] = []
        self._move_ids: dict[str, int] = {}
        #: The events last decided, each with the state it leads to: played once, not again
        #: when written (a tiddlywinks shot is simulated once).
        self._ahead: dict[int, tuple[Event, int, State]] = {}
        self.apply(events)

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
        return self.state.is_terminal()

    def seat_name(self, seat: int) -> str:
        return self.game.seat_name(seat)

    def to_act(self) -> int:
        """The seat to decide, or CHANCE, or TERMINAL."""
        return self.state.current_player()

    def computer_to_act(self) -> str | None:
        """The kind of the computer player to decide now, if one is."""
        seat = self.to_act()
        return self.kinds[seat] if seat >= 0 and not is_person(self.kinds[seat]) else None

    def acknowledged(self, move_id: str) -> int | None:
        """The number of the event that played the move a client sent as ``move_id``."""
        return self._move_ids.get(move_id)

    def record(self) -> Record:
        """The whole record: moves, chance and take-backs, with the seats as they end."""
        return replace(self.inplay.record(), seats=tuple(self.kinds))

    # --- turning what is asked into events ---------------------------------------------------

    def decide(self, seat: int, move: str, chance: Chance, move_id: str | None,
               at: float) -> list[Event]:
        """The events of ``seat`` playing ``move`` (as written) and of the chance that follows
        it, or an IllegalMoveError in one sentence; nothing is played yet."""
        state = self.state
        player = state.current_player()
        name = self.seat_name(seat)
        if player != seat:
            if player == TERMINAL:
                raise IllegalMoveError("the game is over: no more moves are played.")
            whose = "chance's" if player == CHANCE else f"{self.seat_name(player)}'s"
            raise IllegalMoveError(f"it is {whose} turn, not {name}'s: wait for it.")
        # The move is read in a world the seat's view leaves possible, as a person at the
        # terminal's is, so that a refusal says nothing of what he cannot see.
        world = self.world(state)
        action = world.string_to_action(move)
        text = world.action_to_string(action)
        after = state.clone()
        after.apply_action(action)  # a world's actions are the table's: its ids, its moves
        event = Event(self.number + 1, MOVE, seat, text, move_id, at)
        self._ahead = {event.number: (event, action, after.clone())}
        return [event, *self._chance(after, chance, at, self.number + 2)]

    def settle(self, chance: Chance, at: float) -> list[Event]:
        """The chance outcomes due now (none unless chance is to act)."""
        self._ahead = {}
        return self._chance(self.state.clone(), chance, at, self.number + 1)

    def _chance(self, state: State, chance: Chance, at: float, first: int) -> list[Event]:
        """The chance outcomes due in ``state``, numbered from ``first``."""
        # Chance is played at once: nobody is shown a moment between a move and its card.
        events: list[Event] = []
        while state.is_chance_node():
            outcome = chance(state)
            events.append(Event(first + len(events), MOVE, CHANCE,
                                state.action_to_string(outcome), None, at))
            state.apply_action(outcome)
            self._ahead[events[-1].number] = (events[-1], outcome, state.clone())
        return events

    def take_back(self, seat: int, move_id: str | None, at: float) -> list[Event]:
        """The event of ``seat`` taking back his last decision, or why not (one sentence)."""
        refusal = self.inplay.take_back_refusal(seat)
        if refusal is not None:
            raise IllegalMoveError(refusal)
        return [Event(self.number + 1, TAKE_BACK, seat, TAKEN_BACK, move_id, at)]

    def hand_over(self, seat: int, kind: str, at: float) -> list[Event]:
        """The event of ``seat`` passing to ``kind`` (a computer player, or a person back)."""
        if self.is_over():
            raise IllegalMoveError("the game is over: its seats stay as they ended it.")
        if self.kinds[seat] == kind:
            held = "a person" if kind == PERSON else f"the computer ({kind})"
            raise IllegalMoveError(f"{self.seat_name(seat)}'s seat is already held by {held}.")
        return [Event(self.number + 1, SEAT, seat, kind, None, at)]

    # --- playing events ----------------------------------------------------------------------

    def apply(self, events: Sequence[Event]) -> None:
        """Play ``events`` (written, or read back from the database) in order."""
        for event in events:
            if event.number != self.number + 1:
                raise LudothequeError(
                    f"event {event.number} of table {self.id} does not follow event "
                    f"{self.number}."
                )
            ahead = self._ahead.pop(event.number, None)
            if event.kind == MOVE:
                if ahead is not None and ahead[0] == event:
                    self.inplay.play(ahead[1], after=ahead[2])
                else:
                    self.inplay.play(self.state.string_to_action(event.text))
                said = self._told(self.state)
            elif event.kind == TAKE_BACK:
                move = self.inplay.take_back(event.seat)
                said = self._taken_back(event.seat, move)
            elif event.kind == SEAT:
                self.kinds[event.seat] = event.text
                said = self._seated(event.seat, event.text)
            else:
                raise LudothequeError(f"event {event.number} of table {self.id} is of an "
                                      f"unknown kind, {quoted(event.kind)}.")
            self.events.append(event)
            self._said.append(said)
            if event.move_id is not None:
                self._move_ids[event.move_id] = event.number

    def world(self, state: State | None = None) -> State:
        """Where the player to act reads and writes his moves: a world his view leaves
        possible, or the table itself where nothing is hidden (the same world, for less)."""
        state = state or self.state
        return state if self.game.info.perfect_information else state.turn().world()

    def _viewers(self) -> list[int | None]:
        return [*range(self.game.num_players()), None]

    def _told(self, state: State) -> tuple[str, ...]:
        return tuple(state.describe_last(viewer) for viewer in self._viewers())

    def _taken_back(self, seat: int, move: str) -> tuple[str, ...]:
        return tuple(taken_back(self.game, seat, move, viewer) for viewer in self._viewers())

    def _seated(self, seat: int, kind: str) -> tuple[str, ...]:
        holder = "a person again" if is_person(kind) else f"the computer ({kind})"
        return (f"{self.seat_name(seat)}'s seat is now played by {holder}.",) * len(
            self._viewers())

    # --- what a seat is shown ----------------------------------------------------------------

    def frame(self, seat: int | None, since: int) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) is sent after event ``since``: the events since,
        as told to him, and the table as he may see it now."""
        viewer = len(self._viewers()) - 1 if seat is None else seat
        state = self.state
        player = state.current_player()
        frame: dict[str, Any] = {
            "type": "update",
            "events": [{"n": n, "said": self._said[n - 1][viewer]}
                       for n in range(since + 1, self.number + 1)],
            "n": self.number,
            "view": state.observation(seat),
            "to_act": self.seat_name(player) if player >= 0 else None,
            "kinds": list(self.kinds),
        }
        if player >= 0 and player == seat:
            world = self.world(state)
            legal = world.legal_actions()
            if self.game.continuous and len(legal) > 1:
                # A shot is aimed, not picked from a list: he is told how to write one.
                frame["write"] = world.legal_text(legal)
            else:
                frame["legal"] = [world.action_to_string(a) for a in legal]
        if seat is not None and not state.is_terminal():
            frame["can_take_back"] = self.inplay.take_back_refusal(seat) is None
        if state.is_terminal():
            frame["result"] = result_sentence(state)
        return frame
