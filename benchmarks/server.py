"""The server under load: N tables of Jacquet (or ``--game``) played over WebSockets on
loopback, against the same games played through the library directly, in one run.

    .venv/bin/python benchmarks/server.py [--tables 10 50 200] [--seconds 20]
        [--database sqlite postgresql] [--fsync] [--game jacquet]

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
the thinking).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

import httpx
import websockets

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ludotheque import load_game  # noqa: E402
from ludotheque.play.table import GameInPlay  # noqa: E402
from ludotheque.server.store import MOVE, Store  # noqa: E402
from tests.server.helpers import LiveServer, invited  # noqa: E402
from tests.server.postgresql import Cluster  # noqa: E402


class Tally:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.acknowledged: dict[str, set[str]] = {}  # table: move ids
        self.games = 0


async def seat(url: str, table: str, key: str, rng: random.Random, tally: Tally,
               deadline: float, pace: float) -> bool:
    """Play one seat until the game ends (True) or the time is up (False)."""
    async with websockets.connect(f"{url}/t/{table}/ws", max_size=2**22) as socket:
        await socket.send(json.dumps({"type": "hello", "key": key, "after": 0}))
        sent: dict[str, float] = {}
        latest: dict = {}
        count = 0
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
                tally.latencies.append(time.perf_counter() - sent.pop(message["id"]))
                tally.acknowledged.setdefault(table, set()).add(message["id"])
            elif kind == "error":
                raise RuntimeError(message["message"])
            elif kind == "update":
                latest = message
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
                    await asyncio.sleep(pace)
                count += 1
                move_id = f"{key[:8]}-{count}"
                sent[move_id] = time.perf_counter()
                await socket.send(json.dumps({
                    "type": "move", "id": move_id, "move": rng.choice(latest["legal"])}))
                latest = {}


async def table_loop(server: LiveServer, game: str, number: int, tally: Tally,
                     deadline: float, pace: float) -> None:
    """Table after table, opened by a person at an address of his own (as the proxy in front
    says), each of his two seats played at ``pace``."""
    rng = random.Random(number)
    person = f"10.{number >> 16 & 255}.{number >> 8 & 255}.{number & 255}"
    async with httpx.AsyncClient() as client:
        while time.perf_counter() < deadline:
            response = await client.post(
                f"{server.url}/new/{game}", content=urlencode({"seat0": "human",
                                                                 "seat1": "human"}),
                headers={"content-type": "application/x-www-form-urlencoded",
                         "x-forwarded-for": person})
            table, _, key = response.headers["location"].removeprefix("/t/").partition("#key=")
            other = await invite(server, table, key)
            ws = server.url.replace("http", "ws")
            ended = await asyncio.gather(*(seat(ws, table, k, random.Random(rng.random()),
                                                tally, deadline, pace) for k in (key, other)))
            tally.games += all(ended)


async def invite(server: LiveServer, table: str, key: str) -> str:
    async with websockets.connect(f"{server.url.replace('http', 'ws')}/t/{table}/ws") as ws:
        await ws.send(json.dumps({"type": "hello", "key": key, "after": 0}))
        return invited(json.loads(await ws.recv()))[0]


def over_websockets(game: str, tables: int, seconds: float, pace: float, engine: str,
                    fsync: bool) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        cluster = Cluster(fsync, connections=20) if engine == "postgresql" else None
        try:
            database = cluster.url if cluster else f"sqlite:///{folder}/tables.sqlite"
            tally = play(database, Path(folder, "server.log"), game, tables, seconds, pace)
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
    latencies = sorted(tally.latencies)
    return {
        "moves/s": acknowledged / seconds,
        "p50 ms": 1000 * statistics.median(latencies),
        "p99 ms": 1000 * latencies[int(0.99 * (len(latencies) - 1))],
        "moves": acknowledged, "games ended": tally.games, "lost": lost, "unacknowledged": extra,
    }


def play(database: str, log: Path, game: str, tables: int, seconds: float, pace: float
         ) -> Tally:
    """``tables`` of ``game`` played at ``pace`` for ``seconds`` against a server over
    ``database``."""
    # Every page connects from this one address, as no public client may: it is let in as a
    # proxy in front would be, and says for whom it opens each table.
    server = LiveServer(database, log, "--messages-per-second", "1000",
                        "--tables-per-address", "100000", "--forwarded-allow-ips", "127.0.0.1")
    tally = Tally()
    try:
        deadline = time.perf_counter() + seconds

        async def run() -> None:
            await asyncio.gather(*(table_loop(server, game, i, tally, deadline, pace)
                                   for i in range(tables)))

        asyncio.run(run())
    finally:
        server.kill()
    return tally


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
    arguments = parser.parse_args()
    library = through_the_library(arguments.game, min(arguments.seconds, 10))
    print(f"library alone: {library:,.0f} moves/s (a person's moves; chance not counted)")
    print(f"PostgreSQL's fsync: {'on' if arguments.fsync else 'off'}")
    print("database    pace s  tables  moves/s  p50 ms  p99 ms  moves  games  lost  "
          "unacknowledged  library/server")
    for engine in arguments.database:
        for pace in arguments.pace:
            for tables in arguments.tables:
                r = over_websockets(arguments.game, tables, arguments.seconds, pace, engine,
                                    arguments.fsync)
                print(f"{engine:10s} {pace:6.2f} {tables:7d} {r['moves/s']:8,.0f} "
                      f"{r['p50 ms']:7.1f} "
                      f"{r['p99 ms']:7.1f} "
                      f"{r['moves']:6,d} {r['games ended']:6d} {r['lost']:5d} "
                      f"{r['unacknowledged']:15d} {library / r['moves/s']:12.1f}x", flush=True)


if __name__ == "__main__":
    main()
