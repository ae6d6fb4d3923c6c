"""The server under load: N tables of Jacquet (or ``--game``) played over WebSockets on
loopback, against the same games played through the library directly, in one run.

    .venv/bin/python benchmarks/server.py [--tables 10 50 200] [--seconds 20]
        [--database sqlite postgresql] [--fsync] [--game jacquet]
        [--processes 1 2 4] [--kill-halfway | --affinity]

For each N, ``ludotheque serve`` runs in a process of its own over a fresh database (a SQLite
file, or a PostgreSQL server of its own on this machine, ``tests.server.postgresql``, its
commits forced to the disk with ``--fsync`` as a server in use has them, else not), and N
tables each seat two players in this process: each player, when its page is told it is to
play, picks a legal move at random and sends it, timing the round trip from the send to the
acknowledgement (the move judged, written to the database and shown to both seats). A table
whose game ends is replaced by a new one. After the bounded time, the database is read back:
every acknowledged move must be there once, and nothing else. The peer is the library alone:
the same random games through ``GameInPlay``, chance and moves, for the same time.

Each N is run twice: with players answering at once (``--pace 0``: a closed loop that
saturates the server and measures its capacity) and with players that take a tenth of a second
over a move, as a quick computer player does (the round trip is timed from the send, after
the thinking); ``--pace 2`` is a person's. Each thinking time is drawn between half the pace
and one and a half times it. The rate and the round trips are those of the run's second half,
or from when every table is open if later (``measured s``). The players are played by ``--drivers``
processes, each a share of the tables: one Python process cannot keep up with a thousand
tables' pages.

On PostgreSQL, ``--processes`` runs ``serve --processes N`` (N serving processes on one
address, ``server.processes``); ``--kill-halfway`` kills one of them with ``kill -9`` halfway
through, its pages coming back to the address (to whichever process takes them) from their
last event. Memory is the serving processes' resident set at the end (the tables opened are
their games' count and the tables still in play).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import re
import signal
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

import httpx
import websockets

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ludotheque import load_game  # noqa: E402
from ludotheque.play.table import GameInPlay  # noqa: E402
from ludotheque.server.processes import collecting_for_a_server  # noqa: E402
from ludotheque.server.store import MOVE, Store  # noqa: E402
from tests.server.helpers import LiveServer, invited  # noqa: E402
from tests.server.postgresql import Cluster  # noqa: E402


class Tally:
    def __init__(self) -> None:
        #: Each move's round trip, with when it was acknowledged.
        self.latencies: list[tuple[float, float]] = []
        self.acknowledged: dict[str, set[str]] = {}  # table: move ids
        self.games = 0
        self.reconnections = 0
        self.memory = 0  # the serving processes' resident set at the end, bytes
        self.cpu: dict[str, float] = {}  # processor seconds spent during the run, by whom
        self.opened = 0.0  # when the last of the first tables was open
        self.deadline = 0.0


@dataclass
class Player:
    """One seat's player: the last event it was told, and the moves it sent and awaits (id:
    when sent, and the move), which survive its connection."""

    key: str
    rng: random.Random
    after: int = 0
    sent: dict[str, tuple[float, str]] = field(default_factory=dict)
    count: int = 0


async def seat(url: str, table: str, player: Player, tally: Tally, deadline: float,
               pace: float) -> bool:
    """Play one seat until the game ends (True) or the time is up (False). A connection lost
    (its process killed) is opened again, from the last event the seat was told, and the move
    it awaited is sent again under its id: played once, however often it is sent."""
    while True:
        try:
            return await _seat(url, table, player, tally, deadline, pace)
        except (websockets.ConnectionClosed, OSError):
            tally.reconnections += 1
            await asyncio.sleep(0.05)


async def _seat(url: str, table: str, player: Player, tally: Tally, deadline: float,
                pace: float) -> bool:
    async with websockets.connect(f"{url}/t/{table}/ws", max_size=2**22) as socket:
        await socket.send(json.dumps({"type": "hello", "key": player.key,
                                      "after": player.after}))
        sent = player.sent
        for move_id, (_, move) in sent.items():
            await socket.send(json.dumps({"type": "move", "id": move_id, "move": move}))
        latest: dict = {}
        while True:
            # Waiting for the other seat, the time may run out with nothing more to come; a
            # move sent is waited for, however long: its acknowledgement is counted.
            left = None if sent else max(deadline - time.perf_counter(), 0.0)
            try:
                message = json.loads(await asyncio.wait_for(socket.recv(), left))
            except TimeoutError:
                return False
            kind = message["type"]
            if kind == "ack":
                if message["id"] in sent:
                    now = time.perf_counter()
                    tally.latencies.append((now, now - sent.pop(message["id"])[0]))
                    tally.acknowledged.setdefault(table, set()).add(message["id"])
            elif kind == "error":
                raise RuntimeError(message["message"])
            elif kind == "update":
                latest = message
                player.after = message["n"]
            else:
                continue
            # The update that follows a move comes before its acknowledgement: the next move
            # waits for both.
            if "result" in latest and not sent:
                return True
            if time.perf_counter() > deadline:
                if not sent:  # a move sent is waited for: its acknowledgement is counted
                    return False
                continue
            if latest.get("legal") and not sent:
                if pace:  # the player's thinking time, before the round trip is timed
                    # Drawn around the pace, as people's are: at exactly the pace, tables
                    # opened together would move together, in waves, for ever.
                    await asyncio.sleep(player.rng.uniform(0.5, 1.5) * pace)
                player.count += 1
                move_id = f"{player.key[:8]}-{player.count}"
                move = player.rng.choice(latest["legal"])
                sent[move_id] = (time.perf_counter(), move)
                await socket.send(json.dumps({"type": "move", "id": move_id, "move": move}))
                latest = {}


async def table_loop(url: str, game: str, number: int, tally: Tally,
                     deadline: float, pace: float) -> None:
    """Table after table, opened by a person at an address of his own (as the proxy in front
    says), each of his two seats played at ``pace``."""
    rng = random.Random(number)
    person = f"10.{number >> 16 & 255}.{number >> 8 & 255}.{number & 255}"
    # A thousand tables opened at once queue up at the server: each waits its turn.
    first = True
    async with httpx.AsyncClient(timeout=120) as client:
        while time.perf_counter() < deadline:
            response = await client.post(
                f"{url}/new/{game}", content=urlencode({"seat0": "human",
                                                                 "seat1": "human"}),
                headers={"content-type": "application/x-www-form-urlencoded",
                         "x-forwarded-for": person})
            table, _, key = response.headers["location"].removeprefix("/t/").partition("#key=")
            other = await invite(url, table, key)
            if first:
                tally.opened, first = max(tally.opened, time.perf_counter()), False
            ws = url.replace("http", "ws")
            ended = await asyncio.gather(*(seat(ws, table, Player(k, random.Random(rng.random())),
                                                tally, deadline, pace) for k in (key, other)))
            tally.games += all(ended)


async def invite(url: str, table: str, key: str) -> str:
    async with websockets.connect(f"{url.replace('http', 'ws')}/t/{table}/ws") as ws:
        await ws.send(json.dumps({"type": "hello", "key": key, "after": 0}))
        return invited(json.loads(await ws.recv()))[0]


def over_websockets(game: str, tables: int, seconds: float, pace: float, engine: str,
                    fsync: bool, processes: int, kill: bool, affinity: bool, drivers: int
                    ) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        cluster = Cluster(fsync, connections=40) if engine == "postgresql" else None
        try:
            database = cluster.url if cluster else f"sqlite:///{folder}/tables.sqlite"
            tally = play(database, Path(folder, "server.log"), game, tables, seconds, pace,
                         processes, kill, affinity, drivers)
            store = Store(database)
            # The log keeps a page's id under its seat, "seat:id".
            written = {t: {e.move_id.partition(":")[2]
                           for e in store.table(t)[1]  # type: ignore[index]
                           if e.kind == MOVE and e.move_id} for t in tally.acknowledged}
            store.close()
        finally:
            if cluster:
                cluster.stop()
    acknowledged = sum(len(ids) for ids in tally.acknowledged.values())
    lost = sum(len(ids - written.get(t, set())) for t, ids in tally.acknowledged.items())
    extra = sum(len(written[t]) for t in written) - acknowledged
    # The steady state is measured: the run's second half, or from when every table is open
    # if later (a thousand take a while), to its end.
    start = max(tally.deadline - seconds / 2, tally.opened)
    latencies = sorted(latency for at, latency in tally.latencies
                       if start <= at <= tally.deadline)
    return {
        "measured s": tally.deadline - start,
        "moves/s": len(latencies) / (tally.deadline - start),
        "p50 ms": 1000 * statistics.median(latencies),
        "p99 ms": 1000 * latencies[int(0.99 * (len(latencies) - 1))],
        "moves": acknowledged, "games ended": tally.games, "lost": lost, "unacknowledged": extra,
        "MB resident": tally.memory / 2**20,
        "reconnections": tally.reconnections,
        "cores": " / ".join(f"{spent / seconds:.2f}" for spent in tally.cpu.values()),
    }


def play(database: str, log: Path, game: str, tables: int, seconds: float, pace: float,
         processes: int = 1, kill: bool = False, affinity: bool = False, drivers: int = 1
         ) -> Tally:
    """``tables`` of ``game`` played at ``pace`` for ``seconds`` against a server over
    ``database``, in ``processes``: on one address (``serve --processes``), or, with
    ``affinity``, as many ``serve`` on addresses of their own, every page of a table at the
    same one (as a proxy hashing the table's id sends them); one process killed halfway where
    ``kill``. The players are played by ``drivers`` processes, each a share of the tables."""
    # Every page connects from this one address, as no public client may: it is let in as a
    # proxy in front would be, and says for whom it opens each table.
    servers = [LiveServer(database, log.with_name(f"server{n}.log"), "--messages-per-second",
                          "1000", "--tables-per-address", "100000", "--forwarded-allow-ips",
                          "127.0.0.1", "--processes", "1" if affinity else str(processes))
               for n in range(processes if affinity else 1)]
    roots = {server.process.pid for server in servers}
    urls = [server.url for server in servers]
    try:
        deadline = time.perf_counter() + seconds  # the system's monotonic clock: every driver's
        before = cpu_seconds(roots)
        killer = threading.Timer(seconds / 2, lambda: os.kill(serving(servers[0])[0],
                                                              signal.SIGKILL))
        if kill:  # one serving process, halfway, from this process while the drivers play
            killer.start()
        # Fork, not spawn: a driver needs nothing but this module, already loaded.
        with multiprocessing.get_context("fork").Pool(drivers) as pool:
            tallies = pool.starmap(drive, [(urls, game, range(d, tables, drivers), deadline, pace)
                                           for d in range(drivers)])
        if kill:
            killer.join()
        tally = Tally()
        for part in tallies:
            tally.latencies += part.latencies
            tally.acknowledged.update(part.acknowledged)
            tally.games += part.games
            tally.reconnections += part.reconnections
        tally.memory = sum(resident(pid) for server in servers for pid in serving(server))
        after = cpu_seconds(roots)
        tally.cpu = {"generator": sum(part.cpu["generator"] for part in tallies),
                     **{who: after[who] - before[who] for who in after}}
        tally.opened = max(part.opened for part in tallies)
        tally.deadline = deadline
    finally:
        for server in servers:
            server.process.terminate()  # a supervisor ends its processes
            server.process.wait()
    return tally


def drive(urls: list[str], game: str, numbers: range, deadline: float, pace: float) -> Tally:
    """One driver process's share of the tables (those ``numbers``), each at the server the
    proxy would send it to: its tally, with the processor time it spent."""
    # A thousand tables' pages in one process are a server's load: collected as a server's,
    # lest the players' pauses be counted as the server's round trips.
    collecting_for_a_server()
    tally, start = Tally(), time.process_time()
    asyncio.run(_drive(urls, game, numbers, tally, deadline, pace))
    tally.cpu["generator"] = time.process_time() - start
    return tally


async def _drive(urls: list[str], game: str, numbers: range, tally: Tally, deadline: float,
                 pace: float) -> None:
    await asyncio.gather(*(table_loop(urls[i % len(urls)], game, i, tally, deadline, pace)
                           for i in numbers))


def serving(server: LiveServer) -> list[int]:
    """The serving processes' ids: the server's own, or those its supervisor started (and
    started again) and that are still alive."""
    if "processes serve it" not in server.log.read_text():
        return [server.process.pid]
    started = [int(pid) for pid in re.findall(r"Started server process \[(\d+)\]",
                                              server.log.read_text())]
    return [pid for pid in started if Path(f"/proc/{pid}").exists()]


def cpu_seconds(servers: set[int]) -> dict[str, float]:
    """The processor time spent so far by the ``servers`` processes and their descendants
    (serving processes, computer players), and by PostgreSQL's: those alive now."""
    spent = {"servers": 0.0, "PostgreSQL": 0.0}
    tick = os.sysconf("SC_CLK_TCK")
    processes: dict[int, tuple[int, str, float]] = {}  # pid: parent, name, seconds
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            line = stat.read_text()
        except OSError:
            continue  # ended meanwhile
        head, _, tail = line.rpartition(")")
        fields = tail.split()
        processes[int(stat.parent.name)] = (
            int(fields[1]), head.partition("(")[2], (int(fields[11]) + int(fields[12])) / tick)
    for pid, (_, name, seconds) in processes.items():
        ancestor = pid
        while ancestor in processes and ancestor not in servers:
            ancestor = processes[ancestor][0]
        if ancestor in servers:
            spent["servers"] += seconds
        elif name == "postgres":
            spent["PostgreSQL"] += seconds
    return spent


def resident(pid: int) -> int:
    """A process's resident memory, in bytes."""
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+) kB", status).group(1)) * 1024  # type: ignore[union-attr]


def through_the_library(name: str, seconds: float) -> float:
    """Moves a second of random games through the play layer, chance included."""
    game, rng, moves = load_game(name), random.Random(0), 0
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        table = GameInPlay(game, ["human", "human"])
        while not table.state.is_terminal():
            state = table.state
            if state.is_chance_node():
                table.play(state.sample_chance(rng))
            else:
                table.play(rng.choice(state.legal_actions()))
                moves += 1
    return moves / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 50, 200])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--pace", type=float, nargs="+", default=[0.0, 0.1],
                        help="each player's thinking time before a move, in seconds: 0 "
                             "saturates the server; 0.1 is a quick computer player")
    parser.add_argument("--database", nargs="+", default=["sqlite", "postgresql"],
                        choices=["sqlite", "postgresql"])
    parser.add_argument("--fsync", action="store_true",
                        help="PostgreSQL forces each commit to the disk (its default)")
    parser.add_argument("--game", default="jacquet",
                        help="a rule set whose moves are listed (not aimed shots)")
    parser.add_argument("--processes", type=int, nargs="+", default=[1],
                        help="serving processes (above 1: PostgreSQL only)")
    parser.add_argument("--kill-halfway", action="store_true",
                        help="kill -9 one serving process halfway through each run")
    parser.add_argument("--affinity", action="store_true",
                        help="each process a serve of its own address, every page of a table "
                             "at one (as a proxy hashing the table's id would send them)")
    parser.add_argument("--drivers", type=int, default=1,
                        help="processes playing the tables' players, each a share of them")
    arguments = parser.parse_args()
    if arguments.affinity and arguments.kill_halfway:
        parser.error("a killed process's pages come back to its address: run --kill-halfway "
                     "without --affinity")
    library = through_the_library(arguments.game, min(arguments.seconds, 10))
    print(f"library alone: {library:,.0f} moves/s (a person's moves; chance not counted)")
    print(f"PostgreSQL's fsync: {'on' if arguments.fsync else 'off'}")
    print(f"players driven by {arguments.drivers} process(es)")
    print("database   processes  pace s  tables  measured s  moves/s  p50 ms  p99 ms  moves  "
          "games  lost  unacknowledged  MB resident  reconnections  library/server  "
          "cores busy: generator / servers / PostgreSQL")
    for engine in arguments.database:
        for processes in arguments.processes if engine == "postgresql" else [1]:
            for pace in arguments.pace:
                for tables in arguments.tables:
                    r = over_websockets(arguments.game, tables, arguments.seconds, pace, engine,
                                        arguments.fsync, processes, arguments.kill_halfway,
                                        arguments.affinity, arguments.drivers)
                    print(f"{engine:10s} {processes:9d} {pace:6.2f} {tables:7d} "
                          f"{r['measured s']:11.1f} {r['moves/s']:8,.0f} {r['p50 ms']:7.1f} "
                          f"{r['p99 ms']:7.1f} "
                          f"{r['moves']:6,d} {r['games ended']:6d} {r['lost']:5d} "
                          f"{r['unacknowledged']:15d} {r['MB resident']:12,.0f} "
                          f"{r['reconnections']:14d} {library / r['moves/s']:12.1f}x  "
                          f"{r['cores']}",
                          flush=True)


if __name__ == "__main__":
    main()
