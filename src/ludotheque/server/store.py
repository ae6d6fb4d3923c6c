"""The server's database: every table as an append-only log of events, through SQLAlchemy.

Four tables hold everything, and rows are only ever inserted, never changed or deleted:

- ``tables``: one row per game table (une table de jeu) when it is created: its rule set and
  options, the seats as first set, and a digest of each seat's secret link (never the link
  itself, so that a copy of the database seats nobody);
- ``events``: the table's log, numbered from 1: each move and chance outcome in the record's
  notation (``ludotheque.core.record``), each take-back as the record's ``(taken back)``, each
  change of who holds a seat, and, last, the end of a finished game or the stop of a table a
  fault or its abandonment ended. A table's state is its events replayed;
- ``settings``: what each table allows that is not a rule of its game (``server.settings``),
  numbered from 1, its creation's first: the last row is the table's settings now;
- ``talk``: what the people at each table said to each other (``Said``), numbered from 1 —
  apart from ``events``, whose numbers drive reconnection, and never in a game's record.

An event is committed before the move it holds is acknowledged or shown to anyone, so that a
server killed at any moment restarts with every acknowledged move (``Store.tables``).

SQLite is the default (one file, or memory for a throwaway server); any URL SQLAlchemy reads
works unchanged, PostgreSQL's among them (``postgresql+psycopg://user@host/db``).

>>> store = Store("sqlite://")
>>> store.create(TableRow("t1", "jacquet", {}, ("human", "random"), ("d0", "d1"), 0.0))
>>> store.append("t1", [Event(1, "move", -1, "white first")])
>>> [(row.id, [e.text for e in events]) for row, events in store.tables()]
[('t1', ['white first'])]
>>> store.append("t1", [Event(1, "move", -1, "black first")])
Traceback (most recent call last):
...
ludotheque.server.store.Taken: event 1 of table t1 is already written; the log only grows.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    case,
    create_engine,
    event,
    func,
    insert,
    inspect,
    select,
    text,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.pool import StaticPool

from ludotheque.core.errors import LudothequeError
from ludotheque.core.i18n import N_, _

_metadata = MetaData()

_tables = Table(
    "tables",
    _metadata,
    Column("id", String(64), primary_key=True),
    Column("game", String(100), nullable=False),
    Column("options", Text, nullable=False),  # JSON, as a record writes them
    Column("seats", Text, nullable=False),  # JSON list of seat kinds, as first set
    Column("keys", Text, nullable=False),  # JSON list of each seat link's digest
    Column("created", Float, nullable=False),  # seconds since the epoch
    # The creator's seat, whose key the others derive from (null in a table of an earlier
    # version: the first person's seat).
    Column("creator", Integer),
)

_events = Table(
    "events",
    _metadata,
    Column("table_id", String(64), ForeignKey("tables.id"), primary_key=True),
    Column("number", Integer, primary_key=True, autoincrement=False),
    Column("kind", String(20), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("text", Text, nullable=False),
    # The id a client gave its move, so that a move sent twice is applied once.
    Column("move_id", String(100)),
    Column("at", Float, nullable=False),
    UniqueConstraint("table_id", "move_id"),
)

_settings = Table(
    "settings",
    _metadata,
    Column("table_id", String(64), ForeignKey("tables.id"), primary_key=True),
    Column("number", Integer, primary_key=True, autoincrement=False),
    Column("settings", Text, nullable=False),  # JSON: name: value, every setting
    Column("at", Float, nullable=False),
)

_talk = Table(
    "talk",
    _metadata,
    Column("table_id", String(64), ForeignKey("tables.id"), primary_key=True),
    Column("number", Integer, primary_key=True, autoincrement=False),
    Column("seat", Integer, nullable=False),
    Column("text", Text, nullable=False),
    Column("at", Float, nullable=False),
    # Whether it was said while the table let its spectators read the talk.
    Column("public", Boolean, nullable=False),
)


class StoreError(LudothequeError):
    """The database cannot take or give what was asked, in one sentence."""


class Taken(StoreError):
    """An event's number (or its move's id) is written already: where processes share the
    database, another one's table was ahead of this one's (``Service`` catches up, and asks
    again)."""


def channel(table_id: str) -> str:
    """The PostgreSQL channel a table's news is notified on: the number of its last event
    written, or :data:`TALK` or :data:`SETTINGS` (``server.shared`` says what else)."""
    return f"t:{table_id}"


#: What a table's channel is told when a line of its talk, or its settings, are written.
TALK, SETTINGS = "talk", "settings"


@dataclass(frozen=True)
class TableRow:
    """A table as created: ``keys`` are the digests of its seats' secret links; ``settings``
    are its settings now (read from their last row; a table of an earlier version has none)."""

    id: str
    game: str
    options: dict[str, Any]
    seats: tuple[str, ...]
    keys: tuple[str, ...]
    created: float
    settings: dict[str, Any] = field(default_factory=dict)
    creator: int | None = None


@dataclass(frozen=True)
class Said:
    """One line of a table's talk: ``seat`` said ``text``, ``public`` if while the table let
    its spectators read the talk (they read only those lines)."""

    number: int
    seat: int
    text: str
    at: float
    public: bool = False


#: The kinds of event: a move or chance outcome, a take-back, a seat handed to someone else
#: (``text`` the seat's new kind: ``human``, or a computer player such as ``easy``), and the
#: end of a table a fault stopped (``text`` the JSON ``{"at": N, "reason": …}``: the event the
#: fault was met at, and the exception in a line).
MOVE, TAKE_BACK, SEAT, STOP = "move", "take-back", "seat", "stop"
#: The end of a game its rules finished (``text`` the JSON ``{"result": …}``, its sentence),
#: written with the move that finished it, so that a server starting again knows it ended
#: without playing it again.
END = "end"
#: The kinds of event that end a table's log: nothing follows them.
ENDS = (END, STOP)


@dataclass(frozen=True)
class UnreadableRow:
    """A table whose creation row cannot be read back (its JSON is corrupt): why, in a line."""

    id: str
    reason: str


@dataclass(frozen=True)
class Event:
    """One entry of a table's log: ``seat`` is who acted (``-1``: chance, or the server)."""

    number: int
    kind: str
    seat: int
    text: str
    move_id: str | None = None
    at: float = 0.0


#: What a write of a table's settings, or of a line of its talk, is refused with: the row is
#: written already, or the database does not take it.
SETTINGS_REFUSED = (N_("settings of table {table} number {number} is already written."),
                    N_("the database did not take the settings of table {table} ({reason})."))
TALK_REFUSED = (N_("line of talk at table {table} number {number} is already written."),
                N_("the database did not take the line of talk at table {table} ({reason})."))


class Store:
    """A database of tables, opened at ``url`` (created if new)."""

    def __init__(self, url: str) -> None:
        try:
            self.engine = _engine(url)
            #: Whether processes may share it (PostgreSQL): each commit of events then
            #: notifies the table's channel (``channel``), for the others to catch up.
            self.shared = self.engine.dialect.name == "postgresql"
            _metadata.create_all(self.engine)
            _add_columns(self.engine)
        except SQLAlchemyError as error:
            raise StoreError(_("the database at {url} cannot be opened: {reason}.",
                               url=_shown(url), reason=_reason(error))) from None
        except ImportError as error:
            raise StoreError(_(
                "the database at {url} needs a driver that is not installed ({driver}); "
                "PostgreSQL's comes with pip install 'ludotheque[postgresql]'.",
                url=_shown(url), driver=error.name)) from None

    def create(self, row: TableRow) -> None:
        with self.engine.begin() as connection:
            connection.execute(insert(_tables).values(
                id=row.id, game=row.game, options=json.dumps(row.options),
                seats=json.dumps(list(row.seats)), keys=json.dumps(list(row.keys)),
                created=row.created, creator=row.creator,
            ))
            connection.execute(insert(_settings).values(
                table_id=row.id, number=1, settings=json.dumps(row.settings), at=row.created))

    def settle(self, table_id: str, settings: dict[str, Any], at: float) -> None:
        """Write the table's settings anew: their next row (one writer: nobody takes its
        number meanwhile)."""
        with self.engine.connect() as connection:
            last = connection.execute(select(func.max(_settings.c.number)).where(
                _settings.c.table_id == table_id)).scalar()
        self._insert(_settings, table_id, (last or 0) + 1, SETTINGS_REFUSED, SETTINGS,
                     settings=json.dumps(settings), at=at)

    def settings(self, table_id: str) -> dict[str, Any]:
        """The table's settings now (its last row of them)."""
        with self.engine.connect() as connection:
            written = connection.execute(
                select(_settings.c.settings).where(_settings.c.table_id == table_id)
                .order_by(_settings.c.number.desc()).limit(1)).scalar()
        return dict(json.loads(written)) if written is not None else {}

    def say(self, table_id: str, said: Said) -> None:
        """Write a line of the table's talk."""
        self._insert(_talk, table_id, said.number, TALK_REFUSED, TALK, seat=said.seat,
                     text=said.text, at=said.at, public=said.public)

    def talk(self, table_id: str, last: int) -> list[Said]:
        """The table's ``last`` lines of talk, the oldest first."""
        with self.engine.connect() as connection:
            rows = connection.execute(select(_talk).where(_talk.c.table_id == table_id)
                                      .order_by(_talk.c.number.desc()).limit(last)).all()
        return [Said(r.number, r.seat, r.text, r.at, r.public) for r in reversed(rows)]

    def _insert(self, table: Table, table_id: str, number: int, refused: tuple[str, str],
                notice: str, **values: Any) -> None:
        """Write row ``number`` of the table's ``table``, its channel told ``notice`` in a
        shared database; ``refused``: what is said where it is written already (by another
        process, where they share it), and where the database does not take it."""
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(table).values(table_id=table_id, number=number,
                                                        **values))
                if self.shared:
                    connection.execute(text("SELECT pg_notify(:c, :n)"),
                                       {"c": channel(table_id), "n": notice})
        except IntegrityError:
            raise Taken(_(refused[0], table=table_id, number=number)) from None
        except SQLAlchemyError as error:
            raise StoreError(_(refused[1], table=table_id, reason=_reason(error))) from None

    def append(self, table_id: str, events: Sequence[Event]) -> None:
        """Write ``events`` at the end of the table's log, all or none, before returning."""
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(_events), _rows(table_id, events))
                self._notify(connection, [(table_id, events)])
        except IntegrityError:
            raise Taken(_("event {number} of table {table} is already written; the log "
                               "only grows.", number=events[0].number, table=table_id)
                             ) from None
        except SQLAlchemyError as error:
            raise StoreError(_("the database did not take event {number} of table {table} "
                               "({reason}); nothing of it was played.", number=events[0].number,
                               table=table_id, reason=_reason(error))) from None

    def append_all(self, logs: Sequence[tuple[str, Sequence[Event]]]
                   ) -> list[Exception | None]:
        """Write several tables' events, each as :meth:`append` does, in one transaction where
        the database takes them all: one commit (one flush to the disk) for a batch of moves.
        Where it refuses any, each is written alone, so that a refusal costs only its own
        table: what each met, None where written.

        >>> store = Store("sqlite://")
        >>> for t in ("t1", "t2"):
        ...     store.create(TableRow(t, "jacquet", {}, ("human", "human"), ("a", "b"), 0.0))
        >>> [str(met) if met else met for met in store.append_all([
        ...     ("t1", [Event(1, "move", -1, "white first")]),
        ...     ("t2", [Event(1, "move", -1, "black first")]),
        ...     ("t1", [Event(1, "move", -1, "black first")])])]
        [None, None, 'event 1 of table t1 is already written; the log only grows.']
        """
        if len(logs) > 1:
            try:
                with self.engine.begin() as connection:
                    connection.execute(insert(_events), [
                        row for table_id, events in logs for row in _rows(table_id, events)])
                    self._notify(connection, logs)
                return [None] * len(logs)
            except SQLAlchemyError:
                pass  # one of them refused, or the database: each alone says which
        met: list[Exception | None] = []
        for table_id, events in logs:
            try:
                self.append(table_id, events)
                met.append(None)
            except Exception as error:  # handed to whoever moved at that table
                met.append(error)
        return met

    def _notify(self, connection: Connection,
                logs: Sequence[tuple[str, Sequence[Event]]]) -> None:
        """In a shared database, tell each table's channel its last event's number: sent by
        PostgreSQL at the commit, so that nobody hears of an event not yet committed."""
        told = [(channel(table_id), str(events[-1].number)) for table_id, events in logs
                if events]
        if self.shared and told:
            # One statement for the batch: a round trip per table would hold up the writer.
            channels, numbers = zip(*told, strict=True)
            connection.execute(text("SELECT pg_notify(c, n) FROM unnest(CAST(:c AS text[]), "
                                    "CAST(:n AS text[])) AS t(c, n)"),
                               {"c": list(channels), "n": list(numbers)})

    def after(self, table_id: str, number: int) -> list[Event]:
        """The table's events after event ``number``: what another process sharing the
        database wrote meanwhile."""
        with self.engine.connect() as connection:
            return [_event(e) for e in connection.execute(select(_events).where(
                        (_events.c.table_id == table_id) & (_events.c.number > number))
                        .order_by(_events.c.number))]

    def tables(self) -> Iterator[tuple[TableRow | UnreadableRow, list[Event]]]:
        """Every table in play with its log, in the order they were created; a row that
        cannot be read is given as such, and the others still are. An ended table, whose log
        ends with its end, is not read here: see :meth:`ended`."""
        ended = select(_events.c.table_id).where(_events.c.kind.in_(ENDS))
        return self._read(_tables.c.id.not_in(ended), _events.c.table_id.not_in(ended))

    def ended(self) -> Iterator[tuple[TableRow | UnreadableRow, list[Event]]]:
        """Every ended table, with its last event alone: its end."""
        ended = select(_events.c.table_id).where(_events.c.kind.in_(ENDS))
        return self._read(_tables.c.id.in_(ended), _events.c.kind.in_(ENDS))

    def listed(self, since: float, most: int
               ) -> tuple[int, list[tuple[TableRow, tuple[str, ...], int, float]]]:
        """The tables in play with anything done since ``since`` (their last event, or their
        creation), as a lobby lists them: how many, and the ``most`` latest, each with who
        holds its seats now, its moves played (a seat's decisions, those taken back too) and
        when it was last played. Read from the log alone, whoever plays them: where processes
        share the database, a table another one holds is listed too. A row that cannot be
        read is left out (its page says why)."""
        ended = select(_events.c.table_id).where(_events.c.kind.in_(ENDS))
        played = (select(_events.c.table_id, func.max(_events.c.at).label("last"),
                         func.sum(case(((_events.c.kind == MOVE) & (_events.c.seat >= 0), 1),
                                       else_=0)).label("moves"))
                  .group_by(_events.c.table_id).subquery())
        last = func.coalesce(played.c.last, _tables.c.created)
        wanted = _tables.c.id.not_in(ended) & (last >= since)
        with self.engine.connect() as connection:
            count = connection.execute(select(func.count()).select_from(_tables).outerjoin(
                played, played.c.table_id == _tables.c.id).where(wanted)).scalar() or 0
            rows = connection.execute(
                select(_tables, played.c.moves, last.label("last"))
                .outerjoin(played, played.c.table_id == _tables.c.id).where(wanted)
                .order_by(last.desc()).limit(most)).all()
            handed: dict[str, list[tuple[int, str]]] = {}
            for e in connection.execute(select(_events).where(
                    _events.c.table_id.in_([row.id for row in rows]) & (_events.c.kind == SEAT))
                    .order_by(_events.c.number)):
                handed.setdefault(e.table_id, []).append((e.seat, e.text))
        listed = []
        for row in rows:
            read = _table_row(row, None)
            if isinstance(read, UnreadableRow):
                continue
            kinds = list(read.seats)
            for seat, kind in handed.get(row.id, []):
                if 0 <= seat < len(kinds):
                    kinds[seat] = kind
            listed.append((read, tuple(kinds), int(row.moves or 0), float(row.last)))
        return count, listed

    def last_ended(self, most: int) -> list[tuple[TableRow | UnreadableRow, Event]]:
        """The ``most`` tables that ended last, each with its end."""
        with self.engine.connect() as connection:
            ends = connection.execute(select(_events).where(_events.c.kind.in_(ENDS))
                                      .order_by(_events.c.at.desc()).limit(most)).all()
        read = {row.id: row for row, _ in self._read(
            _tables.c.id.in_([e.table_id for e in ends]), _events.c.kind.in_(ENDS))}
        return [(read[e.table_id], _event(e)) for e in ends if e.table_id in read]

    def table(self, table_id: str) -> tuple[TableRow | UnreadableRow, list[Event]] | None:
        """One table with its whole log, or None if there is none of that id."""
        return next(self._read(_tables.c.id == table_id, _events.c.table_id == table_id), None)

    def _read(self, rows_wanted: Any, events_wanted: Any
              ) -> Iterator[tuple[TableRow | UnreadableRow, list[Event]]]:
        # Each table's settings now: its last row of them.
        last = (select(_settings.c.table_id, func.max(_settings.c.number).label("number"))
                .group_by(_settings.c.table_id).subquery())
        now = (select(_settings.c.table_id, _settings.c.settings)
               .join(last, (last.c.table_id == _settings.c.table_id)
                     & (last.c.number == _settings.c.number)).subquery())
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(_tables, now.c.settings).outerjoin(now, now.c.table_id == _tables.c.id)
                .where(rows_wanted).order_by(_tables.c.created)).all()
            logs: dict[str, list[Event]] = {row.id: [] for row in rows}
            for e in connection.execute(select(_events).where(events_wanted).order_by(
                    _events.c.table_id, _events.c.number)):
                if e.table_id not in logs:
                    continue  # a table's events without its row: no table to play them at
                logs[e.table_id].append(_event(e))
        for row in rows:
            yield _table_row(row, row.settings), logs[row.id]

    def close(self) -> None:
        self.engine.dispose()


def _rows(table_id: str, events: Sequence[Event]) -> list[dict[str, Any]]:
    """The rows of ``events`` in the table's log."""
    return [{"table_id": table_id, "number": e.number, "kind": e.kind, "seat": e.seat,
             "text": e.text, "move_id": e.move_id, "at": e.at} for e in events]


def _table_row(row: Any, settings: str | None) -> TableRow | UnreadableRow:
    """A row of ``tables`` as written, with its ``settings`` now (JSON, None: none read)."""
    try:
        return TableRow(row.id, row.game, dict(json.loads(row.options)),
                        tuple(json.loads(row.seats)), tuple(json.loads(row.keys)), row.created,
                        dict(json.loads(settings)) if settings is not None else {}, row.creator)
    except (ValueError, TypeError) as error:
        return UnreadableRow(row.id, f"its row cannot be read ({error})")


def _event(row: Any) -> Event:
    return Event(row.number, row.kind, row.seat, row.text, row.move_id, row.at)


def _add_columns(engine: Engine) -> None:
    """Give a database of an earlier version the columns added since (each nullable, so that
    its rows keep their meaning): rows are never changed, but a table may grow a column."""
    present = {column["name"] for column in inspect(engine).get_columns("tables")}
    with engine.begin() as connection:
        for column in _tables.columns:
            if column.name not in present:
                kind = column.type.compile(engine.dialect)
                connection.execute(text(f'ALTER TABLE tables ADD COLUMN "{column.name}" {kind}'))


def _engine(url: str) -> Engine:
    if not url.startswith("sqlite"):
        return create_engine(url, pool_pre_ping=True)
    if url in ("sqlite://", "sqlite:///:memory:"):
        # One connection shared, or each would see an empty database of its own.
        return create_engine(
            url, poolclass=StaticPool, connect_args={"check_same_thread": False}
        )
    engine = create_engine(url, connect_args={"check_same_thread": False})

    @event.listens_for(engine, "connect")
    def _write_ahead(connection: Any, _: Any) -> None:
        # A committed event survives the server killed at once (the log is the OS's to
        # write); readers do not wait for the writer.
        cursor = connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()

    return engine


def _shown(url: str) -> str:
    """The URL without its password."""
    head, at, tail = url.rpartition("@")
    if not at:
        return url
    scheme, _, credentials = head.partition("://")
    return f"{scheme}://{credentials.partition(':')[0]}@{tail}"


def _reason(error: SQLAlchemyError) -> str:
    text = str(getattr(error, "orig", None) or error).strip().splitlines()
    return text[0].rstrip(".") if text else type(error).__name__
