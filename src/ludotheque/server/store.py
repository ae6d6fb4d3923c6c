"""The server's database: every table as an append-only log of events, through SQLAlchemy.

Two tables hold everything, and rows are only ever inserted, never changed or deleted:

- ``tables``: one row per game table (une table de jeu) when it is created: its rule set and
  options, the seats as first set, and a digest of each seat's secret link (never the link
  itself, so that a copy of the database seats nobody);
- ``events``: the table's log, numbered from 1: each move and chance outcome in the record's
  notation (``ludotheque.core.record``), each take-back as the record's ``(taken back)``, each
  change of who holds a seat, and, last, the end of a finished game or the stop of a table a
  fault or its abandonment ended. A table's state is its events replayed.

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
ludotheque.server.store.StoreError: event 1 of table t1 is already written; the log only grows.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    create_engine,
    event,
    insert,
    select,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.pool import StaticPool

from ludotheque.core.errors import LudothequeError

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


class StoreError(LudothequeError):
    """The database cannot take or give what was asked, in one sentence."""


@dataclass(frozen=True)
class TableRow:
    """A table as created: ``keys`` are the digests of its seats' secret links."""

    id: str
    game: str
    options: dict[str, Any]
    seats: tuple[str, ...]
    keys: tuple[str, ...]
    created: float


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


class Store:
    """A database of tables, opened at ``url`` (created if new)."""

    def __init__(self, url: str) -> None:
        try:
            self.engine = _engine(url)
            _metadata.create_all(self.engine)
        except SQLAlchemyError as error:
            raise StoreError(f"the database at {_shown(url)} cannot be opened: "
                             f"{_reason(error)}.") from None
        except ImportError as error:
            raise StoreError(
                f"the database at {_shown(url)} needs a driver that is not installed "
                f"({error.name}); PostgreSQL's comes with pip install 'ludotheque[postgresql]'."
            ) from None

    def create(self, row: TableRow) -> None:
        with self.engine.begin() as connection:
            connection.execute(insert(_tables).values(
                id=row.id, game=row.game, options=json.dumps(row.options),
                seats=json.dumps(list(row.seats)), keys=json.dumps(list(row.keys)),
                created=row.created,
            ))

    def append(self, table_id: str, events: Sequence[Event]) -> None:
        """Write ``events`` at the end of the table's log, all or none, before returning."""
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(_events), [
                    {"table_id": table_id, "number": e.number, "kind": e.kind, "seat": e.seat,
                     "text": e.text, "move_id": e.move_id, "at": e.at}
                    for e in events
                ])
        except IntegrityError:
            raise StoreError(
                f"event {events[0].number} of table {table_id} is already written; the log "
                "only grows."
            ) from None
        except SQLAlchemyError as error:
            raise StoreError(f"the database did not take event {events[0].number} of table "
                             f"{table_id} ({_reason(error)}); nothing of it was played.") from None

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

    def table(self, table_id: str) -> tuple[TableRow | UnreadableRow, list[Event]] | None:
        """One table with its whole log, or None if there is none of that id."""
        return next(self._read(_tables.c.id == table_id, _events.c.table_id == table_id), None)

    def _read(self, rows_wanted: Any, events_wanted: Any
              ) -> Iterator[tuple[TableRow | UnreadableRow, list[Event]]]:
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(_tables).where(rows_wanted).order_by(_tables.c.created)).all()
            logs: dict[str, list[Event]] = {row.id: [] for row in rows}
            for e in connection.execute(select(_events).where(events_wanted).order_by(
                    _events.c.table_id, _events.c.number)):
                if e.table_id not in logs:
                    continue  # a table's events without its row: no table to play them at
                logs[e.table_id].append(
                    Event(e.number, e.kind, e.seat, e.text, e.move_id, e.at)
                )
        for row in rows:
            try:
                read: TableRow | UnreadableRow = TableRow(
                    row.id, row.game, dict(json.loads(row.options)),
                    tuple(json.loads(row.seats)), tuple(json.loads(row.keys)), row.created,
                )
            except (ValueError, TypeError) as error:
                read = UnreadableRow(row.id, f"its row cannot be read ({error})")
            yield read, logs[row.id]

    def close(self) -> None:
        self.engine.dispose()


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
