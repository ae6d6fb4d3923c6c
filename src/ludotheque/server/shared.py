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
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

from sqlalchemy.engine import make_url

from ludotheque.server.store import channel

_log = logging.getLogger("ludotheque.server")

#: How a process's word on who is at a table begins: ``presence:NAME:[[seats], spectators]``;
#: its word that its computer player thinks there (the ``thinking`` message its pages get);
#: and that the table is played again at another (its id, and each seat's seat and key there).
PRESENCE, THINKING, AGAIN = "presence:", "thinking:", "again:"


class Bus:
    """This process's two connections to the shared database: one that listens to tables'
    channels (``heard(table_id, notice)`` is called with each notice), one that holds the
    claims on computer seats and tells what is not written. Opened with :meth:`open`."""

    def __init__(self, listening: Any, claiming: Any, heard: Callable[[str, str], None]
                 ) -> None:
        self._listening, self._claiming = listening, claiming
        self._heard = heard
        self._channels: set[str] = set()
        #: One LISTEN or UNLISTEN at a time: each stops the reading of notifications, which
        #: holds the connection, and starts it again.
        self._changing = asyncio.Lock()
        self._reading: asyncio.Task[None] | None = None

    @classmethod
    async def open(cls, url: str, heard: Callable[[str, str], None]) -> Bus:
        """Connect to the database at the SQLAlchemy ``url`` (psycopg's driver)."""
        import psycopg  # the PostgreSQL extra's: only a shared database needs it

        dsn = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
        listening = await psycopg.AsyncConnection.connect(dsn, autocommit=True)
        claiming = await psycopg.AsyncConnection.connect(dsn, autocommit=True)
        bus = cls(listening, claiming, heard)
        bus._read()
        return bus

    def _read(self) -> None:
        self._reading = asyncio.get_running_loop().create_task(self._notifications())

    async def _notifications(self) -> None:
        try:
            async for notice in self._listening.notifies():
                try:
                    self._heard(notice.channel.removeprefix("t:"), notice.payload)
                except Exception:  # one table's notice, never the reading of the others'
                    _log.exception("a notification on %s could not be taken", notice.channel)
        except Exception:
            # The connection lost: pages here hear no other process's moves until the next
            # one they make or their page is opened again (each catches the table up).
            _log.exception("the database's notifications can no longer be heard")

    async def _change(self, statement: str, table_ids: list[str]) -> None:
        from psycopg import sql

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

    async def tell(self, table_id: str, notice: str) -> None:
        """Tell the processes listening to the table ``notice`` (at most 8,000 bytes)."""
        await self._claiming.execute("SELECT pg_notify(%s, %s)", (channel(table_id), notice))

    async def claim(self, table_id: str) -> bool:
        """Whether this process may think for the table's computer seat: the table's
        advisory lock taken, if no other process holds it (held until :meth:`release`, or
        until this process dies)."""
        cursor = await self._claiming.execute(
            "SELECT pg_try_advisory_lock(hashtextextended(%s, 0))", (table_id,))
        row = await cursor.fetchone()
        return bool(row and row[0])

    async def release(self, table_id: str) -> None:
        await self._claiming.execute("SELECT pg_advisory_unlock(hashtextextended(%s, 0))",
                                     (table_id,))

    async def close(self) -> None:
        if self._reading is not None:
            self._reading.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reading
        for connection in (self._listening, self._claiming):
            await connection.close()
