"""The tables a server keeps: creating them, seating people, playing what they send, and
telling every connection what its seat may know.

One event loop drives every table. The database is written by one thread, in order, and a
move is shown to nobody before its events are committed, nor committed before the table has
rehearsed it and framed what it shows everyone (``GameTable.decide``): a fault of the rules is
one sentence to whoever moved, and one entry, with its traceback, in the server's log
(``ludotheque.server``); a table that cannot go on is ended as *stopped by a fault*, and no
other table notices. Computer players think in a worker
pool (``ludotheque.server.computer``), and those of tiddlywinks, who plan a shot by simulating
it, in a pool of their own, so that a planning shot never holds up a dice or card table. Each
table's moves are taken one at a time (a lock per
table), so that two moves sent at once are judged against the game as each finds it.

Seats have no accounts: a table's creator gets a secret key per seat (``secrets``), each the
key of a link whose holder plays that seat. The database keeps only their digests, and the
others derive from the creator's own (an HMAC), so that he can be shown his friends' links
again, and nobody else can.

Around the game, the people at a table may talk (their lines kept apart from its events, and
read by spectators where the table's settings let them), its creator may close it, and once
its game is over any of them may open the next (:meth:`Service.again`), to which every page
at the table is offered to follow, each person to a seat of his own there.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import contextvars
import hashlib
import hmac
import json
import logging
import random
import secrets
import time
from collections import OrderedDict, defaultdict, deque
from collections.abc import Callable, Coroutine, Mapping, Sequence
from concurrent.futures import BrokenExecutor, Executor, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any, TypeVar

from ludotheque.agents import PERSON, is_person, make_agent
from ludotheque.core.errors import IllegalMoveError, LudothequeError, OptionError, quoted
from ludotheque.core.game import CHANCE, Game, State
from ludotheque.core.i18n import LANGUAGES, N_, _, decimal, language
from ludotheque.core.manifest import Manifest
from ludotheque.core.registry import games, load_game, manifest
from ludotheque.play.help import answer
from ludotheque.server.computer import Progress, advised, choose, rests, worker_pool
from ludotheque.server.invitations import qr, seat_link, table_link
from ludotheque.server.protocol import Flood
from ludotheque.server.settings import hints_allowed, read_settings, told
from ludotheque.server.shared import AGAIN, PRESENCE, THINKING, Bus
from ludotheque.server.store import (
    ENDS,
    MOVE,
    SETTINGS,
    STOP,
    TALK,
    Event,
    Said,
    Store,
    TableRow,
    Taken,
    UnreadableRow,
)
from ludotheque.server.table import (
    Ahead,
    Chance,
    GameTable,
    TableFault,
    in_each_language,
    stopped_sentence,
)

_log = logging.getLogger("ludotheque.server")

#: The most tables in play a server keeps (each holds its game in memory, about 120 kB): a
#: bound on what creating tables in a loop can make it hold.
MAX_PLAYING = 2000

#: How long a person must have been gone before the others may hand his seat to the computer.
HAND_OVER_AFTER = 60.0
#: How long a table may go without a move before it leaves the lobby's list (its link still
#: works), and before it is ended as abandoned and leaves memory.
HIDE_AFTER, ABANDON_AFTER = 86_400.0, 7 * 86_400.0
#: The most tables one client address may have in play at once.
PER_ADDRESS_TABLES = 20

#: A table whose last move took longer than this to rehearse (seconds) has its next ones
#: rehearsed in one of :data:`RULES_THREADS` threads: a move of a few milliseconds is not
#: worth a thread's hand-over, and one of 50 would hold every other table up.
HEAVY, RULES_THREADS = 0.005, 4

#: Where processes share the database: how long a computer seat's or chance's turn may wait
#: (seconds, since the table's last event) before a process that holds the table but does not
#: think for it tries to (its thinker's process may have died).
ORPHANED_AFTER = 2.0
#: How often a process sharing the database says again who is at its tables, and after how
#: long without its word the others forget it (seconds).
PRESENCE_AGAIN = 20.0
PRESENCE_FORGOTTEN = 2.5 * PRESENCE_AGAIN

#: The longest line of talk, in characters; how many lines a page is given on arriving; and
#: how many a seat may say at once, then how many a second.
SAY_MOST, TALK_SHOWN, TALK_RATE = 300, 50, (5, 0.5)
#: How many hints a seat may ask for at once, then how many a second; and how many the server
#: works out at most at once (a second or two each, in one worker), others refused meanwhile.
HINT_RATE, HINTS_WAITING = (3, 0.2), 8

#: What a person creating a table is told when the rules fault in setting it up.
SET_UP = N_("the server could not set this table up: its rules met a fault, now in the "
            "server's log.")

T = TypeVar("T")


class UnknownKey(LudothequeError):
    """A key that opens no seat of the table: its page forgets it, and watches."""


def digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def derived_key(creator: str, table_id: str, seat: int) -> str:
    """The key of ``seat``'s link, derived from the creator's."""
    return hmac.new(creator.encode(), f"{table_id}:{seat}".encode(), "sha256").hexdigest()[:32]


#: The most messages that may wait for one connection: a reader this far behind (one that
#: sends and never reads) is let go, and comes back from the last event he has.
OUTBOX = 256
#: How soon a table hears that a seat came or went, and how often it hears its spectators
#: counted again: a crowd coming to watch is one message to each, not one per newcomer.
PRESENCE_SOON, SPECTATORS_EVERY = 0.2, 5.0


@dataclass(eq=False)
class Listener:
    """One open connection to a table: its seat (None: a spectator), the last event sent to
    it, what waits to be sent (at most :data:`OUTBOX`), and how to let it go (``drop``)."""

    seat: int | None
    sent: int = 0
    outbox: asyncio.Queue[dict[str, Any]] = field(default_factory=asyncio.Queue)
    behind: bool = False
    drop: Callable[[], object] = lambda: None
    #: The key of the seat's link, and the address links are built on here
    #: (``invitations``), where known.
    key: str | None = None
    base: str | None = None
    #: Whether this connection has been given its seat's own link (once: the page keeps it).
    linked: bool = False
    #: The language its page reads the game in.
    language: str = LANGUAGES[0]

    def send(self, message: dict[str, Any]) -> None:
        if self.behind:
            return
        if self.outbox.qsize() >= OUTBOX:
            self.behind = True
            self.drop()
            return
        self.outbox.put_nowait(message)


#: How many tables over are kept in memory, the latest asked for (their pages, replays,
#: records); any other is read back from the database when asked for.
KEPT = 32
#: Why a table its creator closed stopped, as its stop event writes it (in English, and told
#: in the reader's words).
CLOSED = N_("closed by its creator")


@dataclass(frozen=True)
class Over:
    """A table over, as the lobby lists it: its game's title, how it ended, and when."""

    id: str
    title: str
    #: How it ended, in each language (``told`` says it in the reader's).
    results: Mapping[str, str]
    stopped: bool
    at: float

    @property
    def result(self) -> str:
        """How it ended, in the reader's language."""
        return self.results[language()]

    @classmethod
    def of(cls, row: TableRow, end: Event) -> Over:
        """The line of a table whose log ends with ``end``, read without playing it again."""
        title = manifest(row.game).info.title if row.game in games() else row.game
        told = GameTable.ending(end)
        return cls(row.id, title, told, end.kind == STOP, end.at)


@dataclass(frozen=True)
class Line:
    """A table in play, as the lobby lists it: its game, who holds its seats, its moves played
    (a seat's decisions, those taken back too), when it began and when it was last played."""

    id: str
    game: Game
    kinds: tuple[str, ...]
    moves: int
    created: float
    last: float


#: The most tables in play, and tables over, the lobby lists; and how long, where processes
#: share the database, the listing read from it is shown again (seconds).
LISTED, LISTED_OVER = 50, 20
LISTING_KEPT = 2.0


class Service:
    """Every table of the database ``store``, in play.

    ``rng`` draws chance and seeds the computer players (by default the system's entropy); a
    seeded one (``serve --seed``) draws a seed from which each table's id, chance and computer
    players are drawn apart (``_drawn``); ``chance``, if given, gives each chance outcome
    instead (a deal set in advance);
    computer players think in ``workers`` processes (by default one per core), and those of a
    game whose moves are aimed shots (``Game.continuous``) in ``shot_workers`` of their own,
    and those of tables without a person in one of their own, each started when first needed
    and started anew if a player breaks it; or in ``pool``, ``shot_pool`` and ``background``,
    where given (the tests' threads). A person's helps at his turn, the assist's previews and
    the hints, are worked out in a worker each, or in ``preview_pool`` and ``hint_pool``."""

    def __init__(
        self,
        store: Store,
        *,
        rng: random.Random | None = None,
        pool: Executor | None = None,
        shot_pool: Executor | None = None,
        background: Executor | None = None,
        preview_pool: Executor | None = None,
        hint_pool: Executor | None = None,
        workers: int | None = None,
        shot_workers: int = 1,
        hand_over_after: float = HAND_OVER_AFTER,
        hide_after: float = HIDE_AFTER,
        abandon_after: float = ABANDON_AFTER,
        max_playing: int = MAX_PLAYING,
        clock: Callable[[], float] = time.time,
        chance: Chance | None = None,
    ) -> None:
        self.store = store
        self.rng = rng or random.SystemRandom()
        self._seed = None if isinstance(self.rng, random.SystemRandom) else self.rng.getrandbits(64)
        self._dealt = chance
        self._pool = pool
        self._shot_pool = shot_pool
        #: Where the assist's previews are worked out: a worker of their own, as a shot
        #: planner may hold the shot pool for seconds while a person drags.
        self._preview_pool = preview_pool
        #: Where hints are worked out (a worker of their own: a hint takes a second or two),
        #: and the (table, seat)s whose hint is under way.
        self._hint_pool = hint_pool
        self._hinting: set[tuple[str, int]] = set()
        self.workers, self.shot_workers = workers, shot_workers
        #: Where the computer players of tables without a person think: apart, so that a
        #: table of computers alone never holds up one where people wait.
        self._background = background
        self.hand_over_after = hand_over_after
        self.hide_after, self.abandon_after = hide_after, abandon_after
        self.max_playing = max_playing
        self.clock = clock
        #: The tables in play, each in memory with its game.
        self.tables: dict[str, GameTable] = {}
        #: The tables over (finished, stopped, abandoned): a line each; the table itself is
        #: read back from the database when asked for (its page, replay, record), and a few
        #: are kept (``_kept``, the latest asked for last).
        self.over: dict[str, Over] = {}
        self._kept: OrderedDict[str, GameTable] = OrderedDict()
        #: Tables that cannot even be set up again (their row is unreadable, or their rule set
        #: refuses its options now), with what stopped them in each language (``broken``).
        self._broken: dict[str, dict[str, str]] = {}
        #: The address that opened each table in play, where this server saw it.
        self._opened_by: dict[str, str] = {}
        self._locks: defaultdict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._listeners: defaultdict[str, list[Listener]] = defaultdict(list)
        self._away: dict[str, list[float | None]] = {}
        #: The tables whose computer player is thinking: its seat, the event it thinks after,
        #: since when (the clock's), and how far it has got.
        self._thinking: dict[str, tuple[int, int, float, Progress]] = {}
        self._announcing: dict[str, asyncio.TimerHandle] = {}
        #: The person seats whose link has been opened (or who have moved), table by table.
        self._arrived: dict[str, set[int]] = {}
        #: Each table's last lines of talk (read from the database when first needed).
        self._talk: dict[str, deque[Said]] = {}
        #: Each table's allowances of what costs a write each time: its seats' lines of talk,
        #: and its creator's changes of its settings.
        self._allowances: dict[tuple[str, str, int], Flood] = {}
        #: The table each finished one goes on at (:meth:`again`), with each seat's person's
        #: seat and key there, by his seat here.
        self._next: dict[str, tuple[str, dict[int, tuple[int, str]]]] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._writer = ThreadPoolExecutor(1, thread_name_prefix="ludotheque-db")
        #: Where the moves of tables whose rules are slow are rehearsed, and what each table's
        #: last rehearsal cost (seconds).
        self._rules = ThreadPoolExecutor(RULES_THREADS, thread_name_prefix="ludotheque-rules")
        self._cost: dict[str, float] = {}
        #: The events waiting for the writer (``_append``), and whether it is writing some.
        self._appending: list[tuple[str, Sequence[Event], Callable[[], None],
                                    asyncio.Future[None]]] = []
        self._flushing = False
        #: Where processes share the database (``shared``): what they tell each other, and
        #: the last event this process has written (or is writing) at each table, whose
        #: notification is its own.
        self._bus: Bus | None = None
        self._wrote: dict[str, int] = {}
        #: The tables whose computer seat this process has claimed (``_claimed``).
        self._claims: set[str] = set()
        #: The lobby's listing read from a shared database, and when (``listed``).
        self._listing: tuple[float, tuple[list[Line], int, list[Over]]] | None = None
        #: Who is at each table at the other processes (by each one's name: the seats it has
        #: pages for, its spectators, and when it said so), and what this one, named
        #: ``_me``, said last of each table.
        self._elsewhere: dict[str, dict[str, tuple[set[int], int, float]]] = {}
        self._me = secrets.token_hex(6)
        self._said_present: dict[str, str] = {}
        #: The last word of another process's computer player thinking at each table.
        self._thought_elsewhere: dict[str, dict[str, Any]] = {}
        for row, events in store.tables():
            self._take_up(_rebuilt(row, events))
        for row, end in store.ended():
            if isinstance(row, UnreadableRow):
                self._broken[row.id] = in_each_language(partial(stopped_sentence, 0,
                                                                row.reason))
            else:
                self.over[row.id] = Over.of(row, end[-1])

    def _take_up(self, rebuilt: GameTable | TableFault) -> None:
        """Hold a table set up again from the database, or record what stopped it."""
        if isinstance(rebuilt, GameTable):
            self._add(rebuilt)
            return
        _log.error("table %s cannot be set up again: %s", rebuilt.table_id, rebuilt.reason,
                   exc_info=rebuilt.error)
        self._broken[rebuilt.table_id] = in_each_language(partial(stopped_sentence, 0,
                                                                  rebuilt.reason))

    @property
    def broken(self) -> dict[str, str]:
        """The tables that cannot even be set up again, each with what stopped it, in the
        reader's language."""
        return {table_id: told[language()] for table_id, told in self._broken.items()}

    def pool(self, table: GameTable) -> Executor:
        """Where ``table``'s computer players think (started here, on the event loop's
        thread, which the workers are bound to: ``computer.bound_to``)."""
        if not any(is_person(kind) for kind in table.kinds):
            if self._background is None:
                self._background = worker_pool(1)
            return self._background
        if table.game.continuous:
            # A shot planner simulates its candidates for a second or more a shot.
            if self._shot_pool is None:
                self._shot_pool = worker_pool(self.shot_workers)
            return self._shot_pool
        if self._pool is None:
            self._pool = worker_pool(self.workers)
        return self._pool

    def _renew(self, broken: Executor) -> None:
        """Drop a pool a worker's death broke: the next decision starts another, so that one
        table's player leaves no other table without its own."""
        broken.shutdown(wait=False, cancel_futures=True)
        for name in ("_pool", "_shot_pool", "_background", "_preview_pool", "_hint_pool"):
            if getattr(self, name) is broken:
                setattr(self, name, None)

    def _add(self, table: GameTable) -> None:
        self.tables[table.id] = table
        now = self.clock()
        # Nobody is at a table the server has just opened: every person is away from now.
        self._away[table.id] = [now if is_person(k) else None for k in table.kinds]
        self._arrived[table.id] = {e.seat for e in table.events if e.kind == MOVE
                                   and e.seat >= 0}

    def _retire(self, table: GameTable) -> None:
        """A table over leaves play, and memory but for a few kept: a line in the lobby."""
        self.tables.pop(table.id, None)
        self._opened_by.pop(table.id, None)
        self._cost.pop(table.id, None)
        self._wrote.pop(table.id, None)
        if not self._listeners.get(table.id):
            self._unlisten(table.id)  # nothing follows a table's end but what pages hear
        self.over[table.id] = Over(table.id, table.game.info.title,
                                   table.stopped or table.results(), table.stopped is not None,
                                   table.events[-1].at if table.events else self.clock())
        self._keep(table)

    def _keep(self, table: GameTable) -> None:
        """Keep a table over among the few last asked for; those it pushes out, nobody
        watching, leave memory whole."""
        self._kept[table.id] = table
        self._kept.move_to_end(table.id)
        while len(self._kept) > KEPT:
            gone, _ = self._kept.popitem(last=False)
            if not self._listeners.get(gone):
                self._forget(gone)

    def _unlisten(self, table_id: str) -> None:
        if self._bus is not None:
            self._spawn(self._bus.unlisten(table_id))

    def _forget(self, table_id: str) -> None:
        """Everything held of a table over that has left memory."""
        self._unlisten(table_id)
        for held in (self._listeners, self._locks, self._away, self._announcing,
                     self._arrived, self._talk, self._next, self._elsewhere,
                     self._said_present, self._thought_elsewhere):
            held.pop(table_id, None)
        for allowance in [k for k in self._allowances if k[1] == table_id]:
            del self._allowances[allowance]

    async def start(self) -> None:
        """Carry every unfinished table on: chance due, and computer players to move; end
        those whose stored log no longer plays, or whose position cannot be shown. Where
        processes share the database, hear the others' events at every table held here."""
        if self.store.shared:
            url = self.store.engine.url.render_as_string(hide_password=False)
            self._bus = await Bus.open(url, self._written, self._heard_again)
            await self._bus.listen(*self.tables)
            self._spawn(self._claiming())
        for table in list(self.tables.values()):
            async with self._locks[table.id]:
                await self._resume(table)
        await self.sweep()
        self._spawn(self._sweeping())

    async def _resume(self, table: GameTable) -> None:
        """Carry on a table read from the database (lock held): chance due and computer
        players; ended where its log no longer plays, or its end was never written."""
        if table.fault is not None:
            self._logged(table.fault)
            if not table.is_over():
                await self._stop(table, table.fault)
        if table.is_over():
            # Over before its end was written (a log of an earlier version): written now, so
            # that the next start does not play it again.
            if table.stopped is None:
                await self._adopt(table, table.ended())
            self._retire(table)
            return
        await self._settle(table)

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` on the loop, cancelled when the service closes."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _sweeping(self) -> None:
        """Sweep again and again: a table left alone is ended within a tenth of its time."""
        while True:
            await asyncio.sleep(min(self.abandon_after / 10, 3600.0))
            await self.sweep()

    async def sweep(self) -> None:
        """End as abandoned every table with no move for :attr:`abandon_after`: it leaves
        play and memory, its record holding the game as it stood."""
        idle = f"no move for {_duration(self.abandon_after)}"
        for table in list(self.tables.values()):
            if self.clock() - self.last_move(table) < self.abandon_after:
                continue
            async with self._locks[table.id]:
                if self._bus is not None:  # played on in another process meanwhile?
                    await self._caught_up(table)
                if table.id in self.tables and self.clock() - self.last_move(table) >= \
                        self.abandon_after:  # not ended, nor played, meanwhile
                    try:
                        await self._adopt(table, table.abandon(idle, self.clock()))
                    except Taken:
                        if self._bus is None:
                            raise
                        await self._caught_up(table)  # another process ended it first

    def last_move(self, table: GameTable) -> float:
        """When anything last happened at ``table``: its last event, or its creation."""
        return table.events[-1].at if table.events else table.row.created

    async def listed(self) -> tuple[list[Line], int, list[Over]]:
        """What the lobby lists, the latest first: the tables in play with a move in the last
        :attr:`hide_after` (the others' links still work), at most :data:`LISTED` of how many,
        and the :data:`LISTED_OVER` tables over. Where processes share the database, read
        from it: every process's tables, as its log has them."""
        since = self.clock() - self.hide_after
        if self._bus is None:
            playing = [table for table in reversed(list(self.tables.values()))
                       if self.last_move(table) > since]
            over = sorted(self.over.values(), key=lambda over: over.at, reverse=True)
            return ([Line(t.id, t.game, tuple(t.kinds),
                          sum(e.kind == MOVE and e.seat >= 0 for e in t.events),
                          t.row.created, self.last_move(t)) for t in playing[:LISTED]],
                    len(playing), over[:LISTED_OVER])
        if self._listing is not None and time.monotonic() - self._listing[0] < LISTING_KEPT:
            return self._listing[1]  # a lobby reloaded in a loop reads the database once
        loop = asyncio.get_running_loop()
        count, rows = await loop.run_in_executor(None, self.store.listed, since, LISTED)
        ended = await loop.run_in_executor(None, self.store.last_ended, LISTED_OVER)
        lines = [Line(row.id, load_game(row.game, **row.options), kinds, moves, row.created,
                      last) for row, kinds, moves, last in rows if row.game in games()]
        listing = (lines, count, [Over.of(row, end) for row, end in ended
                                  if isinstance(row, TableRow)])
        self._listing = (time.monotonic(), listing)
        return listing

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        for thinking in self._thinking.values():  # a thought cancelled before it began
            thinking[3].close()
        self._writer.shutdown(wait=True)
        if self._bus is not None:
            await self._bus.close()
        self._rules.shutdown(wait=False, cancel_futures=True)
        for pool in (self._pool, self._shot_pool, self._background, self._preview_pool,
                     self._hint_pool):
            if pool is not None:
                pool.shutdown(wait=False, cancel_futures=True)
        self.store.close()

    # --- creating and joining ----------------------------------------------------------------

    async def create(
        self, game: str, options: dict[str, Any], kinds: Sequence[str], client: str = "",
        settings: dict[str, Any] | None = None, creator: int | None = None,
    ) -> tuple[str, dict[int, str]]:
        """A new table: its id and the key of each person's seat. The ``creator``'s seat (by
        default the first person's) has the key the others derive from, and is shown their
        links. ``client``, the address asking, may have :data:`PER_ADDRESS_TABLES` tables in
        play at once; ``settings`` are the table's (``server.settings``), the defaults where
        none is given."""
        # Seeded, ids are drawn too, but not where processes share the database: each would
        # draw the same (a table's chance is still drawn from its id and the seed).
        table_id = (secrets.token_urlsafe(9) if self._seed is None or self.store.shared else
                    base64.urlsafe_b64encode(self.rng.getrandbits(72).to_bytes(9, "big")).decode())
        loaded = self._set_up(table_id, lambda: load_game(game, **options))
        settings = read_settings(settings or {}, loaded.continuous)
        # Only tables in play count, each held in memory: those over, and those abandoned for
        # a week, leave room; and no one address takes more than its share of it.
        if len(self.tables) >= self.max_playing:
            raise LudothequeError(_(
                "this server has {count} tables in play, the most it keeps; a new one may be "
                "opened once some have ended.", count=decimal(self.max_playing, ",")))
        if client and list(self._opened_by.values()).count(client) >= PER_ADDRESS_TABLES:
            raise LudothequeError(_(
                "this address has {count} tables in play, the most one may have; finish one, "
                "or let one be abandoned, to open another.", count=PER_ADDRESS_TABLES))
        if len(kinds) != loaded.num_players():
            raise OptionError(_("{game} here has {seats} seats, not {count}.", game=loaded.name,
                                seats=loaded.num_players(), count=len(kinds)))
        for kind in kinds:
            if not is_person(kind):
                make_agent(kind, seed=0, game=loaded)  # a bad kind is one sentence now
        people = [seat for seat, kind in enumerate(kinds) if is_person(kind)]
        if creator is None:
            creator = people[0] if people else None
        elif creator not in people:
            raise OptionError(_("the creator's seat, {seat}, is not a person's.", seat=creator))
        root = secrets.token_urlsafe(24)
        keys = {seat: root if seat == creator else derived_key(root, table_id, seat)
                for seat in people}
        row = TableRow(table_id, loaded.name, dict(loaded.options), tuple(kinds),
                       tuple(digest(keys[s]) if s in keys else "" for s in range(len(kinds))),
                       self.clock(), settings, creator)
        table = self._set_up(table_id, lambda: GameTable(row))
        if table.fault is not None:
            self._logged(table.fault)
            raise LudothequeError(_(SET_UP))
        await self._write(self.store.create, row)
        self._add(table)
        self._opened_by[table_id] = client
        if self._bus is not None:
            await self._bus.listen(table_id)
        async with self._locks[table_id]:
            await self._settle(table)
        return table_id, keys

    def _set_up(self, table_id: str, made: Callable[[], T]) -> T:
        """What ``made`` makes of the new table ``table_id``; the rules' refusal as it is,
        anything else they raise logged and one sentence."""
        try:
            return made()
        except LudothequeError:
            raise
        except Exception as error:
            self._logged(TableFault(table_id, 0, error))
            raise LudothequeError(_(SET_UP)) from None

    def seat_of(self, table_id: str, key: str | None) -> int | None:
        """The seat ``key`` opens at the table (None: no key, a spectator); a key that opens
        none is one sentence."""
        table = self.table(table_id)
        if key is None:
            return None
        found = digest(key)
        for seat, kept in enumerate(table.row.keys):
            if kept and hmac.compare_digest(kept, found):
                return seat
        raise UnknownKey(_("this seat link is not one of this table's; ask whoever created the "
                           "table for yours, or watch without one."))

    async def invites(self, table_id: str, seat: int, key: str, base: str | None
                      ) -> list[dict[str, Any]]:
        """The other people's seats, for the creator alone: each seat's number, name and key,
        and, where links have a ``base``, its link and the link's QR code; the spectators'
        link last (its ``seat`` None)."""
        table = self.table(table_id)
        if seat != table.creator:
            return []
        shared: list[dict[str, Any]] = []
        for other, kind in enumerate(table.row.seats):
            if other == seat or not is_person(kind):
                continue
            their = derived_key(key, table_id, other)
            invite: dict[str, Any] = {"seat": other, "name": table.seat_name(other),
                                      "key": their}
            if base is not None:
                invite["link"] = seat_link(base, table_id, their)
            shared.append(invite)
        if base is not None:
            shared.append({"seat": None, "name": None, "link": table_link(base, table_id)})
            codes = await self._codes([invite["link"] for invite in shared])
            for invite, code in zip(shared, codes, strict=True):
                invite["qr"] = code
        return shared

    async def _codes(self, links: list[str]) -> list[str]:
        """The QR codes of ``links``, drawn in a thread of the rules' (about 8 ms each: on the
        loop, a thousand tables opened at once held every other table up for seconds)."""
        return await asyncio.get_running_loop().run_in_executor(
            self._rules, lambda: [qr(link) for link in links])

    async def own_link(self, table_id: str, listener: Listener) -> dict[str, Any]:
        """A seat's own link and its QR code, to go on playing on another device."""
        assert listener.key is not None  # a seat's connection is opened by its key
        if listener.base is None:
            raise LudothequeError(_("this page did not say the address it was loaded from; "
                                    "open the table from a browser to get its link."))
        if listener.linked:
            raise LudothequeError(_("this page has been given its seat's link already."))
        listener.linked = True
        link = seat_link(listener.base, table_id, listener.key)
        return {"type": "link", "link": link, "qr": (await self._codes([link]))[0]}

    def table(self, table_id: str) -> GameTable:
        """The table ``table_id``: in play, or over and read back from the database."""
        if table_id in self.tables:
            return self.tables[table_id]
        if table_id in self._kept:
            self._kept.move_to_end(table_id)
            return self._kept[table_id]
        if table_id in self.over:
            stored = self.store.table(table_id)
            if stored is not None and isinstance(stored[0], TableRow):
                table = GameTable(stored[0], stored[1])
                self._away.setdefault(table_id, [None] * len(table.kinds))
                self._keep(table)
                return table
        if table_id in self._broken:
            raise LudothequeError(_("table {table} was {stopped}; it cannot be shown.",
                                    table=table_id, stopped=self.broken[table_id]))
        raise LudothequeError(_("there is no table {table} here.", table=quoted(table_id)))

    def join(self, table_id: str, listener: Listener) -> None:
        """Start telling ``listener`` what happens at the table, from after its ``sent``."""
        table = self.table(table_id)
        self._listeners[table_id].append(listener)
        listener.sent = min(listener.sent, table.number)
        listener.send(table.frame(listener.seat, listener.sent, listener.language))
        listener.sent = table.number
        if listener.seat is not None:
            self._away[table_id][listener.seat] = None
            self._arrived.setdefault(table_id, set()).add(listener.seat)
        lines = self._heard(listener, self._lines(table_id))
        if lines:
            listener.send(self._talk_message(table, lines))
        if table_id in self._next:
            listener.send(self._follow(table_id, listener))
        if self._bus is not None and table_id in self.tables:
            # What another process wrote since ``current`` caught the table up, and before
            # this page was here to be told, is told now.
            self._spawn(self._catch_up(table))
        if table_id in self._thinking:
            listener.send(self._thinking_message(table_id))
        elif self._thought_elsewhere.get(table_id, {}).get("after") == table.number:
            listener.send(self._thought_elsewhere[table_id])
        self._presence(table, soon=listener.seat is not None)

    def _tell_thinking(self, table_id: str) -> None:
        """Tell the table's pages, here and at the processes sharing the database, that its
        computer player thinks, and how far it has got."""
        thinking = self._thinking_message(table_id)
        for listener in self._listeners.get(table_id, []):
            listener.send(thinking)
        if self._bus is not None:
            self._spawn(self._bus.tell([(table_id, THINKING + json.dumps(thinking))]))

    def _thinking_message(self, table_id: str) -> dict[str, Any]:
        """That a computer player is thinking at the table: its seat, the event it thinks
        after (its move will follow it), and for how long so far, in seconds."""
        seat, number, since, progress = self._thinking[table_id]
        told = {"type": "thinking", "seat": seat, "after": number,
                "for": round(self.clock() - since, 1)}
        share = progress.share()
        return told | {"done": round(share, 2)} if share else told

    def leave(self, table_id: str, listener: Listener) -> None:
        listeners = self._listeners.get(table_id, [])
        if listener in listeners:
            listeners.remove(listener)
        table = self.tables.get(table_id)
        if table is None:  # over: nobody is left waiting for anyone
            if not listeners:
                if table_id not in self._kept:
                    self._forget(table_id)  # pushed out of memory while someone watched
                else:
                    self._unlisten(table_id)  # what pages hear is heard for nobody now
            return
        seat = listener.seat
        if seat is not None and not any(other.seat == seat for other in listeners):
            self._away[table_id][seat] = self.clock()
            loop = asyncio.get_running_loop()
            # Once he has been gone long enough, the others are told they may hand his seat on.
            loop.call_later(self.hand_over_after + 0.05, self._presence, table)
        self._presence(table, soon=seat is not None)

    def _presence(self, table: GameTable, soon: bool = True) -> None:
        """Tell the table who is there, before long: within :data:`PRESENCE_SOON` of a seat's
        coming or going, at most every :data:`SPECTATORS_EVERY` for spectators alone."""
        loop = asyncio.get_running_loop()
        delay = PRESENCE_SOON if soon else SPECTATORS_EVERY
        pending = self._announcing.get(table.id)
        if pending is not None:
            if pending.when() <= loop.time() + delay:
                return  # already on its way
            pending.cancel()
        self._announcing[table.id] = loop.call_later(delay, self._announce, table)

    def _announce(self, table: GameTable) -> None:
        self._announcing.pop(table.id, None)
        if table.id not in self._away:
            return  # over and out of memory meanwhile (a seat's hand-over time came after)
        listeners = self._listeners.get(table.id, [])
        here = {x.seat for x in listeners if x.seat is not None}
        spectators = sum(x.seat is None for x in listeners)
        self._say_present(table.id, here, spectators)
        there, watching = self._there(table.id)
        present = [s in here or s in there for s in range(len(table.kinds))]
        now = self.clock()
        away = self._away[table.id]
        gone = [s for s, since in enumerate(away)
                if since is not None and is_person(table.kinds[s]) and not present[s]
                and now - since >= self.hand_over_after and not table.is_over()]
        arrived = self._arrived.get(table.id, set()) | there
        watched = {"type": "presence", "present": present,
                   "arrived": [s in arrived for s in range(len(table.kinds))],
                   "spectators": spectators + watching}
        # A spectator hands no seat on: he is told who is there and how many watch.
        seated = watched | {"may_hand_over": gone}
        for listener in listeners:
            listener.send(watched if listener.seat is None else seated)

    # --- what a seat asks ----------------------------------------------------------------------

    async def move(self, table_id: str, seat: int, move: str, move_id: str) -> None:
        """Play ``seat``'s ``move``; one already played under ``move_id`` is acknowledged
        again, not played twice. An illegal one raises (one sentence) and writes nothing."""
        table = self.table(table_id)
        async with self._locks[table_id]:
            if table.acknowledged(seat, move_id) is None:
                if not is_person(table.kinds[seat]):
                    raise IllegalMoveError(_(
                        "{seat}'s seat is played by the computer now; take it back first.",
                        seat=table.game.seat_called(seat)))
                await self._commit(table, lambda: table.decide(seat, move, self._chance(table),
                                                               move_id, self.clock()),
                                   lambda: table.acknowledged(seat, move_id) is not None)

    async def take_back(self, table_id: str, seat: int, move_id: str) -> None:
        table = self.table(table_id)
        async with self._locks[table_id]:
            if table.acknowledged(seat, move_id) is None:
                await self._commit(table, lambda: table.take_back(seat, move_id, self.clock()),
                                   lambda: table.acknowledged(seat, move_id) is not None)

    async def hand_over(self, table_id: str, by: int, seat: int) -> None:
        """``by`` hands ``seat``, whose person has gone, to the computer."""
        table = self.table(table_id)
        if not 0 <= seat < len(table.kinds):
            raise IllegalMoveError(_("the seats are numbered 0 to {last}, not {seat}.",
                                     last=len(table.kinds) - 1, seat=seat))
        async with self._locks[table_id]:
            since = self._away[table_id][seat]
            name = table.game.seat_called(seat)
            if not is_person(table.kinds[seat]):
                raise IllegalMoveError(_("{seat}'s seat is already played by the computer.",
                                         seat=name))
            if (seat == by or since is None or self.clock() - since < self.hand_over_after
                    or seat in self._there(table_id)[0]):  # he plays through another process
                after = self.hand_over_after
                raise IllegalMoveError(
                    _("{seat}'s seat may be handed to the computer only once its player has "
                      "been gone {seconds} second.", seat=name, seconds=decimal(after))
                    if after == 1 else
                    _("{seat}'s seat may be handed to the computer only once its player has "
                      "been gone {seconds} seconds.", seat=name, seconds=decimal(after)))
            kind = stand_in(table.game.manifest)
            await self._commit(table, lambda: table.hand_over(seat, kind, self.clock()))

    async def take_seat(self, table_id: str, seat: int) -> None:
        """The person whose seat the computer played takes it back."""
        table = self.table(table_id)
        async with self._locks[table_id]:
            await self._commit(table, lambda: table.hand_over(seat, PERSON, self.clock()))

    def ask(self, table_id: str, seat: int | None, question: str) -> dict[str, Any]:
        """What ``?`` answers on a table's page, as the seat may know it (never a file
        written here: a question that writes one is the terminal's)."""
        table = self.table(table_id)
        # Asked about his position, a seat is answered in a world his view allows; where
        # hands are hidden, anyone else about the game alone.
        try:
            state: State | None = table.state
            if seat is not None and table.to_act() == seat:
                state = table.world()
            elif not table.game.info.perfect_information:
                state = None
            told = answer(table.game, question, state, terminal=False)
        except LudothequeError:
            raise
        except Exception as error:  # the rules' fault, not the question's
            self._logged(TableFault(table_id, table.number, error))
            raise LudothequeError(_("the server could not answer this: its rules met a fault, "
                                    "now in the server's log; the table is kept as it was.")
                                  ) from None
        return {"type": "answer", "text": told.text, "markdown": told.markdown}

    # --- around the game: talk, settings, closing, playing again --------------------------------

    async def preview(self, table_id: str, seat: int, move: str) -> list[dict[str, Any]]:
        """Where ``seat``'s shot ``move``, being aimed, would leave the counters it moves with
        a steady hand (``State.rests``), at a table whose assist is on and at his turn. The
        move is read here, in the reader's language; the shot is played in the preview's
        worker, on a copy of the table."""
        table = self.table(table_id)
        if not table.row.settings.get("assist"):
            raise LudothequeError(_("the assist is off at this table; its creator may turn it "
                                    "on."))
        if table.is_over() or table.to_act() != seat:
            raise IllegalMoveError(_("a shot is previewed at its player's turn only."))
        state = table.state.clone()
        action = state.string_to_action(move)
        return await self._helped(
            "_preview_pool", f"table {table_id}: a preview of {quoted(move)}",
            N_("the preview could not be worked out; aim again."),
            partial(rests, state, action, language()))

    async def _helped(self, pool_name: str, what: str, failed: str,
                      work: Callable[[], T]) -> T:
        """``work``, a person's help at his turn (a preview, a hint), done in the worker pool
        named ``pool_name``, started when first needed and anew if it breaks: a refusal comes
        back as it is; any other fault is logged as ``what`` failing and told as ``failed``."""
        pool = getattr(self, pool_name)
        if pool is None:
            pool = worker_pool(1)
            setattr(self, pool_name, pool)
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, work)
        except LudothequeError:
            raise
        except Exception as error:
            _log.error("%s failed", what, exc_info=error)
            if isinstance(error, BrokenExecutor):
                self._renew(pool)
            raise LudothequeError(_(failed)) from None

    async def hint(self, table_id: str, seat: int) -> dict[str, Any]:
        """A hint for ``seat`` at his turn (``agents.hint``), where the table allows hints,
        worked out in the hints' own worker from his view alone; everyone else at the table is
        told that he asked, never what he was told. A seat asks one at a time, at most
        :data:`HINT_RATE`, and at most :data:`HINTS_WAITING` wait in the server at once (the
        rule set's hint player is checked here as well, so that nobody is told of a hint that
        cannot be given)."""
        table = self.table(table_id)
        if not hints_allowed(table.row.settings, table.row.seats):
            raise LudothequeError(_("hints are off at this table; its creator may turn them on."))
        if table.is_over() or table.to_act() != seat:
            raise LudothequeError(_("a hint is asked at one's own turn."))
        if not table.game.manifest.has("hint"):
            raise LudothequeError(_("{game} has no computer player to give a hint.",
                                    game=table.game.name))
        if (table_id, seat) in self._hinting:
            raise LudothequeError(_("a hint is being worked out for you already."))
        if len(self._hinting) >= HINTS_WAITING:
            raise LudothequeError(_("the server is working out other hints; ask again in a "
                                    "moment."))
        if not self._allows("hint", table_id, seat, HINT_RATE):
            raise LudothequeError(_("too many hints: a seat asks for at most {count} at once, "
                                    "then one every {seconds} seconds.", count=HINT_RATE[0],
                                    seconds=decimal(1 / HINT_RATE[1])))
        state, after = table.state, table.number
        # Only his view and his moves go to the worker, never the table.
        work = partial(advised, table.game, seat, state.observation(seat),
                       state.legal_actions(), language())
        self._hinting.add((table_id, seat))
        for listener in self._listeners[table_id]:
            if listener.seat != seat:
                listener.send({"type": "hinted", "seat": seat, "name": table.seat_name(seat)})
        try:
            told = await self._helped(
                "_hint_pool", f"table {table_id}: a hint for seat {seat}",
                N_("the hint could not be worked out; the table is kept as it was."), work)
            # The event it was worked out after: a page shows it only while that is the last.
            return {**told, "after": after}
        finally:
            self._hinting.discard((table_id, seat))

    @staticmethod
    def _heard(listener: Listener, lines: Sequence[Said]) -> list[Said]:
        """The lines ``listener`` is told: a seat all, a spectator those said while the
        table let spectators read them."""
        return list(lines) if listener.seat is not None else [s for s in lines if s.public]

    def _lines(self, table_id: str) -> deque[Said]:
        """The table's last lines of talk, read from the database the first time."""
        if table_id not in self._talk:
            self._talk[table_id] = deque(self.store.talk(table_id, TALK_SHOWN),
                                         maxlen=TALK_SHOWN)
        return self._talk[table_id]

    @staticmethod
    def _talk_message(table: GameTable, lines: Sequence[Said]) -> dict[str, Any]:
        return {"type": "talk", "lines": [
            {"n": said.number, "seat": said.seat, "name": table.seat_name(said.seat),
             "text": said.text, "at": said.at} for said in lines]}

    async def say(self, table_id: str, seat: int, text: str) -> None:
        """``seat`` says ``text`` to the table: written apart from the game's events, then
        told to everyone who reads the table's talk. Text only: the pages show it as such."""
        table = self.table(table_id)
        # Control characters (a terminal's escapes, a line break) are not talk: spaces.
        line = " ".join("".join(c if c.isprintable() else " " for c in text).split())
        if not line:
            raise LudothequeError(_("say something: this line is empty."))
        if len(line) > SAY_MOST:
            raise LudothequeError(_("a line of talk is at most {most} characters; this one has "
                                    "{count}.", most=SAY_MOST, count=len(line)))
        if not self._allows("say", table_id, seat):
            raise LudothequeError(_("too much talk: a seat says at most {count} lines at once, "
                                    "then one every {seconds} seconds.", count=TALK_RATE[0],
                                    seconds=decimal(1 / TALK_RATE[1])))
        async with self._locks[table_id]:
            if not table.row.settings.get("talk", True):
                raise LudothequeError(_("talk is turned off at this table."))
            lines = self._lines(table_id)
            while True:
                said = Said(lines[-1].number + 1 if lines else 1, seat, line, self.clock(),
                            bool(table.row.settings.get("spectators_read")))
                try:
                    await self._write(self.store.say, table_id, said)
                    break
                except Taken:
                    if self._bus is None:
                        raise
                    await self._talk_read(table)  # said at another process first: then this
            lines.append(said)
            self._tell_talk(table, [said])

    def _tell_talk(self, table: GameTable, lines: Sequence[Said]) -> None:
        """Tell ``lines`` of talk to everyone at the table who reads them."""
        for listener in self._listeners[table.id]:
            heard = self._heard(listener, lines)
            if heard:
                listener.send(self._talk_message(table, heard))

    async def _talk_read(self, table: GameTable) -> None:
        """Read and tell the lines said at the table through another process sharing the
        database, since the last known here (lock held)."""
        lines = self._lines(table.id)
        known = lines[-1].number if lines else 0
        said = await asyncio.get_running_loop().run_in_executor(
            None, self.store.talk, table.id, TALK_SHOWN)
        new = [line for line in said if line.number > known]
        lines.extend(new)
        self._tell_talk(table, new)

    async def settle_table(self, table_id: str, seat: int, name: str, value: Any) -> None:
        """The creator changes one of the table's settings: written, if it changes, then told
        to everyone."""
        table = self.table(table_id)
        if seat != table.creator:
            raise LudothequeError(_("only the table's creator changes its settings."))
        async with self._locks[table_id]:
            before = table.row.settings
            settings = read_settings({**before, name: value}, table.game.continuous)
            if settings == before:
                return  # nothing changes: nothing is written
            if not self._allows("settle", table_id, seat):
                raise LudothequeError(_("the table's settings change at most {count} times at "
                                        "once, then once every {seconds} seconds.",
                                        count=TALK_RATE[0], seconds=decimal(1 / TALK_RATE[1])))
            await self._write(self.store.settle, table_id, settings, self.clock())
            self._settled(table, settings)

    def _settled(self, table: GameTable, settings: dict[str, Any]) -> None:
        """The table's settings are ``settings`` from now on: everyone is told."""
        table.row = replace(table.row, settings=settings)
        # Spectators let read the talk read what is said from now on, not what was said before.
        for listener in self._listeners[table.id]:
            listener.send({"type": "settings", "settings": settings, "told": told(settings),
                           "hints": hints_allowed(settings, table.row.seats)})

    async def _settings_read(self, table: GameTable) -> None:
        """Take the settings another process sharing the database wrote."""
        async with self._locks[table.id]:
            settings = await asyncio.get_running_loop().run_in_executor(
                None, self.store.settings, table.id)
            if settings != table.row.settings:
                self._settled(table, settings)

    def _allows(self, what: str, table_id: str, seat: int,
                rate: tuple[int, float] = TALK_RATE) -> bool:
        """Whether ``seat`` may do ``what`` again now, at ``rate`` (a burst, then so many a
        second)."""
        key = (what, table_id, seat)
        flood = self._allowances.setdefault(key, Flood(time.monotonic(), *rate))
        return flood.allows(time.monotonic())

    async def close_table(self, table_id: str, seat: int) -> None:
        """The creator closes his table: it ends as abandoned, its record kept."""
        table = self.table(table_id)
        if seat != table.creator:
            raise LudothequeError(_("only the table's creator closes it."))
        async with self._locks[table_id]:
            if table.is_over():
                raise LudothequeError(_("this table is over already."))
            await self._adopt(table, table.abandon(CLOSED, self.clock()))

    async def again(self, table_id: str, seat: int, client: str = "",
                    may_open: Callable[[], None] = lambda: None) -> None:
        """Open the next table after a finished game: the same rule set, options, settings,
        seats and creator, the first seat passing on where the first seat begins
        (``Manifest.drawn_first`` false); every page at the table is offered to follow, each
        person to his own seat. Asked again, the same next table is offered again.
        ``may_open`` raises where ``client`` may not open another table now."""
        table = await self.current(table_id)  # its end maybe written by another process
        if not table.is_over() or table.stopped is not None:
            raise LudothequeError(_("a table is played again once its game has ended by its "
                                    "rules (not closed, abandoned or stopped)."))
        async with self._locks[table_id]:
            if table_id not in self._next:
                may_open()
                seats = list(table.row.seats)
                count = len(seats)
                turn = 0 if table.game.manifest.drawn_first else 1
                kinds = seats[turn:] + seats[:turn]  # the seat that was second is first now
                creator = table.creator
                new_id, keys = await self.create(
                    table.game.name, dict(table.game.options), kinds, client,
                    dict(table.row.settings),
                    None if creator is None else (creator - turn) % count)
                self._next[table_id] = (new_id, {
                    old: ((old - turn) % count, keys[(old - turn) % count])
                    for old in range(count) if (old - turn) % count in keys})
                if self._bus is not None:
                    # The pages at other processes are offered it too: the seats' keys travel
                    # in the notice (never written in the database, which keeps digests).
                    await self._bus.tell([(table_id, AGAIN + json.dumps(self._next[table_id]))])
        self._offer_next(table_id)

    def _offer_next(self, table_id: str) -> None:
        for listener in self._listeners[table_id]:
            listener.send(self._follow(table_id, listener))

    def _follow(self, table_id: str, listener: Listener) -> dict[str, Any]:
        """The offer to follow to the next table: a seat's person with his key there."""
        new_id, seated = self._next[table_id]
        follow: dict[str, Any] = {"type": "again", "table": new_id}
        if listener.seat is not None and listener.seat in seated:
            # His seat there: the same, or the one before where seats turn.
            seat, follow["key"] = seated[listener.seat]
            # Named as here: the next table plays the same game (and may be another
            # process's, not held here).
            follow["seat_name"] = self.table(table_id).seat_name(seat)
        return follow

    # --- events: written, played, told -------------------------------------------------------

    async def _write(self, function: Callable[..., None], *args: Any) -> None:
        await asyncio.get_running_loop().run_in_executor(self._writer, function, *args)

    async def _append(self, table_id: str, events: Sequence[Event],
                      then: Callable[[], None] = lambda: None) -> None:
        """Write ``events`` at the end of the table's log, then do ``then`` (take them): with
        those of every other table that come meanwhile, in one transaction
        (``Store.append_all``), once the database's writer is free. Moves at many tables thus
        share a commit, and a commit's wait for the disk; at one table, whose lock is held,
        they are written one after another. Events written are taken even where whoever
        waits for them is gone meanwhile (his page let go): the table stays its log."""
        waiting = asyncio.get_running_loop().create_future()
        self._appending.append((table_id, events, then, waiting))
        if len(self._appending) == 1 and not self._flushing:
            self._spawn(self._flush())
        await waiting

    async def _flush(self) -> None:
        """Write what waits to be appended, batch after batch, until nothing waits."""
        self._flushing = True
        try:
            while self._appending:
                batch, self._appending = self._appending, []
                for table_id, events, _, _ in batch:
                    if events:
                        self._wrote[table_id] = events[-1].number
                try:
                    met = await asyncio.get_running_loop().run_in_executor(
                        self._writer, self.store.append_all, [(t, e) for t, e, _, _ in batch])
                except Exception as error:  # the writer itself gone: every one is told
                    met = [error] * len(batch)
                for (table_id, _, then, waiting), refused in zip(batch, met, strict=True):
                    if refused is not None:  # not this process's: its notice is another's
                        self._wrote.pop(table_id, None)
                    outcome = refused
                    if outcome is None:
                        try:
                            then()
                        except Exception as taking:
                            outcome = taking
                    if waiting.done():  # nobody waits any more: a fault is logged, not lost
                        if outcome is not None:
                            _log.error("table %s: events no page waits for any more met a "
                                       "fault", table_id, exc_info=outcome)
                        continue
                    if outcome is None:
                        waiting.set_result(None)
                    else:
                        waiting.set_exception(outcome)
        finally:
            self._flushing = False

    async def _commit(self, table: GameTable, decided: Callable[[], Ahead],
                      done: Callable[[], bool] = lambda: False) -> None:
        """Rehearse what a seat asked for (``decided``), write its events, take them and tell
        everyone; then chance and computers. A fault of the rules is logged, then raised for
        the seat: nothing is written. Where another process sharing the database was ahead
        at this table (its write refused, or what was asked refused), catch up and decide
        again, unless what was asked is ``done`` there already (the same move sent through
        both)."""
        while True:
            try:
                ahead = await self._rehearsed(table, decided)
            except TableFault as fault:
                self._logged(fault)
                raise
            except LudothequeError:
                # Refused here, maybe only as this process's table was behind (not his turn
                # yet): judged again on the table caught up.
                if self._bus is not None and await self._caught_up(table):
                    if done():
                        return
                    continue
                raise
            try:
                await self._adopt(table, ahead)
                break
            except Taken:
                if self._bus is None or not await self._caught_up(table):
                    raise  # written behind this server's back: the mover is told
                if done():
                    return
        await self._settle(table)

    # --- processes sharing the database (``shared``) ------------------------------------------

    async def current(self, table_id: str) -> GameTable:
        """The table ``table_id`` as the database has it now: where processes share it, read
        if this process never held it, or caught up if it did, and heard from now on."""
        if self._bus is not None and table_id not in self.over and table_id not in self._broken:
            table = self.tables.get(table_id)
            if table is None:
                await self._hold(table_id)
            table = self.tables.get(table_id)
            if table is not None:
                async with self._locks[table_id]:
                    await self._caught_up(table)
                    if table.id in self.tables:  # a computer or chance nobody plays now
                        await self._resume(table)
        return self.table(table_id)

    async def _hold(self, table_id: str) -> None:
        """Hold a table another process opened, as the database has it, and hear its events
        from now on (``current`` then catches up with any written between)."""
        assert self._bus is not None
        loop = asyncio.get_running_loop()
        stored = await loop.run_in_executor(None, self.store.table, table_id)
        if stored is None or table_id in self.tables:
            return  # no such table (table() says so), or held meanwhile
        row, events = stored
        if isinstance(row, TableRow) and events and events[-1].kind in ENDS:
            self.over[row.id] = Over.of(row, events[-1])
            return
        rebuilt = await loop.run_in_executor(
            self._rules, contextvars.copy_context().run, _rebuilt, row, events)
        if table_id not in self.tables:
            self._take_up(rebuilt)
            if table_id in self.tables:
                await self._bus.listen(table_id)

    def _written(self, table_id: str, notice: str) -> None:
        """What the table's channel was told (``server.shared``): its events up to a number
        are written (by another process: catch up, soon; this one's own are heard too, maybe
        before it has taken them, and where another process wrote first, this one's write is
        refused, and it catches up then), a line of talk or its settings, or who is at it at
        another process."""
        table = self.tables.get(table_id) or self._kept.get(table_id)  # over: pages may hear
        if table is None:
            return
        if notice.isdigit():
            # Caught up at once where pages here watch it; else when next asked (``current``,
            # a move, a claim), so that a table held with nobody here (its page loaded here,
            # its WebSocket at another process) is not played again at every move.
            if int(notice) > max(table.number, self._wrote.get(table_id, 0)) and \
                    self._listeners.get(table_id):
                self._spawn(self._catch_up(table))
        elif notice == TALK:
            self._spawn(self._talk_caught_up(table))
        elif notice == SETTINGS:
            self._spawn(self._settings_read(table))
        elif notice.startswith(THINKING):
            # Another process's computer player thinks at the table: its pages here are told.
            thinking = json.loads(notice.removeprefix(THINKING))
            if thinking["after"] >= table.number:  # not heard after the move it thought of
                self._thought_elsewhere[table_id] = thinking
                for listener in self._listeners.get(table_id, []):
                    listener.send(thinking)
        elif notice.startswith(AGAIN):
            new_id, seated = json.loads(notice.removeprefix(AGAIN))
            self._next[table_id] = (new_id, {int(old): (int(seat), key)
                                             for old, (seat, key) in seated.items()})
            self._offer_next(table_id)
        elif notice.startswith(PRESENCE):
            who, _, there = notice.removeprefix(PRESENCE).partition(":")
            if who != self._me:
                seats, spectators = json.loads(there)
                self._heard_present(table, who, {int(s) for s in seats}, int(spectators))

    def _heard_again(self) -> None:
        """The database, lost, is reached again: what was written meanwhile at the tables
        watched here was never heard, and is read now (the others, when next asked)."""
        for table_id, listeners in list(self._listeners.items()):
            if listeners and table_id in self.tables:
                self._spawn(self._catch_up(self.tables[table_id]))
        self._presence_again()

    def _say_present(self, table_id: str, seats: set[int], spectators: int) -> None:
        """Where processes share the database, tell the others who is at the table here,
        where it changed."""
        if self._bus is not None:
            notice = self._present_here(seats, spectators)
            if self._said_present.get(table_id) != notice:
                self._said_present[table_id] = notice
                self._spawn(self._bus.tell([(table_id, notice)]))

    def _present_here(self, seats: set[int], spectators: int) -> str:
        """This process's word on who is at a table: its ``seats`` and ``spectators``."""
        return f"{PRESENCE}{self._me}:{json.dumps([sorted(seats), spectators])}"

    def _there(self, table_id: str) -> tuple[set[int], int]:
        """The seats with a page at the table at other processes, and their spectators, as
        each said within :data:`PRESENCE_FORGOTTEN`."""
        heard = self._elsewhere.get(table_id, {}).values()
        fresh = [(seats, spectators) for seats, spectators, at in heard
                 if time.monotonic() - at < PRESENCE_FORGOTTEN]
        return ({seat for seats, _watching in fresh for seat in seats},
                sum(watching for _seats, watching in fresh))

    def _heard_present(self, table: GameTable, who: str, seats: set[int],
                       spectators: int) -> None:
        """Process ``who`` says ``seats`` and ``spectators`` are at the table there; a seat
        it had and has no more is away from now, unless it has a page here or elsewhere."""
        heard = self._elsewhere.setdefault(table.id, {})
        before = heard[who][0] if who in heard else set()
        heard[who] = (seats, spectators, time.monotonic())
        self._went(table, before - seats)
        self._presence(table)

    def _went(self, table: GameTable, seats: set[int]) -> None:
        """``seats`` had a page at another process, and have none there any more."""
        here = {x.seat for x in self._listeners.get(table.id, [])}
        for seat in seats - here - self._there(table.id)[0]:
            if table.id in self._away:
                self._away[table.id][seat] = self.clock()
                asyncio.get_running_loop().call_later(self.hand_over_after + 0.05,
                                                      self._presence, table)

    def _presence_again(self) -> None:
        """Say again who is at each table held here, and forget what processes that have
        not said it again for too long said (killed, most likely)."""
        now = time.monotonic()
        for table_id, heard in list(self._elsewhere.items()):
            table = self.tables.get(table_id)
            for who, (seats, _watching, at) in list(heard.items()):
                if now - at >= PRESENCE_FORGOTTEN:
                    del heard[who]
                    if table is not None:
                        self._went(table, seats)
                        self._presence(table)
        # Every table's in one statement: a thousand, one by one, held the loop a tenth of
        # a second every time, and their moves with it.
        told = [(table_id, self._present_here({x.seat for x in listeners if x.seat is not None},
                                              sum(x.seat is None for x in listeners)))
                for table_id, listeners in self._listeners.items()
                if listeners and table_id in self.tables]
        if told and self._bus is not None:
            self._said_present.update(told)
            self._spawn(self._bus.tell(told))

    async def _talk_caught_up(self, table: GameTable) -> None:
        async with self._locks[table.id]:
            await self._talk_read(table)

    async def _catch_up(self, table: GameTable, settle: bool = False) -> None:
        """Catch the table up; then chance and computers, where it moved (or ``settle``)."""
        async with self._locks[table.id]:
            with contextlib.suppress(TableFault):  # logged, and the table let go
                if (await self._caught_up(table) or settle) and table.id in self.tables:
                    await self._settle(table)

    async def _caught_up(self, table: GameTable) -> bool:
        """Take the events another process wrote at ``table`` since its last here, and tell
        them (lock held); whether there were any. Events that will not play here, as they did
        there, are a TableFault, logged, and the table is let go: the next page reads it
        whole."""
        events = await asyncio.get_running_loop().run_in_executor(
            None, self.store.after, table.id, table.number)
        if not events:
            return False
        try:
            ahead = await self._rehearsed(table, lambda: table.following(events))
        except TableFault as fault:
            self._logged(fault)
            self.tables.pop(table.id, None)
            raise
        self._taken(table, ahead)
        return True

    async def _claimed(self, table: GameTable) -> bool:
        """Whether this process is to think for the table's computer seat now (lock held):
        alone, always; sharing the database, once it holds the table's claim and the table,
        caught up, still waits for that computer (the claim is released once it has moved)."""
        if self._bus is None:
            return True
        # A claim is taken once here (PostgreSQL's stack): a thought finishing while another
        # coroutine settles the table must not start a second one.
        if table.id in self._claims or not await self._bus.claim(table.id):
            return False
        self._claims.add(table.id)
        try:
            if not await self._caught_up(table) or (table.id in self.tables
                                                     and table.computer_to_act() is not None):
                return True
        except BaseException:
            await self._release(table.id)
            raise
        await self._release(table.id)
        return False

    async def _release(self, table_id: str) -> None:
        assert self._bus is not None
        self._claims.discard(table_id)
        await self._bus.release(table_id)

    async def _claiming(self) -> None:
        """Take up the computer seats and chance that have waited too long at the tables held
        here: the process that played them may have died (``kill -9``), its claims with it."""
        said = time.monotonic()
        while True:
            await asyncio.sleep(ORPHANED_AFTER / 2)
            if time.monotonic() - said >= PRESENCE_AGAIN:
                said = time.monotonic()
                self._presence_again()
            now = self.clock()
            for table in list(self.tables.values()):
                waits = table.to_act() == CHANCE or table.computer_to_act() is not None
                if (waits and table.id not in self._thinking
                        and now - self.last_move(table) >= ORPHANED_AFTER
                        and not self._locks[table.id].locked()):
                    try:
                        await self._catch_up(table, settle=True)
                    except Exception:  # the database gone a while: the next round tries again
                        _log.exception("table %s could not be taken up", table.id)

    def _drawn(self, table: GameTable, *moment: object) -> random.Random:
        """What is drawn at ``table`` at ``moment`` is drawn from: on a seeded server, a
        generator of its own, seeded from the server's seed, the table's id and the moment, so
        that a table plays the same game whatever else the server plays meanwhile (and however
        many processes serve its database); else the system's entropy."""
        if self._seed is None:
            return self.rng
        return random.Random(":".join(map(str, (self._seed, table.id, *moment))))

    def _chance(self, table: GameTable) -> Chance:
        """How ``table``'s chance is drawn: the deal set in advance, where one is given; else
        each outcome from ``_drawn`` at its place in the game."""
        if self._dealt is not None:
            return self._dealt
        return lambda state: state.sample_chance(
            self._drawn(table, "chance", len(state.history())))

    async def _rehearsed(self, table: GameTable, work: Callable[[], T]) -> T:
        """What ``work`` rehearses at ``table`` (lock held): on the event loop where the
        table's moves are quick, in a thread of the rules' where its last took longer than
        :data:`HEAVY` (a tiddlywinks shot, Crypto géographique's worlds and best grouping), so
        that the loop goes on serving the other tables meanwhile; in the asker's language."""
        def timed() -> T:
            started = time.perf_counter()
            try:
                return work()
            finally:
                self._cost[table.id] = time.perf_counter() - started
        if self._cost.get(table.id, 0.0) <= HEAVY:
            return timed()
        return await asyncio.get_running_loop().run_in_executor(
            self._rules, contextvars.copy_context().run, timed)

    async def _adopt(self, table: GameTable, ahead: Ahead) -> None:
        """Write the events rehearsed, then take them and tell everyone."""
        await self._append(table.id, ahead.events, lambda: self._taken(table, ahead))

    def _taken(self, table: GameTable, ahead: Ahead) -> None:
        table.take(ahead)
        self._tell(table)
        if table.is_over():
            self._retire(table)

    def _logged(self, fault: TableFault) -> None:
        _log.error("table %s: a fault at event %d: %s", fault.table_id, fault.number,
                   fault.reason, exc_info=fault.error)

    async def _stop(self, table: GameTable, fault: TableFault) -> None:
        """End ``table`` as stopped by ``fault`` (logged already): one event, then it is over.
        A stop the database will not take still ends the table here, until the server starts
        again and meets the fault anew."""
        ahead = table.stop(fault, self.clock())
        try:
            await self._append(table.id, ahead.events)
        except Exception:
            _log.exception("table %s: its stop could not be written", table.id)
        table.take(ahead)
        self._tell(table)
        self._retire(table)

    def _tell(self, table: GameTable) -> None:
        for listener in self._listeners[table.id]:
            if listener.sent < table.number:
                listener.send(table.frame(listener.seat, listener.sent, listener.language))
                listener.sent = table.number

    async def _settle(self, table: GameTable) -> None:
        """Chance due now, then a computer player's turn, if either comes (lock held). A fault
        in chance stops the table: nobody's move is there to refuse."""
        try:
            due = await self._rehearsed(
                table, lambda: table.settle(self._chance(table), self.clock()))
        except TableFault as fault:
            self._logged(fault)
            await self._stop(table, fault)
            return
        if due is not None:
            try:
                await self._adopt(table, due)
            except Taken:  # another process sharing the database drew it first
                if self._bus is None or not await self._caught_up(table):
                    raise
                if table.id in self.tables:
                    await self._settle(table)
                return
        kind = table.computer_to_act()
        if kind is not None and table.id not in self._thinking and await self._claimed(table):
            kind = table.computer_to_act()
            assert kind is not None  # as claimed
            self._thinking[table.id] = (table.to_act(), table.number, self.clock(), Progress())
            self._tell_thinking(table.id)
            self._spawn(self._think(table, kind))

    async def _think(self, table: GameTable, kind: str) -> None:
        number, seat = table.number, table.to_act()
        move: str | None = None
        pool: Executor | None = None
        progress = self._thinking[table.id][3]
        watching = asyncio.get_running_loop().create_task(self._watch(table.id, progress))
        try:
            pool = self.pool(table)
            move = await asyncio.get_running_loop().run_in_executor(
                pool, choose, kind, self._drawn(table, "computer", number).random(),
                table.state.clone(), progress.path
            )
        except Exception as error:
            _log.error("table %s: the computer player %s failed at event %d", table.id, kind,
                       number + 1, exc_info=error)
            if isinstance(error, BrokenExecutor) and pool is not None:
                self._renew(pool)
        finally:
            watching.cancel()
            self._thinking.pop(table.id, None)
            progress.close()
        async with self._locks[table.id]:
            try:
                await self._moved(table, number, seat, kind, move)
            finally:
                if self._bus is not None:  # its move written (or not to be): unclaimed
                    await self._release(table.id)

    async def _moved(self, table: GameTable, number: int, seat: int, kind: str,
                     move: str | None) -> None:
        """Play the move the computer chose after event ``number`` (lock held)."""
        if table.number != number:  # a take-back or a seat handed on came first
            await self._settle(table)
            return
        try:
            await self._computer_moves(table, seat, kind, move)
        except Exception as error:
            if isinstance(error, Taken) and self._bus is not None:
                # Another process played this seat meanwhile: its move stands.
                if await self._caught_up(table) and table.id in self.tables:
                    await self._settle(table)
                return
            # Nothing the rules or the database raise here may leave a table waiting for
            # a computer that no longer thinks: it stops.
            fault = TableFault(table.id, table.number + 1, error)
            self._logged(fault)
            if not table.is_over():
                await self._stop(table, fault)

    async def _watch(self, table_id: str, progress: Progress) -> None:
        """While a computer player thinks at the table, tell its pages each second how far
        its search has got, where it has got further."""
        told = 0.0
        while True:
            await asyncio.sleep(1.0)
            share = round(progress.share(), 2)
            if share > told and table_id in self._thinking:
                told = share
                self._tell_thinking(table_id)

    async def _computer_moves(self, table: GameTable, seat: int, kind: str,
                              move: str | None) -> None:
        """The move the computer player chose, or, where it failed or chose one the table
        refuses, one at random this once; where even that faults, the table stops."""
        ahead: Ahead | None = None
        if move is not None:
            try:
                ahead = await self._rehearsed(table, lambda: table.decide(
                    seat, move, self._chance(table), None, self.clock()))
            except TableFault as fault:
                self._logged(fault)
            except LudothequeError as refusal:
                _log.error("table %s: the computer player %s chose %s, which the table "
                           "refuses: %s", table.id, kind, quoted(move), refusal)
        if ahead is None:
            try:
                ahead = table.at_random(seat, self._drawn(table, "at random", table.number),
                                        self._chance(table), self.clock())
            except TableFault as fault:
                self._logged(fault)
                await self._stop(table, fault)
                return
        await self._adopt(table, ahead)
        await self._settle(table)


def _rebuilt(row: TableRow | UnreadableRow, events: Sequence[Event]) -> GameTable | TableFault:
    """The table ``row`` played on by its ``events`` again, or what its row or its rules
    raised: that table's alone."""
    try:
        if isinstance(row, UnreadableRow):
            raise LudothequeError(row.reason)
        return GameTable(row, events)
    except Exception as error:  # whatever one table's row or rules raise
        return TableFault(row.id, 0, error)


def _duration(seconds: float) -> str:
    """A length of time in the largest unit that keeps it whole.

    >>> _duration(7 * 86_400), _duration(90), _duration(1)
    ('7 days', '90 seconds', '1 second')
    """
    for unit, length in (("day", 86_400), ("hour", 3_600), ("minute", 60)):
        if seconds >= length and seconds % length == 0:
            count = seconds // length
            return f"{count:g} {unit}{'' if count == 1 else 's'}"
    return f"{seconds:g} second{'' if seconds == 1 else 's'}"


def stand_in(declared: Manifest) -> str:
    """The computer player that takes a seat its person left, and that a new table offers
    first: the game's own at its quickest level, else its heuristic, else random."""
    if declared.players:
        return "easy"
    return "heuristic" if declared.has("heuristic") else "random"
