"""Floods against a live server, as a stranger could send them, each bounded in count and time,
with the server's memory and a player's latency while it runs.

    .venv/bin/python benchmarks/abuse.py [--seconds 15] [--only crowd,slow-headers]

For each flood, ``ludotheque serve`` runs in a process of its own over a fresh SQLite file. A
player at a Dames rabattues table, both seats from 127.0.0.1, sends each throw a tenth of a
second after it is his and times it to its acknowledgement (the move judged, written and shown
to both seats), while the flood comes from other addresses (127.0.0.2 and up: on loopback every
client is otherwise 127.0.0.1) for ``--seconds``. The server's resident memory is sampled every
0.2 s. Prints a line per flood: what was sent, what the server answered, its memory at rest and
at its peak, and the player's median and 99th percentile. The goal: memory bounded, the
player's p99 under 200 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import socket
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path
from urllib.parse import urlencode

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.server.helpers import LiveServer, created

FORM = {"content-type": "application/x-www-form-urlencoded"}


def address(n: int) -> str:
    """The n-th client address of the flood (127.0.0.2 on)."""
    return f"127.0.{(n + 2) // 250}.{(n + 2) % 250 or 250}"


def memory(pid: int) -> float:
    """The process's resident memory, in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def listen(seat: websockets.ClientConnection, s: int, frames: list[dict],
                 sent: dict[str, float], latencies: list[float]) -> None:
    """What a player's seat ``s`` is told: its frames, and its moves' acknowledgements."""
    async for text in seat:
        message = json.loads(text)
        if message["type"] == "update":
            frames[s] = message
        elif message["type"] == "ack" and message["id"] in sent:
            latencies.append(time.monotonic() - sent.pop(message["id"]))


async def player(server: LiveServer, until: float, latencies: list[float]) -> None:
    """Dames rabattues between two seats of this client, each throw timed to its
    acknowledgement; a new table when one ends."""
    url = server.url.replace("http", "ws")
    count = 0
    while time.monotonic() < until:
        table, key = created(server.url, "dames-rabattues", ["human", "human"], {})
        async with websockets.connect(f"{url}/t/{table}/ws") as first:
            await first.send(json.dumps({"type": "hello", "key": key, "after": 0}))
            other = next(iter(json.loads(await first.recv())["invites"].values()))
            async with websockets.connect(f"{url}/t/{table}/ws") as second:
                await second.send(json.dumps({"type": "hello", "key": other, "after": 0}))
                seats, frames = [first, second], [{}, {}]
                sent: dict[str, float] = {}
                listening = [asyncio.create_task(listen(seats[s], s, frames, sent, latencies))
                             for s in (0, 1)]
                try:
                    while time.monotonic() < until and "result" not in frames[0]:
                        mover = next((s for s in (0, 1) if frames[s].get("legal")), None)
                        if mover is None or sent:
                            await asyncio.sleep(0.005)
                            continue
                        await asyncio.sleep(0.1)  # a person's pace: ten throws a second
                        count += 1
                        sent[f"probe-{count}"] = time.monotonic()
                        frames[mover] = {}
                        await seats[mover].send(json.dumps(
                            {"type": "move", "id": f"probe-{count}", "move": "throw"}))
                finally:
                    for task in listening:
                        task.cancel()


async def big_bodies(server: LiveServer, until: float, tally: Counter[str]) -> None:
    """Eight clients at once posting a form of 100 MB, no length announced, again and
    again; and bodies announced at a gigabyte."""

    async def one(n: int) -> None:
        transport = httpx.AsyncHTTPTransport(local_address=address(n))
        async with httpx.AsyncClient(transport=transport, timeout=30) as client:
            while time.monotonic() < until:
                async def chunks():
                    for _ in range(100):
                        yield b"x" * 1_000_000
                try:
                    answer = await client.post(f"{server.url}/new/jacquet", content=chunks(),
                                               headers=FORM)
                    tally[f"form of 100 MB: {answer.status_code}"] += 1
                except httpx.HTTPError as error:
                    tally[f"form of 100 MB: {type(error).__name__}"] += 1
                # A gigabyte announced, none of it sent: refused on its headers alone.
                reader, writer = await asyncio.open_connection(
                    "127.0.0.1", server.port, local_addr=(address(n), 0))
                writer.write(b"POST /replay/steps HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                             b"Content-Type: application/json\r\n"
                             b"Content-Length: 1000000000\r\n\r\n")
                status = (await reader.readline()).split(b" ")[1:2]
                tally[f"announced 1 GB: {b''.join(status).decode() or 'closed'}"] += 1
                writer.close()

    await asyncio.gather(*(one(n) for n in range(8)))


async def no_reader(server: LiveServer, until: float, tally: Counter[str]) -> None:
    """Four connections asking for the rules as fast as they may, never reading an answer."""
    table, _ = created(server.url, "jacquet", ["human", "human"], {})

    def one(n: int) -> None:
        raw = socket.socket()
        raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        raw.bind((address(n), 0))
        raw.connect(("127.0.0.1", server.port))
        from websockets.sync.client import connect

        with connect(f"ws://127.0.0.1:{server.port}/t/{table}/ws", sock=raw) as ws:
            ws.send(json.dumps({"type": "hello", "key": None, "after": 0}))
            while time.monotonic() < until:
                try:
                    ws.send(json.dumps({"type": "ask", "question": "rules"}))
                    tally["asks sent unread"] += 1
                except Exception:
                    tally["let go by the server"] += 1
                    return

    await asyncio.gather(*(asyncio.to_thread(one, n) for n in range(4)))


async def crowd(server: LiveServer, until: float, tally: Counter[str]) -> None:
    """600 spectators coming to watch one table, from ten addresses, and staying."""
    table, _ = created(server.url, "jacquet", ["human", "human"], {})
    url = server.url.replace("http", "ws")

    async def one(n: int) -> None:
        sock = socket.socket()
        sock.bind((address(n % 10), 0))
        sock.setblocking(False)
        await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", server.port))
        async with websockets.connect(f"{url}/t/{table}/ws", sock=sock) as ws:
            await ws.send(json.dumps({"type": "hello", "key": None, "after": 0}))
            while time.monotonic() < until:
                try:
                    await asyncio.wait_for(ws.recv(), timeout=until - time.monotonic())
                    tally["messages to spectators"] += 1
                except (TimeoutError, websockets.ConnectionClosed):
                    return

    await asyncio.gather(*(one(n) for n in range(600)), return_exceptions=True)
    tally["spectators"] += 600


async def slow_headers(server: LiveServer, until: float, tally: Counter[str]) -> None:
    """A thousand sockets from twenty addresses, each sending a header's byte a second."""

    async def one(n: int) -> None:
        sock = socket.socket()
        sock.bind((address(n % 20), 0))
        sock.setblocking(False)
        loop = asyncio.get_running_loop()
        try:
            await loop.sock_connect(sock, ("127.0.0.1", server.port))
            await loop.sock_sendall(sock, b"GET / HTTP/1.1\r\n")
            while time.monotonic() < until:
                await loop.sock_sendall(sock, b"X")
                await asyncio.sleep(1)
            tally["held to the end"] += 1
        except OSError:
            tally["closed by the server"] += 1
        finally:
            sock.close()

    await asyncio.gather(*(one(n) for n in range(1000)))


async def creations(server: LiveServer, until: float, tally: Counter[str]) -> None:
    """One address opening tables as fast as it can."""
    transport = httpx.AsyncHTTPTransport(local_address=address(0))
    async with httpx.AsyncClient(transport=transport) as client:
        while time.monotonic() < until:
            answer = await client.post(f"{server.url}/new/jacquet", headers=FORM,
                                       content=urlencode({"seat0": "human", "seat1": "human"}))
            tally[f"table asked for: {answer.status_code}"] += 1


async def deep_messages(server: LiveServer, until: float, tally: Counter[str]) -> None:
    """One connection sending frames of 1,500 opening brackets, reading the answers."""
    table, _ = created(server.url, "jacquet", ["human", "human"], {})
    sock = socket.socket()
    sock.bind((address(0), 0))
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", server.port))
    url = server.url.replace("http", "ws")
    async with websockets.connect(f"{url}/t/{table}/ws", sock=sock) as ws:
        await ws.send(json.dumps({"type": "hello", "key": None, "after": 0}))
        while time.monotonic() < until:
            await ws.send("[" * 1500)
            while json.loads(await ws.recv())["type"] != "error":
                pass
            tally["deep frames answered"] += 1


async def rules_pages(server: LiveServer, until: float, tally: Counter[str]) -> None:
    """Four clients reading Crypto géographique's rules page, again and again."""

    async def one(n: int) -> None:
        transport = httpx.AsyncHTTPTransport(local_address=address(n))
        async with httpx.AsyncClient(transport=transport) as client:
            while time.monotonic() < until:
                answer = await client.get(f"{server.url}/rules/crypto-geographique")
                tally[f"rules page: {answer.status_code}"] += 1

    await asyncio.gather(*(one(n) for n in range(4)))


FLOODS: dict[str, tuple[Callable[..., Awaitable[None]], tuple[str, ...]]] = {
    "big-bodies": (big_bodies, ()),
    "no-reader": (no_reader, ("--messages-per-second", "1000")),
    "crowd": (crowd, ()),
    "slow-headers": (slow_headers, ()),
    "creations": (creations, ()),
    "deep-messages": (deep_messages, ("--messages-per-second", "1000")),
    "rules-pages": (rules_pages, ()),
}


async def run(name: str, seconds: float, folder: Path) -> str:
    flood, arguments = FLOODS[name]
    server = LiveServer(f"sqlite:///{folder / f'{name}.sqlite'}", folder / f"{name}.log",
                        *arguments)
    try:
        pid = server.process.pid
        rest = memory(pid)
        peak = [rest]
        latencies: list[float] = []
        tally: Counter[str] = Counter()
        until = time.monotonic() + seconds

        async def sample() -> None:
            while time.monotonic() < until + 1:
                peak.append(memory(pid))
                await asyncio.sleep(0.2)

        await asyncio.gather(player(server, until, latencies), flood(server, until, tally),
                             sample())
        after = memory(pid)
    finally:
        server.kill()
    latencies.sort()
    p99 = latencies[int(0.99 * (len(latencies) - 1))] * 1000 if latencies else float("nan")
    median = statistics.median(latencies) * 1000 if latencies else float("nan")
    sent = "; ".join(f"{what} ×{count:,}" for what, count in sorted(tally.items()))
    return (f"| {name} | {sent} | {rest:.0f} | {max(peak):.0f} | {after:.0f} | "
            f"{len(latencies):,} | {median:.1f} | {p99:.1f} |")


def main() -> int:
    # A thousand sockets here, and the server (a child) as many: as many files as allowed.
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--only", default=",".join(FLOODS))
    args = parser.parse_args()
    print("| flood | sent, and the answers | MB at rest | MB at peak | MB after | player's "
          "moves | median ms | p99 ms |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as folder:
        for name in args.only.split(","):
            print(asyncio.run(run(name, args.seconds, Path(folder))), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
