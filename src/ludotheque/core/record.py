"""Game records: a JSON file with the game, its options, its seats and every action in order.

Moves are written in the game's readable notation (decisions and chance outcomes alike), so a
record is something a person can read and edit, and replaying it reproduces the final state.

The moves are a log, only ever appended to. A decision taken back at the table stays where it was
played, and the entry ``(taken back)`` (:data:`TAKEN_BACK`, format 3 on) follows: it withdraws
the last move still standing, which must be a decision. Several in a row withdraw as many, the
latest first. Replaying reaches the game as it stands after them; :meth:`Record.walk` tells each
step, take-backs included, so that a replay shows the game as it was played.

>>> import ludotheque
>>> game = ludotheque.load_game("dames-rabattues")
>>> state = game.new_initial_state()
>>> for move in ["white first", "throw", "6-1"]:
...     state.apply_action(state.string_to_action(move))
>>> text = state.to_json()
>>> game.state_from_json(text).history() == state.history()
True

A Jacquet checker moved with the 1, taken back and moved with the 3 instead:

>>> record = Record("jacquet", {}, ("white first", "3-1", "1/2", "(taken back)", "1/4"))
>>> record.replay().history_strings()
['white first', '3-1', '1/4']
>>> [(step.move, step.withdrawn) for step in record.walk()][-3:]
[('1/2', None), ('(taken back)', '1/2'), ('1/4', None)]
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import accumulate
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from ludotheque.core.errors import LudothequeError, RecordError, quoted
from ludotheque.core.numbers import MAX_LENGTH, parse_float, parse_int
from ludotheque.core.registry import game_class, load_game

if TYPE_CHECKING:
    from ludotheque.core.game import Game, State

#: The record format written, ``ludotheque-record/N``. A record of an older format is still
#: read: its game brings its moves and options up to date on replay (:meth:`Game.upgrade_moves`,
#: :meth:`Game.upgrade_options`). Format 2 changed the chain game's moves; format 3 added the
#: take-back mark and options that records of format 2 played under without naming them
#: (Crypto-90's ``turned_fakir``); format 4 added ``stopped``, the sentence of a game a fault
#: stopped (a server's table), whose moves are those played before it.
VERSION = 4
FORMAT = f"ludotheque-record/{VERSION}"
#: The log entry that withdraws the last move still standing (format 3 on).
TAKEN_BACK = "(taken back)"


class Step(NamedTuple):
    """One entry of a record replayed: the ``move`` as written, the ``state`` standing after
    it, the seat that played it (``CHANCE`` for chance) or, for a take-back, the seat whose
    decision it withdrew, and ``withdrawn``, the move a take-back withdrew (None for a move)."""

    move: str
    state: State
    seat: int
    withdrawn: str | None = None


@dataclass(frozen=True)
class Record:
    """A whole or partial game, as played."""

    game: str
    options: dict[str, Any]
    moves: tuple[str, ...]
    seats: tuple[str, ...] = ()
    result: tuple[float, ...] | None = field(default=None, compare=False)
    #: The format version the moves are written in (older ones are upgraded on replay).
    version: int = field(default=VERSION, compare=False)
    #: Why the game stopped before its end, where a fault stopped it (``stopped by a fault at
    #: event 31 of its table: …``): it is over, its moves those played before the fault.
    stopped: str | None = None
    #: What the table it was played at allowed that is not a rule (a server's table settings,
    #: such as its talk), apart from the options: no replay reads them. An optional field,
    #: which readers of format 4 leave aside, so the format stays 4.
    settings: dict[str, Any] | None = field(default=None, compare=False)

    def is_over(self) -> bool:
        """Whether the record's game is over: ended by its rules or its limit, or stopped."""
        return self.stopped is not None or self.replay().is_terminal()

    @classmethod
    def of(cls, state: State, seats: tuple[str, ...] = ()) -> Record:
        result = tuple(state.returns()) if state.is_terminal() else None
        return cls(
            state.game.name, dict(state.game.options), tuple(state.history_strings()), seats,
            result,
        )

    def to_json(self) -> str:
        data: dict[str, Any] = {
            "format": f"ludotheque-record/{self.version}", "game": self.game,
            "options": self.options,
        }
        if self.seats:
            data["seats"] = list(self.seats)
        data["moves"] = list(self.moves)
        if self.result is not None:
            data["result"] = list(self.result)
        if self.stopped is not None:
            data["stopped"] = self.stopped
        if self.settings is not None:
            data["settings"] = self.settings
        return json.dumps(data, indent=1, ensure_ascii=False, allow_nan=False)

    @classmethod
    def read(cls, file: Path) -> Record:
        """The record in ``file``, read no further than a record may go (``/dev/zero`` has no
        end), a byte-order mark and all."""
        try:
            with file.open("rb") as stream:
                data = stream.read(MAX_RECORD_BYTES + 1)
        except OSError as error:
            raise RecordError(f"{file} cannot be read: {error.strerror or error}.") from None
        if len(data) > MAX_RECORD_BYTES:
            raise RecordError(
                f"{file} is longer than {MAX_RECORD_BYTES:,} bytes, the most a record may be."
            )
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise RecordError(f"{file} cannot be read: it is not UTF-8 text.") from None
        return cls.from_json(text)

    @classmethod
    def from_json(cls, text: str) -> Record:
        try:
            data = _load_json(text)
        except json.JSONDecodeError as exc:
            raise RecordError(
                f"the record is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})."
            ) from None
        if not isinstance(data, dict):
            raise RecordError("the record must be a JSON object with game, options and moves.")
        version = _version(data.get("format", FORMAT))
        missing = [k for k in ("game", "moves") if k not in data]
        if missing:
            raise RecordError(f"the record has no {' and no '.join(missing)}.")
        if not isinstance(data["game"], str):
            raise RecordError("the record's game must be a game id such as 'dames-rabattues'.")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise RecordError("the record's options must be an object of name: value.")
        moves, seats = data["moves"], data.get("seats", [])
        for name, value in (("moves", moves), ("seats", seats)):
            if not isinstance(value, list) or not all(isinstance(m, str) for m in value):
                raise RecordError(f"the record's {name} must be a list of strings.")
        result = data.get("result")
        if result is not None and (
            not isinstance(result, list)
            or not all(isinstance(r, int | float) and not isinstance(r, bool) for r in result)
        ):
            raise RecordError("the record's result must be a list of numbers, one per seat.")
        stopped = data.get("stopped")
        if stopped is not None and not (isinstance(stopped, str) and 0 < len(stopped) <= 500):
            raise RecordError("the record's stopped must be the sentence of what stopped its game, "
                              "of at most 500 characters.")
        settings = data.get("settings")
        if settings is not None and not (isinstance(settings, dict) and all(
                isinstance(v, bool | int | float | str) for v in settings.values())):
            raise RecordError("the record's settings must be an object of name: value, each "
                              "value a number, a text, true or false.")
        return cls(
            data["game"], options, tuple(moves), tuple(seats),
            None if result is None else tuple(result), version, stopped, settings,
        )

    def load_game(self) -> Game:
        try:
            return load_game(self.game, **self._options())
        except LudothequeError as exc:
            raise RecordError(f"the record does not fit: {exc}") from None

    def replay(self, game: Game | None = None) -> State:
        """The state after every move, checked one by one against the rules, as it stands
        after the take-backs."""
        state = None
        for step in self.walk(game):
            state = step.state
        return state if state is not None else self._game(game).new_initial_state()

    def walk(self, game: Game | None = None) -> Iterator[Step]:
        """Each entry of the log replayed in order (:class:`Step`), checked against the rules;
        the record's result is checked once the last is reached."""
        game = self._game(game)
        moves = self.moves
        if self.version < VERSION:
            moves = game.upgrade_moves(moves, self.version)
        # Every standing state, so that a take-back returns to the one before its move.
        standing = [game.new_initial_state()]
        for number, move in enumerate(moves, start=1):
            state = standing[-1]
            if move == TAKEN_BACK and self.version >= 3:
                if len(standing) == 1:
                    raise RecordError(
                        f"move {number} of the record takes back a move, but none stands "
                        "before it."
                    )
                before = standing[-2]
                if before.is_chance_node():
                    raise RecordError(
                        f"move {number} of the record takes back a chance outcome; only a "
                        "decision may be taken back."
                    )
                standing.pop()
                last = state.last_action()
                assert last is not None  # every standing state but the first follows a move
                withdrawn = before.action_to_string(last)
                yield Step(move, before, before.current_player(), withdrawn)
                continue
            after = state.clone()
            try:
                after.apply_action(state.string_to_action(move))
            except LudothequeError as exc:
                raise RecordError(
                    f"move {number} of the record ({quoted(move)}) fails: {exc}"
                ) from None
            standing.append(after)
            yield Step(move, after, state.current_player())
        state = standing[-1]
        if self.result is not None and list(self.result) != state.returns():
            if state.is_terminal():
                found = f"its moves end with {state.returns()}"
            else:
                found = "its moves leave the game unfinished"
            claimed = list(self.result)
            raise RecordError(f"the record's result {claimed} is not the game's: {found}.")

    def _game(self, game: Game | None) -> Game:
        """``game``, checked to be the record's, or the record's game."""
        if game is None:
            game = self.load_game()
        elif self.game != game.name or self._options_for(game) != dict(game.options):
            raise RecordError(
                f"the record is of {self.game} with options {self.options}, "
                f"not of {game.name} with options {dict(game.options)}."
            )
        if self.seats and len(self.seats) != game.num_players():
            raise RecordError(
                f"the record names {len(self.seats)} seats; {game.name} here has "
                f"{game.num_players()}."
            )
        return game

    def _options(self) -> dict[str, Any]:
        """The options as today's rules read them (:meth:`Game.upgrade_options`)."""
        if self.version == VERSION:
            return self.options
        try:
            return game_class(self.game).upgrade_options(dict(self.options), self.version)
        except LudothequeError as exc:
            raise RecordError(f"the record does not fit: {exc}") from None

    def _options_for(self, game: Game) -> dict[str, Any]:
        # Options in a record may be written as text; compare them once read by the game.
        try:
            return dict(type(game)(**self._options()).options)
        except LudothequeError as exc:
            raise RecordError(f"the record does not fit: {exc}") from None


def _version(written: Any) -> int:
    """The version of a record's format, ``ludotheque-record/N`` for N from 1 to VERSION."""
    prefix, _, number = str(written).partition("/")
    if prefix != "ludotheque-record" or number not in {str(v) for v in range(1, VERSION + 1)}:
        raise RecordError(
            f"the record's format is {quoted(written)}; this reads ludotheque-record/1 to {FORMAT}."
        )
    return int(number)


#: The longest record read, in bytes (or characters, given as text). The longest games write
#: the longest records: a tiddlywinks game stopped at its limit of 2,000 turns, a shot and a
#: tremble each, takes about a quarter of a megabyte. Eight megabytes leave thirty times that
#: for longer limits and hand-edited files, yet are read and checked in well under a second,
#: where an unbounded read of ``/dev/zero`` ran until memory ran out.
MAX_RECORD_BYTES = 8 * 1024 * 1024
#: The deepest nesting of arrays and objects read. A record is an object of lists (depth 2);
#: twenty leaves room for any later format, and stops JSON nested 100,000 deep, which would
#: exhaust the parser's recursion.
MAX_RECORD_DEPTH = 20

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_BRACKET = re.compile(r"[\[\]{}]")
_NESTING = {"[": 1, "{": 1, "]": -1, "}": -1}


def _load_json(text: str) -> Any:
    """``json.loads`` within the reader's limits: a passed limit, or a number JSON may write
    but a record may not hold, is one sentence (a RecordError)."""
    if not isinstance(text, str):
        raise RecordError(f"a record is read from text, not from {type(text).__name__}.")
    # Some editors begin a UTF-8 file with a byte-order mark; it is not part of the record.
    text = text.removeprefix("\ufeff")
    if len(text) > MAX_RECORD_BYTES:
        raise RecordError(
            f"the record is longer than {MAX_RECORD_BYTES:,} characters, the most a record "
            "may be."
        )
    # A record has a handful of brackets: most need no walk through their text.
    if text.count("[") + text.count("{") > MAX_RECORD_DEPTH and nesting(text) > MAX_RECORD_DEPTH:
        raise RecordError(
            f"the record nests arrays or objects more than {MAX_RECORD_DEPTH} deep, the most a "
            "record may."
        )
    return json.loads(
        text, parse_int=_json_int, parse_float=_json_float, parse_constant=_json_constant
    )


def nesting(text: str) -> int:
    """How deep JSON ``text`` nests its arrays and objects, counted outside its strings, before
    a parser's recursion meets it (``[[[`` 100,000 deep exhausts Python's).

    >>> nesting('{"moves": ["[[["]}'), nesting("[" * 5)
    (2, 5)
    """
    if "[" not in text and "{" not in text:
        return 0
    brackets = _BRACKET.findall(_STRING.sub('""', text))
    return max(accumulate(map(_NESTING.__getitem__, brackets)), default=0)


def _json_int(text: str) -> int:
    number = parse_int(text, signed=True)
    if number is None:
        raise RecordError(
            f"the record holds a number longer than {MAX_LENGTH} characters, the most a "
            "record's numbers may have."
        )
    return number


def _json_float(text: str) -> float:
    number = parse_float(text)
    if number is None:
        raise RecordError(
            f"the record holds a number too long or too large to be a finite float "
            f"({text[:MAX_LENGTH]}); a record's numbers have at most {MAX_LENGTH} characters."
        )
    return number


def _json_constant(text: str) -> float:
    raise RecordError(f"the record holds {text}, which is not a number a record may hold.")
