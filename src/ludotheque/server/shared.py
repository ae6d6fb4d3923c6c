"""What processes serving one PostgreSQL database tell each other, through PostgreSQL alone.

Each serving process holds the tables its pages opened, each in memory with its game; the
database holds their logs, which every process appends to (``Store``). Three things keep the
processes in step, none of them a broker of this project's own:

- **an event's number is written once**: the log's primary key refuses an event whose number
  another process wrote first (``store.Taken``), so that a move decided on a table that was
  behind is decided again on the table caught up (``Service._commit``): each table's moves
  are thus serialised by PostgreSQL itself, whichever process received them;
- **a commit notifies the table's channel** (``store.channel``, ``pg_notify`` in the
  transaction: sent at the commit, never before), and each process ``LISTEN``s on the channels
  of the tables it holds (:class:`Bus`), reads what it has not got from the log (never from
  the notification: a page's ``since`` is the log's number, whichever process wrote it) and
  tells its pages;
- **a computer seat's thinking is claimed** with a session-level advisory lock on the table
  (:meth:`Bus.claim`): one process thinks for it at a time, and a process killed with
  ``kill -9`` loses its connection and so its claims, which another then takes up
  (``Service._claiming``).

Around the game, the same channel tells a line of talk written and settings changed (each
then read from the database), and who is at the table at each process (:meth:`Bus.tell`, not
stored: each process says which seats it has pages for, and how many spectators, and says it
again every ``PRESENCE_AGAIN`` seconds, so that a process killed is forgotten within two), so
that a seat whose person plays through another process is never offered to the computer; and
that a computer player thinks there, and how far it has got, for the pages elsewhere; and that
a finished table is played again, so that every page, wherever, is offered to follow.

The database lost (restarted, a connection cut) is connected to again, waiting longer each
time it fails (:data:`RECONNECT_AFTER`), and every channel listened to again; the service is
then told (``lost``), to read what was written meanwhile at its tables: a notification sent
while nobody listened is never heard.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Sequence
from typing import Any

from sqlalchemy.engine import make_url

from ludotheque.server.store import channel

_log = logging.getLogger("ludotheque.server")

#: How a process's word on who is at a table begins: ``presence:NAME:[[seats], spectators]``;
#: its word that its computer player thinks there (the ``thinking`` message its pages get);
#: and that the table is played again at another (its id, and each seat's seat and key there).
PRESENCE, THINKING, AGAIN = "presence:", "thinking:", "again:"

#: The first and the longest wait before connecting again to the database lost, in seconds.
RECONNECT_AFTER = (0.25, 8.0)


class Bus:
    """This process's two connections to the shared database: one that listens to tables'
    channels (``heard(table_id, notice)`` is called with each notice), one that holds the
    claims on computer seats and tells what is not written. Opened with :meth:`open`;
    ``lost()`` is called once both are connected again after the database was lost."""

    def __init__(self, dsn: str, heard: Callable[[str, str], None], lost: Callable[[], None]
                 ) -> None:
        self._dsn = dsn
        self._listening: Any = None
        self._claiming: Any = None
        self._heard, self._lost = heard, lost
        self._channels: set[str] = set()
        #: One LISTEN, UNLISTEN or reconnection at a time: each stops the reading of
        #: notifications, which holds the connection, and starts it again.
        self._changing = asyncio.Lock()
        self._reading: asyncio.Task[None] | None = None
        self._reconnecting: asyncio.Task[None] | None = None

    @classmethod
    async def open(cls, url: str, heard: Callable[[str, str], None],
                   lost: Callable[[], None]) -> Bus:
        """Connect to the database at the SQLAlchemy ``url`` (psycopg's driver)."""
        dsn = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
        bus = cls(dsn, heard, lost)
        await bus._connect()
        bus._read()
        return bus

    async def _connect(self) -> None:
        import psycopg  # the PostgreSQL extra's: only a shared database needs it

        # Named, for whoever looks at the database's sessions (pg_stat_activity).
        self._listening = await psycopg.AsyncConnection.connect(
            self._dsn, autocommit=True, application_name="ludotheque listening")
        self._claiming = await psycopg.AsyncConnection.connect(
            self._dsn, autocommit=True, application_name="ludotheque claiming")

    def _read(self) -> None:
        self._reading = asyncio.get_running_loop().create_task(self._notifications())

    async def _notifications(self) -> None:
        from psycopg import OperationalError

        try:
            async for notice in self._listening.notifies():
                try:
                    self._heard(notice.channel.removeprefix("t:"), notice.payload)
                except Exception:  # one table's notice, never the reading of the others'
                    _log.exception("a notification on %s could not be taken", notice.channel)
        except OperationalError as error:
            self._lose(error)

    def _lose(self, error: Exception) -> None:
        """The database was lost (``error``): connect again, unless already under way."""
        if self._reconnecting is None or self._reconnecting.done():
            _log.warning("the shared database was lost (%s); connecting again",
                         _sentence(error))
            self._reconnecting = asyncio.get_running_loop().create_task(self._reconnect())

    async def _reconnect(self) -> None:
        """Both connections opened again, each channel listened to again; then ``lost()``.
        The claims held died with their connection (the thoughts under way finish, and
        another process may think for the same seat meanwhile: the log's key keeps one)."""
        from psycopg import OperationalError, sql

        wait, longest = RECONNECT_AFTER
        async with self._changing:
            assert self._reading is not None
            self._reading.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reading
            while True:
                for connection in (self._listening, self._claiming):
                    await connection.close()
                try:
                    await self._connect()
                    if self._channels:
                        await self._listening.execute(sql.SQL("; ").join(
                            sql.SQL("LISTEN {}").format(sql.Identifier(channel(t)))
                            for t in self._channels))
                    break
                except OperationalError as error:
                    _log.warning("the shared database cannot be reached (%s); trying again "
                                 "in %g s", _sentence(error), wait)
                    await asyncio.sleep(wait)
                    wait = min(2 * wait, longest)
            self._read()
        _log.warning("the shared database is reached again")
        self._lost()

    async def _change(self, statement: str, table_ids: list[str]) -> None:
        from psycopg import OperationalError, sql

        async with self._changing:
            assert self._reading is not None
            self._reading.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reading
            try:
                # A notice that came meanwhile waits in the connection for the next reading.
                await self._listening.execute(sql.SQL("; ").join(
                    sql.SQL(statement + " {}").format(sql.Identifier(channel(t)))
                    for t in table_ids))
            except OperationalError as error:
                self._lose(error)  # which listens to every channel again
            finally:
                self._read()

    async def listen(self, *table_ids: str) -> None:
        """Hear these tables' new events from now on (returns once PostgreSQL listens)."""
        new = [t for t in dict.fromkeys(table_ids) if t not in self._channels]
        if new:
            self._channels.update(new)
            await self._change("LISTEN", new)

    async def unlisten(self, table_id: str) -> None:
        if table_id in self._channels:
            self._channels.discard(table_id)
            await self._change("UNLISTEN", [table_id])

    async def _said(self, statement: str, parameters: tuple[Any, ...]) -> Any:
        """The first row of ``statement`` on the claiming connection; None where the
        database was lost (and is being connected to again)."""
        from psycopg import OperationalError

        try:
            cursor = await self._claiming.execute(statement, parameters)
            return await cursor.fetchone()
        except OperationalError as error:
            self._lose(error)
            return None

    async def tell(self, told: Sequence[tuple[str, str]]) -> None:
        """Tell the processes listening to each table its notice (each at most 8,000 bytes),
        in one statement; lost with the database: a word on who is there is said again, and
        the rest is read from the database by those who missed it."""
        await self._said("SELECT pg_notify(c, n) FROM unnest(%s::text[], %s::text[]) AS t(c, n)",
                         ([channel(table_id) for table_id, _ in told],
                          [notice for _, notice in told]))

    async def claim(self, table_id: str) -> bool:
        """Whether this process may think for the table's computer seat: the table's
        advisory lock taken, if no other process holds it (held until :meth:`release`, or
        until this process dies or loses the database)."""
        row = await self._said("SELECT pg_try_advisory_lock(hashtextextended(%s, 0))",
                               (table_id,))
        return bool(row and row[0])

    async def release(self, table_id: str) -> None:
        await self._said("SELECT pg_advisory_unlock(hashtextextended(%s, 0))", (table_id,))

    async def close(self) -> None:
        for task in (self._reconnecting, self._reading):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        for connection in (self._listening, self._claiming):
            await connection.close()


def _sentence(error: Exception) -> str:
    """psycopg's message on one line (libpq's spans several)."""
    return " ".join(str(error).split())
